//===- Interchange.cpp - Loop interchange inside outlined loops ---------===//
//
// weft-interchange: in the body of a loop that runs in parallel (a
// weft.task), a pair of counted `for` loops
//
//   for (j ...) { S1; for (k ...) S2; S3 }
//
// whose inner loop k is innermost and walks memory across rows where j would
// walk along them (`B[k][j]` under k), is run as
//
//   for (j ...) { S1 }  for (k ...) for (j ...) S2  for (j ...) { S3 }
//
// when that keeps every dependence: no iteration of j touches memory
// another iteration of j writes, each scalar S1, S2 or S3 writes is private
// to its part, and k's bounds do not change with j. Then every element is
// written by the same instances in the same order as before, so the result
// is the same to the last bit, floating point included. The j loop may be
// the parallel loop itself (the task's): then each band of its iterations
// runs the three parts over the band. The pass decides and
// records (docs/analysis.md, "Loop interchange"); the rewriter writes the C.
//
// It then tiles (docs/analysis.md, "Loop tiling"): when the task's loop i
// runs a nest `for (k) for (j) S` whose S reads a matrix `B[k][j]` that
// does not change with i, every row i streams all of B through the cache.
// Each chunk then runs its rows inside tiles of the (k, j) band:
//
//   P0 over the chunk's i;
//   for (k tiles) for (j tiles) for (i of the chunk) for (k in tile)
//     for (j in tile) S;
//   P2 over the chunk's i;
//
// where P0 and P2 are the statements before and after the nest in i's
// body. Tiles keep k's order for each element (no iteration of j touches
// what another writes), and i's iterations are independent (the loop runs
// in parallel): the result is the same to the last bit. The tile sizes
// come from the caches' sizes when the program runs.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/Dependence.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Nests.h"
#include "weft/Analysis/Scalars.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "Guards.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "weft-interchange"

