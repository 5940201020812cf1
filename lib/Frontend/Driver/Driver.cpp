//===- Driver.cpp - What weft-translate and the plugin share ------------------===//
//
// See Driver.h.
//
//===----------------------------------------------------------------------===//
#include "weft/Frontend/Driver.h"

#include "weft/Analysis/Dependence.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace weft;

llvm::Error weft::validate(const TranslateOptions &o) {
  if (o.remarks != "all" && o.remarks != "missed" && o.remarks != "passed" &&
      o.remarks != "none")
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--remarks must be all, missed, passed or none, not '" + o.remarks +
            "'");
  if (o.mathErrno != "pure" && o.mathErrno != "impure")
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--math-errno must be pure or impure, not '" + o.mathErrno + "'");
  if (!(o.forkJoinNs >= 0) || o.forkJoinNs > 1e9)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--fork-join-ns must be between 0 and 1e9, not " +
            std::to_string(o.forkJoinNs));
  if (o.cores < 0 || o.cores > 1024)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--cores must be between 0 and 1024, not " + std::to_string(o.cores));
  if (o.coreWeights.size() > 1024)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--core-weights has more than 1024 weights");
  for (int w : o.coreWeights)
    if (w <= 0 || w > 1048576)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "--core-weights must be between 1 and 1048576, not " +
              std::to_string(w));
  if (o.emit == RewriteOptions::Emit::OpenMP &&
      (o.cores != 0 || !o.coreWeights.empty()))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--cores and --core-weights set libweft's team; OpenMP output takes "
        "OMP_NUM_THREADS and OMP_PLACES at run time instead");
  for (const std::string &k : o.unsafeIgnore)
    if (!Dependence::isKindName(k))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--unsafe-ignore-dependences takes flow, "
                                     "anti, output, bound, private or "
                                     "reduction, not '" +
                                         k + "'");
  return llvm::Error::success();
}

namespace {
/// Records `#pragma weft <kind>` lines and warns about unknown ones.
class WeftPragma : public clang::PragmaHandler {
public:
  WeftPragma(llvm::StringRef name, std::vector<LoopPragma> &out)
      : PragmaHandler(name), out(out) {}

  void HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer intro,
                    clang::Token &tok) override {
    clang::SourceManager &sm = pp.getSourceManager();
    // `tok` is the word after the namespace, or already the end of the
    // directive (`#pragma weft` alone): lexing past that end reads beyond
    // the directive's buffer, so discard only what is left.
    auto discardRest = [&] {
      if (tok.isNot(clang::tok::eod))
        pp.DiscardUntilEndOfDirective();
    };
    LoopPragma::Kind kind;
    llvm::StringRef word =
        tok.is(clang::tok::identifier) ? tok.getIdentifierInfo()->getName()
                                       : "";
    std::vector<std::string> names;
    if (word == "sequential") {
      kind = LoopPragma::Sequential;
    } else if (word == "assume_no_alias") {
      kind = LoopPragma::AssumeNoAlias;
    } else if (word == "pure") {
      // `pure(f, g)`: the functions' names, in parentheses.
      kind = LoopPragma::Pure;
      pp.Lex(tok);
      bool ok = tok.is(clang::tok::l_paren);
      while (ok) {
        pp.Lex(tok);
        if (!tok.is(clang::tok::identifier)) {
          ok = false;
          break;
        }
        names.push_back(tok.getIdentifierInfo()->getName().str());
        pp.Lex(tok);
        if (tok.is(clang::tok::r_paren))
          break;
        ok = tok.is(clang::tok::comma);
      }
      if (ok) {
        pp.Lex(tok);
        ok = tok.is(clang::tok::eod);
      }
      if (!ok) {
        unsigned id = pp.getDiagnostics().getCustomDiagID(
            clang::DiagnosticsEngine::Warning,
            "malformed weft pragma: expected '#pragma weft pure(name, ...)'");
        pp.Diag(tok.getLocation(), id);
        discardRest();
        return;
      }
    } else {
      unsigned id = pp.getDiagnostics().getCustomDiagID(
          clang::DiagnosticsEngine::Warning,
          "%select{unknown weft pragma '%1'|weft pragma without a word}0: "
          "expected 'sequential', 'assume_no_alias' or 'pure(name, ...)'");
      bool empty = tok.is(clang::tok::eod);
      pp.Diag(tok.getLocation(), id)
          << empty << (empty ? std::string() : pp.getSpelling(tok));
      discardRest();
      return;
    }
    clang::SourceLocation at = sm.getExpansionLoc(intro.Loc);
    discardRest();
    if (!sm.isInMainFile(at))
      return;
    LoopPragma p;
    p.kind = kind;
    p.names = std::move(names);
    p.begin = sm.getFileOffset(at);
    llvm::StringRef text = sm.getBufferData(sm.getMainFileID());
    size_t nl = text.find('\n', p.begin);
    p.end = nl == llvm::StringRef::npos ? text.size() : nl;
    out.push_back(p);
  }

private:
  std::vector<LoopPragma> &out;
};
} // namespace

