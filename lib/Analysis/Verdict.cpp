//===- Verdict.cpp - A loop's verdict, as attributes on the loop ------------===//
//
// See Verdict.h and docs/analysis.md ("Verdict attributes").
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/Verdict.h"
#include "weft/Analysis/Nests.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "weft/Analysis/Cost.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Format.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <map>

using namespace mlir;
using namespace weft;

static const char *const kAttrs[] = {
    "weft.verdict",           "weft.reason",       "weft.candidate",
    "weft.conflicts",         "weft.privates",     "weft.lastprivates",
    "weft.cond_lastprivates", "weft.reductions",   "weft.guards",
    "weft.noalias",           "weft.counter_live", "weft.array_reductions",
    "weft.private_copies",    "weft.error_paths"};

std::string weft::listText(ArrayRef<std::string> items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

/// A duration for a remark: "120 ns", "3.5 us", "2.1 ms".
std::string weft::formatNs(double ns) {
  char buf[32];
  if (ns < 10)
    snprintf(buf, sizeof buf, "%.1f ns", ns);
  else if (ns < 1e4)
    snprintf(buf, sizeof buf, "%.0f ns", ns);
  else if (ns < 1e7)
    snprintf(buf, sizeof buf, "%.1f us", ns / 1e3);
  else
    snprintf(buf, sizeof buf, "%.1f ms", ns / 1e6);
  return buf;
}

static bool tripIsConstant(Operation *loop) {
  return WorkModel::constantTrip(loop).has_value();
}

static Attribute varAttr(Builder &b, const VarRef &v) {
  return b.getDictionaryAttr({b.getNamedAttr("decl", b.getI64IntegerAttr(v.decl)),
                              b.getNamedAttr("name", b.getStringAttr(v.name))});
}

static VarRef readVar(DictionaryAttr d) {
  VarRef v;
  if (auto x = d.getAs<IntegerAttr>("decl"))
    v.decl = x.getInt();
  if (auto x = d.getAs<StringAttr>("name"))
    v.name = x.str();
  return v;
}

ArrayAttr weft::cpolyAttr(Builder &b, const CPoly &p) {
  SmallVector<Attribute> terms;
  for (const Term &t : p) {
    SmallVector<int64_t> v{t.coef};
    v.append(t.vars.begin(), t.vars.end());
    terms.push_back(b.getDenseI64ArrayAttr(v));
  }
  return b.getArrayAttr(terms);
}

CPoly weft::readCPoly(ArrayAttr a) {
  CPoly p;
  for (Attribute t : a) {
    auto v = cast<DenseI64ArrayAttr>(t).asArrayRef();
    Term term;
    term.coef = v[0];
    term.vars.append(v.begin() + 1, v.end());
    p.push_back(term);
  }
  return p;
}

/// A list of polynomials (a guard side's lo, hi or nonneg) as an attribute,
/// and back.
static ArrayAttr cpolysAttr(Builder &b, ArrayRef<CPoly> ps) {
  SmallVector<Attribute> out;
  for (const CPoly &p : ps)
    out.push_back(cpolyAttr(b, p));
  return b.getArrayAttr(out);
}

static SmallVector<CPoly> readCPolys(ArrayAttr a) {
  SmallVector<CPoly> out;
  if (!a)
    return out; // (nonneg is absent when empty)
  for (Attribute p : a)
    out.push_back(readCPoly(cast<ArrayAttr>(p)));
  return out;
}

/// a - b, when it is a constant.
static std::optional<int64_t> constantDifference(const CPoly &a,
                                                 const CPoly &b) {
  std::map<SmallVector<int64_t, 2>, int64_t> d; // sorted vars -> coef
  auto add = [&](const Term &t, bool negate) {
    SmallVector<int64_t, 2> vars(t.vars);
    llvm::sort(vars);
    int64_t &c = d[vars];
    return !(negate ? __builtin_sub_overflow(c, t.coef, &c)
                    : __builtin_add_overflow(c, t.coef, &c));
  };
  for (const Term &t : a)
    if (!add(t, false))
      return std::nullopt;
  for (const Term &t : b)
    if (!add(t, true))
      return std::nullopt;
  int64_t c = 0;
  for (const auto &[vars, coef] : d) {
    if (!coef)
      continue;
    if (!vars.empty())
      return std::nullopt;
    c = coef;
  }
  return c;
}

/// The polynomials that another one of the list does not make redundant by
/// a constant: with `least`, p goes when some q is p less a constant (the
/// conditions `n - 1 >= 0` and `n - 2 >= 0` beside `n - 4 >= 0`, a lower end
/// `i + 1` beside `i`: the min is the least); else when some q is p plus a
/// constant (an upper end, whose max is the greatest). Of equal ones, the
/// first stays.
static SmallVector<CPoly> withoutImplied(ArrayRef<CPoly> polys, bool least) {
  SmallVector<CPoly> out;
  for (size_t i = 0; i < polys.size(); ++i) {
    bool implied = false;
    for (size_t j = 0; j < polys.size() && !implied; ++j) {
      if (i == j)
        continue;
      std::optional<int64_t> d = constantDifference(polys[i], polys[j]);
      if (d && (least ? *d : -*d) >= 0)
        implied = *d != 0 || j < i;
    }
    if (!implied)
      out.push_back(polys[i]);
  }
  return out;
}

static Attribute sideAttr(Builder &b, const GuardSide &s) {
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("base", varAttr(b, s.base)),
      b.getNamedAttr("elem_size", b.getI64IntegerAttr(s.elemSize)),
      b.getNamedAttr("lo", cpolysAttr(b, withoutImplied(s.lo, true))),
      b.getNamedAttr("hi", cpolysAttr(b, withoutImplied(s.hi, false)))};
  if (s.cell)
    fields.push_back(b.getNamedAttr("cell", b.getUnitAttr()));
  if (!s.nonneg.empty())
    fields.push_back(b.getNamedAttr(
        "nonneg", cpolysAttr(b, withoutImplied(s.nonneg, true))));
  if (s.rows()) {
    fields.push_back(b.getNamedAttr(
        "slots_lo", cpolysAttr(b, withoutImplied(s.slotLo, true))));
    fields.push_back(b.getNamedAttr(
        "slots_hi", cpolysAttr(b, withoutImplied(s.slotHi, false))));
  }
  return b.getDictionaryAttr(fields);
}

