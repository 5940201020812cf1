//===- WeftOps.td - Types and ops of the weft dialect ------*- tablegen -*-===//
//
// The ops the C importer emits where `affine`, `scf`, `arith` and `memref`
// cannot say what C does. docs/ir.md describes how C maps onto them.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_IR_WEFTOPS_TD
#define WEFT_DIALECT_WEFT_IR_WEFTOPS_TD

include "weft/Dialect/Weft/IR/WeftDialect.td"
include "weft/Dialect/Weft/IR/WeftAttrs.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Weft_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Weft_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Weft_PtrType : Weft_Type<"Ptr", "ptr", [MemRefElementTypeInterface]> {
  let summary = "a C pointer value";
  let description = [{
    A C pointer whose target the importer does not resolve to a memref (a
    pointer loaded from memory, returned by a call, or changed by pointer
    arithmetic in a loop). Memory reached through it is a `weft.base`.
  }];
}

def Weft_StructType : Weft_Type<"Struct", "struct",
                                 [MemRefElementTypeInterface]> {
  let summary = "a C struct or union, as one memory element";
  let description = [{
    A whole struct or union: the element type of a memref that stands for an
    array of structs. Accesses to one field go through a `weft.field` view.
    `size` is the C sizeof in bytes.

    ```mlir
    memref<?x!weft.struct<"point", 24>>
    ```
  }];
  let parameters = (ins StringRefParameter<"the C tag">:$name,
                        "uint64_t":$size);
  let assemblyFormat = "`<` $name `,` $size `>`";
}

//===----------------------------------------------------------------------===//
// Memory bases and addresses
//===----------------------------------------------------------------------===//

def Weft_BaseOp : Weft_Op<"base", [Pure]> {
  let summary = "the memory behind a C pointer, as a memref";
  let description = [{
    Views the memory a C pointer points to as a memref whose element 0 is at
    the pointer. Without an operand it stands for a pointer the importer could
    not evaluate. `name` is the C spelling, for remarks; `alias` is the alias
    class (`pointer` unless known better).

    A `weft.base` defined inside a loop may be a different object in every
    iteration: analysis treats it so.

    ```mlir
    %p = weft.base %ptr {name = "s->data", alias = #weft.alias<pointer>}
        : (!weft.ptr) -> memref<?xf64>
    ```
  }];
  let arguments = (ins Optional<Weft_PtrType>:$ptr, StrAttr:$name,
                       Weft_AliasKindAttr:$alias);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    ($ptr^)? attr-dict `:` functional-type($ptr, $result)
  }];
}

def Weft_FieldOp : Weft_Op<"field", [Pure]> {
  let summary = "a view of one field of every struct in an array";
  let description = [{
    `base` is a memref of `!weft.struct`; the result views field `field`
    (at byte `offset`, `size` bytes long) of each element, with the same
    leading dimensions. An array field adds trailing dimensions. Two views of
    different fields of one base do not overlap (unless the struct is a union:
    then their byte ranges decide).

    ```mlir
    %x = weft.field %s {field = "x", offset = 0 : i64, size = 8 : i64}
        : memref<?x!weft.struct<"point", 24>> -> memref<?xf64>
    ```
  }];
  let arguments = (ins AnyMemRef:$base, StrAttr:$field, I64Attr:$offset,
                       I64Attr:$size);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$base attr-dict `:` type($base) `->` type($result)";
  let hasVerifier = 1;
}

def Weft_FlatOp : Weft_Op<"flat", [Pure]> {
  let summary = "a one-dimensional view of a multi-dimensional array";
  let description = [{
    The elements of `base` in C's row-major order, as a one-dimensional
    memref: what a pointer to an element of a multi-dimensional array sees
    once it is offset (`&A[i][0] + k`). Analysis compares accesses through
    this view with accesses to `base` by linear offset.

    ```mlir
    %f = weft.flat %A : memref<64x64xf64> -> memref<?xf64>
    ```
  }];
  let arguments = (ins AnyMemRef:$base);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$base attr-dict `:` type($base) `->` type($result)";
  let hasVerifier = 1;
}

