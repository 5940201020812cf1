//===- CountLoops.cpp - Counted loops from while and do loops
//----------------===//
//
// weft-count-loops: a `while` or `do` loop is counted when its condition
// compares one integer variable, the counter, with bounds that the body
// cannot change, and one of its body's own statements (or its condition)
// steps the counter by a constant, with nothing else in the body writing
// the counter and nothing leaving the body or skipping the step. Such a
// loop becomes an scf.for with the same
// loop id, whose iterations see the counter's value as the induction
// variable gives it, followed by a store of the counter's exit value. Every
// other loop keeps its weft.opaque_loop, with the reason (docs/ir.md,
// "Loops"; docs/analysis.md, "While and do loops"). The same decision
// (whyNotCounted) says which `for` loops are counted: the importer asks it
// on a first import of the file, where each `for` with a counted loop's
// header is opaque, its increment last in the body. Then the other
// variables that each counted loop steps with its counter become functions
// of it (docs/analysis.md, "Other counters").
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/CNames.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#define DEBUG_TYPE "weft-count-loops"

namespace weft {
#define GEN_PASS_DEF_COUNTLOOPS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {
/// `counter rel bound`, the counter on the left.
enum class Rel { LT, LE, GT, GE, NE };

struct Bound {
  Value value; ///< computed in the condition region, or before the loop
  Rel rel;
  bool unsignedCmp; ///< compared as unsigned
  bool widened;     ///< the counter is widened for the comparison
  /// `counter + offset rel value` (`i + 1 < n`): what C compares is the
  /// counter plus this constant.
  int64_t offset = 0;
  /// `counter + by rel value` (`i + w <= n`), or with byMinus `counter - by
  /// rel value`: what C compares is the counter plus (minus) this value,
  /// in the counter's arithmetic (readHeader: signed only).
  Value by;
  bool byMinus = false;
  /// The sum (or difference) is widened for the comparison by a zero
  /// extension: C computed it in an unsigned type.
  bool byZeroExtended = false;
};

/// A while or do loop read as a counted one.
struct Header {
  Value cell; ///< the counter's memory cell
  std::string name;
  int64_t decl = -1;
  bool isUnsigned = false;
  int64_t step = 0;
  Operation *stepStore = nullptr;
  /// Whether the body reads the counter's value before its step (the
  /// iteration's value) and after it (one step on). A step in the body may
  /// be anywhere in its own block: `i--; a[i] = 0;`, `a[i++] = 0;`.
  bool readsBefore = false, readsAfter = false;
  /// The condition steps the counter (weft.c_step_cond): "pre" (`++i < n`:
  /// it tests, and the body sees, the stepped value) or "post" (`i-- > 0`:
  /// it tests the value before the step, and the body sees the stepped
  /// one).
  std::string stepInCond;
  SmallVector<Bound> bounds;
  /// The ops of the condition that compute the bounds (to run once, before
  /// the loop).
  SetVector<Operation *> boundOps;
  bool readsMemory = false;
  /// A pointer counter (`while (p < end)`): the step counts elements of
  /// `elemBytes` bytes, what the pointer points to, and the bounds are
  /// pointers (docs/analysis.md, "Pointer counters").
  bool isPointer = false;
  int64_t elemBytes = 0;
  /// A step by a variable the loop does not change (`i += m`): step is
  /// then 1, `stepBy` the variable's value in the loop and `stepByName` its
  /// C name (docs/analysis.md, "Steps by a variable").
  Value stepBy;
  std::string stepByName;
};

struct CountLoops : public weft::impl::CountLoopsBase<CountLoops> {
  using CountLoopsBase::CountLoopsBase;
  void runOnOperation() final;
};
} // namespace

/// The integer constant v is, through sign extension (and zero extension
/// of a non-negative one) and the + - * / that C's constant expressions
/// import as (`i += -2` is `i + (0 - 2)`, `sizeof a / sizeof a[0]`).
static std::optional<int64_t> constantOf(Value v) {
  if (auto c = getConstantIntValue(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<arith::ExtSIOp, arith::IndexCastOp>(def))
    return constantOf(def->getOperand(0));
  if (isa_and_nonnull<arith::ExtUIOp, arith::IndexCastUIOp>(def))
    if (auto c = constantOf(def->getOperand(0)); c && *c >= 0)
      return c;
  if (!isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::MulIOp,
                       arith::DivSIOp, arith::DivUIOp>(def))
    return std::nullopt;
  auto a = constantOf(def->getOperand(0)), b = constantOf(def->getOperand(1));
  if (isa<arith::DivSIOp, arith::DivUIOp>(def)) {
    // (As unsigned: both operands not negative.)
    if (!a || !b || *b == 0 || (*a == INT64_MIN && *b == -1) ||
        (isa<arith::DivUIOp>(def) && (*a < 0 || *b < 0)))
      return std::nullopt;
    return *a / *b;
  }
  Type t = def->getResult(0).getType();
  unsigned width = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
  int64_t r;
  if (!a || !b ||
      (isa<arith::AddIOp>(def)   ? __builtin_add_overflow(*a, *b, &r)
       : isa<arith::SubIOp>(def) ? __builtin_sub_overflow(*a, *b, &r)
                                 : __builtin_mul_overflow(*a, *b, &r)))
    return std::nullopt;
  // Within the type: C's constant expressions do not wrap.
  if (width < 64 &&
      (r >= (int64_t(1) << (width - 1)) || r < -(int64_t(1) << (width - 1))))
    return std::nullopt;
  return r;
}

/// The 0-d memref whose load v is, or null.
static Value cellRead(Value v) {
  Operation *def = v.getDefiningOp();
  if (!isLoad(def) || def->getNumOperands() != 1)
    return Value();
  return def->getOperand(0);
}

/// v before an integer widening (sign or zero extension), if it is one;
/// `widened` says whether it was.
static Value unwidened(Value v, bool &widened) {
  Operation *def = v.getDefiningOp();
  widened = isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(def);
  return widened ? def->getOperand(0) : v;
}

/// cellRead, through an integer widening.
static Value loadedCell(Value v) {
  bool widened;
  return cellRead(unwidened(v, widened));
}

/// A step, `c = c + k` (`c++`, `c += k`, `c -= k`), as the store that ends
/// it: the cell and the step, or a null cell. (readHeader turns down a counter
/// narrower than int, which C steps in int and converts back.)
/// `known`: the step a for's increment has in C, whose constant the IR may
/// read from memory (`i += skip[0]` of a `static const` array).
static std::pair<Value, int64_t>
stepOf(Operation *store, std::optional<int64_t> known = std::nullopt) {
  if (!isStore(store) || store->getNumOperands() != 2)
    return {Value(), 0};
  Value cell = store->getOperand(1);
  Operation *def = store->getOperand(0).getDefiningOp();
  // A counter narrower than int steps in int: `(short)((int)s + 1)`.
  bool narrow = false;
  if (auto t = dyn_cast_or_null<arith::TruncIOp>(def)) {
    def = t.getIn().getDefiningOp();
    narrow = true;
  }
  if (!isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return {Value(), 0};
  Value l = def->getOperand(0), r = def->getOperand(1);
  bool isSub = isa<arith::SubIOp>(def);
  std::optional<int64_t> k;
  auto counterRead = [&](Value v) {
    return narrow ? loadedCell(v) == cell : cellRead(v) == cell;
  };
  if (counterRead(l))
    k = constantOf(r);
  else if (!isSub && counterRead(r))
    k = constantOf(l);
  else
    return {Value(), 0};
  if (!k && known)
    k = isSub ? -*known : *known;
  if (!k || *k == 0 || (isSub && *k == INT64_MIN))
    return {Value(), 0};
  return {cell, isSub ? -*k : *k};
}

/// The size of what the pointer variable whose cell `cell` is points to
/// (weft.pointee_bytes, the unit C's arithmetic on it counts in), or 0.
static int64_t pointeeBytesOf(Value cell) {
  auto alloca = cell.getDefiningOp<memref::AllocaOp>();
  auto bytes = alloca ? alloca->getAttrOfType<IntegerAttr>("weft.pointee_bytes")
                      : nullptr;
  return bytes && bytes.getInt() > 0 ? bytes.getInt() : 0;
}

/// A pointer variable's step, `p = p + k` (`p++`, `q -= 2`), as the store
/// that ends it: the cell and the step in whole elements of what the
/// variable points to (weft.pointee_bytes: the arithmetic may count in
/// another size, through a cast), or a null cell.
static std::pair<Value, int64_t> pointerStepOf(Operation *store) {
  if (!isStore(store) || store->getNumOperands() != 2)
    return {Value(), 0};
  Value cell = store->getOperand(1);
  auto add = store->getOperand(0).getDefiningOp<PtrAddOp>();
  int64_t pointee = pointeeBytesOf(cell);
  if (!add || cellRead(add.getPtr()) != cell || !pointee)
    return {Value(), 0};
  std::optional<int64_t> k = constantOf(add.getOffset());
  int64_t bytes;
  if (!k || __builtin_mul_overflow(*k, (int64_t)add.getElemSize(), &bytes) ||
      bytes == 0 || bytes % pointee)
    return {Value(), 0};
  return {cell, bytes / pointee};
}

/// stepOf, or else pointerStepOf.
static std::pair<Value, int64_t>
anyStepOf(Operation *store, std::optional<int64_t> known = std::nullopt) {
  auto r = stepOf(store, known);
  return r.first ? r : pointerStepOf(store);
}

namespace {
/// A step by a variable that the loop does not write.
struct VariableStep {
  Value cell;
  int64_t sign = 0;
  Value by;
  std::string name;
  bool isUnsigned = false;
};
} // namespace

/// The variable v reads, when `loop` sees one value of it in every
/// iteration and C names it so where the loop starts: a parameter, a value
/// a never-assigned variable holds (weft.vars) made before the loop, or a
/// read of a local variable's cell that nothing in the loop writes. Its C
/// name and whether it is unsigned, or "".
static std::string invariantVariable(Value v, Operation *loop,
                                     bool &isUnsigned) {
  // The counter of a loop around, as its C type reads it (`q += p` in the
  // loop over p): a signed one's induction variable is its value.
  if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
    if (auto arg = dyn_cast<BlockArgument>(cast.getIn());
        arg && isLoop(arg.getOwner()->getParentOp()) &&
        arg.getOwner()->getParentOp()->isAncestor(loop)) {
      std::optional<VarRef> var = variableOf(arg);
      isUnsigned = false;
      return var ? var->name : "";
    }
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    std::optional<VarRef> var = fn ? variableOf(arg) : std::nullopt;
    isUnsigned = fn && fn.getArgAttr(arg.getArgNumber(), "weft.unsigned");
    return var ? var->name : "";
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return "";
  if (auto vars = def->getAttrOfType<ArrayAttr>("weft.vars");
      vars && !vars.empty() && !loop->isAncestor(def)) {
    isUnsigned = def->hasAttr("weft.unsigned");
    return cast<DictionaryAttr>(vars[0]).getAs<StringAttr>("name").str();
  }
  Value cell = cellRead(v);
  auto alloca = cell ? cell.getDefiningOp<memref::AllocaOp>() : nullptr;
  if (!alloca || !alloca->hasAttr("weft.decl") ||
      alloca->hasAttr("weft.escapes") || loop->isAncestor(alloca) ||
      mayWriteCell(loop, cell))
    return "";
  isUnsigned = alloca->hasAttr("weft.unsigned");
  auto n = alloca->getAttrOfType<StringAttr>("weft.name");
  return n ? n.str() : "";
}

/// A step by a variable the loop does not write, `j += m`, `j -= m`, `p +=
/// stride`, `p -= stride` (a pointer's by whole elements), as the store
/// that ends it; a null cell otherwise.
static VariableStep variableStepOf(Operation *store, Operation *loop) {
  VariableStep out;
  if (!isStore(store) || store->getNumOperands() != 2)
    return out;
  Value cell = store->getOperand(1);
  Operation *def = store->getOperand(0).getDefiningOp();
  Value by;
  int64_t sign = 1;
  bool widenedUnsigned = false;
  if (auto add = dyn_cast_or_null<PtrAddOp>(def)) {
    if (cellRead(add.getPtr()) != cell ||
        pointeeBytesOf(cell) != (int64_t)add.getElemSize())
      return out;
    Value off = add.getOffset();
    if (auto sub = off.getDefiningOp<arith::SubIOp>()) {
      auto zero = getConstantIntValue(sub.getLhs());
      if (!zero || *zero != 0)
        return out;
      off = sub.getRhs();
      sign = -1;
    }
    if (!isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(
            off.getDefiningOp()))
      return out;
    by = off.getDefiningOp()->getOperand(0);
    widenedUnsigned = isa<arith::IndexCastUIOp>(off.getDefiningOp());
  } else if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def)) {
    Value l = def->getOperand(0), r = def->getOperand(1);
    if (cellRead(l) == cell)
      by = r;
    else if (isa<arith::AddIOp>(def) && cellRead(r) == cell)
      by = l;
    else
      return out;
    sign = isa<arith::SubIOp>(def) ? -1 : 1;
  } else {
    return out;
  }
  if (!by.getType().isSignlessInteger())
    return out;
  bool isUnsigned = false;
  std::string name = invariantVariable(by, loop, isUnsigned);
  // A pointer's offset widens as the importer widened it.
  if (isa<PtrAddOp>(def))
    isUnsigned = widenedUnsigned;
  // (An unsigned step narrower than 64 bits that C adds to an int wraps.)
  if (name.empty() ||
      (isUnsigned && by.getType().getIntOrFloatBitWidth() < 64 &&
       !isa<PtrAddOp>(def)))
    return out;
  out.cell = cell;
  out.sign = sign;
  out.by = by;
  out.name = name;
  out.isUnsigned = isUnsigned;
  return out;
}

