//===- CNames.cpp - Polynomials over SSA values as polynomials over C ------===//
//
// See CNames.h.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/CNames.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace weft;

CNames::CNames(Operation *loop, const Invariants *inv) : loop(loop), inv(inv) {
  auto fn = loop->getParentOfType<func::FuncOp>();
  unsigned n = 0;
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) { order[op] = n++; });
}

/// A C variable never assigned (the importer keeps it as an SSA value and
/// says so in weft.vars on the op that computes it) that holds v, up to an
/// integer cast, and that the loop names: the name means that variable
/// where the loop starts, and the variable still holds v there.
std::optional<VarRef> CNames::ssaVarOf(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp>(def))
      break;
    v = def->getOperand(0);
  }
  Operation *def = v.getDefiningOp();
  auto held = def ? def->getAttrOfType<ArrayAttr>("weft.vars") : ArrayAttr();
  auto named = loop->getAttrOfType<ArrayAttr>("weft.free_vars");
  if (!held || !named || loop->isAncestor(def))
    return std::nullopt;
  for (Attribute h : held) {
    auto hd = cast<DictionaryAttr>(h);
    int64_t decl = hd.getAs<IntegerAttr>("decl").getInt();
    if (unnamed && order.lookup(def) < order.lookup(loop))
      return VarRef{decl, hd.getAs<StringAttr>("name").str()};
    for (Attribute n : named)
      if (cast<DictionaryAttr>(n).getAs<IntegerAttr>("decl").getInt() == decl)
        return VarRef{decl, hd.getAs<StringAttr>("name").str()};
  }
  return std::nullopt;
}

std::optional<VarRef> weft::variableOf(BlockArgument arg) {
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto fn = dyn_cast<func::FuncOp>(owner)) {
    auto d = fn.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                              "weft.decl");
    auto nm = fn.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                              "weft.name");
    if (!d || !nm)
      return std::nullopt;
    return VarRef{d.getInt(), nm.str()};
  }
  auto decl = owner->getAttrOfType<IntegerAttr>("weft.counter");
  auto name = owner->getAttrOfType<StringAttr>("weft.iv_name");
  if (!isLoop(owner) || !decl || !name || owner->hasAttr("weft.c_step") ||
      owner->hasAttr("weft.counter_moves"))
    return std::nullopt;
  return VarRef{decl.getInt(), name.str()};
}