namespace {
/// Sees every `#pragma omp` line when OpenMP is off: clang's parser installs
/// its own handler for those (to ignore them), so a handler of ours would be
/// replaced; a preprocessor callback is not.
class OpenMPLines : public clang::PPCallbacks {
public:
  OpenMPLines(clang::SourceManager &sm, std::vector<LoopPragma> &out)
      : sm(sm), out(out) {}
  void PragmaDirective(clang::SourceLocation loc,
                       clang::PragmaIntroducerKind) override {
    clang::SourceLocation at = sm.getExpansionLoc(loc);
    if (!sm.isInMainFile(at))
      return;
    llvm::StringRef text = sm.getBufferData(sm.getMainFileID());
    unsigned begin = sm.getFileOffset(at);
    size_t nl = text.find('\n', begin);
    llvm::StringRef line = text.slice(begin, nl);
    llvm::SmallVector<llvm::StringRef, 3> words;
    line.split(words, ' ', 2, /*KeepEmpty=*/false);
    if (words.size() < 2 || words[0] != "#pragma" || words[1] != "omp")
      return;
    LoopPragma p;
    p.kind = LoopPragma::OpenMP;
    p.begin = begin;
    p.end = nl == llvm::StringRef::npos ? text.size() : nl;
    out.push_back(p);
  }

private:
  clang::SourceManager &sm;
  std::vector<LoopPragma> &out;
};
} // namespace

void weft::registerPragmas(clang::Preprocessor &pp,
                           std::vector<LoopPragma> &out) {
  pp.AddPragmaHandler("weft", new WeftPragma("sequential", out));
  pp.AddPragmaHandler("weft", new WeftPragma("assume_no_alias", out));
  pp.AddPragmaHandler("weft", new WeftPragma("pure", out));
  // Unknown words under `#pragma weft` are reported by a catch-all.
  pp.AddPragmaHandler("weft", new WeftPragma("", out));
  if (!pp.getLangOpts().OpenMP)
    pp.addPPCallbacks(
        std::make_unique<OpenMPLines>(pp.getSourceManager(), out));
}

LogicalResult weft::runPipeline(ModuleOp module,
                                const TranslateOptions &options) {
  PassManager pm(module.getContext());
  PipelineOptions o;
  o.fpReductions = options.fpReductions;
  o.mathErrno = options.mathErrno;
  o.skip = options.skip;
  o.unsafeIgnore = options.unsafeIgnore;
  o.remarks = "none"; // emitted by the front end once the C is written
  o.cores = options.cores;
  o.forkJoinNs = options.forkJoinNs;
  o.coreWeights = options.coreWeights;
  o.fuseRegions = options.fuseRegions;
  o.interchange = options.interchange;
  o.tile = options.tile;
  o.taskGraphs = options.taskGraphs;
  o.loopTasks = options.emit != RewriteOptions::Emit::OpenMP;
  buildPipeline(pm, o);
  return pm.run(module);
}

namespace {
class ParsedConsumer : public clang::ASTConsumer {
public:
  ParsedConsumer(clang::CompilerInstance &ci, const ParsedFn &onParsed,
                 std::vector<LoopPragma> &pragmas)
      : ci(ci), onParsed(onParsed), pragmas(pragmas) {}
  void HandleTranslationUnit(clang::ASTContext &ctx) override {
    if (!ci.getDiagnostics().hasErrorOccurred())
      onParsed(ctx, ci.getPreprocessor(), pragmas);
  }

private:
  clang::CompilerInstance &ci;
  const ParsedFn &onParsed;
  std::vector<LoopPragma> &pragmas;
};

class TranslateAction : public clang::ASTFrontendAction {
public:
  explicit TranslateAction(ParsedFn onParsed) : onParsed(std::move(onParsed)) {}
  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    registerPragmas(ci.getPreprocessor(), pragmas);
    return true;
  }
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &ci, llvm::StringRef) override {
    return std::make_unique<ParsedConsumer>(ci, onParsed, pragmas);
  }

