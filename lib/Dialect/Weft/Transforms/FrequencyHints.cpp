//===- FrequencyHints.cpp - What each parallel region asks of the cores -----===//
//
// weft-frequency-hints: a task whose iterations move more bytes from memory
// than their operations take time for is memory-bound; the others are
// compute-bound. The runtime turns that intent into a frequency hint around
// the region. Long sequential loops between regions are marked as serial
// stretches (docs/outline.md).
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

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

  // Serial stretches: in a file with parallel regions, an outermost loop
  // that stays sequential, runs no region itself or through a function of
  // the file that it calls, and is known to take at least WEFT_HINT_MIN_NS
  // gets a hint of its own (the rewriter calls
  // weft_hint(WEFT_INTENT_SERIAL) before it): the calling thread fast,
  // the team parked.
  // Functions that run regions, directly or through the calls they make.
  llvm::DenseSet<StringAttr> runsRegions;
  module.walk([&](TaskOp task) {
    if (auto fn = task->getParentOfType<func::FuncOp>())
      runsRegions.insert(fn.getSymNameAttr());
  });
  if (runsRegions.empty())
    return;
  auto callsRegions = [&](Operation *root) {
    bool found = false;
    root->walk([&](Operation *op) {
      if (isa<TaskOp>(op))
        found = true;
      if (auto callee = op->getAttrOfType<FlatSymbolRefAttr>("callee"))
        if (runsRegions.contains(callee.getAttr()))
          found = true;
      return found ? WalkResult::interrupt() : WalkResult::advance();
    });
    return found;
  };
  for (bool grew = true; grew;) {
    grew = false;
    module.walk([&](func::FuncOp fn) {
      if (!runsRegions.contains(fn.getSymNameAttr()) && callsRegions(fn)) {
        runsRegions.insert(fn.getSymNameAttr());
        grew = true;
      }
    });
  }
  module.walk([&](Operation *op) {
    if (!op->hasAttr("weft.loop_id") || op->getParentOfType<TaskOp>())
      return;
    for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
      if (p->hasAttr("weft.loop_id"))
        return; // not outermost
    if (callsRegions(op))
      return;
    auto trip = WorkModel::constantTrip(op);
    if (!trip)
      return;
    double ns = work.perIteration(op).ns * (double)*trip;
    if (ns >= WEFT_HINT_MIN_NS)
      op->setAttr("weft.serial_hint_ns", b.getF64FloatAttr(ns));
  });
}
