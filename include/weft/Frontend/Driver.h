//===- Driver.h - What weft-translate and the plugin share ---------*- C++ -*-===//
//
// The translation as a library: weft's pragmas, the pass pipeline over an
// imported module, and the per-loop report. weft-translate and the clang
// plugin are thin front ends over it.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_FRONTEND_DRIVER_H
#define WEFT_FRONTEND_DRIVER_H

#include "weft/Frontend/CImport.h"
#include "weft/Frontend/Rewrite.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace clang::tooling {
class CompilationDatabase;
} // namespace clang::tooling

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FrontendAction;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace weft {

/// The options every front end takes (docs/weft-translate.md).
struct TranslateOptions {
  /// all, missed, passed or none.
  std::string remarks = "all";
  bool fpReductions = false;
  /// pure or impure.
  std::string mathErrno = "pure";
  std::vector<std::string> skip;
  /// Testing only: dependence kinds the analysis ignores (flow, anti,
  /// output). The fuzzing oracle must catch the loops this breaks.
  std::vector<std::string> unsafeIgnore;
  /// Write the per-loop report here (JSON), if not empty.
  std::string reportPath;
  /// Default team size and capacity weights for the generated code (the
  /// runtime's environment and API override them).
  int cores = 0;
  std::vector<int> coreWeights;
  /// The fork/join cost the outliner's threshold uses, in ns.
  double forkJoinNs = 1000;
  /// Consecutive parallel loops share one parallel region.
  bool fuseRegions = true;
  /// Loop pairs inside parallel loops may be interchanged.
  bool interchange = true;
  /// Nests of parallel loops' bodies may run in tiles (with interchange).
  bool tile = true;
  /// Independent statements of a block may run at the same time
  /// (weft-task-graph).
  bool taskGraphs = true;
  /// libweft or OpenMP output. --cores and --core-weights are libweft's.
  RewriteOptions::Emit emit = RewriteOptions::Emit::Libweft;
  /// Functions the file calls that other files of the build define
  /// (summarizeDefinitions on those files).
  std::map<std::string, ForeignFunction> foreign;
};

/// Checks option values; returns an error naming the bad one.
llvm::Error validate(const TranslateOptions &options);

/// Registers `#pragma weft sequential`, `#pragma weft assume_no_alias` and
/// (when OpenMP is off, so that clang ignores them) `#pragma omp`, recording
/// each into `out`.
void registerPragmas(clang::Preprocessor &pp, std::vector<LoopPragma> &out);

/// What a front end does with a file Clang parsed without errors.
using ParsedFn = std::function<void(clang::ASTContext &, clang::Preprocessor &,
                                    std::vector<LoopPragma>)>;

/// A Clang action that registers weft's pragmas and, when Clang has parsed
/// the file without errors, calls `onParsed` with its AST, preprocessor and
/// pragmas (weft-translate and the fuzz target differ only in that call).
std::unique_ptr<clang::FrontendAction> makeTranslateAction(ParsedFn onParsed);

/// Runs weft's passes on an imported module. It emits no remarks: the front
/// end does (weft::emitVerdictRemarks) once the rewriter has had its say.
mlir::LogicalResult runPipeline(mlir::ModuleOp module,
                                const TranslateOptions &options);

/// One translation: the imported module, and the parallel C.
struct Translation {
  ImportedModule imported;
  RewriteResult output;
  /// Not empty when weft failed: the module did not verify after a step, or
  /// a pass failed. The front ends report it as an internal error.
  std::string internalError;
};

/// Translates the main file of a parsed translation unit: imports it, runs
/// weft's passes, rewrites the file and emits each loop's remark through
/// mlirCtx's diagnostic handler. With runPasses false it only imports (the
/// module as imported, for --emit-mlir).
Translation translate(clang::ASTContext &ctx, clang::Preprocessor &pp,
                      std::vector<LoopPragma> pragmas,
                      mlir::MLIRContext &mlirCtx,
                      const TranslateOptions &options,
                      const RewriteOptions &rewriteOptions, bool runPasses);

/// The functions the main file of a parsed translation unit calls (uses)
/// without a definition in it, with external linkage: what other files of
/// the build may define.
std::set<std::string> undefinedCallees(clang::ASTContext &ctx);

/// Of `names`, those the main file of a parsed translation unit defines
/// with external linkage, each with its summary as another file's
/// declaration of it can carry it (exportSummary, computed on the file's
/// imported module; docs/analysis.md, "Functions of other files"). `label`
/// names the file in remarks.
std::map<std::string, ForeignFunction>
summarizeDefinitions(clang::ASTContext &ctx, std::vector<LoopPragma> pragmas,
                     const TranslateOptions &options,
                     const std::set<std::string> &names, llvm::StringRef label);

/// The functions the main file of a parsed translation unit (its real path
/// `inputReal`) calls without defining them, as the other files of the
/// build `db` define them (docs/analysis.md, "Functions of other files"):
/// only files that mention one of them followed by `(` are parsed, with
/// their own flags and no diagnostics, and in turn those that mention what
/// such a definition's file calls without defining; each file is
/// summarized after the files it calls into (a cycle cut where it closes).
/// A file that does not compile gives nothing; the first definition found
/// wins. Clang's tool runs each file in its compile command's directory,
/// and is back where it was after.
std::map<std::string, ForeignFunction>
readOtherFiles(clang::ASTContext &ctx,
               const clang::tooling::CompilationDatabase &db,
               llvm::StringRef inputReal, const TranslateOptions &options);

/// Writes the JSON report of every loop's verdict (docs/report.md).
llvm::Error writeReport(llvm::StringRef path, const ImportedModule &imported,
                        const clang::SourceManager &sm);

} // namespace weft

#endif // WEFT_FRONTEND_DRIVER_H
