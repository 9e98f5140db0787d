#include "io/cluster_mapping.h"

#include <algorithm>
#include <set>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join

#include "io/number_parse.h"
#include "model/text_escape.h"

namespace clustersim {

namespace {

// The queue as the trace writes it: a CSV's name, else its number.
std::string QueueLabel(const Workload& w, std::int32_t q) {
  if (!w.queue_names.empty() && q >= 0 && static_cast<std::size_t>(q) < w.queue_names.size())
    return w.queue_names[static_cast<std::size_t>(q)];
  return std::to_string(q);
}

// A key names a queue as the trace writes it. Numbers match numerically
// ("02" is SWF queue 2), unless the trace has a CSV queue named exactly as
// the key: that one only. `names` is every CSV queue name the trace has,
// not only the run's jobs', so a slice (--jobs) matches as the whole does.
bool KeyNames(const std::string& key, const std::string& label, const std::set<std::string, std::less<>>& names) {
  if (key == label) return true;
  if (names.contains(key)) return false;
  std::int64_t a = 0, b = 0;
  return ParseInt(key, &a) == ParseError::kOk && ParseInt(label, &b) == ParseError::kOk && a == b;
}

}  // namespace

Status MapOntoCluster(const ClusterMappingOptions& o, Workload* w, std::vector<std::string>* unused_keys) {
  // Each queue of the run's jobs, and the class a key gives it.
  std::map<std::string, CpuClass, std::less<>> class_of;
  if (!o.queue_class.empty()) {
    std::set<std::string, std::less<>> labels;
    for (const Job& j : w->jobs) labels.insert(QueueLabel(*w, j.queue));
    const std::set<std::string, std::less<>> names(w->queue_names.begin(), w->queue_names.end());
    std::set<std::string, std::less<>> reported;  // a key given twice is named once
    for (const auto& [key, cls] : o.queue_class) {
      bool used = false;
      for (const std::string& label : labels)
        if (KeyNames(key, label, names)) {
          class_of[label] = cls;  // a later key for the same queue wins
          used = true;
        }
      if (!used && unused_keys != nullptr && reported.insert(key).second) {
        std::vector<std::string> queues;
        // Quoted where the list would blur it: "sp" and "sp " are two
        // queues, "a, b" is one, and an empty name is a queue too.
        for (const std::string& label : labels) {
          const bool blur = label.empty() || label.find(',') != std::string::npos ||
                            std::isspace(static_cast<unsigned char>(label.front())) != 0 ||
                            std::isspace(static_cast<unsigned char>(label.back())) != 0;
          queues.push_back(blur ? fmt::format("'{}'", EscapeControl(label)) : EscapeControl(label));
        }
        unused_keys->push_back(fmt::format("'{}' (this run's jobs are in {})", EscapeControl(key), fmt::join(queues, ", ")));
      }
    }
  }
  w->work.clear();
  w->pods.clear();
  w->work.reserve(w->jobs.size());
  for (const Job& j : w->jobs) {
    WorkJob job;
    job.first_pod = static_cast<std::uint32_t>(w->pods.size());
    job.workload_id = std::to_string(j.trace_id);
    Pod pod;
    pod.name = std::to_string(j.trace_id);
    pod.profile = o.profile;
    if (!class_of.empty())
      if (auto it = class_of.find(QueueLabel(*w, j.queue)); it != class_of.end()) pod.profile.cpu_class = it->second;
    pod.per_core_work = true;
    // Work per allocated core: the run time at nominal speed B_core. Under
    // --overrun clip the job is killed at its limit, as a fixed run is, and
    // also when caps slow it past the limit.
    pod.cpu_units = ToSeconds(j.run_time) * o.base_speed_per_core;
    if (o.clip_to_limit) job.limit = std::max<SimTime>(0, j.time_limit);
    pod.gpu_units = 0;
    if (o.whole_nodes) {
      pod.whole_node = true;
      pod.millicores = 0;  // the node's, known at placement
      for (std::int64_t n = 0; n < j.units; ++n) w->pods.push_back(pod);
      job.num_pods = static_cast<std::uint32_t>(j.units);
    } else {
      pod.spread = true;
      pod.millicores = j.units * 1000;
      w->pods.push_back(pod);
      job.num_pods = j.units > 0 ? 1 : 0;
      if (j.units == 0) w->pods.pop_back();
    }
    job.gang = job.num_pods > 1;
    w->work.push_back(std::move(job));
  }
  return Status::Ok();
}

}  // namespace clustersim
