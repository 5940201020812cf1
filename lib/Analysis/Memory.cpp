//===- Memory.cpp - Memory bases, views and alias classes --------------------===//
//
// See Memory.h and docs/ir.md ("Alias classes").
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Memory.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace weft;

bool weft::isDefinedInside(Value v, Operation *op) {
  if (!v)
    return false; // a global a callee touches: defined nowhere here
  Region *r = v.getParentRegion();
  return r && (op->isProperAncestor(r->getParentOp()) ||
                r->getParentOp() == op);
}

/// Reads weft.alias, weft.escapes, weft.decl and weft.name from a dictionary
/// of attributes (an op's, or a function argument's).
static void readAttrs(BaseInfo &info, DictionaryAttr attrs) {
  if (!attrs)
    return;
  if (auto a = attrs.getAs<AliasKindAttr>("weft.alias"))
    info.kind = a.getValue();
  info.escapes = (bool)attrs.get("weft.escapes");
  if (auto d = attrs.getAs<IntegerAttr>("weft.decl"))
    info.decl = d.getInt();
  if (auto n = attrs.getAs<StringAttr>("weft.name"))
    info.name = n.str();
}

static BaseInfo baseInfoOf(Value base) {
  BaseInfo info;
  info.base = base;
  if (auto mt = dyn_cast<MemRefType>(base.getType()))
    info.isCell = mt.getRank() == 0;
  if (auto arg = dyn_cast<BlockArgument>(base)) {
    if (auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp())) {
      info.kind = AliasKind::pointer;
      readAttrs(info, fn.getArgAttrDict(arg.getArgNumber()));
    }
    return info;
  }
  Operation *def = base.getDefiningOp();
  if (auto b = dyn_cast<BaseOp>(def)) {
    info.kind = b.getAlias();
    info.ptr = b.getPtr();
    info.name = b.getName().str();
    readAttrs(info, def->getAttrDictionary());
    // An object behind a pointer we know nothing of may be reached again.
    info.escapes = info.escapes || info.kind != AliasKind::object ||
                   (bool)b.getPtr();
    return info;
  }
  if (auto get = dyn_cast<memref::GetGlobalOp>(def)) {
    BaseInfo g = globalInfo(def, get.getNameAttr().getAttr());
    g.base = base;
    g.isCell = info.isCell;
    return g;
  }
  if (isa<memref::AllocaOp, memref::AllocOp>(def)) {
    info.kind = AliasKind::object;
    readAttrs(info, def->getAttrDictionary());
    return info;
  }
  // Anything else (a memref from an op weft does not know): may be anything.
  info.kind = AliasKind::pointer;
  info.escapes = true;
  return info;
}

BaseInfo weft::globalInfo(Operation *from, StringAttr symbol) {
  BaseInfo info;
  info.kind = AliasKind::object;
  info.symbol = symbol;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      from, FlatSymbolRefAttr::get(symbol));
  if (global) {
    readAttrs(info, global->getAttrDictionary());
    info.isCell = global.getType().getRank() == 0;
  } else {
    info.escapes = true;
  }
  if (info.name.empty())
    info.name = symbol.str();
  return info;
}

MemPath weft::memPathOf(Value memref) {
  MemPath path;
  Value v = memref;
  for (;;) {
    Operation *def = v.getDefiningOp();
    if (auto f = dyn_cast_or_null<FieldOp>(def)) {
      path.views.push_back(
          {ViewStep::Field, (int64_t)f.getOffset(), (int64_t)f.getSize(),
           f.getBase()});
      v = f.getBase();
      continue;
    }
    if (auto f = dyn_cast_or_null<FlatOp>(def)) {
      path.views.push_back({ViewStep::Flat, 0, 0, f.getBase()});
      v = f.getBase();
      continue;
    }
    break;
  }
  path.root = baseInfoOf(v);
  return path;
}

/// Calls `f` on each scalar cell that `op` itself (not the ops nested in
/// it) may write: stored to, written by a weft.effects, or whose address
/// it gets.
static void forEachCellWritten(Operation *op, function_ref<void(Value)> f) {
  auto cellOf = [](Value m) -> Value {
    MemPath p = memPathOf(m);
    return p.root.isCell && p.views.empty() ? p.root.base : Value();
  };
  if (isa<affine::AffineStoreOp, memref::StoreOp>(op)) {
    if (Value c = cellOf(op->getOperand(1)))
      f(c);
  } else if (auto e = dyn_cast<EffectsOp>(op)) {
    for (Value w : e.getWrites())
      if (Value c = cellOf(w))
        f(c);
  } else if (!isa<affine::AffineLoadOp, memref::LoadOp, FieldOp, FlatOp>(op)) {
    // A cell whose address an op gets (a call, weft.addr) may be written.
    for (Value o : op->getOperands())
      if (isa<MemRefType>(o.getType()))
        if (Value c = cellOf(o))
          f(c);
  }
}