/// The C variable whose value at the loop's entry the atom is.
std::optional<VarRef> CNames::declOf(Value v) {
  // The loop's own trip count, when it is a difference of pointers that
  // no memory relates (a pointer counter's `while (s < e)`, counted from
  // 0 by 1): the C counts it before the check, as weft_trip (which is
  // max(trip, 0): a loop of no iteration runs no check's ranges).
  if (auto f = dyn_cast<scf::ForOp>(loop);
      f && v == f.getUpperBound() && v.getDefiningOp<PtrDiffOp>() &&
      loop->hasAttr("weft.c_step") &&
      getConstantIntValue(f.getLowerBound()) == 0 &&
      getConstantIntValue(f.getStep()) == 1)
    return VarRef{kLoopTripDecl, "weft_trip"};
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    // A parameter, or the counter of a loop around this one: a C variable
    // in scope where the check runs.
    Operation *owner = arg.getOwner()->getParentOp();
    if (isLoop(owner) && (owner == loop || !owner->isAncestor(loop)))
      return std::nullopt;
    return variableOf(arg);
  }
  if (auto var = ssaVarOf(v))
    return var;
  Operation *ld = v.getDefiningOp();
  if (!ld || !isa<affine::AffineLoadOp, memref::LoadOp>(ld))
    return std::nullopt;
  // A read in this loop's bound, made right before it: C reads the same
  // number where the loop starts, which is where the check runs. (The
  // importer names it by an id of its own, weft.expr.)
  if (auto of = ld->getAttrOfType<IntegerAttr>("weft.bound_of")) {
    auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
    auto e = ld->getAttrOfType<IntegerAttr>("weft.expr");
    if (id && e && of.getInt() == id.getInt() && !loop->isAncestor(ld))
      return VarRef{e.getInt(), accessText(ld)};
  }
  // A read right before the loop, in its block, with only computation and
  // other reads between: C reads the same where the loop starts (`double
  // *row = m->data + i * m->tda;` before the loop over the row, which
  // weft-fold-offsets views from m->data).
  if (readRightBefore(ld, loop))
    return VarRef{ld->getAttrOfType<IntegerAttr>("weft.expr").getInt(),
                  accessText(ld)};
  // Memory no iteration writes, read inside the loop: its C text, when C
  // may read it where the loop starts.
  if (inv && loop->isAncestor(ld))
    if (Value rep = inv->loads.lookup(v); rep && inv->atEntry.contains(rep))
      if (auto e = rep.getDefiningOp()->getAttrOfType<IntegerAttr>("weft.expr"))
        if (behindTests(rep))
          return VarRef{e.getInt(), accessText(rep.getDefiningOp())};
  // Does nothing between `from` and the loop change the cell `root`?
  auto unchangedUntilLoop = [&](Operation *from, const BaseInfo &root) {
    unsigned at = order.lookup(from), to = order.lookup(loop);
    bool changed = false;
    loop->getParentOfType<func::FuncOp>().walk([&](Operation *op) {
      unsigned o = order.lookup(op);
      if (o <= at || o >= to || changed)
        return;
      if (isa<affine::AffineStoreOp, memref::StoreOp>(op)) {
        MemPath q = memPathOf(op->getOperand(1));
        if (q.root.base == root.base)
          changed = true;
      }
      if (isa<CallOp, EffectsOp>(op) && root.symbol)
        changed = true;
    });
    return !changed;
  };
  // A local variable (a cell) that a variable of the function's own holds
  // and nothing reaches otherwise.
  auto localCell = [&](const MemPath &q, Operation *at) {
    return q.views.empty() && q.root.isCell && q.root.decl >= 0 &&
           !q.root.escapes && !steppedAround(loop, at, q.root.decl);
  };
  MemPath p = memPathOf(ld->getOperand(0));
  if (!localCell(p, ld)) {
    // A value read before the loop and stored in a variable that holds it
    // where the loop starts (`int i = w->n;` before `do { i--; ... } while
    // (i > 0);`: the counter's start). The store is in a block around the
    // loop, before it: every way to the loop goes through it (not `if (c)
    // i = x;`).
    for (Operation *st : v.getUsers()) {
      if (!isa<affine::AffineStoreOp, memref::StoreOp>(st) ||
          st->getOperand(0) != v || loop->isAncestor(st))
        continue;
      Operation *around = st->getBlock()->findAncestorOpInBlock(*loop);
      if (!around || !st->isBeforeInBlock(around))
        continue;
      MemPath q = memPathOf(st->getOperand(1));
      if (localCell(q, st) && unchangedUntilLoop(st, q.root))
        return VarRef{q.root.decl, q.root.name};
    }
    return std::nullopt;
  }
  // Read inside the loop: the loop must never write the variable.
  if (loop->isAncestor(ld)) {
    if (!written)
      written = inv ? inv->written : cellsWrittenIn(loop);
    if (!invariantCellOf(v, loop, *written))
      return std::nullopt;
    return VarRef{p.root.decl, p.root.name};
  }
  // Read before the loop: the cell must not change between the read and
  // the loop: then reading the variable at the loop gives the same number.
  if (!unchangedUntilLoop(ld, p.root))
    return std::nullopt;
  return VarRef{p.root.decl, p.root.name};
}

/// Can a check name rep: C reads it at the loop's start, or in loops of
/// the first iteration whose tests that they run the check makes first
/// (each named here, after what naming it needs).
bool CNames::behindTests(Value rep) {
  auto it = inv->behind.find(rep);
  if (it == inv->behind.end())
    return true;
  return llvm::all_of(
      it->second, [&](const Invariants::EntryLoop &e) { return testRuns(e); });
}

bool CNames::testRuns(const Invariants::EntryLoop &e) {
  if (!pre)
    return false;
  SmallVector<CPoly, 1> tests;
  for (const Poly &p : e.runs) {
    auto c = convert(p);
    if (!c)
      return false;
    tests.push_back(std::move(*c));
  }
  for (CPoly &c : tests)
    if (!llvm::is_contained(pre->preconditions, c))
      pre->preconditions.push_back(std::move(c));
  std::string what = "the loop at " + where(e.loop->getLoc()) + " runs";
  if (!llvm::is_contained(pre->preconditionTexts, what))
    pre->preconditionTexts.push_back(what);
  return true;
}

