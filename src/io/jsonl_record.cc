#include "io/jsonl_record.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <set>
#include <vector>

#include <fmt/format.h>
#include <simdjson.h>

#include "io/number_parse.h"
#include "io/quantity.h"
#include "model/text_escape.h"

namespace clustersim {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

static_assert(JsonlRecordParser::kPadding >= simdjson::SIMDJSON_PADDING);

constexpr std::string_view kPowerProfileLabel = "joulie.io/power-profile";
constexpr std::int64_t kMaxPodMillicores = 1'000'000'000'000;  // 1e9 cores
constexpr double kDefaultCpuUnits = 1000;  // §l.1: work.cpuUnits when missing or <= 0

const char* TypeName(const element& e) {
  switch (e.type()) {
    case element_type::ARRAY: return "an array";
    case element_type::OBJECT: return "an object";
    case element_type::INT64:
    case element_type::UINT64:
    case element_type::DOUBLE: return "a number";
    case element_type::STRING: return "a string";
    case element_type::BOOL: return "true/false";
    case element_type::NULL_VALUE: return "null";
  }
  return "?";
}

const char* JsonErrorText(simdjson::error_code e) {
  switch (e) {
    case simdjson::TAPE_ERROR:
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
    case simdjson::TRAILING_CONTENT: return "malformed structure (a bracket, comma or colon is missing or extra)";
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE: return "a malformed or out-of-range number";
    case simdjson::STRING_ERROR:
    case simdjson::UNESCAPED_CHARS:
    case simdjson::UNCLOSED_STRING: return "a malformed string";
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR: return "a bare word (not true, false or null)";
    case simdjson::UTF8_ERROR: return "invalid UTF-8";
    case simdjson::DEPTH_ERROR: return "nested too deeply";
    default: return simdjson::error_message(e);
  }
}

// The shortest decimal text that reads back as the number. For a double
// parsed from decimal text of up to 15 significant digits this is the value
// as written, which the exact decimal parsers then take over.
std::string_view NumberText(const element& e, char (&buf)[48]) {
  char* end = buf;
  switch (e.type()) {
    case element_type::INT64: end = std::to_chars(buf, buf + sizeof buf, e.get_int64().value_unsafe()).ptr; break;
    case element_type::UINT64: end = std::to_chars(buf, buf + sizeof buf, e.get_uint64().value_unsafe()).ptr; break;
    case element_type::DOUBLE: end = std::to_chars(buf, buf + sizeof buf, e.get_double().value_unsafe()).ptr; break;
    default: break;
  }
  return std::string_view(buf, static_cast<std::size_t>(end - buf));
}

bool IsNumber(const element& e) {
  const element_type t = e.type();
  return t == element_type::INT64 || t == element_type::UINT64 || t == element_type::DOUBLE;
}

// Present and not null (Go's decoder leaves a null field at its default).
bool Get(const object& o, std::string_view key, element* out) {
  return !o.at_key(key).get(*out) && !out->is_null();
}

}  // namespace

struct JsonlRecordParser::Impl {
  JsonlOptions options;
  Diagnostics* diag;
  simdjson::dom::parser parser;
  std::vector<char> copy;             // a padded copy for lines at the end of the text
  std::set<std::string, std::less<>> noted_fields;

  // Per record.
  const std::string* file = nullptr;
  std::int64_t line = 0;

  bool Skip(std::string_view rule, std::string msg) {
    diag->Report(*file, line, rule, std::move(msg), Severity::kSkip);
    return false;
  }
  void Warn(std::string_view rule, std::string msg) {
    diag->Report(*file, line, rule, std::move(msg), Severity::kWarning);
  }
  bool WrongType(std::string_view path, std::string_view want, const element& got) {
    return Skip("wrong_type", fmt::format("{}: expected {}, got {}", path, want, TypeName(got)));
  }
  void NoteUnknown(std::string_view path) {
    if (noted_fields.count(path) != 0) return;
    noted_fields.emplace(path);
    // Echoed (once per field): a misspelt key silently takes its default.
    diag->Report(*file, line, "unknown_field", fmt::format("unknown field '{}' ignored", path), Severity::kNote,
                 /*echo=*/true);
  }

