//===- Memory.h - Memory bases, views and alias classes --------------*- C++ -*-===//
//
// Every access in weft's model is to a memref that is either a memory base
// (a function argument, a memref.alloca, a memref.get_global, a weft.base) or
// a view of one (weft.field, weft.flat). This file finds the base behind a
// view, its alias class (docs/ir.md), and decides whether two bases may be the
// same memory. MLIR's affine analysis assumes two memref values never alias;
// weft never does.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_MEMORY_H
#define WEFT_ANALYSIS_MEMORY_H

#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace weft {

/// What a memory base is.
struct BaseInfo {
  mlir::Value base;        ///< the root memref
  AliasKind kind = AliasKind::pointer;
  bool escapes = false;    ///< an object other code may reach by pointer
  bool isCell = false;     ///< a 0-d scalar variable
  int64_t decl = -1;       ///< the C variable (weft.decl), or -1
  std::string name;        ///< the C spelling
  mlir::StringAttr symbol; ///< a global's symbol: the same memory in every
                           ///< function, whatever value reaches it
};

/// The base facts of a global, from its memref.global.
BaseInfo globalInfo(mlir::Operation *from, mlir::StringAttr symbol);

/// One step from a view to the memref it views.
struct ViewStep {
  enum Kind { Field, Flat } kind;
  int64_t offset = 0, size = 0; ///< Field: byte range within the element
  mlir::Value source;           ///< the viewed memref
};

/// The base behind a memref and the views on the way (outermost first).
struct MemPath {
  BaseInfo root;
  llvm::SmallVector<ViewStep> views;
};

/// Follows views back to the base and reads its alias attributes.
MemPath memPathOf(mlir::Value memref);

/// How two bases relate.
enum class Overlap {
  Never,  ///< distinct memory
  Same,   ///< the same base value
  Maybe,  ///< may overlap: a run-time check can tell
  Unknown ///< may overlap, and no check can tell (e.g. a base that changes
          ///< in every iteration)
};

/// Whether the memory of two bases may overlap (docs/ir.md, "Alias
/// classes"). `loop` is the loop under test: a weft.base defined inside it
/// is a different base in every iteration.
Overlap overlapOf(const BaseInfo &a, const BaseInfo &b, mlir::Operation *loop);

/// Is the value defined inside op's regions?
bool isDefinedInside(mlir::Value v, mlir::Operation *op);

} // namespace weft

#endif // WEFT_ANALYSIS_MEMORY_H
