//===- Rewrite.h - The parallel C: the input with each task outlined -*- C++ -*-===//
//
// The last step of weft-translate. It reads every decision off the final MLIR
// module (each weft.task: its captures, guards, minimum trip count and loop
// descriptor) and edits the main file's text with clang's Rewriter: an
// outlined body function and a context struct before the function that holds
// the loop, and the loop replaced by a block that runs it in parallel when the
// run-time checks pass and runs it as written otherwise. Only body text is
// copied from the source; every other byte stays as it was (docs/output.md).
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_FRONTEND_REWRITE_H
#define WEFT_FRONTEND_REWRITE_H

#include "weft/Frontend/CImport.h"

#include <map>
#include <string>

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace weft {

struct RewriteOptions {
  /// What the parallel loops run on: libweft (outlined bodies, weft.h), or
  /// OpenMP (`#pragma omp parallel for` in place; the file needs only an
  /// OpenMP compiler).
  enum class Emit { Libweft, OpenMP };
  Emit emit = Emit::Libweft;
  /// Floating-point reductions may be combined in any order (-ffast-math,
  /// -fassociative-math or --fp-reductions). libweft combines min and max in
  /// chunk order, exactly as the loop would; OpenMP does not, so with OpenMP
  /// a floating-point min or max needs this.
  bool fpReorder = false;
  /// Emit #line directives so that compiler errors and debuggers point at
  /// the input file.
  bool lineDirectives = false;
  /// The header generated code includes.
  std::string runtimeHeader = "weft.h";
};

struct RewriteResult {
  /// The whole output file.
  std::string text;
  /// Loops that now run in parallel.
  unsigned parallelLoops = 0;
  /// Task graphs written (weft.graph): statements that now run at the
  /// same time.
  unsigned taskGraphs = 0;
  /// The loops the rewriter left as written although the passes chose them
  /// (loop id -> why): translate() runs the passes again without them, so
  /// that the loops inside them may run in parallel instead.
  std::map<int64_t, std::string> vetoes;
};

/// Writes the parallel C of the main file. A task that cannot be written as
/// C (docs/output.md lists why) is left as written: its loop's verdict loses
/// weft.candidate and gets the reason, so remarks and the report say so.
RewriteResult rewriteMainFile(ImportedModule &imported, clang::ASTContext &ctx,
                              clang::Preprocessor &pp,
                              const RewriteOptions &options);

} // namespace weft

#endif // WEFT_FRONTEND_REWRITE_H
