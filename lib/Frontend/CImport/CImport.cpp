//===- CImport.cpp - The C translation unit to an MLIR module -----------------===//
//
// The module, its functions and its variables (docs/ir.md). Functions defined
// in the main file are imported whole; everything they call is declared, so
// that every weft.call resolves.
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

Importer::Importer(clang::ASTContext &ctx, MLIRContext &mlirCtx,
                   const ImportOptions &options, ImportedModule &out)
    : ctx(ctx), sm(ctx.getSourceManager()), mlirCtx(mlirCtx),
      options(options), out(out), builder(&mlirCtx) {}

//===----------------------------------------------------------------------===//
// Ids and locations
//===----------------------------------------------------------------------===//

int64_t Importer::declId(const clang::ValueDecl *d) {
  d = cast<clang::ValueDecl>(d->getCanonicalDecl());
  auto [it, inserted] = declIds.try_emplace(d, (int64_t)out.decls.size());
  if (inserted)
    out.decls.push_back(d);
  return it->second;
}

int64_t Importer::newLoopId(const clang::Stmt *loop) {
  out.loops.push_back(loop);
  return (int64_t)out.loops.size() - 1;
}

int64_t Importer::newStmtId(const clang::Stmt *stmt) {
  out.stmts.push_back(stmt);
  return (int64_t)out.stmts.size() - 1;
}

Location Importer::loc(clang::SourceLocation l) {
  if (l.isInvalid())
    return builder.getUnknownLoc();
  clang::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
  if (p.isInvalid())
    return builder.getUnknownLoc();
  return FileLineColLoc::get(builder.getStringAttr(p.getFilename()),
                             p.getLine(), p.getColumn());
}

std::string Importer::where(clang::SourceLocation l) {
  clang::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
  if (p.isInvalid())
    return "?";
  return std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn());
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool Importer::atFunctionTopLevel() {
  return builder.getInsertionBlock() == &currentFn.getBody().front();
}

Value Importer::toIndex(Value v, bool isUnsignedValue, Location l) {
  if (v.getType().isIndex())
    return v;
  if (v.getType().isInteger(1))
    return builder.create<arith::IndexCastUIOp>(
        l, builder.getIndexType(),
        builder.create<arith::ExtUIOp>(l, builder.getI8Type(), v));
  if (isUnsignedValue)
    return builder.create<arith::IndexCastUIOp>(l, builder.getIndexType(), v);
  return builder.create<arith::IndexCastOp>(l, builder.getIndexType(), v);
}

/// Attributes every memory base carries (docs/ir.md, "Alias classes").
static void setBaseAttrs(Importer &im, Operation *op,
                         const clang::VarDecl *var, bool escapes) {
  OpBuilder &b = im.builder;
  op->setAttr("weft.name", b.getStringAttr(var->getName()));
  op->setAttr("weft.decl", b.getI64IntegerAttr(im.declId(var)));
  op->setAttr("weft.alias", AliasKindAttr::get(&im.mlirCtx, AliasKind::object));
  if (escapes)
    op->setAttr("weft.escapes", b.getUnitAttr());
  if (var->getType()->isUnsignedIntegerType())
    op->setAttr("weft.unsigned", b.getUnitAttr());
  // The size of what a pointer variable points to, which C's arithmetic on
  // it counts in (weft-count-loops steps one by whole elements of it).
  if (const auto *pt = var->getType()->getAs<clang::PointerType>()) {
    clang::QualType to = pt->getPointeeType();
    if (to->isObjectType() && !to->isIncompleteType() &&
        !to->isVariablyModifiedType())
      op->setAttr("weft.pointee_bytes", b.getI64IntegerAttr(im.sizeOf(to)));
  }
}

