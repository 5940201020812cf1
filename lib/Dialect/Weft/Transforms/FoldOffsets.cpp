//===- FoldOffsets.cpp - `*(p + k)` as `p[k]` -----------------------------===//
//
// weft-fold-offsets: the importer views the memory behind a pointer it
// cannot resolve (one loaded from memory, returned by a call) as a
// weft.base of the pointer, after any arithmetic on it: `*(m->data + i *
// m->tda + j)`, `double *row = m->data + i * tda; row[j]`, and an
// accessor's `return v->data + i * v->stride;` once weft-expand-calls put
// its body in place of the call, each view memory at a pointer that
// weft.ptr_add advanced, whose element 0 is a different element in every
// iteration. This pass views the same memory from the pointer the
// arithmetic starts from, its subscripts advanced by the offsets: a base of
// `m->data`, as `m->data[i * m->tda + j]` is, which the dependence test
// compares element by element and a run-time check names.
//
// Only where the offsets count elements of the view's type (not through a
// cast to another size) and the view is only indexed (loads, stores,
// addresses, fields); anything else keeps the view as it is.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/CNames.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Accesses.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

#include <map>
#include <set>

namespace weft {
#define GEN_PASS_DEF_FOLDOFFSETS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {
struct FoldOffsets : public weft::impl::FoldOffsetsBase<FoldOffsets> {
  using FoldOffsetsBase::FoldOffsetsBase;
  void runOnOperation() final;
};
} // namespace

/// The memref a load, a store or an address with subscripts indexes.
static Value accessedMemref(Operation *op) {
  if (isLoad(op))
    return op->getOperand(0);
  if (isStore(op))
    return op->getOperand(1);
  if (auto a = dyn_cast<AddrOp>(op); a && !a.getIndices().empty())
    return a.getBase();
  return Value();
}

/// The ops that index `view` (through field views), in `accesses`; false
/// when something else uses it (a call's argument, a store of the view's
/// value, an op weft does not know).
static bool onlyIndexed(Value view, SmallVectorImpl<Operation *> &accesses) {
  for (OpOperand &use : view.getUses()) {
    Operation *u = use.getOwner();
    if (auto f = dyn_cast<FieldOp>(u)) {
      if (!onlyIndexed(f.getResult(), accesses))
        return false;
      continue;
    }
    if (accessedMemref(u) != view)
      return false;
    accesses.push_back(u);
  }
  return true;
}

/// The first variable the importer saw holding pointer p (weft.pointers),
/// or "".
static StringRef holderOf(Value p) {
  Operation *def = p.getDefiningOp();
  auto vars = def ? def->getAttrOfType<ArrayAttr>("weft.pointers") : nullptr;
  if (!vars || vars.empty())
    return "";
  return cast<DictionaryAttr>(vars[0]).getAs<StringAttr>("name").getValue();
}

/// The C text of pointer p, for the new view's name: the variable that
/// holds it, else its parameter's name or its expression as the importer
/// spelled it.
static std::string textOf(Value p) {
  if (StringRef held = holderOf(p); !held.empty())
    return held.str();
  if (auto arg = dyn_cast<BlockArgument>(p)) {
    std::optional<VarRef> var = variableOf(arg);
    return var ? var->name : "";
  }
  if (auto n = dyn_cast<NameLoc>(p.getDefiningOp()->getLoc()))
    return n.getName().str();
  return "";
}

namespace {
/// A view of an advanced pointer that may be folded.
struct Candidate {
  BaseOp base;
  /// The pointer the arithmetic starts from, and the offsets, the last
  /// one first.
  Value start;
  SmallVector<Value> offsets;
  /// The advanced pointer nearest the view that a variable holds (`row`
  /// in `row[j]` after `double *row = m->data + i * tda;`), if any.
  Value held;
  /// When the arithmetic starts from an element of a one-dimensional array
  /// of the view's type (`p = out + y * w`, then `p++` in a loop), its
  /// address: the view is that array, from that element.
  AddrOp element;
};
} // namespace

/// The candidate `base` is, if it is one.
static std::optional<Candidate> candidateOf(BaseOp base) {
  if (!base.getPtr() || base.getAlias() != AliasKind::pointer)
    return std::nullopt;
  auto type = cast<MemRefType>(base.getType());
  std::optional<int64_t> bytes =
      elementBytes(type.getElementType(), base->getParentOfType<ModuleOp>());
  if (type.getRank() != 1 || !bytes)
    return std::nullopt;
  Candidate c{base, base.getPtr(), {}, Value(), AddrOp()};
  while (auto add = c.start.getDefiningOp<PtrAddOp>()) {
    if ((int64_t)add.getElemSize() != *bytes ||
        !add.getOffset().getType().isIndex())
      return std::nullopt;
    if (!c.held && !holderOf(c.start).empty())
      c.held = c.start;
    c.offsets.push_back(add.getOffset());
    c.start = add.getPtr();
  }
  if (c.offsets.empty())
    return std::nullopt;
  if (auto a = c.start.getDefiningOp<AddrOp>()) {
    auto at = cast<MemRefType>(a.getBase().getType());
    if (at.getRank() == 1 && a.getIndices().size() == 1 &&
        at.getElementType() == type.getElementType())
      c.element = a;
  }
  return c;
}

