//===- DetectParallelLoops.cpp - Which loops can run in parallel -------------===//
//
// weft-detect-parallel-loops: gives every loop a verdict (docs/analysis.md).
// A loop is parallel only when it is proven so: nothing in its body escapes
// the analysis, every scalar it writes is private, last-private or a
// reduction, and no two accesses touch the same memory in two iterations,
// where accesses through pointers that may alias get a run-time overlap check
// instead. Every other loop gets the reason, with the accesses involved.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/CNames.h"
#include "weft/Analysis/Dependence.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Scalars.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "Guards.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringSet.h"
#include <deque>

#define DEBUG_TYPE "weft-detect-parallel-loops"

namespace weft {
#define GEN_PASS_DEF_DETECTPARALLELLOOPS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

/// Beyond this many exact tests (pairs of accesses to one base, at least
/// one a write, after repeats), a loop is left sequential: the test is
/// quadratic in the accesses to one array. Accesses to different bases
/// cost a comparison per pair of bases, whatever their number.
static constexpr size_t kMaxExactTests = 20000;

/// The most bytes of private arrays that a loop's chunks each declare again
/// (docs/analysis.md, "Private arrays"): they live on the stack of the
/// thread that runs the chunk, which may be a worker with a small stack
/// (WEFT_STACK_SIZE may be as small as 64 KiB). Private arrays beyond it
/// are copies per team member, in memory libweft allocates.
static constexpr int64_t kMaxStackPrivateBytes = 16 * 1024;

/// Does code outside `loop` in its function read the local array `base`
/// (a load, an effect or a call that gets it)? Writes do not matter: a
/// private copy leaves the array's elements as they were before the loop,
/// which no later read sees then.
static bool readOutside(Operation *loop, Value base) {
  auto fn = loop->getParentOfType<func::FuncOp>();
  bool read = false;
  fn.walk([&](Operation *op) {
    if (read || loop->isAncestor(op))
      return;
    if (isa<affine::AffineStoreOp, memref::StoreOp>(op)) {
      read |= op->getOperand(0) == base; // the array's address stored
      return;
    }
    if (auto e = dyn_cast<EffectsOp>(op)) {
      for (Value r : e.getReads())
        read |= memPathOf(r).root.base == base;
      return;
    }
    if (isa<memref::AllocaOp>(op))
      return;
    for (Value o : op->getOperands())
      read |= isa<MemRefType>(o.getType()) && memPathOf(o).root.base == base;
  });
  return read;
}

/// Can code outside `loop` read what it writes into the global `symbol` (a
/// static array whose address goes nowhere: the file's functions alone
/// reach it, by name)? Every read of it elsewhere in the module must lie in
/// a loop that is not around `loop`, whose every access to the global
/// (its callees' included) is a load or store of the global itself and
/// whose every iteration writes each element it reads before reading it
/// (exposedRead): such a read sees a value written earlier in the same
/// iteration, never one `loop` wrote. Writes elsewhere do not matter; any
/// other use (a view, an effect that reads it) counts as a read.
static bool globalReadElsewhere(Operation *loop, StringAttr symbol,
                                ModuleOp module, CallSummaries &summaries) {
  auto covered = [&](Operation *read) {
    for (Operation *m = read->getParentOp(); m; m = m->getParentOp()) {
      if (isa<func::FuncOp>(m) || m->isAncestor(loop))
        return false;
      if (!isLoop(m))
        continue;
      LoopBody body = collectBody(m, summaries);
      SmallVector<const Access *> group;
      bool plain = true;
      for (const Access &a : body.accesses) {
        MemPath p = pathOf(a, module);
        if (p.root.symbol != symbol)
          continue;
        plain &= p.views.empty() && !isa<CallOp>(a.op);
        group.push_back(&a);
      }
      if (plain && !exposedRead(m, group))
        return true;
    }
    return false;
  };
  bool read = false;
  module.walk([&](memref::GetGlobalOp g) {
    if (read || g.getNameAttr().getAttr() != symbol)
      return;
    for (Operation *u : g->getUsers()) {
      if (loop->isAncestor(u))
        continue;
      if (isStore(u) && u->getOperand(0) != g.getResult())
        continue; // a write of an element
      if (!isLoad(u) || !covered(u)) {
        read = true;
        return;
      }
    }
  });
  return read;
}

/// Does access a touch what b touches, in every execution: the same memref
/// and element subscripts, in the same block, both reads or both writes of
/// plain loads and stores? Then every pair a is in, b is in as well.
static bool repeats(const Access &a, const Access &b) {
  auto plain = [](Operation *op) {
    return isa<affine::AffineLoadOp, memref::LoadOp, affine::AffineStoreOp,
               memref::StoreOp>(op);
  };
  if (a.memref != b.memref || !a.memref || a.isWrite != b.isWrite ||
      a.row != b.row || a.rowType != b.rowType || !plain(a.op) ||
      !plain(b.op) || a.op->getBlock() != b.op->getBlock() ||
      a.subs.size() != b.subs.size())
    return false;
  for (auto [x, y] : llvm::zip(a.subs, b.subs))
    if (!x.known() || !y.known() || !(*x.lo == *y.lo) || !(*x.hi == *y.hi))
      return false;
  return true;
}

static std::string textOf(const Access &a) {
  if (!a.text.empty())
    return a.text;
  if (auto call = dyn_cast<CallOp>(a.op))
    return "memory " + call.getCallee().str() + " touches";
  return "memory";
}

/// The C counter's name and how one step of the loop's induction variable
/// moves it (negative for a normalized decreasing loop).
static std::pair<std::string, int64_t> counterOf(Operation *loop) {
  std::string name = "i";
  if (auto n = loop->getAttrOfType<StringAttr>("weft.iv_name"))
    name = n.str();
  int64_t scale = 1;
  if (auto s = loop->getAttrOfType<IntegerAttr>("weft.c_step"))
    scale = s.getInt();
  return {name, scale};
}

/// The remark for a dependence: which access, which iterations.
static std::string describe(const Dependence &d, Operation *loop) {
  auto [name, scale] = counterOf(loop);
  const Access &f = *d.first, &s = *d.second;
  const char *fk = f.isWrite ? "written" : "read";
  const char *sk = s.isWrite ? (f.isWrite ? "written again" : "written")
                             : "read";
  std::string later;
  if (d.distance) {
    int64_t c = *d.distance * scale;
    later = "iteration " + name + (c >= 0 ? "+" : "-") +
            std::to_string(c >= 0 ? c : -c);
  }
  std::string text = textOf(f);
  if (d.kind == Dependence::Exact && d.distance)
    return text + " " + fk + " in iteration " + name + " is " + sk + " in " +
           later;
  std::string msg = text + " " + fk + " in one iteration " +
                    (d.kind == Dependence::Exact ? "is " : "may be ") + sk +
                    " in another";
  if (textOf(s) != text)
    msg += " (as " + textOf(s) + ")";
  if (!d.why.empty())
    msg += ": " + d.why;
  return msg;
}

int64_t weft::elemSizeOf(Type t) {
  if (auto mt = dyn_cast<MemRefType>(t))
    t = mt.getElementType();
  if (auto st = dyn_cast<StructType>(t))
    return st.getSize();
  if (isa<PtrType>(t))
    return 8;
  if (t.isIntOrFloat())
    return std::max<int64_t>(1, t.getIntOrFloatBitWidth() / 8);
  return 1;
}

/// Calls whose callees read memory through pointers they load from memory
/// (Blocker::indirectRead) read only memory whose address was kept: they
/// conflict with no write of the loop when each is to memory that is not
/// (uncaptured: a local, or an allocation, whose address nothing keeps).
/// Then their blockers go; else the first says which write.
static void liftIndirectReads(LoopBody &body, ModuleOp module) {
  if (body.blockers.empty() ||
      !llvm::all_of(body.blockers,
                    [](const Blocker &b) { return b.indirectRead; }))
    return;
  for (const Access &a : body.accesses)
    if (a.isWrite && !uncaptured(pathOf(a, module).root)) {
      body.blockers.front().reason += ", and the loop writes " +
                                      (a.text.empty() ? "memory" : a.text) +
                                      ", which such a pointer may reach";
      return;
    }
  body.blockers.clear();
}

/// Error paths (docs/analysis.md): calls that write output or end the
/// program, on a branch that ends it (Blocker::errorPath), run in parallel
/// as in the sequential loop when only the first iteration to take such a
/// branch runs it, after every earlier one: libweft and OpenMP's `ordered`
/// do that. Their blockers go, their ifs get weft.error_path (bit 1 the
/// then branch, bit 2 the else) and `v` their places. Not when the module
/// registers a function to run at exit: later iterations may have run by then,
/// and it could see what they wrote.
static void liftErrorPaths(LoopBody &body, ModuleOp module, Verdict &v) {
  if (llvm::none_of(body.blockers,
                    [](const Blocker &b) { return b.errorPath; }))
    return;
  std::string handler;
  module.walk([&](CallOp call) {
    if (llvm::is_contained({"atexit", "at_quick_exit", "on_exit"},
                           call.getCallee()))
      handler = call.getCallee().str();
  });
  if (!handler.empty()) {
    for (Blocker &b : body.blockers)
      if (b.errorPath)
        b.reason += ", on an error path (the file registers a function to "
                    "run at exit with " +
                    handler + ", which would see what later iterations wrote)";
    return;
  }
  // Another blocker (but reads through loaded pointers, which
  // liftIndirectReads may lift) keeps the loop sequential: it goes first,
  // as the reason.
  auto other = [](const Blocker &b) { return !b.errorPath && !b.indirectRead; };
  if (llvm::any_of(body.blockers, other)) {
    SmallVector<Blocker> first, rest;
    for (Blocker &b : body.blockers)
      (other(b) ? first : rest).push_back(std::move(b));
    first.append(rest.begin(), rest.end());
    body.blockers = std::move(first);
    return;
  }
  SmallVector<Blocker> kept;
  for (Blocker &b : body.blockers) {
    if (!b.errorPath) {
      kept.push_back(b);
      continue;
    }
    markErrorBranch(b.op, b.errorPath);
    if (!llvm::is_contained(v.errorPaths, b.errorPath->getLoc()))
      v.errorPaths.push_back(b.errorPath->getLoc());
  }
  body.blockers = std::move(kept);
}

/// The one subscript of a rank-1 memref.load or memref.store, or null.
static Value rank1Index(Operation *access) {
  if (auto l = dyn_cast<memref::LoadOp>(access))
    return l.getIndices().size() == 1 ? l.getIndices()[0] : Value();
  if (auto st = dyn_cast<memref::StoreOp>(access))
    return st.getIndices().size() == 1 ? st.getIndices()[0] : Value();
  return Value();
}

/// The one pointer variable that holds what `op` computes (its
/// weft.pointers: never-assigned variables the importer keeps as that
/// value) and that the loop uses, when every access of `group` is through
/// it.
static std::optional<VarRef>
pointerVarOf(Operation *op, ArrayRef<const Access *> group, Operation *loop) {
  auto free = loop->getAttrOfType<ArrayAttr>("weft.free_vars");
  auto pointers = op ? op->getAttrOfType<ArrayAttr>("weft.pointers") : nullptr;
  if (!free || !pointers)
    return std::nullopt;
  SmallVector<VarRef> named;
  for (Attribute a : pointers) {
    auto d = cast<DictionaryAttr>(a);
    int64_t decl = d.getAs<IntegerAttr>("decl").getInt();
    if (llvm::any_of(free, [&](Attribute f) {
          return cast<DictionaryAttr>(f).getAs<IntegerAttr>("decl").getInt() ==
                 decl;
        }))
      named.push_back({decl, d.getAs<StringAttr>("name").str()});
  }
  if (named.size() != 1 || llvm::any_of(group, [&](const Access *a) {
        return memPathOf(a->op->getOperand(isStore(a->op) ? 1 : 0)).root.name !=
               named.front().name;
      }))
    return std::nullopt;
  return named.front();
}

/// An array reduction into memory that a C allocator returned, `long *h =
/// calloc(nb, sizeof *h)`, viewed as h[k] (rank 1, no offset): the one
/// pointer variable the loop names it by (every access of `group` through
/// it), and the elements of the allocation, its bytes over the element's,
/// as C variables give them where the loop starts. Any element the loop
/// updates lies in the allocation, or the program is wrong already; so
/// copies of that many elements hold them all. Fails with the reason.
static FailureOr<std::pair<VarRef, CPoly>>
allocatedArray(const BaseInfo &root, ArrayRef<const Access *> group,
               Operation *loop, CNames &names, std::string &why) {
  CallOp call = allocatorCallOf(root.ptr);
  auto type = dyn_cast<MemRefType>(root.base.getType());
  if (!call || !type || type.getRank() != 1)
    return failure();
  // The variables that hold the allocation and that the loop uses: one.
  std::optional<VarRef> named = pointerVarOf(call, group, loop);
  if (!named)
    return failure();
  StringRef callee = call.getCallee();
  std::optional<Poly> bytes;
  if (callee == "calloc" && call.getNumOperands() == 2)
    bytes = polyOf(call.getOperand(0)).times(polyOf(call.getOperand(1)));
  else if (callee == "malloc" && call.getNumOperands() == 1)
    bytes = polyOf(call.getOperand(0));
  else if (callee == "aligned_alloc" && call.getNumOperands() == 2)
    bytes = polyOf(call.getOperand(1));
  int64_t size = elemSizeOf(type);
  std::optional<Poly> elems;
  if (bytes && llvm::all_of(bytes->terms(), [&](const auto &t) {
        return t.second % size == 0;
      })) {
    elems = Poly();
    for (const auto &[m, c] : bytes->terms()) {
      std::optional<Poly> term = Poly::constant(c / size);
      for (Value v : m)
        term = term ? term->times(Poly::atom(v)) : std::nullopt;
      elems = term && elems ? elems->plus(*term) : std::nullopt;
    }
  }
  std::optional<CPoly> length = elems ? names.convert(*elems) : std::nullopt;
  if (!length && elems) {
    // Variables the loop does not name may give the size too (the
    // rewriter checks that they are in scope there).
    CNames sizes(loop, nullptr);
    sizes.nameUnnamed();
    length = sizes.convert(*elems);
  }
  if (!length) {
    why = root.name + " is updated as an array reduction, but weft cannot "
                      "tell how many elements its allocation has where the "
                      "loop starts (a size in whole elements of variables "
                      "that hold it there)";
    return failure();
  }
  return std::make_pair(*named, *length);
}

/// The most elements of an array reduction's copies that subscripts'
/// bounds give at compile time (boundedArray): 2^20, so that a 32-bit
/// subscript is not one.
constexpr int64_t kMaxBoundedElements = 1 << 20;

/// An array reduction through a pointer whose object weft does not see,
/// `void hist(..., long *bins) { ... bins[v[i]]++; }`, when the ops that
/// compute every subscript of `group` bound it (indexLength): [0, 256) for
/// an unsigned char, `& 63`, `% nb` of an unsigned value by a variable the
/// loop does not change. Copies of that many elements hold every element
/// the loop updates; the object may have fewer (a table of 100 bins that
/// only values below 100 reach), so the combine touches only elements
/// that some copy changed (Reduction::sparse). The pointer is the C
/// variable that holds the base where the loop starts (rank 1, every
/// access through it, nothing in the loop computes it). Fails with the
/// reason.
static FailureOr<std::pair<VarRef, CPoly>>
boundedArray(const BaseInfo &root, ArrayRef<const Access *> group,
             Operation *loop, CNames &names, std::string &why) {
  // The pointer: a parameter's memref, or the C pointer a weft.base views.
  auto held = [](const BaseInfo &b) { return b.ptr ? b.ptr : b.base; };
  auto type = dyn_cast<MemRefType>(root.base.getType());
  if (!type || type.getRank() != 1 || isDefinedInside(held(root), loop))
    return failure();
  std::optional<VarRef> var = names.declOf(held(root));
  if (!var)
    var = pointerVarOf(held(root).getDefiningOp(), group, loop);
  if (!var || var->name != root.name)
    return failure();
  std::optional<Poly> length;
  for (const Access *a : group) {
    Value index = rank1Index(a->op);
    if (!index ||
        held(memPathOf(a->op->getOperand(isStore(a->op) ? 1 : 0)).root) !=
            held(root))
      return failure();
    std::optional<Poly> n = indexLength(index, a->op, kMaxBoundedElements);
    if (!n) {
      why = root.name + " is updated as an array reduction, but weft does " +
            "not know how many elements it has, nor a bound on the " +
            "subscript of " + (a->text.empty() ? root.name : a->text) +
            " (such as an unsigned char, `& 255` or `% n`)";
      return failure();
    }
    if (!length || (n->isConstant() && length->isConstant() &&
                    n->constantTerm() > length->constantTerm()))
      length = n;
    else if (!(*n == *length) && !(n->isConstant() && length->isConstant()))
      return failure();
  }
  std::optional<CPoly> c = length ? names.convert(*length) : std::nullopt;
  if (!c) {
    why = root.name + " is updated as an array reduction whose subscripts " +
          "are below a bound that weft cannot name where the loop starts";
    return failure();
  }
  return std::make_pair(*var, *c);
}

namespace {

/// The values a polynomial can take at its extremes over a nest whose
/// bounds depend on the loops around (a triangle: `k < j`), inner loops
/// first: where it is linear in the inner induction variable, for each
/// value of the outer ones its least and greatest values are at the inner
/// loop's first or last iteration, which are polynomials in the outer
/// ones; then the same for those. Points of empty inner ranges (j = 0 in
/// `k < j`) are among them too, which only widens the range. Fails when an
/// induction variable occurs squared, before or after a substitution (k * j
/// with k < j), or past 16 values.
static bool nestedCorners(const Poly &p, ArrayRef<LoopInfo> loops,
                          SmallVectorImpl<Poly> &out) {
  SmallVector<Poly> cur = {p};
  for (const LoopInfo &l : llvm::reverse(loops)) {
    if (!l.counted() || llvm::none_of(cur, [&](const Poly &q) {
          return llvm::is_contained(q.atoms(), l.iv);
        }))
      continue;
    if (l.lbs.empty() || l.ubs.empty())
      return false;
    std::optional<Poly> last = l.ubs[0].plus(Poly::constant(-1));
    if (!last)
      return false;
    SmallVector<Poly> next;
    for (const Poly &q : cur) {
      for (auto &[m, c] : q.terms())
        if (llvm::count(m, l.iv) > 1)
          return false;
      for (const Poly &end : {l.lbs[0], *last}) {
        std::optional<Poly> r = q.substituted(
            [&](Value v) { return v == l.iv ? end : Poly::atom(v); });
        if (!r)
          return false;
        if (!llvm::is_contained(next, *r))
          next.push_back(*r);
      }
    }
    if (next.size() > 16)
      return false;
    cur = std::move(next);
  }
  out.append(cur.begin(), cur.end());
  return true;
}

/// The values of a polynomial at the vertices of its loops' box: where a
/// polynomial that is linear in each induction variable (i*n + j) takes its
/// least and greatest values. When a bound depends on another of the loops
/// (not a box), nestedCorners. Fails when an induction variable occurs
/// squared.
static bool corners(const Poly &p, ArrayRef<LoopInfo> loops,
                    SmallVectorImpl<Poly> &out) {
  SmallVector<const LoopInfo *> used;
  for (const LoopInfo &l : loops) {
    if (!l.counted() || !llvm::is_contained(p.atoms(), l.iv))
      continue;
    if (l.lbs.empty() || l.ubs.empty())
      return false;
    for (const LoopInfo &o : loops)
      if (o.counted() && (llvm::is_contained(l.lbs[0].atoms(), o.iv) ||
                          llvm::is_contained(l.ubs[0].atoms(), o.iv)))
        return nestedCorners(p, loops, out);
    used.push_back(&l);
  }
  if (used.size() > 4)
    return false; // 16 corners at most
  for (auto &[m, c] : p.terms())
    for (size_t i = 0; i < m.size(); ++i)
      for (size_t j = i + 1; j < m.size(); ++j)
        if (m[i] == m[j])
          for (const LoopInfo *l : used)
            if (m[i] == l->iv)
              return false;
  // Each corner takes every used induction variable at its first or its
  // last value; the arithmetic may overflow, and then there is no corner.
  SmallVector<std::pair<Poly, Poly>> ends;
  for (const LoopInfo *l : used) {
    std::optional<Poly> last = l->ubs[0].plus(Poly::constant(-1));
    if (!last)
      return false;
    ends.push_back({l->lbs[0], *last});
  }
  for (unsigned mask = 0; mask < (1u << used.size()); ++mask) {
    std::optional<Poly> q = p.substituted([&](Value v) {
      for (size_t k = 0; k < used.size(); ++k)
        if (v == used[k]->iv)
          return mask & (1u << k) ? ends[k].second : ends[k].first;
      return Poly::atom(v);
    });
    if (!q)
      return false;
    out.push_back(*q);
  }
  return true;
}

/// The elements of `root` that a loop's accesses touch, for a run-time
/// check. Fails with the reason.
/// The C variable that holds a base's address at the loop's entry: a
/// parameter, an array, or a pointer variable the loop does not change.
static std::optional<VarRef> baseVarOf(const BaseInfo &root, Operation *loop,
                                       const Invariants &inv, CNames &names) {
  if (root.decl >= 0 && root.base &&
      (isa<BlockArgument>(root.base) ||
       root.base.getDefiningOp<memref::GetGlobalOp>() ||
       root.base.getDefiningOp<memref::AllocaOp>()))
    return VarRef{root.decl, root.name};
  Value id = pointerIdentity(root, loop, &inv);
  if (!id)
    return std::nullopt;
  // A pointer computed before the loop and never changed: the variable the
  // access names, if it names one (`buf` in `buf[i]`, `in` after `in =
  // src->px`), and no loop around this one steps it (its value here is
  // then not the one computed).
  auto named = [&]() -> std::optional<VarRef> {
    if (auto vars = loop->getAttrOfType<ArrayAttr>("weft.free_vars"))
      for (Attribute a : vars) {
        auto d = cast<DictionaryAttr>(a);
        int64_t decl = d.getAs<IntegerAttr>("decl").getInt();
        if (d.getAs<StringAttr>("name").getValue() != root.name)
          continue;
        Operation *def = id.getDefiningOp();
        if (def && steppedAround(loop, def, decl))
          return std::nullopt;
        return VarRef{decl, root.name};
      }
    return std::nullopt;
  };
  // A never-assigned variable that holds the pointer, declared before the
  // loop though the loop does not name it (`ov` in `float *ov = out->v;`
  // before the loop over the rows, whose `o = ov + y * w` weft-fold-offsets
  // folded into the loop over a row): the rewriter checks that it is in
  // scope, and not hidden, where the loop starts (namesVarAtLoop).
  auto held = [&]() -> std::optional<VarRef> {
    Operation *def = id.getDefiningOp();
    auto vars = def ? def->getAttrOfType<ArrayAttr>("weft.pointers") : nullptr;
    if (!vars || loop->isAncestor(def))
      return std::nullopt;
    for (Attribute a : vars) {
      auto d = cast<DictionaryAttr>(a);
      int64_t decl = d.getAs<IntegerAttr>("decl").getInt();
      if (d.getAs<StringAttr>("name").getValue() == root.name &&
          !steppedAround(loop, def, decl))
        return VarRef{decl, root.name};
    }
    return std::nullopt;
  };
  // A pointer loaded from memory (`v->data`): in the loop's bound, in its
  // body from memory no iteration writes, or right before it; named as
  // CNames names loads, unless a variable holds it.
  if (isa_and_nonnull<affine::AffineLoadOp, memref::LoadOp>(
          id.getDefiningOp())) {
    if (auto var =
            loop->isAncestor(id.getDefiningOp()) ? std::nullopt : named())
      return var;
    if (auto var = names.declOf(id))
      return var;
  }
  if (auto cell = id.getDefiningOp<memref::AllocaOp>()) {
    auto d = cell->getAttrOfType<IntegerAttr>("weft.decl");
    auto n = cell->getAttrOfType<StringAttr>("weft.name");
    if (d && n)
      return VarRef{d.getInt(), n.str()};
    return std::nullopt;
  }
  if (auto var = named())
    return var;
  return held();
}

/// What stands for a pointer value's memory in the whole loop: the
/// pointer behind a weft.base, else the root of its views, else (an
/// unresolved !weft.ptr) the value itself. Accesses are grouped by the same
/// key (pointerIdentity, else the base).
static Value memoryKey(Value v) {
  if (!isa<MemRefType>(v.getType()))
    return v;
  MemPath p = memPathOf(v);
  return p.root.ptr ? p.root.ptr : p.root.base;
}

/// The C variables through which a loop's body alone reaches their memory
/// (docs/analysis.md, "Apart pointers"): a variable declared outside the
/// loop (a parameter, an array, a pointer variable) qualifies when
/// - every access of the loop to other memory, where either side writes,
///   is proven apart from its accesses (distinct objects, distinct
///   allocations, restrict) or checked apart at run time by a guard
///   (`guarded`: pairs of keys), and
/// - no other variable the loop uses reaches the same memory: the importer
///   records on that memory every never-assigned pointer variable that
///   points into it (weft.pointers), and the memory's own variable is its
///   weft.decl.
/// The rewriter passes these to the outlined loop as restrict pointers, as
/// compilers then keep what they knew of them where the loop was.
static SmallVector<VarRef> apartVariables(
    Operation *loop, ArrayRef<const Access *> mem, ArrayRef<MemPath> paths,
    ArrayRef<std::pair<Value, Value>> guarded, const Invariants &inv) {
  auto free = loop->getAttrOfType<ArrayAttr>("weft.free_vars");
  if (!free)
    return {};
  auto key = [&](const BaseInfo &r) {
    Value id = pointerIdentity(r, loop, &inv);
    return id ? id : r.base;
  };
  SmallVector<Value> keys;
  for (const MemPath &p : paths)
    keys.push_back(key(p.root));
  // Keys some access may share memory with, unchecked.
  DenseSet<Value> shared;
  for (size_t i = 0; i < mem.size(); ++i) {
    for (size_t j = i + 1; j < mem.size(); ++j) {
      if (keys[i] == keys[j] || (!mem[i]->isWrite && !mem[j]->isWrite))
        continue;
      Overlap o = overlapOf(paths[i].root, paths[j].root, loop, &inv);
      if (o == Overlap::Never)
        continue;
      if (o == Overlap::Maybe &&
          (llvm::is_contained(guarded, std::make_pair(keys[i], keys[j])) ||
           llvm::is_contained(guarded, std::make_pair(keys[j], keys[i]))))
        continue;
      shared.insert(keys[i]);
      shared.insert(keys[j]);
    }
  }
  // Every variable that reaches each memory, from the whole function.
  DenseMap<Value, SmallVector<VarRef, 2>> reachers;
  auto add = [&](Value v, Attribute list) {
    if (auto a = dyn_cast_or_null<ArrayAttr>(list))
      for (Attribute x : a) {
        auto d = cast<DictionaryAttr>(x);
        reachers[memoryKey(v)].push_back({d.getAs<IntegerAttr>("decl").getInt(),
                                          d.getAs<StringAttr>("name").str()});
      }
  };
  auto own = [&](Value v, Attribute decl, Attribute name) {
    auto d = dyn_cast_or_null<IntegerAttr>(decl);
    auto n = dyn_cast_or_null<StringAttr>(name);
    if (d && n)
      reachers[memoryKey(v)].push_back({d.getInt(), n.str()});
  };
  auto fn = loop->getParentOfType<func::FuncOp>();
  for (BlockArgument arg : fn.getArguments()) {
    unsigned i = arg.getArgNumber();
    own(arg, fn.getArgAttr(i, "weft.decl"), fn.getArgAttr(i, "weft.name"));
    add(arg, fn.getArgAttr(i, "weft.pointers"));
  }
  fn.walk([&](Operation *op) {
    if (op->getNumResults() != 1)
      return;
    if (isa<memref::AllocaOp>(op))
      own(op->getResult(0), op->getAttr("weft.decl"), op->getAttr("weft.name"));
    add(op->getResult(0), op->getAttr("weft.pointers"));
  });
  SmallVector<VarRef> out;
  DenseSet<Value> seen;
  for (Value k : keys) {
    if (!k || shared.contains(k) || !seen.insert(k).second ||
        isDefinedInside(k, loop) || k.getDefiningOp<memref::GetGlobalOp>())
      continue;
    SmallVector<VarRef> used;
    for (const VarRef &r : reachers.lookup(k))
      if (llvm::any_of(free, [&](Attribute a) {
            return cast<DictionaryAttr>(a)
                       .getAs<IntegerAttr>("decl")
                       .getInt() == r.decl;
          }))
        used.push_back(r);
    if (used.size() == 1)
      out.push_back(used.front());
  }
  return out;
}

/// Remainders in a subscript (`cur[((y + dy + h) % h) * w + x]`, the
/// wraparound of a periodic grid): an atom r = a % m computed in the loop,
/// whose divisor m does not change in it, lies in [0, m - 1] when a >= 0
/// and m >= 1 (C's remainder takes the dividend's sign, and |r| < |m|),
/// and in [1 - m, m - 1] when a may be negative. Each such r becomes one
/// more variable of the box, with those bounds, and the check tests a's
/// least value over the loops (unless it is a negative constant) and
/// m - 1 at run time (GuardSide::nonneg); an r whose dividend or
/// divisor it cannot name stays an atom, which the check cannot name
/// either.
static void boundRemainders(const Poly &lo, const Poly &hi,
                            SmallVectorImpl<LoopInfo> &box, Operation *loop,
                            CNames &names, GuardSide &side) {
  SmallVector<Value> atoms = lo.atoms();
  llvm::append_range(atoms, hi.atoms());
  SmallVector<LoopInfo> loops(box.begin(), box.end());
  for (Value r : atoms) {
    auto rem = r.getDefiningOp<arith::RemSIOp>();
    if (!rem || !isDefinedInside(r, loop) ||
        llvm::any_of(box, [&](const LoopInfo &l) { return l.iv == r; }))
      continue;
    Poly m = polyOf(rem.getRhs());
    if (llvm::any_of(m.atoms(),
                     [&](Value v) { return isDefinedInside(v, loop); }))
      continue;
    auto range = rangeOver(polyOf(rem.getLhs()), loops);
    auto last = m.plus(Poly::constant(-1));
    auto least = range ? names.convert(range->first) : std::nullopt;
    auto top = last ? names.convert(*last) : std::nullopt;
    if (!least || !top)
      continue;
    // A dividend that is negative in some iteration, as a constant says
    // (`(i - 3) % n`): r lies in [1 - m, m - 1] then, which only needs
    // m >= 1.
    bool negative =
        range->first.isConstant() && range->first.constantTerm() < 0;
    auto low = negative ? Poly::constant(1).plus(m, -1)
                        : std::optional<Poly>(Poly::constant(0));
    if (!low)
      continue;
    if (!negative && !llvm::is_contained(side.nonneg, *least))
      side.nonneg.push_back(*least);
    if (!llvm::is_contained(side.nonneg, *top))
      side.nonneg.push_back(*top);
    LoopInfo bounded;
    bounded.iv = r;
    bounded.lbs.push_back(*low);
    bounded.ubs.push_back(m);
    box.push_back(bounded);
  }
}

} // namespace

std::optional<GuardSide> weft::guardSide(const BaseInfo &root,
                                         ArrayRef<const Access *> accesses,
                                         const LoopInfo &loop, CNames &names,
                                         ModuleOp module, const Invariants &inv,
                                         std::string &why) {
  GuardSide side;
  auto var = root.base ? baseVarOf(root, loop.op, inv, names) : std::nullopt;
  if (!var) {
    why = "weft cannot name " + root.name + " in a run-time check";
    return std::nullopt;
  }
  side.base = *var;
  auto rootType = dyn_cast<MemRefType>(root.rowChecked ? root.rowType
                                                       : root.base.getType());
  if (!rootType ||
      (root.rowChecked && !rootType.hasStaticShape() &&
       llvm::any_of(rootType.getShape().drop_front(), ShapedType::isDynamic))) {
    why = std::string("weft cannot size ") +
          (root.rowChecked ? "the rows of " : "") + root.name;
    return std::nullopt;
  }
  // A table's rows (GuardSide::rows): the slots first, then the elements of
  // each row, from the subscripts after the slot's.
  size_t first = root.rowChecked ? 1 : 0;
  // A pointer variable itself (read in the loop, which writes memory that
  // may hold it) is its storage, &p, not what p points to.
  side.cell = root.isCell;
  if (side.cell && isa<PtrType>(rootType.getElementType()))
    side.base.name = "&" + side.base.name;
  side.elemSize = elemSizeOf(rootType);
  // Row-major strides of the root, in elements; the inner dimensions of a
  // VLA parameter are sized by other parameters (weft.vla_sizes).
  SmallVector<int64_t> vlaSizes;
  if (auto arg = dyn_cast<BlockArgument>(root.base); arg && !first)
    if (auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()))
      if (auto a = fn.getArgAttrOfType<DenseI64ArrayAttr>(arg.getArgNumber(),
                                                          "weft.vla_sizes"))
        vlaSizes.assign(a.asArrayRef().begin(), a.asArrayRef().end());
  auto paramWithDecl = [&](int64_t decl) -> Value {
    Value base = root.base;
    auto fn = base.getParentRegion()->getParentOfType<func::FuncOp>();
    for (BlockArgument arg : fn.getArguments())
      if (auto d = fn.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                    "weft.decl");
          d && d.getInt() == decl)
        return arg;
    return Value();
  };
  SmallVector<Poly> strides(rootType.getRank(), Poly::constant(1));
  unsigned nextVla = 0;
  SmallVector<Poly> sizes(rootType.getRank());
  for (int64_t d = 1; d < rootType.getRank(); ++d) {
    if (!rootType.isDynamicDim(d)) {
      sizes[d] = Poly::constant(rootType.getDimSize(d));
      continue;
    }
    Value size = nextVla < vlaSizes.size() && vlaSizes[nextVla] >= 0
                     ? paramWithDecl(vlaSizes[nextVla])
                     : Value();
    ++nextVla;
    if (!size) {
      why = root.name + " has a dimension of a size weft cannot name";
      return std::nullopt;
    }
    sizes[d] = Poly::atom(size);
  }
  for (int64_t d = rootType.getRank() - 2; d >= 0; --d) {
    auto s = strides[d + 1].times(sizes[d + 1]);
    if (!s) {
      why = root.name + " has too many dimensions of variable size";
      return std::nullopt;
    }
    strides[d] = *s;
  }
  // The loop and the loops inside it around an access: their induction
  // variables are eliminated from its subscripts.
  auto innerLoops = [&](const Access *a) {
    SmallVector<LoopInfo> inner;
    for (const LoopInfo &l : a->loops)
      if (l.op == loop.op || loop.op->isAncestor(l.op))
        inner.push_back(l);
    return inner;
  };
  // The elements one access touches, from its subscripts over the loops;
  // false with the reason when weft cannot bound or name them.
  // With `byWays`, a value computed in the loop that the subscripts take
  // linearly may come about in ways that each bound (a clamped index: `xx
  // = x + k; if (xx < 0) xx = 0;`, `x > 0 ? x - 1 : 0`): the elements are
  // among those of its ways, each from its lower bound to its upper one
  // (valueWays).
  auto subscriptSide = [&](const Access *a, SmallVectorImpl<CPoly> &accLo,
                           SmallVectorImpl<CPoly> &accHi,
                           bool byWays = false) -> bool {
    MemPath p = pathOf(*a, module);
    // Views keep the root's leading dimensions (fields) or flatten them.
    size_t dims = rootType.getRank();
    bool flat = !p.views.empty() && p.views.front().kind == ViewStep::Flat;
    if (flat)
      dims = 1;
    if (a->subs.size() < first + dims) {
      why = "weft cannot bound the elements " + textOf(*a) + " touches";
      return false;
    }
    Poly lo, hi;
    for (size_t d = 0; d < dims; ++d) {
      const Subscript &s = a->subs[first + d];
      Poly stride = flat ? Poly::constant(1) : strides[d];
      if (!s.known()) {
        why = "weft cannot bound the elements " + textOf(*a) + " touches";
        return false;
      }
      auto l = s.lo->times(stride), h = s.hi->times(stride);
      auto nl = l ? lo.plus(*l) : std::nullopt;
      auto nh = h ? hi.plus(*h) : std::nullopt;
      if (!nl || !nh) {
        why = "weft cannot bound the elements " + textOf(*a) + " touches";
        return false;
      }
      lo = *nl;
      hi = *nh;
    }
    // Eliminate the loop's and inner loops' induction variables.
    SmallVector<LoopInfo> inner = innerLoops(a);
    // The elements from lo to hi, named in C, into accLo and accHi.
    auto named = [&](Poly lo, Poly hi) {
      boundRemainders(lo, hi, inner, loop.op, names, side);
      SmallVector<Poly> los, his;
      if (auto rl = rangeOver(lo, inner), rh = rangeOver(hi, inner); rl && rh) {
        los.push_back(rl->first);
        his.push_back(rh->second);
      } else if (!corners(lo, inner, los) || !corners(hi, inner, his)) {
        why = "weft cannot bound the elements " + textOf(*a) + " touches";
        return false;
      }
      for (auto [list, out] :
           {std::make_pair(&los, &accLo), std::make_pair(&his, &accHi)})
        for (const Poly &p : *list) {
          auto c = names.convert(p);
          if (!c) {
            why = "the elements " + textOf(*a) +
                  " touches depend on values weft cannot name in C";
            return false;
          }
          out->push_back(*c);
        }
      return true;
    };
    if (!byWays)
      return named(lo, hi);
    std::string failed = why;
    // A value that changes in the loop: an induction variable of it or of
    // a loop inside, a value computed there.
    auto varies = [&](Value x) { return isDefinedInside(x, loop.op); };
    // `(iv - lb) / step`, the iteration's number that an induction of a
    // loop with a step is a function of (`out[j]`, `j++` in `for (i = 0; i
    // < n; i += 2)`): from 0 to at most ub - 1 - lb (the quotient's own
    // last value is that over the step, which a check cannot write: a
    // superset).
    auto quotientRange =
        [&](Value v) -> std::optional<SmallVector<std::pair<Poly, Poly>>> {
      for (const LoopInfo &l : inner) {
        if (l.step < 1 || l.ubs.empty() || !isIterationNumber(v, l))
          continue;
        auto last = l.ubs[0].plus(l.lbs[0], -1);
        last = last ? last->plus(Poly::constant(-1)) : std::nullopt;
        if (!last)
          return std::nullopt;
        SmallVector<std::pair<Poly, Poly>> one{{Poly::constant(0), *last}};
        return one;
      }
      return std::nullopt;
    };
    for (Value v : lo.atoms()) {
      Operation *def = v.getDefiningOp();
      bool quotient = isa_and_nonnull<arith::DivUIOp, arith::DivSIOp>(def);
      if (!def || !loop.op->isAncestor(def) ||
          !(quotient ||
            isa<arith::SelectOp, affine::AffineLoadOp, memref::LoadOp>(def)))
        continue;
      auto [clo, rlo] = lo.splitBy(v);
      auto [chi, rhi] = hi.splitBy(v);
      // v times a constant, or times a value the loop does not change (a
      // row length, `in[yy * w + x]`), which the check tests is not
      // negative.
      std::optional<CPoly> factor;
      if (!clo.isConstant() || !chi.isConstant()) {
        factor = clo == chi && llvm::none_of(clo.atoms(), varies)
                     ? names.convert(clo)
                     : std::nullopt;
        if (!factor)
          continue;
      }
      auto ways = quotient ? quotientRange(v) : valueWays(v, a->op, varies);
      if (!ways)
        continue;
      accLo.clear();
      accHi.clear();
      bool all = true;
      for (const auto &[wlo, whi] : *ways) {
        // lo takes the way's least value where lo grows with v.
        bool upLo = factor || clo.constantTerm() >= 0;
        bool upHi = factor || chi.constantTerm() >= 0;
        auto tl = clo.times(upLo ? wlo : whi);
        auto th = chi.times(upHi ? whi : wlo);
        auto l = tl ? rlo.plus(*tl) : std::nullopt;
        auto h = th ? rhi.plus(*th) : std::nullopt;
        if (!l || !h || !named(*l, *h)) {
          all = false;
          break;
        }
      }
      if (all) {
        if (factor && !llvm::is_contained(side.nonneg, *factor))
          side.nonneg.push_back(*factor);
        why.clear();
        return true;
      }
      break;
    }
    accLo.clear();
    accHi.clear();
    why = failed;
    return false;
  };
  // The slots of a table's rows, from the slot subscript.
  auto slotSide = [&](const Access *a) -> bool {
    const Subscript &s = a->subs.front();
    SmallVector<LoopInfo> inner = innerLoops(a);
    auto rl = s.known() ? rangeOver(*s.lo, inner) : std::nullopt;
    auto rh = s.known() ? rangeOver(*s.hi, inner) : std::nullopt;
    auto cl = rl ? names.convert(rl->first) : std::nullopt;
    auto ch = rh ? names.convert(rh->second) : std::nullopt;
    if (!cl || !ch) {
      why = "weft cannot name in C the rows of " + root.name + " that " +
            textOf(*a) + " reaches";
      return false;
    }
    if (!llvm::is_contained(side.slotLo, *cl))
      side.slotLo.push_back(*cl);
    if (!llvm::is_contained(side.slotHi, *ch))
      side.slotHi.push_back(*ch);
    return true;
  };
  // Else [0, length) when the ops that compute a rank-1 subscript bound it
  // (indexLength: `lut[in[i]]` of an unsigned char, `table[k[i] % nt]`).
  auto boundedSide = [&](const Access *a, SmallVectorImpl<CPoly> &accLo,
                         SmallVectorImpl<CPoly> &accHi) -> bool {
    Value index = rank1Index(a->op);
    if (!index || first || rootType.getRank() != 1 ||
        !pathOf(*a, module).views.empty())
      return false;
    std::optional<Poly> n = indexLength(index, a->op, kMaxBoundedElements);
    std::optional<Poly> last = n ? n->plus(Poly::constant(-1)) : std::nullopt;
    std::optional<CPoly> hi = last ? names.convert(*last) : std::nullopt;
    if (!hi)
      return false;
    // The bound holds only where the length is positive (`% nt` of an nt
    // that is not, a clamp to nc - 1 for nc < 1): the check tests it.
    if (!n->isConstant() && !llvm::is_contained(side.nonneg, *hi))
      side.nonneg.push_back(*hi);
    accLo.push_back(CPoly{});
    accHi.push_back(*hi);
    return true;
  };
  for (const Access *a : accesses) {
    SmallVector<CPoly> accLo, accHi;
    if (first && (a->subs.empty() || !slotSide(a)))
      return std::nullopt;
    if (!subscriptSide(a, accLo, accHi)) {
      std::string failed = why;
      accLo.clear();
      accHi.clear();
      if (!boundedSide(a, accLo, accHi)) {
        accLo.clear();
        accHi.clear();
        why = failed;
        if (!subscriptSide(a, accLo, accHi, true))
          return std::nullopt; // why: subscriptSide's
      }
      why.clear();
    }
    for (auto [list, out] :
         {std::make_pair(&accLo, &side.lo), std::make_pair(&accHi, &side.hi)})
      for (const CPoly &c : *list)
        if (!llvm::is_contained(*out, c))
          out->push_back(c);
  }
  return side;
}

