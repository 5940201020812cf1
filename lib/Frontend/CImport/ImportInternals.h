//===- ImportInternals.h - The C importer's private state -----------*- C++ -*-===//
//
// Shared by the importer's files, split by AST category as CIRCT's
// ImportVerilog is: Types.cpp, Scan.cpp (facts gathered before import),
// Exprs.cpp, Stmts.cpp, Loops.cpp and CImport.cpp (module and functions).
//
//===----------------------------------------------------------------------===//
// NOLINTNEXTLINE(llvm-header-guard)
#ifndef WEFT_LIB_FRONTEND_CIMPORT_IMPORTINTERNALS_H
#define WEFT_LIB_FRONTEND_CIMPORT_IMPORTINTERNALS_H

#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Frontend/CImport.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

#define DEBUG_TYPE "weft-import"

namespace weft {
namespace detail {

/// An integer expression in linear form over atoms (index values).
struct Linear {
  llvm::MapVector<mlir::Value, int64_t> terms;
  int64_t constant = 0;
  bool add(const Linear &o, int64_t scale);
};

/// A subscript: its affine form over valid atoms when it has one, and its
/// value (computed on demand from the form when absent).
struct Idx {
  std::optional<Linear> lin;
  mlir::Value value;
  static Idx constant(int64_t c) {
    Idx i;
    i.lin = Linear();
    i.lin->constant = c;
    return i;
  }
};

/// A pointer value in the model: `&base[indices...]` (a pointer to a row when
/// there are fewer indices than the rank), or an unresolved `!weft.ptr`.
struct PtrVal {
  mlir::Value base;             ///< a memref, or null
  llvm::SmallVector<Idx> indices;
  mlir::Value raw;              ///< !weft.ptr when base is null
  clang::QualType pointee;
  bool resolved() const { return (bool)base; }
};

/// A C rvalue: a scalar, or a pointer.
struct CVal {
  mlir::Value scalar;
  std::optional<PtrVal> ptr;
  static CVal of(mlir::Value v) { return CVal{v, std::nullopt}; }
  static CVal of(PtrVal p) { return CVal{mlir::Value(), std::move(p)}; }
};

/// A C lvalue: an element of a memref (with exactly rank indices), or a
/// value that cannot be written (an SSA variable, a loop counter).
struct LVal {
  mlir::Value memref;
  llvm::SmallVector<Idx> indices;
  /// Set when the location is not memory: the value to read.
  std::optional<CVal> readOnly;
  /// The C spelling, for the access's NameLoc.
  std::string text;
  /// The expression, when the lvalue is one (codeText).
  const clang::Expr *expr = nullptr;
  clang::QualType type;
  /// The lvalue is volatile or atomic: accesses become weft.effects.
  bool special = false;
  /// The lvalue is part of the element at memref[indices] ("bitfield",
  /// "complex part", "field" of a struct weft does not see as one):
  /// accesses become weft.effects on the whole element.
  std::string part;
};

/// How a C variable lives in the model (docs/ir.md, "Variables").
struct VarInfo {
  enum Kind {
    SSA,     ///< never assigned, address never taken: `value`
    Cell,    ///< a 0-d memref cell: `value`
    Object,  ///< an array or struct object: `value` is its memref
    Pointer, ///< an SSA pointer variable: `ptr`
  } kind = SSA;
  mlir::Value value;
  std::optional<PtrVal> ptr;
  int64_t declId = -1;
};

/// Facts about one variable, gathered before its function is imported.
struct VarFacts {
  unsigned writes = 0;      ///< assignments, ++, --, compound assignments
  bool addressTaken = false;
};

/// The loop counter of an enclosing counted loop, while its body is
/// imported. An increasing loop's induction variable is the counter's value;
/// a decreasing loop's is normalized, and the counter is `start + step * iv`.
struct CounterInfo {
  mlir::Value iv;          ///< index
  mlir::Value start;       ///< index; only for normalized loops
  std::optional<Linear> startLin; ///< start's affine form (affine loops)
  int64_t step = 1;        ///< the C step (negative when normalized)
  bool normalized = false;
  bool affine = true;      ///< iv belongs to an affine.for
};

class Importer {
public:
  Importer(clang::ASTContext &ctx, mlir::MLIRContext &mlirCtx,
           const ImportOptions &options, ImportedModule &out);

  void importTranslationUnit();

