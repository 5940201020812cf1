//===- EmitC.cpp - The C text of an outlined task -----------------------------===//
//
// The context struct and body function inserted before the loop's function,
// and the block that replaces the loop: trip count, checks, the call into
// libweft, the combine of reductions in chunk order, the copy-out of last
// values, and the loop as written as the fallback (docs/output.md).
//
//===----------------------------------------------------------------------===//
#include "RewriteInternals.h"

#include "llvm/ADT/StringExtras.h"

using namespace weft;
using namespace weft::detail;

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

std::string weft::detail::reindent(llvm::StringRef text, size_t drop,
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

std::string FileRewriter::editedText(
    unsigned b, unsigned e,
    const std::vector<std::tuple<unsigned, unsigned, std::string>> &edits) {
  std::string out;
  unsigned at = b;
  for (auto &[off, len, repl] : edits) {
    if (off < at || off + len > e)
      continue;
    out += text(at, off);
    out += repl;
    at = off + len;
  }
  return out + text(at, e);
}

std::string FileRewriter::reshapedText(
    const Plan &p, unsigned b, unsigned e,
    const std::vector<std::tuple<unsigned, unsigned, std::string>> &edits) {
  std::string out;
  unsigned at = b;
  for (const Plan::Reshape &r : p.reshapes) {
    if (r.begin < at || r.end > e)
      continue;
    out += editedText(at, r.begin, edits);
    for (const Plan::Piece &pc : r.pieces)
      out += pc.lit.empty() ? editedText(pc.b, pc.e, edits) : pc.lit;
    at = r.end;
  }
  return out + editedText(at, e, edits);
}

std::string FileRewriter::bodyText(const Plan &p, bool withEdits,
                                   llvm::StringRef indent) {
  std::string out =
      reshapedText(p, p.bodyBegin, p.bodyEnd, editsOf(p, withEdits));
  // The body's column: its first line's leading blanks are already gone.
  // A body on a line of its own (`for (...)` then the statement below)
  // keeps its lines where they are relative to its first line; a body that
  // starts on the loop's line (`for (...) {`) keeps them relative to the
  // loop's.
  unsigned loopLine = lineStartOf(p.loopBegin),
           bodyLine = lineStartOf(p.bodyBegin);
  bool ownLine = bodyLine != loopLine && firstOnLine(p.bodyBegin);
  return reindent(
      out, ownLine ? p.bodyBegin - bodyLine : p.loopBegin - loopLine, indent);
}

/// Is the canonical type an unsigned integer (or _Bool)?
static bool isUnsigned(QualType t) {
  t = t.getCanonicalType();
  return t->isUnsignedIntegerOrEnumerationType();
}

std::string FileRewriter::counterValue(const Plan &p, llvm::StringRef k,
                                       llvm::StringRef start) {
  // `while (i-- > 0)`: the body sees the counter one step further.
  std::string shifted;
  if (p.header->seesStepped) {
    shifted = "(" + k.str() + " + 1)";
    k = shifted;
  }
  return steppedValue(p.header->counter->getType(), stepExprText(p), k, start);
}

std::string FileRewriter::stepExprText(const Plan &p) {
  if (!p.header->stepBy)
    return std::to_string(p.header->step);
  unsigned b = 0, e = 0;
  if (!fileRange(p.header->stepBy->getSourceRange(), b, e, false))
    return "";
  return "(" + text(b, e) + ")";
}

std::string FileRewriter::steppedValue(QualType t, llvm::StringRef step,
                                       llvm::StringRef k,
                                       llvm::StringRef start) {
  t = t.getUnqualifiedType();
  std::string ts = typeText(t, policy);
  // `start + k * step`, or `start - k * m` for a step of `-m`.
  int64_t constant;
  bool isConstant = !step.getAsInteger(10, constant);
  std::string sum;
  if (isConstant && constant == 1)
    sum = start.str() + " + " + k.str();
  else if (!isConstant && step.starts_with("-"))
    sum = start.str() + " - " + k.str() + " * " + step.drop_front().str();
  else
    sum = start.str() + " + " + k.str() + " * " + step.str();
  // A pointer steps by whole elements, as C's arithmetic counts
  // (weft-count-loops' step is in elements of what it points to).
  if (t->isPointerType())
    return sum;
  if (isUnsigned(t) || ctx.getTypeSize(t) >= 64)
    return "(" + ts + ")((uint64_t)" + start.str() + " + (uint64_t)" + k.str() +
           " * (uint64_t)(" + step.str() + "))";
  return "(" + ts + ")(" + sum + ")";
}

std::vector<const Capture *> FileRewriter::inductions(const Plan &p) {
  std::vector<const Capture *> out;
  for (const Capture &c : p.caps)
    if (c.kind == CaptureKind::Induction)
      out.push_back(&c);
  return out;
}

std::string FileRewriter::inductionLines(const Plan &p, const std::string &in,
                                         llvm::StringRef start) {
  // Where the counter's start is the context's, so are the inductions'.
  llvm::StringRef from = start.starts_with("weft_c->") ? "weft_c->" : "";
  std::string o;
  for (const Capture *c : inductions(p)) {
    std::string s =
        from.empty() ? inductionStart(p, *c) : from.str() + inductionField(*c);
    o += in +
         typeText(c->var->getType().getUnqualifiedType(), policy, c->name) +
         " = " + steppedValue(c->var->getType(), c->op, "weft_k", s) + ";\n";
  }
  return o;
}

std::string FileRewriter::tripLines(const Plan &p, const std::string &in,
                                    std::string &guards) {
  std::string start = startText(p), trip = tripText(p);
  guards = guardText(p);
  if (start.empty() || trip.empty() ||
      (guards.empty() && !p.task.getGuards().empty()))
    return "";
  QualType ct = p.header->counter->getType().getUnqualifiedType();
  std::string o;
  // `for (i = 0, j = 0; ...)`: the init runs first, once (the loop as
  // written then leaves it out); the counter starts from what it leaves.
  if (p.header->initBefore) {
    unsigned b, e;
    if (!initRange(p, b, e))
      return "";
    o += in + text(b, e) + "; /* the loop's init */\n";
  }
  o += in + typeText(ct, policy, p.nm("weft_start")) + " = " + start + ";\n" +
       in + "int64_t " + p.nm("weft_trip") + " = " + trip + ";\n";
  for (const Capture *c : inductions(p))
    o += in +
         typeText(c->var->getType().getUnqualifiedType(), policy,
                  inductionStart(p, *c)) +
         " = " + c->name + "; /* the loop steps " + c->name + " by " + c->op +
         " */\n";
  std::string minBand;
  if (p.sweep && !openmp()) {
    // The iterations of the loop around, which each chunk runs: the work
    // of the region is theirs times the loop's.
    Plan rows = p;
    rows.header = p.sweepHeader;
    rows.sfx = "_rows" + p.sfx;
    std::string rs = startText(rows), rt = tripText(rows);
    if (rs.empty() || rt.empty())
      return "";
    QualType rct = rows.header->counter->getType().getUnqualifiedType();
    o += in + typeText(rct, policy, rows.nm("weft_start")) + " = " + rs +
         ";\n" + in + "int64_t " + p.nm("weft_rows") + " = " + rt + ";\n";
    // Bands of single elements want a few hundred of them per row.
    bool innermost = true;
    p.task.getLoop()->walk([&](mlir::Operation *op) {
      if (op != p.task.getLoop() && op->hasAttr("weft.loop_id"))
        innermost = false;
    });
    minBand = innermost ? "WEFT_SWEEP_MIN_ELEMENTS" : "1";
  }
  // The least iterations of a band (weft_checks.h), when the chunks are
  // bands (OpenMP shares out a sweep's iterations itself).
  if (p.turned || p.tiles)
    minBand = "WEFT_TURNED_MIN_BAND";
  // The elements of copies of a run-time size (an allocation's), which
  // the condition tests (copyLengthTest); an overflow sets weft_bad.
  auto lengths = copyLengths(p);
  if (!lengths.empty())
    o += in + "int " + p.nm("weft_bad") + " = 0;\n";
  for (const auto &[name, text] : lengths)
    o += in + "int64_t " + name + " = " + text + ";\n";
  if (p.bandCopies && !p.turned) {
    // Bands that each pay for filling and adding up their copies: the
    // least iterations follow from the work of one (all the rows of a
    // sweep's) and the copies' bytes.
    Layout sizes;
    for (const Capture &c : p.caps)
      if (c.kind == CaptureKind::ArrayReduction)
        addCopy(c, sizes);
    std::string perIter = workPerIterText(p);
    if (p.sweep)
      perIter += " * (double)" + p.nm("weft_rows");
    o += in + "int64_t " + p.nm("weft_bands") + " = weft_copy_bands(" +
         p.nm("weft_trip") + ", " + perIter + ", " + sizes.bytes() + ");\n";
  } else if (!minBand.empty())
    o += in + "int64_t " + p.nm("weft_bands") + " = weft_sweep_bands(" +
         p.nm("weft_trip") + ", " + minBand + ");\n";
  if (!p.task.getGuards().empty() && lengths.empty())
    o += in + "int " + p.nm("weft_bad") + " = 0;\n";
  return o;
}

std::string FileRewriter::counterLines(const Plan &p, const std::string &in,
                                       llvm::StringRef start) {
  const clang::VarDecl *counter = p.header->counter;
  QualType ct = counter->getType().getUnqualifiedType();
  std::string o = in + typeText(ct, policy, counter->getNameAsString()) +
                  " = " + counterValue(p, "weft_k", start) + ";\n";
  if (!p.inBody.contains(counter))
    o += in + "(void)" + counter->getNameAsString() + ";\n";
  return o + inductionLines(p, in, start);
}

std::string FileRewriter::counterAfter(const Plan &p, const std::string &in) {
  std::string o;
  if (!p.header->declaredInInit)
    o = in + p.header->counter->getNameAsString() + " = " +
        counterValue(p, p.nm("weft_trip"), p.nm("weft_start")) +
        "; /* its value after the loop */\n";
  for (const Capture *c : inductions(p))
    o += in + c->name + " = " +
         steppedValue(c->var->getType(), c->op, p.nm("weft_trip"),
                      inductionStart(p, *c)) +
         "; /* its value after the loop */\n";
  return o;
}

bool FileRewriter::initRange(const Plan &p, unsigned &b, unsigned &e) {
  if (!fileRange(p.header->initBefore->getSourceRange(), b, e, false))
    return false;
  // (A declaration's range may end with the for's first `;`.)
  std::string whole = text(b, e);
  llvm::StringRef t = llvm::StringRef(whole).rtrim();
  if (t.ends_with(";"))
    e = b + t.size() - 1;
  return b < e;
}

std::string FileRewriter::startText(const Plan &p) {
  if (!p.header->start && p.header->startOffset)
    return p.header->counter->getNameAsString() +
           (p.header->startOffset > 0 ? " + " : " - ") +
           std::to_string(std::abs(p.header->startOffset));
  if (!p.header->start)
    return p.header->counter->getNameAsString();
  unsigned b, e;
  if (!fileRange(p.header->start->getSourceRange(), b, e, false))
    return "";
  // `for (i = 0; ++i < n;)`: one step on from what the init stores.
  if (int64_t off = p.header->startOffset)
    return "(" + text(b, e) + ")" + (off > 0 ? " + " : " - ") +
           std::to_string(std::abs(off));
  return text(b, e);
}

std::string FileRewriter::tripText(const Plan &p) {
  std::string trip;
  int64_t step = p.header->step;
  bool up = step > 0;
  int64_t mag = up ? step : -step;
  // A step by a variable (`i += m`, up, signed: weft-count-loops): the
  // trip is unknown (-1: the loop runs as written) unless m > 0.
  std::string stepBy = p.header->stepBy ? stepExprText(p) : "";
  if (p.header->stepBy && stepBy.empty())
    return "";
  for (const CountedFor::Bound &bd : p.header->bounds) {
    unsigned b = 0, e = 0;
    if (bd.expr && !fileRange(bd.expr->getSourceRange(), b, e, false))
      return "";
    // `while (n)`, `while (n--)`: the bound is 0.
    std::string bound = bd.expr ? text(b, e) : "0";
    QualType ct = QualType(bd.compareType, 0).getCanonicalType();
    bool uns = isUnsigned(ct);
    std::string cts = typeText(ct, policy);
    // `i + 1 < n`: what C compares goes from the start plus the offset, in
    // the comparison's type (weft-count-loops: it does not wrap).
    std::string off = bd.offset ? (bd.offset > 0 ? " + " : " - ") +
                                      std::to_string(std::abs(bd.offset))
                                : "";
    // `i + w <= n`: plus the expression, in signed arithmetic only
    // (weft-count-loops), where it cannot wrap.
    if (bd.by) {
      unsigned ob = 0, oe = 0;
      if (uns || !fileRange(bd.by->getSourceRange(), ob, oe, false))
        return "";
      off +=
          (bd.byMinus ? " - (int64_t)(" : " + (int64_t)(") + text(ob, oe) + ")";
    }
    // What C compares, from where the loop starts to the bound: the
    // counter (for `!=`, signed), or for a pointer counter the elements
    // from its start to the bound, from 0 (weft-count-loops: both point
    // into one object, and C counts their difference in the pointed-to
    // type).
    std::string s, x, neS, neX;
    if (p.header->counter->getType()->isPointerType()) {
      if (bd.offset || bd.by)
        return "";
      uns = false;
      s = neS = "0";
      x = neX = "(int64_t)((" + bound + ") - " + p.nm("weft_start") + ")";
    } else {
      s = uns ? "(uint64_t)(" + cts + ")" +
                    (off.empty() ? p.nm("weft_start")
                                 : "(" + p.nm("weft_start") + off + ")")
              : "(int64_t)" + p.nm("weft_start") + off;
      x = uns ? "(uint64_t)(" + cts + ")(" + bound + ")"
              : "(int64_t)(" + bound + ")";
      neS = "(int64_t)" + p.nm("weft_start") + off;
      neX = "(int64_t)(" + bound + ")";
    }
    std::string one;
    switch (bd.op) {
    case clang::BO_LT:
    case clang::BO_LE:
      if (!stepBy.empty()) {
        one = std::string(uns ? "weft_trip_upuv(" : "weft_trip_upv(") + s +
              ", " + x + ", (int64_t)" + stepBy + ", " +
              (bd.op == clang::BO_LE ? "1" : "0") + ")";
        break;
      }
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
      one = "weft_trip_ne(" + neS + ", " + neX + ", " + (up ? "0" : "1") + ")";
      break;
    }
    trip = trip.empty() ? one : "weft_trip_min(" + trip + ", " + one + ")";
  }
  if (p.header->runsOnce)
    trip = "weft_trip_once(" + trip + ")";
  return trip;
}

/// Does a read's text mean the same where p's loop starts: every local
/// variable it names is declared before the loop (then its scope holds the
/// whole loop, since the text is inside it).
bool FileRewriter::namesAtLoop(const ImportedModule::MemoryRead &r,
                               const Plan &p) {
  return r.lastLocal.isInvalid() ||
         sm.isBeforeInTranslationUnit(
             r.lastLocal, sm.getExpansionLoc(p.loop->getBeginLoc()));
}

/// The source range of a local variable's scope: the statement that holds
/// its declaration (a block, a for), or the function's body for a
/// parameter; invalid when weft cannot tell.
static clang::SourceRange scopeOf(const clang::VarDecl *v,
                                  const clang::FunctionDecl *fn,
                                  clang::ASTContext &ctx) {
  if (llvm::isa<clang::ParmVarDecl>(v))
    return fn->getBody() ? fn->getBody()->getSourceRange()
                         : clang::SourceRange();
  auto ps = ctx.getParents(*v);
  const auto *ds = ps.size() == 1 ? ps[0].get<clang::DeclStmt>() : nullptr;
  if (!ds)
    return {};
  auto qs = ctx.getParents(*ds);
  const auto *s = qs.size() == 1 ? qs[0].get<clang::Stmt>() : nullptr;
  return s ? s->getSourceRange() : clang::SourceRange();
}

bool FileRewriter::namesVarAtLoop(const clang::VarDecl *v, const Plan &p) {
  if (!p.fn || !p.loop || v->isFileVarDecl())
    return true;
  auto at = [&](clang::SourceLocation l) { return sm.getExpansionLoc(l); };
  clang::SourceLocation loop = at(p.loop->getBeginLoc());
  clang::SourceRange vs = scopeOf(v, p.fn, ctx);
  // v's scope must hold the loop, and v be declared before it.
  if (vs.isInvalid() ||
      !sm.isBeforeInTranslationUnit(at(v->getLocation()), loop) ||
      sm.isBeforeInTranslationUnit(loop, at(vs.getBegin())) ||
      sm.isBeforeInTranslationUnit(at(vs.getEnd()), loop))
    return false;
  for (const clang::Decl *d : p.fn->decls()) {
    const auto *w = llvm::dyn_cast<clang::VarDecl>(d);
    if (!w || w == v || w->getDeclName() != v->getDeclName() ||
        !sm.isBeforeInTranslationUnit(at(w->getLocation()), loop))
      continue;
    // w hides v where the loop is when w's scope holds the loop and lies
    // inside v's (scopes nest or are apart).
    clang::SourceRange ws = scopeOf(w, p.fn, ctx);
    if (ws.isInvalid())
      return false;
    bool holds = !sm.isBeforeInTranslationUnit(loop, at(ws.getBegin())) &&
                 !sm.isBeforeInTranslationUnit(at(ws.getEnd()), loop);
    if (holds && !sm.isBeforeInTranslationUnit(at(ws.getBegin()),
                                               at(vs.getBegin())))
      return false;
  }
  return true;
}

std::string FileRewriter::polyText(const CPoly &poly, const Plan &p) {
  std::string sum, bad = "&" + p.nm("weft_bad");
  for (const Term &t : poly) {
    std::string term;
    auto factor = [&](std::string f) {
      term =
          term.empty() ? f : "weft_mul(" + term + ", " + f + ", " + bad + ")";
    };
    if (t.coef != 1 || t.vars.empty())
      factor(std::to_string(t.coef));
    for (int64_t d : t.vars) {
      const auto *v = (size_t)d < im.decls.size()
                           ? llvm::dyn_cast_or_null<clang::VarDecl>(im.decls[d])
                           : nullptr;
      QualType vt;
      std::string name;
      if (d == kLoopTripDecl) {
        // The loop's trip count, which its own checks run after.
        if (tripOf != &p)
          return "";
        vt = ctx.LongLongTy;
        name = p.nm("weft_trip");
      } else if (v && namesVarAtLoop(v, p)) {
        vt = v->getType().getCanonicalType();
        name = v->getNameAsString();
      } else if (v) {
        return "";
      } else if (auto it = im.reads.find(d);
                 it != im.reads.end() && namesAtLoop(it->second, p)) {
        // A read of memory (`v->n`), as C reads it where the loop starts.
        vt = it->second.type.getCanonicalType();
        name = "(" + it->second.text + ")";
      } else {
        return "";
      }
      if (isUnsigned(vt) && ctx.getTypeSize(vt) >= 64)
        factor("weft_u64(" + name + ", " + bad + ")");
      else
        factor("(int64_t)" + name);
    }
    sum =
        sum.empty() ? term : "weft_add(" + sum + ", " + term + ", " + bad + ")";
  }
  return sum.empty() ? "0" : sum;
}

std::string FileRewriter::guardText(mlir::ArrayAttr guards, const Plan &p) {
  std::string out;
  for (mlir::Attribute g : guards) {
    auto d = llvm::cast<mlir::DictionaryAttr>(g);
    std::string args, conds;
    // One polynomial of a side as C, or "" when it cannot be written.
    auto cText = [&](mlir::Attribute a) {
      return polyText(readCPoly(llvm::cast<mlir::ArrayAttr>(a)), p);
    };
    // `&& q >= 0` for each polynomial of `list` onto `acc`; false when one
    // cannot be written.
    auto nonnegText = [&](mlir::ArrayAttr list, std::string &acc) {
      for (mlir::Attribute a : list) {
        std::string one = cText(a);
        if (one.empty())
          return false;
        acc += " &&\n        " + one + " >= 0";
      }
      return true;
    };
    // Conditions the dependence test assumed (a flattened subscript's
    // column within its row): each >= 0, an overflow in one sets weft_bad.
    if (auto cond = d.getAs<mlir::ArrayAttr>("cond")) {
      if (!nonnegText(cond, out))
        return "";
      out += " &&\n        !" + p.nm("weft_bad");
      continue;
    }
    // A side's arguments of weft_apart (or, with `pairwise`, those of
    // weft_rows_apart for a table's rows), "" when it cannot be written.
    auto sideArgs = [&](mlir::DictionaryAttr s, bool pairwise) -> std::string {
      // What the side's ranges assume (a remainder's dividend and divisor
      // - 1 not negative), tested first: an overflow in them sets
      // weft_bad, which weft_apart then sees.
      if (auto nn = s.getAs<mlir::ArrayAttr>("nonneg"))
        if (!nonnegText(nn, conds))
          return "";
      auto base = s.getAs<mlir::DictionaryAttr>("base");
      int64_t decl = base.getAs<mlir::IntegerAttr>("decl").getInt();
      const auto *v = (size_t)decl < im.decls.size()
                          ? llvm::dyn_cast_or_null<clang::VarDecl>(im.decls[decl])
                          : nullptr;
      std::string name;
      QualType t;
      if (v && namesVarAtLoop(v, p)) {
        name = v->getNameAsString();
        t = v->getType();
      } else if (v) {
        return "";
      } else if (auto it = im.reads.find(decl);
                 it != im.reads.end() && it->second.type->isPointerType() &&
                 namesAtLoop(it->second, p)) {
        // A pointer read from memory (`v->data`), as C reads it at the loop.
        name = "(" + it->second.text + ")";
        t = it->second.type;
      } else {
        return "";
      }
      // The address, and one element: through the pointer, then every array
      // dimension. A scalar or struct variable is its own only element.
      // A cell side is the variable's own storage, also when it is a
      // pointer (docs/analysis.md, "Run-time checks"). A table's rows
      // (slots_lo) go through the table, then its row.
      bool rows = (bool)s.get("slots_lo");
      std::string addr = "&" + name, elem = name;
      for (int step = 0; step < (rows ? 2 : 1); ++step) {
        if (s.get("cell") || !(t->isPointerType() || ctx.getAsArrayType(t))) {
          if (rows)
            return ""; // (no table of pointers)
          break;
        }
        if (step == 0)
          addr = name;
        elem += "[0]";
        t = t->isPointerType() ? t->getPointeeType()
                               : ctx.getAsArrayType(t)->getElementType();
        while (const clang::ArrayType *at = ctx.getAsArrayType(t)) {
          elem += "[0]";
          t = at->getElementType();
        }
      }
      auto list = [&](llvm::StringRef key, const char *pick) -> std::string {
        std::string acc;
        for (mlir::Attribute a : s.getAs<mlir::ArrayAttr>(key)) {
          std::string one = cText(a);
          if (one.empty())
            return "";
          acc = acc.empty() ? one : std::string(pick) + "(" + acc + ", " + one + ")";
        }
        return acc;
      };
      std::string lo = list("lo", "weft_min64"), hi = list("hi", "weft_max64");
      if (lo.empty() || hi.empty())
        return "";
      if (!rows)
        return "(const void *)" + addr + ", " + lo + ", " + hi + ", sizeof(" +
               elem + ")";
      std::string slo = list("slots_lo", "weft_min64"),
                  shi = list("slots_hi", "weft_max64");
      if (slo.empty() || shi.empty())
        return "";
      std::string table = "(const void *)" + addr + ", " + slo + ", " + shi,
                  size = "sizeof(" + elem + ")", bad = "&" + p.nm("weft_bad");
      if (pairwise)
        return table + ", " + lo + ", " + hi + ", " + size;
      // The rows' span in bytes, from the lowest row.
      return "weft_rows_low(" + table + "), weft_mul(" + lo + ", (int64_t)" +
             size + ", " + bad + "),\n" + std::string(14, ' ') +
             "weft_rows_high(" + table + ", " + hi + ", " + size + ", " + bad +
             "), 1";
    };
    if (auto r = d.getAs<mlir::DictionaryAttr>("rows")) {
      std::string a = sideArgs(r, /*pairwise=*/true);
      if (a.empty())
        return "";
      out += conds + " &&\n        weft_rows_apart(" + a + ", &" +
             p.nm("weft_bad") + ")";
      continue;
    }
    for (const char *side : {"a", "b"}) {
      std::string one = sideArgs(d.getAs<mlir::DictionaryAttr>(side), false);
      if (one.empty())
        return "";
      if (!args.empty())
        args += ",\n" + std::string(14, ' ');
      args += one;
    }
    out += conds + " &&\n        weft_apart(" + args + ", &" +
           p.nm("weft_bad") + ")";
  }
  return out;
}

/// The type partial results of a reduction are kept in: the unsigned type
/// for signed integer + * & | ^ (whose wrap-around is then defined).
static QualType partialType(llvm::StringRef op, QualType t,
                            clang::ASTContext &ctx) {
  QualType u = t.getUnqualifiedType();
  QualType ct = u.getCanonicalType();
  bool arith =
      op == "add" || op == "mul" || op == "and" || op == "or" || op == "xor";
  if (arith && ct->isSignedIntegerType())
    return ctx.getCorrespondingUnsignedType(ct);
  return u;
}

/// The identity a partial of a reduction of type t (a chunk's, or an
/// array's copy) starts from, or "" when it starts from the variable's
/// value before the loop.
static std::string identityOf(llvm::StringRef op, QualType t,
                              clang::ASTContext &ctx,
                              const clang::PrintingPolicy &policy) {
  QualType ct = t.getCanonicalType();
  bool fp = ct->isRealFloatingType();
  std::string ts = typeText(t.getUnqualifiedType(), policy);
  if (op == "add" || op == "or" || op == "xor")
    return fp ? "(" + ts + ")-0.0" : "0";
  if (op == "mul")
    return "1";
  if (op == "and") {
    std::string pts = typeText(partialType(op, t, ctx), policy);
    return "(" + pts + ")~(" + pts + ")0";
  }
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

/// The C variable that holds the length of a copy of a run-time length
/// (Capture::length) in the replacing block, the context and the functions
/// that fill and combine the copies.
static std::string lengthVar(const Capture &c) { return "weft_len_" + c.name; }

/// The constant that every call of p's function passes for the parameter
/// var, which the function never assigns (weft.constant_args,
/// markConstantArguments), as C: `3`, `-1`, `(unsigned long)5000000000LL`;
/// else "".
std::string FileRewriter::constantArgument(const Plan &p,
                                           const clang::VarDecl *var) {
  auto fn = p.task ? p.task->getParentOfType<mlir::func::FuncOp>()
                   : mlir::func::FuncOp();
  auto args =
      fn ? fn->getAttrOfType<mlir::ArrayAttr>("weft.constant_args") : nullptr;
  auto id = declIds.find(var);
  if (!args || !llvm::isa<clang::ParmVarDecl>(var) || id == declIds.end() ||
      !var->getType()->isIntegerType() || var->getType()->isBooleanType())
    return "";
  for (mlir::Attribute a : args) {
    auto d = mlir::dyn_cast<mlir::DictionaryAttr>(a);
    auto decl = d ? d.getAs<mlir::IntegerAttr>("decl") : nullptr;
    auto value = d ? d.getAs<mlir::IntegerAttr>("value") : nullptr;
    if (!decl || !value || decl.getInt() != id->second)
      continue;
    int64_t v = value.getInt();
    std::string text = std::to_string(v);
    if (v >= INT32_MIN && v <= INT32_MAX &&
        var->getType().getCanonicalType().getUnqualifiedType() == ctx.IntTy)
      return text;
    return "(" + typeText(var->getType().getUnqualifiedType(), policy) + ")" +
           (v < 0 ? "(" + text + "LL)" : text + "LL");
  }
  return "";
}

std::string FileRewriter::constantDecl(const Plan &p, const Capture &c) {
  std::string k = constantArgument(p, c.var);
  if (k.empty())
    return "";
  return typeText(c.var->getType(), policy, c.name) + " = " + k +
         "; /* every call passes " + k + " */\n";
}

std::string FileRewriter::constantLines(const Plan &p, const std::string &in) {
  std::string o;
  for (const Capture &c : p.caps)
    if (c.kind == CaptureKind::Firstprivate && p.inOwnBody.contains(c.var))
      if (std::string d = constantDecl(p, c); !d.empty())
        o += in + d;
  return o;
}

FileRewriter::Layout FileRewriter::layout(const Plan &p,
                                          const std::string &body) {
  Layout L;
  auto field = [&](QualType t, const std::string &n) {
    L.fields += "  " + typeText(t, policy, n) + ";\n";
  };
  auto init = [&](const std::string &f, const std::string &v) {
    L.inits.push_back(f + " = " + v);
  };
  // A team member runs a loop with array reductions with a context of its
  // own (copiesFunction), so what a chunk stores in the context goes
  // through a pointer to the replacing block.
  // The chunk that runs the last iteration stores the last values: of
  // the iterations [weft_lo, weft_hi), or of its bands'.
  std::string lastChunk =
      p.banded() ? "weft_first < weft_last && weft_last == weft_c->weft_trip"
                 : "weft_lo < weft_hi && weft_hi == weft_c->weft_trip";
  bool copying = !p.bandCopies && llvm::any_of(p.caps, [](const Capture &c) {
    return c.kind == CaptureKind::ArrayReduction;
  });
  for (const Capture &c : p.caps) {
    QualType t = c.var->getType();
    QualType unq = t.getUnqualifiedType();
    bool used = p.inBody.contains(c.var);
    switch (c.kind) {
    case CaptureKind::Global:
    case CaptureKind::Counter:
      break;
    case CaptureKind::Induction: {
      // Its value where the loop starts; each iteration has its own copy
      // (inductionLines).
      field(unq, inductionField(c));
      init(inductionField(c), inductionStart(p, c));
      break;
    }
    case CaptureKind::Firstprivate:
    case CaptureKind::Shared: {
      if (!used)
        break;
      bool array = ctx.getAsArrayType(t) != nullptr;
      if (c.kind == CaptureKind::Shared && !array && p.copyShared) {
        // A loop task's copy (a scalar no pointer reaches: weft-task-graph).
        field(ctx.getPointerType(t), c.name);
        init(c.name, "&" + c.name);
        L.binds += "  " + typeText(unq, policy, c.name) + " = *weft_c->" +
                   c.name + ";\n";
        if (p.copyBack.contains(c.var))
          L.tail += "  *weft_c->" + c.name + " = " + c.name + ";\n";
        break;
      }
      if (c.kind == CaptureKind::Shared && !array) {
        // An object reached by address; the body's uses are (*name).
        field(ctx.getPointerType(t), c.name);
        L.binds += "  " + typeText(ctx.getPointerType(t), policy, c.name) +
                   " = weft_c->" + c.name + ";\n";
        init(c.name, "&" + c.name);
        break;
      }
      // A pointer value, or an array that decays to one.
      init(c.name, c.name);
      QualType ptr = array ? ctx.getDecayedType(t) : t;
      if (!ptr->isVariablyModifiedType()) {
        QualType f = ptr;
        if (f->isPointerType())
          f = ctx.getPointerType(f->getPointeeType()); // no restrict/const
        else
          f = f.getUnqualifiedType();
        field(f, c.name);
        if (ptr->isPointerType() && c.noalias)
          L.restricts.push_back(
              {typeText(ptr.withRestrict(), policy, c.name), c.name});
        else if (std::string d = constantDecl(p, c); !d.empty())
          L.binds += "  " + d;
        else
          L.binds += "  " + typeText(ptr, policy, c.name) + " = weft_c->" +
                     c.name + ";\n";
        break;
      }
      // Rows of variable size: the sizes travel in the struct, measured
      // with sizeof where the loop was.
      ArrayPtr ap = arrayPtrOf(ptr->getPointeeType(), ctx);
      L.fields += "  void *" + c.name + ";\n";
      std::string declarator = "(*" + c.name + ")";
      std::string sub = c.name + "[0]";
      for (size_t k = 0; k < ap.dims.size(); ++k, sub += "[0]") {
        if (ap.dims[k]) {
          declarator += "[" + std::to_string(*ap.dims[k]) + "]";
          continue;
        }
        std::string dn = c.name + "_d" + std::to_string(k + 1);
        L.fields += "  int64_t " + dn + ";\n";
        declarator += "[weft_c->" + dn + "]";
        init(dn, "(int64_t)(sizeof(" + sub + ") / sizeof(" + sub + "[0]))");
      }
      L.binds += "  " + typeText(ap.elem, policy, declarator) +
                 " = weft_c->" + c.name + ";\n";
      break;
    }
    case CaptureKind::Private:
      // A private array: the chunk's own, every element it reads written
      // first (docs/analysis.md, "Private arrays").
      if (ctx.getAsArrayType(t))
        L.binds +=
            "  " + typeText(unq, policy, c.name) + "; /* this chunk's own */\n";
      else
        L.binds += "  " + typeText(unq, policy, c.name) + " = 0;\n";
      break;
    case CaptureKind::Lastprivate:
      if (copying) {
        field(ctx.getPointerType(unq), c.name);
        L.declParts += body +
                       typeText(unq, policy, "weft_" + c.name + "_last") +
                       " = 0;\n";
        init(c.name, "&weft_" + c.name + "_last");
        L.binds += "  " + typeText(unq, policy, c.name) + " = 0;\n";
        L.tail += "  if (" + lastChunk +
                  ")\n"
                  "    *weft_c->" +
                  c.name + " = " + c.name + "; /* from the last iteration */\n";
        L.copyOut += body + c.name + " = weft_" + c.name + "_last;\n";
        break;
      }
      field(unq, c.name);
      init(c.name, c.name);
      L.binds += "  " + typeText(unq, policy, c.name) + " = 0;\n";
      L.tail += "  if (" + lastChunk +
                ")\n"
                "    weft_c->" +
                c.name + " = " + c.name + "; /* from the last iteration */\n";
      L.copyOut +=
          body + c.name + " = " + p.nm("weft_c") + "." + c.name + ";\n";
      break;
    case CaptureKind::Reduction:
      reductionLayout(c, body, L);
      break;
    case CaptureKind::ArrayReduction: {
      // The array itself here; each member's context points at its copy
      // (copiesFunction). The copy is memory no other pointer reaches.
      const Layout::Copy &cp = addCopy(c, L);
      L.fields += "  void *" + c.name + ";\n";
      init(c.name, c.name);
      if (c.length) { // for the functions that fill and combine the copies
        L.fields += "  int64_t " + lengthVar(c) + ";\n";
        init(lengthVar(c), lengthVar(c));
      }
      L.restricts.push_back(
          {typeText(cp.ptr.withRestrict(), policy, c.name), c.name});
      break;
    }
    case CaptureKind::PrivateCopy: {
      // A private array too large for a chunk's stack: the body names the
      // copy of the member that runs it (copiesFunction), never filled
      // (every element an iteration reads it wrote first), or the array
      // itself when one member runs the loop alone.
      const Layout::Copy &cp = addCopy(c, L);
      L.fields += "  void *" + c.name + ";\n";
      init(c.name, c.name);
      L.restricts.push_back(
          {typeText(cp.ptr.withRestrict(), policy, c.name), c.name});
      break;
    }
    case CaptureKind::CondLastprivate: {
      // Per chunk, its copy and whether an assignment set it (the body's
      // assignments to it set weft_<name>_asg, Checks.cpp); after the
      // call, the last chunk in order that assigned it gives the value.
      chunkSlots(unq, c.name + "_part", body, L);
      chunkSlots(ctx.UnsignedCharTy, c.name + "_set", body, L);
      L.binds += "  " + typeText(unq, policy, c.name) + " = 0;\n" +
                 "  unsigned char weft_" + c.name +
                 "_asg = 0; /* set by every assignment to " + c.name + " */\n";
      L.tail += "  weft_c->" + c.name + "_set[weft_chunk] = weft_" + c.name +
                "_asg;\n  if (weft_" + c.name + "_asg)\n    weft_c->" + c.name +
                "_part[weft_chunk] = " + c.name + ";\n";
      L.combine += body + "  if (weft_" + c.name +
                   "_set[weft_j]) /* the last chunk that assigned it */\n" +
                   body + "    " + c.name + " = weft_" + c.name +
                   "_part[weft_j];\n";
      break;
    }
    }
  }
  init("weft_start", p.nm("weft_start"));
  init("weft_trip", p.nm("weft_trip"));
  if (p.banded())
    init("weft_bands", p.nm("weft_bands"));
  if (p.bandCopies)
    init("weft_copies", "weft_copies");
  if (p.exits())
    init("weft_exits", "&" + p.nm("weft_x"));
  return L;
}

std::string FileRewriter::Layout::bytes() const {
  if (copySpans.empty())
    return std::to_string(copyBytes);
  return "(" +
         (copyBytes ? std::to_string(copyBytes) + copySpans
                    : copySpans.substr(3)) +
         ")";
}

std::vector<std::pair<std::string, std::string>>
FileRewriter::copyLengths(const Plan &p) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Capture &c : p.caps)
    if (c.length)
      out.push_back({lengthVar(c), polyText(*c.length, p)});
  return out;
}

