//===- Dependence.cpp - Loop-carried dependences, by Presburger arithmetic ----===//
//
// For two accesses A and B in the body of loop L, the question is whether
// some iteration vector of A and some of B, in the same iteration of every
// loop around L but in different iterations of L, touch the same element.
// Each is one Presburger problem over:
//   - the induction variables of the loops from L inward, one copy per access;
//   - the induction variables of the loops around L, shared;
//   - values defined before L, shared (one value for the whole loop);
//   - values computed inside L (loads, products of degree 3, ...), one free
//     copy per access: they may differ between iterations;
// with each loop's bounds, equal subscripts, and iv_A < iv_B (then iv_B <
// iv_A). What cannot be expressed is dropped, which only adds solutions: the
// answer is then "may", never "none".
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Dependence.h"

#include "mlir/Analysis/Presburger/IntegerRelation.h"
#include "mlir/Analysis/Presburger/PresburgerSpace.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <map>
#include <set>

using namespace mlir;
using namespace weft;
using mlir::presburger::IntegerPolyhedron;
using mlir::presburger::PresburgerSpace;

namespace {
constexpr int kShared = 2;

/// A linear constraint over named columns: Σ coef·col + constant.
struct Row {
  std::map<unsigned, int64_t> coef;
  int64_t constant = 0;
};

/// A Presburger problem under construction.
class System {
public:
  /// `other`: a second loop whose iterations are instance 1's (testAcross).
  System(Operation *loop, const Invariants *inv, Operation *other = nullptr)
      : loop(loop), inv(inv), other(other) {}

  /// One value per C number: loads of a variable or of memory the loop
  /// never writes read the same number in every iteration, so they are one
  /// shared atom.
  Value canon(Value v) {
    if (inv)
      if (Value id = inv->identity(v, loop))
        return id;
    return v;
  }

  /// p over canonical atoms (nothing if merging terms overflows).
  std::optional<Poly> canonPoly(const Poly &p) {
    return p.substituted([&](Value v) { return Poly::atom(canon(v)); });
  }

  /// The column of an atom, for instance 0 (A) or 1 (B). A value computed
  /// inside the loop (not an induction variable) gets a free column per
  /// instance: any answer that uses it is only a "may".
  unsigned column(Value v, int inst) {
    // (iv - lb) / step, the iteration's number that weft-count-loops
    // gives an induction of a loop with a step (`j` of `for (i = 0; i < n;
    // i += 2) { out[j] = ...; j++; }`): addDomain's quotient.
    if (std::optional<unsigned> q = quotientColumn(v, inst))
      return *q;
    bool shared = isShared(v);
    v = canon(v);
    if (!shared && !isInductionVar(v)) {
      approx = true;
      if (approxWhy.empty())
        approxWhy = "the subscript depends on values computed in the loop";
    }
    int which = shared ? kShared : inst;
    auto key = std::make_pair(v.getAsOpaquePointer(), which);
    auto it = cols.find(key);
    if (it != cols.end())
      return it->second;
    return cols[key] = numCols++;
  }

  /// A product of values fixed for the loop (n*m, or an outer counter times
  /// a row length) is one unknown number: a shared column of its own.
  std::optional<unsigned> productColumn(const Monomial &m) {
    for (Value v : m)
      if (!isShared(v))
        return std::nullopt;
    SmallVector<void *> key;
    for (Value v : m)
      key.push_back(canon(v).getAsOpaquePointer());
    auto it = products.find(key);
    if (it != products.end())
      return it->second;
    return products[key] = numCols++;
  }
  unsigned fresh() { return numCols++; }

  /// The row of a polynomial of degree <= 1 for an instance; nothing for a
  /// product.
  std::optional<Row> rowOf(const Poly &p, int inst) {
    Row r;
    for (auto &[m, c] : p.terms()) {
      if (m.empty())
        r.constant += c;
      else if (m.size() == 1)
        r.coef[column(m[0], inst)] += c;
      else if (auto col = productColumn(m))
        r.coef[*col] += c;
      else
        return std::nullopt;
    }
    return r;
  }

  void eq(Row r) { eqs.push_back(std::move(r)); }
  void ge(Row r) { ges.push_back(std::move(r)); } ///< r >= 0

  static Row minus(const Row &a, const Row &b) {
    Row r = a;
    for (auto &[c, v] : b.coef)
      r.coef[c] -= v;
    r.constant -= b.constant;
    return r;
  }
  static Row plusConst(Row r, int64_t k) {
    r.constant += k;
    return r;
  }

  /// Is the conjunction of the constraints (and the extra ones) free of
  /// integer solutions? On success with a sample, fills `sample`.
  bool empty(ArrayRef<Row> extraEqs, ArrayRef<Row> extraGes,
             SmallVectorImpl<int64_t> *sample = nullptr) const {
    IntegerPolyhedron poly(PresburgerSpace::getSetSpace(numCols));
    auto dense = [&](const Row &r) {
      SmallVector<int64_t> v(numCols + 1, 0);
      for (auto &[c, k] : r.coef)
        v[c] += k;
      v[numCols] = r.constant;
      return v;
    };
    for (const Row &r : eqs)
      poly.addEquality(dense(r));
    for (const Row &r : extraEqs)
      poly.addEquality(dense(r));
    for (const Row &r : ges)
      poly.addInequality(dense(r));
    for (const Row &r : extraGes)
      poly.addInequality(dense(r));
    if (!sample)
      return poly.isIntegerEmpty();
    auto s = poly.findIntegerSample();
    if (!s)
      return true;
    sample->clear();
    for (const auto &x : *s)
      sample->push_back(int64_t(x));
    return false;
  }

