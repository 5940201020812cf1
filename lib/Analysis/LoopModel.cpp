//===- LoopModel.cpp - Loops, their accesses, and blockers -------------------===//
//
// See LoopModel.h. The walk over a loop body visits every op nested in it: an
// op that touches memory is an access, a call is its callee's summary mapped
// to the call's arguments, and any op whose effects neither describes is a
// blocker with its reason. Nothing is skipped silently.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Verdict.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace weft;

bool weft::isLoop(Operation *op) {
  return isa<affine::AffineForOp, scf::ForOp, OpaqueLoopOp>(op);
}

/// The entry of `decl` in the list of variables `attr` of `loop`
/// ({decl, name, ...} dictionaries), or null.
static DictionaryAttr listedVar(Operation *loop, StringRef attr, int64_t decl) {
  if (auto list = loop->getAttrOfType<ArrayAttr>(attr))
    for (Attribute a : list) {
      auto d = cast<DictionaryAttr>(a);
      if (d.getAs<IntegerAttr>("decl").getInt() == decl)
        return d;
    }
  return DictionaryAttr();
}

std::optional<std::string> weft::inductionStep(Operation *loop, int64_t decl) {
  DictionaryAttr d = listedVar(loop, "weft.inductions", decl);
  if (!d)
    return std::nullopt;
  int64_t step = d.getAs<IntegerAttr>("step").getInt();
  if (auto by = d.getAs<StringAttr>("by"))
    return (step < 0 ? "-" : "") + by.str();
  return std::to_string(step);
}

bool weft::steppedAround(Operation *loop, Operation *read, int64_t decl) {
  for (Operation *l = loop->getParentOp(); l && !l->isAncestor(read);
       l = l->getParentOp())
    if (isLoop(l) && listedVar(l, "weft.inductions", decl))
      return true;
  return false;
}

bool weft::stepsInIncrement(Operation *loop, int64_t decl) {
  return (bool)listedVar(loop, "weft.c_other_steps", decl);
}

std::string weft::steppedWithCounter(Operation *loop) {
  for (StringRef attr : {"weft.inductions", "weft.c_other_steps"})
    if (auto list = loop->getAttrOfType<ArrayAttr>(attr); list && !list.empty())
      return cast<DictionaryAttr>(list[0]).getAs<StringAttr>("name").str();
  return "";
}

bool weft::inIncludedFunction(Operation *op) {
  auto fn = isa<func::FuncOp>(op) ? cast<func::FuncOp>(op)
                                  : op->getParentOfType<func::FuncOp>();
  return fn && fn->hasAttr("weft.included");
}

bool weft::isNestedCase(Operation *op) {
  if (!isa<CaseOp>(op))
    return false;
  auto sw = dyn_cast_or_null<SwitchOp>(op->getParentOp());
  return !sw || sw->hasAttr("weft.once");
}

static LoopInfo domainOf(Operation *op);

bool weft::boundUnverified(Operation *loop) {
  return loop->hasAttr("weft.bound_reads_memory") &&
         !loop->hasAttr("weft.bound_verified");
}

/// The load of a loop bound that C reads from memory (weft.bound_of) that v
/// is computed from, if any.
static Operation *boundReadOf(Value v, unsigned depth = 0) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return nullptr;
  if (def->hasAttr("weft.bound_of"))
    return def;
  for (Value o : def->getOperands())
    if (Operation *r = boundReadOf(o, depth + 1))
      return r;
  return nullptr;
}

LoopInfo weft::loopInfoOf(Operation *op, bool trustBounds) {
  LoopInfo info = domainOf(op);
  if (trustBounds || !boundUnverified(op))
    return info;
  // The bounds C reads from memory may move while the loop runs: only the
  // others still stop it.
  llvm::erase_if(info.ubs, [&](const Poly &ub) {
    for (Value a : ub.atoms())
      if (Operation *r = boundReadOf(a)) {
        if (info.open.empty())
          info.open = "the bound " + accessText(r) + " of the loop at " +
                      where(op->getLoc()) + " may change while it runs";
        return true;
      }
    return false;
  });
  return info;
}

/// The upper bounds an scf.for's `ub` stands for: `i < a && i < b` is
/// imported as a min, each side a bound.
static void boundsOfMin(Value ub, SmallVectorImpl<Poly> &out) {
  if (auto m = ub.getDefiningOp<arith::MinSIOp>()) {
    boundsOfMin(m.getLhs(), out);
    boundsOfMin(m.getRhs(), out);
    return;
  }
  out.push_back(polyOf(ub));
}

