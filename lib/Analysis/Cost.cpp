//===- Cost.cpp - How long a loop body takes, roughly ----------------------===//
//
// Weights are nanoseconds on a ~2 GHz core, from instruction latencies and
// throughputs of the ops the C code compiles to: cheap integer and logic ops
// a fraction of a ns, a floating-point add or multiply about one, divisions
// and square roots several, a math library call tens. A load or store costs
// its issue slot here; memory traffic is the cost model's business.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <algorithm>

using namespace mlir;
using namespace weft;

namespace {
constexpr double kIntOp = 0.3, kIntMul = 1, kIntDiv = 8, kFloatOp = 1,
                 kFloatDiv = 6, kMemOp = 0.5, kMathCall = 20,
                 kSqrt = 6, kOtherCall = 50, kEffects = 5;
} // namespace

std::optional<int64_t> WorkModel::constantTrip(Operation *loop) {
  if (auto f = dyn_cast<affine::AffineForOp>(loop)) {
    if (!f.hasConstantBounds())
      return std::nullopt;
    int64_t lb = f.getConstantLowerBound(), ub = f.getConstantUpperBound();
    int64_t step = f.getStepAsInt();
    return ub > lb ? (ub - lb + step - 1) / step : 0;
  }
  if (auto f = dyn_cast<scf::ForOp>(loop)) {
    auto lb = getConstantIntValue(f.getLowerBound());
    auto ub = getConstantIntValue(f.getUpperBound());
    auto step = getConstantIntValue(f.getStep());
    if (!lb || !ub || !step || *step <= 0)
      return std::nullopt;
    return *ub > *lb ? (*ub - *lb + *step - 1) / *step : 0;
  }
  return std::nullopt;
}

Work WorkModel::ofBlock(Block &b) {
  Work w;
  for (Operation &op : b)
    w += ofOp(&op);
  return w;
}

Work WorkModel::perIteration(Operation *loop) {
  Work w;
  for (Region &r : loop->getRegions())
    for (Block &b : r)
      w += ofBlock(b);
  return w;
}

static bool isFloatOp(Operation *op) {
  for (Type t : op->getResultTypes())
    if (isa<FloatType>(t))
      return true;
  for (Type t : op->getOperandTypes())
    if (isa<FloatType>(t))
      return true;
  return false;
}

double WorkModel::ofCall(llvm::StringRef callee) {
  if (auto it = calls.find(callee); it != calls.end())
    return it->second;
  bool setsErrno;
  if (isMathFunction(callee, setsErrno)) {
    llvm::StringRef c = callee;
    bool cheap = c.starts_with("sqrt") || c.starts_with("fabs") ||
                 c.starts_with("fmin") || c.starts_with("fmax") ||
                 c.starts_with("floor") || c.starts_with("ceil") ||
                 c.starts_with("trunc") || c.starts_with("round") ||
                 c.starts_with("rint") || c.starts_with("copysign");
    return cheap ? kSqrt : kMathCall;
  }
  auto fn = module.lookupSymbol<func::FuncOp>(callee);
  if (!fn || fn.isExternal() || inProgress.contains(callee))
    return kOtherCall;
  inProgress.insert(callee);
  Work w;
  for (Block &b : fn.getBody())
    w += ofBlock(b);
  inProgress.erase(callee);
  double ns = w.ns + 2; // the call itself
  calls[callee] = ns;
  return ns;
}

Work WorkModel::ofOp(Operation *op) {
  Work w;
  if (isa<affine::AffineForOp, scf::ForOp>(op)) {
    Work body = perIteration(op);
    auto trip = constantTrip(op);
    w.ns = body.ns * (double)(trip ? *trip : kAssumedTrip) + kIntOp;
    w.assumed = body.assumed || !trip;
    return w;
  }
  if (auto loop = dyn_cast<OpaqueLoopOp>(op)) {
    Work body = perIteration(op);
    w.ns = body.ns * (double)kAssumedTrip;
    w.assumed = true;
    return w;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    // The longer branch: a loop is worth parallelizing if it may be long.
    Work t = ofBlock(*ifOp.thenBlock());
    Work e = ifOp.elseBlock() ? ofBlock(*ifOp.elseBlock()) : Work();
    w = t.ns >= e.ns ? t : e;
    w.assumed = t.assumed || e.assumed;
    w.ns += kIntOp;
    return w;
  }
  if (isa<affine::AffineIfOp, SwitchOp>(op)) {
    for (Region &r : op->getRegions())
      for (Block &b : r)
        w += ofBlock(b);
    return w;
  }
  if (auto call = dyn_cast<CallOp>(op)) {
    w.ns = ofCall(call.getCallee());
    return w;
  }
  if (isa<EffectsOp>(op)) {
    w.ns = kEffects;
    return w;
  }
  if (isa<affine::AffineLoadOp, affine::AffineStoreOp, memref::LoadOp,
          memref::StoreOp>(op)) {
    w.ns = kMemOp;
    return w;
  }
  if (isa<arith::DivFOp, arith::RemFOp>(op)) {
    w.ns = kFloatDiv;
    return w;
  }
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::CeilDivSIOp, arith::FloorDivSIOp>(op)) {
    w.ns = kIntDiv;
    return w;
  }
  if (isa<arith::MulIOp>(op)) {
    w.ns = kIntMul;
    return w;
  }
  if (op->getDialect() && op->getDialect()->getNamespace() == "arith") {
    if (isa<arith::ConstantOp, arith::IndexCastOp, arith::IndexCastUIOp>(op))
      return w;
    w.ns = isFloatOp(op) ? kFloatOp : kIntOp;
    return w;
  }
  if (isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(op)) {
    w.ns = kIntOp;
    return w;
  }
  // Regions of anything else (and nothing for views, addresses, yields).
  for (Region &r : op->getRegions())
    for (Block &b : r)
      w += ofBlock(b);
  return w;
}
