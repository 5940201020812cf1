//===- FuseRegions.cpp - Consecutive parallel loops in one region
//-----------===//
//
// weft-fuse-regions: consecutive weft.tasks of one block share one parallel
// region when the code between them is cheap and moves before the region,
// and no scalar ties them (Passes.td has the rules; docs/outline.md the
// why). Each task after the first gets how it is ordered after the earlier
// ones: not at all, chunk by chunk after the previous task, or by a barrier
// (the dependence test across two loops: testAcross).
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/Dependence.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Nests.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

#define DEBUG_TYPE "weft-fuse-regions"

namespace weft {
#define GEN_PASS_DEF_FUSEREGIONS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {

/// A task of a region being formed, with what the rules need of it.
struct Member {
  mutable TaskOp task;
  LoopInfo info;
  LoopBody body;
  /// The C variables it writes as scalars (reductions, last values, a
  /// counter declared outside it): they change when the region ends.
  llvm::DenseSet<int64_t> writes;
  std::string after; ///< none, chunkwise or barrier (not for the first)
};

struct FuseRegions : public weft::impl::FuseRegionsBase<FuseRegions> {
  using FuseRegionsBase::FuseRegionsBase;
  void runOnOperation() final;

  /// Closes the region in `members` (two tasks or more get their marks).
  void close(std::vector<Member> &members);
  /// Can `task` join the region after the glue ops `glue`? Fills how it is
  /// ordered after the members, or else `why` not (for its remark).
  bool joins(ArrayRef<Member> members, ArrayRef<Operation *> glue, Member &next,
             std::string &why);
  /// The C name of a variable, by decl id ("a variable" if unknown).
  std::string nameOf(int64_t decl) const {
    auto it = names.find(decl);
    return it == names.end() ? "a variable" : it->second;
  }

  ModuleOp module;
  CallSummaries *summaries = nullptr; ///< for the run
  AnalysisOptions options;
  /// The decl ids of C variables (parameters, locals, globals): any other
  /// atom of a check or a cost is a read of memory.
  llvm::DenseSet<int64_t> variables;
  /// The cell (memref.alloca) of each local variable, by decl id.
  DenseMap<int64_t, Value> cells;
  /// The C names of variables, by decl id.
  DenseMap<int64_t, std::string> names;
};
} // namespace

/// The decl of the local scalar variable a memref is, or -1.
static int64_t cellDecl(Value memref) {
  MemPath p = memPathOf(memref);
  return p.views.empty() && p.root.isCell ? p.root.decl : -1;
}

/// Is op the importer's store of the exit value of a member's counter
/// (weft.counter_exit), which C makes after the loop and the rewriter
/// writes after the whole region?
static bool isCounterExit(Operation *op, ArrayRef<Member> members) {
  auto of = op->getAttrOfType<IntegerAttr>("weft.counter_exit");
  return of && llvm::any_of(members, [&](const Member &m) {
           return (int64_t)m.task.getLoopId() == of.getInt();
         });
}

/// The C variables a task writes as scalars.
static llvm::DenseSet<int64_t>
scalarWrites(TaskOp task, const DenseMap<int64_t, Value> &cells) {
  llvm::DenseSet<int64_t> out;
  if (std::optional<Verdict> v = readVerdict(task.getLoop())) {
    for (const Reduction &r : v->reductions)
      out.insert(r.var.decl);
    for (const VarRef &r : v->lastprivates)
      out.insert(r.decl);
    for (const VarRef &r : v->condLastprivates)
      out.insert(r.decl);
  }
  // A counter declared before the loop is C's variable, set after it.
  if (auto c = task.getLoop()->getAttrOfType<IntegerAttr>("weft.counter"))
    if (cells.count(c.getInt()))
      out.insert(c.getInt());
  return out;
}

