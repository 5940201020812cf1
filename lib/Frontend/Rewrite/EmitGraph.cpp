//===- EmitGraph.cpp - The C text of a task graph
//------------------------------===//
//
// A task graph (weft.graph, weft-task-graph) becomes one function per task,
// each running its statement as written, with the variables it uses bound
// as an outlined loop body binds them (layout), and a block in place of the
// statements that hands the graph to libweft (weft_run_graph) and keeps the
// statements as written as the fallback (docs/output.md, "Task graphs").
// OpenMP output writes them as sections, level by level.
//
//===----------------------------------------------------------------------===//
#include "RewriteInternals.h"

#include <algorithm>
#include <cstdio>

using namespace weft;
using namespace weft::detail;

bool FileRewriter::planGraph(mlir::Operation *op, GraphPlan &g,
                             std::string &why) {
  g.op = op;
  auto d = op->getAttrOfType<mlir::DictionaryAttr>("weft.graph");
  auto stmts =
      d ? d.getAs<mlir::DenseI64ArrayAttr>("stmts") : mlir::DenseI64ArrayAttr();
  auto preds =
      d ? d.getAs<mlir::DenseI64ArrayAttr>("preds") : mlir::DenseI64ArrayAttr();
  auto work =
      d ? d.getAs<mlir::DenseF64ArrayAttr>("work") : mlir::DenseF64ArrayAttr();
  auto caps = d ? d.getAs<mlir::ArrayAttr>("captures") : mlir::ArrayAttr();
  auto id = d ? d.getAs<mlir::IntegerAttr>("id") : mlir::IntegerAttr();
  if (!stmts || !preds || !work || !caps || !id ||
      stmts.size() != preds.size() || stmts.size() != work.size()) {
    why = "weft lost track of the task graph (please report this)";
    return false;
  }
  g.preds.assign(preds.asArrayRef().begin(), preds.asArrayRef().end());
  g.work.assign(work.asArrayRef().begin(), work.asArrayRef().end());
  g.id = id.getInt();
  auto flag = [&](llvm::StringRef key, bool otherwise) {
    auto b = d.getAs<mlir::BoolAttr>(key);
    return b ? b.getValue() : otherwise;
  };
  g.estimated = flag("estimated", false);
  g.writesScalars = flag("writes_scalars", true);
  auto loops = d.getAs<mlir::DenseBoolArrayAttr>("loops");
  auto copyOut = d.getAs<mlir::ArrayAttr>("copy_out");
  if (loops && loops.size() == stmts.size())
    g.loops.assign(loops.asArrayRef().begin(), loops.asArrayRef().end());
  else
    g.loops.assign(stmts.size(), false);
  if (auto checks = d.getAs<mlir::ArrayAttr>("checks"))
    for (mlir::Attribute a : checks) {
      auto c = llvm::dyn_cast<mlir::DictionaryAttr>(a);
      auto later = c ? c.getAs<mlir::IntegerAttr>("later") : nullptr;
      auto earlier = c ? c.getAs<mlir::IntegerAttr>("earlier") : nullptr;
      auto guards = c ? c.getAs<mlir::ArrayAttr>("guards") : nullptr;
      if (!later || !earlier || !guards || earlier.getInt() < 0 ||
          earlier.getInt() >= later.getInt() ||
          later.getInt() >= (int64_t)stmts.size() || guards.empty()) {
        why = "weft lost track of the task graph (please report this)";
        return false;
      }
      g.checks.push_back(
          {(size_t)later.getInt(), (size_t)earlier.getInt(), guards});
    }
  if (llvm::is_contained(g.loops, true) &&
      (!copyOut || (int64_t)copyOut.size() != stmts.size())) {
    why = "weft lost track of the task graph (please report this)";
    return false;
  }
  Plan base;
  if (!placeBefore(op, base, why))
    return false;
  g.name =
      "weft_" + base.fn->getNameAsString() + "_graph" + std::to_string(g.id);
  for (mlir::Attribute a : caps) {
    auto c = llvm::cast<CaptureAttr>(a);
    Capture cap;
    cap.kind = c.getKind();
    cap.name = c.getName().str();
    if (c.getDecl() < 0 || (size_t)c.getDecl() >= im.decls.size() ||
        !(cap.var =
              llvm::dyn_cast_or_null<clang::VarDecl>(im.decls[c.getDecl()]))) {
      why = "weft lost track of the variable " + cap.name +
            " (please report this)";
      return false;
    }
    base.caps.push_back(cap);
  }
  // The statements: consecutive children of one block, each written in the
  // file as such.
  const clang::CompoundStmt *block = nullptr;
  const clang::Stmt *prev = nullptr;
  for (int64_t sid : stmts.asArrayRef()) {
    if (sid < 0 || (size_t)sid >= im.stmts.size() || !im.stmts[sid]) {
      why = "weft lost track of a statement (please report this)";
      return false;
    }
    const clang::Stmt *s = im.stmts[sid];
    auto parents = ctx.getParents(*s);
    const auto *cs =
        parents.empty() ? nullptr : parents[0].get<clang::CompoundStmt>();
    if (!cs || (block && cs != block)) {
      why = "its statements are not all in one block";
      return false;
    }
    block = cs;
    if (prev) {
      auto it = llvm::find(cs->body(), prev);
      if (it == cs->body_end() || std::next(it) == cs->body_end() ||
          *std::next(it) != s) {
        why = "other statements (a declaration, an empty statement) lie "
              "between its statements";
        return false;
      }
    }
    prev = s;
    Plan p = base;
    p.loop = p.body = s;
    p.header = &g.none;
    if (g.loops[g.tasks.size()]) {
      p.copyShared = true;
      for (int64_t decl :
           llvm::cast<mlir::DenseI64ArrayAttr>(copyOut[g.tasks.size()])
               .asArrayRef())
        if (decl >= 0 && (size_t)decl < im.decls.size())
          if (auto *v = llvm::dyn_cast_or_null<clang::VarDecl>(im.decls[decl]))
            p.copyBack.insert(v);
    }
    if (s->getBeginLoc().isMacroID() ||
        !fileRange(s->getSourceRange(), p.begin, p.end, endsWithSemi(s))) {
      why = "a statement of it is not written in the file as such (a macro "
            "makes it)";
      return false;
    }
    p.bodyBegin = p.begin;
    p.bodyEnd = p.end;
    p.loopBegin = p.begin;
    p.indent = blanksBefore(p.begin);
    p.fileIndent = p.indent.size();
    if (!checkLoop(p, why))
      return false;
    g.edits.push_back(p.bodyEdits);
    g.tasks.push_back(std::move(p));
  }
  g.begin = g.tasks.front().begin;
  g.end = g.tasks.back().end;
  return true;
}