private:
  ParsedFn onParsed;
  std::vector<LoopPragma> pragmas;
};
} // namespace

std::unique_ptr<clang::FrontendAction>
weft::makeTranslateAction(ParsedFn onParsed) {
  return std::make_unique<TranslateAction>(std::move(onParsed));
}

/// How the file is compiled, as the importer needs it.
static ImportOptions importOptions(clang::ASTContext &ctx,
                                   std::vector<LoopPragma> pragmas,
                                   const TranslateOptions &options) {
  ImportOptions io;
  io.foreign = options.foreign;
  const clang::LangOptions &lo = ctx.getLangOpts();
  io.fpReassoc = lo.AllowFPReassoc || lo.FastMath;
  io.mathErrno = lo.MathErrno;
  io.pragmas = std::move(pragmas);
  return io;
}

Translation weft::translate(clang::ASTContext &ctx, clang::Preprocessor &pp,
                           std::vector<LoopPragma> pragmas,
                           MLIRContext &mlirCtx,
                           const TranslateOptions &options,
                           const RewriteOptions &rewriteOptions,
                           bool runPasses) {
  Translation t;
  ImportOptions io = importOptions(ctx, std::move(pragmas), options);
  RewriteOptions ro = rewriteOptions;
  ro.emit = options.emit;
  ro.fpReorder = options.fpReductions || io.fpReassoc;
  // The rewriter may still veto a loop it cannot write as C. The loops
  // inside a vetoed one were left sequential because of it: the passes run
  // again on a new import with the veto known (weft.vetoed), until no loop
  // is vetoed anew. Each round vetoes a loop at least, so this ends.
  std::map<int64_t, std::string> vetoes;
  for (;;) {
    t.imported = importTranslationUnit(ctx, mlirCtx, io);
    if (failed(verify(*t.imported.module))) {
      t.internalError = "the module imported from the file does not verify";
      return t;
    }
    if (!runPasses)
      return t;
    t.imported.module->walk([&](Operation *op) {
      auto id = op->getAttrOfType<IntegerAttr>("weft.loop_id");
      if (id && vetoes.count(id.getInt()))
        op->setAttr("weft.vetoed",
                    StringAttr::get(&mlirCtx, vetoes[id.getInt()]));
    });
    if (failed(runPipeline(*t.imported.module, options))) {
      t.internalError = "weft's passes failed";
      return t;
    }
    t.output = rewriteMainFile(t.imported, ctx, pp, ro);
    size_t known = vetoes.size();
    vetoes.insert(t.output.vetoes.begin(), t.output.vetoes.end());
    if (vetoes.size() == known)
      break;
  }
  emitVerdictRemarks(*t.imported.module, options.remarks);
  if (failed(verify(*t.imported.module)))
    t.internalError = "the module does not verify after the rewrite";
  return t;
}

/// Line and column of a location in the source.
static std::pair<unsigned, unsigned> lineCol(Location l) {
  if (auto n = dyn_cast<NameLoc>(l))
    l = n.getChildLoc();
  if (auto f = dyn_cast<FileLineColLoc>(l))
    return {f.getLine(), f.getColumn()};
  return {0, 0};
}

