"""Site node-health / epilogue helper (as deployed on some nodes): after a job ends it
reaps processes left behind by that job.  This copy carries the bug the case arranges:
it believes the previous allocation is still being cleaned up and matches every
python process of the job user, including the ones of the job now running."""
import argparse
import datetime
import os
import signal
import socket
import time

p = argparse.ArgumentParser()
p.add_argument("--prev-job", default="88120")
p.add_argument("--delay", type=float, default=20)
p.add_argument("--log", default="/srv/local/diag/nhc-epilogue.log")
a = p.parse_args()


def log(msg):
    with open(a.log, "a") as f:
        f.write(f"{datetime.datetime.now():%b %d %H:%M:%S} {socket.gethostname()} nhc-epilogue[{os.getpid()}]: {msg}\n")


log(f"epilogue for job {a.prev_job} started (cleanup of leftover user processes pending)")
time.sleep(a.delay)
me = os.getpid()
victims = []
for d in os.listdir("/proc"):
    if not d.isdigit() or int(d) == me:
        continue
    try:
        cmd = open(f"/proc/{d}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        continue
    if "python" in cmd and "train_" in cmd and "torch.distributed.run" not in cmd and "multiprocessing" not in cmd:
        victims.append((int(d), cmd))
log(f"job {a.prev_job}: {len(victims)} leftover process(es) of uid {os.getuid()} found")
for pid, cmd in victims:
    log(f"job {a.prev_job}: kill -9 {pid} ({cmd[:80]})")
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
log(f"epilogue for job {a.prev_job} done")
