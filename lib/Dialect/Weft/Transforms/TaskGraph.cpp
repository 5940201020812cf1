//===- TaskGraph.cpp - Statements of a block that can run at the same time ===//
//
// weft-task-graph: the statements of a block are macro-tasks (OSCAR's unit);
// in a run of consecutive statements that may each be a task, a statement
// waits for an earlier one when their accesses may touch the same memory,
// one of them writing. A run whose plan on two cores pays for a fork/join
// gets weft.graph (Passes.td has the rules, docs/analysis.md "Task graphs"
// the why).
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Captures.h"
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/Dependence.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "Guards.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <cassert>
#include <deque>

#include "weft_plan.h" // weft_graph_plan, libweft's own

#define DEBUG_TYPE "weft-task-graph"

namespace weft {
#define GEN_PASS_DEF_TASKGRAPH
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {
/// The most tasks in one graph (libweft's WEFT_MAX_TASKS).
constexpr size_t kMaxTasks = WEFT_MAX_TASKS;
/// The part of the work of its tasks that run no loop in parallel that a
/// graph whose work is estimated must save on two cores (a chain with a
/// short task beside it saves next to nothing).
constexpr double kMinGraphShare = 0.1;

/// The op that carries the importer's statement attributes for a top-level
/// op of a block: a weft.task's loop (weft-outline-tasks wraps the loop the
/// importer marked), else the op.
Operation *marked(Operation *op) {
  if (auto task = dyn_cast<TaskOp>(op))
    if (Operation *loop = task.getLoop())
      return loop;
  return op;
}

/// One statement of a block: its operations, in order.
struct Statement {
  int64_t id = -1;
  SmallVector<Operation *> ops;
  /// Why it cannot be a task ("" if it can).
  std::string notTask;
  /// It runs a loop in parallel (weft_parallel_for): the graph's idle
  /// members help with it (WEFT_TASK_LOOP).
  bool loop = false;
  LoopBody body;
  Work work;
  /// Where the statement begins (its first op may be made elsewhere: a
  /// global's address, a constant).
  Location loc() const {
    if (auto l =
            marked(ops.front())->getAttrOfType<LocationAttr>("weft.stmt_loc"))
      return l;
    return ops.front()->getLoc();
  }
};

/// Why a statement waits for an earlier one.
struct Conflict {
  std::string why; ///< "" if it need not wait
  /// Every access pair behind it is on two bases that may be the same
  /// memory (Overlap::Maybe): a run-time check can tell. `roots`: each such
  /// pair of bases, the earlier statement's first.
  bool maybeOnly = true;
  SmallVector<std::pair<BaseInfo, BaseInfo>> roots;
};

struct TaskGraph : public weft::impl::TaskGraphBase<TaskGraph> {
  using TaskGraphBase::TaskGraphBase;
  void runOnOperation() final;

  /// Fills s.notTask, s.body and s.work.
  void examine(Statement &s);
  /// Why a statement that runs a loop in parallel cannot be a task ("" if
  /// it can): its task function runs the loop's code as weft writes it in
  /// place, so it must name each variable as the function does: a copy of
  /// a scalar (copied back when the task writes it) or an array's address,
  /// never a variable reached only by address.
  std::string uncopied(const Statement &s);
  /// Why `later` waits for `earlier`.
  Conflict conflict(const Statement &earlier, const Statement &later);
  /// Run-time checks that the bases of `c` are apart, each side over its
  /// statement's loop and named in C before the run whose ops are `all`
  /// (no statement of the run writes a variable they name); nullopt when
  /// a statement is not a loop or a side cannot be bounded or named there.
  std::optional<std::vector<Guard>>
  checksFor(const Statement &earlier, const Statement &later, const Conflict &c,
            ArrayRef<Operation *> all, const DeclPlaces &places);
  /// Plans a run of tasks: a graph, or a remark on why they stay in order.
  void plan(ArrayRef<Statement *> run);

  ModuleOp module;
  CallSummaries *summaries = nullptr;
  WorkModel *work = nullptr; ///< for the run
  int64_t graphs = 0;
};
} // namespace

/// The op of `block` that holds `op` (op itself when it is in the block).
static Operation *topOf(Operation *op, Block *block) {
  return block->findAncestorOpInBlock(*op);
}

/// Does a break or continue leave the statement whose top-level op holds
/// it: is there no loop or switch between them?
static bool leaves(Operation *jump, Operation *top) {
  for (Operation *a = jump->getParentOp(); a; a = a->getParentOp()) {
    if (isLoop(a) || isa<SwitchOp, TaskOp>(a))
      return false;
    if (a == top)
      return true;
  }
  return true;
}

void TaskGraph::examine(Statement &s) {
  Block *block = s.ops.front()->getBlock();
  llvm::DenseSet<Operation *> mine(s.ops.begin(), s.ops.end());
  // Pure top-level ops of values from before the statement (the importer
  // makes `(index)n` once, where a statement first needs it): the same
  // value wherever the statement runs, so a later statement may use it.
  llvm::DenseSet<Operation *> hoistable;
  for (Operation *top : s.ops)
    if (isPure(top) && top->getNumRegions() == 0 &&
        llvm::all_of(top->getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return !def || !mine.contains(def) || hoistable.contains(def);
        }))
      hoistable.insert(top);
  for (Operation *top : s.ops) {
    top->walk([&](Operation *op) {
      if (!s.notTask.empty())
        return;
      if (auto task = dyn_cast<TaskOp>(op)) {
        if (!loopTasks)
          s.notTask = "it runs a loop in parallel, which an OpenMP section "
                      "cannot share";
        // A fused region is one SPMD region over several statements, and
        // an array reduction's loop runs on the team's own copies: neither
        // is one weft_parallel_for that a task can share.
        else if (task.getRegionLeader() || task.getAfter())
          s.notTask = "it runs a loop in parallel in a fused region";
        else if (task.hasErrorPaths())
          s.notTask = "it runs a loop with an error path in parallel, whose "
                      "chunks run in order";
        else if (std::optional<CaptureKind> k = task.getCopiedCapture())
          s.notTask = *k == CaptureKind::ArrayReduction
                          ? "it runs an array reduction in parallel"
                          : "it runs a loop in parallel on the team's copies "
                            "of a private array";
        s.loop = true;
      } else if (isa<ReturnOp, GotoOp, LabelOp, CaseOp>(op))
        s.notTask = "it has a " + op->getName().stripDialect().str() + " at " +
                    where(op->getLoc());
      else if (isa<BreakOp, ContinueOp>(op) && leaves(op, top))
        s.notTask = "it has a " + op->getName().stripDialect().str() +
                    " of a statement around it";
      // A global's address and a constant are the same wherever they are
      // used (the importer makes each once per function).
      if (isa<memref::GetGlobalOp>(op) ||
          op->hasTrait<OpTrait::ConstantLike>() || hoistable.contains(op))
        return;
      for (Value r : op->getResults())
        for (Operation *user : r.getUsers())
          if (!mine.contains(topOf(user, block)))
            s.notTask = "it defines a value that code after it uses";
    });
  }
  if (!s.notTask.empty())
    return;
  if (s.loop)
    s.notTask = uncopied(s);
  if (!s.notTask.empty())
    return;
  s.body = collectStatement(s.ops, *summaries);
  // Calls at their sites (callSites): each call's work, and whether it
  // assumes a trip count, with its constant arguments in the callee.
  for (Operation *top : s.ops)
    s.work += work->ofOp(top);
  if (!s.body.blockers.empty())
    s.notTask = s.body.blockers.front().reason;
}

