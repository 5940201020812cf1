//===- Verdict.h - A loop's verdict, as attributes on the loop -----*- C++ -*-===//
//
// The detection pass writes, and the later passes and the rewriter read, what
// weft decided about each loop. The attributes are the contract
// (docs/analysis.md): they round-trip through .mlir files, so every pass can
// be tested alone.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_VERDICT_H
#define WEFT_ANALYSIS_VERDICT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace weft {

/// A C variable named in a verdict.
struct VarRef {
  int64_t decl = -1;
  std::string name;
};

/// The decl id that stands for the trip count of the loop a check is for,
/// which the C that weft writes computes before the check (`weft_trip`):
/// CNames names so a pointer counter's distance to a bound that no memory
/// relates (`while (s < e)` of two parameters).
constexpr int64_t kLoopTripDecl = -2;

/// One term of a polynomial over C variables: coef × vars[0] × vars[1]...
struct Term {
  int64_t coef = 0;
  llvm::SmallVector<int64_t, 2> vars; ///< decl ids
  bool operator==(const Term &o) const {
    return coef == o.coef && vars == o.vars;
  }
};
using CPoly = llvm::SmallVector<Term>;

/// The elements of one memory base a parallel loop touches, for a run-time
/// overlap check: base + [min(lo), max(hi)] elements of elemSize bytes.
struct GuardSide {
  VarRef base;
  /// The variable's own storage (`&p`, a scalar or pointer variable that
  /// the loop reads and other memory may hold), not what a pointer
  /// variable points to.
  bool cell = false;
  int64_t elemSize = 1;
  llvm::SmallVector<CPoly> lo, hi;
  /// Values that must be >= 0 for lo and hi to hold (the dividend and the
  /// divisor - 1 of a remainder in a subscript); the check tests them.
  llvm::SmallVector<CPoly> nonneg;
  /// The rows of a table of row pointers checked at run time (`w[k][j]`,
  /// docs/analysis.md, "Row tables"): `base` is the table, slots
  /// [min(slotLo), max(slotHi)] the rows, `lo` and `hi` the elements of
  /// elemSize bytes touched in each row. Empty slot lists: no table.
  llvm::SmallVector<CPoly> slotLo, slotHi;
  bool rows() const { return !slotLo.empty(); }
};

/// A run-time check that two bases do not overlap.
struct Guard {
  GuardSide a, b;
};

/// A guard as weft.guards holds each: `{a = side, b = side}`, each side
/// `{base, elem_size, lo, hi[, cell][, nonneg][, slots_lo, slots_hi]}`
/// (docs/analysis.md).
mlir::Attribute guardAttr(mlir::Builder &b, const Guard &g);

struct Reduction {
  VarRef var;
  std::string op; ///< add mul min max and or xor
  /// min and max: x replaces the accumulator when `x pred acc` ("gt", "ge",
  /// "lt", "le"), or "call" for fmin and fmax; empty otherwise.
  std::string pred;
  bool isFloat = false;
  /// An array reduction into memory a C allocator returned (`long *h =
  /// calloc(nb, sizeof *h)`): its elements, as C computes them where the
  /// loop starts. None for an array whose type gives its size.
  std::optional<CPoly> length;
  /// The length bounds the subscripts, not the object (an array reduction
  /// through a pointer parameter, `bins[v[i]]++`): the object may have
  /// fewer elements, so the combine adds into only the elements that some
  /// copy changed, which are those the loop updates.
  bool sparse = false;
};

