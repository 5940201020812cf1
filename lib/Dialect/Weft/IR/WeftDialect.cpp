//===- WeftDialect.cpp - The weft dialect -----------------------------------===//
//
// Registers the weft dialect's types, attributes and ops.
//
//===----------------------------------------------------------------------===//
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace weft;

#include "weft/Dialect/Weft/IR/WeftOpsDialect.cpp.inc"

#include "weft/Dialect/Weft/IR/WeftEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "weft/Dialect/Weft/IR/WeftAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "weft/Dialect/Weft/IR/WeftOpsTypes.cpp.inc"

void WeftDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "weft/Dialect/Weft/IR/WeftOps.cpp.inc"
      >();
}

void WeftDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "weft/Dialect/Weft/IR/WeftOpsTypes.cpp.inc"
      >();
}

void WeftDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "weft/Dialect/Weft/IR/WeftAttrs.cpp.inc"
      >();
}