VarInfo *Importer::lookupVar(const clang::VarDecl *var) {
  auto it = vars.find(var);
  if (it != vars.end())
    return &it->second;
  if (var->hasGlobalStorage() || var->hasExternalStorage()) {
    Value mem = globalMemref(var);
    VarInfo vi;
    vi.kind = isScalarType(var->getType()) && !var->getType()->isArrayType()
                  ? VarInfo::Cell
                  : VarInfo::Object;
    vi.value = mem;
    vi.declId = declId(var);
    return &(vars[var] = vi);
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Globals
//===----------------------------------------------------------------------===//

Value Importer::globalMemref(const clang::VarDecl *var) {
  const clang::VarDecl *canon = var->getCanonicalDecl();
  auto cached = fnGlobals.find(canon);
  if (cached != fnGlobals.end())
    return cached->second;
  bool escapes = var->isExternallyVisible() ||
                 addressTakenGlobals.count(canon) ||
                 addressTakenGlobals.count(var);
  // The definition's type is the complete one (`extern int a[]; int a[8];`).
  const clang::VarDecl *def = var->getDefinition() ? var->getDefinition() : var;
  MemRefType type = memrefTypeFor(def->getType());
  OpBuilder::InsertionGuard g(builder);
  Block &entry = currentFn.getBody().front();
  builder.setInsertionPointToStart(&entry);
  Location l = loc(var->getLocation());
  Value mem;
  if (type.hasStaticShape()) {
    auto it = globals.find(canon);
    if (it == globals.end()) {
      std::string name = var->getName().str();
      if (var->isStaticLocal())
        if (const auto *fn = dyn_cast<clang::FunctionDecl>(
                var->getDeclContext()))
          name = fn->getName().str() + "." + name;
      // Keep symbol names unique in the module.
      std::string unique = name;
      for (int n = 1; module.lookupSymbol(unique); ++n)
        unique = name + "." + std::to_string(n);
      OpBuilder::InsertionGuard g2(builder);
      builder.setInsertionPointToStart(module.getBody());
      auto global = builder.create<memref::GlobalOp>(
          l, unique,
          builder.getStringAttr(var->isExternallyVisible() ? "public"
                                                           : "private"),
          type, builder.getUnitAttr(), def->getType().isConstQualified(),
          IntegerAttr());
      setBaseAttrs(*this, global, var, escapes);
      it = globals.try_emplace(canon, unique).first;
    }
    auto get = builder.create<memref::GetGlobalOp>(l, type, it->second);
    mem = get;
  } else {
    // An array of unknown size (`extern double x[];`): still one object.
    auto base = builder.create<weft::BaseOp>(
        l, type, Value(), builder.getStringAttr(var->getName()),
        AliasKindAttr::get(&mlirCtx, AliasKind::object));
    setBaseAttrs(*this, base, var, escapes);
    mem = base;
  }
  fnGlobals[canon] = mem;
  return mem;
}

//===----------------------------------------------------------------------===//
// Locals
//===----------------------------------------------------------------------===//

void Importer::initializeVar(const clang::VarDecl *var, Value mem,
                             const clang::Expr *init) {
  if (!init)
    return;
  Location l = loc(init);
  auto type = cast<MemRefType>(mem.getType());
  SmallVector<Value> stored;
  if (type.getRank() == 0 && !isa<StructType>(type.getElementType()) &&
      !isa<clang::InitListExpr>(init->IgnoreParenImpCasts())) {
    CVal v = eval(init);
    Value val = v.scalar ? v.scalar : v.ptr ? pointerValue(*v.ptr, l) : Value();
    LVal lv;
    lv.memref = mem;
    lv.text = var ? var->getName().str() : spelling(init);
    lv.type = var ? var->getType() : init->getType();
    store(lv, val, l);
    return;
  }
  if (type.getRank() == 0 && isa<StructType>(type.getElementType()) &&
      !isa<clang::InitListExpr>(init->IgnoreParenImpCasts())) {
    // A struct copied from another.
    CVal v = eval(init);
    if (v.scalar && v.scalar.getType() == type.getElementType()) {
      LVal lv;
      lv.memref = mem;
      lv.text = var ? var->getName().str() : spelling(init);
      lv.type = init->getType();
      store(lv, v.scalar, l);
      return;
    }
  } else {
    // An initializer list: evaluate its elements for their effects, then
    // one write of the whole object. The pointers it stores (`float *rows[]
    // = {a, a + n}`, `struct img m = {w, h, malloc(...)}`) are kept there:
    // the write lists them among its reads, as uses that capture them
    // (code may load them from the object and reach their memory).
    std::function<void(const clang::Expr *)> walk =
        [&](const clang::Expr *e) {
          if (const auto *il = dyn_cast<clang::InitListExpr>(e)) {
            for (const clang::Expr *sub : il->inits())
              walk(sub);
            return;
          }
          if (isa<clang::ImplicitValueInitExpr>(e) ||
              isa<clang::StringLiteral>(e->IgnoreParenImpCasts()))
            return;
          CVal v = eval(e);
          Value p = v.ptr ? pointerValue(*v.ptr, l) : v.scalar;
          if (p && isa<PtrType>(p.getType()))
            stored.push_back(p);
        };
    walk(init->IgnoreParenImpCasts());
  }
  builder.create<weft::EffectsOp>(
      l, TypeRange{}, ValueRange{stored}, ValueRange{mem},
      builder.getStringAttr("init"),
      builder.getStringAttr("the initializer of " +
                            (var ? var->getName().str() : spelling(init))),
      UnitAttr(), UnitAttr());
}

/// Records on the op that computes an SSA variable's value that the
/// variable holds it (weft.vars: decl and name; docs/ir.md), so that
/// analyses can name the value in C where the variable is in scope.
void Importer::nameValue(Value v, const clang::VarDecl *var) {
  Operation *def = v.getDefiningOp();
  if (!def || isa<arith::ConstantOp>(def))
    return;
  SmallVector<Attribute> names;
  if (auto old = def->getAttrOfType<ArrayAttr>("weft.vars"))
    names.append(old.begin(), old.end());
  names.push_back(builder.getDictionaryAttr(
      {builder.getNamedAttr("decl", builder.getI64IntegerAttr(declId(var))),
       builder.getNamedAttr("name", builder.getStringAttr(var->getName()))}));
  def->setAttr("weft.vars", builder.getArrayAttr(names));
}

/// Records on the memory a never-assigned pointer variable points into (its
/// base, or its unresolved value) that the variable reaches it
/// (weft.pointers: decl and name; docs/ir.md): on the defining op, or in the
/// function argument's attributes. The analysis then knows every variable
/// through which a loop can reach that memory.
void Importer::notePointer(const PtrVal &p, const clang::VarDecl *var) {
  Value root = p.base ? p.base : p.raw;
  if (!root)
    return;
  auto entry = builder.getDictionaryAttr(
      {builder.getNamedAttr("decl", builder.getI64IntegerAttr(declId(var))),
       builder.getNamedAttr("name", builder.getStringAttr(var->getName()))});
  auto add = [&](ArrayAttr old) {
    SmallVector<Attribute> names;
    if (old)
      names.append(old.begin(), old.end());
    names.push_back(entry);
    return builder.getArrayAttr(names);
  };
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    if (!fn)
      return;
    unsigned i = arg.getArgNumber();
    fn.setArgAttr(i, "weft.pointers",
                  add(fn.getArgAttrOfType<ArrayAttr>(i, "weft.pointers")));
    return;
  }
  Operation *def = root.getDefiningOp();
  def->setAttr("weft.pointers",
               add(def->getAttrOfType<ArrayAttr>("weft.pointers")));
}

void Importer::declareLocal(const clang::VarDecl *var) {
  Location l = loc(var->getLocation());
  if (var->isStaticLocal() || var->hasExternalStorage() ||
      var->hasGlobalStorage()) {
    (void)lookupVar(var);
    return;
  }
  clang::QualType t = var->getType();
  VarFacts f = facts.lookup(var);
  const clang::Expr *init = var->getInit();
  bool ssa = f.writes == 0 && !f.addressTaken && init &&
             !t.isVolatileQualified() && !t->isAtomicType();
  VarInfo vi;
  vi.declId = declId(var);

  if (t->isArrayType() || t->isRecordType() || !isScalarType(t)) {
    SmallVector<int64_t> dims;
    SmallVector<const clang::Expr *> vla;
    clang::QualType elem;
    arrayDims(t, dims, &vla, elem);
    SmallVector<Value> sizes;
    for (const clang::Expr *e : vla)
      sizes.push_back(e ? vlaSize(e)
                        : (Value)builder.create<arith::ConstantIndexOp>(l, 1));
    auto type = MemRefType::get(dims, convertScalarType(elem));
    // Unknown extents that are not VLAs (`int a[] = {...}` has one): size 1.
    while (sizes.size() < (size_t)type.getNumDynamicDims())
      sizes.push_back(builder.create<arith::ConstantIndexOp>(l, 1));
    auto alloca = builder.create<memref::AllocaOp>(l, type, sizes);
    setBaseAttrs(*this, alloca, var, f.addressTaken);
    vi.kind = VarInfo::Object;
    vi.value = alloca;
    vars[var] = vi;
    initializeVar(var, alloca, init);
    return;
  }

  evalVlaSizes(t); // `int (*row)[n++] = ...` evaluates n++
  if (t->isPointerType() && ssa) {
    vi.kind = VarInfo::Pointer;
    vi.ptr = evalPointer(init);
    vars[var] = vi;
    notePointer(*vi.ptr, var);
    return;
  }
  if (ssa) {
    vi.kind = VarInfo::SSA;
    vi.value = evalScalar(init);
    if (!vi.value)
      vi.value = zeroOf(convertScalarType(t), l);
    vars[var] = vi;
    nameValue(vi.value, var);
    return;
  }
  auto alloca =
      builder.create<memref::AllocaOp>(l, MemRefType::get({}, convertScalarType(t)));
  setBaseAttrs(*this, alloca, var, f.addressTaken);
  vi.kind = VarInfo::Cell;
  vi.value = alloca;
  vars[var] = vi;
  initializeVar(var, alloca, init);
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// Is fn defined in the main file (so that its loops can be rewritten)?
/// (Importer::imports also takes the definitions it includes.)
bool weft::detail::definedInMainFile(clang::SourceManager &sm,
                                     const clang::FunctionDecl *fn) {
  return fn->hasBody() && fn->isThisDeclarationADefinition() &&
         sm.isInMainFile(sm.getExpansionLoc(fn->getLocation()));
}

func::FuncOp Importer::declareFunction(const clang::FunctionDecl *fn) {
  std::string name = fn->getName().str();
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  const clang::FunctionDecl *def = fn->getDefinition();
  bool defined = def && imports(def);
  if (def)
    fn = def;
  SmallVector<Type> params;
  for (const clang::ParmVarDecl *p : fn->parameters()) {
    clang::QualType t = p->getType();
    if (t->isPointerType())
      params.push_back(defined ? (Type)memrefTypeForPointee(t->getPointeeType())
                               : (Type)PtrType::get(&mlirCtx));
    else
      params.push_back(convertScalarType(t));
  }
  SmallVector<Type> results;
  clang::QualType rt = fn->getReturnType();
  if (!rt->isVoidType())
    results.push_back(convertScalarType(rt));
  OpBuilder::InsertionGuard g(builder);
  builder.setInsertionPointToEnd(module.getBody());
  auto f = builder.create<func::FuncOp>(loc(fn->getLocation()), name,
                                        builder.getFunctionType(params, results));
  f->setAttr("weft.decl", builder.getI64IntegerAttr(declId(fn)));
  if (fn->isVariadic())
    f->setAttr("weft.variadic", builder.getUnitAttr());
  if (!defined) {
    f.setPrivate();
    f->setAttr("weft.external", builder.getUnitAttr());
    // What its declaration says of it, for its summary (docs/analysis.md,
    // "Functions of other files"): GCC's const or pure, `#pragma weft
    // pure(name)`.
    const clang::FunctionDecl *last = fn->getMostRecentDecl();
    if (last->hasAttr<clang::ConstAttr>())
      f->setAttr("weft.c_const", builder.getUnitAttr());
    else if (last->hasAttr<clang::PureAttr>())
      f->setAttr("weft.c_pure", builder.getUnitAttr());
    for (const LoopPragma &p : options.pragmas)
      if (p.kind == LoopPragma::Pure && llvm::is_contained(p.names, name))
        f->setAttr("weft.pragma_pure", builder.getUnitAttr());
    // Its definition in another file of the build, when the driver read
    // one (with the same number of parameters).
    if (auto it = options.foreign.find(name);
        it != options.foreign.end() &&
        it->second.params == fn->getNumParams()) {
      const ExportedSummary &x = it->second.summary;
      f->setAttr("weft.foreign",
                 builder.getStringAttr(
                     x.kind == ExportedSummary::Const       ? "const"
                     : x.kind == ExportedSummary::ReadsArgs ? "reads_args"
                     : x.kind == ExportedSummary::Effects   ? "effects"
                                                            : x.why));
      f->setAttr("weft.foreign_file", builder.getStringAttr(it->second.file));
      SmallVector<Attribute> effects;
      for (const ExportedSummary::Effect &e : x.effects) {
        SmallVector<Attribute> subs;
        for (const auto &r : e.subs)
          subs.push_back(
              r ? (Attribute)builder.getDenseI64ArrayAttr({r->first, r->second})
                : (Attribute)builder.getUnitAttr());
        effects.push_back(builder.getDictionaryAttr(
            {builder.getNamedAttr("param", builder.getI64IntegerAttr(e.param)),
             builder.getNamedAttr("write", builder.getBoolAttr(e.isWrite)),
             builder.getNamedAttr("subs", builder.getArrayAttr(subs))}));
      }
      if (!effects.empty())
        f->setAttr("weft.foreign_effects", builder.getArrayAttr(effects));
    }
    return f;
  }
  // Names and alias classes of the parameters.
  for (unsigned i = 0; i < fn->getNumParams(); ++i) {
    const clang::ParmVarDecl *p = fn->getParamDecl(i);
    f.setArgAttr(i, "weft.name", builder.getStringAttr(p->getName()));
    f.setArgAttr(i, "weft.decl", builder.getI64IntegerAttr(declId(p)));
    // (As a variable's cell has it: setBaseAttrs.)
    if (p->getType()->isUnsignedIntegerType())
      f.setArgAttr(i, "weft.unsigned", builder.getUnitAttr());
    if (p->getType()->isPointerType()) {
      f.setArgAttr(i, "weft.alias",
                   AliasKindAttr::get(&mlirCtx,
                                      p->getType().isRestrictQualified()
                                          ? AliasKind::restrict
                                          : AliasKind::pointer));
      // A VLA parameter (`double a[n][m]`): which parameters size its inner
      // dimensions (-1 where a size is not a plain parameter), so that the
      // analysis can compute strides for run-time checks.
      SmallVector<int64_t> dims;
      SmallVector<const clang::Expr *> vla;
      clang::QualType elem;
      arrayDims(p->getType()->getPointeeType(), dims, &vla, elem);
      if (!vla.empty()) {
        SmallVector<int64_t> sizes;
        for (const clang::Expr *e : vla) {
          const auto *dre =
              e ? dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts())
                : nullptr;
          const auto *pv =
              dre ? dyn_cast<clang::ParmVarDecl>(dre->getDecl()) : nullptr;
          sizes.push_back(pv ? declId(pv) : -1);
        }
        f.setArgAttr(i, "weft.vla_sizes", builder.getDenseI64ArrayAttr(sizes));
      }
    }
  }
  if (!fn->isExternallyVisible())
    f->setAttr("weft.static", builder.getUnitAttr());
  if (included.contains(fn))
    f->setAttr("weft.included", builder.getUnitAttr());
  if (!fn->isExternallyVisible() &&
      !functionsReferenced.contains(fn->getCanonicalDecl()))
    f->setAttr(
        "weft.direct_calls_only",
        builder.getI64IntegerAttr(directCalls.lookup(fn->getCanonicalDecl())));
  return f;
}

void Importer::importFunction(const clang::FunctionDecl *fn) {
  func::FuncOp f = declareFunction(fn);
  currentFn = f;
  currentFnDecl = fn;
  vars.clear();
  counters.clear();
  indexOf.clear();
  fnGlobals.clear();
  vlaSizes.clear();
  scanFunction(fn);
  Block *entry = f.addEntryBlock();
  builder.setInsertionPointToStart(entry);

  for (unsigned i = 0; i < fn->getNumParams(); ++i) {
    const clang::ParmVarDecl *p = fn->getParamDecl(i);
    Value arg = entry->getArgument(i);
    Location l = loc(p->getLocation());
    VarFacts pf = facts.lookup(p);
    VarInfo vi;
    vi.declId = declId(p);
    clang::QualType t = p->getType();
    bool fixed = pf.writes == 0 && !pf.addressTaken;
    if (t->isPointerType() && fixed) {
      PtrVal pv;
      pv.base = arg;
      pv.indices.push_back(Idx::constant(0));
      pv.pointee = t->getPointeeType();
      vi.kind = VarInfo::Pointer;
      vi.ptr = pv;
    } else if (fixed && !t->isRecordType()) {
      vi.kind = VarInfo::SSA;
      vi.value = arg;
    } else {
      // A parameter the body assigns (or whose address it takes): a cell
      // holding the argument.
      Value init = arg;
      if (t->isPointerType()) {
        PtrVal pv;
        pv.base = arg;
        pv.indices.push_back(Idx::constant(0));
        init = pointerValue(pv, l);
      }
      auto alloca = builder.create<memref::AllocaOp>(
          l, MemRefType::get({}, init.getType()));
      setBaseAttrs(*this, alloca, p, pf.addressTaken);
      LVal lv;
      lv.memref = alloca;
      lv.text = p->getName().str();
      lv.type = t;
      store(lv, init, l);
      vi.kind = t->isRecordType() ? VarInfo::Object : VarInfo::Cell;
      vi.value = alloca;
    }
    vars[p] = vi;
  }

  const auto *body = cast<clang::CompoundStmt>(fn->getBody());
  importCompound(body, /*functionBody=*/true);
  if (entry->empty() || !isa<func::ReturnOp>(entry->back())) {
    Location l = loc(body->getRBracLoc());
    auto results = f.getFunctionType().getResults();
    if (results.empty())
      builder.create<func::ReturnOp>(l);
    else
      builder.create<func::ReturnOp>(
          l, (Value)builder.create<weft::OpaqueValueOp>(
                 l, results[0], ValueRange{},
                 builder.getStringAttr("the end of a function without a "
                                       "return")));
  }
}

void Importer::importTranslationUnit() {
  Location l = builder.getUnknownLoc();
  clang::FileID mainId = sm.getMainFileID();
  if (auto entry = sm.getFileEntryRefForID(mainId))
    l = FileLineColLoc::get(builder.getStringAttr(entry->getName()), 1, 1);
  module = ModuleOp::create(l);
  out.module = module;
  if (auto entry = sm.getFileEntryRefForID(mainId))
    module->setAttr("weft.source", builder.getStringAttr(entry->getName()));
  SmallVector<NamedAttribute> flags{
      builder.getNamedAttr("fp_reassoc",
                           builder.getBoolAttr(options.fpReassoc)),
      builder.getNamedAttr("math_errno",
                           builder.getBoolAttr(options.mathErrno)),
      builder.getNamedAttr(
          "target",
          builder.getStringAttr(ctx.getTargetInfo().getTriple().str())),
      builder.getNamedAttr(
          "pointer_bytes",
          builder.getI64IntegerAttr(ctx.getTypeSize(ctx.VoidPtrTy) / 8)),
  };
  module->setAttr("weft.flags", builder.getDictionaryAttr(flags));

  findIncludedDefinitions();
  scanGlobals();
  // Signatures first, so that calls in any order resolve to definitions.
  SmallVector<const clang::FunctionDecl *> defs;
  for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    const auto *fn = dyn_cast<clang::FunctionDecl>(d);
    if (!fn || !definedInMainFile(sm, fn) || fn->isInvalidDecl())
      continue;
    declareFunction(fn);
    defs.push_back(fn);
  }
  for (const clang::FunctionDecl *fn : defs)
    importFunction(fn);
  // Then the included definitions they call (declared at their first call).
  for (const clang::FunctionDecl *fn : included)
    importFunction(fn);
}

