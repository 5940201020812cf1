//===- Memory.h - Memory bases, views and alias classes --------------*- C++ -*-===//
//
// Every access in weft's model is to a memref that is either a memory base
// (a function argument, a memref.alloca, a memref.get_global, a weft.base) or
// a view of one (weft.field, weft.flat). This file finds the base behind a
// view, its alias class (docs/ir.md), and decides whether two bases may be the
// same memory. MLIR's affine analysis assumes two memref values never alias;
// weft never does.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_MEMORY_H
#define WEFT_ANALYSIS_MEMORY_H

#include "weft/Analysis/Polynomial.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace weft {

/// What a memory base is.
struct BaseInfo {
  mlir::Value base;        ///< the root memref
  AliasKind kind = AliasKind::pointer;
  bool escapes = false;    ///< an object other code may reach by pointer
  bool isCell = false;     ///< a 0-d scalar variable
  int64_t decl = -1;       ///< the C variable (weft.decl), or -1
  std::string name;        ///< the C spelling
  mlir::StringAttr symbol; ///< a global's symbol: the same memory in every
                           ///< function, whatever value reaches it
  mlir::Value ptr;         ///< weft.base: the C pointer value it views
  /// A row of a row table (markRowTables): `base` is then the table (its
  /// slots), and `rowType` the memref type the row is accessed as.
  bool row = false;
  mlir::Type rowType;
  /// A row of a table weft cannot prove holds rows apart (rowSlotLoad's
  /// `checkedIn`): apart from other rows of the table only by a run-time
  /// check of their pointers, and Maybe against other memory.
  bool rowChecked = false;
};

/// The base facts of a global, from its memref.global.
BaseInfo globalInfo(mlir::Operation *from, mlir::StringAttr symbol);

/// One step from a view to the memref it views.
struct ViewStep {
  enum Kind { Field, Flat } kind;
  int64_t offset = 0, size = 0; ///< Field: byte range within the element
  mlir::Value source;           ///< the viewed memref
};

/// The base behind a memref and the views on the way (outermost first).
struct MemPath {
  BaseInfo root;
  llvm::SmallVector<ViewStep> views;
};

/// Follows views back to the base and reads its alias attributes.
MemPath memPathOf(mlir::Value memref);

/// Is the base the memory behind a pointer loaded from memory (`pts[i]`, or
/// a pointer into it)?
bool loadedPointer(const BaseInfo &b);

/// The call of a C library allocator (malloc, calloc, aligned_alloc, not
/// defined in the file) whose result `ptr` is, with no offset; or null.
CallOp allocatorCallOf(mlir::Value ptr);

/// Is `name` a C library function that returns where the current locale's
/// character tables are (glibc's `__ctype_b_loc`, `__ctype_toupper_loc`,
/// `__ctype_tolower_loc`, which its <ctype.h> macros call)?
bool isLocaleTableFunction(llvm::StringRef name);

/// The size in bytes of a memref element of type t, when the type says it;
/// a pointer's is the target's, which the module's weft.flags say
/// (pointer_bytes), if they do.
std::optional<int64_t> elementBytes(mlir::Type t, mlir::ModuleOp module);

/// How two bases relate.
enum class Overlap {
  Never,  ///< distinct memory
  Same,   ///< the same base value
  Maybe,  ///< may overlap: a run-time check can tell
  Unknown ///< may overlap, and no check can tell (e.g. a base that changes
          ///< in every iteration)
};

/// Is op (which may be null) a load (affine.load, memref.load)? A store?
bool isLoad(mlir::Operation *op);
bool isStore(mlir::Operation *op);

/// The scalar cells (0-d memrefs) that `loop` may write: stored to, written
/// by a weft.effects, or whose address a call gets.
llvm::DenseSet<mlir::Value> cellsWrittenIn(mlir::Operation *loop);

/// May `op` (or an op nested in it) write the scalar cell `cell`, by the
/// rules of cellsWrittenIn?
bool mayWriteCell(mlir::Operation *op, mlir::Value cell);

/// What every iteration of a loop reads the same (docs/analysis.md,
/// "Invariant loads"): the local variables it never writes, and the loads of
/// memory it never writes. Each is one value for the whole loop.
struct Invariants {
  /// cellsWrittenIn(loop)
  llvm::DenseSet<mlir::Value> written;
  /// A load inside the loop whose place (address) is the same in every
  /// iteration and which no iteration writes, to the first load of that
  /// place (its representative).
  llvm::DenseMap<mlir::Value, mlir::Value> loads;
  /// Representatives that C may read again where the loop starts (it reads
  /// their struct or element there, or in the loop's first iteration before
  /// anything that could stop it): run-time checks may name them.
  llvm::DenseSet<mlir::Value> atEntry;
  /// A loop inside the first iteration that may run no iteration, and the
  /// polynomials (at the first iteration's values) that are all >= 0 when
  /// it runs at least once.
  struct EntryLoop {
    mlir::Operation *loop;
    llvm::SmallVector<Poly, 1> runs;
  };
  /// Representatives in atEntry that C reads there only inside such loops
  /// (`s->data` read in the loop over a row's columns): the loops,
  /// outermost first. A check may name them only behind tests that the
  /// loops run (CNames::testFirst).
  llvm::DenseMap<mlir::Value, llvm::SmallVector<EntryLoop, 1>> behind;

