//===- Checks.cpp - Can a loop's body move before its function? -------------===//
//
// The rewriter copies a parallel loop's body into a function it inserts
// before the function that holds the loop. That is only right when every
// name in the body means the same there: no macro is defined differently,
// no type, enumerator or function is declared inside the function, and every
// variable is one of the task's captures. A loop that fails stays as written,
// with the reason (docs/output.md).
//
//===----------------------------------------------------------------------===//
#include "RewriteInternals.h"
#include "weft/Analysis/LoopModel.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <functional>

using namespace weft;
using namespace weft::detail;

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
  std::vector<const clang::PredefinedExpr *> predefined;
  bool VisitPredefinedExpr(clang::PredefinedExpr *e) {
    predefined.push_back(e);
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

/// How the body uses a variable at `e`: its value is read (an lvalue to
/// rvalue conversion), it is assigned (the left side of `=`, a compound
/// assignment, `++` or `--`), or something else (its address, sizeof, an
/// asm operand...).
enum class Use { Read, Assigned, Other };
static Use useOf(clang::ASTContext &ctx, const clang::Expr *e) {
  const clang::Expr *cur = e;
  for (;;) {
    clang::DynTypedNodeList parents = ctx.getParents(*cur);
    if (parents.empty())
      return Use::Other;
    if (const auto *pe = parents[0].get<clang::ParenExpr>()) {
      cur = pe;
      continue;
    }
    if (const auto *ice = parents[0].get<clang::ImplicitCastExpr>())
      return ice->getCastKind() == clang::CK_LValueToRValue ? Use::Read
                                                            : Use::Other;
    if (const auto *bo = parents[0].get<clang::BinaryOperator>())
      return bo->isAssignmentOp() && bo->getLHS() == cur ? Use::Assigned
                                                         : Use::Other;
    if (const auto *uo = parents[0].get<clang::UnaryOperator>())
      return uo->isIncrementDecrementOp() ? Use::Assigned : Use::Other;
    return Use::Other;
  }
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
  // libweft's output initializes a loop descriptor where the loop is, by
  // its fields' names: an object-like macro of one of those names there
  // would change them.
  for (llvm::StringRef field : {"trip", "shape", "intent", "cost0", "cost1",
                                "work_ns", "region_id", "line", "file"}) {
    clang::IdentifierInfo *ii = pp.getIdentifierInfo(field);
    const clang::MacroInfo *mi =
        !openmp() && ii->hadMacroDefinition()
            ? pp.getMacroDefinitionAtLoc(ii, p.loop->getBeginLoc())
                  .getMacroInfo()
            : nullptr;
    if (mi && mi->isObjectLike()) {
      why = "the macro " + field.str() + " (line " +
            std::to_string(sm.getPresumedLineNumber(mi->getDefinitionLoc())) +
            ") has the name of a field of libweft's loop descriptor, which "
            "the parallel code sets where the loop is";
      return false;
    }
  }
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

const std::vector<clang::SourceLocation> &FileRewriter::nestedIncludes() {
  if (nestedIncludesCache)
    return *nestedIncludesCache;
  std::vector<clang::SourceLocation> &out = nestedIncludesCache.emplace();
  clang::FileID main = sm.getMainFileID();
  std::vector<std::pair<clang::SourceLocation, clang::SourceLocation>> decls;
  for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    clang::SourceRange r = d->getSourceRange();
    if (r.isInvalid())
      continue;
    clang::SourceLocation b = sm.getExpansionLoc(r.getBegin());
    clang::SourceLocation e = sm.getExpansionRange(r.getEnd()).getEnd();
    if (sm.getFileID(b) == main && sm.getFileID(e) == main)
      decls.push_back({b, e});
  }
  for (unsigned i = 0, n = sm.local_sloc_entry_size(); i < n; ++i) {
    // A system header, and the #include in the main file it comes from
    // (a file included inside a function may include headers itself).
    const clang::SrcMgr::SLocEntry &s = sm.getLocalSLocEntry(i);
    if (!s.isFile() ||
        !clang::SrcMgr::isSystem(s.getFile().getFileCharacteristic()))
      continue;
    clang::SourceLocation at = s.getFile().getIncludeLoc();
    for (int depth = 0; at.isValid() && depth < 256; ++depth) {
      at = sm.getExpansionLoc(at);
      if (sm.getFileID(at) == main)
        break;
      at = sm.getIncludeLoc(sm.getFileID(at));
    }
    if (at.isInvalid() || sm.getFileID(at) != main)
      continue;
    for (auto &[b, e] : decls)
      if (sm.isBeforeInTranslationUnit(b, at) &&
          sm.isBeforeInTranslationUnit(at, e)) {
        out.push_back(at);
        break;
      }
  }
  llvm::sort(out, [&](clang::SourceLocation a, clang::SourceLocation b) {
    return sm.isBeforeInTranslationUnit(a, b);
  });
  return out;
}

bool FileRewriter::checkLoop(Plan &p, std::string &why) {
  // weft's header (or the OpenMP output's copy of its checks) goes before
  // the first function with a parallel loop, at the latest before this one.
  const std::vector<clang::SourceLocation> &nested = nestedIncludes();
  if (!nested.empty() &&
      sm.isBeforeInTranslationUnit(nested.front(), p.insertAt)) {
    why = "the #include at line " +
          std::to_string(sm.getExpansionLineNumber(nested.front())) +
          " brings system headers into a function or type: weft's "
          "header, which includes them at file scope after it, would not "
          "compile";
    return false;
  }
  LoopScan scan;
  scan.TraverseStmt(const_cast<clang::Stmt *>(
      p.sweep ? static_cast<const clang::Stmt *>(p.sweep) : p.loop));
  if (!scan.blocker.empty()) {
    why = scan.blocker;
    return false;
  }
  // (What an init that runs before the loop declares is declared outside
  // it: tripLines.)
  if (const auto *ds = llvm::dyn_cast_or_null<clang::DeclStmt>(
          p.header ? p.header->initBefore : nullptr))
    for (const clang::Decl *d : ds->decls())
      if (const auto *v = llvm::dyn_cast<clang::VarDecl>(d))
        scan.declared.erase(v);
  // __func__ passed to a call (an error message that prints it) is the
  // name of the function the loop is in, as a string literal in the
  // outlined body. Anywhere else its address may matter (`a[i] =
  // __func__`), and a macro's text cannot be edited, but for an error path
  // that errorPathEdits writes out again (`assert(x)`).
  // Not the condition's text, which is copied as the file spells it.
  std::vector<MacroErrorPath> rewritten;
  if (p.exits())
    for (auto [op, side, st] : errorBranches(p)) {
      std::string w;
      if (st && st->getBeginLoc().isMacroID())
        if (auto m = macroErrorPath(p, st, side, w))
          rewritten.push_back(*m);
    }
  if (p.exits())
    for (const MacroErrorPath &m : macroBranchCalls(p))
      rewritten.push_back(m);
  for (const clang::PredefinedExpr *e : scan.predefined) {
    clang::SourceLocation x = sm.getExpansionLoc(e->getLocation());
    clang::SourceLocation spelled = sm.getSpellingLoc(e->getLocation());
    auto in = [&](clang::SourceLocation l, unsigned from, unsigned to) {
      return sm.getFileID(l) == sm.getMainFileID() && from <= offsetOf(l) &&
             offsetOf(l) < to;
    };
    if (e->getLocation().isMacroID() &&
        llvm::any_of(rewritten, [&](const MacroErrorPath &m) {
          return in(x, m.b, m.e) && !in(spelled, m.cb, m.ce);
        }))
      continue;
    const clang::Expr *arg = e;
    clang::DynTypedNodeList up = ctx.getParents(*arg);
    while (!up.empty() && (up[0].get<clang::ImplicitCastExpr>() ||
                           up[0].get<clang::ParenExpr>())) {
      arg = up[0].get<clang::Expr>();
      up = ctx.getParents(*arg);
    }
    const auto *call = up.empty() ? nullptr : up[0].get<clang::CallExpr>();
    auto kind = e->getIdentKind();
    clang::SourceLocation l = e->getLocation();
    if (!call || call->getCallee() == arg || l.isMacroID() ||
        (kind != clang::PredefinedIdentKind::Func &&
         kind != clang::PredefinedIdentKind::Function)) {
      why = "the body uses __func__, whose value would change in an "
            "outlined function";
      return false;
    }
    p.bodyEdits.emplace_back(
        offsetOf(l), clang::Lexer::MeasureTokenLength(l, sm, ctx.getLangOpts()),
        "\"" + p.fn->getNameAsString() + "\"");
  }
  // An enum type declared in the function before the loop (`enum shade
  // s;`), spelled `enum shade` in the loop: its integer type (the one the
  // compiler gives it, GCC's rule) in its place, as the enumerators get
  // their values below. Not in a task graph's statements (as those).
  auto inLoop = [&](clang::SourceLocation l) {
    unsigned at = sm.getFileOffset(sm.getExpansionLoc(l));
    return at >= p.begin && at < p.end;
  };
  llvm::DenseSet<unsigned> replaced; // the named types' offsets
  for (clang::TypeLoc tl : scan.types) {
    auto el = tl.getAs<clang::ElaboratedTypeLoc>();
    const auto *et =
        el ? el.getNamedTypeLoc().getType()->getAs<clang::EnumType>() : nullptr;
    const clang::EnumDecl *ed = et ? et->getDecl() : nullptr;
    if (!ed || !ed->getDeclContext()->isFunctionOrMethod() ||
        inLoop(ed->getLocation()) || p.loop == p.body ||
        ed->getIntegerType().isNull())
      continue;
    clang::SourceRange r = el.getSourceRange();
    if (r.getBegin().isMacroID() || r.getEnd().isMacroID() ||
        !inLoop(r.getBegin()))
      continue;
    unsigned b = offsetOf(r.getBegin());
    unsigned e = offsetOf(clang::Lexer::getLocForEndOfToken(r.getEnd(), 0, sm,
                                                            ctx.getLangOpts()));
    p.bodyEdits.emplace_back(
        b, e - b, typeText(ed->getIntegerType().getUnqualifiedType(), policy));
    replaced.insert(offsetOf(el.getNamedTypeLoc().getBeginLoc()));
  }
  for (clang::TypeLoc tl : scan.types) {
    const clang::NamedDecl *d = nullptr;
    if (auto t = tl.getAs<clang::TypedefTypeLoc>())
      d = t.getTypedefNameDecl();
    else if (auto t = tl.getAs<clang::TagTypeLoc>())
      d = t.getDecl();
    if (tl.getAs<clang::ElaboratedTypeLoc>() ||
        (!tl.getBeginLoc().isMacroID() &&
         replaced.contains(offsetOf(tl.getBeginLoc()))))
      continue;
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
      if (!ec->getDeclContext()->getParent() ||
          !ec->getDeclContext()->getParent()->isFunctionOrMethod())
        continue;
      // An enumerator of the function's own (`enum { N = 1024 };` in
      // main), which the outlined function cannot see: its value, an int
      // constant, in its place (a constant expression still: an array's
      // size, a case label).
      // (In the header too: a sweep runs it. Not in a task graph's
      // statement, whose parallel loops' checks and fallbacks are written
      // from the file's text.)
      // (Of any width and signedness: INT_MIN has no literal of its own.)
      std::optional<int64_t> val = ec->getInitVal().tryExtValue();
      if (p.loop == p.body || !inLoop(e->getLocation()) ||
          e->getLocation().isMacroID() ||
          !e->getType()->isSpecificBuiltinType(clang::BuiltinType::Int) ||
          !val || *val <= INT32_MIN || *val > INT32_MAX) {
        why = "the body uses " + ec->getNameAsString() +
              ", an enumerator declared inside the function";
        return false;
      }
      std::string text = std::to_string(*val);
      if (*val < 0)
        text = "(" + text + ")";
      p.bodyEdits.emplace_back(offsetOf(e->getLocation()),
                               (unsigned)ec->getName().size(), text);
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
    // A sweep's header is the outlined body's outer loop.
    bool inBody = (at >= bodyB && at < bodyE) ||
                  (p.sweep && at >= p.begin && at < p.sweepHead);
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
    if (at >= bodyB && at < bodyE)
      p.inOwnBody.insert(v);
    switch (c.kind) {
    case CaptureKind::Global:
      if (!v->isFileVarDecl() || !visibleAtInsertion(v, p)) {
        why = "the body uses " + c.name +
              ", which is declared inside the function";
        return false;
      }
      break;
    case CaptureKind::ArrayReduction:
    case CaptureKind::PrivateCopy: // the body names the copy by a pointer
    case CaptureKind::Shared: {
      // An allocation's array reduction: the body's pointer is the copy's.
      if (!inBody || c.length)
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
      if (p.copyShared)
        break; // a copy under its own name
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
    case CaptureKind::CondLastprivate: {
      // Every assignment sets the chunk's flag, which says whether the
      // chunk's copy is a value the loop assigned: the name on the left
      // becomes `(*(weft_<name>_asg = 1, &<name>))`, an lvalue.
      Use u = useOf(ctx, e);
      if (!inBody || u == Use::Other || unevaluated(ctx, e, p.loop)) {
        why = "the loop uses " + c.name +
              (inBody ? " other than by reading or assigning it"
                      : " in its header") +
              ", and weft must see every assignment to it";
        return false;
      }
      if (u == Use::Read)
        break;
      if (e->getLocation().isMacroID()) {
        why = "the body assigns " + c.name +
              " inside a macro, where weft cannot record the assignment";
        return false;
      }
      p.bodyEdits.emplace_back(
          offsetOf(e->getLocation()), (unsigned)c.name.size(),
          "(*(weft_" + c.name + "_asg = 1, &" + c.name + "))");
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
  // An induction stepped by a variable (`j += s`, perhaps in a for's
  // increment, which the outlined body does not have) reads it in each
  // iteration's declaration: the chunks need it as the body would.
  for (const Capture &ind : p.caps) {
    if (ind.kind != CaptureKind::Induction)
      continue;
    llvm::StringRef by = llvm::StringRef(ind.op).ltrim('-');
    for (const Capture &c : p.caps)
      if (c.kind == CaptureKind::Firstprivate && c.name == by)
        p.inBody.insert(c.var);
  }
  // So does the counter stepped by a variable (`i += m`: the chunk's
  // first value, and its own steps).
  if (const clang::Expr *by = p.header->stepBy) {
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(by->IgnoreParenImpCasts());
    const clang::ValueDecl *v = ref ? ref->getDecl() : nullptr;
    auto c = llvm::find_if(p.caps, [&](const Capture &c) {
      return c.var == v && c.kind == CaptureKind::Firstprivate;
    });
    if (c == p.caps.end()) {
      why = "weft cannot pass the counter's step to the outlined loop";
      return false;
    }
    p.inBody.insert(c->var);
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
    if (c.kind == CaptureKind::ArrayReduction) {
      // Copies of a known size, of an integer or floating-point element
      // weft can combine. Floating-point copies are made per band of
      // iterations and added up in band order (docs/output.md, "Array
      // reductions").
      // An allocation's (Capture::length): a pointer to its elements,
      // whose number C computes where the loop starts.
      ArrayPtr a = copiedArrayOf(c, ctx);
      QualType et = a.elem.getCanonicalType();
      bool real = et->isRealFloatingType() && !et->isFloat16Type() &&
                  !et->isBFloat16Type() && !et->isFloat128Type();
      // At most 8 of them (weft_checks.h, WEFT_COPY_MAX_SPAN).
      if (c.length && llvm::count_if(p.caps, [](const Capture &o) {
                        return o.length.has_value();
                      }) > 8) {
        why = "the loop updates more than 8 allocations as array "
              "reductions, whose copies weft does not make";
        return false;
      }
      if (c.length && (!t->isPointerType() || !a.dims.empty() ||
                       polyText(*c.length, p).empty())) {
        why = "weft cannot write the size of the array reduction " + c.name +
              " where the loop starts";
        return false;
      }
      if ((a.dims.empty() && !c.length) || a.variable() ||
          (!real && (!et->isIntegerType() || et->isBooleanType() ||
                     et->isEnumeralType() || et->isBitIntType())) ||
          a.elem.isVolatileQualified()) {
        why = "the array reduction " + c.name + " has the type " +
              typeText(t, policy) +
              ", where weft copies arrays of a constant size of integers "
              "or floating-point numbers";
        return false;
      }
      p.bandCopies |= real;
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
    // A private array (docs/analysis.md) is declared again in the body,
    // or is a pointer to a member's copy (of rows of it).
    bool privateArray =
        c.kind == CaptureKind::Private && ctx.getAsConstantArrayType(t) && !vm;
    if (c.kind == CaptureKind::PrivateCopy &&
        (!ctx.getAsConstantArrayType(t) || vm ||
         copiedArrayOf(c, ctx).variable())) {
      why = "the private array " + c.name + " has the type " +
            typeText(t, policy) + ", of which weft makes no copies";
      return false;
    }
    if ((c.kind == CaptureKind::Private || c.kind == CaptureKind::Lastprivate ||
         c.kind == CaptureKind::CondLastprivate) &&
        !privateArray && !(t->isScalarType() && !t->isAnyComplexType())) {
      why = "the private variable " + c.name + " is not a scalar";
      return false;
    }
  }
  if (!errorPathEdits(p, why))
    return false;
  llvm::sort(p.bodyEdits); // in file order, as editedText takes them
  return checkMacros(p, why);
}

namespace {
/// e without parentheses, implicit casts and __extension__.
const clang::Expr *bare(const clang::Expr *e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    const auto *u = llvm::dyn_cast<clang::UnaryOperator>(e);
    if (!u || u->getOpcode() != clang::UO_Extension)
      return e;
    e = u->getSubExpr();
  }
}

/// e without a cast to void (`(void)f(x)`).
const clang::Expr *unvoided(const clang::Expr *e) {
  e = bare(e);
  if (const auto *c = llvm::dyn_cast<clang::CStyleCastExpr>(e))
    if (c->getType()->isVoidType())
      return bare(c->getSubExpr());
  return e;
}

/// Does s do nothing when it runs: absent, `;`, `{}`, `(void)0`, or a
/// sizeof (of a type that is not variably modified)?
bool inert(const clang::Stmt *s) {
  if (!s || llvm::isa<clang::NullStmt>(s))
    return true;
  if (const auto *c = llvm::dyn_cast<clang::CompoundStmt>(s))
    return llvm::all_of(c->body(), inert);
  const auto *e = llvm::dyn_cast<clang::Expr>(s);
  if (!e)
    return false;
  e = unvoided(e);
  if (const auto *u = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(e))
    return !u->getTypeOfArgument()->isVariablyModifiedType();
  return llvm::isa<clang::IntegerLiteral>(e);
}

/// The statements of s that do something, through blocks, `do ... while
/// (0)`, statement expressions and comma operators; false when a `do`
/// loops or one of them is a declaration, jump or label.
bool effective(const clang::Stmt *s,
               llvm::SmallVectorImpl<const clang::Stmt *> &out) {
  if (inert(s))
    return true;
  if (const auto *c = llvm::dyn_cast<clang::CompoundStmt>(s)) {
    for (const clang::Stmt *x : c->body())
      if (!effective(x, out))
        return false;
    return true;
  }
  if (const auto *d = llvm::dyn_cast<clang::DoStmt>(s)) {
    const auto *zero =
        llvm::dyn_cast<clang::IntegerLiteral>(bare(d->getCond()));
    return zero && zero->getValue() == 0 && effective(d->getBody(), out);
  }
  const auto *e = llvm::dyn_cast<clang::Expr>(s);
  if (!e) {
    if (!llvm::isa<clang::IfStmt>(s))
      return false;
    out.push_back(s);
    return true;
  }
  e = unvoided(e);
  if (const auto *se = llvm::dyn_cast<clang::StmtExpr>(e))
    return effective(se->getSubStmt(), out);
  if (const auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e);
      bo && bo->getOpcode() == clang::BO_Comma)
    return effective(bo->getLHS(), out) && effective(bo->getRHS(), out);
  out.push_back(e);
  return true;
}

/// The C text of a literal argument of an error path's call, or "".
/// __FILE__ and __LINE__ stay themselves: in the output they say what the
/// file's other uses say (its own name and lines, or the input's with
/// --line-directives). __func__ and __PRETTY_FUNCTION__ stay themselves
/// where the body stays in its function (`!outlined`), else are the name
/// of function `fn` (WEFT_PRETTY_FUNCTION, weft.h: GCC's and clang's
/// differ).
std::string literalText(
    const clang::Expr *a, const clang::SourceManager &sm,
    const clang::LangOptions &lang, const clang::FunctionDecl *fn,
    bool outlined,
    llvm::function_ref<bool(const clang::VarDecl *)> sameName = nullptr) {
  a = bare(a);
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::StringRef macro =
      a->getBeginLoc().isMacroID()
          ? clang::Lexer::getImmediateMacroName(a->getBeginLoc(), sm, lang)
          : "";
  if (macro == "__FILE__" || macro == "__LINE__" || macro == "__FILE_NAME__" ||
      macro == "__BASE_FILE__")
    os << macro;
  else if (const auto *s = llvm::dyn_cast<clang::StringLiteral>(a))
    s->outputString(os);
  else if (const auto *f = llvm::dyn_cast<clang::PredefinedExpr>(a)) {
    auto kind = f->getIdentKind();
    bool plain = kind == clang::PredefinedIdentKind::Func ||
                 kind == clang::PredefinedIdentKind::Function;
    if (!plain && kind != clang::PredefinedIdentKind::PrettyFunction)
      return "";
    if (!outlined)
      os << clang::PredefinedExpr::getIdentKindName(kind);
    else if (plain)
      os << "\"" << fn->getName() << "\"";
    else if (f->getFunctionName()) {
      os << "WEFT_PRETTY_FUNCTION(\"" << fn->getName() << "\", ";
      f->getFunctionName()->outputString(os);
      os << ")";
    }
  } else if (const auto *i = llvm::dyn_cast<clang::IntegerLiteral>(a))
    os << llvm::toString(i->getValue(), 10, i->getType()->isSignedIntegerType())
       << (i->getType()->isSignedIntegerType() ? "" : "u");
  else if (const auto *c = llvm::dyn_cast<clang::CharacterLiteral>(a))
    os << c->getValue();
  else if (const auto *r = llvm::dyn_cast<clang::DeclRefExpr>(a)) {
    const auto *v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
    if (v && (v->isFileVarDecl() || (sameName && sameName(v))))
      os << v->getName();
  } else if (const auto *c = llvm::dyn_cast<clang::CStyleCastExpr>(a);
             c && c->getType()->isScalarType()) {
    // A cast of one of the above to a scalar type (`(long)i`).
    std::string inner =
        literalText(c->getSubExpr(), sm, lang, fn, outlined, sameName);
    if (!inner.empty())
      os << "("
         << c->getTypeAsWritten().getAsString(clang::PrintingPolicy(lang))
         << ")(" << inner << ")";
  }
  return text;
}
} // namespace

std::vector<std::tuple<mlir::Operation *, int, const clang::Stmt *>>
FileRewriter::errorBranches(const Plan &p) const {
  std::vector<std::tuple<mlir::Operation *, int, const clang::Stmt *>> out;
  TaskOp task = p.task;
  task.getLoop()->walk([&](mlir::scf::IfOp op) {
    auto id = op->getAttrOfType<mlir::IntegerAttr>("weft.stmt_end");
    const clang::Stmt *s =
        id && id.getInt() >= 0 && (size_t)id.getInt() < im.stmts.size()
            ? im.stmts[id.getInt()]
            : nullptr;
    for (int side : {0, 1})
      if (isErrorBranch(op, side))
        out.emplace_back(op, side, s);
  });
  return out;
}

bool FileRewriter::sameNameInLoop(const Plan &p, const clang::VarDecl *v) {
  if (!v->getType()->isScalarType())
    return false;
  // Declared in the loop (its counter, a local of its body): the outlined
  // body declares it, and OpenMP's loop is the loop as written.
  if (sm.isBeforeInTranslationUnit(p.loop->getBeginLoc(), v->getLocation()) &&
      sm.isBeforeInTranslationUnit(v->getLocation(), p.loop->getEndLoc()))
    return true;
  // A capture that the outlined body binds to a local of its name, holding
  // what the loop as written holds there (not a reduction's partial, nor a
  // shared scalar, which the body reaches as `(*x)`).
  for (const Capture &c : p.caps)
    if (c.var == v)
      return c.kind == CaptureKind::Counter ||
             c.kind == CaptureKind::Firstprivate ||
             c.kind == CaptureKind::Private ||
             c.kind == CaptureKind::Lastprivate ||
             c.kind == CaptureKind::CondLastprivate;
  return false;
}

std::string FileRewriter::conditionText(const Plan &p, const clang::Expr *x,
                                        unsigned ib, unsigned ie) {
  const clang::LangOptions &lang = ctx.getLangOpts();
  // The AST keeps the file's parentheses (ParenExpr), and the macro's: its
  // nodes written in order, each leaf a primary expression or the tokens of
  // a macro argument, parse as they did.
  std::function<std::string(const clang::Expr *)> text =
      [&](const clang::Expr *e) -> std::string {
    // Tokens of one argument, as the file spells them (valid in the
    // outlined body as they are: the body's edits never touch a macro's
    // arguments, a loop that would need one stays sequential).
    clang::CharSourceRange r = clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(e->getSourceRange()), sm, lang);
    if (r.isValid() && sm.getFileID(r.getBegin()) == sm.getMainFileID()) {
      unsigned rb = offsetOf(r.getBegin()), re = offsetOf(r.getEnd());
      if (ib < rb && rb < re && re < ie)
        return this->text(rb, re);
    }
    if (const auto *pe = llvm::dyn_cast<clang::ParenExpr>(e)) {
      std::string in = text(pe->getSubExpr());
      return in.empty() ? "" : "(" + in + ")";
    }
    if (const auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e))
      return text(ic->getSubExpr());
    if (llvm::isa<clang::IntegerLiteral, clang::FloatingLiteral,
                  clang::CharacterLiteral>(e)) {
      // As spelled (`100000L`, `1e-3f`): its type is the spelling's.
      clang::SourceLocation at = sm.getSpellingLoc(e->getBeginLoc());
      bool bad = false;
      llvm::SmallString<32> buf;
      llvm::StringRef sp = clang::Lexer::getSpelling(at, buf, sm, lang, &bad);
      return bad ? "" : sp.str();
    }
    if (const auto *r = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      if (const auto *ec =
              llvm::dyn_cast<clang::EnumConstantDecl>(r->getDecl()))
        return "(" + llvm::toString(ec->getInitVal(), 10) + ")";
      const auto *v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
      if (v && (v->isFileVarDecl() || sameNameInLoop(p, v)) &&
          v->getType()->isScalarType())
        return v->getName().str();
      return "";
    }
    if (const auto *u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      clang::UnaryOperatorKind op = u->getOpcode();
      if (op != clang::UO_LNot && op != clang::UO_Minus &&
          op != clang::UO_Plus && op != clang::UO_Not)
        return "";
      std::string in = text(u->getSubExpr());
      if (in.empty())
        return "";
      // `- -x`, not `--x`.
      std::string o = clang::UnaryOperator::getOpcodeStr(op).str();
      return o + (in[0] == '-' || in[0] == '+' ? " " : "") + in;
    }
    if (const auto *b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
      if (b->isAssignmentOp() || b->isCompoundAssignmentOp() ||
          b->isCommaOp() || b->isPtrMemOp())
        return "";
      std::string l = text(b->getLHS()), r = text(b->getRHS());
      return l.empty() || r.empty()
                 ? ""
                 : l + " " + b->getOpcodeStr().str() + " " + r;
    }
    if (const auto *c = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
      std::string a = text(c->getCond()), t = text(c->getTrueExpr()),
                  f = text(c->getFalseExpr());
      return a.empty() || t.empty() || f.empty() ? ""
                                                 : a + " ? " + t + " : " + f;
    }
    if (const auto *c = llvm::dyn_cast<clang::CStyleCastExpr>(e);
        c && c->getType()->isScalarType()) {
      std::string in = text(c->getSubExpr());
      return in.empty() ? ""
                        : "(" +
                              c->getTypeAsWritten().getAsString(
                                  clang::PrintingPolicy(lang)) +
                              ")" + in;
    }
    return "";
  };
  return text(x);
}

bool FileRewriter::renderCalls(const Plan &p,
                               llvm::ArrayRef<const clang::Stmt *> calls,
                               std::string out[2], std::string &why) {
  for (const clang::Stmt *c : calls) {
    const auto *call = llvm::dyn_cast<clang::CallExpr>(c);
    const clang::FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
    if (!fd) {
      why = "its error branch does more than call functions";
      return false;
    }
    bool seen = llvm::any_of(fd->redecls(), [&](const clang::FunctionDecl *r) {
      return sm.isBeforeInTranslationUnit(r->getLocation(), p.insertAt);
    });
    if (!seen) {
      why = fd->getNameAsString() + " is declared after the function starts";
      return false;
    }
    for (int omp : {0, 1}) {
      out[omp] += fd->getNameAsString() + "(";
      for (unsigned i = 0; i < call->getNumArgs(); ++i) {
        std::string lit =
            literalText(call->getArg(i), sm, ctx.getLangOpts(), p.fn,
                        /*outlined=*/!omp, [&](const clang::VarDecl *v) {
                          return sameNameInLoop(p, v);
                        });
        if (lit.empty()) {
          why = "an argument of " + fd->getNameAsString() +
                " is not a literal, a global or a scalar the loop reads by "
                "its name (or a cast of one)";
          return false;
        }
        out[omp] += (i ? ", " : "") + lit;
      }
      out[omp] += "); ";
    }
  }
  return true;
}

std::optional<clang::CharSourceRange>
FileRewriter::wholeInvocation(const clang::Stmt *s) const {
  clang::SourceLocation b = s->getBeginLoc(), e = s->getEndLoc();
  if (!b.isMacroID() || !e.isMacroID())
    return std::nullopt;
  clang::CharSourceRange range = sm.getExpansionRange(b);
  clang::SourceLocation first;
  if (range.getAsRange() != sm.getExpansionRange(e).getAsRange() ||
      !clang::Lexer::isAtStartOfMacroExpansion(b, sm, ctx.getLangOpts(),
                                               &first) ||
      first != range.getBegin() ||
      !clang::Lexer::isAtEndOfMacroExpansion(e, sm, ctx.getLangOpts()))
    return std::nullopt;
  return range;
}

std::vector<FileRewriter::MacroErrorPath>
FileRewriter::macroBranchCalls(const Plan &p) {
  std::vector<MacroErrorPath> out;
  for (auto [op, side, st] : errorBranches(p)) {
    const auto *ifs = llvm::dyn_cast_or_null<clang::IfStmt>(st);
    if (!ifs || ifs->getBeginLoc().isMacroID())
      continue;
    const clang::Stmt *b = side ? ifs->getElse() : ifs->getThen();
    llvm::SmallVector<const clang::Stmt *> stmts;
    if (const auto *block = llvm::dyn_cast_or_null<clang::CompoundStmt>(b))
      stmts.append(block->body_begin(), block->body_end());
    else if (b)
      stmts.push_back(b);
    for (const clang::Stmt *c : stmts) {
      // A whole invocation that writes __func__ (`DIE(msg)` as
      // `die(__func__, msg)`), and calls functions with literals.
      std::function<bool(const clang::Stmt *)> predefined =
          [&](const clang::Stmt *x) {
            return x && (llvm::isa<clang::PredefinedExpr>(x) ||
                         llvm::any_of(x->children(), predefined));
          };
      if (!c->getBeginLoc().isMacroID() || !predefined(c))
        continue;
      std::optional<clang::CharSourceRange> whole = wholeInvocation(c);
      MacroErrorPath m;
      llvm::SmallVector<const clang::Stmt *> calls;
      std::string why;
      if (!whole ||
          !fileRange(whole->getAsRange(), m.b, m.e, /*withSemi=*/false) ||
          !effective(c, calls) || calls.empty() ||
          !renderCalls(p, calls, m.calls, why))
        continue;
      // One call as an expression (the file's `;` follows), more as a
      // block.
      for (std::string &t : m.calls)
        t = calls.size() == 1 ? t.substr(0, t.size() - 2) : "{ " + t + "}";
      out.push_back(std::move(m));
    }
  }
  return out;
}

std::optional<FileRewriter::MacroErrorPath>
FileRewriter::macroErrorPath(const Plan &p, const clang::Stmt *s, int side,
                             std::string &why) {
  auto fail = [&](std::string w) {
    why = std::move(w);
    return std::nullopt;
  };
  const std::string cannot = "weft cannot write it out again: ";
  // The invocation: the statements around s that the same macro
  // expansion writes, up to the one that is all of it.
  auto invocation = [&](const clang::Stmt *x) {
    return sm.getExpansionRange(x->getBeginLoc()).getAsRange() ==
                       sm.getExpansionRange(x->getEndLoc()).getAsRange() &&
                   x->getBeginLoc().isMacroID()
               ? sm.getExpansionRange(x->getBeginLoc())
               : clang::CharSourceRange();
  };
  clang::CharSourceRange range = invocation(s);
  if (range.isInvalid())
    return fail(cannot + "a macro writes only a part of it");
  const clang::Stmt *top = s;
  for (;;) {
    clang::DynTypedNodeList up = ctx.getParents(*top);
    const clang::Stmt *parent = up.empty() ? nullptr : up[0].get<clang::Stmt>();
    if (!parent || invocation(parent).getAsRange() != range.getAsRange())
      break;
    top = parent;
  }
  // All of it: `CHECK(x); n++` from one macro would lose the `n++`.
  if (!wholeInvocation(top))
    return fail(cannot + "its macro writes more than this statement");
  unsigned b, e;
  if (!fileRange(range.getAsRange(), b, e, /*withSemi=*/false))
    return fail(cannot + "it is not written in the file");
  // The invocation runs one `if` or `?:`, and nothing else.
  llvm::SmallVector<const clang::Stmt *> runs;
  if (!effective(top, runs) || runs.size() != 1)
    return fail(cannot + "its macro does more than test a condition");
  const clang::Stmt *cond = runs[0];
  const clang::Expr *test;
  const clang::Stmt *branch, *other;
  if (const auto *ifs = llvm::dyn_cast<clang::IfStmt>(cond);
      ifs && !ifs->getInit() && !ifs->getConditionVariable() &&
      !ifs->isConsteval()) {
    test = ifs->getCond();
    branch = side ? ifs->getElse() : ifs->getThen();
    other = side ? ifs->getThen() : ifs->getElse();
  } else if (const auto *c = llvm::dyn_cast<clang::ConditionalOperator>(cond);
             c && c->getType()->isVoidType()) {
    test = c->getCond();
    branch = side ? c->getFalseExpr() : c->getTrueExpr();
    other = side ? c->getTrueExpr() : c->getFalseExpr();
  } else {
    return fail(cannot + "its macro does more than test a condition");
  }
  // The statement weft marked is the one it tests in (or holds it).
  if (s != cond && s != top)
    return fail(cannot + "its macro does more than test a condition");
  llvm::SmallVector<const clang::Stmt *> calls;
  if (!branch || !inert(other) || !effective(branch, calls) || calls.empty())
    return fail(cannot + "its branches are not an empty one and calls");
  MacroErrorPath m;
  m.b = b;
  m.e = e;
  if (!renderCalls(p, calls, m.calls, why))
    return fail(cannot + why);
  // The condition: one of the invocation's arguments, its text in the file.
  const clang::Expr *x = test;
  bool negated = false;
  for (;;) {
    x = bare(x);
    if (const auto *u = llvm::dyn_cast<clang::UnaryOperator>(x);
        u && u->getOpcode() == clang::UO_LNot) {
      negated = !negated;
      x = u->getSubExpr();
      continue;
    }
    if (const auto *c = llvm::dyn_cast<clang::CallExpr>(x);
        c && c->getBuiltinCallee() == clang::Builtin::BI__builtin_expect) {
      x = c->getArg(0);
      continue;
    }
    break;
  }
  m.whenTrue = (side == 0) != negated;
  clang::CharSourceRange xr = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(x->getSourceRange()), sm,
      ctx.getLangOpts());
  if (xr.isValid() && sm.getFileID(xr.getBegin()) == sm.getMainFileID()) {
    m.cb = offsetOf(xr.getBegin());
    m.ce = offsetOf(xr.getEnd());
    if (m.b < m.cb && m.cb < m.ce && m.ce < m.e)
      return m;
  }
  // The macro writes the condition (`if ((v) > LIMIT)`): written out again.
  m.cond = conditionText(p, x, m.b, m.e);
  if (m.cond.empty())
    return fail(cannot + "its condition is not an expression of the macro's "
                         "arguments, literals, globals and the loop's "
                         "scalars");
  return m;
}

bool FileRewriter::errorPathEdits(Plan &p, std::string &why) {
  if (!p.exits())
    return true;
  // The question that makes a branch wait for every earlier iteration, and
  // what stops the chunk (libweft) or the thread's block (OpenMP, whose
  // body stays in its function: a jump past the block's loop).
  p.exitLabel = "weft_stop_" + std::to_string(++exitLabels);
  struct Question {
    std::string wait, stop;
    std::vector<std::tuple<unsigned, unsigned, std::string>> &edits;
  };
  const std::string why_stop = "; /* weft: an earlier iteration ends the "
                               "program */";
  Question asks[2] = {
      {"if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))",
       "return" + why_stop, p.bodyEdits},
      {"if (!weft_omp_exit_first(&weft_x, weft_k))",
       "goto " + p.exitLabel + why_stop, p.ompEdits}};
  // Each branch that ends the program, of the ifs in the loop.
  auto branches = errorBranches(p);
  llvm::DenseSet<unsigned> invocations;
  for (auto [op, side, st] : branches) {
    std::string at = "the error path at " + where(op->getLoc());
    // A macro's statement (`assert(x);`): written out again, with the
    // question before its calls.
    if (st && st->getBeginLoc().isMacroID()) {
      std::string w;
      auto m = macroErrorPath(p, st, side, w);
      if (!m || !invocations.insert(m->b).second) {
        why = at + " comes from a macro; " +
              (m ? "weft cannot write it out again: the macro writes "
                   "another error path"
                 : w);
        return false;
      }
      std::string open = std::string("do { if (") + (m->whenTrue ? "(" : "!(");
      for (int omp : {0, 1}) {
        Question &q = asks[omp];
        std::string close = ")) { " + q.wait + " " + q.stop + " " +
                            m->calls[omp] + "} } while (0)";
        if (!m->cond.empty()) {
          q.edits.emplace_back(m->b, m->e - m->b, open + m->cond + close);
          continue;
        }
        q.edits.emplace_back(m->b, m->cb - m->b, open);
        q.edits.emplace_back(m->ce, m->e - m->ce, close);
      }
      continue;
    }
    const auto *ifs = llvm::dyn_cast_or_null<clang::IfStmt>(st);
    const clang::Stmt *b = !ifs   ? nullptr
                           : side ? ifs->getElse()
                                  : ifs->getThen();
    // The branch's own text: the question goes inside the branch, or
    // nowhere. A branch that is a whole macro invocation (`if (bad)
    // DIE("x");`), or a block that starts with one, takes it before the
    // invocation; not a part of one.
    const auto *block = llvm::dyn_cast_or_null<clang::CompoundStmt>(b);
    auto atStart = [&](clang::SourceLocation l) {
      return !l.isMacroID() ||
             clang::Lexer::isAtStartOfMacroExpansion(l, sm, ctx.getLangOpts());
    };
    bool macro = !b || ifs->getIfLoc().isMacroID() ||
                 (b->getBeginLoc().isMacroID()
                      ? !wholeInvocation(b)
                      : b->getEndLoc().isMacroID() &&
                            !clang::Lexer::isAtEndOfMacroExpansion(
                                b->getEndLoc(), sm, ctx.getLangOpts())) ||
                 (block && !block->body_empty() &&
                  !atStart((*block->body_begin())->getBeginLoc()));
    unsigned sb, se;
    if (macro || !fileRange(b->getSourceRange(), sb, se, endsWithSemi(b))) {
      why = at + " is not an if statement that weft can edit (it comes " +
            "from a macro, or is in an included file)";
      return false;
    }
    // Lines inserted before text of the file are followed by a #line for
    // that text (with --line-directives), so that __LINE__ and debuggers
    // keep seeing the file's lines.
    for (Question &q : asks) {
      if (block && !block->body_empty()) {
        unsigned f =
            offsetOf(sm.getExpansionLoc((*block->body_begin())->getBeginLoc()));
        if (firstOnLine(f))
          q.edits.emplace_back(f, 0,
                               q.wait + "\n" + blanksBefore(f) + "  " + q.stop +
                                   "\n" + lineDirectiveAt(f) + blanksBefore(f));
        else
          q.edits.emplace_back(f, 0, q.wait + " " + q.stop + " ");
      } else if (firstOnLine(sb) && !options.lineDirectives) {
        std::string in = blanksBefore(sb);
        q.edits.emplace_back(sb, 0,
                             "{\n" + in + "  " + q.wait + "\n" + in + "    " +
                                 q.stop + "\n" + in + "  ");
        q.edits.emplace_back(se, 0, "\n" + in + "}");
      } else {
        q.edits.emplace_back(sb, 0, "{ " + q.wait + " " + q.stop + " ");
        q.edits.emplace_back(se, 0, " }");
      }
    }
  }
  if (branches.empty()) {
    why = "weft lost track of the loop's error paths (please report this)";
    return false;
  }
  // A statement of a branch that a macro writes with __func__ in it, written
  // out with the function's name (OpenMP's body stays in its function).
  for (const MacroErrorPath &m : macroBranchCalls(p))
    p.bodyEdits.emplace_back(m.b, m.e - m.b, m.calls[0]);
  return true;
}
