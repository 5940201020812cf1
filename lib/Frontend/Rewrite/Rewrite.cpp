//===- Rewrite.cpp - The parallel C: the input with each task outlined -------===//
//
// For every weft.task of the final module (in file order), the rewriter
//
//  1. checks that the loop can be written as an outlined C function: the
//     body's text can move before the enclosing function (no macro there
//     means something else, no type or function it names is declared inside
//     the enclosing function) and every variable it names is covered by a
//     capture; otherwise the loop stays as written, with the reason;
//  2. inserts, before the enclosing function, a context struct and the body
//     function `void name(void *, int64_t lo, int64_t hi, int64_t chunk)`
//     that runs normalized iterations [lo, hi) with the body's text;
//  3. replaces the loop by a block that computes the trip count, runs the
//     loop through weft_parallel_for() when the trip count reaches the task's
//     minimum, libweft matches the header, and the overlap checks pass, then
//     combines reductions in chunk order and copies out last-private values
//     and the counter; otherwise it runs the loop exactly as written.
//
// docs/output.md shows the shape of the output.
//
//===----------------------------------------------------------------------===//
#include "weft/Frontend/Rewrite.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace weft;
using clang::QualType;

namespace {

/// One captured variable, as the rewriter uses it.
struct Capture {
  CaptureKind kind;
  std::string name;
  const clang::VarDecl *var = nullptr;
  std::string op; ///< reduction combine
};

/// A pointer to (arrays of) elements whose sizes may be variable: the form
/// weft binds arrays and VLA pointers in, `elem (*name)[d1][d2]...`.
struct ArrayPtr {
  QualType elem;
  /// Sizes of the pointee's dimensions; nullopt where it is variable.
  std::vector<std::optional<uint64_t>> dims;
  bool variable() const {
    for (auto &d : dims)
      if (!d)
        return true;
    return false;
  }
};

std::string typeText(QualType t, const clang::PrintingPolicy &policy,
                     llvm::StringRef name = "") {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os, policy, name);
  return os.str();
}

/// A C string literal for `s`.
std::string quoted(llvm::StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// The pointee of a pointer as an ArrayPtr (peeling arrays).
ArrayPtr arrayPtrOf(QualType pointee, clang::ASTContext &ctx) {
  ArrayPtr a;
  QualType t = pointee;
  while (const clang::ArrayType *at = ctx.getAsArrayType(t)) {
    if (const auto *cat = llvm::dyn_cast<clang::ConstantArrayType>(at))
      a.dims.push_back(cat->getSize().getZExtValue());
    else
      a.dims.push_back(std::nullopt);
    t = at->getElementType();
  }
  a.elem = t;
  return a;
}

class FileRewriter {
public:
  FileRewriter(ImportedModule &im, clang::ASTContext &ctx,
               clang::Preprocessor &pp, const RewriteOptions &options)
      : im(im), ctx(ctx), sm(ctx.getSourceManager()), pp(pp),
        options(options), policy(ctx.getPrintingPolicy()) {
    rw.setSourceMgr(sm, ctx.getLangOpts());
    policy.SuppressTagKeyword = false;
    policy.Bool = false;
    for (size_t i = 0; i < im.decls.size(); ++i)
      if (im.decls[i])
        declIds[im.decls[i]] = (int64_t)i;
    if (auto entry = sm.getFileEntryRefForID(sm.getMainFileID())) {
      path = entry->getName().str();
      fileName = llvm::sys::path::filename(path).str();
    }
  }

  RewriteResult run();

private:
  /// Everything the rewriter knows about one task it will write.
  struct Plan {
    mutable TaskOp task;
    const clang::ForStmt *loop = nullptr;
    const CountedFor *header = nullptr;
    const clang::FunctionDecl *fn = nullptr;
    std::vector<Capture> caps;
    const Capture *counter = nullptr;
    /// Variables the body (not the header) names.
    llvm::DenseSet<const clang::VarDecl *> inBody;
    /// Text edits of the body: (offset in file, length, replacement).
    std::vector<std::tuple<unsigned, unsigned, std::string>> bodyEdits;
    /// The loop's text in the file: [begin, end).
    unsigned begin = 0, end = 0;
    unsigned bodyBegin = 0, bodyEnd = 0;
    clang::SourceLocation insertAt;
    std::string indent; ///< of the loop's line
  };

  bool plan(TaskOp task, Plan &p, std::string &why);
  bool checkLoop(Plan &p, std::string &why);
  bool checkMacros(const Plan &p, std::string &why);
  std::string unnameable(QualType t);
  bool visibleAtInsertion(const clang::Decl *d, const Plan &p);
  std::string outlined(const Plan &p);
  std::string dispatch(const Plan &p);
  std::string bodyText(const Plan &p);
  std::string startText(const Plan &p);
  std::string tripText(const Plan &p);
  std::string guardText(const Plan &p);
  std::string polyText(const CPoly &poly);
  std::string counterValue(const Plan &p, llvm::StringRef k,
                           llvm::StringRef start);
  void veto(TaskOp task, const std::string &why);
  std::string text(unsigned b, unsigned e) const {
    return sm.getBufferData(sm.getMainFileID()).slice(b, e).str();
  }
  unsigned offsetOf(clang::SourceLocation l) const {
    return sm.getFileOffset(l);
  }
  /// [begin, end) of a statement or expression in the main file, with the
  /// `;` that ends a statement; false if it is not written there.
  bool fileRange(clang::SourceRange r, unsigned &b, unsigned &e,
                 bool withSemi);
  std::string lineDirective(clang::SourceLocation l) const {
    if (!options.lineDirectives)
      return "";
    return "#line " + std::to_string(sm.getExpansionLineNumber(l)) + " " +
           quoted(path) + "\n";
  }

  ImportedModule &im;
  clang::ASTContext &ctx;
  clang::SourceManager &sm;
  clang::Preprocessor &pp;
  const RewriteOptions &options;
  clang::PrintingPolicy policy;
  clang::Rewriter rw;
  llvm::DenseMap<const clang::ValueDecl *, int64_t> declIds;
  std::string path, fileName;
};

} // namespace

//===----------------------------------------------------------------------===//
// Source ranges
//===----------------------------------------------------------------------===//

