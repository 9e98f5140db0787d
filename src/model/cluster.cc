#include "model/cluster.h"

namespace clustersim {

std::int64_t Cluster::total_millicores() const {
  std::int64_t t = 0;
  for (const Node& n : nodes) t += types[n.type].millicores;
  return t;
}

std::int64_t Cluster::total_gpus() const {
  std::int64_t t = 0;
  for (const Node& n : nodes) t += types[n.type].gpus;
  return t;
}

}  // namespace clustersim
