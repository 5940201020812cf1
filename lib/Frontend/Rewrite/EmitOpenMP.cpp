//===- EmitOpenMP.cpp - A task under `#pragma omp parallel for` ----------===//
//
// `weft-translate --emit=openmp` writes each parallel loop where it was, as a
// normalized loop under `#pragma omp parallel for schedule(static)` (or
// `schedule(static, 1)` for a triangular one, openmpSchedule) with the
// clauses of weft's analysis (private, firstprivate, lastprivate, reduction)
// and the task's minimum trip count as its `if` clause. A trip count weft
// cannot compute (-1), or of zero, or a failed overlap check runs the loop as
// written.
// The file then needs an OpenMP compiler and nothing of libweft: the checks'
// helpers (weft_checks.h) are copied in once (docs/output.md).
//
//===----------------------------------------------------------------------===//
#include "RewriteInternals.h"
#include "weft/Analysis/Cost.h"

using namespace weft;
using namespace weft::detail;

std::string FileRewriter::openmpClauses(const Plan &p, std::string &why) {
  std::vector<std::string> priv, first, last;
  std::map<std::string, std::vector<std::string>> reductions;
  for (const Capture &c : p.caps) {
    switch (c.kind) {
    case CaptureKind::Global:
    case CaptureKind::Counter:
    case CaptureKind::Induction: // each iteration declares its own
    case CaptureKind::Shared:
    case CaptureKind::ArrayReduction: // the region's copies (openmpBlock)
    case CaptureKind::PrivateCopy:
      break; // shared, OpenMP's default; the counter is the loop's own
    case CaptureKind::Firstprivate:
      if (p.inBody.contains(c.var))
        first.push_back(c.name);
      break;
    case CaptureKind::Private:
      priv.push_back(c.name);
      break;
    case CaptureKind::Lastprivate:
      last.push_back(c.name);
      break;
    case CaptureKind::CondLastprivate:
      // OpenMP 5.0 has lastprivate(conditional: v), which GCC 12 gets
      // right, but Clang 19 copies out an unset private copy when no
      // iteration assigns v (test/Translate/Emit/cond-lastprivate.c).
      why = c.name +
            " is written in only some iterations, and OpenMP's "
            "lastprivate(conditional:) for it is wrong with Clang 19 when "
            "no iteration writes it";
      return "";
    case CaptureKind::Reduction: {
      llvm::StringRef id = reductionSymbol(c.op);
      if (id.empty()) {
        why = "OpenMP has no reduction for the operator of " + c.name;
        return "";
      }
      bool fp = c.var->getType().getCanonicalType()->isRealFloatingType();
      if (fp && (id == "min" || id == "max") && !options.fpReorder) {
        why = "OpenMP combines the partial results of the floating-point " +
              id.str() + " " + c.name +
              " in no fixed order, which can change the sign of a zero "
              "result or drop a NaN it started from (allow that with "
              "-ffast-math or --fp-reductions)";
        return "";
      }
      reductions[id.str()].push_back(c.name);
      break;
    }
    }
  }
  std::string out;
  auto clause = [&](const std::string &head,
                    const std::vector<std::string> &vars) {
    if (vars.empty())
      return;
    out += " " + head;
    for (size_t i = 0; i < vars.size(); ++i)
      out += (i ? ", " : "") + vars[i];
    out += ")";
  };
  clause("private(", priv);
  clause("firstprivate(", first);
  clause("lastprivate(", last);
  for (auto &[id, vars] : reductions)
    clause("reduction(" + id + ": ", vars);
  return out;
}

std::optional<int64_t> FileRewriter::openmpMinTrip(const Plan &p) {
  // No `if` where nothing is checked: a minimum of one, or a trip count
  // that is a constant at least the minimum.
  int64_t minTrip = p.task.getMinTrip();
  std::optional<int64_t> constTrip = WorkModel::constantTrip(p.task.getLoop());
  if (minTrip <= 1 || (constTrip && *constTrip >= minTrip))
    return std::nullopt;
  return minTrip;
}

