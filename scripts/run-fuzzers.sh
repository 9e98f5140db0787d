#!/usr/bin/env bash
# Runs each libFuzzer target for a fixed time, two at a time on two cores.
# Usage: run-fuzzers.sh BUILD_DIR SECONDS JOBS TARGET...
# A crash, sanitizer report, timeout or leak fails the run; the input that
# caused it is kept in BUILD_DIR/fuzz-findings/ and named in the log.
set -euo pipefail
build=$1 seconds=$2 jobs=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/fuzz-findings"
run_one() {
  local t=$1 work="$build/fuzz-corpus/$1"
  rm -rf "$work" && mkdir -p "$work"
  cp -r "$root/fuzz/corpus/$t/." "$work/" 2>/dev/null || true
  local seeds=("$work")
  case $t in
    csv_reader|swf_reader|timestamp) seeds+=("$root/tests/data/bad_input") ;;
    jsonl_trace) seeds+=("$root/tests/data/bad_jsonl") ;;
    cluster_yaml) seeds+=("$root/tests/data/bad_cluster") ;;
    caps_yaml) seeds+=("$root/tests/data/bad_caps") ;;
  esac
  if "$build/fuzz/${t}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
       -print_final_stats=1 -artifact_prefix="$build/fuzz-findings/${t}-" "${seeds[@]}" \
       >"$build/fuzz-findings/$t.log" 2>&1; then
    echo "fuzz $t: $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$build/fuzz-findings/$t.log" | grep -o '[0-9]*$') inputs in ${seconds}s, no finding"
  else
    echo "fuzz $t: FAILED, see $build/fuzz-findings/$t.log"
    tail -n 30 "$build/fuzz-findings/$t.log"
    return 1
  fi
}
export -f run_one
export build seconds root
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'run_one {}'
