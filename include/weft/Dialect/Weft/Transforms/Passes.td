//===- Passes.td - weft's passes ---------------------------*- tablegen -*-===//
//
// One pass per step of docs/pipeline.md; each runs alone in weft-opt.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_TD
#define WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def CountLoops : Pass<"weft-count-loops", "mlir::ModuleOp"> {
  let summary = "Makes counted loops of the while, do and for loops that step one counter, and inductions of the other variables they step";
  let description = [{
    A `while` or `do` loop (a `weft.opaque_loop` of kind "while" or "do") is
    counted when its condition compares one integer variable, the counter,
    with bounds (a `&&` of `<`, `<=`, `>`, `>=` or `!=`), one of its body's
    own statements steps the counter by a constant (`i++`, `i += 4`,
    `c[i++] += x`: reads after the step see the stepped value), or its
    condition does (`weft.c_step_cond`: `i-- > 0`, `++i < n`), and:

    - nothing else in the body writes the counter, and its address is not
      taken;
    - no `break`, `return` or `goto` leaves the body, and no `continue`
      comes before a step in the body;
    - a do loop's unsigned counter goes up from a constant to a `<` or
      `<=` bound (a do loop steps it before its first test);
    - the condition only reads, and the body changes no variable its
      bounds read (memory they read, such as `v->n`, the analysis proves
      or checks: docs/analysis.md, "Bounds in memory");
    - the counter cannot wrap before a bound stops it (the rules of a
      counted `for`).

    The same decision (`weft::whyNotCounted`) says which `for` loops are
    counted: the importer asks it of each `for` whose header has the shape
    (`weft.c_counter`, `weft.c_bounds`; the increment is the body's last
    statement and a `continue` does not skip it) on a first import of the
    file, and builds the counted ones itself; given such an opaque `for`,
    this pass makes an `scf.for` of it too.

    Such a loop becomes an `scf.for` with the same `weft.loop_id` and
    `weft.kind`, whose body sees the counter's value in each iteration,
    followed by a store of the counter's exit value; a `do` loop runs at
    least once. Every other keeps its `weft.opaque_loop`, with the reason.

    Then, in every counted loop (`affine.for` and `scf.for`, the importer's
    too), a local integer variable (int or wider; unsigned only of 64
    bits), or a pointer (`weft.pointee_bytes`) stepped by whole elements,
    that one of the body's own statements steps by a constant or by a
    variable the loop does not write (listed as `by`), that
    nothing else in the loop writes and no jump skips, and that the body
    reads other than in its step, is an induction: its reads see its value
    before the loop (what a store right before it left, when that is made
    of constants and block arguments, else a read of it) plus k steps (a
    pointer's a `weft.ptr_add`; one more after the step), the step goes,
    its cell gets its exit value after the loop (`weft.counter_exit`), and
    the loop lists it, its decl id, name and step, in `weft.inductions`
    (docs/analysis.md, "Other counters").
    It runs first in weft's pipeline; docs/ir.md, "Loops", has the details.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::affine::AffineDialect"];
}

def ExpandCalls : Pass<"weft-expand-calls", "mlir::ModuleOp"> {
  let summary = "Puts the bodies of accessors that reach memory through struct fields in place of their calls, for the analysis";
  let description = [{
    A call to a function defined in the module whose summary cannot say
    what it touches (it reads or writes through a pointer it loads, as
    `v->data[i * v->stride]` does) or that returns a pointer it loads,
    advanced or not (`return v->data + i * v->stride;`), when the function is one block of at
    most 64 operations with no call, loop, branch, jump, global or local
    variable in memory, gets a copy of the body right before it, on the call's own
    values; its results are the copy's, and the call is marked
    `weft.expanded`, which the analysis and the cost model take for no
    effect and no work. The C keeps the call.

    A pointer argument that is `&x[0]` of the parameter's type is x itself;
    a pointer that is a parameter, a call's result, a load or an address in
    a parameter's memory (advanced or not) is a `weft.base` of it; with any
    other argument (the address of a local object) the call stays as it is. The copy's C texts (its
    locations' names, a `weft.base`'s `name`) are the callee's with each
    parameter replaced by the caller's variable (or constant) passed to it,
    when every other name in the text is a member or a keyword; else the
    copy keeps the callee's text followed by ` (in callee)`, for remarks,
    and no run-time check names it. The importer's marks on the body
    (`weft.stmt`, `weft.vars`, ...) stay behind. A copied read with a text
    and a `weft.expr` gets a new id (from the module's `weft.next_id`), and
    an entry `{id, of, text, decls}` in the module's `weft.derived_reads`
    for the rewriter: the read it copies, its text at the call, and the
    caller's variables that text names (docs/ir.md, "Expanded calls").
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def FoldOffsets : Pass<"weft-fold-offsets", "mlir::ModuleOp"> {
  let summary = "Views the memory at `p + k` from p, its subscripts advanced by k";
  let description = [{
    A `weft.base` (class `pointer`) of a pointer that `weft.ptr_add`s
    advanced from another (`*(m->data + i * m->tda + j)`, a row pointer
    `m->data + i * tda` kept in a never-assigned variable, an accessor's
    returned `v->data + i * v->stride` after weft-expand-calls) becomes a
    `weft.base` of the pointer the arithmetic starts from, named by that
    pointer's C text (its location's name, or a parameter's name), and
    every load, store, address and field view of it is advanced by the sum
    of the offsets in its first subscript (affine accesses become memref
    ones). Only when each offset is an index counting elements of the
    view's type (a struct's, an integer's or a float's size; a pointer's
    from the module's weft.flags `pointer_bytes`, if it has one), the view is one-dimensional and
    nothing but those ops uses it; the arithmetic is removed when nothing
    else uses it. The memory is the same: the dependence test then compares
    `m->data[i * m->tda + j]` as it does when the C subscripts. A view of a
    pointer a variable holds (`weft.pointers`) is not folded when another
    variable holds a pointer advanced from the same memory (the same
    value, or a read of the same C text in the function), nor when a loop
    inside the variable's scope that holds the accesses could not name the
    start where it starts (docs/analysis.md, "Advanced pointers"). A start
    that is `weft.addr %m[%i]` of a one-dimensional memref of the view's
    element type (a pointer induction's, from `out + y * w`) is the memref
    itself: the accesses go to %m at `[i + offsets + k]`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def DetectParallelLoops : Pass<"weft-detect-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Finds the loops that can run in parallel, and why the others cannot";
  let description = [{
    Gives every loop of the module a verdict (docs/analysis.md):

    - `weft.verdict = "parallel"`, with the loop's private, last-private and
      reduction variables (`weft.privates`, `weft.lastprivates`,
      `weft.cond_lastprivates`, `weft.reductions`) and the run-time checks
      it needs (`weft.guards`);
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
    ListOption<"unsafeIgnore", "unsafe-ignore-dependences", "std::string",
               "For testing the fuzzing oracle only: ignore memory "
               "dependences of these kinds (flow, anti, output, bound: "
               "writes that may move a bound in memory; private: every "
               "local work array taken as private; reduction: every "
               "integer array of plain accesses as a + array reduction), "
               "so that wrong loops run in parallel">,
  ];
  let dependentDialects = ["::weft::WeftDialect"];
}

def OutlineTasks : Pass<"weft-outline-tasks", "mlir::ModuleOp"> {
  let summary = "Wraps each loop chosen to run in parallel in a weft.task";
  let description = [{
    For every candidate loop of weft-detect-parallel-loops (the outermost
    parallel loop of a nest, `weft.candidate`), estimates the work of one
    iteration and of the whole loop, and then either:

    - wraps the loop in a `weft.task` with its captures (every C variable in
      the loop's `weft.free_vars`, classified as shared, firstprivate,
      private, last-private, reduction, counter or global), the run-time
      overlap checks planned by detection, and `min_trip`, the least trip
      count for which the parallel version pays for its fork/join;
    - or, when the loop has a constant trip count and too little work for
      that, leaves it sequential: `weft.candidate` is dropped and
      `weft.reason` gives the estimate.

    First it chooses the level: a candidate with a constant trip count
    below the number of cores (`cores`, or weft::kTypicalCores) gives its
    place to the outermost parallel loops inside it, when one of those has
    more iterations and enough work to pay for its own fork/join.

    A task alone in a sequential counted loop becomes a sweep
    (`weft.sweep = <that loop's id>`): each chunk runs its part of every
    iteration of that loop, with one fork for all of them, when no element
    is touched for two different iterations of the task's loop whatever the
    outer loop's counter, the task has no run-time checks, reductions or
    last values, and it does not stream memory (unless one of its runs is
    too short to pay for a fork); else `weft.sweep_missed` says why.

    docs/outline.md describes the level, the captures and the estimate.
  }];
  let options = [
    Option<"forkJoinNs", "fork-join-ns", "double", /*default=*/"1000.0",
           "The cost of one fork/join in ns (default: weft::kForkJoinNs, "
           "measured in bench/runtime); a loop runs in parallel only when its "
           "estimated work is at least twice this">,
    Option<"cores", "cores", "int", /*default=*/"0",
           "The cores the program runs on, for the choice of loop level "
           "(0: weft::kTypicalCores)">,
  ];
  let dependentDialects = ["::weft::WeftDialect"];
}

def AssignCores : Pass<"weft-assign-cores", "mlir::ModuleOp"> {
  let summary = "Fills in each task's loop descriptor: cost shape and region id";
  let description = [{
    The split of a task's iterations over the cores is the runtime's: a
    static, capacity-weighted chunk plan (runtime/include/weft.h). This pass
    gives it what it needs from the compiler, on each `weft.task`:

    - `shape = "uniform"` when every iteration costs the same, or
      `shape = "linear"` with `cost0` and `cost1` (polynomials over C
      variables, in ps) when the cost of iteration k of the normalized loop
      is `cost0 + cost1 * k`: a triangular nest, whose inner trip count is
      linear in the outer counter. The runtime then cuts chunks of equal
      work instead of equal length;
    - `region_id`, the loop's id, which traces and hints name.

    `cores` and `core-weights` are recorded on the module as the default team
    (`weft.default_team`): the generated code passes them to the runtime,
    which uses them only when neither the environment (WEFT_NUM_THREADS,
    WEFT_WEIGHTS) nor the program chose otherwise. The output never assumes
    a team size.
  }];
  let options = [
    Option<"cores", "cores", "int", /*default=*/"0",
           "Default team size (0: the runtime's own default)">,
    ListOption<"coreWeights", "core-weights", "int",
               "Default capacity weights of team members 0..n-1 "
               "(e.g. 1024,1024,512,512 for a big.LITTLE split)">,
  ];
  let dependentDialects = ["::weft::WeftDialect"];
}

def FuseRegions : Pass<"weft-fuse-regions", "mlir::ModuleOp"> {
  let summary = "Runs consecutive parallel loops in one parallel region";
  let description = [{
    A frame of several short parallel loops forks and joins once per loop.
    This pass puts consecutive `weft.task`s of one block into one region
    (one fork, one join) when only cheap sequential code lies between them
    and nothing ties them in a way the region cannot keep:

    - the code between them is made of pure operations, local variables'
      allocations, loads and stores, and calls to pure functions: at most
      weft::kMaxFusedGlue operations, none of which touches what a task of
      the region touches, writes a scalar a task writes, or reads one it
      writes: the rewriter moves it before the region;
    - a task does not use a scalar an earlier task of the region writes
      (a reduction, a last value, its counter), nor do its trip count,
      start or run-time checks read one; its checks and cost name only C
      variables, not memory.

    Each task after the first is ordered after the earlier ones by what
    the dependence test (testAcross) finds between their accesses:
    `after = "none"` when there is nothing to order, `"chunkwise"` when it
    depends only on the previous task (or a chain of chunkwise tasks before
    it) and only within the same iteration, and `"barrier"` otherwise. Every
    task of a region gets `region_leader`, the first task's loop id; the
    remarks say which loop's region a loop shares. A task that follows
    another in its block but cannot join its region gets `unfused`, the
    rule that keeps it apart, which its remark gives.

    docs/outline.md has the details.
  }];
  let options = [
    Option<"enabled", "enabled", "bool", /*default=*/"true",
           "Fuse (false: leave every task a region of its own)">,
  ];
  let dependentDialects = ["::weft::WeftDialect"];
}

def TaskGraph : Pass<"weft-task-graph", "mlir::ModuleOp"> {
  let summary = "Finds statements of a block that can run at the same time";
  let description = [{
    The statements of a block (docs/ir.md, "Statements": the operations
    from one with `weft.stmt` to the one with `weft.stmt_end` of the same
    id) are macro-tasks, OSCAR's unit: a loop left sequential, a call, an
    if, a block. Consecutive statements that may each be a task form a run
    (a declaration, a jump or a statement that is not a task ends it); in a
    run, statement j waits for an earlier statement i when an access of one
    may touch what an access of the other writes (the alias classes of
    overlapOf; on the same memory, the element ranges each touches over its
    own loops, which must be apart in some dimension). A statement is not a
    task when it jumps out of itself (return, goto, a break or continue of
    a loop around it), has a label, has effects weft cannot describe (the
    loop analysis's blockers: an unknown call, I/O, volatile, atomics,
    asm), or defines a value used after it. A statement that runs a loop
    in parallel (a weft.task) is a loop task, whose loop libweft shares
    with the members the other tasks leave idle, unless the loop is in a
    fused region or an array reduction, or the statement uses a variable
    its task could reach only by address (a static local, a struct, a
    scalar whose address is taken).

    A run with two tasks that need not wait for each other, whose static
    plan on two cores (longest chain first, libweft's weft_graph_plan;
    with loop tasks, replayed with idle members helping the loop) saves
    at least kMinParallelWorkFactor times the fork/join cost over the
    statements in order with their loops in parallel, gets `weft.graph` on
    its first operation: `{captures, checks, copy_out, estimated, id, loops,
    preds, stmts, work, writes_scalars}` (how the tasks get each variable,
    the edges a run-time overlap check drops when it passes (two loops on
    bases that may be the same memory, two loops or calls: {later,
    earlier, guards}), the
    scalars each loop task writes and stores back from its copy, whether a
    trip count was assumed, which tasks are loop tasks, the statement ids,
    each task's predecessors as a bit mask of earlier tasks, its work in
    ns, and whether a task writes a scalar, which OpenMP output cannot
    share between sections). With an inner trip count that is not a
    constant (here or in a callee), the work is an estimate
    (kAssumedTrip): the run gets its graph when the plan saves a tenth of
    the work of its tasks that are not loop tasks (kMinGraphShare), and
    libweft decides with the same plan at run time.
    Each graph gets a remark, and so do a run that saves too little and a
    run kept in order whose statements may each pay for a fork/join. At
    most 64 tasks per graph (WEFT_MAX_TASKS).
  }];
  let options = [
    Option<"forkJoinNs", "fork-join-ns", "double", /*default=*/"1000",
           "The cost of a fork/join in ns">,
    Option<"loopTasks", "loop-tasks", "bool", /*default=*/"true",
           "Statements that run a loop in parallel may be tasks (false for "
           "OpenMP output, whose sections cannot share a loop)">,
  ];
  let dependentDialects = ["::weft::WeftDialect"];
}

def Interchange : Pass<"weft-interchange", "mlir::ModuleOp"> {
  let summary = "Interchanges loop pairs inside parallel loops to walk memory along rows, and tiles nests whose rows stream a matrix";
  let description = [{
    Inside a loop that runs in parallel (a `weft.task`), a counted `for`
    loop j whose body holds one loop, a counted `for` loop k that is
    innermost (`for (j) { S1; for (k) S2; S3 }`), is run as `for (j) S1;
    for (k) for (j) S2; for (j) S3` when:

    - its accesses walk memory along rows under j more than under k
      (`B[k][j]`: along a row as j steps, across rows as k steps), and j
      runs at least 8 times when its trip count is a constant;
    - no iteration of j touches an element that another iteration writes
      (the dependence test; two bases that may overlap count as apart only
      when the parallel loop's run-time checks set them apart);
    - every scalar the j loop writes is private to its iterations, used in
      one of S1, the k loop and S3 only, and private to k's iterations when
      the k loop uses it; no variable declared in one part is used in
      another; j's counter is not used after the loops;
    - k's bounds are the same for every j, both loops set their counter in
      their header and do not read their bound from memory, and there is no
      jump, switch or uncounted loop in j's body.

    Every element is then written by the same iterations in the same order,
    so the result is the same, floating point included. The outer loop gets
    `weft.interchange = <the inner loop's id>` and `weft.interchange_gain`
    (the accesses that now walk along rows); a pair that would gain but
    cannot be interchanged gets `weft.interchange_missed`, the reason. The
    rewriter writes the interchanged loops in the outlined body only; the
    loop as written stays the fallback. docs/analysis.md, "Loop
    interchange".

    It then tiles: the first nest `for (k) for (j) S` (or pair `for (j) {
    S1; for (k) S2; S3 }` it interchanged, S being S2) among the statements
    of a task loop's body (unless `tile=false`) whose S reads an array that does not change with
    the task's counter, along a row as j steps and across rows as k steps
    (`B[k][j]`), gets `weft.tile = [the other loop's id, bytes per (k, j)
    of such arrays, their largest element, 1 for a pair]` and `weft.tile_gain` when each band of
    the task's rows may run it in tiles around its rows: no reduction or
    last value in the task, scalars used in one part of its body (before
    the nest, the nest, after it) and those of the nest private to j's
    iterations, no iteration of j touching what another writes, k's body
    the j loop alone, rectangular bounds the same for every row. Every
    element keeps its updates in order. A nest that would gain but cannot
    be tiled gets `weft.tile_missed`; one whose arrays take less than 256
    KiB (constant trip counts) gets nothing. docs/analysis.md, "Loop
    tiling".
  }];
  let options = [
    Option<"tile", "tile", "bool", /*default=*/"true",
           "Also tile nests whose rows stream a matrix (docs/analysis.md, "
           "Loop tiling)">,
  ];
  let dependentDialects = ["::weft::WeftDialect"];
}

def FrequencyHints : Pass<"weft-frequency-hints", "mlir::ModuleOp"> {
  let summary = "Gives each task the intent of its frequency hint";
  let description = [{
    The runtime asks the OS for CPU speed around a parallel region
    (runtime/include/weft.h: the loop descriptor's `intent`). What to ask for
    depends on what bounds the region: a compute-bound loop runs faster on a
    faster clock; a memory-bound one waits on memory whatever the clock, and
    a lower one saves energy. This pass estimates, per iteration of each
    `weft.task`, the bytes moved from memory (`bytes_per_iter`: accesses
    that move to new memory with their innermost loop, to arrays larger than
    weft::kCachedBytes) against the time of its operations, and sets
    `intent` to `memory` when moving those bytes at weft::kMemBytesPerNs
    takes longer, `compute` otherwise. A loop with a constant trip count and
    less work than WEFT_HINT_MIN_NS gets no intent: it is over before a
    frequency change could take effect.

    docs/outline.md has the details.
  }];
  let dependentDialects = ["::weft::WeftDialect"];
}

def EmitRemarks : Pass<"weft-remarks", "mlir::ModuleOp"> {
  let summary = "Emits one remark per loop with its final verdict";
  let description = [{
    Reads every loop's verdict (and its `weft.task`, if any) and emits a
    remark at the loop: "loop parallelized: ..." or "loop not parallelized:
    <reason>", with notes at the accesses the reason names. It runs last in
    the pipeline, so that remarks say what weft finally did.
  }];
  let options = [
    Option<"remarks", "remarks", "std::string", /*default=*/"\"all\"",
           "Which loops get a remark: 'all', 'missed' (sequential loops), "
           "'passed' (parallel loops) or 'none'">,
  ];
}

#endif // WEFT_DIALECT_WEFT_TRANSFORMS_PASSES_TD