namespace {
/// All the elements of an array of static shape, for a run-time check; or
/// the `length` first elements of the pointer's (an array reduction's
/// copies, Reduction::length).
static std::optional<GuardSide>
wholeArraySide(const BaseInfo &root, const std::optional<CPoly> &length,
               Operation *loop, CNames &names, const Invariants &inv,
               std::string &why) {
  auto var = baseVarOf(root, loop, inv, names);
  auto type = dyn_cast<MemRefType>(root.base.getType());
  if (!var || !type || (!length && !type.hasStaticShape())) {
    why = "weft cannot name " + root.name + " in a run-time check";
    return std::nullopt;
  }
  GuardSide side;
  side.base = *var;
  side.elemSize = elemSizeOf(type);
  side.lo.push_back(CPoly{});
  if (!length) {
    side.hi.push_back(CPoly{Term{type.getNumElements() - 1, {}}});
    return side;
  }
  CPoly hi = *length;
  auto c = llvm::find_if(hi, [](const Term &t) { return t.vars.empty(); });
  if (c == hi.end())
    hi.push_back(Term{-1, {}});
  else if (--c->coef == 0)
    hi.erase(c);
  side.hi.push_back(hi);
  return side;
}

/// The accesses of boundLoadsOf(loop).
std::vector<Access> boundReadsOf(Operation *loop) {
  std::vector<Access> out;
  for (Operation *ld : boundLoadsOf(loop))
    out.push_back(accessOf(ld));
  return out;
}

/// Whether the body of a loop can change what its bound reads
/// (docs/analysis.md, "Bounds in memory").
struct BoundCheck {
  std::vector<Access> reads; ///< boundReadsOf the loop
  std::string why;           ///< set when it may, with the write
  LocationAttr at;
  std::string note;
  /// Pairs (index in reads, index in the body's accesses) of bases that may
  /// overlap: the bound holds when a run-time check finds them apart.
  SmallVector<std::pair<size_t, size_t>> maybe;
  bool proven() const { return why.empty() && maybe.empty(); }
};

/// The accesses of a loop's own body, over the domain with the bound read
/// at its start (loopInfoOf with trustBounds): until a write reaches the
/// bound's memory the loop runs that far, so the first such write happens
/// within it, and past a run-time check none does.
void trustOwnBounds(LoopBody &body, const LoopInfo &own) {
  for (Access &a : body.accesses)
    for (LoopInfo &l : a.loops)
      if (l.op == own.op)
        l = own;
}

/// The accesses of a loop's body, with the bounds of the loops inside it
/// that read memory the loop's iterations all read the same (invariant
/// loads: never written in it, or checked apart from every write by its
/// run-time checks, which test every write against every access, these
/// loads included): such an inner loop always runs as far as it read.
void trustInvariantBounds(LoopBody &body, Operation *loop,
                          const Invariants &inv) {
  DenseMap<Operation *, std::optional<LoopInfo>> trusted;
  for (Access &a : body.accesses)
    for (LoopInfo &l : a.loops) {
      if (l.op == loop || !loop->isAncestor(l.op) || !boundUnverified(l.op))
        continue;
      auto [it, fresh] = trusted.try_emplace(l.op);
      if (fresh && boundLoadsInvariant(l.op, loop, inv))
        it->second = loopInfoOf(l.op, /*trustBounds=*/true);
      if (it->second)
        l = *it->second;
    }
}

/// `body` is collectBody(loop), with trustOwnBounds; `inv` its invariants.
BoundCheck checkBound(Operation *loop, const LoopBody &body, ModuleOp module,
                      const Invariants &inv) {
  BoundCheck c;
  c.reads = boundReadsOf(loop);
  if (c.reads.empty()) {
    c.why = "the bound reads memory, and weft cannot find where";
    return c;
  }
  if (!body.blockers.empty()) {
    c.why = "the bound reads " + textOf(c.reads.front()) +
            ", which the body may change: it contains " +
            body.blockers.front().reason;
    c.at = body.blockers.front().op->getLoc();
    c.note = "here";
    return c;
  }
  LoopInfo info = loopInfoOf(loop, /*trustBounds=*/true);
  for (size_t ri = 0; ri < c.reads.size(); ++ri) {
    const Access &r = c.reads[ri];
    MemPath pr = pathOf(r, module);
    // A local variable: the importer made sure that the body never assigns
    // it, and nothing else can reach it.
    if (pr.views.empty() && pr.root.isCell && !pr.root.escapes)
      continue;
    for (size_t wi = 0; wi < body.accesses.size(); ++wi) {
      const Access &w = body.accesses[wi];
      if (!w.isWrite)
        continue;
      // A row of a table the check reads (analyze lifts it the same way,
      // or the check cannot name it).
      MemPath pw = pathThroughCheckedRows(w, loop, module, inv);
      switch (overlapOf(pr.root, pw.root, loop, &inv)) {
      case Overlap::Never:
        continue;
      case Overlap::Same: {
        Dependence d = testTouch(r, w, info, module, &inv);
        if (d.kind == Dependence::None)
          continue;
        c.why = "the bound reads " + textOf(r) + ", which the body " +
                (d.kind == Dependence::Exact ? "writes" : "may write") +
                (textOf(w) != textOf(r) ? " (as " + textOf(w) + ")" : "");
        break;
      }
      case Overlap::Maybe:
        c.maybe.push_back({ri, wi});
        continue;
      case Overlap::Unknown:
        c.why = "the bound reads " + textOf(r) +
                ", which the body may write (as " + textOf(w) +
                ", through a pointer that may change in the loop)";
        break;
      }
      c.at = w.loc;
      c.note = textOf(w) + " written here";
      return c;
    }
  }
  return c;
}

/// `#pragma weft assume_no_alias` on the loop or its function.
bool assumesNoAlias(Operation *loop) {
  return loop->hasAttr("weft.assume_no_alias") ||
         loop->getParentOfType<func::FuncOp>()->hasAttr("weft.assume_no_alias");
}

struct DetectParallelLoops
    : public weft::impl::DetectParallelLoopsBase<DetectParallelLoops> {
  using DetectParallelLoopsBase::DetectParallelLoopsBase;

  void runOnOperation() final;
  /// `firstTest`: a do loop judged as the while loop it is when its first
  /// test passes, which the run-time check tests (assumeFirstTestPasses).
  Verdict analyze(Operation *loop, CallSummaries &summaries,
                  const llvm::StringSet<> &skipped, bool firstTest = false);

  /// Is d of a kind the unsafe-ignore-dependences testing option drops?
  bool ignored(const Dependence &d) const {
    return llvm::is_contained(unsafeIgnore, d.kindName());
  }

  bool fpReassoc = false;
};
} // namespace