bool FileRewriter::fileRange(clang::SourceRange r, unsigned &b, unsigned &e,
                             bool withSemi) {
  clang::SourceLocation bl = r.getBegin(), el = r.getEnd();
  if (bl.isMacroID() || el.isMacroID()) {
    // A macro invocation that is all of the statement is fine; its pieces
    // are not.
    clang::CharSourceRange cr = sm.getExpansionRange(r);
    bl = cr.getBegin();
    el = cr.getEnd();
    if (!cr.isTokenRange())
      return false;
  }
  if (!sm.isWrittenInMainFile(bl) || !sm.isWrittenInMainFile(el))
    return false;
  clang::SourceLocation after =
      clang::Lexer::getLocForEndOfToken(el, 0, sm, ctx.getLangOpts());
  if (after.isInvalid())
    return false;
  b = offsetOf(bl);
  e = offsetOf(after);
  if (withSemi) {
    // The `;` that ends an expression statement is not in its range.
    clang::Token tok;
    if (!clang::Lexer::getRawToken(after, tok, sm, ctx.getLangOpts(),
                                   /*IgnoreWhiteSpace=*/true) &&
        tok.is(clang::tok::semi))
      e = offsetOf(tok.getLocation()) + 1;
  }
  return e > b;
}

/// Does the statement end with a `;` that its source range leaves out?
static bool endsWithSemi(const clang::Stmt *s) {
  while (true) {
    if (llvm::isa<clang::CompoundStmt>(s))
      return false;
    if (const auto *f = llvm::dyn_cast<clang::ForStmt>(s)) {
      s = f->getBody();
      continue;
    }
    if (const auto *w = llvm::dyn_cast<clang::WhileStmt>(s)) {
      s = w->getBody();
      continue;
    }
    if (const auto *i = llvm::dyn_cast<clang::IfStmt>(s)) {
      s = i->getElse() ? i->getElse() : i->getThen();
      continue;
    }
    if (const auto *l = llvm::dyn_cast<clang::LabelStmt>(s)) {
      s = l->getSubStmt();
      continue;
    }
    if (const auto *sw = llvm::dyn_cast<clang::SwitchStmt>(s)) {
      s = sw->getBody();
      continue;
    }
    // Expression, declaration, do-while, return, break, continue, goto,
    // null statements: all end with a `;`.
    return true;
  }
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

std::string FileRewriter::unnameable(QualType t) {
  while (!t.isNull()) {
    const clang::Type *ty = t.getTypePtr();
    if (const auto *td = llvm::dyn_cast<clang::TypedefType>(ty)) {
      if (td->getDecl()->getDeclContext()->isFunctionOrMethod())
        return "the type " + td->getDecl()->getNameAsString() +
               " is declared inside the function";
      return ""; // printed by its name, which the file scope sees
    }
    if (const auto *tt = llvm::dyn_cast<clang::TagType>(ty)) {
      const clang::TagDecl *d = tt->getDecl();
      if (d->getDeclContext()->isFunctionOrMethod())
        return "the type " + typeText(t, policy) +
               " is declared inside the function";
      if (!d->getIdentifier() && !d->getTypedefNameForAnonDecl())
        return "a variable has a struct or union type without a name";
      return "";
    }
    if (const auto *e = llvm::dyn_cast<clang::ElaboratedType>(ty)) {
      t = e->getNamedType();
      continue;
    }
    if (const auto *p = llvm::dyn_cast<clang::ParenType>(ty)) {
      t = p->getInnerType();
      continue;
    }
    if (const auto *m = llvm::dyn_cast<clang::MacroQualifiedType>(ty)) {
      t = m->getUnderlyingType();
      continue;
    }
    if (const auto *a = llvm::dyn_cast<clang::AttributedType>(ty)) {
      t = a->getModifiedType();
      continue;
    }
    if (const auto *p = llvm::dyn_cast<clang::PointerType>(ty)) {
      t = p->getPointeeType();
      continue;
    }
    if (const auto *a = llvm::dyn_cast<clang::ArrayType>(ty)) {
      t = a->getElementType();
      continue;
    }
    if (const auto *a = llvm::dyn_cast<clang::AtomicType>(ty)) {
      t = a->getValueType();
      continue;
    }
    if (const auto *f = llvm::dyn_cast<clang::FunctionProtoType>(ty)) {
      for (QualType p : f->getParamTypes())
        if (std::string w = unnameable(p); !w.empty())
          return w;
      t = f->getReturnType();
      continue;
    }
    if (const auto *f = llvm::dyn_cast<clang::FunctionType>(ty)) {
      t = f->getReturnType();
      continue;
    }
    if (llvm::isa<clang::BuiltinType, clang::ComplexType, clang::VectorType>(
            ty))
      return "";
    if (const auto *d = llvm::dyn_cast<clang::DecayedType>(ty)) {
      t = d->getDecayedType();
      continue;
    }
    return "a variable has a type weft cannot name outside the function (" +
           typeText(t, policy) + ")";
  }
  return "";
}

bool FileRewriter::visibleAtInsertion(const clang::Decl *d, const Plan &p) {
  for (const clang::Decl *r : d->redecls()) {
    if (!r->getDeclContext()->isFileContext())
      continue;
    clang::SourceLocation l = r->getLocation();
    if (l.isInvalid() || sm.isBeforeInTranslationUnit(l, p.insertAt))
      return true;
  }
  return false;
}

namespace {
/// Collects what the rewriter must know about the names and types a loop
/// uses.
struct LoopScan : public clang::RecursiveASTVisitor<LoopScan> {
  std::vector<const clang::DeclRefExpr *> refs;
  llvm::DenseSet<const clang::VarDecl *> declared;
  std::vector<clang::TypeLoc> types;
  std::string blocker;

  bool VisitDeclRefExpr(clang::DeclRefExpr *e) {
    refs.push_back(e);
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *v) {
    declared.insert(v);
    return true;
  }
  bool VisitTypeLoc(clang::TypeLoc tl) {
    types.push_back(tl);
    return true;
  }
  bool VisitPredefinedExpr(clang::PredefinedExpr *) {
    if (blocker.empty())
      blocker = "the body uses __func__, whose value would change in an "
                "outlined function";
    return true;
  }
  bool VisitAddrLabelExpr(clang::AddrLabelExpr *) {
    if (blocker.empty())
      blocker = "the body takes the address of a label";
    return true;
  }
  bool VisitLabelStmt(clang::LabelStmt *) {
    if (blocker.empty())
      blocker = "the body has a label";
    return true;
  }
  bool VisitBlockExpr(clang::BlockExpr *) {
    if (blocker.empty())
      blocker = "the body has a block literal";
    return true;
  }
};
} // namespace

/// The nearest enclosing expression or statement of `e` that is not an
/// implicit cast or parentheses, and whether `e` reaches it through an
/// array-to-pointer decay.
static bool decays(clang::ASTContext &ctx, const clang::Expr *e) {
  auto parents = ctx.getParents(*e);
  if (parents.empty())
    return false;
  const auto *ice = parents[0].get<clang::ImplicitCastExpr>();
  return ice && ice->getCastKind() == clang::CK_ArrayToPointerDecay;
}

/// Is `e` inside sizeof, _Alignof or _Generic (below `top`)?
static bool unevaluated(clang::ASTContext &ctx, const clang::Stmt *e,
                        const clang::Stmt *top) {
  clang::DynTypedNodeList parents = ctx.getParents(*e);
  while (!parents.empty()) {
    const clang::Stmt *s = parents[0].get<clang::Stmt>();
    if (!s || s == top)
      return false;
    if (llvm::isa<clang::UnaryExprOrTypeTraitExpr, clang::GenericSelectionExpr>(
            s))
      return true;
    parents = ctx.getParents(*s);
  }
  return false;
}

bool FileRewriter::checkMacros(const Plan &p, std::string &why) {
  llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
  const char *start = buf.data() + p.bodyBegin;
  clang::SourceLocation loc =
      sm.getLocForStartOfFile(sm.getMainFileID()).getLocWithOffset(p.bodyBegin);
  clang::Lexer lex(loc, ctx.getLangOpts(), start, start,
                   buf.data() + p.bodyEnd);
  clang::Token tok;
  bool more = true;
  while (more) {
    more = !lex.LexFromRawLexer(tok);
    if (!tok.is(clang::tok::raw_identifier))
      continue;
    clang::IdentifierInfo *ii = pp.getIdentifierInfo(tok.getRawIdentifier());
    if (!ii || !ii->hadMacroDefinition())
      continue;
    clang::MacroDefinition atLoop =
        pp.getMacroDefinitionAtLoc(ii, tok.getLocation());
    clang::MacroDefinition atInsert = pp.getMacroDefinitionAtLoc(ii, p.insertAt);
    if (atLoop.getMacroInfo() != atInsert.getMacroInfo()) {
      why = "the body uses the macro " + ii->getName().str() +
            ", which is defined differently before the function";
      return false;
    }
  }
  return true;
}

bool FileRewriter::checkLoop(Plan &p, std::string &why) {
  LoopScan scan;
  scan.TraverseStmt(const_cast<clang::ForStmt *>(p.loop));
  if (!scan.blocker.empty()) {
    why = scan.blocker;
    return false;
  }
  for (clang::TypeLoc tl : scan.types) {
    const clang::NamedDecl *d = nullptr;
    if (auto t = tl.getAs<clang::TypedefTypeLoc>())
      d = t.getTypedefNameDecl();
    else if (auto t = tl.getAs<clang::TagTypeLoc>())
      d = t.getDecl();
    if (d && d->getDeclContext()->isFunctionOrMethod()) {
      why = "the body uses the type " +
            typeText(tl.getType().getUnqualifiedType(), policy) +
            ", which is declared inside the function";
      return false;
    }
  }
  std::map<int64_t, const Capture *> byDecl;
  for (const Capture &c : p.caps)
    byDecl[declIds.lookup(c.var)] = &c;
  unsigned bodyB = p.bodyBegin, bodyE = p.bodyEnd;
  for (const clang::DeclRefExpr *e : scan.refs) {
    const clang::ValueDecl *d = e->getDecl();
    if (const auto *ec = llvm::dyn_cast<clang::EnumConstantDecl>(d)) {
      if (ec->getDeclContext()->getParent() &&
          ec->getDeclContext()->getParent()->isFunctionOrMethod()) {
        why = "the body uses " + ec->getNameAsString() +
              ", an enumerator declared inside the function";
        return false;
      }
      continue;
    }
    if (const auto *f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      if (!f->getBuiltinID() && !visibleAtInsertion(f, p)) {
        why = "the body calls " + f->getNameAsString() +
              ", which is declared inside the function";
        return false;
      }
      continue;
    }
    const auto *v = llvm::dyn_cast<clang::VarDecl>(d);
    if (!v)
      continue;
    unsigned at = sm.getFileOffset(sm.getExpansionLoc(e->getLocation()));
    bool inBody = at >= bodyB && at < bodyE;
    if (inBody && v == p.header->counter)
      p.inBody.insert(v);
    if (scan.declared.contains(v))
      continue;
    auto it = byDecl.find(declIds.count(v) ? declIds.lookup(v) : -1);
    if (it == byDecl.end()) {
      why = "weft lost track of the variable " + v->getNameAsString() +
            " (please report this)";
      return false;
    }
    const Capture &c = *it->second;
    if (llvm::StringRef(c.name).starts_with("weft_")) {
      why = "the variable " + c.name + " has a name weft keeps for itself";
      return false;
    }
    if (inBody)
      p.inBody.insert(v);
    switch (c.kind) {
    case CaptureKind::Global:
      if (!v->isFileVarDecl() || !visibleAtInsertion(v, p)) {
        why = "the body uses " + c.name +
              ", which is declared inside the function";
        return false;
      }
      break;
    case CaptureKind::Shared: {
      if (!inBody)
        break;
      if (ctx.getAsArrayType(v->getType())) {
        if (!decays(ctx, e)) {
          why = "the body uses the array " + c.name +
                " as a whole (sizeof, &), which an outlined function sees "
                "as a pointer";
          return false;
        }
        break;
      }
      if (e->getLocation().isMacroID()) {
        why = "the body uses " + c.name +
              " inside a macro, where weft cannot point it at the shared "
              "variable";
        return false;
      }
      unsigned off = offsetOf(e->getLocation());
      p.bodyEdits.emplace_back(off, (unsigned)c.name.size(),
                               "(*" + c.name + ")");
      break;
    }
    case CaptureKind::Reduction:
      if (inBody && unevaluated(ctx, e, p.loop)) {
        why = "the body uses the reduction variable " + c.name +
              " in sizeof or _Generic";
        return false;
      }
      break;
    default:
      break;
    }
  }
  for (const Capture &c : p.caps) {
    if (c.kind == CaptureKind::Global)
      continue;
    if (std::string w = unnameable(c.var->getType()); !w.empty()) {
      why = w + " (" + c.name + ")";
      return false;
    }
    if (c.var->getStorageClass() == clang::SC_Register &&
        c.kind == CaptureKind::Shared) {
      why = "the loop needs the address of the register variable " + c.name;
      return false;
    }
    QualType t = c.var->getType();
    bool vm = t->isVariablyModifiedType();
    if (vm && c.kind != CaptureKind::Firstprivate &&
        c.kind != CaptureKind::Shared) {
      why = "the variable " + c.name + " has a variably modified type";
      return false;
    }
    if (vm && c.kind == CaptureKind::Firstprivate && !t->isPointerType()) {
      why = "the variable " + c.name + " has a variably modified type";
      return false;
    }
    if (vm && c.kind == CaptureKind::Shared && !ctx.getAsArrayType(t)) {
      why = "the variable " + c.name + " has a variably modified type";
      return false;
    }
    if (c.kind == CaptureKind::Reduction) {
      QualType ct = t.getCanonicalType();
      if (!ct->isArithmeticType() || ct->isAnyComplexType() ||
          ct->isBitIntType() || ct->isEnumeralType()) {
        why = "the reduction variable " + c.name + " has the type " +
              typeText(t, policy);
        return false;
      }
    }
    if ((c.kind == CaptureKind::Private ||
         c.kind == CaptureKind::Lastprivate) &&
        !(t->isScalarType() && !t->isAnyComplexType())) {
      why = "the private variable " + c.name + " is not a scalar";
      return false;
    }
  }
  return checkMacros(p, why);
}

bool FileRewriter::plan(TaskOp task, Plan &p, std::string &why) {
  p.task = task;
  int64_t id = task.getLoopId();
  if (id < 0 || (size_t)id >= im.loops.size() || !im.counted.count(id)) {
    why = "weft lost track of this loop (please report this)";
    return false;
  }
  p.loop = llvm::dyn_cast<clang::ForStmt>(im.loops[id]);
  p.header = &im.counted.find(id)->second;
  if (!p.loop) {
    why = "weft lost track of this loop (please report this)";
    return false;
  }
  auto fnOp = task->getParentOfType<mlir::func::FuncOp>();
  auto fnDecl = fnOp ? fnOp->getAttrOfType<mlir::IntegerAttr>("weft.decl")
                     : mlir::IntegerAttr();
  if (fnDecl && (size_t)fnDecl.getInt() < im.decls.size())
    p.fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(
        im.decls[fnDecl.getInt()]);
  if (!p.fn || !p.fn->hasBody()) {
    why = "weft lost track of the function around this loop (please report "
          "this)";
    return false;
  }
  // Captures, by decl id.
  for (mlir::Attribute a : task.getCaptures()) {
    auto c = llvm::cast<CaptureAttr>(a);
    Capture cap;
    cap.kind = c.getKind();
    cap.name = c.getName().str();
    cap.op = c.getOp().str();
    if (c.getDecl() < 0 || (size_t)c.getDecl() >= im.decls.size() ||
        !(cap.var = llvm::dyn_cast_or_null<clang::VarDecl>(
              im.decls[c.getDecl()]))) {
      why = "weft lost track of the variable " + cap.name +
            " (please report this)";
      return false;
    }
    p.caps.push_back(cap);
  }
  for (const Capture &c : p.caps)
    if (c.kind == CaptureKind::Counter)
      p.counter = &c;
  // The loop's text, and the body's.
  if (!fileRange(p.loop->getSourceRange(), p.begin, p.end,
                 endsWithSemi(p.loop->getBody())) ||
      p.loop->getBeginLoc().isMacroID()) {
    why = "the loop is not written in the file as such (a macro makes it)";
    return false;
  }
  if (!fileRange(p.loop->getBody()->getSourceRange(), p.bodyBegin, p.bodyEnd,
                 endsWithSemi(p.loop->getBody()))) {
    why = "the loop's body is not written in the file as such";
    return false;
  }
  if (p.header->start && p.header->start->HasSideEffects(ctx)) {
    unsigned b, e;
    if (!fileRange(p.header->start->getSourceRange(), b, e, false)) {
      why = "the start of the loop is made by a macro and has side effects";
      return false;
    }
  }
  // Before the function, and before a comment that documents it.
  clang::SourceLocation at = sm.getExpansionLoc(p.fn->getBeginLoc());
  if (const clang::RawComment *rc = ctx.getRawCommentForDeclNoCache(p.fn))
    if (sm.isWrittenInMainFile(rc->getBeginLoc()))
      at = rc->getBeginLoc();
  if (!sm.isWrittenInMainFile(at)) {
    why = "the function around the loop is not written in the file as such";
    return false;
  }
  p.insertAt = at;
  // The indentation of the loop's line.
  llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
  size_t lineStart = buf.rfind('\n', p.begin);
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  for (size_t i = lineStart; i < p.begin && (buf[i] == ' ' || buf[i] == '\t');
       ++i)
    p.indent += buf[i];
  return checkLoop(p, why);
}

void FileRewriter::veto(TaskOp task, const std::string &why) {
  mlir::Operation *loop = task.getLoop();
  loop->moveBefore(task);
  task.erase();
  if (auto v = readVerdict(loop)) {
    v->candidate = false;
    v->reason = why;
    writeVerdict(loop, *v);
  }
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

/// Re-indents all lines but the first: drops up to `drop` leading blanks and
/// puts `indent` in front.
static std::string reindent(llvm::StringRef text, size_t drop,
                            llvm::StringRef indent) {
  std::string out;
  bool first = true;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    if (!first) {
      size_t n = 0;
      while (n < drop && n < line.size() && (line[n] == ' ' || line[n] == '\t'))
        ++n;
      line = line.drop_front(n);
      out += line.empty() ? "" : indent.str();
    }
    out += line.str();
    if (text.contains('\n'))
      out += "\n";
    text = rest;
    first = false;
  }
  return out;
}

std::string FileRewriter::bodyText(const Plan &p) {
  auto edits = p.bodyEdits;
  std::sort(edits.begin(), edits.end());
  std::string out;
  unsigned at = p.bodyBegin;
  for (auto &[off, len, repl] : edits) {
    if (off < at || off + len > p.bodyEnd)
      continue;
    out += text(at, off);
    out += repl;
    at = off + len;
  }
  out += text(at, p.bodyEnd);
  // The body's column: its first line's leading blanks are already gone.
  llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
  size_t lineStart = buf.rfind('\n', p.begin);
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  return reindent(out, p.begin - lineStart, "    ");
}

/// Is the canonical type an unsigned integer (or _Bool)?
static bool isUnsigned(QualType t) {
  t = t.getCanonicalType();
  return t->isUnsignedIntegerOrEnumerationType();
}

std::string FileRewriter::counterValue(const Plan &p, llvm::StringRef k,
                                       llvm::StringRef start) {
  QualType t = p.header->counter->getType().getUnqualifiedType();
  std::string ts = typeText(t, policy);
  int64_t step = p.header->step;
  uint64_t width = ctx.getTypeSize(t);
  if (isUnsigned(t) || width >= 64)
    return "(" + ts + ")((uint64_t)" + start.str() + " + (uint64_t)" +
           k.str() + " * (uint64_t)(" + std::to_string(step) + "))";
  if (step == 1)
    return "(" + ts + ")(" + start.str() + " + " + k.str() + ")";
  return "(" + ts + ")(" + start.str() + " + " + k.str() + " * " +
         std::to_string(step) + ")";
}

std::string FileRewriter::startText(const Plan &p) {
  if (!p.header->start)
    return p.header->counter->getNameAsString();
  unsigned b, e;
  if (fileRange(p.header->start->getSourceRange(), b, e, false))
    return text(b, e);
  return "";
}

std::string FileRewriter::tripText(const Plan &p) {
  std::string trip;
  int64_t step = p.header->step;
  bool up = step > 0;
  int64_t mag = up ? step : -step;
  for (const CountedFor::Bound &bd : p.header->bounds) {
    unsigned b, e;
    if (!fileRange(bd.expr->getSourceRange(), b, e, false))
      return "";
    QualType ct = QualType(bd.compareType, 0).getCanonicalType();
    bool uns = isUnsigned(ct);
    std::string cts = typeText(ct, policy);
    std::string s = uns ? "(uint64_t)(" + cts + ")weft_start"
                        : "(int64_t)weft_start";
    std::string x = uns ? "(uint64_t)(" + cts + ")(" + text(b, e) + ")"
                        : "(int64_t)(" + text(b, e) + ")";
    std::string one;
    switch (bd.op) {
    case clang::BO_LT:
    case clang::BO_LE:
      one = std::string(uns ? "weft_trip_upu(" : "weft_trip_up(") + s + ", " +
            x + ", " + std::to_string(mag) + ", " +
            (bd.op == clang::BO_LE ? "1" : "0") + ")";
      break;
    case clang::BO_GT:
    case clang::BO_GE:
      one = std::string(uns ? "weft_trip_downu(" : "weft_trip_down(") + s +
            ", " + x + ", " + std::to_string(mag) + ", " +
            (bd.op == clang::BO_GE ? "1" : "0") + ")";
      break;
    default: // !=, with a step of 1 or -1
      one = "weft_trip_ne((int64_t)weft_start, (int64_t)(" + text(b, e) +
            "), " + (up ? "0" : "1") + ")";
      break;
    }
    trip = trip.empty() ? one : "weft_trip_min(" + trip + ", " + one + ")";
  }
  return trip;
}

std::string FileRewriter::polyText(const CPoly &poly) {
  std::string sum;
  for (const Term &t : poly) {
    std::string term;
    auto factor = [&](std::string f) {
      term = term.empty() ? f : "weft_mul(" + term + ", " + f + ", &weft_bad)";
    };
    if (t.coef != 1 || t.vars.empty())
      factor(std::to_string(t.coef));
    for (int64_t d : t.vars) {
      const auto *v = (size_t)d < im.decls.size()
                           ? llvm::dyn_cast_or_null<clang::VarDecl>(im.decls[d])
                           : nullptr;
      if (!v)
        return "";
      QualType vt = v->getType().getCanonicalType();
      std::string name = v->getNameAsString();
      if (isUnsigned(vt) && ctx.getTypeSize(vt) >= 64)
        factor("weft_u64(" + name + ", &weft_bad)");
      else
        factor("(int64_t)" + name);
    }
    sum = sum.empty() ? term : "weft_add(" + sum + ", " + term + ", &weft_bad)";
  }
  return sum.empty() ? "0" : sum;
}

std::string FileRewriter::guardText(const Plan &p) {
  std::string out;
  for (mlir::Attribute g : p.task.getGuards()) {
    auto d = llvm::cast<mlir::DictionaryAttr>(g);
    std::string args;
    for (const char *side : {"a", "b"}) {
      auto s = d.getAs<mlir::DictionaryAttr>(side);
      auto base = s.getAs<mlir::DictionaryAttr>("base");
      int64_t decl = base.getAs<mlir::IntegerAttr>("decl").getInt();
      const auto *v = (size_t)decl < im.decls.size()
                          ? llvm::dyn_cast_or_null<clang::VarDecl>(im.decls[decl])
                          : nullptr;
      if (!v)
        return "";
      std::string name = v->getNameAsString();
      // One element: through the pointer, then every array dimension.
      std::string elem = name + "[0]";
      QualType t = v->getType();
      if (t->isPointerType())
        t = t->getPointeeType();
      else if (const clang::ArrayType *at = ctx.getAsArrayType(t))
        t = at->getElementType();
      while (const clang::ArrayType *at = ctx.getAsArrayType(t)) {
        elem += "[0]";
        t = at->getElementType();
      }
      auto list = [&](llvm::StringRef key, const char *pick) -> std::string {
        std::string acc;
        for (mlir::Attribute a : s.getAs<mlir::ArrayAttr>(key)) {
          std::string one = polyText(readCPoly(llvm::cast<mlir::ArrayAttr>(a)));
          if (one.empty())
            return "";
          acc = acc.empty() ? one : std::string(pick) + "(" + acc + ", " + one + ")";
        }
        return acc;
      };
      std::string lo = list("lo", "weft_min64"), hi = list("hi", "weft_max64");
      if (lo.empty() || hi.empty())
        return "";
      if (!args.empty())
        args += ",\n" + std::string(14, ' ');
      args += "(const void *)" + name + ", " + lo + ", " + hi + ", sizeof(" +
              elem + ")";
    }
    out += " &&\n        weft_apart(" + args + ", &weft_bad)";
  }
  return out;
}

/// The identity a chunk's partial of a reduction starts from, or "" when it
/// starts from the variable's value before the loop.
static std::string identityOf(const Capture &c, QualType t,
                              clang::ASTContext &ctx,
                              const clang::PrintingPolicy &policy) {
  QualType ct = t.getCanonicalType();
  bool fp = ct->isRealFloatingType();
  std::string ts = typeText(t.getUnqualifiedType(), policy);
  llvm::StringRef op = c.op;
  if (op == "add" || op == "or" || op == "xor")
    return fp ? "(" + ts + ")-0.0" : "0";
  if (op == "mul")
    return "1";
  if (op == "and")
    return "";
  if (op.starts_with("max") || op.starts_with("min")) {
    if (!fp)
      return "";
    const char *inf = ct->isSpecificBuiltinType(clang::BuiltinType::Float)
                          ? "WEFT_INF_F"
                      : ct->isSpecificBuiltinType(clang::BuiltinType::LongDouble)
                          ? "WEFT_INF_L"
                          : "WEFT_INF";
    return std::string(op.starts_with("max") ? "-" : "") + inf;
  }
  return ""; // fmin, fmax
}

/// The type partial results of a reduction are kept in: the unsigned type
/// for signed integer + * & | ^ (whose wrap-around is then defined).
static QualType partialType(const Capture &c, QualType t,
                            clang::ASTContext &ctx) {
  QualType u = t.getUnqualifiedType();
  QualType ct = u.getCanonicalType();
  llvm::StringRef op = c.op;
  bool arith = op == "add" || op == "mul" || op == "and" || op == "or" ||
               op == "xor";
  if (arith && ct->isSignedIntegerType())
    return ctx.getCorrespondingUnsignedType(ct);
  return u;
}

std::string FileRewriter::outlined(const Plan &p) {
  std::string name = p.task.getName().str();
  std::string ctxName = "struct " + name + "_ctx";
  std::string fields, binds, tail;
  auto field = [&](QualType t, const std::string &n) {
    fields += "  " + typeText(t, policy, n) + ";\n";
  };
  bool usesChunk = false;
  for (const Capture &c : p.caps) {
    QualType t = c.var->getType();
    QualType unq = t.getUnqualifiedType();
    bool used = p.inBody.contains(c.var);
    switch (c.kind) {
    case CaptureKind::Global:
    case CaptureKind::Counter:
      break;
    case CaptureKind::Firstprivate:
    case CaptureKind::Shared: {
      if (!used)
        break;
      bool array = ctx.getAsArrayType(t) != nullptr;
      if (c.kind == CaptureKind::Shared && !array) {
        field(ctx.getPointerType(t), c.name);
        binds += "  " + typeText(ctx.getPointerType(t), policy, c.name) +
                 " = weft_c->" + c.name + ";\n";
        break;
      }
      // A pointer value, or an array that decays to one.
      QualType ptr = array ? ctx.getDecayedType(t) : t;
      if (!ptr->isVariablyModifiedType()) {
        QualType f = ptr;
        if (f->isPointerType())
          f = ctx.getPointerType(f->getPointeeType()); // no restrict/const
        else
          f = f.getUnqualifiedType();
        field(f, c.name);
        binds += "  " + typeText(ptr, policy, c.name) + " = weft_c->" +
                 c.name + ";\n";
        break;
      }
      ArrayPtr ap = arrayPtrOf(ptr->getPointeeType(), ctx);
      fields += "  void *" + c.name + ";\n";
      std::string declarator = "(*" + c.name + ")";
      for (size_t k = 0; k < ap.dims.size(); ++k) {
        if (ap.dims[k]) {
          declarator += "[" + std::to_string(*ap.dims[k]) + "]";
          continue;
        }
        std::string dn = c.name + "_d" + std::to_string(k + 1);
        fields += "  int64_t " + dn + ";\n";
        declarator += "[weft_c->" + dn + "]";
      }
      binds += "  " + typeText(ap.elem, policy, declarator) + " = weft_c->" +
               c.name + ";\n";
      break;
    }
    case CaptureKind::Private:
      binds += "  " + typeText(unq, policy, c.name) + " = 0;\n";
      break;
    case CaptureKind::Lastprivate:
      field(unq, c.name);
      binds += "  " + typeText(unq, policy, c.name) + " = 0;\n";
      tail += "  if (weft_lo < weft_hi && weft_hi == weft_c->weft_trip)\n"
              "    weft_c->" + c.name + " = " + c.name +
              "; /* from the last iteration */\n";
      break;
    case CaptureKind::Reduction: {
      QualType pt = partialType(c, t, ctx);
      std::string id = identityOf(c, t, ctx, policy);
      field(ctx.getPointerType(pt), c.name + "_part");
      if (id.empty() && c.op == "and") {
        id = "(" + typeText(pt, policy) + ")~(" + typeText(pt, policy) + ")0";
      } else if (id.empty()) {
        // min and max of integers, fmin and fmax: from the value before the
        // loop, which they are idempotent on.
        field(unq, c.name);
        id = "weft_c->" + c.name;
      }
      binds += "  " + typeText(pt, policy, c.name) + " = " + id +
               "; /* this chunk's partial " + c.op + " */\n";
      tail += "  weft_c->" + c.name + "_part[weft_chunk] = " + c.name + ";\n";
      usesChunk = true;
      break;
    }
    }
  }
  const clang::VarDecl *counter = p.header->counter;
  QualType ct = counter->getType().getUnqualifiedType();
  field(ct, "weft_start");
  fields += "  int64_t weft_trip;\n";

  std::string out;
  out += "/* weft: the loop at " + fileName + ":" +
         std::to_string(sm.getExpansionLineNumber(p.loop->getBeginLoc())) +
         " (in " + p.fn->getNameAsString() +
         "), outlined to run in parallel on libweft's team. */\n";
  out += ctxName + " {\n" + fields + "};\n\n";
  out += "static void " + name +
         "(void *weft_arg, int64_t weft_lo, int64_t weft_hi,\n" +
         std::string(13 + name.size(), ' ') + "int64_t weft_chunk) {\n";
  out += "  " + ctxName + " *weft_c = (" + ctxName + " *)weft_arg;\n";
  out += binds;
  if (!usesChunk)
    out += "  (void)weft_chunk;\n";
  out += "  for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++) {\n";
  // The counter, from the normalized iteration.
  out += "    " + typeText(ct, policy, counter->getNameAsString()) + " = " +
         counterValue(p, "weft_k", "weft_c->weft_start") + ";\n";
  if (!p.inBody.contains(counter))
    out += "    (void)" + counter->getNameAsString() + ";\n";
  out += lineDirective(p.loop->getBody()->getBeginLoc());
  out += "    " + bodyText(p) + "\n";
  out += "  }\n" + tail + "}\n\n";
  return out;
}

std::string FileRewriter::dispatch(const Plan &p) {
  std::string name = p.task.getName().str();
  std::string in = p.indent + "  ";
  const clang::VarDecl *counter = p.header->counter;
  QualType ct = counter->getType().getUnqualifiedType();
  std::string start = startText(p), trip = tripText(p), guards = guardText(p);
  if (start.empty() || trip.empty() || (guards.empty() && !p.task.getGuards().empty()))
    return "";
  std::string o;
  o += "{ /* weft: in parallel in " + name +
       "() when the checks pass; else as written */\n";
  o += in + typeText(ct, policy, "weft_start") + " = " + start + ";\n";
  o += in + "int64_t weft_trip = " + trip + ";\n";
  if (!p.task.getGuards().empty())
    o += in + "int weft_bad = 0;\n";
  o += in + "if (weft_trip >= " + std::to_string(p.task.getMinTrip()) +
       " && weft_ready()";
  {
    // Guards are written with the block's indentation.
    std::string g = guards;
    std::string out;
    for (char c : g) {
      out += c;
      if (c == '\n')
        out += in;
    }
    o += out;
  }
  o += ") {\n";
  std::string body = in + "  ";
  std::string initFields, combine, copyOut, declParts;
  bool hasReductions = false;
  for (const Capture &c : p.caps) {
    QualType t = c.var->getType();
    bool used = p.inBody.contains(c.var);
    switch (c.kind) {
    case CaptureKind::Firstprivate:
    case CaptureKind::Shared: {
      if (!used)
        break;
      bool array = ctx.getAsArrayType(t) != nullptr;
      if (c.kind == CaptureKind::Shared && !array) {
        initFields += ".\n" + c.name + " = &" + c.name;
        break;
      }
      initFields += ".\n" + c.name + " = " + c.name;
      QualType ptr = array ? ctx.getDecayedType(t) : t;
      if (ptr->isVariablyModifiedType()) {
        ArrayPtr ap = arrayPtrOf(ptr->getPointeeType(), ctx);
        std::string sub = c.name + "[0]";
        for (size_t k = 0; k < ap.dims.size(); ++k) {
          if (!ap.dims[k])
            initFields += ".\n" + c.name + "_d" + std::to_string(k + 1) +
                          " = (int64_t)(sizeof(" + sub + ") / sizeof(" + sub +
                          "[0]))";
          sub += "[0]";
        }
      }
      break;
    }
    case CaptureKind::Lastprivate:
      initFields += ".\n" + c.name + " = " + c.name;
      copyOut += body + c.name + " = weft_c." + c.name + ";\n";
      break;
    case CaptureKind::Reduction: {
      hasReductions = true;
      QualType pt = partialType(c, t, ctx);
      std::string pts = typeText(pt, policy);
      declParts += body + typeText(pt, policy, "weft_" + c.name + "_part[WEFT_MAX_CHUNKS]") +
                   ";\n";
      initFields += ".\n" + c.name + "_part = weft_" + c.name + "_part";
      if (identityOf(c, t, ctx, policy).empty() && c.op != "and")
        initFields += ".\n" + c.name + " = " + c.name;
      std::string part = "weft_" + c.name + "_part[weft_j]";
      llvm::StringRef op = c.op;
      std::string line;
      if (op == "add" || op == "mul" || op == "and" || op == "or" ||
          op == "xor") {
        const char *sym = op == "add"   ? "+"
                          : op == "mul" ? "*"
                          : op == "and" ? "&"
                          : op == "or"  ? "|"
                                        : "^";
        if (pt == t.getUnqualifiedType())
          line = c.name + " " + sym + "= " + part + ";";
        else
          line = c.name + " = (" + typeText(t.getUnqualifiedType(), policy) +
                 ")((" + pts + ")" + c.name + " " + sym + " " + part + ");";
      } else if (op == "fmin" || op == "fmax") {
        QualType cc = t.getCanonicalType();
        std::string fn = op.str();
        if (cc->isSpecificBuiltinType(clang::BuiltinType::Float))
          fn += "f";
        else if (cc->isSpecificBuiltinType(clang::BuiltinType::LongDouble))
          fn += "l";
        line = c.name + " = " + fn + "(" + c.name + ", " + part + ");";
      } else {
        // min:lt, max:gt, ...: a partial replaces the result as in the loop.
        llvm::StringRef pred = op.split(':').second;
        const char *sym = pred == "gt"   ? ">"
                          : pred == "ge" ? ">="
                          : pred == "lt" ? "<"
                                         : "<=";
        line = "if (" + part + " " + sym + " " + c.name + ")\n" + body +
               "    " + c.name + " = " + part + ";";
      }
      combine += body + "  " + line + "\n";
      break;
    }
    default:
      break;
    }
  }
  initFields += ".\nweft_start = weft_start";
  initFields += ".\nweft_trip = weft_trip";
  o += declParts;
  // Designated initializers, one per line.
  std::string inits;
  {
    llvm::SmallVector<llvm::StringRef> parts;
    llvm::StringRef(initFields).split(parts, ".\n", -1, false);
    for (size_t i = 0; i < parts.size(); ++i)
      inits += body + "    ." + parts[i].str() + (i + 1 < parts.size() ? ",\n" : "\n");
  }
  o += body + "struct " + name + "_ctx weft_c = {\n" + inits + body + "};\n";
  // The loop descriptor of the runtime contract.
  bool linear = p.task.getShape() && *p.task.getShape() == "linear";
  std::string cost0 = "0", cost1 = "0", work;
  char perIter[64];
  snprintf(perIter, sizeof perIter, "%.4g",
           p.task.getWorkPerIter().convertToDouble());
  if (linear) {
    cost0 = polyText(readCPoly(*p.task.getCost0()));
    cost1 = polyText(readCPoly(*p.task.getCost1()));
    if (cost0.empty() || cost1.empty())
      linear = false, cost0 = cost1 = "0";
  }
  std::string polyBad;
  if (linear) {
    // The cost polynomials use weft_bad; a failed one only means no shape.
    if (p.task.getGuards().empty() &&
        (cost0 + cost1).find("&weft_bad") != std::string::npos)
      o += body + "int weft_bad = 0;\n";
    o += body + "double weft_cost0 = (double)" + cost0 + ";\n";
    o += body + "double weft_cost1 = (double)" + cost1 + ";\n";
    work = "(weft_cost0 * (double)weft_trip + weft_cost1 * (double)weft_trip * "
           "(double)(weft_trip - 1) / 2) / 1000";
    cost0 = "weft_cost0";
    cost1 = "weft_cost1";
  } else {
    work = std::string(perIter) + " * (double)weft_trip";
  }
  o += body + "weft_loop_t weft_l = {\n";
  o += body + "    .trip = weft_trip,\n";
  o += body + "    .shape = " +
       (linear ? "WEFT_SHAPE_LINEAR" : "WEFT_SHAPE_UNIFORM") + ",\n";
  o += body + "    .intent = WEFT_INTENT_NONE,\n";
  o += body + "    .cost0 = " + cost0 + ",\n";
  o += body + "    .cost1 = " + cost1 + ",\n";
  o += body + "    .work_ns = " + work + ",\n";
  o += body + "    .region_id = " +
       std::to_string(p.task.getRegionId().value_or(p.task.getLoopId())) +
       ",\n";
  o += body + "    .line = " +
       std::to_string(sm.getExpansionLineNumber(p.loop->getBeginLoc())) + ",\n";
  o += body + "    .file = " + quoted(fileName) + "};\n";
  if (hasReductions) {
    o += body + "int64_t weft_chunks = weft_parallel_for(&weft_l, " + name +
         ", &weft_c);\n";
    o += body + "for (int64_t weft_j = 0; weft_j < weft_chunks; weft_j++) {"
         " /* in chunk order */\n";
    o += combine;
    o += body + "}\n";
  } else {
    o += body + "weft_parallel_for(&weft_l, " + name + ", &weft_c);\n";
  }
  o += copyOut;
  if (!p.header->declaredInInit)
    o += body + counter->getNameAsString() + " = " +
         counterValue(p, "weft_trip", "weft_start") + "; /* its value after the loop */\n";
  o += in + "} else {\n";
  // The loop as written; a start with side effects was evaluated once above.
  std::string loopText;
  if (p.header->start && p.header->start->HasSideEffects(ctx)) {
    unsigned b, e;
    fileRange(p.header->start->getSourceRange(), b, e, false);
    loopText = text(p.begin, b) + "weft_start" + text(e, p.end);
  } else {
    loopText = text(p.begin, p.end);
  }
  if (options.lineDirectives)
    o += lineDirective(p.loop->getBeginLoc()) + in + "  ";
  else
    o += body;
  o += reindent(loopText, p.indent.size(), body) + "\n";
  o += in + "}\n" + p.indent + "}";
  if (options.lineDirectives)
    o += "\n" + lineDirective(sm.getLocForStartOfFile(sm.getMainFileID())
                                  .getLocWithOffset(p.end)) +
         p.indent;
  return o;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

RewriteResult FileRewriter::run() {
  RewriteResult result;
  std::vector<TaskOp> tasks;
  im.module->walk([&](TaskOp t) { tasks.push_back(t); });
  std::vector<Plan> plans;
  for (TaskOp t : tasks) {
    Plan p;
    std::string why;
    if (!plan(t, p, why)) {
      veto(t, why);
      continue;
    }
    plans.push_back(std::move(p));
  }
  // Texts first (a task whose text cannot be made is vetoed), then edits.
  std::map<unsigned, std::string> before; // insertion offset -> outlined code
  std::vector<std::pair<Plan *, std::string>> replacements;
  for (Plan &p : plans) {
    std::string d = dispatch(p);
    if (d.empty()) {
      veto(p.task, "weft cannot write the trip count or a run-time check of "
                   "this loop in C");
      continue;
    }
    before[offsetOf(p.insertAt)] += outlined(p);
    replacements.push_back({&p, d});
  }
  if (replacements.empty()) {
    llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
    result.text = buf.str();
    return result;
  }
  clang::SourceLocation fileStart = sm.getLocForStartOfFile(sm.getMainFileID());
  bool first = true;
  for (auto &[off, code] : before) {
    std::string text;
    if (first) {
      if (auto team = im.module.get()->getAttrOfType<mlir::DictionaryAttr>(
              "weft.default_team")) {
        if (auto c = team.getAs<mlir::IntegerAttr>("cores"))
          text += "#define WEFT_DEFAULT_CORES " + std::to_string(c.getInt()) +
                  "\n";
        if (auto w = team.getAs<mlir::DenseI64ArrayAttr>("weights")) {
          text += "#define WEFT_DEFAULT_WEIGHTS ";
          for (int64_t i = 0; i < w.size(); ++i)
            text += (i ? "," : "") + std::to_string(w[i]);
          text += "\n";
        }
      }
      text += "#include " + quoted(options.runtimeHeader) +
              " /* weft: the parallel runtime */\n\n";
      first = false;
    }
    text += code;
    text += lineDirective(fileStart.getLocWithOffset(off));
    rw.InsertText(fileStart.getLocWithOffset(off), text, /*InsertAfter=*/true);
  }
  for (auto &[p, d] : replacements) {
    rw.ReplaceText(
        clang::CharSourceRange::getCharRange(fileStart.getLocWithOffset(p->begin),
                                             fileStart.getLocWithOffset(p->end)),
        d);
    ++result.parallelLoops;
  }
  const clang::RewriteBuffer *rb = rw.getRewriteBufferFor(sm.getMainFileID());
  result.text = rb ? std::string(rb->begin(), rb->end())
                   : sm.getBufferData(sm.getMainFileID()).str();
  return result;
}

RewriteResult weft::rewriteMainFile(ImportedModule &imported,
                                    clang::ASTContext &ctx,
                                    clang::Preprocessor &pp,
                                    const RewriteOptions &options) {
  FileRewriter fr(imported, ctx, pp, options);
  return fr.run();
}