std::optional<SmallVector<Poly>> weft::assumeFirstTestPasses(LoopInfo &info) {
  auto f = dyn_cast_or_null<scf::ForOp>(info.op);
  auto kind = f ? f->getAttrOfType<StringAttr>("weft.kind") : nullptr;
  auto max =
      f ? f.getUpperBound().getDefiningOp<arith::MaxSIOp>() : arith::MaxSIOp();
  if (!kind || kind.getValue() != "do" || !max)
    return std::nullopt;
  SmallVector<Poly> ubs;
  boundsOfMin(max.getLhs(), ubs);
  Poly once = polyOf(max.getRhs());
  SmallVector<Poly> passes;
  for (const Poly &ub : ubs) {
    std::optional<Poly> d = ub.plus(once, -1);
    if (!d)
      return std::nullopt;
    passes.push_back(*d);
  }
  info.ubs = std::move(ubs);
  return passes;
}

static LoopInfo domainOf(Operation *op) {
  LoopInfo info;
  info.op = op;
  if (auto f = dyn_cast<affine::AffineForOp>(op)) {
    info.iv = f.getInductionVar();
    info.step = f.getStepAsInt();
    auto addAll = [](AffineMap map, ValueRange operands,
                     SmallVectorImpl<Poly> &out) {
      SmallVector<Poly> dims, syms;
      for (unsigned i = 0; i < map.getNumDims(); ++i)
        dims.push_back(polyOf(operands[i]));
      for (unsigned i = 0; i < map.getNumSymbols(); ++i)
        syms.push_back(polyOf(operands[map.getNumDims() + i]));
      for (AffineExpr e : map.getResults())
        if (auto p = polyOfExpr(e, dims, syms))
          out.push_back(*p);
    };
    addAll(f.getLowerBoundMap(), f.getLowerBoundOperands(), info.lbs);
    addAll(f.getUpperBoundMap(), f.getUpperBoundOperands(), info.ubs);
    return info;
  }
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    info.iv = f.getInductionVar();
    info.lbs.push_back(polyOf(f.getLowerBound()));
    boundsOfMin(f.getUpperBound(), info.ubs);
    auto step = getConstantIntValue(f.getStep());
    info.step = step && *step > 0 ? *step : 1;
    if (!step)
      info.stepValue = f.getStep();
    return info;
  }
  return info;
}

SmallVector<LoopInfo> weft::enclosingLoops(Operation *op) {
  SmallVector<LoopInfo> out;
  for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
       p = p->getParentOp())
    if (isLoop(p))
      out.push_back(loopInfoOf(p));
  std::reverse(out.begin(), out.end());
  return out;
}

MemPath weft::pathOf(const Access &a, ModuleOp module) {
  if (a.globalSymbol) {
    MemPath p;
    p.root = globalInfo(module, a.globalSymbol);
    return p;
  }
  MemPath p = memPathOf(a.memref);
  p.root.row = a.row;
  p.root.rowType = a.rowType;
  p.root.rowChecked = a.rowChecked;
  return p;
}

std::optional<Access> weft::rowOfTable(const Access &a, Operation *checkedIn,
                                       const Invariants *inv) {
  if (a.row || !a.memref || a.globalSymbol ||
      !isa<MemRefType>(a.memref.getType()))
    return std::nullopt;
  MemPath p = memPathOf(a.memref);
  Operation *slot = nullptr;
  bool checked = false;
  if (p.views.empty()) {
    slot = rowSlotLoad(p.root.base);
    if (!slot && checkedIn) {
      slot = rowSlotLoad(p.root.base, checkedIn, inv);
      checked = slot != nullptr;
    }
  }
  if (!slot)
    return std::nullopt;
  Access r = a;
  r.memref = slot->getOperand(0);
  r.subs = subscriptsOf(slot);
  r.subs.append(a.subs.begin(), a.subs.end());
  r.row = true;
  r.rowType = a.memref.getType();
  r.rowChecked = checked;
  return r;
}

bool weft::isExpandedCall(Operation *op) {
  return isa<CallOp>(op) && op->hasAttr("weft.expanded");
}

std::string weft::accessText(Operation *op) {
  if (auto n = dyn_cast<NameLoc>(op->getLoc()))
    return n.getName().str();
  return "";
}

bool weft::readRightBefore(Operation *ld, Operation *loop) {
  if (!isLoad(ld) || !ld->hasAttr("weft.expr") || accessText(ld).empty() ||
      ld->getBlock() != loop->getBlock() || !ld->isBeforeInBlock(loop))
    return false;
  Operation *op = ld->getNextNode();
  while (op != loop && op->getNumRegions() == 0 && (isPure(op) || isLoad(op)))
    op = op->getNextNode();
  return op == loop;
}