std::string
FileRewriter::openmpMinTest(const std::vector<const Plan *> &loops) {
  std::string cond;
  for (const Plan *p : loops)
    if (std::optional<int64_t> min = openmpMinTrip(*p))
      cond += (cond.empty() ? "" : " && ") + p->nm("weft_trip") +
              " >= " + std::to_string(*min);
  return cond;
}

bool FileRewriter::openmpIntLoop(const Plan &p) {
  // GCC 12 builds the loop's addressing poorly when an `int` counter is
  // rebuilt in every iteration from a 64-bit weft_k through a narrowing
  // conversion (bench/compiler's rowfilter: 0.14 s on one thread against
  // 0.097 s with an `int` weft_k and 0.090 s sequential).
  return ctx.hasSameType(
      p.header->counter->getType().getCanonicalType().getUnqualifiedType(),
      ctx.IntTy);
}

std::string FileRewriter::openmpSchedule(const Plan &p) {
  // Iterations whose cost grows with k (a triangular nest: weft's own
  // chunks have equal work, docs/runtime.md) dealt out one by one: contiguous
  // blocks would give the first thread most of the work (a PolyBench-style
  // correlation, 1200 variables, 2 threads, gcc -O2: 0.50 s against 0.33 s).
  bool linear =
      !p.banded() && p.task.getShape() && *p.task.getShape() == "linear";
  return linear ? "schedule(static, 1)" : "schedule(static)";
}

std::string FileRewriter::openmpTripTest(const Plan &p) {
  std::string t = p.nm("weft_trip");
  return t + " > 0" + (openmpIntLoop(p) ? " && " + t + " <= INT32_MAX" : "");
}

std::string FileRewriter::openmpLoop(const Plan &p, const std::string &in,
                                     llvm::StringRef lo, llvm::StringRef hi) {
  if (p.turned || p.tiles) {
    // Bands of the iterations, each running the interchanged loops, or the
    // tiles, over its part (chunkLoops).
    std::string bands = p.nm("weft_bands"), trip = p.nm("weft_trip");
    return in + "for (int64_t weft_b = 0; weft_b < " + bands +
           "; weft_b++) {\n" +
           bandLines(in + "  ", trip, bands, "weft_b", "weft_b + 1") +
           chunkLoops(p, in + "  ", "weft_first", "weft_last",
                      p.nm("weft_start"), false) +
           in + "}\n";
  }
  std::string k = openmpIntLoop(p) ? "int" : "int64_t";
  std::string o = in + "for (" + k +
                  " weft_k = " + (hi.empty() ? "0" : "(" + k + ")" + lo.str()) +
                  "; weft_k < " + (hi.empty() ? p.nm("weft_trip") : hi.str()) +
                  "; weft_k++) {\n";
  std::string bodyIn = in + "  ";
  if (!hi.empty())
    o += bodyIn + "if (weft_omp_exit_stopped(&weft_x, weft_k))\n" + bodyIn +
         "  break; /* weft: an earlier iteration ends the program */\n";
  // (Each iteration's own copy of a parameter every call passes one
  // constant for, which the compiler then folds, as in the sequential code
  // it inlines: docs/output.md, "Constant arguments".)
  o += constantLines(p, bodyIn);
  o += counterLines(p, bodyIn, p.nm("weft_start"));
  if (options.lineDirectives)
    o += lineDirective(p.body->getBeginLoc());
  o += bodyIn + bodyText(p, /*edits=*/false, bodyIn) + "\n";
  return o + in + "}\n";
}

