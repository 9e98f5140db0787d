#!/usr/bin/env bash
# Writes a Joulie-size cluster file: Joulie's heterogeneous inventory
# (power-model.md §j.2) scaled to N nodes (default 5000, about 22,700 GPUs),
# 30 % of every node group eco-managed.
# Usage: bench/joulie_cluster.sh [NODES] > cluster.yaml
set -euo pipefail
n=${1:-5000}
# Shares of the 5000-node inventory: H100 NVL x8 1000, H100 SXM x4 1000,
# L40S x4 1200, MI300X x8 500, W7900 x4 475, CPU-only 3 x 275.
# Cores are given: the inventory's default is 16 whatever the CPU (§i).
group() {  # prefix count gpu_product gpu_count cpu cores
  local prefix=$1 count=$2 product=$3 gpus=$4 cpu=$5 cores=$6
  local eco=$(( count * 3 / 10 )) perf=$(( count - count * 3 / 10 ))
  for kind in perf eco; do
    local k=$perf; [ $kind = eco ] && k=$eco
    [ "$k" -gt 0 ] || continue
    echo "  - node_name_prefix: $prefix-$kind"
    echo "    replicas: $k"
    echo "    cpu: $cpu"
    echo "    cpu_cores: $cores"
    [ "$gpus" -gt 0 ] && { echo "    product: $product"; echo "    gpu_count: $gpus"; }
    echo "    class: $prefix"
    [ $kind = eco ] && echo "    power_profile: eco"
  done
}
echo "nodes:"
group h100nvl $(( n * 1000 / 5000 )) "NVIDIA H100 NVL" 8 "AMD EPYC 9654" 192
group h100sxm $(( n * 1000 / 5000 )) "NVIDIA H100 80GB HBM3" 4 "INTEL_XEON_GOLD_6530" 64
group l40s $(( n * 1200 / 5000 )) "NVIDIA L40S" 4 "AMD_EPYC_9534" 128
group mi300x $(( n * 500 / 5000 )) "AMD Instinct MI300X" 8 "AMD_EPYC_9534" 128
group w7900 $(( n * 475 / 5000 )) "AMD Radeon Pro W7900" 4 "AMD_EPYC_9534" 128
group cpu9965 $(( n * 275 / 5000 )) "" 0 "AMD EPYC 9965" 384
group cpu9375f $(( n * 275 / 5000 )) "" 0 "AMD_EPYC_9375F" 64
group cpu9655 $(( n * 275 / 5000 )) "" 0 "AMD EPYC 9655" 192