bool weft::isIterationNumber(Value v, const LoopInfo &l) {
  Operation *div = v.getDefiningOp();
  if (!isa_and_nonnull<arith::DivUIOp, arith::DivSIOp>(div) || !l.counted() ||
      l.lbs.size() != 1)
    return false;
  // (By the step, a constant, or the step by a variable.)
  auto by = getConstantIntValue(div->getOperand(1));
  bool step =
      l.stepValue ? div->getOperand(1) == l.stepValue : by && *by == l.step;
  auto sub = div->getOperand(0).getDefiningOp<arith::SubIOp>();
  return step && sub && sub.getLhs() == l.iv &&
         polyOf(sub.getRhs()) == l.lbs[0];
}

SmallVector<Subscript> weft::subscriptsOf(Operation *access) {
  SmallVector<Subscript> subs;
  auto fromMap = [&](AffineMap map, ValueRange operands) {
    SmallVector<Poly> dims, syms;
    for (unsigned i = 0; i < map.getNumDims(); ++i)
      dims.push_back(polyOf(operands[i]));
    for (unsigned i = 0; i < map.getNumSymbols(); ++i)
      syms.push_back(polyOf(operands[map.getNumDims() + i]));
    for (AffineExpr e : map.getResults()) {
      auto p = polyOfExpr(e, dims, syms);
      subs.push_back(p ? Subscript::point(*p) : Subscript::unknown());
    }
  };
  if (auto l = dyn_cast<affine::AffineLoadOp>(access))
    fromMap(l.getAffineMap(), l.getMapOperands());
  else if (auto s = dyn_cast<affine::AffineStoreOp>(access))
    fromMap(s.getAffineMap(), s.getMapOperands());
  else if (auto l = dyn_cast<memref::LoadOp>(access))
    for (Value i : l.getIndices())
      subs.push_back(Subscript::point(polyOf(i)));
  else if (auto s = dyn_cast<memref::StoreOp>(access))
    for (Value i : s.getIndices())
      subs.push_back(Subscript::point(polyOf(i)));
  return subs;
}

/// Eliminates the loops' induction variables from p, innermost first,
/// choosing at each step the bound that minimizes (or maximizes) p.
static std::optional<Poly> extreme(Poly p, ArrayRef<LoopInfo> loops,
                                   bool maximize) {
  for (const LoopInfo &l : llvm::reverse(loops)) {
    if (!l.counted())
      continue;
    // p = c * iv + rest, with iv in no product.
    int64_t c = 0;
    for (auto &[m, coef] : p.terms()) {
      if (!llvm::is_contained(m, l.iv))
        continue;
      if (m.size() != 1)
        return std::nullopt;
      c = coef;
    }
    if (c == 0)
      continue;
    bool useUpper = (c > 0) == maximize;
    if (useUpper ? l.ubs.empty() : l.lbs.empty())
      return std::nullopt;
    // iv >= lbs[0]; iv <= ubs[0] - 1 (each a safe side of max/min bounds).
    Poly bound = useUpper ? *l.ubs[0].plus(Poly::constant(-1)) : l.lbs[0];
    auto rest = p.plus(Poly::atom(l.iv), -c);
    if (!rest)
      return std::nullopt;
    auto scaled = bound.scaled(c);
    if (!scaled)
      return std::nullopt;
    auto next = rest->plus(*scaled);
    if (!next)
      return std::nullopt;
    p = *next;
  }
  return p;
}

std::optional<std::pair<Poly, Poly>> weft::rangeOver(const Poly &p,
                                                     ArrayRef<LoopInfo> loops) {
  auto lo = extreme(p, loops, false);
  auto hi = extreme(p, loops, true);
  if (!lo || !hi)
    return std::nullopt;
  return std::make_pair(*lo, *hi);
}

//===----------------------------------------------------------------------===//
// Collecting a loop body
//===----------------------------------------------------------------------===//

/// The reason an effects op blocks parallelization, or "" if it is an
/// ordinary access (an initializer, a bitfield, part of an element).
static std::string blockReason(EffectsOp op) {
  StringRef kind = op.getKind();
  if (kind == "init" || kind == "bitfield" || kind == "part")
    return "";
  if (kind == "volatile")
    return "a volatile access (" + op.getReason().str() +
           ") must keep its order";
  if (kind == "atomic")
    return "an atomic operation: the code already synchronizes threads";
  if (kind == "openmp")
    return "already parallel: it uses OpenMP";
  if (kind == "asm")
    return "inline assembly, whose effects weft does not know";
  if (kind == "setjmp")
    return op.getReason().str();
  if (kind == "call")
    return "a call through a function pointer, whose effects weft does not "
           "know";
  return op.getReason().str();
}

