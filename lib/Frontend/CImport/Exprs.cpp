//===- Exprs.cpp - C expressions to MLIR --------------------------------------===//
//
// Rvalues become values, lvalues become memory locations (a memref and its
// subscripts), pointers become a memref base with leading subscripts when the
// importer can see what they point at, and a !weft.ptr otherwise. Clang has
// already made every implicit conversion explicit, so following its casts
// gives type-correct IR. Every memory read and write becomes an access op or
// a weft op with its effects (docs/ir.md).
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"

#include <functional>

#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "clang/AST/RecordLayout.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

//===----------------------------------------------------------------------===//
// Subscripts
//===----------------------------------------------------------------------===//

Value Importer::materialize(Idx &i, Location l) {
  if (i.value)
    return i.value;
  const Linear &lin = *i.lin;
  if (lin.terms.empty())
    return i.value = builder.create<arith::ConstantIndexOp>(l, lin.constant);
  SmallVector<Value> operands;
  AffineMap map = affineMapOf({lin}, operands);
  return i.value = builder.create<affine::AffineApplyOp>(l, map, operands);
}

/// Is i the constant 0?
static bool isZero(const Idx &i) {
  return i.lin && i.lin->terms.empty() && i.lin->constant == 0;
}

Idx Importer::addIdx(Idx a, Idx b, Location l) {
  if (isZero(a))
    return b;
  if (isZero(b))
    return a;
  if (a.lin && b.lin) {
    Idx r;
    r.lin = *a.lin;
    if (r.lin->add(*b.lin, 1))
      return r;
  }
  Idx r;
  r.value = builder.create<arith::AddIOp>(l, materialize(a, l),
                                          materialize(b, l));
  return r;
}

Idx Importer::mulIdx(Idx a, int64_t k, Location l) {
  if (a.lin) {
    Idx r;
    r.lin = Linear();
    if (r.lin->add(*a.lin, k))
      return r;
  }
  Idx r;
  Value kv = builder.create<arith::ConstantIndexOp>(l, k);
  r.value = builder.create<arith::MulIOp>(l, materialize(a, l), kv);
  return r;
}

Idx Importer::makeIdx(const clang::Expr *e) {
  Idx i;
  if ((i.lin = linearize(e)))
    return i;
  i.value = evalIndex(e);
  return i;
}

Value Importer::evalIndex(const clang::Expr *e) {
  Value v = evalScalar(e);
  if (!v)
    return builder.create<arith::ConstantIndexOp>(loc(e), 0);
  if (v.getType().isIndex())
    return v;
  if (!v.getType().isSignlessInteger())
    return builder.create<weft::OpaqueValueOp>(
        loc(e), builder.getIndexType(), ValueRange{v},
        builder.getStringAttr("a subscript that is not an integer"));
  return toIndex(v, isUnsigned(e->getType()), loc(e));
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::string Importer::spelling(const clang::Stmt *s) {
  // The text that spells s: in a macro's argument, the argument's text
  // (`b->y` of `assert(b->y[i] > 0)`), else that of the macro invocation
  // that writes s.
  clang::CharSourceRange range = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(s->getSourceRange()), sm,
      ctx.getLangOpts());
  if (range.isInvalid())
    range = clang::CharSourceRange::getTokenRange(
        sm.getExpansionRange(s->getSourceRange()).getAsRange());
  llvm::StringRef text =
      clang::Lexer::getSourceText(range, sm, ctx.getLangOpts());
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == '\n' || c == '\t' || c == '\r' || c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space)
      out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  if (out.size() > 64)
    out = out.substr(0, 61) + "...";
  return out;
}

std::optional<std::string> Importer::codeText(const LVal &lv) {
  if (!lv.expr)
    return lv.text;
  if (lv.expr->HasSideEffects(ctx))
    return std::nullopt;
  clang::CharSourceRange range = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(lv.expr->getSourceRange()), sm,
      ctx.getLangOpts());
  if (range.isInvalid())
    return std::nullopt;
  bool bad = false;
  llvm::StringRef text =
      clang::Lexer::getSourceText(range, sm, ctx.getLangOpts(), &bad);
  if (bad || text.empty())
    return std::nullopt;
  return text.str();
}

void Importer::nameRead(Operation *load, const LVal &lv) {
  std::optional<std::string> text = codeText(lv);
  if (!text)
    return;
  // The local variables the text names (`w` in `w->data`, for a pointer w
  // declared in the body, whose value may well be defined before the loop).
  clang::SourceLocation last;
  std::function<void(const clang::Stmt *)> visit = [&](const clang::Stmt *st) {
    if (!st)
      return;
    if (const auto *dre = dyn_cast<clang::DeclRefExpr>(st))
      if (const auto *var = dyn_cast<clang::VarDecl>(dre->getDecl());
          var && var->isLocalVarDecl()) {
        clang::SourceLocation at = sm.getExpansionLoc(var->getLocation());
        if (last.isInvalid() || sm.isBeforeInTranslationUnit(last, at))
          last = at;
      }
    for (const clang::Stmt *child : st->children())
      visit(child);
  };
  visit(lv.expr);
  int64_t id = (int64_t)out.decls.size();
  out.decls.push_back(nullptr);
  out.reads[id] = {*text, lv.type, last};
  load->setAttr("weft.expr", builder.getI64IntegerAttr(id));
}

Location Importer::accessLoc(const clang::Expr *e, StringRef text) {
  return NameLoc::get(builder.getStringAttr(text), loc(e));
}

Value Importer::zeroOf(Type t, Location l) {
  if (auto it = dyn_cast<IntegerType>(t))
    return builder.create<arith::ConstantIntOp>(l, 0, it);
  if (auto ft = dyn_cast<FloatType>(t))
    return builder.create<arith::ConstantFloatOp>(
        l, llvm::APFloat::getZero(ft.getFloatSemantics()), ft);
  if (t.isIndex())
    return builder.create<arith::ConstantIndexOp>(l, 0);
  return builder.create<weft::OpaqueValueOp>(
      l, t, ValueRange{}, builder.getStringAttr("a value of no known form"));
}

bool Importer::hasSideEffects(const clang::Expr *e) {
  return e->HasSideEffects(ctx, /*IncludePossibleEffects=*/true);
}

CVal Importer::asCVal(Value v, clang::QualType t) {
  if (!v)
    return CVal::of(Value());
  if (t->isPointerType()) {
    PtrVal p;
    p.raw = v;
    p.pointee = t->getPointeeType();
    return CVal::of(p);
  }
  return CVal::of(v);
}

CVal Importer::opaqueOf(const clang::Expr *e, ValueRange deps,
                        StringRef reason) {
  clang::QualType t = e->getType();
  Type type = t->isVoidType() ? builder.getI8Type() : convertScalarType(t);
  return asCVal(builder.create<weft::OpaqueValueOp>(
                    loc(e), type, deps, builder.getStringAttr(reason)),
                t);
}

CVal Importer::opaque(const clang::Expr *e, StringRef reason) {
  SmallVector<Value> deps;
  for (const clang::Stmt *c : e->children())
    if (const auto *ce = dyn_cast_or_null<clang::Expr>(c)) {
      CVal v = eval(ce);
      if (v.scalar)
        deps.push_back(v.scalar);
      else if (v.ptr)
        deps.push_back(pointerValue(*v.ptr, loc(ce)));
    }
  return opaqueOf(e, deps, reason);
}

