#pragma once
// SWF normalisation policies: how SWF records (with their -1 "unknown"
// fields and inconsistencies) become Jobs. Each policy is a named, documented
// pipeline; every job a rule drops or changes is counted in Diagnostics under
// the rule's name, so the run summary can say what the policy did.
//
//   clean       (default) as strict, but a missing requested time is filled
//               from the run time ("clairvoyant_estimate")
//   strict      drop any job whose needed field is unknown/invalid
//   pyss        pyss's mapping exactly (1-second invalid jobs, clamps)
//   pyss-strong predictsim's strong filter, then pyss
//   rlscheduler SchedGym's mapping; node-granular allocation
//   batsim      Batsim's swf_to_batsim_workload_delay.py converter
// See docs/formats.md for the rule-by-rule definitions.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_set>

#include "model/diagnostics.h"
#include "model/name_table.h"
#include "io/swf_reader.h"
#include "model/status.h"
#include "model/workload.h"

namespace clustersim {

enum class SwfPolicy : std::uint8_t { kStrict, kClean, kPyss, kPyssStrong, kRlScheduler, kBatsim };

inline constexpr EnumName<SwfPolicy> kSwfPolicyNames[] = {
    {"strict", SwfPolicy::kStrict},           {"clean", SwfPolicy::kClean},
    {"pyss", SwfPolicy::kPyss},               {"pyss-strong", SwfPolicy::kPyssStrong},
    {"rlscheduler", SwfPolicy::kRlScheduler}, {"batsim", SwfPolicy::kBatsim},
    {"batsim-delay", SwfPolicy::kBatsim}};  // the converter's own name

bool ParseSwfPolicy(std::string_view name, SwfPolicy* out);
const char* SwfPolicyName(SwfPolicy p);

// strict / clean knobs (swf-and-metrics.md §2.7). Size: requested
// processors (field 8, else allocated), allocated (field 5, else requested)
// or the larger of the two. A missing requested time under clean: the run
// time (clairvoyant), the header's MaxRuntime, or the record dropped.
enum class SizeSource : std::uint8_t { kRequested, kAllocated, kMax };
enum class EstimateFill : std::uint8_t { kRun, kMaxRuntime, kDrop };
inline constexpr EnumName<SizeSource> kSizeSourceNames[] = {
    {"requested", SizeSource::kRequested}, {"allocated", SizeSource::kAllocated}, {"max", SizeSource::kMax}};
inline constexpr EnumName<EstimateFill> kEstimateFillNames[] = {
    {"run", EstimateFill::kRun}, {"maxruntime", EstimateFill::kMaxRuntime}, {"drop", EstimateFill::kDrop}};

struct SwfOptions {
  SwfPolicy policy = SwfPolicy::kClean;
  SizeSource size_source = SizeSource::kRequested;
  EstimateFill estimate_fill = EstimateFill::kRun;
  std::int64_t capacity = 0;        // --total_nodes: pool size in job units (0 = from header)
  std::int64_t procs_per_node = 0;  // > 0: node-granular, a job needs ceil(procs / ppn) nodes
  bool replay = false;              // begin = submit + wait (field 3)
  bool machine_from_cluster = false;  // --cluster gives the machine: the header need not
  // rlscheduler keeps a negative submit only for RLScheduler's windows
  // (--compat rlscheduler), which count from each window's first submit;
  // the engine's clock starts at 0 and drops it.
  bool keep_negative_submits = false;
  SimTime batsim_grain = kTicksPerSecond;
  double batsim_walltime_factor = 2.0;
  bool batsim_given_walltime_only = false;
};

Result<Workload> NormaliseSwf(const SwfTrace& trace, const SwfOptions& options, Diagnostics* diag);

// Streaming form of NormaliseSwf: feed records one by one (in file order).
class SwfNormaliser {
 public:
  // `header` gives the file name and MaxProcs/MaxNodes; it must outlive this.
  SwfNormaliser(const SwfTrace& header, const SwfOptions& options, Diagnostics* diag);
  // Not OK when the machine size cannot be determined (no_capacity).
  const Status& status() const { return status_; }
  void Add(const SwfRecord& r);
  void Reserve(std::size_t jobs);
  Result<Workload> Finish();

 private:
  void Drop(const SwfRecord& r, std::string_view rule, std::string msg);
  void Note(const SwfRecord& r, std::string_view rule, std::string msg);
  void Warn(const SwfRecord& r, std::string_view rule, std::string msg);
  bool Strict(const SwfRecord& r, Job* j, std::int64_t* procs);
  bool Pyss(const SwfRecord& r, Job* j, std::int64_t* procs);
  bool RlScheduler(const SwfRecord& r, Job* j, std::int64_t* procs);
  bool Batsim(const SwfRecord& r, Job* j, std::int64_t* procs);
  void CheckUniqueId(const SwfRecord& r, std::int64_t id);

  const SwfTrace& header_;
  SwfOptions o_;
  Diagnostics* diag_;
  Status status_;
  Workload w_;
  std::int64_t ppn_ = 0;
  std::int64_t capacity_ = 0;
  std::int64_t machine_procs_ = 0;
  SimTime max_runtime_ = 0;  // the header's MaxRuntime, 0 if none
  // Job numbers seen: checked only once they stop increasing (most logs
  // number their jobs in order, and then no two can be equal).
  std::int64_t last_id_ = std::numeric_limits<std::int64_t>::min();
  bool ids_out_of_order_ = false;
  std::unordered_set<std::int64_t> ids_;
  HeldReports held_;  // the current record's notes and warnings, reported once it is kept
};

// Reads an SWF text straight into a Workload (header first, then streaming).
Result<Workload> LoadSwf(std::string_view text, const std::string& name, const SwfOptions& options,
                         Diagnostics* diag);

}  // namespace clustersim