std::string TaskGraph::uncopied(const Statement &s) {
  auto vars = marked(s.ops.front())->getAttrOfType<ArrayAttr>("weft.stmt_vars");
  if (!vars)
    return "";
  DeclPlaces places(s.ops.front());
  for (Attribute a : vars) {
    auto d = cast<DictionaryAttr>(a);
    int64_t decl = d.getAs<IntegerAttr>("decl").getInt();
    StringRef name = d.getAs<StringAttr>("name").getValue();
    std::string why = "it runs a loop in parallel and uses " + name.str() +
                      ", which a task could reach only by address (";
    if (auto it = places.globals.find(decl); it != places.globals.end()) {
      auto n = it->second->getAttrOfType<StringAttr>("weft.name");
      if (!n || n.getValue() != memref::GlobalOp(it->second).getSymName())
        return why + "a static local)";
      continue;
    }
    auto it = places.allocas.find(decl);
    if (it == places.allocas.end())
      continue; // a value: copied
    auto type = cast<MemRefType>(it->second.getType());
    if (type.getRank() > 0)
      continue; // an array: its address, by its name
    if (isa<StructType>(type.getElementType()))
      return why + "a struct)";
    if (it->second.getDefiningOp()->hasAttr("weft.escapes"))
      return why + "its address is taken)";
  }
  return "";
}