std::string FileRewriter::lengthLines(const Plan &p, const std::string &in,
                                      const std::string &from) {
  std::string o;
  for (const Capture &c : p.caps)
    if (c.length)
      o += in + "int64_t " + lengthVar(c) + " = " + from + lengthVar(c) + ";\n";
  return o;
}

std::string FileRewriter::copyLengthTest(const Plan &p, const std::string &in) {
  // Each copy not empty, and small enough that the block of copies of
  // every member fits in a size_t (weft_checks.h).
  std::string some, all;
  for (const Capture &c : p.caps)
    if (c.length) {
      some += " && " + lengthVar(c) + " > 0 &&\n" + in + "    " + copySpan(c) +
              " <= WEFT_COPY_MAX_SPAN";
      all += (all.empty() ? "" : " + ") + lengthVar(c);
    }
  if (all.empty())
    return "";
  // The iterations that pay for filling and combining one element of the
  // copies (weft-outline-tasks' cost model).
  double k = 0;
  if (auto a = p.task->getAttrOfType<mlir::FloatAttr>(
          "weft.trips_per_copied_element"))
    k = a.getValueAsDouble();
  char per[32];
  std::snprintf(per, sizeof per, "%.3g", k);
  return " &&\n" + in + "    !" + p.nm("weft_bad") + some + " &&\n" + in +
         "    (double)" + p.nm("weft_trip") + " >= " + per + " * (double)(" +
         all + ")";
}