std::optional<Poly> weft::atCall(const std::optional<Poly> &p, CallOp call) {
  // Callee atoms are its block arguments: substitute the call's arguments.
  // Only polynomials in the callee's scalar parameters carry over.
  if (!p)
    return std::nullopt;
  DenseMap<Value, Poly> subst;
  if (func::FuncOp callee = definedCallee(call))
    for (auto [formal, actual] :
         llvm::zip(callee.getArguments(), call.getArgs()))
      if (actual.getType().isIntOrIndex())
        subst[formal] = polyOf(actual);
  if (llvm::any_of(p->atoms(), [&](Value v) { return !subst.count(v); }))
    return std::nullopt;
  return p->substituted([&](Value v) { return subst.lookup(v); });
}

/// Maps a callee's summary effect to the caller's memory, for a call.
static void mapEffect(const CallSummary::Effect &e, CallOp call,
                      std::vector<Access> &out, Operation *root) {
  Access a;
  a.op = call;
  a.isWrite = e.isWrite;
  a.sure = e.sure;
  a.loc = call.getLoc();
  a.loops = enclosingLoops(call);
  SmallVector<Subscript> calleeSubs;
  for (const Subscript &s : e.subs)
    calleeSubs.push_back({atCall(s.lo, call), atCall(s.hi, call)});

  if (e.param < 0) {
    // A global the callee touches: find the caller's view of it, or stand
    // for it with the callee's own get_global (same symbol, same memory).
    a.memref = Value();
    a.text = e.global.str() + " (in " + call.getCallee().str() + ")";
    a.globalSymbol = e.global;
    a.subs = calleeSubs;
    out.push_back(a);
    return;
  }
  Value ptr = call.getArgs()[e.param];
  a.text = accessText(call);
  if (a.text.empty())
    a.text = call.getCallee().str() + "(...)";
  if (auto addr = ptr.getDefiningOp<AddrOp>()) {
    a.memref = addr.getBase();
    auto rank = cast<MemRefType>(a.memref.getType()).getRank();
    SmallVector<Value> idx(addr.getIndices());
    if (idx.empty()) {
      // The address of a scalar object (&x): the callee touches x itself
      // when it stays at element 0, and who knows what otherwise.
      bool atZero = llvm::all_of(calleeSubs, [](const Subscript &s) {
        return s.known() && s.lo->isConstant() && s.lo->constantTerm() == 0 &&
               s.hi->isConstant() && s.hi->constantTerm() == 0;
      });
      if (!atZero) {
        a.memref = ptr; // unresolved memory
        a.subs.clear();
      }
    } else if ((int64_t)idx.size() - 1 + (int64_t)calleeSubs.size() ==
               rank) {
      for (size_t d = 0; d + 1 < idx.size(); ++d)
        a.subs.push_back(Subscript::point(polyOf(idx[d])));
      Poly last = polyOf(idx.back());
      Subscript first = calleeSubs.empty() ? Subscript::point(Poly())
                                           : calleeSubs[0];
      Subscript s;
      if (first.lo && first.hi) {
        s.lo = last.plus(*first.lo);
        s.hi = last.plus(*first.hi);
      }
      a.subs.push_back(s);
      for (size_t d = 1; d < calleeSubs.size(); ++d)
        a.subs.push_back(calleeSubs[d]);
    } else {
      // The callee sees the memory as another shape: anywhere in the base.
      a.subs.assign(rank, Subscript::unknown());
    }
  } else {
    // A pointer the caller does not resolve: the access is to it.
    a.memref = ptr;
  }
  out.push_back(a);
}

Access weft::accessOf(Operation *op) {
  Access a;
  a.op = op;
  a.isWrite = isa<affine::AffineStoreOp, memref::StoreOp>(op);
  a.memref = a.isWrite ? op->getOperand(1) : op->getOperand(0);
  a.subs = subscriptsOf(op);
  a.text = accessText(op);
  a.loc = op->getLoc();
  a.loops = enclosingLoops(op);
  return a;
}

/// An access of `op` to each element of the base `m`: a whole memref, or
/// one element of it (weft.addr with every subscript: a bitfield, part of a
/// complex). The C it stands for names it ("f[i].b"); else `why`.
static Access wholeAccess(Operation *op, Value m, bool write, StringRef why) {
  Access a;
  a.op = op;
  a.isWrite = write;
  a.memref = m;
  auto addr = m.getDefiningOp<AddrOp>();
  if (auto mt = dyn_cast<MemRefType>(m.getType())) {
    a.subs.assign(mt.getRank(), Subscript::unknown());
  } else if (addr && (int64_t)addr.getIndices().size() ==
                         addr.getBase().getType().getRank()) {
    a.memref = addr.getBase();
    for (Value i : addr.getIndices())
      a.subs.push_back(Subscript::point(polyOf(i)));
  }
  a.text = accessText(op);
  if (a.text.empty())
    a.text = why.str();
  a.loc = op->getLoc();
  a.loops = enclosingLoops(op);
  return a;
}

