//===- ExpandCalls.cpp - Accessor bodies in place of their calls
//-----------===//
//
// weft-expand-calls: a call to a small function of the file (or of a header
// it includes) whose summary cannot say what it touches, because it reaches
// memory through a pointer it loads from a struct (`v->data[i * v->stride]`,
// GSL's gsl_vector_get and gsl_matrix_set), gets a copy of the function's
// body right before it, on the call's own values: the analysis then sees
// `x->data[i * x->stride]` where the call passes x, as if the caller had
// written it, and the call (weft.expanded) counts for nothing. The C is not
// changed: the call stays in the output.
//
// The copy's C texts (for remarks, and for run-time checks that name what
// it reads, such as `x->data`) are the callee's with each parameter
// replaced by the caller's variable it is passed, when every name in the
// text is a parameter, a member or a keyword; other copies keep the
// callee's text with the callee's name, for remarks, and no check names
// them. The reads a check may name get new decl ids,
// listed for the rewriter in the module's weft.derived_reads (docs/ir.md,
// "Expanded calls").
//
//===----------------------------------------------------------------------===//
#include "weft/Analysis/CNames.h"
#include "weft/Analysis/LoopModel.h"
#include "weft/Analysis/Memory.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Accesses.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSet.h"

#define DEBUG_TYPE "weft-expand-calls"

namespace weft {
#define GEN_PASS_DEF_EXPANDCALLS
#include "weft/Dialect/Weft/Transforms/Passes.h.inc"
} // namespace weft

using namespace mlir;
using namespace weft;

namespace {
/// Callees longer than this stay calls: the expansion is for accessors.
constexpr unsigned kMaxOps = 64;

struct ExpandCalls : public weft::impl::ExpandCallsBase<ExpandCalls> {
  using ExpandCallsBase::ExpandCallsBase;
  void runOnOperation() final;
};

/// The C spelling of a caller's value that a callee's parameter takes: a
/// variable (a parameter, a local cell read, a never-assigned local, a
/// loop's counter) or an integer constant, with the variable's decl id.
struct ArgText {
  std::string text;
  int64_t decl = -1;
};
} // namespace

/// Can `fn`'s body stand in place of a call to it? One block of at most
/// kMaxOps operations that compute values and read and write memory: no
/// call, no loop, no branch, no jump, no global (a get_global of its own
/// is not the caller's: which stores reach a global is read off the
/// caller's), no local variable in memory (its parameters are never
/// assigned).
static bool expandable(func::FuncOp fn) {
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return false;
  unsigned n = 0;
  for (Operation &op : fn.getBody().front()) {
    if (++n > kMaxOps || op.getNumRegions() != 0)
      return false;
    if (isa<arith::ArithDialect>(op.getDialect()) ||
        isa<func::ReturnOp, FieldOp, BaseOp, FlatOp, AddrOp, PtrAddOp,
            PtrDiffOp, OpaqueValueOp, affine::AffineApplyOp,
            affine::AffineLoadOp, affine::AffineStoreOp, memref::LoadOp,
            memref::StoreOp>(op))
      continue;
    return false;
  }
  return true;
}

/// Does the function return a pointer it loaded from memory, advanced or
/// not (`return v->data + i * v->stride;`)? What the caller reaches
/// through it, its summary cannot say.
static bool returnsLoadedPointer(func::ReturnOp ret) {
  return llvm::any_of(ret.getOperands(), [](Value v) {
    while (auto add = v.getDefiningOp<PtrAddOp>())
      v = add.getPtr();
    return isa<PtrType>(v.getType()) && isLoad(v.getDefiningOp());
  });
}

/// Is v the index constant 0?
static bool isZeroIndex(Value v) {
  auto c = getConstantIntValue(v);
  return c && *c == 0;
}

