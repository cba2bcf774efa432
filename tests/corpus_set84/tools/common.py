"""Higher-level log skeletons built on lib.py."""
from lib import (T, elastic, nccl_init, busid_nccl, pid_of, c10d, join)

RUN_PY = "torch/distributed/run.py:793"


def torchrun_preamble(dt, agent_pid):
    return [
        elastic("W", dt, agent_pid, RUN_PY, ""),
        elastic("W", dt, agent_pid, RUN_PY, "*" * 41),
        elastic("W", dt, agent_pid, RUN_PY, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
        elastic("W", dt, agent_pid, RUN_PY, "*" * 41),
    ]


def node_nccl_init(host, node_idx, gpn, nranks, buses, ip, netdev="ibp12s0", ver="2.21.5+cuda12.4", pid_base=40000, nics=None):
    out = []
    for lr in range(gpn):
        rank = node_idx * gpn + lr
        pid = pid_of(node_idx, lr, pid_base)
        nic = nics[lr] if nics else f"mlx5_{lr}"
        out.extend(nccl_init(host, pid, lr, rank, nranks, busid_nccl(buses[lr]), nic=nic, ver=ver, netdev=netdev, ip=ip))
    return out


def slurm_step_abort(dt, jobid, step, host):
    return [
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        f"slurmstepd: error: *** STEP {jobid}.{step} ON {host} CANCELLED AT {dt:%Y-%m-%dT%H:%M:%S} ***",
    ]


def write_label(category, layer, culprit, action, rationale, url):
    return dict(category=category, layer=layer, culprit=culprit, action=action, rationale=rationale, modelled_on=url)
