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

#include "weft/Analysis/Exported.h"

#include <string>
#include <vector>

#include "clang/AST/OperationKinds.h"
#include "clang/AST/Type.h"

namespace clang {
class ASTContext;
class Decl;
class Expr;
class Stmt;
class Type;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace weft {

/// A `#pragma weft ...` (or an ignored `#pragma omp ...`) in the main file:
/// it applies to the loop that follows it, with only blanks or comments
/// between.
struct LoopPragma {
  /// Pure: `#pragma weft pure(f, g)`, which is about functions, not the
  /// loop after it.
  enum Kind { Sequential, AssumeNoAlias, OpenMP, Pure } kind;
  unsigned begin = 0, end = 0; ///< file offsets of the pragma's line
  /// Pure: the functions it names.
  std::vector<std::string> names;
};

/// A function the file only declares, as another file of the build defines
/// it (docs/analysis.md, "Functions of other files").
struct ForeignFunction {
  ExportedSummary summary; ///< exportSummary there
  std::string file;    ///< the file that defines it, as the remark names it
  unsigned params = 0; ///< its definition's parameters
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
  /// Functions defined in other files of the build, by name.
  std::map<std::string, ForeignFunction> foreign;
};

/// The header of a counted loop (docs/ir.md, "Loops"), as C wrote it: what
/// the rewriter needs to compute its trip count in C. For a `while` or `do`
/// loop, the importer records what the header would be if the loop is
/// counted, which weft-count-loops decides.
struct CountedFor {
  const clang::VarDecl *counter = nullptr;
  /// The start value: the init's right-hand side or initializer; null when
  /// the loop has no init and starts from the counter's current value.
  const clang::Expr *start = nullptr;
  bool declaredInInit = false;
  /// `for (i = 0, j = 0; ...)`, `for (j = 0; i < n; i++)`, `for (int i =
  /// 0, m = n / 2; ...)`: an init of several expressions or declarations,
  /// or one that sets or declares a variable other than the counter, which
  /// the counted loop runs once before it, as a statement (a declaration
  /// in the block that replaces the loop, which is its scope); the counter
  /// starts from the value it leaves (start is null). Null for any other
  /// init.
  const clang::Stmt *initBefore = nullptr;
  /// The step, a constant; with stepBy, the step's sign (1 or -1).
  int64_t step = 0;
  /// `i += m`: the step's C expression when it is not a constant (a
  /// variable the loop does not change: weft-count-loops checks), else null.
  const clang::Expr *stepBy = nullptr;
  struct Bound {
    const clang::Expr *expr;          ///< `counter op expr`; null: 0
                                      ///< (`while (n)`, `while (n--)`)
    clang::BinaryOperatorKind op;     ///< < <= > >= !=, counter on the left
    const clang::Type *compareType;   ///< the type the comparison is done in
    /// `counter + offset op expr` (`i + 1 < n`): C compares the counter
    /// plus this constant, in compareType.
    int64_t offset = 0;
    /// `counter + by op expr` (`i + w <= n`), or with byMinus `counter -
    /// by op expr`: C compares the counter plus (minus) this expression,
    /// which the loop does not change (weft-count-loops), in compareType.
    const clang::Expr *by = nullptr;
    bool byMinus = false;
  };
  std::vector<Bound> bounds;
  /// A while or do loop: the body steps the counter (once, where nothing
  /// skips it: weft-count-loops checks).
  bool stepInBody = false;
  /// `while (++i < n)`: the loop starts at the counter plus this.
  int64_t startOffset = 0;
  /// `while (i-- > 0)`: the condition steps the counter after it tests it,
  /// so the body, and the code after the loop, see it one step further.
  bool seesStepped = false;
  /// A do loop: the body runs once before the first test.
  bool runsOnce = false;
};

/// An imported module, with the maps from ids back to Clang.
struct ImportedModule {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// loops[id]: the ForStmt, WhileStmt or DoStmt of loop id.
  llvm::SmallVector<const clang::Stmt *> loops;
  /// stmts[id]: the statement of a compound statement whose operations
  /// carry weft.stmt = id (docs/ir.md, "Statements").
  llvm::SmallVector<const clang::Stmt *> stmts;
  /// decls[id]: the VarDecl, ParmVarDecl or FunctionDecl of decl id.
  llvm::SmallVector<const clang::ValueDecl *> decls;
  /// counted[id]: the header of loop id, when it is a counted `for`, or a
  /// while or do loop that weft-count-loops may count.
  llvm::DenseMap<int64_t, CountedFor> counted;
  /// A read of memory (`v->n`, `*len`, a global) that run-time checks may
  /// name where a loop starts: its exact C text and type. Its id is a decl id
  /// (decls[id] is null); the load carries weft.expr = id. Loads in a loop's
  /// bound get one when the bound reads memory, other loads when their
  /// lvalue has a text (Importer::codeText).
  struct MemoryRead {
    std::string text;
    clang::QualType type;
    /// The last declaration of a local variable the text names (invalid if
    /// none): the text means the same only where that one is in scope, at a
    /// loop that starts after it.
    clang::SourceLocation lastLocal;
  };
  llvm::DenseMap<int64_t, MemoryRead> reads;
};

/// Imports every function defined in the main file of `ctx`, and the
/// definitions in files it includes that those call (weft.included, for
/// their summaries; docs/ir.md). Never fails on code that Clang accepted:
/// what it cannot model becomes a weft op with the reason.
ImportedModule importTranslationUnit(clang::ASTContext &ctx,
                                     mlir::MLIRContext &mlirCtx,
                                     const ImportOptions &options);

} // namespace weft

#endif // WEFT_FRONTEND_CIMPORT_H
