#pragma once
// Diagnostics: where readers report bad input. Each entry names file, line,
// rule and message; the sink counts entries per rule for the run summary and
// decides, by policy, whether a rule skips the record or stops the run.
// Modelled on LevelDB's log::Reader::Reporter.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace clustersim {

// "1 job", "2 jobs": counts in messages read as English.
inline std::string CountOf(std::int64_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

enum class Severity : std::uint8_t {
  kNote,     // a documented change to a record (e.g. a clairvoyant estimate)
  kWarning,  // record kept, but suspicious (e.g. zero run time)
  kSkip,     // record dropped (skip-and-count)
};

struct Diagnostic {
  std::string file;
  std::int64_t line = 0;  // 1-based physical line; 0 = whole file
  std::string rule;
  std::string message;
  Severity severity = Severity::kSkip;

  // `file:line: rule: message` (the line part is omitted when 0), with
  // control bytes from the input escaped (model/text_escape.h).
  std::string ToString() const;
};

class Diagnostics {
 public:
  // Echoes a rule's reports to `echo` (nullptr = silent) while the rule's
  // count is below `max_echo`; the count is of records (ReportRecords adds
  // several at once), so a rule's first report is always echoed.
  explicit Diagnostics(std::ostream* echo = nullptr, int max_echo = 5);

  // With stop_on_skip (--strict), the first kSkip entry turns into a fatal
  // error: readers check stopped() after reporting and return it as a Status.
  void set_stop_on_skip(bool v) { stop_on_skip_ = v; }
  bool stopped() const { return stopped_; }

  // Called before each echoed line (empty = none): a progress line on the
  // same terminal erases itself, or the report would be glued to it.
  void set_before_echo(std::function<void()> f) { before_echo_ = std::move(f); }

  // `echo`: also print a note or warning (by default only skips and
  // whole-file messages are); for reports a reader already makes once per
  // kind, such as an unknown JSONL field, which is most often a typo.
  void Report(std::string_view file, std::int64_t line, std::string_view rule,
              std::string message, Severity severity = Severity::kSkip, bool echo = false);
  // One whole-file message about `records` records ("4 sampled run times
  // were clamped"): echoed once, and counted per record, so the summary's
  // count says how many jobs it concerns, as per-record reports would.
  void ReportRecords(std::string_view file, std::string_view rule, std::int64_t records, std::string message,
                     Severity severity);

  // Count per rule, rules in lexicographic order (deterministic output).
  const std::map<std::string, std::int64_t>& counts() const { return counts_; }
  std::map<std::string, std::int64_t> CountsOf(Severity s) const;
  std::int64_t Count(std::string_view rule) const;
  std::int64_t TotalOf(Severity s) const;
  // Records dropped by a format's filter (dr_evt's legacy queue filter):
  // reported as notes, since dr_evt drops them silently and --strict must
  // not stop on them, but they are drops, not changes.
  static constexpr std::string_view kQueueFiltered = "queue_filtered";
  std::int64_t Filtered() const { return Count(kQueueFiltered); }
  // CountsOf(kNote) without the filtered records.
  std::map<std::string, std::int64_t> Changed() const;

  // The first entries reported (up to 1000), for tests and summaries.
  const std::vector<Diagnostic>& entries() const { return entries_; }
  const Diagnostic* first_fatal() const { return stopped_ ? &fatal_ : nullptr; }

 private:
  void Add(std::string_view file, std::int64_t line, std::string_view rule, std::string message, Severity severity,
           bool echo_anyway, std::int64_t records);

  std::ostream* echo_;
  int max_echo_;
  std::function<void()> before_echo_;
  bool stop_on_skip_ = false;
  bool stopped_ = false;
  Diagnostic fatal_;
  std::map<std::string, std::int64_t> counts_;
  std::map<std::string, Severity> severities_;
  std::vector<Diagnostic> entries_;
};

// A record's notes and warnings, held until its reader knows it keeps the
// record: a record a later rule drops counts only as skipped, not also as
// changed or warned about. Rules are string literals (held as views).
class HeldReports {
 public:
  // Holding a report for another line first drops those held (that record
  // ended, kept or not, without Keep).
  void Hold(std::int64_t line, std::string_view rule, std::string message, Severity severity) {
    if (!held_.empty() && held_.front().line != line) held_.clear();
    held_.push_back({line, rule, std::move(message), severity});
  }
  // The record at `line` is kept: its held reports go to `diag`.
  void Keep(Diagnostics* diag, std::string_view file, std::int64_t line) {
    for (Held& h : held_)
      if (h.line == line) diag->Report(file, line, h.rule, std::move(h.message), h.severity);
    held_.clear();
  }
  void Drop() { held_.clear(); }

 private:
  struct Held {
    std::int64_t line;
    std::string_view rule;
    std::string message;
    Severity severity;
  };
  std::vector<Held> held_;
};

}  // namespace clustersim
