//===- Guards.h - The sides of run-time overlap checks -----------*- C++ -*-===//
//
// guardSide (DetectParallelLoops.cpp) serves the checks of a parallel loop
// and those between two statements of a task graph (TaskGraph.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_TRANSFORMS_GUARDS_H
#define WEFT_TRANSFORMS_GUARDS_H

#include "weft/Analysis/CNames.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Verdict.h"

#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace weft {

/// Size in bytes of one element of a memref (or of a type).
int64_t elemSizeOf(mlir::Type t);

/// The elements of `root` that `accesses` touch over all iterations of
/// `loop` (and of the loops inside it), as a side of a run-time check named
/// in C at the loop's entry; nullopt, with why, when weft cannot bound or
/// name them.
std::optional<GuardSide> guardSide(const BaseInfo &root,
                                   llvm::ArrayRef<const Access *> accesses,
                                   const LoopInfo &loop, CNames &names,
                                   mlir::ModuleOp module,
                                   const Invariants &inv, std::string &why);

} // namespace weft

#endif // WEFT_TRANSFORMS_GUARDS_H
