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
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/Nests.h"
#include "weft/Analysis/Scalars.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

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

struct Interchange : public weft::impl::InterchangeBase<Interchange> {
  using InterchangeBase::InterchangeBase;
  void runOnOperation() final;

  /// Decides the pair (outer, inner) inside the parallel loop `par`: "" when
  /// it is interchanged, else why not. `gain` says what the interchange
  /// would bring, for the remark; empty when it would bring nothing (then
  /// the pair is not worth a remark).
  std::string decide(Operation *par, Operation *outer, Operation *inner,
                     std::string &gain);

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

  // The three parts of the outer body: 0 before the inner loop, 1 the
  // inner loop and the store of its counter's exit value, 2 after.
  Block &ob = outer->getRegion(0).front();
  auto partOf = [&](Operation *op) {
    while (op->getBlock() != &ob)
      op = op->getParentOp();
    if (op == inner)
      return 1;
    if (auto e = op->getAttrOfType<IntegerAttr>("weft.counter_exit"))
      if (e.getInt() == loopIdOf(inner))
        return 1;
    return op->isBeforeInBlock(inner) ? 0 : 2;
  };

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
  for (Operation &op : ob) {
    int part = partOf(&op);
    if (part == 1 && &op != inner)
      continue;
    std::string crossing;
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
          if (outer->isProperAncestor(user) && partOf(user) != part)
            crossing = name;
    });
    if (!crossing.empty())
      return crossing + ", declared in the " + j +
             " loop, is used both inside and outside the " + k + " loop";
  }

  // Scalars: each private to the outer loop, used in one part only, and
  // private to the inner loop if it is the inner loop's.
  SmallVector<ScalarRole> innerRoles =
      classifyScalars(inner, innerBody.accesses, module);
  for (const ScalarRole &r : classifyScalars(outer, body.accesses, module)) {
    if (r.kind != ScalarRole::Private)
      return r.cell.name + " is not private to each iteration of " + j;
    int part = -1;
    for (const Access &a : body.accesses)
      if (touchesCell(a, r.cell, module)) {
        int pa = partOf(a.op);
        if (part >= 0 && pa != part)
          return r.cell.name + " is used both inside and outside the " + k +
                 " loop";
        part = pa;
      }
    for (const ScalarRole &ir : innerRoles)
      if (ir.cell.base == r.cell.base && ir.kind != ScalarRole::Private)
        return r.cell.name + " carries a value from one iteration of " + k +
               " to the next";
  }

  // Memory: no iteration of j touches what another one writes. Two bases
  // that may overlap, both reached the same way in every iteration of the
  // parallel loop, are apart: its run-time checks set them apart before
  // the outlined body runs.
  return firstConflict(body.accesses, outer, oi.iv, j, module,
                       [&](const BaseInfo &a, const BaseInfo &b) {
                         return a.base && b.base &&
                                !isDefinedInside(a.base, par) &&
                                !isDefinedInside(b.base, par);
                       });
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
      if (why.empty()) {
        outer->setAttr("weft.interchange",
                       b.getI64IntegerAttr(loopIdOf(inner)));
        outer->setAttr("weft.interchange_gain", b.getStringAttr(gain));
      } else if (!gain.empty()) {
        outer->setAttr("weft.interchange_missed", b.getStringAttr(why));
        outer->setAttr("weft.interchange_gain", b.getStringAttr(gain));
      }
    });
  });
}