/// A pointer that an error path's calls may pass without reading memory a
/// loop writes: a string literal or __func__ (weft.literal), or stdout or
/// stderr (a loop that does no other I/O never writes them).
static bool readOnlyPointer(Value arg) {
  auto addr = arg.getDefiningOp<AddrOp>();
  if (auto base = addr ? addr.getBase().getDefiningOp<BaseOp>() : nullptr)
    if (base->hasAttr("weft.literal"))
      return true;
  Operation *load = arg.getDefiningOp();
  if (load && isa<affine::AffineLoadOp, memref::LoadOp>(load))
    if (auto g = load->getOperand(0).getDefiningOp<memref::GetGlobalOp>())
      return llvm::is_contained({"stdout", "stderr"}, g.getName());
  return false;
}

static bool endsTheProgram(Block &block, int depth);

/// The global whose memory `m` is (a get_global, or an element or row of
/// one), else null.
static StringAttr globalOf(Value m) {
  if (auto addr = m.getDefiningOp<AddrOp>())
    m = addr.getBase();
  auto g = m.getDefiningOp<memref::GetGlobalOp>();
  return g ? g.getNameAttr().getAttr() : StringAttr();
}

/// Does a call to `name` end the program: exit, _Exit, quick_exit, abort,
/// or a function the module defines whose body ends with such a call (no
/// jump on the way) and does nothing before but write output of string
/// literals, __func__, stdout, stderr, globals and its own parameters
/// (`die(msg)`: the caller's arguments are then checked as the output's),
/// and read globals (`if (verbose)`)? The globals it reads, or passes to
/// output (an array: `fprintf(stderr, "%s: ", progname)`), go to
/// `globals`, for the caller to check as its own reads; a pointer loaded
/// from a global is not followed.
static bool endsProgramCall(ModuleOp module, StringRef name, int depth,
                            SetVector<StringAttr> *globals = nullptr) {
  if (endsProgram(name))
    return true;
  auto fn = module ? module.lookupSymbol<func::FuncOp>(name) : nullptr;
  if (!fn || fn.isExternal() || depth > 3 || !fn.getBody().hasOneBlock() ||
      !endsTheProgram(fn.getBody().front(), depth + 1))
    return false;
  auto param = [&](Value v) {
    auto addr = v.getDefiningOp<AddrOp>();
    auto arg = addr ? dyn_cast<BlockArgument>(addr.getBase()) : nullptr;
    return arg && arg.getOwner()->getParentOp() == fn;
  };
  SetVector<StringAttr> read;
  auto global = [&](Value m) {
    StringAttr g = globalOf(m);
    if (g)
      read.insert(g);
    return bool(g);
  };
  bool ends =
      !fn.walk([&](Operation *op) {
           if (auto call = dyn_cast<CallOp>(op)) {
             if (!writesOutput(call.getCallee()) &&
                 !endsProgramCall(module, call.getCallee(), depth + 1, &read))
               return WalkResult::interrupt();
             for (Value a : call.getArgs())
               if (isa<PtrType>(a.getType()) && !readOnlyPointer(a) &&
                   !param(a) && !global(a))
                 return WalkResult::interrupt();
             return WalkResult::advance();
           }
           if (isa<affine::AffineLoadOp, memref::LoadOp>(op))
             return readOnlyPointer(op->getResult(0)) ||
                            (!isa<PtrType>(op->getResult(0).getType()) &&
                             global(op->getOperand(0)))
                        ? WalkResult::advance()
                        : WalkResult::interrupt();
           if (op == fn || isPure(op) ||
               isa<BaseOp, AddrOp, memref::GetGlobalOp, scf::IfOp>(op) ||
               op->hasTrait<OpTrait::IsTerminator>())
             return WalkResult::advance();
           return WalkResult::interrupt();
         }).wasInterrupted();
  if (ends && globals)
    globals->insert(read.begin(), read.end());
  return ends;
}

