/* A STAND-IN for NVIDIA's libnvidia-ml.so.1, for tests on machines without a GPU.
 *
 * It exports the handful of NVML symbols kintsugi calls, with NVML's C signatures, so the
 * real nvidia-ml-py bindings (pynvml) load it with ctypes and run their own code against it.
 * Its state comes from a text file named by $KINTSUGI_FAKE_NVML_STATE, re-read on every call,
 * so a test can inject heat, throttling, ECC counts, retired pages and row-remap failures
 * while a sampler runs. Lines are "key value"; per-GPU keys end in ".N":
 *   gpus 2 | driver 550.54.15 | temp.0 45 | power_mw.0 300000 | sm_clock.0 1980
 *   throttle.0 <bitmask> | ecc_corrected.0 | ecc_uncorrected.0 | retired_sbe.0
 *   retired_dbe.0 | retired_pending.0 | remap_corrected.0 | remap_uncorrected.0
 *   remap_pending.0 | remap_failure.0 | init_error <nvmlReturn_t>
 * XIDs: each line "GPU XID" appended to "$KINTSUGI_FAKE_NVML_STATE.xid" is delivered once
 * through nvmlEventSetWait_v2 to an event set registered for XID critical errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int nvmlReturn_t;
typedef struct nvmlDevice_st *nvmlDevice_t;
typedef struct nvmlEventSet_st *nvmlEventSet_t;
typedef struct {
    nvmlDevice_t device;
    unsigned long long eventType;
    unsigned long long eventData;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
} nvmlEventData_t;

enum { OK = 0, UNINIT = 1, INVALID = 2, NOT_SUPPORTED = 3, INSUFFICIENT = 7, TIMEOUT = 10 };
#define XID_EVENT 0x8ULL
#define MAX_GPUS 16

static int initialized = 0;
static long xid_consumed = 0; /* lines of the .xid file already delivered */
static unsigned long long registered[MAX_GPUS];

static long state_get(const char *key, long dflt) {
    const char *path = getenv("KINTSUGI_FAKE_NVML_STATE");
    if (!path) return dflt;
    FILE *f = fopen(path, "r");
    if (!f) return dflt;
    char k[128];
    long v = dflt, val;
    while (fscanf(f, "%127s %ld", k, &val) == 2)
        if (strcmp(k, key) == 0) v = val;
    fclose(f);
    return v;
}

static long gpu_get(const char *key, int gpu, long dflt) {
    char k[128];
    snprintf(k, sizeof k, "%s.%d", key, gpu);
    return state_get(k, dflt);
}

static int index_of(nvmlDevice_t d) {
    long i = (long)(size_t)d - 1;
    if (i < 0 || i >= state_get("gpus", 1)) return -1;
    return (int)i;
}

#define DEVICE_OR_FAIL(d, i) int i = index_of(d); if (!initialized) return UNINIT; if (i < 0) return INVALID

nvmlReturn_t nvmlInitWithFlags(unsigned int flags) {
    (void)flags;
    long err = state_get("init_error", 0);
    if (err) return (nvmlReturn_t)err;
    initialized = 1;
    return OK;
}
nvmlReturn_t nvmlInit_v2(void) { return nvmlInitWithFlags(0); }
nvmlReturn_t nvmlShutdown(void) { initialized = 0; return OK; }
const char *nvmlErrorString(nvmlReturn_t r) {
    switch (r) {
    case OK: return "Success";
    case UNINIT: return "Uninitialized";
    case NOT_SUPPORTED: return "Not Supported";
    case TIMEOUT: return "Timeout";
    case 9: return "Driver Not Loaded";
    default: return "Unknown Error (stand-in)";
    }
}

