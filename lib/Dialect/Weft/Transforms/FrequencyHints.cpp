//===- FrequencyHints.cpp - What each parallel region asks of the cores -----===//
//
// weft-frequency-hints: a task whose iterations move more bytes from memory
// than their operations take time for is memory-bound; the others are
// compute-bound. The runtime turns that intent into a frequency hint around
// the region (docs/outline.md).
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

#include "weft.h" // WEFT_HINT_MIN_NS

#define DEBUG_TYPE "weft-frequency-hints"

namespace weft {
#define GEN_PASS_DEF_FREQUENCYHINTS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {
struct FrequencyHints : public weft::impl::FrequencyHintsBase<FrequencyHints> {
  using FrequencyHintsBase::FrequencyHintsBase;
  void runOnOperation() final;
};
} // namespace

void FrequencyHints::runOnOperation() {
  ModuleOp module = getOperation();
  WorkModel work(module);
  Builder b(module.getContext());
  module.walk([&](TaskOp task) {
    Operation *loop = task.getLoop();
    Work per = work.perIteration(loop);
    task.setBytesPerIterAttr(b.getF64FloatAttr(per.bytes));
    auto trip = WorkModel::constantTrip(loop);
    if (trip && per.ns * (double)*trip < WEFT_HINT_MIN_NS) {
      task.removeIntentAttr();
      return;
    }
    task.setIntentAttr(
        b.getStringAttr(per.memoryBound() ? "memory" : "compute"));
  });
}
