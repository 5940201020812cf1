//===- Stmts.cpp - C statements to MLIR ---------------------------------------===//
//
// Structured statements become scf.if and weft.switch; control transfers
// that C allows anywhere become marks (weft.break, weft.continue,
// weft.return, weft.goto, weft.label) inside those regions; loops are
// Loops.cpp's. Anything else becomes weft.effects with the reason, so that no
// statement is ever dropped.
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"

#include "clang/AST/StmtOpenMP.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

bool weft::detail::hasDirectContinue(const clang::Stmt *s) {
  if (!s)
    return false;
  if (isa<clang::ContinueStmt>(s))
    return true;
  if (isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(s))
    return false;
  for (const clang::Stmt *c : s->children())
    if (hasDirectContinue(c))
      return true;
  return false;
}

/// May statement s of a compound statement run as a task of its own (a
/// unit weft-task-graph may reorder): an expression, a loop, an if, a
/// switch or a block, not a declaration (whose name the statements after it
/// use), a label or a jump.
static bool mayBeTask(const clang::Stmt *s) {
  return isa<clang::Expr, clang::ForStmt, clang::WhileStmt, clang::DoStmt,
             clang::IfStmt, clang::SwitchStmt, clang::CompoundStmt>(s);
}

void Importer::importCompound(const clang::CompoundStmt *s, bool functionBody) {
  const clang::Stmt *last = s->body_empty() ? nullptr : s->body_back();
  for (const clang::Stmt *c : s->body()) {
    if (functionBody && c == last && isa<clang::ReturnStmt>(c))
      importReturn(cast<clang::ReturnStmt>(c), /*last=*/true);
    else
      importListed(c, /*unit=*/true);
  }
}

void Importer::importListed(const clang::Stmt *c, bool unit) {
  if (!mayBeTask(c)) {
    importStmt(c);
    return;
  }
  // The operations the statement adds at the insertion point are its
  // own: the last gets weft.stmt_end; the first of a unit weft.stmt and
  // the free variables (docs/ir.md, "Statements"). A block nested in it is
  // part of it.
  Block *block = builder.getInsertionBlock();
  Block::iterator at = builder.getInsertionPoint();
  Operation *before = at == block->begin() ? nullptr : &*std::prev(at);
  auto id = builder.getI64IntegerAttr(newStmtId(c));
  importStmt(c);
  if (builder.getInsertionBlock() != block)
    return;
  Block::iterator first =
      before ? std::next(Block::iterator(before)) : block->begin();
  Block::iterator end = builder.getInsertionPoint();
  if (first == end)
    return;
  std::prev(end)->setAttr("weft.stmt_end", id);
  if (!unit)
    return;
  first->setAttr("weft.stmt", id);
  first->setAttr("weft.stmt_loc", LocationAttr(loc(c)));
  setFreeVars(*this, &*first, c, "weft.stmt_vars");
}

void Importer::importBody(const clang::Stmt *s) {
  if (!s || isa<clang::CompoundStmt>(s))
    importStmt(s);
  else
    importListed(s, /*unit=*/false);
}

