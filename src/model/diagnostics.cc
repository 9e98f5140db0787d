#include "model/diagnostics.h"

#include <ostream>

#include "model/text_escape.h"

namespace clustersim {

std::string Diagnostic::ToString() const {
  std::string s;
  s.reserve(file.size() + rule.size() + message.size() + 24);
  s.append(EscapeControl(file));
  if (line > 0) s.append(":").append(std::to_string(line));
  s.append(": ").append(rule).append(": ").append(EscapeControl(message));
  return s;
}

Diagnostics::Diagnostics(std::ostream* echo, int max_echo) : echo_(echo), max_echo_(max_echo) {}

void Diagnostics::Report(std::string_view file, std::int64_t line, std::string_view rule,
                         std::string message, Severity severity, bool echo_anyway) {
  Add(file, line, rule, std::move(message), severity, echo_anyway, 1);
}

void Diagnostics::ReportRecords(std::string_view file, std::string_view rule, std::int64_t records,
                                std::string message, Severity severity) {
  Add(file, 0, rule, std::move(message), severity, false, records);
}

void Diagnostics::Add(std::string_view file, std::int64_t line, std::string_view rule, std::string message,
                      Severity severity, bool echo_anyway, std::int64_t records) {
  std::int64_t& n = counts_[std::string(rule)];
  const std::int64_t before = n;
  n += records;
  severities_[std::string(rule)] = severity;
  Diagnostic d{std::string(file), line, std::string(rule), std::move(message), severity};
  // Per-record notes and warnings are only counted (the summary lists them);
  // dropped records and whole-file messages are echoed.
  const bool echo = severity == Severity::kSkip || line == 0 || echo_anyway;
  if (echo_ != nullptr && echo && before < max_echo_ && !(severity == Severity::kSkip && stop_on_skip_)) {
    if (before_echo_) before_echo_();
    *echo_ << d.ToString() << '\n';
    if (records == 1 && n == max_echo_)
      *echo_ << EscapeControl(d.file) << ": " << rule << ": further reports of this rule are only counted\n";
  }
  if (severity == Severity::kSkip && stop_on_skip_ && !stopped_) {
    stopped_ = true;
    fatal_ = d;
  }
  if (entries_.size() < 1000) entries_.push_back(std::move(d));
}

std::map<std::string, std::int64_t> Diagnostics::CountsOf(Severity s) const {
  std::map<std::string, std::int64_t> out;
  for (const auto& [rule, n] : counts_)
    if (severities_.at(rule) == s) out[rule] = n;
  return out;
}

std::map<std::string, std::int64_t> Diagnostics::Changed() const {
  std::map<std::string, std::int64_t> out = CountsOf(Severity::kNote);
  out.erase(std::string(kQueueFiltered));
  return out;
}

std::int64_t Diagnostics::Count(std::string_view rule) const {
  auto it = counts_.find(std::string(rule));
  return it == counts_.end() ? 0 : it->second;
}

std::int64_t Diagnostics::TotalOf(Severity s) const {
  std::int64_t t = 0;
  for (const auto& [rule, n] : counts_)
    if (severities_.at(rule) == s) t += n;
  return t;
}

}  // namespace clustersim
