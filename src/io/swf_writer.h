#pragma once
// schedule.swf (swf-and-metrics.md §4.3, as pyss writes its results): the
// input SWF with each finished job's wait (field 3) and run time (field 4)
// replaced by the simulated ones, so SWF-native tools read the simulation
// as they read a log. The header comments come first, then a comment saying
// what changed, then every record line of the input in file order with all
// its tokens (fields past the 18th too). A record that did not become a
// finished job (dropped by the SWF policy, rejected, unfinished, not
// submitted, or cut by --jobs) gets -1 in both, SWF's "unknown". Lines the
// reader refused are copied as they were.
//
// Records are matched to jobs by job number (field 1, Job::trace_id, read
// as the reader reads it); where a number repeats, by number, submit and
// run time, then number and submit, so a dropped repeat or repeats out of
// submit order take their own values. Not for policies that renumber jobs
// (batsim).

#include <string_view>
#include <vector>

#include "io/text_sink.h"
#include "io/time_format.h"
#include "model/job.h"
#include "model/workload.h"

namespace clustersim {

void WriteSimulatedSwf(std::string_view input, const Workload& w, const std::vector<JobRun>& runs, TimeFormat f,
                       TextSink* out);

}  // namespace clustersim
