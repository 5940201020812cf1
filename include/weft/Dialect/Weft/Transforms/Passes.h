//===- Passes.h - weft's passes -------------------------------------*- C++ -*-===//
//
// Declarations generated from Passes.td, and the named pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_H
#define WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_H

#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <string>
#include <vector>

namespace weft {

#define GEN_PASS_DECL
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"

/// The options of weft's pipeline: every option of its passes that a user
/// sets (docs/weft-translate.md).
struct PipelineOptions {
  bool fpReductions = false;
  std::string mathErrno = "pure";
  std::vector<std::string> skip;
  /// Testing only (docs/testing.md): dependence kinds to ignore.
  std::vector<std::string> unsafeIgnore;
  std::string remarks = "all";
  double forkJoinNs = 1000;
  int cores = 0;
  std::vector<int> coreWeights;
  bool fuseRegions = true;
  bool interchange = true;
  /// weft-interchange also tiles (its `tile` option).
  bool tile = true;
  bool taskGraphs = true;
  /// Statements that run a loop in parallel may be tasks (libweft output;
  /// an OpenMP section cannot share its loop).
  bool loopTasks = true;
};

/// Adds weft's pipeline to `pm`: weft-count-loops, weft-expand-calls,
/// weft-detect-parallel-loops,
/// weft-outline-tasks, weft-interchange, weft-assign-cores, weft-fuse-regions,
/// weft-task-graph,
/// weft-frequency-hints and weft-remarks.
void buildPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);

/// Registers the pipeline as `weft-pipeline` (weft-opt --weft-pipeline).
void registerPipeline();

/// Why weft-count-loops leaves `loop` uncounted, or "" when it counts it:
/// its decision, on a `while`, `do` or `for` loop that carries the header
/// the importer read (weft.c_counter, weft.c_bounds). The importer asks it
/// of every `for` whose header has a counted loop's shape, imported as
/// opaque first, and builds the loops it counts as affine.for or scf.for
/// (docs/ir.md, "Loops").
std::string whyNotCounted(OpaqueLoopOp loop);

} // namespace weft

#endif // WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_H
