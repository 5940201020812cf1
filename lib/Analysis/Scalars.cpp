//===- Scalars.cpp - Private, last-private and reduction variables -----------===//
//
// See Scalars.h. The privatization test walks the loop body in order over
// its structured regions, keeping whether the cell is surely written on every
// path so far: a read where it is not is exposed to the previous iteration.
// Writes inside a conditional, a switch or an inner loop are not sure; a
// `continue` ends the iteration where it stands.
//
// Reductions are recognized on SSA use chains from each load of the cell to
// a store into it. A min or max written as a comparison and a selection
// (`if (x > m) m = x;`, `m = x > m ? x : m`) is exact even for floating
// point: within a chunk and across chunks in order, it picks the same
// element the sequential loop picks, ties and NaNs included.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Scalars.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace weft;

static bool sameCell(const BaseInfo &a, const BaseInfo &b) {
  if (a.symbol || b.symbol)
    return a.symbol == b.symbol;
  return a.base == b.base;
}

bool weft::touchesCell(const Access &a, const BaseInfo &cell,
                       ModuleOp module) {
  MemPath p = pathOf(a, module);
  return p.views.empty() && sameCell(p.root, cell);
}

static Value memrefOf(Operation *op) {
  return isStore(op) ? op->getOperand(1) : op->getOperand(0);
}

/// Is op a load or store of the cell?
static bool onCell(Operation *op, const BaseInfo &cell) {
  if (!isLoad(op) && !isStore(op))
    return false;
  MemPath p = memPathOf(memrefOf(op));
  return p.views.empty() && sameCell(p.root, cell);
}

//===----------------------------------------------------------------------===//
// Write before read
//===----------------------------------------------------------------------===//

namespace {
struct Flow {
  const BaseInfo &cell;
  Operation *exposed = nullptr; ///< the first read not surely preceded by a
                                ///< write in the same iteration
  bool allExitsWritten = true;  ///< written by every end of the iteration
  int innerLoops = 0;           ///< depth of loops nested in the tested one
  /// The state at the entry of each switch around the current op: a
  /// `case` label directly in a switch's body is reached from there, not
  /// only from the code before it.
  SmallVector<bool, 2> switchEntries;

  explicit Flow(const BaseInfo &cell) : cell(cell) {}

  bool block(Block &b, bool written) {
    for (Operation &op : b)
      written = visit(&op, written);
    return written;
  }