/// Does `block` end the program: its last op before the terminator a call
/// that does (endsProgramCall), or a `do { ... } while (0)` (a weft.once
/// switch, the macro idiom: `FAIL(msg)`) whose body does, and no jump or
/// switch in it that could leave first?
static bool endsTheProgram(Block &block, int depth) {
  Operation *last = block.empty() ? nullptr : &block.back();
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    last = last->getPrevNode();
  auto noJump = [](Operation &op) {
    return !isJumpOrSwitch(&op) && !hasJumpOrSwitch(&op);
  };
  if (auto once = dyn_cast_or_null<SwitchOp>(last);
      once && once->hasAttr("weft.once") && once.getBody().hasOneBlock())
    return llvm::all_of(llvm::make_range(block.begin(), Block::iterator(last)),
                        noJump) &&
           endsTheProgram(once.getBody().front(), depth);
  auto call = dyn_cast_or_null<CallOp>(last);
  if (!call || !endsProgramCall(call->getParentOfType<ModuleOp>(),
                                call.getCallee(), depth))
    return false;
  return llvm::all_of(block, noJump);
}

Operation *weft::errorPathOf(Operation *op, Operation *loop) {
  for (Block *b = op->getBlock(); b;) {
    Operation *parent = b->getParentOp();
    if (!parent || parent == loop || !loop->isProperAncestor(parent))
      return nullptr;
    if (isa<scf::IfOp>(parent) && parent->getNumResults() == 0 &&
        parent->hasAttr("weft.stmt_end") && endsTheProgram(*b, 0))
      return parent;
    b = parent->getBlock();
  }
  return nullptr;
}

void weft::markErrorBranch(Operation *op, Operation *path) {
  auto ifOp = cast<scf::IfOp>(path);
  unsigned side = ifOp.getElseRegion().isAncestor(op->getParentRegion());
  auto had = path->getAttrOfType<IntegerAttr>("weft.error_path");
  int64_t bits = (had ? had.getInt() : 0) | (int64_t{1} << side);
  path->setAttr(
      "weft.error_path",
      IntegerAttr::get(IntegerType::get(path->getContext(), 64), bits));
}

bool weft::isErrorBranch(Operation *ifOp, unsigned side) {
  auto bits = ifOp->getAttrOfType<IntegerAttr>("weft.error_path");
  return bits && (bits.getInt() >> side) & 1;
}

/// The memory a call on an error path reads through its pointer arguments,
/// as whole-object reads: none for a read-only pointer (readOnlyPointer);
/// false when an argument is a pointer weft does not follow.
static bool errorPathReads(CallOp call, LoopBody &body) {
  for (Value arg : call.getArgs()) {
    if (!isa<PtrType>(arg.getType()) || readOnlyPointer(arg))
      continue;
    auto addr = arg.getDefiningOp<AddrOp>();
    if (!addr)
      return false;
    body.accesses.push_back(
        wholeAccess(call, addr.getBase(), false, call.getCallee()));
  }
  return true;
}

