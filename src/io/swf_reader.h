#pragma once
// Reader for the Standard Workload Format (Parallel Workloads Archive, v2.2):
// one job per line, 18 whitespace-separated fields, `;` comments, header
// labels `; Label: value`. `.swf.gz` is read directly (io/file_reader).
// The reader keeps every field as written (-1 = unknown); turning records
// into Jobs is the job of a normalisation policy (io/swf_policy.h).

#include <array>
#include <functional>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/diagnostics.h"
#include "model/status.h"
#include "model/time.h"

namespace clustersim {

// Field numbers as in the SWF definition (1-based), used as indexes - 1.
enum SwfField : int {
  kSwfJobNumber = 0, kSwfSubmit, kSwfWait, kSwfRun, kSwfAllocProcs, kSwfAvgCpu, kSwfUsedMem,
  kSwfReqProcs, kSwfReqTime, kSwfReqMem, kSwfStatus, kSwfUser, kSwfGroup, kSwfExecutable,
  kSwfQueue, kSwfPartition, kSwfPrecedingJob, kSwfThinkTime, kSwfFieldCount
};

struct SwfRecord {
  // Time fields (2, 3, 4, 6, 9, 18) hold SimTime ticks, -1 s stays kUnknown;
  // the others hold integers (-1 = unknown).
  std::array<std::int64_t, kSwfFieldCount> f{};
  std::int64_t line = 0;
  static constexpr std::int64_t kUnknown = -1;
  bool IsTimeField(int i) const;
};

struct SwfTrace {
  std::string name;
  std::vector<std::pair<std::string, std::string>> header;  // in file order
  std::vector<SwfRecord> records;                            // sorted by submit
  std::optional<std::int64_t> max_procs, max_nodes;
};

bool IsSwfTimeField(int index);

// Bad lines go to `diag` (rule `too_few_fields`, `bad_number`); the call
// fails only on an empty or non-SWF file, or when diag stops the run.
// Collects every record (sorted by submit, with a warning if the file was not).
Result<SwfTrace> ReadSwf(std::string_view text, const std::string& name, Diagnostics* diag);

// Streaming form: header comments go into `header` (its records stay empty)
// and each valid record, in file order, to `sink`. Keeps memory at the size
// of the jobs, not of the parsed records.
Status ForEachSwfRecord(std::string_view text, const std::string& name, Diagnostics* diag, SwfTrace* header,
                        const std::function<void(const SwfRecord&)>& sink);

// Where the header places the log on the calendar: SWF times count seconds
// from UnixStartTime, in the zone TimeZoneString names. The last label of
// each kind counts; `start` is set only when its text is a time in
// [0, kMaxInputSeconds] (the text is kept to name a bad one).
struct SwfCalendar {
  std::string start_text;             // UnixStartTime as written; empty when absent
  std::optional<std::int64_t> start;  // seconds since the epoch
  std::string zone;                   // TimeZoneString; empty when absent
};
SwfCalendar SwfCalendarOf(const std::vector<std::pair<std::string, std::string>>& header);

// Reads only the header comments before the first job line.
SwfTrace ReadSwfHeader(std::string_view text, const std::string& name);

}  // namespace clustersim
