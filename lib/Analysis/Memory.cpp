//===- Memory.cpp - Memory bases, views and alias classes --------------------===//
//
// See Memory.h and docs/ir.md ("Alias classes").
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Memory.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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
  // A C pointer value itself (a call's argument: what `malloc` returned)
  // is the memory behind that pointer, as a weft.base of it is.
  info.kind = AliasKind::pointer;
  info.escapes = true;
  if (!isa<MemRefType>(base.getType()))
    info.ptr = base;
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

bool weft::isLoad(Operation *op) {
  return isa_and_nonnull<affine::AffineLoadOp, memref::LoadOp>(op);
}

bool weft::isStore(Operation *op) {
  return isa_and_nonnull<affine::AffineStoreOp, memref::StoreOp>(op);
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

static bool isAllocator(CallOp call) {
  StringRef name = call.getCallee();
  return !definedCallee(call) &&
         (name == "malloc" || name == "calloc" || name == "aligned_alloc");
}

/// The pointer that `p` points into: p itself, or what `q + k` (any
/// number of times) starts from. C's pointer arithmetic stays in its
/// object.
static Value pointerStart(Value p) {
  while (auto add = p ? p.getDefiningOp<PtrAddOp>() : PtrAddOp())
    p = add.getPtr();
  return p;
}

std::optional<int64_t> weft::elementBytes(Type t, ModuleOp module) {
  if (auto s = dyn_cast<StructType>(t))
    return (int64_t)s.getSize();
  if (isa<PtrType>(t)) {
    auto flags = module->getAttrOfType<DictionaryAttr>("weft.flags");
    auto bytes = flags ? flags.getAs<IntegerAttr>("pointer_bytes") : nullptr;
    if (bytes)
      return bytes.getInt();
    return std::nullopt;
  }
  if (t.isIntOrFloat() && t.getIntOrFloatBitWidth() % 8 == 0)
    return (int64_t)t.getIntOrFloatBitWidth() / 8;
  return std::nullopt;
}

bool weft::isLocaleTableFunction(StringRef name) {
  return name == "__ctype_b_loc" || name == "__ctype_toupper_loc" ||
         name == "__ctype_tolower_loc";
}

/// Is the base memory that no program writes (a program that writes it
/// has undefined behaviour): a string literal (weft.literal), or the
/// current locale's character tables, which glibc's <ctype.h> macros and
/// inline functions read (`isalpha(c)` is `(*__ctype_b_loc())[c] & ...`)
/// through the pointer its `__ctype_*_loc` function returns (a slot of the
/// thread's locale) and the table that slot points to; only setlocale or
/// uselocale change those.
static bool neverWritten(const BaseInfo &b) {
  if (auto lit = b.base ? b.base.getDefiningOp<BaseOp>() : BaseOp())
    if (!lit.getPtr() && lit->hasAttr("weft.literal"))
      return true;
  for (Value p = pointerStart(b.ptr); p;) {
    if (auto call = p.getDefiningOp<CallOp>()) {
      return !definedCallee(call) && isLocaleTableFunction(call.getCallee());
    }
    Operation *ld = p.getDefiningOp();
    if (!isLoad(ld))
      return false;
    p = pointerStart(memPathOf(ld->getOperand(0)).root.ptr);
  }
  return false;
}

bool weft::loadedPointer(const BaseInfo &b) {
  Value p = pointerStart(b.ptr);
  return p && isLoad(p.getDefiningOp());
}

CallOp weft::allocatorCallOf(Value ptr) {
  auto call = ptr ? ptr.getDefiningOp<CallOp>() : CallOp();
  return call && isAllocator(call) ? call : CallOp();
}

/// The call of a C library allocator whose result the base views
/// directly (`p = malloc(n)` viewed as p[i], or `p + k` passed to a call),
/// or null. A callee defined in
/// the file is the program's own function, whatever its name, unless it
/// returns a new row table (markRowTables): what it returns is then a
/// malloc result, new at every call, too.
static Operation *allocationCall(const BaseInfo &b) {
  // `p + k` points into p's allocation.
  Value p = pointerStart(b.ptr);
  auto call = p ? p.getDefiningOp<CallOp>() : CallOp();
  if (!call)
    return nullptr;
  if (func::FuncOp fn = definedCallee(call))
    return fn->hasAttr("weft.returns_rows") ? call : nullptr;
  return isAllocator(call) ? call : nullptr;
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

using CallsOf = DenseMap<func::FuncOp, SmallVector<CallOp>>;

/// The direct calls of each function the module defines.
static CallsOf callsOf(ModuleOp module) {
  CallsOf calls;
  module.walk([&](CallOp call) {
    if (func::FuncOp fn = definedCallee(call))
      calls[fn].push_back(call);
  });
  return calls;
}

/// The functions named nowhere but as the callee of direct calls, every one
/// of which is in the module (none hidden in code the importer could not
/// model): weft sees every value that reaches their parameters.
static SmallVector<func::FuncOp> allCallsSeen(ModuleOp module,
                                              const CallsOf &calls) {
  SmallVector<func::FuncOp> fns;
  module.walk([&](func::FuncOp fn) {
    auto n = fn->getAttrOfType<IntegerAttr>("weft.direct_calls_only");
    if (!fn.isExternal() && n && (size_t)n.getInt() == calls.lookup(fn).size())
      fns.push_back(fn);
  });
  return fns;
}

void weft::markArgumentsApart(ModuleOp module) {
  module.walk([&](func::FuncOp fn) { fn->removeAttr("weft.args_apart"); });
  CallsOf calls = callsOf(module);
  SmallVector<func::FuncOp> fns = allCallsSeen(module, calls);
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

void weft::markConstantArguments(ModuleOp module) {
  CallsOf calls = callsOf(module);
  for (func::FuncOp fn : allCallsSeen(module, calls)) {
    fn->removeAttr("weft.constant_args");
    const SmallVector<CallOp> &sites = calls.lookup(fn);
    if (sites.empty())
      continue;
    // The parameters the function assigns have cells of their own.
    DenseSet<int64_t> assigned;
    fn.walk([&](memref::AllocaOp a) {
      if (auto d = a->getAttrOfType<IntegerAttr>("weft.decl"))
        assigned.insert(d.getInt());
    });
    SmallVector<Attribute> found;
    for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
      auto decl = fn.getArgAttrOfType<IntegerAttr>(i, "weft.decl");
      if (!decl || assigned.contains(decl.getInt()) ||
          !fn.getArgument(i).getType().isSignlessInteger())
        continue;
      // (A constant as C's constant expressions import: `-2` is 0 - 2.)
      std::optional<int64_t> value;
      bool same = llvm::all_of(sites, [&](CallOp call) {
        if (call.getNumOperands() != fn.getNumArguments() ||
            call.getOperand(i).getType() != fn.getArgument(i).getType())
          return false;
        Poly v = polyOf(call.getOperand(i));
        if (!v.isConstant() || (value && *value != v.constantTerm()))
          return false;
        value = v.constantTerm();
        return true;
      });
      // The value the parameter's type holds (polyOf does not wrap).
      unsigned width = fn.getArgument(i).getType().getIntOrFloatBitWidth();
      if (!same || !value ||
          !(fn.getArgAttr(i, "weft.unsigned")
                ? *value >= 0 && llvm::isUIntN(width, (uint64_t)*value)
                : llvm::isIntN(width, *value)))
        continue;
      Builder b(module.getContext());
      found.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("decl", decl),
           b.getNamedAttr("value", b.getI64IntegerAttr(*value))}));
    }
    if (!found.empty())
      fn->setAttr("weft.constant_args",
                  ArrayAttr::get(module.getContext(), found));
  }
}