  //===--- Shared state ----------------------------------------------------===//
  clang::ASTContext &ctx;
  clang::SourceManager &sm;
  mlir::MLIRContext &mlirCtx;
  const ImportOptions &options;
  ImportedModule &out;
  mlir::OpBuilder builder;
  mlir::ModuleOp module;

  /// Decl ids (docs/ir.md): one per variable and function, in first-seen
  /// order.
  llvm::DenseMap<const clang::ValueDecl *, int64_t> declIds;
  int64_t declId(const clang::ValueDecl *d);
  /// Loop ids, in source order.
  int64_t newLoopId(const clang::Stmt *loop);
  /// A statement of a compound statement that may become a task (weft.stmt).
  int64_t newStmtId(const clang::Stmt *stmt);

  /// Globals imported so far (name of their memref.global), and the external
  /// functions declared.
  llvm::DenseMap<const clang::VarDecl *, std::string> globals;
  llvm::DenseSet<const clang::FunctionDecl *> declaredFunctions;
  /// File-scope variables whose address is taken anywhere in the file.
  llvm::DenseSet<const clang::VarDecl *> addressTakenGlobals;
  /// Functions named anywhere but as the callee of a direct call in a
  /// function defined in the main file (their address is taken, or a
  /// function weft does not import calls them).
  llvm::DenseSet<const clang::FunctionDecl *> functionsReferenced;
  /// The direct calls of each function in functions of the main file.
  llvm::DenseMap<const clang::FunctionDecl *, int64_t> directCalls;
  /// Definitions in files the main file includes (not system headers)
  /// that its functions call, directly or through each other: imported for
  /// their summaries (weft.included), their loops never rewritten.
  llvm::SetVector<const clang::FunctionDecl *> included;
  /// Does weft import fn's body: defined in the main file, or included?
  bool imports(const clang::FunctionDecl *fn) const;
  /// Fills `included`.
  void findIncludedDefinitions();

  //===--- Per-function state ----------------------------------------------===//
  mlir::func::FuncOp currentFn;
  const clang::FunctionDecl *currentFnDecl = nullptr;
  llvm::DenseMap<const clang::VarDecl *, VarInfo> vars;
  llvm::DenseMap<const clang::VarDecl *, VarFacts> facts;
  llvm::DenseMap<const clang::VarDecl *, CounterInfo> counters;
  /// index_cast of top-level values, placed right after their definition so
  /// that they are valid affine symbols.
  llvm::DenseMap<mlir::Value, mlir::Value> indexOf;
  /// memref.get_global of each global, at the function's entry.
  llvm::DenseMap<const clang::VarDecl *, mlir::Value> fnGlobals;
  /// The value of each VLA size expression, made once where C evaluates it
  /// (a `typedef int T[n];` at the typedef, not again at `T a;`).
  llvm::DenseMap<const clang::Expr *, mlir::Value> vlaSizes;
  /// Nesting depth of OpenMP directives around the current statement.
  int openmpDepth = 0;
  /// Which `for` loops weft-count-loops counts ("") or not (the reason),
  /// decided on the first import of the file; null during that import,
  /// which makes every `for` a weft.opaque_loop (importTranslationUnit).
  const llvm::DenseMap<const clang::Stmt *, std::string> *forVerdicts = nullptr;
  /// While a loop's bounds are imported: every load made, with its lvalue.
  llvm::SmallVector<std::pair<mlir::Operation *, LVal>, 2> *boundLoads =
      nullptr;

  //===--- Types (Types.cpp) -------------------------------------------------===//
  mlir::Type convertScalarType(clang::QualType t);
  /// The memref for an object of type t (an array, a struct, a scalar cell),
  /// with dynamic sizes for VLAs and unknown extents.
  mlir::MemRefType memrefTypeFor(clang::QualType t);
  /// The memref a pointer to `pointee` indexes.
  mlir::MemRefType memrefTypeForPointee(clang::QualType pointee);
  /// The element type of the innermost dimension (a scalar, !weft.ptr or
  /// !weft.struct).
  mlir::Type elementTypeFor(clang::QualType t);
  /// Array dimensions of t: constant sizes, or -1 for dynamic (VLA or
  /// unknown extent); `vlaSizes` gets the size expressions of VLA dims.
  void arrayDims(clang::QualType t, llvm::SmallVectorImpl<int64_t> &dims,
                 llvm::SmallVectorImpl<const clang::Expr *> *vlaSizes,
                 clang::QualType &elem);
  bool isScalarType(clang::QualType t);
  /// The size a VLA's size expression gives, evaluated where C evaluates it
  /// (once: later uses of the type reuse it).
  mlir::Value vlaSize(const clang::Expr *e);
  /// Evaluates the VLA sizes of a type written here (a declaration, a
  /// typedef, a cast): not those of typedef names in it, which C evaluated
  /// at their typedef.
  void evalVlaSizes(clang::QualType t);
  bool isUnsigned(clang::QualType t);
  uint64_t sizeOf(clang::QualType t);