CVal Importer::unsupported(const clang::Expr *e, StringRef kind,
                           StringRef reason) {
  SmallVector<Value> reads;
  for (const clang::Stmt *c : e->children())
    if (const auto *ce = dyn_cast_or_null<clang::Expr>(c)) {
      CVal v = eval(ce);
      if (v.ptr)
        reads.push_back(pointerValue(*v.ptr, loc(ce)));
    }
  clang::QualType t = e->getType();
  SmallVector<Type> results;
  if (!t->isVoidType())
    results.push_back(convertScalarType(t));
  auto op = builder.create<weft::EffectsOp>(
      loc(e), results, reads, ValueRange{}, builder.getStringAttr(kind),
      builder.getStringAttr(reason), builder.getUnitAttr(),
      builder.getUnitAttr());
  return asCVal(t->isVoidType() ? Value() : op.getResult(0), t);
}

Value Importer::castScalar(Value v, clang::QualType from, clang::QualType to,
                           Location l) {
  Type target = convertScalarType(to);
  if (!v || v.getType() == target)
    return v;
  Type source = v.getType();
  bool fromUnsigned = isUnsigned(from);
  if (target.isInteger(1)) {
    // C conversion to _Bool: compare with zero.
    if (isa<FloatType>(source))
      return builder.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNE, v,
                                           zeroOf(source, l));
    if (source.isSignlessInteger())
      return builder.create<arith::CmpIOp>(l, arith::CmpIPredicate::ne, v,
                                           zeroOf(source, l));
  }
  if (auto ti = dyn_cast<IntegerType>(target)) {
    if (auto si = dyn_cast<IntegerType>(source)) {
      if (si.getWidth() < ti.getWidth())
        return fromUnsigned || si.getWidth() == 1
                   ? (Value)builder.create<arith::ExtUIOp>(l, ti, v)
                   : (Value)builder.create<arith::ExtSIOp>(l, ti, v);
      return builder.create<arith::TruncIOp>(l, ti, v);
    }
    if (isa<FloatType>(source))
      return isUnsigned(to)
                 ? (Value)builder.create<arith::FPToUIOp>(l, ti, v)
                 : (Value)builder.create<arith::FPToSIOp>(l, ti, v);
  }
  if (auto tf = dyn_cast<FloatType>(target)) {
    if (auto sf = dyn_cast<FloatType>(source))
      return sf.getWidth() < tf.getWidth()
                 ? (Value)builder.create<arith::ExtFOp>(l, tf, v)
                 : (Value)builder.create<arith::TruncFOp>(l, tf, v);
    if (isa<IntegerType>(source))
      return fromUnsigned || source.isInteger(1)
                 ? (Value)builder.create<arith::UIToFPOp>(l, tf, v)
                 : (Value)builder.create<arith::SIToFPOp>(l, tf, v);
  }
  return builder.create<weft::OpaqueValueOp>(
      l, target, ValueRange{v}, builder.getStringAttr("a conversion"));
}

Value Importer::evalScalar(const clang::Expr *e) {
  CVal v = eval(e);
  if (v.scalar)
    return v.scalar;
  if (v.ptr)
    return pointerValue(*v.ptr, loc(e));
  return Value();
}

Value Importer::evalCond(const clang::Expr *e) {
  Value v = evalScalar(e);
  Location l = loc(e);
  if (!v)
    return builder.create<arith::ConstantIntOp>(l, 1, 1);
  Type t = v.getType();
  if (t.isInteger(1))
    return v;
  if (isa<FloatType>(t))
    return builder.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNE, v,
                                         zeroOf(t, l));
  if (t.isSignlessInteger() || t.isIndex())
    return builder.create<arith::CmpIOp>(l, arith::CmpIPredicate::ne, v,
                                         zeroOf(t, l));
  return builder.create<weft::OpaqueValueOp>(
      l, builder.getI1Type(), ValueRange{v},
      builder.getStringAttr("the truth of a pointer or aggregate"));
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

Value Importer::pointerValue(const PtrVal &p, Location l) {
  if (!p.resolved())
    return p.raw;
  SmallVector<Value> idx;
  auto type = cast<MemRefType>(p.base.getType());
  for (const Idx &i : p.indices) {
    Idx copy = i;
    idx.push_back(materialize(copy, l));
  }
  if (idx.empty() && type.getRank() > 0)
    idx.push_back(builder.create<arith::ConstantIndexOp>(l, 0));
  return builder.create<weft::AddrOp>(l, PtrType::get(&mlirCtx), p.base, idx);
}

/// The memref a raw pointer points into: a weft.base in the `pointer` class.
static Value baseOfRaw(Importer &im, Value raw, clang::QualType pointee,
                       StringRef name, Location l) {
  MemRefType type = im.memrefTypeForPointee(pointee);
  return im.builder.create<weft::BaseOp>(
      l, type, raw, im.builder.getStringAttr(name),
      AliasKindAttr::get(&im.mlirCtx, AliasKind::pointer));
}

PtrVal Importer::resolve(const PtrVal &p, Location l, StringRef name) {
  if (p.resolved())
    return p;
  PtrVal r;
  r.pointee = p.pointee;
  r.base = baseOfRaw(*this, p.raw, p.pointee, name, l);
  r.indices.push_back(Idx::constant(0));
  return r;
}

/// `p + k` for a pointer p: moves the last subscript. A pointer to a scalar
/// element of a multi-dimensional array, once offset, goes through a flat
/// view (docs/ir.md: C programs walk whole arrays this way).
static PtrVal offsetPointer(Importer &im, PtrVal p, Idx k, Location l) {
  if (!p.resolved()) {
    auto add = im.builder.create<weft::PtrAddOp>(
        l, PtrType::get(&im.mlirCtx), p.raw, im.materialize(k, l),
        im.builder.getI64IntegerAttr(im.sizeOf(p.pointee)));
    p.raw = add;
    return p;
  }
  auto type = cast<MemRefType>(p.base.getType());
  if (type.getRank() == 0) {
    // Arithmetic on the address of a single object: outside the model.
    PtrVal raw;
    raw.pointee = p.pointee;
    raw.raw = im.builder.create<weft::PtrAddOp>(
        l, PtrType::get(&im.mlirCtx), im.pointerValue(p, l),
        im.materialize(k, l),
        im.builder.getI64IntegerAttr(im.sizeOf(p.pointee)));
    return raw;
  }
  if (type.getRank() > 1 && (int64_t)p.indices.size() == type.getRank()) {
    // Linear offset of the element, then a flat view.
    Idx lin = Idx::constant(0);
    bool dynamicStride = false;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      int64_t stride = 1;
      for (int64_t e = d + 1; e < type.getRank(); ++e) {
        if (type.isDynamicDim(e)) {
          dynamicStride = true;
          break;
        }
        stride *= type.getDimSize(e);
      }
      if (dynamicStride)
        break;
      lin = im.addIdx(lin, im.mulIdx(p.indices[d], stride, l), l);
    }
    if (!dynamicStride) {
      auto flatType =
          MemRefType::get({ShapedType::kDynamic}, type.getElementType());
      PtrVal f;
      f.pointee = p.pointee;
      f.base = im.builder.create<weft::FlatOp>(l, flatType, p.base);
      f.indices.push_back(im.addIdx(lin, k, l));
      return f;
    }
    // Dynamic strides: leave the model's exact memory and say so.
    PtrVal raw;
    raw.pointee = p.pointee;
    raw.raw = im.builder.create<weft::PtrAddOp>(
        l, PtrType::get(&im.mlirCtx), im.pointerValue(p, l), im.materialize(k, l),
        im.builder.getI64IntegerAttr(im.sizeOf(p.pointee)));
    return raw;
  }
  if (p.indices.empty())
    p.indices.push_back(Idx::constant(0));
  p.indices.back() = im.addIdx(p.indices.back(), k, l);
  return p;
}

