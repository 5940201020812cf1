//===- Exported.h - A call summary another module can carry ----*- C++ -*-===//
//
// What weft knows of a function defined in one file, in the terms a
// declaration of it in another file's module can carry (docs/analysis.md,
// "Functions of other files"): no MLIR values, so that the driver can pass
// it from one file's import to another's.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_EXPORTED_H
#define WEFT_ANALYSIS_EXPORTED_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace weft {

/// Const (no memory read or written), ReadsArgs (reads only the objects
/// its pointer parameters point into, anywhere in them; writes nothing),
/// Effects (reads and writes through its pointer parameters, below), or
/// Unknown with why ("which writes the global calls").
struct ExportedSummary {
  enum Kind { Const, ReadsArgs, Effects, Unknown } kind = Unknown;
  std::string why;
  /// Effects: through which parameter, read or written, and where: each
  /// subscript a constant range [lo, hi], or unknown (anywhere in the
  /// object), which a module without the body can map onto a call.
  struct Effect {
    unsigned param = 0;
    bool isWrite = false;
    std::vector<std::optional<std::pair<int64_t, int64_t>>> subs;
  };
  std::vector<Effect> effects;
};

} // namespace weft

#endif // WEFT_ANALYSIS_EXPORTED_H
