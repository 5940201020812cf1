//===- Captures.cpp - How outlined code gets the C variables it uses
//-------===//
#include "weft/Analysis/Captures.h"
#include "weft/Analysis/Memory.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"

using namespace mlir;
using namespace weft;

DeclPlaces::DeclPlaces(Operation *op) {
  op->getParentOfType<func::FuncOp>().walk([&](memref::AllocaOp a) {
    if (auto d = a->getAttrOfType<IntegerAttr>("weft.decl"))
      allocas[d.getInt()] = a.getResult();
  });
  for (auto g : op->getParentOfType<ModuleOp>().getOps<memref::GlobalOp>())
    if (auto d = g->getAttrOfType<IntegerAttr>("weft.decl"))
      globals[d.getInt()] = g;
}

MemRefType DeclPlaces::typeOf(int64_t decl) const {
  if (auto it = allocas.find(decl); it != allocas.end())
    return cast<MemRefType>(it->second.getType());
  if (auto it = globals.find(decl); it != globals.end())
    return memref::GlobalOp(it->second).getType();
  return {};
}

bool weft::writtenIn(ArrayRef<Operation *> ops, Value m) {
  bool written = false;
  for (Operation *root : ops)
    root->walk([&](Operation *op) {
      if (written)
        return;
      if (isa<affine::AffineStoreOp, memref::StoreOp>(op)) {
        if (memPathOf(op->getOperand(1)).root.base == m)
          written = true;
      } else if (auto e = dyn_cast<EffectsOp>(op)) {
        for (Value w : e.getWrites())
          if (memPathOf(w).root.base == m)
            written = true;
      } else if (isa<CallOp>(op)) {
        for (Value a : op->getOperands())
          if (isa<MemRefType>(a.getType()) && memPathOf(a).root.base == m)
            written = true;
      }
    });
  return written;
}

CaptureKind weft::plainCapture(int64_t decl, func::FuncOp fn,
                               const DeclPlaces &places,
                               ArrayRef<Operation *> ops) {
  bool param = false;
  for (unsigned i = 0; i < fn.getNumArguments(); ++i)
    if (auto d = fn.getArgAttrOfType<IntegerAttr>(i, "weft.decl");
        d && d.getInt() == decl)
      param = true;
  if (auto it = places.globals.find(decl); it != places.globals.end()) {
    // A static local is a global of the model named "function.variable":
    // the outlined function cannot name it, so it gets its address.
    auto g = memref::GlobalOp(it->second);
    auto n = g->getAttrOfType<StringAttr>("weft.name");
    bool fileScope = n && n.getValue() == g.getSymName();
    return fileScope ? CaptureKind::Global : CaptureKind::Shared;
  }
  if (auto it = places.allocas.find(decl); it != places.allocas.end()) {
    // A variable in memory (a parameter the function assigns, too): by
    // value only when the code never writes it.
    auto type = cast<MemRefType>(it->second.getType());
    bool cell = type.getRank() == 0 && !isa<StructType>(type.getElementType());
    bool escapes = it->second.getDefiningOp()->hasAttr("weft.escapes");
    bool written = writtenIn(ops, it->second);
    if (param && !written)
      return CaptureKind::Firstprivate;
    return cell && !escapes && !written ? CaptureKind::Firstprivate
                                        : CaptureKind::Shared;
  }
  // A parameter never assigned, a value the importer keeps in SSA form (a
  // local assigned once and never through a pointer), or the counter of a
  // loop around the code.
  return CaptureKind::Firstprivate;
}