Attribute weft::guardAttr(Builder &b, const Guard &g) {
  return b.getDictionaryAttr({b.getNamedAttr("a", sideAttr(b, g.a)),
                              b.getNamedAttr("b", sideAttr(b, g.b))});
}

static GuardSide readSide(DictionaryAttr d) {
  GuardSide s;
  s.base = readVar(d.getAs<DictionaryAttr>("base"));
  s.elemSize = d.getAs<IntegerAttr>("elem_size").getInt();
  s.cell = d.contains("cell");
  s.nonneg = readCPolys(d.getAs<ArrayAttr>("nonneg"));
  s.lo = readCPolys(d.getAs<ArrayAttr>("lo"));
  s.hi = readCPolys(d.getAs<ArrayAttr>("hi"));
  s.slotLo = readCPolys(d.getAs<ArrayAttr>("slots_lo"));
  s.slotHi = readCPolys(d.getAs<ArrayAttr>("slots_hi"));
  return s;
}

/// A verdict's reductions (scalar or array) as the attribute `name`, and
/// back.
static void writeReductions(Operation *loop, StringRef name,
                            ArrayRef<Reduction> list) {
  if (list.empty())
    return;
  Builder b(loop->getContext());
  SmallVector<Attribute> out;
  for (const Reduction &r : list) {
    SmallVector<NamedAttribute> fields{
        b.getNamedAttr("decl", b.getI64IntegerAttr(r.var.decl)),
        b.getNamedAttr("name", b.getStringAttr(r.var.name)),
        b.getNamedAttr("op", b.getStringAttr(r.op)),
        b.getNamedAttr("float", b.getBoolAttr(r.isFloat))};
    if (!r.pred.empty())
      fields.push_back(b.getNamedAttr("pred", b.getStringAttr(r.pred)));
    if (r.length)
      fields.push_back(b.getNamedAttr("length", cpolyAttr(b, *r.length)));
    if (r.sparse)
      fields.push_back(b.getNamedAttr("sparse", b.getUnitAttr()));
    out.push_back(b.getDictionaryAttr(fields));
  }
  loop->setAttr(name, b.getArrayAttr(out));
}