  Operation *loop;
  const Invariants *inv;
  /// Where the test may assume conditions that a run-time check tests
  /// (testDependence's `assumes`), or null.
  SmallVectorImpl<Poly> *assumes = nullptr;
  Operation *other;
  bool approx = false;
  std::string approxWhy;

  bool isInductionVar(Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && isLoop(arg.getOwner()->getParentOp());
  }

  /// The column q of `iv = lb + step * q` that addDomain made for a loop
  /// with a step, by the loop's induction variable and instance.
  struct Quotient {
    unsigned column;
    LoopInfo loop;
  };
  std::map<std::pair<void *, int>, Quotient> quotients;

  /// v's column when v is the number of an iteration (isIterationNumber)
  /// of a loop whose domain gave it its quotient: that quotient, exactly.
  std::optional<unsigned> quotientColumn(Value v, int inst) {
    for (const auto &[key, q] : quotients)
      if ((key.second == inst || key.second == kShared) &&
          isIterationNumber(v, q.loop))
        return q.column;
    return std::nullopt;
  }

private:
  std::map<SmallVector<void *>, unsigned> products;

public:
  bool isShared(Value v) {
    if (inv && inv->identity(v, loop))
      return true;
    // Induction variables of loops around L, and values defined before L
    // (and outside the other loop, for two loops).
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (isLoop(owner))
        return owner != loop && !loop->isAncestor(owner) &&
               owner->isAncestor(loop);
    }
    return !isDefinedInside(v, loop) && !(other && isDefinedInside(v, other));
  }

private:
  std::map<std::pair<void *, int>, unsigned> cols;
  unsigned numCols = 0;
  std::vector<Row> eqs, ges;
};

/// Adds a loop's domain for an instance.
void addDomain(System &s, const LoopInfo &l, int inst) {
  if (!l.counted())
    return;
  if (!l.open.empty()) {
    s.approx = true;
    if (s.approxWhy.empty())
      s.approxWhy = l.open;
  }
  Row iv;
  iv.coef[s.column(l.iv, inst)] = 1;
  for (const Poly &lb : l.lbs) {
    if (auto r = s.rowOf(lb, inst))
      s.ge(System::minus(iv, *r)); // iv - lb >= 0
    else
      s.approx = true;
  }
  for (const Poly &ub : l.ubs) {
    if (auto r = s.rowOf(ub, inst))
      s.ge(System::plusConst(System::minus(*r, iv), -1)); // ub - 1 - iv >= 0
    else
      s.approx = true;
  }
  if ((l.step > 1 || l.stepValue) && l.lbs.size() == 1) {
    if (auto lb = s.rowOf(l.lbs[0], inst)) {
      unsigned q = s.fresh(); // iv = lb + step * q, q >= 0
      Row r = System::minus(iv, *lb);
      Row qge;
      qge.coef[q] = 1;
      s.ge(qge);
      if (l.stepValue) {
        // A step by a variable m >= 1: iv - lb = m * q is not linear, but
        // iv - lb >= q (testDependence orders two iterations' q as their
        // ivs are ordered).
        r.coef[q] -= 1;
        s.ge(r);
      } else {
        r.coef[q] -= l.step;
        s.eq(r);
      }
      s.quotients[{Value(l.iv).getAsOpaquePointer(), inst}] = {q, l};
    }
  }
}

/// Adds the domains of the loops around an access: those around L once
/// (shared), L and the ones inside per instance.
void addDomains(System &s, const Access &a, int inst, bool withOuter) {
  for (const LoopInfo &l : a.loops) {
    bool outer = l.op != s.loop && l.op->isAncestor(s.loop);
    if (outer && !withOuter)
      continue;
    addDomain(s, l, outer ? kShared : inst);
  }
}

/// p as e1 * sym + e0, with e1 and e0 of degree <= `degree` (2 for two
/// levels of splits: the rows of a volume kept flat, `(z * ny + y) * nx +
/// x` split by nx, which split again by ny; with rows of nx + 1, e0 is `z *
/// ny + y + x`, and the column e0 - e1, x).
std::optional<std::pair<Poly, Poly>> splitBy(const Poly &p, Value sym,
                                             unsigned degree = 1) {
  auto [e1, e0] = p.splitBy(sym);
  if (e1.degree() > degree || e0.degree() > degree)
    return std::nullopt;
  return std::make_pair(e1, e0);
}