struct Verdict {
  bool parallel = false;
  bool candidate = false;
  std::string reason;                      ///< why not, when sequential
  llvm::SmallVector<mlir::Location> notes; ///< accesses the reason names
  llvm::SmallVector<std::string> noteTexts;
  llvm::SmallVector<VarRef> privates, lastprivates;
  /// Private arrays too large for the stack of the thread that runs a
  /// chunk (also in privates): each team member gets a copy in memory
  /// libweft allocates (docs/analysis.md, "Private arrays").
  llvm::SmallVector<VarRef> privateCopies;
  /// Written in only some iterations and live after the loop: the last
  /// iteration that writes it gives its value (Scalars.h).
  llvm::SmallVector<VarRef> condLastprivates;
  llvm::SmallVector<Reduction> reductions;
  /// Arrays of known size (declared `T a[N]`, or allocated with a size
  /// the loop can compute: Reduction::length) whose every access in the
  /// loop is `a[s] = a[s] op x` (docs/analysis.md, "Array reductions"): each
  /// team member adds into its own copy, and the copies are combined into the
  /// array after the loop. Integer + * & | ^ only (exact in any order).
  llvm::SmallVector<Reduction> arrayReductions;
  std::vector<Guard> guards;
  /// Tables of row pointers whose rows the loop writes, lifted by the
  /// dependence test to one more dimension (`w[k][j]` as w[k, j]) on the
  /// condition that a run-time check finds the rows it touches pairwise
  /// apart (GuardSide::rows); kept in weft.guards as `{rows = side}`.
  std::vector<GuardSide> rowTables;
  /// Conditions the dependence test assumed (each >= 0 where the loop
  /// starts: a flattened subscript's column within its row,
  /// testDependence's `assumes`), which the run-time check tests with the
  /// guards; kept in weft.guards as one more dictionary, `{cond = [...],
  /// what = "..."}`, `what` naming each for the remark.
  llvm::SmallVector<CPoly> conditions;
  llvm::SmallVector<std::string> conditionTexts;
  /// Tests (each >= 0 where the loop starts) that loops inside its first
  /// iteration run, made before the rest of the check: the check names
  /// memory that C reads only in those loops (CNames::testFirst). When one
  /// fails the loop runs as written. Kept as the first dictionary of
  /// weft.guards, `{cond = [...], what = [...], first}`.
  llvm::SmallVector<CPoly> preconditions;
  llvm::SmallVector<std::string> preconditionTexts;
  /// Variables through which alone the loop reaches their memory
  /// (DetectParallelLoops' apartVariables): restrict in the outlined loop.
  llvm::SmallVector<VarRef> noalias;
  /// The C counter is declared outside the loop and read after it.
  bool counterLive = false;
  /// Where the loop's error paths start (their `if` statements, marked
  /// weft.error_path): branches that write output and end the program,
  /// which only the first iteration to take one runs, after every earlier
  /// iteration (docs/analysis.md, "Error paths").
  llvm::SmallVector<mlir::Location> errorPaths;
};

/// A polynomial over C variables as an attribute: an array of terms, each
/// `array<i64: coef, decl...>`; and back.
mlir::ArrayAttr cpolyAttr(mlir::Builder &b, const CPoly &p);
CPoly readCPoly(mlir::ArrayAttr a);

/// Writes the verdict's attributes on a loop (replacing earlier ones).
void writeVerdict(mlir::Operation *loop, const Verdict &v);

/// Reads a loop's verdict, if it has one.
std::optional<Verdict> readVerdict(mlir::Operation *loop);

/// The remark text for a verdict ("loop parallelized: ..." or "loop not
/// parallelized: ...").
std::string remarkText(const Verdict &v);

/// The C (and OpenMP reduction) symbol of a reduction operator: + * & | ^
/// min max, for weft's names (add, mul, and, or, xor; min and max with or
/// without their comparison, "min:lt"; fmin, fmax); "" for another name.
llvm::StringRef reductionSymbol(llvm::StringRef op);

/// "line:col" of a location, for remarks ("?" when it has none).
std::string where(mlir::Location l);

/// The line of a location (through a NameLoc), or 0 when it has none.
unsigned lineOf(mlir::Location l);

/// Items as a list in a sentence: "a", "a and b", "a, b and c".
std::string listText(llvm::ArrayRef<std::string> items);

/// A duration for a remark: "120 ns", "3.5 us", "2.1 ms".
std::string formatNs(double ns);

/// Emits the remark of every loop of the module that has a verdict, in
/// program order: "all", "missed" (sequential loops), "passed" (parallel
/// loops) or "none". A loop inside a weft.task also says from what trip
/// count it runs in parallel.
void emitVerdictRemarks(mlir::ModuleOp module, llvm::StringRef mode);

} // namespace weft

#endif // WEFT_ANALYSIS_VERDICT_H
