#!/usr/bin/env bash
# What decoding an upload holds in memory, against the estimate the pipeline refuses by
# (DecodeMemory): for each encoding, a generated photo is written by one `lots bench-image`
# process and processed once by a fresh one, which reports the growth of its peak resident set.
# Usage: scripts/server/decode_memory.sh PATH_TO_RELEASE_LOTS_BINARY [WIDTH HEIGHT]
set -euo pipefail
binary=$1
width=${2:-4000}
height=${3:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for sample in jpeg progressive-jpeg cmyk-jpeg png webp webp-alpha heic; do
  "$binary" bench-image --sample "$sample" --width "$width" --height "$height" \
    --output "$work/$sample"
  "$binary" bench-image --memory-of "$work/$sample" | sed "s|$work/||"
done
