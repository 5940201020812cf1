//===- weft-translate.cpp - The standalone C-to-parallel-C translator --------===//
//
// weft-translate in.c [-o out] [-- <compile flags>] | [-p build/]
//
// Parses the file with Clang (the user's flags), imports it into MLIR, and
// writes the requested output. Output is written whole or not at all.
//
//===----------------------------------------------------------------------===//
#include "weft/Frontend/CImport.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory weftCategory("weft-translate options");

static cl::opt<std::string> outputPath("o", cl::desc("Output file ('-' for stdout)"),
                                       cl::value_desc("path"), cl::init("-"),
                                       cl::cat(weftCategory));
static cl::opt<bool> emitMLIR("emit-mlir",
                              cl::desc("Print the imported MLIR module"),
                              cl::cat(weftCategory));

static const char overview[] = R"(weft-translate: sequential C to parallel C

Reads one C file, finds the loops that are safe and worth running in parallel,
and writes C that runs them on every core through libweft.

  weft-translate in.c --emit-mlir -- -O2 -I include
  weft-translate -p build/ in.c --emit-mlir
)";

namespace {
/// Runs the importer on the translation unit once Clang has parsed it without
/// errors.
class ImportConsumer : public clang::ASTConsumer {
public:
  ImportConsumer(clang::CompilerInstance &ci, mlir::MLIRContext &mlirCtx,
                 weft::ImportedModule &out)
      : ci(ci), mlirCtx(mlirCtx), out(out) {}
  void HandleTranslationUnit(clang::ASTContext &ctx) override {
    if (ci.getDiagnostics().hasErrorOccurred())
      return;
    weft::ImportOptions opts;
    const clang::LangOptions &lo = ctx.getLangOpts();
    opts.fpReassoc = lo.AllowFPReassoc || lo.FastMath;
    opts.mathErrno = lo.MathErrno;
    out = weft::importTranslationUnit(ctx, mlirCtx, opts);
  }

private:
  clang::CompilerInstance &ci;
  mlir::MLIRContext &mlirCtx;
  weft::ImportedModule &out;
};

class ImportAction : public clang::ASTFrontendAction {
public:
  ImportAction(mlir::MLIRContext &mlirCtx, weft::ImportedModule &out)
      : mlirCtx(mlirCtx), out(out) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &ci, StringRef) override {
    return std::make_unique<ImportConsumer>(ci, mlirCtx, out);
  }

private:
  mlir::MLIRContext &mlirCtx;
  weft::ImportedModule &out;
};

class ImportActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ImportActionFactory(mlir::MLIRContext &mlirCtx, weft::ImportedModule &out)
      : mlirCtx(mlirCtx), out(out) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ImportAction>(mlirCtx, out);
  }

private:
  mlir::MLIRContext &mlirCtx;
  weft::ImportedModule &out;
};
} // namespace

int main(int argc, const char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
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
  std::string input = parser->getSourcePathList()[0];
  if (!sys::fs::exists(input)) {
    errs() << "weft-translate: cannot open '" << input
           << "': no such file\n";
    return 1;
  }

  mlir::MLIRContext mlirCtx;
  weft::ImportedModule imported;
  clang::tooling::ClangTool tool(parser->getCompilations(), {input});
  ImportActionFactory factory(mlirCtx, imported);
  int rc = tool.run(&factory);
  if (rc != 0 || !imported.module) {
    errs() << "weft-translate: " << input
           << " did not compile; no output written\n";
    return 1;
  }

  if (failed(mlir::verify(*imported.module))) {
    errs() << "weft-translate: internal error: the module imported from "
           << input << " does not verify; please report this\n";
    return 3;
  }

  auto write = [&](raw_ostream &os) -> Error {
    imported.module->print(os, mlir::OpPrintingFlags());
    os << "\n";
    return Error::success();
  };
  if (Error e = writeToOutput(outputPath, write)) {
    errs() << "weft-translate: cannot write '" << outputPath
           << "': " << toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}