llvm::Error weft::writeReport(llvm::StringRef path,
                              const ImportedModule &imported,
                              const clang::SourceManager &sm) {
  llvm::json::Array loops;
  ModuleOp module = imported.module.get();
  module->walk([&](Operation *op) {
    auto id = op->getAttrOfType<IntegerAttr>("weft.loop_id");
    if (!id || inIncludedFunction(op)) // (the loops of the file's functions)
      return;
    auto v = readVerdict(op);
    llvm::json::Object o;
    o["id"] = id.getInt();
    if (auto fn = op->getParentOfType<func::FuncOp>())
      o["function"] = fn.getName().str();
    auto [line, col] = lineCol(op->getLoc());
    o["line"] = line;
    o["column"] = col;
    if (auto opaque = dyn_cast<OpaqueLoopOp>(op))
      o["kind"] = opaque.getKind().str();
    else if (auto kind = op->getAttrOfType<StringAttr>("weft.kind"))
      o["kind"] = kind.str(); // a counted while or do loop keeps its kind
    else
      o["kind"] = "for";
    if (auto name = op->getAttrOfType<StringAttr>("weft.iv_name"))
      o["counter"] = name.str();
    if (!v) {
      o["verdict"] = "unanalyzed";
      loops.push_back(std::move(o));
      return;
    }
    o["verdict"] = v->parallel && v->candidate ? "parallel" : "sequential";
    o["parallelizable"] = v->parallel;
    if (!(v->parallel && v->candidate))
      o["reason"] = v->reason;
    llvm::json::Array notes;
    for (size_t i = 0; i < v->notes.size(); ++i) {
      auto [nl, nc] = lineCol(v->notes[i]);
      notes.push_back(llvm::json::Object{
          {"line", nl}, {"column", nc}, {"text", v->noteTexts[i]}});
    }
    if (!notes.empty())
      o["notes"] = std::move(notes);
    auto names = [](llvm::ArrayRef<VarRef> vars) {
      llvm::json::Array a;
      for (const VarRef &r : vars)
        a.push_back(r.name);
      return a;
    };
    o["privates"] = names(v->privates);
    o["private_copies"] = names(v->privateCopies);
    o["lastprivates"] = names(v->lastprivates);
    o["cond_lastprivates"] = names(v->condLastprivates);
    auto reductions = [](llvm::ArrayRef<Reduction> list, bool arrays) {
      llvm::json::Array a;
      for (const Reduction &r : list) {
        llvm::json::Object e{{"variable", r.var.name},
                             {"op", reductionSymbol(r.op)},
                             {"float", r.isFloat}};
        if (arrays) // what gives the copies' elements
          e["sized_by"] = r.sparse   ? "subscripts"
                          : r.length ? "allocation"
                                     : "declaration";
        a.push_back(std::move(e));
      }
      return a;
    };
    o["reductions"] = reductions(v->reductions, false);
    o["array_reductions"] = reductions(v->arrayReductions, true);
    llvm::json::Array guards;
    for (const GuardSide &t : v->rowTables)
      guards.push_back(
          llvm::json::Object{{"kind", "rows-apart"}, {"table", t.base.name}});
    for (const Guard &g : v->guards) {
      llvm::json::Object o{
          {"kind", "no-overlap"}, {"a", g.a.base.name}, {"b", g.b.base.name}};
      // The sides that are a table's rows (their span).
      llvm::json::Array rows;
      for (auto [side, name] : {std::pair(&g.a, "a"), std::pair(&g.b, "b")})
        if (side->rows())
          rows.push_back(name);
      if (!rows.empty())
        o["rows"] = std::move(rows);
      guards.push_back(std::move(o));
    }
    for (const std::string &t : v->conditionTexts)
      guards.push_back(llvm::json::Object{{"kind", "condition"}, {"what", t}});
    for (const std::string &t : v->preconditionTexts)
      guards.push_back(
          llvm::json::Object{{"kind", "checked-only-when"}, {"what", t}});
    o["guards"] = std::move(guards);
    if (v->counterLive)
      o["counter_lastprivate"] = true;
    if (!v->errorPaths.empty()) {
      llvm::json::Array paths;
      for (mlir::Location l : v->errorPaths) {
        auto [pl, pc] = lineCol(l);
        paths.push_back(llvm::json::Object{{"line", pl}, {"column", pc}});
      }
      o["error_paths"] = std::move(paths);
    }
    if (auto in = op->getAttrOfType<IntegerAttr>("weft.interchange"))
      o["interchanged_with"] = in.getInt();
    else if (auto why =
                 op->getAttrOfType<StringAttr>("weft.interchange_missed"))
      o["interchange_missed"] = why.str();
    if (auto gain = op->getAttrOfType<StringAttr>("weft.interchange_gain"))
      o["interchange_gain"] = gain.str();
    if (auto tile = op->getAttrOfType<DenseI64ArrayAttr>("weft.tile"))
      o["tiled_with"] = tile[0];
    if (auto why = op->getAttrOfType<StringAttr>("weft.tile_missed"))
      o["tile_missed"] = why.str();
    if (auto gain = op->getAttrOfType<StringAttr>("weft.tile_gain"))
      o["tile_gain"] = gain.str();
    if (auto ns = op->getAttrOfType<FloatAttr>("weft.serial_hint_ns"))
      o["serial_hint_ns"] = ns.getValueAsDouble();
    if (auto task = dyn_cast_or_null<TaskOp>(op->getParentOp())) {
      o["outlined"] = task.getName().str();
      o["min_trip"] = (int64_t)task.getMinTrip();
      o["work_per_iteration_ns"] = task.getWorkPerIter().convertToDouble();
      if (auto shape = task.getShape())
        o["cost_shape"] = shape->str();
      if (auto bytes = task.getBytesPerIter())
        o["bytes_per_iteration"] = bytes->convertToDouble();
      o["intent"] = task.getIntent().value_or("none").str();
      if (auto leader = task.getRegionLeader()) {
        o["region"] = (int64_t)*leader;
        o["region_after"] = task.getAfter().value_or("").str();
      }
      if (auto why = task.getUnfused())
        o["unfused"] = why->str();
      if (auto around = task->getAttrOfType<IntegerAttr>("weft.sweep"))
        o["sweep"] = around.getInt();
      else if (auto why = task->getAttrOfType<StringAttr>("weft.sweep_missed"))
        o["sweep_missed"] = why.str();
    }
    loops.push_back(std::move(o));
  });
  // Task graphs (weft-task-graph): written, left as written, or runs of
  // statements kept in order.
  llvm::json::Array graphs;
  module->walk([&](Operation *op) {
    auto text = op->getAttrOfType<StringAttr>("weft.graph_remark");
    if (!text)
      return;
    llvm::json::Object o;
    Location l = op->getLoc();
    if (auto at = op->getAttrOfType<LocationAttr>("weft.stmt_loc"))
      l = at;
    auto [line, col] = lineCol(l);
    o["line"] = line;
    o["column"] = col;
    if (auto fn = op->getParentOfType<func::FuncOp>())
      o["function"] = fn.getName().str();
    auto g = op->getAttrOfType<DictionaryAttr>("weft.graph");
    if (g) {
      o["tasks"] = (int64_t)g.getAs<DenseI64ArrayAttr>("stmts").size();
      llvm::json::Array preds;
      for (int64_t p : g.getAs<DenseI64ArrayAttr>("preds").asArrayRef())
        preds.push_back(p);
      o["preds"] = std::move(preds);
    }
    o["verdict"] =
        op->hasAttr("weft.graph_written") ? "concurrent" : "in order";
    o["remark"] = text.str();
    if (auto why = op->getAttrOfType<StringAttr>("weft.graph_vetoed"))
      o["reason"] = why.str();
    graphs.push_back(std::move(o));
  });
  llvm::json::Object root{{"schema", "weft-report"},
                          {"version", 1},
                          {"loops", std::move(loops)},
                          {"task_graphs", std::move(graphs)}};
  if (auto entry = sm.getFileEntryRefForID(sm.getMainFileID()))
    root["file"] = entry->getName().str();
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
    return llvm::Error::success();
  });
}

