#!/bin/bash
# node_check.sh -- quick per-node health snapshot taken by the job prolog/epilogue.
echo "=== node_check $(hostname) $(date -Iseconds) ==="
echo "--- uptime"; uptime
echo "--- kernel"; uname -r
echo "--- free -m"; free -m
paths="/srv/local $(find /srv/local -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort) /srv/shared /dev/shm /tmp"
echo "--- df -h"; df -h $paths 2>&1 | awk '!seen[$0]++'
echo "--- df -i"; df -i $paths 2>&1 | awk '!seen[$0]++'
echo "--- limits"; echo "open files: $(ulimit -n)"; echo "max user processes: $(ulimit -u)"
cg=$(awk -F: '$2=="pids"{print $3}' /proc/self/cgroup)
if [ -n "$cg" ] && [ -r "/sys/fs/cgroup/pids$cg/pids.max" ]; then
    echo "tasks (pids cgroup): $(cat /sys/fs/cgroup/pids$cg/pids.current) / $(cat /sys/fs/cgroup/pids$cg/pids.max)"
fi
echo "--- python"; python -c 'import sys, torch; print(sys.version.split()[0], "torch", torch.__version__)' 2>&1
echo "--- load"; cat /proc/loadavg
echo "=== end node_check ==="
