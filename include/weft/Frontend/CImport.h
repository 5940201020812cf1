//===- CImport.h - Import a C translation unit into MLIR ------------*- C++ -*-===//
//
// The importer turns the functions of a parsed C file into the MLIR model of
// docs/ir.md. It computes no dependences: it only says what the code does.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_FRONTEND_CIMPORT_H
#define WEFT_FRONTEND_CIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class Stmt;
class ValueDecl;
} // namespace clang

namespace weft {

/// A `#pragma weft ...` (or an ignored `#pragma omp ...`) in the main file:
/// it applies to the loop that follows it, with only blanks or comments
/// between.
struct LoopPragma {
  enum Kind { Sequential, AssumeNoAlias, OpenMP } kind;
  unsigned begin = 0, end = 0; ///< file offsets of the pragma's line
};

/// What the importer needs to know about how the file is compiled.
struct ImportOptions {
  /// Floating-point reassociation is allowed (-ffast-math,
  /// -fassociative-math): recorded in the module's weft.flags.
  bool fpReassoc = false;
  /// libm calls may set errno (-fmath-errno, the default on Linux/glibc).
  bool mathErrno = true;
  /// weft's pragmas, in file order.
  std::vector<LoopPragma> pragmas;
};

/// An imported module, with the maps from ids back to Clang.
struct ImportedModule {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// loops[id]: the ForStmt, WhileStmt or DoStmt of loop id.
  llvm::SmallVector<const clang::Stmt *> loops;
  /// decls[id]: the VarDecl, ParmVarDecl or FunctionDecl of decl id.
  llvm::SmallVector<const clang::ValueDecl *> decls;
};

/// Imports every function defined in the main file of `ctx`. Never fails on
/// code that Clang accepted: what it cannot model becomes a weft op with the
/// reason.
ImportedModule importTranslationUnit(clang::ASTContext &ctx,
                                     mlir::MLIRContext &mlirCtx,
                                     const ImportOptions &options);

} // namespace weft

#endif // WEFT_FRONTEND_CIMPORT_H