  //===--- Scan (Scan.cpp) ---------------------------------------------------===//
  /// Counts writes and address-taking of every variable in a function body.
  void scanFunction(const clang::FunctionDecl *fn);
  /// Finds file-scope variables whose address is taken.
  void scanGlobals();

  //===--- Locations ---------------------------------------------------------===//
  mlir::Location loc(clang::SourceLocation l);
  mlir::Location loc(const clang::Stmt *s) { return loc(s->getBeginLoc()); }
  mlir::Location accessLoc(const clang::Expr *e, llvm::StringRef text);
  std::string spelling(const clang::Stmt *s);
  /// The C text that reads the same place again where it is written, for
  /// run-time checks: the exact source (a variable's name when the lvalue
  /// is a bare variable), or nothing when the lvalue is not one stretch of
  /// the file (part of a macro's expansion) or has side effects.
  std::optional<std::string> codeText(const LVal &lv);
  /// Gives a load of memory its weft.expr (ImportedModule::reads), when
  /// codeText has a text for its lvalue.
  void nameRead(mlir::Operation *load, const LVal &lv);
  std::string where(clang::SourceLocation l);

  //===--- Functions and variables (CImport.cpp) ---------------------------===//
  void importFunction(const clang::FunctionDecl *fn);
  mlir::func::FuncOp declareFunction(const clang::FunctionDecl *fn);
  mlir::Value globalMemref(const clang::VarDecl *var);
  void nameValue(mlir::Value v, const clang::VarDecl *var);
  void notePointer(const PtrVal &p, const clang::VarDecl *var);
  void declareLocal(const clang::VarDecl *var);
  VarInfo *lookupVar(const clang::VarDecl *var);
  bool atFunctionTopLevel();
  mlir::Value toIndex(mlir::Value v, bool isUnsigned, mlir::Location l);

  //===--- Statements (Stmts.cpp) --------------------------------------------===//
  void importStmt(const clang::Stmt *s);
  /// The statements of a block; each that may be a task gets weft.stmt. A
  /// function's body ends with its last return.
  void importCompound(const clang::CompoundStmt *s, bool functionBody = false);
  /// A statement of a block (`unit`: weft.stmt and weft.stmt_end, a unit
  /// weft-task-graph may reorder), or the one statement of a body without
  /// braces (weft.stmt_end alone: which C statement its last op ends, for
  /// the error paths of docs/analysis.md), when it may be a task
  /// (docs/ir.md, "Statements").
  void importListed(const clang::Stmt *s, bool unit);
  /// The body of a loop or a branch of an if: a block, or one statement
  /// (importListed, not a unit), so that its error path is one with braces
  /// or without.
  void importBody(const clang::Stmt *s);
  void importIf(const clang::IfStmt *s);
  void importSwitch(const clang::SwitchStmt *s);
  void importReturn(const clang::ReturnStmt *s, bool last);
  void importDecl(const clang::DeclStmt *s);
  void initializeVar(const clang::VarDecl *var, mlir::Value mem,
                     const clang::Expr *init);

  //===--- Loops (Loops.cpp) ---------------------------------------------------===//
  void importFor(const clang::ForStmt *s);
  mlir::Operation *importOpaqueLoop(const clang::Stmt *s, llvm::StringRef kind,
                                    const std::string &reason, int64_t loopId);
  /// A while or do loop: opaque, for weft-count-loops to count.
  void importWhileOrDo(const clang::Stmt *s, int64_t loopId);
  void setLoopAttrs(mlir::Operation *op, const clang::Stmt *s, int64_t id);

