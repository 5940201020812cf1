//===- Polynomial.cpp - Subscripts and bounds as integer polynomials --------===//
//
// See Polynomial.h. Widening casts are read as the identity: C programs
// cannot rely on signed overflow, and an unsigned subscript that wraps past
// its type indexes outside its object. Narrowing casts are not: they wrap
// values that can be valid subscripts.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Polynomial.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
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
      if (ma.size() + mb.size() > 3)
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

/// Whether control may arrive inside `op` without passing what precedes it
/// (a label or a case in it).
static bool entered(Operation *op) {
  bool label = false;
  op->walk([&](Operation *in) {
    label |= isa<CaseOp, LabelOp>(in);
    return label ? WalkResult::interrupt() : WalkResult::advance();
  });
  return label;
}

/// The local scalar variable (a 0-d alloca no pointer reaches) that a load
/// reads, or null.
static Value localCellOf(Operation *load) {
  if (!isa_and_nonnull<affine::AffineLoadOp, memref::LoadOp>(load) ||
      load->getNumOperands() != 1)
    return Value();
  Value cell = load->getOperand(0);
  MemPath p = memPathOf(cell);
  if (!p.views.empty() || !p.root.isCell || p.root.escapes ||
      !cell.getDefiningOp<memref::AllocaOp>())
    return Value();
  return cell;
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
  Value cell = localCellOf(load);
  if (!cell)
    return Value();
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

/// The length [0, n) that v's ranges give, at most `maxConstant`, or none
/// (a range that reaches below 0, or a value that is not an integer).
static std::optional<int64_t> rangeLength(Value v, int64_t maxConstant) {
  ConstantIntRanges r = rangeOf(v);
  if (ConstantIntRanges::getStorageBitwidth(v.getType()) == 0 ||
      r.smin().isNegative() || !r.smax().slt(maxConstant))
    return std::nullopt;
  return r.smax().getSExtValue() + 1;
}

namespace {
/// `lhs pred rhs` holds on a path; a null lhs stands for the value that
/// `cell` holds at the path's point (ValuePaths).
struct Fact {
  arith::CmpIPredicate pred;
  Value lhs, rhs;
  Value cell;
};

/// A value an integer may come from, with what holds of values on the way.
struct ValuePath {
  Value v;
  SmallVector<Fact> facts;
};

/// The ways a value comes about, through selects (`c < 0 ? 0 : c`) and
/// through the writes of a local variable that reach a read of it (`if
/// (c >= nc) c = nc - 1;`), with the conditions on each way as facts: the
/// walk of clampLength.
class ValuePaths {
public:
  bool expand(ValuePath p, unsigned depth);
  void addCondition(Value cond, bool truth, SmallVectorImpl<Fact> &facts,
                    Operation *at, Value cell);
  SmallVector<ValuePath> leaves;

private:
  bool cellPaths(Value cell, Operation *at, SmallVector<Fact> facts,
                 unsigned depth);
};
} // namespace

/// Whether a load of `cell` reads the value the cell has right before
/// `at`: in at's block, before it, with nothing between that may write it.
static bool readsValueAt(Operation *load, Value cell, Operation *at) {
  if (localCellOf(load) != cell || load->getBlock() != at->getBlock() ||
      !load->isBeforeInBlock(at))
    return false;
  for (Operation *op = load->getNextNode(); op != at; op = op->getNextNode())
    if (entered(op) || mayWriteCell(op, cell))
      return false;
  return true;
}

static arith::CmpIPredicate swapped(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::slt:
    return P::sgt;
  case P::sle:
    return P::sge;
  case P::sgt:
    return P::slt;
  case P::sge:
    return P::sle;
  case P::ult:
    return P::ugt;
  case P::ule:
    return P::uge;
  case P::ugt:
    return P::ult;
  case P::uge:
    return P::ule;
  default:
    return p;
  }
}

