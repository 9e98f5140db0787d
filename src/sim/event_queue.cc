#include "sim/event_queue.h"

#include <algorithm>

namespace clustersim {

void EventQueue::Schedule(JobId id, SimTime t) {
  heap_.push_back({t, id, version_[id]});
  std::push_heap(heap_.begin(), heap_.end(), Later());
}

void EventQueue::Reschedule(JobId id, SimTime t) {
  ++version_[id];
  Schedule(id, t);
}

void EventQueue::DropStale() {
  while (!heap_.empty() && heap_.front().version != version_[heap_.front().id]) {
    std::pop_heap(heap_.begin(), heap_.end(), Later());
    heap_.pop_back();
  }
}

SimTime EventQueue::NextTime() {
  DropStale();
  return heap_.empty() ? kTimeInfinity : heap_.front().time;
}

JobId EventQueue::Pop(SimTime* t) {
  DropStale();
  std::pop_heap(heap_.begin(), heap_.end(), Later());
  const Event e = heap_.back();
  heap_.pop_back();
  *t = e.time;
  return e.id;
}

}  // namespace clustersim
