"""prep_cache.py -- fill the node-local dataset cache from the (rate-limited) data mirror.
Used by the old pipeline before the trainer learned to build its own cache."""
import argparse
import fcntl
import os
import shutil
import time

ap = argparse.ArgumentParser()
ap.add_argument("--job-id", required=True)
ap.add_argument("--cache", default="/srv/local/cache")
ap.add_argument("--name", default="tinyshakespeare")
ap.add_argument("--mirror", default="/srv/shared/data")
ap.add_argument("--shards", type=int, default=400)
ap.add_argument("--rate-limit-s", type=float, default=5.0)
a = ap.parse_args()

os.makedirs(a.cache, exist_ok=True)
lock = open(os.path.join(a.cache, f"{a.name}.lock"), "w")
fcntl.flock(lock, fcntl.LOCK_EX)          # held until every shard is in place
log = open(os.path.join(a.cache, f"prep_cache.{a.job_id}.log"), "a", buffering=1)
src = os.path.join(a.mirror, f"{a.name}.txt")
for k in range(a.shards):
    dst = os.path.join(a.cache, f"{a.name}.raw.{k:04d}")
    shutil.copyfile(src, dst)
    log.write(f"{time.strftime('%F %T')} job {a.job_id}: shard {k + 1}/{a.shards}\n")
    time.sleep(a.rate_limit_s)
