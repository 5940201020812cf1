//===- Passes.td - weft's passes ---------------------------*- tablegen -*-===//
//
// One pass per step of docs/pipeline.md; each runs alone in weft-opt.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_TD
#define WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DetectParallelLoops : Pass<"weft-detect-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Finds the loops that can run in parallel, and why the others cannot";
  let description = [{
    Gives every loop of the module a verdict (docs/analysis.md):

    - `weft.verdict = "parallel"`, with the loop's private, last-private and
      reduction variables (`weft.privates`, `weft.lastprivates`,
      `weft.reductions`) and the run-time checks it needs (`weft.guards`);
    - or `weft.verdict = "sequential"` with `weft.reason`, and
      `weft.conflicts` (the locations of the accesses involved).

    Dependences are decided with MLIR's Presburger library, honouring the
    alias classes of docs/ir.md: two different memrefs are never assumed
    disjoint. The outermost parallel loop of each nest is marked
    `weft.candidate`. With `remarks`, every verdict is also emitted as a
    remark at the loop (and notes at the accesses).
  }];
  let options = [
    Option<"fpReductions", "fp-reductions", "bool", /*default=*/"false",
           "Run floating-point + and * reductions in parallel even when the "
           "file's flags do not allow reassociation (results may round "
           "differently)">,
    Option<"mathErrno", "math-errno", "std::string", /*default=*/"\"pure\"",
           "How C math library calls that may set errno count: 'pure' (the "
           "default, see docs/analysis.md) or 'impure'">,
    Option<"remarks", "remarks", "std::string", /*default=*/"\"none\"",
           "Emit a remark per loop: 'all', 'missed' (sequential loops), "
           "'passed' (parallel loops) or 'none'">,
    ListOption<"skip", "skip", "std::string",
               "Functions whose loops stay sequential">,
  ];
  let dependentDialects = ["::weft::WeftDialect"];
}

#endif // WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_TD
