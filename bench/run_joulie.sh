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
# A cap schedule of N changes: every 60h/N the eco nodes swing between
# CPU 50 %/GPU 50 % and their defaults (CPU 60 %/GPU 70 %).
caps() {
  local n=$1 i
  echo "changes:"
  for ((i = 1; i <= n; i++)); do
    echo "  - at: $(( i * 216000 / (n + 1) ))"
    echo "    nodes: profile=eco"
    if (( i % 2 )); then echo "    cpu_cap: 50%"; echo "    gpu_cap: 50%"
    else echo "    cpu_cap: 60%"; echo "    gpu_cap: 70%"; fi
  done
}
caps 120 > "$OUT/caps120.yaml"
FULL="--caps $OUT/caps120.yaml --set thermal_throttle=on"

gpus=$("$BIN" simulate "$OUT/w60h.jsonl" --cluster "$OUT/c5000.yaml" -o "$OUT/run" --outputs summary |
       sed -n 's/.*cluster: \([0-9]*\) nodes of [0-9]* types, \([0-9]*\) GPUs.*/\1 nodes, \2 GPUs/p')
echo "## Joulie-size run: $gpus, 60 simulated hours, 30 % of the nodes eco"
echo
echo "Every run models power, telemetry and temperatures and writes every output (timeseries.csv every"
echo "60 s, nodes.csv, devices.csv, jobs.csv, placements.csv); \"full\" adds a cap schedule of 120 changes"
echo "on the eco nodes and thermal throttling (\`--caps caps120.yaml --set thermal_throttle=on\`)."
echo
echo "| Command | Mean [s] | Min [s] | Max [s] | Relative |"
echo "|:---|---:|---:|---:|---:|"
for spec in "event:" "event, full:$FULL" "tick 5 s:--tick 5" "tick 5 s, full:--tick 5 $FULL"; do
  name=${spec%%:*} flags=${spec#*:}
  hyperfine --style none --warmup 1 --runs 5 --export-markdown "$OUT/h.md" \
    -n "$(pods "$OUT/w60h.jsonl") pods, $name" \
    "$BIN simulate $OUT/w60h.jsonl --cluster $OUT/c5000.yaml $flags -o $OUT/run --quiet" > /dev/null
  tail -n +3 "$OUT/h.md"
done

echo
echo "## Cost against nodes (event mode, full models, $(pods "$OUT/w60h.jsonl") pods; one run each)"
echo
echo "Fewer nodes for the same pods means a longer queue: the mean queue length is the scheduler's load."
echo
echo "| nodes | mean queue | load s | simulate s | wall s |"
echo "|---|---|---|---|---|"
for n in 1000 2500 5000 10000 20000; do
  bash "$here/joulie_cluster.sh" "$n" > "$OUT/c.yaml"
  q=$("$BIN" simulate "$OUT/w60h.jsonl" --cluster "$OUT/c.yaml" $FULL -o "$OUT/run" --outputs summary |
      sed -n 's/.*queue: mean \([0-9.]*\).*/\1/p')
  echo "| $n | $q | $(field load_s) | $(field simulate_s) | $(field wall_time_s) |"
done

echo
echo "## Cost against pods (5,000 nodes, event mode, full models; prefixes of a 10x denser day; one run each)"
echo
echo "| pods | mean queue | load s | simulate s | wall s |"
echo "|---|---|---|---|---|"
for k in 25000 50000 100000 200000 0; do
  slice="--jobs 0:$k"; [ "$k" -eq 0 ] && slice=""
  q=$("$BIN" simulate "$OUT/w60h-x10.jsonl" $slice --cluster "$OUT/c5000.yaml" $FULL -o "$OUT/run" --outputs summary |
      sed -n 's/.*queue: mean \([0-9.]*\).*/\1/p')
  echo "| $([ "$k" -eq 0 ] && pods "$OUT/w60h-x10.jsonl" || echo "$k") | $q | $(field load_s) | $(field simulate_s) | $(field wall_time_s) |"
done

echo
echo "## Cost against cap changes (5,000 nodes, $(pods "$OUT/w60h.jsonl") pods, event mode, one run each)"
echo
echo "| cap changes | simulate s | wall s |"
echo "|---|---|---|"
for k in 0 12 120 1200; do
  caps "$k" > "$OUT/caps.yaml"
  flags="--caps $OUT/caps.yaml"; [ "$k" -eq 0 ] && flags=""
  "$BIN" simulate "$OUT/w60h.jsonl" --cluster "$OUT/c5000.yaml" $flags -o "$OUT/run" --quiet --outputs summary
  echo "| $k | $(field simulate_s) | $(field wall_time_s) |"
done