std::string FileRewriter::graphFunctions(const GraphPlan &g) {
  // One context for the graph: every task's fields, once.
  std::vector<std::string> fields;
  std::string out =
      "/* weft: the statements at lines " +
      std::to_string(
          sm.getExpansionLineNumber(g.tasks.front().loop->getBeginLoc())) +
      "-" +
      std::to_string(
          sm.getExpansionLineNumber(g.tasks.back().loop->getBeginLoc())) +
      " (in " + g.tasks.front().fn->getNameAsString() +
      "), the tasks of a task graph on libweft's team. */\n";
  std::string fns;
  for (size_t i = 0; i < g.tasks.size(); ++i) {
    const Plan &p = g.tasks[i];
    Layout L = layout(p, "");
    llvm::StringRef rest = L.fields;
    while (!rest.empty()) {
      auto [line, next] = rest.split('\n');
      if (!llvm::is_contained(fields, line.str()))
        fields.push_back(line.str());
      rest = next;
    }
    std::string name = g.name + "_t" + std::to_string(i);
    fns += "static void " + name + "(void *weft_arg) {\n  struct " + g.name +
           "_ctx *weft_c = (struct " + g.name + "_ctx *)weft_arg;\n" +
           "  (void)weft_c;\n" + L.binds;
    fns += options.lineDirectives ? lineDirective(p.loop->getBeginLoc()) + "  "
                                  : std::string("  ");
    fns += reindent(editedText(p.begin, p.end, g.edits[i]), p.fileIndent, "  ");
    fns += "\n" + L.tail + "}\n\n";
  }
  out += "struct " + g.name + "_ctx {\n";
  for (const std::string &f : fields)
    out += f + "\n";
  if (fields.empty())
    out += "  char weft_none;\n";
  out += "};\n\n" + fns;
  return out;
}

/// The graph's context initializers: each task's, once.
static std::vector<std::string>
graphInits(const std::vector<std::string> &all) {
  std::vector<std::string> out;
  for (const std::string &i : all)
    if (!llvm::StringRef(i).starts_with("weft_") && !llvm::is_contained(out, i))
      out.push_back(i);
  return out;
}

std::string FileRewriter::closeGraph(const GraphPlan &g) {
  const Plan &first = g.tasks.front();
  std::string o = first.indent + "}";
  if (options.lineDirectives)
    o += "\n" +
         lineDirective(sm.getLocForStartOfFile(sm.getMainFileID())
                           .getLocWithOffset(g.end)) +
         first.indent;
  return o;
}

