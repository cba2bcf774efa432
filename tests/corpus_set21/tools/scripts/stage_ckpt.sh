#!/bin/bash
# stage_ckpt.sh SRC DST -- job prolog: copy the resume checkpoint from shared storage to the
# node-local NVMe cache so that every rank reads it locally.
src=$1
dst=$2
echo "[stage_ckpt $(hostname) $(date '+%F %T')] $src -> $dst"
if [ -d "$dst" ]; then
    echo "[stage_ckpt] $dst already cached on this node, skipping copy"
else
    mkdir -p "$(dirname "$dst")"
    t0=$(date +%s.%N)
    cp -r "$src" "$dst.partial" && mv "$dst.partial" "$dst"
    echo "[stage_ckpt] copied $(du -sh "$dst" | cut -f1) in $(echo "$(date +%s.%N) - $t0" | bc 2>/dev/null || echo '?')s"
fi
ls -l --time-style=long-iso "$dst"
df -h "$(dirname "$dst")" | tail -1
