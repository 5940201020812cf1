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
// With --emit=openmp, step 2 is skipped and step 3 writes the loop in place
// under `#pragma omp parallel for` (EmitOpenMP.cpp).
//
// docs/output.md shows the shape of the output.
//
//===----------------------------------------------------------------------===//
#include "RewriteInternals.h"

#include "weft/Analysis/Nests.h"

#include "llvm/ADT/StringExtras.h"

using namespace weft;
using namespace weft::detail;

/// runtime/include/weft_checks.h, which OpenMP output carries.
static const char checksHeader[] =
#include "WeftChecksHeader.inc"
    ;
static const char runtimeHeader[] =
#include "WeftHeader.inc"
    ;

/// The identifiers in C text, outside comments and literals.
static void identifiersOf(llvm::StringRef text, llvm::StringSet<> &out) {
  auto ident = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  for (size_t i = 0, n = text.size(); i < n;) {
    char c = text[i];
    llvm::StringRef rest = text.substr(i);
    if (rest.starts_with("//")) {
      i = std::min(text.find('\n', i), n);
    } else if (rest.starts_with("/*")) {
      i = std::min(text.find("*/", i + 2), n - 2) + 2;
    } else if (c == '"' || c == '\'') {
      for (++i; i < n && text[i] != c; ++i)
        if (text[i] == '\\')
          ++i;
      ++i;
    } else if (ident(c)) {
      size_t b = i;
      while (i < n && ident(text[i]))
        ++i;
      if (!llvm::isDigit(c))
        out.insert(text.slice(b, i));
    } else {
      ++i;
    }
  }
}

std::pair<std::string, std::string> FileRewriter::setAsideMacros(unsigned off) {
  clang::SourceLocation at =
      sm.getLocForStartOfFile(sm.getMainFileID()).getLocWithOffset(off);
  // The names libweft's output reads there: weft.h's and the checks' (the
  // --core-weights line has only theirs), and the names <stddef.h> and
  // <stdint.h>, which they include, define or may use: their own types
  // and limits (`size_t`, `int64_t`, `INT64_MAX`, `INT64_C`, `NULL`,
  // `offsetof`; their other names are reserved ones). With _OPENMP the
  // checks include omp.h, whose names weft does not know, as OpenMP output
  // does: then every macro of the file is set aside.
  std::optional<llvm::StringSet<>> read;
  if (!openmp() && !pp.isMacroDefined("_OPENMP")) {
    read.emplace();
    identifiersOf(runtimeHeader, *read);
    identifiersOf(checksHeader, *read);
    for (llvm::StringRef n : {"NULL", "offsetof"})
      read->insert(n);
  }
  auto standard = [](llvm::StringRef n) {
    return n.ends_with("_t") || n.ends_with("_MAX") || n.ends_with("_MIN") ||
           n.ends_with("_C");
  };
  std::vector<llvm::StringRef> names;
  for (const auto &m : pp.macros(/*IncludeExternalMacros=*/false)) {
    const clang::IdentifierInfo *ii = m.first;
    llvm::StringRef name = ii->getName();
    if (name.starts_with("_") || name == "NDEBUG" ||
        name.starts_with_insensitive("weft_") ||
        (read && !read->contains(name) && !standard(name)))
      continue;
    const clang::MacroInfo *mi =
        pp.getMacroDefinitionAtLoc(ii, at).getMacroInfo();
    if (!mi || (mi->isObjectLike() && mi->getNumTokens() == 0))
      continue;
    clang::SourceLocation def = mi->getDefinitionLoc();
    if (def.isInvalid() || !def.isFileID() || sm.isInSystemHeader(def) ||
        sm.isWrittenInBuiltinFile(def) || sm.isWrittenInCommandLineFile(def) ||
        !sm.isBeforeInTranslationUnit(def, at))
      continue;
    names.push_back(name);
  }
  llvm::sort(names);
  std::string push, pop;
  for (llvm::StringRef n : names) {
    push += "#pragma push_macro(\"" + n.str() + "\")\n#undef " + n.str() + "\n";
    pop += "#pragma pop_macro(\"" + n.str() + "\")\n";
  }
  if (!names.empty())
    push = "/* weft: the file's macros, set aside while weft's headers are "
           "read */\n" +
           push;
  return {push, pop};
}

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
  // The `;` that ends an expression statement is not in its range; macros
  // that expand to nothing may come before it (`x = y UNUSED;`), or one
  // that expands to it may end the statement (`x = y END`).
  for (clang::SourceLocation at = after; withSemi;) {
    clang::Token tok;
    if (clang::Lexer::getRawToken(at, tok, sm, ctx.getLangOpts(),
                                  /*IgnoreWhiteSpace=*/true))
      break;
    if (tok.is(clang::tok::semi)) {
      e = offsetOf(tok.getLocation()) + 1;
      break;
    }
    if (!tok.is(clang::tok::raw_identifier))
      break;
    clang::IdentifierInfo *ii = pp.getIdentifierInfo(tok.getRawIdentifier());
    const clang::MacroInfo *mi =
        ii && ii->hadMacroDefinition()
            ? pp.getMacroDefinitionAtLoc(ii, tok.getLocation()).getMacroInfo()
            : nullptr;
    if (!mi || !mi->isObjectLike() || mi->getNumTokens() > 1 ||
        (mi->getNumTokens() == 1 &&
         !mi->getReplacementToken(0).is(clang::tok::semi)))
      break; // the statement's last token was its end (`ASSERT(x)`)
    e = offsetOf(tok.getEndLoc());
    if (mi->getNumTokens() == 1)
      break;
    at = tok.getEndLoc();
  }
  return e > b;
}