  bool Str(const element& e, std::string_view path, std::string_view* out) {
    if (e.get_string().get(*out)) return WrongType(path, "a string", e);
    return true;
  }
  bool Obj(const element& e, std::string_view path, object* out) {
    if (e.get_object().get(*out)) return WrongType(path, "an object", e);
    return true;
  }
  bool Num(const element& e, std::string_view path, double* out) {
    if (!IsNumber(e)) return WrongType(path, "a number", e);
    *out = e.get_double().value_unsafe();
    return true;
  }
  // A [0, 1] number: out-of-range values are clamped and counted.
  bool Unit(const object& o, std::string_view key, std::string_view parent, std::string_view rule, double* out,
            bool* given) {
    element e;
    *given = Get(o, key, &e);
    if (!*given) return true;
    // The path is only spelled out for a message (this runs per field).
    if (!IsNumber(e)) return WrongType(fmt::format("{}.{}", parent, key), "a number", e);
    *out = e.get_double().value_unsafe();
    if (*out < 0 || *out > 1) {
      const double c = std::min(1.0, std::max(0.0, *out));
      Warn(rule, fmt::format("{}.{} {} clamped to {}", parent, key, *out, c));
      *out = c;
    }
    return true;
  }

  bool Quantity(const element& e, std::string_view path, bool cpu, std::int64_t* out) {
    char buf[48];
    std::string_view text;
    if (IsNumber(e)) {
      text = NumberText(e, buf);
    } else if (e.get_string().get(text)) {
      return WrongType(path, "a quantity string", e);
    }
    bool rounded = false;
    const QuantityError err = cpu ? ParseCpuQuantity(text, out, &rounded) : ParseMemoryQuantity(text, out, &rounded);
    if (err != QuantityError::kOk)
      return Skip("bad_quantity", fmt::format("{}: cannot read '{}' as a {} quantity ({})", path, text,
                                              cpu ? "CPU" : "memory", QuantityErrorText(err)));
    if (rounded)
      Warn("quantity_rounded", fmt::format("{} '{}' is finer than 1 {}; rounded up to {}", path, text,
                                           cpu ? "millicore" : "byte", *out));
    return true;
  }

