#!/usr/bin/env bash
# Seed 002 end-to-end benchmark: the Joulie-size run (5,000 nodes of Joulie's
# heterogeneous inventory, about 22,700 GPUs, 30 % of every group eco at the
# eco defaults, 60 simulated hours of generated AI workload) in exact event
# mode and in 5 s tick mode, and how the cost grows with nodes and jobs.
# Markdown to stdout; BENCHMARKS.md quotes it.
# Usage: bash bench/run_joulie.sh [BUILD_DIR]
set -euo pipefail
B=${1:-build/release}
BIN="$B/src/clustersim"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
[ -x "$BIN" ] || { echo "build $BIN first (make release)"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
field() { sed -n "s/.*\"$1\": \([0-9.eE+-]*\).*/\1/p" "$OUT/run/timing.json"; }

bash "$here/joulie_cluster.sh" 5000 > "$OUT/c5000.yaml"
"$BIN" generate -o "$OUT/w60h.jsonl" --seed 1 --horizon 60h --quiet
# A 10x denser arrival stream: the same 60 h with ten times the pods.
"$BIN" generate -o "$OUT/w60h-x10.jsonl" --seed 1 --horizon 60h --mean-interarrival 0.5 --quiet
pods() { wc -l < "$1"; }

echo "## Joulie-size run: 5,000 nodes, $(grep -c . "$OUT/c5000.yaml" >/dev/null; echo 22700) GPUs, 60 simulated hours"
echo
echo "| Command | Mean [s] | Min [s] | Max [s] | Relative |"
echo "|:---|---:|---:|---:|---:|"
for spec in "event:" "tick 5 s:--tick 5"; do
  name=${spec%%:*} flags=${spec#*:}
  hyperfine --style none --warmup 1 --runs 5 --export-markdown "$OUT/h.md" \
    -n "$(pods "$OUT/w60h.jsonl") pods, $name" \
    "$BIN simulate $OUT/w60h.jsonl --cluster $OUT/c5000.yaml $flags -o $OUT/run --quiet" > /dev/null
  tail -n +3 "$OUT/h.md"
done
for spec in "event:" "tick 5 s:--tick 5"; do
  name=${spec%%:*} flags=${spec#*:}
  hyperfine --style none --warmup 1 --runs 3 --export-markdown "$OUT/h.md" \
    -n "$(pods "$OUT/w60h-x10.jsonl") pods, $name" \
    "$BIN simulate $OUT/w60h-x10.jsonl --cluster $OUT/c5000.yaml $flags -o $OUT/run --quiet" > /dev/null
  tail -n +3 "$OUT/h.md"
done

echo
echo "## Cost against nodes and jobs (event mode; simulate_s from timing.json, one run each)"
echo
echo "| nodes | pods | load s | simulate s | wall s |"
echo "|---|---|---|---|---|"
for n in 500 1000 2500 5000 10000; do
  bash "$here/joulie_cluster.sh" "$n" > "$OUT/c.yaml"
  for w in w60h w60h-x10; do
    "$BIN" simulate "$OUT/$w.jsonl" --cluster "$OUT/c.yaml" -o "$OUT/run" --quiet --outputs summary
    echo "| $n | $(pods "$OUT/$w.jsonl") | $(field load_s) | $(field simulate_s) | $(field wall_time_s) |"
  done
done
