//===- Accesses.cpp - Rebuilding loads and stores
//---------------------------===//
#include "weft/Dialect/Weft/Transforms/Accesses.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

SmallVector<Value> weft::accessIndices(OpBuilder &b, Operation *access,
                                       const IRMapping &map, Location loc) {
  SmallVector<Value> out;
  auto load = dyn_cast<affine::AffineLoadOp>(access);
  auto store = dyn_cast<affine::AffineStoreOp>(access);
  if (load || store) {
    SmallVector<Value> operands;
    for (Value o : load ? load.getMapOperands() : store.getMapOperands())
      operands.push_back(map.lookupOrDefault(o));
    auto idx = affine::expandAffineMap(
        b, loc, load ? load.getAffineMap() : store.getAffineMap(), operands);
    assert(idx && "an affine access's map expands");
    out.append(idx->begin(), idx->end());
    return out;
  }
  ValueRange indices = isa<memref::LoadOp>(access)
                           ? cast<memref::LoadOp>(access).getIndices()
                           : cast<memref::StoreOp>(access).getIndices();
  for (Value i : indices)
    out.push_back(map.lookupOrDefault(i));
  return out;
}

Operation *weft::memrefAccess(OpBuilder &b, Operation *access, Value mem,
                              ValueRange indices, IRMapping &map) {
  Operation *made;
  if (isa<affine::AffineLoadOp, memref::LoadOp>(access)) {
    made = b.create<memref::LoadOp>(access->getLoc(), mem, indices);
    map.map(access->getResult(0), made->getResult(0));
  } else {
    Value stored = isa<affine::AffineStoreOp>(access)
                       ? cast<affine::AffineStoreOp>(access).getValueToStore()
                       : cast<memref::StoreOp>(access).getValueToStore();
    made = b.create<memref::StoreOp>(access->getLoc(),
                                     map.lookupOrDefault(stored), mem, indices);
  }
  for (NamedAttribute a : access->getDiscardableAttrs())
    made->setAttr(a.getName(), a.getValue());
  return made;
}
