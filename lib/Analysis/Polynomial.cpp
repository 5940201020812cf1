//===- Polynomial.cpp - Subscripts and bounds as integer polynomials --------===//
//
// See Polynomial.h. Widening casts are read as the identity: C programs
// cannot rely on signed overflow, and an unsigned subscript that wraps past
// its type indexes outside its object. Narrowing casts are not: they wrap
// values that can be valid subscripts.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Polynomial.h"
#include "weft/Analysis/Memory.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace weft;

bool MonomialLess::operator()(const Monomial &a, const Monomial &b) const {
  if (a.size() != b.size())
    return a.size() < b.size();
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i])
      return a[i].getAsOpaquePointer() < b[i].getAsOpaquePointer();
  return false;
}

Poly Poly::constant(int64_t c) {
  Poly p;
  if (c != 0)
    p.terms_[{}] = c;
  return p;
}

Poly Poly::atom(Value v) {
  Poly p;
  p.terms_[{v}] = 1;
  return p;
}

std::optional<Poly> Poly::substituted(function_ref<Poly(Value)> f) const {
  Poly out;
  for (auto &[m, c] : terms_) {
    std::optional<Poly> t = Poly::constant(c);
    for (Value v : m)
      if (t)
        t = t->times(f(v));
    if (!t || !(t = out.plus(*t)))
      return std::nullopt;
    out = *t;
  }
  return out;
}

std::optional<Poly> Poly::at(const DenseMap<Value, int64_t> &values) const {
  return substituted([&](Value v) {
    auto it = values.find(v);
    return it != values.end() ? Poly::constant(it->second) : Poly::atom(v);
  });
}

unsigned Poly::degree() const {
  unsigned d = 0;
  for (auto &[m, c] : terms_)
    d = std::max<unsigned>(d, m.size());
  return d;
}

int64_t Poly::constantTerm() const {
  auto it = terms_.find({});
  return it == terms_.end() ? 0 : it->second;
}

int64_t Poly::coefficient(Value atom) const {
  auto it = terms_.find({atom});
  return it == terms_.end() ? 0 : it->second;
}

SmallVector<Value> Poly::atoms() const {
  SmallVector<Value> out;
  for (auto &[m, c] : terms_)
    for (Value v : m)
      if (!llvm::is_contained(out, v))
        out.push_back(v);
  return out;
}

std::optional<Poly> Poly::plus(const Poly &o, int64_t scale) const {
  Poly r = *this;
  for (auto &[m, c] : o.terms_) {
    int64_t t;
    if (llvm::MulOverflow(c, scale, t))
      return std::nullopt;
    int64_t &slot = r.terms_[m];
    if (llvm::AddOverflow(slot, t, slot))
      return std::nullopt;
    if (slot == 0)
      r.terms_.erase(m);
  }
  return r;
}

std::pair<Poly, Poly> Poly::splitBy(Value atom) const {
  Poly e1, e0;
  for (auto &[m, c] : terms_) {
    auto it = llvm::find(m, atom);
    if (it == m.end()) {
      e0.terms_[m] = c;
      continue;
    }
    // Distinct monomials with atom stay distinct without one atom, and
    // sorted.
    Monomial rest(m.begin(), it);
    rest.append(std::next(it), m.end());
    e1.terms_[rest] = c;
  }
  return {e1, e0};
}

std::optional<Poly> Poly::scaled(int64_t k) const {
  return Poly().plus(*this, k);
}

std::optional<Poly> Poly::times(const Poly &o) const {
  Poly r;
  for (auto &[ma, ca] : terms_)
    for (auto &[mb, cb] : o.terms_) {
      if (ma.size() + mb.size() > 2)
        return std::nullopt;
      Monomial m(ma.begin(), ma.end());
      m.append(mb.begin(), mb.end());
      llvm::sort(m, [](Value x, Value y) {
        return x.getAsOpaquePointer() < y.getAsOpaquePointer();
      });
      int64_t c;
      if (llvm::MulOverflow(ca, cb, c))
        return std::nullopt;
      int64_t &slot = r.terms_[m];
      if (llvm::AddOverflow(slot, c, slot))
        return std::nullopt;
      if (slot == 0)
        r.terms_.erase(m);
    }
  return r;
}

