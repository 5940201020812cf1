//===- LoopModel.h - Loops, their accesses, and what calls do -------*- C++ -*-===//
//
// What the dependence test works on: each loop's iteration domain, and every
// memory access in a loop body with its subscripts as polynomials, including
// the element ranges that calls touch through their pointer arguments
// (summarized from the callee's own body, or known for the C math library).
// Whatever cannot be described this way is a "blocker": a reason the loop
// stays sequential.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_LOOPMODEL_H
#define WEFT_ANALYSIS_LOOPMODEL_H

#include "weft/Analysis/Exported.h"
#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Polynomial.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace weft {

/// Options of the analysis (pass options of weft-detect-parallel-loops).
struct AnalysisOptions {
  /// Run floating-point + and * reductions in parallel even when the file's
  /// flags do not allow reassociation.
  bool fpReductions = false;
  /// Treat the C math library as impure when it may set errno.
  bool mathErrnoImpure = false;
};

/// A loop and its iteration domain: lower bounds (iv >= each), exclusive
/// upper bounds (iv < each), and the step. An opaque loop has no iv.
struct LoopInfo {
  mlir::Operation *op = nullptr;
  mlir::Value iv;
  llvm::SmallVector<Poly> lbs, ubs;
  int64_t step = 1;
  /// A step that is not a constant (an scf.for that weft-count-loops made
  /// of `i += m`, weft.c_step_by): its value, at least 1 wherever the loop
  /// runs; `step` is then 1, and the domain [lbs, ubs) holds every value
  /// the induction variable takes, and others (it covers none).
  mlir::Value stepValue;
  /// Set when an upper bound was left out because C reads it from memory
  /// the body may write: why the domain is open.
  std::string open;
  bool counted() const { return (bool)iv; }
};

/// The domain of a counted loop (affine.for, scf.for); for other ops an info
/// without an iv. A loop whose bound C reads from memory in every iteration
/// (weft.bound_reads_memory) has no upper bound here until
/// weft-detect-parallel-loops has proven that its body never writes that
/// memory (weft.bound_verified), unless `trustBounds`: the loop's own
/// analysis, which checks that at run time.
LoopInfo loopInfoOf(mlir::Operation *op, bool trustBounds = false);

/// A do loop runs its body once before its first test: weft-count-loops
/// gives it the upper bound `max(x, first + 1)`, which no check can name.
/// When `info` is such a loop's, makes its upper bounds those of the
/// while loop it is when its first test passes (x, or each side of a min)
/// and returns what that needs, each >= 0 where the loop starts (x - first
/// - 1); else nullopt, leaving `info` as it was.
std::optional<llvm::SmallVector<Poly>> assumeFirstTestPasses(LoopInfo &info);

/// Does a loop read its bound from memory its body might write, without a
/// proof that it does not?
bool boundUnverified(mlir::Operation *loop);

/// Is op one of weft's loops (affine.for, scf.for, weft.opaque_loop)?
bool isLoop(mlir::Operation *op);

/// The step of variable `decl` when counted loop `loop` steps it with its
/// counter (weft.inductions, weft-count-loops; docs/analysis.md, "Other
/// counters"), as C: a constant (`2`, `-3`), or a variable the loop does
/// not write, with its sign (`stride`, `-m`).
std::optional<std::string> inductionStep(mlir::Operation *loop, int64_t decl);
/// Does a loop around `loop` that does not hold `read` step variable `decl`
/// with its counter? Then C's variable moves in that loop (weft-count-loops
/// took the step out of the IR), and where `loop` starts it no longer holds
/// what `read` read: no check there may name the variable for that value.
bool steppedAround(mlir::Operation *loop, mlir::Operation *read, int64_t decl);
/// Does `loop`'s `for` increment step variable `decl` besides the counter
/// (weft.c_other_steps)?
bool stepsInIncrement(mlir::Operation *loop, int64_t decl);
/// The name of the first variable `loop` steps with its counter (an
/// induction, or a step of its increment), or "".
std::string steppedWithCounter(mlir::Operation *loop);
/// Is op in a function the importer took from a file the main file
/// includes (weft.included)? Such a function is there for its summary:
/// nothing in it runs in parallel, and weft says nothing of its loops.
bool inIncludedFunction(mlir::Operation *op);

/// Is op a call that weft-expand-calls put its callee's body before
/// (weft.expanded)? The copy is what it does: the call itself has no
/// effect and costs nothing.
bool isExpandedCall(mlir::Operation *op);