/// Whether two pointee types are the same object type (ignoring
/// qualifiers): a cast between them keeps the pointer resolved.
static bool samePointee(clang::ASTContext &ctx, clang::QualType a,
                        clang::QualType b) {
  return ctx.hasSameUnqualifiedType(a.getCanonicalType(),
                                    b.getCanonicalType());
}

PtrVal Importer::evalPointer(const clang::Expr *e) {
  CVal v = eval(e);
  if (v.ptr)
    return *v.ptr;
  PtrVal p;
  p.pointee = e->getType()->isPointerType() ? e->getType()->getPointeeType()
                                            : clang::QualType(ctx.CharTy);
  if (v.scalar && isa<PtrType>(v.scalar.getType())) {
    p.raw = v.scalar;
    return p;
  }
  p.raw = builder.create<weft::OpaqueValueOp>(
      loc(e), PtrType::get(&mlirCtx),
      v.scalar ? ValueRange{v.scalar} : ValueRange{},
      builder.getStringAttr("a pointer made from a non-pointer"));
  return p;
}

//===----------------------------------------------------------------------===//
// Lvalues
//===----------------------------------------------------------------------===//

/// A location the model does not know: memory behind an unknown pointer.
static LVal unknownLValue(Importer &im, const clang::Expr *e) {
  LVal lv;
  lv.type = e->getType();
  lv.text = im.spelling(e);
  lv.expr = e;
  Location l = im.loc(e);
  clang::QualType t = lv.type;
  if (const clang::ArrayType *at = im.ctx.getAsArrayType(t))
    t = im.ctx.getBaseElementType(at->getElementType());
  if (!im.isScalarType(t) && !t->isRecordType())
    t = im.ctx.CharTy;
  MemRefType type = MemRefType::get({ShapedType::kDynamic},
                                    im.convertScalarType(t));
  lv.memref = im.builder.create<weft::BaseOp>(
      l, type, Value(), im.builder.getStringAttr(lv.text),
      AliasKindAttr::get(&im.mlirCtx, AliasKind::pointer));
  // Storage the program cannot write: a string literal (also one a macro
  // makes with #), __func__ (docs/ir.md, "Calls").
  if (isa<clang::StringLiteral, clang::PredefinedExpr>(e->IgnoreParens()))
    lv.memref.getDefiningOp()->setAttr("weft.literal",
                                       im.builder.getUnitAttr());
  lv.indices.push_back(Idx::constant(0));
  return lv;
}