std::optional<Poly> weft::polyOfExpr(AffineExpr e, ArrayRef<Poly> dims,
                                     ArrayRef<Poly> syms) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return Poly::constant(cast<AffineConstantExpr>(e).getValue());
  case AffineExprKind::DimId:
    return dims[cast<AffineDimExpr>(e).getPosition()];
  case AffineExprKind::SymbolId:
    return syms[cast<AffineSymbolExpr>(e).getPosition()];
  case AffineExprKind::Add:
  case AffineExprKind::Mul: {
    auto bin = cast<AffineBinaryOpExpr>(e);
    auto l = polyOfExpr(bin.getLHS(), dims, syms);
    auto r = polyOfExpr(bin.getRHS(), dims, syms);
    if (!l || !r)
      return std::nullopt;
    return e.getKind() == AffineExprKind::Add ? l->plus(*r) : l->times(*r);
  }
  default:
    return std::nullopt; // floordiv, ceildiv, mod
  }
}

std::optional<SmallVector<Poly>> weft::polysOfMap(AffineMap map,
                                                  ValueRange operands) {
  SmallVector<Poly> dims, syms;
  for (unsigned i = 0; i < map.getNumDims(); ++i)
    dims.push_back(polyOf(operands[i]));
  for (unsigned i = 0; i < map.getNumSymbols(); ++i)
    syms.push_back(polyOf(operands[map.getNumDims() + i]));
  SmallVector<Poly> out;
  for (AffineExpr e : map.getResults()) {
    auto p = polyOfExpr(e, dims, syms);
    if (!p)
      return std::nullopt;
    out.push_back(*p);
  }
  return out;
}

/// The value a read of a local scalar variable gets from a write of it
/// earlier in the same iteration, with nothing between them that may write
/// the variable or let control in (`k = i * cols + j; ... J[k]`: the k of
/// the subscript is i * cols + j), or null. The write is earlier in the
/// read's block, or in a block around it up to the nearest loop (an if's
/// branch starts where the if is): a write before the loop would give a
/// value the loop's checks may not be able to name, where the variable
/// itself has one.
static Value forwardedStore(Operation *load) {
  if (!isa<affine::AffineLoadOp, memref::LoadOp>(load) ||
      load->getNumOperands() != 1)
    return Value();
  Value cell = load->getOperand(0);
  MemPath p = memPathOf(cell);
  if (!p.views.empty() || !p.root.isCell || p.root.escapes ||
      !cell.getDefiningOp<memref::AllocaOp>())
    return Value();
  auto entered = [](Operation *op) {
    // Control may arrive there without passing what precedes it.
    bool label = false;
    op->walk([&](Operation *in) {
      label |= isa<CaseOp, LabelOp>(in);
      return label ? WalkResult::interrupt() : WalkResult::advance();
    });
    return label;
  };
  for (Operation *from = load;;) {
    for (Operation *op = from->getPrevNode(); op; op = op->getPrevNode()) {
      if (isa<affine::AffineStoreOp, memref::StoreOp>(op) &&
          op->getOperand(1) == cell)
        return op->getNumOperands() == 2 ? op->getOperand(0) : Value();
      if (entered(op) || mayWriteCell(op, cell))
        return Value();
    }
    auto parent = dyn_cast_or_null<scf::IfOp>(from->getParentOp());
    if (!parent)
      return Value();
    from = parent;
  }
}