/// Adds what `root` (with `withRoot`, root itself too) and every op nested in
/// it do to `body`.
static void collectInto(Operation *loop, bool withRoot, LoopBody &body,
                        CallSummaries &summaries) {
  loop->walk([&](Operation *op) {
    if (op == loop && !withRoot)
      return;
    if (isa<affine::AffineLoadOp, memref::LoadOp, affine::AffineStoreOp,
            memref::StoreOp>(op)) {
      body.accesses.push_back(accessOf(op));
      return;
    }
    if (auto e = dyn_cast<EffectsOp>(op)) {
      std::string why = blockReason(e);
      if (!why.empty()) {
        body.blockers.push_back({op, why});
        return;
      }
      // (An initializer's pointers are what it stores, not memory it
      // reads: docs/ir.md.)
      for (Value m : e.getReads())
        if (e.getKind() != "init" || !isa<PtrType>(m.getType()))
          body.accesses.push_back(wholeAccess(op, m, false, e.getReason()));
      for (Value m : e.getWrites())
        body.accesses.push_back(wholeAccess(op, m, true, e.getReason()));
      if (e.getUnknownReads() || e.getUnknownWrites())
        body.blockers.push_back({op, e.getReason().str()});
      return;
    }
    if (isExpandedCall(op))
      return; // (its callee's body is before it)
    if (auto call = dyn_cast<CallOp>(op)) {
      StringRef callee = call.getCallee();
      const CallSummary &s = summaries.get(callee);
      if (!s.unknown.empty()) {
        Blocker b{op, "a call to " + callee.str() + ", " + s.unknown};
        SetVector<StringAttr> globals;
        if (writesOutput(callee) ||
            endsProgramCall(op->getParentOfType<ModuleOp>(), callee, 0,
                            &globals)) {
          b.errorPath = errorPathOf(op, loop);
          if (b.errorPath && !errorPathReads(call, body)) {
            b.errorPath = nullptr;
            b.reason += ", on an error path, with a pointer argument weft "
                        "does not follow";
          }
          // The globals the call reads, whole, as the loop's own reads:
          // effects of the callee on globals, as its summary's would be.
          if (!b.errorPath)
            globals.clear();
          for (StringAttr g : globals) {
            CallSummary::Effect e;
            e.global = g;
            if (auto decl = op->getParentOfType<ModuleOp>()
                                .lookupSymbol<memref::GlobalOp>(g))
              e.subs.assign(decl.getType().getRank(), Subscript::unknown());
            mapEffect(e, call, body.accesses, loop);
          }
        }
        body.blockers.push_back(std::move(b));
        return;
      }
      for (const CallSummary::Effect &e : s.effects)
        mapEffect(e, call, body.accesses, loop);
      if (!s.indirectReads.empty())
        body.blockers.push_back(
            {op,
             "a call to " + call.getCallee().str() +
                 ", which reads memory through a pointer weft does not "
                 "follow (" +
                 s.indirectReads + ")",
             /*indirectRead=*/true});
      return;
    }
    if (isNestedCase(op)) {
      auto sw = op->getParentOfType<SwitchOp>();
      while (sw && sw->hasAttr("weft.once"))
        sw = sw->getParentOfType<SwitchOp>();
      body.blockers.push_back(
          {op, "a " + cast<CaseOp>(op).getLabel().str() + " label at " +
                   where(op->getLoc()) +
                   (sw && loop->isAncestor(sw)
                        ? ", inside a statement its switch jumps into"
                        : " of a switch outside the loop, which jumps into "
                          "the loop")});
      return;
    }
    if (isa<BreakOp, ReturnOp, GotoOp, LabelOp, ContinueOp, YieldOp,
            ConditionOp, CaseOp>(op))
      return;
    // Any other op: pure, a fresh allocation, or something weft cannot see.
    if (isPure(op) ||
        isa<memref::AllocaOp, BaseOp, FieldOp, FlatOp, AddrOp, PtrAddOp,
            OpaqueValueOp, SwitchOp, OpaqueLoopOp, memref::GetGlobalOp>(op) ||
        op->hasTrait<OpTrait::IsTerminator>() ||
        isa<affine::AffineForOp, scf::ForOp, scf::IfOp, affine::AffineIfOp,
            TaskOp>(op))
      return; // (a weft.task's loop and body are walked as any loop's)
    if (auto mem = dyn_cast<MemoryEffectOpInterface>(op))
      if (mem.hasNoEffect())
        return;
    body.blockers.push_back(
        {op, "an operation weft does not model (" +
                 op->getName().getStringRef().str() + ")"});
  });
}

LoopBody weft::collectBody(Operation *loop, CallSummaries &summaries) {
  LoopBody body;
  collectInto(loop, /*withRoot=*/false, body, summaries);
  return body;
}

LoopBody weft::collectStatement(ArrayRef<Operation *> ops,
                                CallSummaries &summaries) {
  LoopBody body;
  for (Operation *op : ops)
    collectInto(op, /*withRoot=*/true, body, summaries);
  return body;
}

std::optional<SmallVector<Poly, 1>>
weft::runsWhen(Operation *loop, const DenseMap<Value, int64_t> &at,
               bool trustBounds) {
  LoopInfo info = loopInfoOf(loop, trustBounds);
  if (!info.counted() || info.lbs.empty() || info.ubs.empty())
    return std::nullopt;
  SmallVector<Poly, 1> runs;
  for (const Poly &lb : info.lbs)
    for (const Poly &ub : info.ubs) {
      std::optional<Poly> l = lb.at(at), u = ub.at(at);
      std::optional<Poly> d = l && u ? u->plus(*l, -1) : std::nullopt;
      std::optional<Poly> r = d ? d->plus(Poly::constant(-1)) : std::nullopt;
      if (!r || (r->isConstant() && r->constantTerm() < 0))
        return std::nullopt;
      if (!r->isConstant())
        runs.push_back(*r);
    }
  bool jumps = false;
  loop->walk([&](Operation *op) {
    if (isa<BreakOp, ContinueOp, ReturnOp, GotoOp, LabelOp>(op) ||
        isNestedCase(op))
      jumps = true;
  });
  if (jumps)
    return std::nullopt;
  return runs;
}

bool weft::runsAtLeastOnce(Operation *loop,
                           const DenseMap<Value, int64_t> &at) {
  auto runs = runsWhen(loop, at);
  return runs && runs->empty();
}

bool weft::computesAndGoesOn(Operation *op, bool mathCalls) {
  if (op->getNumRegions() != 0)
    return false;
  if (isPure(op) || isLoad(op) || isExpandedCall(op) ||
      isa<affine::AffineStoreOp, memref::StoreOp, memref::AllocaOp>(op))
    return true;
  auto call = dyn_cast<CallOp>(op);
  bool setsErrno = false;
  return mathCalls && call && !definedCallee(call) &&
         isMathFunction(call.getCallee(), setsErrno);
}