void Importer::importIf(const clang::IfStmt *s) {
  Location l = loc(s);
  if (s->getInit())
    importStmt(s->getInit());
  if (s->getConditionVariableDeclStmt())
    importStmt(s->getConditionVariableDeclStmt());
  Value c = evalCond(s->getCond());
  auto ifOp = builder.create<scf::IfOp>(l, TypeRange{}, c,
                                        /*withElse=*/s->getElse() != nullptr);
  {
    OpBuilder::InsertionGuard g(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    importBody(s->getThen());
    if (s->getElse()) {
      builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      importBody(s->getElse());
    }
  }
}

void Importer::importSwitch(const clang::SwitchStmt *s) {
  Location l = loc(s);
  if (s->getInit())
    importStmt(s->getInit());
  Value v = evalScalar(s->getCond());
  if (!v || !v.getType().isSignlessInteger())
    v = builder.create<arith::ConstantIntOp>(l, 0, 32);
  auto sw = builder.create<weft::SwitchOp>(l, v);
  Block *body = new Block();
  sw.getBody().push_back(body);
  OpBuilder::InsertionGuard g(builder);
  builder.setInsertionPointToStart(body);
  importStmt(s->getBody());
}

void Importer::importReturn(const clang::ReturnStmt *s, bool last) {
  Location l = loc(s);
  Value v;
  if (const clang::Expr *e = s->getRetValue())
    v = evalScalar(e);
  if (last) {
    auto results = currentFn.getFunctionType().getResults();
    if (results.empty()) {
      builder.create<func::ReturnOp>(l);
      return;
    }
    if (!v || v.getType() != results[0])
      v = builder.create<weft::OpaqueValueOp>(
          l, results[0], v ? ValueRange{v} : ValueRange{},
          builder.getStringAttr("the returned value"));
    builder.create<func::ReturnOp>(l, v);
    return;
  }
  builder.create<weft::ReturnOp>(l, v);
}

void Importer::importDecl(const clang::DeclStmt *s) {
  for (const clang::Decl *d : s->decls()) {
    if (const auto *var = dyn_cast<clang::VarDecl>(d))
      declareLocal(var);
    else if (const auto *td = dyn_cast<clang::TypedefNameDecl>(d))
      evalVlaSizes(td->getUnderlyingType()); // `typedef int T[n++];`
  }
}

/// An asm statement: it reads its inputs, writes its outputs, and may touch
/// any memory.
static void importAsm(Importer &im, const clang::AsmStmt *s) {
  SmallVector<Value> reads, writes;
  for (unsigned i = 0; i < s->getNumOutputs(); ++i) {
    LVal lv = im.evalLValue(s->getOutputExpr(i));
    if (lv.memref)
      writes.push_back(lv.memref);
  }
  for (unsigned i = 0; i < s->getNumInputs(); ++i) {
    CVal v = im.eval(s->getInputExpr(i));
    if (v.ptr)
      reads.push_back(im.pointerValue(*v.ptr, im.loc(s->getInputExpr(i))));
  }
  im.builder.create<weft::EffectsOp>(
      im.loc(s), TypeRange{}, reads, writes, im.builder.getStringAttr("asm"),
      im.builder.getStringAttr("inline assembly"), im.builder.getUnitAttr(),
      im.builder.getUnitAttr());
}

void Importer::importStmt(const clang::Stmt *s) {
  if (!s)
    return;
  Location l = loc(s);
  switch (s->getStmtClass()) {
  case clang::Stmt::CompoundStmtClass:
    importCompound(cast<clang::CompoundStmt>(s));
    return;
  case clang::Stmt::DeclStmtClass:
    importDecl(cast<clang::DeclStmt>(s));
    return;
  case clang::Stmt::NullStmtClass:
    return;
  case clang::Stmt::IfStmtClass:
    importIf(cast<clang::IfStmt>(s));
    return;
  case clang::Stmt::ForStmtClass:
    importFor(cast<clang::ForStmt>(s));
    return;
  case clang::Stmt::WhileStmtClass: {
    importWhileOrDo(s, newLoopId(s));
    return;
  }
  case clang::Stmt::DoStmtClass: {
    // `do { ... } while (0)`, the macro idiom, runs its body once: it is a
    // block, not a loop. A `break` in it leaves it, as it leaves a switch;
    // a `continue` would jump to the test, so those stay loops.
    const auto *ds = cast<clang::DoStmt>(s);
    bool once = false;
    clang::Expr::EvalResult er;
    if (!ds->getCond()->isValueDependent() &&
        ds->getCond()->EvaluateAsInt(er, ctx) && er.Val.getInt().isZero())
      once = !hasDirectContinue(ds->getBody());
    if (once) {
      Value zero = builder.create<arith::ConstantIntOp>(l, 0, 32);
      auto sw = builder.create<weft::SwitchOp>(l, zero);
      sw->setAttr("weft.once", builder.getUnitAttr());
      Block *body = new Block();
      sw.getBody().push_back(body);
      OpBuilder::InsertionGuard g(builder);
      builder.setInsertionPointToStart(body);
      importStmt(ds->getBody());
      return;
    }
    importWhileOrDo(s, newLoopId(s));
    return;
  }
  case clang::Stmt::SwitchStmtClass:
    importSwitch(cast<clang::SwitchStmt>(s));
    return;
  case clang::Stmt::CaseStmtClass:
  case clang::Stmt::DefaultStmtClass: {
    // Where the switch may enter: a mark, so that the analysis knows the
    // code after it may run without what precedes it.
    const auto *sc = cast<clang::SwitchCase>(s);
    std::string label = "default";
    if (const auto *cs = dyn_cast<clang::CaseStmt>(sc)) {
      label = "case " + spelling(cs->getLHS());
      if (cs->getRHS())
        label += " ... " + spelling(cs->getRHS());
    }
    builder.create<weft::CaseOp>(l, label);
    importStmt(sc->getSubStmt());
    return;
  }
  case clang::Stmt::BreakStmtClass:
    builder.create<weft::BreakOp>(l);
    return;
  case clang::Stmt::ContinueStmtClass:
    builder.create<weft::ContinueOp>(l);
    return;
  case clang::Stmt::ReturnStmtClass:
    importReturn(cast<clang::ReturnStmt>(s), /*last=*/false);
    return;
  case clang::Stmt::GotoStmtClass:
    builder.create<weft::GotoOp>(
        l, cast<clang::GotoStmt>(s)->getLabel()->getName());
    return;
  case clang::Stmt::IndirectGotoStmtClass:
    (void)eval(cast<clang::IndirectGotoStmt>(s)->getTarget());
    builder.create<weft::GotoOp>(l, "*");
    return;
  case clang::Stmt::LabelStmtClass: {
    const auto *ls = cast<clang::LabelStmt>(s);
    builder.create<weft::LabelOp>(l, ls->getName());
    importStmt(ls->getSubStmt());
    return;
  }
  case clang::Stmt::AttributedStmtClass:
    importStmt(cast<clang::AttributedStmt>(s)->getSubStmt());
    return;
  case clang::Stmt::GCCAsmStmtClass:
  case clang::Stmt::MSAsmStmtClass:
    importAsm(*this, cast<clang::AsmStmt>(s));
    return;
  case clang::Stmt::CapturedStmtClass:
    importStmt(cast<clang::CapturedStmt>(s)->getCapturedStmt());
    return;
  default:
    break;
  }
  if (const auto *omp = dyn_cast<clang::OMPExecutableDirective>(s)) {
    // Already parallel code: a marker with unknown effects, then the code
    // itself, whose loops are marked so that they stay as they are.
    builder.create<weft::EffectsOp>(
        l, TypeRange{}, ValueRange{}, ValueRange{},
        builder.getStringAttr("openmp"),
        builder.getStringAttr("an OpenMP directive: the code is already "
                              "parallel"),
        builder.getUnitAttr(), builder.getUnitAttr());
    if (omp->hasAssociatedStmt()) {
      ++openmpDepth;
      const clang::Stmt *inner = omp->getAssociatedStmt();
      if (isa<clang::CapturedStmt>(inner))
        inner = omp->getInnermostCapturedStmt()->getCapturedStmt();
      importStmt(inner);
      --openmpDepth;
    }
    return;
  }
  if (const auto *e = dyn_cast<clang::Expr>(s)) {
    (void)eval(e);
    return;
  }
  // A statement weft does not model: what it contains, in order (so that
  // every read and write in it is seen), then unknown effects.
  for (const clang::Stmt *c : s->children())
    importStmt(c);
  builder.create<weft::EffectsOp>(
      l, TypeRange{}, ValueRange{}, ValueRange{},
      builder.getStringAttr("unsupported"),
      builder.getStringAttr((Twine("a statement weft does not model (") +
                             s->getStmtClassName() + ")")
                                .str()),
      builder.getUnitAttr(), builder.getUnitAttr());
}