ImportedModule weft::importTranslationUnit(clang::ASTContext &ctx,
                                           MLIRContext &mlirCtx,
                                           const ImportOptions &options) {
  mlirCtx.loadDialect<WeftDialect, affine::AffineDialect, arith::ArithDialect,
                      func::FuncDialect, memref::MemRefDialect,
                      scf::SCFDialect>();
  // Which `for` loops are counted is weft-count-loops' decision, on the
  // loops as C runs them: a first import makes each a weft.opaque_loop with
  // the header it read; the second builds the counted ones as affine.for or
  // scf.for, with their counter as the induction variable.
  llvm::DenseMap<const clang::Stmt *, std::string> verdicts;
  {
    ImportedModule first;
    Importer importer(ctx, mlirCtx, options, first);
    importer.importTranslationUnit();
    first.module->walk([&](OpaqueLoopOp loop) {
      auto id = loop->getAttrOfType<IntegerAttr>("weft.loop_id");
      if (loop.getKind() == "for" && loop->hasAttr("weft.c_counter") && id &&
          id.getInt() < (int64_t)first.loops.size())
        verdicts[first.loops[id.getInt()]] = whyNotCounted(loop);
    });
  }
  ImportedModule out;
  Importer importer(ctx, mlirCtx, options, out);
  importer.forVerdicts = &verdicts;
  importer.importTranslationUnit();
  // Where passes' new ids start (weft-expand-calls' derived reads).
  (*out.module)
      ->setAttr("weft.next_id", IntegerAttr::get(IntegerType::get(&mlirCtx, 64),
                                                 out.decls.size()));
  return out;
}