/// The values of never-assigned variables that the loop names (see
/// ssaVarOf), computed before it.
const SmallVector<Value> &CNames::namedValues() {
  if (named)
    return *named;
  named.emplace();
  loop->getParentOfType<func::FuncOp>().walk([&](Operation *op) {
    if (op->hasAttr("weft.vars") && op->getNumResults() == 1 &&
        !loop->isAncestor(op) && ssaVarOf(op->getResult(0)))
      named->push_back(op->getResult(0));
  });
  return *named;
}

std::optional<CPoly> CNames::convert(const Poly &p) {
  if (auto c = convertAtoms(p))
    return c;
  // An atom with no name may be part of what a named variable holds
  // (`int n = m / 2 + 1` makes the bound m/2 + 1, and m/2 has no name):
  // put the variable back in its place, n for m/2 + 1.
  Poly q = p;
  for (Value v : namedValues()) {
    Poly pv = polyOf(v);
    for (auto &[m, c] : pv.terms()) {
      if (m.empty())
        continue;
      auto it = q.terms().find(m);
      if (it == q.terms().end() || it->second % c != 0)
        continue;
      int64_t k = it->second / c;
      auto r = q.plus(pv, -k);
      auto r2 = r ? r->plus(Poly::atom(v), k) : std::nullopt;
      if (r2)
        q = *r2;
      break;
    }
  }
  if (auto c = convertAtoms(q))
    return c;
  // Or inside a product: `k * s` of `int s = (n & 1) + 2;` (a pointer
  // stepped by s) is k*(n & 1) + 2k, with no name for n & 1; each term that
  // holds a multiple of the variable's first monomial times other atoms
  // f (or none) gives way to f times the variable (k*(n & 1) + 2k is k*s).
  Poly r = p;
  for (Value v : namedValues()) {
    Poly pv = polyOf(v);
    auto first = llvm::find_if(pv.terms(),
                               [](const auto &t) { return !t.first.empty(); });
    if (first == pv.terms().end())
      continue;
    const Monomial &m0 = first->first;
    int64_t c0 = first->second;
    for (int round = 0; round < 8; ++round) {
      std::optional<Poly> next;
      for (auto &[m, c] : r.terms()) {
        // m = m0 f, as multisets of atoms.
        Monomial f(m);
        bool divides = c % c0 == 0;
        for (Value a : m0) {
          auto at = divides ? llvm::find(f, a) : f.end();
          if (at == f.end()) {
            divides = false;
            break;
          }
          f.erase(at);
        }
        if (!divides)
          continue;
        std::optional<Poly> fk = Poly::constant(c / c0);
        for (Value a : f)
          fk = fk ? fk->times(Poly::atom(a)) : std::nullopt;
        auto fpv = fk ? fk->times(pv) : std::nullopt;
        auto fv = fk ? fk->times(Poly::atom(v)) : std::nullopt;
        auto minus = fpv && fv ? r.plus(*fpv, -1) : std::nullopt;
        next = minus ? minus->plus(*fv) : std::nullopt;
        if (next)
          break;
      }
      if (!next)
        break;
      r = *next;
    }
  }
  return convertAtoms(r);
}

std::optional<CPoly> CNames::convertAtoms(const Poly &p) {
  CPoly out;
  for (auto &[m, c] : p.terms()) {
    Term t;
    t.coef = c;
    for (Value v : m) {
      auto d = declOf(v);
      if (!d)
        return std::nullopt;
      t.vars.push_back(d->decl);
      names_[d->decl] = d->name;
    }
    llvm::sort(t.vars);
    out.push_back(t);
  }
  // The atoms' order is their SSA values' addresses, which change from run
  // to run: the C text of a check orders the terms by the variables'
  // decl ids, so that one file always translates to the same C.
  llvm::sort(out, [](const Term &a, const Term &b) {
    if (a.vars.size() != b.vars.size())
      return a.vars.size() < b.vars.size();
    if (a.vars != b.vars)
      return a.vars < b.vars;
    return a.coef < b.coef;
  });
  return out;
}