Verdict DetectParallelLoops::analyze(Operation *loop, CallSummaries &summaries,
                                     const llvm::StringSet<> &skipped,
                                     bool firstTest) {
  ModuleOp module = getOperation();
  Verdict v;
  auto fail = [&](std::string why, LocationAttr at = {},
                  std::string note = "") {
    v.parallel = false;
    v.reason = std::move(why);
    if (at) {
      v.notes.push_back(Location(at));
      v.noteTexts.push_back(std::move(note));
    }
    return v;
  };
  auto fn = loop->getParentOfType<func::FuncOp>();
  if (skipped.contains(fn.getName()))
    return fail("the function " + fn.getName().str() +
                " is excluded by --skip");
  if (loop->hasAttr("weft.openmp"))
    return fail("already parallel: it is inside an OpenMP directive");
  if (loop->hasAttr("weft.pragma_sequential"))
    return fail("#pragma weft sequential");
  if (auto u = loop->getAttrOfType<StringAttr>("weft.uneditable"))
    return fail(u.getValue() == "macro"
                    ? "the loop comes from a macro expansion, which weft "
                      "cannot rewrite"
                    : "the loop is in an included file, which weft does not "
                      "rewrite");
  if (auto opaque = dyn_cast<OpaqueLoopOp>(loop))
    return fail(opaque.getReason().str());
  // The increment's steps of other variables (`i++, j += 2`): the outlined
  // loop runs its own header, so each must be an induction.
  if (auto others = loop->getAttrOfType<ArrayAttr>("weft.c_other_steps"))
    for (Attribute a : others) {
      auto d = cast<DictionaryAttr>(a);
      if (!inductionStep(loop, d.getAs<IntegerAttr>("decl").getInt()))
        return fail("its increment steps " + d.getAs<StringAttr>("name").str() +
                    ", which weft cannot compute from the counter (docs/"
                    "analysis.md, \"Other counters\")");
    }

  // A bound in memory that no proof covers: this loop's own analysis
  // takes the bound as read at its entry, and checks below that the body
  // cannot change it (at run time if need be).
  LoopInfo info = loopInfoOf(loop, /*trustBounds=*/true);
  std::optional<SmallVector<Poly>> passes;
  if (firstTest && !(passes = assumeFirstTestPasses(info)))
    return fail("weft cannot read the do loop as a while loop");
  LoopBody body = collectBody(loop, summaries);
  liftErrorPaths(body, module, v);
  liftIndirectReads(body, module);
  if (!body.blockers.empty()) {
    const Blocker &b = body.blockers.front();
    return fail("it contains " + b.reason, b.op->getLoc(), "here");
  }
  bool ownBound = boundUnverified(loop);
  if (ownBound || passes)
    trustOwnBounds(body, info);
  // Loads of memory no iteration writes, or none that a run-time check
  // below does not cover: one value each for the whole loop.
  Invariants inv = invariantsOf(loop, body, info, module, /*proven=*/false);
  trustInvariantBounds(body, loop, inv);
  std::optional<BoundCheck> bound;
  if (ownBound) {
    // Again with these invariants: writes through `v->data` now have one
    // base, which a check can set apart from the bound's memory.
    bound = checkBound(loop, body, module, inv);
    if (!bound->why.empty())
      return fail(bound->why, bound->at, bound->note);
  }

  // Scalars first: every cell the loop writes needs a role.
  for (const ScalarRole &r : classifyScalars(loop, body.accesses, module)) {
    VarRef var{r.cell.decl, r.cell.name};
    switch (r.kind) {
    case ScalarRole::Carried:
      return fail(r.why,
                  r.witness ? LocationAttr(r.witness->getLoc()) : LocationAttr(),
                  r.witnessText);
    case ScalarRole::Private:
      v.privates.push_back(var);
      break;
    case ScalarRole::LastPrivate:
      v.lastprivates.push_back(var);
      break;
    case ScalarRole::CondLastPrivate:
      v.condLastprivates.push_back(var);
      break;
    case ScalarRole::Reduction:
      if (!r.exact && !fpReassoc && !fpReductions)
        return fail(r.cell.name + " is a floating-point " + r.op +
                        " reduction: running it in parallel would change "
                        "its rounding (allow that with -ffast-math, "
                        "-fassociative-math or weft's --fp-reductions)",
                    r.witness ? LocationAttr(r.witness->getLoc()) : LocationAttr(),
                    r.cell.name + " updated here");
      v.reductions.push_back(
          {var, r.op, r.pred, r.isFloat, std::nullopt, false});
      break;
    }
  }

  // Memory: every pair of accesses, at least one a write, to bases that
  // may be the same memory.
  SmallVector<const Access *> mem;
  SmallVector<MemPath> paths;
  for (const Access &a : body.accesses) {
    MemPath p = pathOf(a, module);
    if (p.views.empty() && p.root.isCell && !p.root.escapes)
      continue; // scalars: classified above
    mem.push_back(&a);
    paths.push_back(std::move(p));
  }
  bool assumeNoAlias = assumesNoAlias(loop);
  // Rows of row tables are compared as their slots (`w[k][j]` as w[k, j]).
  // Rows of a table weft knows are never Maybe. Those of another table
  // read at a slot that changes in the loop are, on the condition that a
  // run-time check finds the rows the loop touches apart (rowChecked,
  // v.rowTables), unless the loop may write the table's slots.
  std::deque<Access> rows;
  SmallVector<const Access *> cmp(mem.begin(), mem.end());
  SmallVector<MemPath> cmpPaths(paths.begin(), paths.end());
  // The check reads the slots where the loop starts: only slots that C
  // reads too, in the first and last iterations (readInEveryIteration),
  // once the loops between run, which it tests first (rowRuns).
  SmallVector<std::pair<Operation *, Invariants::EntryLoop>> rowRuns;
  for (size_t i = 0; i < mem.size(); ++i)
    if (std::optional<Access> r = rowOfTable(*mem[i], loop, &inv)) {
      SmallVector<Invariants::EntryLoop> runs;
      auto writesSlots = [&]() {
        BaseInfo slots = pathOf(*r, module).root;
        slots.row = slots.rowChecked = false;
        return llvm::any_of(llvm::seq(mem.size()), [&](size_t k) {
          return mem[k]->isWrite &&
                 overlapOf(slots, paths[k].root, loop, &inv) == Overlap::Same;
        });
      };
      if (r->rowChecked &&
          (!v.errorPaths.empty() ||
           !readInEveryIteration(
               rowSlotLoad(memPathOf(mem[i]->memref).root.base, loop, &inv),
               loop, runs, &inv) ||
           writesSlots()))
        continue;
      for (Invariants::EntryLoop &e : runs)
        rowRuns.push_back({mem[i]->op, std::move(e)});
      rows.push_back(std::move(*r));
      cmp[i] = &rows.back();
      cmpPaths[i] = pathOf(rows.back(), module);
    }
  // The pairs scale with the bases, not the accesses: bases are compared
  // once per pair of bases, an access that repeats another (the same
  // element in the same block) is tested once, and a run-time check is
  // asked for once per pair of bases. Only the exact test on accesses to
  // one base is counted against a budget.
  SmallVector<size_t> cls(mem.size()), rep(mem.size());
  SmallVector<size_t> classRep; // an access of each class
  for (size_t i = 0; i < mem.size(); ++i) {
    const BaseInfo &r = cmpPaths[i].root;
    auto same = [&](size_t k) {
      const BaseInfo &o = cmpPaths[k].root;
      return r.base && o.base == r.base && o.row == r.row &&
             o.rowType == r.rowType && o.symbol == r.symbol;
    };
    const size_t *c = llvm::find_if(classRep, same);
    cls[i] = c - classRep.begin();
    if (c == classRep.end())
      classRep.push_back(i);
    rep[i] = i;
    for (size_t k = 0; k < i; ++k)
      if (rep[k] == k && repeats(*cmp[i], *cmp[k])) {
        rep[i] = k;
        break;
      }
  }
  DenseMap<std::pair<size_t, size_t>, Overlap> overlaps;
  auto overlap = [&](size_t i, size_t j) {
    auto key = std::minmax(cls[i], cls[j]);
    auto [it, fresh] = overlaps.try_emplace(key, Overlap::Never);
    if (fresh)
      it->second = overlapOf(cmpPaths[i].root, cmpPaths[j].root, loop, &inv);
    return it->second;
  };
  // Array reductions (docs/analysis.md, "Array reductions"): an array of
  // a size known at compile time that the loop only updates, `a[s] = a[s]
  // op x`, and that no other access of the loop may touch (or only one a
  // run-time check sets apart). When the dependence test finds iterations
  // that update one element, each thread updates its own copy.
  // Arrays that each thread (reductions) or chunk (private arrays, below)
  // may have a copy of, used when a dependence on them needs it.
  struct Copied {
    SmallVector<size_t> classes;
    Reduction reduction; ///< op is empty for a private array
    bool used = false;   ///< a dependence needs the copies
    int64_t bytes = 0;   ///< a private array's size
  };
  SmallVector<Copied, 4> copied;
  DenseMap<size_t, size_t> copiedOf; // class -> copied index
  CNames names(loop, &inv);
  // A do loop read as a while loop: its first test must pass.
  if (passes) {
    for (const Poly &p : *passes) {
      std::optional<CPoly> c = names.convert(p);
      if (!c)
        return fail("weft cannot name in C the do loop's bound, which a "
                    "run-time check needs");
      if (!llvm::is_contained(v.conditions, *c))
        v.conditions.push_back(std::move(*c));
    }
    v.conditionTexts.push_back(
        "the do loop's condition holds before its first iteration");
  }
  // Classes the loop updates as a reduction that weft cannot copy: why.
  DenseMap<size_t, std::string> uncopied;
  auto sameObject = [](const BaseInfo &a, const BaseInfo &b) {
    return a.symbol ? a.symbol == b.symbol : a.base == b.base;
  };
  for (size_t c = 0; c < classRep.size(); ++c) {
    size_t r0 = classRep[c];
    const BaseInfo &root = cmpPaths[r0].root;
    if (!root.base || root.row || root.isCell ||
        !llvm::any_of(llvm::seq(mem.size()),
                      [&](size_t k) { return cls[k] == c && mem[k]->isWrite; }))
      continue;
    SmallVector<const Access *> group;
    SmallVector<size_t> classes;
    bool alone = true;
    for (size_t k = 0; k < mem.size() && alone; ++k) {
      Overlap o = overlap(r0, k);
      if (o == Overlap::Unknown ||
          (o == Overlap::Same && (!paths[k].views.empty() || mem[k] != cmp[k])))
        alone = false;
      if (o == Overlap::Same) {
        group.push_back(mem[k]);
        if (!llvm::is_contained(classes, cls[k]))
          classes.push_back(cls[k]);
      }
    }
    std::optional<ArrayUpdate> update =
        alone ? arrayUpdateOf(group) : std::nullopt;
    // Testing the oracle: any integer array of plain loads and stores is
    // taken as a + reduction.
    if (!update && alone && llvm::is_contained(unsafeIgnore, "reduction") &&
        llvm::all_of(group,
                     [](const Access *a) {
                       return isa<affine::AffineLoadOp, memref::LoadOp,
                                  affine::AffineStoreOp, memref::StoreOp>(
                           a->op);
                     }) &&
        cast<MemRefType>(root.base.getType()).getElementType().isInteger())
      update = ArrayUpdate{"add", false};
    if (!update)
      continue;
    auto type = dyn_cast<MemRefType>(root.base.getType());
    Operation *def = root.base.getDefiningOp();
    bool object =
        def &&
        (isa<memref::GetGlobalOp>(def) ||
         (isa<memref::AllocaOp>(def) && !isDefinedInside(root.base, loop)));
    // Floating point: copies added up in a fixed order (one per band of
    // iterations, in band order) give the same result on any team, but
    // not the sequential loop's rounding.
    if (update->isFloat && !fpReassoc && !fpReductions) {
      uncopied[c] = root.name + " is updated as a floating-point array "
                                "reduction: running it in parallel would "
                                "change its rounding (allow that with "
                                "-ffast-math, -fassociative-math or weft's "
                                "--fp-reductions)";
      continue;
    }
    Reduction reduction{VarRef{root.decl, root.name}, update->op, "",
                        update->isFloat, std::nullopt};
    if (!object || !type || !type.hasStaticShape() || type.getRank() < 1 ||
        root.decl < 0) {
      std::string why;
      auto alloc = allocatedArray(root, group, loop, names, why);
      if (failed(alloc) && why.empty() && !object &&
          succeeded(alloc = boundedArray(root, group, loop, names, why)))
        reduction.sparse = true;
      if (failed(alloc)) {
        uncopied[c] = !why.empty()
                          ? why
                          : root.name +
                                " is updated as an array reduction, but weft "
                                "copies only arrays whose size it knows where "
                                "the loop is (declared `T " +
                                root.name +
                                "[N]`, the malloc or calloc result held "
                                "by one pointer variable, or a pointer "
                                "whose subscripts have a bound)";
        continue;
      }
      reduction.var = alloc->first;
      reduction.length = alloc->second;
    }
    // The bound of the loop must not read it.
    if (bound && llvm::any_of(bound->reads, [&](const Access &r) {
          return sameObject(pathOf(r, module).root, root);
        }))
      continue;
    for (size_t k : classes)
      copiedOf[k] = copied.size();
    copied.push_back({classes, reduction});
  }
  // Private arrays (docs/analysis.md, "Private arrays"): a local array (or
  // a static one, at file scope or in a function) of a constant size,
  // declared before the loop, that no code after the loop reads, whose
  // every element an iteration reads it wrote before in that iteration:
  // each chunk gets its own (on its stack, or a team member's copy when
  // large).
  for (size_t c = 0; c < classRep.size(); ++c) {
    const BaseInfo &root = cmpPaths[classRep[c]].root;
    auto alloca = root.base ? root.base.getDefiningOp<memref::AllocaOp>()
                            : memref::AllocaOp();
    bool global = root.symbol && root.base &&
                  root.base.getDefiningOp<memref::GetGlobalOp>();
    auto type =
        root.base ? dyn_cast<MemRefType>(root.base.getType()) : MemRefType();
    if ((!alloca && !global) || (alloca && root.escapes) || root.row || !type ||
        type.getRank() < 1 || !type.hasStaticShape() || root.decl < 0 ||
        isDefinedInside(root.base, loop) || elemSizeOf(type) <= 0 ||
        type.getNumElements() > INT64_MAX / elemSizeOf(type))
      continue;
    SmallVector<const Access *> group;
    bool plain = true, whole = false;
    // An array of structs read and written by fields (`w[k].re`): each
    // field, by its byte range in the element, is an array of its own
    // for the test below, when the fields are disjoint and no access is
    // to whole elements or through a call.
    std::map<std::pair<int64_t, int64_t>, SmallVector<const Access *>> fields;
    for (size_t k = 0; k < mem.size(); ++k)
      if (cls[k] == c) {
        const auto &views = paths[k].views;
        bool field = !views.empty() && !isa<CallOp>(mem[k]->op) &&
                     llvm::all_of(views, [](const ViewStep &v) {
                       return v.kind == ViewStep::Field;
                     });
        // A callee names a global itself, not the chunk's copy.
        plain &= (views.empty() || field) && mem[k] == cmp[k] &&
                 !(global && isa<CallOp>(mem[k]->op));
        if (field) {
          // Nested fields (`p[k].pos.x`): the offsets add up, and the
          // innermost field is the smallest.
          int64_t offset = 0, size = INT64_MAX;
          for (const ViewStep &v : views) {
            offset += v.offset;
            size = std::min(size, v.size);
          }
          fields[{offset, size}].push_back(mem[k]);
        } else {
          whole = true;
        }
        group.push_back(mem[k]);
      } else {
        plain &= overlap(classRep[c], k) == Overlap::Never;
      }
    if (!fields.empty()) {
      plain &= !whole;
      int64_t end = 0;
      for (auto &[range, accesses] : fields) {
        plain &= range.first >= end && range.second > 0;
        end = range.first + range.second;
      }
    }
    if (!plain)
      continue;
    // A work array that is not private says why, should the dependence
    // test find a conflict on it.
    // Testing the oracle: every such array taken as private.
    bool unsafe = llvm::is_contained(unsafeIgnore, "private");
    Operation *read = nullptr;
    if (!unsafe && fields.empty())
      read = exposedRead(loop, group);
    for (auto it = fields.begin(); !unsafe && !read && it != fields.end(); ++it)
      read = exposedRead(loop, it->second);
    if (read) {
      // (A global's reason only when it is a work array: not the data
      // arrays of every nest.)
      if (global)
        continue;
      std::string what = read == loop ? "" : accessText(read);
      if (!uncopied.count(c))
        uncopied[c] =
            root.name + " is not private: " +
            (read == loop
                 ? "weft does not follow a return, a goto, a switch or a "
                   "while loop in the loop, a break of it, or an access to "
                   "it other than a load, a store or a call"
                 : "weft cannot tell that every iteration writes " +
                       (what.empty() ? std::string("an element it reads")
                                     : what) +
                       " before it reads it");
      continue;
    }
    if (!unsafe && global) {
      std::string shared =
          root.escapes ? "other files or pointers may reach it and read what "
                         "the loop writes (a static array whose address goes "
                         "nowhere would be)"
          : globalReadElsewhere(loop, root.symbol, module, summaries)
              ? "code outside the loop may read what it writes (a read not "
                "in a loop whose iterations write it first)"
              : "";
      // A global the loop only writes is no work array: no reason for it.
      bool reads =
          llvm::any_of(group, [](const Access *a) { return !a->isWrite; });
      if (!shared.empty()) {
        if (!uncopied.count(c) && reads)
          uncopied[c] = root.name + " is not private: " + shared;
        continue;
      }
    }
    if (!unsafe && !global && readOutside(loop, root.base)) {
      if (!uncopied.count(c))
        uncopied[c] = root.name + " is not private: code after the loop "
                                  "reads it";
      continue;
    }
    copiedOf[c] = copied.size();
    copied.push_back(
        {{c},
         {VarRef{root.decl, root.name}, "", "", false, std::nullopt, false},
         false,
         type.getNumElements() * elemSizeOf(type)});
  }

  // Pairs of distinct bases that need a run-time check. The checks may
  // name what C reads only in inner loops, behind tests that they run.
  names.testFirst(&v);
  SmallVector<std::pair<size_t, size_t>> checks;
  DenseSet<std::pair<size_t, size_t>> checked;
  size_t exactTests = 0;
  for (size_t i = 0; i < mem.size(); ++i)
    for (size_t j = i; j < mem.size(); ++j) {
      const Access &a = *cmp[i], &b = *cmp[j];
      if (!a.isWrite && !b.isWrite)
        continue;
      if (rep[i] != i || rep[j] != j)
        continue; // as its first occurrence
      switch (overlap(i, j)) {
      case Overlap::Never:
        continue;
      case Overlap::Same: {
        // An array declared in the body is a new object in every
        // iteration (C ends its lifetime at the end of the iteration), so
        // no iteration sees another's elements.
        if (isNewEachIteration(cmpPaths[i].root.base, loop))
          continue;
        if (++exactTests > kMaxExactTests)
          return fail("it has too many accesses to " + paths[i].root.name +
                      " for weft to compare them all (more than " +
                      std::to_string(kMaxExactTests) +
                      " pairs, at least one a write)");
        // A flattened subscript with a row length in a variable (`y[i *
        // incy]`) is apart across iterations on conditions that the
        // run-time check tests, when C can name them where the loop starts.
        SmallVector<Poly> assumed;
        Dependence d = testDependence(a, b, info, module, &inv, &assumed);
        if (d.kind == Dependence::None && !assumed.empty()) {
          SmallVector<CPoly> conds;
          for (const Poly &c : assumed)
            if (auto cp = names.convert(c))
              conds.push_back(*cp);
          if (conds.size() == assumed.size()) {
            for (CPoly &c : conds)
              if (!llvm::is_contained(v.conditions, c))
                v.conditions.push_back(std::move(c));
            std::string what = "no two iterations touch the same element of " +
                               cmpPaths[i].root.name;
            if (!llvm::is_contained(v.conditionTexts, what))
              v.conditionTexts.push_back(what);
            continue;
          }
          d = testDependence(a, b, info, module, &inv); // (why not)
        }
        if (d.kind == Dependence::None || ignored(d))
          continue;
        if (auto r = copiedOf.find(cls[i]); r != copiedOf.end()) {
          copied[r->second].used = true;
          continue;
        }
        auto why = uncopied.find(cls[i]);
        return fail(describe(d, loop) +
                        (why != uncopied.end() ? "; " + why->second : ""),
                    d.second->loc,
                    textOf(*d.second) +
                        (d.second->isWrite ? " written here" : " read here"));
      }
      case Overlap::Maybe:
        if (assumeNoAlias)
          continue;
        if (checked.insert(std::minmax(cls[i], cls[j])).second)
          checks.push_back({i, j});
        continue;
      case Overlap::Unknown: {
        // Why: a pointer computed in the loop, or memory whose place weft
        // could not follow (a flexible array member, say).
        auto unfollowed = [&](size_t k) {
          auto b = paths[k].root.base
                       ? paths[k].root.base.getDefiningOp<BaseOp>()
                       : BaseOp();
          return b && !b.getPtr();
        };
        auto inside = [&](size_t k) {
          return paths[k].root.base && !unfollowed(k) &&
                 isDefinedInside(paths[k].root.base, loop);
        };
        const BaseInfo &ri = cmpPaths[i].root, &rj = cmpPaths[j].root;
        // A pointer with no name of its own (`p + k` passed to a call).
        auto named = [](const std::string &n) {
          return n.empty() ? std::string("one") : n;
        };
        std::string why =
            ri.row && rj.row ? "the rows of " + ri.name + " and " + rj.name +
                                   ", which may be one table of rows"
            : ri.row || rj.row
                ? (ri.row ? rj.name : ri.name) + " may point into a row of " +
                      (ri.row ? ri.name : rj.name)
            : inside(i) || inside(j)
                ? named(inside(i) ? paths[i].root.name : paths[j].root.name) +
                      " is a pointer computed in the loop"
                : "weft cannot follow where " +
                      named(unfollowed(i) ? paths[i].root.name
                                          : paths[j].root.name) +
                      " points";
        return fail(textOf(a) + " and " + textOf(b) +
                        " may be the same memory in two iterations (" + why +
                        ")",
                    b.loc, textOf(b) + " here");
      }
      }
    }

  // The bound's reads against the writes that may reach them: checked
  // with the rest.
  size_t bodyAccesses = mem.size();
  if (bound && !bound->maybe.empty() && !assumeNoAlias) {
    size_t first = mem.size();
    for (const Access &r : bound->reads) {
      mem.push_back(&r);
      paths.push_back(pathOf(r, module));
      cmp.push_back(&r);
      cmpPaths.push_back(paths.back());
    }
    for (auto [ri, wi] : bound->maybe) {
      size_t w = llvm::find(mem, &body.accesses[wi]) - mem.begin();
      if (w < first)
        checks.push_back({w, first + ri});
    }
  }

  DenseSet<size_t> reduced; // the classes of arrays each thread copies
  int64_t onStack = 0;      // bytes of private arrays each chunk declares
  for (const Copied &r : copied)
    if (r.used && r.reduction.op.empty()) {
      v.privates.push_back(r.reduction.var); // a private array
      if (r.bytes > kMaxStackPrivateBytes - onStack)
        v.privateCopies.push_back(r.reduction.var);
      else
        onStack += r.bytes;
    } else if (r.used) {
      reduced.insert(r.classes.begin(), r.classes.end());
      v.arrayReductions.push_back(r.reduction);
    }

  // One check per pair of bases, over all their accesses. The rows of a
  // table checked at run time are a base of their own, beside its slots.
  using Key = std::pair<Value, bool>; // (memory, rows of a checked table)
  auto key = [&](const BaseInfo &r) {
    Value id = pointerIdentity(r, loop, &inv);
    return Key(id ? id : r.base, r.rowChecked);
  };
  auto rowsName = [](const BaseInfo &r) {
    return (r.rowChecked ? "the rows of " : "") + r.name;
  };
  auto accessesOf = [&](Key root) {
    SmallVector<const Access *> out;
    for (size_t k = 0; k < cmp.size(); ++k)
      if (key(cmpPaths[k].root) == root)
        out.push_back(cmp[k]);
    return out;
  };
  SmallVector<std::pair<Key, Key>> done;
  for (auto [ci, cj] : checks) {
    size_t i = ci, j = cj;
    // The side that is written first, so that remarks name it first.
    bool iWrites = llvm::any_of(llvm::seq(cmp.size()), [&](size_t k) {
      const BaseInfo &rk = cmpPaths[k].root, &ri = cmpPaths[i].root;
      return cmp[k]->isWrite && rk.base == ri.base &&
             rk.rowChecked == ri.rowChecked;
    });
    if (!iWrites)
      std::swap(i, j);
    Key ra = key(cmpPaths[i].root), rb = key(cmpPaths[j].root);
    if (llvm::is_contained(done, std::make_pair(ra, rb)) ||
        llvm::is_contained(done, std::make_pair(rb, ra)))
      continue;
    done.push_back({ra, rb});
    std::string why;
    // An array each thread copies: all of it, whatever the subscripts.
    auto sideOf = [&](size_t k, Key root) -> std::optional<GuardSide> {
      if (k < cls.size() && reduced.contains(cls[k]))
        return wholeArraySide(cmpPaths[k].root,
                              copied[copiedOf.lookup(cls[k])].reduction.length,
                              loop, names, inv, why);
      return guardSide(cmpPaths[k].root, accessesOf(root), info, names, module,
                       inv, why);
    };
    auto sa = sideOf(i, ra);
    auto sb = sa ? sideOf(j, rb) : std::nullopt;
    if (!sa || !sb)
      return fail(rowsName(cmpPaths[i].root) + " and " +
                      rowsName(cmpPaths[j].root) + " may overlap, and " + why +
                      " (if they never do, declare them restrict, or put "
                      "#pragma weft assume_no_alias before the loop)",
                  cmp[j]->loc, textOf(*cmp[j]) + " here");
    v.guards.push_back({*sa, *sb});
  }
  // The rows of each checked table the loop writes: apart from each other.
  SmallVector<Key> tables;
  for (size_t k = 0; k < bodyAccesses && !assumeNoAlias; ++k) {
    Key t = key(cmpPaths[k].root);
    if (!cmp[k]->isWrite || !t.second || llvm::is_contained(tables, t))
      continue;
    tables.push_back(t);
    std::string why;
    auto side = guardSide(cmpPaths[k].root, accessesOf(t), info, names, module,
                          inv, why);
    if (!side)
      return fail(textOf(*cmp[k]) + " may reach the same row of " +
                      cmpPaths[k].root.name + " in two iterations, and " + why,
                  cmp[k]->loc, textOf(*cmp[k]) + " here");
    v.rowTables.push_back(std::move(*side));
  }
  // The loops between a checked table's slot reads and this one run, if
  // the check reads the slots.
  bool readsSlots =
      !v.rowTables.empty() || llvm::any_of(v.guards, [](const Guard &g) {
        return g.a.rows() || g.b.rows();
      });
  for (auto &[op, e] : rowRuns)
    if (readsSlots && !names.testRuns(e))
      return fail("weft cannot name in C when the loops around " +
                      accessText(op) +
                      " run, which its run-time check of "
                      "the rows needs",
                  op->getLoc(), accessText(op) + " here");
  names.testFirst(nullptr);
  SmallVector<std::pair<Value, Value>> guarded;
  for (auto [a, b] : done)
    if (!a.second && !b.second)
      guarded.push_back({a.first, b.first});
  v.noalias =
      apartVariables(loop, ArrayRef(mem).take_front(bodyAccesses),
                     ArrayRef(paths).take_front(bodyAccesses), guarded, inv);

  // The C counter of the loop, when it is declared outside and used after.
  if (auto counter = loop->getAttrOfType<IntegerAttr>("weft.counter")) {
    // The importer stores the exit value into the counter's cell right after
    // the loop; if that cell is read later, the counter is last-private.
    for (Operation *op = loop->getNextNode(); op; op = op->getNextNode()) {
      if (!isa<affine::AffineStoreOp, memref::StoreOp>(op))
        continue;
      MemPath p = memPathOf(op->getOperand(1));
      if (p.root.decl == counter.getInt() && p.root.isCell) {
        v.counterLive = isLiveAfter(p.root, op);
        break;
      }
    }
  }
  // Error paths need chunks that run each iteration once, in order, and
  // stop where one is taken: not copies per member or per band, which
  // libweft's SPMD regions make.
  if (!v.errorPaths.empty() &&
      (!v.arrayReductions.empty() || !v.privateCopies.empty()))
    return fail("it has an error path (at " + where(v.errorPaths.front()) +
                    "), which weft runs in parallel only in a loop without " +
                    (v.arrayReductions.empty()
                         ? "private arrays too large for the stack (" +
                               v.privateCopies.front().name + ")"
                         : "array reductions (" +
                               v.arrayReductions.front().var.name + ")"),
                v.errorPaths.front(), "the error path");
  v.parallel = true;
  return v;
}