LVal Importer::evalLValue(const clang::Expr *e) {
  Location l = loc(e);
  LVal lv;
  lv.expr = e; // with its parentheses: `(p->n)` may be a macro's whole body
  e = e->IgnoreParens();
  lv.type = e->getType();
  lv.text = spelling(e);
  if (lv.type.isVolatileQualified() || lv.type->isAtomicType())
    lv.special = true;

  if (const auto *dre = dyn_cast<clang::DeclRefExpr>(e)) {
    const auto *var = dyn_cast<clang::VarDecl>(dre->getDecl());
    if (!var) {
      lv.readOnly = eval(e);
      return lv;
    }
    auto cit = counters.find(var);
    if (cit != counters.end()) {
      lv.readOnly = counterValue(cit->second, var->getType(), l);
      return lv;
    }
    VarInfo *vi = lookupVar(var);
    if (!vi)
      return unknownLValue(*this, e);
    switch (vi->kind) {
    case VarInfo::SSA:
      lv.readOnly = CVal::of(vi->value);
      return lv;
    case VarInfo::Pointer:
      lv.readOnly = CVal::of(*vi->ptr);
      return lv;
    case VarInfo::Cell:
    case VarInfo::Object:
      lv.memref = vi->value;
      return lv;
    }
  }

  if (const auto *ase = dyn_cast<clang::ArraySubscriptExpr>(e)) {
    const clang::Expr *base = ase->getBase()->IgnoreParens();
    // `a[i]` with a an array (a row, or an array object): one more
    // subscript of the same memref, which keeps multi-dimensional arrays
    // multi-dimensional.
    if (const auto *ice = dyn_cast<clang::ImplicitCastExpr>(base))
      if (ice->getCastKind() == clang::CK_ArrayToPointerDecay) {
        LVal inner = evalLValue(ice->getSubExpr());
        if (inner.memref && !inner.readOnly) {
          auto type = cast<MemRefType>(inner.memref.getType());
          if ((int64_t)inner.indices.size() < type.getRank()) {
            inner.indices.push_back(makeIdx(ase->getIdx()));
            inner.type = lv.type;
            inner.text = lv.text;
            inner.expr = lv.expr;
            inner.special |= lv.special;
            return inner;
          }
        }
      }
    PtrVal p = resolve(evalPointer(ase->getBase()), l,
                       spelling(ase->getBase()));
    Idx k = makeIdx(ase->getIdx());
    p = resolve(offsetPointer(*this, std::move(p), std::move(k), l), l);
    lv.memref = p.base;
    lv.indices = std::move(p.indices);
    return lv;
  }

  if (const auto *uo = dyn_cast<clang::UnaryOperator>(e)) {
    if (uo->getOpcode() == clang::UO_Deref) {
      PtrVal p = resolve(evalPointer(uo->getSubExpr()), l,
                         spelling(uo->getSubExpr()));
      lv.memref = p.base;
      lv.indices = std::move(p.indices);
      return lv;
    }
    if (uo->getOpcode() == clang::UO_Real ||
        uo->getOpcode() == clang::UO_Imag) {
      // Part of a complex element: an access to the whole element.
      LVal whole = evalLValue(uo->getSubExpr());
      if (whole.readOnly || !whole.memref)
        return unknownLValue(*this, e);
      whole.type = lv.type;
      whole.text = lv.text;
      whole.expr = lv.expr;
      whole.part = "complex part";
      return whole;
    }
    if (uo->getOpcode() == clang::UO_Extension)
      return evalLValue(uo->getSubExpr());
  }

  if (const auto *me = dyn_cast<clang::MemberExpr>(e)) {
    const auto *field = dyn_cast<clang::FieldDecl>(me->getMemberDecl());
    LVal base;
    if (me->isArrow()) {
      PtrVal p = resolve(evalPointer(me->getBase()), l,
                         spelling(me->getBase()));
      base.memref = p.base;
      base.indices = std::move(p.indices);
    } else {
      base = evalLValue(me->getBase());
    }
    if (!field || base.readOnly || !base.memref)
      return unknownLValue(*this, e);
    auto baseType = cast<MemRefType>(base.memref.getType());
    if (!isa<StructType>(baseType.getElementType()) ||
        (int64_t)base.indices.size() != baseType.getRank() ||
        field->isBitField()) {
      // A bitfield, or a struct we do not see as one: the whole element
      // (or, without all its subscripts, the whole base).
      lv.memref = base.memref;
      lv.indices = std::move(base.indices);
      lv.part = field && field->isBitField() ? "bitfield" : "field";
      return lv;
    }
    const clang::RecordDecl *rd = field->getParent();
    const clang::ASTRecordLayout &layout = ctx.getASTRecordLayout(rd);
    int64_t offset =
        (int64_t)layout.getFieldOffset(field->getFieldIndex()) / 8;
    // A flexible array member (`float w[];`) or a zero-length one (GNU
    // `float w[0];`) reaches past its struct, into memory a field view
    // cannot describe: unknown memory.
    int64_t fieldSize = (int64_t)sizeOf(field->getType());
    if (field->getType()->isIncompleteArrayType() || fieldSize <= 0 ||
        offset + fieldSize > (int64_t)layout.getSize().getQuantity())
      return unknownLValue(*this, e);
    // Nested anonymous members are at their own offsets within the parent;
    // MemberExpr already names the innermost field, whose parent is the
    // record it belongs to, and the base is of that record's type.
    SmallVector<int64_t> dims(baseType.getShape());
    SmallVector<int64_t> fieldDims;
    clang::QualType elem;
    arrayDims(field->getType(), fieldDims, nullptr, elem);
    dims.append(fieldDims.begin(), fieldDims.end());
    auto viewType = MemRefType::get(dims, convertScalarType(elem));
    Value view = builder.create<weft::FieldOp>(
        l, viewType, base.memref, builder.getStringAttr(field->getName()),
        builder.getI64IntegerAttr(offset),
        builder.getI64IntegerAttr(sizeOf(field->getType())));
    lv.memref = view;
    lv.indices = std::move(base.indices);
    lv.special |= base.special;
    return lv;
  }

  if (const auto *ce = dyn_cast<clang::CastExpr>(e)) {
    if (ce->getCastKind() == clang::CK_NoOp ||
        ce->getCastKind() == clang::CK_LValueBitCast) {
      LVal inner = evalLValue(ce->getSubExpr());
      if (ce->getCastKind() == clang::CK_NoOp ||
          samePointee(ctx, ce->getType(), ce->getSubExpr()->getType())) {
        inner.type = lv.type;
        inner.text = lv.text;
        inner.expr = lv.expr;
        return inner;
      }
      return unknownLValue(*this, e);
    }
  }

  if (const auto *cl = dyn_cast<clang::CompoundLiteralExpr>(e)) {
    MemRefType type = memrefTypeFor(cl->getType());
    if (!type.hasStaticShape()) {
      (void)eval(cl->getInitializer());
      return unknownLValue(*this, e);
    }
    Value mem = builder.create<memref::AllocaOp>(l, type);
    initializeVar(nullptr, mem, cl->getInitializer());
    lv.memref = mem;
    return lv;
  }

  // A call returning a struct, a conditional lvalue, a string literal, ...:
  // evaluate it for its effects, and stand for its result with unknown
  // memory.
  if (!isa<clang::StringLiteral, clang::PredefinedExpr>(e))
    (void)eval(e);
  return unknownLValue(*this, e);
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

/// Builds an affine access when every subscript is affine, and a memref
/// access otherwise. Returns the operands in `map`/`operands` or `values`.
static bool affineAccess(Importer &im, const LVal &lv, Location l,
                         AffineMap &map, SmallVectorImpl<Value> &operands,
                         SmallVectorImpl<Value> &values) {
  bool affine = true;
  for (const Idx &i : lv.indices)
    affine &= (bool)i.lin;
  if (affine) {
    SmallVector<Linear> forms;
    for (const Idx &i : lv.indices)
      forms.push_back(*i.lin);
    map = im.affineMapOf(forms, operands);
    return true;
  }
  for (const Idx &i : lv.indices) {
    Idx copy = i;
    values.push_back(im.materialize(copy, l));
  }
  return false;
}

/// The effects op for a volatile or atomic access, or an access to part of
/// an element (a bitfield, a complex number's part): on the element when
/// the lvalue has all its subscripts (weft.addr), else on the whole base.
static Value specialAccess(Importer &im, const LVal &lv, Value stored,
                           Location l) {
  StringRef kind = lv.type->isAtomicType()         ? "atomic"
                   : lv.type.isVolatileQualified() ? "volatile"
                   : lv.part == "bitfield"         ? "bitfield"
                                                   : "part";
  auto type = cast<MemRefType>(lv.memref.getType());
  Value place = lv.memref;
  if ((int64_t)lv.indices.size() == type.getRank() && type.getRank() > 0) {
    PtrVal p;
    p.base = lv.memref;
    p.indices = lv.indices;
    place = im.pointerValue(p, l);
  }
  SmallVector<Type> results;
  if (!stored)
    results.push_back(im.convertScalarType(lv.type));
  ValueRange none;
  std::string what =
      lv.part.empty() || kind == "bitfield" ? kind.str() : lv.part;
  auto op = im.builder.create<weft::EffectsOp>(
      l, results, stored ? none : ValueRange{place},
      stored ? ValueRange{place} : none, im.builder.getStringAttr(kind),
      im.builder.getStringAttr(
          (Twine(stored ? "writes " : "reads ") + what + " " + lv.text).str()),
      UnitAttr(), UnitAttr());
  return stored ? Value() : op.getResult(0);
}

Value Importer::load(const LVal &lv, Location l) {
  if (lv.readOnly) {
    if (lv.readOnly->scalar)
      return lv.readOnly->scalar;
    if (lv.readOnly->ptr)
      return pointerValue(*lv.readOnly->ptr, l);
    return Value();
  }
  Location al = NameLoc::get(builder.getStringAttr(lv.text), l);
  auto type = cast<MemRefType>(lv.memref.getType());
  if (lv.special || !lv.part.empty() ||
      (int64_t)lv.indices.size() != type.getRank())
    return specialAccess(*this, lv, Value(), al);
  AffineMap map;
  SmallVector<Value> operands, values;
  Operation *op;
  if (affineAccess(*this, lv, l, map, operands, values))
    op = builder.create<affine::AffineLoadOp>(al, lv.memref, map, operands);
  else
    op = builder.create<memref::LoadOp>(al, lv.memref, values);
  if (boundLoads)
    boundLoads->push_back({op, lv}); // named by the loop, if it must be
  else if (lv.expr && !isa<clang::DeclRefExpr>(lv.expr->IgnoreParens()))
    nameRead(op, lv); // variables are named by their decls
  return op->getResult(0);
}

void Importer::store(const LVal &lv, Value v, Location l) {
  if (lv.readOnly)
    return; // assignments to SSA variables cannot happen (docs/ir.md)
  Location al = NameLoc::get(builder.getStringAttr(lv.text), l);
  auto type = cast<MemRefType>(lv.memref.getType());
  if (!v) // a value the model has no form for: still a write
    v = builder.create<weft::OpaqueValueOp>(
        l, type.getElementType(), ValueRange{},
        builder.getStringAttr("a value weft does not model"));
  if (lv.special || !lv.part.empty() ||
      (int64_t)lv.indices.size() != type.getRank()) {
    specialAccess(*this, lv, v, al);
    return;
  }
  if (v.getType() != type.getElementType()) {
    // Pointers stored as raw values, or a model mismatch: keep the write.
    v = builder.create<weft::OpaqueValueOp>(
        l, type.getElementType(), ValueRange{v},
        builder.getStringAttr("a value stored as another type"));
  }
  AffineMap map;
  SmallVector<Value> operands, values;
  if (affineAccess(*this, lv, l, map, operands, values))
    builder.create<affine::AffineStoreOp>(al, v, lv.memref, map, operands);
  else
    builder.create<memref::StoreOp>(al, v, lv.memref, values);
}

CVal Importer::loadCVal(const LVal &lv, Location l) {
  if (lv.readOnly)
    return *lv.readOnly;
  clang::QualType t = lv.type.getCanonicalType();
  if (t->isArrayType()) {
    // Array to pointer: the address of its first element.
    PtrVal p;
    p.base = lv.memref;
    p.indices = lv.indices;
    if ((int64_t)p.indices.size() <
        cast<MemRefType>(lv.memref.getType()).getRank())
      p.indices.push_back(Idx::constant(0));
    p.pointee = ctx.getAsArrayType(t)->getElementType();
    return CVal::of(p);
  }
  return asCVal(load(lv, l), t);
}

CVal Importer::counterValue(const CounterInfo &c, clang::QualType type,
                            Location l) {
  Value idx = c.iv;
  if (c.normalized) {
    Value step = builder.create<arith::ConstantIndexOp>(l, c.step);
    idx = builder.create<arith::AddIOp>(
        l, c.start, builder.create<arith::MulIOp>(l, c.iv, step));
  }
  Type t = convertScalarType(type);
  if (t.isIndex())
    return CVal::of(idx);
  return CVal::of(
      (Value)builder.create<arith::IndexCastOp>(l, t, idx));
}

//===----------------------------------------------------------------------===//
// Rvalues
//===----------------------------------------------------------------------===//

CVal Importer::eval(const clang::Expr *e) {
  Location l = loc(e);
  e = e->IgnoreParens();
  switch (e->getStmtClass()) {
  case clang::Stmt::IntegerLiteralClass: {
    auto t = cast<IntegerType>(convertScalarType(e->getType()));
    llvm::APInt v = cast<clang::IntegerLiteral>(e)->getValue();
    return CVal::of((Value)builder.create<arith::ConstantOp>(
        l, t, builder.getIntegerAttr(t, v.zextOrTrunc(t.getWidth()))));
  }
  case clang::Stmt::CharacterLiteralClass: {
    auto t = cast<IntegerType>(convertScalarType(e->getType()));
    return CVal::of((Value)builder.create<arith::ConstantIntOp>(
        l, cast<clang::CharacterLiteral>(e)->getValue(), t));
  }
  case clang::Stmt::FloatingLiteralClass: {
    auto t = cast<FloatType>(convertScalarType(e->getType()));
    llvm::APFloat v = cast<clang::FloatingLiteral>(e)->getValue();
    bool lost;
    v.convert(t.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
              &lost);
    return CVal::of((Value)builder.create<arith::ConstantFloatOp>(l, v, t));
  }
  case clang::Stmt::ConstantExprClass:
    return eval(cast<clang::ConstantExpr>(e)->getSubExpr());
  case clang::Stmt::ImplicitCastExprClass:
  case clang::Stmt::CStyleCastExprClass:
    return evalCast(cast<clang::CastExpr>(e));
  case clang::Stmt::DeclRefExprClass: {
    const auto *dre = cast<clang::DeclRefExpr>(e);
    if (const auto *ec = dyn_cast<clang::EnumConstantDecl>(dre->getDecl())) {
      auto t = cast<IntegerType>(convertScalarType(e->getType()));
      return CVal::of((Value)builder.create<arith::ConstantIntOp>(
          l, ec->getInitVal().getSExtValue(), t));
    }
    if (isa<clang::FunctionDecl>(dre->getDecl()))
      return opaque(e, "the address of a function");
    return loadCVal(evalLValue(e), l);
  }
  case clang::Stmt::ArraySubscriptExprClass:
  case clang::Stmt::MemberExprClass:
  case clang::Stmt::CompoundLiteralExprClass:
    return loadCVal(evalLValue(e), l);
  case clang::Stmt::BinaryOperatorClass:
  case clang::Stmt::CompoundAssignOperatorClass: {
    const auto *bo = cast<clang::BinaryOperator>(e);
    if (bo->isAssignmentOp())
      return assign(bo);
    return evalBinary(bo);
  }
  case clang::Stmt::UnaryOperatorClass:
    return evalUnary(cast<clang::UnaryOperator>(e));
  case clang::Stmt::CallExprClass: {
    // A builtin that folds to a constant (__builtin_nan(""), __builtin_inf(),
    // the expansions of NAN and INFINITY) is that constant, not a call.
    const auto *call = cast<clang::CallExpr>(e);
    llvm::APFloat v(0.0);
    if (call->getBuiltinCallee() && e->getType()->isRealFloatingType() &&
        !e->HasSideEffects(ctx) && e->EvaluateAsFloat(v, ctx)) {
      auto t = cast<FloatType>(convertScalarType(e->getType()));
      bool lost;
      v.convert(t.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
                &lost);
      return CVal::of((Value)builder.create<arith::ConstantFloatOp>(l, v, t));
    }
    return evalCall(call);
  }
  case clang::Stmt::ConditionalOperatorClass:
  case clang::Stmt::BinaryConditionalOperatorClass:
    return evalConditional(cast<clang::AbstractConditionalOperator>(e));
  case clang::Stmt::UnaryExprOrTypeTraitExprClass:
  case clang::Stmt::OffsetOfExprClass: {
    // sizeof, _Alignof, offsetof: constants, but for variable-length arrays
    // (whose size expressions, the operand's children, C evaluates).
    clang::Expr::EvalResult er;
    if (e->EvaluateAsInt(er, ctx)) {
      auto t = cast<IntegerType>(convertScalarType(e->getType()));
      return CVal::of((Value)builder.create<arith::ConstantIntOp>(
          l, er.Val.getInt().getSExtValue(), t));
    }
    return opaque(e, isa<clang::OffsetOfExpr>(e)
                         ? "an offset computed at run time"
                         : "the size of a variable-length array");
  }
  case clang::Stmt::StmtExprClass: {
    const clang::CompoundStmt *cs = cast<clang::StmtExpr>(e)->getSubStmt();
    const clang::Stmt *last = cs->body_empty() ? nullptr : cs->body_back();
    for (const clang::Stmt *s : cs->body())
      if (s != last)
        importStmt(s);
    if (const auto *le = dyn_cast_or_null<clang::Expr>(last))
      return eval(le);
    if (last)
      importStmt(last);
    return CVal::of(Value());
  }
  case clang::Stmt::OpaqueValueExprClass: {
    const clang::Expr *src = cast<clang::OpaqueValueExpr>(e)->getSourceExpr();
    return src ? eval(src) : opaque(e, "an opaque value");
  }
  case clang::Stmt::ChooseExprClass:
    return eval(cast<clang::ChooseExpr>(e)->getChosenSubExpr());
  case clang::Stmt::GenericSelectionExprClass:
    return eval(cast<clang::GenericSelectionExpr>(e)->getResultExpr());
  case clang::Stmt::StringLiteralClass:
  case clang::Stmt::PredefinedExprClass:
    return opaque(e, "the address of a string literal");
  case clang::Stmt::ImplicitValueInitExprClass:
    return CVal::of(zeroOf(convertScalarType(e->getType()), l));
  case clang::Stmt::AtomicExprClass:
    return unsupported(e, "atomic", "an atomic operation");
  case clang::Stmt::VAArgExprClass:
    return unsupported(e, "unsupported", "va_arg");
  default:
    return unsupported(e, "unsupported",
                       (Twine("an expression weft does not model (") +
                        e->getStmtClassName() + ")")
                           .str());
  }
}

CVal Importer::evalCast(const clang::CastExpr *e) {
  Location l = loc(e);
  const clang::Expr *sub = e->getSubExpr();
  if (const auto *ec = dyn_cast<clang::ExplicitCastExpr>(e))
    evalVlaSizes(ec->getTypeAsWritten()); // `(int (*)[n++])p`
  switch (e->getCastKind()) {
  case clang::CK_LValueToRValue:
    return loadCVal(evalLValue(sub), l);
  case clang::CK_ArrayToPointerDecay: {
    LVal lv = evalLValue(sub);
    if (lv.readOnly)
      return *lv.readOnly;
    PtrVal p;
    p.base = lv.memref;
    p.indices = std::move(lv.indices);
    p.pointee = e->getType()->getPointeeType();
    // The first element of the array; an lvalue the model sees as a whole
    // element already (unknown memory) is its own first element.
    auto type = cast<MemRefType>(p.base.getType());
    if ((int64_t)p.indices.size() < type.getRank())
      p.indices.push_back(Idx::constant(0));
    return CVal::of(p);
  }
  case clang::CK_NoOp:
  case clang::CK_BitCast: {
    CVal v = eval(sub);
    if (v.ptr && e->getType()->isPointerType()) {
      clang::QualType to = e->getType()->getPointeeType();
      if (!samePointee(ctx, to, v.ptr->pointee)) {
        // A different type through the same address: leave the model.
        PtrVal p;
        p.raw = pointerValue(*v.ptr, l);
        p.pointee = to;
        return CVal::of(p);
      }
      v.ptr->pointee = to;
    }
    return v;
  }
  case clang::CK_IntegralCast:
  case clang::CK_IntegralToFloating:
  case clang::CK_FloatingToIntegral:
  case clang::CK_FloatingCast:
  case clang::CK_IntegralToBoolean:
  case clang::CK_FloatingToBoolean:
  case clang::CK_BooleanToSignedIntegral: {
    Value v = evalScalar(sub);
    Value r = castScalar(v, sub->getType(), e->getType(), l);
    if (e->getCastKind() == clang::CK_BooleanToSignedIntegral && r != v)
      r = builder.create<arith::SubIOp>(l, zeroOf(r.getType(), l), r);
    return CVal::of(r);
  }
  case clang::CK_PointerToBoolean: {
    PtrVal p = evalPointer(sub);
    return CVal::of((Value)builder.create<weft::OpaqueValueOp>(
        l, builder.getI1Type(), ValueRange{pointerValue(p, l)},
        builder.getStringAttr("whether a pointer is null")));
  }
  case clang::CK_NullToPointer:
  case clang::CK_IntegralToPointer:
  case clang::CK_PointerToIntegral:
  case clang::CK_FunctionToPointerDecay:
  case clang::CK_BuiltinFnToFnPtr:
    return opaque(e, "a pointer cast");
  case clang::CK_ToVoid:
    (void)eval(sub);
    return CVal::of(Value());
  case clang::CK_LValueBitCast:
  case clang::CK_AtomicToNonAtomic:
  case clang::CK_NonAtomicToAtomic:
    return eval(sub);
  default:
    return opaque(e, (Twine("a cast weft does not model (") +
                      e->getCastKindName() + ")")
                         .str());
  }
}

/// Can arith compute on these two operands: integers (a shift's count may
/// have another width), or floats of one type? Complex numbers and vectors
/// are values of a !weft.struct type.
static bool arithmetic(Value a, Value b) {
  Type x = a.getType(), y = b.getType();
  if (isa<IntegerType>(x) && isa<IntegerType>(y))
    return true;
  return isa<FloatType>(x) && x == y;
}

/// The arith op for a C binary operator on integers or floats.
static Value arithOp(OpBuilder &b, Location l, clang::BinaryOperatorKind op,
                     Value lhs, Value rhs, bool isUnsignedOp) {
  bool isFloat = isa<FloatType>(lhs.getType());
  if (!isFloat && rhs.getType() != lhs.getType()) {
    // Shifts: the count keeps its own type in C.
    auto lt = cast<IntegerType>(lhs.getType());
    auto rt = cast<IntegerType>(rhs.getType());
    rhs = rt.getWidth() < lt.getWidth()
              ? (Value)b.create<arith::ExtUIOp>(l, lt, rhs)
              : (Value)b.create<arith::TruncIOp>(l, lt, rhs);
  }
  switch (op) {
  case clang::BO_Add:
    return isFloat ? (Value)b.create<arith::AddFOp>(l, lhs, rhs)
                   : (Value)b.create<arith::AddIOp>(l, lhs, rhs);
  case clang::BO_Sub:
    return isFloat ? (Value)b.create<arith::SubFOp>(l, lhs, rhs)
                   : (Value)b.create<arith::SubIOp>(l, lhs, rhs);
  case clang::BO_Mul:
    return isFloat ? (Value)b.create<arith::MulFOp>(l, lhs, rhs)
                   : (Value)b.create<arith::MulIOp>(l, lhs, rhs);
  case clang::BO_Div:
    if (isFloat)
      return b.create<arith::DivFOp>(l, lhs, rhs);
    return isUnsignedOp ? (Value)b.create<arith::DivUIOp>(l, lhs, rhs)
                        : (Value)b.create<arith::DivSIOp>(l, lhs, rhs);
  case clang::BO_Rem:
    if (isFloat)
      return b.create<arith::RemFOp>(l, lhs, rhs);
    return isUnsignedOp ? (Value)b.create<arith::RemUIOp>(l, lhs, rhs)
                        : (Value)b.create<arith::RemSIOp>(l, lhs, rhs);
  case clang::BO_Shl:
    return b.create<arith::ShLIOp>(l, lhs, rhs);
  case clang::BO_Shr:
    return isUnsignedOp ? (Value)b.create<arith::ShRUIOp>(l, lhs, rhs)
                        : (Value)b.create<arith::ShRSIOp>(l, lhs, rhs);
  case clang::BO_And:
    return b.create<arith::AndIOp>(l, lhs, rhs);
  case clang::BO_Or:
    return b.create<arith::OrIOp>(l, lhs, rhs);
  case clang::BO_Xor:
    return b.create<arith::XOrIOp>(l, lhs, rhs);
  default:
    return Value();
  }
}

/// The comparison predicate for a C relational or equality operator.
static Value compare(OpBuilder &b, Location l, clang::BinaryOperatorKind op,
                     Value lhs, Value rhs, bool isUnsignedOp) {
  if (isa<FloatType>(lhs.getType())) {
    arith::CmpFPredicate p;
    switch (op) {
    case clang::BO_LT: p = arith::CmpFPredicate::OLT; break;
    case clang::BO_GT: p = arith::CmpFPredicate::OGT; break;
    case clang::BO_LE: p = arith::CmpFPredicate::OLE; break;
    case clang::BO_GE: p = arith::CmpFPredicate::OGE; break;
    case clang::BO_EQ: p = arith::CmpFPredicate::OEQ; break;
    default: p = arith::CmpFPredicate::UNE; break;
    }
    return b.create<arith::CmpFOp>(l, p, lhs, rhs);
  }
  arith::CmpIPredicate p;
  switch (op) {
  case clang::BO_LT:
    p = isUnsignedOp ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  case clang::BO_GT:
    p = isUnsignedOp ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case clang::BO_LE:
    p = isUnsignedOp ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case clang::BO_GE:
    p = isUnsignedOp ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  case clang::BO_EQ:
    p = arith::CmpIPredicate::eq;
    break;
  default:
    p = arith::CmpIPredicate::ne;
    break;
  }
  return b.create<arith::CmpIOp>(l, p, lhs, rhs);
}

/// The size of what two pointers point to, when C counts a difference of
/// them in it: one complete object type (qualifiers apart) of a constant
/// size, and neither a null pointer constant.
static std::optional<int64_t> comparedPointees(const clang::Expr *a,
                                               const clang::Expr *b,
                                               clang::ASTContext &ctx) {
  for (const clang::Expr *x : {a, b})
    if (x->isNullPointerConstant(ctx, clang::Expr::NPC_ValueDependentIsNull))
      return std::nullopt;
  clang::QualType pa = a->getType()->getPointeeType(),
                  pb = b->getType()->getPointeeType();
  if (pa.isNull() || pb.isNull() || !ctx.hasSameUnqualifiedType(pa, pb) ||
      pa->isIncompleteType() || !pa->isObjectType() ||
      pa->isVariablyModifiedType())
    return std::nullopt;
  int64_t bytes = ctx.getTypeSizeInChars(pa).getQuantity();
  if (bytes <= 0)
    return std::nullopt;
  return bytes;
}

CVal Importer::evalBinary(const clang::BinaryOperator *e) {
  Location l = loc(e);
  clang::BinaryOperatorKind op = e->getOpcode();
  const clang::Expr *lhsE = e->getLHS(), *rhsE = e->getRHS();

  if (op == clang::BO_Comma) {
    (void)eval(lhsE);
    return eval(rhsE);
  }

  if (op == clang::BO_LAnd || op == clang::BO_LOr) {
    Value lhs = evalCond(lhsE);
    Type resTy = convertScalarType(e->getType());
    if (!hasSideEffects(rhsE)) {
      Value rhs = evalCond(rhsE);
      Value r = op == clang::BO_LAnd
                    ? (Value)builder.create<arith::AndIOp>(l, lhs, rhs)
                    : (Value)builder.create<arith::OrIOp>(l, lhs, rhs);
      return CVal::of((Value)builder.create<arith::ExtUIOp>(l, resTy, r));
    }
    // The right side has effects: it runs only when C would run it.
    auto ifOp = builder.create<scf::IfOp>(l, TypeRange{builder.getI1Type()},
                                          lhs, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard g(builder);
      builder.setInsertionPointToStart(&ifOp.getThenRegion().front());
      Value v = op == clang::BO_LAnd
                    ? evalCond(rhsE)
                    : (Value)builder.create<arith::ConstantIntOp>(l, 1, 1);
      builder.create<scf::YieldOp>(l, v);
      builder.setInsertionPointToStart(&ifOp.getElseRegion().front());
      Value w = op == clang::BO_LOr
                    ? evalCond(rhsE)
                    : (Value)builder.create<arith::ConstantIntOp>(l, 0, 1);
      builder.create<scf::YieldOp>(l, w);
    }
    return CVal::of(
        (Value)builder.create<arith::ExtUIOp>(l, resTy, ifOp.getResult(0)));
  }

  bool lptr = lhsE->getType()->isPointerType();
  bool rptr = rhsE->getType()->isPointerType();
  if ((lptr || rptr) && (op == clang::BO_Add || op == clang::BO_Sub) &&
      !(lptr && rptr)) {
    const clang::Expr *pe = lptr ? lhsE : rhsE, *ie = lptr ? rhsE : lhsE;
    PtrVal p = evalPointer(pe);
    Idx k = makeIdx(ie);
    if (op == clang::BO_Sub)
      k = mulIdx(std::move(k), -1, l);
    return CVal::of(offsetPointer(*this, std::move(p), std::move(k), l));
  }
  // Two pointers to one complete object type, neither a null pointer
  // constant: C subtracts, and compares with < <= > >=, only pointers into
  // one object, where `p < q` is `p - q < 0` (docs/ir.md, "Pointer
  // comparisons"). == and != are the difference's test with 0 too: a loop
  // that steps p by one element until p != end fails reaches end, as the
  // difference says.
  if (lptr && rptr && (e->isComparisonOp() || op == clang::BO_Sub))
    if (std::optional<int64_t> bytes = comparedPointees(lhsE, rhsE, ctx)) {
      PtrVal lp = evalPointer(lhsE);
      PtrVal rp = evalPointer(rhsE);
      Value lv = pointerValue(lp, loc(lhsE)), rv = pointerValue(rp, loc(rhsE));
      Value d = builder.create<weft::PtrDiffOp>(
          l, builder.getIndexType(), lv, rv, builder.getI64IntegerAttr(*bytes));
      if (op == clang::BO_Sub)
        return CVal::of((Value)builder.create<arith::IndexCastOp>(
            l, convertScalarType(e->getType()), d));
      Value zero = builder.create<arith::ConstantIndexOp>(l, 0);
      return CVal::of(castScalar(compare(builder, l, op, d, zero, false),
                                 ctx.BoolTy, e->getType(), l));
    }
  if (lptr || rptr)
    return opaque(e, e->isComparisonOp() ? "a comparison of pointers"
                                         : "a difference of pointers");

  // Both operands are evaluated once, here; what the model cannot compute
  // from them is an opaque value of them.
  Value lhs = evalScalar(lhsE);
  Value rhs = evalScalar(rhsE);
  SmallVector<Value, 2> operands;
  for (Value v : {lhs, rhs})
    if (v)
      operands.push_back(v);
  if (!lhs || !rhs)
    return opaqueOf(e, operands, "an operand without a value");
  if (!arithmetic(lhs, rhs))
    return opaqueOf(e, operands, "an operation on aggregates");
  bool uns = isUnsigned(lhsE->getType());
  if (e->isComparisonOp()) {
    Value c = compare(builder, l, op, lhs, rhs, uns);
    return CVal::of(
        castScalar(c, ctx.BoolTy, e->getType(), l));
  }
  Value r = arithOp(builder, l, op, lhs, rhs, uns);
  if (!r)
    return opaqueOf(e, operands, "an operator weft does not model");
  return CVal::of(r);
}

CVal Importer::evalUnary(const clang::UnaryOperator *e) {
  Location l = loc(e);
  const clang::Expr *sub = e->getSubExpr();
  switch (e->getOpcode()) {
  case clang::UO_PreInc:
  case clang::UO_PreDec:
  case clang::UO_PostInc:
  case clang::UO_PostDec:
    return incDec(e);
  case clang::UO_AddrOf: {
    LVal lv = evalLValue(sub);
    if (lv.readOnly || !lv.memref)
      return opaque(e, "the address of a value without storage");
    PtrVal p;
    p.base = lv.memref;
    p.indices = std::move(lv.indices);
    p.pointee = sub->getType();
    return CVal::of(p);
  }
  case clang::UO_Deref:
    return loadCVal(evalLValue(e), l);
  case clang::UO_Plus:
  case clang::UO_Extension:
    return eval(sub);
  case clang::UO_Minus: {
    Value v = evalScalar(sub);
    if (!v || !v.getType().isIntOrFloat())
      return opaqueOf(e, v ? ValueRange{v} : ValueRange{},
                      "a negation weft does not model");
    if (isa<FloatType>(v.getType()))
      return CVal::of((Value)builder.create<arith::NegFOp>(l, v));
    return CVal::of(
        (Value)builder.create<arith::SubIOp>(l, zeroOf(v.getType(), l), v));
  }
  case clang::UO_Not: {
    Value v = evalScalar(sub);
    if (!v || !v.getType().isSignlessInteger())
      return opaqueOf(e, v ? ValueRange{v} : ValueRange{},
                      "a complement weft does not model");
    auto t = cast<IntegerType>(v.getType());
    Value ones = builder.create<arith::ConstantIntOp>(l, -1, t);
    return CVal::of((Value)builder.create<arith::XOrIOp>(l, v, ones));
  }
  case clang::UO_LNot: {
    Value c = evalCond(sub);
    Value t = builder.create<arith::ConstantIntOp>(l, 1, 1);
    Value n = builder.create<arith::XOrIOp>(l, c, t);
    return CVal::of(castScalar(n, ctx.BoolTy, e->getType(), l));
  }
  case clang::UO_Real:
  case clang::UO_Imag: {
    Value v = evalScalar(sub);
    return opaqueOf(e, v ? ValueRange{v} : ValueRange{},
                    "a complex number's real or imaginary part");
  }
  default:
    return unsupported(e, "unsupported",
                       (Twine("an operator weft does not model (") +
                        clang::UnaryOperator::getOpcodeStr(e->getOpcode()) +
                        ")")
                           .str());
  }
}

CVal Importer::incDec(const clang::UnaryOperator *e) {
  Location l = loc(e);
  LVal lv = evalLValue(e->getSubExpr());
  if (lv.readOnly) // cannot happen for a variable that is written
    return *lv.readOnly;
  int64_t delta = e->isIncrementOp() ? 1 : -1;
  clang::QualType t = e->getSubExpr()->getType();
  if (t->isPointerType()) {
    Value old = load(lv, l);
    auto add = builder.create<weft::PtrAddOp>(
        l, PtrType::get(&mlirCtx), old, builder.create<arith::ConstantIndexOp>(l, delta),
        builder.getI64IntegerAttr(sizeOf(t->getPointeeType())));
    store(lv, add, l);
    PtrVal p;
    p.raw = e->isPrefix() ? (Value)add : old;
    p.pointee = t->getPointeeType();
    return CVal::of(p);
  }
  // The lvalue is evaluated once, above; its new value is always stored,
  // computed or not.
  Value old = load(lv, l);
  Value nv;
  if (auto ft = dyn_cast<FloatType>(old.getType())) {
    llvm::APFloat d(ft.getFloatSemantics(), delta);
    nv = builder.create<arith::AddFOp>(
        l, old, builder.create<arith::ConstantFloatOp>(l, d, ft));
  } else if (auto it = dyn_cast<IntegerType>(old.getType())) {
    nv = builder.create<arith::AddIOp>(
        l, old, builder.create<arith::ConstantIntOp>(l, delta, it));
  } else {
    nv = builder.create<weft::OpaqueValueOp>(
        l, old.getType(), ValueRange{old},
        builder.getStringAttr("an increment weft does not model"));
  }
  store(lv, nv, l);
  return CVal::of(e->isPrefix() ? nv : old);
}

CVal Importer::assign(const clang::BinaryOperator *e) {
  Location l = loc(e);
  clang::QualType lt = e->getLHS()->getType();
  if (e->getOpcode() == clang::BO_Assign) {
    CVal rhs = eval(e->getRHS());
    LVal lv = evalLValue(e->getLHS());
    Value v = rhs.scalar ? rhs.scalar
              : rhs.ptr  ? pointerValue(*rhs.ptr, l)
                         : Value();
    if (!v && lt->isRecordType()) {
      // A struct assignment from something without a value: a write of the
      // whole destination.
      builder.create<weft::EffectsOp>(
          l, TypeRange{}, ValueRange{}, ValueRange{lv.memref},
          builder.getStringAttr("unsupported"),
          builder.getStringAttr("a struct assignment"), UnitAttr(),
          UnitAttr());
      return rhs;
    }
    store(lv, v, l);
    return rhs;
  }
  // Compound assignment: lhs = (lhs op rhs), computed in the computation
  // type Clang gives.
  const auto *cao = cast<clang::CompoundAssignOperator>(e);
  CVal rhs = eval(e->getRHS());
  LVal lv = evalLValue(e->getLHS());
  if (lt->isPointerType()) {
    Value old = load(lv, l);
    Value k = rhs.scalar ? rhs.scalar : zeroOf(builder.getIndexType(), l);
    if (!k.getType().isIndex() && k.getType().isSignlessInteger())
      k = toIndex(k, isUnsigned(e->getRHS()->getType()), l);
    if (e->getOpcode() == clang::BO_SubAssign)
      k = builder.create<arith::SubIOp>(l, zeroOf(k.getType(), l), k);
    Value nv = builder.create<weft::PtrAddOp>(
        l, PtrType::get(&mlirCtx), old, k, builder.getI64IntegerAttr(sizeOf(lt->getPointeeType())));
    store(lv, nv, l);
    PtrVal p;
    p.raw = nv;
    p.pointee = lt->getPointeeType();
    return CVal::of(p);
  }
  // Both sides are evaluated once, above; the new value is always stored,
  // computed or not.
  Value old = load(lv, l);
  Value k = rhs.scalar ? rhs.scalar
            : rhs.ptr  ? pointerValue(*rhs.ptr, l)
                       : Value();
  clang::QualType ct = cao->getComputationLHSType();
  Value nv;
  if (k) {
    Value a = castScalar(old, lt, ct, l);
    if (arithmetic(a, k))
      if (Value r = arithOp(
              builder, l,
              clang::BinaryOperator::getOpForCompoundAssignment(e->getOpcode()),
              a, k, isUnsigned(ct)))
        nv = castScalar(r, cao->getComputationResultType(), lt, l);
  }
  if (!nv)
    nv = builder.create<weft::OpaqueValueOp>(
        l, old.getType(), k ? ValueRange{old, k} : ValueRange{old},
        builder.getStringAttr("a compound assignment weft does not model"));
  store(lv, nv, l);
  return CVal::of(nv);
}

CVal Importer::evalConditional(const clang::AbstractConditionalOperator *e) {
  Location l = loc(e);
  const clang::Expr *te = e->getTrueExpr(), *fe = e->getFalseExpr();
  Value c = evalCond(e->getCond());
  clang::QualType t = e->getType();
  bool isVoid = t->isVoidType();
  if (!isVoid && !hasSideEffects(te) && !hasSideEffects(fe) &&
      (isScalarType(t))) {
    Value a = evalScalar(te), b = evalScalar(fe);
    if (a && b && a.getType() == b.getType())
      return asCVal(builder.create<arith::SelectOp>(l, c, a, b), t);
  }
  SmallVector<Type> types;
  if (!isVoid)
    types.push_back(convertScalarType(t));
  auto ifOp = builder.create<scf::IfOp>(l, types, c, /*withElse=*/true);
  for (int branch = 0; branch < 2; ++branch) {
    OpBuilder::InsertionGuard g(builder);
    Region &r = branch == 0 ? ifOp.getThenRegion() : ifOp.getElseRegion();
    // Without results, the builder has already put a yield in each block.
    if (isVoid)
      builder.setInsertionPoint(r.front().getTerminator());
    else
      builder.setInsertionPointToStart(&r.front());
    Value v = evalScalar(branch == 0 ? te : fe);
    if (isVoid)
      continue;
    if (!v || v.getType() != types[0])
      v = builder.create<weft::OpaqueValueOp>(
          l, types[0], v ? ValueRange{v} : ValueRange{},
          builder.getStringAttr("a conditional's value"));
    builder.create<scf::YieldOp>(l, v);
  }
  return asCVal(isVoid ? Value() : ifOp.getResult(0), t);
}
