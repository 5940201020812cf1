//===- Accesses.h - Rebuilding loads and stores -----------------*- C++ -*-===//
//
// What passes that move a load or a store onto other memory or other
// subscripts share: an access's subscripts as values, and a memref access
// made from them (affine maps over values that are not affine where the
// access goes become arith).
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_TRANSFORMS_ACCESSES_H
#define WEFT_DIALECT_WEFT_TRANSFORMS_ACCESSES_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace weft {

/// The results of affine map `amap` on `operands` (seen through `map`) as
/// arith ops at `loc`, at `b`'s insertion point.
llvm::SmallVector<mlir::Value>
expandedMap(mlir::OpBuilder &b, mlir::AffineMap amap, mlir::ValueRange operands,
            const mlir::IRMapping &map, mlir::Location loc);

/// The subscripts of `access` (an affine or memref load or store) as index
/// values, its operands seen through `map`: an affine map's results are
/// expanded into arith ops (at `loc`) at `b`'s insertion point.
llvm::SmallVector<mlir::Value> accessIndices(mlir::OpBuilder &b,
                                             mlir::Operation *access,
                                             const mlir::IRMapping &map,
                                             mlir::Location loc);

/// A memref.load or memref.store doing what `access` does (storing its
/// value, seen through `map`) on `mem` at `indices`, at `b`'s insertion
/// point, with `access`'s location and discardable attributes. A load's
/// result is mapped in `map` to the new one's.
mlir::Operation *memrefAccess(mlir::OpBuilder &b, mlir::Operation *access,
                              mlir::Value mem, mlir::ValueRange indices,
                              mlir::IRMapping &map);

} // namespace weft

#endif