bool weft::detail::endsWithSemi(const clang::Stmt *s) {
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

bool FileRewriter::placeBefore(mlir::Operation *op, Plan &p, std::string &why) {
  auto fnOp = op->getParentOfType<mlir::func::FuncOp>();
  auto fnDecl = fnOp ? fnOp->getAttrOfType<mlir::IntegerAttr>("weft.decl")
                     : mlir::IntegerAttr();
  if (fnDecl && (size_t)fnDecl.getInt() < im.decls.size())
    p.fn =
        llvm::dyn_cast_or_null<clang::FunctionDecl>(im.decls[fnDecl.getInt()]);
  // The definition, not a prototype before it: the outlined code goes right
  // before the function's body, where everything it uses is declared.
  if (p.fn)
    p.fn = p.fn->getDefinition();
  if (!p.fn || !p.fn->hasBody()) {
    why = "weft lost track of the function around this code (please report "
          "this)";
    return false;
  }
  // Before the function, and before a comment that documents it.
  clang::SourceLocation at = sm.getExpansionLoc(p.fn->getBeginLoc());
  if (const clang::RawComment *rc = ctx.getRawCommentForDeclNoCache(p.fn))
    if (sm.isWrittenInMainFile(rc->getBeginLoc()))
      at = rc->getBeginLoc();
  if (!sm.isWrittenInMainFile(at)) {
    why = "the function around the code is not written in the file as such";
    return false;
  }
  p.insertAt = at;
  return true;
}

bool FileRewriter::plan(TaskOp task, Plan &p, std::string &why) {
  p.task = task;
  int64_t id = task.getLoopId();
  if (id < 0 || (size_t)id >= im.loops.size() || !im.counted.count(id)) {
    why = "weft lost track of this loop (please report this)";
    return false;
  }
  p.loop = im.loops[id];
  p.header = &im.counted.find(id)->second;
  if (const auto *f = llvm::dyn_cast_or_null<clang::ForStmt>(p.loop))
    p.body = f->getBody();
  else if (const auto *w = llvm::dyn_cast_or_null<clang::WhileStmt>(p.loop))
    p.body = w->getBody();
  else if (const auto *d = llvm::dyn_cast_or_null<clang::DoStmt>(p.loop))
    p.body = d->getBody();
  if (!p.body) {
    why = "weft lost track of this loop (please report this)";
    return false;
  }
  if (!placeBefore(task, p, why))
    return false;
  // Captures, by decl id.
  std::optional<Verdict> verdict = readVerdict(task.getLoop());
  for (mlir::Attribute a : task.getCaptures()) {
    auto c = llvm::cast<CaptureAttr>(a);
    Capture cap;
    cap.kind = c.getKind();
    cap.name = c.getName().str();
    cap.op = c.getOp().str();
    cap.noalias = task.getNoalias() &&
                  llvm::is_contained(*task.getNoalias(), c.getDecl());
    if (c.getDecl() < 0 || (size_t)c.getDecl() >= im.decls.size() ||
        !(cap.var = llvm::dyn_cast_or_null<clang::VarDecl>(
              im.decls[c.getDecl()]))) {
      why = "weft lost track of the variable " + cap.name +
            " (please report this)";
      return false;
    }
    if (cap.kind == CaptureKind::ArrayReduction && verdict)
      for (const Reduction &r : verdict->arrayReductions)
        if (r.var.decl == c.getDecl()) {
          cap.length = r.length;
          cap.sparse = r.sparse;
        }
    p.caps.push_back(cap);
  }
  for (const Capture &c : p.caps)
    if (c.kind == CaptureKind::Counter)
      p.counter = &c;
  // The loop's text, and the body's.
  if (!fileRange(p.loop->getSourceRange(), p.begin, p.end,
                 endsWithSemi(p.loop)) ||
      p.loop->getBeginLoc().isMacroID()) {
    why = "the loop is not written in the file as such (a macro makes it)";
    return false;
  }
  if (!fileRange(p.body->getSourceRange(), p.bodyBegin, p.bodyEnd,
                 endsWithSemi(p.body))) {
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
  p.loopBegin = p.begin;
  if (!sweepOf(p, why))
    return false;
  // The indentation of the loop's line.
  p.indent = blanksBefore(p.begin);
  p.fileIndent = p.indent.size();
  interchanges(p);
  tilesOf(p);
  return checkLoop(p, why);
}

bool FileRewriter::sweepOf(Plan &p, std::string &why) {
  auto id = p.task->getAttrOfType<mlir::IntegerAttr>("weft.sweep");
  if (!id)
    return true;
  const auto *lo = forStmtOf(id.getInt());
  if (!lo) {
    why = "weft lost track of the loop around this one (please report this)";
    return false;
  }
  // Its body is this loop, alone (empty statements aside): the chunks run
  // its header around their part of this loop and nothing else.
  const clang::Stmt *body = lo->getBody();
  if (const auto *cs = llvm::dyn_cast<clang::CompoundStmt>(body)) {
    body = nullptr;
    for (const clang::Stmt *st : cs->body())
      if (st == p.loop)
        body = st;
      else if (!llvm::isa<clang::NullStmt>(st)) {
        body = nullptr;
        break;
      }
  }
  auto header = im.counted.find(id.getInt());
  unsigned b, e;
  if (header == im.counted.end() || !header->second.start ||
      header->second.start->HasSideEffects(ctx) || body != p.loop ||
      lo->getBeginLoc().isMacroID() || lo->getRParenLoc().isMacroID() ||
      !fileRange(lo->getSourceRange(), b, e, endsWithSemi(lo)) ||
      (p.header->start && p.header->start->HasSideEffects(ctx))) {
    why = "weft cannot write the loop around it as each chunk's outer loop "
          "(its body is more than this loop, a macro makes it, or a start "
          "has side effects)";
    return false;
  }
  p.sweep = lo;
  p.sweepHeader = &header->second;
  p.sweepHead = offsetOf(lo->getRParenLoc()) + 1;
  p.begin = b;
  p.end = e;
  return true;
}

std::string weft::detail::interchangeNote(mlir::Operation *outer, bool band) {
  mlir::Operation *inner = onlyLoopInside(outer);
  auto gain = outer->getAttrOfType<mlir::StringAttr>("weft.interchange_gain");
  std::string what = gain ? gain.getValue().str() : "";
  std::string j = ivNameOf(outer);
  return "/* weft: the " + (inner ? ivNameOf(inner) : std::string("?")) +
         " loop runs outside the " + j + " loop" +
         (band ? ", over this band's " + j : std::string()) +
         " (loop interchange" +
         (what.empty() ? std::string()
                       : ": " + what +
                             (what.find(" and ") != std::string::npos
                                  ? " now go along their rows"
                                  : " now goes along its rows")) +
         ") */";
}

void FileRewriter::tilesOf(Plan &p) {
  mlir::Operation *kl = tiledNest(p.task.getLoop());
  if (!kl)
    return;
  auto attr = kl->getAttrOfType<mlir::DenseI64ArrayAttr>("weft.tile");
  auto cannot = [&](llvm::StringRef why) {
    kl->removeAttr("weft.tile");
    kl->setAttr("weft.tile_missed",
                mlir::StringAttr::get(kl->getContext(),
                                      "weft cannot write the tiles in C (" +
                                          why + ")"));
  };
  // The task's own counter steps with the band (an integer), as a turned
  // loop's.
  clang::QualType ct = p.header->counter->getType();
  if (!ct->isIntegerType() || ct->isBooleanType() || p.header->stepInBody)
    return cannot("the parallel loop's counter is not an integer");
  if (p.header->stepBy)
    return cannot("the parallel loop's counter steps by a variable");
  if (p.turned || p.sweep)
    return cannot("the parallel loop is written in another shape");
  Plan::Tiles t;
  t.stmt = kl;
  // A pair interchanged with the loop inside it: k is that loop.
  bool turned = attr.size() > 3 && attr[3];
  if (turned && !kl->hasAttr("weft.interchange"))
    return cannot("the loops are not interchanged");
  int64_t kid = turned ? attr[0] : loopIdOf(kl);
  int64_t jid = turned ? loopIdOf(kl) : attr[0];
  t.k = forStmtOf(kid);
  t.j = forStmtOf(jid);
  auto kh = im.counted.find(kid), jh = im.counted.find(jid);
  if (!t.k || !t.j || kh == im.counted.end() || jh == im.counted.end())
    return cannot("weft lost track of the loops");
  t.kh = &kh->second;
  t.jh = &jh->second;
  // Headers weft rewrites: an integer counter set by its init and stepped
  // by one, below one bound (< or <=), no macro.
  for (auto [f, h] : {std::pair{t.k, t.kh}, std::pair{t.j, t.jh}}) {
    clang::QualType c = h->counter->getType();
    if (!c->isIntegerType() || c->isBooleanType() || h->step != 1 ||
        h->stepBy || !h->start || h->stepInBody || h->runsOnce ||
        h->startOffset || h->seesStepped || h->bounds.size() != 1 ||
        !h->bounds[0].expr || h->bounds[0].offset || h->bounds[0].by ||
        (h->bounds[0].op != clang::BO_LT && h->bounds[0].op != clang::BO_LE))
      return cannot("a loop of the nest is not `for (c = start; c < end; "
                    "c++)` over an integer");
    unsigned b, e;
    if (f->getBeginLoc().isMacroID() || f->getRParenLoc().isMacroID() ||
        !fileRange(h->start->getSourceRange(), b, e, false) ||
        !fileRange(h->bounds[0].expr->getSourceRange(), b, e, false))
      return cannot("a macro makes a header of the nest");
  }
  // The turned pair: where its parts are (pairOf), S is S2, and the
  // interchange's own reshape of it gives way to the tiles.
  const clang::ForStmt *top = turned ? t.j : t.k;
  if (turned) {
    t.turned = pairOf(t.j, t.k);
    if (!t.turned)
      return cannot("a macro makes a part of the loops");
    if (!fileRange(top->getSourceRange(), t.nb, t.ne, endsWithSemi(top)) ||
        !fileRange(t.k->getBody()->getSourceRange(), t.sb, t.se,
                   endsWithSemi(t.k->getBody())))
      return cannot("a macro makes a part of the nest");
  }
  // k's body ends with the j loop, after statements T (weft-interchange
  // saw that they only set scalars); the nest is a statement of the task
  // loop's body (or that body).
  const clang::Stmt *kb = turned ? t.j : t.k->getBody();
  if (const auto *cs = llvm::dyn_cast<clang::CompoundStmt>(kb)) {
    kb = nullptr;
    for (const clang::Stmt *st : cs->body())
      if (!llvm::isa<clang::NullStmt>(st))
        kb = st;
    if (kb == t.j && cs->body_front() != t.j) {
      if (cs->getLBracLoc().isMacroID() ||
          !fileRange(t.j->getSourceRange(), t.tb, t.te, false))
        return cannot("a macro makes a part of the nest");
      t.te = t.tb;
      t.tb = offsetOf(cs->getLBracLoc()) + 1;
    }
  }
  if (kb != t.j)
    return cannot("the k loop's body is more than the j loop");
  if (!turned &&
      (!fileRange(t.k->getSourceRange(), t.nb, t.ne, endsWithSemi(t.k)) ||
       !fileRange(t.j->getBody()->getSourceRange(), t.sb, t.se,
                  endsWithSemi(t.j->getBody()))))
    return cannot("a macro makes a part of the nest");
  t.pre = t.nb;
  t.post = t.ne;
  if (const auto *cs = llvm::dyn_cast<clang::CompoundStmt>(p.body)) {
    bool seen = false;
    for (const clang::Stmt *st : cs->body())
      seen |= st == top;
    if (!seen || cs->getLBracLoc().isMacroID() || cs->getRBracLoc().isMacroID())
      return cannot("the nest is not a statement of the loop's body");
    t.pre = offsetOf(cs->getLBracLoc()) + 1;
    t.post = offsetOf(cs->getRBracLoc());
  } else if (p.body != top) {
    return cannot("the nest is not a statement of the loop's body");
  }
  if (turned)
    llvm::erase_if(p.reshapes,
                   [&](const Plan::Reshape &r) { return r.begin == t.nb; });
  t.point = attr[1];
  t.elem = attr[2];
  if (auto g = kl->getAttrOfType<mlir::StringAttr>("weft.tile_gain"))
    t.gain = g.str();
  p.tiles = t;
}

std::optional<FileRewriter::Plan::Pair>
FileRewriter::pairOf(const clang::ForStmt *f1, const clang::ForStmt *f2) {
  if (!f1 || !f2 || f1->getBeginLoc().isMacroID() ||
      f2->getBeginLoc().isMacroID() || f1->getRParenLoc().isMacroID() ||
      f2->getRParenLoc().isMacroID())
    return std::nullopt;
  Plan::Pair r;
  if (!fileRange(f1->getSourceRange(), r.b1, r.e1, endsWithSemi(f1)) ||
      !fileRange(f2->getSourceRange(), r.b2, r.e2, endsWithSemi(f2)))
    return std::nullopt;
  r.h1 = offsetOf(f1->getRParenLoc()) + 1;
  r.h2 = offsetOf(f2->getRParenLoc()) + 1;
  // The statements before and after the inner loop in the outer body.
  if (const auto *cs = llvm::dyn_cast<clang::CompoundStmt>(f1->getBody())) {
    bool seen = false;
    for (const clang::Stmt *st : cs->body())
      (st == f2 ? seen : seen ? r.post : r.pre) = true;
    if (!seen || cs->getLBracLoc().isMacroID() || cs->getRBracLoc().isMacroID())
      return std::nullopt;
    r.lbrace = offsetOf(cs->getLBracLoc()) + 1;
    r.rbrace = offsetOf(cs->getRBracLoc());
  } else if (f1->getBody() != f2) {
    return std::nullopt;
  }
  return r;
}

void FileRewriter::interchanges(Plan &p) {
  llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
  auto trimmed = [&](unsigned b, unsigned e) {
    while (e > b && llvm::isSpace(buf[e - 1]))
      --e;
    return e;
  };
  p.task.getLoop()->walk([&](mlir::Operation *outer) {
    auto inner = outer->getAttrOfType<mlir::IntegerAttr>("weft.interchange");
    auto id = outer->getAttrOfType<mlir::IntegerAttr>("weft.loop_id");
    if (!inner || !id)
      return;
    // What the text cannot take stays as written, and the remark says so.
    auto cannot = [&](llvm::StringRef why = "a macro makes a part of them") {
      outer->removeAttr("weft.interchange");
      outer->setAttr("weft.interchange_missed",
                     mlir::StringAttr::get(
                         outer->getContext(),
                         "weft cannot write the loops the other way round in "
                         "C (" +
                             why + ")"));
    };
    std::optional<Plan::Pair> pair =
        pairOf(forStmtOf(id.getInt()), forStmtOf(inner.getInt()));
    if (!pair)
      return cannot();
    // The task's own loop: its chunks write the parts (chunkLoops), over
    // bands of an integer counter that steps with them.
    if (outer == p.task.getLoop()) {
      clang::QualType ct = p.header->counter->getType();
      if (forStmtOf(id.getInt()) != p.loop || !ct->isIntegerType() ||
          ct->isBooleanType())
        return cannot("its counter is not an integer");
      p.turned = pair;
      return;
    }
    auto [b1, h1, e1, b2, h2, e2, lbrace, rbrace, pre, post] = *pair;
    std::string ind = blanksBefore(b1);
    std::string unit = "  ";
    if (std::string ind2 = blanksBefore(b2);
        firstOnLine(b2) && ind2.size() > ind.size() &&
        llvm::StringRef(ind2).starts_with(ind))
      unit = ind2.substr(ind.size());
    Plan::Reshape r{b1, e1, {}};
    auto lit = [&](std::string s) { r.pieces.push_back({std::move(s), 0, 0}); };
    auto file = [&](unsigned b, unsigned e) { r.pieces.push_back({"", b, e}); };
    lit(interchangeNote(outer, false) + "\n" + ind);
    if (pre) {
      file(b1, h1);
      lit(" {");
      file(lbrace, trimmed(lbrace, b2));
      lit("\n" + ind + "}\n" + ind);
    }
    file(b2, h2);
    lit("\n" + ind + unit);
    file(b1, h1);
    file(h2, e2);
    if (post) {
      lit("\n" + ind);
      file(b1, h1);
      lit(" {");
      file(e2, trimmed(e2, rbrace));
      lit("\n" + ind + "}");
    }
    p.reshapes.push_back(std::move(r));
  });
  llvm::sort(p.reshapes, [](const Plan::Reshape &a, const Plan::Reshape &b) {
    return a.begin < b.begin;
  });
}

std::vector<std::vector<FileRewriter::Plan *>>
FileRewriter::regions(std::vector<Plan> &plans) {
  std::vector<std::vector<Plan *>> groups;
  for (Plan &p : plans) {
    if (!groups.empty()) {
      std::vector<Plan *> &g = groups.back();
      Plan &prev = *g.back();
      if (p.task.getRegionLeader() && prev.task.getRegionLeader() &&
          *p.task.getRegionLeader() == *prev.task.getRegionLeader() &&
          p.task.getAfter() && regionLink(prev, p, g)) {
        g.push_back(&p);
        continue;
      }
    }
    groups.push_back({&p});
  }
  // What the text splits stays apart: the marks say what runs, for the
  // remarks and the report. (A later part of a region still comes after
  // the earlier part has completed, so its order marks stay right.)
  mlir::Builder b(im.module->getContext());
  for (std::vector<Plan *> &g : groups) {
    g[0]->task.removeAfterAttr();
    if (g.size() == 1) {
      g[0]->task.removeRegionLeaderAttr();
      continue;
    }
    for (size_t i = 0; i < g.size(); ++i) {
      g[i]->task.setRegionLeaderAttr(
          b.getI64IntegerAttr(g[0]->task.getLoopId()));
      g[i]->sfx = i == 0 ? "" : "_" + std::to_string(i + 1);
    }
  }
  return groups;
}

bool FileRewriter::regionLink(const Plan &a, const Plan &b,
                              const std::vector<Plan *> &before) {
  // (Nor one whose init runs before it: a region's loops as written are
  // the text between them, init and all.)
  for (const Plan *p : {&a, &b})
    if ((p->header->start && p->header->start->HasSideEffects(ctx)) ||
        p->header->initBefore)
      return false;
  // Siblings in one compound statement, b after a.
  auto parentOf = [&](const clang::Stmt *s) -> const clang::CompoundStmt * {
    auto parents = ctx.getParents(*s);
    return parents.size() == 1 ? parents[0].get<clang::CompoundStmt>()
                               : nullptr;
  };
  const clang::CompoundStmt *cs = parentOf(a.loop);
  if (!cs || parentOf(b.loop) != cs || a.end > b.begin)
    return false;
  // No preprocessor line between them: the code moves.
  std::string between = text(a.end, b.begin);
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(between).split(lines, '\n');
  for (llvm::StringRef line : lines)
    if (line.ltrim().starts_with("#"))
      return false;
  // Nothing declared between them that a loop before uses: the declaration
  // moves before those loops.
  llvm::StringSet<> used;
  std::function<void(const clang::Stmt *)> names = [&](const clang::Stmt *s) {
    if (!s)
      return;
    if (const auto *d = llvm::dyn_cast<clang::DeclRefExpr>(s))
      used.insert(d->getDecl()->getName());
    for (const clang::Stmt *c : s->children())
      names(c);
  };
  for (const Plan *p : before)
    names(p->loop);
  bool inBetween = false;
  for (const clang::Stmt *s : cs->body()) {
    if (s == a.loop) {
      inBetween = true;
      continue;
    }
    if (s == b.loop)
      break;
    if (!inBetween)
      continue;
    if (const auto *ds = llvm::dyn_cast<clang::DeclStmt>(s))
      for (const clang::Decl *d : ds->decls())
        if (const auto *nd = llvm::dyn_cast<clang::NamedDecl>(d);
            nd && used.contains(nd->getName()))
          return false;
  }
  return true;
}

void FileRewriter::veto(TaskOp task, const std::string &why) {
  vetoed[(int64_t)task.getLoopId()] = why;
  mlir::Operation *loop = task.getLoop();
  // The nest stays as written: nothing in it is interchanged or tiled
  // either.
  loop->walk([](mlir::Operation *op) {
    for (llvm::StringRef a : {"weft.interchange", "weft.interchange_gain",
                              "weft.interchange_missed", "weft.tile",
                              "weft.tile_gain", "weft.tile_missed"})
      op->removeAttr(a);
  });
  loop->moveBefore(task);
  task.erase();
  if (auto v = readVerdict(loop)) {
    v->candidate = false;
    v->reason = why;
    writeVerdict(loop, *v);
  }
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

RewriteResult FileRewriter::run() {
  RewriteResult result = write();
  result.vetoes = std::move(vetoed);
  return result;
}

RewriteResult FileRewriter::write() {
  RewriteResult result;
  // The default team of --cores and --core-weights, handed to the runtime
  // by the ABI check of every parallel loop (weft_ready_team in weft.h).
  std::string teamDecl;
  if (auto team = im.module.get()->getAttrOfType<mlir::DictionaryAttr>(
          "weft.default_team")) {
    int64_t cores = 0, n = 0;
    if (auto c = team.getAs<mlir::IntegerAttr>("cores"))
      cores = c.getInt();
    std::string weights = "(const int *)0";
    if (auto w = team.getAs<mlir::DenseI64ArrayAttr>("weights")) {
      teamDecl = "static const int weft_default_weights[] = {";
      for (int64_t i = 0; i < w.size(); ++i)
        teamDecl += (i ? ", " : "") + std::to_string(w[i]);
      teamDecl += "}; /* weft: --core-weights */\n";
      weights = "weft_default_weights";
      n = w.size();
    }
    readyCall = "weft_ready_team(" + std::to_string(cores) + ", " + weights +
                ", " + std::to_string(n) + ")";
  }
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
  struct Replacement {
    unsigned begin, end;
    std::string text;
    unsigned loops;
  };
  std::vector<Replacement> replacements;
  auto single = [&](Plan &p) {
    std::string why;
    std::string d = openmp() ? openmpBlock(p, why) : dispatch(p);
    if (d.empty()) {
      veto(p.task, !why.empty() ? why
                                : "weft cannot write the trip count or a "
                                  "run-time check of this loop in C");
      return;
    }
    // OpenMP loops stay in place; the file's prelude still goes before the
    // first function with one.
    before[offsetOf(p.insertAt)] += openmp() ? "" : outlined(p);
    replacements.push_back({p.begin, p.end, d, 1});
  };
  for (std::vector<Plan *> &g : regions(plans)) {
    if (g.size() == 1) {
      single(*g[0]);
      continue;
    }
    // The code between the loops runs before the region
    // (weft-fuse-regions made sure it can).
    std::string glue, why;
    for (size_t i = 0; i + 1 < g.size(); ++i) {
      std::string between = text(g[i]->end, g[i + 1]->begin);
      llvm::StringRef code = llvm::StringRef(between).trim();
      if (!code.empty())
        glue += lineDirective(sm.getLocForStartOfFile(sm.getMainFileID())
                                  .getLocWithOffset(g[i]->end)) +
                (options.lineDirectives ? g[0]->indent : "") + code.str() +
                "\n" + g[0]->indent;
    }
    std::string d =
        openmp() ? openmpRegion(g, glue, why) : regionDispatch(g, glue);
    if (d.empty()) {
      // Then each on its own, as the loops they are.
      for (Plan *p : g) {
        p->task.removeRegionLeaderAttr();
        p->task.removeAfterAttr();
        p->sfx.clear();
        single(*p);
      }
      continue;
    }
    // (The entry also places the file's prelude for OpenMP output.)
    std::string &code = before[offsetOf(g[0]->insertAt)];
    if (!openmp()) {
      for (Plan *p : g)
        code += outlined(*p);
      code += regionFunction(g);
    }
    replacements.push_back({g[0]->begin, g.back()->end, d, (unsigned)g.size()});
  }
  // Task graphs (weft.graph), outermost first. One in a statement of
  // another, or in the text a loop's block replaces, stays as written.
  std::vector<mlir::Operation *> graphOps;
  im.module->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (op->hasAttr("weft.graph"))
      graphOps.push_back(op);
  });
  for (mlir::Operation *op : graphOps) {
    GraphPlan g;
    std::string why;
    auto vetoGraph = [&](const std::string &w) {
      op->setAttr("weft.graph_vetoed",
                  mlir::StringAttr::get(op->getContext(), w));
    };
    if (!planGraph(op, g, why)) {
      vetoGraph(why);
      continue;
    }
    if (openmp() && g.writesScalars) {
      // A compiler may read a section's scalar in every thread of the
      // level, before the switch to the thread's section (a load it hoists
      // for the section that uses it): a race with the section that
      // writes it. libweft's tasks are functions of their own.
      vetoGraph("a statement writes a scalar variable, which OpenMP output "
                "would share between its sections");
      continue;
    }
    if (openmp() && llvm::is_contained(g.loops, true)) {
      vetoGraph("a statement runs a loop in parallel, which an OpenMP "
                "section cannot share with the other sections' threads");
      continue;
    }
    // The parallel loops in a loop task: their replacing blocks become the
    // task's text. Any other replacement it overlaps keeps it as written.
    std::vector<size_t> inside;
    bool clash = false;
    for (size_t k = 0; k < replacements.size(); ++k) {
      const Replacement &r = replacements[k];
      if (!(r.begin < g.end && g.begin < r.end))
        continue;
      auto in = llvm::find_if(g.tasks, [&](const Plan &p) {
        return p.begin <= r.begin && r.end <= p.end;
      });
      if (in == g.tasks.end() || !g.loops[in - g.tasks.begin()] ||
          r.loops == 0) {
        clash = true;
        break;
      }
      inside.push_back(k);
    }
    if (clash) {
      vetoGraph("its statements are inside code weft rewrites already (a "
                "parallel loop's block, or another task graph)");
      continue;
    }
    for (size_t k : inside) {
      const Replacement &r = replacements[k];
      for (size_t i = 0; i < g.tasks.size(); ++i)
        if (g.tasks[i].begin <= r.begin && r.end <= g.tasks[i].end)
          g.edits[i].emplace_back(r.begin, r.end - r.begin, r.text);
      g.loopsInside += r.loops;
    }
    for (auto &e : g.edits)
      llvm::sort(e);
    for (size_t k = inside.size(); k-- > 0;)
      replacements.erase(replacements.begin() + inside[k]);
    if (!openmp())
      before[offsetOf(g.tasks.front().insertAt)] += graphFunctions(g);
    replacements.push_back({g.begin, g.end,
                            openmp() ? openmpGraph(g) : graphDispatch(g),
                            g.loopsInside});
    graphRanges.push_back({g.begin, g.end});
    op->setAttr("weft.graph_written", mlir::UnitAttr::get(op->getContext()));
    ++result.taskGraphs;
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
    // What goes before a function starts with a directive: on a line of its
    // own, also after a `}` that ends the line's code (`}static void f`).
    if (!firstOnLine(off))
      text += "\n";
    if (first) {
      auto [push, pop] = setAsideMacros(off);
      text += push;
      if (openmp()) {
        text += "/* weft: the run-time checks of the OpenMP loops below: "
                "libweft's header-only\n   weft_checks.h, copied, so that "
                "this file needs only an OpenMP compiler. */\n";
        text += checksHeader;
        if (needsOmpHeader)
          text += "#include <omp.h> /* weft: omp_alloc, for the threads' "
                  "copies of arrays */\n";
      } else {
        text += "#include " + quoted(options.runtimeHeader) +
                " /* weft: the parallel runtime */\n";
        text += teamDecl;
      }
      text += pop;
      text += "\n";
      first = false;
    }
    text += code;
    text += lineDirective(fileStart.getLocWithOffset(off));
    rw.InsertText(fileStart.getLocWithOffset(off), text, /*InsertAfter=*/true);
  }
  for (const Replacement &r : replacements) {
    rw.ReplaceText(clang::CharSourceRange::getCharRange(
                       fileStart.getLocWithOffset(r.begin),
                       fileStart.getLocWithOffset(r.end)),
                   r.text);
    result.parallelLoops += r.loops;
  }
  if (!openmp() && !before.empty()) {
    preludeAt = before.begin()->first;
    hintSerialStretches();
  }
  const clang::RewriteBuffer *rb = rw.getRewriteBufferFor(sm.getMainFileID());
  result.text = rb ? std::string(rb->begin(), rb->end())
                   : sm.getBufferData(sm.getMainFileID()).str();
  return result;
}

/// Before each long sequential loop the frequency-hints pass marked, on its
/// own line's text: `if (weft_ready()) { weft_hint(WEFT_INTENT_SERIAL, ...); }`
/// (braced: compilers warn of an unbraced if on the line of a loop).
/// Only where that is one more statement of the enclosing block (not the
/// body of an if or a label) and the loop is written in the file as such.
/// The loop's remark and the report are unchanged; --report says
/// serial_hint.
void FileRewriter::hintSerialStretches() {
  im.module->walk([&](mlir::Operation *op) {
    auto ns = op->getAttrOfType<mlir::FloatAttr>("weft.serial_hint_ns");
    auto id = op->getAttrOfType<mlir::IntegerAttr>("weft.loop_id");
    if (!ns || !id || id.getInt() < 0 ||
        (size_t)id.getInt() >= im.loops.size())
      return;
    const clang::Stmt *loop = im.loops[id.getInt()];
    if (!loop || loop->getBeginLoc().isMacroID() ||
        !sm.isWrittenInMainFile(loop->getBeginLoc())) {
      op->removeAttr("weft.serial_hint_ns");
      return;
    }
    // One more statement of a block, alone at the start of its line, and
    // not under a pragma (which must stay right before its loop).
    auto parents = ctx.getParents(*loop);
    llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
    unsigned at = offsetOf(loop->getBeginLoc());
    size_t lineStart = lineStartOf(at);
    llvm::StringRef before = buf.slice(lineStart, at);
    // The code line before it, past blank and comment lines.
    llvm::StringRef prevLine;
    size_t end = lineStart;
    for (int n = 0; end > 0 && n < 50; ++n) {
      size_t nl = end - 1; // the newline that ends the line before
      size_t start = nl ? buf.rfind('\n', nl - 1) : llvm::StringRef::npos;
      start = start == llvm::StringRef::npos ? 0 : start + 1;
      llvm::StringRef line = buf.slice(start, nl).trim();
      end = start;
      if (line.empty() || line.starts_with("//") || line.starts_with("*") ||
          (line.starts_with("/*") && line.ends_with("*/")))
        continue;
      prevLine = line;
      break;
    }
    // weft.h is included before the first function with a parallel loop;
    // a task graph's statements are text the block replaces.
    bool inGraph = llvm::any_of(
        graphRanges, [&](auto r) { return r.first <= at && at < r.second; });
    if (at < preludeAt || inGraph || parents.size() != 1 ||
        !parents[0].get<clang::CompoundStmt>() || !before.trim().empty() ||
        prevLine.starts_with("#") || prevLine.starts_with("_Pragma") ||
        prevLine.ends_with("\\")) {
      op->removeAttr("weft.serial_hint_ns");
      return;
    }
    char expected[32];
    snprintf(expected, sizeof expected, "%.0f", ns.getValueAsDouble());
    rw.InsertText(loop->getBeginLoc(),
                  "if (" + readyCall + ") { weft_hint(WEFT_INTENT_SERIAL, " +
                      std::string(expected) +
                      ".0, (const double *)0, 0); } /* weft: a serial "
                      "stretch */ ",
                  /*InsertAfter=*/false);
  });
}

/// The reads weft-expand-calls copied from callees into their callers
/// (the module's weft.derived_reads): each is the read it copies, with its
/// text at the call, and means the same only where the last local variable
/// that text names is declared.
static void addDerivedReads(ImportedModule &im, clang::ASTContext &ctx) {
  auto list =
      im.module.get()->getAttrOfType<mlir::ArrayAttr>("weft.derived_reads");
  if (!list)
    return;
  const clang::SourceManager &sm = ctx.getSourceManager();
  for (mlir::Attribute a : list) {
    auto d = llvm::cast<mlir::DictionaryAttr>(a);
    int64_t id = d.getAs<mlir::IntegerAttr>("id").getInt();
    auto from = im.reads.find(d.getAs<mlir::IntegerAttr>("of").getInt());
    // An id of the file's own declarations would name one of them.
    if (id < (int64_t)im.decls.size() || from == im.reads.end())
      continue;
    ImportedModule::MemoryRead r{
        d.getAs<mlir::StringAttr>("text").str(), from->second.type, {}};
    bool known = true;
    for (int64_t decl :
         d.getAs<mlir::DenseI64ArrayAttr>("decls").asArrayRef()) {
      const auto *v =
          decl >= 0 && (size_t)decl < im.decls.size()
              ? llvm::dyn_cast_or_null<clang::VarDecl>(im.decls[decl])
              : nullptr;
      known = known && v;
      if (!v || !v->isLocalVarDecl())
        continue;
      clang::SourceLocation at = sm.getExpansionLoc(v->getLocation());
      if (r.lastLocal.isInvalid() ||
          sm.isBeforeInTranslationUnit(r.lastLocal, at))
        r.lastLocal = at;
    }
    if (known)
      im.reads[id] = std::move(r);
  }
}

RewriteResult weft::rewriteMainFile(ImportedModule &imported,
                                    clang::ASTContext &ctx,
                                    clang::Preprocessor &pp,
                                    const RewriteOptions &options) {
  addDerivedReads(imported, ctx);
  FileRewriter fr(imported, ctx, pp, options);
  return fr.run();
}