/// Strips `(int)(c) != 0`, the way C turns a comparison into a condition.
static Value truthOf(Value c) {
  while (auto cmp = c.getDefiningOp<arith::CmpIOp>()) {
    if (cmp.getPredicate() != arith::CmpIPredicate::ne ||
        constantOf(cmp.getRhs()) != 0)
      break;
    auto ext = cmp.getLhs().getDefiningOp<arith::ExtUIOp>();
    if (!ext || !ext.getIn().getType().isInteger(1))
      break;
    c = ext.getIn();
  }
  return c;
}

/// The bounds a condition puts on the counter (a `&&` of comparisons), in
/// source order; false when it is anything else.
static bool boundsOf(Value c, function_ref<bool(Value)> isCounter,
                     SmallVectorImpl<Bound> &out) {
  // (Whether a `!=` compares as unsigned is the counter's type: readHeader.)
  c = truthOf(c);
  if (auto a = c.getDefiningOp<arith::AndIOp>(); a && a.getType().isInteger(1))
    return boundsOf(a.getLhs(), isCounter, out) &&
           boundsOf(a.getRhs(), isCounter, out);
  auto cmp = c.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return false;
  using P = arith::CmpIPredicate;
  P p = cmp.getPredicate();
  Bound b;
  bool widened = false;
  int64_t offset = 0;
  Value by;
  bool byMinus = false, byZeroExtended = false;
  Value other;
  bool flip = false;
  // The counter, perhaps widened for the comparison, perhaps plus a
  // constant: `i + 1`, widened inside the add (`c + 1` of a char, in int)
  // or outside it (`i + 1` of an int, compared with a long); or plus or
  // minus another value, `i + w`, `w + i`, `i - w`.
  auto counter = [&](Value v) {
    bool ext;
    Value u = unwidened(v, ext);
    offset = 0;
    by = Value();
    byMinus = false;
    if (isCounter(u)) {
      widened = ext;
      return true;
    }
    Operation *def = u.getDefiningOp();
    if (!isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
      return false;
    bool inner;
    Value x = def->getOperand(0), k = def->getOperand(1);
    if (isa<arith::AddIOp>(def) && !isCounter(unwidened(x, inner)))
      std::swap(x, k);
    if (!isCounter(unwidened(x, inner)))
      return false;
    widened = ext || inner;
    bool minus = isa<arith::SubIOp>(def);
    if (auto c = constantOf(k)) {
      if (*c == INT64_MIN)
        return false;
      offset = minus ? -*c : *c;
    } else {
      by = k;
      byMinus = minus;
      byZeroExtended = ext && isa<arith::ExtUIOp>(v.getDefiningOp());
    }
    return true;
  };
  // Pointers: `p < end` is `ptr_diff(p, end) < 0` (the importer).
  auto diff = cmp.getLhs().getDefiningOp<PtrDiffOp>();
  if (diff && constantOf(cmp.getRhs()) == 0) {
    if (isCounter(diff.getLhs()))
      other = diff.getRhs();
    else if (isCounter(diff.getRhs()))
      other = diff.getLhs(), flip = true;
    else
      return false;
  } else if (counter(cmp.getLhs())) {
    other = cmp.getRhs();
  } else if (counter(cmp.getRhs())) {
    other = cmp.getLhs();
    flip = true; // `n > i` is `i < n`
  } else {
    return false;
  }
  if (p == P::ne)
    b.rel = Rel::NE;
  else if (p == P::slt || p == P::ult)
    b.rel = flip ? Rel::GT : Rel::LT;
  else if (p == P::sle || p == P::ule)
    b.rel = flip ? Rel::GE : Rel::LE;
  else if (p == P::sgt || p == P::ugt)
    b.rel = flip ? Rel::LT : Rel::GT;
  else if (p == P::sge || p == P::uge)
    b.rel = flip ? Rel::LE : Rel::GE;
  else
    return false;
  b.unsignedCmp = p == P::ult || p == P::ule || p == P::ugt || p == P::uge;
  b.widened = widened;
  b.offset = offset;
  b.by = by;
  b.byMinus = byMinus;
  b.byZeroExtended = byZeroExtended;
  b.value = other;
  out.push_back(b);
  return true;
}

/// The constant the cell holds where `loop` starts, from the last store to
/// it before the loop in the same block.
static std::optional<int64_t> startConstant(Operation *loop, Value cell) {
  for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode()) {
    if (isStore(op) && op->getOperand(1) == cell)
      return op->getNumOperands() == 2 ? constantOf(op->getOperand(0))
                                       : std::nullopt;
    if (mayWriteCell(op, cell) || op->getNumRegions())
      return std::nullopt;
  }
  return std::nullopt;
}

