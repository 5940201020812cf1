//===- weft-translate.cpp - The standalone C-to-parallel-C translator --------===//
//
// weft-translate in.c [options] [-- <compile flags>] | [-p build/]
//
// Parses the file with Clang and the user's flags, imports it into MLIR, runs
// weft's passes, and writes what was asked: remarks (--analyze), the MLIR
// module (--emit-mlir), a JSON report (--report). Everything happens while
// Clang's AST is alive. Output is written whole or not at all.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Cost.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Frontend/CImport.h"
#include "weft/Frontend/Driver.h"
#include "weft/Frontend/Rewrite.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory weftCategory("weft-translate options");

static cl::opt<std::string> outputPath("o",
                                       cl::desc("Output file ('-' for stdout)"),
                                       cl::value_desc("path"), cl::init("-"),
                                       cl::cat(weftCategory));
static cl::opt<bool> emitMLIR(
    "emit-mlir",
    cl::desc("Write the MLIR module instead of C: as imported, or after "
             "weft's passes with --analyze"),
    cl::cat(weftCategory));
static cl::opt<weft::RewriteOptions::Emit> emit(
    "emit", cl::desc("What the parallel loops run on"),
    cl::values(clEnumValN(weft::RewriteOptions::Emit::Libweft, "libweft",
                          "libweft's team: outlined bodies, include weft.h, "
                          "link -lweft (the default)"),
               clEnumValN(weft::RewriteOptions::Emit::OpenMP, "openmp",
                          "#pragma omp parallel for in place, for any OpenMP "
                          "compiler (-fopenmp); no libweft")),
    cl::init(weft::RewriteOptions::Emit::Libweft), cl::cat(weftCategory));
static cl::opt<bool> analyzeOnly(
    "analyze",
    cl::desc("Analyze only: print a remark per loop and write no C"),
    cl::cat(weftCategory));
static cl::opt<bool> lineDirectives(
    "line-directives",
    cl::desc("Emit #line directives so that compiler errors and debuggers "
             "point at the input"),
    cl::cat(weftCategory));
static cl::opt<std::string> remarks(
    "remarks",
    cl::desc("Which loops get a remark: all, missed (not parallelized), "
             "passed (parallelized) or none"),
    cl::init("all"), cl::cat(weftCategory));
static cl::opt<std::string>
    reportPath("report", cl::desc("Write a JSON report of every loop here"),
               cl::value_desc("file.json"), cl::cat(weftCategory));
// Not for users: it makes weft wrong on purpose, so that a test can show
// that the fuzzing oracle notices (docs/testing.md).
static cl::list<std::string> unsafeIgnore(
    "unsafe-ignore-dependences",
    cl::desc("Testing only: ignore these memory dependence kinds (flow, "
             "anti, output, bound), take every local work array as private "
             "(private), or every integer array of plain accesses as a + "
             "array reduction (reduction)"),
    cl::CommaSeparated, cl::ReallyHidden, cl::cat(weftCategory));
static cl::opt<bool> fpReductions(
    "fp-reductions",
    cl::desc("Run floating-point + and * reductions, of scalars and of "
             "arrays, in parallel even without -ffast-math or "
             "-fassociative-math (results may round differently, the same "
             "on any team)"),
    cl::cat(weftCategory));
static cl::opt<std::string> mathErrno(
    "math-errno",
    cl::desc("Math library calls that may set errno count as 'pure' (the "
             "default) or 'impure'"),
    cl::init("pure"), cl::cat(weftCategory));
static cl::list<std::string>
    skip("skip", cl::desc("Leave the loops of this function sequential"),
         cl::value_desc("function"), cl::CommaSeparated,
         cl::cat(weftCategory));
static cl::opt<double> forkJoinNs(
    "fork-join-ns",
    cl::desc("The cost of a fork/join, in ns, that a loop's estimated work "
             "must pay for twice over to run in parallel (default 1000 for "
             "libweft, 3000 for OpenMP, measured in bench/runtime; 0 runs "
             "every safe loop in parallel)"),
    cl::init(weft::kForkJoinNs), cl::value_desc("ns"), cl::cat(weftCategory));
static cl::opt<bool> fuseRegions(
    "fuse-regions",
    cl::desc("Run consecutive parallel loops of a function, with only cheap "
             "code between them, in one parallel region (default on; "
             "--fuse-regions=false gives each loop a region of its own)"),
    cl::init(true), cl::cat(weftCategory));
static cl::opt<bool> taskGraphs(
    "task-graphs",
    cl::desc("Run statements of a block that are independent of each other "
             "(calls, loops left sequential, parallel loops, which idle "
             "members help run) at the same time, as a task graph on "
             "libweft's team (default on; --task-graphs=false keeps every "
             "statement in order)"),
    cl::init(true), cl::cat(weftCategory));
