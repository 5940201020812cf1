//===- WeftAttrs.td - Attributes of the weft dialect -------*- tablegen -*-===//
//
// Alias classes and effect kinds.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_IR_WEFTATTRS_TD
#define WEFT_DIALECT_WEFT_IR_WEFTATTRS_TD

include "weft/Dialect/Weft/IR/WeftDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Weft_AliasObject : I32EnumAttrCase<"object", 0>;
def Weft_AliasPointer : I32EnumAttrCase<"pointer", 1>;
def Weft_AliasRestrict : I32EnumAttrCase<"restrict", 2>;

def Weft_AliasKind : I32EnumAttr<"AliasKind",
    "what a memory base is, for aliasing",
    [Weft_AliasObject, Weft_AliasPointer, Weft_AliasRestrict]> {
  let cppNamespace = "::weft";
  let genSpecializedAttr = 0;
}

def Weft_AliasKindAttr : EnumAttr<Weft_Dialect, Weft_AliasKind, "alias"> {
  let summary = "the alias class of a memory base";
  let description = [{
    Every memref that stands for C memory carries one (docs/ir.md):
    - `object`: a named object (a local or global array or scalar). Two
      different objects never overlap. An object that `escapes` (its address
      is taken, or it is a global visible to other files) may also be reached
      through a `pointer`.
    - `pointer`: the memory behind a C pointer whose target is unknown. It may
      overlap any other `pointer` and any escaping `object`.
    - `restrict`: a `restrict`-qualified pointer: within its function, the
      memory reached through it is reached through nothing else.
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // WEFT_DIALECT_WEFT_IR_WEFTATTRS_TD