/// The caller's C for value v, when it is one variable's value or a
/// constant (through integer casts that keep it).
static std::optional<ArgText> argText(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
             arith::ExtUIOp>(def))
      break;
    v = def->getOperand(0);
  }
  if (auto addr = v.getDefiningOp<AddrOp>()) {
    // `p` for `&p[0]` of a parameter p.
    if (addr.getIndices().size() != 1 || !isZeroIndex(addr.getIndices()[0]) ||
        !isa<BlockArgument>(addr.getBase()))
      return std::nullopt;
    v = addr.getBase();
  }
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    // A parameter, or a loop's counter.
    if (std::optional<VarRef> var = variableOf(arg))
      return ArgText{var->name, var->decl};
    return std::nullopt;
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto c = getConstantIntValue(v); c && isa<arith::ConstantOp>(def))
    return ArgText{*c < 0 ? "(" + std::to_string(*c) + ")" : std::to_string(*c),
                   -1};
  if (auto vars = def->getAttrOfType<ArrayAttr>("weft.vars");
      vars && !vars.empty()) {
    auto d = cast<DictionaryAttr>(vars[0]);
    return ArgText{d.getAs<StringAttr>("name").str(),
                   d.getAs<IntegerAttr>("decl").getInt()};
  }
  // A read of a local variable's cell.
  if (isa<affine::AffineLoadOp, memref::LoadOp>(def) &&
      def->getNumOperands() == 1)
    if (auto cell = def->getOperand(0).getDefiningOp<memref::AllocaOp>()) {
      auto d = cell->getAttrOfType<IntegerAttr>("weft.decl");
      auto nm = cell->getAttrOfType<StringAttr>("weft.name");
      if (cell.getType().getRank() == 0 && d && nm)
        return ArgText{nm.str(), d.getInt()};
    }
  return std::nullopt;
}

/// `text` (a C expression of the callee) with each of its parameters
/// replaced by the caller's argument; nullopt when it names something
/// else (a global, a type, a macro: the caller may mean another thing by
/// the name) or a parameter whose argument has no text. The decl ids of
/// the variables the result names go to `decls`.
static std::optional<std::string>
substitute(StringRef text,
           const llvm::StringMap<std::optional<ArgText>> &params,
           SmallVectorImpl<int64_t> &decls) {
  static const llvm::StringSet<> keywords = {
      "sizeof", "char",   "short",  "int",   "long",  "unsigned",
      "signed", "float",  "double", "_Bool", "const", "volatile",
      "void",   "struct", "union",  "enum"};
  std::string out;
  StringRef prev; // the last token that is not blank
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"' || c == '\'')
      return std::nullopt;
    if (isalpha((unsigned char)c) || c == '_') {
      size_t j = i;
      while (j < text.size() &&
             (isalnum((unsigned char)text[j]) || text[j] == '_'))
        ++j;
      StringRef id = text.slice(i, j);
      if (prev == "." || prev == "->" || prev == "struct" || prev == "union" ||
          prev == "enum" || keywords.contains(id)) {
        out += id;
      } else {
        auto it = params.find(id);
        if (it == params.end() || !it->second)
          return std::nullopt;
        out += it->second->text;
        if (it->second->decl >= 0)
          decls.push_back(it->second->decl);
      }
      prev = id;
      i = j;
      continue;
    }
    if (isdigit((unsigned char)c)) {
      // A number, with its suffix and exponent (`1e-3`, `0x1fULL`).
      size_t j = i;
      while (
          j < text.size() &&
          (isalnum((unsigned char)text[j]) || text[j] == '.' ||
           ((text[j] == '+' || text[j] == '-') && strchr("eEpP", text[j - 1]))))
        ++j;
      out += text.slice(i, j);
      prev = text.slice(i, j);
      i = j;
      continue;
    }
    if (c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
      out += "->";
      prev = "->";
      i += 2;
      continue;
    }
    out += c;
    if (!isspace((unsigned char)c))
      prev = text.slice(i, i + 1);
    ++i;
  }
  return out;
}

