//===- Nests.h - What reordering a loop nest must keep ------*- C++ -*-===//
//
// The checks that a change of a loop nest's order shares: weft-interchange
// (a pair of loops inside a parallel loop, run the other way round) and
// the sweeps of weft-outline-tasks (a sequential loop that each chunk of
// the parallel loop inside it runs whole). docs/analysis.md, "Loop
// interchange", and docs/outline.md, "Sweeps".
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_NESTS_H
#define WEFT_ANALYSIS_NESTS_H

#include "weft/Analysis/LoopModel.h"

namespace weft {

/// Is op a counted `for` of the C source (affine.for or scf.for with
/// weft.kind "for")?
bool isCountedFor(mlir::Operation *op);

/// The loop's weft.loop_id, or -1.
int64_t loopIdOf(mlir::Operation *loop);

/// The one loop inside `outer` (at any depth), or null when there is none
/// or more than one: the inner loop of a pair weft-interchange considers.
mlir::Operation *onlyLoopInside(mlir::Operation *outer);

/// The nest of a task's loop `par` that weft-interchange tiled (the k loop
/// with weft.tile among the statements of its body), or null.
mlir::Operation *tiledNest(mlir::Operation *par);

/// The C counter's name of a counted loop (weft.iv_name), or "?".
std::string ivNameOf(mlir::Operation *loop);

/// Why C cannot run a counted for's header again as written, for another
/// iteration of a loop that now comes around it ("" when it can): it comes
/// from a macro, its init does not set the counter (weft.c_init), or it
/// reads its bound from memory. `c` names the counter in the reason.
std::string headerRerunBlocker(mlir::Operation *loop, llvm::StringRef c);

/// Are the bounds of `inner` the same in every iteration of `around` (a
/// loop around it): each value they read is defined before `around`, or a
/// load of a scalar variable declared before it that it never writes?
bool boundsInvariantIn(mlir::Operation *inner, mlir::Operation *around);

/// Is the C counter of `loop`, declared before it, read after the loop
/// before it is written again (the store of its exit value, docs/ir.md,
/// then read)?
bool counterLiveAfter(mlir::Operation *loop, mlir::ModuleOp module);

/// The first pair of `accesses` (at least one a write) that may touch the
/// same element in two different iterations of `iv`'s loop, where the
/// loops from `outer` down are free in each instance (`outer` is that loop
/// or one around it; the loops around `outer` are shared): a reason naming
/// them, or "". Two bases that may overlap count as apart when
/// `maybeApart` says so for their roots (a run-time check sets them apart),
/// and as a conflict otherwise.
std::string firstConflict(
    llvm::ArrayRef<Access> accesses, mlir::Operation *outer, mlir::Value iv,
    llvm::StringRef ivName, mlir::ModuleOp module,
    llvm::function_ref<bool(const BaseInfo &, const BaseInfo &)> maybeApart);

} // namespace weft

#endif // WEFT_ANALYSIS_NESTS_H
