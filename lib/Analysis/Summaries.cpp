//===- Summaries.cpp - What a call does to its caller's memory ---------------===//
//
// A function defined in the file is summarized from its own body: the element
// ranges it reads and writes through its pointer parameters and in globals,
// as polynomials in its scalar parameters. Calls are then accesses like any
// other. The C math library is known: pure, except where it may set errno
// and the caller asked to care (design.md: by default, libm calls count as
// pure; the assumption is documented in docs/analysis.md and an option turns
// it off). Everything else external is unknown, with the reason.
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Scalars.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace weft;

/// libm functions that neither read nor write memory (with their f and l
/// variants), and whether they may set errno.
static const struct {
  const char *name;
  bool errno_;
} mathFunctions[] = {
    {"acos", true},   {"asin", true},     {"atan", false},   {"atan2", true},
    {"cos", true},    {"sin", true},      {"tan", true},     {"cosh", true},
    {"sinh", true},   {"tanh", false},    {"acosh", true},   {"asinh", false},
    {"atanh", true},  {"exp", true},      {"exp2", true},    {"expm1", true},
    {"log", true},    {"log10", true},    {"log2", true},    {"log1p", true},
    {"logb", true},   {"ilogb", true},    {"pow", true},     {"sqrt", true},
    {"cbrt", false},  {"hypot", true},    {"erf", false},    {"erfc", true},
    {"tgamma", true}, {"ceil", false},    {"floor", false},  {"round", false},
    {"lround", true}, {"llround", true},  {"trunc", false},  {"rint", false},
    {"lrint", true},  {"llrint", true},   {"nearbyint", false},
    {"fmod", true},   {"remainder", true}, {"fabs", false},  {"fmin", false},
    {"fmax", false},  {"fdim", true},     {"fma", true},     {"copysign", false},
    {"ldexp", true},  {"scalbn", true},   {"scalbln", true}, {"nextafter", true},
    {"nexttoward", true},
};

bool weft::isMathFunction(StringRef name, bool &setsErrno) {
  for (const auto &f : mathFunctions) {
    StringRef base(f.name);
    if (name == base ||
        (name.size() == base.size() + 1 && name.starts_with(base) &&
         (name.back() == 'f' || name.back() == 'l'))) {
      setsErrno = f.errno_;
      return true;
    }
  }
  return false;
}

bool weft::isCtypeFunction(StringRef name) {
  static const llvm::StringSet<> ctype = {
      "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph",
      "islower", "isprint", "ispunct", "isspace", "isupper", "isxdigit",
      "tolower", "toupper", "isascii", "toascii"};
  return ctype.contains(name);
}

bool weft::endsProgram(StringRef name) {
  // The last four: what a failed assert() calls in glibc and musl
  // (__assert_fail), bionic (__assert2), Apple's libc (__assert_rtn) and
  // the BSDs (__assert); each writes its arguments to stderr and aborts.
  static const llvm::StringSet<> ends = {
      "exit",          "_Exit",     "quick_exit",   "abort",
      "__assert_fail", "__assert2", "__assert_rtn", "__assert"};
  return ends.contains(name);
}

bool weft::writesOutput(StringRef name) {
  static const llvm::StringSet<> out = {
      "printf",  "fprintf", "vprintf", "vfprintf", "puts",   "fputs",
      "putchar", "fputc",   "putc",    "perror",   "fflush", "fwrite"};
  return out.contains(name);
}

/// Why a known external function cannot be summarized, or "" when it is not
/// one weft recognizes.
static std::string knownExternal(StringRef name) {
  static const llvm::StringSet<> io = {
      "printf",  "fprintf", "vprintf", "vfprintf", "puts",   "fputs",
      "putchar", "fputc",   "putc",    "fwrite",   "fread",  "fgets",
      "fgetc",   "getc",    "getchar", "scanf",    "fscanf", "sscanf",
      "fopen",   "fclose",  "fflush",  "perror",   "write",  "read",
      "sprintf", "snprintf", "vsnprintf", "open", "close", "fseek", "ftell"};
  if (io.contains(name))
    return "which does I/O, whose order matters";
  if (name == "rand" || name == "srand" || name == "random" ||
      name == "srandom" || name == "drand48" || name == "lgamma" ||
      name == "lgammaf" || name == "lgammal" || name == "strtok")
    return "which keeps hidden state between calls";
  if (name.starts_with("pthread_") || name.starts_with("omp_") ||
      name.starts_with("thrd_") || name.starts_with("mtx_") ||
      name.starts_with("cnd_") || name.starts_with("weft_"))
    return "which means the code is already parallel";
  if (name == "free")
    return "which frees memory";
  if (name == "malloc" || name == "calloc" || name == "realloc" ||
      name == "aligned_alloc" || name == "posix_memalign")
    return "which allocates memory";
  if (weft::endsProgram(name) || name == "assert")
    return "which may end the program";
  return "";
}