/// Does op, or an op inside it, jump (break, continue, return, goto, a
/// label or case) or switch? Structured reasoning about its statements'
/// order stops there.
bool hasJumpOrSwitch(mlir::Operation *op);
/// Is op itself a jump (break, continue, return, goto, a label) or a
/// switch or case?
bool isJumpOrSwitch(mlir::Operation *op);
/// The loop a continue leaves, or the loop or switch a break leaves: the
/// innermost one around it; null when there is none.
mlir::Operation *jumpTarget(mlir::Operation *jump);
/// The break, continue, return or goto that ends a region's only block
/// (`if (c < 0 || c >= nc) continue;`), else null.
mlir::Operation *endingJump(mlir::Region &r);

/// Is op a `case` or `default` label through which its switch jumps into
/// another construct (an `if`, a loop: Duff's device), rather than one
/// directly in the switch's body? Structured reasoning does not hold
/// around such a label.
bool isNestedCase(mlir::Operation *op);

/// One subscript: a point, a range [lo, hi] (a call touches several
/// elements), or unknown.
struct Subscript {
  std::optional<Poly> lo, hi; ///< hi == lo for a point
  bool known() const { return lo && hi; }
  static Subscript point(Poly p) { return {p, p}; }
  static Subscript unknown() { return {}; }
};

/// One access to memory inside a loop body.
struct Access {
  mlir::Operation *op = nullptr; ///< the load/store, call or effects op
  mlir::Value memref;            ///< the accessed memref (maybe a view), a
                                 ///< !weft.ptr, or null for a global
  mlir::StringAttr globalSymbol; ///< a global a callee touches
  bool isWrite = false;
  llvm::SmallVector<Subscript> subs; ///< one per dimension of memref
  std::string text;                  ///< the C spelling
  mlir::LocationAttr loc;
  /// Loops around the access, outermost first, from the function down.
  llvm::SmallVector<LoopInfo> loops;
  /// A row of a row table, as rowOfTable gives it: `memref` is the table's
  /// slots, `subs` the slot's subscripts and then the row's, and `rowType`
  /// the row's memref type.
  bool row = false;
  mlir::Type rowType;
  /// A row of a table that a run-time check must find apart (rowOfTable's
  /// `checkedIn`, BaseInfo::rowChecked).
  bool rowChecked = false;
  /// A call's access to memory its callee fills first (CallSummary::Effect
  /// `sure`): a write of every element in `subs`, or a read of elements
  /// the callee wrote before in the same call.
  bool sure = false;
};

/// A reason a loop cannot be parallel regardless of its accesses.
struct Blocker {
  mlir::Operation *op;
  std::string reason;
  /// A call whose callee only reads memory through pointers it loads
  /// (CallSummary::indirectReads): weft-detect-parallel-loops lifts it
  /// when every write of the loop is to memory no such pointer reaches
  /// (uncaptured); everything else takes it as any blocker.
  bool indirectRead = false;
  /// A call to a function that writes output (printf, fprintf, puts...) or
  /// ends the program (exit, abort), on an error path: the scf.if whose
  /// branch holds it (errorPathOf). weft-detect-parallel-loops lifts it
  /// (docs/analysis.md, "Error paths"); everything else takes it as any
  /// blocker.
  mlir::Operation *errorPath = nullptr;
};

/// What a function does to memory its callers can see, read off its body.
struct CallSummary {
  /// Touches memory in ways no access list can describe: the reason.
  std::string unknown;
  /// Accesses through pointer parameter `param`, with subscripts over the
  /// callee's scalar parameters (block arguments), and to globals.
  struct Effect {
    int param = -1;             ///< pointer parameter, or -1 for a global
    mlir::StringAttr global;    ///< the global's symbol when param == -1
    bool isWrite = false;
    llvm::SmallVector<Subscript> subs;
    /// Through a parameter whose every element the callee reads it wrote
    /// before in the call (docs/analysis.md, "Private arrays"): a write
    /// surely writes every element of `subs`, a read reads only elements
    /// the call wrote.
    bool sure = false;
  };
  llvm::SmallVector<Effect> effects;
  /// Reads memory through pointers it does not resolve (loaded from
  /// memory: `pts[i][j]`), and writes none that way: the C of the first
  /// such read. Such a pointer reaches only memory whose address was kept
  /// (Memory.h, uncaptured).
  std::string indirectReads;
  /// `unknown` only because the body writes through a pointer weft does
  /// not follow (one it loads): what weft-expand-calls may expand.
  bool unfollowedWrites = false;
  bool pure() const {
    return unknown.empty() && effects.empty() && indirectReads.empty();
  }
};

