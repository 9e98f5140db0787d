#pragma once
// RowReader: how the trace readers parse one field and report a bad one
// (diagnose and skip, dr_evt-compat §3): each parse either succeeds or
// reports `FILE:LINE: rule: message` to Diagnostics and returns false.

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "io/timestamp.h"
#include "model/diagnostics.h"

namespace clustersim {

class RowReader {
 public:
  RowReader(const std::string& name, Diagnostics* diag, TimestampParser* ts)
      : name_(name), diag_(diag), ts_(ts) {}

  bool Time(std::string_view field, std::string_view column, std::int64_t line, ParsedTime* out) {
    switch (ts_->Parse(field, out)) {
      case TimestampParser::Outcome::kOk:
        // dr_evt's clock starts at 0 (dr_evt-compat §2.5) and refuses a
        // submit before its current time; a row before 0 would run the
        // resource trace backwards.
        if (out->t < 0) {
          Skip(line, "negative_time",
               fmt::format("{} '{}' is before time 0, where the simulation clock starts", column, Trim(field)));
          return false;
        }
        return true;
      case TimestampParser::Outcome::kMixed:
        Skip(line, "mixed_timestamps",
             fmt::format("{} '{}' is not in the file's timestamp encoding ({})", column,
                         Trim(field), ts_->encoding() == TimestampParser::Encoding::kEpoch
                                          ? "epoch seconds" : "calendar time"));
        return false;
      case TimestampParser::Outcome::kRange:
        Skip(line, "number_out_of_range",
             fmt::format("{} '{}' is out of range (|t| <= {} s)", column, Trim(field), kMaxInputSeconds));
        return false;
      default:
        Skip(line, "bad_timestamp", fmt::format("{}: cannot parse '{}' as a timestamp", column, Trim(field)));
        return false;
    }
  }

  bool Duration(std::string_view field, std::string_view column, std::int64_t line, SimTime* out) {
    ParseError e = ParseSeconds(field, out);
    if (e == ParseError::kRange) {
      Skip(line, "number_out_of_range",
           fmt::format("{} '{}' is out of range (at most {} s)", column, Trim(field), kMaxInputSeconds));
      return false;
    }
    if (e != ParseError::kOk) {
      Skip(line, "bad_number", fmt::format("{}: cannot parse '{}' as seconds", column, Trim(field)));
      return false;
    }
    if (*out < 0) {
      Skip(line, "negative_duration", fmt::format("{} is negative ({})", column, Trim(field)));
      return false;
    }
    return true;
  }

  bool Int(std::string_view field, std::string_view column, std::int64_t line, std::int64_t* out) {
    ParseError e = ParseInt(field, out);
    if (e == ParseError::kRange) {
      Skip(line, "number_out_of_range", fmt::format("{} '{}' is out of range", column, Trim(field)));
      return false;
    }
    if (e != ParseError::kOk) {
      Skip(line, "bad_number", fmt::format("{}: cannot parse '{}' as an integer", column, Trim(field)));
      return false;
    }
    return true;
  }

  // A job's size (num_nodes): a whole number in [0, kMaxInputCount], which
  // keeps a replay's sum of units in use (no machine size limits it)
  // inside int64.
  bool Nodes(std::string_view field, std::string_view column, std::int64_t line, std::int64_t* out) {
    if (!Int(field, column, line, out)) return false;
    if (*out < 0) {
      Skip(line, "negative_nodes", fmt::format("{} is negative ({})", column, *out));
      return false;
    }
    if (*out > kMaxInputCount) {
      Skip(line, "number_out_of_range",
           fmt::format("{} '{}' is out of range (at most {})", column, Trim(field), kMaxInputCount));
      return false;
    }
    return true;
  }

  // A row's warnings are held until the reader keeps it (Keep): a row a
  // later rule skips, or a filter drops, counts only as skipped (or not at
  // all), not also as warned about (HeldReports).
  void Skip(std::int64_t line, std::string_view rule, std::string msg) {
    held_.Drop();
    diag_->Report(name_, line, rule, std::move(msg), Severity::kSkip);
  }
  void Warn(std::int64_t line, std::string_view rule, std::string msg) {
    held_.Hold(line, rule, std::move(msg), Severity::kWarning);
  }
  void Keep(std::int64_t line) { held_.Keep(diag_, name_, line); }

 private:
  const std::string& name_;
  Diagnostics* diag_;
  TimestampParser* ts_;
  HeldReports held_;
};

}  // namespace clustersim
