//===- Loops.cpp - C loops to affine.for, scf.for or weft.opaque_loop ----===//
//
// A `for` is counted when C guarantees its trip count from the loop header
// alone (docs/ir.md, "Loops"): one integer counter, a start, a constant step,
// bounds compared in the step's direction, nothing in the body that changes
// the counter or what the bounds read, nothing that leaves the body, and no
// way for the counter to wrap before a bound stops it. The importer reads
// the header's shape (recognize); whether the loop is counted is
// weft-count-loops' decision (whyNotCounted), made on the loop imported as
// weft.opaque_loop in a first import of the file (importTranslationUnit). A
// counted loop becomes affine.for when its bounds are MLIR-affine and
// scf.for otherwise; every other loop becomes weft.opaque_loop with the
// reason, so that the remark can say why it stays sequential.
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"

#include "llvm/ADT/SetVector.h"

#include "mlir/Dialect/Affine/Analysis/Utils.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

namespace {
/// `counter + offset op expr` (or `counter + by op expr`, `counter - by
/// op expr`, with by an expression), with op one of < <= > >= !=.
struct Bound {
  const clang::Expr *expr;
  clang::BinaryOperatorKind op;
  const clang::Type *compareType = nullptr;
  int64_t offset = 0;
  const clang::Expr *by = nullptr;
  bool byMinus = false;
};

/// What the header of a `for` says, and why it has no counted loop's shape
/// (if so).
struct Counted {
  const clang::VarDecl *counter = nullptr;
  const clang::Expr *start = nullptr; ///< null: the counter's current value
  bool declaredInInit = false;
  /// An init run before the loop (CountedFor::initBefore).
  const clang::Stmt *initBefore = nullptr;
  int64_t step = 0;
  /// `i += m`: the step's expression (step is its sign), or null.
  const clang::Expr *stepBy = nullptr;
  SmallVector<Bound> bounds;
  /// A bound reads memory that the body might write (boundChanges).
  bool boundReadsMemory = false;
  /// The increment's steps of other variables (`i++, j += 2`), in order:
  /// each iteration runs them after the body, as C does.
  SmallVector<const clang::Expr *, 2> otherSteps;
  SmallVector<const clang::VarDecl *, 2> otherVars;
  std::string failure;
  bool ok() const { return failure.empty(); }
};
} // namespace

/// The variable e names, through parentheses and implicit casts.
static const clang::VarDecl *varOf(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *dre = dyn_cast<clang::DeclRefExpr>(e))
    return dyn_cast<clang::VarDecl>(dre->getDecl());
  return nullptr;
}

static std::optional<int64_t> constantOf(const clang::Expr *e,
                                         clang::ASTContext &ctx) {
  clang::Expr::EvalResult er;
  if (e->isValueDependent() || !e->EvaluateAsInt(er, ctx))
    return std::nullopt;
  if (er.Val.getInt().getSignificantBits() > 63)
    return std::nullopt;
  return er.Val.getInt().getSExtValue();
}

/// The variable a step steps, and by what: `i++`, `--i` (`by` null, the
/// step 1 or -1), `i += x`, `i -= x`, `i = i + x`, `i = x + i`, `i = i - x`
/// (`minus` for the two that subtract), x any expression; null for
/// anything else.
static const clang::VarDecl *stepForm(const clang::Expr *inc,
                                      const clang::Expr *&by, bool &minus) {
  inc = inc->IgnoreParens();
  by = nullptr;
  if (const auto *uo = dyn_cast<clang::UnaryOperator>(inc)) {
    if (!uo->isIncrementDecrementOp())
      return nullptr;
    minus = uo->isDecrementOp();
    return varOf(uo->getSubExpr());
  }
  const auto *bo = dyn_cast<clang::BinaryOperator>(inc);
  if (!bo)
    return nullptr;
  if (bo->getOpcode() == clang::BO_AddAssign ||
      bo->getOpcode() == clang::BO_SubAssign) {
    by = bo->getRHS();
    minus = bo->getOpcode() == clang::BO_SubAssign;
    return varOf(bo->getLHS());
  }
  const clang::VarDecl *var = varOf(bo->getLHS());
  const auto *rhs =
      dyn_cast<clang::BinaryOperator>(bo->getRHS()->IgnoreParenImpCasts());
  if (bo->getOpcode() != clang::BO_Assign || !var || !rhs)
    return nullptr;
  minus = rhs->getOpcode() == clang::BO_Sub;
  if ((rhs->getOpcode() == clang::BO_Add || minus) &&
      varOf(rhs->getLHS()) == var)
    by = rhs->getRHS();
  else if (rhs->getOpcode() == clang::BO_Add && varOf(rhs->getRHS()) == var)
    by = rhs->getLHS();
  return by ? var : nullptr;
}

/// Parses the increment: a step of one variable by a constant (stepForm);
/// or, given `stepBy`, by an integer expression that is not one (`i +=
/// m`): `step` is then its sign and `*stepBy` the expression, which
/// weft-count-loops checks the loop does not change.
static bool parseIncrement(const clang::Expr *inc, clang::ASTContext &ctx,
                           const clang::VarDecl *&var, int64_t &step,
                           const clang::Expr **stepBy = nullptr) {
  const clang::Expr *by;
  bool minus = false;
  var = stepForm(inc, by, minus);
  if (!var)
    return false;
  if (!by)
    return step = minus ? -1 : 1, true;
  auto c = constantOf(by, ctx);
  if (!c) {
    if (!stepBy || !by->getType()->isIntegerType())
      return false;
    *stepBy = by;
    step = minus ? -1 : 1;
    return true;
  }
  step = minus ? -*c : *c;
  return true;
}

