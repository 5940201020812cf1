//===- weft-fuzz.cpp - libFuzzer target: weft on mutated C -----------------===//
//
// Crash fuzzing (docs/testing.md). Each input is a C file. Whatever Clang
// rejects is uninteresting; on whatever it accepts, weft must not crash,
// assert, hang or report an internal error, and the C it writes must parse
// again (against weft.h) whenever it parallelized a loop. Any of these is a
// bug: the target aborts, and libFuzzer keeps the input.
//
// Built by scripts/fuzz.sh in its own build directory, with weft's code
// instrumented for coverage (-fsanitize=fuzzer-no-link) and checked by
// AddressSanitizer and UndefinedBehaviorSanitizer, assertions on.
//
//===----------------------------------------------------------------------===//
#include "weft/Frontend/Driver.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {
/// Clang's flags for both parses: the input is C11 with GNU extensions, as
/// weft-translate's users write it; warnings are not errors.
std::vector<std::string> clangArgs() {
  return {"-std=gnu11", "-w", "-ferror-limit=1", "-I", WEFT_RUNTIME_INCLUDE};
}

[[noreturn]] void bug(const std::string &what, const std::string &text) {
  llvm::errs() << "weft-fuzz: " << what << "\n";
  if (!text.empty())
    llvm::errs() << "--- weft's output ---\n" << text << "--- end ---\n";
  std::abort();
}

/// Runs once Clang has accepted the input.
void check(clang::ASTContext &ctx, clang::Preprocessor &pp,
           std::vector<weft::LoopPragma> pragmas) {
  mlir::MLIRContext mlirCtx;
  mlirCtx.getDiagEngine().registerHandler(
      [](mlir::Diagnostic &) { return mlir::success(); });
  weft::TranslateOptions options;
  options.forkJoinNs = 0; // outline every parallel loop
  weft::Translation t =
      weft::translate(ctx, pp, std::move(pragmas), mlirCtx, options,
                      weft::RewriteOptions(), /*runPasses=*/true);
  if (!t.internalError.empty())
    bug("internal error: " + t.internalError, "");
  if (t.output.parallelLoops == 0 && t.output.taskGraphs == 0)
    return;
  // The output of C that Clang accepted must be C that Clang accepts.
  if (!clang::tooling::runToolOnCodeWithArgs(
          std::make_unique<clang::SyntaxOnlyAction>(), t.output.text,
          clangArgs(), "output.c", "weft-fuzz"))
    bug("weft's output does not compile", t.output.text);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string code(reinterpret_cast<const char *>(data), size);
  // Clang reads a NUL as the end of the buffer; so would a file.
  if (code.find('\0') != std::string::npos)
    return 0;
  // Clang 19's parser loops forever on some uses of '::' in C (in
  // parentheses, as in `(x)( ::: "memory")`; `clang-19 -fsyntax-only`
  // hangs on it alone, llvm/llvm-project#195367). The fuzzer finds it within
  // the hour and then reports only that; C before C23 has no '::' outside
  // [[attribute]] names, which the generator does not write.
  if (code.find("::") != std::string::npos)
    return 0;
  clang::tooling::runToolOnCodeWithArgs(weft::makeTranslateAction(check),
                                        code, clangArgs(), "input.c",
                                        "weft-fuzz");
  return 0;
}
