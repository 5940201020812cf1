//===- Accesses.cpp - Rebuilding loads and stores -------------------------===//
#include "weft/Dialect/Weft/Transforms/Accesses.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

SmallVector<Value> weft::expandedMap(OpBuilder &b, AffineMap amap,
                                     ValueRange operands, const IRMapping &map,
                                     Location loc) {
  SmallVector<Value> seen;
  for (Value o : operands)
    seen.push_back(map.lookupOrDefault(o));
  auto out = affine::expandAffineMap(b, loc, amap, seen);
  assert(out && "an affine map of an op expands");
  return SmallVector<Value>(out->begin(), out->end());
}

SmallVector<Value> weft::accessIndices(OpBuilder &b, Operation *access,
                                       const IRMapping &map, Location loc) {
  if (auto load = dyn_cast<affine::AffineLoadOp>(access))
    return expandedMap(b, load.getAffineMap(), load.getMapOperands(), map, loc);
  if (auto store = dyn_cast<affine::AffineStoreOp>(access))
    return expandedMap(b, store.getAffineMap(), store.getMapOperands(), map,
                       loc);
  SmallVector<Value> out;
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
