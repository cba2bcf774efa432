"""Launch several torchrun agents on localhost (one per simulated node), inject a
fault and store each agent's stdout/stderr verbatim under ../captures/<case>/.

usage: python3 capture.py CASE [CASE ...]   (cases are defined in CASES below)
"""
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "captures")

# name: dict(nodes, nproc, env, rdzv, port, actions, deadline, skip, max_restarts)
CASES = {
    "clean":         dict(nodes=2, nproc=2, env={}, port=29611),
    "exc_one":       dict(nodes=2, nproc=2, env=dict(FAULT="exception", FAULT_RANK="3", FAULT_STEP="57"), port=29612),
    "exc_all":       dict(nodes=2, nproc=2, env=dict(FAULT="exception_all", FAULT_STEP="100"), port=29613),
    "sigkill_rank":  dict(nodes=3, nproc=2, env=dict(FAULT="sigkill", FAULT_RANK="3", FAULT_STEP="64"), port=29614),
    "sigstop_rank":  dict(nodes=2, nproc=2, env=dict(FAULT="sigstop", FAULT_RANK="2", FAULT_STEP="48", PG_TIMEOUT="20"), port=29615, deadline=90),
    "straggler":     dict(nodes=2, nproc=2, env=dict(FAULT="straggler", FAULT_RANK="1", STEPS="80"), port=29616),
    "cpu_oom":       dict(nodes=2, nproc=2, env=dict(FAULT="cpu_oom", FAULT_STEP="90"), port=29617),
    "missing_file":  dict(nodes=2, nproc=2, env=dict(FAULT="missing_file", DATA_DIR="/mnt/lustre/proj-llm/datasets/synth-v3"), port=29618),
    "import_error":  dict(nodes=2, nproc=2, env=dict(FAULT="import_error"), port=29619),
    "nan":           dict(nodes=2, nproc=2, env=dict(FAULT="nan", FAULT_STEP="73"), port=29620),
    "nan_b":         dict(nodes=2, nproc=2, env=dict(FAULT="nan", FAULT_STEP="73"), port=29621, node_order=[1, 0]),
    "barrier_rank0": dict(nodes=2, nproc=2, env=dict(FAULT="barrier_rank0", FAULT_STEP="50", PG_TIMEOUT="20"), port=29622, deadline=90),
    "rdzv_missing":  dict(nodes=3, nproc=2, env={}, port=29623, skip=[2], rdzv_conf="join_timeout=25", deadline=90),
    "mismatch":      dict(nodes=2, nproc=2, env=dict(FAULT="mismatch", FAULT_RANK="1", FAULT_STEP="30", TORCH_DISTRIBUTED_DEBUG="DETAIL"), port=29625),
    "agent_killed":  dict(nodes=3, nproc=2, env=dict(PG_TIMEOUT="20"), port=29626,
                          actions=[dict(node=1, after="step 70/", do="kill_node")], deadline=90),
    "node_stopped":  dict(nodes=2, nproc=2, env=dict(PG_TIMEOUT="20"), port=29627,
                          actions=[dict(node=1, after="step 88/", do="stop_ranks")], deadline=60),
    "rss_grow":      dict(nodes=2, nproc=2, env=dict(FAULT="rss_grow", FAULT_RANK="2", FAULT_STEP="20"), port=29628,
                          actions=[dict(node=1, after="step 61/", do="kill_rank", local_rank=0)]),
    "sigkill_b":     dict(nodes=2, nproc=2, env=dict(FAULT="sigkill", FAULT_RANK="1", FAULT_STEP="41"), port=29630),
    "straggler_b":   dict(nodes=3, nproc=2, env=dict(FAULT="straggler", FAULT_RANK="4", STEPS="70"), port=29631),
    "timelimit":     dict(nodes=3, nproc=2, env=dict(STEPS="100000"), port=29633,
                          actions=[dict(node=n, after="step 240/", do="term_agent") for n in range(3)], deadline=90),
    "nan_node_a":    dict(nodes=3, nproc=2, env=dict(FAULT="nan_node", FAULT_STEP="41"), port=29634, node_env={2: dict(NAN_LOCAL_RANK="1")}),
    "nan_node_b":    dict(nodes=3, nproc=2, env=dict(FAULT="nan_node", FAULT_STEP="88"), port=29635, node_env={2: dict(NAN_LOCAL_RANK="1")}, node_order=[2, 0, 1]),
    "dead_master2":  dict(nodes=2, nproc=2, env={}, port=29636, static=True, port_override={1: 29698}, rdzv_conf="timeout=40", deadline=100),
    "mismatch2":     dict(nodes=2, nproc=2, env=dict(FAULT="mismatch_early", FAULT_RANK="1", TORCH_DISTRIBUTED_DEBUG="DETAIL"), port=29637),
    "ckpt_local":    dict(nodes=2, nproc=2, env=dict(FAULT="ckpt_local", FAULT_STEP="60"), port=29638,
                          node_env={0: dict(CKPT_DIR="/tmp/au_local_ok"), 1: dict(CKPT_DIR="/tmp/au_small")}),
    "sigstop_b":     dict(nodes=3, nproc=2, env=dict(FAULT="sigstop", FAULT_RANK="5", FAULT_STEP="33", PG_TIMEOUT="20"), port=29632, deadline=90),
}


