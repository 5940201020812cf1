//===- RewriteInternals.h - What the rewriter's files share -------*- C++ -*-===//
//
// The rewriter's state and helpers, shared by Rewrite.cpp (planning each
// task, and the driver), Checks.cpp (whether a loop's body can move before
// its function) and EmitC.cpp (the C text).
//
//===----------------------------------------------------------------------===//
#ifndef WEFT_LIB_FRONTEND_REWRITE_REWRITEINTERNALS_H
#define WEFT_LIB_FRONTEND_REWRITE_REWRITEINTERNALS_H

#include "weft/Frontend/Rewrite.h"
#include "weft/Analysis/Verdict.h"
#include "weft/Dialect/Weft/IR/WeftDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>


namespace weft {
namespace detail {
using clang::QualType;
} // namespace detail
} // namespace weft

namespace weft {
namespace detail {

/// One captured variable, as the rewriter uses it.
struct Capture {
  CaptureKind kind;
  std::string name;
  const clang::VarDecl *var = nullptr;
  std::string op; ///< reduction combine
  /// The loop alone reaches its memory through it (the task's noalias):
  /// the outlined loop takes it as a restrict pointer.
  bool noalias = false;
  /// An array reduction into an allocation, or through a pointer whose
  /// subscripts have a bound: its copies' elements at the loop's start
  /// (Reduction::length).
  std::optional<CPoly> length;
  /// The length bounds the subscripts, not the object (Reduction::sparse):
  /// combine only the elements that some copy changed.
  bool sparse = false;
};

/// A pointer to (arrays of) elements whose sizes may be variable: the form
/// weft binds arrays and VLA pointers in, `elem (*name)[d1][d2]...`.
struct ArrayPtr {
  QualType elem;
  /// Sizes of the pointee's dimensions; nullopt where it is variable.
  std::vector<std::optional<uint64_t>> dims;
  bool variable() const {
    for (auto &d : dims)
      if (!d)
        return true;
    return false;
  }
};

inline std::string typeText(QualType t, const clang::PrintingPolicy &policy,
                     llvm::StringRef name = "") {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os, policy, name);
  return os.str();
}

/// A C string literal for `s`.
inline std::string quoted(llvm::StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// The comment over a loop pair that weft-interchange interchanged, whose
/// outer loop is `outer` ("the k loop runs outside the j loop (loop
/// interchange: B[k][j] now goes along its rows)"); `band`: the outer loop
/// is the parallel loop itself, which runs in bands.
std::string interchangeNote(mlir::Operation *outer, bool band);

/// Re-indents all lines but the first: drops up to `drop` leading blanks and
/// puts `indent` in front.
std::string reindent(llvm::StringRef text, size_t drop, llvm::StringRef indent);
/// `g` with `in` after each of its newlines: run-time checks, written with
/// the indentation of the block they go in.
std::string indented(const std::string &g, const std::string &in);

/// Does the statement end with a `;` that its source range leaves out?
bool endsWithSemi(const clang::Stmt *s);

/// The pointee of a pointer as an ArrayPtr (peeling arrays).
inline ArrayPtr arrayPtrOf(QualType pointee, clang::ASTContext &ctx) {
  ArrayPtr a;
  QualType t = pointee;
  while (const clang::ArrayType *at = ctx.getAsArrayType(t)) {
    if (const auto *cat = llvm::dyn_cast<clang::ConstantArrayType>(at))
      a.dims.push_back(cat->getSize().getZExtValue());
    else
      a.dims.push_back(std::nullopt);
    t = at->getElementType();
  }
  a.elem = t;
  return a;
}

/// The array an array reduction copies: the variable's array type, or
/// what its pointer points to for an allocation's (Capture::length).
inline ArrayPtr copiedArrayOf(const Capture &c, clang::ASTContext &ctx) {
  QualType t = c.var->getType();
  return arrayPtrOf(c.length && t->isPointerType() ? t->getPointeeType() : t,
                    ctx);
}

class FileRewriter {
public:
  FileRewriter(ImportedModule &im, clang::ASTContext &ctx,
               clang::Preprocessor &pp, const RewriteOptions &options)
      : im(im), ctx(ctx), sm(ctx.getSourceManager()), pp(pp),
        options(options), policy(ctx.getPrintingPolicy()) {
    rw.setSourceMgr(sm, ctx.getLangOpts());
    policy.SuppressTagKeyword = false;
    policy.Bool = false;
    for (size_t i = 0; i < im.decls.size(); ++i)
      if (im.decls[i])
        declIds[im.decls[i]] = (int64_t)i;
    if (auto entry = sm.getFileEntryRefForID(sm.getMainFileID())) {
      path = entry->getName().str();
      fileName = llvm::sys::path::filename(path).str();
    }
  }

  RewriteResult run();
  /// The output text (run() adds the vetoes).
  RewriteResult write();

private:
  /// Everything the rewriter knows about one task it will write.
  struct Plan {
    mutable TaskOp task;
    /// The ForStmt, WhileStmt or DoStmt.
    const clang::Stmt *loop = nullptr;
    /// Its body.
    const clang::Stmt *body = nullptr;
    const CountedFor *header = nullptr;
    const clang::FunctionDecl *fn = nullptr;
    std::vector<Capture> caps;
    const Capture *counter = nullptr;
    /// Variables the body (not the header) names; a sweep's also those the
    /// header of the loop around names, which its chunks run.
    llvm::DenseSet<const clang::VarDecl *> inBody;
    /// Variables the loop's own body names (not a sweep's header).
    llvm::DenseSet<const clang::VarDecl *> inOwnBody;
    /// Text edits of the body: (offset in file, length, replacement), in
    /// file order once checkLoop has made them.
    std::vector<std::tuple<unsigned, unsigned, std::string>> bodyEdits;
    /// The OpenMP body's edits: the question before each error path
    /// (weft_omp_exit_first, docs/output.md "Error paths"); none for
    /// another loop.
    std::vector<std::tuple<unsigned, unsigned, std::string>> ompEdits;
    /// Stretches of the body written in another shape (loop interchange,
    /// weft-interchange): [begin, end) of the file becomes `pieces`, each
    /// a literal or (lit empty) the file's [b, e) with the body's edits.
    struct Piece {
      std::string lit;
      unsigned b = 0, e = 0;
    };
    struct Reshape {
      unsigned begin = 0, end = 0;
      std::vector<Piece> pieces;
    };
    std::vector<Reshape> reshapes;
    /// The text the block replaces: [begin, end), the loop's own, or the
    /// sweep's. `loopBegin`: where the loop itself begins.
    unsigned begin = 0, end = 0, loopBegin = 0;
    /// A sequential loop around the loop whose whole run each chunk makes
    /// (weft.sweep, docs/outline.md "Sweeps"): the block replaces it, and
    /// its header is the outlined body's outer loop. `sweepHead`: the end
    /// of that header in the file.
    const clang::ForStmt *sweep = nullptr;
    const CountedFor *sweepHeader = nullptr;
    unsigned sweepHead = 0;
    /// Where a pair of loops `for (j) { S1; for (k) S2; S3 }` is in the
    /// file: each loop's begin, end of header and end, and the outer
    /// body's braces (`pre`: S1 is there, `post`: S3 is).
    struct Pair {
      unsigned b1 = 0, h1 = 0, e1 = 0, b2 = 0, h2 = 0, e2 = 0;
      unsigned lbrace = 0, rbrace = 0;
      bool pre = false, post = false;
    };
    /// The task's own loop run the other way round with the loop inside it
    /// (weft.interchange on it, docs/analysis.md "Loop interchange"): each
    /// band of its iterations runs S1 over the band, then the inner loop
    /// around S2 over the band, then S3 over the band.
    std::optional<Pair> turned;
    /// The task's loop runs a nest `for (k) for (j) S` of its body in tiles
    /// (weft.tile on its statement, docs/analysis.md "Loop tiling"): each band
    /// of its iterations runs P0 (the body's statements before the nest)
    /// over the band, then the tiles of (k, j), each around the band's
    /// rows, then P2 (those after it) over the band.
    struct Tiles {
      const clang::ForStmt *k = nullptr, *j = nullptr;
      const CountedFor *kh = nullptr, *jh = nullptr;
      /// P0 is [pre, nb), P2 [ne, post) (empty when equal); the nest is
      /// [nb, ne), S [sb, se), and T, the statements of k's body before
      /// the j loop, [tb, te) (empty when equal).
      unsigned pre = 0, nb = 0, ne = 0, post = 0, sb = 0, se = 0;
      unsigned tb = 0, te = 0;
      /// weft.tile: the bytes per (k, j) of the arrays every row reads,
      /// and the largest element (weft_tile_sizes).
      int64_t point = 0, elem = 0;
      std::string gain;
      /// The nest as written is `for (j) { S1; for (k) S2; S3 }`, which
      /// weft-interchange interchanged: the nest [nb, ne) is that pair, S
      /// is S2, and the band runs `for (j) { S1 }` after P0 and `for (j) {
      /// S3 }` before P2.
      std::optional<Pair> turned;
      /// The loop with weft.tile (the statement of the body).
      mlir::Operation *stmt = nullptr;
    };
    std::optional<Tiles> tiles;
    /// Array reductions with a copy per chunk, each chunk a band of the
    /// iterations, added up in chunk order (a floating-point one: the same
    /// result on any team), rather than a copy per team member.
    bool bandCopies = false;
    /// Are the chunks bands of the iterations (weft_band_start): a sweep's,
    /// a turned loop's, or those of band copies?
    bool banded() const { return sweep || turned || tiles || bandCopies; }
    /// Does the task's loop have error paths (docs/output.md, "Error
    /// paths")? A graph's statement has no task.
    bool exits() const { return task && task.hasErrorPaths(); }
    /// The label after a thread's block of the OpenMP loop, where an error
    /// path stops the block (errorPathEdits), when exits().
    std::string exitLabel;
    unsigned bodyBegin = 0, bodyEnd = 0;
    clang::SourceLocation insertAt;
    std::string indent; ///< of the loop's line: where its block is written
    /// The loop line's indentation in the file, which the lines of the loop
    /// as written lose (`indent` may be deeper: a fused region's fallback).
    size_t fileIndent = 0;
    /// Appended to the names of the replacing block's locals (weft_start,
    /// weft_trip, weft_bad, weft_c, weft_l, ...): "" for a loop alone,
    /// "_2", "_3", ... for the later loops of a fused region, whose
    /// locals share one block.
    std::string sfx;
    /// In the `else` of a fused region whose site the runtime may have told
    /// to run as written (weft_spmd_inline): its flag, `weft_as_written`,
    /// which the loop's own condition tests before it asks for itself (in
    /// OpenMP output, the region site's mode, `weft_rmode`).
    bool inAskedRegion = false;
    /// A local's name in the replacing block.
    std::string nm(llvm::StringRef base) const { return base.str() + sfx; }
    /// A task of a graph that runs a parallel loop (weft.graph's loops):
    /// its function runs the loop's replacing block as written in place,
    /// so each shared scalar is a copy under its own name (no edits), and
    /// those in `copyBack` (the task writes them) are stored back after it.
    bool copyShared = false;
    llvm::DenseSet<const clang::VarDecl *> copyBack;
  };

  bool plan(TaskOp task, Plan &p, std::string &why);
  /// Sets p.fn, the function around `op`, and p.insertAt, where outlined
  /// code goes: before the function and the comment that documents it.
  bool placeBefore(mlir::Operation *op, Plan &p, std::string &why);

  /// A task graph of weft-task-graph (weft.graph on `op`): each task's
  /// statement as a Plan whose loop and body are the statement.
  struct GraphPlan {
    mlir::Operation *op = nullptr;
    std::string name;
    int64_t id = 0;
    /// weft.graph's estimated (WEFT_GRAPH_ESTIMATED) and writes_scalars.
    bool estimated = false, writesScalars = true;
    std::vector<Plan> tasks;
    std::vector<double> work;
    std::vector<int64_t> preds;
    /// Which tasks run a parallel loop (WEFT_TASK_LOOP).
    std::vector<bool> loops;
    /// Each task's text edits: a loop task's are the replacing blocks of
    /// the loops inside it (its bodyEdits are empty), another's its
    /// bodyEdits.
    std::vector<std::vector<std::tuple<unsigned, unsigned, std::string>>> edits;
    /// The parallel loops the graph's text holds.
    unsigned loopsInside = 0;
    /// Edges a run-time check drops: task `later` need not wait for task
    /// `earlier` when `guards` pass.
    struct Check {
      size_t later = 0, earlier = 0;
      mlir::ArrayAttr guards;
    };
    std::vector<Check> checks;
    /// The statements' text in the file, from the first to the last.
    unsigned begin = 0, end = 0;
    /// The tasks' header: none (no counter).
    CountedFor none;
  };
  /// Fills `g` from its weft.graph; false, with why, when the text cannot
  /// take it.
  bool planGraph(mlir::Operation *op, GraphPlan &g, std::string &why);
  /// The graph's context struct and one function per task.
  std::string graphFunctions(const GraphPlan &g);
  /// The block that replaces the statements: the graph, else as written.
  std::string graphDispatch(const GraphPlan &g);
  /// The same for --emit=openmp: sections, level by level.
  std::string openmpGraph(const GraphPlan &g);
  /// The `}` that ends a graph's block, and the #line after it.
  std::string closeGraph(const GraphPlan &g);
  bool checkLoop(Plan &p, std::string &why);
  /// The edits that make the task's error paths (weft.error_path on their
  /// `if` statements) wait for every earlier iteration, or stop the chunk:
  /// into p.bodyEdits and p.ompEdits. False, with why, when the text
  /// cannot take them.
  bool errorPathEdits(Plan &p, std::string &why);
  /// Labels made for Plan::exitLabel so far, so that each is unique.
  unsigned exitLabels = 0;
  /// An error path that a macro writes as one statement of the body:
  /// `assert(x);`, or `CHECK(x);` of `do { if (!(x)) { fprintf(stderr,
  /// ..., __FILE__, __LINE__, #x); exit(1); } } while (0)`. The invocation
  /// expands to an `if` (or `?:`) on x, one of its arguments, and nothing
  /// else that runs; the error branch is calls, the last ending the program,
  /// whose arguments are literals (#x, __FILE__, __LINE__, __func__,
  /// __PRETTY_FUNCTION__) or globals (stderr); the other branch is empty.
  /// The rewriter writes it out again, its calls with those literals.
  struct MacroErrorPath {
    unsigned b = 0, e = 0;   ///< the invocation in the main file
    unsigned cb = 0, ce = 0; ///< x's text, inside the invocation
    /// x written out again (conditionText), when the macro writes it
    /// (`if ((v) > LIMIT)`): the edit then replaces the whole invocation.
    std::string cond;
    bool whenTrue = false;   ///< the error branch runs when x is true
    /// `f(...); exit(1);`, with literal arguments, for the outlined body
    /// (`calls[0]`) and for OpenMP's, which stays in its function
    /// (`calls[1]`: __func__ and __PRETTY_FUNCTION__ as written).
    std::string calls[2];
  };
  /// The C text of an error path's condition `x` that a macro invocation
  /// at [b, e) of the file writes, valid both in the outlined body and
  /// where the loop is: the file's text of the invocation's arguments,
  /// literals as they are spelled, enum constants as their values, globals
  /// and the loop's scalars that keep their names (sameNameInLoop), and
  /// the operators of C (not assignments, increments, `*`, `&`, calls or
  /// subscripts) over them; "" for anything else.
  std::string conditionText(const Plan &p, const clang::Expr *x, unsigned b,
                            unsigned e);
  /// Statement `s`'s error path on branch `side` (0: then, 1: else) as a
  /// MacroErrorPath, or nothing with why.
  std::optional<MacroErrorPath> macroErrorPath(const Plan &p,
                                               const clang::Stmt *s, int side,
                                               std::string &why);
  /// The macro invocation that is all of `s` (its first token starts one
  /// top-level expansion, its last ends it), or nothing: `s` is written in
  /// the file, or is a part of an invocation.
  std::optional<clang::CharSourceRange>
  wholeInvocation(const clang::Stmt *s) const;
  /// `v` holds, under its own name, what the loop as written holds there,
  /// in the outlined body and in OpenMP's loop: declared in the loop, or a
  /// counter, first-private, private or last-private capture.
  bool sameNameInLoop(const Plan &p, const clang::VarDecl *v);
  /// The calls of `calls` with literal arguments (literalText), for the
  /// outlined body (`out[0]`) and OpenMP's (`out[1]`); false with why.
  bool renderCalls(const Plan &p, llvm::ArrayRef<const clang::Stmt *> calls,
                   std::string out[2], std::string &why);
  /// The statements of the task's error branches (of `if`s the file
  /// writes) that are whole macro invocations with __func__ in them
  /// (`DIE(msg)` as `die(__func__, msg)`) and only call functions with
  /// literal arguments: each one's [b, e) and its calls written out.
  std::vector<MacroErrorPath> macroBranchCalls(const Plan &p);
  /// The task's error branches: each `if` (weft.error_path), its side, and
  /// the statement that it ends (weft.stmt_end), or null.
  std::vector<std::tuple<mlir::Operation *, int, const clang::Stmt *>>
  errorBranches(const Plan &p) const;
  /// The #includes of the main file that are not at file scope (inside a
  /// function or a type) and bring in system headers, directly or through
  /// the files they include: those headers' declarations are hidden after
  /// them while their include guards are set, so weft's header, which
  /// includes system headers, does not compile after one. Sorted; one
  /// entry per system header.
  const std::vector<clang::SourceLocation> &nestedIncludes();
  std::optional<std::vector<clang::SourceLocation>> nestedIncludesCache;
  bool checkMacros(const Plan &p, std::string &why);
  /// The file's own macros defined at `off` (in the main file or a header
  /// that is not a system header), which could change the text of the
  /// headers weft inserts there (`#define match(a, b)` breaks libomp's
  /// omp.h): `#pragma push_macro` and `#undef` for each, and the
  /// `#pragma pop_macro` lines that restore them after the headers.
  /// Reserved names (`_GNU_SOURCE`), NDEBUG, weft's own (WEFT_*, from a
  /// weft.h the file includes) and empty object-like macros (include
  /// guards) stay: they configure headers or are inert. For libweft's
  /// output, only the names weft.h, the checks and the standard headers
  /// they include use (Rewrite.cpp).
  std::pair<std::string, std::string> setAsideMacros(unsigned off);
  std::string unnameable(QualType t);
  bool visibleAtInsertion(const clang::Decl *d, const Plan &p);
  /// What each capture contributes to the context struct, the body
  /// function and the block that replaces the loop (`body` is the block's
  /// indentation).
  struct Layout {
    std::string fields, binds, tail;      ///< struct; body function
    /// The noalias captures as restrict pointers (`T *restrict name`, with
    /// the name): parameters of the body's kernel, where compilers honor
    /// restrict (GCC and Clang ignore it on a local initialized from the
    /// struct).
    std::vector<std::pair<std::string, std::string>> restricts;
    std::vector<std::string> inits;       ///< `field = value` of the struct
    std::string declParts, combine, copyOut; ///< the replacing block
    bool hasReductions = false;
    /// The arrays of array reductions and the private arrays too large for
    /// the stack, which each team member copies: its copy of `name` at
    /// `offset` bytes into its block of `copyBytes`.
    struct Copy {
      std::string name, op;
      QualType part; ///< the element of the copy
      QualType ptr;  ///< what the body names the copy as: part *, or a
                     ///< pointer to rows of part
      /// Its elements and its offset in a member's block, as C: constants,
      /// or of the weft_len_ variables of copies of a run-time size.
      std::string elems, offset;
      bool sparse = false; ///< Capture::sparse
      /// A private array's (no op): neither filled nor combined.
      bool isPrivate() const { return op.empty(); }
    };
    std::vector<Copy> copies;
    /// A member's copies: the bytes of those of a constant size (a
    /// multiple of 64), then C that adds those of a run-time size.
    uint64_t copyBytes = 0;
    std::string copySpans;
    /// A member's copies' bytes, as C.
    std::string bytes() const;
  };
  /// The copies of p's array reductions whose size is known only when the
  /// loop runs (Capture::length): `weft_len_<name>` and its C at the loop.
  std::vector<std::pair<std::string, std::string>> copyLengths(const Plan &p);
  /// Lines at `in` that take those lengths from a context (`from` is
  /// `weft_c->` or `weft_c.`), in a function that fills or combines them.
  std::string lengthLines(const Plan &p, const std::string &in,
                          const std::string &from);
  /// `&& ...` at `in` that a loop with copies of a run-time size adds to
  /// its condition: sizes computed, not empty, and paid for by the work.
  std::string copyLengthTest(const Plan &p, const std::string &in);
  /// The copy of an array reduction, placed after the copies in `L`.
  Layout::Copy &addCopy(const Capture &c, Layout &L);
  /// Bytes of a copy of a run-time length (Capture::length) in a member's
  /// block, as C: weft_copy_span() of its length (64-aligned).
  std::string copySpan(const Capture &c);
  /// The task's estimated work of one iteration, in ns, as C.
  std::string workPerIterText(const Plan &p);
  /// Its estimated work for the whole loop, as C: work per iteration times
  /// weft_trip (and times weft_rows for a sweep).
  std::string uniformWorkText(const Plan &p);
  Layout layout(const Plan &p, const std::string &body);
  void reductionLayout(const Capture &c, const std::string &body, Layout &L);
  /// One slot of type `t` per chunk: the array `weft_<name>` in the
  /// replacing block, and the struct's pointer `<name>` to it.
  void chunkSlots(QualType t, const std::string &name, const std::string &body,
                  Layout &L);
  std::string outlined(const Plan &p);
  /// After a call that ran p's chunks, the loop that combines its
  /// reductions and conditional last values in chunk order ("" without).
  std::string chunkOrderCombine(const Plan &p, const Layout &L,
                                const std::string &body);
  /// The SPMD function of a task with array reductions: each member fills
  /// its copies, runs its share of the loop on them, and combines a share
  /// of the elements of every copy into the arrays.
  std::string copiesFunction(const Plan &p, const Layout &L);
  /// Lines at `in` that make `weft_<name>`, the copy at `mine`, and fill it
  /// with the identity of its operator.
  std::string copyFill(const Layout::Copy &cp, const std::string &in,
                       const std::string &mine);
  /// Lines at `in` that combine into `array` (the array's address), over
  /// the elements `loop` takes (`for (...)` of weft_e), the copies of
  /// `members` members at `copies`, `bytes` apart.
  std::string copyCombine(const Layout::Copy &cp, const std::string &in,
                          const std::string &loop, const std::string &array,
                          const std::string &copies, const std::string &bytes,
                          const std::string &members);
  std::string dispatch(const Plan &p);
  /// ` && !weft_for_inline(...)` (or weft_spmd_inline for the region `fn`
  /// runs) for the condition of a loop whose sequential text gives the
  /// same results as its chunks (sameAsChunks), else "": a site the
  /// runtime measured to be faster on the calling thread then runs as
  /// written, without the outlined loop's calls or its checks. For a fused
  /// region (several loops) the answer is kept in `weft_as_written`, which
  /// the region's `else` tests first in each loop's condition (Plan::
  /// inAskedRegion): those loops then run as written without asking.
  /// With `decl`, the site's memo (weft_memo_t), declared on the line
  /// before the condition at indentation `in`, where the function may hold
  /// a static (holdsStatics; else the query passes none).
  struct InlineQuery {
    std::string decl, cond;
  };
  InlineQuery inlineQuery(const std::vector<Plan *> &loops,
                          const std::string &fn, bool spmd,
                          const std::string &trip, const std::string &in);
  /// The function of the loop may define a modifiable static: not an inline
  /// definition with external linkage (C11 6.7.4p3).
  static bool holdsStatics(const Plan &p);
  /// The loop as written computes what its chunks compute, to the bit: no
  /// floating-point sum or product reduction (fmin/fmax, whose choice
  /// between +0 and -0 is unspecified, included). (A loop with error paths
  /// as written is the program's own: it ends the program at the first
  /// iteration in order that takes one.)
  static bool sameAsChunks(const Plan &p);
  /// The loop descriptor's region_id: the task's region, else its loop.
  static std::string regionIdText(const Plan &p);
  /// The replacing block's lines, at indentation `body`, that make the
  /// context struct (`weft_c`) and the loop descriptor (`weft_l`) of a
  /// task; `L` is its layout at `body`.
  std::string contextLines(const Plan &p, const Layout &L,
                           const std::string &body);
  /// With `gridOf`, the descriptor is cut like gridOf's (its shape, costs
  /// and work): a loop that follows it chunk by chunk needs its chunks.
  std::string descriptorLines(const Plan &p, const std::string &body,
                              const Plan *gridOf = nullptr);
  /// A parallel region of several tasks (weft-fuse-regions): the SPMD
  /// function after their outlined bodies, and the block that replaces
  /// them (`glue` is the code between the loops, moved before it).
  std::string regionFunction(const std::vector<Plan *> &r);
  std::string regionDispatch(const std::vector<Plan *> &r,
                             const std::string &glue);
  std::string openmpRegion(const std::vector<Plan *> &r,
                           const std::string &glue, std::string &why);
  /// Can plan b join a region after plan a, in the C text: both loops in
  /// one compound statement, only statements between them (no preprocessor
  /// line), no name declared between them that a loop before uses, and
  /// starts without side effects (the region computes every trip count
  /// first, and the fallback again).
  bool regionLink(const Plan &a, const Plan &b,
                  const std::vector<Plan *> &before);
  /// The plans grouped into the regions the text allows (each plan alone
  /// when weft-fuse-regions did not fuse it); the tasks' marks follow.
  std::vector<std::vector<Plan *>> regions(std::vector<Plan> &plans);
  /// Sets up a sweep (weft.sweep on the task): false, with why, when the
  /// text cannot take it.
  bool sweepOf(Plan &p, std::string &why);
  /// The reshapes of the body: each loop pair of the task's loop that
  /// weft-interchange interchanged (weft.interchange), written as
  /// `for (j) S1  for (k) for (j) S2  for (j) S3`.
  void interchanges(Plan &p);
  /// The nest of the task loop's body that weft-interchange tiled
  /// (weft.tile), as p.tiles; when the text cannot take it, the nest stays
  /// as written and its weft.tile_missed says why.
  void tilesOf(Plan &p);
  /// At `in`, the task's counter set to its value at iteration `lo`, then
  /// `directive`, then the header of a loop over the chunk's iterations
  /// [lo, hi) that steps the counter with them (a turned loop's and a tiled
  /// nest's parts; `start`: the counter's first value).
  std::string bandRows(const Plan &p, const std::string &in, llvm::StringRef lo,
                       llvm::StringRef hi, llvm::StringRef start,
                       const std::string &directive = "");
  /// The chunk's tiled loops over [lo, hi) (p.tiles) at `in`.
  std::string tiledLoops(const Plan &p, const std::string &in,
                         llvm::StringRef lo, llvm::StringRef hi,
                         llvm::StringRef start, bool edits);
  /// The file's [b, e) with the body's edits and the reshapes that lie in
  /// it applied (interchanged pairs).
  std::string reshapedText(
      const Plan &p, unsigned b, unsigned e,
      const std::vector<std::tuple<unsigned, unsigned, std::string>> &edits);
  /// The pair (f1, f2) in the file, or nothing when a macro makes a part of
  /// it or f2 is not one of f1's body's statements.
  std::optional<Plan::Pair> pairOf(const clang::ForStmt *f1,
                                   const clang::ForStmt *f2);
  /// `weft_first` and `weft_last` at `in`: the first iteration of band
  /// `lo` and of band `hi` of `bands` over `trip` iterations.
  std::string bandLines(const std::string &in, const std::string &trip,
                        const std::string &bands, const std::string &lo,
                        const std::string &hi);
  /// The body's edits when `with` (the outlined body's), else OpenMP's
  /// (its body is the loop's, but for its error path).
  const std::vector<std::tuple<unsigned, unsigned, std::string>> &
  editsOf(const Plan &p, bool with) {
    return with ? p.bodyEdits : p.ompEdits;
  }
  /// The chunk's loops over [lo, hi) of the task's iterations at `in`: the
  /// body once, or for a turned loop its three parts (`start`: the
  /// counter's first value; `edits`: the outlined body's edits).
  std::string chunkLoops(const Plan &p, const std::string &in,
                         llvm::StringRef lo, llvm::StringRef hi,
                         llvm::StringRef start, bool edits);
  /// The file's [b, e) with the edits (in file order) that lie in it
  /// applied.
  std::string editedText(
      unsigned b, unsigned e,
      const std::vector<std::tuple<unsigned, unsigned, std::string>> &edits);
  /// The body's text, its lines after the first indented by `indent`;
  /// `edits` applies the outlined body's edits (shared scalars through
  /// their pointer).
  std::string bodyText(const Plan &p, bool edits = true,
                       llvm::StringRef indent = "    ");
  /// The block that replaces a loop in OpenMP output, or "" with `why`.
  std::string openmpBlock(const Plan &p, std::string &why);
  /// The minimum trip count the OpenMP `if` clause of a task tests, or
  /// nothing when its trip count always reaches it.
  std::optional<int64_t> openmpMinTrip(const Plan &p);
  /// `weft_trip >= m && weft_trip_2 >= m2 ...`: the minimum trip counts of
  /// `loops` (openmpMinTrip) as one test, for an `if` clause or a measured
  /// site's condition; "" when none is needed.
  std::string openmpMinTest(const std::vector<const Plan *> &loops);
  /// The normalized loop over [0, weft_trip) at `in` (over [lo, hi) when
  /// `hi` is given: a thread's block of a loop with error paths, which
  /// stops once an earlier iteration has taken one): the counter from
  /// weft_k, and the body as written.
  std::string openmpLoop(const Plan &p, const std::string &in,
                         llvm::StringRef lo = "0", llvm::StringRef hi = "");
  /// The schedule clause of the task's OpenMP loop: static blocks, or one
  /// iteration at a time for iterations whose cost grows linearly.
  std::string openmpSchedule(const Plan &p);
  /// Does the OpenMP loop count with an `int` (the C counter's own type)?
  bool openmpIntLoop(const Plan &p);
  /// The test that the OpenMP loop runs: at least one iteration, and for an
  /// `int` iteration variable, no more than it can count.
  std::string openmpTripTest(const Plan &p);
  /// openmpBlock for a task with array reductions (`L` has their copies).
  std::string openmpCopiesBlock(const Plan &p, const std::string &head,
                                const std::string &guards,
                                const std::string &clauses, const Layout &L);
  /// The OpenMP clauses of a task's captures, or "" with `why`.
  std::string openmpClauses(const Plan &p, std::string &why);
  /// The measured site of an OpenMP block (`loops` of one) or region
  /// (docs/output.md, "Measured sites"), at indentation `in`: `decl`
  /// declares its static and the call's mode, `before` (for the condition,
  /// before the checks) tests the minimum trip counts (openmpMinTest; a
  /// site's loops have no `if` clause) and the mode of the fused region
  /// whose `else` the loop is in (Plan::inAskedRegion), `ask` (for the end
  /// of the condition) asks the site after the checks, and `endTeam` and
  /// `endWritten` (statements) record a timed call at the end of the
  /// parallel branch and of the loop as written. All empty when the loops
  /// have no site: a loop whose text as written computes other results
  /// than its parallel run (sameAsChunks), a sweep (its rows are counted
  /// inside its region), loops of constant trip counts estimated at
  /// kProbeMaxNs or more, and a loop in an inline definition of a function
  /// with external linkage, which C forbids a static.
  struct OmpSite {
    std::string decl, before, ask, endTeam, endWritten;
    explicit operator bool() const { return !ask.empty(); }
  };
  OmpSite openmpSite(const std::vector<const Plan *> &loops,
                     const std::string &in, bool region);
  std::string startText(const Plan &p);
  /// The text of an init that runs before the loop
  /// (CountedFor::initBefore), [b, e), without the `;` after it; false if
  /// it is not written in the file as such.
  bool initRange(const Plan &p, unsigned &b, unsigned &e);
  std::string tripText(const Plan &p);
  /// The counter's step as C text: its constant, or a step by a variable's
  /// text in parentheses (`(m)`); "" when weft cannot write it.
  std::string stepExprText(const Plan &p);
  /// The `++`, `--`, `+= s`, `-= s` or `+= (m)` that steps the counter,
  /// named `n`, of p's loop.
  std::string stepText(const Plan &p, const std::string &n);
  std::string guardText(const Plan &p) {
    // (Its own checks may name its trip count: kLoopTripDecl.)
    tripOf = &p;
    std::string g = guardText(p.task.getGuards(), p);
    tripOf = nullptr;
    return g;
  }
  /// The plan whose checks polyText writes, where its weft_trip is known.
  const Plan *tripOf = nullptr;
  /// The same for `guards` (weft.guards' form) named where `p` is: a task
  /// graph's checked edges.
  std::string guardText(mlir::ArrayAttr guards, const Plan &p);
  /// The region's `if`: every task's minimum trip, the ready call and
  /// `query` (inlineQuery), and the checks.
  std::string regionCondition(const std::vector<Plan *> &r,
                              const std::string &in, bool openmp,
                              const std::string &query = "");
  /// The end of a region's block, from its `else`: each loop as it would be
  /// alone (`alone` writes it; "" if it cannot, and then this is "").
  /// `tail`: a statement after them.
  std::string regionElse(const std::vector<Plan *> &r,
                         llvm::function_ref<std::string(const Plan &)> alone,
                         const std::string &tail = "");
  /// A polynomial over C variables as C, at the start of p's loop; "" when
  /// an atom has no name there.
  std::string polyText(const CPoly &poly, const Plan &p);
  bool namesAtLoop(const ImportedModule::MemoryRead &r, const Plan &p);
  std::string constantArgument(const Plan &p, const clang::VarDecl *var);
  /// `int radius = 3; /* every call passes 3 */` and a newline for a
  /// parameter every call passes one constant for (constantArgument), else
  /// "".
  std::string constantDecl(const Plan &p, const Capture &c);
  /// An OpenMP loop body's declarations of the constants every call passes
  /// for the parameters it reads (constantArgument), which shadow them.
  std::string constantLines(const Plan &p, const std::string &in);
  /// Does the variable's name mean it where p's loop starts: it is declared
  /// before the loop in a scope that holds it, and no variable of the same
  /// name in a scope inside that one, also holding the loop, hides it.
  bool namesVarAtLoop(const clang::VarDecl *v, const Plan &p);
  std::string counterValue(const Plan &p, llvm::StringRef k,
                           llvm::StringRef start);
  /// `(T)(start + k * step)` for a variable of type `t`: in uint64_t for an
  /// unsigned or 64-bit one, where it wraps as C's would; a pointer's by
  /// C's arithmetic. `step` is C: a constant, or a variable with an
  /// optional `-` (`start - k * m`).
  std::string steppedValue(clang::QualType t, llvm::StringRef step,
                           llvm::StringRef k, llvm::StringRef start);
  /// The variables the loop steps with its counter (CaptureKind::
  /// Induction; each one's `op` is its step as C).
  static std::vector<const Capture *> inductions(const Plan &p);
  /// The context's field of the value induction `c` has where the loop
  /// starts (`weft_j_start`), and its local in the replacing block (with
  /// the loop's suffix in a fused region).
  static std::string inductionField(const Capture &c) {
    return "weft_" + c.name + "_start";
  }
  static std::string inductionStart(const Plan &p, const Capture &c) {
    return p.nm(inductionField(c));
  }
  /// The lines that open a replacing block, at `in`: weft_start (the start,
  /// evaluated once), weft_trip, and weft_bad when there are overlap checks,
  /// whose text goes to `guards`. "" when weft cannot write one of them.
  std::string tripLines(const Plan &p, const std::string &in,
                        std::string &guards);
  /// The C counter of normalized iteration weft_k, declared at `in`, from
  /// the start `start` (`weft_c->weft_start` or the replacing block's
  /// `weft_start`), and the inductions' values in it (inductionLines).
  std::string counterLines(const Plan &p, const std::string &in,
                           llvm::StringRef start);
  /// Each induction of the loop declared at `in` with its value in
  /// normalized iteration weft_k: the body steps its own copy. `start` as
  /// counterLines'.
  std::string inductionLines(const Plan &p, const std::string &in,
                             llvm::StringRef start);
  /// A counter declared before the loop gets its value after it (at `in`),
  /// and so does each induction.
  std::string counterAfter(const Plan &p, const std::string &in);
  /// The loop as written (a start with side effects replaced by
  /// weft_start, which was computed once), re-indented to `body`.
  std::string asWritten(const Plan &p, const std::string &in,
                        const std::string &body, const std::string &tail = "");
  bool openmp() const { return options.emit == RewriteOptions::Emit::OpenMP; }
  /// The OpenMP output uses omp_alloc (array reductions): it includes
  /// <omp.h> with the checks.
  bool needsOmpHeader = false;
  void veto(TaskOp task, const std::string &why);
  /// The loops vetoed so far (RewriteResult::vetoes).
  std::map<int64_t, std::string> vetoed;
  /// Inserts the hints before the serial stretches the frequency-hints
  /// pass marked (weft.serial_hint_ns).
  void hintSerialStretches();
  std::string text(unsigned b, unsigned e) const {
    return sm.getBufferData(sm.getMainFileID()).slice(b, e).str();
  }
  /// The offset where the main file's line holding offset `at` starts.
  unsigned lineStartOf(unsigned at) const {
    size_t nl = sm.getBufferData(sm.getMainFileID()).rfind('\n', at);
    return nl == llvm::StringRef::npos ? 0 : (unsigned)nl + 1;
  }
  /// The blanks that start the line of offset `at`, up to `at` at most.
  std::string blanksBefore(unsigned at) const {
    llvm::StringRef line =
        sm.getBufferData(sm.getMainFileID()).slice(lineStartOf(at), at);
    return line.take_while([](char c) { return c == ' ' || c == '\t'; }).str();
  }
  /// Is there only blank space before offset `at` on its line?
  bool firstOnLine(unsigned at) const {
    return blanksBefore(at).size() == at - lineStartOf(at);
  }
  unsigned offsetOf(clang::SourceLocation l) const {
    return sm.getFileOffset(l);
  }
  /// [begin, end) of a statement or expression in the main file, with the
  /// `;` that ends a statement; false if it is not written there.
  bool fileRange(clang::SourceRange r, unsigned &b, unsigned &e,
                 bool withSemi);
  std::string lineDirective(clang::SourceLocation l) const {
    if (!options.lineDirectives)
      return "";
    return "#line " + std::to_string(sm.getExpansionLineNumber(l)) + " " +
           quoted(path) + "\n";
  }
  /// The same for the main file's offset `off`.
  std::string lineDirectiveAt(unsigned off) const {
    return lineDirective(
        sm.getLocForStartOfFile(sm.getMainFileID()).getLocWithOffset(off));
  }
  /// The `for` statement of loop id `id` (im.loops), or null (another
  /// statement, or an id weft does not know).
  const clang::ForStmt *forStmtOf(int64_t id) const {
    return id >= 0 && (size_t)id < im.loops.size()
               ? llvm::dyn_cast_or_null<clang::ForStmt>(im.loops[id])
               : nullptr;
  }
  /// Narrows the main file's [b, e) to leave out blanks at both ends.
  void trimBlanks(unsigned &b, unsigned &e) const {
    llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
    while (b < e && llvm::isSpace(buf[b]))
      ++b;
    while (e > b && llvm::isSpace(buf[e - 1]))
      --e;
  }

  ImportedModule &im;
  clang::ASTContext &ctx;
  clang::SourceManager &sm;
  clang::Preprocessor &pp;
  const RewriteOptions &options;
  clang::PrintingPolicy policy;
  clang::Rewriter rw;
  llvm::DenseMap<const clang::ValueDecl *, int64_t> declIds;
  std::string path, fileName;
  /// The ABI check (and default team) every parallel loop calls.
  std::string readyCall = "weft_ready()";
  /// Where the include of weft.h goes: serial hints only after it.
  unsigned preludeAt = 0;
  /// The text of the task graphs written: no serial hints inside.
  std::vector<std::pair<unsigned, unsigned>> graphRanges;
};

} // namespace detail
} // namespace weft

#endif // WEFT_LIB_FRONTEND_REWRITE_REWRITEINTERNALS_H