def Weft_AddrOp : Weft_Op<"addr", [Pure]> {
  let summary = "the address of an element of a memref, as a C pointer";
  let description = [{
    `&base[i][j]` (or `base + i` when fewer indices than the rank are given:
    a pointer to a row). Used where a pointer leaves the model: call
    arguments, pointers stored to memory.

    ```mlir
    %p = weft.addr %a[%i] : memref<?xf64>
    ```
  }];
  let arguments = (ins AnyMemRef:$base, Variadic<Index>:$indices);
  let results = (outs Weft_PtrType:$result);
  let assemblyFormat = "$base `[` $indices `]` attr-dict `:` type($base)";
  let hasVerifier = 1;
}

def Weft_PtrAddOp : Weft_Op<"ptr_add", [Pure]> {
  let summary = "C pointer arithmetic on an unresolved pointer";
  let arguments = (ins Weft_PtrType:$ptr, AnySignlessIntegerOrIndex:$offset,
                       I64Attr:$elem_size);
  let results = (outs Weft_PtrType:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($offset)";
}

def Weft_PtrDiffOp : Weft_Op<"ptr_diff", [Pure]> {
  let summary = "C's difference of two pointers, in elements";
  let description = [{
    `lhs - rhs` of two pointers to the same complete object type, counted
    in elements of `elem_size` bytes, as C counts it. C compares pointers
    (`p < end`) only within one object, where the comparison is that of
    their difference with 0: the importer makes `p < end` of
    `weft.ptr_diff %p, %end` (docs/ir.md, "Pointer comparisons").

    ```mlir
    %d = weft.ptr_diff %end, %p {elem_size = 4 : i64}
    ```
  }];
  let arguments = (ins Weft_PtrType:$lhs, Weft_PtrType:$rhs,
                       I64Attr:$elem_size);
  let results = (outs Index:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

//===----------------------------------------------------------------------===//
// Statements with explicit effects, calls, unmodelled values
//===----------------------------------------------------------------------===//

def Weft_EffectsOp : Weft_Op<"effects", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a statement or expression with explicit memory effects";
  let description = [{
    What the importer could not model precisely, with its `reason` and
    `kind` (`asm`, `volatile`, `atomic`, `setjmp`, `openmp`, `vector`,
    `bitfield`, `unsupported`, ...). It reads the memrefs in `reads` and writes
    those in `writes`, anywhere in them. With `unknown_reads` or
    `unknown_writes` it may also read or write any memory that escapes.
    Optional results stand for the values the statement produces.

    ```mlir
    weft.effects reads(%a : memref<?xf64>) writes()
        {kind = "asm", reason = "inline assembly", unknown_writes}
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$reads, Variadic<AnyType>:$writes,
                       StrAttr:$kind, StrAttr:$reason,
                       UnitAttr:$unknown_reads, UnitAttr:$unknown_writes);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    `reads` `(` ($reads^ `:` type($reads))? `)`
    `writes` `(` ($writes^ `:` type($writes))? `)`
    attr-dict (`->` type($results)^)?
  }];
  let hasVerifier = 1;
}

def Weft_CallOp : Weft_Op<"call", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a C function call";
  let description = [{
    A call to `callee`, with scalar arguments as values and pointer arguments
    as `!weft.ptr` (from `weft.addr`). Unlike `func.call`, the signature is
    not checked against a `func.func` of the same name: a callee defined in
    the file takes its pointers as memrefs. Its effects are unknown to MLIR;
    weft's analysis summarizes callees it can see (docs/ir.md).

    ```mlir
    %y = weft.call @sin(%x) : (f64) -> f64
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
}

def Weft_OpaqueValueOp : Weft_Op<"opaque_value", [Pure]> {
  let summary = "a value the model does not compute";
  let description = [{
    A value computed from `operands` in a way the model does not follow
    (pointer comparisons, bitfields, casts between pointers and integers, ...),
    with the `reason`. It has no memory effects: reads that feed it are
    separate ops.
  }];
  let arguments = (ins Variadic<AnyType>:$operands, StrAttr:$reason);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    ($operands^ `:` type($operands))? attr-dict `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def Weft_YieldOp : Weft_Op<"yield", [Pure, Terminator,
    HasParent<"OpaqueLoopOp">]> {
  let summary = "ends a region of a weft op";
  let assemblyFormat = "attr-dict";
}

def Weft_ConditionOp : Weft_Op<"condition", [Pure, Terminator,
    HasParent<"OpaqueLoopOp">]> {
  let summary = "ends the condition region of an opaque loop";
  let arguments = (ins I1:$condition);
  let assemblyFormat = "$condition attr-dict";
}

def Weft_OpaqueLoopOp : Weft_Op<"opaque_loop", [
    RecursiveMemoryEffects]> {
  let summary = "a loop that cannot be counted";
  let description = [{
    A `while`, a `do`, or a `for` that weft cannot count: its trip count is
    unknown, its counter or bound changes in the body, or it exits early.
    `reason` says why (with the source location of the culprit when there is
    one). The `condition` region computes the exit test; the `body` region
    holds the body (and, for a `for`, the increment). Both run an unknown
    number of times; a `do` runs its body before the first test.

    ```mlir
    weft.opaque_loop {kind = "while", reason = "a while loop",
                      weft.loop_id = 3 : i64} condition {
      ...
      weft.condition %c
    } body {
      ...
      weft.yield
    }
    ```
  }];
  let arguments = (ins StrAttr:$kind, StrAttr:$reason);
  let regions = (region SizedRegion<1>:$condition, SizedRegion<1>:$body);
  let assemblyFormat = [{
    attr-dict `condition` $condition `body` $body
  }];
  let hasVerifier = 1;
}

def Weft_SwitchOp : Weft_Op<"switch", [RecursiveMemoryEffects,
    NoTerminator, SingleBlock]> {
  let summary = "a C switch statement";
  let description = [{
    The body of a `switch` on `value`, in source order. Any part of it may
    run or not: analysis treats every op inside as conditional. A `break`
    inside ends the switch, not an enclosing loop. The importer also uses it,
    with `weft.once`, for `do { ... } while (0)`: a block that a `break` may
    leave early.
  }];
  let arguments = (ins AnySignlessInteger:$value);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$value `:` type($value) attr-dict-with-keyword $body";
}

// Control transfers. They are ops, not terminators, so that the structured
// regions around them stay well-formed; analysis reads them as marks: what
// follows a mark in its block (and in enclosing blocks, up to the construct
// it leaves) may not run. They declare a write to a control resource so that
// no pass removes them as dead.
def Weft_ControlResource : Resource<"::weft::ControlResource">;

class Weft_JumpOp<string mnemonic, list<Trait> traits = []>
    : Weft_Op<mnemonic, !listconcat(traits,
        [MemoryEffects<[MemWrite<Weft_ControlResource>]>])>;

def Weft_BreakOp : Weft_JumpOp<"break"> {
  let summary = "C `break`: leaves the innermost loop or switch";
  let assemblyFormat = "attr-dict";
}

def Weft_ContinueOp : Weft_JumpOp<"continue"> {
  let summary = "C `continue`: ends the current iteration";
  let assemblyFormat = "attr-dict";
}

def Weft_ReturnOp : Weft_JumpOp<"return"> {
  let summary = "C `return` from inside a construct (not the function's end)";
  let arguments = (ins Optional<AnyType>:$value);
  let assemblyFormat = "($value^ `:` type($value))? attr-dict";
}

def Weft_GotoOp : Weft_JumpOp<"goto"> {
  let summary = "C `goto`";
  let arguments = (ins StrAttr:$label);
  let assemblyFormat = "$label attr-dict";
}

def Weft_LabelOp : Weft_JumpOp<"label"> {
  let summary = "a C label (a target of `goto`)";
  let arguments = (ins StrAttr:$label);
  let assemblyFormat = "$label attr-dict";
}

def Weft_CaseOp : Weft_JumpOp<"case"> {
  let summary = "a C `case` or `default` label: where a switch may enter";
  let description = [{
    Control may arrive here from the `weft.switch` the label belongs to,
    without running what precedes it. `label` is its C spelling (`case 3`,
    `default`). Directly in its switch's body it is an ordinary entry point;
    nested in another construct (an `if`, a loop: Duff's device), the switch
    jumps into that construct, and analysis leaves every loop around the
    label sequential.
  }];
  let arguments = (ins StrAttr:$label);
  let assemblyFormat = "$label attr-dict";
}

//===----------------------------------------------------------------------===//
// Tasks
//===----------------------------------------------------------------------===//

def Weft_TaskOp : Weft_Op<"task", [RecursiveMemoryEffects, NoTerminator,
    SingleBlock]> {
  let summary = "a loop chosen to run in parallel, as an outlined task";
  let description = [{
    Wraps one loop (the only op of its region, with `weft.loop_id` equal to
    `loop_id`) that weft runs in parallel. `name` is the C function the
    rewriter outlines the loop into. `captures` lists every C variable the
    loop uses that is declared outside it, with how the task gets it
    (`#weft.capture`). `guards` are the run-time overlap checks planned by
    detection (docs/analysis.md); the parallel version also runs only when the
    trip count is at least `min_trip`. `work_per_iter` is the estimated time
    of one iteration in ns. `noalias` lists the decl ids of the captured
    variables through which alone the loop reaches their memory (detection's
    `weft.noalias`): the outlined loop takes them as restrict pointers.

    `weft-assign-cores` adds the loop descriptor of the runtime contract
    (runtime/include/weft.h): `shape` (`uniform`, or `linear` with the cost of
    iteration k being `cost0 + cost1 * k`, both polynomials over C variables
    in the form of docs/analysis.md) and `region_id`. `weft-frequency-hints`
    adds `bytes_per_iter`, the estimated bytes one iteration moves from
    memory, and the region's `intent`: `compute` or `memory` (bound), for
    the runtime's frequency hints; none for a region too short to hint.

    `weft-fuse-regions` puts consecutive tasks into one parallel region:
    each gets `region_leader`, the loop id of the region's first task, and
    every one after the first `after`, how it is ordered after the tasks
    before it: `none` (it touches nothing they write, nor writes what they
    touch), `chunkwise` (only in the same iteration of the previous task,
    whose chunks it then follows one by one) or `barrier`. A task that
    follows another in its block but cannot join its region gets `unfused`,
    why not, for its remark.

    ```mlir
    weft.task "weft_saxpy_12" {loop_id = 0 : i64, captures = [...],
                               guards = [], min_trip = 512 : i64,
                               work_per_iter = 2.5 : f64} {
      affine.for %i = 0 to %n { ... } {weft.loop_id = 0 : i64, ...}
    }
    ```
  }];
  let arguments = (ins StrAttr:$name, I64Attr:$loop_id,
                       TypedArrayAttrBase<Weft_CaptureAttr,
                                          "captures">:$captures,
                       ArrayAttr:$guards, I64Attr:$min_trip,
                       F64Attr:$work_per_iter,
                       OptionalAttr<StrAttr>:$shape,
                       OptionalAttr<ArrayAttr>:$cost0,
                       OptionalAttr<ArrayAttr>:$cost1,
                       OptionalAttr<I64Attr>:$region_id,
                       OptionalAttr<StrAttr>:$intent,
                       OptionalAttr<F64Attr>:$bytes_per_iter,
                       OptionalAttr<I64Attr>:$region_leader,
                       OptionalAttr<StrAttr>:$after,
                       OptionalAttr<StrAttr>:$unfused,
                       OptionalAttr<DenseI64ArrayAttr>:$noalias);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The loop this task runs.
    ::mlir::Operation *getLoop();
    /// The kind of the captures that each team member takes a copy of:
    /// array_reduction when it has one, else private_copy; the loop then
    /// runs on copies made around it, in a parallel region of its own.
    /// None when it has neither.
    std::optional<::weft::CaptureKind> getCopiedCapture();
    /// Does the loop have error paths (its weft.error_paths)? It then runs
    /// alone in its parallel region, with its chunks in order, as written
    /// (docs/analysis.md, "Error paths").
    bool hasErrorPaths();
  }];
}

#endif // WEFT_DIALECT_WEFT_IR_WEFTOPS_TD