/// The ops that compute the store's value, in its block: the step's own.
static SmallPtrSet<Operation *, 8> stepOps(Operation *store) {
  SmallPtrSet<Operation *, 8> ops;
  SmallVector<Value> work{store->getOperand(0)};
  while (!work.empty()) {
    Operation *d = work.pop_back_val().getDefiningOp();
    if (d && d->getBlock() == store->getBlock() && ops.insert(d).second)
      llvm::append_range(work, d->getOperands());
  }
  return ops;
}

/// Is `load` the step's own read of the counter, with the step's values
/// used by the step alone (`i++;`, not `a[i++]` or `a[++i]`)?
static bool onlyFeedsStep(Operation *load, Operation *store) {
  SmallPtrSet<Operation *, 8> own = stepOps(store);
  return own.contains(load) && llvm::all_of(own, [&](Operation *op) {
           return llvm::all_of(op->getUsers(), [&](Operation *u) {
             return own.contains(u) || u == store;
           });
         });
}

/// Does the load only feed one of the steps `stores` (each a store and its
/// step)?
static bool onlyFeedsSteps(Operation *load,
                           ArrayRef<std::pair<Operation *, int64_t>> stores) {
  return llvm::any_of(
      stores, [&](const auto &x) { return onlyFeedsStep(load, x.first); });
}

/// The last store in the body's own block that steps the variable with
/// decl id `decl` (the counter the importer found), by a constant or by a
/// variable `loop` does not write, or null.
static Operation *bodyStep(Operation *loop, Block &body, int64_t decl,
                           std::optional<int64_t> known) {
  Operation *found = nullptr;
  for (Operation &op : body.without_terminator())
    if (isStore(&op)) {
      Value c = anyStepOf(&op, known).first;
      if (!c)
        c = variableStepOf(&op, loop).cell;
      if (c && memPathOf(c).root.decl == decl)
        found = &op;
    }
  return found;
}

/// The block's one store (a condition's step), or null.
static Operation *onlyStore(Block &block) {
  Operation *found = nullptr;
  for (Operation &op : block) {
    if (!isStore(&op))
      continue;
    if (found)
      return nullptr;
    found = &op;
  }
  return found;
}