Poly weft::polyOf(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return Poly::atom(v);
  if (auto c = getConstantIntValue(v))
    return Poly::constant(*c);
  std::optional<Poly> r;
  // Widening casts keep the value. A truncation may wrap a value that is in
  // range for the subscript (`table[(unsigned char)i]`): an atom.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def)) {
    r = polyOf(def->getOperand(0));
  } else if (isa<arith::AddIOp>(def)) {
    r = polyOf(def->getOperand(0)).plus(polyOf(def->getOperand(1)));
  } else if (isa<arith::SubIOp>(def)) {
    r = polyOf(def->getOperand(0)).plus(polyOf(def->getOperand(1)), -1);
  } else if (isa<arith::MulIOp>(def)) {
    r = polyOf(def->getOperand(0)).times(polyOf(def->getOperand(1)));
  } else if (isa<arith::DivSIOp, arith::RemSIOp>(def)) {
    // C's / and % of two constants (`n / 4` where n = w * h of constants):
    // both truncate toward zero, as arith's do.
    Poly a = polyOf(def->getOperand(0)), b = polyOf(def->getOperand(1));
    if (a.isConstant() && b.isConstant() && b.constantTerm() != 0 &&
        !(b.constantTerm() == -1 && a.constantTerm() == INT64_MIN))
      r = Poly::constant(isa<arith::DivSIOp>(def)
                             ? a.constantTerm() / b.constantTerm()
                             : a.constantTerm() % b.constantTerm());
  } else if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    auto polys = polysOfMap(apply.getAffineMap(), apply.getMapOperands());
    if (polys && polys->size() == 1)
      r = (*polys)[0];
  } else if (Value stored = forwardedStore(def)) {
    r = polyOf(stored);
  }
  return r ? *r : Poly::atom(v);
}

/// The ranges of an integer value's bits as arith's ops give them
/// (InferIntRangeInterface), following stored locals as polyOf does; any
/// value of its width where an op does not tell (a load, an argument), past
/// `depth` ops, or for a value that is not an integer (width 0).
static ConstantIntRanges rangeOf(Value v, unsigned depth = 0) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(v.getType());
  ConstantIntRanges any = ConstantIntRanges::maxRange(std::max(width, 1u));
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16 || width == 0)
    return any;
  if (Value stored = forwardedStore(def))
    return stored.getType() == v.getType() ? rangeOf(stored, depth + 1) : any;
  auto infer = dyn_cast<InferIntRangeInterface>(def);
  if (!infer)
    return any;
  SmallVector<ConstantIntRanges> args;
  for (Value o : def->getOperands())
    args.push_back(rangeOf(o, depth + 1));
  std::optional<ConstantIntRanges> out;
  infer.inferResultRanges(args, [&](Value r, const ConstantIntRanges &c) {
    if (r == v)
      out = c;
  });
  return out && out->umin().getBitWidth() == any.umin().getBitWidth() ? *out
                                                                      : any;
}

std::optional<Poly> weft::indexLength(Value index, int64_t maxConstant) {
  ConstantIntRanges r = rangeOf(index);
  if (ConstantIntRanges::getStorageBitwidth(index.getType()) != 0 &&
      !r.smin().isNegative() && r.smax().slt(maxConstant))
    return Poly::constant(r.smax().getSExtValue() + 1);
  // x % y: peel the casts on the way. Unsigned widenings keep the
  // remainder's value; so do signed ones of a signed remainder of an x that
  // is not negative (below |y| <= 2^(w-1)), and of 64 bits, where a y too
  // large for int64_t is negative as C gives it, and so no length.
  Value v = index;
  bool signedNarrow = false;
  for (unsigned depth = 0; depth < 8; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (Value stored = forwardedStore(def)) {
      v = stored;
      continue;
    }
    if (isa<arith::IndexCastUIOp, arith::ExtUIOp, arith::IndexCastOp,
            arith::ExtSIOp>(def)) {
      signedNarrow |= isa<arith::IndexCastOp, arith::ExtSIOp>(def) &&
                      ConstantIntRanges::getStorageBitwidth(
                          def->getOperand(0).getType()) < 64;
      v = def->getOperand(0);
      continue;
    }
    if (!isa<arith::RemUIOp, arith::RemSIOp>(def) ||
        (isa<arith::RemUIOp>(def) && signedNarrow))
      return std::nullopt;
    Value x = def->getOperand(0), y = def->getOperand(1);
    if (isa<arith::RemSIOp>(def) && rangeOf(x).smin().isNegative())
      return std::nullopt;
    // y as one variable (perhaps widened), which the caller names where
    // the loop starts (CNames: only values the loop does not change).
    Poly p = polyOf(y);
    if (p.terms().size() != 1 || p.terms().begin()->second != 1 ||
        p.terms().begin()->first.size() != 1)
      return std::nullopt;
    return p;
  }
  return std::nullopt;
}