  // A GPU count: whole numbers only; a fraction means no GPU (§l.1).
  bool GpuCount(const element& e, std::string_view key, int* out) {
    auto path = [key] { return fmt::format("podTemplate.requests[\"{}\"]", key); };
    char buf[48];
    std::string_view text;
    if (IsNumber(e)) {
      text = NumberText(e, buf);
    } else if (e.get_string().get(text)) {
      return WrongType(path(), "an integer string", e);
    }
    std::int64_t milli = 0;
    const QuantityError err = ParseCpuQuantity(text, &milli);  // thousandths expose fractions exactly
    if (err != QuantityError::kOk || milli > 1'000'000'000)
      return Skip("bad_quantity", fmt::format("{}: cannot read '{}' as a GPU count ({})", path(), text,
                                              err != QuantityError::kOk ? QuantityErrorText(err) : "too large"));
    if (milli % 1000 != 0) {
      Warn("fractional_gpu", fmt::format("{} '{}' is fractional; the pod runs without GPUs", path(), text));
      milli = 0;
    }
    *out = static_cast<int>(milli / 1000);
    return true;
  }

  bool Requests(const element& e, PodRecord* r);
  bool Affinity(const element& e, std::uint8_t* profiles);
  bool Classes(const element& e, WorkProfile* p);
  bool Profile(const element* e, int gpus, WorkProfile* p);
  bool Offset(const element& e, SimTime* out);
  JsonlRecordParser::Outcome Record(const object& o, PodRecord* r);
};

bool JsonlRecordParser::Impl::Offset(const element& e, SimTime* out) {
  if (!IsNumber(e)) return WrongType("submitTimeOffsetSec", "a number", e);
  char buf[48];
  const std::string_view text = NumberText(e, buf);
  SimTime t = 0;
  if (ParseSeconds(text, &t) != ParseError::kOk)
    return Skip("number_out_of_range",
                fmt::format("submitTimeOffsetSec {} is out of range (|t| <= {} s)", text, kMaxInputSeconds));
  const bool negative = t < 0 || text.starts_with('-');
  if (t < 0) {
    Warn("negative_offset", fmt::format("submitTimeOffsetSec {} is negative; clamped to 0", text));
    t = 0;
  }
  const double scale = options.time_scale;
  if (scale != 1 && !negative) {
    // The product of the offset as written and the scale, rounded once to
    // the µs (rounding the offset first lost 0.0000004 s x 120 = 48 µs).
    // 64-bit mantissas hold any offset in range to well below a µs.
    const long double scaled =
        std::round(std::strtold(std::string(text).c_str(), nullptr) * static_cast<long double>(scale) * 1e6L);
    if (scaled > static_cast<long double>(kMaxInputTime))  // the bound of every input time
      return Skip("number_out_of_range",
                  fmt::format("submitTimeOffsetSec {} x time_scale {} is out of range (|t| <= {} s)", text, scale,
                              kMaxInputSeconds));
    t = static_cast<SimTime>(scaled);
  }
  *out = t;
  return true;
}

bool JsonlRecordParser::Impl::Requests(const element& e, PodRecord* r) {
  object req;
  if (!Obj(e, "podTemplate.requests", &req)) return false;
  struct GpuKey {
    std::string_view key;
    GpuVendor vendor;
  };
  // §k.1 item 13: the key decides the vendor; a plain `gpu` fits any.
  constexpr GpuKey kGpuKeys[] = {
      {"nvidia.com/gpu", GpuVendor::kNvidia}, {"amd.com/gpu", GpuVendor::kAmd}, {"gpu", GpuVendor::kAny}};
  std::string_view gpu_key;
  for (auto [key, value] : req) {
    if (value.is_null()) continue;
    if (key == "cpu") {
      if (!Quantity(value, "podTemplate.requests.cpu", true, &r->pod.millicores)) return false;
      // No node has a billion cores (cpu_cores stops at a million), and a
      // gang's total must stay a number.
      if (r->pod.millicores > kMaxPodMillicores)
        return Skip("number_out_of_range",
                    fmt::format("podTemplate.requests.cpu is {} cores, more than the {:.0f} any pod may request",
                                static_cast<double>(r->pod.millicores) / 1000, kMaxPodMillicores / 1000.0));
      // A pod's CPU work progresses at C_req * B_core (§a.2): with no cores
      // it would never finish. Like cpuUnits <= 0, zero counts as missing.
      if (r->pod.millicores == 0) {
        Warn("zero_cpu_request", "podTemplate.requests.cpu is 0; the default 1 core is used");
        r->pod.millicores = 1000;
      }
    } else if (key == "memory") {
      if (!Quantity(value, "podTemplate.requests.memory", false, &r->pod.memory_bytes)) return false;
    } else {
      const GpuKey* g = nullptr;
      for (const GpuKey& k : kGpuKeys)
        if (key == k.key) g = &k;
      // Other resources (ephemeral-storage, hugepages...) do not matter
      // here; noted, so that a misspelt key ("cpus") is not lost unseen.
      if (g == nullptr) {
        NoteUnknown(fmt::format("podTemplate.requests.{}", std::string_view(key)));
        continue;
      }
      int n = 0;
      if (!GpuCount(value, key, &n)) return false;
      if (n == 0) continue;
      if (!gpu_key.empty())
        return Skip("conflicting_gpu_requests",
                    fmt::format("podTemplate.requests asks for GPUs under both '{}' and '{}'", gpu_key, key));
      gpu_key = g->key;
      r->pod.gpus = n;
      r->pod.vendor = g->vendor;
    }
  }
  return true;
}

// Kubernetes semantics: the terms are alternatives, the expressions of a
// term all hold. A term admits the profiles that every expression on
// joulie.io/power-profile admits (`In` its values, `NotIn` the others;
// other keys and operators do not restrict it); the pod, those some term
// admits. It avoids eco nodes when no term admits eco: Joulie's
// `NotIn [.., eco, ..]`, or `In` with a list that lacks eco.
bool JsonlRecordParser::Impl::Affinity(const element& e, std::uint8_t* profiles) {
  constexpr std::string_view kRequired =
      "podTemplate.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
  object aff, node_aff, required;
  element x;
  if (!Obj(e, "podTemplate.affinity", &aff)) return false;
  for (auto [key, value] : aff)  // pod (anti-)affinity does not restrict profiles; a misspelling is noted
    if (key != "nodeAffinity" && key != "podAffinity" && key != "podAntiAffinity")
      NoteUnknown(fmt::format("podTemplate.affinity.{}", std::string_view(key)));
  if (!Get(aff, "nodeAffinity", &x)) return true;
  if (!Obj(x, "podTemplate.affinity.nodeAffinity", &node_aff)) return false;
  if (!Get(node_aff, "requiredDuringSchedulingIgnoredDuringExecution", &x)) return true;
  if (!Obj(x, kRequired, &required)) return false;
  array terms;
  if (!Get(required, "nodeSelectorTerms", &x)) return true;
  if (x.get_array().get(terms)) return WrongType(fmt::format("{}.nodeSelectorTerms", kRequired), "an array", x);
  // Paths are built only for messages: most records with an affinity are fine.
  std::uint8_t admitted = terms.size() > 0 ? 0 : kAllProfiles;
  std::size_t ti = 0;
  for (element term_el : terms) {
    auto tpath = [&] { return fmt::format("{}.nodeSelectorTerms[{}]", kRequired, ti); };
    object term;
    if (term_el.get_object().get(term)) return WrongType(tpath(), "an object", term_el);
    std::uint8_t term_admits = kAllProfiles;
    if (Get(term, "matchExpressions", &x)) {
      array exprs;
      if (x.get_array().get(exprs)) return WrongType(tpath() + ".matchExpressions", "an array", x);
      std::size_t ei = 0;
      for (element expr_el : exprs) {
        auto epath = [&] { return fmt::format("{}.matchExpressions[{}]", tpath(), ei); };
        object expr;
        std::string_view key, op;
        if (expr_el.get_object().get(expr)) return WrongType(epath(), "an object", expr_el);
        if (Get(expr, "key", &x) && x.get_string().get(key)) return WrongType(epath() + ".key", "a string", x);
        if (Get(expr, "operator", &x) && x.get_string().get(op)) return WrongType(epath() + ".operator", "a string", x);
        std::uint8_t listed = 0;
        if (Get(expr, "values", &x)) {
          array values;
          if (x.get_array().get(values)) return WrongType(epath() + ".values", "an array", x);
          std::size_t vi = 0;
          for (element v : values) {
            std::string_view s;
            if (v.get_string().get(s)) return WrongType(fmt::format("{}.values[{}]", epath(), vi), "a string", v);
            for (const auto& [name, profile] : kPowerProfileNames)
              if (s == name) listed |= ProfileBit(profile);
            ++vi;
          }
        }
        if (key == kPowerProfileLabel && op == "In") term_admits &= listed;
        if (key == kPowerProfileLabel && op == "NotIn") term_admits &= static_cast<std::uint8_t>(~listed & kAllProfiles);
        ++ei;
      }
    }
    admitted |= term_admits;
    ++ti;
  }
  *profiles = admitted;
  return true;
}

bool JsonlRecordParser::Impl::Classes(const element& e, WorkProfile* p) {
  object o;
  if (!Obj(e, "workloadClass", &o)) return false;
  element x;
  std::string_view s;
  if (Get(o, "cpu", &x)) {
    if (!Str(x, "workloadClass.cpu", &s)) return false;
    if (!ParseEnumName(kCpuClassNames, s, &p->cpu_class)) {
      if (s == "cpu.compute") {
        p->cpu_class = options.class_alias ? CpuClass::kComputeBound : CpuClass::kMixed;
        Warn("class_alias", fmt::format("workloadClass.cpu 'cpu.compute' read as '{}'",
                                        EnumNameOf(kCpuClassNames, p->cpu_class)));
      } else {
        Warn("unknown_class", fmt::format("workloadClass.cpu '{}' is not a CPU class; read as 'cpu.mixed'", s));
      }
    }
  }
  if (Get(o, "gpu", &x)) {
    if (!Str(x, "workloadClass.gpu", &s)) return false;
    if (!ParseEnumName(kGpuClassNames, s, &p->gpu_class)) {
      if (s == "gpu.compute") {
        p->gpu_class = options.class_alias ? GpuClass::kComputeBound : GpuClass::kMixed;
        Warn("class_alias", fmt::format("workloadClass.gpu 'gpu.compute' read as '{}'",
                                        EnumNameOf(kGpuClassNames, p->gpu_class)));
      } else {
        Warn("unknown_class", fmt::format("workloadClass.gpu '{}' is not a GPU class; read as 'gpu.mixed'", s));
      }
    }
  }
  for (auto [key, value] : o)
    if (key != "cpu" && key != "gpu") NoteUnknown(fmt::format("workloadClass.{}", key));
  return true;
}

// workloadProfile, then §l.1's class-dependent defaults for what it lacks.
bool JsonlRecordParser::Impl::Profile(const element* e, int gpus, WorkProfile* p) {
  bool u_cpu = false, u_gpu = false, mem = false, io = false, feed = false, peer = false;
  if (e != nullptr) {
    object o;
    if (!Obj(*e, "workloadProfile", &o)) return false;
    constexpr std::string_view kParent = "workloadProfile", kRule = "clamped_profile";
    if (!Unit(o, "cpuUtilization", kParent, kRule, &p->u_cpu, &u_cpu) ||
        !Unit(o, "gpuUtilization", kParent, kRule, &p->u_gpu, &u_gpu) ||
        !Unit(o, "memoryIntensity", kParent, kRule, &p->mem, &mem) ||
        !Unit(o, "ioIntensity", kParent, kRule, &p->io, &io) ||
        !Unit(o, "cpuFeedIntensityGpu", kParent, kRule, &p->feed, &feed) ||
        !Unit(o, "peerTransferIntensity", kParent, kRule, &p->peer, &peer))
      return false;
    for (auto [key, value] : o)
      if (key != "cpuUtilization" && key != "gpuUtilization" && key != "memoryIntensity" && key != "ioIntensity" &&
          key != "cpuFeedIntensityGpu" && key != "peerTransferIntensity")
        NoteUnknown(fmt::format("workloadProfile.{}", key));
  }
  const CpuClass c = p->cpu_class;
  const GpuClass g = p->gpu_class;
  const bool gpu_memory = g == GpuClass::kMemoryBound || g == GpuClass::kBandwidthBound;
  if (!u_cpu)
    p->u_cpu = c == CpuClass::kComputeBound ? 0.95 : c == CpuClass::kMemoryBound ? 0.60 : c == CpuClass::kIoBound ? 0.20 : 0.65;
  if (!u_gpu) p->u_gpu = gpus == 0 ? 0 : g == GpuClass::kComputeBound ? 0.95 : gpu_memory ? 0.70 : 0.80;
  if (!mem) p->mem = (c == CpuClass::kMemoryBound || gpu_memory) ? 0.85 : c == CpuClass::kIoBound ? 0.20 : 0.45;
  if (!io) p->io = c == CpuClass::kIoBound ? 0.85 : 0.10;
  if (!feed) p->feed = gpus > 0 ? 0.45 : 0;
  if (!peer) p->peer = 0;
  return true;
}

// One flat walk over §l.1's table, field by field in the table's order (so
// a record's messages come in a fixed order whatever its key order); long
// because the table is.
JsonlRecordParser::Outcome JsonlRecordParser::Impl::Record(const object& o, PodRecord* r) {
  enum Slot { kType, kSchema, kJobId, kOffset, kNs, kWorkloadId, kWorkloadType, kPodRole, kGang, kIntent,
              kPodTemplate, kWork, kSensitivity, kWorkloadClass, kWorkloadProfile, kNumSlots };
  static constexpr std::string_view kKeys[kNumSlots] = {
      "type",    "schemaVersion", "jobId",       "submitTimeOffsetSec", "namespace",     "workloadId",
      "workloadType", "podRole",  "gang",        "intentClass",         "podTemplate",   "work",
      "sensitivity",  "workloadClass", "workloadProfile"};
  // Legacy profile fields and per-pod annotations: accepted, ignored (§l.1).
  static constexpr std::string_view kIgnored[] = {"criticality", "cpu", "gpu", "annotations", "labels"};
  using O = JsonlRecordParser::Outcome;
  std::string_view s;
  // Other record types are ignored whole, before anything else is looked at.
  if (element t; Get(o, "type", &t)) {
    if (!Str(t, "type", &s)) return O::kSkipped;
    if (s != "job") {
      diag->Report(*file, line, "non_job_record", fmt::format("type '{}' is not a job; ignored", s), Severity::kNote);
      return O::kIgnored;
    }
  }
  element f[kNumSlots];
  bool has[kNumSlots] = {};
  for (auto [key, value] : o) {
    int slot = -1;
    for (int i = 0; i < kNumSlots && slot < 0; ++i)
      if (kKeys[i] == key) slot = i;
    if (slot >= 0) {
      f[slot] = value;
      has[slot] = !value.is_null();
    } else if (std::find(std::begin(kIgnored), std::end(kIgnored), key) == std::end(kIgnored)) {
      NoteUnknown(key);
    }
  }
  if (has[kSchema]) {
    if (!Str(f[kSchema], "schemaVersion", &s)) return O::kSkipped;
    if (s != "v1" && s != "v2") Warn("unknown_schema_version", fmt::format("schemaVersion '{}' is not v1 or v2", s));
  }
  if (!has[kJobId]) {
    Skip("missing_job_id", "the record has no jobId");
    return O::kSkipped;
  }
  if (!Str(f[kJobId], "jobId", &s)) return O::kSkipped;
  if (s.empty()) {
    Skip("missing_job_id", "jobId is empty");
    return O::kSkipped;
  }
  // jobId names the pod in every output row (quoted when it holds a comma
  // or a quote); a line break would split the row.
  if (HasControlChar(s)) {
    Skip("bad_job_id", "jobId holds a line break or another control character");
    return O::kSkipped;
  }
  r->pod.name = s;
  r->workload_id = s;
  if (has[kOffset] && !Offset(f[kOffset], &r->submit)) return O::kSkipped;
  r->ns = "default";
  for (auto [slot, out] : {std::pair{kNs, &r->ns}, std::pair{kWorkloadId, &r->workload_id},
                           std::pair{kWorkloadType, &r->workload_type}, std::pair{kPodRole, &r->pod.role}}) {
    if (!has[slot]) continue;
    if (!Str(f[slot], kKeys[slot], &s)) return O::kSkipped;
    *out = s;
  }
  if (has[kGang] && f[kGang].get_bool().get(r->gang)) {
    WrongType("gang", "true or false", f[kGang]);
    return O::kSkipped;
  }
  if (has[kIntent]) {
    if (!Str(f[kIntent], "intentClass", &s)) return O::kSkipped;
    r->has_intent = ParseEnumName(kIntentClassNames, s, &r->intent);
    if (!r->has_intent)
      Warn("unknown_intent", fmt::format("intentClass '{}' is not performance or standard; ignored", s));
  }
  if (has[kPodTemplate]) {
    object pt;
    element x;
    if (!Obj(f[kPodTemplate], "podTemplate", &pt)) return O::kSkipped;
    if (Get(pt, "requests", &x) && !Requests(x, r)) return O::kSkipped;
    if (Get(pt, "affinity", &x) && !Affinity(x, &r->pod.profiles)) return O::kSkipped;
    r->avoids_eco = (r->pod.profiles & ProfileBit(PowerProfile::kEco)) == 0;
    for (auto [key, value] : pt)
      if (key != "requests" && key != "affinity" && key != "limits" && key != "annotations" && key != "labels" &&
          key != "nodeSelector" && key != "tolerations")
        NoteUnknown(fmt::format("podTemplate.{}", key));
  }
  if (has[kWork]) {
    object w;
    element x;
    if (!Obj(f[kWork], "work", &w)) return O::kSkipped;
    if (Get(w, "cpuUnits", &x) && !Num(x, "work.cpuUnits", &r->pod.cpu_units)) return O::kSkipped;
    if (Get(w, "gpuUnits", &x) && !Num(x, "work.gpuUnits", &r->pod.gpu_units)) return O::kSkipped;
    if (r->pod.cpu_units <= 0) {
      Warn("nonpositive_cpu_units",
           fmt::format("work.cpuUnits {} is not positive; the default {} is used", r->pod.cpu_units, kDefaultCpuUnits));
      r->pod.cpu_units = kDefaultCpuUnits;
    }
    if (r->pod.gpu_units < 0) {
      Warn("negative_gpu_units", fmt::format("work.gpuUnits {} is negative; 0 is used", r->pod.gpu_units));
      r->pod.gpu_units = 0;
    }
    // §a.4: GPU work progresses at G_req·B_gpu, so on no GPU it never would
    // and the job could never complete; said, not silently dropped.
    if (r->pod.gpu_units > 0 && r->pod.gpus == 0) {
      Warn("gpu_work_without_gpus",
           fmt::format("work.gpuUnits {} but the pod requests no GPU; its GPU work is dropped (no device can run it)",
                       r->pod.gpu_units));
      r->pod.gpu_units = 0;
    }
    for (auto [key, value] : w)
      if (key != "cpuUnits" && key != "gpuUnits") NoteUnknown(fmt::format("work.{}", key));
  }
  WorkProfile& p = r->pod.profile;
  if (has[kSensitivity]) {
    object sens;
    bool given = false;
    if (!Obj(f[kSensitivity], "sensitivity", &sens) ||
        !Unit(sens, "cpu", "sensitivity", "clamped_sensitivity", &p.s_cpu, &given) ||
        !Unit(sens, "gpu", "sensitivity", "clamped_sensitivity", &p.s_gpu, &given))
      return O::kSkipped;
    for (auto [key, value] : sens)
      if (key != "cpu" && key != "gpu") NoteUnknown(fmt::format("sensitivity.{}", key));
  }
  if (has[kWorkloadClass] && !Classes(f[kWorkloadClass], &p)) return O::kSkipped;
  if (!Profile(has[kWorkloadProfile] ? &f[kWorkloadProfile] : nullptr, r->pod.gpus, &p)) return O::kSkipped;
  return O::kPod;
}

JsonlRecordParser::JsonlRecordParser(const JsonlOptions& options, Diagnostics* diag)
    : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  impl_->diag = diag;
}

JsonlRecordParser::~JsonlRecordParser() = default;

JsonlRecordParser::Outcome JsonlRecordParser::Parse(std::string_view line, bool padded, const std::string& file,
                                                    std::int64_t line_no, PodRecord* out) {
  Impl& m = *impl_;
  m.file = &file;
  m.line = line_no;
  const char* data = line.data();
  if (!padded) {
    // simdjson reads up to kPadding bytes past the end; near the end of the
    // text those are not ours, so the line is copied (rarely).
    m.copy.resize(line.size() + kPadding);
    std::memcpy(m.copy.data(), line.data(), line.size());
    std::memset(m.copy.data() + line.size(), 0, kPadding);
    data = m.copy.data();
  }
  element doc;
  if (const auto err = m.parser.parse(data, line.size(), false).get(doc); err) {
    m.Skip("bad_json", fmt::format("not valid JSON: {}", JsonErrorText(err)));
    return Outcome::kSkipped;
  }
  object o;
  if (doc.get_object().get(o)) {
    m.Skip("not_an_object", fmt::format("a record must be a JSON object, got {}", TypeName(doc)));
    return Outcome::kSkipped;
  }
  *out = PodRecord();
  return m.Record(o, out);
}

}  // namespace clustersim