/// Why `loop` cannot be counted, or "" with `h` filled in.
static std::string readHeader(OpaqueLoopOp loop, Header &h) {
  Block &body = loop.getBody().front();
  // A `for` steps its counter in its increment, which the importer puts
  // last in the body and which a continue does not skip.
  bool isFor = loop.getKind() == "for";
  // Where the importer found the step in the C: one of the body's own
  // statements (of the variable weft.c_counter), or the condition
  // (weft.c_step_cond).
  if (auto c = loop->getAttrOfType<StringAttr>("weft.c_step_cond"))
    h.stepInCond = c.str();
  // A step in the condition that the importer found no header for.
  if (Operation *st = onlyStore(loop.getCondition().front());
      st && h.stepInCond.empty()) {
    Value c = stepOf(st).first;
    auto a = c ? c.getDefiningOp<memref::AllocaOp>() : nullptr;
    auto n = a ? a->getAttrOfType<StringAttr>("weft.name") : StringAttr();
    if (!n)
      return "the condition has side effects";
    if (loop.getKind() == "do")
      return "the condition steps " + n.str() +
             " after the body and tests the value before the step "
             "(`i++ < n`), which weft does not count in a do loop";
    return "the condition steps " + n.str() +
           " in a way weft does not count (it counts `i-- > 0` and "
           "`++i < n`)";
  }
  // A step under a `&&`, `||` or `?:` of the condition (GSL's `for (i = N;
  // i > 0 && i--;)`), which runs in some tests only.
  Operation *nested = nullptr;
  for (Operation &op : loop.getCondition().front())
    if (op.getNumRegions())
      op.walk([&](Operation *in) {
        if (!nested && isStore(in))
          nested = in;
      });
  if (nested) {
    Value c = anyStepOf(nested).first;
    auto a = c ? c.getDefiningOp<memref::AllocaOp>() : nullptr;
    auto n = a ? a->getAttrOfType<StringAttr>("weft.name") : StringAttr();
    return n ? "the condition steps " + n.str() +
                   " in only some of its tests (under &&, || or ?:), "
                   "which weft does not count"
             : "the condition has side effects";
  }
  auto counterDecl = loop->getAttrOfType<IntegerAttr>("weft.c_counter");
  std::optional<int64_t> known;
  if (auto k = loop->getAttrOfType<IntegerAttr>("weft.c_inc_step"); k && isFor)
    known = k.getInt();
  Operation *stepStore =
      !h.stepInCond.empty() ? onlyStore(loop.getCondition().front())
      : counterDecl         ? bodyStep(loop, body, counterDecl.getInt(), known)
                            : nullptr;
  auto [stepped, step] =
      stepStore ? anyStepOf(stepStore, known) : std::pair<Value, int64_t>();
  // `i += m`, m a variable the loop does not write.
  VariableStep byVar;
  if (!stepped && stepStore && h.stepInCond.empty()) {
    byVar = variableStepOf(stepStore, loop);
    stepped = byVar.cell;
    step = byVar.sign;
  }
  Value cell = stepped;
  auto alloca = cell ? cell.getDefiningOp<memref::AllocaOp>() : nullptr;
  if (auto global = cell ? cell.getDefiningOp<memref::GetGlobalOp>() : nullptr;
      global && isa<MemRefType>(cell.getType()) &&
      cast<MemRefType>(cell.getType()).getRank() == 0) {
    std::string name = global.getName().str();
    if (Operation *def =
            SymbolTable::lookupNearestSymbolFrom(global, global.getNameAttr()))
      if (auto n = def->getAttrOfType<StringAttr>("weft.name"))
        name = n.str();
    return "the counter " + name +
           " is a global or static variable, which calls may change";
  }
  h.isPointer = alloca && alloca.getType().getRank() == 0 &&
                isa<PtrType>(alloca.getType().getElementType());
  if (!alloca || alloca.getType().getRank() != 0 ||
      !(h.isPointer || alloca.getType().getElementType().isSignlessInteger()) ||
      !alloca->hasAttr("weft.decl") || loop->isAncestor(alloca))
    return "its body does not step a variable that the condition compares "
           "by a constant (i++, i += 4)";
  // (pointerStepOf found a pointer's step in whole elements of these.)
  if (h.isPointer)
    h.elemBytes = pointeeBytesOf(cell);
  h.cell = cell;
  h.step = step;
  h.stepStore = stepStore;
  Operation *last = stepStore;
  // Is op (in the body) after a step in the body?
  auto afterStep = [&](Operation *op) {
    Operation *top = body.findAncestorOpInBlock(*op);
    return h.stepInCond.empty() && top && stepStore->getBlock() == &body &&
           stepStore->isBeforeInBlock(top);
  };
  h.decl = alloca->getAttrOfType<IntegerAttr>("weft.decl").getInt();
  auto nameAttr = alloca->getAttrOfType<StringAttr>("weft.name");
  h.name = nameAttr ? nameAttr.str() : "?";
  h.isUnsigned = alloca->hasAttr("weft.unsigned");
  std::string name = h.name;
  if (alloca->hasAttr("weft.escapes"))
    return "the address of the counter " + name + " is taken";
  unsigned width =
      h.isPointer ? 64
                  : alloca.getType().getElementType().getIntOrFloatBitWidth();
  // A step by a variable: of a signed counter as wide as int at least,
  // upward, by a signed variable, in a for or while loop. Its overflow is
  // then undefined, so the counter does not wrap; the C that weft writes
  // tests that the step is positive before it counts the trip (a step of 0
  // or less never ends the loop, or ends it by overflow), and else runs the
  // loop as written.
  if (byVar.cell) {
    h.stepBy = byVar.by;
    h.stepByName = byVar.name;
    std::string by = " steps by " + byVar.name + ", a variable: weft counts";
    if (h.isPointer)
      return "the pointer " + name + by + " only integer counters so";
    if (h.isUnsigned || width < 32)
      return "the counter " + name + by +
             " only a signed counter as wide as int so (an unsigned one may "
             "wrap)";
    if (byVar.isUnsigned)
      return "the counter " + name + by +
             " only a step of a signed type (an unsigned step may wrap the "
             "sum)";
    if (step < 0)
      return "the counter " + name + " steps down by " + byVar.name +
             ", a variable, which weft does not count";
    if (loop.getKind() == "do")
      return "the counter " + name + by + " only a for or while loop so";
  }

  Operation *cond = loop.getCondition().front().getTerminator();
  // What the condition compares: the counter, or with a step in the
  // condition, the value before the step ("post") or after it ("pre").
  auto own = stepOps(stepStore);
  auto isCounter = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (h.stepInCond == "pre")
      return v == stepStore->getOperand(0) ||
             (cellRead(v) == cell && def->getBlock() == stepStore->getBlock() &&
              stepStore->isBeforeInBlock(def));
    if (h.stepInCond == "post")
      return cellRead(v) == cell && own.contains(def);
    return cellRead(v) == cell;
  };
  if (!boundsOf(cast<ConditionOp>(cond).getCondition(), isCounter, h.bounds))
    return "the condition is not a comparison of the counter " + name +
           " with a bound";
  for (Bound &b : h.bounds)
    if (b.rel == Rel::NE && !b.widened)
      b.unsignedCmp = h.isUnsigned;
  // (weft counts no counter narrower than int of a while or do loop; a
  // for's wraps like an unsigned one: below.)
  if (width < 32 && !isFor)
    return "the counter " + name + " is narrower than int and may wrap";
  auto header = loop->getAttrOfType<IntegerAttr>("weft.c_counter");
  auto count = loop->getAttrOfType<IntegerAttr>("weft.c_bounds");
  if (!header || header.getInt() != h.decl || !count ||
      count.getInt() != (int64_t)h.bounds.size())
    return "weft cannot read the loop's header back in C";

  // Nothing else in the body writes the counter, leaves, or skips the step.
  std::string why;
  llvm::StringSet<> labels;
  loop.getBody().walk([&](LabelOp op) { labels.insert(op.getLabel()); });
  loop.getBody().walk([&](Operation *op) {
    if (!why.empty() || op == last)
      return;
    std::string at = where(op->getLoc());
    if (isa<ReturnOp>(op))
      why = "a return at " + at + " leaves the loop";
    else if (auto g = dyn_cast<GotoOp>(op); g && !labels.contains(g.getLabel()))
      why = "a goto at " + at + " leaves the loop";
    else if (isa<GotoOp, LabelOp>(op))
      why = "a goto or label at " + at + " is inside the body";
    else if (isa<BreakOp>(op) && jumpTarget(op) == loop)
      why = "a break at " + at + " leaves the loop";
    else if (isa<ContinueOp>(op) && jumpTarget(op) == loop && !isFor &&
             h.stepInCond.empty() && !afterStep(op))
      why = "a continue at " + at + " skips the step of the counter " + name;
    else if (mayWriteCell(op, cell) && op->getNumRegions() == 0)
      why = "the counter " + name + " is changed in the body at " + at;
  });
  if (!why.empty())
    return why;
  // Which values of the counter the body reads: `i-- > 0` gives the body
  // the stepped value; a step in the body, the iteration's value before it
  // and the stepped one after it.
  loop.getBody().walk([&](Operation *op) {
    if (!isLoad(op) || op->getNumOperands() != 1 || op->getOperand(0) != cell ||
        (h.stepInCond.empty() && onlyFeedsStep(op, stepStore)))
      return;
    if (h.stepInCond == "post" || afterStep(op))
      h.readsAfter = true;
    else
      h.readsBefore = true;
  });

  // The condition only reads; its bounds stay what they were. (They are
  // computed once, before the loop: in a for or while loop, where C tests
  // the condition before the body, a division may go there too.)
  for (Operation &op : loop.getCondition().front().without_terminator()) {
    if (isLoad(&op) || isPure(&op) || &op == stepStore ||
        (loop.getKind() != "do" && isMemoryEffectFree(&op)))
      continue;
    if (auto call = dyn_cast<CallOp>(op))
      return "the condition calls " + call.getCallee().str() +
             ", which C calls again in every iteration";
    if (auto fx = dyn_cast<EffectsOp>(op); fx && fx.getKind() == "volatile")
      return "the condition reads volatile memory, which may change at any "
             "time";
    return "the condition has side effects";
  }
  SmallVector<Value> work;
  for (const Bound &b : h.bounds) {
    work.push_back(b.value);
    if (b.by)
      work.push_back(b.by);
  }
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (def && loop->isAncestor(def) && h.boundOps.insert(def))
      llvm::append_range(work, def->getOperands());
  }
  DenseSet<Value> written = cellsWrittenIn(loop);
  for (Operation *op : h.boundOps) {
    if (!isLoad(op))
      continue;
    MemPath p = memPathOf(op->getOperand(0));
    if (p.root.base == cell)
      return "the bound reads the counter " + name;
    bool localCell = p.views.empty() && p.root.isCell && !p.root.escapes &&
                     p.root.base &&
                     p.root.base.getDefiningOp<memref::AllocaOp>();
    if (localCell && written.contains(p.root.base))
      return "the bound reads " + p.root.name + ", which the body changes";
    if (!localCell)
      h.readsMemory = true;
  }

  // Can the counter wrap before a bound stops it? Not a signed one (its
  // overflow is undefined); an unsigned one wraps (docs/ir.md, "Loops").
  bool up = step > 0;
  // The first value the condition tests, when it is a constant: a do
  // loop, and `++i < n`, step the counter before the first test.
  bool isDo = loop.getKind() == "do";
  auto start = startConstant(loop, cell);
  if (start && (isDo || h.stepInCond == "pre"))
    *start += step;
  // A do loop steps an unsigned counter before its first test: from 0 down,
  // from the largest value up, or past an unknown bound, it wraps, and C
  // then runs about 2^32 times. Counted: up, from a constant, to < or <=.
  if (isDo && h.isUnsigned &&
      (!up || !start ||
       llvm::any_of(h.bounds, [](const Bound &b) { return b.rel == Rel::NE; })))
    return "the do loop steps the unsigned counter " + name +
           " before its first test, which may wrap it";
  for (const Bound &b : h.bounds) {
    bool ok = up ? (b.rel == Rel::LT || b.rel == Rel::LE ||
                    (b.rel == Rel::NE && step == 1 && !h.stepBy))
                 : (b.rel == Rel::GT || b.rel == Rel::GE ||
                    (b.rel == Rel::NE && step == -1));
    if (!ok)
      return "the condition does not bound the counter " + name +
             " in the direction it moves";
    // (A pointer does not wrap: C's arithmetic on it stays in one object.)
    if (h.isPointer)
      continue;
    // `i + w <= n` is `i <= n - w` where C computes i + w in a signed type,
    // whose overflow is undefined: a signed ordered comparison, of the sum
    // itself or of the sum sign-extended (a zero extension widens an
    // unsigned one; `!=` does not say which), of a signed counter as wide
    // as int at least.
    if (b.by && (b.rel == Rel::NE || b.unsignedCmp || b.byZeroExtended ||
                 h.isUnsigned || width < 32))
      return "the condition compares " + name +
             (b.byMinus ? " minus" : " plus") +
             " a value in arithmetic that may wrap (weft counts such a bound "
             "in signed arithmetic, with < <= > >=, only)";
    auto bc = constantOf(b.value);
    // `i + 1 < n` compares i + 1, which must not wrap where i does not: in
    // unsigned arithmetic, only a positive offset of a counter that goes up
    // (`i - 1` of 0 wraps; `i + 1 > 0` of a counter going down stops where
    // i wraps, which the count does not model).
    std::string compared = name + (b.offset > 0 ? " + " : " - ") +
                           std::to_string(std::abs(b.offset));
    // (A counter narrower than int gets its offset in int; an unsigned one
    // going down wraps at 0 all the same.)
    bool unsignedArith = b.unsignedCmp || (h.isUnsigned && width >= 32);
    if (b.offset && !up && (unsignedArith || h.isUnsigned))
      return "the condition compares " + compared +
             " of an unsigned counter that counts down";
    if (b.offset < 0 && unsignedArith)
      return "the condition compares " + compared +
             ", which may wrap below zero in unsigned arithmetic";
    // An unsigned counter compared in a wider type wraps before a bound it
    // cannot hold, and so does one narrower than int (C steps it in int
    // and converts back): unless the bound is a constant it holds (the one
    // past it, for `<=`: `c <= 255` of an unsigned char never fails). With
    // an offset, the counter's own bound, the constant less the offset, too.
    bool narrow = width < 32;
    unsigned bits = width - !h.isUnsigned;
    // (Sums of constants, none where one does not fit an int64_t; the
    // offset is never INT64_MIN: boundsOf.)
    auto plus = [](std::optional<int64_t> v,
                   int64_t d) -> std::optional<int64_t> {
      int64_t r;
      if (!v || __builtin_add_overflow(*v, d, &r))
        return std::nullopt;
      return r;
    };
    auto holds = [&](std::optional<int64_t> v) {
      return v && *v >= 0 && (bits >= 63 || *v < (int64_t(1) << bits));
    };
    int64_t past = b.rel == Rel::LE;
    if ((h.isUnsigned || narrow) && (b.widened || narrow) &&
        !(holds(plus(bc, past)) && holds(plus(plus(bc, -b.offset), past))))
      return "the counter " + name +
             (narrow ? " is narrower than int" : " is unsigned") +
             " and may wrap before it reaches the bound";
    // An unsigned int's i + 1 wraps to 0 from the largest value, where the
    // count (in 64 bits) would not: from a start that holds it only.
    if (h.isUnsigned && !narrow && width < 64 && b.offset > 0 &&
        !(holds(start) && holds(plus(start, b.offset))))
      return "the condition compares " + compared +
             ", which may wrap from an unknown start";
    if (!h.isUnsigned && b.unsignedCmp) {
      if (auto first = plus(start, b.offset); !first || *first < 0)
        return "the counter " + name +
               " is compared as unsigned but may start negative";
    }
    if (h.isUnsigned) {
      if (b.rel == Rel::NE &&
          !(up ? plus(start, b.offset) == 0 : bc && *bc == 0))
        return "the unsigned counter " + name +
               " may wrap before it equals the bound";
      if (!up && b.rel == Rel::GE && !(bc && *bc >= -step))
        return "the unsigned counter " + name +
               " wraps below zero before the condition fails";
      if (!up && b.rel == Rel::GT && step < -1 && !(bc && *bc >= -step - 1))
        return "the unsigned counter " + name + " may step over zero and wrap";
    }
  }
  return "";
}

