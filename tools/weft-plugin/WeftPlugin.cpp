//===- WeftPlugin.cpp - weft as a flag of clang-19 ------------------------===//
//
//   clang-19 -fplugin=WeftPlugin.so [-fplugin-arg-weft-<name>=<value>] -c x.c
//
// A plugin that runs before clang's own action (AddBeforeMainAction). When
// clang asks it for an AST consumer, the main file is known but not yet
// parsed: the plugin parses the same file with the same flags in a nested
// compiler instance, translates it with weft's library in this process,
// replaces the main file's text with the parallel C, and lets clang compile
// that. The loops' remarks come out as clang remarks on the file as written.
// docs/plugin.md has the options and how it fits in builds.
//
// The nested parse reports nothing: if the file has errors, the plugin leaves
// it alone and clang's own parse reports them, once.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Frontend/Driver.h"
#include "weft/Frontend/Rewrite.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace {

const char pluginHelp[] =
    R"(weft's clang plugin: the loops of a C file run in parallel, in one step.

  clang-19 -fplugin=WeftPlugin.so -c x.c        (link with -lweft, or use weft-cc)

Options, each as -fplugin-arg-weft-<name>[=<value>], as weft-translate's:
  emit=<file.c>          also write the translated C to this file
  emit=libweft|openmp    what the loops run on (openmp needs -fopenmp)
  remarks=all|missed|passed|none
                         which loops get a remark (default all)
  report=<file.json>     the per-loop JSON report (docs/report.md)
  analyze                remarks and report only; compile the file unchanged
  fp-reductions          floating-point + and * reductions in parallel
  math-errno=pure|impure math calls that may set errno (default pure)
  skip=<f,g,...>         leave these functions' loops sequential
  fork-join-ns=<ns>      the fork/join cost loops must pay for
  cores=<n>              default team size of the generated code
  core-weights=<w,w,..>  default capacity weights of team members
  line-directives=0|1    #line directives to the input (default 1)
  fuse-regions=0|1       consecutive parallel loops share one region
                         (default 1)
  interchange=0|1        interchange loop pairs in parallel loops to walk
                         matrices along rows, and tile nests whose rows
                         stream a matrix (default 1)
  tile=0|1               with interchange: tile such nests (default 1)
  task-graphs=0|1        independent statements of a block run at the
                         same time (default 1)
  p=<dir>                the build's compile_commands.json: its other
                         files are read for the functions this one calls
  help                   this text
)";

/// True while the plugin's own nested parse runs: clang instantiates every
/// plugin for every action, so the nested action would start the plugin
/// again.
bool inNestedParse = false;

/// A remark of weft's on the file as written, kept until it can be reported
/// through the outer compiler's diagnostics.
struct Message {
  mlir::DiagnosticSeverity severity;
  std::string file; // as the nested parse presumed it
  unsigned line = 0, column = 0;
  std::string text;
  std::vector<Message> notes;
};

Message toMessage(mlir::Diagnostic &d) {
  Message m;
  m.severity = d.getSeverity();
  if (auto f = d.getLocation()->findInstanceOf<mlir::FileLineColLoc>()) {
    m.file = f.getFilename().str();
    m.line = f.getLine();
    m.column = f.getColumn();
  }
  m.text = d.str();
  for (mlir::Diagnostic &n : d.getNotes())
    m.notes.push_back(toMessage(n));
  return m;
}

/// What the nested parse and translation produced.
struct Outcome {
  bool parsed = false;
  std::string input; // the file's text as clang read it
  std::string inputName;
  std::string output; // the translated C
  unsigned parallelLoops = 0;
  std::vector<Message> messages;
  std::string internalError;
  std::string reportError;
};

/// The directory of runtime headers: include/ next to the plugin's lib/
/// when installed, the source tree's runtime/include in a build tree.
std::string runtimeIncludeDir() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&runtimeIncludeDir), &info) &&
      info.dli_fname) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(
        llvm::sys::path::parent_path(info.dli_fname)));
    llvm::sys::path::append(dir, "include");
    llvm::SmallString<256> header(dir);
    llvm::sys::path::append(header, "weft.h");
    if (llvm::sys::fs::exists(header))
      return std::string(dir);
  }
  return WEFT_SOURCE_RUNTIME_INCLUDE;
}

/// Swallows `#pragma weft ...` in the translated text, which the nested
/// parse has already checked: without it, -Wunknown-pragmas would warn.
class IgnoreWeftPragmas : public PragmaHandler {
public:
  IgnoreWeftPragmas() : PragmaHandler("weft") {}
  void HandlePragma(Preprocessor &pp, PragmaIntroducer, Token &tok) override {
    if (tok.isNot(tok::eod))
      pp.DiscardUntilEndOfDirective();
  }
};

