#!/usr/bin/env bash
# Installs clustersim's build and test dependencies from Debian's packages.
# Idempotent: does nothing (and needs no network) when everything is present.
set -euo pipefail

PACKAGES=(
  g++ cmake ninja-build make pkg-config
  libcli11-dev      # argument parsing and config files
  libfmt-dev        # formatting
  nlohmann-json3-dev # summary.json, cluster/caps config
  libyaml-cpp-dev   # cluster inventory and hardware catalog (seed 002)
  libsimdjson-dev   # Joulie JSONL traces, read fast
  zlib1g-dev        # reading .swf.gz directly (streams; words the errors)
  libdeflate-dev    # ... and twice as fast for whole well-formed files
  libcctz-dev tzdata # IANA time zones for naive calendar timestamps
  nettle-dev        # SHA-512 of RLScheduler's (gym's) seeding
  libgtest-dev libgmock-dev # tests
  libbenchmark-dev  # micro-benchmarks
  hyperfine         # end-to-end benchmark timings
  time              # /usr/bin/time: peak memory in bench/run_e2e.sh
  clang libclang-rt-14-dev # libFuzzer targets (make fuzz, part of make test)
  strace            # reliability tests inject a SIGKILL at the publishing rename
  python3           # scripted tests: examples/README.md commands, the browser test
  chromium          # the browser test renders report.html headless (make test)
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y --no-install-recommends "${missing[@]}"
