//===- OutlineTasks.cpp - Loops chosen to run in parallel become tasks
//-------===//
//
// weft-outline-tasks: each candidate loop (docs/analysis.md) either becomes a
// weft.task, with every C variable it uses classified by how an outlined copy
// of the loop gets it, or stays sequential because it has too little work to
// pay for a fork/join (docs/outline.md).
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Captures.h"
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Nests.h"
#include "weft/Analysis/Scalars.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>

#define DEBUG_TYPE "weft-outline-tasks"

namespace weft {
#define GEN_PASS_DEF_OUTLINETASKS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

/// The combine of a reduction capture: the operator, and for min and max by
/// comparison the predicate under which a value replaces the partial.
static std::string combineOf(const Reduction &r) {
  if (r.op != "min" && r.op != "max")
    return r.op;
  if (r.pred == "call")
    return "f" + r.op;
  return r.op + ":" + r.pred;
}

/// What filling and combining one element of an array reduction's copy
/// costs a team member, in ns: a store to fill it, and a load of it from
/// another core's cache and an add to combine it.
constexpr double kCopyElementNs = 1.0;

/// The elements of the arrays that a loop's array reductions copy whose
/// number is known at compile time (0 when it has none); `runTime` tells
/// whether the loop has copies of a size known only when it runs (an
/// allocation's, Reduction::length).
static int64_t copiedElements(Operation *loop, const Verdict &v,
                              bool &runTime) {
  runTime = false;
  if (v.arrayReductions.empty())
    return 0;
  DeclPlaces places(loop);
  int64_t n = 0;
  for (const Reduction &r : v.arrayReductions) {
    if (r.length) {
      if (r.length->size() == 1 && r.length->front().vars.empty())
        n += r.length->front().coef;
      else if (!r.length->empty())
        runTime = true;
    } else if (MemRefType type = places.typeOf(r.var.decl);
               type && type.hasStaticShape()) {
      n += type.getNumElements();
    }
  }
  return n;
}

namespace {
struct OutlineTasks : public weft::impl::OutlineTasksBase<OutlineTasks> {
  using OutlineTasksBase::OutlineTasksBase;
  void runOnOperation() final;

  /// The loops that run in parallel, from the outermost parallel ones: a
  /// loop with fewer iterations than cores gives way to the parallel loops
  /// inside it when one of those has more iterations and pays for itself.
  SmallVector<Operation *> chooseLevels(ArrayRef<Operation *> candidates,
                                        WorkModel &work, double minWork);

  /// How the loop gets each C variable of its weft.free_vars; fails with the
  /// reason. For a sweep (`around`, the sequential loop each chunk runs
  /// whole), the variables are those of `around`, whose counter each chunk
  /// has of its own.
  FailureOr<SmallVector<Attribute>> captures(Operation *loop, const Verdict &v,
                                             std::string &why,
                                             Operation *around = nullptr);

