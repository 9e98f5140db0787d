// EventQueue: same-time completions come out in job-index order whatever the
// push order, and a rescheduled or cancelled completion is never delivered
// at its old time (the mechanism rate changes will use).

#include <string>

#include <gtest/gtest.h>

#include "sim/event_queue.h"

namespace clustersim {
namespace {

std::string Drain(EventQueue* q) {
  std::string s;
  while (q->NextTime() != kTimeInfinity) {
    SimTime t;
    const JobId id = q->Pop(&t);
    s += std::to_string(id) + "@" + std::to_string(t) + " ";
  }
  return s;
}

TEST(EventQueue, SameTimeCompletionsComeOutInJobIndexOrder) {
  EventQueue q(5);
  q.Schedule(3, 10);
  q.Schedule(1, 10);
  q.Schedule(4, 5);
  q.Schedule(0, 10);
  EXPECT_EQ(Drain(&q), "4@5 0@10 1@10 3@10 ");
}

TEST(EventQueue, RescheduleMovesAndCancelDropsACompletion) {
  EventQueue q(3);
  q.Schedule(0, 100);
  q.Schedule(1, 50);
  q.Schedule(2, 70);
  q.Reschedule(0, 20);  // sped up
  q.Reschedule(1, 90);  // slowed down
  q.Cancel(2);
  EXPECT_EQ(Drain(&q), "0@20 1@90 ");
}

}  // namespace
}  // namespace clustersim
