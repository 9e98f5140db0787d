#include "model/job.h"

namespace clustersim {

const char* JobStateName(JobState s) {
  switch (s) {
    case JobState::kWaiting: return "waiting";
    case JobState::kRunning: return "running";
    case JobState::kCompleted: return "completed";
    case JobState::kTimeout: return "timeout";
    case JobState::kRejected: return "rejected";
    case JobState::kUnfinished: return "unfinished";
    case JobState::kNotSubmitted: return "not_submitted";
  }
  return "?";
}

}  // namespace clustersim