//===----------------------------------------------------------------------===//
// Uncaptured arrays
//===----------------------------------------------------------------------===//

namespace {
/// Which pointers go only where memory is read and written, never kept.
struct Captures {
  DenseMap<std::pair<Operation *, unsigned>, bool> params;

  /// Is `fn`'s parameter `i` only loaded and stored through, or passed on
  /// as such a parameter? (A recursive chain answers no.)
  bool paramKept(func::FuncOp fn, unsigned i) {
    auto key = std::make_pair(fn.getOperation(), i);
    auto [it, fresh] = params.try_emplace(key, true);
    if (!fresh)
      return it->second;
    bool kept = fn.isExternal() || i >= fn.getNumArguments() ||
                kept_(fn.getArgument(i));
    params[key] = kept;
    return kept;
  }

  /// Does a use of `v` keep it (store it, return it, convert it, pass it to
  /// a function that might)? A load or store through it, its initializer,
  /// an element's address passed on to a parameter that keeps nothing, do
  /// not. With `returned`, returning it does not either (its function is
  /// then done with it: what that function's loops may reach is asked).
  bool kept_(Value v, bool returned = false) {
    for (OpOperand &use : v.getUses()) {
      Operation *op = use.getOwner();
      unsigned n = use.getOperandNumber();
      if (isa<memref::LoadOp, affine::AffineLoadOp>(op) && n == 0)
        continue;
      if (isa<memref::StoreOp, affine::AffineStoreOp>(op) && n == 1)
        continue;
      // Its initializer (`double e[3] = {1, 2, 3}`) writes it.
      if (auto e = dyn_cast<EffectsOp>(op);
          e && e.getKind() == "init" && !e.getUnknownReads() &&
          !e.getUnknownWrites() && llvm::is_contained(e.getWrites(), v) &&
          !llvm::is_contained(e.getReads(), v))
        continue;
      if (auto addr = dyn_cast<AddrOp>(op); addr && n == 0) {
        if (kept_(addr.getResult(), returned))
          return true;
        continue;
      }
      // A pointer (an allocation's): the memory it views, a pointer into
      // it, a truth test of it, a choice of it.
      if (((isa<BaseOp>(op) || isa<PtrAddOp>(op)) && n == 0) ||
          (isa<arith::SelectOp>(op) && n > 0)) {
        if (kept_(op->getResult(0), returned))
          return true;
        continue;
      }
      if (returned && isa<func::ReturnOp, ReturnOp>(op))
        continue;
      if (isa<OpaqueValueOp>(op) && op->getNumResults() == 1 &&
          op->getResult(0).getType().isInteger(1))
        continue;
      // A difference or comparison of pointers: a number.
      if (isa<PtrDiffOp>(op))
        continue;
      if (auto call = dyn_cast<CallOp>(op)) {
        func::FuncOp callee = definedCallee(call);
        if (callee && !paramKept(callee, n))
          continue;
        if (!callee && call.getCallee() == "free")
          continue;
      }
      return true;
    }
    return false;
  }
};
} // namespace