FileRewriter::OmpSite
FileRewriter::openmpSite(const std::vector<const Plan *> &loops,
                         const std::string &in, bool region) {
  OmpSite s;
  const Plan &first = *loops.front();
  // A sweep's rows are counted inside its region: no estimate before it
  // (and one region for the whole nest is seldom short).
  if (!llvm::all_of(
          loops, [](const Plan *p) { return sameAsChunks(*p) && !p->sweep; }))
    return s;
  // A loop of a constant trip count estimated too long to measure.
  double known = 0;
  for (const Plan *p : loops) {
    std::optional<int64_t> trip = WorkModel::constantTrip(p->task.getLoop());
    if (trip)
      known += p->task.getWorkPerIter().convertToDouble() * (double)*trip;
  }
  if (known >= kProbeMaxNs)
    return s;
  if (!holdsStatics(first))
    return s;
  std::string site = region ? "weft_rsite" : "weft_site";
  std::string mode = region ? "weft_rmode" : "weft_mode";
  std::string t0 = region ? "weft_rt0" : "weft_t0";
  std::string work;
  for (const Plan *p : loops)
    work += (work.empty() ? "" : " + ") + uniformWorkText(*p);
  std::string trip = first.nm("weft_trip");
  s.decl = in + "static weft_omp_site_t " + site + "; /* its times */\n" + in +
           "int " + mode + " = -1; /* how this call runs, WEFT_SITE_* */\n" +
           in + "double " + t0 + " = 0;\n";
  // The minimum trip counts, tested here instead of in an `if` clause:
  // below them the loops run as written, not on a team of one. In a
  // region's `else`, a loop runs in parallel only when the region's site
  // did not say to run as written (it was not asked: a check failed).
  if (std::string min = openmpMinTest(loops); !min.empty())
    s.before = " && " + min;
  if (first.inAskedRegion && !region)
    s.before += " && weft_rmode < WEFT_SITE_CALLER";
  s.ask = " &&\n" + in + "    (" + mode + " = weft_omp_site_mode(&" + site +
          ", " + trip + ", " + work + ", 1, &" + t0 + ")) < WEFT_SITE_CALLER";
  auto end = [&](const char *team) {
    return "weft_omp_site_end(&" + site + ", " + mode + ", " + team + ", " +
           trip + ", " + t0 + ");\n";
  };
  s.endTeam = end("1");
  s.endWritten = end("0");
  return s;
}