/// Proves 0 <= e0 <= len - 1 over an access's domain.
bool provesInRange(System &base, const Access &a, int inst, const Poly &e0,
                   const Poly &len) {
  System s(base.loop, base.inv);
  addDomains(s, a, inst, /*withOuter=*/true);
  auto r = s.rowOf(e0, inst);
  auto m = s.rowOf(len, inst);
  if (!r || !m)
    return false;
  // e0 <= -1 must be impossible, and e0 - sym >= 0 too.
  Row neg = System::plusConst(System::minus(Row(), *r), -1);
  if (!s.empty({}, {neg}))
    return false;
  return s.empty({}, {System::minus(*r, *m)});
}

/// The signature of a path's views: kinds and byte ranges.
bool sameViews(const MemPath &a, const MemPath &b) {
  if (a.views.size() != b.views.size())
    return false;
  for (size_t i = 0; i < a.views.size(); ++i)
    if (a.views[i].kind != b.views[i].kind ||
        a.views[i].offset != b.views[i].offset ||
        a.views[i].size != b.views[i].size)
      return false;
  return true;
}

/// The byte range an all-field path selects within its root element.
std::optional<std::pair<int64_t, int64_t>> fieldBytes(const MemPath &p) {
  if (p.views.empty())
    return std::nullopt;
  int64_t off = 0;
  for (const ViewStep &v : p.views) {
    if (v.kind != ViewStep::Field)
      return std::nullopt;
    off += v.offset;
  }
  return std::make_pair(off, off + p.views.front().size);
}

/// Static row-major strides of a memref, or nothing.
std::optional<SmallVector<int64_t>> strides(Value memref) {
  auto t = dyn_cast<MemRefType>(memref.getType());
  if (!t)
    return std::nullopt;
  SmallVector<int64_t> s(t.getRank(), 1);
  for (int64_t d = t.getRank() - 2; d >= 0; --d) {
    if (t.isDynamicDim(d + 1))
      return std::nullopt;
    s[d] = s[d + 1] * t.getDimSize(d + 1);
  }
  return s;
}

/// The subscripts of two accesses to one root, made comparable dimension by
/// dimension; `independent` when their views cannot overlap.
void comparable(const Access &a, const MemPath &pa, const Access &b,
                const MemPath &pb, SmallVectorImpl<Subscript> &da,
                SmallVectorImpl<Subscript> &db, bool &independent,
                System &s) {
  independent = false;
  if (sameViews(pa, pb) && a.subs.size() == b.subs.size()) {
    da.assign(a.subs.begin(), a.subs.end());
    db.assign(b.subs.begin(), b.subs.end());
    return;
  }
  auto ba = fieldBytes(pa), bb = fieldBytes(pb);
  auto rootRank = [](const MemPath &p) -> int64_t {
    auto t = p.root.base ? dyn_cast<MemRefType>(p.root.base.getType())
                         : MemRefType();
    return t ? t.getRank() : 0;
  };
  if (ba && bb) {
    if (ba->second <= bb->first || bb->second <= ba->first) {
      independent = true; // different fields
      return;
    }
    // Overlapping fields of a union, or nested views: the elements.
    int64_t r = rootRank(pa);
    if ((int64_t)a.subs.size() >= r && (int64_t)b.subs.size() >= r) {
      da.assign(a.subs.begin(), a.subs.begin() + r);
      db.assign(b.subs.begin(), b.subs.begin() + r);
    }
    s.approx = true;
    s.approxWhy = "overlapping fields";
    return;
  }
  // A field of an element against the whole element (a bitfield, a part of
  // a complex number, a struct copied whole): the same memory exactly when
  // the elements are the same, whatever the field.
  auto wholeElement = [&](const MemPath &p, const Access &x) {
    return p.views.empty() && (int64_t)x.subs.size() == rootRank(p);
  };
  if ((ba && wholeElement(pb, b)) || (bb && wholeElement(pa, a))) {
    int64_t r = ba ? rootRank(pb) : rootRank(pa);
    if ((int64_t)a.subs.size() >= r && (int64_t)b.subs.size() >= r) {
      da.assign(a.subs.begin(), a.subs.begin() + r);
      db.assign(b.subs.begin(), b.subs.begin() + r);
      return;
    }
  }
  // A flat view against the array itself: compare linear offsets.
  auto flatOnly = [](const MemPath &p) {
    return p.views.size() == 1 && p.views[0].kind == ViewStep::Flat;
  };
  const Access *flat = nullptr, *direct = nullptr;
  if (flatOnly(pa) && pb.views.empty())
    flat = &a, direct = &b;
  else if (flatOnly(pb) && pa.views.empty())
    flat = &b, direct = &a;
  if (flat && flat->subs.size() == 1) {
    auto st = strides(direct->memref);
    Subscript lin = Subscript::point(Poly());
    bool ok = st && st->size() == direct->subs.size();
    for (size_t d = 0; ok && d < direct->subs.size(); ++d) {
      const Subscript &x = direct->subs[d];
      if (!x.known() || !(*x.lo == *x.hi)) {
        ok = false;
        break;
      }
      auto t = x.lo->scaled((*st)[d]);
      auto n = t ? lin.lo->plus(*t) : std::nullopt;
      if (!n) {
        ok = false;
        break;
      }
      lin = Subscript::point(*n);
    }
    if (ok) {
      if (flat == &a) {
        da.push_back(a.subs[0]);
        db.push_back(lin);
      } else {
        da.push_back(lin);
        db.push_back(b.subs[0]);
      }
      return;
    }
  }
  s.approx = true;
  s.approxWhy = "different views of the same memory";
}
} // namespace

