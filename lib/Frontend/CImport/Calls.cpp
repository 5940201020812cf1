//===- Calls.cpp - C calls to weft.call
//---------------------------------------===//
//
// A call becomes weft.call to a function declared in the module: scalars
// are passed as values, pointers as !weft.ptr. The importer does not decide
// what a callee does (the analysis summarizes callees and knows libm); it only
// recognizes the calls that are not calls at all (__builtin_expect), and the
// ones whose effects no summary can describe (atomics, setjmp, calls through
// pointers), which become weft.effects. Arguments are evaluated exactly when
// C evaluates them: always, except for the builtins that only look at
// their argument (__builtin_constant_p, __builtin_object_size, ...), whose
// side effects Clang discards.
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"

#include "clang/Basic/Builtins.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

namespace {
/// The evaluated arguments of a call.
struct Args {
  SmallVector<Value> values;
  SmallVector<Value> pointers; ///< the pointer arguments (memory reached)
};
} // namespace

static Args evalArgs(Importer &im, const clang::CallExpr *call) {
  Args a;
  for (const clang::Expr *arg : call->arguments()) {
    Location l = im.loc(arg);
    CVal v = im.eval(arg);
    if (v.ptr) {
      Value p = im.pointerValue(*v.ptr, l);
      a.values.push_back(p);
      a.pointers.push_back(p);
    } else if (v.scalar) {
      a.values.push_back(v.scalar);
    }
  }
  return a;
}

/// A call whose effects no summary can describe.
static CVal effectsCall(Importer &im, const clang::CallExpr *call,
                        StringRef kind, StringRef reason, const Args &a) {
  clang::QualType t = call->getType();
  SmallVector<Type> results;
  if (!t->isVoidType())
    results.push_back(im.convertScalarType(t));
  auto op = im.builder.create<weft::EffectsOp>(
      im.loc(call), results, a.pointers, a.pointers,
      im.builder.getStringAttr(kind), im.builder.getStringAttr(reason),
      im.builder.getUnitAttr(), im.builder.getUnitAttr());
  return im.asCVal(t->isVoidType() ? Value() : op.getResult(0), t);
}

/// Builtins that look at their argument without evaluating it in the
/// program: Clang folds them, or evaluates the argument only when it has
/// no side effects (CodeGen drops the effects otherwise).
static bool inspectsOnly(unsigned builtin) {
  switch (builtin) {
  case clang::Builtin::BI__builtin_constant_p:
  case clang::Builtin::BI__builtin_object_size:
  case clang::Builtin::BI__builtin_dynamic_object_size:
  case clang::Builtin::BI__builtin_classify_type:
  case clang::Builtin::BI__builtin_assume:
    return true;
  default:
    return false;
  }
}

static bool startsWith(StringRef s, std::initializer_list<StringRef> prefixes) {
  for (StringRef p : prefixes)
    if (s.starts_with(p))
      return true;
  return false;
}

CVal Importer::evalCall(const clang::CallExpr *call) {
  Location l = loc(call);
  const clang::FunctionDecl *fn = call->getDirectCallee();
  if (!fn) {
    (void)eval(call->getCallee());
    Args a = evalArgs(*this, call);
    return effectsCall(*this, call, "call",
                       "a call through a function pointer", a);
  }
  StringRef name = fn->getName();
  unsigned builtin = fn->getBuiltinID();

  // Calls that only pass a value through, or have no effect on memory.
  if (builtin == clang::Builtin::BI__builtin_expect ||
      builtin == clang::Builtin::BI__builtin_expect_with_probability ||
      builtin == clang::Builtin::BI__builtin_assume_aligned) {
    CVal first = eval(call->getArg(0));
    for (unsigned i = 1; i < call->getNumArgs(); ++i)
      (void)eval(call->getArg(i));
    return first;
  }
  // A prefetch touches no memory the program sees, but its arguments run:
  // `__builtin_prefetch(&b[j++])` increments j.
  if (builtin == clang::Builtin::BI__builtin_prefetch ||
      builtin == clang::Builtin::BI__builtin_unreachable) {
    for (const clang::Expr *arg : call->arguments())
      (void)eval(arg);
    return CVal::of(Value());
  }
  if (inspectsOnly(builtin)) {
    // Their value, as Clang folds it; else a value of what they look at
    // (read without its side effects, which C drops).
    clang::QualType t = call->getType();
    clang::Expr::EvalResult er;
    if (t->isIntegerType() && call->EvaluateAsInt(er, ctx) &&
        !er.HasSideEffects)
      return CVal::of((Value)builder.create<arith::ConstantOp>(
          l, builder.getIntegerAttr(convertScalarType(t),
                                    er.Val.getInt().getSExtValue())));
    SmallVector<Value> deps;
    for (const clang::Expr *arg : call->arguments())
      if (!hasSideEffects(arg)) {
        CVal v = eval(arg);
        if (v.scalar)
          deps.push_back(v.scalar);
        else if (v.ptr)
          deps.push_back(pointerValue(*v.ptr, loc(arg)));
      }
    if (t->isVoidType())
      return CVal::of(Value());
    return opaqueOf(call, deps,
                    ("what " + name + " says of its argument").str());
  }

  if (startsWith(name, {"__atomic_", "__sync_", "__c11_atomic_", "atomic_"}))
    return effectsCall(*this, call, "atomic",
                       ("an atomic operation (" + name + ")").str(),
                       evalArgs(*this, call));
  if (name == "setjmp" || name == "_setjmp" || name == "sigsetjmp" ||
      name == "__sigsetjmp" || name == "longjmp" || name == "_longjmp" ||
      name == "siglongjmp")
    return effectsCall(*this, call, "setjmp",
                       ("a non-local jump (" + name + ")").str(),
                       evalArgs(*this, call));

  // __builtin_sqrt and friends are their library function.
  std::string callee = name.str();
  if (builtin && ctx.BuiltinInfo.isLibFunction(builtin) &&
      name.starts_with("__builtin_"))
    callee = name.drop_front(strlen("__builtin_")).str();

  Args a = evalArgs(*this, call);
  func::FuncOp decl = declareFunction(fn);
  if (decl.getName() != callee) {
    // A builtin spelled differently from its library function: declare the
    // library name too, so that the analysis sees the function it is.
    if (!module.lookupSymbol<func::FuncOp>(callee)) {
      OpBuilder::InsertionGuard g(builder);
      builder.setInsertionPointToEnd(module.getBody());
      auto f = builder.create<func::FuncOp>(loc(fn->getLocation()), callee,
                                            decl.getFunctionType());
      f.setPrivate();
      f->setAttr("weft.external", builder.getUnitAttr());
    }
  }
  clang::QualType t = call->getType();
  SmallVector<Type> results;
  if (!t->isVoidType())
    results.push_back(convertScalarType(t));
  // The call's C spelling names what it touches in remarks.
  auto op = builder.create<weft::CallOp>(
      NameLoc::get(builder.getStringAttr(spelling(call)), l), results,
      FlatSymbolRefAttr::get(builder.getStringAttr(callee)), a.values);
  return asCVal(t->isVoidType() ? Value() : op.getResult(0), t);
}