class WeftPluginAction : public PluginASTAction {
public:
  ActionType getActionType() override { return AddBeforeMainAction; }

  bool ParseArgs(const CompilerInstance &ci,
                 const std::vector<std::string> &args) override {
    DiagnosticsEngine &de = ci.getDiagnostics();
    bool ok = true;
    for (const std::string &arg : args) {
      std::string why = parseArg(arg);
      if (!why.empty()) {
        de.Report(
            de.getCustomDiagID(DiagnosticsEngine::Error, "weft plugin: %0"))
            << why;
        ok = false;
      }
    }
    if (ok && options.emit == weft::RewriteOptions::Emit::OpenMP &&
        !forkJoinGiven)
      options.forkJoinNs = weft::kOpenMPForkJoinNs;
    if (ok)
      if (llvm::Error e = weft::validate(options)) {
        // validate() names weft-translate's --options.
        std::string why = toString(std::move(e));
        for (size_t at; (at = why.find("--")) != std::string::npos;)
          why.erase(at, 2);
        de.Report(
            de.getCustomDiagID(DiagnosticsEngine::Error, "weft plugin: %0"))
            << why;
        ok = false;
      }
    if (help && !inNestedParse)
      llvm::errs() << pluginHelp;
    return ok;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    if (!inNestedParse)
      run(ci);
    return std::make_unique<ASTConsumer>();
  }

private:
  weft::TranslateOptions options;
  bool forkJoinGiven = false, analyzeOnly = false, help = false;
  /// p=<dir>: the build whose other files define functions the file calls.
  std::unique_ptr<clang::tooling::CompilationDatabase> db;
  bool lineDirectives = true;
  std::string keepPath;

  /// Reads one -fplugin-arg-weft-<arg>; returns why it is wrong, or "".
  std::string parseArg(llvm::StringRef arg) {
    llvm::StringRef name = arg.split('=').first, value = arg.split('=').second;
    bool hasValue = arg.contains('=');
    auto list = [&] {
      llvm::SmallVector<llvm::StringRef, 8> parts;
      value.split(parts, ',', -1, /*KeepEmpty=*/false);
      return parts;
    };
    auto flag = [&](bool &out) -> std::string {
      if (!hasValue || value == "1" || value == "true") {
        out = true;
        return "";
      }
      if (value == "0" || value == "false") {
        out = false;
        return "";
      }
      return "'" + name.str() + "' takes 0 or 1, not '" + value.str() + "'";
    };
    auto needValue = [&]() -> std::string {
      return hasValue && !value.empty()
                 ? ""
                 : "'" + name.str() + "' needs a value: -fplugin-arg-weft-" +
                       name.str() + "=...";
    };
    if (name == "help")
      return flag(help);
    if (name == "analyze")
      return flag(analyzeOnly);
    if (name == "fp-reductions")
      return flag(options.fpReductions);
    if (name == "line-directives")
      return flag(lineDirectives);
    if (name == "fuse-regions")
      return flag(options.fuseRegions);
    if (name == "interchange")
      return flag(options.interchange);
    if (name == "tile")
      return flag(options.tile);
    if (name == "task-graphs")
      return flag(options.taskGraphs);
    if (std::string why = needValue(); !why.empty())
      return name == "emit-mlir" || name == "o" || name == "verify"
                 ? "'" + name.str() + "' is weft-translate's only"
                 : why;
    if (name == "emit") {
      if (value == "libweft")
        options.emit = weft::RewriteOptions::Emit::Libweft;
      else if (value == "openmp")
        options.emit = weft::RewriteOptions::Emit::OpenMP;
      else
        keepPath = value.str();
      return "";
    }
    if (name == "remarks") {
      options.remarks = value.str();
      return "";
    }
    if (name == "report") {
      options.reportPath = value.str();
      return "";
    }
    if (name == "math-errno") {
      options.mathErrno = value.str();
      return "";
    }
    if (name == "skip") {
      for (llvm::StringRef f : list())
        options.skip.push_back(f.str());
      return "";
    }
    if (name == "fork-join-ns") {
      double ns;
      if (value.getAsDouble(ns))
        return "'fork-join-ns' takes a number of ns, not '" + value.str() + "'";
      options.forkJoinNs = ns;
      forkJoinGiven = true;
      return "";
    }
    if (name == "p") {
      std::string err;
      db = clang::tooling::CompilationDatabase::loadFromDirectory(value, err);
      if (!db)
        return "'p' names no compile_commands.json: " + err;
      return "";
    }
    if (name == "cores") {
      if (value.getAsInteger(10, options.cores))
        return "'cores' takes a number, not '" + value.str() + "'";
      return "";
    }
    if (name == "core-weights") {
      options.coreWeights.clear();
      for (llvm::StringRef w : list()) {
        int n;
        if (w.trim().getAsInteger(10, n))
          return "'core-weights' takes numbers, not '" + w.str() + "'";
        options.coreWeights.push_back(n);
      }
      return "";
    }
    return "unknown option '" + name.str() +
           "' (-fplugin-arg-weft-help lists them)";
  }