bool weft::uncaptured(const BaseInfo &b) {
  if (b.row || b.symbol)
    return false;
  if (b.kind == AliasKind::object && !b.escapes && b.base &&
      isa_and_nonnull<memref::AllocaOp>(b.base.getDefiningOp()))
    return true;
  Operation *call = allocationCall(b);
  if (!call || !isAllocator(cast<CallOp>(call)))
    return false;
  Captures c;
  return !c.kept_(call->getResult(0), /*returned=*/true);
}

void weft::markUncapturedArrays(ModuleOp module) {
  Captures c;
  module.walk([&](memref::AllocaOp a) {
    if (a.getType().getRank() > 0 && a->hasAttr("weft.escapes") &&
        !c.kept_(a.getResult()))
      a->removeAttr("weft.escapes");
  });
}

//===----------------------------------------------------------------------===//
// Row tables
//===----------------------------------------------------------------------===//

static bool isRowsParam(Value v, StringRef attr) {
  auto arg = dyn_cast_or_null<BlockArgument>(v);
  auto fn = arg ? dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp())
                : func::FuncOp();
  return fn && arg.getOwner() == &fn.getBody().front() &&
         fn.getArgAttr(arg.getArgNumber(), attr);
}

/// Is v a row table by the recorded facts: a weft.rows parameter, or the
/// result of a call to a weft.returns_rows function?
static bool isTable(Value v) {
  if (isRowsParam(v, "weft.rows"))
    return true;
  auto call = v ? v.getDefiningOp<CallOp>() : CallOp();
  func::FuncOp fn = call ? definedCallee(call) : func::FuncOp();
  return fn && fn->hasAttr("weft.returns_rows");
}

/// The table a call argument passes: the pointer under `weft.addr %m[0]`
/// of `%m = weft.base %t` (or of the parameter %m itself), or the value.
static Value passedTable(Value v) {
  if (auto addr = v.getDefiningOp<AddrOp>()) {
    for (Value i : addr.getIndices()) {
      auto c = getConstantIntValue(i);
      if (!c || *c != 0)
        return v;
    }
    v = addr.getBase();
  }
  if (auto b = v.getDefiningOp<BaseOp>())
    if (b.getPtr())
      return b.getPtr();
  return v;
}