  /// The sequential loop around `loop` that each chunk of `loop` can run
  /// whole (docs/outline.md, "Sweeps"), or null with the reason in `why`
  /// (empty when there is no such loop to speak of).
  /// `per` is the work of one iteration of `loop`, `minWork` what a
  /// fork/join must pay for.
  Operation *sweepAround(Operation *loop, const Verdict &v, CallSummaries &sums,
                         const Work &per, double minWork, std::string &why);
};
} // namespace

FailureOr<SmallVector<Attribute>> OutlineTasks::captures(Operation *loop,
                                                         const Verdict &v,
                                                         std::string &why,
                                                         Operation *around) {
  MLIRContext *ctx = loop->getContext();
  auto fn = loop->getParentOfType<func::FuncOp>();
  Operation *scope = around ? around : loop;
  auto vars = scope->getAttrOfType<ArrayAttr>("weft.free_vars");
  if (!vars) {
    why = "weft does not know which variables the loop uses";
    return failure();
  }
  int64_t counter = -1, aroundCounter = -1;
  if (auto c = loop->getAttrOfType<IntegerAttr>("weft.counter"))
    counter = c.getInt();
  if (auto c = around ? around->getAttrOfType<IntegerAttr>("weft.counter")
                      : IntegerAttr())
    aroundCounter = c.getInt();

  // Where each decl lives in the model.
  DeclPlaces places(loop);

  SmallVector<Attribute> out;
  for (Attribute a : vars) {
    auto d = cast<DictionaryAttr>(a);
    int64_t decl = d.getAs<IntegerAttr>("decl").getInt();
    StringRef name = d.getAs<StringAttr>("name").getValue();
    auto make = [&](CaptureKind k, StringRef op = "") {
      out.push_back(CaptureAttr::get(ctx, k, name, decl, op));
    };
    auto has = [&](ArrayRef<VarRef> list) {
      return llvm::any_of(list,
                          [&](const VarRef &r) { return r.decl == decl; });
    };
    if (decl == counter) {
      make(CaptureKind::Counter);
      continue;
    }
    if (decl == aroundCounter) { // each chunk runs the loop around itself
      make(CaptureKind::Private);
      continue;
    }
    if (auto ind = inductionStep(loop, decl)) {
      make(CaptureKind::Induction, *ind);
      continue;
    }
    if (auto r = llvm::find_if(
            v.reductions,
            [&](const Reduction &r) { return r.var.decl == decl; });
        r != v.reductions.end()) {
      std::string op = combineOf(*r);
      if (r->op != "add" && r->op != "mul" && r->op != "and" && r->op != "or" &&
          r->op != "xor" &&
          !(r->pred == "call" || r->pred == "gt" || r->pred == "ge" ||
            r->pred == "lt" || r->pred == "le")) {
        why = "weft does not know how to combine the " + r->op + " reduction " +
              r->var.name;
        return failure();
      }
      make(CaptureKind::Reduction, op);
      continue;
    }
    if (auto r = llvm::find_if(
            v.arrayReductions,
            [&](const Reduction &r) { return r.var.decl == decl; });
        r != v.arrayReductions.end()) {
      make(CaptureKind::ArrayReduction, r->op);
      continue;
    }
    if (has(v.lastprivates)) {
      make(CaptureKind::Lastprivate);
      continue;
    }
    if (has(v.condLastprivates)) {
      make(CaptureKind::CondLastprivate);
      continue;
    }
    if (has(v.privateCopies)) {
      make(CaptureKind::PrivateCopy);
      continue;
    }
    if (has(v.privates)) {
      make(CaptureKind::Private);
      continue;
    }
    make(plainCapture(decl, fn, places, {scope}));
  }
  return out;
}

Operation *OutlineTasks::sweepAround(Operation *loop, const Verdict &v,
                                     CallSummaries &sums, const Work &per,
                                     double minWork, std::string &why) {
  ModuleOp module = getOperation();
  Operation *around = loop->getParentOp();
  // A loop under an OpenMP directive is the directive's (its text must stay
  // a loop), and `#pragma weft sequential` keeps a loop as it is.
  if (!around || !isCountedFor(around) || around->hasAttr("weft.openmp") ||
      around->hasAttr("weft.pragma_sequential"))
    return nullptr;
  // The loop around runs this loop and nothing else: no statement of its
  // own, only what computes this loop's bounds and stores its counter's
  // exit value.
  for (Operation &op : around->getRegion(0).front()) {
    if (&op == loop || op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (auto e = op.getAttrOfType<IntegerAttr>("weft.counter_exit");
        e && e.getInt() == loopIdOf(loop))
      continue;
    if (op.hasAttr("weft.vars") || !(isLoad(&op) || isMemoryEffectFree(&op)))
      return nullptr;
  }
  std::string i = ivNameOf(around), j = ivNameOf(loop);
  std::string at = "the loop at " + where(around->getLoc());
  auto guards = loop->getAttrOfType<ArrayAttr>("weft.guards");
  if (guards && !guards.empty())
    why = "its run-time checks are for one iteration of " + at;
  else if (std::string s = steppedWithCounter(loop); !s.empty())
    why = "it steps " + s + " with its counter, from where each iteration of " +
          at + " leaves it";
  else if (std::string s = steppedWithCounter(around); !s.empty())
    why = at + " steps " + s +
          " with its counter, which each chunk would "
          "have to step as the loop runs";
  else if (!v.reductions.empty() || !v.arrayReductions.empty())
    why = "its reductions are combined after each iteration of " + at;
  else if (!v.privateCopies.empty())
    why = "each thread's copy of " + v.privateCopies.front().name +
          " is taken for one iteration of " + at;
  else if (!v.errorPaths.empty())
    why = "its error paths must see the iterations of " + at + " in order";
  else if (!v.lastprivates.empty() || !v.condLastprivates.empty() ||
           v.counterLive)
    why = "it leaves values after each iteration of " + at;
  else if (std::string h = headerRerunBlocker(around, i); !h.empty())
    why = h;
  else if (!boundsInvariantIn(loop, around))
    why = "its bounds change with " + i;
  else if (counterLiveAfter(around, module))
    why = i + " is used after " + at;
  if (!why.empty())
    return nullptr;
  LoopBody body = collectBody(around, sums);
  if (!body.blockers.empty()) {
    why = at + " contains " + body.blockers.front().reason;
    return nullptr;
  }
  for (const ScalarRole &r : classifyScalars(around, body.accesses, module))
    if (r.kind != ScalarRole::Private) {
      why = r.cell.name + " is not private to each iteration of " + i;
      return nullptr;
    }
  // No element is touched for two different j, whatever i: each chunk of
  // j then runs its part of every iteration of i on its own, in order. A
  // private array (docs/analysis.md, "Private arrays": an iteration of j
  // reads only what it wrote) is each chunk's own copy, in every iteration
  // of i too.
  llvm::SmallDenseSet<int64_t> own;
  for (const VarRef &p : v.privates)
    own.insert(p.decl);
  std::vector<Access> shared;
  for (const Access &a : body.accesses) {
    BaseInfo root = pathOf(a, module).root;
    auto type =
        root.base ? dyn_cast<MemRefType>(root.base.getType()) : MemRefType();
    bool privateArray =
        root.decl >= 0 && own.contains(root.decl) && type &&
        type.getRank() > 0 &&
        isa_and_nonnull<memref::AllocaOp>(root.base.getDefiningOp());
    if (!privateArray)
      shared.push_back(a);
  }
  why = firstConflict(shared, around, loopInfoOf(loop).iv, j, module,
                      [](const BaseInfo &, const BaseInfo &) { return false; });
  if (!why.empty()) {
    why += ", whatever " + i;
    return nullptr;
  }
  // Each chunk goes down a band of columns. A loop that streams memory
  // along its rows does that slower than whole rows (a 2000x2000 float
  // recurrence in 4 bands takes twice the time of whole rows on one core
  // of bench/compiler's machine), so such a loop sweeps only when one of
  // its runs is too short to pay for a fork of its own.
  if (auto trip = WorkModel::constantTrip(loop);
      per.memoryBound() && (!trip || per.ns * (double)*trip >= minWork)) {
    why = "its iterations stream memory, which each chunk would read in a "
          "band of columns down " +
          at + ", slower than whole rows";
    return nullptr;
  }
  return around;
}

/// The outermost loops inside `loop` (not itself) that could run in
/// parallel.
static SmallVector<Operation *> parallelInside(Operation *loop) {
  SmallVector<Operation *> out;
  for (Region &r : loop->getRegions())
    r.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<affine::AffineForOp, scf::ForOp>(op))
        if (auto v = readVerdict(op); v && v->parallel) {
          out.push_back(op);
          return WalkResult::skip();
        }
      return WalkResult::advance();
    });
  return out;
}

