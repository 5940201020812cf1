//===- WeftOps.cpp - Verifiers and interfaces of weft's ops -----------------===//
//
// The verifiers say what a well-formed weft op is; the memory-effect
// interfaces tell upstream passes what weft's ops may touch.
//
//===----------------------------------------------------------------------===//
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace weft;

#define GET_OP_CLASSES
#include "weft/Dialect/Weft/IR/WeftOps.cpp.inc"

//===----------------------------------------------------------------------===//
// FieldOp
//===----------------------------------------------------------------------===//

LogicalResult FieldOp::verify() {
  auto base = cast<MemRefType>(getBase().getType());
  auto result = cast<MemRefType>(getResult().getType());
  if (!isa<StructType>(base.getElementType()))
    return emitOpError("base must be a memref of !weft.struct, not ")
           << base;
  if (result.getRank() < base.getRank())
    return emitOpError("a field view cannot have fewer dimensions (")
           << result.getRank() << ") than its base (" << base.getRank() << ")";
  for (int64_t d = 0; d < base.getRank(); ++d)
    if (base.getDimSize(d) != result.getDimSize(d))
      return emitOpError("dimension ")
             << d << " of the field view (" << result.getDimSize(d)
             << ") differs from its base (" << base.getDimSize(d) << ")";
  auto elem = cast<StructType>(base.getElementType());
  int64_t offset = getOffset(), size = getSize();
  if (offset < 0 || size <= 0 || (uint64_t)(offset + size) > elem.getSize())
    return emitOpError("field bytes [")
           << offset << ", " << offset + size << ") lie outside the "
           << elem.getSize() << "-byte struct";
  return success();
}

//===----------------------------------------------------------------------===//
// FlatOp
//===----------------------------------------------------------------------===//

LogicalResult FlatOp::verify() {
  auto base = cast<MemRefType>(getBase().getType());
  auto result = cast<MemRefType>(getResult().getType());
  if (result.getRank() != 1)
    return emitOpError("result must be one-dimensional, not ") << result;
  if (base.getElementType() != result.getElementType())
    return emitOpError("element types differ: ")
           << base.getElementType() << " and " << result.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// AddrOp
//===----------------------------------------------------------------------===//

LogicalResult AddrOp::verify() {
  auto type = cast<MemRefType>(getBase().getType());
  if ((int64_t)getIndices().size() > type.getRank())
    return emitOpError("has ") << getIndices().size()
                               << " indices for a memref of rank "
                               << type.getRank();
  if (getIndices().empty() && type.getRank() > 0)
    return emitOpError("needs at least one index into a ranked memref");
  return success();
}

//===----------------------------------------------------------------------===//
// EffectsOp
//===----------------------------------------------------------------------===//

/// Operands of an effects op must be memory: a memref, or a C pointer.
static bool isMemory(Type t) { return isa<MemRefType, PtrType>(t); }

LogicalResult EffectsOp::verify() {
  for (Value v : getReads())
    if (!isMemory(v.getType()))
      return emitOpError("reads a ") << v.getType()
                                     << ", which is not memory";
  for (Value v : getWrites())
    if (!isMemory(v.getType()))
      return emitOpError("writes a ") << v.getType()
                                      << ", which is not memory";
  if (getReason().empty())
    return emitOpError("needs a reason");
  return success();
}

void EffectsOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &v : getReadsMutable())
    effects.emplace_back(MemoryEffects::Read::get(), &v);
  for (OpOperand &v : getWritesMutable())
    effects.emplace_back(MemoryEffects::Write::get(), &v);
  if (getUnknownReads())
    effects.emplace_back(MemoryEffects::Read::get());
  if (getUnknownWrites())
    effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // The callee must be declared (a definition, or a declaration of an
  // external function) so that analysis can look it up by name.
  auto fn = symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  if (!fn)
    return emitOpError("calls '") << getCallee()
                                  << "', which the module does not declare";
  return success();
}

void CallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Unknown to MLIR: weft's analysis summarizes the callee itself.
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// OpaqueLoopOp
//===----------------------------------------------------------------------===//

LogicalResult OpaqueLoopOp::verify() {
  StringRef kind = getKind();
  if (kind != "while" && kind != "do" && kind != "for")
    return emitOpError("kind must be while, do or for, not '") << kind << "'";
  if (getReason().empty())
    return emitOpError("needs a reason");
  if (!isa<ConditionOp>(getCondition().front().getTerminator()))
    return emitOpError("condition region must end with weft.condition");
  if (!isa<YieldOp>(getBody().front().getTerminator()))
    return emitOpError("body region must end with weft.yield");
  return success();
}