std::string FileRewriter::copySpan(const Capture &c) {
  QualType part = partialType(c.op, copiedArrayOf(c, ctx).elem, ctx);
  return "weft_copy_span(" + lengthVar(c) + ", " +
         std::to_string(ctx.getTypeSizeInChars(part).getQuantity()) + ")";
}

FileRewriter::Layout::Copy &FileRewriter::addCopy(const Capture &c, Layout &L) {
  ArrayPtr a = copiedArrayOf(c, ctx);
  Layout::Copy cp;
  cp.name = c.name;
  cp.op = c.op;
  cp.part = partialType(c.op, a.elem, ctx);
  uint64_t elems = 1;
  for (const auto &d : a.dims)
    elems *= *d;
  cp.elems = c.length ? lengthVar(c) : std::to_string(elems);
  cp.sparse = c.sparse;
  cp.offset = L.bytes();
  if (c.length)
    L.copySpans += " + " + copySpan(c);
  else
    L.copyBytes +=
        (elems * ctx.getTypeSizeInChars(cp.part).getQuantity() + 63) / 64 * 64;
  QualType rows = cp.part;
  for (size_t k = a.dims.size(); k-- > 1;)
    rows = ctx.getConstantArrayType(rows, llvm::APInt(64, *a.dims[k]), nullptr,
                                    clang::ArraySizeModifier::Normal, 0);
  cp.ptr = ctx.getPointerType(rows);
  L.copies.push_back(cp);
  return L.copies.back();
}