CallSummaries::CallSummaries(ModuleOp module, const AnalysisOptions &options)
    : module(module), options(options), mathErrno(true) {
  if (auto flags = module->getAttrOfType<DictionaryAttr>("weft.flags"))
    if (auto e = flags.getAs<BoolAttr>("math_errno"))
      mathErrno = e.getValue();
}

const CallSummary &CallSummaries::get(StringRef callee) {
  auto it = cache.find(callee);
  if (it != cache.end())
    return it->second;
  if (inProgress.lookup(callee)) {
    static const CallSummary recursive = [] {
      CallSummary r;
      r.unknown = "which is recursive";
      return r;
    }();
    return recursive;
  }
  inProgress[callee] = true;
  CallSummary s = compute(callee);
  inProgress.erase(callee);
  return cache[callee] = std::move(s);
}

/// The range of one subscript over the callee's loops, in terms of its
/// scalar parameters only; unknown otherwise.
static Subscript calleeRange(const Subscript &s, ArrayRef<LoopInfo> loops,
                             func::FuncOp fn) {
  if (!s.known())
    return Subscript::unknown();
  auto lo = rangeOver(*s.lo, loops);
  auto hi = rangeOver(*s.hi, loops);
  if (!lo || !hi)
    return Subscript::unknown();
  Subscript r{lo->first, hi->second};
  for (const Poly &p : {*r.lo, *r.hi})
    for (Value v : p.atoms()) {
      auto arg = dyn_cast<BlockArgument>(v);
      if (!arg || arg.getOwner()->getParentOp() != fn)
        return Subscript::unknown();
    }
  return r;
}

/// Work arrays a callee fills (docs/analysis.md, "Private arrays"): for a
/// pointer parameter whose every element the callee reads it wrote before
/// in the call (filledBy), its reads are sure, and so are its writes of
/// what the callee surely writes (a new effect where no write says it).
static void markFilled(func::FuncOp fn, const LoopBody &body, CallSummary &s) {
  ModuleOp module = fn->getParentOfType<ModuleOp>();
  llvm::MapVector<unsigned, SmallVector<const Access *>> byParam;
  llvm::SmallDenseSet<unsigned> viewed;
  for (const Access &a : body.accesses) {
    MemPath path = pathOf(a, module);
    auto arg = dyn_cast_or_null<BlockArgument>(path.root.base);
    if (!arg || arg.getOwner()->getParentOp() != fn)
      continue;
    if (!path.views.empty() || (!isa<CallOp>(a.op) && a.memref != arg))
      viewed.insert(arg.getArgNumber());
    byParam[arg.getArgNumber()].push_back(&a);
  }
  for (auto &entry : byParam) {
    unsigned param = entry.first;
    auto &group = entry.second;
    if (viewed.contains(param))
      continue;
    auto filled = filledBy(fn, group);
    if (!filled)
      continue;
    for (CallSummary::Effect &e : s.effects)
      if (e.param == (int)param && !e.isWrite)
        e.sure = true;
    for (SmallVector<Subscript> &box : *filled) {
      auto same = [&](const CallSummary::Effect &e) {
        if (e.param != (int)param || !e.isWrite || e.subs.size() != box.size())
          return false;
        for (size_t d = 0; d < box.size(); ++d)
          if (!e.subs[d].known() || !(*e.subs[d].lo == *box[d].lo) ||
              !(*e.subs[d].hi == *box[d].hi))
            return false;
        return true;
      };
      bool marked = false;
      for (CallSummary::Effect &e : s.effects)
        if (same(e))
          e.sure = marked = true;
      if (!marked) {
        CallSummary::Effect e;
        e.param = param;
        e.isWrite = true;
        e.sure = true;
        e.subs = std::move(box);
        s.effects.push_back(std::move(e));
      }
    }
  }
}

