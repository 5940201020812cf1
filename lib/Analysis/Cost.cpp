//===- Cost.cpp - How long a loop body takes, roughly ----------------------===//
//
// Weights are nanoseconds on a ~2 GHz core, from instruction latencies and
// throughputs of the ops the C code compiles to: cheap integer and logic ops
// a fraction of a ns, a floating-point add or multiply about one, divisions
// and square roots several, a math library call tens. A load or store costs
// its issue slot in `ns`; its traffic from memory is counted apart, in
// `bytes` (Cost.h says which accesses count).
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
                 kFloatDiv = 6, kMemOp = 0.5, kMathCall = 20, kSqrt = 6,
                 kOtherCall = 50, kEffects = 5, kCtypeCall = 2;
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

std::optional<int64_t> WorkModel::valueOf(Value v) {
  if (auto c = getConstantIntValue(v))
    return c;
  if (auto it = known.find(v); it != known.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  if (def && isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp>(def))
    return valueOf(def->getOperand(0));
  return std::nullopt;
}

std::optional<int64_t> WorkModel::tripOf(Operation *loop) {
  if (auto trip = constantTrip(loop))
    return trip;
  // An upper bound that is the lower one plus a constant (`j < k + 8 &&
  // j < n` from `j = k + 1`): at most that many iterations, whatever the
  // other bounds say.
  LoopInfo info = loopInfoOf(loop);
  if (info.counted() && info.step > 0 && info.lbs.size() == 1) {
    std::optional<int64_t> most;
    for (const Poly &ub : info.ubs)
      if (auto d = ub.plus(info.lbs[0], -1); d && d->isConstant()) {
        int64_t c = d->constantTerm();
        int64_t t = c > 0 ? (c + info.step - 1) / info.step : 0;
        most = most ? std::min(*most, t) : t;
      }
    if (most)
      return most;
  }
  if (known.empty())
    return std::nullopt;
  if (auto f = dyn_cast<affine::AffineForOp>(loop)) {
    // Single-result bounds over known operands.
    auto eval = [&](AffineMap map, ValueRange ops) -> std::optional<int64_t> {
      if (map.getNumResults() != 1)
        return std::nullopt;
      SmallVector<Attribute> vals;
      for (Value o : ops) {
        auto c = valueOf(o);
        if (!c)
          return std::nullopt;
        vals.push_back(
            IntegerAttr::get(IndexType::get(loop->getContext()), *c));
      }
      SmallVector<Attribute> out;
      if (failed(map.constantFold(vals, out)) || out.size() != 1)
        return std::nullopt;
      auto i = dyn_cast_or_null<IntegerAttr>(out[0]);
      return i ? std::optional<int64_t>(i.getInt()) : std::nullopt;
    };
    auto lb = eval(f.getLowerBoundMap(), f.getLowerBoundOperands());
    auto ub = eval(f.getUpperBoundMap(), f.getUpperBoundOperands());
    int64_t step = f.getStepAsInt();
    if (!lb || !ub || step <= 0)
      return std::nullopt;
    return *ub > *lb ? (*ub - *lb + step - 1) / step : 0;
  }
  if (auto f = dyn_cast<scf::ForOp>(loop)) {
    auto lb = valueOf(f.getLowerBound()), ub = valueOf(f.getUpperBound());
    auto step = valueOf(f.getStep());
    if (!lb || !ub || !step || *step <= 0)
      return std::nullopt;
    return *ub > *lb ? (*ub - *lb + *step - 1) / *step : 0;
  }
  return std::nullopt;
}

Work WorkModel::ofCallSite(Operation *op) {
  auto call = cast<CallOp>(op);
  StringRef callee = call.getCallee();
  Work w;
  w.ns = ofCall(callee);
  w.assumed = callAssumed(callee);
  auto fn = module.lookupSymbol<func::FuncOp>(callee);
  if (!w.assumed || !fn || fn.isExternal() || inProgress.contains(callee))
    return w;
  llvm::DenseMap<Value, int64_t> outer = known, inner;
  std::vector<std::pair<unsigned, int64_t>> key;
  for (auto [formal, actual] : llvm::zip(fn.getArguments(), call.getArgs()))
    if (formal.getType().isIntOrIndex())
      if (auto c = valueOf(actual)) {
        inner[formal] = *c;
        key.push_back({formal.getArgNumber(), *c});
      }
  if (inner.empty())
    return w;
  auto memo = sites.find({callee.str(), key});
  if (memo != sites.end())
    return memo->second;
  known = std::move(inner);
  inProgress.insert(callee);
  Work site;
  for (Block &b : fn.getBody())
    site += ofBlock(b);
  inProgress.erase(callee);
  known = std::move(outer);
  site.ns += 2;   // the call itself
  site.bytes = 0; // calls count no bytes
  sites[{callee.str(), key}] = site;
  return site;
}

/// Does `v` depend on `iv` through the ops that compute it in the same
/// function (a bounded search)?
static bool dependsOn(Value v, Value iv, int depth = 0) {
  if (v == iv)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16 || def->getNumRegions() != 0)
    return false;
  for (Value o : def->getOperands())
    if (dependsOn(o, iv, depth + 1))
      return true;
  return false;
}

/// The memref, subscripts and (for affine accesses) map of an access.
struct AccessSite {
  Value mem;
  ValueRange indices;
  AffineMap map;
};