/// Makes the outermost parallel loops inside `loop`, which now stays
/// sequential, candidates in its place: they and the loops inside them get
/// verdicts that say what runs instead. Returns them, outermost first in
/// program order.
static SmallVector<Operation *> promoteInside(Operation *loop) {
  SmallVector<Operation *> inner = parallelInside(loop);
  for (Operation *d : inner) {
    std::optional<Verdict> dv = readVerdict(d);
    dv->candidate = true;
    dv->reason.clear();
    writeVerdict(d, *dv);
    // The parallel loops inside it now stay sequential because of it.
    d->walk([&](Operation *e) {
      if (e == d || !isa<affine::AffineForOp, scf::ForOp>(e))
        return;
      if (std::optional<Verdict> ev = readVerdict(e); ev && ev->parallel) {
        ev->candidate = false;
        ev->reason =
            "the loop at " + where(d->getLoc()) + " around it runs in parallel";
        writeVerdict(e, *ev);
      }
    });
  }
  return inner;
}

SmallVector<Operation *>
OutlineTasks::chooseLevels(ArrayRef<Operation *> candidates, WorkModel &work,
                           double minWork) {
  int64_t levelCores = cores > 0 ? cores : kTypicalCores;
  // Worth a fork/join of its own: a trip count checked at run time, or a
  // constant one with enough work.
  auto paysOff = [&](Operation *loop) {
    auto trip = WorkModel::constantTrip(loop);
    return !trip || (*trip >= 2 &&
                     work.perIteration(loop).ns * (double)*trip >= minWork);
  };
  SmallVector<Operation *> chosen;
  SmallVector<Operation *> todo(candidates.rbegin(), candidates.rend());
  while (!todo.empty()) {
    Operation *loop = todo.pop_back_val();
    auto trip = WorkModel::constantTrip(loop);
    SmallVector<Operation *> inner;
    if (trip && *trip < levelCores)
      inner = parallelInside(loop);
    bool better = llvm::any_of(inner, [&](Operation *d) {
      auto t = WorkModel::constantTrip(d);
      return (!t || *t > *trip) && paysOff(d);
    });
    if (!better) {
      chosen.push_back(loop);
      continue;
    }
    std::optional<Verdict> v = readVerdict(loop);
    SmallVector<std::string> places;
    for (Operation *d : inner)
      places.push_back(where(d->getLoc()));
    std::string at = listText(places);
    v->candidate = false;
    v->reason = "only " + std::to_string(*trip) + " iteration" +
                (*trip == 1 ? "" : "s") + ", fewer than the " +
                std::to_string(levelCores) + " cores: the loop" +
                (inner.size() == 1 ? " at " + at + " inside it runs"
                                   : "s at " + at + " inside it run") +
                " in parallel instead";
    writeVerdict(loop, *v);
    // Outermost first, in program order.
    SmallVector<Operation *> promoted = promoteInside(loop);
    for (Operation *d : llvm::reverse(promoted))
      todo.push_back(d);
  }
  return chosen;
}