/// Does the C library function `name` end the program (exit, _Exit,
/// quick_exit, abort, and the functions a failed assert() calls)?
bool endsProgram(llvm::StringRef name);

/// Does the C library function `name` only write output to a stream
/// (printf, fprintf, puts, fputs, putchar, fputc, putc, perror, fflush,
/// fwrite, vprintf, vfprintf)?
bool writesOutput(llvm::StringRef name);

/// The error path `op` is on (docs/analysis.md, "Error paths"): the
/// innermost `if` statement (an scf.if that is a statement, weft.stmt_end,
/// with no results) inside `loop` one of whose branches holds op and ends
/// with a call to a function that ends the program, with no jump or switch
/// in that branch. Null when there is none.
mlir::Operation *errorPathOf(mlir::Operation *op, mlir::Operation *loop);

/// Marks the branch of error path `path` (an scf.if) that holds `op`:
/// weft.error_path, a bit per branch (1 the then branch, 2 the else), since
/// an if may end the program on both sides.
void markErrorBranch(mlir::Operation *op, mlir::Operation *path);

/// Is branch `side` (0: then, 1: else) of the scf.if `ifOp` a marked error
/// path (markErrorBranch)?
bool isErrorBranch(mlir::Operation *ifOp, unsigned side);

/// Is `name` a C math library function (or its float/long double variant)?
/// Sets `setsErrno` to whether it may set errno.
bool isMathFunction(llvm::StringRef name, bool &setsErrno);

/// Is `name` one of <ctype.h>'s classifications or conversions (isalpha,
/// toupper, ...), which read only the current locale's tables?
bool isCtypeFunction(llvm::StringRef name);

/// Summaries of the functions of one module, computed on demand.
class CallSummaries {
public:
  CallSummaries(mlir::ModuleOp module, const AnalysisOptions &options);
  /// The summary of a call to `callee` (by name).
  const CallSummary &get(llvm::StringRef callee);

private:
  CallSummary compute(llvm::StringRef callee);
  mlir::ModuleOp module;
  const AnalysisOptions &options;
  bool mathErrno;
  llvm::StringMap<CallSummary> cache;
  llvm::StringMap<bool> inProgress;
};

/// The summary of `fn`, defined in the module, as another file's
/// declaration of it can carry it (Exported.h).
ExportedSummary exportSummary(CallSummaries &summaries, llvm::StringRef fn);

/// A polynomial over a callee's scalar parameters (a summary's subscript)
/// with the call's arguments put in; nullopt when it has other atoms.
std::optional<Poly> atCall(const std::optional<Poly> &p, CallOp call);

/// Everything a loop body does: its accesses and its blockers.
struct LoopBody {
  std::vector<Access> accesses;
  llvm::SmallVector<Blocker> blockers;
};

/// The access a load or store makes.
Access accessOf(mlir::Operation *loadOrStore);

/// Collects the accesses and blockers of `loop`'s body (and of everything
/// nested in it).
LoopBody collectBody(mlir::Operation *loop, CallSummaries &summaries);

/// Collects the accesses and blockers of the ops of a statement (each op
/// and everything nested in it).
LoopBody collectStatement(llvm::ArrayRef<mlir::Operation *> ops,
                          CallSummaries &summaries);

/// The loops around op (outermost first), up to the enclosing function.
llvm::SmallVector<LoopInfo> enclosingLoops(mlir::Operation *op);

/// The range [lo, hi] that a polynomial takes over the iterations of
/// `loops` (innermost eliminated first), as polynomials in what is not an
/// induction variable of those loops; nothing if it cannot be bounded.
std::optional<std::pair<Poly, Poly>>
rangeOver(const Poly &p, llvm::ArrayRef<LoopInfo> loops);

/// The memory an access touches: its base and the views on the way.
MemPath pathOf(const Access &a, mlir::ModuleOp module);

/// An access to a row of a row table (`w[k][j]`, markRowTables) as an access
/// to its table with the slot as one more dimension (`w[k, j]`): two rows
/// are the same memory exactly when their slots are the same. Nothing for
/// any other access. With `checkedIn`, also a row of a table weft does not
/// know, read in that loop (rowSlotLoad, with `inv`), marked rowChecked.
std::optional<Access> rowOfTable(const Access &a,
                                 mlir::Operation *checkedIn = nullptr,
                                 const Invariants *inv = nullptr);