/// Does `loop` write no memory but local scalar variables whose address
/// is not taken (and call nothing)?
static bool writesOnlyScalars(Operation *loop) {
  WalkResult r = loop->walk([&](Operation *op) {
    if (isStore(op)) {
      MemPath p = memPathOf(op->getOperand(1));
      bool local = p.views.empty() && p.root.isCell && !p.root.escapes &&
                   op->getOperand(1).getDefiningOp<memref::AllocaOp>();
      return local ? WalkResult::advance() : WalkResult::interrupt();
    }
    if (isa<CallOp, EffectsOp>(op))
      return WalkResult::interrupt();
    auto fx = dyn_cast<MemoryEffectOpInterface>(op);
    if (!fx || isLoad(op))
      return WalkResult::advance();
    return fx.hasEffect<MemoryEffects::Write>() ||
                   fx.hasEffect<MemoryEffects::Free>()
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return !r.wasInterrupted();
}

/// Does folding a view that a variable holds gain a loop, and lose none?
/// It gains the loops around the variable's definition, where the offset
/// may change (`row = m->data + i * tda` in the loop over i); none, if no
/// loop is around it. The loops inside the variable's scope that hold the
/// accesses named that variable in their checks (`row`, `m` after `m =
/// f->mapping + i;`); folded, they must name the start where they start: a
/// parameter, a pointer a variable holds, or a read right before the loop
/// (readRightBefore).
/// (A loop whose body writes no memory but its own local scalars, `for (k
/// = -r; k <= r; k++) { xx = x + k; ...; acc += row[xx]; }`, tests no
/// overlap at run time: it names nothing, and loses nothing.)
static bool foldGains(const Candidate &c) {
  Operation *holder = c.held.getDefiningOp();
  Operation *around = holder->getParentOp();
  while (around && !isLoop(around))
    around = around->getParentOp();
  if (!around)
    return false;
  if (isa<BlockArgument>(c.start) || !holderOf(c.start).empty())
    return true;
  for (Operation *user : c.base->getUsers())
    for (Operation *l = user->getParentOp(); l && !l->isAncestor(holder);
         l = l->getParentOp())
      if (isLoop(l) && !readRightBefore(c.start.getDefiningOp(), l) &&
          !writesOnlyScalars(l))
        return false;
  return true;
}

/// The views of fields that `view` has, made anew of `to` (the same
/// shape but the leading dimension's); `moved` maps each old to its new.
static void moveFields(Value view, Value to, OpBuilder &b,
                       DenseMap<Value, Value> &moved) {
  moved[view] = to;
  auto toType = cast<MemRefType>(to.getType());
  for (Operation *u : view.getUsers()) {
    auto f = dyn_cast<FieldOp>(u);
    if (!f)
      continue;
    auto ft = cast<MemRefType>(f.getType());
    SmallVector<int64_t> shape(toType.getShape());
    llvm::append_range(shape, ft.getShape().drop_front());
    b.setInsertionPoint(f);
    auto nf = b.create<FieldOp>(
        f.getLoc(), MemRefType::get(shape, ft.getElementType()), to,
        f.getFieldAttr(), f.getOffsetAttr(), f.getSizeAttr());
    moveFields(f.getResult(), nf.getResult(), b, moved);
  }
}

/// Erases a view and the views of fields it has, which nothing uses now.
static void eraseViews(Operation *view) {
  for (Operation *u : llvm::make_early_inc_range(view->getUsers()))
    eraseViews(u);
  view->erase();
}

/// Views a candidate's memory from the pointer its arithmetic starts
/// from, or as the array it starts in; true if it did.
static bool fold(const Candidate &c) {
  BaseOp base = c.base;
  AddrOp element = c.element;
  auto type = cast<MemRefType>(base.getType());
  std::string name = c.element ? "" : textOf(c.start);
  SmallVector<Operation *> accesses;
  if ((!c.element && name.empty()) || !onlyIndexed(base.getResult(), accesses))
    return false;
  ArrayRef<Value> offsets = c.offsets;
  Value start = c.start;

  OpBuilder b(base);
  Location loc = base.getLoc();
  Value top = base.getPtr();
  if (!element) {
    auto folded = b.create<BaseOp>(loc, type, start, b.getStringAttr(name),
                                   base.getAliasAttr());
    for (NamedAttribute a : base->getDiscardableAttrs())
      folded->setAttr(a.getName(), a.getValue());
    base.getResult().replaceAllUsesWith(folded.getResult());
  }
  // The offsets in the order C adds them, right before the view; an
  // array's element's index first.
  Value offset = offsets.back();
  for (Value o : llvm::reverse(ArrayRef(offsets).drop_back()))
    offset = b.create<arith::AddIOp>(loc, offset, o);
  // The memref each access goes to instead of the view's (or its field's).
  DenseMap<Value, Value> moved;
  if (element) {
    offset = b.create<arith::AddIOp>(loc, element.getIndices()[0], offset);
    OpBuilder fb(base);
    moveFields(base.getResult(), element.getBase(), fb, moved);
  }
  auto memrefOf = [&](Operation *op) {
    Value m = accessedMemref(op);
    return moved.empty() ? m : moved.lookup(m);
  };

  auto shifted = [&](Value first) -> Value {
    if (auto c = getConstantIntValue(first); c && *c == 0)
      return offset;
    return b.create<arith::AddIOp>(loc, offset, first);
  };
  for (Operation *op : accesses) {
    b.setInsertionPoint(op);
    if (auto addr = dyn_cast<AddrOp>(op)) {
      addr->setOperand(0, memrefOf(addr));
      addr.getIndicesMutable()[0].set(shifted(addr.getIndices()[0]));
      continue;
    }
    IRMapping map;
    SmallVector<Value> idx = accessIndices(b, op, map, op->getLoc());
    Value first = idx[0];
    idx[0] = shifted(first);
    memrefAccess(b, op, memrefOf(op), idx, map);
    if (op->getNumResults())
      op->getResult(0).replaceAllUsesWith(map.lookup(op->getResult(0)));
    op->erase();
    // An affine map's constant subscript that the sum replaced.
    if (first.use_empty() && first.getDefiningOp<arith::ConstantOp>())
      first.getDefiningOp()->erase();
  }
  // (The old view goes last: the builder's first place was before it.)
  eraseViews(base);
  // The arithmetic, when nothing else uses it.
  while (auto add = top.getDefiningOp<PtrAddOp>()) {
    if (!add.getResult().use_empty())
      break;
    top = add.getPtr();
    add.erase();
  }
  return true;
}

void FoldOffsets::runOnOperation() {
  SmallVector<Candidate> candidates;
  getOperation().walk([&](BaseOp b) {
    if (std::optional<Candidate> c = candidateOf(b))
      candidates.push_back(std::move(*c));
  });
  // Two pointers that variables hold into the same memory (`p1 = out + j
  // * w`, `p2 = out + (h - 1 - j) * w`): apart, they are two views that a
  // run-time check may test apart where an inner loop starts; folded, one
  // view at subscripts the dependence test cannot tell apart. Such views
  // stay as they are, unless no access through any of them writes: reads
  // of one memory never conflict, so the rows a stencil reads (`up = in +
  // (y - 1) * w`, `dn = in + (y + 1) * w`) fold and the loop over the rows
  // sees them as subscripts of `in`. The same memory: the same pointer, or
  // a read of the same C text in the function (each initializer reads
  // m->data anew).
  using Key = std::pair<const void *, std::string>;
  auto keyOf = [](const Candidate &c) -> Key {
    if (isLoad(c.start.getDefiningOp()))
      if (auto n = dyn_cast<NameLoc>(c.start.getDefiningOp()->getLoc()))
        return {c.base->getParentOfType<func::FuncOp>().getAsOpaquePointer(),
                n.getName().str()};
    return {c.start.getAsOpaquePointer(), ""};
  };
  std::map<Key, llvm::SmallPtrSet<void *, 2>> heldOf;
  std::set<Key> written;
  for (const Candidate &c : candidates) {
    if (!c.held)
      continue;
    heldOf[keyOf(c)].insert(c.held.getAsOpaquePointer());
    // A store, or an address (which something may write through).
    SmallVector<Operation *> accesses;
    if (!onlyIndexed(BaseOp(c.base).getResult(), accesses) ||
        !llvm::all_of(accesses, isLoad))
      written.insert(keyOf(c));
  }
  for (const Candidate &c : candidates)
    if (c.element || !c.held ||
        ((heldOf[keyOf(c)].size() == 1 || !written.count(keyOf(c))) &&
         foldGains(c)))
      fold(c);
}
