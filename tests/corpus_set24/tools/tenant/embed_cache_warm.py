# another team's cache warmer (runs in a Guaranteed pod on the same node): grows a RAM cache
import os, sys, time
chunk_mb = int(sys.argv[1]) if len(sys.argv) > 1 else 32
limit_mb = int(sys.argv[2]) if len(sys.argv) > 2 else 900
delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
cache = []
print(f"embed-cache-warm: pid {os.getpid()} warming {limit_mb} MiB in {chunk_mb} MiB chunks", flush=True)
while len(cache) * chunk_mb < limit_mb:
    cache.append(bytearray(os.urandom(1024)) * (chunk_mb * 1024))
    if len(cache) % 4 == 0:
        print(f"embed-cache-warm: {len(cache) * chunk_mb} MiB resident", flush=True)
    time.sleep(delay)
print("embed-cache-warm: warm, serving", flush=True)
time.sleep(3600)