/// The C of each argument of `call`, split off the call's own text
/// (`f(y, i - 1)`), parenthesized unless it is one name or number; empty
/// when the text is not a call of `callee` with `n` arguments (a macro's).
static SmallVector<std::string> argTextsOfCall(CallOp call, StringRef callee,
                                               unsigned n) {
  auto loc = dyn_cast<NameLoc>(call.getLoc());
  if (!loc)
    return {};
  StringRef t = loc.getName().getValue().trim();
  if (!t.consume_front(callee) || !t.ltrim().starts_with("(") ||
      !t.ends_with(")"))
    return {};
  t = t.ltrim().drop_front().drop_back();
  SmallVector<std::string> out;
  int depth = 0;
  size_t from = 0;
  for (size_t i = 0; i <= t.size(); ++i) {
    char c = i < t.size() ? t[i] : ',';
    if (c == '"' || c == '\'')
      return {};
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    if (depth < 0)
      return {};
    if (c != ',' || depth != 0)
      continue;
    StringRef a = t.slice(from, i).trim();
    bool simple = !a.empty() && llvm::all_of(a, [](char x) {
      return isalnum((unsigned char)x) || x == '_';
    });
    out.push_back(simple ? a.str() : "(" + a.str() + ")");
    from = i + 1;
  }
  if (out.size() != n || (n == 0 && !t.trim().empty()))
    return {};
  return out;
}

/// A parameter's C name, or "".
static StringRef nameOf(BlockArgument formal) {
  auto fn = cast<func::FuncOp>(formal.getOwner()->getParentOp());
  auto nm = fn.getArgAttrOfType<StringAttr>(formal.getArgNumber(), "weft.name");
  return nm ? nm.getValue() : StringRef();
}

/// The location of `loc` without its C text.
static Location plainLoc(Location loc) {
  if (auto n = dyn_cast<NameLoc>(loc))
    return n.getChildLoc();
  return loc;
}

/// The first decl id no declaration of the file has (weft.next_id, from the
/// importer; else one past every id the module names).
static int64_t nextId(ModuleOp module) {
  if (auto n = module->getAttrOfType<IntegerAttr>("weft.next_id"))
    return n.getInt();
  int64_t next = 0;
  auto see = [&](Attribute a) {
    if (auto i = dyn_cast_or_null<IntegerAttr>(a))
      next = std::max(next, i.getInt() + 1);
  };
  module->walk([&](Operation *op) {
    for (const char *key : {"weft.decl", "weft.expr", "weft.counter"})
      see(op->getAttr(key));
    if (auto fn = dyn_cast<func::FuncOp>(op))
      for (unsigned i = 0; i < fn.getNumArguments(); ++i)
        see(fn.getArgAttr(i, "weft.decl"));
  });
  return next;
}

namespace {
/// Expands the calls of one module.
class Expander {
public:
  explicit Expander(ModuleOp module)
      : module(module), summaries(module, options), next(nextId(module)) {}

  /// Expands `call` when its callee qualifies; true if it did.
  bool expand(CallOp call);
  /// Records on the module the ids given out (weft.next_id) and the reads
  /// that have them (weft.derived_reads).
  void finish();

private:
  /// How the callee's formal parameter is seen at the call (when it is
  /// `mappable`): the caller's value, or a weft.base of the pointer.
  Value mapArg(OpBuilder &b, Value actual, BlockArgument formal,
               const std::optional<ArgText> &text, StringRef callee,
               Location loc);

  ModuleOp module;
  AnalysisOptions options;
  CallSummaries summaries;
  int64_t next;
  SmallVector<Attribute> derived;
};
} // namespace

/// `&x[0]` of the callee's type: x itself, as the caller's `x->f` is.
static Value addrBase(Value actual, Type formal) {
  if (auto addr = actual.getDefiningOp<AddrOp>())
    if (addr.getBase().getType() == formal && addr.getIndices().size() == 1 &&
        isZeroIndex(addr.getIndices()[0]))
      return addr.getBase();
  return Value();
}

/// Is `ptr` a pointer whose memory a `weft.base` (alias class `pointer`)
/// stands for soundly: one the function gets (a parameter, a call's
/// result), loads from memory or computes into a parameter's memory
/// (`&vs[k]`), advanced or not? Not the address of an object of the
/// caller (`&s`, `&buf[k]`), which the analysis may know does not escape:
/// a base of it would be taken for other memory.
static bool opaquePointer(Value ptr) {
  while (auto add = ptr.getDefiningOp<PtrAddOp>())
    ptr = add.getPtr();
  if (auto addr = ptr.getDefiningOp<AddrOp>())
    ptr = addr.getBase();
  return isa<BlockArgument>(ptr) ||
         isa_and_nonnull<affine::AffineLoadOp, memref::LoadOp, CallOp>(
             ptr.getDefiningOp());
}