  explicit Invariants(mlir::Operation *loop);
  /// The value that stands for `v` in every iteration of `loop`: the cell of
  /// an unchanged local variable, the representative of an invariant load,
  /// or null.
  mlir::Value identity(mlir::Value v, mlir::Operation *loop) const;
};

/// A load inside `loop` of a local scalar variable (a cell that does not
/// escape, defined before the loop) that the loop never writes: it reads the
/// same number in every iteration. Returns the cell, or null.
mlir::Value invariantCellOf(mlir::Value v, mlir::Operation *loop,
                            const llvm::DenseSet<mlir::Value> &written);

/// For a base behind a C pointer (weft.base %ptr), what identifies the
/// pointer's value in every iteration of `loop` when it does not change
/// there: the SSA pointer defined before the loop, or (when `inv` is given)
/// the cell of a pointer variable the loop does not write, or the
/// representative of an invariant load (`v->data`). Null when the pointer
/// may change from one iteration to the next.
mlir::Value pointerIdentity(const BaseInfo &b, mlir::Operation *loop,
                            const Invariants *inv);

/// Whether the memory of two bases may overlap (docs/ir.md, "Alias
/// classes"). `loop` is the loop under test: a weft.base whose pointer may
/// change in it is a different base in every iteration. `inv` lets pointers
/// loaded from unchanged variables or memory count as one base.
Overlap overlapOf(const BaseInfo &a, const BaseInfo &b, mlir::Operation *loop,
                  const Invariants *inv = nullptr);

/// Is the value defined inside op's regions?
bool isDefinedInside(mlir::Value v, mlir::Operation *op);

/// Is `base` an object created in the body of `loop` (a local array or
/// struct declared there): a new object in every iteration, which C ends
/// with the iteration?
bool isNewEachIteration(mlir::Value base, mlir::Operation *loop);

/// The function a call reaches when the file defines it, else null (a
/// library function, or one of another file, whatever its name).
mlir::func::FuncOp definedCallee(CallOp call);

/// Call-site alias facts (docs/analysis.md, "Arguments apart"): on each
/// function whose every call is a direct call in the module
/// (weft.direct_calls_only), records in `weft.args_apart` the pairs of
/// pointer parameters whose arguments are apart memory at every call
/// (`[array<i64: i, j>, ...]`, i < j), which overlapOf then takes as never
/// overlapping. A caller's own apart parameters count, recursive calls
/// included (a greatest fixpoint: what stands holds in every frame, by
/// induction over the calls of a run).
void markArgumentsApart(mlir::ModuleOp module);

/// Constant arguments: on each function whose every call is a direct call
/// in the module (weft.direct_calls_only), records in
/// `weft.constant_args` (`[{decl, value}]`) the integer parameters that the
/// function never assigns (no cell of their own) and to which every call
/// passes one and the same constant (`blur(&a, &b, 3)`): the outlined
/// bodies of its loops write that constant for the parameter, so that the
/// C compiler knows it there too, as it knows it in the sequential code
/// once it inlines the function (docs/output.md, "Constant arguments").
void markConstantArguments(mlir::ModuleOp module);

/// Uncaptured arrays (docs/analysis.md, "Private arrays"): a local array
/// whose address goes only into calls of functions defined in the file, as
/// arguments those functions only read and write through (or pass on the
/// same way, never store, return or convert), is memory no pointer reaches
/// outside those calls, whose summaries say what they do to it: its
/// `weft.escapes` (the importer's: its address is taken) is removed.
void markUncapturedArrays(mlir::ModuleOp module);

/// Memory that no pointer read from memory can reach (what a callee's
/// indirect reads, CallSummary::indirectReads, may read): a local object
/// whose address is not kept, or what malloc, calloc or aligned_alloc
/// returned when no use of that pointer keeps it (stores it, returns it,
/// converts it, passes it to a function that might; free does not).
bool uncaptured(const BaseInfo &b);

/// Row tables (docs/analysis.md, "Row tables"): the `T **` arrays whose
/// every slot holds an allocation of its own, as `alloc_2d(m, n)` builds
/// them (`t = malloc(m * sizeof *t); for (...) t[i] = malloc(...)`).
/// Records `weft.returns_rows` on such a function (a static function whose
/// result is the table: a malloc whose slots are stored nowhere else, with
/// results used once, and read only wherever the table goes), `weft.rows`
/// on the pointer parameters that every call passes a row table (through
/// which the slots are only read), and `weft.not_rows` on those that every
/// call passes memory that is no row (an allocation, a named object, a
/// table's slots, or such a parameter). Greatest fixpoints, as
/// markArgumentsApart: a table that goes anywhere else has no facts.
void markRowTables(mlir::ModuleOp module);

/// The row access `t[k][...]` of a row table as an access of its table,
/// for the dependence test: the slot load's memref (the table) and its
/// subscripts, or null when `rowBase` (an access's base) is no row of a
/// table weft knows. Two rows are the same memory exactly when their slots
/// are the same. With `checkedIn` (a loop), also the slot load of a table
/// weft does not know (a rank-1 array of pointers with no view on it, read
/// in that loop at a slot that changes in it), whose rows a run-time check
/// must then find apart (BaseInfo::rowChecked). The table's pointer must
/// be from outside the loop or, with `inv`, the same in every iteration
/// (`m->rows[y][x]`: an invariant load).
mlir::Operation *rowSlotLoad(mlir::Value rowBase,
                             mlir::Operation *checkedIn = nullptr,
                             const Invariants *inv = nullptr);

} // namespace weft

#endif // WEFT_ANALYSIS_MEMORY_H