/// Erases the store of a step in a body and the step's own ops (its
/// constant, casts and read) that nothing else uses.
static void eraseStep(Operation *store) {
  Block *block = store->getBlock();
  SmallVector<Operation *> dead{store};
  while (!dead.empty()) {
    Operation *d = dead.pop_back_val();
    if (!d->use_empty() || !(d == store || isPure(d) || isLoad(d)) ||
        d->getNumRegions())
      continue;
    for (Value v : d->getOperands())
      if (Operation *dd = v.getDefiningOp(); dd && dd->getBlock() == block)
        dead.push_back(dd);
    d->erase();
  }
}

static Value toIndex(OpBuilder &b, Location l, Value v, bool isUnsigned) {
  if (v.getType().isIndex())
    return v;
  if (isUnsigned)
    return b.create<arith::IndexCastUIOp>(l, b.getIndexType(), v);
  return b.create<arith::IndexCastOp>(l, b.getIndexType(), v);
}

/// The ops of `loop`'s condition that compute its bounds, cloned before
/// it (the body changes none of what they read); a read of memory is
/// marked weft.bound_of, as the importer marks a for's.
static IRMapping cloneBounds(OpBuilder &b, OpaqueLoopOp loop, const Header &h) {
  auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
  IRMapping map;
  for (Operation &op : loop.getCondition().front().without_terminator()) {
    if (!h.boundOps.contains(&op))
      continue;
    Operation *c = b.clone(op, map);
    if (isLoad(c) && h.readsMemory && id)
      c->setAttr("weft.bound_of", id);
  }
  return map;
}

/// The scf.for from lb to ub by `step` that replaces `loop`, with its
/// attributes (but the importer's header, weft.c_*) and its body (but the
/// terminator) moved in.
static scf::ForOp countedFor(OpBuilder &b, OpaqueLoopOp loop, const Header &h,
                             Value lb, Value ub, Value step) {
  Location l = loop.getLoc();
  auto forOp = b.create<scf::ForOp>(l, lb, ub, step);
  for (NamedAttribute a : loop->getDiscardableAttrs())
    if (!a.getName().getValue().starts_with("weft.c_") ||
        a.getName() == "weft.c_init")
      forOp->setAttr(a.getName(), a.getValue());
  forOp->setAttr("weft.kind", b.getStringAttr(loop.getKind()));
  forOp->setAttr("weft.iv_name", b.getStringAttr(h.name));
  forOp->setAttr("weft.counter", b.getI64IntegerAttr(h.decl));
  if (h.readsMemory)
    forOp->setAttr("weft.bound_reads_memory", b.getUnitAttr());
  Block *nb = forOp.getBody();
  Block &ob = loop.getBody().front();
  nb->getOperations().splice(nb->getTerminator()->getIterator(),
                             ob.getOperations(), ob.begin(),
                             std::prev(ob.end()));
  return forOp;
}

/// Replaces the body's reads of the counter (but the step's own) with the
/// iteration's value, `before` its step, and `after` it (or with `i-- >
/// 0`, where the body sees the stepped value); erases a step in the body
/// (a step in the condition goes with the condition).
static void replaceCounterReads(scf::ForOp forOp, const Header &h, Value before,
                                Value after) {
  Block *nb = forOp.getBody();
  SmallVector<Operation *> reads;
  forOp.getRegion().walk([&](Operation *op) {
    if (isLoad(op) && op->getNumOperands() == 1 &&
        op->getOperand(0) == h.cell &&
        !(h.stepInCond.empty() && onlyFeedsStep(op, h.stepStore)))
      reads.push_back(op);
  });
  for (Operation *r : reads) {
    bool isAfter = h.stepInCond == "post" ||
                   (h.stepInCond.empty() && h.stepStore->isBeforeInBlock(
                                                nb->findAncestorOpInBlock(*r)));
    r->getResult(0).replaceAllUsesWith(isAfter ? after : before);
    r->erase();
  }
  if (h.stepInCond.empty())
    eraseStep(h.stepStore);
}

/// The value the last store to `cell` before `at`, in its block, left in
/// it, with nothing between that may write the cell; else null.
static Value storedBefore(Operation *at, Value cell) {
  for (Operation *op = at->getPrevNode(); op; op = op->getPrevNode()) {
    if (isStore(op) && op->getNumOperands() == 2 && op->getOperand(1) == cell)
      return op->getOperand(0);
    if (mayWriteCell(op, cell))
      return Value();
  }
  return Value();
}

static Value storedRightBefore(Operation *loop, Value cell);

/// A pointer as a root and an offset from it in elements of `bytes` bytes:
/// `weft.addr %m[%i]` of a one-dimensional memref of such elements is %m
/// at i, `weft.ptr_add %p, %k` is p's root at p's offset plus k (an index,
/// of its elements, a whole number of these), a read of a pointer variable that
/// a store before it set is the stored pointer; any other pointer is its own
/// root, at 0.
static Value splitPointer(Value p, int64_t bytes,
                          SmallVectorImpl<std::pair<Value, int64_t>> &terms,
                          unsigned depth = 0) {
  if (depth > 16)
    return p;
  if (auto add = p.getDefiningOp<PtrAddOp>();
      add && add.getOffset().getType().isIndex() && add.getElemSize() > 0 &&
      add.getElemSize() % bytes == 0) {
    terms.push_back({add.getOffset(), add.getElemSize() / bytes});
    return splitPointer(add.getPtr(), bytes, terms, depth + 1);
  }
  if (auto addr = p.getDefiningOp<AddrOp>()) {
    auto t = cast<MemRefType>(addr.getBase().getType());
    if (t.getRank() == 1 && addr.getIndices().size() == 1 &&
        elementBytes(t.getElementType(), addr->getParentOfType<ModuleOp>()) ==
            bytes) {
      terms.push_back({addr.getIndices()[0], 1});
      return addr.getBase();
    }
    return p;
  }
  if (Value cell = cellRead(p))
    if (Value v = storedBefore(p.getDefiningOp(), cell);
        v && isa<PtrType>(v.getType()))
      return splitPointer(v, bytes, terms, depth + 1);
  return p;
}

/// `x - y` of two pointers, in elements of `bytes` bytes, as their
/// offsets' difference where one root holds both (splitPointer), made at
/// b's insertion point; null where their roots differ.
static Value offsetDifference(OpBuilder &b, Location l, Value x, Value y,
                              int64_t bytes) {
  SmallVector<std::pair<Value, int64_t>> tx, ty;
  if (splitPointer(x, bytes, tx) != splitPointer(y, bytes, ty))
    return Value();
  // Terms on both sides cancel; constant 0 terms are none.
  for (auto &t : ty)
    t.second = -t.second;
  llvm::append_range(tx, ty);
  llvm::MapVector<Value, int64_t> sum;
  for (auto [v, c] : tx)
    if (getConstantIntValue(v) != 0)
      sum[v] += c;
  Value d;
  for (auto [v, c] : sum) {
    if (!c)
      continue;
    Value i = v;
    if (c != 1)
      i = b.create<arith::MulIOp>(l, i, b.create<arith::ConstantIndexOp>(l, c));
    d = d ? (Value)b.create<arith::AddIOp>(l, d, i) : i;
  }
  return d ? d : (Value)b.create<arith::ConstantIndexOp>(l, 0);
}

/// `x - y` of two pointers: offsetDifference, else a weft.ptr_diff.
static Value pointerDistance(OpBuilder &b, Location l, Value x, Value y,
                             int64_t bytes) {
  if (Value d = offsetDifference(b, l, x, y, bytes))
    return d;
  return b.create<PtrDiffOp>(l, b.getIndexType(), x, y,
                             b.getI64IntegerAttr(bytes));
}

/// A pointer counter `h` k steps from `start`, made at b's insertion point.
static Value steppedPointer(OpBuilder &b, Location l, Value start, Value k,
                            const Header &h) {
  Value off = h.step == 1
                  ? k
                  : (Value)b.create<arith::MulIOp>(
                        l, k, b.create<arith::ConstantIndexOp>(l, h.step));
  return b.create<PtrAddOp>(l, PtrType::get(b.getContext()), start, off,
                            b.getI64IntegerAttr(h.elemBytes));
}