//===----------------------------------------------------------------------===//
// Functions of other files
//===----------------------------------------------------------------------===//

std::set<std::string> weft::undefinedCallees(clang::ASTContext &ctx) {
  std::set<std::string> out;
  for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    const auto *fd = dyn_cast<clang::FunctionDecl>(d);
    if (!fd || fd->isDefined() || !fd->isExternallyVisible() ||
        fd->getBuiltinID() || !fd->getIdentifier())
      continue;
    // Used: some redeclaration is odr-used in the file.
    if (llvm::any_of(fd->redecls(),
                     [](const clang::FunctionDecl *r) { return r->isUsed(); }))
      out.insert(fd->getName().str());
  }
  return out;
}

/// The functions the main file of a parsed translation unit defines with
/// external linkage, each with its number of parameters.
static std::map<std::string, unsigned>
externalDefinitions(clang::ASTContext &ctx) {
  const clang::SourceManager &sm = ctx.getSourceManager();
  std::map<std::string, unsigned> defined;
  for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    const auto *fd = dyn_cast<clang::FunctionDecl>(d);
    if (fd && fd->doesThisDeclarationHaveABody() && fd->isExternallyVisible() &&
        fd->getIdentifier() &&
        sm.isWrittenInMainFile(sm.getExpansionLoc(fd->getLocation())))
      defined[fd->getName().str()] = fd->getNumParams();
  }
  return defined;
}

