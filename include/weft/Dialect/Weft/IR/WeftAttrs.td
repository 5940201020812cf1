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

def Weft_CaptureShared : I32EnumAttrCase<"Shared", 0, "shared">;
def Weft_CaptureFirstprivate : I32EnumAttrCase<"Firstprivate", 1, "firstprivate">;
def Weft_CapturePrivate : I32EnumAttrCase<"Private", 2, "private">;
def Weft_CaptureLastprivate : I32EnumAttrCase<"Lastprivate", 3, "lastprivate">;
def Weft_CaptureReduction : I32EnumAttrCase<"Reduction", 4, "reduction">;
def Weft_CaptureCounter : I32EnumAttrCase<"Counter", 5, "counter">;
def Weft_CaptureGlobal : I32EnumAttrCase<"Global", 6, "global">;
def Weft_CaptureCondLastprivate
    : I32EnumAttrCase<"CondLastprivate", 7, "cond_lastprivate">;
def Weft_CaptureArrayReduction
    : I32EnumAttrCase<"ArrayReduction", 8, "array_reduction">;
def Weft_CapturePrivateCopy
    : I32EnumAttrCase<"PrivateCopy", 9, "private_copy">;
def Weft_CaptureInduction : I32EnumAttrCase<"Induction", 10, "induction">;

def Weft_CaptureKind : I32EnumAttr<"CaptureKind",
    "how an outlined loop gets a C variable",
    [Weft_CaptureShared, Weft_CaptureFirstprivate, Weft_CapturePrivate,
     Weft_CaptureLastprivate, Weft_CaptureReduction, Weft_CaptureCounter,
     Weft_CaptureGlobal, Weft_CaptureCondLastprivate,
     Weft_CaptureArrayReduction, Weft_CapturePrivateCopy,
     Weft_CaptureInduction]> {
  let cppNamespace = "::weft";
  let genSpecializedAttr = 0;
}

def Weft_CaptureAttr : AttrDef<Weft_Dialect, "Capture"> {
  let mnemonic = "capture";
  let summary = "how an outlined loop gets one C variable";
  let description = [{
    One C variable that a `weft.task` uses and that is declared outside its
    loop (docs/outline.md):
    - `shared`: memory the task reaches by address (an array, a struct, a
      static local, a variable the loop writes through a pointer);
    - `firstprivate`: a value read and never written in the loop, copied in;
    - `private`: each chunk has its own, uninitialized copy;
    - `lastprivate`: private, and the copy of the chunk that runs the last
      iteration is copied out after the loop;
    - `cond_lastprivate`: private, written in only some iterations: each
      chunk records its copy and whether it wrote it, and the last chunk
      in order that did gives the value after the loop (OpenMP's
      `lastprivate(conditional:)`);
    - `reduction`: each chunk has its own partial result, combined in chunk
      order after the loop; `op` is the combine: `add`, `mul`, `and`, `or`,
      `xor`, `fmin`, `fmax`, or `min`/`max` with the predicate under which a
      value replaces the partial (`max:gt` for `if (x > m) m = x`);
    - `array_reduction`: an array of known size that the loop only updates
      (`h[k] = h[k] op x`): each team member updates its own copy, and the
      copies are combined into the array after the loop; `op` is `add`,
      `mul`, `and`, `or` or `xor` (integers only);
    - `private_copy`: a private array too large for the stack of the
      thread that runs a chunk: each team member has its own uninitialized
      copy, in memory libweft allocates (docs/analysis.md, "Private
      arrays");
    - `counter`: the loop's own counter, declared before it;
    - `induction`: another variable that the loop steps by a constant in
      every iteration (`j += 2`, weft.inductions): each iteration sets its
      own from the variable's value before the loop, and the variable gets
      its exit value after the loop; `op` is the step, in decimal;
    - `global`: a variable at file scope, named directly.

    ```mlir
    #weft.capture<reduction, "sum", 7, "add">
    ```
  }];
  let parameters = (ins EnumParameter<Weft_CaptureKind>:$kind,
                        StringRefParameter<"the C name">:$name,
                        "int64_t":$decl,
                        StringRefParameter<"the combine of a reduction", "\"\"">:$op);
  let assemblyFormat = "`<` $kind `,` $name `,` $decl (`,` $op^)? `>`";
  let genVerifyDecl = 1;
}

#endif // WEFT_DIALECT_WEFT_IR_WEFTATTRS_TD