bool weft::surelyGoesOn(Operation *op, bool mathCalls) {
  auto structured = [](Operation *x) {
    return isa<scf::IfOp, affine::AffineIfOp, scf::ForOp, affine::AffineForOp>(
        x);
  };
  if (!structured(op))
    return computesAndGoesOn(op, mathCalls);
  return !op->walk([&](Operation *in) {
              if (structured(in) || computesAndGoesOn(in, mathCalls))
                return WalkResult::advance();
              return WalkResult::interrupt();
            }).wasInterrupted();
}

bool weft::boundLoadsInvariant(Operation *inner, Operation *loop,
                               const Invariants &inv) {
  SmallVector<Operation *> reads = boundLoadsOf(inner);
  return !reads.empty() && llvm::all_of(reads, [&](Operation *r) {
    return loop->isAncestor(r) && inv.loads.count(r->getResult(0));
  });
}

bool weft::readInEveryIteration(Operation *op, Operation *loop,
                                SmallVectorImpl<Invariants::EntryLoop> &runs,
                                const Invariants *inv) {
  if (!loop->isAncestor(op) || hasJumpOrSwitch(loop))
    return false;
  for (Operation *at = op; at != loop; at = at->getParentOp()) {
    for (Operation *before = at->getPrevNode(); before;
         before = before->getPrevNode())
      if (!surelyGoesOn(before, /*mathCalls=*/true))
        return false;
    Operation *parent = at->getParentOp();
    if (parent == loop)
      break;
    // Only loops in between, whose bounds do not change in `loop`: each
    // runs in every iteration when it runs in one. A bound read from
    // memory counts when it is an invariant load (the loop's checks test
    // it against every write).
    if (!isLoop(parent) || isa<OpaqueLoopOp>(parent) ||
        &parent->getRegion(0).front() != at->getBlock())
      return false;
    bool trust = inv && boundLoadsInvariant(parent, loop, *inv);
    LoopInfo info = loopInfoOf(parent, trust);
    for (const auto &list : {info.lbs, info.ubs})
      for (const Poly &p : list)
        if (llvm::any_of(p.atoms(), [&](Value v) {
              return isDefinedInside(v, loop) &&
                     !(inv && inv->identity(v, loop));
            }))
          return false;
    auto r = runsWhen(parent, DenseMap<Value, int64_t>(), trust);
    if (!r)
      return false;
    if (!r->empty())
      runs.push_back({parent, *r});
  }
  return op->getBlock() == &loop->getRegion(0).front() ||
         loop->isProperAncestor(op);
}

MemPath weft::pathThroughCheckedRows(const Access &a, Operation *loop,
                                     ModuleOp module, const Invariants &inv) {
  std::optional<Access> row = rowOfTable(a, loop, &inv);
  return pathOf(row && row->rowChecked ? *row : a, module);
}

bool weft::isJumpOrSwitch(Operation *op) {
  return isa<BreakOp, ContinueOp, ReturnOp, GotoOp, LabelOp, CaseOp, SwitchOp>(
      op);
}

Operation *weft::jumpTarget(Operation *jump) {
  for (Operation *p = jump->getParentOp(); p; p = p->getParentOp())
    if (isLoop(p) || (isa<SwitchOp>(p) && isa<BreakOp>(jump)))
      return p;
  return nullptr;
}

Operation *weft::endingJump(Region &r) {
  if (!r.hasOneBlock())
    return nullptr;
  Operation *last = nullptr;
  for (Operation &op : r.front())
    if (!isa<scf::YieldOp>(op))
      last = &op;
  return isa_and_nonnull<BreakOp, ContinueOp, ReturnOp, GotoOp>(last) ? last
                                                                      : nullptr;
}

bool weft::hasJumpOrSwitch(Operation *op) {
  return op
      ->walk([](Operation *o) {
        return isJumpOrSwitch(o) ? WalkResult::interrupt()
                                 : WalkResult::advance();
      })
      .wasInterrupted();
}

SmallVector<Operation *> weft::boundLoadsOf(Operation *loop) {
  SmallVector<Operation *> out;
  auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
  if (!id || !loop->hasAttr("weft.bound_reads_memory"))
    return out;
  for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode())
    op->walk([&](Operation *o) {
      auto of = o->getAttrOfType<IntegerAttr>("weft.bound_of");
      if (of && of.getInt() == id.getInt() &&
          isa<affine::AffineLoadOp, memref::LoadOp>(o))
        out.push_back(o);
    });
  return out;
}
