#include "power/peer_transfer.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

#include "power/clamp.h"

namespace clustersim::power {
namespace {

// x/y under §b.4's conventions: x/0 = ∞ for x > 0, 0/0 = 0.
double Ratio(double x, double y) {
  if (y > 0) return x / y;
  return x > 0 ? std::numeric_limits<double>::infinity() : 0;
}

// Max-min fair shares of one receiver's link (progressive filling).
// `order` holds the receiver's copies in filling order.
void FillLink(std::span<const std::size_t> order, double link_gbps, std::vector<PeerCopy>& copies) {
  double remaining = link_gbps;
  std::size_t left = order.size();
  for (std::size_t i : order) {
    PeerCopy& c = copies[i];
    c.alloc = std::min(c.demand, remaining / static_cast<double>(left));
    remaining -= c.alloc;
    --left;
  }
}

}  // namespace

bool MakesCopies(const PeerJob& job, double link_gbps) { return job.p > 0 && job.devices.size() >= 2 && link_gbps > 0; }

std::vector<double> ReceiverGates(int devices, std::span<const std::uint32_t> gated, double fraction, bool gate_on) {
  std::vector<double> phi(static_cast<std::size_t>(std::max(0, devices)), 1.0);
  if (!gate_on) return phi;
  for (std::uint32_t d : gated)
    if (d < phi.size()) phi[d] = Clamp01(fraction);
  return phi;
}

std::vector<PeerCopy> PeerCopies(std::span<const PeerJob> jobs, double link_gbps, std::span<const double> phi) {
  std::vector<PeerCopy> copies;
  for (std::uint32_t j = 0; j < jobs.size(); ++j) {
    if (!MakesCopies(jobs[j], link_gbps)) continue;
    std::vector<std::uint32_t> ring(jobs[j].devices.begin(), jobs[j].devices.end());
    std::sort(ring.begin(), ring.end());
    const double demand = Clamp01(jobs[j].p) * link_gbps;
    for (std::uint32_t i = 0; i < ring.size(); ++i)
      copies.push_back({j, i, ring[i], ring[(i + 1) % ring.size()], demand, 0, 0});
  }
  // Group by receiver, each group in its filling order.
  std::vector<std::size_t> order(copies.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto key = [&](std::size_t i) {
    const PeerCopy& c = copies[i];
    return std::make_tuple(c.dst, c.demand, jobs[c.job].job_id, c.index);
  };
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  for (std::size_t first = 0; first < order.size();) {
    std::size_t last = first;
    while (last < order.size() && copies[order[last]].dst == copies[order[first]].dst) ++last;
    FillLink(std::span(order).subspan(first, last - first), link_gbps, copies);
    first = last;
  }
  for (PeerCopy& c : copies) c.delivered = (c.dst < phi.size() ? phi[c.dst] : 1.0) * c.alloc;
  return copies;
}

std::vector<double> PeerRatios(std::span<const PeerJob> jobs, std::span<const PeerCopy> copies) {
  std::vector<double> g(jobs.size(), 1.0);
  for (const PeerCopy& c : copies) g[c.job] = std::min(g[c.job], Ratio(c.delivered, c.demand));
  return g;
}

double PeerFactor(double p, double thr, double g) {
  // The limits are returned as such, so p = 0 gives thr bit for bit (1/(1/thr)
  // need not).
  if (p <= 0) return thr;
  if (p >= 1) return g;
  const double denominator = Ratio(1 - p, thr) + Ratio(p, g);
  if (denominator == std::numeric_limits<double>::infinity()) return 0;
  return 1 / denominator;
}

}  // namespace clustersim::power