/// The facts `cond` having `truth` gives: its comparison both ways round
/// (C's `!= 0` of a widened comparison peeled), the side that reads
/// `cell`'s value right before `at` (if any) standing for it.
void ValuePaths::addCondition(Value cond, bool truth,
                              SmallVectorImpl<Fact> &facts, Operation *at,
                              Value cell) {
  for (;;) {
    auto c = cond.getDefiningOp<arith::CmpIOp>();
    auto ext = c ? c.getLhs().getDefiningOp<arith::ExtUIOp>() : nullptr;
    std::optional<int64_t> zero =
        c ? getConstantIntValue(c.getRhs()) : std::nullopt;
    if (!ext || !zero || *zero != 0 ||
        (c.getPredicate() != arith::CmpIPredicate::ne &&
         c.getPredicate() != arith::CmpIPredicate::eq))
      break;
    if (c.getPredicate() == arith::CmpIPredicate::eq)
      truth = !truth;
    cond = ext.getIn();
  }
  // Both sides of a true `&&` (and of a false `||`) hold.
  if (isa_and_nonnull<arith::AndIOp, arith::OrIOp>(cond.getDefiningOp()) &&
      cond.getType().isInteger(1) &&
      isa<arith::AndIOp>(cond.getDefiningOp()) == truth) {
    for (Value side : cond.getDefiningOp()->getOperands())
      addCondition(side, truth, facts, at, cell);
    return;
  }
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return;
  arith::CmpIPredicate pred =
      truth ? cmp.getPredicate() : arith::invertPredicate(cmp.getPredicate());
  auto subject = [&](Value v) -> Value {
    return cell && at && readsValueAt(v.getDefiningOp(), cell, at) ? Value()
                                                                   : v;
  };
  facts.push_back({pred, subject(cmp.getLhs()), cmp.getRhs(),
                   subject(cmp.getLhs()) ? Value() : cell});
  facts.push_back({swapped(pred), subject(cmp.getRhs()), cmp.getLhs(),
                   subject(cmp.getRhs()) ? Value() : cell});
}

bool ValuePaths::expand(ValuePath p, unsigned depth) {
  if (depth > 12 || leaves.size() > 8)
    return false;
  Operation *def = p.v.getDefiningOp();
  if (auto sel = dyn_cast_or_null<arith::SelectOp>(def)) {
    for (bool side : {true, false}) {
      ValuePath q{side ? sel.getTrueValue() : sel.getFalseValue(), p.facts};
      addCondition(sel.getCondition(), side, q.facts, nullptr, Value());
      if (!expand(q, depth + 1))
        return false;
    }
    return true;
  }
  if (Value cell = localCellOf(def)) {
    // Facts about reads of the cell that read what this one does are
    // facts about the cell's value here.
    for (Fact &f : p.facts)
      if (f.lhs &&
          (f.lhs == p.v || readsValueAt(f.lhs.getDefiningOp(), cell, def))) {
        f.lhs = Value();
        f.cell = cell;
      }
    return cellPaths(cell, def, p.facts, depth + 1);
  }
  leaves.push_back(p);
  return true;
}