  bool visit(Operation *op, bool written) {
    if (onCell(op, cell)) {
      if (isStore(op))
        return true;
      if (!written && !exposed)
        exposed = op;
      return written;
    }
    if (auto e = dyn_cast<EffectsOp>(op)) {
      for (Value r : e.getReads())
        if (sameCell(memPathOf(r).root, cell) && !written && !exposed)
          exposed = op;
      for (Value w : e.getWrites())
        if (sameCell(memPathOf(w).root, cell))
          written = true;
      return written;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      bool t = block(*ifOp.thenBlock(), written);
      bool e = ifOp.elseBlock() ? block(*ifOp.elseBlock(), written) : written;
      return t && e;
    }
    if (auto sw = dyn_cast<SwitchOp>(op)) {
      switchEntries.push_back(written);
      block(sw.getBody().front(), written);
      switchEntries.pop_back();
      return written;
    }
    if (isa<CaseOp>(op)) // nested: a jump into a construct; nothing is known
      return !isNestedCase(op) && !switchEntries.empty() &&
             switchEntries.back();
    if (isLoop(op)) {
      ++innerLoops;
      bool all = true;
      for (Region &r : op->getRegions())
        for (Block &b : r)
          all &= block(b, written);
      --innerLoops;
      // An inner loop that surely runs and has no jump writes the cell if
      // its body does; any other may run no iteration, or leave early.
      return written || (all && runsAtLeastOnce(op));
    }
    if (isa<ContinueOp>(op) && innerLoops == 0)
      allExitsWritten &= written;
    return written;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Arrays written before read
//===----------------------------------------------------------------------===//

namespace {
/// Elements surely written in the current iteration: per dimension, all
/// elements from lo to hi (lo == hi for one element; polynomials over
/// values fixed in the iteration, the counters of the loops around
/// included).
struct Box {
  SmallVector<Poly> lo, hi;
  bool operator==(const Box &o) const { return lo == o.lo && hi == o.hi; }
};
using Boxes = SmallVector<Box>;

struct ArrayFlow {
  llvm::SmallPtrSet<Operation *, 16> ops; ///< the loop's accesses to the array
  /// The calls among them, with their accesses to the array.
  DenseMap<Operation *, SmallVector<const Access *, 2>> calls;
  Operation *loop;
  Operation *exposed = nullptr;
  SmallVector<LoopInfo> inner; ///< loops between `loop` and here

  /// Is a - b a constant of at least 0?
  static bool nonNegative(const Poly &a, const Poly &b) {
    auto d = a.plus(b, -1);
    return d && d->isConstant() && d->constantTerm() >= 0;
  }

  /// Is a >= b where the current access runs: a - b is a constant of at
  /// least 0, or at least ub - lb - 1 of a loop around the access (which
  /// runs there: lb <= iv < ub), as the clamp `if (xx >= w) xx = w - 1;`
  /// is at least 0 inside `for (x = 0; x < w; x++)`.
  bool atLeast(const Poly &a, const Poly &b) {
    if (nonNegative(a, b))
      return true;
    auto d = a.plus(b, -1);
    if (!d || d->isConstant())
      return false;
    for (const LoopInfo &l : inner) {
      if (!l.counted() || l.lbs.size() != 1 || l.ubs.size() != 1)
        continue;
      auto span = l.ubs[0].plus(l.lbs[0], -1);
      auto rest = span ? d->plus(*span, -1) : std::nullopt;
      if (rest && rest->isConstant() && rest->constantTerm() >= -1)
        return true;
    }
    return false;
  }

  /// The index of dimension d of a load, when it is one value (memref's
  /// indices, an affine map's dimension or symbol).
  static Value indexOperand(Operation *op, unsigned d) {
    if (auto l = dyn_cast<memref::LoadOp>(op))
      return d < l.getIndices().size() ? l.getIndices()[d] : Value();
    auto l = dyn_cast<affine::AffineLoadOp>(op);
    if (!l || d >= l.getAffineMap().getNumResults())
      return Value();
    AffineExpr e = l.getAffineMap().getResult(d);
    unsigned dims = l.getAffineMap().getNumDims();
    if (auto dim = dyn_cast<AffineDimExpr>(e))
      return l.getMapOperands()[dim.getPosition()];
    if (auto sym = dyn_cast<AffineSymbolExpr>(e))
      return l.getMapOperands()[dims + sym.getPosition()];
    return Value();
  }

  /// The values the index of dimension d of the read `at` takes, as the
  /// ifs around it bound them (`if (xx >= 0 && xx < w) s += t[xx];`, where
  /// xx is x + k of the loops inside): per way it comes about, bounds that
  /// the loops between `loop` and `at` do not change. None when there are
  /// none.
  std::optional<SmallVector<std::pair<Poly, Poly>>>
  guarded(Operation *at, unsigned d, const Subscript &sub) {
    if (!at || inner.empty())
      return std::nullopt;
    Operation *outer = inner.front().op;
    auto varies = [&](Value x) { return isDefinedInside(x, outer); };
    std::optional<SmallVector<std::pair<Poly, Poly>>> ways;
    if (Value v = indexOperand(at, d)) {
      // Through signed widenings, which keep the value the ifs compare.
      while (isa_and_nonnull<arith::IndexCastOp, arith::ExtSIOp>(
          v.getDefiningOp()))
        v = v.getDefiningOp()->getOperand(0);
      ways = valueWays(v, at, varies, /*bare=*/true);
    } else if (sub.known() && *sub.lo == *sub.hi) // an affine load's `x + k`
      ways =
          SmallVector<std::pair<Poly, Poly>>{guardBounds(*sub.lo, at, varies)};
    if (!ways)
      return std::nullopt;
    // A side no comparison bounds: over the loops inside (`if (xl >= 0)
    // s += t[xl];`, xl = x - 1: from 0 to w - 2).
    for (auto &[lo, hi] : *ways) {
      auto l = rangeOver(lo, inner), h = rangeOver(hi, inner);
      if (!l || !h)
        return std::nullopt;
      lo = l->first;
      hi = h->second;
      for (const Poly *p : {&lo, &hi})
        if (llvm::any_of(p->atoms(), varies))
          return std::nullopt;
    }
    return ways;
  }

  /// Does what an access reads, `subs` (an element, or a call's element
  /// ranges), lie in one written box: with the same subscripts, or over
  /// the loops between `loop` and it within the box's ranges, or, for a
  /// read `at`, within the bounds the ifs around it set (guarded)?
  bool covered(ArrayRef<Subscript> subs, const Boxes &written,
               Operation *at = nullptr) {
    // Per dimension, the range over the loops inside, when there is one;
    // a read's subscript without one (a select of several values) may
    // still be bounded by its ways (guarded).
    SmallVector<std::optional<std::pair<Poly, Poly>>> range;
    for (const Subscript &s : subs) {
      auto lo = s.known() ? rangeOver(*s.lo, inner) : std::nullopt;
      auto hi = s.known() ? rangeOver(*s.hi, inner) : std::nullopt;
      if ((!lo || !hi) && !at)
        return false;
      range.push_back(lo && hi ? std::optional(std::pair(lo->first, hi->second))
                               : std::nullopt);
    }
    SmallVector<std::optional<SmallVector<std::pair<Poly, Poly>>>> ways(
        subs.size());
    SmallVector<bool> asked(subs.size(), false);
    auto within = [&](const Box &b, size_t d) {
      if (range[d] && nonNegative(range[d]->first, b.lo[d]) &&
          nonNegative(b.hi[d], range[d]->second))
        return true;
      if (!asked[d]) {
        asked[d] = true;
        ways[d] = guarded(at, d, subs[d]);
      }
      return ways[d] && llvm::all_of(*ways[d], [&](const auto &w) {
               return atLeast(w.first, b.lo[d]) && atLeast(b.hi[d], w.second);
             });
    };
    return llvm::any_of(written, [&](const Box &b) {
      if (subs.empty() || b.lo.size() != subs.size())
        return false;
      for (size_t d = 0; d < subs.size(); ++d) {
        bool exact =
            subs[d].known() && b.lo[d] == *subs[d].lo && b.hi[d] == *subs[d].hi;
        if (!exact && !within(b, d))
          return false;
      }
      return true;
    });
  }

  /// The box of elements `subs` names, when every one is known.
  static std::optional<Box> boxOf(ArrayRef<Subscript> subs) {
    Box b;
    for (const Subscript &s : subs) {
      if (!s.known())
        return std::nullopt;
      b.lo.push_back(*s.lo);
      b.hi.push_back(*s.hi);
    }
    if (subs.empty())
      return std::nullopt;
    return b;
  }

  /// The elements a full run of `l` writes, from what one iteration of its
  /// body surely writes: a box whose subscripts are the counter plus what
  /// does not change in `l` (one dimension) covers the counter's range.
  std::optional<Box> lift(const Box &b, const LoopInfo &l, bool once) {
    Box out = b;
    bool moved = false;
    for (size_t d = 0; d < b.lo.size(); ++d) {
      bool inLo = llvm::is_contained(b.lo[d].atoms(), l.iv),
           inHi = llvm::is_contained(b.hi[d].atoms(), l.iv);
      if (!inLo && !inHi)
        continue;
      if (moved || !(b.lo[d] == b.hi[d]) || b.lo[d].coefficient(l.iv) != 1 ||
          l.step != 1 || l.stepValue || l.lbs.size() != 1 || l.ubs.size() != 1)
        return std::nullopt;
      auto rest = b.lo[d].plus(Poly::atom(l.iv), -1);
      if (!rest || llvm::is_contained(rest->atoms(), l.iv))
        return std::nullopt; // iv in a product
      auto lo = rest->plus(l.lbs[0]);
      auto hi = rest->plus(l.ubs[0]);
      hi = hi ? hi->plus(Poly::constant(-1)) : std::nullopt;
      if (!lo || !hi)
        return std::nullopt;
      out.lo[d] = *lo;
      out.hi[d] = *hi;
      moved = true;
    }
    // Elements the counter does not choose are written only if an
    // iteration runs; a range of the counter is empty when none does.
    if (!moved && !once)
      return std::nullopt;
    return out;
  }

  Boxes block(Block &b, Boxes w) {
    for (Operation &op : b)
      w = visit(&op, std::move(w));
    return w;
  }

  /// Adds a box, joined with one that differs from it in one dimension
  /// only, where their ranges meet (w[0] and w[1] are w[0..1]).
  static void add(Boxes &w, Box b) {
    for (Box &o : w) {
      if (o.lo.size() != b.lo.size())
        continue;
      int differ = -1;
      for (size_t d = 0; d < b.lo.size() && differ != -2; ++d)
        if (!(o.lo[d] == b.lo[d] && o.hi[d] == b.hi[d]))
          differ = differ == -1 ? (int)d : -2;
      if (differ == -1)
        return; // already there
      if (differ < 0)
        continue;
      // o then b, or b then o, with no element between them.
      auto meets = [&](const Box &x, const Box &y) {
        auto gap = y.lo[differ].plus(x.hi[differ], -1); // y.lo - x.hi
        auto lo = y.lo[differ].plus(x.lo[differ], -1);
        auto hi = y.hi[differ].plus(x.hi[differ], -1);
        return gap && lo && hi && gap->isConstant() &&
               gap->constantTerm() <= 1 && lo->isConstant() &&
               lo->constantTerm() >= 0 && hi->isConstant() &&
               hi->constantTerm() >= 0;
      };
      if (meets(o, b)) {
        o.hi[differ] = b.hi[differ];
        return;
      }
      if (meets(b, o)) {
        o.lo[differ] = b.lo[differ];
        return;
      }
    }
    w.push_back(std::move(b));
  }

  /// A call's accesses to the array: its reads must be of what the
  /// callee wrote first, and it surely writes what its sure writes name.
  Boxes call(Operation *op, Boxes w) {
    for (const Access *a : calls.lookup(op)) {
      if (!a->sure) {
        // A read of elements written before (norm(d, v) after a call that
        // filled v[0 .. d - 1]) reads this iteration's values.
        if (!a->isWrite && !covered(a->subs, w))
          exposed = op;
        continue;
      }
      if (a->isWrite)
        if (std::optional<Box> b = boxOf(a->subs))
          add(w, std::move(*b));
    }
    return w;
  }

  bool touches(Operation *op) {
    bool found = false;
    op->walk([&](Operation *o) { found |= ops.contains(o); });
    return found;
  }

  Boxes visit(Operation *op, Boxes w) {
    if (exposed)
      return w;
    if (calls.count(op))
      return call(op, std::move(w));
    if (ops.contains(op)) {
      SmallVector<Subscript> subs = subscriptsOf(op);
      bool known = llvm::all_of(
          subs, [](const Subscript &s) { return s.known() && *s.lo == *s.hi; });
      if (isStore(op)) {
        if (std::optional<Box> b = known ? boxOf(subs) : std::nullopt)
          add(w, std::move(*b));
      } else if (!covered(subs, w, op)) {
        exposed = op;
      }
      return w;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      Boxes t = block(*ifOp.thenBlock(), w);
      Boxes e = ifOp.elseBlock() ? block(*ifOp.elseBlock(), w) : w;
      // A side that ends in a break or continue reaches nothing after the
      // if: what follows has the other side's writes (`if (xx < 0 || xx >=
      // w) continue;`).
      auto leaves = [](Region &r) {
        return isa_and_nonnull<BreakOp, ContinueOp>(endingJump(r));
      };
      bool tJumps = leaves(ifOp.getThenRegion()),
           eJumps = ifOp.elseBlock() && leaves(ifOp.getElseRegion());
      if (tJumps != eJumps)
        return tJumps ? e : t;
      // What both sides write (what was written before is in both).
      Boxes both;
      for (const Box &b : t)
        if (llvm::is_contained(e, b))
          both.push_back(b);
      return both;
    }
    if (isa<affine::AffineForOp, scf::ForOp>(op)) {
      LoopInfo l = loopInfoOf(op);
      inner.push_back(l);
      size_t before = w.size();
      Boxes body = w;
      for (Region &r : op->getRegions())
        for (Block &b : r)
          body = block(b, body);
      inner.pop_back();
      // A body that writes what was written before the loop keeps it (a
      // box never goes away inside). What its iterations write is surely
      // written only where no break or continue of its own may end one
      // early.
      bool once = runsAtLeastOnce(op);
      bool leaves =
          op->walk([&](Operation *j) {
              return isa<BreakOp, ContinueOp>(j) && jumpTarget(j) == op
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            }).wasInterrupted();
      for (size_t i = before; l.counted() && !leaves && i < body.size(); ++i)
        if (std::optional<Box> b = lift(body[i], l, once))
          add(w, std::move(*b));
      return w;
    }
    if (op->getNumRegions() && touches(op))
      exposed = loop; // an opaque loop, a switch: nothing to follow
    return w;
  }
};
} // namespace

/// The accesses of `f`'s array: loads, stores and calls (false on any
/// other).
static bool takeAccesses(ArrayFlow &f, ArrayRef<const Access *> accesses) {
  for (const Access *a : accesses) {
    if (isa<CallOp>(a->op))
      f.calls[a->op].push_back(a);
    else if (!isLoad(a->op) && !isStore(a->op))
      return false;
    f.ops.insert(a->op);
  }
  return true;
}

Operation *weft::exposedRead(Operation *loop,
                             ArrayRef<const Access *> accesses) {
  ArrayFlow f;
  f.loop = loop;
  // A continue of the loop or of a loop inside, and a break of a loop
  // inside, are followed (an iteration's walk goes on past them where
  // they are not taken); a return, a goto, a switch, or a break of the
  // loop itself are not.
  bool unfollowed =
      loop->walk([&](Operation *o) {
            if (!isJumpOrSwitch(o))
              return WalkResult::advance();
            Operation *to =
                isa<BreakOp, ContinueOp>(o) ? jumpTarget(o) : nullptr;
            bool ok = to && !isa<SwitchOp>(to) &&
                      (isa<ContinueOp>(o) || to != loop) &&
                      loop->isAncestor(to);
            return ok ? WalkResult::advance() : WalkResult::interrupt();
          })
          .wasInterrupted();
  if (!takeAccesses(f, accesses) || unfollowed)
    return loop;
  for (Region &r : loop->getRegions())
    for (Block &b : r)
      f.block(b, {});
  return f.exposed;
}

std::optional<SmallVector<SmallVector<Subscript>>>
weft::filledBy(func::FuncOp fn, ArrayRef<const Access *> accesses) {
  ArrayFlow f;
  f.loop = fn;
  if (fn.isExternal() || !fn.getBody().hasOneBlock() ||
      !takeAccesses(f, accesses))
    return std::nullopt;
  // A return is the function's last statement (before its terminator) or
  // nothing follows it at all.
  Block &body = fn.getBody().front();
  bool jumps = false;
  fn.walk([&](Operation *o) {
    if (!isJumpOrSwitch(o))
      return;
    Operation *next = o->getNextNode();
    jumps |= !(isa<ReturnOp>(o) && o->getBlock() == &body &&
               (!next || (next->hasTrait<OpTrait::IsTerminator>() &&
                          !next->getNextNode())));
  });
  if (jumps)
    return std::nullopt;
  Boxes w = f.block(body, {});
  if (f.exposed)
    return std::nullopt;
  SmallVector<SmallVector<Subscript>> out;
  for (const Box &b : w) {
    bool params = true;
    SmallVector<Subscript> subs;
    for (size_t d = 0; d < b.lo.size(); ++d) {
      for (const Poly *p : {&b.lo[d], &b.hi[d]})
        for (Value v : p->atoms()) {
          auto arg = dyn_cast<BlockArgument>(v);
          params &= arg && arg.getOwner()->getParentOp() == fn;
        }
      subs.push_back({b.lo[d], b.hi[d]});
    }
    if (params)
      out.push_back(std::move(subs));
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// A call of a C library function that computes its result from its
/// arguments alone and never touches memory or errno (fabs, fmax, ...).
static bool isArithmeticCall(Operation *op) {
  auto call = dyn_cast<CallOp>(op);
  if (!call)
    return false;
  static const llvm::StringSet<> fns = {
      "fabs", "fabsf", "fabsl", "fmax",     "fmaxf",     "fmaxl",
      "fmin", "fminf", "fminl", "copysign", "copysignf", "copysignl"};
  return fns.contains(call.getCallee()) && !definedCallee(call);
}

/// May op write memory (a store, a call, an effects op, or a region), or
/// may control arrive after it without passing before it (a case label)?
static bool mayWrite(Operation *op) {
  return isStore(op) ||
         (isa<CallOp>(op) && !isArithmeticCall(op) && !isExpandedCall(op)) ||
         isa<EffectsOp, CaseOp, LabelOp>(op) || op->getNumRegions();
}

/// Do two values come out of the same computation that reads no memory:
/// one value, or two pure ops of one kind with the same attributes on
/// operands that do. The importer makes a pointer's view (weft.base) anew
/// at every use of the pointer, so two reads of `v[i]` load through two
/// views of the same pointer.
static bool samePure(Value a, Value b, int depth = 4) {
  if (a == b)
    return true;
  auto ra = dyn_cast<OpResult>(a), rb = dyn_cast<OpResult>(b);
  if (!ra || !rb || depth == 0 || ra.getResultNumber() != rb.getResultNumber())
    return false;
  Operation *x = ra.getOwner(), *y = rb.getOwner();
  if (x->getName() != y->getName() || x->getNumRegions() ||
      !isMemoryEffectFree(x) ||
      x->getAttrDictionary() != y->getAttrDictionary() ||
      x->getNumOperands() != y->getNumOperands())
    return false;
  for (unsigned i = 0; i < x->getNumOperands(); ++i)
    if (!samePure(x->getOperand(i), y->getOperand(i), depth - 1))
      return false;
  return true;
}

/// The attributes of a load that say what it reads (not weft's marks,
/// such as its name for checks, weft.expr).
static bool sameAccessAttrs(Operation *x, Operation *y) {
  auto own = [](Operation *op) {
    SmallVector<NamedAttribute> out;
    for (NamedAttribute a : op->getAttrs())
      if (!a.getName().getValue().starts_with("weft."))
        out.push_back(a);
    return out;
  };
  return own(x) == own(y);
}

/// Do two values hold the same number: one value, or two loads of one
/// address where the later one is reached from the earlier without anything
/// that may write memory on the way (it may sit in a region nested after the
/// earlier one, as `if (a[i] > m) m = a[i];` reads a[i] twice).
static bool sameValue(Value a, Value b, int depth = 6) {
  if (a == b)
    return true;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  // Two computations of one kind that read no memory (arith ops, fabs),
  // on operands that hold the same numbers: `fabs(w[i] - u[i])` twice.
  if (x && y && depth > 0 && x->getName() == y->getName() && !isLoad(x) &&
      !x->getNumRegions() && x->getNumResults() == 1 &&
      x->getNumOperands() == y->getNumOperands() &&
      (isMemoryEffectFree(x) || isArithmeticCall(x)) && sameAccessAttrs(x, y)) {
    for (unsigned i = 0; i < x->getNumOperands(); ++i)
      if (!sameValue(x->getOperand(i), y->getOperand(i), depth - 1))
        return false;
    return true;
  }
  if (!x || !y || x->getName() != y->getName() || !isLoad(x) ||
      x->getNumOperands() != y->getNumOperands() || !sameAccessAttrs(x, y))
    return false;
  // The address: the same pure computation, or one that reads the same
  // numbers (`u[i]` twice, where the pointer u is a variable the code
  // assigns: two loads of u, then two views).
  for (unsigned i = 0; i < x->getNumOperands(); ++i)
    if (!samePure(x->getOperand(i), y->getOperand(i)) &&
        !sameValue(x->getOperand(i), y->getOperand(i), depth - 1))
      return false;
  auto orderedFrom = [](Operation *first, Operation *later) {
    Operation *anc = first->getBlock()->findAncestorOpInBlock(*later);
    if (!anc || anc == first || anc->isBeforeInBlock(first))
      return false;
    for (Operation *op = first->getNextNode(); op != anc;
         op = op->getNextNode())
      if (mayWrite(op))
        return false;
    // Inside the nested regions: what precedes `later` in each block.
    for (Operation *cur = later; cur != anc; cur = cur->getParentOp()) {
      for (Operation *op = &cur->getBlock()->front(); op != cur;
           op = op->getNextNode())
        if (mayWrite(op))
          return false;
      if (!cur->getParentOp())
        return false;
    }
    return true;
  };
  return orderedFrom(x, y) || orderedFrom(y, x);
}

/// The i1 a C condition tests: `(int)c != 0` is c (C turns a comparison
/// into an int, and a condition back into a boolean).
static Value truthOf(Value cond) {
  for (;;) {
    auto ne = cond.getDefiningOp<arith::CmpIOp>();
    if (!ne || ne.getPredicate() != arith::CmpIPredicate::ne)
      return cond;
    auto zero = getConstantIntValue(ne.getRhs());
    auto ext = ne.getLhs().getDefiningOp<arith::ExtUIOp>();
    if (!zero || *zero != 0 || !ext || !ext.getIn().getType().isInteger(1))
      return cond;
    cond = ext.getIn();
  }
}

/// The reduction operator of an arith op, or "".
static StringRef opClass(Operation *op) {
  if (isa<arith::AddFOp, arith::SubFOp, arith::AddIOp, arith::SubIOp>(op))
    return "add";
  if (isa<arith::MulFOp, arith::MulIOp>(op))
    return "mul";
  if (isa<arith::AndIOp>(op))
    return "and";
  if (isa<arith::OrIOp>(op))
    return "or";
  if (isa<arith::XOrIOp>(op))
    return "xor";
  return "";
}

static bool isCast(Operation *op) {
  return isa<arith::ExtFOp, arith::TruncFOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp>(op);
}

/// From a comparison of `acc` with `x`, the predicate P such that the
/// comparison is `x P acc`: "gt", "ge", "lt" or "le"; "" for anything else
/// (==, !=, unordered float predicates).
static StringRef selectionOf(Operation *cmp, Value acc, Value x) {
  bool accFirst;
  if (sameValue(cmp->getOperand(0), acc) && sameValue(cmp->getOperand(1), x))
    accFirst = true;
  else if (sameValue(cmp->getOperand(1), acc) &&
           sameValue(cmp->getOperand(0), x))
    accFirst = false;
  else
    return "";
  StringRef p; // as `operand0 p operand1`
  if (auto c = dyn_cast<arith::CmpFOp>(cmp)) {
    // Only the ordered predicates that C's < <= > >= produce: an unordered
    // one selects NaNs, and a selection that takes NaNs is not associative.
    switch (c.getPredicate()) {
    case arith::CmpFPredicate::OGT: p = "gt"; break;
    case arith::CmpFPredicate::OGE: p = "ge"; break;
    case arith::CmpFPredicate::OLT: p = "lt"; break;
    case arith::CmpFPredicate::OLE: p = "le"; break;
    default: return "";
    }
  } else if (auto c = dyn_cast<arith::CmpIOp>(cmp)) {
    switch (c.getPredicate()) {
    case arith::CmpIPredicate::sgt: case arith::CmpIPredicate::ugt: p = "gt"; break;
    case arith::CmpIPredicate::sge: case arith::CmpIPredicate::uge: p = "ge"; break;
    case arith::CmpIPredicate::slt: case arith::CmpIPredicate::ult: p = "lt"; break;
    case arith::CmpIPredicate::sle: case arith::CmpIPredicate::ule: p = "le"; break;
    default: return "";
    }
  } else {
    return "";
  }
  if (!accFirst)
    return p;
  // `acc p x` is `x p' acc`.
  return p == "gt" ? "lt" : p == "ge" ? "le" : p == "lt" ? "gt" : "ge";
}

/// Do a load and a store name the same element: the same memref, and
/// subscripts computed alike (the importer computes a subscript anew for
/// the store of `a[f(j)] += x`), or the same affine map of such operands?
static bool sameElement(Operation *load, Operation *store) {
  auto same = [](ValueRange a, ValueRange b) {
    return a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [](auto xy) {
             return samePure(std::get<0>(xy), std::get<1>(xy));
           });
  };
  if (!samePure(memrefOf(load), memrefOf(store)))
    return false;
  if (auto l = dyn_cast<memref::LoadOp>(load)) {
    auto s = dyn_cast<memref::StoreOp>(store);
    return s && same(l.getIndices(), s.getIndices());
  }
  auto l = dyn_cast<affine::AffineLoadOp>(load);
  auto s = dyn_cast<affine::AffineStoreOp>(store);
  return l && s && l.getAffineMap() == s.getAffineMap() &&
         same(l.getMapOperands(), s.getMapOperands());
}

std::optional<ArrayUpdate>
weft::arrayUpdateOf(ArrayRef<const Access *> accesses) {
  llvm::SmallPtrSet<Operation *, 16> loads;
  SmallVector<Operation *> stores;
  for (const Access *a : accesses) {
    if (isLoad(a->op))
      loads.insert(a->op);
    else if (isStore(a->op))
      stores.push_back(a->op);
    else
      return std::nullopt; // a call, an initializer, a memset
  }
  if (stores.empty())
    return std::nullopt;
  // Back through C's conversions from a value used once; the load of the
  // array at the end, if that is where it comes from.
  auto peel = [](Value v) {
    while (Operation *d = v.getDefiningOp()) {
      if (!isCast(d) || !v.hasOneUse())
        break;
      v = d->getOperand(0);
    }
    return v;
  };
  auto loadOf = [&](Value v) -> Operation * {
    v = peel(v);
    Operation *d = v.getDefiningOp();
    return d && loads.contains(d) && v.hasOneUse() ? d : nullptr;
  };
  ArrayUpdate u;
  llvm::SmallPtrSet<Operation *, 16> used;
  for (Operation *st : stores) {
    Value v = peel(st->getOperand(0));
    Operation *d = v.getDefiningOp();
    StringRef k = d ? opClass(d) : "";
    if (k.empty() || !v.hasOneUse() || (!u.op.empty() && u.op != k))
      return std::nullopt;
    u.op = k.str();
    u.isFloat |= isa<FloatType>(d->getResult(0).getType());
    // One operand is a[s] itself, the other reads nothing of the array: a
    // load of it whose value went elsewhere would be a load no update uses.
    Operation *l = loadOf(d->getOperand(0)), *r = loadOf(d->getOperand(1));
    if ((l != nullptr) == (r != nullptr) ||
        (r && isa<arith::SubIOp, arith::SubFOp>(d)))
      return std::nullopt; // x - a[s] is no reduction
    Operation *ld = l ? l : r;
    if (!sameElement(ld, st) || ld->getBlock() != st->getBlock() ||
        !ld->isBeforeInBlock(st) || !used.insert(ld).second)
      return std::nullopt;
  }
  if (used.size() != loads.size())
    return std::nullopt; // a[s] read for something else
  return u;
}

/// The predicate that holds exactly when `x P acc` does not, for integers.
static StringRef negated(StringRef p) {
  return p == "gt" ? "le" : p == "ge" ? "lt" : p == "lt" ? "ge" : "gt";
}

static StringRef minMaxOfPred(StringRef p) {
  return p.empty() ? "" : p[0] == 'g' ? "max" : "min";
}

namespace {
/// Matches every load and store of a cell in a loop against reduction
/// patterns.
struct ReductionMatcher {
  explicit ReductionMatcher(const BaseInfo &cell) : cell(cell) {}
  const BaseInfo &cell;
  SmallVector<Operation *> loads, stores;
  llvm::SetVector<Operation *> used; // loads consumed by a matched update
  std::string op;
  /// min and max: x replaces the accumulator when `x pred acc` ("gt", "ge",
  /// "lt", "le"), or "call" for fmin and fmax.
  std::string pred;
  bool isFloat = false, exact = true;

  bool agree(StringRef k, StringRef p = "") {
    if (op.empty()) {
      op = k.str();
      pred = p.str();
    }
    return op == k && pred == p;
  }

  /// Is v computed from a load of the cell?
  bool derived(Value v, int depth = 0) {
    Operation *d = v.getDefiningOp();
    if (!d || depth > 64)
      return false;
    if (onCell(d, cell))
      return true;
    for (Value o : d->getOperands())
      if (derived(o, depth + 1))
        return true;
    // Values yielded by regions (an scf.if's result) flow from inside.
    for (Region &r : d->getRegions())
      for (Block &b : r)
        if (Operation *t = b.getTerminator())
          for (Value o : t->getOperands())
            if (derived(o, depth + 1))
              return true;
    return false;
  }

  /// The load of the cell at the end of an accumulator chain from v, or null.
  Operation *chainLoad(Value v, StringRef k) {
    for (;;) {
      Operation *d = v.getDefiningOp();
      if (!d || !v.hasOneUse())
        return nullptr;
      if (onCell(d, cell) && isLoad(d))
        return d;
      if (isCast(d)) {
        v = d->getOperand(0);
        continue;
      }
      if (opClass(d) != k)
        return nullptr;
      Value lhs = d->getOperand(0), rhs = d->getOperand(1);
      bool dl = derived(lhs), dr = derived(rhs);
      if (dl == dr)
        return nullptr; // both or neither from the accumulator
      if (dr && isa<arith::SubFOp, arith::SubIOp>(d))
        return nullptr; // x - acc is not a reduction
      isFloat |= isa<FloatType>(d->getResult(0).getType());
      v = dl ? lhs : rhs;
    }
  }

  bool matchStore(Operation *st) {
    Value v = st->getOperand(0);
    // Peel casts back to the operator (s += x in a wider type).
    while (Operation *d = v.getDefiningOp()) {
      if (!isCast(d) || !v.hasOneUse())
        break;
      v = d->getOperand(0);
    }
    Operation *d = v.getDefiningOp();
    if (!d)
      return false;
    // s = s op x (op chains: s = s + a + b). An operator on values that
    // do not come from s is the x of a selection below (`if (m < 2 * a[i])
    // m = 2 * a[i];`).
    if (StringRef k = opClass(d); !k.empty() && (derived(d->getOperand(0)) ||
                                                 derived(d->getOperand(1)))) {
      if (!agree(k))
        return false;
      if (!v.hasOneUse())
        return false;
      // chainLoad needs the one use to be this store: start from operands.
      Value lhs = d->getOperand(0), rhs = d->getOperand(1);
      bool dl = derived(lhs), dr = derived(rhs);
      if (dl == dr || (dr && isa<arith::SubFOp, arith::SubIOp>(d)))
        return false;
      isFloat |= isa<FloatType>(d->getResult(0).getType());
      if (isFloat && k != "add" && k != "mul")
        return false;
      exact &= !isFloat;
      Operation *ld = chainLoad(dl ? lhs : rhs, k);
      if (!ld)
        return false;
      used.insert(ld);
      return true;
    }
    // m = cmp(x, m) ? x : m
    if (auto sel = dyn_cast<arith::SelectOp>(d)) {
      Operation *cmp = truthOf(sel.getCondition()).getDefiningOp();
      if (!cmp)
        return false;
      Value t = sel.getTrueValue(), f = sel.getFalseValue();
      // One arm is the accumulator, the other is x.
      bool tAcc = derived(t), fAcc = derived(f);
      if (tAcc == fAcc)
        return false;
      Value acc = tAcc ? t : f, x = tAcc ? f : t;
      Operation *accLoad = acc.getDefiningOp();
      if (!accLoad || !onCell(accLoad, cell))
        return false;
      StringRef p = selectionOf(cmp, acc, x);
      if (p.empty())
        return false;
      if (tAcc) {
        // x chosen when the comparison fails: fine for integers; for floats
        // the negation of an ordered comparison also holds for NaN.
        if (isa<FloatType>(x.getType()))
          return false;
        p = negated(p);
      }
      if (!agree(minMaxOfPred(p), p) || derived(x))
        return false;
      isFloat |= isa<FloatType>(x.getType());
      markCompareLoads(cmp);
      used.insert(accLoad);
      return true;
    }
    // fmax(m, x), fmin(m, x); another call is the x of a selection below
    // (`if (m < fabs(a[i])) m = fabs(a[i]);`).
    auto call = dyn_cast<CallOp>(d);
    StringRef k = !call                                  ? ""
                  : call.getCallee().starts_with("fmax") ? "max"
                  : call.getCallee().starts_with("fmin") ? "min"
                                                         : "";
    if (!k.empty()) {
      if (call.getArgs().size() != 2 || !agree(k, "call"))
        return false;
      Value a = call.getArgs()[0], b = call.getArgs()[1];
      Operation *la = a.getDefiningOp(), *lb = b.getDefiningOp();
      Operation *ld = la && onCell(la, cell) ? la
                      : lb && onCell(lb, cell) ? lb
                                               : nullptr;
      Value x = ld == la ? b : a;
      if (!ld || derived(x) || !ld->getResult(0).hasOneUse())
        return false;
      isFloat = true;
      exact = false; // fmax's choice between +0 and -0 is unspecified
      used.insert(ld);
      return true;
    }
    // if (cmp(x, m)) m = x;
    if (auto ifOp = dyn_cast<scf::IfOp>(st->getParentOp())) {
      if (st->getBlock() != ifOp.thenBlock() || ifOp.elseBlock())
        return false;
      Operation *cmp = truthOf(ifOp.getCondition()).getDefiningOp();
      if (!cmp)
        return false;
      Value x = st->getOperand(0);
      if (derived(x))
        return false;
      for (Value o : cmp->getOperands()) {
        Operation *ld = o.getDefiningOp();
        if (!ld || !onCell(ld, cell) || !isLoad(ld))
          continue;
        StringRef p = selectionOf(cmp, o, x);
        if (p.empty() || !agree(minMaxOfPred(p), p))
          return false;
        isFloat |= isa<FloatType>(x.getType());
        used.insert(ld);
        return true;
      }
    }
    return false;
  }

  /// Is a comparison's result only used as the condition of a select or an
  /// if (possibly through C's int round trip)?
  static bool onlyTested(Value c) {
    for (Operation *u : c.getUsers()) {
      if (isa<arith::SelectOp, scf::IfOp>(u))
        continue;
      if (isa<arith::ExtUIOp>(u)) {
        for (Operation *u2 : u->getResult(0).getUsers())
          if (!isa<arith::CmpIOp>(u2) || truthOf(u2->getResult(0)) != c ||
              !onlyTested(u2->getResult(0)))
            return false;
        continue;
      }
      return false;
    }
    return true;
  }

  /// The first thing a comparison of the accumulator decides besides the
  /// update itself, or null. A chunk compares against its own partial
  /// result, not the sequential running value, so the comparison may
  /// choose only the value stored into the cell: an `if` it guards may hold
  /// nothing but that store and code without effects; a selection's value
  /// may only be stored into the cell. (`if (v[i] > m) { m = v[i]; k = i; }`
  /// would otherwise set k, or mark out[i], at each chunk's own maxima.)
  Operation *decidesOther(Value c) {
    for (Operation *u : c.getUsers()) {
      if (isa<arith::ExtUIOp>(u)) {
        for (Operation *u2 : u->getResult(0).getUsers())
          if (Operation *bad = decidesOther(u2->getResult(0)))
            return bad;
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(u)) {
        Operation *bad = nullptr;
        ifOp->walk([&](Operation *op) {
          if (op == ifOp.getOperation() || bad)
            return;
          if (isa<scf::YieldOp>(op) || isLoad(op) ||
              (isStore(op) && onCell(op, cell)))
            return;
          if (op->getNumRegions() == 0 &&
              (isMemoryEffectFree(op) || isArithmeticCall(op)))
            return;
          bad = op;
        });
        if (bad)
          return bad;
        continue;
      }
      if (Operation *bad = flowsElsewhere(u->getResult(0)))
        return bad;
    }
    return nullptr;
  }

  /// The first use of v (through casts and selections) that is not a store
  /// into the cell, or null.
  Operation *flowsElsewhere(Value v) {
    for (OpOperand &use : v.getUses()) {
      Operation *u = use.getOwner();
      if (isStore(u) && use.getOperandNumber() == 0 && onCell(u, cell))
        continue;
      if (isCast(u) || isa<arith::SelectOp>(u)) {
        if (Operation *bad = flowsElsewhere(u->getResult(0)))
          return bad;
        continue;
      }
      return u;
    }
    return nullptr;
  }

  /// Set by run() when the accumulator's comparison decides other code.
  Operation *decided = nullptr;

  /// The loads of the cell a comparison reads are part of the update.
  void markCompareLoads(Operation *cmp) {
    for (Value o : cmp->getOperands())
      if (Operation *ld = o.getDefiningOp(); ld && onCell(ld, cell))
        used.insert(ld);
  }

  bool run() {
    if (stores.empty())
      return false;
    for (Operation *st : stores)
      if (!matchStore(st))
        return false;
    // Every read of the cell must belong to an update, and be read by
    // nothing else.
    for (Operation *ld : loads) {
      if (!used.contains(ld))
        return false;
      for (Operation *user : ld->getResult(0).getUsers()) {
        if (isa<arith::CmpFOp, arith::CmpIOp>(user)) {
          if (!onlyTested(user->getResult(0)))
            return false;
          if ((decided = decidesOther(user->getResult(0))))
            return false;
          continue;
        }
        if (!opClass(user).empty() || isCast(user) ||
            isa<arith::SelectOp, CallOp>(user) || isStore(user))
          continue;
        return false;
      }
    }
    return true;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Liveness after the loop
//===----------------------------------------------------------------------===//

/// Does a `break` or `continue` in ops [from, end of block) leave that code
/// (it is not inside a loop or switch that also lies there)? Such a jump
/// skips what follows it in the block.
static bool jumpsOut(Operation *from) {
  bool out = false;
  for (Operation *op = from; op && !out; op = op->getNextNode())
    op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
      if (inner != op && (isLoop(inner) || isa<SwitchOp>(inner)))
        return WalkResult::skip();
      if (isa<BreakOp, ContinueOp>(inner)) {
        out = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
  return out;
}

bool weft::isLiveAfter(const BaseInfo &cell, Operation *loop) {
  if (cell.symbol || cell.escapes)
    return true;
  auto fn = loop->getParentOfType<func::FuncOp>();
  if (!fn)
    return true;
  bool unstructured = false;
  fn.walk([&](Operation *op) {
    if (isa<GotoOp, LabelOp>(op))
      unstructured = true;
  });
  if (unstructured)
    return true;
  // Follow control out of the loop, one construct at a time: the rest of
  // the block the loop (or the construct around it) is in, then the
  // construct's own continuation. The value is live if some read there may
  // come before a write (Flow's `exposed`: a write in only one branch, in a
  // loop that may not run, or after a case label is not sure). The rest of a
  // block that surely writes the cell, with no break or continue that
  // skips part of it, ends the search: every path out passes that write.
  for (Operation *cur = loop; cur != fn.getOperation();) {
    Operation *parent = cur->getParentOp();
    Flow rest{cell};
    bool written = false;
    for (Operation *op = cur->getNextNode(); op; op = op->getNextNode())
      written = rest.visit(op, written);
    if (rest.exposed)
      return true;
    if (written && !jumpsOut(cur->getNextNode()))
      return false;
    if (isLoop(parent)) {
      // The loop around runs again: its next iteration (condition, then
      // body) may read the value before writing it.
      Flow again{cell};
      bool w = false;
      for (Region &r : parent->getRegions())
        for (Block &b : r)
          w = again.block(b, w);
      if (again.exposed)
        return true;
    } else if (!isa<scf::IfOp, SwitchOp, TaskOp>(parent) &&
               parent != fn.getOperation()) {
      return true; // a construct this walk does not know
    }
    cur = parent;
  }
  return false; // the function ends: a local's value dies with it
}

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

SmallVector<ScalarRole> weft::classifyScalars(Operation *loop,
                                              ArrayRef<Access> accesses,
                                              ModuleOp module) {
  // The cells the loop accesses, in first-access order.
  SmallVector<BaseInfo> cells;
  for (const Access &a : accesses) {
    MemPath p = pathOf(a, module);
    if (!p.views.empty() || !p.root.isCell)
      continue;
    // A cell declared inside the loop body is new in every iteration.
    if (p.root.base && isDefinedInside(p.root.base, loop) &&
        !p.root.base.getDefiningOp<memref::GetGlobalOp>())
      continue;
    if (llvm::none_of(cells,
                      [&](const BaseInfo &c) { return sameCell(c, p.root); }))
      cells.push_back(p.root);
  }

  SmallVector<ScalarRole> roles;
  for (const BaseInfo &cell : cells) {
    bool written = false, viaCall = false;
    Operation *witness = nullptr;
    for (const Access &a : accesses)
      if (touchesCell(a, cell, module)) {
        if (a.isWrite)
          written = true;
        if (isa<CallOp>(a.op))
          viaCall = true;
        if (!witness)
          witness = a.op;
      }
    if (!written)
      continue; // read-only: each iteration reads the same value
    ScalarRole role;
    role.cell = cell;
    role.witness = witness;
    role.witnessText = cell.name + " used here";
    if (viaCall) {
      role.why = "the loop calls a function that uses " +
                 std::string(cell.symbol ? "the global " : "") + cell.name;
      roles.push_back(role);
      continue;
    }
    if (cell.escapes && !cell.symbol) {
      role.why = "the address of " + cell.name +
                 " is taken, so pointers may read it between iterations";
      roles.push_back(role);
      continue;
    }

    Flow flow{cell};
    Region &body = loop->getRegions().back();
    bool end = flow.block(body.front(), false);
    flow.allExitsWritten &= end;
    if (!flow.exposed) {
      bool live = isLiveAfter(cell, loop);
      if (!live) {
        role.kind = ScalarRole::Private;
      } else if (flow.allExitsWritten) {
        role.kind = ScalarRole::LastPrivate;
      } else {
        role.kind = ScalarRole::CondLastPrivate;
        role.witnessText = cell.name + " assigned here";
      }
      roles.push_back(role);
      continue;
    }

    ReductionMatcher m(cell);
    loop->walk([&](Operation *op) {
      if (op == loop || !onCell(op, cell))
        return;
      (isStore(op) ? m.stores : m.loads).push_back(op);
    });
    if (m.run()) {
      role.kind = ScalarRole::Reduction;
      role.op = m.op;
      role.pred = m.pred;
      role.isFloat = m.isFloat;
      role.exact = m.exact;
      roles.push_back(role);
      continue;
    }
    if (m.decided) {
      role.witness = m.decided;
      role.witnessText = "decided here";
      role.why = "the comparison that updates " + cell.name +
                 " also decides other code: a chunk would run it against "
                 "its own partial " + cell.name + ", not the running value";
      roles.push_back(role);
      continue;
    }
    role.witness = flow.exposed;
    role.witnessText = cell.name + " read here";
    role.why = cell.name + " carries a value from one iteration to the next";
    roles.push_back(role);
  }
  return roles;
}
