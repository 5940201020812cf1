//===- Scan.cpp - Facts gathered before a function is imported --------------===//
//
// Syntactic facts the import needs up front: how often each variable is
// written and whether its address is taken (which decides SSA value or memory
// cell), and, for a loop body, what it writes and whether anything leaves it
// (which decides whether a loop can be counted). These are facts about the
// text, not dependences: the analysis passes compute those.
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

/// The variable at the root of an lvalue (`a` in `a`, `a[i]`, `a.x[2]`), when
/// the lvalue designates part of that variable's own storage (not memory
/// reached through a pointer it holds), or null.
static const clang::VarDecl *rootObject(const clang::Expr *e) {
  for (;;) {
    e = e->IgnoreParens();
    if (const auto *dre = dyn_cast<clang::DeclRefExpr>(e))
      return dyn_cast<clang::VarDecl>(dre->getDecl());
    if (const auto *me = dyn_cast<clang::MemberExpr>(e)) {
      if (me->isArrow())
        return nullptr;
      e = me->getBase();
      continue;
    }
    if (const auto *ase = dyn_cast<clang::ArraySubscriptExpr>(e)) {
      const clang::Expr *base = ase->getBase()->IgnoreParens();
      // a[i] names a's storage only when a is an array (decayed).
      if (const auto *ice = dyn_cast<clang::ImplicitCastExpr>(base))
        if (ice->getCastKind() == clang::CK_ArrayToPointerDecay) {
          e = ice->getSubExpr();
          continue;
        }
      return nullptr;
    }
    if (const auto *ice = dyn_cast<clang::ImplicitCastExpr>(e))
      if (ice->getCastKind() == clang::CK_NoOp ||
          ice->getCastKind() == clang::CK_LValueBitCast) {
        e = ice->getSubExpr();
        continue;
      }
    return nullptr;
  }
}

namespace {
/// Counts writes and address-taking of variables.
class FactScanner : public clang::RecursiveASTVisitor<FactScanner> {
public:
  FactScanner(llvm::DenseMap<const clang::VarDecl *, VarFacts> &facts,
              llvm::DenseSet<const clang::VarDecl *> *globalsTaken)
      : facts(facts), globalsTaken(globalsTaken) {}

  void written(const clang::Expr *lhs) {
    if (const clang::VarDecl *v = rootObject(lhs))
      facts[v].writes++;
  }
  void taken(const clang::Expr *e) {
    if (const clang::VarDecl *v = rootObject(e)) {
      facts[v].addressTaken = true;
      if (globalsTaken && v->hasGlobalStorage())
        globalsTaken->insert(v);
    }
  }

  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->isAssignmentOp())
      written(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->isIncrementDecrementOp())
      written(op->getSubExpr());
    else if (op->getOpcode() == clang::UO_AddrOf)
      taken(op->getSubExpr());
    return true;
  }
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr *ice) {
    // An array that decays anywhere but directly under a subscript escapes:
    // the pointer can be stored or passed on.
    if (ice->getCastKind() == clang::CK_ArrayToPointerDecay &&
        !decayUnderSubscript.count(ice))
      taken(ice->getSubExpr());
    return true;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *ase) {
    if (const auto *ice =
            dyn_cast<clang::ImplicitCastExpr>(ase->getBase()->IgnoreParens()))
      if (ice->getCastKind() == clang::CK_ArrayToPointerDecay)
        decayUnderSubscript.insert(ice);
    return true;
  }

private:
  llvm::DenseMap<const clang::VarDecl *, VarFacts> &facts;
  llvm::DenseSet<const clang::VarDecl *> *globalsTaken;
  llvm::DenseSet<const clang::ImplicitCastExpr *> decayUnderSubscript;
};
} // namespace

void Importer::scanFunction(const clang::FunctionDecl *fn) {
  facts.clear();
  FactScanner scanner(facts, &addressTakenGlobals);
  scanner.TraverseStmt(fn->getBody());
}