  //===--- Expressions (Exprs.cpp) -------------------------------------------===//
  CVal eval(const clang::Expr *e);
  mlir::Value evalScalar(const clang::Expr *e);
  /// Evaluates e as an i1 condition.
  mlir::Value evalCond(const clang::Expr *e);
  /// Evaluates an integer expression as an index value.
  mlir::Value evalIndex(const clang::Expr *e);
  LVal evalLValue(const clang::Expr *e);
  /// The subscript an expression denotes.
  Idx makeIdx(const clang::Expr *e);
  mlir::Value materialize(Idx &i, mlir::Location l);
  Idx addIdx(Idx a, Idx b, mlir::Location l);
  Idx mulIdx(Idx a, int64_t k, mlir::Location l);
  mlir::Value load(const LVal &lv, mlir::Location l);
  void store(const LVal &lv, mlir::Value v, mlir::Location l);
  CVal loadCVal(const LVal &lv, mlir::Location l);
  /// Reads the pointer a C pointer lvalue holds.
  PtrVal evalPointer(const clang::Expr *e);
  /// Turns a pointer into the memref it points at, with its leading indices;
  /// an unresolved pointer becomes a weft.base named `name`.
  PtrVal resolve(const PtrVal &p, mlir::Location l,
                 llvm::StringRef name = "*pointer");
  mlir::Value pointerValue(const PtrVal &p, mlir::Location l);
  CVal evalCall(const clang::CallExpr *call);
  CVal evalCast(const clang::CastExpr *e);
  CVal evalBinary(const clang::BinaryOperator *e);
  CVal evalUnary(const clang::UnaryOperator *e);
  CVal evalConditional(const clang::AbstractConditionalOperator *e);
  CVal assign(const clang::BinaryOperator *e);
  CVal incDec(const clang::UnaryOperator *e);
  CVal counterValue(const CounterInfo &c, clang::QualType type,
                    mlir::Location l);
  /// A value the model does not compute, after evaluating (for their effects)
  /// the subexpressions that feed it.
  CVal opaque(const clang::Expr *e, llvm::StringRef reason);
  /// A value of e's type the model does not compute, from operands already
  /// evaluated: what computes it is never evaluated twice.
  CVal opaqueOf(const clang::Expr *e, mlir::ValueRange deps,
                llvm::StringRef reason);
  /// A C value of type t held in v: a pointer (unresolved) or a scalar.
  CVal asCVal(mlir::Value v, clang::QualType t);
  /// A construct the importer does not model: its subexpressions are
  /// evaluated, then a weft.effects with unknown effects stands for it.
  CVal unsupported(const clang::Expr *e, llvm::StringRef kind,
                   llvm::StringRef reason);
  mlir::Value zeroOf(mlir::Type t, mlir::Location l);
  mlir::Value castScalar(mlir::Value v, clang::QualType from,
                         clang::QualType to, mlir::Location l);
  /// True when evaluating e writes memory or calls a function.
  bool hasSideEffects(const clang::Expr *e);

  //===--- Affine forms (Affine.cpp) -----------------------------------------===//
  /// The linear form of an integer expression over affine-valid atoms
  /// (induction variables of affine.for, valid symbols), or nothing.
  std::optional<Linear> linearize(const clang::Expr *e);
  /// Builds an affine map over the atoms of `forms`, with its operands.
  mlir::AffineMap affineMapOf(llvm::ArrayRef<Linear> forms,
                              llvm::SmallVectorImpl<mlir::Value> &operands);
  /// An index value that is a valid affine symbol for v (defined at the
  /// function's top level), or null.
  mlir::Value symbolFor(mlir::Value v, bool isUnsigned);
};

/// Is fn defined in the main file (so that weft imports it and can rewrite
/// its loops)?
bool definedInMainFile(clang::SourceManager &sm, const clang::FunctionDecl *fn);

/// Does a `continue` in s (not inside a nested loop) continue the loop
/// whose body s is?
bool hasDirectContinue(const clang::Stmt *s);

/// Records on `op`, as `attr`, the C variables statement `s` reads or
/// writes that are declared outside it, in order of first use: what an
/// outlined copy of it must be given (weft.free_vars of a loop,
/// weft.stmt_vars of a statement: docs/ir.md, "Loops", "Statements").
/// `before`, a loop's init that runs before it (CountedFor::initBefore),
/// declares its variables outside the loop.
void setFreeVars(Importer &im, mlir::Operation *op, const clang::Stmt *s,
                 llvm::StringRef attr = "weft.free_vars",
                 const clang::Stmt *before = nullptr);

} // namespace detail
} // namespace weft

#endif // WEFT_LIB_FRONTEND_CIMPORT_IMPORTINTERNALS_H