/// The C spelling of an op's access (its NameLoc), or "".
std::string accessText(mlir::Operation *op);

/// Is `ld` a read with a C text and an id (weft.expr) made right before
/// `loop`, in its block, with only computation and other reads between (no
/// store, call or nested code)? C then reads the same where the loop
/// starts, and a run-time check there may name it (`double *row = m->data
/// + i * m->tda;` before the loop over the row).
bool readRightBefore(mlir::Operation *ld, mlir::Operation *loop);

/// Is v the number of l's iteration from 0, `(iv - lb) / step`, as
/// weft-count-loops computes it for an induction of a loop with a step
/// (`j` of `for (i = 0; i < n; i += 2) { out[j] = ...; j++; }`)?
bool isIterationNumber(mlir::Value v, const LoopInfo &l);

/// When a loop runs its body at least once, with no jump out of or within
/// it: the polynomials that are then all >= 0 (an upper bound minus a
/// lower bound minus 1, for each pair), with the values in `at` put in for
/// their atoms (`j = i; j < 28` when i is 0); none when it surely runs
/// (`for (j = 0; j < 39; j++)`, `j = i; j < i + 4`). Nullopt when weft
/// cannot tell (not counted, a jump) or it never runs. `trustBounds` as
/// for loopInfoOf.
std::optional<llvm::SmallVector<Poly, 1>>
runsWhen(mlir::Operation *loop, const llvm::DenseMap<mlir::Value, int64_t> &at,
         bool trustBounds = false);

/// Does a loop surely run its body at least once (runsWhen, with no
/// condition)?
bool runsAtLeastOnce(mlir::Operation *loop,
                     const llvm::DenseMap<mlir::Value, int64_t> &at =
                         llvm::DenseMap<mlir::Value, int64_t>());

/// An op with no code inside that surely goes on to the next: it
/// computes, loads, stores, declares a local, is an expanded call, or (with
/// `mathCalls`) calls one of the C library's math functions, which return.
bool computesAndGoesOn(mlir::Operation *op, bool mathCalls = false);

/// The same, or a conditional or counted loop that holds only such ops (and
/// such conditionals and loops): it goes on to the op after it, though its
/// own ops may not run (`if (n > 0) m = MIN(m, s[n - 1]);`).
bool surelyGoesOn(mlir::Operation *op, bool mathCalls = false);

/// Are the loads of `inner`'s bound (boundLoadsOf: it reads its bound from
/// memory) all inside `loop` and invariant in it? Then `inner` runs as far
/// as it read, and its bound may be trusted (loopInfoOf's trustBounds).
bool boundLoadsInvariant(mlir::Operation *inner, mlir::Operation *loop,
                         const Invariants &inv);

/// Does C run `op` (a read inside `loop`) in every iteration of `loop`,
/// once the loops between them run at least once? It must have only loops
/// around it up to `loop` (no `if`), whose bounds do not change in `loop`
/// (values from outside it or, with `inv`, the same in every iteration: an
/// invariant load, an unchanged variable), only ops before it, there and in
/// each loop's body, that surely go on (no call other than an expanded one
/// or the C library's math functions, no jump, no error path), and no jump
/// anywhere in `loop`. `runs` gets the loops between that may run no
/// iteration, each with the polynomials that are all >= 0 when it runs
/// (runsWhen). A run-time check may then read, where `loop` starts, what
/// `op` reads in its first and last iterations, behind those tests.
bool readInEveryIteration(mlir::Operation *op, mlir::Operation *loop,
                          llvm::SmallVectorImpl<Invariants::EntryLoop> &runs,
                          const Invariants *inv = nullptr);

/// `a`'s memory, with a row of a table that a run-time check reads lifted
/// to its table as weft-detect-parallel-loops lifts it (rowOfTable with the
/// loop): Maybe against other memory, which the loop's checks cover, where
/// its own path is a pointer computed in the loop.
MemPath pathThroughCheckedRows(const Access &a, mlir::Operation *loop,
                               mlir::ModuleOp module, const Invariants &inv);

/// The loads of a loop's bound that C makes before every iteration
/// (weft.bound_of): the importer makes them once, right before the loop.
llvm::SmallVector<mlir::Operation *> boundLoadsOf(mlir::Operation *loop);

/// The subscripts of an affine or memref load/store.
llvm::SmallVector<Subscript> subscriptsOf(mlir::Operation *access);

} // namespace weft

#endif // WEFT_ANALYSIS_LOOPMODEL_H