/// Replaces `loop`, whose counter is a pointer (`while (p < end)`), with a
/// counted loop over k, the iteration's number: the pointer is its value
/// where the loop starts plus k steps (weft.c_step, the step in elements),
/// and the trip count is the distance to the bound in steps.
static void rewritePointer(OpaqueLoopOp loop, const Header &h) {
  OpBuilder b(loop);
  Location l = loop.getLoc();
  auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
  bool isDo = loop.getKind() == "do";
  auto cst = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIndexOp>(l, v);
  };
  // The pointer where the loop starts: what a store right before the loop
  // left in it (`p = a; while (p < end)`), when a check can name that, else a
  // read of the variable, named as the importer names a variable's (checks, and
  // weft-fold-offsets' views, name it so). A for's init sets the pointer (and
  // may declare it, which a check before the loop cannot name): what the init
  // stored.
  Value start = loop->hasAttr("weft.c_init") ? storedBefore(loop, h.cell)
                                             : storedRightBefore(loop, h.cell);
  if (!start || !isa<PtrType>(start.getType()))
    start = b.create<affine::AffineLoadOp>(
        NameLoc::get(b.getStringAttr(h.name), l), h.cell, ValueRange{});
  // `while (++p < end)` starts where the first step takes the pointer (a
  // do loop's is the step after the body, as a last statement is).
  if (h.stepInCond == "pre" && !isDo)
    start = b.create<PtrAddOp>(l, PtrType::get(b.getContext()), start,
                               cst(h.step), b.getI64IntegerAttr(h.elemBytes));
  IRMapping map = cloneBounds(b, loop, h);
  bool up = h.step > 0;
  int64_t mag = up ? h.step : -h.step;
  Value end;
  for (const Bound &bd : h.bounds) {
    Value lim = map.lookupOrDefault(bd.value);
    Value d = up ? pointerDistance(b, l, lim, start, h.elemBytes)
                 : pointerDistance(b, l, start, lim, h.elemBytes);
    if (bd.rel == Rel::LE || bd.rel == Rel::GE)
      d = b.create<arith::AddIOp>(l, d, cst(1));
    if (mag != 1)
      d = b.create<arith::CeilDivSIOp>(l, d, cst(mag));
    end = end ? (Value)b.create<arith::MinSIOp>(l, end, d) : d;
  }
  // A do loop runs its body once before the first test.
  if (isDo)
    end = b.create<arith::MaxSIOp>(l, end, cst(1));
  scf::ForOp forOp = countedFor(b, loop, h, cst(0), end, cst(1));
  // (Normalized: no check names k as the variable.)
  forOp->setAttr("weft.c_step", b.getI64IntegerAttr(h.step));
  Block *nb = forOp.getBody();
  OpBuilder ib = OpBuilder::atBlockBegin(nb);
  Value iv = forOp.getInductionVar();
  Value before, after;
  if (h.readsBefore)
    before = steppedPointer(ib, l, start, iv, h);
  if (h.readsAfter)
    after = steppedPointer(ib, l, start,
                           ib.create<arith::AddIOp>(
                               l, iv, ib.create<arith::ConstantIndexOp>(l, 1)),
                           h);
  replaceCounterReads(forOp, h, before, after);

  // The pointer after the loop, for code after it.
  b.setInsertionPointAfter(forOp);
  Value trip = b.create<arith::MaxSIOp>(l, end, cst(0));
  // `p-- > a` steps the pointer once more, in the test that fails.
  if (h.stepInCond == "post")
    trip = b.create<arith::AddIOp>(l, trip, cst(1));
  Value exit = steppedPointer(b, l, start, trip, h);
  auto store = b.create<affine::AffineStoreOp>(l, exit, h.cell, ValueRange{});
  if (id)
    store->setAttr("weft.counter_exit", id);
  loop.erase();
}

/// The value of a step by a variable (h.stepBy) where `loop` starts, made
/// at b's insertion point when the loop reads it inside: a read of the
/// variable, named as the importer names a variable's.
static Value stepByValue(OpBuilder &b, OpaqueLoopOp loop, const Header &h) {
  Value by = h.stepBy;
  if (!loop->isAncestor(by.getParentBlock()->getParentOp()))
    return by;
  // The counter of a loop around (invariantVariable): its conversion.
  if (auto cast = by.getDefiningOp<arith::IndexCastOp>())
    return b.create<arith::IndexCastOp>(loop.getLoc(), by.getType(),
                                        cast.getIn());
  Value cell = cellRead(h.stepBy);
  return b.create<affine::AffineLoadOp>(
      NameLoc::get(b.getStringAttr(h.stepByName), loop.getLoc()), cell,
      ValueRange{});
}

/// Replaces `loop` with the counted loop `h` describes.
static void rewrite(OpaqueLoopOp loop, const Header &h) {
  OpBuilder b(loop);
  Location l = loop.getLoc();
  auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
  bool isDo = loop.getKind() == "do";
  Type ct = cast<MemRefType>(h.cell.getType()).getElementType();
  auto cst = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIndexOp>(l, v);
  };

  // The counter's value where the loop starts, and the bounds, computed
  // once (the body changes none of what they read).
  Value start = b.create<affine::AffineLoadOp>(l, h.cell, ValueRange{});
  Value st = toIndex(b, l, start, h.isUnsigned);
  // `while (++i < n)` starts where the first step takes the counter (a do
  // loop's `++i < n` is the step after the body, as a last statement is).
  if (h.stepInCond == "pre" && !isDo)
    st = b.create<arith::AddIOp>(l, st, cst(h.step));
  IRMapping map = cloneBounds(b, loop, h);
  bool up = h.step > 0;
  int64_t mag = up ? h.step : -h.step;
  Value end;
  for (const Bound &bd : h.bounds) {
    // `i + 1 < n` is `i < n - 1` (readHeader: i + 1 does not wrap).
    Value lim = toIndex(b, l, map.lookupOrDefault(bd.value), bd.unsignedCmp);
    int64_t by = (bd.rel == Rel::LE   ? 1
                  : bd.rel == Rel::GE ? -1
                                      : 0) -
                 bd.offset;
    if (by)
      lim = b.create<arith::AddIOp>(l, lim, cst(by));
    // `i + w <= n` is `i <= n - w` (readHeader: in signed arithmetic).
    if (bd.by) {
      Value w = toIndex(b, l, map.lookupOrDefault(bd.by), false);
      lim = bd.byMinus ? (Value)b.create<arith::AddIOp>(l, lim, w)
                       : (Value)b.create<arith::SubIOp>(l, lim, w);
    }
    if (!up) {
      // Normalized: the trip count.
      lim = b.create<arith::SubIOp>(l, st, lim);
      if (mag != 1)
        lim = b.create<arith::CeilDivSIOp>(l, lim, cst(mag));
    }
    end = end ? (Value)b.create<arith::MinSIOp>(l, end, lim) : lim;
  }
  // A do loop runs its body once before the first test.
  if (isDo)
    end = b.create<arith::MaxSIOp>(
        l, end, up ? (Value)b.create<arith::AddIOp>(l, st, cst(1)) : cst(1));
  // When the body reads only the stepped value (`i--; a[i] = 0;`,
  // `i-- > 0`), an increasing loop runs its induction variable one step on,
  // so that it stays the C counter's value in the body: a run-time check of
  // a loop inside names it as the variable (CNames). A body that reads both
  // values has no such induction variable (weft.counter_moves: CNames does
  // not name it). (A decreasing loop is normalized, and its induction
  // variable is never named.)
  bool shift = up && h.readsAfter && !h.readsBefore;
  // The step, as an index: a constant, or the variable's value where the
  // loop starts (readHeader: up, and the loop does not write it).
  Value stepV =
      h.stepBy ? toIndex(b, l, stepByValue(b, loop, h), false) : cst(mag);
  Value lb = up ? st : cst(0), ub = end;
  if (shift) {
    lb = b.create<arith::AddIOp>(l, st, stepV);
    ub = b.create<arith::AddIOp>(l, end, stepV);
  }
  scf::ForOp forOp = countedFor(b, loop, h, lb, ub, up ? stepV : cst(1));
  if (!up)
    forOp->setAttr("weft.c_step", b.getI64IntegerAttr(h.step));
  // (Its induction variable is the counter, which steps by a variable:
  // LoopInfo::stepValue.)
  if (h.stepBy)
    forOp->setAttr("weft.c_step_by", b.getStringAttr(h.stepByName));
  if (h.readsBefore && h.readsAfter)
    forOp->setAttr("weft.counter_moves", b.getUnitAttr());

  // The body, without its step; its reads of the counter read the
  // iteration's value before the step, and that value stepped once after
  // it.
  Block *nb = forOp.getBody();
  OpBuilder ib = OpBuilder::atBlockBegin(nb);
  auto icst = [&](int64_t v) -> Value {
    return ib.create<arith::ConstantIndexOp>(l, v);
  };
  Value iv = forOp.getInductionVar();
  Value cur = up ? iv
                 : (Value)ib.create<arith::SubIOp>(
                       l, st, ib.create<arith::MulIOp>(l, iv, icst(mag)));
  Value before, after;
  if (h.readsBefore)
    before = ib.create<arith::IndexCastOp>(l, ct, cur);
  if (h.readsAfter)
    after = ib.create<arith::IndexCastOp>(
        l, ct,
        shift ? cur
              : ib.create<arith::AddIOp>(l, cur,
                                         h.stepBy ? stepV : icst(h.step)));
  replaceCounterReads(forOp, h, before, after);

  // The counter's value after the loop, for code after it.
  b.setInsertionPointAfter(forOp);
  Value trip;
  if (up) {
    Value span = b.create<arith::MaxSIOp>(
        l, b.create<arith::SubIOp>(l, end, st), cst(0));
    trip = mag == 1 && !h.stepBy
               ? span
               : (Value)b.create<arith::CeilDivSIOp>(l, span, stepV);
  } else {
    trip = b.create<arith::MaxSIOp>(l, end, cst(0));
  }
  // `i-- > 0` steps the counter once more, in the test that fails.
  if (h.stepInCond == "post")
    trip = b.create<arith::AddIOp>(l, trip, cst(1));
  Value moved = b.create<arith::MulIOp>(l, trip, h.stepBy ? stepV : cst(mag));
  Value exit = up ? (Value)b.create<arith::AddIOp>(l, st, moved)
                  : (Value)b.create<arith::SubIOp>(l, st, moved);
  auto store = b.create<affine::AffineStoreOp>(
      l, b.create<arith::IndexCastOp>(l, ct, exit), h.cell, ValueRange{});
  if (id)
    store->setAttr("weft.counter_exit", id);
  loop.erase();
}