/// May a base be a row of some row table? Not when it is a named object, an
/// allocation (a row's malloc result is stored in its slot and used nowhere
/// else), the slots of a table, or a weft.not_rows parameter.
static bool rowFree(const BaseInfo &b) {
  if (b.row)
    return false;
  if (b.kind == AliasKind::object || allocationCall(b))
    return true;
  if (isRowsParam(b.base, "weft.rows") || isRowsParam(b.base, "weft.not_rows"))
    return true;
  return b.ptr && isTable(b.ptr);
}

void weft::markRowTables(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](func::FuncOp fn) {
    fn->removeAttr("weft.returns_rows");
    for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
      fn.removeArgAttr(i, "weft.rows");
      fn.removeArgAttr(i, "weft.not_rows");
    }
  });
  CallsOf calls = callsOf(module);
  SmallVector<func::FuncOp> fns = allCallsSeen(module, calls);

  // Candidates: functions that return one malloc result of their own, and
  // parameters of pointer tables.
  DenseMap<func::FuncOp, Value> makers; // function -> its table
  DenseSet<Value> params;
  for (func::FuncOp fn : fns) {
    for (BlockArgument arg : fn.getArguments())
      if (auto mt = dyn_cast<MemRefType>(arg.getType());
          mt && mt.getRank() == 1 && isa<PtrType>(mt.getElementType()))
        params.insert(arg);
    if (fn.getNumResults() != 1 || !isa<PtrType>(fn.getResultTypes()[0]))
      continue;
    Value table;
    bool ok = true;
    fn.walk([&](Operation *op) {
      if (!isa<func::ReturnOp, ReturnOp>(op))
        return;
      Value r = op->getNumOperands() == 1 ? op->getOperand(0) : Value();
      auto call = r ? r.getDefiningOp<CallOp>() : CallOp();
      if (!call || !isAllocator(call) || (table && table != r))
        ok = false;
      table = r;
    });
    if (ok && table)
      makers[fn] = table;
  }
  auto tableValue = [&](Value v) {
    if (params.contains(v))
      return true;
    auto call = v.getDefiningOp<CallOp>();
    func::FuncOp fn = call ? definedCallee(call) : func::FuncOp();
    return fn && makers.count(fn);
  };
  // A table passed to a table parameter, or freed.
  auto passedOn = [&](OpOperand &use) {
    auto call = dyn_cast<CallOp>(use.getOwner());
    func::FuncOp fn = call ? definedCallee(call) : func::FuncOp();
    unsigned i = use.getOperandNumber();
    if (call && !fn)
      return call.getCallee() == "free";
    return fn && i < fn.getNumArguments() && params.contains(fn.getArgument(i));
  };
  // The slots of a table viewed as memory: only read, but by its maker,
  // which stores in them malloc results used nowhere else.
  auto slotsOk = [&](Value slots, bool maker) {
    for (OpOperand &use : slots.getUses()) {
      Operation *u = use.getOwner();
      if (isa<affine::AffineLoadOp, memref::LoadOp>(u) &&
          use.getOperandNumber() == 0)
        continue;
      if (maker && isa<affine::AffineStoreOp, memref::StoreOp>(u) &&
          use.getOperandNumber() == 1) {
        // A new allocation for every store: the call is in the store's
        // block (`r = malloc(..)` before a loop that stores r in every
        // slot would make one row of them all).
        Value row = u->getOperand(0);
        auto call = row.getDefiningOp<CallOp>();
        if (call && isAllocator(call) && row.hasOneUse() &&
            call->getBlock() == u->getBlock())
          continue;
      }
      if (auto addr = dyn_cast<AddrOp>(u);
          addr && passedTable(addr.getResult()) != addr.getResult() &&
          llvm::all_of(addr->getUses(), passedOn))
        continue;
      return false;
    }
    return true;
  };
  // Where a table goes: read, compared, freed, returned by its maker, or
  // passed to a table parameter; nowhere else.
  auto usesOk = [&](Value t, bool maker) {
    for (OpOperand &use : t.getUses()) {
      Operation *u = use.getOwner();
      if (auto b = dyn_cast<BaseOp>(u)) {
        if (!slotsOk(b.getResult(), maker))
          return false;
        continue;
      }
      if (isa<affine::AffineLoadOp, memref::LoadOp>(u) &&
          use.getOperandNumber() == 0)
        continue; // a parameter's slots
      if (passedOn(use))
        continue;
      if (auto o = dyn_cast<OpaqueValueOp>(u);
          (o && (o.getReason() == "a comparison of pointers" ||
                 o.getReason() == "the truth of a pointer or aggregate")) ||
          isa<PtrDiffOp>(u))
        continue; // (not a cast: an integer may become a pointer again)
      if (maker && isa<func::ReturnOp, ReturnOp>(u))
        continue;
      if (auto addr = dyn_cast<AddrOp>(u);
          addr && passedTable(addr.getResult()) == t &&
          llvm::all_of(addr->getUses(), passedOn))
        continue;
      return false;
    }
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = makers.begin(); it != makers.end();) {
      func::FuncOp fn = it->first;
      bool ok = usesOk(it->second, /*maker=*/true) &&
                llvm::all_of(calls.lookup(fn), [&](CallOp c) {
                  return usesOk(c.getResult(0), /*maker=*/false);
                });
      auto cur = it++;
      if (!ok) {
        makers.erase(cur);
        changed = true;
      }
    }
    for (Value p : SmallVector<Value>(params.begin(), params.end())) {
      auto arg = cast<BlockArgument>(p);
      auto fn = cast<func::FuncOp>(arg.getOwner()->getParentOp());
      bool ok =
          usesOk(p, /*maker=*/false) &&
          llvm::all_of(calls.lookup(fn), [&](CallOp c) {
            return arg.getArgNumber() < c.getNumOperands() &&
                   tableValue(passedTable(c.getOperand(arg.getArgNumber())));
          });
      if (!ok) {
        params.erase(p);
        changed = true;
      }
    }
  }
  for (auto &[fn, table] : makers)
    fn->setAttr("weft.returns_rows", UnitAttr::get(ctx));
  for (Value p : params) {
    auto arg = cast<BlockArgument>(p);
    cast<func::FuncOp>(arg.getOwner()->getParentOp())
        .setArgAttr(arg.getArgNumber(), "weft.rows", UnitAttr::get(ctx));
  }

  // Parameters that are never a row: every call passes memory that is not.
  DenseSet<Value> notRows;
  for (func::FuncOp fn : fns)
    for (BlockArgument arg : fn.getArguments())
      if (isa<MemRefType, PtrType>(arg.getType()) && !params.contains(arg)) {
        notRows.insert(arg);
        fn.setArgAttr(arg.getArgNumber(), "weft.not_rows", UnitAttr::get(ctx));
      }
  for (bool changed = true; changed;) {
    changed = false;
    for (Value p : SmallVector<Value>(notRows.begin(), notRows.end())) {
      auto arg = cast<BlockArgument>(p);
      auto fn = cast<func::FuncOp>(arg.getOwner()->getParentOp());
      bool ok = llvm::all_of(calls.lookup(fn), [&](CallOp c) {
        return arg.getArgNumber() < c.getNumOperands() &&
               rowFree(argumentBase(c.getOperand(arg.getArgNumber())));
      });
      if (!ok) {
        notRows.erase(p);
        fn.removeArgAttr(arg.getArgNumber(), "weft.not_rows");
        changed = true;
      }
    }
  }
}

