//===- AssignCores.cpp - The loop descriptor of each task ---------------------===//
//
// weft-assign-cores: the runtime splits a task's iterations over the team
// (a static, capacity-weighted chunk plan); the compiler tells it how the
// cost of an iteration varies. A loop whose inner loops have trip counts
// linear in its counter (a triangular nest) gets the linear shape, so that
// chunks have equal work rather than equal length. The default team of
// --cores and --core-weights is recorded for the generated code.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/CNames.h"
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>

#define DEBUG_TYPE "weft-assign-cores"

namespace weft {
#define GEN_PASS_DEF_ASSIGNCORES
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {
struct AssignCores : public weft::impl::AssignCoresBase<AssignCores> {
  using AssignCoresBase::AssignCoresBase;
  void runOnOperation() final;
};

/// The cost of iteration `iv` of a loop as a + b * iv, in ps: `a` a
/// polynomial over values defined outside the loop, `b` a constant.
struct LinearCost {
  Poly a;
  int64_t b = 0;
};
} // namespace

/// The cost of one iteration of `loop` as a linear function of its
/// induction variable, when some inner loop's trip count is linear in it;
/// nothing otherwise (a uniform loop, or a shape weft does not follow).
static std::optional<LinearCost> linearCost(Operation *loop,
                                            WorkModel &work) {
  LoopInfo info = loopInfoOf(loop);
  if (!info.counted())
    return std::nullopt;
  Value iv = info.iv;
  LinearCost cost;
  double constantPs = 0;
  bool linear = false;
  for (Region &r : loop->getRegions())
    for (Block &block : r)
      for (Operation &op : block) {
        if (!isa<affine::AffineForOp, scf::ForOp>(op)) {
          constantPs += work.ofOp(&op).ns * 1000;
          continue;
        }
        LoopInfo inner = loopInfoOf(&op);
        bool dependsOnIv =
            inner.counted() && inner.lbs.size() == 1 &&
            inner.ubs.size() == 1 &&
            (llvm::is_contained(inner.lbs[0].atoms(), iv) ||
             llvm::is_contained(inner.ubs[0].atoms(), iv));
        if (!dependsOnIv) {
          constantPs += work.ofOp(&op).ns * 1000;
          continue;
        }
        if (inner.step != 1 || inner.stepValue)
          return std::nullopt;
        auto trip = inner.ubs[0].plus(inner.lbs[0], -1);
        if (!trip)
          return std::nullopt;
        // Linear in iv: iv occurs only alone, with a constant coefficient.
        for (auto &[m, c] : trip->terms())
          if (llvm::is_contained(m, iv) && m.size() != 1)
            return std::nullopt;
        int64_t c = trip->coefficient(iv);
        auto rest = trip->plus(*Poly::atom(iv).scaled(c), -1);
        int64_t wPs = std::max<int64_t>(
            1, (int64_t)std::llround(work.perIteration(&op).ns * 1000));
        auto restCost = rest ? rest->scaled(wPs) : std::nullopt;
        auto sum = restCost ? cost.a.plus(*restCost) : std::nullopt;
        if (!sum)
          return std::nullopt;
        cost.a = *sum;
        cost.b += c * wPs;
        linear = true;
      }
  if (!linear || cost.b == 0)
    return std::nullopt;
  auto a = cost.a.plus(Poly::constant((int64_t)std::llround(constantPs)));
  if (!a)
    return std::nullopt;
  cost.a = *a;
  return cost;
}

void AssignCores::runOnOperation() {
  ModuleOp module = getOperation();
  Builder b(module.getContext());
  WorkModel work(module);
  if (cores < 0 || cores > 1024) {
    module.emitError("cores must be between 0 and 1024, not ") << cores;
    return signalPassFailure();
  }
  for (int w : coreWeights)
    if (w <= 0 || w > 1048576) {
      module.emitError("core weights must be between 1 and 1048576, not ")
          << w;
      return signalPassFailure();
    }
  if (cores > 0 || !coreWeights.empty()) {
    SmallVector<NamedAttribute> team;
    if (cores > 0)
      team.push_back(b.getNamedAttr("cores", b.getI64IntegerAttr(cores)));
    if (!coreWeights.empty()) {
      SmallVector<int64_t> w(coreWeights.begin(), coreWeights.end());
      team.push_back(b.getNamedAttr("weights", b.getDenseI64ArrayAttr(w)));
    }
    module->setAttr("weft.default_team", b.getDictionaryAttr(team));
  }

  module.walk([&](TaskOp task) {
    Operation *loop = task.getLoop();
    task.setRegionIdAttr(b.getI64IntegerAttr(task.getLoopId()));
    task.setShapeAttr(b.getStringAttr("uniform"));
    task.removeCost0Attr();
    task.removeCost1Attr();
    auto cost = linearCost(loop, work);
    if (!cost)
      return;
    // In terms of the normalized iteration k: iv = lb + step * k for an
    // increasing loop; a normalized decreasing loop's iv is k.
    Poly cost0 = cost->a;
    int64_t cost1 = cost->b;
    LoopInfo info = loopInfoOf(loop);
    if (!loop->hasAttr("weft.c_step")) {
      if (info.lbs.size() != 1 || info.stepValue)
        return;
      auto lbCost = info.lbs[0].scaled(cost->b);
      auto sum = lbCost ? cost0.plus(*lbCost) : std::nullopt;
      if (!sum)
        return;
      cost0 = *sum;
      cost1 = cost->b * info.step;
    }
    CNames names(loop);
    auto c0 = names.convert(cost0);
    if (!c0)
      return;
    CPoly c1{Term{cost1, {}}};
    task.setShapeAttr(b.getStringAttr("linear"));
    task.setCost0Attr(cpolyAttr(b, *c0));
    task.setCost1Attr(cpolyAttr(b, c1));
  });
}