ExportedSummary weft::exportSummary(CallSummaries &summaries, StringRef fn) {
  const CallSummary &s = summaries.get(fn);
  ExportedSummary e;
  if (!s.unknown.empty()) {
    e.why = s.unknown;
    return e;
  }
  if (!s.indirectReads.empty()) {
    e.why = "which reads memory through pointers it loads (" + s.indirectReads +
            ")";
    return e;
  }
  // Globals are the other file's: a name here may be another object.
  for (bool writes : {true, false})
    for (const CallSummary::Effect &x : s.effects)
      if (x.isWrite == writes && x.param < 0) {
        e.why = std::string(writes ? "which writes" : "which reads") +
                " the global " + x.global.str();
        return e;
      }
  bool writes = llvm::any_of(
      s.effects, [](const CallSummary::Effect &x) { return x.isWrite; });
  e.kind = s.effects.empty() ? ExportedSummary::Const
           : writes          ? ExportedSummary::Effects
                             : ExportedSummary::ReadsArgs;
  if (!writes)
    return e;
  // Through its parameters: ranges that are constants carry over (a
  // struct's fields at element 0, `p[0..3]`); others become the whole
  // object, which is what a module without the body can say.
  for (const CallSummary::Effect &x : s.effects) {
    ExportedSummary::Effect out;
    out.param = x.param;
    out.isWrite = x.isWrite;
    for (const Subscript &sub : x.subs)
      if (sub.known() && sub.lo->isConstant() && sub.hi->isConstant())
        out.subs.push_back(
            std::make_pair(sub.lo->constantTerm(), sub.hi->constantTerm()));
      else
        out.subs.push_back(std::nullopt);
    e.effects.push_back(std::move(out));
  }
  return e;
}