/// The loops of `a` inside the statement op `top` (the loops around the
/// statement are the same for both statements: their counters stay atoms).
static SmallVector<LoopInfo> loopsInside(const Access &a, Operation *top) {
  SmallVector<LoopInfo> out;
  for (const LoopInfo &l : a.loops)
    if (top->isAncestor(l.op))
      out.push_back(l);
  return out;
}

/// Is `p` a constant greater than 0?
static bool positive(std::optional<Poly> p) {
  return p && p->isConstant() && p->constantTerm() > 0;
}

/// Are the elements `a` touches over its statement's loops apart from those
/// `b` touches over its own, in some dimension? Both access their base
/// directly (no view).
static bool apart(const Access &a, Operation *topA, const Access &b,
                  Operation *topB) {
  if (a.row || b.row || a.subs.size() != b.subs.size())
    return false;
  SmallVector<LoopInfo> la = loopsInside(a, topA), lb = loopsInside(b, topB);
  for (size_t d = 0; d < a.subs.size(); ++d) {
    const Subscript &sa = a.subs[d], &sb = b.subs[d];
    if (!sa.known() || !sb.known())
      continue;
    auto loA = rangeOver(*sa.lo, la), hiA = rangeOver(*sa.hi, la);
    auto loB = rangeOver(*sb.lo, lb), hiB = rangeOver(*sb.hi, lb);
    if (!loA || !hiA || !loB || !hiB)
      continue;
    // [loA.first, hiA.second] against [loB.first, hiB.second].
    if (positive(loB->first.plus(hiA->second, -1)) ||
        positive(loA->first.plus(hiB->second, -1)))
      return true;
  }
  return false;
}

/// "line 8" or "lines 8-12" for statements from `first` to `last`.
static std::string linesOf(const Statement &first, const Statement &last) {
  unsigned a = lineOf(first.loc()), b = lineOf(last.loc());
  return a == b ? "line " + std::to_string(a)
                : "lines " + std::to_string(a) + "-" + std::to_string(b);
}

Conflict TaskGraph::conflict(const Statement &earlier, const Statement &later) {
  Block *block = earlier.ops.front()->getBlock();
  Conflict c;
  for (const Access &a : earlier.body.accesses)
    for (const Access &b : later.body.accesses) {
      if (!a.isWrite && !b.isWrite)
        continue;
      MemPath pa = pathOf(a, module), pb = pathOf(b, module);
      Operation *topA = topOf(a.op, block), *topB = topOf(b.op, block);
      // Each statement's own ops decide what is new in it (a local array
      // declared inside it is apart from everything the other touches).
      Overlap o1 = overlapOf(pa.root, pb.root, topA),
              o2 = overlapOf(pa.root, pb.root, topB);
      if (o1 == Overlap::Never || o2 == Overlap::Never)
        continue;
      if (o1 == Overlap::Same && o2 == Overlap::Same && pa.views.empty() &&
          pb.views.empty() && apart(a, topA, b, topB))
        continue;
      if (o1 == Overlap::Maybe && o2 == Overlap::Maybe && pa.root.base &&
          pb.root.base) {
        if (!llvm::any_of(c.roots, [&](const auto &r) {
              return r.first.base == pa.root.base &&
                     r.second.base == pb.root.base;
            }))
          c.roots.push_back({pa.root, pb.root});
      } else {
        c.maybeOnly = false;
      }
      if (!c.why.empty())
        continue;
      std::string what = b.text.empty() ? "memory" : b.text;
      std::string other = a.text.empty() ? "memory" : a.text;
      bool same = o1 == Overlap::Same && o2 == Overlap::Same;
      c.why = "it " + std::string(b.isWrite ? "writes " : "reads ") + what +
              (same ? ", which " : ", which may be the memory of ") +
              (same ? std::string() : other + ", which ") +
              "the statement at " + linesOf(earlier, earlier) +
              (a.isWrite ? " writes" : " reads");
    }
  return c;
}

/// The loop or call a statement is, if it is one (a weft.task's loop
/// too), with at most pure ops beside it (a bound as an index, an address).
static Operation *loopOf(const Statement &s) {
  Operation *main = nullptr;
  for (Operation *top : s.ops) {
    Operation *op = marked(top);
    if (isa<affine::AffineForOp, scf::ForOp, CallOp>(op) && !main)
      main = op;
    else if (!isPure(top) || top->getNumRegions() != 0)
      return nullptr;
  }
  return main;
}

