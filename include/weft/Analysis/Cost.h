//===- Cost.h - How long a loop body takes, roughly -------------------*- C++ -*-===//
//
// A first work estimate for deciding whether a loop is worth a fork/join:
// weighted op counts, with inner loops multiplied by their trip counts. It is
// deliberately simple (the full cost model, with memory traffic, is its own
// pass); what matters here is telling a loop of a few nanoseconds from one of
// microseconds.
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_ANALYSIS_COST_H
#define WEFT_ANALYSIS_COST_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <optional>

namespace weft {

/// The cost of one fork/join of libweft, in ns. bench/runtime measures a hot
/// fork/join at 0.13-0.30 us and a region after idle, whose sleeping workers
/// are not woken for short loops, at 2-6 us on the 2-CPU bench machine; 1 us
/// sits between the two. A loop runs in parallel only when its estimated
/// work is at least twice this (kMinParallelWorkFactor): on two cores it then
/// saves at least the fork/join it costs.
constexpr double kForkJoinNs = 1000;
/// The same for OpenMP output (--emit=openmp). bench/runtime measures a hot
/// parallel-for at 0.6 us with libgomp and 2.0 us with libomp, and a region
/// 0.1-1 ms after the last at 1.2-4.1 us (2 threads, 2-CPU bench machine);
/// 3 us covers libomp's hot cost and the short-idle case of both.
constexpr double kOpenMPForkJoinNs = 3000;
constexpr double kMinParallelWorkFactor = 2;
/// The longest estimate of a measured site's loop (WEFT_PROBE_MAX_NS of
/// runtime/include/weft_checks.h, which must agree): a loop estimated
/// longer runs on the team, untimed, so OpenMP output gives a loop of a
/// constant trip count that long no site at all.
constexpr double kProbeMaxNs = 128000;

/// The cores a loop's iterations are spread over when the program does not
/// say (weft-translate --cores): the 8 of the phones weft is for. A
/// candidate loop with a constant trip count below this gives its place to
/// the parallel loops inside it (docs/outline.md).
constexpr int kTypicalCores = 8;
/// The most operations of sequential code between two loops that still
/// share one parallel region (weft-fuse-regions): it runs before the
/// region, so it should be short next to a fork/join.
constexpr int kMaxFusedGlue = 64;

/// Inner loops whose trip count is not a constant are assumed to run this
/// many times (the estimate then says so).
constexpr int64_t kAssumedTrip = 32;

/// Memory traffic: an access moves its element's bytes from memory unless
/// it stays in cache. Arrays of at most this many bytes (a lookup table,
/// k-means' centres) are taken to stay in a core's L1.
constexpr int64_t kCachedBytes = 32 * 1024;
/// A loop is memory-bound when it moves more than this many bytes from
/// memory per ns of its estimated work (the roofline's machine balance). A
/// phone's LPDDR gives each of 8 streaming cores 2-4 GB/s, and the work
/// estimate, from latencies, is about three times what vectorized code
/// takes: about one byte per estimated ns. Jacobi, saxpy, a dot product and
/// sparse or triangular matrix-vector products (1-5 bytes/ns) are then
/// memory-bound; n-body, k-means, Mandelbrot, a 3x3 blur and the 7-point
/// heat stencil (under 0.7) are not.
constexpr double kMemoryBoundBytesPerNs = 1.0;

/// An estimate of the time something takes, in ns, and of the bytes it
/// moves from memory.
struct Work {
  double ns = 0;
  /// Bytes from memory. Each stream of a loop's iterations counts its
  /// element's size: the accesses to one array whose subscripts differ by
  /// constants (a stencil's neighbours, a read and a write of one cell) are
  /// one stream, and an access to the same cell in every iteration of its
  /// innermost loop, or to a small array (kCachedBytes), is none. Calls
  /// count no bytes.
  double bytes = 0;
  /// Some inner trip count was assumed (kAssumedTrip).
  bool assumed = false;
  Work &operator+=(const Work &o) {
    ns += o.ns;
    bytes += o.bytes;
    assumed |= o.assumed;
    return *this;
  }
  /// Memory-bound (kMemoryBoundBytesPerNs).
  bool memoryBound() const { return bytes > kMemoryBoundBytesPerNs * ns; }
};

class WorkModel {
public:
  explicit WorkModel(mlir::ModuleOp module) : module(module) {}

  /// One iteration of a loop's body.
  Work perIteration(mlir::Operation *loop);
  /// One execution of an op (a loop: all of its iterations).
  Work ofOp(mlir::Operation *op);
  /// One execution of a block.
  Work ofBlock(mlir::Block &b);
  /// A call to a function of the module (its body), or a typical call.
  double ofCall(llvm::StringRef callee);
  /// Does ofCall(callee) assume an inner trip count (kAssumedTrip)?
  bool callAssumed(llvm::StringRef callee);

  /// The trip count of a counted loop when it is a constant.
  static std::optional<int64_t> constantTrip(mlir::Operation *loop);

  /// Call sites: a call's work is its callee's with the constant arguments
  /// of the call (and of the calls around it) in the callee's trip counts,
  /// when the callee's own work assumes a trip count (weft-task-graph: the
  /// tasks of a graph are often calls `f(x, 4096)` of a loop to n).
  /// Off by default: the loop cost model keeps the callee's work.
  bool callSites = false;

private:
  /// A call's work at its site (callSites).
  Work ofCallSite(mlir::Operation *call);
  /// The trip count of a counted loop, with the known parameter values.
  std::optional<int64_t> tripOf(mlir::Operation *loop);
  /// An integer value: a constant, a known parameter, or a cast of one.
  std::optional<int64_t> valueOf(mlir::Value v);

  mlir::ModuleOp module;
  /// The callee parameters whose value the call site in progress fixes.
  llvm::DenseMap<mlir::Value, int64_t> known;
  /// ofCallSite's results, by callee and the values its parameters get.
  std::map<std::pair<std::string, std::vector<std::pair<unsigned, int64_t>>>,
           Work>
      sites;
  llvm::StringMap<double> calls;
  llvm::StringSet<> inProgress;
  llvm::StringSet<> assumedCalls;
};

} // namespace weft

#endif // WEFT_ANALYSIS_COST_H