/// Sets up the problem of a and b touching the same element: their domains
/// and equal subscripts. False when their views never overlap.
static bool sameElement(System &s, const Access &a, const Access &b,
                        ModuleOp module) {
  MemPath pa = pathOf(a, module), pb = pathOf(b, module);
  SmallVector<Subscript> da, db;
  bool independent = false;
  comparable(a, pa, b, pb, da, db, independent, s);
  if (independent)
    return false;

  addDomains(s, a, 0, /*withOuter=*/true);
  addDomains(s, b, 1, /*withOuter=*/false);

  for (size_t d = 0; d < da.size(); ++d) {
    if (!da[d].known() || !db[d].known()) {
      s.approx = true;
      s.approxWhy = "a subscript weft cannot read";
      continue;
    }
    // Over canonical atoms: two loads of an invariant place are one number.
    Subscript x{s.canonPoly(*da[d].lo), s.canonPoly(*da[d].hi)},
        y{s.canonPoly(*db[d].lo), s.canonPoly(*db[d].hi)};
    if (!x.known() || !y.known()) {
      s.approx = true;
      s.approxWhy = "a subscript weft cannot read";
      continue;
    }
    bool pointX = *x.lo == *x.hi, pointY = *y.lo == *y.hi;
    // Flattened subscripts: delinearize when the bounds prove it exact.
    auto nonlinear = [&](const Poly &p) {
      for (auto &[m, c] : p.terms())
        if (m.size() > 1 && llvm::any_of(m, [&](Value v) {
              return !s.isShared(v);
            }))
          return true;
      return false;
    };
    if ((nonlinear(*x.lo) || nonlinear(*y.lo)) && pointX && pointY) {
      // The terms both subscripts have alike, of values the same in both
      // instances (`y[r * w + j + c]` in two iterations of r: j, and any
      // constant), go: x == y exactly when what is left is equal, and that
      // may delinearize where the whole does not (the column c + j is not
      // within [0, w)).
      Poly common;
      for (auto &[m, c] : x.lo->terms()) {
        auto it = y.lo->terms().find(m);
        if (it == y.lo->terms().end() || it->second != c ||
            !llvm::all_of(m, [&](Value v) { return s.isShared(v); }))
          continue;
        std::optional<Poly> t = Poly::constant(c);
        for (Value v : m)
          t = t ? t->times(Poly::atom(v)) : std::nullopt;
        std::optional<Poly> sum = t ? common.plus(*t) : std::nullopt;
        if (sum)
          common = *sum;
      }
      std::optional<Poly> xs = x.lo->plus(common, -1),
                          ys = y.lo->plus(common, -1);
      if (!xs || !ys)
        xs = *x.lo, ys = *y.lo;
      // The row length is a symbol, or a symbol and a small constant: a
      // size held in a variable is often one more or less than another
      // (`int cols = rows = rows + 1`), and the polynomials see only the
      // sum. With len = sym + c, x = e1 * sym + e0 is (e1 - t) * len +
      // (e0 - c * e1 + t * len); the column holds sym at most once, so t
      // is one of two values. Unique when 0 <= column < len: then x == y
      // exactly when the rows and the columns are equal.
      //
      // Else, where the caller takes run-time conditions (s.assumes, and
      // `conds` here), the same split with 0 <= column <= len - 1 over the
      // access's loops as the conditions (`y[i * incy]`: incy >= 1;
      // `dst[i * stride + ch]`: ch >= 0 and stride - ch - 1 >= 0;
      // `m->data[i * m->tda + j]` for j < m->size2: m->tda - m->size2 >=
      // 0). Not when the column moves with the loop's own counter (the rows
      // would shift), nor when a condition is a constant below zero (the
      // rows overrun).
      auto rowAndColumn = [&](const std::pair<Poly, Poly> &e, const Access &acc,
                              int inst, Value sym, int64_t c,
                              SmallVectorImpl<Poly> *conds)
          -> std::optional<std::pair<Poly, Poly>> {
        auto len = Poly::atom(sym).plus(Poly::constant(c));
        auto col0 = e.second.plus(e.first, -c);
        if (!len || !col0)
          return std::nullopt;
        SmallVector<LoopInfo> inner;
        Value iv;
        if (conds)
          for (const LoopInfo &l : acc.loops)
            if (l.op == s.loop || s.loop->isAncestor(l.op)) {
              if (l.op == s.loop)
                iv = l.iv;
              inner.push_back(l);
            }
        int64_t k = col0->coefficient(sym);
        for (int64_t t : {-k, 1 - k}) {
          auto col = col0->plus(*len, t);
          auto row = e.first.plus(Poly::constant(t), -1);
          if (!col || !row)
            continue;
          if (!conds) {
            if (provesInRange(s, acc, inst, *col, *len))
              return std::make_pair(*row, *col);
            continue;
          }
          if (iv && col->coefficient(iv) != 0)
            continue;
          auto range = rangeOver(*col, inner);
          auto top = range ? len->plus(range->second, -1) : std::nullopt;
          auto room = top ? top->plus(Poly::constant(-1)) : std::nullopt;
          if (!room)
            continue;
          SmallVector<Poly> mine;
          bool never = false;
          for (const Poly &q : {range->first, *room}) {
            if (q.isConstant() && q.constantTerm() < 0)
              never = true; // the rows overrun
            else if (!q.isConstant())
              mine.push_back(q);
          }
          if (never)
            continue;
          // Conditions that no run of the access meets (`s >= 0` and
          // `-s - 1 >= 0`) would only make a check that always fails.
          System feasible(s.loop, s.inv);
          addDomains(feasible, acc, inst, /*withOuter=*/true);
          bool ok = true;
          for (const Poly &q : mine)
            if (auto r = feasible.rowOf(q, inst))
              feasible.ge(*r);
            else
              ok = false;
          if (!ok || feasible.empty({}, {}))
            continue;
          llvm::append_range(*conds, mine);
          return std::make_pair(*row, *col);
        }
        return std::nullopt;
      };
      // x and y split alike by one of their shared atoms, x = e1 * sym + e0,
      // and equated as rows and columns (rowAndColumn), where the bounds
      // prove each column in [0, sym + c), or with `assume` on run-time
      // conditions. With two levels, rows that are themselves flattened (a
      // volume's `z * ny + y`, the rows of `(z * ny + y) * nx + x`) are
      // split again, on proofs only; a row or column may then be of degree
      // 2 until the split takes it apart (splitBy).
      std::function<bool(const Poly &, const Poly &, unsigned, bool)> split =
          [&](const Poly &wx, const Poly &wy, unsigned levels, bool assume) {
            for (Value sym : wx.atoms()) {
              if (!s.isShared(sym))
                continue;
              auto sx = splitBy(wx, sym, levels), sy = splitBy(wy, sym, levels);
              if (!sx || !sy)
                continue;
              for (int64_t c : {0, 1, -1, 2, -2, 3, -3, 4, -4}) {
                SmallVector<Poly> conds;
                SmallVectorImpl<Poly> *on = assume ? &conds : nullptr;
                auto px = rowAndColumn(*sx, a, 0, sym, c, on);
                auto py =
                    px ? rowAndColumn(*sy, b, 1, sym, c, on) : std::nullopt;
                if (!py)
                  continue;
                auto r1 = s.rowOf(px->first, 0), r2 = s.rowOf(py->first, 1);
                auto r3 = s.rowOf(px->second, 0), r4 = s.rowOf(py->second, 1);
                if (!r3 || !r4)
                  continue;
                if (r1 && r2)
                  s.eq(System::minus(*r1, *r2));
                else if (levels < 2 ||
                         !split(px->first, py->first, levels - 1, false))
                  continue;
                s.eq(System::minus(*r3, *r4));
                if (assume) {
                  for (const Poly &q : conds)
                    if (!llvm::is_contained(*s.assumes, q))
                      s.assumes->push_back(q);
                  // What it finds holds only where the conditions do.
                  s.approx = true;
                  s.approxWhy = "a flattened subscript weft cannot delinearize";
                }
                return true;
              }
            }
            return false;
          };
      bool done = false;
      // Proofs first, the whole and then without the common terms; then on
      // conditions, without them first (they ask less: `stride - 1 >= 0`
      // for `dst[i * stride + ch]`, not also `ch >= 0` and `stride - ch -
      // 1 >= 0`), and the whole.
      for (int pass = 0; pass < 4 && !done; ++pass) {
        bool assume = pass >= 2, strip = pass == 1 || pass == 2;
        if (assume && !s.assumes)
          break;
        if (strip && common.terms().empty())
          continue;
        done = split(strip ? *xs : *x.lo, strip ? *ys : *y.lo, assume ? 1 : 2,
                     assume);
      }
      if (!done) {
        s.approx = true;
        s.approxWhy = "a flattened subscript weft cannot delinearize";
      }
      continue;
    }
    // Points and ranges: t_A in [lo_A, hi_A], t_B in [lo_B, hi_B], t_A = t_B.
    auto lx = s.rowOf(*x.lo, 0), hx = s.rowOf(*x.hi, 0);
    auto ly = s.rowOf(*y.lo, 1), hy = s.rowOf(*y.hi, 1);
    if (!lx || !hx || !ly || !hy) {
      s.approx = true;
      s.approxWhy = "a subscript weft cannot read";
      continue;
    }
    if (pointX && pointY) {
      s.eq(System::minus(*lx, *ly));
      continue;
    }
    unsigned t = s.fresh();
    Row tr;
    tr.coef[t] = 1;
    s.ge(System::minus(tr, *lx));
    s.ge(System::minus(*hx, tr));
    s.ge(System::minus(tr, *ly));
    s.ge(System::minus(*hy, tr));
  }
  return true;
}

