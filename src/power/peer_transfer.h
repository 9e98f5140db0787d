#pragma once
// GPU peer copies of v1 jobs (power-model.md §b). A job with peer-transfer
// intensity p > 0 on n >= 2 GPUs of a node with a peer link of L GB/s runs a
// ring of n copies over its sorted devices, each demanding p·L. Copies into
// one GPU share that GPU's link max-min fairly; a gated receiver delivers
// only φ of what its link gives (the rate reading of the page, §b.3). The
// ring moves at its slowest copy, g = min delivered/demand, and the job's
// GPU factor becomes 1/((1 − p)/thr + p/g).
//
// The functions take every copying job of one node at once, because the
// link shares couple jobs that send into the same GPU.

#include <cstdint>
#include <span>
#include <vector>

namespace clustersim::power {

// One job's peer traffic on the node this step.
struct PeerJob {
  std::uint32_t job_id = 0;                // breaks ties in link sharing
  double p = 0;                            // peerTransferIntensity
  std::span<const std::uint32_t> devices;  // its GPU indices on the node, any order, distinct
};

// One copy of a ring; rates in GB/s.
struct PeerCopy {
  std::uint32_t job = 0;    // index into the jobs span
  std::uint32_t index = 0;  // ring position i: d_i -> d_{(i+1) mod n}
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  double demand = 0;     // p·L
  double alloc = 0;      // max-min share of dst's link
  double delivered = 0;  // φ_dst·alloc
};

// §b.1 (the node-side conditions): p > 0, n >= 2 and a link. The caller
// also requires v1 and GPU work in progress (not gang-blocked).
bool MakesCopies(const PeerJob& job, double link_gbps);

// §b.3: φ per device index: `fraction` on the gated devices when the gate
// is on, else 1 everywhere.
std::vector<double> ReceiverGates(int devices, std::span<const std::uint32_t> gated, double fraction, bool gate_on);

// §b.2 + §b.3: every copy of every job that makes copies, with its share
// and delivered rate. Copies into one receiver are filled progressively in
// the order (demand ascending, job id, ring position); each gets
// min(demand, remaining/copies_left). phi[d] is device d's gate (a device
// beyond phi's size is ungated). Order: by job, then ring position.
std::vector<PeerCopy> PeerCopies(std::span<const PeerJob> jobs, double link_gbps, std::span<const double> phi);

// §b.4: g per job (same order as jobs), 1 for a job without copies.
std::vector<double> PeerRatios(std::span<const PeerJob> jobs, std::span<const PeerCopy> copies);

// §b.4: P = 1/((1 − p)/thr + p/g), with x/0 = ∞ for x > 0, 0/0 = 0, an
// infinite denominator giving 0, and P = g for p = 1. Equals thr for p = 0.
double PeerFactor(double p, double thr, double g);

}  // namespace clustersim::power
