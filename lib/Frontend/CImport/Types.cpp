//===- Types.cpp - C types to MLIR types ------------------------------------===//
//
// docs/ir.md, "Types": integers are signless and keep their C width; arrays
// and pointers become memrefs; what a memref cannot hold as an element
// (structs, pointers) becomes a weft type.
//
//===----------------------------------------------------------------------===//
#include "ImportInternals.h"

#include "clang/AST/RecordLayout.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace weft;
using namespace weft::detail;

bool Importer::isScalarType(clang::QualType t) {
  t = t.getCanonicalType();
  if (const auto *at = t->getAs<clang::AtomicType>())
    t = at->getValueType().getCanonicalType();
  return t->isIntegerType() || t->isRealFloatingType() || t->isPointerType() ||
         t->isEnumeralType();
}

bool Importer::isUnsigned(clang::QualType t) {
  t = t.getCanonicalType();
  if (const auto *et = t->getAs<clang::EnumType>())
    t = et->getDecl()->getIntegerType();
  return t->isUnsignedIntegerType() || t->isBooleanType();
}

uint64_t Importer::sizeOf(clang::QualType t) {
  if (t->isIncompleteType() || t->isDependentType() ||
      t->isVariablyModifiedType() || t->isFunctionType())
    return 1;
  return ctx.getTypeSizeInChars(t).getQuantity();
}

Type Importer::convertScalarType(clang::QualType t) {
  t = t.getCanonicalType();
  // An atomic value has its value type's representation; accesses to atomic
  // objects are weft.effects (Exprs.cpp).
  if (const auto *at = t->getAs<clang::AtomicType>())
    t = at->getValueType().getCanonicalType();
  if (const auto *et = t->getAs<clang::EnumType>())
    t = et->getDecl()->getIntegerType().getCanonicalType();
  if (t->isBooleanType())
    return builder.getI1Type();
  if (t->isIntegerType())
    return builder.getIntegerType(ctx.getTypeSize(t));
  if (t->isRealFloatingType()) {
    const llvm::fltSemantics &sem = ctx.getFloatTypeSemantics(t);
    if (&sem == &llvm::APFloat::IEEEhalf())
      return builder.getF16Type();
    if (&sem == &llvm::APFloat::BFloat())
      return builder.getBF16Type();
    if (&sem == &llvm::APFloat::IEEEsingle())
      return builder.getF32Type();
    if (&sem == &llvm::APFloat::IEEEdouble())
      return builder.getF64Type();
    if (&sem == &llvm::APFloat::x87DoubleExtended())
      return builder.getF80Type();
    if (&sem == &llvm::APFloat::IEEEquad())
      return builder.getF128Type();
    return builder.getF64Type(); // PPC double-double: close enough a model
  }
  if (t->isPointerType() || t->isBlockPointerType())
    return PtrType::get(&mlirCtx);
  if (const auto *rt = t->getAs<clang::RecordType>()) {
    const clang::RecordDecl *rd = rt->getDecl();
    std::string name = rd->getName().str();
    if (name.empty())
      name = rd->isUnion() ? "union" : "struct";
    return StructType::get(&mlirCtx, name, sizeOf(t));
  }
  // Complex numbers, vectors, atomics of structs...: one opaque element of
  // the right size, so that memory still has the right extent.
  return StructType::get(&mlirCtx, t.getAsString(), sizeOf(t));
}

Value Importer::vlaSize(const clang::Expr *e) {
  auto it = vlaSizes.find(e);
  if (it != vlaSizes.end())
    return it->second;
  Value v = evalIndex(e);
  vlaSizes[e] = v;
  return v;
}

void Importer::evalVlaSizes(clang::QualType t) {
  for (const clang::Type *ty = t.getTypePtrOrNull(); ty;) {
    if (const auto *vla = dyn_cast<clang::VariableArrayType>(ty)) {
      if (vla->getSizeExpr())
        (void)vlaSize(vla->getSizeExpr());
      ty = vla->getElementType().getTypePtrOrNull();
    } else if (const auto *at = dyn_cast<clang::ArrayType>(ty)) {
      ty = at->getElementType().getTypePtrOrNull();
    } else if (const auto *pt = dyn_cast<clang::PointerType>(ty)) {
      ty = pt->getPointeeType().getTypePtrOrNull();
    } else if (const auto *pt = dyn_cast<clang::ParenType>(ty)) {
      ty = pt->getInnerType().getTypePtrOrNull();
    } else if (const auto *et = dyn_cast<clang::ElaboratedType>(ty)) {
      ty = et->getNamedType().getTypePtrOrNull();
    } else if (const auto *at = dyn_cast<clang::AttributedType>(ty)) {
      ty = at->getModifiedType().getTypePtrOrNull();
    } else if (const auto *mt = dyn_cast<clang::MacroQualifiedType>(ty)) {
      ty = mt->getUnderlyingType().getTypePtrOrNull();
    } else {
      break; // a typedef name (evaluated at its typedef), or no array
    }
  }
}

void Importer::arrayDims(clang::QualType t, SmallVectorImpl<int64_t> &dims,
                         SmallVectorImpl<const clang::Expr *> *vlaSizes,
                         clang::QualType &elem) {
  t = t.getCanonicalType();
  while (const clang::ArrayType *at = ctx.getAsArrayType(t)) {
    if (const auto *ca = dyn_cast<clang::ConstantArrayType>(at)) {
      uint64_t n = ca->getSize().getZExtValue();
      dims.push_back(n == 0 ? ShapedType::kDynamic : (int64_t)n);
    } else {
      dims.push_back(ShapedType::kDynamic);
      if (vlaSizes) {
        const auto *va = dyn_cast<clang::VariableArrayType>(at);
        vlaSizes->push_back(va ? va->getSizeExpr() : nullptr);
      }
    }
    t = at->getElementType().getCanonicalType();
  }
  elem = t;
}

Type Importer::elementTypeFor(clang::QualType t) {
  SmallVector<int64_t> dims;
  clang::QualType elem;
  arrayDims(t, dims, nullptr, elem);
  return convertScalarType(elem);
}

MemRefType Importer::memrefTypeFor(clang::QualType t) {
  SmallVector<int64_t> dims;
  clang::QualType elem;
  arrayDims(t, dims, nullptr, elem);
  return MemRefType::get(dims, convertScalarType(elem));
}

MemRefType Importer::memrefTypeForPointee(clang::QualType pointee) {
  // A pointer to T indexes a sequence of T: one more (dynamic) dimension in
  // front of T's own.
  SmallVector<int64_t> dims{ShapedType::kDynamic};
  clang::QualType elem;
  if (pointee->isVoidType() || pointee->isFunctionType() ||
      pointee->isIncompleteType()) {
    return MemRefType::get(dims, builder.getI8Type());
  }
  arrayDims(pointee, dims, nullptr, elem);
  return MemRefType::get(dims, convertScalarType(elem));
}