Dependence weft::testTouch(const Access &a, const Access &b,
                           const LoopInfo &loop, ModuleOp module,
                           const Invariants *inv) {
  Dependence dep;
  System s(loop.op, inv);
  if (!sameElement(s, a, b, module) || s.empty({}, {}))
    return dep;
  dep.first = &a;
  dep.second = &b;
  dep.kind = s.approx ? Dependence::May : Dependence::Exact;
  dep.why = s.approxWhy;
  return dep;
}

Dependence weft::testDependence(const Access &a, const Access &b,
                                const LoopInfo &loop, ModuleOp module,
                                const Invariants *inv,
                                SmallVectorImpl<Poly> *assumes) {
  Dependence dep;
  System s(loop.op, inv);
  SmallVector<Poly> assumed;
  if (assumes)
    s.assumes = &assumed;
  if (!sameElement(s, a, b, module))
    return dep;
  // (The conditions count only where the answer is none.)
  auto none = [&]() -> Dependence {
    if (assumes)
      for (const Poly &c : assumed)
        if (!llvm::is_contained(*assumes, c))
          assumes->push_back(c);
    return dep;
  };

  // Different iterations of L: iv_A < iv_B, then iv_B < iv_A; a step by a
  // variable m (>= 1 where the loop runs) puts them m apart at least.
  Row ivA, ivB;
  ivA.coef[s.column(loop.iv, 0)] = 1;
  ivB.coef[s.column(loop.iv, 1)] = 1;
  Row aFirst = System::plusConst(System::minus(ivB, ivA), -1);
  Row bFirst = System::plusConst(System::minus(ivA, ivB), -1);
  SmallVector<Row, 2> aExtra, bExtra;
  if (loop.stepValue)
    if (auto m = s.rowOf(polyOf(loop.stepValue), kShared)) {
      s.ge(System::plusConst(*m, -1));
      aFirst = System::minus(System::minus(ivB, ivA), *m);
      bFirst = System::minus(System::minus(ivA, ivB), *m);
      // The iterations' numbers (an induction's `(iv - lb) / m`: addDomain)
      // are ordered as the ivs are, one apart at least.
      auto qa = s.quotients.find({Value(loop.iv).getAsOpaquePointer(), 0});
      auto qb = s.quotients.find({Value(loop.iv).getAsOpaquePointer(), 1});
      if (qa != s.quotients.end() && qb != s.quotients.end()) {
        Row later;
        later.coef[qb->second.column] = 1;
        later.coef[qa->second.column] = -1;
        aExtra.push_back(System::plusConst(later, -1));
        bExtra.push_back(System::plusConst(System::minus(Row(), later), -1));
      }
    }
  aExtra.push_back(aFirst);
  bExtra.push_back(bFirst);
  SmallVector<int64_t> sample;
  bool forward = !s.empty({}, aExtra, &sample);
  int64_t ivAv = 0, ivBv = 0;
  unsigned ca = s.column(loop.iv, 0), cb = s.column(loop.iv, 1);
  if (forward) {
    dep.first = &a;
    dep.second = &b;
    ivAv = sample[ca];
    ivBv = sample[cb];
  } else if (!s.empty({}, bExtra, &sample)) {
    dep.first = &b;
    dep.second = &a;
    ivAv = sample[cb];
    ivBv = sample[ca];
  } else {
    return none(); // proven independent
  }
  dep.kind = s.approx ? Dependence::May : Dependence::Exact;
  dep.why = s.approxWhy;
  // Is the distance the same for every instance?
  int64_t d = ivBv - ivAv;
  Row diff = forward ? System::minus(ivB, ivA) : System::minus(ivA, ivB);
  bool uniform = s.empty({}, {System::plusConst(diff, -d - 1),
                              forward ? aFirst : bFirst}) &&
                 s.empty({}, {System::plusConst(System::minus(Row(), diff),
                                                d - 1),
                              forward ? aFirst : bFirst});
  if (uniform && !s.approx)
    dep.distance = d;
  return dep;
}