static void readReductions(Operation *loop, StringRef name,
                           SmallVectorImpl<Reduction> &out) {
  auto a = loop->getAttrOfType<ArrayAttr>(name);
  if (!a)
    return;
  for (Attribute x : a) {
    auto d = cast<DictionaryAttr>(x);
    Reduction r;
    r.var = readVar(d);
    r.op = d.getAs<StringAttr>("op").str();
    r.isFloat = d.getAs<BoolAttr>("float").getValue();
    if (auto p = d.getAs<StringAttr>("pred"))
      r.pred = p.str();
    if (auto l = d.getAs<ArrayAttr>("length"))
      r.length = readCPoly(l);
    r.sparse = d.contains("sparse");
    out.push_back(r);
  }
}

void weft::writeVerdict(Operation *loop, const Verdict &v) {
  for (const char *name : kAttrs)
    loop->removeAttr(name);
  Builder b(loop->getContext());
  loop->setAttr("weft.verdict",
                b.getStringAttr(v.parallel ? "parallel" : "sequential"));
  if (v.candidate)
    loop->setAttr("weft.candidate", b.getUnitAttr());
  if (!v.reason.empty())
    loop->setAttr("weft.reason", b.getStringAttr(v.reason));
  if (!v.parallel) {
    if (!v.notes.empty()) {
      SmallVector<Attribute> notes;
      for (size_t i = 0; i < v.notes.size(); ++i)
        notes.push_back(b.getDictionaryAttr(
            {b.getNamedAttr("loc", v.notes[i]),
             b.getNamedAttr("text", b.getStringAttr(v.noteTexts[i]))}));
      loop->setAttr("weft.conflicts", b.getArrayAttr(notes));
    }
    return;
  }
  auto vars = [&](ArrayRef<VarRef> list) {
    SmallVector<Attribute> out;
    for (const VarRef &r : list)
      out.push_back(varAttr(b, r));
    return b.getArrayAttr(out);
  };
  if (!v.privates.empty())
    loop->setAttr("weft.privates", vars(v.privates));
  if (!v.privateCopies.empty())
    loop->setAttr("weft.private_copies", vars(v.privateCopies));
  if (!v.lastprivates.empty())
    loop->setAttr("weft.lastprivates", vars(v.lastprivates));
  if (!v.condLastprivates.empty())
    loop->setAttr("weft.cond_lastprivates", vars(v.condLastprivates));
  writeReductions(loop, "weft.reductions", v.reductions);
  writeReductions(loop, "weft.array_reductions", v.arrayReductions);
  if (!v.guards.empty() || !v.conditions.empty() || !v.rowTables.empty()) {
    SmallVector<Attribute> out;
    auto conds = [&](ArrayRef<CPoly> polys, ArrayRef<std::string> texts,
                     bool first) {
      SmallVector<Attribute> what;
      for (const std::string &t : texts)
        what.push_back(b.getStringAttr(t));
      SmallVector<NamedAttribute> fields = {
          b.getNamedAttr("cond", cpolysAttr(b, withoutImplied(polys, true))),
          b.getNamedAttr("what", b.getArrayAttr(what))};
      if (first)
        fields.push_back(b.getNamedAttr("first", b.getUnitAttr()));
      out.push_back(b.getDictionaryAttr(fields));
    };
    if (!v.preconditions.empty())
      conds(v.preconditions, v.preconditionTexts, /*first=*/true);
    for (const GuardSide &t : v.rowTables)
      out.push_back(
          b.getDictionaryAttr({b.getNamedAttr("rows", sideAttr(b, t))}));
    for (const Guard &g : v.guards)
      out.push_back(guardAttr(b, g));
    if (!v.conditions.empty())
      conds(v.conditions, v.conditionTexts, /*first=*/false);
    loop->setAttr("weft.guards", b.getArrayAttr(out));
  }
  if (!v.noalias.empty())
    loop->setAttr("weft.noalias", vars(v.noalias));
  if (v.counterLive)
    loop->setAttr("weft.counter_live", b.getUnitAttr());
  if (!v.errorPaths.empty()) {
    SmallVector<Attribute> locs(v.errorPaths.begin(), v.errorPaths.end());
    loop->setAttr("weft.error_paths", b.getArrayAttr(locs));
  }
}