CallSummary CallSummaries::compute(StringRef callee) {
  CallSummary s;
  auto fn = module.lookupSymbol<func::FuncOp>(callee);
  if (!fn) {
    s.unknown = "which the file does not declare";
    return s;
  }
  bool setsErrno = false;
  if (isMathFunction(callee, setsErrno)) {
    if (setsErrno && mathErrno && options.mathErrnoImpure)
      s.unknown = "which may set errno (libm calls count as impure with "
                  "--math-errno=impure)";
    return s;
  }
  // Pure functions of the C library and compiler builtins that only say
  // something about a value.
  if (callee == "abs" || callee == "labs" || callee == "llabs" ||
      callee == "__builtin_constant_p" || callee == "__builtin_expect" ||
      callee == "__builtin_expect_with_probability" ||
      callee == "__builtin_assume_aligned")
    return s;
  // <ctype.h>'s classifications and conversions read only the current
  // locale's tables, memory of the C library that no program writes (as
  // its macros' reads through `__ctype_b_loc()` are, neverWritten in
  // Memory.cpp): the C library's, declared or defined in a header
  // (glibc's inline toupper), not a function of the file's own.
  if (isCtypeFunction(callee) &&
      (fn.isExternal() || fn->hasAttr("weft.included")))
    return s;
  // A definition included from a header that names what weft knows by
  // name (libweft's own weft_ helpers in weft_checks.h, a wrapper called
  // printf): the name's meaning comes first, as for a declaration.
  if (fn->hasAttr("weft.included"))
    if (std::string why = knownExternal(callee); !why.empty()) {
      s.unknown = why;
      return s;
    }
  if (fn.isExternal()) {
    // What the declaration promises (docs/analysis.md, "Functions of other
    // files"). const (GCC): no memory read or written. `#pragma weft
    // pure(f)`: reads only what its pointer arguments point into, anywhere
    // in those objects; writes nothing. pure (GCC): that, and any memory
    // the program can reach (globals, through pointers it loads), read as
    // a callee's reads through loaded pointers are.
    // Its definition in another file of the build (weft.foreign: what
    // exportSummary said there) comes first.
    auto foreign = fn->getAttrOfType<StringAttr>("weft.foreign");
    auto file = fn->getAttrOfType<StringAttr>("weft.foreign_file");
    if (foreign && foreign.getValue() == "const")
      return s;
    if (foreign && foreign.getValue() == "effects") {
      // Each `{param, write, subs}`, a sub `array<i64: lo, hi>` or unit
      // (anywhere).
      if (auto list = fn->getAttrOfType<ArrayAttr>("weft.foreign_effects"))
        for (Attribute a : list) {
          auto d = cast<DictionaryAttr>(a);
          CallSummary::Effect e;
          e.param = d.getAs<IntegerAttr>("param").getInt();
          e.isWrite = d.getAs<BoolAttr>("write").getValue();
          for (Attribute sub : d.getAs<ArrayAttr>("subs")) {
            auto r = dyn_cast<DenseI64ArrayAttr>(sub);
            e.subs.push_back(
                r ? Subscript{Poly::constant(r[0]), Poly::constant(r[1])}
                  : Subscript::unknown());
          }
          s.effects.push_back(std::move(e));
        }
      return s;
    }
    bool pragmaPure = fn->hasAttr("weft.pragma_pure") ||
                      (foreign && foreign.getValue() == "reads_args");
    bool cPure = fn->hasAttr("weft.c_pure");
    if (fn->hasAttr("weft.c_const") && !pragmaPure)
      return s;
    if (pragmaPure || cPure) {
      for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
        if (isa<PtrType, MemRefType>(t)) {
          CallSummary::Effect e;
          e.param = i;
          e.isWrite = false;
          e.subs.push_back(Subscript::unknown());
          s.effects.push_back(std::move(e));
        }
      if (!pragmaPure)
        s.indirectReads = "what the pure function " + callee.str() +
                          " may read besides its arguments";
      return s;
    }
    if (foreign && file) { // where, then "which writes ..."
      s.unknown = "defined in " + file.str() + ", " + foreign.str();
      return s;
    }
    std::string why = knownExternal(callee);
    s.unknown = !why.empty() ? why
                             : "whose effects weft does not know (it is not "
                               "defined in this file)";
    return s;
  }

  LoopBody body = collectBody(fn, *this);
  // Its callees' reads through pointers they load are its own.
  for (const Blocker &b : body.blockers)
    if (b.indirectRead && s.indirectReads.empty()) {
      s.indirectReads = accessText(b.op);
      if (s.indirectReads.empty())
        s.indirectReads = cast<CallOp>(b.op).getCallee().str() + "(...)";
    }
  auto other = llvm::find_if(body.blockers,
                             [](const Blocker &b) { return !b.indirectRead; });
  if (other != body.blockers.end()) {
    // Say what the callee does, not what its own callee does.
    s.unknown = "which contains " + other->reason;
    llvm::StringRef r = other->reason;
    if (isa<CallOp>(other->op) && r.consume_front("a call to "))
      s.unknown = "which calls " + r.str();
    s.indirectReads.clear();
    return s;
  }
  for (const Access &a : body.accesses) {
    MemPath path = pathOf(a, module);
    const BaseInfo &root = path.root;
    // The callee's own locals are not the caller's business.
    if (root.base && !isa<BlockArgument>(root.base) &&
        isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(
            root.base.getDefiningOp()))
      continue;
    CallSummary::Effect e;
    e.isWrite = a.isWrite;
    if (root.symbol) {
      e.global = root.symbol;
    } else if (auto arg = dyn_cast_or_null<BlockArgument>(root.base);
               arg && arg.getOwner()->getParentOp() == fn) {
      e.param = arg.getArgNumber();
    } else if (!a.isWrite && loadedPointer(root)) {
      // A read through a pointer loaded from memory: memory whose address
      // was kept (stored there), which is never uncaptured.
      if (s.indirectReads.empty())
        s.indirectReads = a.text.empty() ? "?" : a.text;
      continue;
    } else {
      s.unknown = "which writes memory through a pointer weft does not "
                  "follow (" +
                  (a.text.empty() ? "?" : a.text) + ")";
      s.effects.clear();
      s.indirectReads.clear();
      s.unfollowedWrites = true;
      return s;
    }
    // A field of each element (weft.field views only, of the root's rank)
    // is at the element's subscripts: the summary keeps those, for any
    // field of the element.
    bool fields = a.memref && !path.views.empty() &&
                  llvm::all_of(path.views,
                               [](const ViewStep &v) {
                                 return v.kind == ViewStep::Field;
                               }) &&
                  isa<MemRefType>(root.base.getType()) &&
                  cast<MemRefType>(a.memref.getType()).getRank() ==
                      cast<MemRefType>(root.base.getType()).getRank() &&
                  a.subs.size() ==
                      (size_t)cast<MemRefType>(root.base.getType()).getRank();
    if (fields) {
      for (const Subscript &sub : a.subs)
        e.subs.push_back(calleeRange(sub, a.loops, fn));
    } else if (!path.views.empty() || !a.memref) {
      // Through a view: the summary keeps the whole parameter (or global).
      auto mt = a.memref ? dyn_cast<MemRefType>(root.base.getType())
                         : MemRefType();
      e.subs.assign(mt ? mt.getRank() : a.subs.size(), Subscript::unknown());
    } else {
      for (const Subscript &sub : a.subs)
        e.subs.push_back(calleeRange(sub, a.loops, fn));
    }
    s.effects.push_back(e);
  }
  markFilled(fn, body, s);
  return s;
}