/// Can the callee's parameter `formal` take the caller's `actual`?
static bool mappable(Value actual, BlockArgument formal) {
  Type ft = formal.getType();
  return actual.getType() == ft ||
         (isa<MemRefType>(ft) &&
          (addrBase(actual, ft) ||
           (isa<PtrType>(actual.getType()) && opaquePointer(actual))));
}

Value Expander::mapArg(OpBuilder &b, Value actual, BlockArgument formal,
                       const std::optional<ArgText> &text, StringRef callee,
                       Location loc) {
  Type ft = formal.getType();
  if (actual.getType() == ft)
    return actual;
  if (Value base = addrBase(actual, ft))
    return base;
  // Any other pointer: the memory behind it, as the importer makes it of a
  // pointer variable. Its name is the caller's variable, or one that no
  // check can take for a C variable (the argument as written, in
  // parentheses; else the parameter's, saying where).
  bool variable = text && text->decl >= 0;
  bool written =
      text && text->decl < 0 && StringRef(text->text).starts_with("(");
  StringRef pname = nameOf(formal);
  std::string name = variable || written ? text->text
                                         : (pname.empty() ? "?" : pname.str()) +
                                               " (in " + callee.str() + ")";
  return b.create<BaseOp>(
      loc, ft, actual, b.getStringAttr(name),
      AliasKindAttr::get(b.getContext(), AliasKind::pointer));
}