std::optional<Verdict> weft::readVerdict(Operation *loop) {
  auto verdict = loop->getAttrOfType<StringAttr>("weft.verdict");
  if (!verdict)
    return std::nullopt;
  Verdict v;
  v.parallel = verdict.getValue() == "parallel";
  v.candidate = loop->hasAttr("weft.candidate");
  if (auto r = loop->getAttrOfType<StringAttr>("weft.reason"))
    v.reason = r.str();
  if (auto c = loop->getAttrOfType<ArrayAttr>("weft.conflicts"))
    for (Attribute a : c) {
      auto d = cast<DictionaryAttr>(a);
      v.notes.push_back(cast<LocationAttr>(d.get("loc")));
      v.noteTexts.push_back(d.getAs<StringAttr>("text").str());
    }
  auto vars = [&](StringRef name, SmallVectorImpl<VarRef> &out) {
    if (auto a = loop->getAttrOfType<ArrayAttr>(name))
      for (Attribute x : a)
        out.push_back(readVar(cast<DictionaryAttr>(x)));
  };
  vars("weft.privates", v.privates);
  vars("weft.private_copies", v.privateCopies);
  vars("weft.lastprivates", v.lastprivates);
  vars("weft.cond_lastprivates", v.condLastprivates);
  vars("weft.noalias", v.noalias);
  readReductions(loop, "weft.reductions", v.reductions);
  readReductions(loop, "weft.array_reductions", v.arrayReductions);
  if (auto a = loop->getAttrOfType<ArrayAttr>("weft.guards"))
    for (Attribute x : a) {
      auto d = cast<DictionaryAttr>(x);
      if (auto c = d.getAs<ArrayAttr>("cond")) {
        bool first = (bool)d.get("first");
        (first ? v.preconditions : v.conditions) = readCPolys(c);
        for (Attribute t : d.getAs<ArrayAttr>("what"))
          (first ? v.preconditionTexts : v.conditionTexts)
              .push_back(cast<StringAttr>(t).str());
        continue;
      }
      if (auto t = d.getAs<DictionaryAttr>("rows")) {
        v.rowTables.push_back(readSide(t));
        continue;
      }
      v.guards.push_back({readSide(d.getAs<DictionaryAttr>("a")),
                          readSide(d.getAs<DictionaryAttr>("b"))});
    }
  v.counterLive = loop->hasAttr("weft.counter_live");
  if (auto a = loop->getAttrOfType<ArrayAttr>("weft.error_paths"))
    for (Attribute x : a)
      v.errorPaths.push_back(cast<LocationAttr>(x));
  return v;
}

unsigned weft::lineOf(Location l) {
  if (auto n = dyn_cast<NameLoc>(l))
    l = n.getChildLoc();
  auto f = dyn_cast<FileLineColLoc>(l);
  return f ? f.getLine() : 0;
}

std::string weft::where(Location l) {
  if (auto n = dyn_cast<NameLoc>(l))
    l = n.getChildLoc();
  if (auto f = dyn_cast<FileLineColLoc>(l))
    return std::to_string(f.getLine()) + ":" + std::to_string(f.getColumn());
  return "?";
}

StringRef weft::reductionSymbol(StringRef op) {
  if (op == "add")
    return "+";
  if (op == "mul")
    return "*";
  if (op == "and")
    return "&";
  if (op == "or")
    return "|";
  if (op == "xor")
    return "^";
  if (op == "fmin" || op == "min" || op.starts_with("min:"))
    return "min";
  if (op == "fmax" || op == "max" || op.starts_with("max:"))
    return "max";
  return "";
}