/// Back from `at` to the writes of `cell` whose value reaches it: through
/// ifs (into a branch that writes the cell; past one that does not, with
/// its condition's truth), and from the start of an if's branch to the
/// if. Fails at anything else that may write the cell, a label, or the
/// start of any other region (a loop's body: the value would come from an
/// earlier iteration).
bool ValuePaths::cellPaths(Value cell, Operation *at, SmallVector<Fact> facts,
                           unsigned depth) {
  if (depth > 12 || leaves.size() > 8)
    return false;
  for (Operation *op = at->getPrevNode(); op; op = op->getPrevNode()) {
    if (isa<affine::AffineStoreOp, memref::StoreOp>(op) &&
        op->getOperand(1) == cell) {
      if (op->getNumOperands() != 2)
        return false;
      Value stored = op->getOperand(0);
      for (Fact &f : facts)
        if (!f.lhs && f.cell == cell)
          f.lhs = stored;
      return expand({stored, facts}, depth + 1);
    }
    if (entered(op))
      return false;
    if (!mayWriteCell(op, cell))
      continue;
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (!ifOp)
      return false;
    for (bool thenSide : {true, false}) {
      Region &r = thenSide ? ifOp.getThenRegion() : ifOp.getElseRegion();
      bool writes = false;
      for (Block &b : r)
        for (Operation &in : b)
          writes |= mayWriteCell(&in, cell);
      if (writes) {
        if (!r.hasOneBlock() ||
            !cellPaths(cell, r.front().getTerminator(), facts, depth + 1))
          return false;
        continue;
      }
      SmallVector<Fact> more = facts;
      addCondition(ifOp.getCondition(), thenSide, more, ifOp, cell);
      if (!cellPaths(cell, ifOp, more, depth + 1))
        return false;
    }
    return true;
  }
  auto ifOp = dyn_cast_or_null<scf::IfOp>(at->getBlock()->getParentOp());
  if (!ifOp || entered(ifOp))
    return false;
  addCondition(ifOp.getCondition(),
               at->getParentRegion() == &ifOp.getThenRegion(), facts, ifOp,
               cell);
  return cellPaths(cell, ifOp, facts, depth + 1);
}

/// A bound as a length: a constant, or one variable plus a constant
/// (`nc`, `nc - 1`), whose C value (int64_t) is the value compared when it
/// is positive. With `noGrowth`, the constant is not positive: `nc - 1`
/// cannot wrap where nc > 0, `nc + 1` could.
static std::optional<Poly> boundPoly(Value v, bool noGrowth = false) {
  Poly p = polyOf(v);
  if (p.isConstant())
    return p;
  if (p.degree() != 1 || p.atoms().size() != 1)
    return std::nullopt;
  auto [one, rest] = p.splitBy(p.atoms().front());
  if (!one.isConstant() || one.constantTerm() != 1 || !rest.isConstant() ||
      (noGrowth && rest.constantTerm() > 0))
    return std::nullopt;
  return p;
}

namespace {
struct Candidate {
  Poly y;                    ///< the value is below it
  bool unsignedOnly = false; ///< as unsigned (an unsigned comparison)
  /// Where it comes from: 0 a comparison, 1 the value's range, 2 its own
  /// form (v + 1, which names a bound only when v is one: nc - 1).
  int rank = 0;
};
} // namespace

/// [0, y) for a value that selects or a local variable's writes clamp
/// (`c = (int)(x * s); if (c < 0) c = 0; if (c >= nc) c = nc - 1;`, `c <
/// 0 ? 0 : c >= nc ? nc - 1 : c`): every way the value comes about is
/// below y (a comparison on the way, its own form `nc - 1`, or its range),
/// and not negative (a comparison with a constant, its range, or y - 1
/// itself, which is not negative where y > 0: the run-time test of the
/// copies' length). y is one variable plus a constant, or a constant. An
/// unsigned view (the index widens the value unsigned) takes unsigned
/// comparisons too, and then needs nothing for the lower end.
/// The start of the walk of v's ways at `at`: v, with the conditions of
/// the ifs around `at`, up to the loop: `if (c >= 0 && c < nc)
/// count[c]++;`; and of the ifs before it whose branch always jumps away:
/// `if (c < 0 || c >= nc) continue;` (past it, the condition is false), up
/// to a label control may arrive at past them.
static ValuePath startOfWalk(Value v, Operation *at, ValuePaths &walk) {
  ValuePath start{v, {}};
  auto jumps = [](Region &r) { return endingJump(r) != nullptr; };
  for (Operation *op = at; op && !isa<func::FuncOp>(op) && !isLoop(op);
       op = op->getParentOp()) {
    for (Operation *prev = op->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      if (entered(prev))
        break;
      auto guard = dyn_cast<scf::IfOp>(prev);
      if (!guard)
        continue;
      if (jumps(guard.getThenRegion()))
        walk.addCondition(guard.getCondition(), false, start.facts, nullptr,
                          Value());
      else if (!guard.getElseRegion().empty() && jumps(guard.getElseRegion()))
        walk.addCondition(guard.getCondition(), true, start.facts, nullptr,
                          Value());
    }
    if (auto ifOp = dyn_cast_or_null<scf::IfOp>(op->getParentOp());
        ifOp && !entered(ifOp)) // a case or label in it: not so tested
      walk.addCondition(ifOp.getCondition(),
                        op->getParentRegion() == &ifOp.getThenRegion(),
                        start.facts, nullptr, Value());
  }
  return start;
}

