//===- Dependence.h - Loop-carried dependences, by Presburger arithmetic -*- C++ -*-===//
//
// Whether two accesses in a loop body can touch the same memory in two
// different iterations of the loop, decided exactly with MLIR's Presburger
// library where the subscripts and bounds are affine, after delinearizing
// flattened subscripts (i*n + j with 0 <= j < n proven from the bounds), and
// conservatively otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_DEPENDENCE_H
#define WEFT_ANALYSIS_DEPENDENCE_H

#include "weft/Analysis/LoopModel.h"

#include "llvm/ADT/DenseSet.h"

namespace weft {

/// The answer for one pair of accesses.
struct Dependence {
  enum Kind {
    None,  ///< proven: never the same memory in two iterations
    Exact, ///< proven: the same memory in two different iterations
    May    ///< not disproven: something was unknown (reason in `why`)
  } kind = None;
  /// The access that comes first in the dependence (in the earlier
  /// iteration), and the other.
  const Access *first = nullptr, *second = nullptr;
  /// The distance between the two iterations, in units of the loop's
  /// induction variable, when it is the same for every instance.
  std::optional<int64_t> distance;
  std::string why;

  /// "flow" (written, then read), "anti" (read, then written) or "output"
  /// (written twice).
  llvm::StringRef kindName() const {
    return first->isWrite ? (second->isWrite ? "output" : "flow") : "anti";
  }
  /// Is s one of the names kindName() returns, or "bound" (a write that
  /// may move a bound C reads from memory): the kinds the testing option
  /// unsafe-ignore-dependences takes?
  static bool isKindName(llvm::StringRef s) {
    return s == "flow" || s == "anti" || s == "output" || s == "bound" ||
           s == "private" || s == "reduction";
  }
};

/// Tests two accesses to the same memory root (Overlap::Same) for a
/// dependence carried by `loop` (a counted loop). `inv` (invariantsOf the
/// loop) lets loads of unchanged variables and memory in the loop count as
/// one number. With `assumes`, a flattened subscript whose row length is
/// a symbol (`y[i * incy]`, `dst[i * stride + ch]`) is delinearized on
/// conditions: polynomials that must be >= 0 where the loop starts (the
/// column within the row), which a run-time check tests; they are added to
/// `assumes` when the answer is None, and only then.
Dependence testDependence(const Access &a, const Access &b,
                          const LoopInfo &loop, mlir::ModuleOp module,
                          const Invariants *inv = nullptr,
                          llvm::SmallVectorImpl<Poly> *assumes = nullptr);

/// Tests whether two accesses can touch the same element within one run of
/// `loop`: the loops around it are shared, and there is no order between
/// the instances (the access outside the loop, a load of its bound, comes
/// first). `first` is a, `second` b.
Dependence testTouch(const Access &a, const Access &b, const LoopInfo &loop,
                     mlir::ModuleOp module, const Invariants *inv = nullptr);

/// How two accesses in two loops of one block can touch the same element:
/// `a` in loop `la`, `b` in loop `lb` after it (neither inside the other;
/// the loops around both are shared). Never; only in the same iteration k
/// of both loops, counting each from its start (with one step); or
/// otherwise, which is also the answer when weft cannot tell.
enum class Across { Never, SameIteration, Other };
Across testAcross(const Access &a, const LoopInfo &la, const Access &b,
                  const LoopInfo &lb, mlir::ModuleOp module);

/// The loads in `loop` (`body` is its collectBody, with its own bounds
/// trusted; `info` its loopInfoOf with trustBounds) of places that are the
/// same in every iteration and that no write in the body can reach
/// (docs/analysis.md, "Invariant loads"). With `proven`, only writes weft
/// proves apart count; without, writes to bases that may overlap count too,
/// for the loop's own analysis, whose run-time checks then cover every such
/// pair (it tests every write against every access, these loads included).
Invariants invariantsOf(mlir::Operation *loop, const LoopBody &body,
                        const LoopInfo &info, mlir::ModuleOp module,
                        bool proven);

} // namespace weft

#endif // WEFT_ANALYSIS_DEPENDENCE_H