std::string weft::remarkText(const Verdict &v) {
  if (!v.parallel || !v.candidate)
    return "loop not parallelized: " + v.reason;
  SmallVector<std::string> parts;
  for (const Reduction &r : v.reductions)
    parts.push_back(r.var.name + " is a " + reductionSymbol(r.op).str() + " reduction");
  // Array reductions by operator: "c and s are + array reductions". A task
  // with a floating-point one keeps a copy per band of iterations
  // (docs/output.md, "Array reductions").
  bool bands = llvm::any_of(v.arrayReductions,
                            [](const Reduction &o) { return o.isFloat; });
  std::string who = bands ? "each band of iterations " : "each thread ";
  std::string order = bands ? ", added up in band order" : "";
  for (size_t i = 0; i < v.arrayReductions.size(); ++i) {
    const Reduction &r = v.arrayReductions[i];
    if (llvm::any_of(ArrayRef(v.arrayReductions).take_front(i),
                     [&](const Reduction &o) { return o.op == r.op; }))
      continue;
    SmallVector<std::string> names;
    for (const Reduction &o : ArrayRef(v.arrayReductions).drop_front(i))
      if (o.op == r.op)
        names.push_back(o.var.name);
    std::string list = listText(names);
    std::string sym = reductionSymbol(r.op).str();
    parts.push_back(names.size() == 1
                        ? list + " is a " + sym + " array reduction (" + who +
                              "updates its own copy" + order + ")"
                        : list + " are " + sym + " array reductions (" + who +
                              "updates its own copies" + order + ")");
  }
  for (const VarRef &r : v.lastprivates)
    parts.push_back(r.name + " is last-private");
  for (const VarRef &r : v.condLastprivates)
    parts.push_back(r.name + " is conditionally last-private (the last "
                             "iteration that assigns it gives its value)");
  for (const VarRef &r : v.privates)
    parts.push_back(
        r.name + " is private" +
        (llvm::any_of(v.privateCopies,
                      [&](const VarRef &c) { return c.decl == r.decl; })
             ? " (too large for a thread's stack: " + who +
                   "has a copy libweft allocates)"
             : ""));
  for (const GuardSide &t : v.rowTables)
    parts.push_back("a run-time check that the rows of " + t.base.name +
                    " it touches are apart");
  // A table whose rows are checked, as a plain side, is its slots: "the
  // rows of w and the slots of w".
  auto tableOfRows = [&](const GuardSide &s) {
    auto same = [&](const GuardSide &t) {
      return t.rows() && t.base.decl == s.base.decl;
    };
    return llvm::any_of(v.rowTables, same) ||
           llvm::any_of(v.guards,
                        [&](const Guard &g) { return same(g.a) || same(g.b); });
  };
  auto sideName = [&](const GuardSide &s) {
    return s.rows()                    ? "the rows of " + s.base.name
           : !s.cell && tableOfRows(s) ? "the slots of " + s.base.name
                                       : s.base.name;
  };
  for (const Guard &g : v.guards) {
    std::string part = "a run-time check that " + sideName(g.a) + " and " +
                       sideName(g.b) + " do not overlap";
    if (!llvm::is_contained(parts, part))
      parts.push_back(std::move(part));
  }
  if (!v.conditionTexts.empty())
    parts.push_back("a run-time check that " + listText(v.conditionTexts));
  if (!v.preconditionTexts.empty())
    parts.push_back("the checks made only when " +
                    listText(v.preconditionTexts) +
                    " (C reads what they name only there; else the loop "
                    "runs as written)");
  if (!v.errorPaths.empty()) {
    SmallVector<std::string> at;
    for (Location l : v.errorPaths)
      at.push_back(where(l));
    parts.push_back(std::string(at.size() == 1 ? "the error path at "
                                               : "the error paths at ") +
                    listText(at) + (at.size() == 1 ? " ends" : " end") +
                    " the program at the first iteration that takes " +
                    (at.size() == 1 ? "it" : "one") +
                    ", once every earlier iteration is done");
  }
  std::string text = "loop parallelized: ";
  if (parts.empty())
    return text + "its iterations are independent";
  for (size_t i = 0; i < parts.size(); ++i)
    text += (i ? "; " : "") + parts[i];
  return text;
}

