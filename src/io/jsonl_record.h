#pragma once
// One Joulie JSONL record (power-model.md §l.1) -> one Pod plus what its
// WorkJob needs. Internal to io/jsonl_trace; keeps simdjson out of headers.
//
// Rules reported (file, line, rule, message):
//   skip:    bad_json, not_an_object, wrong_type, missing_job_id,
//            bad_quantity, number_out_of_range, conflicting_gpu_requests
//   warning: negative_offset (clamped to 0), clamped_sensitivity,
//            clamped_profile (an intensity or utilisation outside [0, 1]),
//            fractional_gpu (-> 0 GPUs), nonpositive_cpu_units (-> 1000),
//            zero_cpu_request (-> 1 core),
//            negative_gpu_units (-> 0), gpu_work_without_gpus (-> 0),
//            class_alias, unknown_class (-> mixed),
//            unknown_intent (ignored), quantity_rounded (below 1m / 1 byte,
//            rounded up), unknown_schema_version, gang_intent_mismatch
//            (reported by io/jsonl_trace when a gang's pods disagree)
//   note:    non_job_record (another `type`, ignored), unknown_field (once
//            per distinct field path per load)

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/jsonl_trace.h"
#include "model/diagnostics.h"
#include "model/time.h"
#include "model/work.h"

namespace clustersim {

struct PodRecord {
  Pod pod;
  SimTime submit = 0;          // offset x time_scale, in simulated time
  bool gang = false;
  bool avoids_eco = false;     // required affinity excludes eco nodes
  bool has_intent = false;
  IntentClass intent = IntentClass::kStandard;
  std::string workload_id, workload_type, ns;
};

class JsonlRecordParser {
 public:
  // Bytes a line must have readable after it to be parsed in place.
  static constexpr std::size_t kPadding = 64;  // simdjson::SIMDJSON_PADDING

  enum class Outcome : std::uint8_t { kPod, kIgnored, kSkipped };

  JsonlRecordParser(const JsonlOptions& options, Diagnostics* diag);
  ~JsonlRecordParser();
  JsonlRecordParser(const JsonlRecordParser&) = delete;
  JsonlRecordParser& operator=(const JsonlRecordParser&) = delete;

  // `padded`: kPadding bytes after the line are readable (no copy needed).
  Outcome Parse(std::string_view line, bool padded, const std::string& file, std::int64_t line_no,
                PodRecord* out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace clustersim
