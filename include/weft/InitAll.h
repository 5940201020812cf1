//===- InitAll.h - Register weft's dialects and passes --------------*- C++ -*-===//
//
// One place that knows every dialect a weft module uses and every weft pass,
// for the tools.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_INITALL_H
#define WEFT_INITALL_H

#include "weft/Dialect/Weft/IR/WeftDialect.h"
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"

namespace weft {

/// The dialects of a module imported from C.
inline void registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<WeftDialect, mlir::affine::AffineDialect,
                  mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect>();
}

/// weft's passes and its named pipeline.
inline void registerAllPasses() {
  registerWeftPasses();
  registerPipeline();
}

} // namespace weft

#endif // WEFT_INITALL_H