Across weft::testAcross(const Access &a, const LoopInfo &la, const Access &b,
                        const LoopInfo &lb, ModuleOp module) {
  System s(la.op, nullptr, lb.op);
  if (!sameElement(s, a, b, module) || s.empty({}, {}))
    return Across::Never;
  if (s.approx || !la.counted() || !lb.counted() || la.step != lb.step ||
      la.stepValue || lb.stepValue || la.lbs.size() != 1 || lb.lbs.size() != 1)
    return Across::Other;
  // Iteration k of each loop, from its start: (iv - lb) / step; with one
  // step, the same k exactly when iv_a - lb_a == iv_b - lb_b.
  auto ra = s.rowOf(la.lbs[0], 0), rb = s.rowOf(lb.lbs[0], 1);
  if (!ra || !rb)
    return Across::Other;
  Row ivA, ivB;
  ivA.coef[s.column(la.iv, 0)] = 1;
  ivB.coef[s.column(lb.iv, 1)] = 1;
  Row d = System::minus(System::minus(ivA, *ra), System::minus(ivB, *rb));
  if (s.approx)
    return Across::Other;
  bool later = s.empty({}, {System::plusConst(d, -1)});
  bool earlier = s.empty({}, {System::plusConst(System::minus(Row(), d), -1)});
  return later && earlier ? Across::SameIteration : Across::Other;
}