namespace weft {
#define GEN_PASS_DEF_INTERCHANGE
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {

/// Below this many iterations (a constant trip count), a loop is not made
/// the innermost one: too short to gain from walking along a row.
constexpr int64_t kMinInnerTrip = 8;

/// The largest step, in elements, that still walks along a row: a cache
/// line of 64 bytes holds at least 4 elements of 16 bytes, so such a walk
/// uses each line it loads more than once.
constexpr int64_t kMaxAlongStep = 4;

/// A band whose reused arrays take fewer bytes than this (constant trip
/// counts) fits in the L2 cache of any core weft targets (a LITTLE core's
/// 128 KiB and up): it is not tiled.
constexpr int64_t kMinTileFootprint = 256 * 1024;

/// Fewer rows than this (a constant trip count of the task's loop) reuse a
/// tile too little to pay for its loops.
constexpr int64_t kMinTileRows = 4;

/// How an access walks memory as one loop's induction variable steps.
enum class Walk { Still, Along, Across, Unknown };

/// The walk of one subscript list along `iv`: still when no subscript
/// depends on it, along a row when only the last one does, by a constant
/// step of at most kMaxAlongStep elements, and across rows otherwise.
Walk walkOf(const Access &a, Value iv) {
  if (a.subs.empty())
    return Walk::Unknown;
  Walk w = Walk::Still;
  for (size_t d = 0; d < a.subs.size(); ++d) {
    const Subscript &s = a.subs[d];
    if (!s.known() || !(*s.lo == *s.hi))
      return Walk::Unknown;
    bool uses = false, unit = true;
    for (const auto &[mono, coef] : s.lo->terms()) {
      if (!llvm::is_contained(mono, iv))
        continue;
      uses = true;
      if (mono.size() != 1 || coef > kMaxAlongStep || coef < -kMaxAlongStep)
        unit = false;
    }
    if (!uses)
      continue;
    if (d + 1 != a.subs.size() || !unit)
      return Walk::Across;
    w = Walk::Along;
  }
  return w;
}

/// Is op the store of `loop`'s counter's exit value after it
/// (weft.counter_exit, docs/ir.md)?
bool isExitStoreOf(Operation *op, Operation *loop) {
  auto e = op->getAttrOfType<IntegerAttr>("weft.counter_exit");
  return e && e.getInt() == loopIdOf(loop);
}

/// The part of `outer`'s body that `op` (inside it) is in, around `inner`,
/// one of the body's statements: 0 before it, 1 `inner` itself and the
/// store of its counter's exit value, 2 after it.
int partIn(Operation *op, Operation *outer, Operation *inner) {
  Block &body = outer->getRegion(0).front();
  while (op->getBlock() != &body)
    op = op->getParentOp();
  if (op == inner || isExitStoreOf(op, inner))
    return 1;
  return op->isBeforeInBlock(inner) ? 0 : 2;
}

/// A C variable declared in one part of `outer`'s body (partIn) and used
/// in another, or "": the parts become loops of their own.
std::string crossingVariable(Operation *outer, Operation *inner) {
  std::string crossing;
  for (Operation &op : outer->getRegion(0).front()) {
    int part = partIn(&op, outer, inner);
    if (part == 1 && &op != inner)
      continue;
    op.walk([&](Operation *def) {
      std::string name;
      if (auto n = def->getAttrOfType<StringAttr>("weft.name");
          n && isa<memref::AllocaOp>(def))
        name = n.str();
      else if (auto vars = def->getAttrOfType<ArrayAttr>("weft.vars");
               vars && !vars.empty())
        if (auto d = dyn_cast<DictionaryAttr>(vars[0]))
          if (auto n = d.getAs<StringAttr>("name"))
            name = n.str();
      if (name.empty() || !crossing.empty())
        return;
      for (Value r : def->getResults())
        for (Operation *user : r.getUsers())
          if (outer->isProperAncestor(user) &&
              partIn(user, outer, inner) != part)
            crossing = name;
    });
    if (!crossing.empty())
      break;
  }
  return crossing;
}

/// The part of `outer`'s body (partIn) in which `accesses` touch the
/// scalar `cell`: -1 when none does, -2 when two parts do. A loop counter
/// that only the stores of its loops' exit values touch (its loops read
/// their induction variable, never the cell: `for (j = 0; ...)` in two
/// parts of `int i, j, k;` code) carries nothing between parts: -1.
int cellPart(const BaseInfo &cell, ArrayRef<Access> accesses, Operation *outer,
             Operation *inner, ModuleOp module) {
  if (llvm::all_of(accesses, [&](const Access &a) {
        return !touchesCell(a, cell, module) ||
               (a.isWrite && a.op->hasAttr("weft.counter_exit"));
      }))
    return -1;
  int part = -1;
  for (const Access &a : accesses)
    if (touchesCell(a, cell, module)) {
      int pa = partIn(a.op, outer, inner);
      if (part >= 0 && pa != part)
        return -2;
      part = pa;
    }
  return part;
}

/// Two bases that may overlap count as apart inside the parallel loop
/// `par` when each is the same memory in every iteration: its run-time
/// checks set them apart before the outlined body runs. A base defined
/// before the loop is; so is one behind a pointer the loop loads from a
/// variable or memory it never writes (`float *A = m.data;` before it:
/// pointerIdentity with the loop's invariants `inv`), which the loop's own
/// analysis names as one base in its checks.
bool apartByChecks(const BaseInfo &a, const BaseInfo &b, Operation *par,
                   const Invariants &inv) {
  auto same = [&](const BaseInfo &x) {
    return x.base &&
           (!isDefinedInside(x.base, par) || pointerIdentity(x, par, &inv));
  };
  return same(a) && same(b);
}

/// The invariant loads of the task's loop `par` (`body` its collectBody),
/// as its own analysis (weft-detect-parallel-loops) found them.
Invariants taskInvariants(Operation *par, const LoopBody &body) {
  LoopInfo info = loopInfoOf(par, /*trustBounds=*/true);
  return invariantsOf(par, body, info, par->getParentOfType<ModuleOp>(),
                      /*proven=*/false);
}

struct Interchange : public weft::impl::InterchangeBase<Interchange> {
  using InterchangeBase::InterchangeBase;
  void runOnOperation() final;

  /// Decides the pair (outer, inner) inside the parallel loop `par`: "" when
  /// it is interchanged, else why not. `gain` says what the interchange
  /// would bring, for the remark; empty when it would bring nothing (then
  /// the pair is not worth a remark).
  std::string decide(Operation *par, Operation *outer, Operation *inner,
                     std::string &gain);

  /// Decides whether the task's loop `par` runs the nest `kl` (a counted
  /// for whose body is the counted for `jl`, innermost) in tiles: "" when
  /// it does, else why not. `gain` names the arrays a tile keeps in cache
  /// (empty when there are none, or they stay in cache anyway: then the
  /// nest is not worth a remark);
  /// `point` is their bytes per (k, j) and `elem` the largest element.
  std::string decideTile(TaskOp task, Operation *kl, Operation *jl,
                         std::string &gain, int64_t &point, int64_t &elem);

  CallSummaries *summaries = nullptr;
};
} // namespace

std::string Interchange::decide(Operation *par, Operation *outer,
                                Operation *inner, std::string &gain) {
  ModuleOp module = getOperation();
  LoopInfo oi = loopInfoOf(outer), ii = loopInfoOf(inner);
  std::string j = ivNameOf(outer), k = ivNameOf(inner);
  if (!oi.iv || !ii.iv)
    return "";

  // Profitable? The accesses of the inner body walk across rows along k,
  // and fewer do along j.
  LoopBody innerBody = collectBody(inner, *summaries);
  int acrossK = 0, acrossJ = 0;
  SmallVector<std::string> along;
  for (const Access &a : innerBody.accesses) {
    MemPath p = pathOf(a, module);
    if (p.views.empty() && p.root.isCell && !p.root.escapes)
      continue;
    Walk wk = walkOf(a, ii.iv), wj = walkOf(a, oi.iv);
    acrossK += wk == Walk::Across || wk == Walk::Unknown;
    acrossJ += wj == Walk::Across || wj == Walk::Unknown;
    // Named by its C text, else (a module printed without locations) by
    // its array's name.
    std::string name = a.text.empty() ? p.root.name : a.text;
    if (wk == Walk::Across && wj == Walk::Along &&
        !llvm::is_contained(along, name))
      along.push_back(name);
  }
  if (acrossJ >= acrossK || along.empty())
    return "it would not walk memory along rows more";
  gain = listText(along);
  if (auto trip = WorkModel::constantTrip(outer); trip && *trip < kMinInnerTrip)
    return "the " + j + " loop runs " + std::to_string(*trip) +
           " times, too few to be the innermost loop";

  // Headers that C can run again for every k: both set their counter in
  // their init, and neither reads its bound from memory each time. The
  // parallel loop's own header is not run again: each band writes loops of
  // its own over its iterations.
  bool own = outer == par;
  for (Operation *l : {outer, inner}) {
    if (l == outer && own)
      continue;
    if (std::string why = headerRerunBlocker(l, l == outer ? j : k);
        !why.empty())
      return why;
  }

  LoopBody body = collectBody(outer, *summaries);
  if (!body.blockers.empty())
    return "the " + j + " loop contains " + body.blockers.front().reason;
  if (hasJumpOrSwitch(outer) ||
      outer->walk([](OpaqueLoopOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    return "the " + j +
           " loop contains a jump, a switch or a loop weft "
           "does not count";

  // The inner bounds must be the same for every j: defined before the
  // outer loop, or loads of variables the outer loop does not write. The
  // outer bounds, which C now evaluates once per k, read no variable the
  // outer loop writes (a counted loop's bounds never do).
  if (!boundsInvariantIn(inner, outer))
    return "the bounds of the " + k + " loop change with " + j;

  // The outer counter's value after the loops is no longer the one C would
  // leave when the inner loop runs no iteration (the parallel loop's is set
  // after it from its trip count, as for any parallel loop).
  if (!own && counterLiveAfter(outer, module))
    return j + " is used after the loops";

  // C variables declared in one part and used in another: the parts become
  // loops of their own.
  if (std::string crossing = crossingVariable(outer, inner); !crossing.empty())
    return crossing + ", declared in the " + j +
           " loop, is used both inside and outside the " + k + " loop";

  // Scalars: each private to the outer loop, used in one part only, and
  // private to the inner loop if it is the inner loop's.
  SmallVector<ScalarRole> innerRoles =
      classifyScalars(inner, innerBody.accesses, module);
  for (const ScalarRole &r : classifyScalars(outer, body.accesses, module)) {
    if (r.kind != ScalarRole::Private)
      return r.cell.name + " is not private to each iteration of " + j;
    if (cellPart(r.cell, body.accesses, outer, inner, module) == -2)
      return r.cell.name + " is used both inside and outside the " + k +
             " loop";
    for (const ScalarRole &ir : innerRoles)
      if (ir.cell.base == r.cell.base && ir.kind != ScalarRole::Private)
        return r.cell.name + " carries a value from one iteration of " + k +
               " to the next";
  }

  // Memory: no iteration of j touches what another one writes. Two bases
  // that may overlap, both reached the same way in every iteration of the
  // parallel loop, are apart: its run-time checks set them apart before
  // the outlined body runs.
  Invariants inv = taskInvariants(par, collectBody(par, *summaries));
  return firstConflict(body.accesses, outer, oi.iv, j, module,
                       [&](const BaseInfo &a, const BaseInfo &b) {
                         return apartByChecks(a, b, par, inv);
                       });
}

std::string Interchange::decideTile(TaskOp task, Operation *kl, Operation *jl,
                                    std::string &gain, int64_t &point,
                                    int64_t &elem) {
  ModuleOp module = getOperation();
  Operation *par = task.getLoop();
  // The nest as written is `for (k) for (j) S`, or `for (j) { S1; for (k)
  // S2; S3 }` that this pass interchanged (turned): its statement of the
  // task loop's body is then the j loop, and S is S2.
  bool turned = jl->hasAttr("weft.interchange");
  Operation *stmt = turned ? jl : kl;
  LoopInfo pi = loopInfoOf(par), ki = loopInfoOf(kl), ji = loopInfoOf(jl);
  if (!pi.iv || !ki.iv || !ji.iv)
    return "";
  std::string i = ivNameOf(par), k = ivNameOf(kl), j = ivNameOf(jl);

  // Profitable? An array that S reads the same for every i, along a row as
  // j steps and across rows as k steps: each row i streams all of it.
  LoopBody nest = collectBody(kl, *summaries);
  LoopBody jBody = collectBody(jl, *summaries);
  SmallVector<std::string> reused;
  SmallVector<Value> bases;
  point = elem = 0;
  for (const Access &a : nest.accesses) {
    MemPath p = pathOf(a, module);
    if (a.isWrite || p.root.isCell || !a.memref ||
        (p.root.base && isNewEachIteration(p.root.base, par)))
      continue;
    if (walkOf(a, pi.iv) != Walk::Still || walkOf(a, ji.iv) != Walk::Along ||
        walkOf(a, ki.iv) != Walk::Across)
      continue;
    std::string name = a.text.empty() ? p.root.name : a.text;
    if (!llvm::is_contained(reused, name))
      reused.push_back(name);
    int64_t size = elemSizeOf(a.memref.getType());
    elem = std::max(elem, size);
    if (!llvm::is_contained(bases, p.root.base)) {
      bases.push_back(p.root.base);
      point += size;
    }
  }
  if (reused.empty())
    return "";
  // What stays in cache anyway gains nothing (and is worth no remark).
  auto tk = WorkModel::constantTrip(kl), tj = WorkModel::constantTrip(jl);
  if (tk && tj && *tk * *tj * point < kMinTileFootprint)
    return "";
  gain = listText(reused);
  if (auto rows = WorkModel::constantTrip(par); rows && *rows < kMinTileRows)
    return "the " + i + " loop runs " + std::to_string(*rows) +
           " times, too few rows to reuse a tile";

  // The task's loop: its iterations run in another order, part by part,
  // so nothing may carry from one to the next or out of the loop.
  if (task->hasAttr("weft.sweep"))
    return "each chunk runs the loop around this one";
  if (par->hasAttr("weft.interchange"))
    return "the " + i + " loop is interchanged with a loop inside it";
  for (Attribute c : task.getCaptures()) {
    auto cap = cast<CaptureAttr>(c);
    switch (cap.getKind()) {
    case CaptureKind::Reduction:
    case CaptureKind::ArrayReduction:
      return "the " + i + " loop reduces into " + cap.getName().str();
    case CaptureKind::Lastprivate:
    case CaptureKind::CondLastprivate:
      return cap.getName().str() + " keeps its value after the " + i + " loop";
    default:
      break;
    }
  }
  if (hasJumpOrSwitch(par) ||
      par->walk([](OpaqueLoopOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    return "the " + i +
           " loop contains a jump, a switch or a loop weft does not count";
  if (kl->hasAttr("weft.interchange"))
    return "the " + k + " loop is interchanged with the loop inside it";
  if (stmt->getParentOp() != par)
    return "the nest is not a statement of the " + i + " loop's body";

  // The band: its headers can run again for every tile and row, with the
  // same bounds for every i, and j's the same for every k (rectangular).
  for (Operation *l : {kl, jl})
    if (std::string why = headerRerunBlocker(l, l == kl ? k : j); !why.empty())
      return why;
  if (!turned && !boundsInvariantIn(jl, kl))
    return "the bounds of the " + j + " loop change with " + k;
  if (!boundsInvariantIn(kl, par) || !boundsInvariantIn(jl, par))
    return "the bounds of the " + k + " or " + j + " loop change with " + i;
  // k's body is the j loop, after statements T that write nothing but
  // scalars (`double x = a[i][k];`, `r = a[i][k] * alpha;`): each run of
  // j's tile runs T again, which is the same as running it once when T
  // reads no memory the nest writes (below) and its scalars carry nothing
  // from one k to the next (below, with the scalars).
  SmallVector<Operation *> tOps;
  for (Operation &op : kl->getRegion(0).front()) {
    if (turned || &op == jl || op.hasTrait<OpTrait::IsTerminator>() ||
        isExitStoreOf(&op, jl))
      continue;
    if (isMemoryEffectFree(&op))
      continue;
    if (!op.isBeforeInBlock(jl))
      return "the " + k + " loop does more after the " + j + " loop";
    tOps.push_back(&op);
    auto mem = dyn_cast<MemoryEffectOpInterface>(&op);
    bool cellStore = false;
    if (isa<memref::StoreOp, affine::AffineStoreOp>(op)) {
      Access a = accessOf(&op);
      cellStore = pathOf(a, module).root.isCell;
    }
    if (!cellStore && (!mem || !mem.onlyHasEffect<MemoryEffects::Read>()))
      return "the " + k + " loop does more than run the " + j +
             " loop and set scalars";
  }
  LoopBody body = collectBody(par, *summaries);
  Invariants inv = taskInvariants(par, body);
  for (Operation *op : tOps) {
    if (!isa<memref::LoadOp, affine::AffineLoadOp>(op))
      continue;
    Access r = accessOf(op);
    MemPath rp = pathOf(r, module);
    if (rp.root.isCell)
      continue;
    for (const Access &w : jBody.accesses) {
      if (!w.isWrite)
        continue;
      MemPath wp = pathOf(w, module);
      if (wp.root.isCell)
        continue;
      Overlap o = overlapOf(rp.root, wp.root, par, &inv);
      if (o == Overlap::Same ||
          (o == Overlap::Maybe && !apartByChecks(rp.root, wp.root, par, inv)))
        return (r.text.empty() ? rp.root.name : r.text) + ", read before the " +
               j + " loop, may be what " +
               (w.text.empty() ? wp.root.name : w.text) + " writes in it";
    }
  }

  if (!body.blockers.empty())
    return "the " + i + " loop contains " + body.blockers.front().reason;
  // Variables declared in one part and used in another: each part becomes
  // a loop over the chunk's rows of its own.
  if (std::string crossing = crossingVariable(par, stmt); !crossing.empty())
    return crossing + ", declared in the " + i + " loop, is used both in the " +
           k + " loop and outside it";
  // Scalars: each used in one part, and the nest's private to each (k, j):
  // rows interleave there, tile by tile. (A turned pair's are, by the
  // interchange's own rules: private to j, in one of S1, the k loop and
  // S3, private to k in the k loop.)
  SmallVector<ScalarRole> jRoles = classifyScalars(jl, jBody.accesses, module);
  SmallVector<ScalarRole> kRoles = classifyScalars(kl, nest.accesses, module);
  for (const ScalarRole &r : classifyScalars(par, body.accesses, module)) {
    int part = cellPart(r.cell, body.accesses, par, stmt, module);
    if (part == -2)
      return r.cell.name + " is used both in the " + k + " loop and outside it";
    if (part != 1 || turned)
      continue;
    bool counter = r.cell.name == k || r.cell.name == j;
    bool privateToJ = llvm::any_of(jRoles, [&](const ScalarRole &jr) {
      return jr.cell.base == r.cell.base && jr.kind == ScalarRole::Private;
    });
    // Set in T, before the j loop, and only read in it: private to each
    // iteration of k, so every tile's T sets it as the k loop did.
    bool setBefore =
        llvm::none_of(jRoles,
                      [&](const ScalarRole &jr) {
                        return jr.cell.base == r.cell.base;
                      }) &&
        llvm::any_of(kRoles, [&](const ScalarRole &kr) {
          return kr.cell.base == r.cell.base && kr.kind == ScalarRole::Private;
        });
    if (!counter && !privateToJ && !setBefore)
      return r.cell.name + " carries a value from one iteration of " + j +
             " to the next";
  }
  // Arrays of the nest that belong to one row (declared in i's body, or
  // private to the task): rows interleave in the tiles.
  for (const Access &a : nest.accesses) {
    MemPath p = pathOf(a, module);
    if (p.root.isCell || !p.root.base)
      continue;
    bool local = isNewEachIteration(p.root.base, par);
    for (Attribute c : task.getCaptures()) {
      auto cap = cast<CaptureAttr>(c);
      if ((cap.getKind() == CaptureKind::Private ||
           cap.getKind() == CaptureKind::PrivateCopy) &&
          cap.getDecl() >= 0 && cap.getDecl() == p.root.decl)
        local = true;
    }
    if (local)
      return p.root.name + " is private to each iteration of " + i;
  }

  // Memory: no iteration of j touches what another writes (k free), so
  // every dependence of the band is within one j, whose k order the tiles
  // keep (S1 and S3 of a turned pair too: they run before and after all of
  // their j's tiles). Bases set apart by the task's run-time checks are
  // apart.
  return firstConflict(turned ? jBody.accesses : nest.accesses, stmt, ji.iv, j,
                       module, [&](const BaseInfo &a, const BaseInfo &b) {
                         return apartByChecks(a, b, par, inv);
                       });
}

/// Why a nest of a loop with error paths keeps its order: the first
/// iteration to take one must be the sequential loop's.
static const char *const errorPathsKeepOrder =
    "the loop has an error path, which must see its iterations in order";

/// Why a pair of loops keeps its order when one of them steps a variable
/// with its counter (weft.inductions): the C text steps it in the order its
/// loop runs; "" when neither does.
static std::string inductionsKeepOrder(Operation *a, Operation *b) {
  for (Operation *l : {a, b})
    if (std::string v = steppedWithCounter(l); !v.empty())
      return "the loop at " + where(l->getLoc()) + " steps " + v +
             " with its counter, in the order it runs";
  return "";
}

void Interchange::runOnOperation() {
  ModuleOp module = getOperation();
  AnalysisOptions options;
  CallSummaries sums(module, options);
  summaries = &sums;
  Builder b(module.getContext());
  module.walk([&](TaskOp task) {
    Operation *par = task.getLoop();
    par->walk([&](Operation *outer) {
      // The parallel loop itself too: each band of its iterations then
      // runs the pair the other way round (not a sweep's, whose bands run
      // the loop around them).
      if (!isCountedFor(outer) || (outer == par && task->hasAttr("weft.sweep")))
        return;
      // One loop among the outer body's statements, innermost and counted.
      Operation *inner = onlyLoopInside(outer);
      if (!inner || inner->getParentOp() != outer || !isCountedFor(inner))
        return;
      std::string gain;
      std::string why = decide(par, outer, inner, gain);
      if (why.empty() && task.hasErrorPaths())
        why = errorPathsKeepOrder;
      if (why.empty())
        why = inductionsKeepOrder(outer, inner);
      if (why.empty()) {
        outer->setAttr("weft.interchange",
                       b.getI64IntegerAttr(loopIdOf(inner)));
        outer->setAttr("weft.interchange_gain", b.getStringAttr(gain));
      } else if (!gain.empty()) {
        outer->setAttr("weft.interchange_missed", b.getStringAttr(why));
        outer->setAttr("weft.interchange_gain", b.getStringAttr(gain));
      }
    });
    if (!tile)
      return;
    // Tiles: the first nest `for (k) for (j) S` among the statements of
    // the task loop's body that gains from them (or a pair `for (j) { S1;
    // for (k) S2; S3 }` interchanged above: tiles of k and j around S2).
    for (Operation &st : par->getRegion(0).front()) {
      if (!isCountedFor(&st))
        continue;
      Operation *in = onlyLoopInside(&st);
      if (!in || !isCountedFor(in) || in->walk([&](Operation *op) {
                                          return op != in && isLoop(op)
                                                     ? WalkResult::interrupt()
                                                     : WalkResult::advance();
                                        }).wasInterrupted())
        continue;
      bool turned = st.hasAttr("weft.interchange");
      if (!turned && in->getParentOp() != &st)
        continue;
      Operation *kl = turned ? in : &st, *jl = turned ? &st : in;
      std::string gain;
      int64_t point = 0, elem = 0;
      std::string why = decideTile(task, kl, jl, gain, point, elem);
      if (why.empty() && task.hasErrorPaths())
        why = errorPathsKeepOrder;
      if (why.empty())
        why = inductionsKeepOrder(kl, jl);
      if (gain.empty())
        continue;
      st.setAttr("weft.tile_gain", b.getStringAttr(gain));
      if (!why.empty()) {
        st.setAttr("weft.tile_missed", b.getStringAttr(why));
        continue;
      }
      st.setAttr("weft.tile",
                 b.getDenseI64ArrayAttr({loopIdOf(in), point, elem, turned}));
      break;
    }
  });
}