std::string FileRewriter::openmpBlock(const Plan &p, std::string &why) {
  std::string in = p.indent + "  ", body = in + "  ";
  std::string guards, head = tripLines(p, in, guards);
  if (head.empty())
    return ""; // the rewriter says why
  std::string clauses = openmpClauses(p, why);
  if (!why.empty())
    return "";
  // A loop with error paths (docs/output.md, "Error paths") runs without
  // `omp for`, which lastprivate needs.
  if (p.exits() && llvm::any_of(p.caps, [](const Capture &c) {
        return c.kind == CaptureKind::Lastprivate;
      })) {
    why = "it has an error path and a variable whose last value is used "
          "after it, which OpenMP's lastprivate gives only under `omp for`";
    return "";
  }
  Layout L;
  for (const Capture &c : p.caps)
    if (c.kind == CaptureKind::ArrayReduction ||
        c.kind == CaptureKind::PrivateCopy)
      addCopy(c, L);
  if (!L.copies.empty())
    return openmpCopiesBlock(p, head, guards, clauses, L);
  OmpSite site = openmpSite({&p}, in, false);
  std::string min = site ? "" : openmpMinTest({&p}); // the `if` clause
  std::string o;
  o += "{ /* weft: in parallel with OpenMP when the checks pass; else as "
       "written */\n";
  o += head + site.decl;
  // No iteration at all runs as written too: with none, OpenMP may copy a
  // lastprivate variable out of a private copy no iteration set (GCC 12
  // does). So does a failed overlap check: the loop as written reads a
  // bound in memory before every iteration, which the parallel loop read
  // once (docs/analysis.md, "Bounds in memory").
  o += in + "if (" + openmpTripTest(p) + site.before + guards + site.ask +
       ") {\n";
  // The pragma, one clause group per line.
  std::string cont = " \\\n" + body + "    ";
  // A sweep (docs/outline.md, "Sweeps"): every thread runs the loop
  // around, and shares out this loop in each of its iterations without a
  // barrier. Static schedules of one trip count give each thread the same
  // iterations every time, so a thread only ever reads what it wrote.
  // A loop with error paths: each thread runs its block of the iterations
  // in order, blocks in thread order (weft_omp_exits_block, not `omp for`,
  // whose static blocks OpenMP does not promise in thread order), and an
  // error path waits for the threads before its own (weft_checks.h). Not
  // `ordered`: libomp makes every iteration of an ordered loop wait for the
  // one before it (bench/compiler's asserted, clang-19: 0.02x sequential).
  if (p.exits())
    o += body + "weft_omp_exits_t weft_x;\n" + body +
         "weft_omp_exits_begin(&weft_x);\n";
  o += body + (p.exits() ? "#pragma omp parallel "
                           "num_threads(weft_omp_exits_team())"
               : p.sweep ? "#pragma omp parallel"
                         : "#pragma omp parallel for " + openmpSchedule(p));
  if (!min.empty())
    o += cont + "if(" + min + ")";
  if (!clauses.empty())
    o += cont + clauses.substr(1);
  o += "\n";
  if (p.exits()) {
    std::string region = body + "  ";
    o += body + "{\n";
    o += region + "int64_t weft_lo, weft_hi;\n";
    o += region + "weft_omp_exits_block(" + p.nm("weft_trip") +
         ", &weft_lo, &weft_hi);\n";
    o += openmpLoop(p, region, "weft_lo", "weft_hi");
    o += region + p.exitLabel + ": /* weft: where a block stops */\n";
    o += region + "weft_omp_exits_done(&weft_x);\n";
    o += body + "}\n";
  } else if (p.sweep) {
    o += body + text(p.begin, p.sweepHead) + " {\n";
    o += body +
         "  #pragma omp for schedule(static) nowait /* weft: a sweep */\n";
    o += openmpLoop(p, body + "  ");
    o += body + "}\n";
  } else {
    o += openmpLoop(p, body);
  }
  o += counterAfter(p, body);
  if (site)
    o += body + site.endTeam;
  o += in + "} else {\n";
  o += asWritten(p, in, body, site.endWritten);
  return o;
}