/// The loads that the values `roots` are computed from, in their block or
/// above (a loop's bounds and start).
static void loadsBehind(ValueRange roots, SmallVectorImpl<Operation *> &out) {
  SmallVector<Value> todo(roots.begin(), roots.end());
  llvm::DenseSet<Operation *> seen;
  while (!todo.empty()) {
    Operation *def = todo.pop_back_val().getDefiningOp();
    if (!def || !seen.insert(def).second)
      continue;
    if (isa<affine::AffineLoadOp, memref::LoadOp>(def))
      out.push_back(def);
    for (Value o : def->getOperands())
      todo.push_back(o);
  }
}

/// May an access of the glue and one of a task be the same memory, with
/// one of them a write?
static bool conflicts(const Access &g, const Access &t, Operation *loop,
                      ModuleOp module) {
  if (!g.isWrite && !t.isWrite)
    return false;
  MemPath pg = pathOf(g, module), pt = pathOf(t, module);
  return overlapOf(pg.root, pt.root, loop) != Overlap::Never;
}

bool FuseRegions::joins(ArrayRef<Member> members, ArrayRef<Operation *> glue,
                        Member &next, std::string &why) {
  auto no = [&](std::string reason) {
    why = std::move(reason);
    return false;
  };
  const std::string between = "the code between them ";
  auto setAtEnd = [&](int64_t decl) {
    return nameOf(decl) + ", which a loop before it sets when its region ends";
  };
  // A loop with an array reduction, or a private array that each member
  // has a copy of, runs in a region of its own, whose members take (fill,
  // combine) their copies around it.
  // So does a loop with error paths, whose chunks run in order.
  auto copies = [](TaskOp t) -> std::string {
    std::optional<CaptureKind> k = t.getCopiedCapture();
    return t.hasErrorPaths()                   ? "an error path"
           : !k                                ? ""
           : *k == CaptureKind::ArrayReduction ? "an array reduction"
                                               : "a private array copied per "
                                                 "thread";
  };
  if (std::string c = copies(next.task); !c.empty())
    return no("it has " + c + ", which runs in a parallel region of its own");
  for (const Member &m : members)
    if (std::string c = copies(m.task); !c.empty())
      return no("the loop before it has " + c +
                ", which runs in a parallel region of its own");
  llvm::DenseSet<int64_t> written;
  for (const Member &m : members)
    written.insert(m.writes.begin(), m.writes.end());

  // The glue: cheap, and independent of every task of the region, since it
  // runs before the region.
  if ((int64_t)glue.size() > kMaxFusedGlue)
    return no(between + "is longer than " + std::to_string(kMaxFusedGlue) +
              " operations");
  std::vector<Access> glueAccesses;
  for (Operation *op : glue) {
    if (isCounterExit(op, members))
      continue; // written after the region, where C has it
    if (isa<affine::AffineLoadOp, memref::LoadOp, affine::AffineStoreOp,
            memref::StoreOp>(op)) {
      Access a = accessOf(op);
      if (written.contains(cellDecl(a.memref)))
        return no(between + "uses " + setAtEnd(cellDecl(a.memref)));
      glueAccesses.push_back(a);
      continue;
    }
    if (auto e = dyn_cast<EffectsOp>(op)) {
      if (e.getKind() != "init")
        return no(between + "has effects weft cannot move before the "
                            "region");
      for (Value w : e.getWrites()) {
        Access a;
        a.op = op;
        a.isWrite = true;
        a.memref = w;
        glueAccesses.push_back(a);
      }
      continue;
    }
    if (auto call = dyn_cast<CallOp>(op)) {
      if (!isExpandedCall(call) && !summaries->get(call.getCallee()).pure())
        return no(between + "calls " + call.getCallee().str() +
                  ", which is not pure");
      continue;
    }
    if (op->getNumRegions() ||
        isa<OpaqueLoopOp, SwitchOp, BreakOp, ContinueOp, ReturnOp, GotoOp,
            LabelOp, CaseOp, TaskOp>(op))
      return no(between + "has control flow (a branch, a loop or a jump)");
    if (isPure(op) || isa<memref::AllocaOp, BaseOp, FieldOp, FlatOp, AddrOp,
                          PtrAddOp, OpaqueValueOp, memref::GetGlobalOp>(op))
      continue;
    return no(between + "has an operation weft cannot move before the region");
  }
  for (const Member &m : members)
    for (const Access &g : glueAccesses)
      for (const Access &t : m.body.accesses)
        if (conflicts(g, t, m.task.getLoop(), module))
          return no(between + (g.isWrite ? "writes" : "reads") +
                    " memory that a loop before " +
                    (t.isWrite ? "writes" : "reads") +
                    ", and would have to run before the region");

  // The task: none of the scalars the region writes in its captures, its
  // bounds, checks or cost; and checks that name only variables.
  for (Attribute a : next.task.getCaptures()) {
    auto c = cast<CaptureAttr>(a);
    if (c.getKind() != CaptureKind::Counter && written.contains(c.getDecl()))
      return no("it uses " + setAtEnd(c.getDecl()));
  }
  SmallVector<Operation *> boundLoads;
  loadsBehind(next.task.getLoop()->getOperands(), boundLoads);
  Operation *first = members.front().task.getOperation();
  for (Operation *ld : boundLoads) {
    // A read made before the region's first loop (the value of a variable
    // computed earlier, `int rows = argc > 1 ? atoi(argv[1]) : N`) is
    // made before any of its loops, as C makes it.
    Operation *anc = first->getBlock()->findAncestorOpInBlock(*ld);
    if (!anc || anc->isBeforeInBlock(first))
      continue;
    if (written.contains(cellDecl(ld->getOperand(0))))
      return no("its bounds use " + setAtEnd(cellDecl(ld->getOperand(0))));
    Access a = accessOf(ld);
    for (const Member &m : members)
      for (const Access &t : m.body.accesses)
        if (conflicts(a, t, m.task.getLoop(), module))
          return no("its bounds read memory that a loop before it writes");
  }
  bool namesMemory = false;
  auto atoms = [&](ArrayAttr poly) {
    for (const Term &t : readCPoly(poly))
      for (int64_t d : t.vars)
        if (written.contains(d) || !variables.contains(d))
          namesMemory = true;
  };
  for (Attribute g : next.task.getGuards()) {
    auto d = cast<DictionaryAttr>(g);
    if (auto cond = d.getAs<ArrayAttr>("cond")) // (testDependence's)
      for (Attribute p : cond)
        atoms(cast<ArrayAttr>(p));
    for (const char *side : {"a", "b", "rows"})
      if (auto s = d.getAs<DictionaryAttr>(side)) {
        // A table's rows are read from its slots.
        if (s.get("slots_lo"))
          namesMemory = true;
        for (const char *key : {"lo", "hi", "nonneg"})
          if (auto list = s.getAs<ArrayAttr>(key))
            for (Attribute p : list)
              atoms(cast<ArrayAttr>(p));
      }
  }
  for (std::optional<ArrayAttr> cost :
       {next.task.getCost0(), next.task.getCost1()})
    if (cost)
      atoms(*cost);
  if (namesMemory)
    return no("its run-time checks or cost read memory, or a variable a "
              "loop before it sets");

  // How it is ordered after the earlier tasks. The previous task and the
  // chunkwise chain before it share the iterations; any dependence outside
  // that chain, or not within one iteration, needs a barrier.
  size_t chainStart = members.size() - 1;
  while (chainStart > 0 && members[chainStart].after == "chunkwise")
    --chainStart;
  bool dependent = false, chunkwise = true;
  // A call that reads through pointers it loads (a blocker weft-detect-
  // parallel-loops lifted): no access says what it reads, so a barrier.
  if (!next.body.blockers.empty() || llvm::any_of(members, [](const Member &m) {
        return !m.body.blockers.empty();
      }))
    dependent = true, chunkwise = false;
  for (size_t i = 0; i < members.size(); ++i) {
    const Member &m = members[i];
    for (const Access &a : m.body.accesses)
      for (const Access &b : next.body.accesses) {
        if (!a.isWrite && !b.isWrite)
          continue;
        MemPath pa = pathOf(a, module), pb = pathOf(b, module);
        Across across = Across::Other;
        switch (overlapOf(pa.root, pb.root, m.task.getLoop())) {
        case Overlap::Never:
          continue;
        case Overlap::Same:
          across = testAcross(a, m.info, b, next.info, module);
          break;
        case Overlap::Maybe:
        case Overlap::Unknown:
          break;
        }
        if (across == Across::Never)
          continue;
        dependent = true;
        if (across != Across::SameIteration || i < chainStart)
          chunkwise = false;
      }
  }
  // A sweep's chunks, and those of a parallel loop interchanged with the
  // loop inside it or tiled (weft-interchange), are bands of its iterations:
  // not the iterations of another loop's chunk of the same number.
  auto banded = [](TaskOp t) {
    return t->hasAttr("weft.sweep") ||
           t.getLoop()->hasAttr("weft.interchange") || tiledNest(t.getLoop());
  };
  for (size_t i = chainStart; i < members.size() && chunkwise; ++i)
    chunkwise = !banded(members[i].task) && !banded(next.task);
  next.after = !dependent ? "none" : chunkwise ? "chunkwise" : "barrier";
  return true;
}