//===----------------------------------------------------------------------===//
// Other counters
//===----------------------------------------------------------------------===//

namespace {
/// A variable other than a counted loop's counter that one of the body's
/// own statements steps by a constant in every iteration (`j += 2`,
/// `a[j++] = x`): in iteration k it holds its value before the loop plus k
/// steps.
struct Induction {
  Value cell;
  /// What one iteration adds: the sum of its steps.
  int64_t step = 0;
  /// The stores that step it, in the body's order, each with its own step
  /// (`*o++ = *l++; *o++ = *r++;` steps o twice by 1): a read sees the
  /// iteration's value plus the steps before it.
  SmallVector<std::pair<Operation *, int64_t>, 1> steps;
  std::string name;
  int64_t decl = -1;
  bool isUnsigned = false;
  /// For a pointer, the size of what it points to: the step counts those.
  int64_t pointee = 0;
  /// A step by a variable the loop does not write (`p += stride`, `j -=
  /// m`): step is then its sign, `by` the variable's C name, and `byValue`
  /// its value in the loop (a read of it, a parameter, a value a variable
  /// holds), with `byUnsigned` for how it widens to an index.
  std::string by;
  Value byValue;
  bool byUnsigned = false;
};
} // namespace

/// The inductions of the counted loop `loop` (an affine.for or scf.for):
/// local integer variables, int or wider (an unsigned one 64 bits wide: a
/// narrower one may wrap, which the subscripts it makes would not show),
/// or pointers to whole objects (`*q++ = *p++`), that stores in the body's
/// own block step by constants (or one store by a variable), that nothing
/// else in the loop writes, whose address is not taken, and that no jump
/// skips (no break, return or goto in the body, no continue of the loop
/// before its last step). Only a variable the body reads other than in its
/// steps: a count read after the loop alone is a reduction.
static SmallVector<Induction> inductionsOf(Operation *loop) {
  SmallVector<Induction> out;
  Block &body = loop->getRegion(0).front();
  int64_t counter = -1;
  if (auto c = loop->getAttrOfType<IntegerAttr>("weft.counter"))
    counter = c.getInt();
  bool jumps = false;
  SmallVector<Operation *> continues;
  loop->getRegion(0).walk([&](Operation *op) {
    if (isa<ReturnOp, GotoOp, LabelOp>(op) ||
        (isa<BreakOp>(op) && jumpTarget(op) == loop))
      jumps = true;
    if (isa<ContinueOp>(op) && jumpTarget(op) == loop)
      continues.push_back(op);
  });
  if (jumps)
    return out;
  // The body's own steps, by variable: constant ones, or one by a
  // variable.
  struct Steps {
    Value cell;
    SmallVector<std::pair<Operation *, int64_t>, 1> stores;
    VariableStep byVar;
    bool mixed = false; ///< a step by a variable beside another step
  };
  SmallVector<Steps> cells;
  for (Operation &op : body.without_terminator()) {
    std::pair<Value, int64_t> stepped = stepOf(&op);
    if (!stepped.first)
      stepped = pointerStepOf(&op);
    VariableStep byVar;
    if (!stepped.first) {
      byVar = variableStepOf(&op, loop);
      stepped = {byVar.cell, byVar.sign};
    }
    if (!stepped.first)
      continue;
    auto it = llvm::find_if(
        cells, [&](const Steps &c) { return c.cell == stepped.first; });
    if (it == cells.end()) {
      cells.push_back({stepped.first, {}, byVar});
      it = std::prev(cells.end());
    } else if (!it->byVar.name.empty() || !byVar.name.empty()) {
      it->mixed = true;
    }
    it->stores.push_back({&op, stepped.second});
  }
  for (Steps &st : cells) {
    Value cell = st.cell;
    const VariableStep &byVar = st.byVar;
    if (st.mixed)
      continue;
    int64_t step = 0;
    for (auto &[op, by] : st.stores)
      step += by;
    Operation &op = *st.stores.back().first; // the last step
    auto isStep = [&](Operation *in) {
      return llvm::any_of(st.stores,
                          [&](const auto &x) { return x.first == in; });
    };
    auto alloca = cell.getDefiningOp<memref::AllocaOp>();
    if (step == 0 || !alloca || alloca.getType().getRank() != 0 ||
        loop->isAncestor(alloca) || !alloca->hasAttr("weft.decl") ||
        alloca->hasAttr("weft.escapes"))
      continue;
    Type et = alloca.getType().getElementType();
    bool isUnsigned = alloca->hasAttr("weft.unsigned");
    unsigned width = et.isSignlessInteger() ? et.getIntOrFloatBitWidth() : 0;
    int64_t pointee = 0;
    if (isa<PtrType>(et))
      pointee = pointeeBytesOf(cell);
    else if (width < 32 || width > 64 || (isUnsigned && width != 64))
      continue;
    int64_t decl = alloca->getAttrOfType<IntegerAttr>("weft.decl").getInt();
    if (decl == counter)
      continue;
    // Its steps its only writes, not skipped; a read other than the steps'
    // own.
    bool other = false, read = false;
    loop->getRegion(0).walk([&](Operation *in) {
      if (!isStep(in) && in->getNumRegions() == 0 && mayWriteCell(in, cell))
        other = true;
      if (isLoad(in) && in->getNumOperands() == 1 &&
          in->getOperand(0) == cell && !onlyFeedsSteps(in, st.stores))
        read = true;
    });
    // (A step of the for's increment is one whatever reads it: the
    // outlined loop does not run the increment.)
    if (other || !(read || stepsInIncrement(loop, decl)) ||
        llvm::any_of(continues, [&](Operation *c) {
          Operation *top = body.findAncestorOpInBlock(*c);
          return !top || !op.isBeforeInBlock(top);
        }))
      continue;
    Induction ind;
    ind.cell = cell;
    ind.step = step;
    ind.steps = st.stores;
    ind.decl = decl;
    auto n = alloca->getAttrOfType<StringAttr>("weft.name");
    ind.name = n ? n.str() : "?";
    ind.isUnsigned = isUnsigned;
    ind.pointee = pointee;
    ind.by = byVar.name;
    ind.byValue = byVar.by;
    ind.byUnsigned = byVar.isUnsigned;
    out.push_back(ind);
  }
  return out;
}

/// The first value of a counted loop's induction variable, its step, and
/// its trip count, made before the loop; false for a loop without them. A
/// step by a variable (weft.c_step_by, at least 1 where the loop runs) is
/// `stepBy`, and `step` is then 0.
static bool rangeOf(OpBuilder &b, Operation *loop, Value &lb, int64_t &step,
                    Value &stepBy, Value &trip) {
  Location l = loop->getLoc();
  Value ub;
  step = 0;
  if (auto f = dyn_cast<scf::ForOp>(loop)) {
    auto s = getConstantIntValue(f.getStep());
    if (s ? *s <= 0 : !loop->hasAttr("weft.c_step_by"))
      return false;
    lb = f.getLowerBound();
    ub = f.getUpperBound();
    if (s)
      step = *s;
    else
      stepBy = f.getStep();
  } else if (auto f = dyn_cast<affine::AffineForOp>(loop)) {
    step = f.getStepAsInt();
    auto bound = [&](AffineMap m, ValueRange args, bool lower) -> Value {
      if (m.getNumResults() == 1)
        return b.create<affine::AffineApplyOp>(l, m, args);
      if (lower)
        return b.create<affine::AffineMaxOp>(l, m, args);
      return b.create<affine::AffineMinOp>(l, m, args);
    };
    lb = bound(f.getLowerBoundMap(), f.getLowerBoundOperands(), true);
    ub = bound(f.getUpperBoundMap(), f.getUpperBoundOperands(), false);
  } else {
    return false;
  }
  Value zero = b.create<arith::ConstantIndexOp>(l, 0);
  Value span =
      b.create<arith::MaxSIOp>(l, b.create<arith::SubIOp>(l, ub, lb), zero);
  if (step == 1) {
    trip = span;
    return true;
  }
  Value by = stepBy ? stepBy : b.create<arith::ConstantIndexOp>(l, step);
  trip = b.create<arith::CeilDivSIOp>(l, span, by);
  return true;
}