void FileRewriter::chunkSlots(QualType t, const std::string &name,
                              const std::string &body, Layout &L) {
  L.hasReductions = true;
  L.fields += "  " + typeText(ctx.getPointerType(t), policy, name) + ";\n";
  L.inits.push_back(name + " = weft_" + name);
  L.declParts +=
      body + typeText(t, policy, "weft_" + name + "[WEFT_MAX_CHUNKS]") + ";\n";
}

void FileRewriter::reductionLayout(const Capture &c, const std::string &body,
                                   Layout &L) {
  QualType t = c.var->getType();
  QualType unq = t.getUnqualifiedType();
  QualType pt = partialType(c.op, t, ctx);
  std::string pts = typeText(pt, policy);
  chunkSlots(pt, c.name + "_part", body, L);
  std::string id = identityOf(c.op, t, ctx, policy);
  if (id.empty()) {
    // min and max of integers, fmin and fmax: from the value before the
    // loop, which they are idempotent on.
    L.fields += "  " + typeText(unq, policy, c.name) + ";\n";
    L.inits.push_back(c.name + " = " + c.name);
    id = "weft_c->" + c.name;
  }
  L.binds += "  " + typeText(pt, policy, c.name) + " = " + id +
             "; /* this chunk's partial " + c.op + " */\n";
  L.tail += "  weft_c->" + c.name + "_part[weft_chunk] = " + c.name + ";\n";

  // The combine, in chunk order.
  std::string part = "weft_" + c.name + "_part[weft_j]";
  llvm::StringRef op = c.op;
  std::string line;
  if (op == "add" || op == "mul" || op == "and" || op == "or" || op == "xor") {
    std::string sym = reductionSymbol(op).str();
    if (pt == unq)
      line = c.name + " " + sym + "= " + part + ";";
    else
      line = c.name + " = (" + typeText(unq, policy) + ")((" + pts + ")" +
             c.name + " " + sym + " " + part + ");";
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
    line = "if (" + part + " " + sym + " " + c.name + ")\n" + body + "    " +
           c.name + " = " + part + ";";
  }
  L.combine += body + "  " + line + "\n";
}