/// What a task's remark says of the parallel region it shares
/// (weft-fuse-regions), or "".
/// What a task's remark says of the sequential loop around it
/// (weft-outline-tasks' sweeps, docs/outline.md): that each chunk runs it
/// whole, or why the task forks once per iteration of it.
static std::string sweepText(TaskOp task) {
  Operation *around = task->getParentOp();
  if (!around || !around->hasAttr("weft.loop_id"))
    return "";
  std::string at = "the loop at " + where(around->getLoc());
  if (task->hasAttr("weft.sweep"))
    return "; each chunk runs its part of every iteration of " + at +
           " around it, with one fork for all of them";
  if (auto why = task->getAttrOfType<StringAttr>("weft.sweep_missed"))
    return "; it forks once per iteration of " + at + " around it (" +
           why.str() + ")";
  return "";
}

static std::string regionText(TaskOp task) {
  std::string apart;
  if (std::optional<StringRef> why = task.getUnfused()) {
    // The task before it in the block, whose region it does not share.
    Operation *prev = task->getPrevNode();
    while (prev && !isa<TaskOp>(prev))
      prev = prev->getPrevNode();
    if (prev)
      apart = "; it does not share the parallel region of the loop at " +
              where(cast<TaskOp>(prev).getLoop()->getLoc()) + ": " + why->str();
  }
  std::optional<uint64_t> leader = task.getRegionLeader();
  if (!leader)
    return apart;
  auto func = task->getParentOfType<func::FuncOp>();
  Operation *first = nullptr;
  SmallVector<Operation *> rest;
  func.walk([&](TaskOp t) {
    if (t.getRegionLeader() != leader)
      return;
    if (t.getLoopId() == *leader)
      first = t.getLoop();
    else
      rest.push_back(t.getLoop());
  });
  if (!task.getAfter()) {
    SmallVector<std::string> places;
    for (Operation *l : rest)
      places.push_back(where(l->getLoc()));
    std::string at = listText(places);
    return apart + "; the loop" +
           std::string(rest.size() == 1 ? " at " : "s at ") + at + " share" +
           (rest.size() == 1 ? "s" : "") + " its parallel region";
  }
  StringRef after = *task.getAfter();
  return "; it shares the parallel region of the loop at " +
         (first ? where(first->getLoc()) : std::string("?")) +
         (after == "none"        ? ", with nothing to wait for"
          : after == "chunkwise" ? ", each chunk after the same chunk of the "
                                   "loop before"
                                 : ", after a barrier");
}

/// The remark of weft-interchange on a loop (docs/analysis.md, "Loop
/// interchange"): "passed" when it interchanged the loop with the one
/// inside it, "missed" when that would have walked memory along rows but
/// was not safe.
static void interchangeRemark(Operation *loop, StringRef mode) {
  auto gain = loop->getAttrOfType<StringAttr>("weft.interchange_gain");
  auto inner = loop->getAttrOfType<IntegerAttr>("weft.interchange");
  auto missed = loop->getAttrOfType<StringAttr>("weft.interchange_missed");
  if (!gain || (inner ? mode == "missed" : !missed || mode == "passed"))
    return;
  // The loop inside it (weft-interchange considers only such pairs).
  Operation *in = onlyLoopInside(loop);
  std::string at = in ? " at " + where(in->getLoc()) : "";
  // The parallel loop itself: each band of its iterations runs the pair
  // the other way round.
  auto task = dyn_cast_or_null<TaskOp>(loop->getParentOp());
  bool own = task && task.getLoop() == loop;
  if (inner)
    mlir::emitRemark(loop->getLoc(),
                     "loops interchanged: the loop" + at +
                         (own ? " runs outside this one in each band of its "
                                "iterations, so that "
                              : " runs outside this one in the parallel "
                                "loop's body, so that ") +
                         gain.getValue().str() +
                         " goes along rows; every element gets the same "
                         "updates in the same order");
  else
    mlir::emitRemark(loop->getLoc(),
                     "loops not interchanged with the loop" + at + " (" +
                         gain.getValue().str() +
                         " would go along rows): " + missed.getValue().str());
}