void DetectParallelLoops::runOnOperation() {
  ModuleOp module = getOperation();
  if (auto flags = module->getAttrOfType<DictionaryAttr>("weft.flags"))
    if (auto r = flags.getAs<BoolAttr>("fp_reassoc"))
      fpReassoc = r.getValue();
  if (mathErrno != "pure" && mathErrno != "impure") {
    module.emitError("math-errno must be 'pure' or 'impure', not '")
        << mathErrno << "'";
    return signalPassFailure();
  }
  if (remarks != "all" && remarks != "missed" && remarks != "passed" &&
      remarks != "none") {
    module.emitError("remarks must be all, missed, passed or none, not '")
        << remarks << "'";
    return signalPassFailure();
  }
  for (const std::string &k : unsafeIgnore)
    if (!Dependence::isKindName(k)) {
      module.emitError("unsafe-ignore-dependences takes flow, anti, "
                       "output, bound, private or reduction, not '")
          << k << "'";
      return signalPassFailure();
    }
  AnalysisOptions options;
  options.fpReductions = fpReductions;
  options.mathErrnoImpure = mathErrno == "impure";
  markUncapturedArrays(module);
  markRowTables(module);
  markArgumentsApart(module);
  markConstantArguments(module);
  CallSummaries summaries(module, options);

  // Loops whose bound C reads from memory: counted when the body provably
  // never writes that memory (docs/analysis.md, "Bounds in memory"). Until
  // then, the analysis of every other loop leaves their trip open.
  bool trustBounds = llvm::is_contained(unsafeIgnore, "bound");
  module.walk([&](Operation *op) {
    if (!isLoop(op) || !boundUnverified(op))
      return;
    if (trustBounds) {
      op->setAttr("weft.bound_verified", UnitAttr::get(op->getContext()));
      return;
    }
    // Only what weft proves counts here: other loops trust the mark, and
    // run no check of this loop's.
    LoopBody body = collectBody(op, summaries);
    LoopInfo own = loopInfoOf(op, /*trustBounds=*/true);
    trustOwnBounds(body, own);
    Invariants inv = invariantsOf(op, body, own, module, /*proven=*/true);
    BoundCheck c = checkBound(op, body, module, inv);
    if (c.proven() || (c.why.empty() && assumesNoAlias(op)))
      op->setAttr("weft.bound_verified", UnitAttr::get(op->getContext()));
  });
  llvm::StringSet<> skipped;
  for (const std::string &s : skip)
    skipped.insert(s);

  // Verdicts, in program order.
  std::vector<std::pair<Operation *, Verdict>> verdicts;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isLoop(op) || !op->getParentOfType<func::FuncOp>() ||
        inIncludedFunction(op))
      return;
    Verdict v = analyze(op, summaries, skipped);
    // A do loop that stays sequential may run in parallel as the while
    // loop it is when its first test passes, which a check then tests;
    // else the first reason stands.
    if (!v.parallel) {
      LoopInfo own = loopInfoOf(op);
      if (assumeFirstTestPasses(own)) {
        Verdict w = analyze(op, summaries, skipped, /*firstTest=*/true);
        if (w.parallel)
          v = std::move(w);
      }
    }
    verdicts.push_back({op, std::move(v)});
  });
  // The outermost parallel loop of each nest is the candidate, unless the
  // rewriter could not write it as C in an earlier round (weft.vetoed,
  // docs/output.md): then the parallel loops inside it are.
  DenseMap<Operation *, Verdict *> byOp;
  for (auto &[op, v] : verdicts)
    byOp[op] = &v;
  auto vetoed = [](Operation *op) {
    return op->getAttrOfType<StringAttr>("weft.vetoed");
  };
  for (auto &[op, v] : verdicts) {
    if (!v.parallel)
      continue;
    Operation *outer = nullptr;
    for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
      if (auto it = byOp.find(p);
          it != byOp.end() && it->second->parallel && !vetoed(p))
        outer = p;
    if (StringAttr why = vetoed(op)) {
      v.reason = why.str();
      continue;
    }
    if (!outer) {
      v.candidate = true;
      continue;
    }
    v.reason = "the loop at " + where(outer->getLoc()) +
               " around it runs in parallel";
  }
  for (auto &[op, v] : verdicts)
    writeVerdict(op, v);
  emitVerdictRemarks(module, remarks);
}