//===----------------------------------------------------------------------===//
// Invariant loads
//===----------------------------------------------------------------------===//

namespace {
/// Keys of values and places that are the same in every iteration of a
/// loop: two loads with equal place keys read the same memory.
class PlaceKeys {
public:
  PlaceKeys(Operation *loop, const Invariants &inv) : loop(loop), inv(inv) {}

  using Key = SmallVector<uintptr_t, 16>;

  /// Appends v's key; false when v may differ between iterations.
  bool value(Value v, Key &out) {
    if (Value id = inv.identity(v, loop)) {
      out.append({1, (uintptr_t)id.getAsOpaquePointer()});
      return true;
    }
    Operation *def = v.getDefiningOp();
    // Memory behind a pointer the importer did not follow (`(c ? p : q)->x`)
    // has no operands to tell one iteration's from another's.
    if (auto b = dyn_cast_or_null<BaseOp>(def); b && !b.getPtr())
      return false;
    // Pure ops by structure, so that the `weft.field %v` in the body and
    // the one before the loop are one key.
    if (def && def->getNumRegions() == 0 && isPure(def) &&
        !isa<OpaqueValueOp>(def)) {
      out.append({2, (uintptr_t)def->getName().getAsOpaquePointer(),
                  (uintptr_t)def->getAttrDictionary().getAsOpaquePointer(),
                  cast<OpResult>(v).getResultNumber(), def->getNumOperands()});
      for (Value o : def->getOperands())
        if (!value(o, out))
          return false;
      return true;
    }
    if (isDefinedInside(v, loop))
      return false;
    out.append({3, (uintptr_t)v.getAsOpaquePointer()});
    return true;
  }

  /// The key of the place a load reads, or of the element (struct) around
  /// it with `element`: the same element without the field views.
  bool place(Operation *ld, bool element, Key &out) {
    MemPath p = memPathOf(ld->getOperand(0));
    if (!p.root.base)
      return false;
    if (p.root.symbol)
      out.append({4, (uintptr_t)p.root.symbol.getAsOpaquePointer()});
    else if (!value(p.root.base, out))
      return false;
    for (const ViewStep &s : llvm::reverse(p.views))
      out.append({5, (uintptr_t)s.kind, element ? 0 : (uintptr_t)s.offset,
                  element ? 0 : (uintptr_t)s.size});
    if (auto a = dyn_cast<affine::AffineLoadOp>(ld))
      out.append({6, (uintptr_t)a.getAffineMap().getAsOpaquePointer()});
    for (Value o : ld->getOperands().drop_front())
      if (!value(o, out))
        return false;
    return true;
  }

private:
  Operation *loop;
  const Invariants &inv;
};
} // namespace