/// `a op b` as `b op' a`: `n > i` is `i < n`.
static clang::BinaryOperatorKind flipped(clang::BinaryOperatorKind op) {
  return op == clang::BO_LT   ? clang::BO_GT
         : op == clang::BO_LE ? clang::BO_GE
         : op == clang::BO_GT ? clang::BO_LT
         : op == clang::BO_GE ? clang::BO_LE
                              : op;
}

/// Is e the counter plus a constant (`i + 1`, `2 + i`, `i - 1`, or `i`
/// itself, offset 0), or plus or minus an expression (`i + w`, `w + i`,
/// `i - w`: `by`, which weft-count-loops checks the loop does not change)?
static bool counterPlus(const clang::Expr *e, const clang::VarDecl *counter,
                        clang::ASTContext &ctx, int64_t &offset,
                        const clang::Expr *&by, bool &byMinus) {
  offset = 0;
  by = nullptr;
  byMinus = false;
  if (varOf(e) == counter)
    return true;
  const auto *bo = dyn_cast<clang::BinaryOperator>(e->IgnoreParenImpCasts());
  if (!bo ||
      (bo->getOpcode() != clang::BO_Add && bo->getOpcode() != clang::BO_Sub))
    return false;
  const clang::Expr *v = bo->getLHS(), *k = bo->getRHS();
  if (bo->getOpcode() == clang::BO_Add && varOf(k) == counter)
    std::swap(v, k);
  if (varOf(v) != counter || !k->getType()->isIntegerType())
    return false;
  bool minus = bo->getOpcode() == clang::BO_Sub;
  if (auto c = constantOf(k, ctx)) {
    if (*c == INT64_MIN)
      return false;
    offset = minus ? -*c : *c;
    return true;
  }
  by = k;
  byMinus = minus;
  return true;
}

/// Parses the condition into bounds on `counter` (plus a constant:
/// `i + 1 < n`); `&&` joins several.
static bool parseCondition(const clang::Expr *cond,
                           const clang::VarDecl *counter,
                           clang::ASTContext &ctx,
                           SmallVectorImpl<Bound> &bounds) {
  cond = cond->IgnoreParenImpCasts();
  const auto *bo = dyn_cast<clang::BinaryOperator>(cond);
  if (!bo)
    return false;
  if (bo->getOpcode() == clang::BO_LAnd)
    return parseCondition(bo->getLHS(), counter, ctx, bounds) &&
           parseCondition(bo->getRHS(), counter, ctx, bounds);
  clang::BinaryOperatorKind op = bo->getOpcode();
  if (op != clang::BO_LT && op != clang::BO_LE && op != clang::BO_GT &&
      op != clang::BO_GE && op != clang::BO_NE)
    return false;
  const clang::Type *ct = bo->getLHS()->getType().getTypePtr();
  int64_t off = 0, other = 0;
  const clang::Expr *by = nullptr, *otherBy = nullptr;
  bool minus = false, otherMinus = false;
  if (counterPlus(bo->getLHS(), counter, ctx, off, by, minus) &&
      !counterPlus(bo->getRHS(), counter, ctx, other, otherBy, otherMinus)) {
    bounds.push_back({bo->getRHS(), op, ct, off, by, minus});
  } else if (counterPlus(bo->getRHS(), counter, ctx, off, by, minus)) {
    // `n > i` is `i < n`.
    bounds.push_back({bo->getLHS(), flipped(op), ct, off, by, minus});
  } else {
    return false;
  }
  return true;
}

/// Does the bound read memory (`s->n`, `*len`, `a[k]`, a global, a
/// variable whose address is taken)? C evaluates the bound again before
/// every iteration: such a loop is counted if the body never writes that
/// memory, which weft-detect-parallel-loops proves, or checks at run time,
/// before it relies on the count (docs/analysis.md, "Bounds in memory"), and
/// the loads of the bound are named for its checks.
static bool boundReadsMemory(Importer &im, const clang::Expr *bound) {
  bool reads = false;
  std::function<void(const clang::Stmt *)> walk = [&](const clang::Stmt *s) {
    if (!s || reads)
      return;
    if (const auto *dre = dyn_cast<clang::DeclRefExpr>(s)) {
      if (const auto *v = dyn_cast<clang::VarDecl>(dre->getDecl()))
        reads = (v->hasGlobalStorage() && !v->getType().isConstQualified()) ||
                im.facts.lookup(v).addressTaken;
      return;
    }
    if (isa<clang::ArraySubscriptExpr, clang::MemberExpr>(s) ||
        (isa<clang::UnaryOperator>(s) &&
         cast<clang::UnaryOperator>(s)->getOpcode() == clang::UO_Deref))
      reads = true;
    for (const clang::Stmt *c : s->children())
      walk(c);
  };
  walk(bound);
  return reads;
}

namespace {
/// What a for's init stores in one variable: `int i = e` (declared there)
/// or `i = e`; no variable for any other init.
struct InitSet {
  const clang::VarDecl *var = nullptr;
  const clang::Expr *value = nullptr;
  bool declared = false;
};
} // namespace

/// Does a for's init declare v (`int i = 0, j = n`)?
static bool declares(const clang::Stmt *init, const clang::VarDecl *v) {
  const auto *ds = dyn_cast_or_null<clang::DeclStmt>(init);
  return ds && llvm::is_contained(ds->decls(), v);
}

