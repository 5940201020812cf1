//===- EmitRemarks.cpp - One remark per loop, with the final verdict ----------===//
//
// weft-remarks: the last pass of the pipeline, so that a loop that detection
// found parallel but that the outliner left sequential (too little work)
// says so.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#define DEBUG_TYPE "weft-remarks"

namespace weft {
#define GEN_PASS_DEF_EMITREMARKS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {
struct EmitRemarks : public weft::impl::EmitRemarksBase<EmitRemarks> {
  using EmitRemarksBase::EmitRemarksBase;
  void runOnOperation() final {
    if (remarks != "all" && remarks != "missed" && remarks != "passed" &&
        remarks != "none") {
      getOperation().emitError(
          "remarks must be all, missed, passed or none, not '")
          << remarks << "'";
      return signalPassFailure();
    }
    emitVerdictRemarks(getOperation(), remarks);
  }
};
} // namespace