/// The elements of `root` a call touches, from its callee's summary: each
/// effect through an argument that is the root itself or an element's
/// address in it (`&x[k]`), or on the root's global, over the callee's
/// ranges with the call's arguments put in; named in C at the call.
static std::optional<GuardSide> callSide(CallOp call, const BaseInfo &root,
                                         CallSummaries &summaries) {
  const CallSummary &sum = summaries.get(call.getCallee());
  func::FuncOp callee = definedCallee(call);
  auto type = dyn_cast<MemRefType>(root.base.getType());
  if (!sum.unknown.empty() || !callee || !type || type.getRank() != 1 ||
      root.decl < 0 || root.isCell)
    return std::nullopt;
  GuardSide side;
  side.base = VarRef{root.decl, root.name};
  side.elemSize = elemSizeOf(type);
  CNames names(call);
  for (const CallSummary::Effect &e : sum.effects) {
    Poly offset; // the element the callee's index 0 is
    if (e.param < 0) {
      if (!root.symbol || e.global != root.symbol)
        continue;
    } else {
      // The importer passes a pointer as the address of an element of
      // what it points to (`&p[0]`).
      Value arg = call.getArgs()[e.param], base = arg;
      auto addr = arg.getDefiningOp<AddrOp>();
      if (addr)
        base = addr.getBase();
      MemPath p = memPathOf(base);
      if (p.root.base != root.base)
        continue;
      if (!p.views.empty() || base != root.base)
        return std::nullopt;
      if (addr) {
        if (addr.getIndices().size() != 1)
          return std::nullopt;
        offset = polyOf(addr.getIndices()[0]);
      }
    }
    if (e.subs.size() != 1 || !e.subs[0].known())
      return std::nullopt;
    auto lo = atCall(e.subs[0].lo, call), hi = atCall(e.subs[0].hi, call);
    auto l = lo ? offset.plus(*lo) : std::nullopt;
    auto h = hi ? offset.plus(*hi) : std::nullopt;
    auto cl = l ? names.convert(*l) : std::nullopt;
    auto ch = h ? names.convert(*h) : std::nullopt;
    if (!cl || !ch)
      return std::nullopt;
    if (!llvm::is_contained(side.lo, *cl))
      side.lo.push_back(*cl);
    if (!llvm::is_contained(side.hi, *ch))
      side.hi.push_back(*ch);
  }
  if (side.lo.empty())
    return std::nullopt;
  return side;
}

std::optional<std::vector<Guard>>
TaskGraph::checksFor(const Statement &earlier, const Statement &later,
                     const Conflict &c, ArrayRef<Operation *> all,
                     const DeclPlaces &places) {
  Operation *la = loopOf(earlier), *lb = loopOf(later);
  if (!c.maybeOnly || c.roots.empty() || !la || !lb)
    return std::nullopt;
  auto fn = la->getParentOfType<func::FuncOp>();
  // A variable the check names has the value there that it has before the
  // run: a parameter never assigned, or a variable no statement writes.
  auto stable = [&](int64_t decl) {
    if (auto it = places.allocas.find(decl); it != places.allocas.end())
      return !writtenIn(all, it->second);
    if (auto it = places.globals.find(decl); it != places.globals.end()) {
      auto sym = memref::GlobalOp(it->second).getSymName();
      bool written = false;
      fn.walk([&](memref::GetGlobalOp g) {
        written |= g.getName() == sym && writtenIn(all, g.getResult());
      });
      return !written;
    }
    for (unsigned i = 0; i < fn.getNumArguments(); ++i)
      if (auto d = fn.getArgAttrOfType<IntegerAttr>(i, "weft.decl");
          d && d.getInt() == decl)
        return true;
    return false;
  };
  auto stableSide = [&](const GuardSide &side) {
    if (side.cell || !stable(side.base.decl))
      return false;
    for (const auto *list : {&side.lo, &side.hi, &side.nonneg})
      for (const CPoly &p : *list)
        for (const Term &t : p)
          for (int64_t d : t.vars)
            if (!stable(d))
              return false;
    return true;
  };
  auto sideOf = [&](const Statement &s, Operation *loop,
                    const BaseInfo &root) -> std::optional<GuardSide> {
    std::optional<GuardSide> side;
    if (auto call = dyn_cast<CallOp>(loop)) {
      side = callSide(call, root, *summaries);
    } else {
      SmallVector<const Access *> mine;
      for (const Access &a : s.body.accesses)
        if (pathOf(a, module).root.base == root.base)
          mine.push_back(&a);
      LoopInfo info = loopInfoOf(loop, /*trustBounds=*/true);
      LoopBody body = collectBody(loop, *summaries);
      Invariants inv = invariantsOf(loop, body, info, module, /*proven=*/false);
      CNames names(loop, &inv);
      std::string why;
      side = guardSide(root, mine, info, names, module, inv, why);
    }
    if (!side || !stableSide(*side))
      return std::nullopt;
    return side;
  };
  std::vector<Guard> out;
  for (const auto &[ra, rb] : c.roots) {
    auto sa = sideOf(earlier, la, ra);
    auto sb = sa ? sideOf(later, lb, rb) : std::nullopt;
    if (!sa || !sb)
      return std::nullopt;
    out.push_back({*sa, *sb});
  }
  return out;
}