std::string FileRewriter::graphDispatch(const GraphPlan &g) {
  const Plan &first = g.tasks.front();
  std::string in = first.indent + "  ", body = in + "  ";
  std::vector<std::string> all;
  for (const Plan &p : g.tasks) {
    Layout L = layout(p, body);
    all.insert(all.end(), L.inits.begin(), L.inits.end());
  }
  std::vector<std::string> inits = graphInits(all);
  std::string o = "{ /* weft: a task graph: each statement below runs in " +
                  g.name + "_t<k>() on libweft's team, after those it " +
                  "needs; else as written */\n";
  o += in + "if (" + readyCall + ") {\n";
  // Checked edges: a task waits for an earlier one only when the run-time
  // check cannot show the memory they touch apart.
  std::vector<std::string> extra(g.tasks.size());
  if (!g.checks.empty()) {
    o += body + "int weft_bad = 0;\n";
    for (size_t k = 0; k < g.checks.size(); ++k) {
      const auto &c = g.checks[k];
      std::string test = guardText(c.guards, first);
      std::string name = "weft_apart" + std::to_string(k);
      o += body + "/* weft: does the statement at line " +
           std::to_string(sm.getExpansionLineNumber(
               g.tasks[c.later].loop->getBeginLoc())) +
           " touch memory apart from what the one at line " +
           std::to_string(sm.getExpansionLineNumber(
               g.tasks[c.earlier].loop->getBeginLoc())) +
           " writes or reads? */\n";
      // A check weft cannot write is an edge.
      o += body + "int " + name +
           (test.empty() ? " = 0" : " = 1" + indented(test, body)) + ";\n";
      char bit[32];
      std::snprintf(bit, sizeof bit, "0x%llxu",
                    (unsigned long long)(uint64_t(1) << c.earlier));
      extra[c.later] += " | (" + name + " ? 0u : " + bit + ")";
    }
  }
  // With checks, the edges are known at run time only.
  std::string constness = g.checks.empty() ? "static const " : "const ";
  o += body + "struct " + g.name + "_ctx weft_c = {\n";
  for (size_t i = 0; i < inits.size(); ++i)
    o += body + "    ." + inits[i] + (i + 1 < inits.size() ? ",\n" : "\n");
  if (inits.empty())
    o += body + "    0\n";
  o += body + "};\n";
  o += body + constness + "weft_task_t weft_tasks[] = {\n";
  for (size_t i = 0; i < g.tasks.size(); ++i) {
    char work[64];
    std::snprintf(work, sizeof work, "%.1f", g.work[i]);
    char mask[32];
    std::snprintf(mask, sizeof mask, "0x%llxu",
                  (unsigned long long)(uint64_t)g.preds[i]);
    o += body + "    {" + g.name + "_t" + std::to_string(i) + ", " + work +
         ", " + mask + extra[i] + ", " + (g.loops[i] ? "WEFT_TASK_LOOP" : "0") +
         "}" + (i + 1 < g.tasks.size() ? ",\n" : "\n");
  }
  o += body + "};\n";
  unsigned line = sm.getExpansionLineNumber(first.loop->getBeginLoc());
  o += body + constness + "weft_graph_t weft_graph = {" +
       std::to_string(g.tasks.size()) + ", WEFT_INTENT_NONE, weft_tasks, " +
       std::to_string(0x40000000u + (unsigned)g.id) + "u, " +
       std::to_string(line) + ", " + quoted(fileName) + ", " +
       (g.estimated ? "WEFT_GRAPH_ESTIMATED" : "0") + "};\n";
  o += body + "weft_run_graph(&weft_graph, &weft_c);\n";
  o += in + "} else {\n";
  if (options.lineDirectives)
    o += lineDirective(first.loop->getBeginLoc()) + in + "  ";
  else
    o += body;
  o += reindent(text(g.begin, g.end), first.fileIndent, body);
  o += "\n" + in + "}\n";
  return o + closeGraph(g);
}

std::string FileRewriter::openmpGraph(const GraphPlan &g) {
  // Levels: a statement's is one more than its predecessors' highest. The
  // statements of a level need nothing from each other: OpenMP sections,
  // with a barrier before the next level. (Tasks with
  // depend clauses would overlap more, but ThreadSanitizer's OpenMP support,
  // Archer, reports the reuse of libomp's task descriptors as races.)
  const Plan &first = g.tasks.front();
  std::string in = first.indent + "  ", body = in + "  ";
  size_t n = g.tasks.size();
  // No run-time checks here: a checked edge is an edge.
  std::vector<uint64_t> preds(g.preds.begin(), g.preds.end());
  for (const auto &c : g.checks)
    preds[c.later] |= uint64_t(1) << c.earlier;
  std::vector<size_t> level(n, 0);
  size_t levels = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < i; ++k)
      if (preds[i] >> k & 1)
        level[i] = std::max(level[i], level[k] + 1);
    levels = std::max(levels, level[i] + 1);
  }
  std::string o = "{ /* weft: a task graph: the statements below run as "
                  "OpenMP sections, each level after the one before */\n";
  o += in + "#pragma omp parallel\n" + in + "{\n";
  for (size_t l = 0; l < levels; ++l) {
    // An explicit barrier between levels: Archer (ThreadSanitizer's OpenMP
    // support) misses the one that ends `sections` under libomp.
    if (l)
      o += body + "#pragma omp barrier\n";
    o += body + "#pragma omp sections nowait\n" + body + "{\n";
    for (size_t i = 0; i < n; ++i) {
      if (level[i] != l)
        continue;
      const Plan &p = g.tasks[i];
      o += body + "  #pragma omp section\n" + body + "  {\n";
      if (options.lineDirectives)
        o += lineDirective(p.loop->getBeginLoc());
      o += body + "    " +
           reindent(text(p.begin, p.end), p.fileIndent, body + "    ") + "\n";
      o += body + "  }\n";
    }
    o += body + "}\n";
  }
  o += in + "}\n";
  return o + closeGraph(g);
}
