#!/usr/bin/env bash
# End-to-end benchmarks of the Release build on the shared traces: wall time
# (hyperfine), peak memory (/usr/bin/time) and how cost grows with the number
# of jobs. Results go to stdout as Markdown; BENCHMARKS.md quotes them.
# Usage: bash bench/run_e2e.sh [BUILD_DIR] [TRACES_DIR]
set -euo pipefail
B=${1:-build/release}
T=${2:-../shared/traces}
BIN="$B/src/clustersim"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
[ -x "$BIN" ] || { echo "build $BIN first (make release)"; exit 1; }
field() { sed -n "s/.*\"$1\": \([0-9.eE+-]*\).*/\1/p" "$OUT/run/timing.json"; }

echo "## Wall time, full run (parse + simulate + write all outputs)"
echo
echo "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |"
echo "|:---|---:|---:|---:|---:|"
for spec in "KTH-SP2-1996-2.1-cln.swf.gz easy" "KTH-SP2-1996-2.1-cln.swf.gz conservative" \
            "RICC-2010-2.swf.gz easy" "LLNL-Atlas-2006-2.1-cln.swf.gz easy" \
            "CEA-Curie-sample.swf.gz easy" "CEA-Curie-sample.swf.gz conservative"; do
  set -- $spec
  hyperfine --style none --warmup 1 --runs 5 --time-unit millisecond --export-markdown "$OUT/h.md" \
    -n "$1 $2" "$BIN simulate $T/$1 --backfill $2 -o $OUT/run --quiet" > /dev/null
  tail -n +3 "$OUT/h.md"
done
# Sweeps write only the summary.
hyperfine --style none --warmup 1 --runs 5 --time-unit millisecond --export-markdown "$OUT/h.md" \
  -n "KTH-SP2-1996-2.1-cln.swf.gz easy --outputs summary" \
  "$BIN simulate $T/KTH-SP2-1996-2.1-cln.swf.gz -o $OUT/run --quiet --outputs summary" > /dev/null
tail -n +3 "$OUT/h.md"

echo
echo "## Peak memory (max RSS)"
echo
echo "| run | max RSS |"
echo "|---|---|"
for spec in "KTH-SP2-1996-2.1-cln.swf.gz easy" "RICC-2010-2.swf.gz easy"; do
  set -- $spec
  # time(1) reports on stderr: into the table on stdout (the run is --quiet).
  # (-o /dev/stdout would truncate a results file stdout is redirected to.)
  /usr/bin/time -f "| $1 $2 | %M KB |" "$BIN" simulate "$T/$1" --backfill "$2" -o "$OUT/run" --quiet 2>&1 >/dev/null
done

echo
echo "## Scaling on RICC prefixes (--jobs 0:N), EASY: simulate_s from timing.json"
echo
echo "| jobs | load s | simulate s | total wall s |"
echo "|---|---|---|---|"
for n in 10000 50000 100000 200000 300000 447794; do  # 447,794: the whole trace under the default policy
  "$BIN" simulate "$T/RICC-2010-2.swf.gz" --jobs 0:$n -o "$OUT/run" --quiet
  echo "| $n | $(field load_s) | $(field simulate_s) | $(field wall_time_s) |"
done

echo
echo "## Scaling on RICC prefixes, conservative"
echo
echo "| jobs | simulate s |"
echo "|---|---|"
# The whole trace takes about 16 s more: add 447794 to the list for it.
for n in 5000 10000 20000 40000 80000 120000; do
  "$BIN" simulate "$T/RICC-2010-2.swf.gz" --jobs 0:$n --backfill conservative -o "$OUT/run" --quiet --outputs summary
  echo "| $n | $(field simulate_s) |"
done
