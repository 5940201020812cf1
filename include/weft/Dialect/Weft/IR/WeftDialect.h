//===- WeftDialect.h - The weft dialect ---------------------------*- C++ -*-===//
//
// Declares the weft dialect, its types, attributes and ops. One header for
// all of them: the dialect is small.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_IR_WEFTDIALECT_H
#define WEFT_DIALECT_WEFT_IR_WEFTDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "weft/Dialect/Weft/IR/WeftOpsDialect.h.inc"

#include "weft/Dialect/Weft/IR/WeftEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "weft/Dialect/Weft/IR/WeftAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "weft/Dialect/Weft/IR/WeftOpsTypes.h.inc"

namespace weft {
/// The resource that weft's control-transfer ops (`weft.break`, ...) write,
/// so that they are never removed as dead.
struct ControlResource
    : public mlir::SideEffects::Resource::Base<ControlResource> {
  llvm::StringRef getName() final { return "weft.control"; }
};
} // namespace weft

#define GET_OP_CLASSES
#include "weft/Dialect/Weft/IR/WeftOps.h.inc"

#endif // WEFT_DIALECT_WEFT_IR_WEFTDIALECT_H