std::string FileRewriter::bandLines(const std::string &in,
                                    const std::string &trip,
                                    const std::string &bands,
                                    const std::string &lo,
                                    const std::string &hi) {
  return in + "int64_t weft_first = weft_band_start(" + trip + ", " + bands +
         ", " + lo + ");\n" + in + "int64_t weft_last = weft_band_start(" +
         trip + ", " + bands + ", " + hi + ");\n";
}

std::string FileRewriter::stepText(const Plan &p, const std::string &n) {
  int64_t step = p.header->step;
  return p.header->stepBy ? n + " += " + stepExprText(p)
         : step == 1      ? n + "++"
         : step == -1     ? n + "--"
         : step > 0       ? n + " += " + std::to_string(step)
                          : n + " -= " + std::to_string(-step);
}

std::string FileRewriter::bandRows(const Plan &p, const std::string &in,
                                   llvm::StringRef lo, llvm::StringRef hi,
                                   llvm::StringRef start,
                                   const std::string &directive) {
  std::string n = p.header->counter->getNameAsString();
  return in + n + " = " + counterValue(p, lo, start) + ";\n" + directive + in +
         "for (int64_t weft_k = " + lo.str() + "; weft_k < " + hi.str() +
         "; weft_k++, " + stepText(p, n) + ")";
}

std::string FileRewriter::tiledLoops(const Plan &p, const std::string &in,
                                     llvm::StringRef lo, llvm::StringRef hi,
                                     llvm::StringRef start, bool edits) {
  const Plan::Tiles &t = *p.tiles;
  const auto &ed = editsOf(p, edits);
  llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
  auto at = [&](unsigned off) { return lineDirectiveAt(off); };
  auto trim = [&](unsigned &b, unsigned &e) { trimBlanks(b, e); };
  auto exprText = [&](const clang::Expr *x) {
    unsigned b = 0, e = 0;
    fileRange(x->getSourceRange(), b, e, false);
    return editedText(b, e, ed);
  };
  std::string n = p.header->counter->getNameAsString();
  QualType ct = p.header->counter->getType().getUnqualifiedType();
  // The band's rows, the counter set at the band's start before each run.
  auto rows = [&](const std::string &i) {
    return bandRows(p, i, lo, hi, start);
  };
  // The column of the task body's statements, which their lines lose.
  size_t drop = firstOnLine(t.nb) ? blanksBefore(t.nb).size() : p.fileIndent;
  // P0 or P2, the body's statements in [b, e), at the band's rows.
  auto text = [&](unsigned b, unsigned e) -> std::string {
    trim(b, e);
    if (b == e)
      return "";
    return at(b) + in + "  " +
           reindent(reshapedText(p, b, e, ed), drop, in + "  ");
  };
  // S1 or S3 of a turned pair, its outer body's [b, e), in a j loop as
  // written (the interchange's parts, chunkLoops).
  auto jLoop = [&](unsigned b, unsigned e) -> std::string {
    trim(b, e);
    if (!t.turned || b == e)
      return "";
    const Plan::Pair &pr = *t.turned;
    size_t pd = blanksBefore(firstOnLine(pr.b2) ? pr.b2 : pr.b1).size();
    return at(pr.b1) + in + "  " +
           reindent(editedText(pr.b1, pr.h1, ed), drop, in + "  ") + " {\n" +
           at(b) + in + "    " +
           reindent(editedText(b, e, ed), pd, in + "    ") + "\n" + in + "  }";
  };
  // Parts over the band's rows, in one loop.
  auto rowsOf = [&](std::initializer_list<std::string> parts) {
    std::string body;
    for (const std::string &x : parts)
      if (!x.empty())
        body += x + "\n";
    return body.empty() ? body : rows(in) + " {\n" + body + in + "}\n";
  };
  // Each loop of the nest: its trip count, and its header over a tile
  // [weft_<c>0, weft_<c>1) of its iterations (a step of one from start,
  // below one bound: tilesOf). A trip count that does not fit in an
  // int64_t (-1) would be 2^63 iterations.
  struct Loop {
    std::string c, trip, head;
  };
  auto loopOf = [&](const CountedFor &h) {
    Loop l;
    l.c = h.counter->getNameAsString();
    const CountedFor::Bound &bd = h.bounds[0];
    QualType cmp = QualType(bd.compareType, 0).getCanonicalType();
    std::string s = exprText(h.start), x = exprText(bd.expr);
    std::string incl = bd.op == clang::BO_LE ? "1" : "0";
    if (isUnsigned(cmp)) {
      std::string cts = "(uint64_t)(" + typeText(cmp, policy) + ")";
      l.trip = "weft_trip_upu(" + cts + "(" + s + "), " + cts + "(" + x +
               "), 1, " + incl + ")";
    } else {
      l.trip = "weft_trip_up((int64_t)(" + s + "), (int64_t)(" + x + "), 1, " +
               incl + ")";
    }
    std::string decl =
        h.declaredInInit
            ? typeText(h.counter->getType().getUnqualifiedType(), policy, l.c)
            : l.c;
    std::string w0 = "weft_" + l.c + "0", w1 = "weft_" + l.c + "1";
    // The start, in parentheses unless it is a name or a number.
    auto from = [&](const std::string &w) {
      if (s == "0")
        return w;
      bool plain = llvm::all_of(
          s, [](char ch) { return llvm::isAlnum(ch) || ch == '_'; });
      return (plain ? s : "(" + s + ")") + " + " + w;
    };
    // An unsigned counter compares with its own type's value (the tile's
    // ends are int64_t): no signed-unsigned comparison.
    QualType own = h.counter->getType().getUnqualifiedType();
    std::string limit = from(w1);
    if (isUnsigned(own))
      limit = "(" + typeText(own, policy) + ")" +
              (limit == w1 ? limit : "(" + limit + ")");
    l.head = "for (" + decl + " = " + from(w0) + "; " + l.c + " < " + limit +
             "; " + l.c + "++)";
    return l;
  };
  Loop k = loopOf(*t.kh), j = loopOf(*t.jh);
  bool omp = options.emit == RewriteOptions::Emit::OpenMP;
  std::string out;
  out += in + "/* weft: the " + k.c + " and " + j.c +
         " loops run in tiles around this band's rows (loop tiling" +
         (t.gain.empty()
              ? std::string()
              : ": " + t.gain +
                    (t.gain.find(" and ") != std::string::npos ? " stay"
                                                               : " stays") +
                    " in cache for all of them") +
         ") */\n";
  if (t.turned)
    out += in + interchangeNote(t.stmt, false) + "\n";
  out += in + typeText(ct, policy, n) + ";\n";
  out += rowsOf({text(t.pre, t.nb), t.turned && t.turned->pre
                                        ? jLoop(t.turned->lbrace, t.turned->b2)
                                        : ""});
  std::string kt = "weft_" + k.c + "_trip", jt = "weft_" + j.c + "_trip";
  std::string ks = "weft_" + k.c + "_tile", js = "weft_" + j.c + "_tile";
  out += in + "int64_t " + kt + " = " + k.trip + ";\n";
  out += in + "int64_t " + jt + " = " + j.trip + ";\n";
  out += in + "int64_t " + ks + ", " + js + ";\n";
  out += in + "weft_tile_sizes(" + kt + ", " + jt + ", " +
         std::to_string(t.point) + ", " + std::to_string(t.elem) + ", " +
         (omp ? "WEFT_L1_BYTES, WEFT_L2_BYTES"
              : "weft_cache_bytes(1), weft_cache_bytes(2)") +
         ", &" + ks + ", &" + js + ");\n";
  // The tile loops, each with its tile's end.
  auto tileLoop = [&](const std::string &i, const Loop &l,
                      const std::string &trip, const std::string &size) {
    std::string w0 = "weft_" + l.c + "0", w1 = "weft_" + l.c + "1";
    return i + "for (int64_t " + w0 + " = 0; " + w0 + " < " + trip + "; " + w0 +
           " += " + size + ") {\n" + i + "  int64_t " + w1 + " = " + trip +
           " - " + w0 + " < " + size + " ? " + trip + " : " + w0 + " + " +
           size + ";\n";
  };
  std::string in1 = in + "  ", in2 = in1 + "  ", in3 = in2 + "  ";
  out += tileLoop(in, k, kt, ks);
  out += tileLoop(in1, j, jt, js);
  out += rows(in2) + "\n";
  out += at(t.nb) + in3 + k.head;
  // T, k's statements before the j loop, in k's braces.
  unsigned tb = t.tb, te = t.te;
  trim(tb, te);
  std::string jIn = in3 + "  ";
  if (tb < te) {
    size_t tdrop = blanksBefore(tb).size();
    out += " {\n" + at(tb) + jIn +
           reindent(editedText(tb, te, ed), tdrop, jIn) + "\n";
  } else {
    out += "\n";
  }
  out += jIn + j.head;
  // S, with its lines' column.
  unsigned sb = t.sb, se = t.se;
  trim(sb, se);
  size_t sdrop =
      firstOnLine(sb)
          ? blanksBefore(sb).size()
          : blanksBefore(lineStartOf(t.nb) == lineStartOf(sb) ? t.nb : sb)
                .size();
  std::string sIn = jIn;
  if (buf[sb] == '{')
    out += " " + reindent(editedText(sb, se, ed), sdrop, sIn) + "\n";
  else
    out += "\n" + at(sb) + sIn + "  " +
           reindent(editedText(sb, se, ed), sdrop, sIn + "  ") + "\n";
  if (tb < te)
    out += in3 + "}\n";
  out += in1 + "}\n" + in + "}\n";
  out += rowsOf(
      {t.turned && t.turned->post ? jLoop(t.turned->e2, t.turned->rbrace) : "",
       text(t.ne, t.post)});
  return out;
}