Operation *weft::rowSlotLoad(Value rowBase, Operation *checkedIn,
                             const Invariants *inv) {
  auto b = rowBase ? rowBase.getDefiningOp<BaseOp>() : BaseOp();
  Operation *ld = b && b.getPtr() ? b.getPtr().getDefiningOp() : nullptr;
  if (!isa_and_nonnull<affine::AffineLoadOp, memref::LoadOp>(ld))
    return nullptr;
  MemPath slots = memPathOf(ld->getOperand(0));
  if (!slots.views.empty() || !slots.root.base)
    return nullptr;
  Value table = slots.root.base;
  if (auto tb = table.getDefiningOp<BaseOp>())
    table = tb.getPtr();
  if (!checkedIn)
    return table && isTable(table) ? ld : nullptr;
  // A table the run-time check reads: rank-1 slots of pointers, which the
  // loop reads at a slot that changes in it (a slot that does not is one
  // pointer, which the check names as it is).
  auto type = dyn_cast<MemRefType>(ld->getOperand(0).getType());
  Value pointer = slots.root.ptr ? slots.root.ptr : slots.root.base;
  if (!type || type.getRank() != 1 || !isa<PtrType>(type.getElementType()) ||
      slots.root.isCell || !checkedIn->isAncestor(ld) ||
      (isDefinedInside(pointer, checkedIn) &&
       !(inv && inv->identity(pointer, checkedIn))))
    return nullptr;
  bool varies = false;
  if (auto al = dyn_cast<affine::AffineLoadOp>(ld))
    varies = llvm::any_of(al.getMapOperands(), [&](Value v) {
      return isDefinedInside(v, checkedIn);
    });
  else
    varies =
        isDefinedInside(cast<memref::LoadOp>(ld).getIndices()[0], checkedIn);
  return varies ? ld : nullptr;
}