/// The finishing time of the tasks on `members` equal cores, in libweft's
/// own plan (weft_plan.h: longest chain first, each task where it finishes
/// first, loop tasks helped by idle members).
static double planSpan(ArrayRef<double> work, ArrayRef<uint64_t> preds,
                       ArrayRef<bool> loops, int members) {
  size_t n = work.size();
  assert(n <= WEFT_MAX_TASKS && "a run is cut at kMaxTasks");
  SmallVector<weft_task_t> tasks(n);
  for (size_t t = 0; t < n; ++t)
    tasks[t] = {nullptr, work[t], preds[t], loops[t] ? WEFT_TASK_LOOP : 0};
  weft_graph_t g{};
  g.ntasks = (int32_t)n;
  g.tasks = tasks.data();
  signed char owner[WEFT_MAX_TASKS], order[WEFT_MAX_TASKS];
  return weft_graph_plan(&g, nullptr, members, owner, order);
}

void TaskGraph::plan(ArrayRef<Statement *> run) {
  if (run.size() > kMaxTasks) {
    plan(run.take_front(kMaxTasks));
    plan(run.drop_front(kMaxTasks));
    return;
  }
  if (run.size() < 2)
    return;
  size_t n = run.size();
  SmallVector<uint64_t> preds(n, 0);
  SmallVector<double> ns(n);
  std::vector<std::string> why(n);
  SmallVector<bool> loops(n);
  // A trip count assumed in a task that runs no loop in parallel: the
  // saving itself is a guess (a loop task saves nothing either way).
  bool assumed = false, guessedSaving = false;
  // The work, the time in order (a parallel loop on two cores), and the
  // work of the tasks that run no loop in parallel.
  double total = 0, inOrder = 0, serial = 0;
  // Edges a run-time check may drop: (later, earlier, the check).
  SmallVector<std::tuple<size_t, size_t, std::vector<Guard>>> checked;
  std::vector<std::string> checkedWhy(n);
  // Every op of the run, and where its variables live: for the checks
  // and the captures.
  Operation *first = run.front()->ops.front();
  SmallVector<Operation *> all;
  for (Statement *s : run)
    all.append(s->ops.begin(), s->ops.end());
  DeclPlaces places(first);
  for (size_t j = 0; j < n; ++j) {
    ns[j] = run[j]->work.ns;
    loops[j] = run[j]->loop;
    total += std::max(ns[j], 1.0);
    inOrder += std::max(ns[j], 1.0) / (loops[j] ? 2 : 1);
    serial += loops[j] ? 0 : std::max(ns[j], 1.0);
    assumed |= run[j]->work.assumed;
    guessedSaving |= run[j]->work.assumed && !run[j]->loop;
    for (size_t i = 0; i < j; ++i) {
      Conflict c = conflict(*run[i], *run[j]);
      if (c.why.empty())
        continue;
      if (auto guards = checksFor(*run[i], *run[j], c, all, places)) {
        checked.push_back({j, i, std::move(*guards)});
        if (checkedWhy[j].empty())
          checkedWhy[j] = c.why;
        continue;
      }
      preds[j] |= uint64_t(1) << i;
      if (why[j].empty())
        why[j] = c.why;
    }
  }
  double span = planSpan(ns, preds, loops, 2);
  double minWork = kMinParallelWorkFactor * forkJoinNs;
  Builder b(module.getContext());
  std::string lines = linesOf(*run.front(), *run.back());
  // With estimated work (a trip count assumed), libweft weighs the graph
  // at run time; the plan must still save a real part of the work that
  // does not run in parallel already (a parallel loop's saves nothing).
  bool anyLoop = llvm::is_contained(loops, true);
  std::string sizes = "about " + formatNs(total) + " of work, " +
                      formatNs(span) + " on two cores" +
                      (anyLoop ? ", " + formatNs(inOrder) +
                                     " in order with its loops in parallel"
                               : std::string());
  auto couldRun = [&](llvm::StringRef but) {
    first->setAttr("weft.graph_remark",
                   b.getStringAttr("the statements at " + lines +
                                   " could run at the same time, but " + sizes +
                                   " " + but.str()));
  };
  bool chain = inOrder - span < 1 ||
               (guessedSaving && inOrder - span < kMinGraphShare * serial);
  if (chain) {
    // Said only where two statements may be long enough to pay for a
    // fork/join of their own (whatever --fork-join-ns says: not every short
    // run), or where the saving is a guess.
    int long_ = 0;
    for (Statement *s : run)
      long_ +=
          s->work.assumed || s->work.ns >= kMinParallelWorkFactor * kForkJoinNs;
    bool allWait = llvm::all_of(
        llvm::drop_begin(why), [](const std::string &w) { return !w.empty(); });
    if (allWait && long_ >= 2) {
      // Every statement waits for one before it.
      first->setAttr("weft.graph_remark",
                     b.getStringAttr("the statements at " + lines +
                                     " run in order: each needs an earlier "
                                     "one (" +
                                     linesOf(*run[1], *run[1]) + ": " + why[1] +
                                     ")"));
    } else if (!allWait && (guessedSaving || long_ >= 2)) {
      // Some could run beside others, but the plan (one statement estimated
      // far longer than the rest, or loop tasks that take both cores in
      // order too) saves next to nothing.
      couldRun(guessedSaving ? "saves too small a part of its estimated work"
                             : "saves less than a fork/join");
    }
    return;
  }
  if (!guessedSaving && inOrder - span < minWork) {
    couldRun("saves less than a fork/join");
    return;
  }
  SmallVector<int64_t> ids;
  for (Statement *s : run)
    ids.push_back(s->id);
  // Does a task write a scalar variable (a local or a global)? OpenMP
  // output cannot share one between its sections (EmitGraph.cpp).
  bool scalars = llvm::any_of(run, [](Statement *s) {
    return llvm::any_of(s->body.accesses, [](const Access &a) {
      auto mt =
          a.memref ? dyn_cast<MemRefType>(a.memref.getType()) : MemRefType();
      // A global a callee writes has no memref here: its subscripts say
      // its rank.
      return a.isWrite && (a.memref ? mt && mt.getRank() == 0 : a.subs.empty());
    });
  });
  SmallVector<int64_t> masks(preds.begin(), preds.end());
  // A loop task's function copies the scalars it uses: those it writes are
  // copied back (DeclPlaces says which are variables in memory).
  SmallVector<Attribute> copyOut;
  for (Statement *s : run) {
    SmallVector<int64_t> written;
    if (s->loop)
      for (auto &[decl, mem] : places.allocas)
        if (cast<MemRefType>(mem.getType()).getRank() == 0 &&
            writtenIn(s->ops, mem))
          written.push_back(decl);
    llvm::sort(written);
    copyOut.push_back(b.getDenseI64ArrayAttr(written));
  }
  // How the tasks get the variables they use: one context for the graph.
  auto fn = first->getParentOfType<func::FuncOp>();
  SmallVector<Attribute> caps;
  llvm::DenseSet<int64_t> seen;
  for (Statement *s : run)
    if (auto vars =
            marked(s->ops.front())->getAttrOfType<ArrayAttr>("weft.stmt_vars"))
      for (Attribute a : vars) {
        auto d = cast<DictionaryAttr>(a);
        int64_t decl = d.getAs<IntegerAttr>("decl").getInt();
        if (seen.insert(decl).second)
          caps.push_back(CaptureAttr::get(
              module.getContext(), plainCapture(decl, fn, places, all),
              d.getAs<StringAttr>("name").getValue(), decl, ""));
      }
  // Each checked edge: the later task, the earlier, and the checks that,
  // when they pass, let the later one run without waiting.
  SmallVector<Attribute> checks;
  for (const auto &[j, i, guards] : checked) {
    SmallVector<Attribute> gs;
    for (const Guard &g : guards)
      gs.push_back(guardAttr(b, g));
    checks.push_back(
        b.getDictionaryAttr({b.getNamedAttr("later", b.getI64IntegerAttr(j)),
                             b.getNamedAttr("earlier", b.getI64IntegerAttr(i)),
                             b.getNamedAttr("guards", b.getArrayAttr(gs))}));
  }
  first->setAttr("weft.graph",
                 b.getDictionaryAttr(
                     {b.getNamedAttr("id", b.getI64IntegerAttr(graphs++)),
                      b.getNamedAttr("checks", b.getArrayAttr(checks)),
                      b.getNamedAttr("stmts", b.getDenseI64ArrayAttr(ids)),
                      b.getNamedAttr("preds", b.getDenseI64ArrayAttr(masks)),
                      b.getNamedAttr("work", b.getDenseF64ArrayAttr(ns)),
                      b.getNamedAttr("captures", b.getArrayAttr(caps)),
                      b.getNamedAttr("writes_scalars", b.getBoolAttr(scalars)),
                      b.getNamedAttr("loops", b.getDenseBoolArrayAttr(loops)),
                      b.getNamedAttr("copy_out", b.getArrayAttr(copyOut)),
                      b.getNamedAttr("estimated", b.getBoolAttr(assumed))}));
  std::string head = "the " + std::to_string(n) + " statements at " + lines;
  first->setAttr("weft.graph_lines", b.getStringAttr(head));
  std::string text = head + " run as a task graph (" + sizes +
                     (assumed ? ", with trip counts assumed" : "") + ")";
  for (size_t j = 0; j < n; ++j) {
    if (loops[j])
      text += "; " + linesOf(*run[j], *run[j]) +
              " runs its loop in parallel on the members the others leave "
              "idle";
    if (!why[j].empty())
      text += "; " + linesOf(*run[j], *run[j]) + " waits: " + why[j];
  }
  for (const auto &[j, i, guards] : checked) {
    std::string bases;
    for (const Guard &g : guards)
      bases +=
          (bases.empty() ? "" : ", ") + g.a.base.name + " and " + g.b.base.name;
    text += "; " + linesOf(*run[j], *run[j]) + " runs beside " +
            linesOf(*run[i], *run[i]) + " when a run-time check finds " +
            bases + " apart (else it waits: " + checkedWhy[j] + ")";
  }
  first->setAttr("weft.graph_remark", b.getStringAttr(text));
}