  /// Parses and translates the main file in a compiler instance of its own,
  /// with the outer one's flags and no diagnostics.
  Outcome translateNested(CompilerInstance &ci) {
    Outcome out;
    auto inv = std::make_shared<CompilerInvocation>(ci.getInvocation());
    FrontendOptions &fo = inv->getFrontendOpts();
    fo.ProgramAction = frontend::ParseSyntaxOnly;
    fo.OutputFile.clear();
    fo.ShowStats = false;
    fo.StatsFile.clear();
    fo.TimeTracePath.clear();
    inv->getDependencyOutputOpts() = DependencyOutputOptions();
    inv->getDiagnosticOpts().DiagnosticSerializationFile.clear();
    // Standard input was read once, by the outer instance: hand the nested
    // one its text.
    if (fo.Inputs.size() == 1 && fo.Inputs[0].isFile() &&
        fo.Inputs[0].getFile() == "-") {
      SourceManager &sm = ci.getSourceManager();
      fo.Inputs[0] = FrontendInputFile(
          llvm::MemoryBufferRef(sm.getBufferData(sm.getMainFileID()),
                                "<stdin>"),
          fo.Inputs[0].getKind());
    }

    CompilerInstance nested(ci.getPCHContainerOperations());
    nested.setInvocation(inv);
    nested.createDiagnostics(new IgnoringDiagConsumer(),
                             /*ShouldOwnClient=*/true);
    nested.createFileManager(ci.getFileManager().getVirtualFileSystemPtr());

    weft::RewriteOptions ro;
    ro.lineDirectives = lineDirectives;
    auto action =
        weft::makeTranslateAction([&](ASTContext &ctx, Preprocessor &pp,
                                      std::vector<weft::LoopPragma> pragmas) {
          out.parsed = true;
          const SourceManager &nsm = ctx.getSourceManager();
          out.input = nsm.getBufferData(nsm.getMainFileID()).str();
          if (auto e = nsm.getFileEntryRefForID(nsm.getMainFileID()))
            out.inputName = e->getName().str();
          llvm::SmallString<256> inputReal;
          if (db && !llvm::sys::fs::real_path(out.inputName, inputReal))
            options.foreign =
                weft::readOtherFiles(ctx, *db, inputReal, options);
          mlir::MLIRContext mlirCtx;
          mlirCtx.getDiagEngine().registerHandler([&](mlir::Diagnostic &d) {
            out.messages.push_back(toMessage(d));
            return mlir::success();
          });
          weft::Translation t =
              weft::translate(ctx, pp, std::move(pragmas), mlirCtx, options, ro,
                              /*runPasses=*/true);
          out.internalError = t.internalError;
          out.output = std::move(t.output.text);
          out.parallelLoops = t.output.parallelLoops + t.output.taskGraphs;
          if (t.internalError.empty() && !options.reportPath.empty())
            if (llvm::Error e =
                    weft::writeReport(options.reportPath, t.imported, nsm))
              out.reportError = toString(std::move(e));
        });
    inNestedParse = true;
    nested.ExecuteAction(*action);
    inNestedParse = false;
    return out;
  }