std::string FileRewriter::chunkLoops(const Plan &p, const std::string &in,
                                     llvm::StringRef lo, llvm::StringRef hi,
                                     llvm::StringRef start, bool edits) {
  if (p.tiles)
    return tiledLoops(p, in, lo, hi, start, edits);
  const clang::VarDecl *counter = p.header->counter;
  QualType ct = counter->getType().getUnqualifiedType();
  std::string out;
  // The counter steps with the chunk's iterations, as in the loop: a
  // compiler then sees a signed counter evolve without wrapping (its
  // overflow is undefined) and vectorizes the loop, which GCC does not when
  // each iteration rebuilds it from weft_k through a narrowing conversion.
  // It takes only values the loop gave it, the one after the chunk included
  // (the next chunk's first, or the loop's exit value).
  std::string n = counter->getNameAsString();
  std::string inc = stepText(p, n);
  if (p.turned) {
    // The loop interchanged with the loop inside it (an integer counter,
    // interchanges()): S1, the inner loop around S2, and S3, each over the
    // chunk's iterations.
    const auto &ed = editsOf(p, edits);
    const Plan::Pair &t = *p.turned;
    auto at = [&](unsigned off) { return lineDirectiveAt(off); };
    // The column of the outer body's statements, which its lines lose.
    size_t drop = blanksBefore(firstOnLine(t.b2) ? t.b2 : t.b1).size();
    auto band = [&](const std::string &i, const std::string &directive) {
      return bandRows(p, i, lo, hi, start, directive);
    };
    // S1 or S3, the outer body's statements in [b, e), as a loop.
    auto statements = [&](unsigned b, unsigned e) {
      trimBlanks(b, e);
      return band(in, "") + " {\n" + at(b) + in + "  " +
             reindent(editedText(b, e, ed), drop, in + "  ") + "\n" + in +
             "}\n";
    };
    out += in + interchangeNote(p.task.getLoop(), true) + "\n";
    out += in + typeText(ct, policy, n) + ";\n";
    if (t.pre)
      out += statements(t.lbrace, t.b2);
    out += at(t.b2) + in + reindent(editedText(t.b2, t.h2, ed), drop, in) +
           " {\n" + band(in + "  ", at(t.h2)) +
           reindent(editedText(t.h2, t.e2, ed), drop, in + "  ") + "\n" + in +
           "}\n";
    if (t.post)
      out += statements(t.e2, t.rbrace);
    return out;
  }
  if (ct->isIntegerType() && !ct->isBooleanType()) {
    out += in + typeText(ct, policy, n) + " = " + counterValue(p, lo, start) +
           ";\n";
    if (!p.inBody.contains(counter))
      out += in + "(void)" + n + ";\n";
    std::string head = in + "for (int64_t weft_k = " + lo.str() +
                       "; weft_k < " + hi.str() + "; weft_k++";
    // A while or do loop's body steps the counter itself.
    if (p.header->stepInBody)
      out += head + ") {\n";
    else
      out += head + ", " + inc + ") {\n";
    out += inductionLines(p, in + "  ", start);
  } else {
    out += in + "for (int64_t weft_k = " + lo.str() + "; weft_k < " + hi.str() +
           "; weft_k++) {\n";
    // The counter, from the normalized iteration.
    out += counterLines(p, in + "  ", start);
  }
  out += lineDirective(p.body->getBeginLoc());
  out += in + "  " + bodyText(p, edits, in + "  ") + "\n";
  out += in + "}\n";
  return out;
}

std::string FileRewriter::outlined(const Plan &p) {
  std::string name = p.task.getName().str();
  std::string ctxName = "struct " + name + "_ctx";
  Layout L = layout(p, "");
  std::string fields = L.fields, binds = L.binds, tail = L.tail;
  auto field = [&](QualType t, const std::string &n) {
    fields += "  " + typeText(t, policy, n) + ";\n";
  };
  bool usesChunk = L.hasReductions || p.exits();
  const clang::VarDecl *counter = p.header->counter;
  QualType ct = counter->getType().getUnqualifiedType();
  field(ct, "weft_start");
  fields += "  int64_t weft_trip;\n";
  if (p.banded())
    fields += "  int64_t weft_bands;\n";
  if (p.bandCopies)
    fields += "  char *weft_copies; /* chunk c's copies at c * " + L.bytes() +
              " bytes */\n";
  if (p.exits())
    fields += "  weft_exits_t *weft_exits; /* which iteration takes an error "
              "path first */\n";

  std::string out;
  out += "/* weft: the loop at " + fileName + ":" +
         std::to_string(sm.getExpansionLineNumber(p.loop->getBeginLoc())) +
         " (in " + p.fn->getNameAsString() +
         "), outlined to run in parallel on libweft's team. */\n";
  out += ctxName + " {\n" + fields + "};\n\n";
  std::string head = "(void *weft_arg, int64_t weft_lo, int64_t weft_hi,\n" +
                     std::string(13 + name.size(), ' ') +
                     "int64_t weft_chunk) {\n" + "  " + ctxName +
                     " *weft_c = (" + ctxName + " *)weft_arg;\n";
  std::string wrapper;
  if (L.restricts.empty()) {
    out += "static void " + name + head;
  } else {
    // The loop runs in a kernel that takes the pointers through which
    // alone it reaches their memory as restrict parameters: compilers drop
    // restrict on locals, and without it they no longer know what they knew
    // where the loop was (the source's restrict, distinct mallocs), and
    // with it the vectorization the sequential loop had.
    std::string kernel = name + "_run(";
    std::string pad = ",\n" + std::string(19 + kernel.size(), ' ');
    std::string argPad = ",\n" + std::string(2 + kernel.size(), ' ');
    std::string params = ctxName + " *weft_c", args = "weft_c";
    // Band copies: the chunk's own, filled here, in place of the arrays.
    std::string fills;
    if (p.bandCopies) {
      fills = lengthLines(p, "  ", "weft_c->");
      fills +=
          "  char *weft_mine = weft_c->weft_copies + (size_t)weft_chunk * " +
          L.bytes() + ";\n";
    }
    for (auto &[decl, n] : L.restricts) {
      params += pad + decl;
      const Layout::Copy *cp = nullptr;
      for (const Layout::Copy &c : L.copies)
        if (p.bandCopies && c.name == n)
          cp = &c;
      if (cp) {
        fills += copyFill(*cp, "  ", "weft_mine");
        args += argPad + "(" + typeText(cp->ptr, policy) + ")weft_copy_" + n;
      } else {
        args += argPad + "weft_c->" + n;
      }
    }
    out += "static inline void " + kernel + params + pad +
           "int64_t weft_lo, int64_t weft_hi" + pad + "int64_t weft_chunk) {\n";
    wrapper = "static void " + name + head + fills + "  " + kernel + args +
              argPad + "weft_lo, weft_hi, weft_chunk);\n}\n\n";
  }
  out += binds;
  if (!usesChunk)
    out += "  (void)weft_chunk;\n";
  // A sweep: each chunk runs the loop around, as written, around its part
  // of this loop (docs/outline.md, "Sweeps").
  std::string in = "  ", lo = "weft_lo", hi = "weft_hi";
  if (p.banded()) {
    // The chunk's band of this loop's iterations.
    out += bandLines("  ", "weft_c->weft_trip", "weft_c->weft_bands", "weft_lo",
                     "weft_hi");
    lo = "weft_first";
    hi = "weft_last";
  }
  if (p.sweep) {
    out += in + editedText(p.begin, p.sweepHead, p.bodyEdits) + " {\n";
    in += "  ";
  }
  out += chunkLoops(p, in, lo, hi, "weft_c->weft_start", true);
  if (p.sweep)
    out += "  }\n";
  out += tail + "}\n\n" + wrapper;
  if (!L.copies.empty() && !p.bandCopies)
    out += copiesFunction(p, L);
  return out;
}

std::string FileRewriter::copyFill(const Layout::Copy &cp,
                                   const std::string &in,
                                   const std::string &mine) {
  std::string pt = typeText(cp.part, policy);
  std::string copy = "weft_copy_" + cp.name;
  std::string o = in + typeText(ctx.getPointerType(cp.part), policy, copy) +
                  " = (" + pt + " *)(" + mine + " + " + cp.offset + ");";
  if (cp.isPrivate()) // every element an iteration reads, it writes first
    return o + " /* uninitialized: private */\n";
  std::string id = identityOf(cp.op, cp.part, ctx, policy);
  return o + "\n" + in + "for (int64_t weft_e = 0; weft_e < " + cp.elems +
         "; weft_e++)\n" + in + "  " + copy + "[weft_e] = " + id +
         "; /* the identity of " + reductionSymbol(cp.op).str() + " */\n";
}

std::string
FileRewriter::copyCombine(const Layout::Copy &cp, const std::string &in,
                          const std::string &loop, const std::string &array,
                          const std::string &copies, const std::string &bytes,
                          const std::string &members) {
  if (cp.isPrivate()) // nothing to combine
    return "";
  std::string pt = typeText(cp.part, policy);
  std::string all = "weft_all_" + cp.name;
  auto copy = [&](const std::string &m) {
    return "((" + pt + " *)(" + copies + " + (size_t)" + m + " * " + bytes +
           " + " + cp.offset + "))[weft_e]";
  };
  std::string o = in + typeText(ctx.getPointerType(cp.part), policy, all) +
                  " = (" + pt + " *)" + array + ";\n" + in + loop + " {\n";
  std::string at = in + "  ";
  if (cp.sparse) {
    // Only elements that some copy changed: the others may lie past the
    // end of the object (the copies' length bounds the subscripts).
    o += at + "int weft_set = 0;\n" + at + "for (int weft_m = 0; weft_m < " +
         members + " && !weft_set; " + "weft_m++)\n" + at +
         "  weft_set = " + copy("weft_m") +
         " != " + identityOf(cp.op, cp.part, ctx, policy) + ";\n" + at +
         "if (!weft_set) /* no iteration updated it */\n" + at +
         "  continue;\n";
  }
  o += at + typeText(cp.part, policy, "weft_v") + " = " + all + "[weft_e];\n" +
       at + "for (int weft_m = 0; weft_m < " + members + "; weft_m++)\n" + at +
       "  weft_v " + reductionSymbol(cp.op).str() + "= " + copy("weft_m") +
       ";\n" + at + all + "[weft_e] = weft_v;\n" + in + "}\n";
  return o;
}