static std::optional<AccessSite> subscriptOf(Operation *access) {
  if (auto l = dyn_cast<affine::AffineLoadOp>(access))
    return AccessSite{l.getMemref(), l.getMapOperands(), l.getAffineMap()};
  if (auto s = dyn_cast<affine::AffineStoreOp>(access))
    return AccessSite{s.getMemref(), s.getMapOperands(), s.getAffineMap()};
  if (auto l = dyn_cast<memref::LoadOp>(access))
    return AccessSite{l.getMemref(), l.getIndices(), AffineMap()};
  if (auto s = dyn_cast<memref::StoreOp>(access))
    return AccessSite{s.getMemref(), s.getIndices(), AffineMap()};
  return std::nullopt;
}

/// An affine map without the constant terms of its results: the accesses of
/// a stream (a[i-1], a[i], a[i+1]) have the same one.
static AffineMap withoutConstants(AffineMap map) {
  SmallVector<AffineExpr> zeros;
  for (unsigned i = 0; i < map.getNumDims(); ++i)
    zeros.push_back(getAffineConstantExpr(0, map.getContext()));
  SmallVector<AffineExpr> symZeros;
  for (unsigned i = 0; i < map.getNumSymbols(); ++i)
    symZeros.push_back(getAffineConstantExpr(0, map.getContext()));
  SmallVector<AffineExpr> out;
  for (AffineExpr e : map.getResults()) {
    AffineExpr c =
        simplifyAffineExpr(e.replaceDimsAndSymbols(zeros, symZeros), 0, 0);
    out.push_back(
        isa<AffineConstantExpr>(c)
            ? simplifyAffineExpr(e - c, map.getNumDims(), map.getNumSymbols())
            : e);
  }
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), out,
                        map.getContext());
}

/// The bytes one iteration of `loop` moves from memory through the accesses
/// directly in it (not in loops inside it), one stream counted once.
static double streamBytes(Operation *loop) {
  Value iv;
  if (auto f = dyn_cast<affine::AffineForOp>(loop))
    iv = f.getInductionVar();
  else if (auto f = dyn_cast<scf::ForOp>(loop))
    iv = f.getInductionVar();
  SmallVector<std::pair<AccessSite, AffineMap>> streams;
  double bytes = 0;
  for (Region &r : loop->getRegions())
    r.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isLoop(op))
        return WalkResult::skip(); // its own iterations count it
      std::optional<AccessSite> sub = subscriptOf(op);
      if (!sub)
        return WalkResult::advance();
      auto type = dyn_cast<MemRefType>(sub->mem.getType());
      if (!type)
        return WalkResult::advance();
      Type elem = type.getElementType();
      double size =
          elem.isIntOrFloat()
              ? std::max<unsigned>(1, elem.getIntOrFloatBitWidth() / 8)
              : 8;
      if (type.hasStaticShape() &&
          (double)type.getNumElements() * size <= (double)kCachedBytes)
        return WalkResult::advance();
      // The same cell in every iteration (of a counted loop) stays put.
      if (iv && llvm::none_of(sub->indices,
                              [&](Value i) { return dependsOn(i, iv); }))
        return WalkResult::advance();
      AffineMap key = sub->map ? withoutConstants(sub->map) : AffineMap();
      for (auto &[s, k] : streams)
        if (s.mem == sub->mem && k == key &&
            llvm::equal(s.indices, sub->indices))
          return WalkResult::advance();
      streams.push_back({*sub, key});
      bytes += size;
      return WalkResult::advance();
    });
  return bytes;
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
  w.bytes += streamBytes(loop);
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
  // A look-up in the locale's tables (Summaries.cpp), or where they are.
  if (fn && (isCtypeFunction(callee) || isLocaleTableFunction(callee)) &&
      (fn.isExternal() || fn->hasAttr("weft.included")))
    return kCtypeCall;
  if (!fn || fn.isExternal() || inProgress.contains(callee))
    return kOtherCall;
  inProgress.insert(callee);
  Work w;
  for (Block &b : fn.getBody())
    w += ofBlock(b);
  // A callee's own callees may assume their trip counts too.
  fn.walk([&](CallOp c) {
    if (!inProgress.contains(c.getCallee()) && callAssumed(c.getCallee()))
      w.assumed = true;
  });
  inProgress.erase(callee);
  double ns = w.ns + 2; // the call itself
  calls[callee] = ns;
  if (w.assumed)
    assumedCalls.insert(callee);
  return ns;
}

bool WorkModel::callAssumed(llvm::StringRef callee) {
  (void)ofCall(callee);
  return assumedCalls.contains(callee);
}

Work WorkModel::ofOp(Operation *op) {
  Work w;
  if (isa<affine::AffineForOp, scf::ForOp>(op)) {
    Work body = perIteration(op);
    auto trip = tripOf(op);
    double n = (double)(trip ? *trip : kAssumedTrip);
    w.ns = body.ns * n + kIntOp;
    w.bytes = body.bytes * n;
    w.assumed = body.assumed || !trip;
    return w;
  }
  if (auto loop = dyn_cast<OpaqueLoopOp>(op)) {
    Work body = perIteration(op);
    w.ns = body.ns * (double)kAssumedTrip;
    w.bytes = body.bytes * (double)kAssumedTrip;
    w.assumed = true;
    return w;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    // The longer branch: a loop is worth parallelizing if it may be long.
    // An error path (weft.error_path: that branch) runs once at most, and
    // then the program ends: it costs nothing per iteration.
    Work t = isErrorBranch(ifOp, 0) ? Work() : ofBlock(*ifOp.thenBlock());
    Work e = ifOp.elseBlock() && !isErrorBranch(ifOp, 1)
                 ? ofBlock(*ifOp.elseBlock())
                 : Work();
    w = t.ns >= e.ns ? t : e;
    w.bytes = std::max(t.bytes, e.bytes);
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
  if (isExpandedCall(op))
    return w; // its callee's body, copied before it, is the work
  if (auto call = dyn_cast<CallOp>(op)) {
    if (callSites)
      return ofCallSite(call);
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