std::string FileRewriter::openmpCopiesBlock(const Plan &p,
                                            const std::string &head,
                                            const std::string &guards,
                                            const std::string &clauses,
                                            const Layout &L) {
  // Hand-written copies, not OpenMP's reduction over an array section:
  // clang-19 with libomp gets `reduction(+: h[:M])` wrong on large arrays
  // (bench/programs' is, docs/output.md). Each thread's copies come
  // from one block made before the region (omp_get_max_threads() bounds
  // its team), and a failed allocation runs the loop as written.
  needsOmpHeader = true;
  std::string in = p.indent + "  ", body = in + "  ", region = body + "  ";
  std::string bytes = L.bytes(), sized = copyLengthTest(p, in);
  std::string o;
  if (p.bandCopies) {
    // A copy per band of iterations, added up in band order after the
    // loop: the same sums with any number of threads.
    std::string bands = p.nm("weft_bands"), trip = p.nm("weft_trip");
    o += "{ /* weft: in parallel with OpenMP, each band of iterations on its "
         "own copies of the\n" +
         in +
         "   arrays, added up in band order, when the checks pass; else "
         "as written */\n";
    o += head;
    o += in + "char *weft_copies = 0;\n";
    o += in + "if (" + openmpTripTest(p) + guards + sized + " &&\n" + in +
         "    (weft_copies = (char *)omp_alloc((size_t)" + bands + " * " +
         bytes + ", omp_default_mem_alloc)) != 0) {\n";
    for (const Layout::Copy &cp : L.copies)
      if (!cp.isPrivate())
        o += body + "void *weft_array_" + cp.name + " = " + cp.name + ";\n";
    o += body + "#pragma omp parallel for schedule(static)";
    if (std::string min = openmpMinTest({&p}); !min.empty())
      o += " \\\n" + body + "    if(" + min + ")";
    if (!clauses.empty())
      o += " \\\n" + body + "    " + clauses.substr(1);
    o += "\n" + body + "for (int64_t weft_b = 0; weft_b < " + bands +
         "; weft_b++) {\n";
    o += region + "char *weft_mine = weft_copies + (size_t)weft_b * " + bytes +
         ";\n";
    for (const Layout::Copy &cp : L.copies) {
      o += copyFill(cp, region, "weft_mine");
      o += region + typeText(cp.ptr, policy, cp.name) + " = (" +
           typeText(cp.ptr, policy) + ")weft_copy_" + cp.name + ";\n";
    }
    o += bandLines(region, trip, bands, "weft_b", "weft_b + 1");
    o += chunkLoops(p, region, "weft_first", "weft_last", p.nm("weft_start"),
                    false);
    o += body + "}\n";
    for (const Layout::Copy &cp : L.copies)
      o += copyCombine(
          cp, body,
          "for (int64_t weft_e = 0; weft_e < " + cp.elems + "; weft_e++)",
          "weft_array_" + cp.name, "weft_copies", bytes, "(int)" + bands);
    o += body + "omp_free(weft_copies, omp_default_mem_alloc);\n";
    o += counterAfter(p, body);
    o += in + "} else {\n";
    o += asWritten(p, in, body);
    return o;
  }
  OmpSite site = openmpSite({&p}, in, false);
  std::string min = site ? "" : openmpMinTest({&p}); // the `if` clause
  o += "{ /* weft: in parallel with OpenMP, each thread on its own copies of "
       "the arrays,\n" +
       in + "   when the checks pass; else as written */\n";
  o += head + site.decl;
  o += in + "int weft_n = 0; /* threads with copies */\n" + in +
       "char *weft_copies = 0;\n";
  // A measured site asks before the copies are made (openmpBlock).
  o += in + "if (" + openmpTripTest(p) + site.before + guards + site.ask +
       sized + " &&\n" + in + "    (weft_n = omp_get_max_threads(),\n" + in +
       "     (weft_copies = (char *)omp_alloc((size_t)weft_n * " + bytes +
       ", omp_default_mem_alloc)) != 0)) {\n";
  // The arrays, named before the copies take their names.
  bool combined = false;
  for (const Layout::Copy &cp : L.copies)
    if (!cp.isPrivate()) {
      o += body + "void *weft_array_" + cp.name + " = " + cp.name + ";\n";
      combined = true;
    }
  o += body + "#pragma omp parallel";
  if (!min.empty())
    o += " if(" + min + ")";
  o += "\n" + body + "{\n";
  o += region +
       "char *weft_mine = weft_copies + (size_t)omp_get_thread_num() "
       "* " +
       bytes + ";\n";
  for (const Layout::Copy &cp : L.copies) {
    o += copyFill(cp, region, "weft_mine");
    o += region + typeText(cp.ptr, policy, cp.name) + " = (" +
         typeText(cp.ptr, policy) + ")weft_copy_" + cp.name + ";\n";
  }
  o += region + "#pragma omp for " + openmpSchedule(p);
  if (!clauses.empty())
    o += " \\\n" + region + "    " + clauses.substr(1);
  o += "\n";
  o += openmpLoop(p, region);
  if (combined) {
    o += region +
         "/* Every copy is complete (the barrier of the loop above): "
         "each thread\n" +
         region + "   combines a share of the elements of every copy. */\n";
    o += region + "int weft_nt = omp_get_num_threads();\n";
  }
  for (const Layout::Copy &cp : L.copies) {
    o += copyCombine(cp, region,
                     "#pragma omp for schedule(static) nowait\n" + region +
                         "for (int64_t weft_e = 0; weft_e < " + cp.elems +
                         "; weft_e++)",
                     "weft_array_" + cp.name, "weft_copies", bytes, "weft_nt");
  }
  o += body + "}\n";
  o += body + "omp_free(weft_copies, omp_default_mem_alloc);\n";
  o += counterAfter(p, body);
  if (site)
    o += body + site.endTeam;
  o += in + "} else {\n";
  o += asWritten(p, in, body, site.endWritten);
  return o;
}