def descendants(pid):
    kids = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open(f"/proc/{p}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
        if ppid == pid:
            kids.append(int(p))
            kids.extend(descendants(int(p)))
    return kids


def local_rank_of(pid):
    try:
        env = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
    except OSError:
        return None
    for kv in env:
        if kv.startswith(b"LOCAL_RANK="):
            return int(kv.split(b"=", 1)[1])
    return None


def run(name):
    c = CASES[name]
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    meta = dict(case=name, config={k: v for k, v in c.items()}, start=time.time(), events=[])
    procs = {}
    order = c.get("node_order", list(range(c["nodes"])))
    for idx, node in enumerate(order):
        if node in c.get("skip", []):
            continue
        env = dict(os.environ, OMP_NUM_THREADS="1", GLOO_SOCKET_IFNAME="lo", PYTHONUNBUFFERED="1", **c["env"], **c.get("node_env", {}).get(node, {}))
        port = c.get("port_override", {}).get(node, c["port"])
        cmd = ["torchrun", f"--nnodes={c['nodes']}", f"--node-rank={node}", f"--nproc-per-node={c['nproc']}",
               f"--max-restarts={c.get('max_restarts', 0)}"]
        if c.get("static"):
            cmd += ["--master-addr=127.0.0.1", f"--master-port={port}"]
            if c.get("rdzv_conf"):
                cmd += [f"--rdzv-conf={c['rdzv_conf']}"]
        else:
            cmd += ["--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}", f"--rdzv-id=au-{name}"]
            if c.get("rdzv_conf"):
                cmd += [f"--rdzv-conf={c['rdzv_conf']}"]
        cmd += [os.path.join(HERE, "train.py")]
        nd = os.path.join(d, f"node{node}")
        os.makedirs(nd, exist_ok=True)
        so = open(os.path.join(nd, "stdout.log"), "wb")
        se = open(os.path.join(nd, "stderr.log"), "wb")
        procs[node] = subprocess.Popen(cmd, stdout=so, stderr=se, env=env, start_new_session=True, cwd=HERE)
        meta["events"].append(dict(t=time.time(), node=node, ev="agent_start", pid=procs[node].pid, cmd=" ".join(cmd)))
        time.sleep(0.5)
    actions = list(c.get("actions", []))
    deadline = time.time() + c.get("deadline", 75)
    while time.time() < deadline:
        for a in list(actions):
            txt = open(os.path.join(d, f"node{a['node']}", "stdout.log"), "rb").read().decode(errors="replace")
            if a["after"] in txt:
                p = procs[a["node"]]
                kids = descendants(p.pid)
                if a["do"] == "kill_group":
                    os.killpg(p.pid, signal.SIGKILL)
                elif a["do"] == "kill_node":
                    for k in [p.pid] + kids:
                        try:
                            os.kill(k, signal.SIGKILL)
                        except ProcessLookupError:
                            pass
                elif a["do"] == "term_agent":
                    os.kill(p.pid, signal.SIGTERM)
                elif a["do"] == "stop_ranks":
                    for k in kids:
                        if local_rank_of(k) is not None:
                            os.kill(k, signal.SIGSTOP)
                elif a["do"] == "kill_rank":
                    for k in kids:
                        if local_rank_of(k) == a["local_rank"]:
                            os.kill(k, signal.SIGKILL)
                meta["events"].append(dict(t=time.time(), node=a["node"], ev=a["do"], kids=kids))
                actions.remove(a)
        if all(p.poll() is not None for p in procs.values()):
            break
        time.sleep(0.2)
    for node, p in procs.items():
        meta["events"].append(dict(t=time.time(), node=node, ev="agent_end", rc=p.poll()))
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            meta["events"].append(dict(t=time.time(), node=node, ev="killed_leftover"))
        p.wait()
    meta["end"] = time.time()
    with open(os.path.join(d, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, default=str)
    print(name, "done", round(meta["end"] - meta["start"], 1), "s", {n: p.returncode for n, p in procs.items()}, flush=True)


if __name__ == "__main__":
    for n in sys.argv[1:] or list(CASES):
        run(n)