void OutlineTasks::runOnOperation() {
  ModuleOp module = getOperation();
  WorkModel work(module);
  llvm::StringSet<> names;
  for (auto f : module.getOps<func::FuncOp>())
    names.insert(f.getName());
  for (auto g : module.getOps<memref::GlobalOp>())
    if (auto n = g->getAttrOfType<StringAttr>("weft.name"))
      names.insert(n.getValue());
  module.walk([&](TaskOp t) { names.insert(t.getName()); });

  SmallVector<Operation *> candidates;
  module.walk([&](Operation *op) {
    if (isa<affine::AffineForOp, scf::ForOp>(op) &&
        op->hasAttr("weft.candidate") && !isa<TaskOp>(op->getParentOp()))
      candidates.push_back(op);
  });

  double minWork = kMinParallelWorkFactor * forkJoinNs;
  AnalysisOptions options;
  CallSummaries sums(module, options);
  // A candidate that cannot become a task hands over to the parallel loops
  // inside it, which go through the same choices in the next round.
  SmallVector<Operation *> next;
  for (; !candidates.empty(); candidates = std::move(next)) {
    next.clear();
    for (Operation *loop : chooseLevels(candidates, work, minWork)) {
      std::optional<Verdict> v = readVerdict(loop);
      if (!v || !v->parallel || !v->candidate)
        continue;
      auto keepSequential = [&](std::string why) {
        v->candidate = false;
        v->reason = std::move(why);
        writeVerdict(loop, *v);
      };
      Work per = work.perIteration(loop);
      double perNs = std::max(per.ns, 0.1);
      // A sequential loop around it that each chunk can run whole: one
      // fork for all of its iterations (docs/outline.md, "Sweeps"). Its
      // iterations, when a constant, count towards the work of the fork.
      std::string sweepWhy;
      Operation *around = sweepAround(loop, *v, sums, per, minWork, sweepWhy);
      double rows = 1;
      if (auto t = around ? WorkModel::constantTrip(around) : std::nullopt)
        rows = std::max<double>((double)*t, 1);
      if (auto trip = WorkModel::constantTrip(loop)) {
        double total = perNs * (double)*trip * rows;
        if (*trip < 2 || total < minWork) {
          keepSequential("too little work to pay for a fork/join: about " +
                         formatNs(total) + " in all (" + std::to_string(*trip) +
                         " iterations of " + formatNs(perNs) + "), below " +
                         formatNs(minWork));
          // The parallel loops inside it have less work still.
          for (Operation *d : parallelInside(loop)) {
            std::optional<Verdict> dv = readVerdict(d);
            dv->reason = "too little work to pay for a fork/join, like the "
                         "loop at " +
                         where(loop->getLoc()) + " around it";
            writeVerdict(d, *dv);
          }
          continue;
        }
      }
      std::string why;
      auto caps = captures(loop, *v, why, around);
      if (failed(caps) && around) {
        around = nullptr;
        caps = captures(loop, *v, why);
      }
      if (failed(caps)) {
        keepSequential(why);
        next.append(promoteInside(loop));
        continue;
      }
      auto fn = loop->getParentOfType<func::FuncOp>();
      std::string base = "weft_" + fn.getName().str() + "_" +
                         std::to_string(lineOf(loop->getLoc()));
      std::string name = base;
      for (int k = 2; names.contains(name); ++k)
        name = base + "_" + std::to_string(k);
      names.insert(name);

      // Array reductions cost each member a copy to fill and a share of
      // the copies to combine, and one more barrier.
      double need = minWork;
      bool runTimeCopies = false;
      if (int64_t n = copiedElements(loop, *v, runTimeCopies)) {
        double copyNs = kCopyElementNs * (double)n + forkJoinNs;
        need += kMinParallelWorkFactor * copyNs;
        auto trip = WorkModel::constantTrip(loop);
        if (trip && perNs * (double)*trip < need) {
          keepSequential("too little work to pay for the copies of its array "
                         "reduction: about " +
                         formatNs(perNs * (double)*trip) + " in all, below " +
                         formatNs(need) + " for copies of " +
                         std::to_string(n) + " elements");
          continue;
        }
      }
      int64_t minTrip =
          std::max<int64_t>(2, (int64_t)std::ceil(need / (perNs * rows)));
      auto guards = loop->getAttrOfType<ArrayAttr>("weft.guards");
      OpBuilder b(loop);
      DenseI64ArrayAttr noalias;
      if (!v->noalias.empty()) {
        SmallVector<int64_t> decls;
        for (const VarRef &r : v->noalias)
          decls.push_back(r.decl);
        noalias = b.getDenseI64ArrayAttr(decls);
      }
      auto task = b.create<TaskOp>(
          loop->getLoc(), b.getStringAttr(name),
          b.getI64IntegerAttr(
              loop->getAttrOfType<IntegerAttr>("weft.loop_id").getInt()),
          b.getArrayAttr(*caps), guards ? guards : b.getArrayAttr({}),
          b.getI64IntegerAttr(minTrip), b.getF64FloatAttr(perNs),
          /*shape=*/StringAttr(), /*cost0=*/ArrayAttr(), /*cost1=*/ArrayAttr(),
          /*region_id=*/IntegerAttr(), /*intent=*/StringAttr(),
          /*bytes_per_iter=*/FloatAttr(), /*region_leader=*/IntegerAttr(),
          /*after=*/StringAttr(), /*unfused=*/StringAttr(), noalias);
      Block *block = new Block();
      task.getBody().push_back(block);
      loop->moveBefore(block, block->end());
      // Copies whose size is known when the loop runs: it runs in parallel
      // only with this many iterations per element of theirs, too.
      if (runTimeCopies)
        task->setAttr("weft.trips_per_copied_element",
                      b.getF64FloatAttr(kMinParallelWorkFactor *
                                        kCopyElementNs / (perNs * rows)));
      if (around)
        task->setAttr("weft.sweep", b.getI64IntegerAttr(loopIdOf(around)));
      else if (!sweepWhy.empty())
        task->setAttr("weft.sweep_missed", b.getStringAttr(sweepWhy));
    }
  }
}
