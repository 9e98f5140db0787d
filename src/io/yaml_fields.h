#pragma once
// Strict reading of YAML configuration files (the hardware catalog, the
// cluster inventory) on top of yaml-cpp: typed field access that reports the
// first problem as one line, `file:line: key.path: message`, with a "did you
// mean" hint for unknown keys. Functions return false once an error is
// recorded; the caller stops and returns status(). Internal to io/.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "model/diagnostics.h"
#include "model/hardware.h"
#include "model/status.h"

namespace clustersim {

class YamlFields {
 public:
  explicit YamlFields(std::string file) : file_(std::move(file)) {}

  // Parses a whole document; a syntax error becomes `file:line: yaml: ...`.
  // A file of several documents (`---`) fails: only one would be read.
  bool Parse(std::string_view text, YAML::Node* root);

  // Records the first error (later ones are dropped) and returns false.
  bool Fail(const YAML::Node& at, std::string_view path, std::string message);
  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  const std::string& file() const { return file_; }

  // A value accepted with a documented fallback (e.g. a CPU model the
  // catalog lacks runs on the base model): kept, for the caller to report.
  void Warn(const YAML::Node& at, std::string_view path, std::string_view rule, std::string message);
  const std::vector<Diagnostic>& warnings() const { return warnings_; }

  // 1-based line of a node (0 when yaml-cpp has no position for it). An
  // empty value ("replicas:" and nothing) is a null node that yaml-cpp
  // places where the next token starts, a line or more on (past the end of
  // the file at its last line): for one in a map that RequireMap or
  // CheckKeys saw, the key's line.
  int LineOf(const YAML::Node& n) const;

  bool RequireMap(const YAML::Node& n, std::string_view path);
  bool RequireSequence(const YAML::Node& n, std::string_view path);
  // Every key of map `m` is in `allowed` (and none repeats); an unknown one
  // fails with the closest allowed name as a hint.
  bool CheckKeys(const YAML::Node& m, std::string_view path, std::initializer_list<std::string_view> allowed);
  // Fails naming `key` when the map has no such field.
  bool Require(const YAML::Node& m, std::string_view path, std::string_view key);

  // Scalar conversions. `path` names the field in messages.
  bool String(const YAML::Node& n, std::string_view path, std::string* out);
  bool Int(const YAML::Node& n, std::string_view path, std::int64_t* out);
  bool Number(const YAML::Node& n, std::string_view path, double* out);
  bool Bool(const YAML::Node& n, std::string_view path, bool* out);
  bool StringList(const YAML::Node& n, std::string_view path, std::vector<std::string>* out);
  bool NumberList(const YAML::Node& n, std::string_view path, std::vector<double>* out);

  // Range checks on an already converted value `v` of node `n`.
  bool AtLeast(const YAML::Node& n, std::string_view path, double v, double min);
  bool Positive(const YAML::Node& n, std::string_view path, double v);
  bool Between(const YAML::Node& n, std::string_view path, double v, double min, double max);

  // A measured curve: `curve_w` (watts; with no `curve_load_pct`, at 0, 10,
  // ..., 100 % load, so 11 values) and optional `curve_load_pct` in map `m`.
  // Loads strictly increase within [0, 100]; watts never decrease. `none`
  // or null for curve_w leaves `out` empty. `*given` says whether curve_w
  // appeared at all.
  bool Curve(const YAML::Node& m, std::string_view path, std::vector<CurvePoint>* out, bool* given);

  // True for a null node or the scalar `none` (an explicit "not present").
  static bool IsNone(const YAML::Node& n);

 private:
  std::string Describe(const YAML::Node& n) const;  // "'abc'", "a list", "a map"
  // Remembers the key of each empty value of map `m`, for LineOf.
  void NoteEmptyValues(const YAML::Node& m);

  std::string file_;
  Status status_;
  std::vector<Diagnostic> warnings_;
  // (empty value, its key): few per file, so a list searched by identity.
  std::vector<std::pair<YAML::Node, YAML::Node>> empty_values_;
};

// "a.b" / "a[3]" path building.
std::string FieldPath(std::string_view parent, std::string_view key);
std::string IndexPath(std::string_view parent, std::size_t index);

}  // namespace clustersim