/// Is v a sum of products of constants, block arguments (counters,
/// parameters) and values variables hold (weft.vars: `int w = n / 4;`), or
/// the address of an element at such a subscript? A check can spell such a
/// value where any loop inside its block starts (not a quotient, which it
/// may not: the variable holding it, it can).
static bool fromArguments(Value v, unsigned depth = 0) {
  if (isa<BlockArgument>(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (def && def->hasAttr("weft.vars"))
    return true;
  if (!def || depth > 16 ||
      !isa<arith::ConstantOp, arith::IndexCastOp, arith::ExtSIOp, arith::AddIOp,
           arith::SubIOp, arith::MulIOp, affine::AffineApplyOp, AddrOp>(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value o) {
    return isa<MemRefType>(o.getType()) || fromArguments(o, depth + 1);
  });
}

/// The value a store right before `loop`, in its block, leaves in `cell`
/// where the loop starts, with nothing between that may write the cell
/// (`int p = r * m;` or `double *row = out + y * w;`, then the loop that
/// steps it), when it is computed from constants and block arguments (a
/// read of the variable would be as easy to name, and another value may
/// not be); else null.
static Value storedRightBefore(Operation *loop, Value cell) {
  Value v = storedBefore(loop, cell);
  return v && fromArguments(v) ? v : Value();
}

/// Rewrites `loop`'s inductions: each read of one in the body reads its
/// value before the loop plus k steps (k + 1 after its step), its step
/// goes, and after the loop it is stored its exit value (weft.counter_exit,
/// as a counter's: C's code after the loop sees it). The loop gets
/// weft.inductions, for the outlined code: each chunk sets the variable
/// from its first iteration (docs/analysis.md, "Other counters").
static void rewriteInductions(Operation *loop) {
  SmallVector<Induction> inds = inductionsOf(loop);
  if (inds.empty())
    return;
  OpBuilder b(loop);
  Location l = loop->getLoc();
  Value lb, loopBy, trip;
  int64_t loopStep = 0;
  if (!rangeOf(b, loop, lb, loopStep, loopBy, trip))
    return;
  Block &body = loop->getRegion(0).front();
  Value iv = body.getArgument(0);
  OpBuilder ib = OpBuilder::atBlockBegin(&body);
  // k, the iteration's number from 0 (isIterationNumber).
  Value k = ib.create<arith::SubIOp>(l, iv, lb);
  if (loopStep != 1)
    k = ib.create<arith::DivUIOp>(
        l, k, loopBy ? loopBy : ib.create<arith::ConstantIndexOp>(l, loopStep));
  auto icst = [&](OpBuilder &at, int64_t v) -> Value {
    return at.create<arith::ConstantIndexOp>(l, v);
  };
  OpBuilder after(loop->getContext());
  after.setInsertionPointAfter(loop);
  SmallVector<Attribute> attrs;
  auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
  Operation *kOp = k.getDefiningOp();
  for (const Induction &ind : inds) {
    Type ct = cast<MemRefType>(ind.cell.getType()).getElementType();
    // Its value where the loop starts: what a store right before it left
    // (which says where in memory a pointer starts: weft-fold-offsets views
    // the loop's accesses from there), else a read, named as the importer
    // names a variable's (checks may name it).
    Value loaded = storedRightBefore(loop, ind.cell);
    if (!loaded)
      loaded = b.create<affine::AffineLoadOp>(
          NameLoc::get(b.getStringAttr(ind.name), l), ind.cell, ValueRange{});
    Value first = ind.pointee ? loaded : toIndex(b, l, loaded, ind.isUnsigned);
    // A step by a variable: its value where the loop starts, as an index
    // (the loop writes no variable it reads), times its sign.
    Value byStep;
    if (ind.byValue) {
      Value v = ind.byValue;
      if (Value c = cellRead(v); c && loop->isAncestor(v.getDefiningOp()))
        v = b.create<affine::AffineLoadOp>(
            NameLoc::get(b.getStringAttr(ind.by), l), c, ValueRange{});
      byStep = toIndex(b, l, v, ind.byUnsigned);
      if (ind.step < 0)
        byStep = b.create<arith::SubIOp>(l, icst(b, 0), byStep);
    }
    auto stepAt = [&](OpBuilder &at) -> Value {
      return byStep ? byStep : icst(at, ind.step);
    };
    // `at` advanced by `steps` steps: an index, or the pointer.
    auto advanced = [&](OpBuilder &at, Value from, Value steps) -> Value {
      if (ind.pointee)
        return at.create<PtrAddOp>(l, ct, from, steps,
                                   at.getI64IntegerAttr(ind.pointee));
      return at.create<arith::AddIOp>(l, from, steps);
    };
    // The variable's value from an index (or the pointer).
    auto valueOf = [&](OpBuilder &at, Value v) -> Value {
      return ind.pointee ? v : at.create<arith::IndexCastOp>(l, ct, v);
    };
    // (Made right after k, each from the last: the reads they replace,
    // which go, may be the body's first ops.)
    ib.setInsertionPointAfter(kOp);
    Value cur = advanced(ib, first, ib.create<arith::MulIOp>(l, k, stepAt(ib)));
    ib.setInsertionPointAfter(cur.getDefiningOp());
    // The value after the first `n` steps of the iteration (a step by a
    // variable is the only one).
    SmallVector<Value> seen(1);
    int64_t sum = 0;
    for (auto &[store, by] : ind.steps) {
      sum += by;
      seen.push_back(valueOf(
          ib, advanced(ib, cur, ind.byValue ? stepAt(ib) : icst(ib, sum))));
    }
    seen[0] = valueOf(ib, cur);
    SmallVector<Operation *> reads;
    loop->getRegion(0).walk([&](Operation *op) {
      if (isLoad(op) && op->getNumOperands() == 1 &&
          op->getOperand(0) == ind.cell && !onlyFeedsSteps(op, ind.steps))
        reads.push_back(op);
    });
    for (Operation *r : reads) {
      Operation *top = body.findAncestorOpInBlock(*r);
      size_t n = llvm::count_if(ind.steps, [&](const auto &x) {
        return x.first->isBeforeInBlock(top);
      });
      r->getResult(0).replaceAllUsesWith(seen[n]);
      r->erase();
    }
    // (What no read needs goes: the values, their sums and constants.)
    SmallVector<Operation *> unused;
    for (Value v : seen)
      unused.push_back(v.getDefiningOp());
    SmallPtrSet<Operation *, 8> erased;
    while (!unused.empty()) {
      Operation *d = unused.pop_back_val();
      if (erased.contains(d) || !d->use_empty() || d == kOp)
        continue;
      erased.insert(d);
      for (Value v : d->getOperands())
        if (Operation *dd = v.getDefiningOp(); dd && dd->getBlock() == &body)
          unused.push_back(dd);
      d->erase();
    }
    for (auto &[store, by] : ind.steps)
      eraseStep(store);
    Value exit = valueOf(
        after, advanced(after, first,
                        after.create<arith::MulIOp>(l, trip, stepAt(after))));
    auto store =
        after.create<affine::AffineStoreOp>(l, exit, ind.cell, ValueRange{});
    if (id)
      store->setAttr("weft.counter_exit", id);
    SmallVector<NamedAttribute> fields{
        b.getNamedAttr("decl", b.getI64IntegerAttr(ind.decl)),
        b.getNamedAttr("name", b.getStringAttr(ind.name)),
        b.getNamedAttr("step", b.getI64IntegerAttr(ind.step))};
    if (!ind.by.empty())
      fields.push_back(b.getNamedAttr("by", b.getStringAttr(ind.by)));
    attrs.push_back(b.getDictionaryAttr(fields));
  }
  loop->setAttr("weft.inductions", b.getArrayAttr(attrs));
}

std::string weft::whyNotCounted(OpaqueLoopOp loop) {
  Header h;
  return readHeader(loop, h);
}

void CountLoops::runOnOperation() {
  SmallVector<OpaqueLoopOp> loops;
  getOperation().walk([&](OpaqueLoopOp op) {
    if (op.getKind() == "while" || op.getKind() == "do" ||
        (op.getKind() == "for" && op->hasAttr("weft.c_counter")))
      loops.push_back(op);
  });
  // Inner loops first (walk order is post-order): an outer loop's body is
  // then final when it is read.
  for (OpaqueLoopOp loop : loops) {
    Header h;
    std::string why = readHeader(loop, h);
    if (why.empty()) {
      if (h.isPointer)
        rewritePointer(loop, h);
      else
        rewrite(loop, h);
      continue;
    }
    // (A for's reason is the importer's: its header is one.)
    std::string reason =
        loop.getKind() == "for" ? why
        : loop->hasAttr("weft.c_no_increment")
            ? "a for loop with no increment weft cannot count: " + why
            : "a " + loop.getKind().str() + " loop weft cannot count: " + why;
    loop.setReasonAttr(StringAttr::get(&getContext(), reason));
  }
  // Then the other counters of every counted loop, inner loops first.
  SmallVector<Operation *> counted;
  getOperation().walk([&](Operation *op) {
    if (isa<scf::ForOp, affine::AffineForOp>(op) && op->hasAttr("weft.loop_id"))
      counted.push_back(op);
  });
  for (Operation *loop : counted)
    rewriteInductions(loop);
  // Then the differences of pointers into one memory (`out[p - in]` with p
  // a counter or an induction that starts at in + j): their subscripts'
  // difference, which the analysis reads as it reads any subscript.
  getOperation().walk([&](PtrDiffOp d) {
    OpBuilder b(d);
    if (d.getElemSize() <= 0)
      return;
    if (Value v = offsetDifference(b, d.getLoc(), d.getLhs(), d.getRhs(),
                                   d.getElemSize())) {
      d.getResult().replaceAllUsesWith(v);
      d.erase();
    }
  });
}