/// The remark of weft-interchange's tiling on a nest `for (k) for (j)` in
/// a parallel loop's body (docs/analysis.md, "Loop tiling"): "passed" when
/// the loop's chunks run it in tiles, "missed" when tiles would have kept
/// an array in cache but were not safe.
static void tileRemark(Operation *loop, StringRef mode) {
  auto gain = loop->getAttrOfType<StringAttr>("weft.tile_gain");
  auto tile = loop->getAttrOfType<DenseI64ArrayAttr>("weft.tile");
  auto missed = loop->getAttrOfType<StringAttr>("weft.tile_missed");
  if (!gain || (tile ? mode == "missed" : !missed || mode == "passed"))
    return;
  Operation *in = onlyLoopInside(loop);
  std::string at = in ? " at " + where(in->getLoc()) : "";
  std::string what = gain.getValue().str();
  if (tile)
    mlir::emitRemark(loop->getLoc(),
                     "loops tiled: this loop and the loop" + at +
                         " run in tiles around the parallel loop's rows, so "
                         "that " +
                         what +
                         " stays in cache for all of them; every "
                         "element gets the same updates in the same order");
  else
    mlir::emitRemark(loop->getLoc(),
                     "loops not tiled with the loop" + at + " (" + what +
                         " would stay in cache): " + missed.getValue().str());
}

void weft::emitVerdictRemarks(ModuleOp module, StringRef mode) {
  if (mode == "none")
    return;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto v = readVerdict(op);
    if (!v)
      return;
    bool passed = v->parallel && v->candidate;
    if ((mode == "missed" && passed) || (mode == "passed" && !passed)) {
      interchangeRemark(op, mode);
      return tileRemark(op, mode);
    }
    std::string text = remarkText(*v);
    if (auto task = dyn_cast_or_null<TaskOp>(op->getParentOp())) {
      if (!tripIsConstant(op) && task.getMinTrip() > 2)
        text += "; it runs in parallel from " +
                std::to_string(task.getMinTrip()) +
                " iterations (about " +
                formatNs(task.getWorkPerIter().convertToDouble()) +
                " each)";
      // Copies of a size known when it runs (weft-outline-tasks).
      if (auto per =
              task->getAttrOfType<FloatAttr>("weft.trips_per_copied_element")) {
        char k[32];
        std::snprintf(k, sizeof k, "%.2g", per.getValueAsDouble());
        text += std::string(task.getMinTrip() > 2 && !tripIsConstant(op)
                                ? " and "
                                : "; it runs in parallel from ") +
                k + " iterations per element of its copies";
      }
      text += sweepText(task) + regionText(task);
    }
    InFlightDiagnostic d = mlir::emitRemark(op->getLoc(), text);
    for (size_t i = 0; i < v->notes.size(); ++i)
      d.attachNote(v->notes[i]) << v->noteTexts[i];
    d.report();
    interchangeRemark(op, mode);
    tileRemark(op, mode);
  });
  // Statements that run at the same time (weft-task-graph), or why not.
  module.walk([&](Operation *op) {
    auto text = op->getAttrOfType<StringAttr>("weft.graph_remark");
    if (!text)
      return;
    bool passed = op->hasAttr("weft.graph_written");
    if ((mode == "missed" && passed) || (mode == "passed" && !passed))
      return;
    std::string t = text.str();
    auto lines = op->getAttrOfType<StringAttr>("weft.graph_lines");
    if (auto why = op->getAttrOfType<StringAttr>("weft.graph_vetoed"))
      t = (lines ? lines.str() : std::string("the statements")) +
          " could run as a task graph, but " + why.str();
    else if (op->hasAttr("weft.graph") && !passed)
      return; // the rewriter did not get to it (weft-opt, --analyze)
    Location l = op->getLoc();
    if (auto at = op->getAttrOfType<LocationAttr>("weft.stmt_loc"))
      l = at;
    mlir::emitRemark(l, t);
  });
}