/// A row of a table checked at run time (BaseInfo::rowChecked) against
/// other memory: the same row exactly when the same slot of the same table
/// (the check finds its rows apart), else Maybe (the check covers the
/// rows' span), unless the other memory is one no stored pointer reaches.
static Overlap checkedRowOverlap(const BaseInfo &a, const BaseInfo &b,
                                 Operation *loop, const Invariants *inv) {
  const BaseInfo &r = a.rowChecked ? a : b, &x = a.rowChecked ? b : a;
  BaseInfo tr = r, tx = x;
  tr.row = tx.row = false;
  tr.rowChecked = tx.rowChecked = false;
  if (x.row) {
    // A row of a table weft knows: its side would be the table's slots,
    // which nothing has shown C reads in every iteration.
    if (!x.rowChecked)
      return Overlap::Unknown;
    // Rows of two tables: apart when the check finds their spans apart.
    Overlap t = overlapOf(tr, tx, loop, inv);
    if (t == Overlap::Same)
      return r.rowType == x.rowType ? Overlap::Same : Overlap::Unknown;
    return t == Overlap::Unknown ? Overlap::Unknown : Overlap::Maybe;
  }
  // A row is a pointer loaded from memory: not into memory new in each
  // iteration, nor into memory whose address nothing keeps.
  if (isNewEachIteration(x.base, loop) || uncaptured(x) ||
      (x.kind == AliasKind::object && !x.escapes))
    return Overlap::Never;
  // Memory the loop reaches by a pointer it computes: no check can name it.
  if (x.base && isDefinedInside(x.base, loop) &&
      !x.base.getDefiningOp<memref::GetGlobalOp>() &&
      !pointerIdentity(x, loop, inv))
    return Overlap::Unknown;
  return Overlap::Maybe;
}

Overlap weft::overlapOf(const BaseInfo &a, const BaseInfo &b, Operation *loop,
                        const Invariants *inv) {
  // Rows of row tables: the same row exactly when the same slot of the
  // same table; apart from all memory that is no row.
  if (a.rowChecked || b.rowChecked)
    return checkedRowOverlap(a, b, loop, inv);
  if (a.row || b.row) {
    if (a.row && b.row) {
      BaseInfo ta = a, tb = b;
      ta.row = tb.row = false;
      Overlap t = overlapOf(ta, tb, loop, inv);
      if (t == Overlap::Never)
        return Overlap::Never;
      return t == Overlap::Same && a.rowType == b.rowType ? Overlap::Same
                                                          : Overlap::Unknown;
    }
    return rowFree(a.row ? b : a) ? Overlap::Never : Overlap::Unknown;
  }
  // String literals and the C library's own tables, which no program
  // writes.
  if (neverWritten(a) || neverWritten(b))
    return Overlap::Never;
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
  // Nor what a parameter of the function that calls it points to: that
  // pointer was made before the call, when the memory the call returns was
  // not allocated (a pointer to memory freed since may not be used).
  auto parameter = [](const BaseInfo &x, Operation *call) {
    auto arg =
        dyn_cast_or_null<BlockArgument>(pointerStart(x.ptr ? x.ptr : x.base));
    return arg && arg.getOwner()->isEntryBlock() &&
           arg.getOwner()->getParentOp() ==
               call->getParentOfType<func::FuncOp>();
  };
  if (Operation *ca = allocationCall(a); ca && parameter(b, ca))
    return Overlap::Never;
  if (Operation *cb = allocationCall(b); cb && parameter(a, cb))
    return Overlap::Never;
  // A pointer loaded from memory was stored there: it reaches no memory
  // whose address nothing keeps.
  if ((loadedPointer(a) && uncaptured(b)) ||
      (loadedPointer(b) && uncaptured(a)))
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