std::string FileRewriter::openmpRegion(const std::vector<Plan *> &r,
                                       const std::string &glue,
                                       std::string &why) {
  const Plan &first = *r.front();
  std::string in = first.indent + "  ", body = in + "  ", loopIn = body + "  ";
  std::string head;
  std::vector<std::string> clauses;
  for (Plan *p : r) {
    std::string guards, h = tripLines(*p, in, guards);
    if (h.empty())
      return "";
    head += h;
    clauses.push_back(openmpClauses(*p, why));
    if (!why.empty())
      return "";
  }
  // The glue ends on the block's indentation.
  std::string o = glue;
  if (options.lineDirectives)
    o += lineDirective(first.loop->getBeginLoc()) + first.indent;
  o += "{ /* weft: one OpenMP parallel region when every loop's checks pass; "
       "else each loop as before */\n";
  std::vector<const Plan *> loops(r.begin(), r.end());
  OmpSite site = openmpSite(loops, in, true);
  o += head + site.decl;
  // No iteration at all in one of them, or a failed check: each on its own
  // (openmpBlock says why a loop without iterations runs as written).
  o += in + "if (" + regionCondition(r, in, true) + site.before + site.ask +
       ") {\n";
  std::string cont = " \\\n" + body + "    ";
  o += body + "#pragma omp parallel";
  if (std::string min = site ? "" : openmpMinTest(loops); !min.empty())
    o += cont + "if(" + min + ")";
  o += "\n" + body + "{\n";
  for (size_t i = 0; i < r.size(); ++i) {
    const Plan &p = *r[i];
    llvm::StringRef after = p.task.getAfter().value_or("");
    // A loop that follows the one before chunk by chunk gets the same
    // threads for the same iterations from one static schedule only when
    // the trip counts are equal: else, a barrier. Bands (a loop
    // interchanged with the loop inside it) are shared out otherwise than
    // iterations, and so are the iterations of another schedule: a barrier
    // too.
    if (after == "chunkwise" &&
        (p.turned || r[i - 1]->turned || p.tiles || r[i - 1]->tiles ||
         openmpSchedule(p) != openmpSchedule(*r[i - 1])))
      o += loopIn + "#pragma omp barrier\n";
    else if (after == "chunkwise")
      o += loopIn + "if (" + p.nm("weft_trip") +
           " != " + r[i - 1]->nm("weft_trip") + ") {\n" + loopIn +
           "  #pragma omp barrier\n" + loopIn + "}\n";
    bool nowait = i + 1 == r.size() ||
                  r[i + 1]->task.getAfter().value_or("") != "barrier";
    o += loopIn + "#pragma omp for " + openmpSchedule(p);
    if (nowait)
      o += " nowait";
    if (!clauses[i].empty())
      o += " \\\n" + loopIn + "    " + clauses[i].substr(1);
    o += "\n";
    o += openmpLoop(p, loopIn);
  }
  o += body + "}\n";
  for (Plan *p : r)
    o += counterAfter(*p, body);
  if (site)
    o += body + site.endTeam;
  std::string rest = regionElse(
      r,
      [&](const Plan &q) {
        Plan asked = q;
        asked.inAskedRegion = (bool)site;
        return openmpBlock(asked, why);
      },
      site.endWritten);
  return rest.empty() ? "" : o + rest;
}
