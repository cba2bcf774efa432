"""Bundle assembly: places the captured per-agent output into host folders,
adds operator context files, writes label.json."""
import datetime as dt
import json
import os
import random

import ctx
import logtext as L


class Bundle:
    def __init__(self, cid, capture, hosts, ips, job_id, seed, style="split", names=("stdout.log", "stderr.log"),
                 dmesg_style="T", context=True, year=2026, workdir="/home/svc-train/recipes/tinyllm"):
        self.cid = cid
        self.capture = capture
        self.meta, self.nodes = L.load_capture(capture)
        self.hosts = hosts            # capture node index -> host folder name
        self.ips = ips
        self.job_id = job_id
        self.rng = random.Random(seed)
        self.style = style
        self.names = names
        self.dmesg_style = dmesg_style
        self.year = year
        self.workdir = workdir
        self.files = {}
        self.dmesg_extra = {h: [] for h in hosts.values()}
        self.context = context
        self.port = self.meta["config"]["port"]
        self.start = L.epoch_to_dt(self.meta["start"])
        self.end = L.epoch_to_dt(self.meta["end"])

    # ---- access to captured text -------------------------------------------------
    def text(self, node, stream):
        raw = self.nodes[node][stream]
        for old, new in getattr(self, "subs", ()):
            raw = raw.replace(old, new)
        return L.rewrite(raw, self.hosts[node], self.ips[0], self.port, self.job_id, self.workdir, self.ips[node])

    def node_of_rank(self, rank):
        for n in self.nodes:
            if f"[rank{rank}]" in self.nodes[n]["stdout"]:
                return n
        raise KeyError(rank)

    def last_step_time(self, rank):
        return L.last_time_of_rank(self.nodes[self.node_of_rank(rank)]["stdout"], rank)

    def time_of(self, node, pattern, stream="stderr"):
        return L.first_time(self.nodes[node][stream], pattern)

    def event_time(self, ev):
        for e in self.meta["events"]:
            if e["ev"] == ev:
                return L.epoch_to_dt(e["t"]), e
        raise KeyError(ev)

    def failure_pids(self, node):
        return L.pids_of_failures(self.nodes[node]["stderr"])

    # ---- writing -----------------------------------------------------------------
    def add(self, rel, text):
        self.files[rel] = text

    def kernel(self, node, t, msg):
        self.dmesg_extra[self.hosts[node]].append((t, msg))

    def place_logs(self, prefix=""):
        if self.style == "slurm":
            return
        for n, host in self.hosts.items():
            if n not in self.nodes:
                continue
            so, se = self.text(n, "stdout"), self.text(n, "stderr")
            base = f"{prefix}{host}/"
            if self.style == "split":
                self.add(base + self.names[0], so)
                self.add(base + self.names[1], se)
            else:
                self.add(base + self.names[0], L.merge_streams(so, se, self.year))

    def slurm_out(self, name, header="", footer=""):
        """srun --label style: every line prefixed with the task (node) id."""
        keyed = []
        for n in sorted(self.nodes):
            for stream, order in (("stdout", 0), ("stderr", 1)):
                for t, i, ln in L.stamp_lines(self.text(n, stream), self.year):
                    keyed.append((t, n, order, i, f"{n}: {ln}"))
        keyed.sort()
        self.add(name, header + "\n".join(k[4] for k in keyed) + "\n" + footer)

    def place_context(self, prefix="", free=True, df=True, skip=()):
        if not self.context:
            return
        for idx, (n, host) in enumerate(sorted(self.hosts.items())):
            if host in skip:
                continue
            boot = ctx.boot_time(idx, self.start)
            ev = ctx.benign_dmesg(self.rng, boot, self.start, host) + self.dmesg_extra[host]
            base = f"{prefix}{host}/"
            if self.dmesg_style == "T":
                self.add(base + "dmesg.txt", ctx.render_dmesg(ev, boot, "T"))
            else:
                self.add(base + "dmesg.log", ctx.render_dmesg(ev, boot, "raw"))
                self.add(base + "uptime-s.txt", boot.strftime("%Y-%m-%d %H:%M:%S") + "\n")
            if free:
                self.add(base + "free-m.txt", ctx.free_m(self.rng))
            if df:
                self.add(base + "df-h.txt", ctx.df_h(self.rng))

    def write(self, out_dir, label, topology=None):
        root = os.path.join(out_dir, self.cid)
        for rel, text in sorted(self.files.items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)
        with open(os.path.join(root, "label.json"), "w") as f:
            json.dump(label, f, indent=2)
            f.write("\n")
        if topology:
            with open(os.path.join(root, "topology.json"), "w") as f:
                json.dump({"topology": topology}, f, indent=2)
        return root