static std::optional<Poly> clampLength(Value v, Operation *at,
                                       bool unsignedView, int64_t maxConstant) {
  using P = arith::CmpIPredicate;
  ValuePaths walk;
  ValuePath start = startOfWalk(v, at, walk);
  // One way with nothing known on it only says that v is below v + 1.
  if (!walk.expand(start, 0) || walk.leaves.empty() ||
      (walk.leaves.size() == 1 && walk.leaves.front().facts.empty()))
    return std::nullopt;
  SmallVector<SmallVector<Candidate>> cands;
  for (const ValuePath &p : walk.leaves) {
    SmallVector<Candidate> c;
    if (std::optional<int64_t> n = rangeLength(p.v, maxConstant))
      c.push_back({Poly::constant(*n), false, 1});
    if (auto own = boundPoly(p.v, true))
      if (auto y = own->plus(Poly::constant(1)))
        c.push_back({*y, false, 2});
    for (const Fact &f : p.facts) {
      if (f.lhs != p.v)
        continue;
      auto b = boundPoly(f.rhs);
      bool le = f.pred == P::sle || f.pred == P::ule;
      auto y = b && le ? b->plus(Poly::constant(1)) : b;
      if (y && (f.pred == P::slt || f.pred == P::sle))
        c.push_back({*y});
      else if (y && (f.pred == P::ult || f.pred == P::ule))
        c.push_back({*y, true});
    }
    cands.push_back(std::move(c));
  }
  auto nonneg = [&](const ValuePath &p, const Poly &y) {
    if (!rangeOf(p.v).smin().isNegative())
      return true;
    if (auto own = boundPoly(p.v, true);
        own && own->plus(Poly::constant(1)) == y)
      return true; // y - 1, where y > 0
    return llvm::any_of(p.facts, [&](const Fact &f) {
      auto b = getConstantIntValue(f.rhs);
      return f.lhs == p.v && b &&
             ((f.pred == P::sge && *b >= 0) || (f.pred == P::sgt && *b >= -1));
    });
  };
  // The candidate y that bounds every way: each has one at most y (equal,
  // a smaller constant, or a constant <= 1 under a variable y, which is
  // at least 1 where the copies are made).
  auto covers = [](const Poly &c, const Poly &y) {
    if (c == y)
      return true;
    if (c.isConstant() && y.isConstant())
      return c.constantTerm() <= y.constantTerm();
    return c.isConstant() && c.constantTerm() <= 1;
  };
  for (int rank = 0; rank <= 2; ++rank)
    for (const auto &list : cands)
      for (const Candidate &cy : list) {
        if (cy.rank != rank)
          continue;
        const Poly &y = cy.y;
        if (y.isConstant() &&
            (y.constantTerm() < 1 || y.constantTerm() > maxConstant))
          continue;
        bool ok = true;
        for (size_t i = 0; i < cands.size() && ok; ++i)
          ok = llvm::any_of(cands[i], [&](const Candidate &c) {
            if (!covers(c.y, y))
              return false;
            if (c.unsignedOnly && unsignedView)
              return true;
            return nonneg(walk.leaves[i], y);
          });
        if (ok)
          return y;
      }
  return std::nullopt;
}

