//===- Nests.cpp - What reordering a loop nest must keep ------------------===//
//
// docs/analysis.md, "Loop interchange"; docs/outline.md, "Sweeps".
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Nests.h"
#include "weft/Analysis/Dependence.h"
#include "weft/Analysis/Scalars.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace weft;

bool weft::isCountedFor(Operation *op) {
  auto kind = op->getAttrOfType<StringAttr>("weft.kind");
  // (Not one that steps by a variable: its iterations are not each value
  // of its domain, which interchange, tiles and sweeps assume.)
  return isa<affine::AffineForOp, scf::ForOp>(op) && kind &&
         kind.getValue() == "for" && !op->hasAttr("weft.c_step_by");
}

int64_t weft::loopIdOf(Operation *loop) {
  auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
  return id ? id.getInt() : -1;
}

Operation *weft::onlyLoopInside(Operation *outer) {
  Operation *only = nullptr;
  int loops = 0;
  outer->walk([&](Operation *l) {
    if (l != outer && isLoop(l)) {
      only = l;
      ++loops;
    }
  });
  return loops == 1 ? only : nullptr;
}

Operation *weft::tiledNest(Operation *par) {
  for (Operation &op : par->getRegion(0).front())
    if (op.hasAttr("weft.tile"))
      return &op;
  return nullptr;
}

std::string weft::ivNameOf(Operation *loop) {
  auto n = loop->getAttrOfType<StringAttr>("weft.iv_name");
  return n ? n.str() : "?";
}

std::string weft::headerRerunBlocker(Operation *loop, StringRef c) {
  if (loop->hasAttr("weft.uneditable"))
    return "the " + c.str() + " loop is not written in the file as such";
  if (!loop->hasAttr("weft.c_init"))
    return "the " + c.str() + " loop does not set " + c.str() +
           " in its header";
  if (loop->hasAttr("weft.bound_reads_memory"))
    return "the " + c.str() + " loop reads its bound from memory";
  return "";
}

bool weft::boundsInvariantIn(Operation *inner, Operation *around) {
  LoopInfo info = loopInfoOf(inner);
  if (!info.counted())
    return false;
  DenseSet<Value> written = cellsWrittenIn(around);
  for (const Poly &p : llvm::concat<const Poly>(info.lbs, info.ubs))
    for (Value v : p.atoms()) {
      if (!isDefinedInside(v, around))
        continue;
      Operation *def = v.getDefiningOp();
      if (!def || !isLoad(def))
        return false;
      MemPath mp = memPathOf(accessOf(def).memref);
      if (!mp.views.empty() || !mp.root.isCell || mp.root.escapes ||
          !mp.root.base || isDefinedInside(mp.root.base, around) ||
          written.contains(mp.root.base))
        return false;
    }
  return true;
}

bool weft::counterLiveAfter(Operation *loop, ModuleOp module) {
  for (Operation *op = loop->getNextNode(); op; op = op->getNextNode())
    if (auto e = op->getAttrOfType<IntegerAttr>("weft.counter_exit");
        e && e.getInt() == loopIdOf(loop))
      // Live past the store of its exit value: read before written again.
      return isLiveAfter(pathOf(accessOf(op), module).root, op);
  return false; // declared in the header: gone after the loop
}

std::string weft::firstConflict(
    ArrayRef<Access> accesses, Operation *outer, Value iv, StringRef ivName,
    ModuleOp module,
    function_ref<bool(const BaseInfo &, const BaseInfo &)> maybeApart) {
  SmallVector<const Access *> mem;
  SmallVector<MemPath> paths;
  for (const Access &a : accesses) {
    MemPath p = pathOf(a, module);
    if (p.views.empty() && p.root.isCell && !p.root.escapes)
      continue; // scalars: the callers classify them
    mem.push_back(&a);
    paths.push_back(std::move(p));
  }
  // The test runs on `outer`'s system (the loops from it down free in each
  // instance) with `iv` as the loop whose iterations must differ.
  LoopInfo l;
  l.op = outer;
  l.iv = iv;
  // An access by its C text, else (a module printed without its
  // locations) by its memory's name.
  auto named = [&](const Access *a) {
    if (!a->text.empty())
      return a->text;
    for (size_t k = 0; k < mem.size(); ++k)
      if (mem[k] == a && !paths[k].root.name.empty())
        return paths[k].root.name;
      else if (mem[k] == a && paths[k].root.symbol)
        return paths[k].root.symbol.str();
    return std::string("memory");
  };
  for (size_t x = 0; x < mem.size(); ++x)
    for (size_t y = x; y < mem.size(); ++y) {
      if (!mem[x]->isWrite && !mem[y]->isWrite)
        continue;
      const BaseInfo &bx = paths[x].root, &by = paths[y].root;
      if (bx.row || by.row)
        return "it accesses rows of a table of rows";
      switch (overlapOf(bx, by, outer)) {
      case Overlap::Never:
        continue;
      case Overlap::Maybe:
        if (maybeApart(bx, by))
          continue;
        [[fallthrough]];
      case Overlap::Unknown:
        return named(mem[x]) + " and " + named(mem[y]) +
               " may be the same memory";
      case Overlap::Same: {
        Dependence d = testDependence(*mem[x], *mem[y], l, module);
        if (d.kind != Dependence::None)
          return named(d.first) + " and " + named(d.second) +
                 " touch the same element in two iterations of " + ivName.str();
        continue;
      }
      }
    }
  return "";
}