  void run(CompilerInstance &ci) {
    DiagnosticsEngine &de = ci.getDiagnostics();
    SourceManager &sm = ci.getSourceManager();
    FileID mainID = sm.getMainFileID();
    SourceLocation fileStart = sm.getLocForStartOfFile(mainID);
    auto say = [&](DiagnosticsEngine::Level level, SourceLocation at,
                   llvm::StringRef text) {
      de.Report(at, de.getCustomDiagID(level, "%0")) << text;
    };
    const LangOptions &lo = ci.getLangOpts();
    if (lo.CPlusPlus || lo.ObjC) {
      say(DiagnosticsEngine::Remark, fileStart,
          "weft translates C only; this file is compiled unchanged");
      return;
    }
    // The translation includes weft.h, which includes <stdint.h>: in text
    // already preprocessed (-save-temps compiles the .i) that would define
    // the system's types twice.
    const FrontendOptions &fo = ci.getFrontendOpts();
    if (!fo.Inputs.empty() && fo.Inputs[0].getKind().isPreprocessed()) {
      say(DiagnosticsEngine::Remark, fileStart,
          "weft does not translate preprocessed input (-save-temps compiles "
          "the .i file); this file is compiled unchanged");
      return;
    }
    if (options.emit == weft::RewriteOptions::Emit::OpenMP && !lo.OpenMP &&
        !analyzeOnly) {
      say(DiagnosticsEngine::Warning, fileStart,
          "weft: emit=openmp needs -fopenmp (without it clang ignores the "
          "OpenMP pragmas); this file is compiled unchanged");
      return;
    }
    Outcome out = translateNested(ci);
    if (!out.parsed)
      return; // clang's own parse reports the errors
    OptionalFileEntryRef entry = sm.getFileEntryRefForID(mainID);
    std::string name =
        entry ? std::string(entry->getName()) : std::string("<stdin>");
    if (!out.internalError.empty()) {
      say(DiagnosticsEngine::Warning, fileStart,
          "weft: internal error: " + out.internalError +
              "; this file is compiled unchanged (please report this)");
      return;
    }
    // The remarks point into a copy of the file as written: the main file's
    // own text is about to become the translation. A preprocessed input's
    // remarks point into the file its line markers name, read from disk.
    std::map<std::string, std::optional<FileID>> written;
    auto where = [&](const Message &m) -> SourceLocation {
      auto [it, added] = written.try_emplace(m.file);
      if (added) {
        std::unique_ptr<llvm::MemoryBuffer> text;
        if (m.file == out.inputName || m.file.empty())
          text = llvm::MemoryBuffer::getMemBufferCopy(out.input, name);
        else if (auto b = llvm::MemoryBuffer::getFile(m.file))
          text = std::move(*b);
        if (text)
          it->second = sm.createFileID(std::move(text));
      }
      if (!it->second)
        return SourceLocation();
      return m.line ? sm.translateLineCol(*it->second, m.line, m.column)
                    : sm.getLocForStartOfFile(*it->second);
    };
    auto level = [](mlir::DiagnosticSeverity s) {
      switch (s) {
      case mlir::DiagnosticSeverity::Note:
        return DiagnosticsEngine::Note;
      case mlir::DiagnosticSeverity::Remark:
        return DiagnosticsEngine::Remark;
      default: // weft's own errors must not fail the user's build
        return DiagnosticsEngine::Warning;
      }
    };
    auto report = [&](DiagnosticsEngine::Level l, const Message &m) {
      SourceLocation at = where(m);
      if (at.isInvalid() && m.line)
        say(l, at,
            m.file + ":" + std::to_string(m.line) + ":" +
                std::to_string(m.column) + ": " + m.text);
      else
        say(l, at, m.text);
    };
    for (const Message &m : out.messages) {
      report(level(m.severity), m);
      for (const Message &n : m.notes)
        report(DiagnosticsEngine::Note, n);
    }
    if (!out.reportError.empty())
      say(DiagnosticsEngine::Warning, SourceLocation(),
          "weft: cannot write '" + options.reportPath +
              "': " + out.reportError);
    if (!keepPath.empty()) {
      llvm::Error e = llvm::writeToOutput(keepPath, [&](llvm::raw_ostream &os) {
        os << out.output;
        return llvm::Error::success();
      });
      if (e)
        say(DiagnosticsEngine::Error, SourceLocation(),
            "weft: cannot write '" + keepPath + "': " + toString(std::move(e)));
    }
    if (analyzeOnly || out.parallelLoops == 0 || !entry)
      return;

    // The translation includes weft.h: the runtime's headers go last among
    // the -I directories, as a system directory, so a user's -I comes first.
    HeaderSearch &hs = ci.getPreprocessor().getHeaderSearchInfo();
    if (auto dir =
            ci.getFileManager().getOptionalDirectoryRef(runtimeIncludeDir()))
      hs.AddSearchPath(DirectoryLookup(*dir, SrcMgr::C_System,
                                       /*isFramework=*/false),
                       /*isAngled=*/true);
    ci.getPreprocessor().AddPragmaHandler(new IgnoreWeftPragmas());
    // The main file's FileID was made with the size of the file on disk: a
    // new one over the replaced contents has the right size, and keeps the
    // file's entry (its directory for "..." includes, its name).
    sm.overrideFileContents(
        *entry, llvm::MemoryBuffer::getMemBufferCopy(out.output, name));
    sm.setMainFileID(sm.createFileID(*entry, SourceLocation(),
                                     sm.getFileCharacteristic(fileStart)));
  }
};

} // namespace

static FrontendPluginRegistry::Add<WeftPluginAction>
    registration("weft", "run the loops of C files in parallel (weft)");