Invariants weft::invariantsOf(Operation *loop, const LoopBody &body,
                              const LoopInfo &info, ModuleOp module,
                              bool proven) {
  Invariants inv(loop);
  if (!body.blockers.empty())
    return inv;
  DenseMap<Operation *, const Access *> accessByOp;
  SmallVector<const Access *> writes;
  for (const Access &a : body.accesses) {
    accessByOp[a.op] = &a;
    if (a.isWrite)
      writes.push_back(&a);
  }
  // Candidates, in program order (a pointer's load before the loads
  // through it): loads of memory, not of local variables.
  SmallVector<Operation *> candidates;
  loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == loop || !isa<affine::AffineLoadOp, memref::LoadOp>(op) ||
        !accessByOp.count(op))
      return;
    MemPath p = memPathOf(op->getOperand(0));
    if (p.views.empty() && p.root.isCell && !p.root.escapes)
      return;
    candidates.push_back(op);
  });
  constexpr size_t kMaxTests = 1 << 14;
  if (candidates.empty() || candidates.size() * writes.size() > kMaxTests)
    return inv;

  // Optimistic: every candidate is invariant; drop those a write may reach
  // (or whose place is not fixed), until none is dropped. Dropping one
  // changes the identities the others' tests used, hence the rounds.
  DenseSet<Operation *> dropped;
  SmallVector<Operation *> reps;
  for (bool again = true; again;) {
    again = false;
    inv.loads.clear();
    reps.clear();
    std::map<PlaceKeys::Key, Value> byKey;
    for (Operation *ld : candidates) {
      if (dropped.contains(ld))
        continue;
      PlaceKeys keys(loop, inv);
      PlaceKeys::Key key;
      if (!keys.place(ld, /*element=*/false, key)) {
        dropped.insert(ld);
        continue;
      }
      auto [it, first] = byKey.try_emplace(key, ld->getResult(0));
      if (first)
        reps.push_back(ld);
      inv.loads[ld->getResult(0)] = it->second;
    }
    for (Operation *rep : reps) {
      const Access &r = *accessByOp[rep];
      MemPath pr = pathOf(r, module);
      bool reached = false;
      for (const Access *w : writes) {
        MemPath pw = pathThroughCheckedRows(*w, loop, module, inv);
        switch (overlapOf(pr.root, pw.root, loop, &inv)) {
        case Overlap::Never:
          continue;
        case Overlap::Maybe:
          reached = proven;
          break;
        case Overlap::Same:
          reached =
              testTouch(r, *w, info, module, &inv).kind != Dependence::None;
          break;
        case Overlap::Unknown:
          reached = true;
          break;
        }
        if (reached)
          break;
      }
      if (!reached)
        continue;
      for (Operation *ld : candidates)
        if (inv.loads.lookup(ld->getResult(0)) == rep->getResult(0))
          dropped.insert(ld);
      again = true;
    }
  }

  // Which of them C reads where the loop starts, or may read there without
  // a fault it would not have had: a place in an element (a struct) that C
  // reads at the loop (its bound), or in the loop's first iteration before
  // anything with control flow or a call, inner loops that surely run
  // included (the checks run only when the loop runs at least once).
  // Each place with the loops inside the first iteration that C reads it
  // in, which may run no iteration (none when it reads it either way).
  using Behind = SmallVector<Invariants::EntryLoop, 1>;
  std::map<PlaceKeys::Key, Behind> read;
  Behind behind; // the loops the walk below is in
  auto witness = [&](Operation *ld) {
    PlaceKeys keys(loop, inv);
    PlaceKeys::Key key;
    if (!keys.place(ld, /*element=*/true, key))
      return;
    auto [it, fresh] = read.try_emplace(key, behind);
    if (!fresh && behind.size() < it->second.size())
      it->second = behind;
  };
  for (Operation *ld : boundLoadsOf(loop))
    witness(ld);
  // Reads right before the loop, in its block, with no call or nested code
  // between them and it (which might free the memory): GSL's `const size_t
  // tda = a->tda;` before `a->data[i * tda + j]`.
  for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode()) {
    if (isa<affine::AffineLoadOp, memref::LoadOp>(op))
      witness(op);
    else if (!computesAndGoesOn(op))
      break;
  }
  // The first iteration, up to the first op that may not go on to the next
  // (a call, a branch, a jump), into inner loops that surely run then: with
  // the counters of the loops entered at their first values (`j = i; j <
  // 28` runs when i is 0). An inner loop that may run no iteration is
  // entered behind the test that it runs (Invariants::behind); its bound in
  // memory counts when the loop never writes that memory (its loads are
  // invariant): its first test reads what the check reads.
  auto trusted = [&](Operation *l) {
    return l == loop || boundLoadsInvariant(l, loop, inv);
  };
  DenseMap<Value, int64_t> firstValue;
  auto enter = [&](Operation *l, bool surely) {
    bool trust = trusted(l);
    if (!surely) {
      auto runs = runsWhen(l, firstValue, trust);
      if (!runs)
        return false;
      if (!runs->empty())
        behind.push_back({l, *runs});
    }
    LoopInfo li = loopInfoOf(l, trust);
    if (li.counted() && li.lbs.size() == 1)
      if (auto lb = li.lbs[0].at(firstValue); lb && lb->isConstant())
        firstValue[li.iv] = lb->constantTerm();
    return true;
  };
  // A conditional or a counted loop that only computes, loads and stores
  // goes on to the op after it (a row's sum before `out[i] = t`); its own
  // loads may not run (surelyGoesOn).
  std::function<void(Block &)> first = [&](Block &block) {
    for (Operation &op : block) {
      if (isa<affine::AffineLoadOp, memref::LoadOp>(op)) {
        witness(&op);
      } else if (isLoop(&op) && !isa<OpaqueLoopOp>(op) &&
                 enter(&op, /*surely=*/false)) {
        first(op.getRegion(0).front());
        if (!behind.empty() && behind.back().loop == &op)
          behind.pop_back();
        if (!surelyGoesOn(&op))
          return;
      } else if (!surelyGoesOn(&op)) {
        return; // (a local declared in the body goes on)
      }
    }
  };
  // The loop itself runs its first iteration whenever its checks run.
  enter(loop, /*surely=*/true);
  first(loop->getRegion(0).front());
  for (Operation *rep : reps) {
    PlaceKeys keys(loop, inv);
    PlaceKeys::Key key;
    auto it =
        keys.place(rep, /*element=*/true, key) ? read.find(key) : read.end();
    if (it == read.end())
      continue;
    Behind loops = it->second;
    // The pointer it goes through must be readable there too.
    MemPath p = memPathOf(rep->getOperand(0));
    if (p.root.ptr && isDefinedInside(p.root.ptr, loop)) {
      Value id = inv.identity(p.root.ptr, loop);
      if (!id || !inv.atEntry.contains(id))
        continue;
      for (const Invariants::EntryLoop &e : inv.behind.lookup(id))
        if (llvm::none_of(loops, [&](const Invariants::EntryLoop &f) {
              return f.loop == e.loop;
            }))
          loops.push_back(e);
    }
    inv.atEntry.insert(rep->getResult(0));
    if (!loops.empty())
      inv.behind[rep->getResult(0)] = std::move(loops);
  }
  return inv;
}