/// Bounds [lo, hi] on a value whose polynomial is `own`, from `facts`: its
/// own value where no atom of it `varies`; else, on each side, the first
/// signed comparison of a value a that it is a constant d from (`c >= nc`
/// where it is c, `x > 0` where it is x - 1) with a bound that does not
/// vary (a < b is own <= b - 1 + d; an unsigned one may compare a negative
/// value), or its own value.
static std::pair<Poly, Poly> boundedBy(const Poly &own, ArrayRef<Fact> facts,
                                       function_ref<bool(Value)> varies) {
  using P = arith::CmpIPredicate;
  auto fixed = [&](const Poly &p) { return llvm::none_of(p.atoms(), varies); };
  // The way's own value is exact; a bound from a comparison serves where
  // it is fixed for the loop and the value is not (`x + k` clamped to
  // `w - 1`).
  if (fixed(own))
    return {own, own};
  std::optional<Poly> lo, hi;
  for (const Fact &f : facts) {
    if (!f.lhs || !f.rhs)
      continue;
    std::optional<Poly> d = own.plus(polyOf(f.lhs), -1);
    if (!d || !d->isConstant())
      continue;
    int64_t up = f.pred == P::slt ? -1 : f.pred == P::sle ? 0 : 1;
    int64_t down = f.pred == P::sgt ? 1 : f.pred == P::sge ? 0 : -1;
    if (f.pred == P::eq)
      up = down = 0;
    std::optional<Poly> b = polyOf(f.rhs).plus(*d);
    if (!b || !fixed(*b))
      continue;
    if (up <= 0 && !hi)
      hi = b->plus(Poly::constant(up));
    if (down >= 0 && !lo)
      lo = b->plus(Poly::constant(down));
  }
  return {lo ? *lo : own, hi ? *hi : own};
}

std::optional<SmallVector<std::pair<Poly, Poly>>>
weft::valueWays(Value v, Operation *at, function_ref<bool(Value)> varies,
                bool bare) {
  ValuePaths walk;
  ValuePath start = startOfWalk(v, at, walk);
  if (!walk.expand(start, 0) || walk.leaves.empty() ||
      (!bare && walk.leaves.size() == 1 && walk.leaves.front().v == v))
    return std::nullopt;
  SmallVector<std::pair<Poly, Poly>> ways;
  for (const ValuePath &p : walk.leaves)
    ways.push_back(boundedBy(polyOf(p.v), p.facts, varies));
  return ways;
}

std::pair<Poly, Poly> weft::guardBounds(const Poly &own, Operation *at,
                                        function_ref<bool(Value)> varies) {
  ValuePaths walk;
  return boundedBy(own, startOfWalk(Value(), at, walk).facts, varies);
}

std::optional<Poly> weft::indexLength(Value index, Operation *at,
                                      int64_t maxConstant) {
  if (std::optional<int64_t> n = rangeLength(index, maxConstant))
    return Poly::constant(*n);
  // x % y, or a clamped variable: peel the casts on the way. Unsigned
  // widenings keep the remainder's value; so do signed ones of a signed
  // remainder of an x that is not negative (below |y| <= 2^(w-1)), and of
  // 64 bits, where a y too large for int64_t is negative as C gives it,
  // and so no length.
  Value v = index;
  bool signedNarrow = false, unsignedView = true;
  for (unsigned depth = 0; depth < 8; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def) // an argument, tested by the ifs around the access
      return clampLength(v, at, unsignedView && depth > 0, maxConstant);
    if (Value stored = forwardedStore(def)) {
      v = stored;
      continue;
    }
    if (isa<arith::IndexCastUIOp, arith::ExtUIOp, arith::IndexCastOp,
            arith::ExtSIOp>(def)) {
      bool isSigned = isa<arith::IndexCastOp, arith::ExtSIOp>(def);
      signedNarrow |= isSigned && ConstantIntRanges::getStorageBitwidth(
                                      def->getOperand(0).getType()) < 64;
      unsignedView &= !isSigned;
      v = def->getOperand(0);
      continue;
    }
    if (!isa<arith::RemUIOp, arith::RemSIOp>(def))
      return clampLength(v, at, unsignedView && depth > 0, maxConstant);
    if (isa<arith::RemUIOp>(def) && signedNarrow)
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
