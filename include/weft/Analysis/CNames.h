//===- CNames.h - Polynomials over SSA values as polynomials over C --*- C++ -*-===//
//
// The run-time checks and loop descriptors that weft emits are C expressions
// evaluated where the loop starts. They are written as polynomials over C
// variables (CPoly, by decl id): this maps the atoms of a Poly to the C
// variables whose values they are at the loop's entry, when it can.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_CNAMES_H
#define WEFT_ANALYSIS_CNAMES_H

#include "weft/Analysis/Memory.h"
#include "weft/Analysis/Polynomial.h"
#include "weft/Analysis/Verdict.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <optional>
#include <string>

namespace weft {

/// The C variable a block argument is: a function's parameter, or a loop's
/// counter when the loop's induction variable is the counter (not a
/// normalized decreasing loop's, weft.c_step, nor a while loop's whose body
/// steps the counter between reads, weft.counter_moves).
std::optional<VarRef> variableOf(mlir::BlockArgument arg);

class CNames {
public:
  /// Names values at the entry of `loop`; `inv` (its invariants) lets it
  /// name loads of memory the loop never writes, by their C text.
  explicit CNames(mlir::Operation *loop, const Invariants *inv = nullptr);

  /// The C variable whose value at the loop's entry `v` is: a parameter
  /// never assigned, the counter of an enclosing loop, a scalar variable
  /// read before the loop and not changed between that read and the loop,
  /// or a read of memory (weft.expr) that C makes again there: in the
  /// loop's bound, or an invariant load that C may read at the loop's start
  /// (Invariants::atEntry).
  std::optional<VarRef> declOf(mlir::Value v);

  /// A never-assigned variable (the importer's weft.vars) that holds `v`
  /// and that the loop names.
  std::optional<VarRef> ssaVarOf(mlir::Value v);

  /// The polynomial over C variables, or nullopt when an atom has no name.
  std::optional<CPoly> convert(const Poly &p);

  /// Names of the variables that convert() has used, by decl id.
  const std::map<int64_t, std::string> &names() const { return names_; }

  /// Lets ssaVarOf name never-assigned variables that the loop does not
  /// name (an allocation's size, `calloc(nb, 8)`, which only the
  /// allocation uses): the rewriter then checks that the variable is in
  /// scope, and not hidden, where the loop starts (namesVarAtLoop).
  void nameUnnamed() { unnamed = true; }

  /// Lets declOf name loads that C reads at the loop's start only inside
  /// loops of the first iteration that may run no iteration (`s->data` in
  /// the loop over a row, Invariants::behind): the tests that those loops
  /// run go to v's preconditions, which the run-time check makes first, so
  /// that it reads nothing C would not. Null stops it.
  void testFirst(Verdict *v) { pre = v; }

  /// Adds the tests that `e.loop` runs (its `runs`, named in C) to the
  /// preconditions testFirst gave, with the text "the loop at L runs";
  /// false, adding nothing, when there are none or a test has no name.
  bool testRuns(const Invariants::EntryLoop &e);

private:
  mlir::Operation *loop;
  llvm::DenseMap<mlir::Operation *, unsigned> order;
  const Invariants *inv;
  bool unnamed = false;
  Verdict *pre = nullptr;
  bool behindTests(mlir::Value rep);
  std::optional<llvm::DenseSet<mlir::Value>> written;
  std::map<int64_t, std::string> names_;
  std::optional<llvm::SmallVector<mlir::Value>> named;
  const llvm::SmallVector<mlir::Value> &namedValues();
  std::optional<CPoly> convertAtoms(const Poly &p);
};

} // namespace weft

#endif // WEFT_ANALYSIS_CNAMES_H