std::string FileRewriter::copiesFunction(const Plan &p, const Layout &L) {
  std::string name = p.task.getName().str();
  std::string fn = name + "_copies", ctxName = "struct " + fn + "_ctx";
  std::string bytes = L.bytes();
  std::vector<std::string> reduced, priv, all;
  for (const Layout::Copy &cp : L.copies) {
    (cp.isPrivate() ? priv : reduced).push_back(cp.name);
    all.push_back(cp.name);
  }
  std::string o;
  std::string at =
      "/* weft: the loop at " + fileName + ":" +
      std::to_string(sm.getExpansionLineNumber(p.loop->getBeginLoc()));
  if (priv.empty()) {
    o += at + " with its array reduction" + (reduced.size() > 1 ? "s" : "") +
         ": each team member\n   updates its own copy of " + listText(all) +
         ", then combines a share of the elements\n   of every copy into " +
         (reduced.size() > 1 ? "them" : "it") + ". */\n";
  } else {
    std::string what;
    if (!reduced.empty())
      what = " with its array reduction" +
             std::string(reduced.size() > 1 ? "s " : " ") + listText(reduced);
    what += (what.empty() ? " with its" : " and") +
            std::string(" private array") + (priv.size() > 1 ? "s " : " ") +
            listText(priv) + ",\n   too large for a thread's stack";
    o += at + what +
         ": each team member runs its share of the loop\n   on its own " +
         (all.size() > 1 ? "copies of " : "copy of ") + listText(all) +
         (reduced.empty()
              ? ""
              : ",\n   then combines a share of the elements of "
                "every copy of " +
                    listText(reduced) +
                    (reduced.size() > 1 ? " into them" : " into it")) +
         ". */\n";
  }
  o += ctxName + " {\n  const weft_loop_t *l;\n  struct " + name +
       "_ctx *c;\n  int n;        /* the members with copies */\n"
       "  char *copies; /* member m's at m * " +
       bytes + " bytes */\n};\n\n";
  o += "static void " + fn +
       "(void *weft_arg, int weft_member, int weft_size) {\n";
  o += "  " + ctxName + " *weft_r = (" + ctxName + " *)weft_arg;\n";
  o += "  if (weft_size > weft_r->n) {\n"
       "    /* A team larger than the copies (it grew since they were made): "
       "member 0\n       runs the loop alone, on the arrays themselves. */\n"
       "    if (weft_member == 0)\n"
       "      weft_parallel_for(weft_r->l, " +
       name + ", weft_r->c);\n    return;\n  }\n";
  o += "  struct " + name + "_ctx weft_c = *weft_r->c;\n";
  o += lengthLines(p, "  ", "weft_c.");
  o += "  char *weft_mine = weft_r->copies + (size_t)weft_member * " + bytes +
       ";\n";
  for (const Layout::Copy &cp : L.copies) {
    o += copyFill(cp, "  ", "weft_mine");
    o += "  weft_c." + cp.name + " = weft_copy_" + cp.name + ";\n";
  }
  if (reduced.empty()) // nothing to combine: no barrier
    o += "  weft_spmd_for_ex(weft_r->l, " + name +
         ", &weft_c, WEFT_FOR_NOWAIT);\n";
  else
    o += "  weft_spmd_for(weft_r->l, " + name +
         ", &weft_c); /* its barrier: every copy is complete */\n";
  for (const Layout::Copy &cp : L.copies) {
    if (cp.isPrivate())
      continue;
    const std::string &n = cp.elems;
    o += "  {\n    /* This member's share of the elements of " + cp.name +
         ", from every copy. */\n";
    o += "    int64_t weft_lo = (int64_t)" + n +
         " * weft_member / weft_size;\n    int64_t weft_hi = (int64_t)" + n +
         " * (weft_member + 1) / weft_size;\n";
    o += copyCombine(cp, "    ",
                     "for (int64_t weft_e = weft_lo; weft_e < weft_hi; "
                     "weft_e++)",
                     "weft_r->c->" + cp.name, "weft_r->copies", bytes,
                     "weft_size");
    o += "  }\n";
  }
  o += "}\n\n";
  return o;
}

std::string FileRewriter::chunkOrderCombine(const Plan &p, const Layout &L,
                                            const std::string &body) {
  if (!L.hasReductions)
    return "";
  return body + "for (int64_t weft_j = 0, weft_chunks = weft_chunk_count(&" +
         p.nm("weft_l") + "); weft_j < weft_chunks;\n" + body +
         "     weft_j++) { /* in chunk order */\n" + L.combine + body + "}\n";
}

std::string FileRewriter::contextLines(const Plan &p, const Layout &L,
                                       const std::string &body) {
  // Designated initializers, one per line.
  std::string inits;
  for (size_t i = 0; i < L.inits.size(); ++i)
    inits +=
        body + "    ." + L.inits[i] + (i + 1 < L.inits.size() ? ",\n" : "\n");
  return body + "struct " + p.task.getName().str() + "_ctx " + p.nm("weft_c") +
         " = {\n" + inits + body + "};\n";
}

std::string FileRewriter::workPerIterText(const Plan &p) {
  char perIter[64];
  snprintf(perIter, sizeof perIter, "%.4g",
           p.task.getWorkPerIter().convertToDouble());
  return perIter;
}

std::string FileRewriter::uniformWorkText(const Plan &p) {
  std::string work = workPerIterText(p) + " * (double)" + p.nm("weft_trip");
  if (p.sweep)
    work = "(" + work + ") * (double)" + p.nm("weft_rows");
  return work;
}

std::string FileRewriter::descriptorLines(const Plan &p,
                                          const std::string &body,
                                          const Plan *gridOf) {
  // The loop descriptor of the runtime contract.
  std::string o;
  std::string trip = p.nm("weft_trip");
  // A sweep's chunks are bands of its iterations (outlined()), which
  // weft_band_start cuts by length: its descriptor's shape is uniform.
  bool linear =
      !p.banded() && p.task.getShape() && *p.task.getShape() == "linear";
  std::string chunked = p.banded() ? p.nm("weft_bands") : trip;
  std::string cost0 = "0", cost1 = "0", work;
  if (linear) {
    cost0 = polyText(readCPoly(*p.task.getCost0()), p);
    cost1 = polyText(readCPoly(*p.task.getCost1()), p);
    if (cost0.empty() || cost1.empty())
      linear = false, cost0 = cost1 = "0";
  }
  std::string shape = linear ? "WEFT_SHAPE_LINEAR" : "WEFT_SHAPE_UNIFORM";
  if (gridOf) {
    // The same chunks as the loop it follows (WEFT_FOR_CHUNKWISE).
    std::string l = gridOf->nm("weft_l");
    linear = false;
    shape = l + ".shape";
    cost0 = l + ".cost0";
    cost1 = l + ".cost1";
    work = l + ".work_ns";
  } else if (linear) {
    // The cost polynomials use weft_bad; a failed one only means no shape.
    if (p.task.getGuards().empty() &&
        (cost0 + cost1).find("&" + p.nm("weft_bad")) != std::string::npos)
      o += body + "int " + p.nm("weft_bad") + " = 0;\n";
    o += body + "double " + p.nm("weft_cost0") + " = (double)" + cost0 + ";\n";
    o += body + "double " + p.nm("weft_cost1") + " = (double)" + cost1 + ";\n";
    cost0 = p.nm("weft_cost0");
    cost1 = p.nm("weft_cost1");
    work = "(" + cost0 + " * (double)" + trip + " + " + cost1 + " * (double)" +
           trip + " * (double)(" + trip + " - 1) / 2) / 1000";
  } else {
    work = uniformWorkText(p);
  }
  o += body + "weft_loop_t " + p.nm("weft_l") + " = {\n";
  o += body + "    .trip = " + chunked + ",\n";
  o += body + "    .shape = " + shape + ",\n";
  llvm::StringRef intent = p.task.getIntent().value_or("");
  o += body + "    .intent = " +
       (intent == "compute"  ? "WEFT_INTENT_COMPUTE"
        : intent == "memory" ? "WEFT_INTENT_MEMORY"
                             : "WEFT_INTENT_NONE") +
       ",\n";
  o += body + "    .cost0 = " + cost0 + ",\n";
  o += body + "    .cost1 = " + cost1 + ",\n";
  o += body + "    .work_ns = " + work + ",\n";
  o += body + "    .region_id = " + regionIdText(p) + ",\n";
  o += body + "    .line = " +
       std::to_string(sm.getExpansionLineNumber(p.loop->getBeginLoc())) + ",\n";
  o += body + "    .file = " + quoted(fileName) + "};\n";
  return o;
}

std::string weft::detail::indented(const std::string &g,
                                   const std::string &in) {
  std::string out;
  for (char c : g) {
    out += c;
    if (c == '\n')
      out += in;
  }
  return out;
}

bool FileRewriter::sameAsChunks(const Plan &p) {
  if (p.bandCopies)
    return false;
  for (const Capture &c : p.caps)
    if (c.kind == CaptureKind::Reduction &&
        !c.var->getType()->isIntegerType() &&
        !llvm::StringRef(c.op).contains(':'))
      return false;
  return true;
}

std::string FileRewriter::regionIdText(const Plan &p) {
  return std::to_string(p.task.getRegionId().value_or(p.task.getLoopId()));
}

bool FileRewriter::holdsStatics(const Plan &p) {
  // C11 6.7.4p3: an inline definition of a function with external linkage
  // defines no modifiable static.
  return !(p.fn && p.fn->isInlineSpecified() &&
           p.fn->getStorageClass() != clang::SC_Static &&
           p.fn->getStorageClass() != clang::SC_Extern);
}

FileRewriter::InlineQuery
FileRewriter::inlineQuery(const std::vector<Plan *> &loops,
                          const std::string &fn, bool spmd,
                          const std::string &trip, const std::string &in) {
  if (!llvm::all_of(loops, [](const Plan *p) { return sameAsChunks(*p); }))
    return {};
  const Plan &first = *loops.front();
  InlineQuery q;
  std::string memo = loops.size() > 1 ? "weft_rmemo" : "weft_memo";
  if (holdsStatics(first))
    q.decl = in + "static weft_memo_t " + memo +
             "; /* libweft's answers kept: calls that run as written */\n";
  std::string call =
      std::string(spmd ? "weft_spmd_inline(" : "weft_for_inline(") +
      (q.decl.empty() ? "0" : "&" + memo) + ", " + fn + ", " +
      regionIdText(first) + ", " + trip + ")";
  if (loops.size() > 1)
    q.cond = " && !(weft_as_written = " + call + ")";
  else
    q.cond = (first.inAskedRegion ? " && !weft_as_written" : "") +
             std::string(" && !") + call;
  return q;
}