namespace {
/// The functions named other than as the direct callee of a call in a
/// function defined in the main file: the others' call sites are all in
/// the module.
class FunctionRefScanner
    : public clang::RecursiveASTVisitor<FunctionRefScanner> {
public:
  FunctionRefScanner(
      const Importer &im,
      llvm::DenseSet<const clang::FunctionDecl *> &referenced,
      llvm::DenseMap<const clang::FunctionDecl *, int64_t> &directCalls)
      : im(im), referenced(referenced), directCalls(directCalls) {}

  bool TraverseFunctionDecl(clang::FunctionDecl *fd) {
    bool saved = visible;
    visible = im.imports(fd);
    bool r = RecursiveASTVisitor::TraverseFunctionDecl(fd);
    visible = saved;
    return r;
  }
  // Calls are visited before their callee expression.
  bool VisitCallExpr(clang::CallExpr *c) {
    if (const auto *dre =
            dyn_cast<clang::DeclRefExpr>(c->getCallee()->IgnoreParenImpCasts()))
      direct.insert(dre);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *dre) {
    if (const auto *f = dyn_cast<clang::FunctionDecl>(dre->getDecl())) {
      if (!visible || !direct.contains(dre))
        referenced.insert(f->getCanonicalDecl());
      else
        directCalls[f->getCanonicalDecl()]++;
    }
    return true;
  }

private:
  const Importer &im;
  llvm::DenseSet<const clang::FunctionDecl *> &referenced;
  llvm::DenseMap<const clang::FunctionDecl *, int64_t> &directCalls;
  llvm::DenseSet<const clang::DeclRefExpr *> direct;
  bool visible = false;
};
} // namespace

namespace {
/// Globals named in functions the module does not import (defined in a
/// header that the main file includes after the global's declaration):
/// code weft does not see reads or writes them.
class UnseenUses : public clang::RecursiveASTVisitor<UnseenUses> {
public:
  UnseenUses(const Importer &im, llvm::DenseSet<const clang::VarDecl *> &out)
      : im(im), out(out) {}
  bool TraverseFunctionDecl(clang::FunctionDecl *fd) {
    bool saved = unseen;
    unseen = fd->doesThisDeclarationHaveABody() && !im.imports(fd);
    bool r = RecursiveASTVisitor::TraverseFunctionDecl(fd);
    unseen = saved;
    return r;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *dre) {
    if (const auto *v = dyn_cast<clang::VarDecl>(dre->getDecl()))
      if (unseen && v->hasGlobalStorage())
        out.insert(v->getCanonicalDecl());
    return true;
  }

private:
  const Importer &im;
  llvm::DenseSet<const clang::VarDecl *> &out;
  bool unseen = false;
};
} // namespace

void Importer::scanGlobals() {
  // Addresses of globals taken anywhere in the file, including in other
  // functions and in initializers of other globals.
  llvm::DenseMap<const clang::VarDecl *, VarFacts> scratch;
  FactScanner scanner(scratch, &addressTakenGlobals);
  scanner.TraverseDecl(ctx.getTranslationUnitDecl());
  FunctionRefScanner functions(*this, functionsReferenced, directCalls);
  functions.TraverseDecl(ctx.getTranslationUnitDecl());
  // A global such code names may be read or written behind weft's back:
  // it escapes (a static array then is not private, docs/analysis.md).
  UnseenUses unseen(*this, addressTakenGlobals);
  unseen.TraverseDecl(ctx.getTranslationUnitDecl());
}

namespace {
/// The definitions of the functions a function's body names.
class CalleeScanner : public clang::RecursiveASTVisitor<CalleeScanner> {
public:
  explicit CalleeScanner(
      llvm::SmallVectorImpl<const clang::FunctionDecl *> &out)
      : out(out) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr *dre) {
    if (const auto *f = dyn_cast<clang::FunctionDecl>(dre->getDecl()))
      if (const clang::FunctionDecl *def = f->getDefinition())
        out.push_back(def);
    return true;
  }

private:
  llvm::SmallVectorImpl<const clang::FunctionDecl *> &out;
};
} // namespace

bool Importer::imports(const clang::FunctionDecl *fn) const {
  if (!fn->isThisDeclarationADefinition() || fn->isInvalidDecl())
    return false;
  return definedInMainFile(sm, fn) || included.contains(fn);
}

void Importer::findIncludedDefinitions() {
  // From the main file's functions, through every function they name: a
  // definition in a file it includes (a header's `static inline` accessor,
  // an included .c file) has a summary like the file's own functions. The
  // system's headers are left out: what weft knows of the C library
  // (docs/analysis.md, "Functions of other files") is by name, and glibc
  // defines some of it inline.
  SmallVector<const clang::FunctionDecl *> work;
  for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls())
    if (const auto *fn = dyn_cast<clang::FunctionDecl>(d); fn && imports(fn))
      work.push_back(fn);
  while (!work.empty()) {
    const clang::FunctionDecl *fn = work.pop_back_val();
    SmallVector<const clang::FunctionDecl *> callees;
    CalleeScanner(callees).TraverseStmt(fn->getBody());
    for (const clang::FunctionDecl *def : callees) {
      if (def->isInvalidDecl() || !def->hasBody() || definedInMainFile(sm, def))
        continue;
      clang::SourceLocation at = sm.getExpansionLoc(def->getLocation());
      if (sm.isInSystemHeader(at) || !included.insert(def))
        continue;
      work.push_back(def);
    }
  }
}