void FuseRegions::close(std::vector<Member> &members) {
  if (members.size() >= 2) {
    Builder b(module.getContext());
    auto leader = b.getI64IntegerAttr(members.front().task.getLoopId());
    for (size_t i = 0; i < members.size(); ++i) {
      members[i].task.setRegionLeaderAttr(leader);
      if (i)
        members[i].task.setAfterAttr(b.getStringAttr(members[i].after));
    }
  }
  members.clear();
}

void FuseRegions::runOnOperation() {
  module = getOperation();
  if (!enabled)
    return;
  options.mathErrnoImpure = true; // glue moves: errno must not
  CallSummaries calls(module, options);
  summaries = &calls;
  module.walk([&](Operation *op) {
    auto add = [&](Attribute a, Attribute name) {
      auto d = dyn_cast_or_null<IntegerAttr>(a);
      if (!d)
        return;
      variables.insert(d.getInt());
      if (auto n = dyn_cast_or_null<StringAttr>(name))
        names[d.getInt()] = n.str();
    };
    add(op->getAttr("weft.decl"), op->getAttr("weft.name"));
    if (auto alloca = dyn_cast<memref::AllocaOp>(op))
      if (auto d = alloca->getAttrOfType<IntegerAttr>("weft.decl"))
        cells[d.getInt()] = alloca;
    if (auto fn = dyn_cast<func::FuncOp>(op))
      for (unsigned i = 0; i < fn.getNumArguments(); ++i)
        add(fn.getArgAttr(i, "weft.decl"), fn.getArgAttr(i, "weft.name"));
  });

  module.walk([&](Block *block) {
    std::vector<Member> members;
    SmallVector<Operation *> glue;
    for (Operation &op : *block) {
      auto task = dyn_cast<TaskOp>(op);
      if (!task) {
        if (!members.empty())
          glue.push_back(&op);
        continue;
      }
      Member next;
      next.task = task;
      next.info = loopInfoOf(task.getLoop());
      next.body = collectBody(task.getLoop(), *summaries);
      next.writes = scalarWrites(task, cells);
      std::string why;
      if (!members.empty() && !joins(members, glue, next, why)) {
        next.task.setUnfusedAttr(StringAttr::get(task.getContext(), why));
        close(members);
      }
      members.push_back(std::move(next));
      glue.clear();
    }
    close(members);
  });
}
