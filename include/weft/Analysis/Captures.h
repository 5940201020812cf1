//===- Captures.h - How outlined code gets the C variables it uses --*- C++
//-*-===//
//
// An outlined copy of C code (a parallel loop's body, a task of a task graph)
// runs in a function of its own, which gets each C variable the code uses
// that is declared outside it: by value, by address, or by its name at file
// scope (CaptureKind). This file decides that for the variables that are
// none of a loop's special kinds (reductions, privates, last values).
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_CAPTURES_H
#define WEFT_ANALYSIS_CAPTURES_H

#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/DenseMap.h"

namespace weft {

/// Where each C variable (decl id) of a function lives in the model: a
/// local's memref.alloca, a global's memref.global.
struct DeclPlaces {
  llvm::DenseMap<int64_t, mlir::Value> allocas;
  llvm::DenseMap<int64_t, mlir::memref::GlobalOp> globals;
  /// The places of the function that holds `op`.
  explicit DeclPlaces(mlir::Operation *op);
  /// The memref type of a local or global array, or null.
  mlir::MemRefType typeOf(int64_t decl) const;
};

/// Does any op of `ops` (or nested in them) store to, or otherwise write,
/// the memref `m` (a store, an effects op, a call that gets it)?
bool writtenIn(llvm::ArrayRef<mlir::Operation *> ops, mlir::Value m);

/// How code made of `ops`, outlined from function `fn`, gets variable
/// `decl` when it is none of a loop's special kinds: a parameter, a value
/// kept in SSA form, or a local scalar the code never writes and whose
/// address is never taken by value (Firstprivate); a global at file scope
/// by its name (Global); any other local, and a static local, by address
/// (Shared).
CaptureKind plainCapture(int64_t decl, mlir::func::FuncOp fn,
                         const DeclPlaces &places,
                         llvm::ArrayRef<mlir::Operation *> ops);

} // namespace weft

#endif // WEFT_ANALYSIS_CAPTURES_H
