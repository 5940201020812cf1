//===- Scalars.h - Private, last-private, reduction variables ---*- C++ -*-===//
//
// A scalar variable that a loop writes (a memory cell defined before the
// loop) keeps the loop sequential unless each iteration can have its own
// copy: when every read in an iteration follows a write in that iteration
// (private; last-private when the value is used after the loop, and
// conditionally last-private when some iterations do not write it), or when
// every access is an update `s = s op x` of one associative operator
// (a reduction).
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_SCALARS_H
#define WEFT_ANALYSIS_SCALARS_H

#include "weft/Analysis/LoopModel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace weft {

/// What a scalar cell written in a loop is to that loop.
struct ScalarRole {
  /// CondLastPrivate: private and live after the loop, but written in
  /// only some iterations: its value after the loop is the one the last
  /// iteration that writes it wrote (or the value before the loop if none
  /// does), which each chunk records with whether it wrote it.
  enum Kind {
    Private,
    LastPrivate,
    CondLastPrivate,
    Reduction,
    Carried
  } kind = Carried;
  BaseInfo cell;
  /// Reduction: "add", "mul", "min", "max", "and", "or" or "xor".
  std::string op;
  /// Reduction by min or max: x replaces the accumulator when `x pred acc`
  /// ("gt", "ge", "lt", "le"), or "call" for fmin and fmax.
  std::string pred;
  bool isFloat = false;
  /// Reduction: false when a parallel result may round differently (a
  /// floating-point + or *, fmin/fmax): allowed only with reassociation.
  bool exact = true;
  /// Carried: why the value flows between iterations.
  std::string why;
  /// An access to point a note at, and what it does there.
  mlir::Operation *witness = nullptr;
  std::string witnessText;
};

/// Classifies every scalar cell that `loop` writes. `accesses` are the loop
/// body's (collectBody).
llvm::SmallVector<ScalarRole> classifyScalars(mlir::Operation *loop,
                                              llvm::ArrayRef<Access> accesses,
                                              mlir::ModuleOp module);

/// May the cell's value be read after `loop` (or in a later iteration of a
/// loop around it) before it is written again? Follows structured control
/// out of the loop; a global, an escaping cell, or a function with goto is
/// always live.
bool isLiveAfter(const BaseInfo &cell, mlir::Operation *loop);

/// How a loop updates an array (docs/analysis.md, "Array reductions"), from
/// all of the loop's accesses to its memory: when each is a load or store
/// of the array itself, and every store is an update `a[s] = a[s] op x` of
/// one operator (+ or - as "add", *, &, |, ^; C's conversions around it
/// allowed) whose load of a[s], with the same subscripts in the same block,
/// flows into nothing else, and whose x reads nothing of the array, the
/// operator ("add", "mul", "and", "or", "xor") and whether it is on
/// floating point. Nothing otherwise.
struct ArrayUpdate {
  std::string op;
  bool isFloat = false;
};
std::optional<ArrayUpdate>
arrayUpdateOf(llvm::ArrayRef<const Access *> accesses);

/// Is every element of an array that an iteration of `loop` reads written
/// earlier in that same iteration (docs/analysis.md, "Private arrays")?
/// `accesses` are all of the loop's accesses to the array's memory; each
/// must be a load or store of the array itself. Followed through `if` (an
/// element written on both sides), and through inner counted loops whose
/// every iteration writes one element `a[.., j + c, ..]` of a row of
/// elements they run over (`for (j = 0; j < 3; j++) t[j] = ...` writes
/// t[0..2]); a read must then lie in what is written, within the same
/// iteration of the loops around it or over the range of their counters.
/// A read's subscript may also be kept in what is written by the ifs
/// around it and the clamps on its way (valueWays). A continue, and a break
/// of a loop inside, are followed; a return, a goto, a switch, a break of
/// the loop itself, or an access this cannot place, answer no. Returns the
/// first read not so covered (the loop itself when it cannot tell), or null.
mlir::Operation *exposedRead(mlir::Operation *loop,
                             llvm::ArrayRef<const Access *> accesses);

/// The same walk over a whole function, for the memory behind one of its
/// pointer parameters: when every element the function reads of it is one
/// it wrote before in the call, the element ranges it surely writes, as
/// subscripts over its scalar parameters (empty when it writes none for
/// sure); nothing when a read is not so covered. A call among `accesses`
/// takes part by its Access::sure marks. The function may end with a
/// return; no other jump or switch.
std::optional<llvm::SmallVector<llvm::SmallVector<Subscript>>>
filledBy(mlir::func::FuncOp fn, llvm::ArrayRef<const Access *> accesses);

/// Is the access op reading or writing this cell?
bool touchesCell(const Access &a, const BaseInfo &cell, mlir::ModuleOp module);

} // namespace weft

#endif // WEFT_ANALYSIS_SCALARS_H