bool Expander::expand(CallOp call) {
  func::FuncOp fn = definedCallee(call);
  if (!fn || fn.getNumArguments() != call.getArgs().size() || !expandable(fn))
    return false;
  // Only where the summary cannot say what the call touches because the
  // callee goes through pointers it loads (not where a name it has means
  // more, as libweft's weft_ helpers do).
  const CallSummary &s = summaries.get(fn.getName());
  auto ret = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
  if (s.unknown.empty() ? s.indirectReads.empty() && !returnsLoadedPointer(ret)
                        : !s.unfollowedWrites)
    return false;
  if (ret.getNumOperands() != call.getNumResults() ||
      llvm::any_of(llvm::zip(ret.getOperandTypes(), call.getResultTypes()),
                   [](auto p) { return std::get<0>(p) != std::get<1>(p); }))
    return false;

  // Every parameter must be seen at the call before anything is made.
  for (auto [formal, actual] : llvm::zip(fn.getArguments(), call.getArgs()))
    if (!mappable(actual, formal))
      return false;
  Location at = plainLoc(call.getLoc());
  OpBuilder b(call);
  // Each parameter's text: the caller's variable, which a check may name;
  // for remarks only, else the argument's own C in the call.
  llvm::StringMap<std::optional<ArgText>> texts, loose;
  SmallVector<std::string> written =
      argTextsOfCall(call, fn.getName(), fn.getNumArguments());
  IRMapping map;
  for (auto [formal, actual] : llvm::zip(fn.getArguments(), call.getArgs())) {
    std::optional<ArgText> text = argText(actual);
    std::optional<ArgText> said =
        text || written.empty() ? text
                                : ArgText{written[formal.getArgNumber()], -1};
    if (StringRef nm = nameOf(formal); !nm.empty()) {
      texts[nm] = text;
      loose[nm] = said;
    }
    map.map(formal, mapArg(b, actual, formal, said, fn.getName(), at));
  }
  // A callee's text in the caller's terms: with the caller's variables
  // (`strict`, which a check may name; their decl ids to `decls`), else
  // for remarks only with the call's arguments as written, else the
  // callee's own saying so.
  auto inCaller = [&](StringRef own, std::optional<std::string> &strict,
                      SmallVectorImpl<int64_t> &decls) -> std::string {
    SmallVector<int64_t> ignored;
    strict = substitute(own, texts, decls);
    if (strict)
      return *strict;
    if (auto shown = substitute(own, loose, ignored))
      return *shown;
    return (own + " (in " + fn.getName() + ")").str();
  };

  // The body, op by op: texts put in the caller's terms, the importer's
  // marks of statements and variables left behind (they are the callee's).
  MLIRContext *ctx = call.getContext();
  for (Operation &op : fn.getBody().front().without_terminator()) {
    Operation *copy;
    // Affine maps over the callee's parameters are not affine where the
    // call is (inside a loop): their subscripts, and sums, become arith.
    if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
      map.map(apply.getResult(),
              expandedMap(b, apply.getAffineMap(), apply.getMapOperands(), map,
                          at)[0]);
      continue;
    }
    auto load = dyn_cast<affine::AffineLoadOp>(op);
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if ((load && load.getMapOperands().size()) ||
        (store && store.getMapOperands().size())) {
      SmallVector<Value> idx = accessIndices(b, &op, map, at);
      Value mem =
          map.lookupOrDefault(load ? load.getMemRef() : store.getMemRef());
      copy = memrefAccess(b, &op, mem, idx, map);
    } else {
      copy = b.clone(op, map);
    }
    // Texts: the copy's own C in the caller's terms (without a weft.expr,
    // below, no check names a text that is not strict).
    SmallVector<int64_t> decls, ignored;
    std::optional<std::string> text, baseText;
    Location loc = at;
    if (auto n = dyn_cast<NameLoc>(op.getLoc()))
      loc = NameLoc::get(
          StringAttr::get(ctx, inCaller(n.getName().getValue(), text, decls)),
          at);
    copy->setLoc(loc);
    if (auto base = dyn_cast<BaseOp>(copy))
      base.setName(inCaller(base.getName(), baseText, ignored));
    auto expr = copy->getAttrOfType<IntegerAttr>("weft.expr");
    SmallVector<StringAttr> drop;
    for (NamedAttribute a : copy->getDiscardableAttrs())
      if (a.getName().getValue().starts_with("weft."))
        drop.push_back(a.getName());
    for (StringAttr d : drop)
      copy->removeAttr(d);
    // A read a check may name where a loop starts gets an id of its own.
    if (expr && text) {
      int64_t id = next++;
      copy->setAttr("weft.expr",
                    IntegerAttr::get(IntegerType::get(ctx, 64), id));
      llvm::sort(decls);
      decls.erase(std::unique(decls.begin(), decls.end()), decls.end());
      derived.push_back(DictionaryAttr::get(
          ctx, {NamedAttribute(StringAttr::get(ctx, "id"),
                               IntegerAttr::get(IntegerType::get(ctx, 64), id)),
                NamedAttribute(StringAttr::get(ctx, "of"), expr),
                NamedAttribute(StringAttr::get(ctx, "text"),
                               StringAttr::get(ctx, *text)),
                NamedAttribute(StringAttr::get(ctx, "decls"),
                               DenseI64ArrayAttr::get(ctx, decls))}));
    }
  }
  for (auto [result, value] : llvm::zip(call.getResults(), ret.getOperands()))
    result.replaceAllUsesWith(map.lookupOrDefault(value));
  call->setAttr("weft.expanded", UnitAttr::get(ctx));
  return true;
}

void Expander::finish() {
  MLIRContext *ctx = module.getContext();
  module->setAttr("weft.next_id",
                  IntegerAttr::get(IntegerType::get(ctx, 64), next));
  if (derived.empty())
    return;
  SmallVector<Attribute> all;
  if (auto had = module->getAttrOfType<ArrayAttr>("weft.derived_reads"))
    all.append(had.begin(), had.end());
  all.append(derived.begin(), derived.end());
  module->setAttr("weft.derived_reads", ArrayAttr::get(ctx, all));
}

void ExpandCalls::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<CallOp> calls;
  module.walk([&](CallOp call) {
    if (!call->hasAttr("weft.expanded"))
      calls.push_back(call);
  });
  Expander expander(module);
  bool any = false;
  for (CallOp call : calls)
    any |= expander.expand(call);
  if (any)
    expander.finish();
}
