//===- Pipeline.cpp - weft's named pass pipeline
//------------------------------===//
//
// count loops -> expand calls -> fold offsets -> detect -> outline ->
// interchange -> assign cores -> fuse regions -> frequency hints ->
// remarks: what weft-translate runs, and `weft-opt --weft-pipeline` for
// .mlir files.
//
//===----------------------------------------------------------------------===//
#include "weft/Dialect/Weft/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace weft;

void weft::buildPipeline(OpPassManager &pm, const PipelineOptions &o) {
  pm.addPass(createCountLoops());
  pm.addPass(createExpandCalls());
  pm.addPass(createFoldOffsets());
  DetectParallelLoopsOptions detect;
  detect.fpReductions = o.fpReductions;
  detect.mathErrno = o.mathErrno;
  detect.remarks = "none"; // the last pass says what was finally decided
  detect.skip = o.skip;
  detect.unsafeIgnore = o.unsafeIgnore;
  pm.addPass(createDetectParallelLoops(detect));
  OutlineTasksOptions outline;
  outline.forkJoinNs = o.forkJoinNs;
  outline.cores = o.cores;
  pm.addPass(createOutlineTasks(outline));
  if (o.interchange) {
    InterchangeOptions interchange;
    interchange.tile = o.tile;
    pm.addPass(createInterchange(interchange));
  }
  AssignCoresOptions assign;
  assign.cores = o.cores;
  assign.coreWeights = o.coreWeights;
  pm.addPass(createAssignCores(assign));
  FuseRegionsOptions fuse;
  fuse.enabled = o.fuseRegions;
  pm.addPass(createFuseRegions(fuse));
  if (o.taskGraphs) {
    TaskGraphOptions graph;
    graph.forkJoinNs = o.forkJoinNs;
    graph.loopTasks = o.loopTasks;
    pm.addPass(createTaskGraph(graph));
  }
  pm.addPass(createFrequencyHints());
  EmitRemarksOptions remarks;
  remarks.remarks = o.remarks;
  pm.addPass(createEmitRemarks(remarks));
}

namespace {
struct PipelineCLOptions : public PassPipelineOptions<PipelineCLOptions> {
  Option<bool> fpReductions{*this, "fp-reductions",
                            llvm::cl::desc("see weft-detect-parallel-loops"),
                            llvm::cl::init(false)};
  Option<std::string> mathErrno{*this, "math-errno",
                                llvm::cl::desc("see weft-detect-parallel-loops"),
                                llvm::cl::init("pure")};
  ListOption<std::string> skip{*this, "skip",
                               llvm::cl::desc("see weft-detect-parallel-loops")};
  Option<std::string> remarks{*this, "remarks",
                              llvm::cl::desc("see weft-remarks"),
                              llvm::cl::init("all")};
  Option<double> forkJoinNs{*this, "fork-join-ns",
                            llvm::cl::desc("see weft-outline-tasks"),
                            llvm::cl::init(1000.0)};
  Option<int> cores{*this, "cores",
                    llvm::cl::desc("see weft-outline-tasks, weft-assign-cores"),
                    llvm::cl::init(0)};
  ListOption<int> coreWeights{*this, "core-weights",
                              llvm::cl::desc("see weft-assign-cores")};
  Option<bool> interchange{*this, "interchange",
                           llvm::cl::desc("run weft-interchange (enabled)"),
                           llvm::cl::init(true)};
  Option<bool> tile{*this, "tile",
                    llvm::cl::desc("see weft-interchange (enabled)"),
                    llvm::cl::init(true)};
  Option<bool> fuseRegions{*this, "fuse-regions",
                           llvm::cl::desc("see weft-fuse-regions (enabled)"),
                           llvm::cl::init(true)};
  Option<bool> taskGraphs{*this, "task-graphs",
                          llvm::cl::desc("run weft-task-graph (enabled)"),
                          llvm::cl::init(true)};
};
} // namespace

void weft::registerPipeline() {
  PassPipelineRegistration<PipelineCLOptions>(
      "weft-pipeline",
      "weft's whole pipeline: count while and do loops, expand accessor "
      "calls, detect parallel "
      "loops, outline tasks, interchange loops, assign cores, fuse regions, "
      "task graphs, frequency hints, "
      "emit remarks",
      [](OpPassManager &pm, const PipelineCLOptions &cl) {
        PipelineOptions o;
        o.fpReductions = cl.fpReductions;
        o.mathErrno = cl.mathErrno;
        o.skip.assign(cl.skip.begin(), cl.skip.end());
        o.remarks = cl.remarks;
        o.forkJoinNs = cl.forkJoinNs;
        o.cores = cl.cores;
        o.coreWeights.assign(cl.coreWeights.begin(), cl.coreWeights.end());
        o.fuseRegions = cl.fuseRegions;
        o.interchange = cl.interchange;
        o.tile = cl.tile;
        o.taskGraphs = cl.taskGraphs;
        buildPipeline(pm, o);
      });
}