static cl::opt<bool> interchange(
    "interchange",
    cl::desc("Interchange loop pairs inside parallel loops, or a parallel "
             "loop and the loop inside it, whose inner loop walks a matrix "
             "across its rows, and run nests of a parallel loop's body that "
             "stream a matrix for every row in tiles around its rows, when "
             "every element keeps its updates in order (default on; "
             "docs/analysis.md, \"Loop interchange\", \"Loop tiling\")"),
    cl::init(true), cl::cat(weftCategory));
static cl::opt<bool> tile(
    "tile",
    cl::desc("With --interchange: run a nest of a parallel loop's body that "
             "streams a matrix for every row in tiles around the rows "
             "(default on; --tile=false leaves such nests as they are, "
             "interchanged or not; docs/analysis.md, \"Loop tiling\")"),
    cl::init(true), cl::cat(weftCategory));
static cl::opt<int> cores(
    "cores",
    cl::desc("Default team size for the generated code; WEFT_NUM_THREADS and "
             "the program override it (default: the CPUs the process may "
             "use)"),
    cl::init(0), cl::value_desc("n"), cl::cat(weftCategory));
static cl::list<int> coreWeights(
    "core-weights",
    cl::desc("Default capacity weights of team members 0..n-1, e.g. "
             "1024,1024,512,512 for two big and two little cores; "
             "WEFT_WEIGHTS and the program override them"),
    cl::CommaSeparated, cl::value_desc("w,w,..."), cl::cat(weftCategory));
static cl::opt<bool> verify(
    "verify",
    cl::desc("Check remarks against expected-remark comments in the file"),
    cl::Hidden, cl::cat(weftCategory));

static const char overview[] = R"(weft-translate: sequential C to parallel C

Reads one C file, finds the loops that are safe and worth running in parallel,
and writes the file back with those loops running on libweft's team (include
weft.h from the runtime, link -lweft), or with --emit=openmp under
#pragma omp parallel for (build with -fopenmp). Every loop gets a remark on
stderr that says whether it runs in parallel and, if not, why not.

  weft-translate in.c -o out.c -- -O2 -I include      translate
  weft-translate in.c -o out.c --emit=openmp -- -O2   OpenMP output (build with -fopenmp)
  weft-translate -p build/ in.c -o out.c              flags from compile_commands.json
  weft-translate in.c --analyze --report=loops.json -- -O2
  weft-translate in.c --emit-mlir --analyze -- -O2    the MLIR after weft's passes

Flags after -- are clang's, for parsing the file (use the ones you compile
with: -D, -I, -std, -ffast-math). With -p, the database's other files that
define functions the file calls are read too (and the files those call
into), for what those functions read and write. `#pragma weft pure(f)` in the file says that f, defined
elsewhere, reads only through its pointer arguments and writes nothing.
docs/weft-translate.md has the details.
Exit status: 0 done; 1 the file did not compile or the output could not be
written (nothing is written then); 2 bad usage; 3 an internal error.
)";

namespace {
/// One run of the translator: options in, exit status out.
struct Session {
  weft::TranslateOptions options;
  std::string input;
  /// The input's real path, taken before Clang's tools change directory.
  SmallString<256> inputReal;
  int status = 0;
  bool ran = false;
  /// The build's compile_commands.json (-p), whose other files may define
  /// functions the file calls.
  const clang::tooling::CompilationDatabase *db = nullptr;