std::string FileRewriter::dispatch(const Plan &p) {
  std::string name = p.task.getName().str();
  std::string in = p.indent + "  ";
  std::string guards, head = tripLines(p, in, guards);
  if (head.empty())
    return "";
  std::string body = in + "  ";
  Layout L = layout(p, body);
  std::string o;
  bool members = !L.copies.empty() && !p.bandCopies;
  o += "{ /* weft: in parallel in " + name + (members ? "_copies" : "") +
       "() when the checks pass; else as written */\n";
  o += head;
  std::string copies;
  if (!L.copies.empty()) {
    // Array reductions: the copies are made last in the condition, so
    // that a failed allocation runs the loop as written. A copy per band
    // (each chunk is one or more bands), or per team member.
    o += in + "int weft_n = 0; /* " + (members ? "team members" : "bands") +
         " with copies */\n" + in + "char *weft_copies = 0;\n";
    copies = " &&\n" + in + "    (weft_n = " +
             (members ? "weft_num_threads()" : "(int)" + p.nm("weft_bands")) +
             ",\n" + in + "     (weft_copies = (char *)weft_copies_alloc(" +
             L.bytes() + ", weft_n)) != 0)";
    copies = copyLengthTest(p, in) + copies;
  }
  InlineQuery query = inlineQuery(
      {const_cast<Plan *>(&p)}, members ? name + "_copies" : name, members,
      p.banded() ? p.nm("weft_bands") : p.nm("weft_trip"), in);
  o += query.decl;
  o += in + "if (weft_trip >= " +
       std::to_string(std::max<int64_t>(p.task.getMinTrip(), 1)) + " && " +
       readyCall + query.cond + indented(guards, in) + copies + ") {\n";
  o += L.declParts;
  if (p.exits())
    o += body + "weft_exits_t weft_x;\n";
  o += contextLines(p, L, body);
  o += descriptorLines(p, body);
  if (p.bandCopies) {
    // Each chunk's copies, added into the arrays in chunk order: the same
    // sums on any team.
    o += body + "int64_t weft_chunks = weft_parallel_for(&weft_l, " + name +
         ", &weft_c);\n";
    for (const Layout::Copy &cp : L.copies)
      o += copyCombine(cp, body,
                       "for (int64_t weft_e = 0; weft_e < " + cp.elems +
                           "; weft_e++)",
                       cp.name, "weft_copies", L.bytes(), "(int)weft_chunks");
    o += body + "weft_copies_free(weft_copies);\n";
    o += chunkOrderCombine(p, L, body);
  } else if (!L.copies.empty()) {
    o += body + "struct " + name +
         "_copies_ctx weft_r = {&weft_l, &weft_c, "
         "weft_n, weft_copies};\n";
    o += body + "weft_spmd(&weft_l, " + name + "_copies, &weft_r);\n";
    o += body + "weft_copies_free(weft_copies);\n";
    o += chunkOrderCombine(p, L, body);
  } else {
    // A loop with error paths: its chunks say which iteration takes one
    // first (docs/output.md, "Error paths").
    std::string run = "weft_parallel_for(&weft_l, " + name + ", &weft_c)";
    if (p.exits())
      run = "weft_parallel_for_exits(&weft_l, " + name + ", &weft_c, &weft_x)";
    if (L.hasReductions) {
      o += body + "int64_t weft_chunks = " + run + ";\n";
      o += body + "for (int64_t weft_j = 0; weft_j < weft_chunks; weft_j++) {"
                  " /* in chunk order */\n";
      o += L.combine;
      o += body + "}\n";
    } else {
      o += body + run + ";\n";
    }
  }
  o += L.copyOut;
  o += counterAfter(p, body);
  o += in + "} else {\n";
  o += asWritten(p, in, body);
  return o;
}

//===----------------------------------------------------------------------===//
// Fused regions
//===----------------------------------------------------------------------===//

std::string FileRewriter::regionFunction(const std::vector<Plan *> &r) {
  const Plan &first = *r.front();
  std::string name = first.task.getName().str() + "_region";
  std::string ctxName = "struct " + name + "_ctx";
  std::vector<std::string> numbers;
  for (const Plan *p : r)
    numbers.push_back(
        std::to_string(sm.getExpansionLineNumber(p->loop->getBeginLoc())));
  std::string lines = listText(numbers);
  std::string out = "/* weft: the loops at " + fileName + ":" + lines +
                    " (in " + first.fn->getNameAsString() +
                    "), one parallel region on libweft's team. */\n";
  out += ctxName + " {\n";
  for (size_t i = 0; i < r.size(); ++i)
    out += "  const weft_loop_t *l" + std::to_string(i + 1) + ";\n  void *c" +
           std::to_string(i + 1) + ";\n";
  out += "};\n\n";
  out += "static void " + name +
         "(void *weft_arg, int weft_member, int weft_size) {\n";
  out += "  " + ctxName + " *weft_r = (" + ctxName + " *)weft_arg;\n";
  out += "  (void)weft_member;\n  (void)weft_size;\n";
  // Task i follows the one before chunk by chunk, or not at all; it leaves
  // out its barrier unless the next task needs one (the region's end joins
  // anyway).
  auto regionFlags = [&](size_t i) {
    std::vector<std::string> flags;
    if (r[i]->task.getAfter() && *r[i]->task.getAfter() == "chunkwise")
      flags.push_back("WEFT_FOR_CHUNKWISE");
    if (i + 1 == r.size() || *r[i + 1]->task.getAfter() != "barrier")
      flags.push_back("WEFT_FOR_NOWAIT");
    std::string out;
    for (size_t k = 0; k < flags.size(); ++k)
      out += (k ? " | " : "") + flags[k];
    return flags.empty() ? std::string("0") : out;
  };
  for (size_t i = 0; i < r.size(); ++i) {
    std::string n = std::to_string(i + 1);
    out += "  weft_spmd_for_ex(weft_r->l" + n + ", " +
           r[i]->task.getName().str() + ", weft_r->c" + n + ", " +
           regionFlags(i) + ");\n";
  }
  out += "}\n\n";
  return out;
}

std::string FileRewriter::regionCondition(const std::vector<Plan *> &r,
                                          const std::string &in, bool openmp,
                                          const std::string &query) {
  std::string cond, guards;
  for (Plan *p : r) {
    std::string g = guardText(*p);
    int64_t min = openmp ? 0 : std::max<int64_t>(p->task.getMinTrip(), 1);
    cond += (cond.empty() ? "" : " && ") +
            (openmp ? openmpTripTest(*p)
                    : p->nm("weft_trip") + " >= " + std::to_string(min));
    guards += g;
  }
  if (!openmp)
    cond += " && " + readyCall + query;
  return cond + indented(guards, in);
}

std::string FileRewriter::regionDispatch(const std::vector<Plan *> &r,
                                         const std::string &glue) {
  const Plan &first = *r.front();
  std::string name = first.task.getName().str() + "_region";
  std::string in = first.indent + "  ", body = in + "  ";
  std::string head;
  for (Plan *p : r) {
    std::string guards, h = tripLines(*p, in, guards);
    if (h.empty())
      return "";
    head += h;
  }
  // The glue ends on the block's indentation.
  std::string o = glue;
  if (options.lineDirectives)
    o += lineDirective(first.loop->getBeginLoc()) + first.indent;
  o += "{ /* weft: one parallel region, in " + name +
       "(), when every loop's checks pass; else each loop as before */\n";
  o += head;
  InlineQuery query = inlineQuery(r, name, true, "weft_trip", in);
  if (!query.cond.empty())
    o += query.decl + in +
         "int weft_as_written = 0; /* the runtime said: this call runs "
         "the loops as written */\n";
  o += in + "if (" + regionCondition(r, in, false, query.cond) + ") {\n";
  std::vector<Layout> layouts;
  for (Plan *p : r) {
    layouts.push_back(layout(*p, body));
    o += layouts.back().declParts;
  }
  for (size_t i = 0; i < r.size(); ++i)
    o += contextLines(*r[i], layouts[i], body);
  for (size_t i = 0; i < r.size(); ++i)
    o += descriptorLines(
        *r[i], body, r[i]->task.getAfter() == "chunkwise" ? r[i - 1] : nullptr);
  o += body + "struct " + name + "_ctx weft_r = {";
  for (size_t i = 0; i < r.size(); ++i)
    o += std::string(i ? ", " : "") + "&" + r[i]->nm("weft_l") + ", &" +
         r[i]->nm("weft_c");
  o += "};\n";
  // The region's site: its id, line and file for traces, its intent and
  // work for frequency hints.
  llvm::StringRef intent = "none";
  std::string work;
  for (Plan *p : r) {
    llvm::StringRef i = p->task.getIntent().value_or("none");
    if (i == "compute" || (i == "memory" && intent == "none"))
      intent = i;
    work += (work.empty() ? "" : " + ") + p->nm("weft_l") + ".work_ns";
  }
  o += body + "weft_loop_t weft_site = {\n";
  o += body + "    .trip = weft_trip,\n";
  o += body + "    .intent = " +
       (intent == "compute"  ? "WEFT_INTENT_COMPUTE"
        : intent == "memory" ? "WEFT_INTENT_MEMORY"
                             : "WEFT_INTENT_NONE") +
       ",\n";
  o += body + "    .work_ns = " + work + ",\n";
  o += body + "    .region_id = weft_l.region_id,\n";
  o += body + "    .line = weft_l.line,\n";
  o += body + "    .file = weft_l.file};\n";
  o += body + "weft_spmd(&weft_site, " + name + ", &weft_r);\n";
  for (size_t i = 0; i < r.size(); ++i)
    o += chunkOrderCombine(*r[i], layouts[i], body);
  for (size_t i = 0; i < r.size(); ++i) {
    o += layouts[i].copyOut;
    o += counterAfter(*r[i], body);
  }
  std::string rest = regionElse(r, [&](const Plan &q) {
    Plan asked = q;
    if (!query.cond.empty())
      asked.inAskedRegion = true;
    return dispatch(asked);
  });
  return rest.empty() ? "" : o + rest;
}

std::string
FileRewriter::regionElse(const std::vector<Plan *> &r,
                         llvm::function_ref<std::string(const Plan &)> alone,
                         const std::string &tail) {
  const Plan &first = *r.front();
  std::string in = first.indent + "  ", body = in + "  ";
  std::string o = in + "} else {\n";
  for (Plan *p : r) {
    // Each loop as it would be alone, one level in.
    Plan q = *p;
    q.indent = body;
    q.sfx.clear();
    std::string d = alone(q);
    if (d.empty())
      return "";
    o += body + d + "\n";
  }
  if (!tail.empty())
    o += body + tail;
  o += in + "}\n" + first.indent + "}";
  if (options.lineDirectives)
    o += "\n" +
         lineDirective(sm.getLocForStartOfFile(sm.getMainFileID())
                           .getLocWithOffset(r.back()->end)) +
         first.indent;
  return o;
}

std::string FileRewriter::asWritten(const Plan &p, const std::string &in,
                                    const std::string &body,
                                    const std::string &tail) {
  // The loop as written; a start with side effects was evaluated once above.
  std::string loopText;
  unsigned b, e;
  if (p.header->start && p.header->start->HasSideEffects(ctx)) {
    fileRange(p.header->start->getSourceRange(), b, e, false);
    loopText = text(p.begin, b) + p.nm("weft_start") + text(e, p.end);
  } else if (p.header->initBefore && initRange(p, b, e)) {
    // (The init ran above: tripLines.)
    loopText = text(p.begin, b) + text(e, p.end);
  } else {
    loopText = text(p.begin, p.end);
  }
  std::string o;
  if (options.lineDirectives)
    o += lineDirective(p.loop->getBeginLoc()) + in + "  ";
  else
    o += body;
  o += reindent(loopText, p.fileIndent, body) + "\n";
  if (!tail.empty())
    o += body + tail;
  o += in + "}\n" + p.indent + "}";
  if (options.lineDirectives)
    o += "\n" + lineDirective(sm.getLocForStartOfFile(sm.getMainFileID())
                                  .getLocWithOffset(p.end)) +
         p.indent;
  return o;
}