static InitSet initSetOf(const clang::Stmt *init) {
  if (const auto *ds = dyn_cast<clang::DeclStmt>(init)) {
    const auto *v = ds->isSingleDecl()
                        ? dyn_cast<clang::VarDecl>(ds->getSingleDecl())
                        : nullptr;
    if (v && v->getInit())
      return {v, v->getInit(), true};
  } else if (const auto *bo = dyn_cast<clang::BinaryOperator>(init);
             bo && bo->getOpcode() == clang::BO_Assign && varOf(bo->getLHS())) {
    return {varOf(bo->getLHS()), bo->getRHS(), false};
  }
  return {};
}

/// The header's shape: a counter set by the init (or not set), stepped by
/// a constant in the increment, compared with bounds in the condition. What
/// the body does, and whether the counter can wrap, weft-count-loops
/// decides.
static Counted recognize(Importer &im, const clang::ForStmt *s) {
  Counted c;
  clang::ASTContext &ctx = im.ctx;
  auto fail = [&](std::string why) {
    if (c.failure.empty())
      c.failure = std::move(why);
    return c;
  };
  if (!s->getCond())
    return fail("this for has no condition");
  if (!s->getInc())
    return fail("this for has no increment");

  // The counter and its start.
  const clang::Stmt *init = s->getInit();
  const auto *initExpr = dyn_cast_or_null<clang::Expr>(init);
  const auto *initDecl = dyn_cast_or_null<clang::DeclStmt>(init);
  if (const auto *bo = dyn_cast_or_null<clang::BinaryOperator>(
          initExpr ? initExpr->IgnoreParens() : nullptr);
      (bo && bo->getOpcode() == clang::BO_Comma) ||
      (initDecl && !initDecl->isSingleDecl())) {
    // `for (i = 0, j = 0; ...)` is `i = 0, j = 0; for (; ...)` (and `for
    // (int i = 0, m = n / 2; ...)` is `{ int i = 0, m = n / 2; for (; ...)
    // }`): the counter starts from the value the init leaves, and the
    // other variables it sets are what they are where the loop starts.
    c.initBefore = init;
  } else if (init) {
    InitSet set = initSetOf(init);
    if (!set.var)
      return fail(!initDecl
                      ? "the init of this for does more than set one counter"
                      : "the init of this for does not set a counter");
    c.counter = set.var;
    c.start = set.value;
    c.declaredInInit = set.declared;
  }

  const clang::VarDecl *incVar = nullptr;
  // `i++, j += 2`: one step of the counter (the init's, or else the one the
  // condition compares), and steps of other variables, which run after the
  // body; whether they are functions of the counter is weft-count-loops'
  // to decide (docs/analysis.md, "Other counters").
  SmallVector<const clang::Expr *, 4> parts;
  std::function<void(const clang::Expr *)> flatten = [&](const clang::Expr *e) {
    e = e->IgnoreParens();
    if (const auto *bo = dyn_cast<clang::BinaryOperator>(e);
        bo && bo->getOpcode() == clang::BO_Comma) {
      flatten(bo->getLHS());
      flatten(bo->getRHS());
      return;
    }
    parts.push_back(e);
  };
  flatten(s->getInc());
  if (parts.size() > 1) {
    // Each part steps a distinct variable: by a constant, or by an
    // expression, `col += r`, which weft-count-loops makes an induction
    // (or the counter's step: "Steps by a variable") when nothing in the
    // loop changes r.
    SmallVector<std::pair<const clang::VarDecl *, int64_t>, 4> steps;
    for (const clang::Expr *e : parts) {
      const clang::VarDecl *v = nullptr;
      int64_t st = 0;
      bool constant = parseIncrement(e, ctx, v, st);
      const clang::Expr *by;
      bool minus;
      if (!constant)
        v = stepForm(e, by, minus), st = 0;
      if (!v || (constant && st == 0) ||
          llvm::any_of(steps, [&](const auto &o) { return o.first == v; }))
        return fail("the increment of this for is not steps of distinct "
                    "variables");
      steps.push_back({v, st});
    }
    const clang::VarDecl *counter = c.counter;
    if (!counter) {
      // No init: the one the condition compares.
      for (const auto &[v, st] : steps) {
        SmallVector<Bound> b;
        if (parseCondition(s->getCond(), v, ctx, b)) {
          counter = v;
          break;
        }
      }
    }
    for (size_t k = 0; k < parts.size(); ++k) {
      if (steps[k].first == counter) {
        // (By a constant, or by a variable: `i += s, j++`.)
        incVar = counter;
        const clang::VarDecl *v;
        if (!parseIncrement(parts[k], ctx, v, c.step, &c.stepBy))
          c.step = 0;
      } else {
        c.otherSteps.push_back(parts[k]);
        c.otherVars.push_back(steps[k].first);
      }
    }
    if (!incVar)
      return fail("the increment of this for does not step the counter");
    if (c.step == 0)
      return fail("the increment of this for does not step the counter by "
                  "a constant");
    // A continue jumps to the increment, which the body's end then is not.
    if (hasDirectContinue(s->getBody()))
      return fail("a continue in this for jumps to its increment, which "
                  "steps more than the counter");
  } else if (!parseIncrement(s->getInc(), ctx, incVar, c.step, &c.stepBy) ||
             c.step == 0) {
    return fail("the increment of this for is not a constant step of one "
                "counter");
  }
  if (c.counter && incVar != c.counter) {
    // `for (j = 0; i < n; i++)`: an init that sets (or declares) another
    // variable runs before the loop, as a comma init does.
    c.initBefore = init;
    c.start = nullptr;
  }
  c.counter = incVar;
  // (A counter declared by an init that runs before the loop is the
  // replacing block's, as it was the loop's.)
  if (c.initBefore)
    c.declaredInInit = declares(init, c.counter);
  std::string name = c.counter->getName().str();

  clang::QualType ct = c.counter->getType();
  // A pointer to a complete object type steps by whole objects
  // (weft-count-loops counts it: docs/analysis.md, "Pointer counters").
  clang::QualType pointee =
      ct->isPointerType() ? ct->getPointeeType() : clang::QualType();
  bool objectPointer = !pointee.isNull() && pointee->isObjectType() &&
                       !pointee->isIncompleteType() &&
                       !pointee->isVariablyModifiedType();
  if (!objectPointer &&
      (!ct->isIntegerType() || ct->isBooleanType() || ct->isEnumeralType()))
    return fail("the counter " + name +
                " is not an integer or a pointer to "
                "a complete object type");
  // (Its accesses are weft.effects: no step or bound for weft-count-loops.)
  if (ct.isVolatileQualified())
    return fail("the counter " + name + " is volatile");

  if (!parseCondition(s->getCond(), c.counter, ctx, c.bounds))
    return fail("the condition is not a comparison of the counter " + name +
                " with a bound");
  for (const Bound &b : c.bounds)
    c.boundReadsMemory |=
        boundReadsMemory(im, b.expr) || (b.by && boundReadsMemory(im, b.by));
  return c;
}