std::map<std::string, ForeignFunction> weft::summarizeDefinitions(
    clang::ASTContext &ctx, std::vector<LoopPragma> pragmas,
    const TranslateOptions &options, const std::set<std::string> &names,
    llvm::StringRef label) {
  std::map<std::string, ForeignFunction> out;
  // The file's own definitions of the names.
  std::map<std::string, unsigned> defined = externalDefinitions(ctx);
  for (auto it = defined.begin(); it != defined.end();)
    it = names.count(it->first) ? std::next(it) : defined.erase(it);
  if (defined.empty())
    return out;
  MLIRContext mlirCtx;
  mlirCtx.getDiagEngine().registerHandler([](Diagnostic &) {
    return success(); // the other file's remarks are not ours
  });
  ImportedModule im = importTranslationUnit(
      ctx, mlirCtx, importOptions(ctx, std::move(pragmas), options));
  if (!im.module || failed(verify(*im.module)))
    return out;
  // As weft-detect-parallel-loops sees a module: while and do loops
  // counted, arrays whose address goes nowhere, row tables.
  PassManager pm(&mlirCtx);
  pm.addPass(createCountLoops());
  if (failed(pm.run(*im.module)))
    return out;
  markUncapturedArrays(*im.module);
  markRowTables(*im.module);
  AnalysisOptions ao;
  ao.mathErrnoImpure = options.mathErrno == "impure";
  CallSummaries sums(*im.module, ao);
  for (auto &[name, params] : defined) {
    auto fn = im.module->lookupSymbol<func::FuncOp>(name);
    if (!fn || fn.isExternal())
      continue;
    ForeignFunction f;
    f.summary = exportSummary(sums, name);
    f.file = label.str();
    f.params = params;
    out[name] = std::move(f);
  }
  return out;
}

/// Does `text` call (or declare) `name`: the name as a whole word, then `(`?
static bool mentionsCall(llvm::StringRef text, llvm::StringRef name) {
  auto ident = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  for (size_t at = text.find(name); at != llvm::StringRef::npos;
       at = text.find(name, at + 1)) {
    if (at > 0 && ident(text[at - 1]))
      continue;
    llvm::StringRef rest = text.drop_front(at + name.size()).ltrim(" \t");
    if (rest.starts_with("("))
      return true;
  }
  return false;
}

/// Parses each of `files` as the database `db` compiles it, with no
/// diagnostics, and gives `fn` each one that compiles, with the file's name
/// as remarks give it. Clang's tool runs each file in its compile
/// command's directory, and is back where it was after.
static void
parseEach(const clang::tooling::CompilationDatabase &db,
          llvm::ArrayRef<std::string> files,
          llvm::function_ref<void(clang::ASTContext &, std::vector<LoopPragma>,
                                  llvm::StringRef)>
              fn) {
  struct Factory : clang::tooling::FrontendActionFactory {
    llvm::function_ref<void(clang::ASTContext &, std::vector<LoopPragma>,
                            llvm::StringRef)>
        fn;
    std::unique_ptr<clang::FrontendAction> create() override {
      return makeTranslateAction([this](clang::ASTContext &ctx,
                                        clang::Preprocessor &,
                                        std::vector<LoopPragma> pragmas) {
        const clang::SourceManager &sm = ctx.getSourceManager();
        std::string label = "another file";
        if (auto e = sm.getFileEntryRefForID(sm.getMainFileID()))
          label = llvm::sys::path::filename(e->getName()).str();
        fn(ctx, std::move(pragmas), label);
      });
    }
  } factory;
  factory.fn = fn;
  clang::tooling::ClangTool tool(db, files);
  clang::IgnoringDiagConsumer quiet;
  tool.setDiagnosticConsumer(&quiet);
  (void)tool.run(&factory);
}

