//===- weft-opt.cpp - weft's MLIR pass driver --------------------------------===//
//
// Runs weft's passes, alone or as the named pipeline, on .mlir files: the
// weft analog of mlir-opt, for tests and debugging. Registers only the
// dialects that weft's imported modules use.
//
//===----------------------------------------------------------------------===//
#include "weft/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  weft::registerAllDialects(registry);
  weft::registerAllPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "weft optimizer driver\n", registry));
}