/// Is the text only whitespace and comments?
static bool onlyBlanksAndComments(llvm::StringRef t) {
  while (!t.empty()) {
    t = t.ltrim();
    if (t.starts_with("//")) {
      size_t nl = t.find('\n');
      t = nl == llvm::StringRef::npos ? "" : t.drop_front(nl);
    } else if (t.starts_with("/*")) {
      size_t e = t.find("*/");
      if (e == llvm::StringRef::npos)
        return false;
      t = t.drop_front(e + 2);
    } else if (t.starts_with("#pragma")) {
      // Several pragmas in a row each apply.
      size_t nl = t.find('\n');
      t = nl == llvm::StringRef::npos ? "" : t.drop_front(nl);
    } else {
      return !t.empty() ? false : true;
    }
  }
  return true;
}

void weft::detail::setFreeVars(Importer &im, Operation *op,
                               const clang::Stmt *s, llvm::StringRef attr,
                               const clang::Stmt *before) {
  llvm::DenseSet<const clang::VarDecl *> inside;
  llvm::SetVector<const clang::VarDecl *> used;
  std::function<void(const clang::Stmt *)> walk;
  // The sizes of variably modified types (in declarations, casts, sizeof)
  // read variables too.
  auto walkType = [&](clang::QualType qt) {
    for (const clang::Type *t = qt.getTypePtrOrNull();
         t && t->isVariablyModifiedType();) {
      if (const auto *vla = dyn_cast<clang::VariableArrayType>(t)) {
        walk(vla->getSizeExpr());
        t = vla->getElementType().getTypePtr();
      } else if (const auto *at = dyn_cast<clang::ArrayType>(t)) {
        t = at->getElementType().getTypePtr();
      } else if (const auto *pt = dyn_cast<clang::PointerType>(t)) {
        t = pt->getPointeeType().getTypePtr();
      } else if (const auto *tt = dyn_cast<clang::TypedefType>(t)) {
        t = tt->desugar().getTypePtr();
      } else if (const auto *pt = dyn_cast<clang::ParenType>(t)) {
        t = pt->getInnerType().getTypePtr();
      } else {
        break;
      }
    }
  };
  walk = [&](const clang::Stmt *st) {
    if (!st)
      return;
    if (const auto *ds = dyn_cast<clang::DeclStmt>(st))
      for (const clang::Decl *d : ds->decls()) {
        if (const auto *v = dyn_cast<clang::VarDecl>(d)) {
          if (st != before)
            inside.insert(v);
          walkType(v->getType());
        } else if (const auto *td = dyn_cast<clang::TypedefNameDecl>(d)) {
          walkType(td->getUnderlyingType());
        }
      }
    if (const auto *dre = dyn_cast<clang::DeclRefExpr>(st))
      if (const auto *v = dyn_cast<clang::VarDecl>(dre->getDecl()))
        used.insert(v);
    if (const auto *c = dyn_cast<clang::ExplicitCastExpr>(st))
      walkType(c->getTypeAsWritten());
    if (const auto *u = dyn_cast<clang::UnaryExprOrTypeTraitExpr>(st))
      if (u->isArgumentType())
        walkType(u->getArgumentType());
    if (const auto *cl = dyn_cast<clang::CompoundLiteralExpr>(st))
      walkType(cl->getType());
    for (const clang::Stmt *c : st->children())
      walk(c);
  };
  walk(s);
  OpBuilder b(op->getContext());
  SmallVector<Attribute> vars;
  for (const clang::VarDecl *v : used) {
    if (inside.contains(v))
      continue;
    vars.push_back(b.getDictionaryAttr(
        {b.getNamedAttr("decl", b.getI64IntegerAttr(im.declId(v))),
         b.getNamedAttr("name", b.getStringAttr(v->getName()))}));
  }
  op->setAttr(attr, b.getArrayAttr(vars));
}