DenseSet<Value> weft::cellsWrittenIn(Operation *loop) {
  DenseSet<Value> out;
  loop->walk([&](Operation *op) {
    forEachCellWritten(op, [&](Value c) { out.insert(c); });
  });
  return out;
}

bool weft::mayWriteCell(Operation *op, Value cell) {
  bool writes = false;
  op->walk([&](Operation *in) {
    forEachCellWritten(in, [&](Value c) { writes |= c == cell; });
    return writes ? WalkResult::interrupt() : WalkResult::advance();
  });
  return writes;
}

Value weft::invariantCellOf(Value v, Operation *loop,
                            const DenseSet<Value> &written) {
  Operation *ld = v.getDefiningOp();
  if (!ld || !isa<affine::AffineLoadOp, memref::LoadOp>(ld) ||
      !loop->isAncestor(ld))
    return Value();
  MemPath p = memPathOf(ld->getOperand(0));
  if (!p.views.empty() || !p.root.isCell || p.root.escapes || !p.root.base ||
      !p.root.base.getDefiningOp<memref::AllocaOp>() ||
      isDefinedInside(p.root.base, loop) || written.contains(p.root.base))
    return Value();
  return p.root.base;
}

Invariants::Invariants(Operation *loop) : written(cellsWrittenIn(loop)) {}

Value Invariants::identity(Value v, Operation *loop) const {
  if (Value cell = invariantCellOf(v, loop, written))
    return cell;
  return loads.lookup(v);
}

Value weft::pointerIdentity(const BaseInfo &b, Operation *loop,
                            const Invariants *inv) {
  if (!b.ptr || !loop)
    return Value();
  if (!isDefinedInside(b.ptr, loop))
    return b.ptr;
  if (!inv)
    return Value();
  return inv->identity(b.ptr, loop);
}

func::FuncOp weft::definedCallee(CallOp call) {
  auto fn = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return fn && !fn.isExternal() ? fn : func::FuncOp();
}

bool weft::isNewEachIteration(Value base, Operation *loop) {
  return base && isDefinedInside(base, loop) &&
         isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(
             base.getDefiningOp());
}

/// The call of a C library allocator whose result the base views
/// directly (`p = malloc(n)` viewed as p[i]), or null. A callee defined in
/// the file is the program's own function, whatever its name.
static Operation *allocationCall(const BaseInfo &b) {
  auto call = b.ptr ? b.ptr.getDefiningOp<CallOp>() : CallOp();
  if (!call || definedCallee(call))
    return nullptr;
  StringRef name = call.getCallee();
  if (name != "malloc" && name != "calloc" && name != "aligned_alloc")
    return nullptr;
  return call;
}

/// Are a and b two parameters of one function that weft.args_apart (see
/// markArgumentsApart) lists as a pair?
static bool argumentsApart(Value a, Value b) {
  auto x = dyn_cast_or_null<BlockArgument>(a),
       y = dyn_cast_or_null<BlockArgument>(b);
  if (!x || !y || x.getOwner() != y.getOwner() || x == y)
    return false;
  auto fn = dyn_cast<func::FuncOp>(x.getOwner()->getParentOp());
  auto pairs =
      fn ? fn->getAttrOfType<ArrayAttr>("weft.args_apart") : ArrayAttr();
  if (!pairs)
    return false;
  int64_t i = std::min(x.getArgNumber(), y.getArgNumber()),
          j = std::max(x.getArgNumber(), y.getArgNumber());
  return llvm::any_of(pairs, [&](Attribute p) {
    auto ij = dyn_cast<DenseI64ArrayAttr>(p);
    return ij && ij.size() == 2 && ij[0] == i && ij[1] == j;
  });
}

/// What memory a call's argument points into: the root of a memref's
/// views (passed as `weft.addr %m[...]`, or as is), or an unresolved
/// pointer value itself.
static BaseInfo argumentBase(Value v) {
  if (auto addr = v.getDefiningOp<AddrOp>())
    v = addr.getBase();
  if (isa<MemRefType>(v.getType()))
    return memPathOf(v).root;
  BaseInfo info;
  info.kind = AliasKind::pointer;
  info.ptr = v;
  info.escapes = true;
  if (auto arg = dyn_cast<BlockArgument>(v))
    info.base = arg; // a parameter passed on: its facts apply
  return info;
}

