//===- Affine.cpp - Subscripts and bounds as affine maps --------------------===//
//
// An integer C expression is affine when it is a sum of constant multiples of
// atoms that MLIR accepts in affine maps: induction variables of affine.for,
// and valid symbols (values defined at the function's top level: parameters,
// invariant locals, cells read at the top level). Such subscripts become
// affine.load/store and such bounds affine.for; everything else is computed
// with arith and used by memref.load/store or scf.for (docs/ir.md).
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"

#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

bool Linear::add(const Linear &o, int64_t scale) {
  int64_t c;
  if (llvm::MulOverflow(o.constant, scale, c) ||
      llvm::AddOverflow(constant, c, constant))
    return false;
  for (auto &[atom, coef] : o.terms) {
    int64_t t;
    if (llvm::MulOverflow(coef, scale, t))
      return false;
    int64_t &slot = terms[atom];
    if (llvm::AddOverflow(slot, t, slot))
      return false;
  }
  return true;
}

/// Is v defined at the top level of the current function (a block argument of
/// its entry block, or an op directly in it)?
static bool isTopLevel(Value v, func::FuncOp fn) {
  Region *r = v.getParentRegion();
  return r == &fn.getBody();
}

Value Importer::symbolFor(Value v, bool isUnsigned) {
  if (!isTopLevel(v, currentFn))
    return Value();
  if (v.getType().isIndex())
    return v;
  auto it = indexOf.find(v);
  if (it != indexOf.end())
    return it->second;
  OpBuilder::InsertionGuard g(builder);
  if (auto arg = dyn_cast<BlockArgument>(v))
    builder.setInsertionPointToStart(arg.getOwner());
  else
    builder.setInsertionPointAfter(v.getDefiningOp());
  Value idx;
  if (isUnsigned)
    idx = builder.create<arith::IndexCastUIOp>(v.getLoc(),
                                               builder.getIndexType(), v);
  else
    idx = builder.create<arith::IndexCastOp>(v.getLoc(),
                                             builder.getIndexType(), v);
  indexOf[v] = idx;
  return idx;
}

std::optional<Linear> Importer::linearize(const clang::Expr *e) {
  e = e->IgnoreParens();
  clang::Expr::EvalResult er;
  if (!e->isValueDependent() && e->getType()->isIntegerType() &&
      e->EvaluateAsInt(er, ctx)) {
    Linear l;
    if (er.Val.getInt().getSignificantBits() > 63)
      return std::nullopt;
    l.constant = er.Val.getInt().getSExtValue();
    return l;
  }
  if (const auto *ice = dyn_cast<clang::ImplicitCastExpr>(e)) {
    switch (ice->getCastKind()) {
    case clang::CK_IntegralCast:
    case clang::CK_NoOp:
    case clang::CK_LValueToRValue:
      return linearize(ice->getSubExpr());
    default:
      return std::nullopt;
    }
  }
  if (const auto *ce = dyn_cast<clang::CStyleCastExpr>(e)) {
    if (ce->getCastKind() == clang::CK_IntegralCast ||
        ce->getCastKind() == clang::CK_NoOp)
      return linearize(ce->getSubExpr());
    return std::nullopt;
  }
  if (const auto *dre = dyn_cast<clang::DeclRefExpr>(e)) {
    const auto *var = dyn_cast<clang::VarDecl>(dre->getDecl());
    if (!var || !var->getType()->isIntegerType())
      return std::nullopt;
    auto cit = counters.find(var);
    if (cit != counters.end()) {
      const CounterInfo &c = cit->second;
      if (!c.affine)
        return std::nullopt;
      Linear l;
      if (!c.normalized) {
        l.terms[c.iv] = 1;
        return l;
      }
      // start + step * iv.
      if (!c.startLin)
        return std::nullopt;
      l = *c.startLin;
      l.terms[c.iv] += c.step;
      return l;
    }
    VarInfo *vi = lookupVar(var);
    if (!vi)
      return std::nullopt;
    if (vi->kind == VarInfo::SSA) {
      Value sym = symbolFor(vi->value, isUnsigned(var->getType()));
      if (!sym)
        return std::nullopt;
      Linear l;
      l.terms[sym] = 1;
      return l;
    }
    if (vi->kind == VarInfo::Cell && atFunctionTopLevel()) {
      // A read at the function's top level is a valid symbol.
      Value v = evalScalar(e);
      Value sym = symbolFor(v, isUnsigned(var->getType()));
      if (!sym)
        return std::nullopt;
      Linear l;
      l.terms[sym] = 1;
      return l;
    }
    return std::nullopt;
  }
  if (const auto *uo = dyn_cast<clang::UnaryOperator>(e)) {
    if (uo->getOpcode() == clang::UO_Minus) {
      auto sub = linearize(uo->getSubExpr());
      if (!sub)
        return std::nullopt;
      Linear l;
      if (!l.add(*sub, -1))
        return std::nullopt;
      return l;
    }
    if (uo->getOpcode() == clang::UO_Plus)
      return linearize(uo->getSubExpr());
    return std::nullopt;
  }
  if (const auto *bo = dyn_cast<clang::BinaryOperator>(e)) {
    if (!bo->getType()->isIntegerType())
      return std::nullopt;
    switch (bo->getOpcode()) {
    case clang::BO_Add:
    case clang::BO_Sub: {
      auto lhs = linearize(bo->getLHS());
      if (!lhs)
        return std::nullopt;
      auto rhs = linearize(bo->getRHS());
      if (!rhs)
        return std::nullopt;
      if (!lhs->add(*rhs, bo->getOpcode() == clang::BO_Add ? 1 : -1))
        return std::nullopt;
      return lhs;
    }
    case clang::BO_Mul: {
      auto lhs = linearize(bo->getLHS());
      if (!lhs)
        return std::nullopt;
      auto rhs = linearize(bo->getRHS());
      if (!rhs)
        return std::nullopt;
      // One side must be a constant.
      if (!lhs->terms.empty() && !rhs->terms.empty())
        return std::nullopt;
      const Linear &k = lhs->terms.empty() ? *lhs : *rhs;
      const Linear &x = lhs->terms.empty() ? *rhs : *lhs;
      Linear l;
      if (!l.add(x, k.constant))
        return std::nullopt;
      return l;
    }
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

AffineMap Importer::affineMapOf(ArrayRef<Linear> forms,
                                SmallVectorImpl<Value> &operands) {
  // Dims are induction variables (and other valid dims that are not
  // symbols); symbols are valid symbols.
  SmallVector<Value> dims, syms;
  auto slotOf = [&](Value v) -> AffineExpr {
    bool isSym = affine::isValidSymbol(v);
    SmallVector<Value> &list = isSym ? syms : dims;
    unsigned pos = llvm::find(list, v) - list.begin();
    if (pos == list.size())
      list.push_back(v);
    return isSym ? getAffineSymbolExpr(pos, &mlirCtx)
                 : getAffineDimExpr(pos, &mlirCtx);
  };
  SmallVector<AffineExpr> results;
  for (const Linear &l : forms) {
    AffineExpr expr = getAffineConstantExpr(l.constant, &mlirCtx);
    for (auto &[atom, coef] : l.terms)
      if (coef != 0)
        expr = expr + slotOf(atom) * coef;
    results.push_back(expr);
  }
  operands.assign(dims.begin(), dims.end());
  operands.append(syms.begin(), syms.end());
  return AffineMap::get(dims.size(), syms.size(), results, &mlirCtx);
}