void TaskGraph::runOnOperation() {
  module = getOperation();
  AnalysisOptions options;
  options.mathErrnoImpure = true; // tasks reorder calls: errno must not
  CallSummaries calls(module, options);
  summaries = &calls;
  WorkModel model(module);
  model.callSites = true;
  work = &model;
  graphs = 0;

  module.walk<WalkOrder::PreOrder>([&](Block *block) {
    Operation *parent = block->getParentOp();
    // Blocks of functions, not of a loop that runs in parallel.
    if (!parent || isa<TaskOp>(parent) || parent->getParentOfType<TaskOp>() ||
        (!isa<func::FuncOp>(parent) &&
         !parent->getParentOfType<func::FuncOp>()) ||
        inIncludedFunction(parent))
      return;
    std::deque<Statement> stmts;
    std::vector<Statement *> run;
    Statement *cur = nullptr;
    auto endRun = [&] {
      plan(run);
      run.clear();
    };
    for (Operation &op : *block) {
      if (auto id = marked(&op)->getAttrOfType<IntegerAttr>("weft.stmt")) {
        if (cur) // the last one never closed: not a statement weft knows
          endRun();
        stmts.emplace_back();
        cur = &stmts.back();
        cur->id = id.getInt();
      }
      if (!cur) { // a declaration, a jump, a statement that is no task
        endRun();
        continue;
      }
      cur->ops.push_back(&op);
      auto end = marked(&op)->getAttrOfType<IntegerAttr>("weft.stmt_end");
      if (!end || end.getInt() != cur->id)
        continue;
      examine(*cur);
      if (cur->notTask.empty())
        run.push_back(cur);
      else
        endRun();
      cur = nullptr;
    }
    endRun();
  });
}
