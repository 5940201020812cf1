//===- WeftDialect.td - The weft dialect -------------------*- tablegen -*-===//
//
// The dialect that carries what MLIR's upstream dialects cannot say about C:
// memory and effects the importer could not model precisely (with the reason),
// pointers and struct fields, C control flow that is not structured, and
// later the parallel tasks that weft outlines.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_IR_WEFTDIALECT_TD
#define WEFT_DIALECT_WEFT_IR_WEFTDIALECT_TD

include "mlir/IR/OpBase.td"

def Weft_Dialect : Dialect {
  let name = "weft";
  let summary = "C loop nests as weft models them for parallelization";
  let description = [{
    The weft dialect sits beside `func`, `affine`, `scf`, `arith` and `memref`
    in a module imported from C (docs/ir.md has the full contract). It models
    what those cannot: C pointers whose target is unknown, struct fields,
    statements with explicit (or unknown) memory effects, loops that cannot be
    counted, and C control flow (`break`, `continue`, `goto`, early `return`).
    Nothing the importer meets is dropped: what it cannot model precisely
    becomes a weft op with conservative effects and the reason.
  }];
  let cppNamespace = "::weft";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

class Weft_Op<string mnemonic, list<Trait> traits = []>
    : Op<Weft_Dialect, mnemonic, traits>;

#endif // WEFT_DIALECT_WEFT_IR_WEFTDIALECT_TD