void Importer::setLoopAttrs(Operation *op, const clang::Stmt *s, int64_t id) {
  op->setAttr("weft.loop_id", builder.getI64IntegerAttr(id));
  clang::SourceLocation b = s->getBeginLoc();
  if (b.isMacroID())
    op->setAttr("weft.uneditable", builder.getStringAttr("macro"));
  else if (!sm.isWrittenInMainFile(b))
    op->setAttr("weft.uneditable", builder.getStringAttr("header"));
  if (openmpDepth > 0)
    op->setAttr("weft.openmp", builder.getUnitAttr());
  // A pragma right before the loop, with only blanks and comments between.
  clang::SourceLocation at = sm.getExpansionLoc(b);
  if (!sm.isInMainFile(at))
    return;
  unsigned offset = sm.getFileOffset(at);
  llvm::StringRef text = sm.getBufferData(sm.getMainFileID());
  for (const LoopPragma &p : options.pragmas) {
    if (p.end > offset)
      break;
    if (p.kind == LoopPragma::Pure) // about functions
      continue;
    llvm::StringRef between = text.slice(p.end, offset);
    if (!onlyBlanksAndComments(between))
      continue;
    const char *name = p.kind == LoopPragma::Sequential ? "weft.pragma_sequential"
                       : p.kind == LoopPragma::AssumeNoAlias
                           ? "weft.assume_no_alias"
                           : "weft.openmp";
    op->setAttr(name, builder.getUnitAttr());
  }
}

Operation *Importer::importOpaqueLoop(const clang::Stmt *s, StringRef kind,
                                      const std::string &reason, int64_t id) {
  Location l = loc(s);
  const clang::Expr *cond = nullptr, *inc = nullptr;
  const clang::Stmt *body = nullptr;
  if (const auto *fs = dyn_cast<clang::ForStmt>(s)) {
    importStmt(fs->getInit());
    cond = fs->getCond();
    inc = fs->getInc();
    body = fs->getBody();
  } else if (const auto *ws = dyn_cast<clang::WhileStmt>(s)) {
    cond = ws->getCond();
    body = ws->getBody();
  } else if (const auto *ds = dyn_cast<clang::DoStmt>(s)) {
    cond = ds->getCond();
    body = ds->getBody();
  }
  auto op = builder.create<weft::OpaqueLoopOp>(l, kind, reason);
  setLoopAttrs(op, s, id);
  OpBuilder::InsertionGuard g(builder);
  Block *cb = new Block();
  op.getCondition().push_back(cb);
  builder.setInsertionPointToStart(cb);
  Value c = cond ? evalCond(cond)
                 : (Value)builder.create<arith::ConstantIntOp>(l, 1, 1);
  builder.create<weft::ConditionOp>(l, c);
  Block *bb = new Block();
  op.getBody().push_back(bb);
  builder.setInsertionPointToStart(bb);
  importBody(body);
  if (inc)
    (void)eval(inc);
  builder.create<weft::YieldOp>(l);
  return op;
}

/// `while (n)`: the condition is the counter itself, `n != 0` (a bound with
/// no expression: the rewriter writes 0).
static bool truthOf(const clang::Expr *cond, const clang::VarDecl *counter,
                    SmallVectorImpl<Bound> &bounds) {
  if (varOf(cond) != counter)
    return false;
  bounds.assign(
      {Bound{nullptr, clang::BO_NE, counter->getType().getTypePtr()}});
  return true;
}