void weft::markArgumentsApart(ModuleOp module) {
  SmallVector<func::FuncOp> fns;
  DenseMap<func::FuncOp, SmallVector<CallOp>> calls;
  module.walk([&](func::FuncOp fn) {
    fn->removeAttr("weft.args_apart");
    if (!fn.isExternal() && fn->hasAttr("weft.direct_calls_only"))
      fns.push_back(fn);
  });
  module.walk([&](CallOp call) {
    if (func::FuncOp fn = definedCallee(call))
      calls[fn].push_back(call);
  });
  // Every call the C has must be in the module (none hidden in code the
  // importer could not model).
  llvm::erase_if(fns, [&](func::FuncOp fn) {
    auto n = fn->getAttrOfType<IntegerAttr>("weft.direct_calls_only");
    return !n || (size_t)n.getInt() != calls.lookup(fn).size();
  });
  auto pointerLike = [](Type t) { return isa<MemRefType, PtrType>(t); };
  auto setPairs = [&](func::FuncOp fn, ArrayRef<Attribute> pairs) {
    if (pairs.empty())
      fn->removeAttr("weft.args_apart");
    else
      fn->setAttr("weft.args_apart",
                  ArrayAttr::get(module.getContext(), pairs));
  };
  // A greatest fixpoint: every pair of pointer parameters first, then drop
  // a pair wherever a call may pass overlapping memory for it, given the
  // pairs still standing (a call inside the function, or in another one,
  // passes on parameters that are apart in that frame; by induction over
  // the frames of a run, what stands holds in every frame).
  for (func::FuncOp fn : fns) {
    SmallVector<Attribute> pairs;
    for (unsigned i = 0; i < fn.getNumArguments(); ++i)
      for (unsigned j = i + 1; j < fn.getNumArguments(); ++j)
        if (pointerLike(fn.getArgument(i).getType()) &&
            pointerLike(fn.getArgument(j).getType()))
          pairs.push_back(DenseI64ArrayAttr::get(module.getContext(),
                                                 {(int64_t)i, (int64_t)j}));
    setPairs(fn, pairs);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (func::FuncOp fn : fns) {
      auto known = fn->getAttrOfType<ArrayAttr>("weft.args_apart");
      if (!known)
        continue;
      SmallVector<Attribute> kept;
      for (Attribute p : known) {
        auto ij = cast<DenseI64ArrayAttr>(p).asArrayRef();
        bool apart = llvm::all_of(calls.lookup(fn), [&](CallOp call) {
          return call.getNumOperands() == fn.getNumArguments() &&
                 overlapOf(argumentBase(call.getOperand(ij[0])),
                           argumentBase(call.getOperand(ij[1])),
                           call) == Overlap::Never;
        });
        if (apart)
          kept.push_back(p);
      }
      if (kept.size() != known.size()) {
        setPairs(fn, kept);
        changed = true;
      }
    }
  }
}

Overlap weft::overlapOf(const BaseInfo &a, const BaseInfo &b, Operation *loop,
                        const Invariants *inv) {
  // A base computed inside the loop (a pointer loaded or advanced in its
  // body) may be different memory in every iteration, unless the pointer is
  // the same in all of them.
  auto fresh = [&](const BaseInfo &x) {
    return isNewEachIteration(x.base, loop);
  };
  Value ia = pointerIdentity(a, loop, inv), ib = pointerIdentity(b, loop, inv);
  auto varies = [&](const BaseInfo &x, Value ident) {
    return x.base && isDefinedInside(x.base, loop) && !fresh(x) && !ident &&
           !x.base.getDefiningOp<memref::GetGlobalOp>();
  };
  if (ia && ia == ib)
    return Overlap::Same;
  bool sameGlobal = a.symbol && a.symbol == b.symbol;
  if (sameGlobal || (a.base && a.base == b.base))
    return varies(a, ia) ? Overlap::Unknown : Overlap::Same;
  // Objects created in the loop body are new in every iteration: distinct
  // from everything that outlives the iteration.
  if (fresh(a) || fresh(b))
    return Overlap::Never;
  // Two allocations: what one call of malloc, calloc or aligned_alloc
  // returns overlaps no object live at the time, so the results of two
  // different calls (both in use) are distinct memory. realloc may return
  // its argument: not one of them.
  if (Operation *ca = allocationCall(a), *cb = allocationCall(b);
      ca && cb && ca != cb)
    return Overlap::Never;
  // Nor does it overlap a named object (a variable, array or struct).
  if ((allocationCall(a) && b.kind == AliasKind::object) ||
      (allocationCall(b) && a.kind == AliasKind::object))
    return Overlap::Never;
  // A restrict parameter overlaps nothing but what is based on it. A pointer
  // weft does not resolve may be computed from it (copied, incremented), so
  // only other parameters and named objects are known to be distinct.
  auto unresolved = [](const BaseInfo &x) {
    return x.kind != AliasKind::object &&
           !(x.base && isa<BlockArgument>(x.base));
  };
  if ((a.kind == AliasKind::restrict && !unresolved(b)) ||
      (b.kind == AliasKind::restrict && !unresolved(a)))
    return Overlap::Never;
  // Two parameters whose arguments are apart at every call.
  if (argumentsApart(a.base, b.base))
    return Overlap::Never;
  bool aObj = a.kind == AliasKind::object, bObj = b.kind == AliasKind::object;
  if (aObj && bObj)
    return Overlap::Never; // two named objects
  if (aObj && !a.escapes)
    return Overlap::Never;
  if (bObj && !b.escapes)
    return Overlap::Never;
  if (varies(a, ia) || varies(b, ib))
    return Overlap::Unknown;
  return Overlap::Maybe;
}
