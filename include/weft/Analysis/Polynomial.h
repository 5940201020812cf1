//===- Polynomial.h - Subscripts and bounds as integer polynomials -*- C++ -*-===//
//
// A subscript or a loop bound in weft's model is computed either by an affine
// map (affine.load, affine.for) or by arith ops on index values (memref.load,
// scf.for). The analysis reads both into one form: a polynomial with integer
// coefficients over SSA values ("atoms": induction variables, parameters,
// loaded values), of degree 3 at most: flattened subscripts (i*n + j), a
// volume kept flat ((z*ny + y)*nx + x), an image shrunk by a factor
// (y*f*w). A product of higher degree, a division, a modulo or anything
// else unknown makes the form unknown.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_POLYNOMIAL_H
#define WEFT_ANALYSIS_POLYNOMIAL_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>

namespace weft {

/// A product of atoms (sorted; empty for the constant monomial).
using Monomial = llvm::SmallVector<mlir::Value, 2>;

/// Orders monomials, so that a polynomial has a canonical form.
struct MonomialLess {
  bool operator()(const Monomial &a, const Monomial &b) const;
};

/// Σ coefficient × monomial.
class Poly {
public:
  Poly() = default;
  static Poly constant(int64_t c);
  static Poly atom(mlir::Value v);

  /// The largest degree of a monomial (0 for a constant).
  unsigned degree() const;
  bool isConstant() const { return degree() == 0; }
  int64_t constantTerm() const;
  /// The coefficient of a single atom (degree 1), 0 if absent.
  int64_t coefficient(mlir::Value atom) const;
  /// Every atom that occurs.
  llvm::SmallVector<mlir::Value> atoms() const;

  const std::map<Monomial, int64_t, MonomialLess> &terms() const {
    return terms_;
  }

  /// Arithmetic; each fails (nullopt) on overflow or a degree above 3.
  std::optional<Poly> plus(const Poly &o, int64_t scale = 1) const;
  std::optional<Poly> times(const Poly &o) const;
  std::optional<Poly> scaled(int64_t k) const;
  /// Every atom replaced by what `f` gives for it; fails as the arithmetic
  /// does.
  std::optional<Poly>
  substituted(llvm::function_ref<Poly(mlir::Value)> f) const;
  /// This polynomial as e1 × atom + e0, where e0 has no term with `atom`
  /// (e1 keeps what else a term multiplies atom by: atom itself in atom²).
  std::pair<Poly, Poly> splitBy(mlir::Value atom) const;
  /// The atoms with a value in `values` replaced by it.
  std::optional<Poly>
  at(const llvm::DenseMap<mlir::Value, int64_t> &values) const;

  bool operator==(const Poly &o) const { return terms_ == o.terms_; }

private:
  std::map<Monomial, int64_t, MonomialLess> terms_; // no zero coefficients
};

/// Reads the polynomial an index or integer value computes, following
/// constants, casts, add/sub/mul and affine.apply. A value it cannot follow
/// (a load, a division, a product of degree 3) becomes an atom of its own:
/// one SSA value always has one value, so this is exact, only less precise.
Poly polyOf(mlir::Value v);

/// A bound on the values an index takes, from the ops that compute it alone
/// (so it holds in every iteration, whatever memory holds): every value is
/// in [0, length). Constant lengths come from the ranges arith's ops give
/// (an unsigned char widened, `x & 63`, `x >> 24` of 32 bits, `x % 16` of a
/// value that is not negative), at most `maxConstant`; else, for `x % y` of
/// an unsigned x, or of one that is not negative, widened only unsigned or
/// from 64 bits, y's polynomial when it is one atom (a variable, perhaps
/// widened): as C gives it as int64_t, at most y's value, and not positive
/// where y is not; or y for a variable clamped to [0, y) by ifs or selects
/// (`if (c < 0) c = 0; if (c >= nc) c = nc - 1;`), or tested by the ifs
/// around the access `at` (`if (c >= 0 && c < nc) count[c]++;`) or by
/// one before it that jumps away (`if (c < 0 || c >= nc) continue;`;
/// docs/analysis.md, "Array reductions"). The caller names it where the
/// loop starts (CNames, which
/// names only values the loop does not change). Local variables are
/// followed to the value stored in them earlier in the iteration, as polyOf
/// does. None when neither holds.
std::optional<Poly> indexLength(mlir::Value index, mlir::Operation *at,
                                int64_t maxConstant);

/// The ways an integer value v comes about where `at` reads it, through
/// selects (`x > 0 ? x - 1 : 0`) and the writes of a local variable that
/// reach the read (`xx = x + k; if (xx >= w) xx = w - 1;`), as the walk of
/// indexLength makes them: for each way, bounds [lo, hi] on v's value: its
/// own value where no atom of it `varies` (in the loop), else the signed
/// comparisons on the way that bound it by what does not vary (the ifs
/// around `at` too), else its own value. None when the walk fails (a
/// write weft cannot follow, the value of an earlier iteration) or v comes
/// about only as itself; with `bare`, v that comes about only as itself is
/// one way, bounded by the ifs around `at` (`if (xx >= 0 && xx < w) s +=
/// t[xx];`, where xx is x + k).
std::optional<llvm::SmallVector<std::pair<Poly, Poly>>>
valueWays(mlir::Value v, mlir::Operation *at,
          llvm::function_ref<bool(mlir::Value)> varies, bool bare = false);

/// Bounds [lo, hi] on a value whose polynomial is `own`, where `at` reads
/// it, from the ifs around `at` alone (valueWays' bounds for one way that
/// is `own` itself; its own value on a side no comparison bounds).
std::pair<Poly, Poly> guardBounds(const Poly &own, mlir::Operation *at,
                                  llvm::function_ref<bool(mlir::Value)> varies);

/// The polynomials of an affine map's results applied to operands.
std::optional<llvm::SmallVector<Poly>>
polysOfMap(mlir::AffineMap map, mlir::ValueRange operands);

/// The polynomial of one affine expression over the given operand forms.
std::optional<Poly> polyOfExpr(mlir::AffineExpr e,
                               llvm::ArrayRef<Poly> dims,
                               llvm::ArrayRef<Poly> syms);

} // namespace weft

#endif // WEFT_ANALYSIS_POLYNOMIAL_H