void Importer::importWhileOrDo(const clang::Stmt *s, int64_t id) {
  const auto *ws = dyn_cast<clang::WhileStmt>(s);
  const auto *ds = dyn_cast<clang::DoStmt>(s);
  // `for (init; cond; )`: its init, then the while loop it is.
  const auto *fs = dyn_cast<clang::ForStmt>(s);
  const clang::Expr *cond = ws   ? ws->getCond()
                            : ds ? ds->getCond()
                                 : fs->getCond();
  const clang::Stmt *body = ws   ? ws->getBody()
                            : ds ? ds->getBody()
                                 : fs->getBody();
  StringRef kind = ds ? "do" : "while";
  Operation *op = importOpaqueLoop(
      s, kind,
      fs ? "a for loop with no increment" : ("a " + kind + " loop").str(), id);
  if (fs)
    op->setAttr("weft.c_no_increment", builder.getUnitAttr());
  // The header as C wrote it, when it has the shape of a counted one: the
  // body steps a variable by a constant (`i++;`, `a[i++] = x;`, `i += 4;`),
  // or the condition does, and the condition compares that variable with
  // bounds. Whether the loop is counted (one step, where nothing skips it)
  // is weft-count-loops' to decide, from the IR; the rewriter needs the C.
  CountedFor h;
  const clang::VarDecl *var = nullptr;
  SmallVector<Bound> bounds;
  // The steps in the body's own statements (not inside an if, a loop or a
  // switch, where they may not run): a variable that the condition compares
  // is the counter. Another stepped variable is named to weft-count-loops
  // all the same, so that its remark can say what the condition is.
  SmallVector<const clang::Stmt *> tops;
  if (const auto *cs = dyn_cast_or_null<clang::CompoundStmt>(body))
    tops.append(cs->body_begin(), cs->body_end());
  else if (body)
    tops.push_back(body);
  const clang::VarDecl *stepped = nullptr;
  std::function<bool(const clang::Stmt *)> stepsCounter =
      [&](const clang::Stmt *st) {
        if (!st || isa<clang::StmtExpr>(st))
          return false;
        if (const auto *e = dyn_cast<clang::Expr>(st)) {
          const clang::VarDecl *v = nullptr;
          int64_t step = 0;
          const clang::Expr *by = nullptr;
          if (parseIncrement(e, ctx, v, step, &by) && step != 0) {
            stepped = v;
            bounds.clear();
            if (parseCondition(cond, v, ctx, bounds) ||
                (v->getType()->isIntegerType() && truthOf(cond, v, bounds))) {
              var = v;
              h.step = step;
              h.stepBy = by;
              return true;
            }
          }
        }
        for (const clang::Stmt *c : st->children())
          if (stepsCounter(c))
            return true;
        return false;
      };
  bool inBody = false;
  for (const clang::Stmt *t : tops)
    if (isa<clang::Expr, clang::DeclStmt>(t) && stepsCounter(t)) {
      inBody = true;
      break;
    }
  // Or the condition steps it: `while (i-- > 0)`, `while (++i < n)`,
  // `do ... while (++i < n)` (one comparison, a step of 1).
  auto condStep = [&]() -> StringRef {
    // `while (n--)`: the step is the whole condition, `n-- != 0`.
    const auto *whole =
        dyn_cast<clang::UnaryOperator>(cond->IgnoreParenImpCasts());
    if (whole && whole->isIncrementDecrementOp())
      var = varOf(whole->getSubExpr());
    if (whole && var && truthOf(whole->getSubExpr(), var, bounds)) {
      h.step = whole->isIncrementOp() ? 1 : -1;
      return whole->isPrefix() ? "pre" : "post";
    }
    const auto *bo =
        dyn_cast<clang::BinaryOperator>(cond->IgnoreParenImpCasts());
    if (!bo || !bo->isComparisonOp() || bo->getOpcode() == clang::BO_EQ)
      return "";
    bool left = true;
    const auto *uo =
        dyn_cast<clang::UnaryOperator>(bo->getLHS()->IgnoreParenImpCasts());
    if (!uo || !uo->isIncrementDecrementOp()) {
      left = false;
      uo = dyn_cast<clang::UnaryOperator>(bo->getRHS()->IgnoreParenImpCasts());
    }
    if (!uo || !uo->isIncrementDecrementOp() ||
        !(var = varOf(uo->getSubExpr())))
      return "";
    clang::BinaryOperatorKind op =
        left ? bo->getOpcode() : flipped(bo->getOpcode());
    const clang::Expr *other = left ? bo->getRHS() : bo->getLHS();
    bounds.clear();
    bounds.push_back({other, op, bo->getLHS()->getType().getTypePtr()});
    h.step = uo->isIncrementOp() ? 1 : -1;
    return uo->isPrefix() ? "pre" : "post";
  };
  StringRef inCond;
  if (!inBody) {
    inCond = condStep();
    // `do ... while (i++ < n)` tests the value before the step after the
    // body: not counted (yet).
    if (inCond.empty() || (ds && inCond == "post")) {
      if (stepped && inCond.empty())
        op->setAttr("weft.c_counter",
                    builder.getI64IntegerAttr(declId(stepped)));
      return;
    }
  }
  h.counter = var;
  h.stepInBody = inCond.empty();
  h.runsOnce = ds != nullptr;
  // `while (++i < n)` starts at i + 1; `while (i-- > 0)`'s body sees the
  // counter stepped once, and so does the code after it.
  if (!ds && inCond == "pre")
    h.startOffset = h.step;
  h.seesStepped = !ds && inCond == "post";
  // A for's init may set the counter (`for (i = n; i-- > 0;)`, `for (int i
  // = 0; i < n;)`): the loop starts from what it stores. Any other init
  // runs before the loop (CountedFor::initBefore).
  if (fs && fs->getInit()) {
    InitSet set = initSetOf(fs->getInit());
    if (set.var == var) {
      h.start = set.value;
      h.declaredInInit = set.declared;
      op->setAttr("weft.c_init", builder.getUnitAttr());
    } else {
      // (`for (j = 0, i = n; i-- > 0;)`, `for (int k = 3, i = n; i-- >
      // 0;)`: it runs before the loop, which starts from the counter's
      // value after it.)
      h.initBefore = fs->getInit();
      h.declaredInInit = declares(h.initBefore, var);
    }
  }
  for (const Bound &b : bounds)
    h.bounds.push_back(
        {b.expr, b.op, b.compareType, b.offset, b.by, b.byMinus});
  out.counted[id] = h;
  op->setAttr("weft.c_counter", builder.getI64IntegerAttr(declId(var)));
  op->setAttr("weft.c_bounds", builder.getI64IntegerAttr(bounds.size()));
  if (!inCond.empty())
    op->setAttr("weft.c_step_cond", builder.getStringAttr(inCond));
  setFreeVars(*this, op, s, "weft.free_vars", h.initBefore);
}

/// `form` as an index value at the current point.
static Value valueOf(Importer &im, const Linear &form, Location l) {
  Idx i;
  i.lin = form;
  return im.materialize(i, l);
}

/// The header of a counted `for`, for the rewriter.
static CountedFor headerOf(const Counted &c) {
  CountedFor cf;
  cf.counter = c.counter;
  cf.start = c.start;
  cf.declaredInInit = c.declaredInInit;
  cf.initBefore = c.initBefore;
  cf.step = c.step;
  cf.stepBy = c.stepBy;
  for (const Bound &b : c.bounds)
    cf.bounds.push_back(
        {b.expr, b.op, b.compareType, b.offset, b.by, b.byMinus});
  return cf;
}