  /// Runs after Clang parsed the file without errors.
  void run(clang::ASTContext &ctx, clang::Preprocessor &pp,
           std::vector<weft::LoopPragma> pragmas) {
    ran = true;
    mlir::MLIRContext mlirCtx;
    // Remarks in clang's format, with the source line, through MLIR's
    // diagnostic engine; or checked against expected-remark comments.
    llvm::SourceMgr sourceMgr;
    const clang::SourceManager &sm = ctx.getSourceManager();
    if (auto entry = sm.getFileEntryRefForID(sm.getMainFileID()))
      if (auto buf = MemoryBuffer::getFile(entry->getName()))
        sourceMgr.AddNewSourceBuffer(std::move(*buf), SMLoc());
    std::unique_ptr<mlir::SourceMgrDiagnosticHandler> printer;
    std::unique_ptr<mlir::SourceMgrDiagnosticVerifierHandler> verifier;
    if (verify)
      verifier = std::make_unique<mlir::SourceMgrDiagnosticVerifierHandler>(
          sourceMgr, &mlirCtx);
    else
      printer = std::make_unique<mlir::SourceMgrDiagnosticHandler>(sourceMgr,
                                                                   &mlirCtx);
    // --emit-mlir alone prints the module as imported. The rewriter runs
    // in --analyze mode too: a loop it cannot write stays sequential, and
    // the remark says so either way.
    weft::RewriteOptions ro;
    ro.lineDirectives = lineDirectives;
    if (db && !inputReal.empty())
      options.foreign = weft::readOtherFiles(ctx, *db, inputReal, options);
    weft::Translation t =
        weft::translate(ctx, pp, std::move(pragmas), mlirCtx, options, ro,
                        /*runPasses=*/analyzeOnly || !emitMLIR);
    if (!t.internalError.empty()) {
      errs() << "weft-translate: internal error on " << input << ": "
             << t.internalError << "; please report this\n";
      status = 3;
      return;
    }
    weft::ImportedModule &imported = t.imported;
    if (verifier && failed(verifier->verify())) {
      status = 1;
      return;
    }
    if (!options.reportPath.empty())
      if (Error e = weft::writeReport(options.reportPath, imported, sm)) {
        errs() << "weft-translate: cannot write '" << options.reportPath
               << "': " << toString(std::move(e)) << "\n";
        status = 1;
        return;
      }
    if (analyzeOnly && !emitMLIR)
      return;
    // Written whole, through a temporary file renamed over the output, or
    // not at all.
    auto write = [&](raw_ostream &os) -> Error {
      if (emitMLIR) {
        imported.module->print(os, mlir::OpPrintingFlags());
        os << "\n";
      } else {
        os << t.output.text;
      }
      return Error::success();
    };
    if (Error e = writeToOutput(outputPath, write)) {
      errs() << "weft-translate: cannot write '" << outputPath
             << "': " << toString(std::move(e)) << "\n";
      status = 1;
    }
  }
};

class Factory : public clang::tooling::FrontendActionFactory {
public:
  explicit Factory(Session &session) : session(session) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return weft::makeTranslateAction(
        [this](clang::ASTContext &ctx, clang::Preprocessor &pp,
               std::vector<weft::LoopPragma> pragmas) {
          session.run(ctx, pp, std::move(pragmas));
        });
  }

private:
  Session &session;
};
} // namespace

int main(int argc, const char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  cl::SetVersionPrinter([](raw_ostream &os) {
    os << "weft-translate " << WEFT_VERSION << " (LLVM " << LLVM_VERSION_STRING
       << ")\n";
  });
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  auto parser = clang::tooling::CommonOptionsParser::create(
      argc, argv, weftCategory, cl::OneOrMore, overview);
  if (!parser) {
    errs() << toString(parser.takeError()) << "\n";
    return 2;
  }
  if (parser->getSourcePathList().size() != 1) {
    errs() << "weft-translate: expected exactly one input file\n";
    return 2;
  }
  Session session;
  session.input = parser->getSourcePathList()[0];
  if (!sys::fs::exists(session.input)) {
    errs() << "weft-translate: cannot open '" << session.input
           << "': no such file\n";
    return 1;
  }
  session.options.remarks = remarks;
  session.options.fpReductions = fpReductions;
  session.options.mathErrno = mathErrno;
  session.options.skip.assign(skip.begin(), skip.end());
  session.options.unsafeIgnore.assign(unsafeIgnore.begin(),
                                      unsafeIgnore.end());
  // Clang's tools run each file in the directory its compile command
  // names (-p): paths given here are relative to where we started.
  auto absolute = [](std::string &path) {
    if (path.empty() || path == "-")
      return;
    SmallString<256> p(path);
    if (!sys::fs::make_absolute(p))
      path = std::string(p);
  };
  absolute(reportPath);
  absolute(outputPath);
  session.options.reportPath = reportPath;
  session.options.emit = emit;
  session.options.forkJoinNs = forkJoinNs;
  session.options.fuseRegions = fuseRegions;
  session.options.interchange = interchange;
  session.options.tile = tile;
  session.options.taskGraphs = taskGraphs;
  if (emit == weft::RewriteOptions::Emit::OpenMP &&
      forkJoinNs.getNumOccurrences() == 0)
    session.options.forkJoinNs = weft::kOpenMPForkJoinNs;
  session.options.cores = cores;
  session.options.coreWeights.assign(coreWeights.begin(), coreWeights.end());
  if (Error e = weft::validate(session.options)) {
    errs() << "weft-translate: " << toString(std::move(e)) << "\n";
    return 2;
  }

  session.db = &parser->getCompilations();
  (void)sys::fs::real_path(session.input, session.inputReal);
  clang::tooling::ClangTool tool(parser->getCompilations(), {session.input});
  Factory factory(session);
  int rc = tool.run(&factory);
  if (rc != 0 || !session.ran) {
    errs() << "weft-translate: " << session.input
           << " did not compile; no output written\n";
    return 1;
  }
  return session.status;
}
