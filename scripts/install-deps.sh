#!/usr/bin/env bash
# Installs clustersim's build and test dependencies from Debian's packages.
# Idempotent: does nothing (and needs no network) when everything is present.
set -euo pipefail

PACKAGES=(
  g++ cmake ninja-build make pkg-config
  libcli11-dev      # argument parsing and config files
  libfmt-dev        # formatting
  nlohmann-json3-dev # summary.json
  zlib1g-dev        # reading .swf.gz directly (streams; words the errors)
  libdeflate-dev    # ... and twice as fast for whole well-formed files
  libcctz-dev tzdata # IANA time zones for naive calendar timestamps
  nettle-dev        # SHA-512 of RLScheduler's (gym's) seeding
  libgtest-dev libgmock-dev # tests
  libbenchmark-dev  # micro-benchmarks
  hyperfine         # end-to-end benchmark timings
  time              # /usr/bin/time: peak memory in bench/run_e2e.sh
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