std::map<std::string, ForeignFunction> weft::readOtherFiles(
    clang::ASTContext &ctx, const clang::tooling::CompilationDatabase &db,
    llvm::StringRef inputReal, const TranslateOptions &options) {
  std::map<std::string, ForeignFunction> out;
  const std::set<std::string> wanted = undefinedCallees(ctx);
  if (wanted.empty())
    return out;
  // The database's other files, in its order, each with its text.
  struct Other {
    std::string path, real;
    std::unique_ptr<llvm::MemoryBuffer> text;
    bool parsed = false;
    std::set<std::string> calls; ///< undefinedCallees there
  };
  std::vector<Other> others;
  for (const clang::tooling::CompileCommand &c : db.getAllCompileCommands()) {
    // A file is named as written, perhaps relative to its directory.
    llvm::SmallString<256> f(c.Filename), real;
    if (llvm::sys::path::is_relative(f)) {
      f = c.Directory;
      llvm::sys::path::append(f, c.Filename);
    }
    if (llvm::sys::fs::real_path(f, real) || real == inputReal ||
        llvm::any_of(others, [&](const Other &o) { return o.path == f; }))
      continue;
    if (auto buf = llvm::MemoryBuffer::getFile(f))
      others.push_back(
          {std::string(f), std::string(real), std::move(*buf), false, {}});
  }
  // Where each function is defined (the first file found wins), and the
  // functions needed: the file's, then transitively those that the files
  // defining a needed one call without defining. Each round parses the
  // files not yet parsed that mention a name not yet found.
  struct Definition {
    size_t file;
    unsigned params;
  };
  std::map<std::string, Definition> definedIn;
  std::set<std::string> needed = wanted, searched;
  for (;;) {
    std::vector<std::string> pending;
    for (const std::string &n : needed)
      if (!definedIn.count(n) && searched.insert(n).second)
        pending.push_back(n);
    if (pending.empty())
      break;
    std::vector<std::string> batch;
    for (Other &o : others)
      if (!o.parsed && llvm::any_of(pending, [&](const std::string &n) {
            return mentionsCall(o.text->getBuffer(), n);
          })) {
        o.parsed = true;
        batch.push_back(o.path);
      }
    parseEach(
        db, batch,
        [&](clang::ASTContext &c, std::vector<LoopPragma>, llvm::StringRef) {
          const clang::SourceManager &sm = c.getSourceManager();
          auto e = sm.getFileEntryRefForID(sm.getMainFileID());
          llvm::SmallString<256> real;
          if (!e || llvm::sys::fs::real_path(e->getName(), real))
            return;
          auto o = llvm::find_if(
              others, [&](const Other &o) { return o.real == real; });
          if (o == others.end())
            return;
          o->calls = undefinedCallees(c);
          for (const auto &[n, params] : externalDefinitions(c))
            definedIn.emplace(n,
                              Definition{size_t(o - others.begin()), params});
        });
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto &[n, d] : definedIn)
        if (needed.count(n))
          for (const std::string &c : others[d.file].calls)
            grew |= needed.insert(c).second;
    }
  }
  // Each file that defines a needed function is summarized after those
  // defining the functions it calls, with their summaries known. A cycle
  // of files is cut where it closes: there the call is unknown, and says
  // why.
  std::vector<size_t> order;
  std::vector<char> state(others.size(), 0); // 1 visiting, 2 done
  std::map<size_t, std::vector<std::string>> cut;
  std::function<void(size_t)> visit = [&](size_t f) {
    state[f] = 1;
    for (const std::string &c : others[f].calls)
      if (auto it = definedIn.find(c); it != definedIn.end()) {
        if (state[it->second.file] == 1)
          cut[f].push_back(c);
        else if (!state[it->second.file])
          visit(it->second.file);
      }
    state[f] = 2;
    order.push_back(f);
  };
  // From the file's own callees first, so that which call a cycle loses
  // does not depend on the names further away.
  for (const std::string &n : wanted)
    if (auto it = definedIn.find(n);
        it != definedIn.end() && !state[it->second.file])
      visit(it->second.file);
  TranslateOptions known = options;
  for (size_t f : order) {
    known.foreign = out;
    for (const std::string &c : cut[f]) {
      ForeignFunction &back = known.foreign[c];
      back.summary.why =
          "which weft does not follow around a cycle of calls between files";
      back.file = llvm::sys::path::filename(others[definedIn[c].file].path);
      back.params = definedIn[c].params;
    }
    parseEach(db, {others[f].path},
              [&](clang::ASTContext &c, std::vector<LoopPragma> pragmas,
                  llvm::StringRef label) {
                for (auto &[n, s] : summarizeDefinitions(c, std::move(pragmas),
                                                         known, needed, label))
                  if (definedIn[n].file == f)
                    out.emplace(n, s);
              });
  }
  // Only what the file itself calls crosses over.
  for (auto it = out.begin(); it != out.end();)
    it = wanted.count(it->first) ? std::next(it) : out.erase(it);
  return out;
}