void Importer::importFor(const clang::ForStmt *s) {
  int64_t id = newLoopId(s);
  Location l = loc(s);
  // `for (init; cond; )` steps its counter in the body or the condition,
  // as a while loop does (`for (i = n; i-- > 0;)`): weft-count-loops
  // decides it as one.
  if (s->getCond() && !s->getInc()) {
    importWhileOrDo(s, id);
    return;
  }
  Counted c = recognize(*this, s);
  if (!c.ok()) {
    importOpaqueLoop(s, "for", c.failure, id);
    return;
  }
  // The loop as C runs it, with the header read, for weft-count-loops to
  // decide (the first import), or to count (a pointer counter, which it
  // builds: the second import).
  auto headerOnly = [&] {
    Operation *op = importOpaqueLoop(s, "for", "a for loop", id);
    op->setAttr("weft.c_counter", builder.getI64IntegerAttr(declId(c.counter)));
    op->setAttr("weft.c_bounds", builder.getI64IntegerAttr(c.bounds.size()));
    // The step as C folds it (`i += skip[0]` of a static const array); a
    // step by a variable (`i += m`) weft-count-loops reads from the IR.
    if (!c.stepBy)
      op->setAttr("weft.c_inc_step", builder.getI64IntegerAttr(c.step));
    return op;
  };
  if (!forVerdicts) {
    headerOnly();
    return;
  }
  auto verdict = forVerdicts->find(s);
  if (verdict == forVerdicts->end() || !verdict->second.empty()) {
    importOpaqueLoop(s, "for",
                     verdict == forVerdicts->end()
                         ? "weft did not see this loop in its first import"
                         : verdict->second,
                     id);
    return;
  }
  const clang::VarDecl *var = c.counter;
  // A pointer counter, and a step by a variable, weft-count-loops builds.
  if (var->getType()->isPointerType() || c.stepBy) {
    Operation *op = headerOnly();
    if (c.start)
      op->setAttr("weft.c_init", builder.getUnitAttr());
    setFreeVars(*this, op, s, "weft.free_vars", c.initBefore);
    out.counted[id] = headerOf(c);
    return;
  }
  bool uns = isUnsigned(var->getType());
  // `i = 0, j = 0`: run once, before the loop (the counter starts from
  // what it leaves).
  if (c.initBefore)
    importStmt(c.initBefore);

  // Start and bounds, as affine forms when they are.
  Idx start;
  if (c.start) {
    start = makeIdx(c.start);
  } else {
    // No init: the counter's value at the loop, a symbol when read at the
    // function's top level.
    VarInfo *vi = lookupVar(var);
    Value cur;
    if (vi && vi->kind == VarInfo::Cell) {
      LVal lv;
      lv.memref = vi->value;
      lv.text = var->getName().str();
      lv.type = var->getType();
      cur = load(lv, l);
    } else if (vi && vi->kind == VarInfo::SSA) {
      cur = vi->value;
    }
    if (!cur)
      cur = zeroOf(convertScalarType(var->getType()), l);
    if (Value sym = symbolFor(cur, uns)) {
      start.lin = Linear();
      start.lin->terms[sym] = 1;
    } else {
      start.value = toIndex(cur, uns, l);
    }
  }
  // Upper (or lower) limits, normalized to exclusive ones: i < b, i <= b-1
  // for increasing loops; i > b for decreasing ones.
  SmallVector<Idx> limits;
  SmallVector<std::pair<Operation *, LVal>, 2> reads;
  auto *outerReads = boundLoads; // a loop in a statement expression
  boundLoads = &reads;
  for (const Bound &b : c.bounds) {
    // `i + 1 < n` is `i < n - 1` (weft-count-loops checks that i + 1
    // cannot wrap), `i + w <= n` is `i <= n - w` (in signed arithmetic only).
    Idx lim = makeIdx(b.expr);
    if (b.by)
      lim = addIdx(std::move(lim), mulIdx(makeIdx(b.by), b.byMinus ? 1 : -1, l),
                   l);
    int64_t by = (b.op == clang::BO_LE   ? 1
                  : b.op == clang::BO_GE ? -1
                                         : 0) -
                 b.offset;
    if (by)
      lim = addIdx(std::move(lim), Idx::constant(by), l);
    limits.push_back(std::move(lim));
  }
  boundLoads = outerReads;
  // The loads of the bounds, made once here where C makes them before every
  // iteration: weft-detect-parallel-loops checks that the body never writes
  // what they read (docs/analysis.md, "Bounds in memory"). Variables the
  // body never assigns and that nothing else reaches need no check.
  if (!c.boundReadsMemory)
    reads.clear();
  for (auto &[op, lv] : reads) {
    op->setAttr("weft.bound_of", builder.getI64IntegerAttr(id));
    nameRead(op, lv);
  }

  bool up = c.step > 0;
  int64_t mag = up ? c.step : -c.step;
  bool affine = (bool)start.lin;
  for (const Idx &lim : limits)
    affine &= (bool)lim.lin;

  Operation *loopOp;
  CounterInfo ci;
  ci.step = c.step;
  Block *body;
  if (affine && up) {
    SmallVector<Value> lbOps, ubOps;
    AffineMap lbMap = affineMapOf({*start.lin}, lbOps);
    SmallVector<Linear> ubs;
    for (const Idx &lim : limits)
      ubs.push_back(*lim.lin);
    AffineMap ubMap = affineMapOf(ubs, ubOps);
    auto forOp = builder.create<affine::AffineForOp>(l, lbOps, lbMap, ubOps,
                                                     ubMap, mag);
    loopOp = forOp;
    body = forOp.getBody();
    ci.iv = forOp.getInductionVar();
  } else if (affine) {
    // Normalized: k from 0 to min over bounds of ceil((start - b) / |s|).
    // The start's value is computed before the loop, for uses of the counter
    // that are not affine.
    ci.start = valueOf(*this, *start.lin, l);
    SmallVector<Linear> trips;
    for (const Idx &lim : limits) {
      Linear t = *start.lin;
      t.add(*lim.lin, -1);
      trips.push_back(t);
    }
    SmallVector<Value> ubOps;
    AffineMap ubMap = affineMapOf(trips, ubOps);
    if (mag != 1) {
      SmallVector<AffineExpr> results;
      for (AffineExpr e : ubMap.getResults())
        results.push_back(e.ceilDiv(mag));
      ubMap = AffineMap::get(ubMap.getNumDims(), ubMap.getNumSymbols(),
                             results, &mlirCtx);
    }
    auto forOp = builder.create<affine::AffineForOp>(
        l, ValueRange{}, builder.getConstantAffineMap(0), ubOps, ubMap, 1);
    loopOp = forOp;
    body = forOp.getBody();
    ci.iv = forOp.getInductionVar();
    ci.normalized = true;
    ci.startLin = *start.lin;
  } else {
    Value st = materialize(start, l);
    SmallVector<Value> ends;
    for (Idx &lim : limits) {
      Value b = materialize(lim, l);
      if (up) {
        ends.push_back(b);
      } else {
        Value d = builder.create<arith::SubIOp>(l, st, b);
        if (mag != 1)
          d = builder.create<arith::CeilDivSIOp>(
              l, d, builder.create<arith::ConstantIndexOp>(l, mag));
        ends.push_back(d);
      }
    }
    Value end = ends[0];
    for (size_t k = 1; k < ends.size(); ++k)
      end = builder.create<arith::MinSIOp>(l, end, ends[k]);
    Value lb = up ? st : (Value)builder.create<arith::ConstantIndexOp>(l, 0);
    Value stepV = builder.create<arith::ConstantIndexOp>(l, up ? mag : 1);
    auto forOp = builder.create<scf::ForOp>(l, lb, end, stepV);
    loopOp = forOp;
    body = forOp.getBody();
    ci.iv = forOp.getInductionVar();
    ci.affine = false;
    ci.normalized = !up;
    ci.start = st;
  }
  setLoopAttrs(loopOp, s, id);
  loopOp->setAttr("weft.kind", builder.getStringAttr("for"));
  if (c.boundReadsMemory)
    loopOp->setAttr("weft.bound_reads_memory", builder.getUnitAttr());
  if (c.start) // the header sets the counter: C can run it again
    loopOp->setAttr("weft.c_init", builder.getUnitAttr());
  out.counted[id] = headerOf(c);
  if (!up)
    loopOp->setAttr("weft.c_step", builder.getI64IntegerAttr(c.step));
  loopOp->setAttr("weft.iv_name", builder.getStringAttr(var->getName()));
  loopOp->setAttr("weft.counter", builder.getI64IntegerAttr(declId(var)));
  setFreeVars(*this, loopOp, s, "weft.free_vars", c.initBefore);

  {
    OpBuilder::InsertionGuard g(builder);
    builder.setInsertionPoint(body->getTerminator());
    counters[var] = ci;
    importBody(s->getBody());
    // The increment's other steps, after the body.
    for (const clang::Expr *e : c.otherSteps)
      (void)eval(e);
    counters.erase(var);
  }
  if (!c.otherVars.empty()) {
    SmallVector<Attribute> vars;
    for (const clang::VarDecl *v : c.otherVars)
      vars.push_back(builder.getDictionaryAttr(
          {builder.getNamedAttr("decl", builder.getI64IntegerAttr(declId(v))),
           builder.getNamedAttr("name", builder.getStringAttr(v->getName()))}));
    loopOp->setAttr("weft.c_other_steps", builder.getArrayAttr(vars));
  }

  // The counter's value after the loop, for code after it (docs/ir.md).
  if (!c.declaredInInit) {
    VarInfo *vi = lookupVar(var);
    if (vi && vi->kind == VarInfo::Cell) {
      Value st = materialize(start, l);
      Value trip;
      for (Idx &lim : limits) {
        Value b = materialize(lim, l);
        Value d = up ? builder.create<arith::SubIOp>(l, b, st)
                     : builder.create<arith::SubIOp>(l, st, b);
        if (mag != 1)
          d = builder.create<arith::CeilDivSIOp>(
              l, d, builder.create<arith::ConstantIndexOp>(l, mag));
        trip = trip ? (Value)builder.create<arith::MinSIOp>(l, trip, d) : d;
      }
      trip = builder.create<arith::MaxSIOp>(
          l, trip, builder.create<arith::ConstantIndexOp>(l, 0));
      Value exit = builder.create<arith::AddIOp>(
          l, st,
          builder.create<arith::MulIOp>(
              l, trip, builder.create<arith::ConstantIndexOp>(l, c.step)));
      Type t = convertScalarType(var->getType());
      Value v = uns ? (Value)builder.create<arith::IndexCastUIOp>(l, t, exit)
                    : (Value)builder.create<arith::IndexCastOp>(l, t, exit);
      LVal lv;
      lv.memref = vi->value;
      lv.text = var->getName().str();
      lv.type = var->getType();
      store(lv, v, l);
      // The store just made, marked so that weft-fuse-regions knows it for
      // the loop's own.
      Operation *exitStore = &*std::prev(builder.getInsertionPoint());
      exitStore->setAttr("weft.counter_exit", builder.getI64IntegerAttr(id));
    }
  }
}