nvmlReturn_t nvmlSystemGetDriverVersion(char *buf, unsigned int n) {
    if (!initialized) return UNINIT;
    snprintf(buf, n, "%ld.54.15-standin", state_get("driver", 550));
    return OK;
}
nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) {
    if (!initialized) return UNINIT;
    *count = (unsigned int)state_get("gpus", 1);
    return OK;
}
nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *dev) {
    if (!initialized) return UNINIT;
    if ((long)index >= state_get("gpus", 1)) return INVALID;
    *dev = (nvmlDevice_t)(size_t)(index + 1);
    return OK;
}
nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t d, char *buf, unsigned int n) {
    DEVICE_OR_FAIL(d, i);
    snprintf(buf, n, "Stand-in GPU %d", i);
    return OK;
}
nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t d, char *buf, unsigned int n) {
    DEVICE_OR_FAIL(d, i);
    snprintf(buf, n, "GPU-standin-%04d", i);
    return OK;
}
nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t d, int sensor, unsigned int *t) {
    DEVICE_OR_FAIL(d, i);
    if (sensor != 0) return NOT_SUPPORTED;
    *t = (unsigned int)gpu_get("temp", i, 40);
    return OK;
}
nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t d, unsigned int *mw) {
    DEVICE_OR_FAIL(d, i);
    *mw = (unsigned int)gpu_get("power_mw", i, 100000);
    return OK;
}
nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t d, int type, unsigned int *mhz) {
    DEVICE_OR_FAIL(d, i);
    if (type != 1) return NOT_SUPPORTED; /* SM clock only */
    *mhz = (unsigned int)gpu_get("sm_clock", i, 1980);
    return OK;
}
nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t d, unsigned long long *r) {
    DEVICE_OR_FAIL(d, i);
    *r = (unsigned long long)gpu_get("throttle", i, 0);
    return OK;
}
nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t d, unsigned long long *r) {
    return nvmlDeviceGetCurrentClocksEventReasons(d, r);
}
nvmlReturn_t nvmlDeviceGetTotalEccErrors(nvmlDevice_t d, int err, int counter,
                                         unsigned long long *n) {
    DEVICE_OR_FAIL(d, i);
    (void)counter;
    *n = (unsigned long long)gpu_get(err ? "ecc_uncorrected" : "ecc_corrected", i, 0);
    return OK;
}
nvmlReturn_t nvmlDeviceGetRetiredPages(nvmlDevice_t d, int cause, unsigned int *count,
                                       unsigned long long *addrs) {
    DEVICE_OR_FAIL(d, i);
    unsigned int have = (unsigned int)gpu_get(cause ? "retired_dbe" : "retired_sbe", i, 0);
    if (addrs == NULL || *count < have) { *count = have; return have ? INSUFFICIENT : OK; }
    for (unsigned int k = 0; k < have; k++) addrs[k] = 0x1000ULL * (k + 1);
    *count = have;
    return OK;
}
nvmlReturn_t nvmlDeviceGetRetiredPagesPendingStatus(nvmlDevice_t d, int *pending) {
    DEVICE_OR_FAIL(d, i);
    *pending = (int)gpu_get("retired_pending", i, 0);
    return OK;
}
nvmlReturn_t nvmlDeviceGetRemappedRows(nvmlDevice_t d, unsigned int *corr, unsigned int *unc,
                                       unsigned int *pending, unsigned int *failure) {
    DEVICE_OR_FAIL(d, i);
    *corr = (unsigned int)gpu_get("remap_corrected", i, 0);
    *unc = (unsigned int)gpu_get("remap_uncorrected", i, 0);
    *pending = (unsigned int)gpu_get("remap_pending", i, 0);
    *failure = (unsigned int)gpu_get("remap_failure", i, 0);
    return OK;
}

nvmlReturn_t nvmlEventSetCreate(nvmlEventSet_t *set) {
    if (!initialized) return UNINIT;
    *set = (nvmlEventSet_t)(size_t)0x5e7;
    return OK;
}
nvmlReturn_t nvmlDeviceRegisterEvents(nvmlDevice_t d, unsigned long long types,
                                      nvmlEventSet_t set) {
    DEVICE_OR_FAIL(d, i);
    (void)set;
    registered[i] |= types;
    return OK;
}
nvmlReturn_t nvmlEventSetFree(nvmlEventSet_t set) { (void)set; return OK; }

/* Delivers the next undelivered "GPU XID" line of the .xid file, waiting up to timeout. */
static int next_xid(int *gpu, long *xid) {
    const char *path = getenv("KINTSUGI_FAKE_NVML_STATE");
    if (!path) return 0;
    static char last_path[4096];
    char xpath[4096];
    if (strncmp(last_path, path, sizeof last_path) != 0) {
        /* A new state file (a new test): its XID queue starts from its first line. */
        snprintf(last_path, sizeof last_path, "%s", path);
        xid_consumed = 0;
    }
    snprintf(xpath, sizeof xpath, "%s.xid", path);
    FILE *f = fopen(xpath, "r");
    if (!f) return 0;
    long line = 0;
    int g; long x; int found = 0;
    while (fscanf(f, "%d %ld", &g, &x) == 2) {
        if (line++ == xid_consumed) { *gpu = g; *xid = x; found = 1; break; }
    }
    fclose(f);
    if (found) xid_consumed++;
    return found;
}

nvmlReturn_t nvmlEventSetWait_v2(nvmlEventSet_t set, nvmlEventData_t *data, unsigned int ms) {
    (void)set;
    if (!initialized) return UNINIT;
    struct timespec step = {0, 20 * 1000 * 1000};
    for (unsigned int waited = 0;; waited += 20) {
        int gpu; long xid;
        if (next_xid(&gpu, &xid) && gpu >= 0 && gpu < MAX_GPUS && (registered[gpu] & XID_EVENT)) {
            memset(data, 0, sizeof *data);
            data->device = (nvmlDevice_t)(size_t)(gpu + 1);
            data->eventType = XID_EVENT;
            data->eventData = (unsigned long long)xid;
            return OK;
        }
        if (waited >= ms) return TIMEOUT;
        nanosleep(&step, NULL);
    }
}
