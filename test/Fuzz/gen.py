#!/usr/bin/python3
"""A generator of random C programs for differential testing (test/Fuzz).

Every program is valid C11, terminates, and has no undefined behaviour:
subscripts stay inside their arrays by construction (the generator computes
each subscript's range over its loops and places it), integers stay small
(values are reduced modulo a constant where they could grow, products and
bit operations use unsigned types), and floating-point values stay bounded.
The same seed always gives the same program.

A program has a few kernels over pointer parameters, each a loop nest of
depth 1 to 4 with affine, row-major, flattened (also with a symbolic row
length, n + c, some overrunning the row) and indirect subscripts,
constant or symbolic sizes (a parameter, or a bound in memory: through a
pointer that may point into a buffer the body writes, a global, or a struct
field), buffers passed directly or held in a struct (`b->x[i]`), scalar
temporaries (some assigned conditionally, then dead or live after the
nest), reductions of every operator (also a maximum of an expression
written twice), last values, conditionals, calls to pure and impure
helpers, early exits, and what real programs' hot loops do: arrays declared
in the body, element indices kept in a scalar, sizes in locals never
assigned, static kernels that every call passes distinct arrays, and (one
program in four) row tables: `double **` whose rows are allocations of
their own, passed as two tables, one table twice, or a row and its table,
and (two in five of those) tables of rows carved from one block, in order,
backwards, overlapping or with a row twice, which a run-time check tests;
one kernel in ten has a long body (50 to 90 more stores, some repeated),
and some read with a wraparound subscript (`z[(i + c) % n + n]`); one
program in three has array reductions (histograms into globals and locals
of known size, some loops with an update that is none); one in three a
work array declared before its loop and written before it is read in
every iteration (or, now and then, not); one kernel in four writes most of
its loops as while or do loops that step their counter last (or first, or
in the condition); one program in three has a matrix nest whose innermost
loop walks a matrix down its columns (i-j-k, an element set or scaled
before the k loop, a statement after it), which weft may interchange, or
must not (a recurrence along j, a sum in a scalar, a triangular k, the j
counter read after the loops); one in three a row recurrence (each row from
the one before) whose inner loop weft may run as a sweep, or must fork per
row (a neighbour from the row above, a sum, the outer counter read after);
one in four has a flattened subscript whose row length is a parameter
(`y[i * s + c]`, rows of c in rows of s, or a recurrence between rows),
called with strides apart, zero, negative and overlapping; one in four
calls helpers defined in a header it includes (HELPERS_H,
written as fuzz_helpers.h beside the program): pure ones, one through
another, a loop over a row, a store through a pointer, and ones that keep
it sequential (a static counter, a read of the element before); one in four
reads and writes vectors and matrices in structs through accessors in
GSL's style (`v->data[i * v->stride]`), called with vectors apart, a
stride of zero, shared elements and overlapping rows; one in four the same
through pointer arithmetic (an accessor that returns `v->data + i *
v->stride`, `*(y->data + i * y->stride)`, a row pointer).
Most kernels store to one array and read the others, and most
stores go to an element of their own, as real kernels do: about 40% of the
loops can run in parallel, and the rest have dependences that are rarely
obvious (docs/testing.md).
main() calls each kernel on disjoint and on overlapping arguments (or, for
one kernel in four, on distinct arrays only) and prints a checksum of every
buffer and every result after each call.

Usage: gen.py SEED [-o FILE]   (prints the program; a first line comment
says which features it uses)
"""
import argparse
import os
import random
import re
import sys

SIZE = 1 << 14      # elements per buffer
MAXOFF = 2048       # largest pointer offset main passes to a kernel
MAXSPAN = 4096      # largest subscript range a kernel may use

# The header of helpers that inc_k calls: definitions in an included file,
# which weft imports for their summaries (docs/analysis.md, "Functions of
# included files"). Whoever builds a program writes it beside the program
# (write_helpers).
HELPERS_H = """/* Helpers of weft's fuzz programs (test/Fuzz/gen.py, inc_k). */
static inline double fh_mix(double a, double b) { return a * 0.75 - b * 0.25; }
static inline double fh_clamp(double v) {
  return v < -1.0 ? -1.0 : v > 1.0 ? 1.0 : v;
}
static inline double fh_soft(double v) { return fh_clamp(fh_mix(v, 0.5)); }
static inline double fh_sum(const double *p, int k) {
  double s = 0;
  for (int t = 0; t < k; t++)
    s += p[t];
  return s;
}
static inline void fh_scale(double *p, int k, double f) {
  for (int t = 0; t < k; t++)
    p[t] *= f;
}
static inline void fh_put(double *p, int i, double v) { p[i] = v; }
static inline double fh_prev(const double *p, int i) { return p[i - 1]; }
static long fh_calls;
static inline double fh_tick(double v) { return v + (double)(fh_calls++ % 3); }
"""


def strided_structs(vec, mat):
    """C typedefs of a vector and a matrix in GSL's style, named vec and
    mat: acc_k's and ptr_k's."""
    return ["typedef struct { int size, stride; double *data; } %s;" % vec,
            "typedef struct { int rows, cols, tda; double *data; } %s;" % mat]


def write_helpers(directory):
    """Writes HELPERS_H as fuzz_helpers.h in `directory`."""
    with open(os.path.join(directory, "fuzz_helpers.h"), "w") as f:
        f.write(HELPERS_H)


class Loop:
    def __init__(self, var, lo, hi_text, ext, tri_of=None):
        self.var, self.lo, self.hi_text, self.ext = var, lo, hi_text, ext
        self.tri_of = tri_of  # starts at an outer counter (triangular)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.features = set()
        self.kernels = []
        self.results = []  # (name, ctype) globals printed after each call
        self.die_used = False  # a kernel calls h_die (an error path)

    def pick(self, *xs):
        return self.r.choice(xs)

    # --- subscripts ---------------------------------------------------------

    def affine(self, loops, write=False):
        """An affine subscript over the loops, placed so that it stays in
        [0, MAXSPAN): returns (text, (lo, hi)). A written subscript usually
        moves with every counter, so that many loops are parallel (and the
        others have dependences that are not obvious)."""
        coefs = {}
        for l in loops:
            if self.r.random() < (0.9 if write else 0.75):
                coefs[l.var] = self.pick(-1, 1, 1, 1, 2)
        lo = hi = 0
        for l in loops:
            c = coefs.get(l.var, 0)
            top = l.ext - 1
            lo += min(0, c * top)
            hi += max(0, c * top)
        off = -lo + self.r.randrange(0, 24)
        parts = []
        for l in loops:
            c = coefs.get(l.var, 0)
            if c == 1:
                parts.append(l.var)
            elif c == -1:
                parts.append("-" + l.var)
            elif c:
                parts.append("%d * %s" % (c, l.var))
        text = "%d" % off
        for p in parts:
            text += (" - " + p[1:]) if p.startswith("-") else (" + " + p)
        return text, (lo + off, hi + off)

    def flat(self, loops):
        """i * W + j over the two innermost counters, W at least j's extent."""
        if len(loops) < 2:
            return None
        a, b = loops[-2], loops[-1]
        if a.tri_of or b.tri_of:
            return None
        pad = self.r.randrange(0, 3)
        self.features.add("flattened")
        if b.hi_text == "n":
            # i * (n + c) + j with j < n: rows apart for c >= 0, and for
            # c = -1 each row's last element is the next row's first.
            if self.r.random() < 0.25:
                pad = -1
            w = b.ext + pad
            row = {-1: "(n - 1)", 0: "n"}.get(pad, "(n + %d)" % pad)
            return "%s * %s + %s" % (a.var, row, b.var), \
                (0, (a.ext - 1) * w + b.ext - 1)
        w = b.ext + pad
        return "%s * %d + %s" % (a.var, w, b.var), (0, (a.ext - 1) * w + b.ext - 1)

    def rowmajor(self, loops):
        """Every counter with the stride of a row-major array (a little
        padded): each iteration of the nest has its own element, as in most
        real kernels, so the loops are parallel unless something else
        stops them."""
        if not loops:
            return None
        stride, parts, span = 1, [], 0
        for l in reversed(loops):
            parts.append(l.var if stride == 1 else "%s * %d" % (l.var, stride))
            span += (l.ext - 1) * stride
            stride *= l.ext + self.r.randrange(0, 2)
        off = self.r.randrange(0, 16)
        if span + off >= MAXSPAN:
            return None
        self.features.add("row-major")
        text = " + ".join(reversed(parts))
        return ("%d + %s" % (off, text) if off else text), (off, span + off)

    def subscript(self, loops, write=False):
        if len(loops) > 1 and loops[-1].hi_text == "n" and \
                self.r.random() < 0.6:
            f = self.flat(loops)
            if f:
                return f
        if self.r.random() < (0.8 if write else 0.2):
            f = self.rowmajor(loops)
            if f:
                return f
        if self.r.random() < 0.2:
            f = self.flat(loops)
            if f:
                return f
        if self.r.random() < 0.08 and loops:
            self.features.add("indirect")
            return "idx[%s & 255]" % loops[-1].var, (0, 255)
        return self.affine(loops, write)

    # --- expressions ----------------------------------------------------------

    def fexpr(self, loops, srcs, scalars, own=None, dsts=()):
        """A bounded double expression. It often reads the element it is
        stored to (own: the array and subscript), or the read-only z, as
        most real kernels do; other reads are where dependences come from."""
        terms = []
        for _ in range(self.r.randrange(1, 3)):
            if own and self.r.random() < 0.35:
                terms.append("%s[%s]" % own)
                continue
            ro = [a for a in srcs if a not in dsts]
            s = self.pick(*(ro if ro and self.r.random() < 0.85 else srcs))
            sub, _ = self.subscript(loops)
            terms.append("%s[%s]" % (s, sub))
        if scalars and self.r.random() < 0.4:
            terms.append(self.pick(*scalars))
        if self.r.random() < 0.2:
            # In odd programs, a function weft sees only declared, const
            # (docs/analysis.md, "Functions of other files").
            if self.seed % 2:
                self.features.add("declared const call")
                terms[0] = "h_ext(%s)" % terms[0]
            else:
                self.features.add("pure call")
                terms[0] = "h_pure(%s)" % terms[0]
        if loops and self.r.random() < 0.3:
            terms.append("(double)%s" % self.pick(*[l.var for l in loops]))
        k = 1.0 / (len(terms) + 1)
        return " + ".join("%.3g * %s" % (k * self.pick(0.5, 1, -1), t)
                          for t in terms)

    def iexpr(self, loops, own=None):
        sub, _ = self.subscript(loops)
        if own and self.r.random() < 0.5:
            sub = own
        sub2, _ = self.subscript(loops)
        other = self.pick("iv[%s]" % sub2, "(int)(z[%s] * 8)" % sub2)
        return "(iv[%s] * %d + %s) %% 1000" % (sub, self.pick(1, 2, 3), other)

    # --- statements -----------------------------------------------------------

    def body(self, loops, depth, ctx):
        """Statements for the innermost loop body (a list of lines)."""
        lines = []
        n = self.pick(1, 1, 2, 2, 3)
        for _ in range(n):
            kind = self.r.random()
            dst = self.pick(*ctx["dsts"])
            srcs = ("x", "y", "z")
            if kind < 0.38:
                sub, _ = self.subscript(loops, write=True)
                if sub.startswith("idx["):  # indirect writes: scatter
                    self.features.add("scatter")
                lines.append("%s[%s] = %s;" % (dst, sub, self.fexpr(
                    loops, srcs, ctx["sc"], own=(dst, sub), dsts=ctx["dsts"])))
            elif kind < 0.48:
                t = "t%d" % len(ctx["temps"])
                ctx["temps"].append(t)
                self.features.add("private")
                sub, _ = self.subscript(loops, write=True)
                lines.append("%s = %s;" % (t, self.fexpr(loops, srcs, [],
                                                         own=(dst, sub), dsts=ctx["dsts"])))
                lines.append("%s[%s] = %s * 0.5;" % (dst, sub, t))
            elif kind < 0.64:
                red = self.reduction(loops, ctx)
                lines.append(red)
            elif kind < 0.73:
                sub2, _ = self.subscript(loops, write=True)
                sub, _ = self.subscript(loops)
                self.features.add("conditional")
                src = self.pick("z", dst, self.pick(*srcs))
                if src == dst:
                    sub = sub2
                lines.append("if (%s[%s] > 0.25)" % (src, sub))
                lines.append("  %s[%s] = %s;" % (dst, sub2, self.fexpr(
                    loops, srcs, [], own=(dst, sub2), dsts=ctx["dsts"])))
            elif kind < 0.81:
                lines.append(self.iv_write(loops, ctx))
            elif kind < 0.88:
                sub, _ = self.subscript(loops, write=True)
                self.features.add("writing call")
                lines.append("h_put(%s, %s, %s);" % (dst, sub, self.fexpr(
                    loops, srcs, [], own=(dst, sub), dsts=ctx["dsts"])))
            elif kind < 0.89:
                sub, _ = self.subscript(loops, write=True)
                self.features.add("impure call")
                lines.append("%s[%s] = h_count(%s[%s]);" % (
                    dst, sub, self.pick(*srcs), self.subscript(loops)[0]))
            elif kind < 0.97:
                self.features.add("last value")
                sub, _ = self.subscript(loops)
                lines.append("last = %s[%s];" % (self.pick(*srcs), sub))
                ctx["last"] = True
            elif kind < 0.985:
                sub, _ = self.subscript(loops)
                self.features.add("early exit")
                lines.append("if (%s[%s] > 1e6)" % (self.pick(*srcs), sub))
                lines.append("  break;")
            else:
                # A check whose branch writes a message and ends the
                # program (docs/analysis.md, "Error paths"); never taken.
                sub, _ = self.subscript(loops)
                self.features.add("error path")
                src = self.pick(*srcs)
                if self.r.random() < 0.4:
                    # One that a macro writes (docs/output.md): assert, or
                    # one that prints the loop's counter.
                    if self.r.random() < 0.5:
                        self.features.add("assert")
                        lines.append("assert(%s[%s] <= 1e6);" % (src, sub))
                    elif self.r.random() < 0.5:
                        self.features.add("error macro printing the counter")
                        lines.append("H_ENSURE(%s[%s] <= 1e6, %s);" % (
                            src, sub, loops[-1].var))
                    else:
                        # One that writes its condition itself.
                        self.features.add("error macro with its own test")
                        lines.append("H_ABOVE(%s[%s], %s);" % (
                            src, sub, loops[-1].var))
                elif self.r.random() < 0.5:
                    # Through a function that ends the program and reads
                    # globals (a flag, an array it prints).
                    self.features.add("error path through a function")
                    self.die_used = True
                    lines.append("if (%s[%s] > 1e6)" % (src, sub))
                    lines.append("  h_die((int)%s);" % loops[-1].var)
                else:
                    lines.append("if (%s[%s] > 1e6) {" % (src, sub))
                    lines.append('  fprintf(stderr, "bad value at %%d\\n", '
                                 '(int)%s);' % loops[-1].var)
                    lines.append("  exit(3);")
                    lines.append("}")
        return lines

    def long_body(self, loops, lines, ctx, side):
        """Stores for a long body, drawn from `side` (the main stream is
        left as it was): the element the body stores to (`lines`), updated
        again and again from its own value and the read-only arrays (so
        that the loop stays parallel when the rest of the body is), some
        statements repeated word for word."""
        main, self.r = self.r, side
        first = first_store(lines)
        if first:
            dst, sub = first
        else:
            dst = self.pick(*ctx["dsts"])
            sub, _ = self.subscript(loops, write=True)
        ro = tuple(a for a in ("x", "y", "z") if a not in ctx["dsts"])
        out = []
        for _ in range(side.randrange(50, 90)):
            if out and side.random() < 0.2:
                out.append(side.choice(out))
                continue
            for _ in range(8):  # direct reads: a check can bound them
                e = self.fexpr(loops, ro, [], own=(dst, sub),
                               dsts=ctx["dsts"])
                if "idx[" not in e:
                    break
            else:
                e = "%s[%s] * 0.5" % (dst, sub)
            out.append("%s[%s] = %s;" % (dst, sub, e))
        self.r = main
        self.features.add("long body")
        return out

    def iv_write(self, loops, ctx, own_only=False):
        """A store to the int buffer; ctx["ivw"] gets the least element it
        writes (a bound in memory placed there moves). `own_only`: the new
        value reads only the element itself and read-only data."""
        sub, (lo, _) = self.subscript(loops, write=True)
        self.features.add("int")
        ctx.setdefault("ivw", []).append(lo)
        if own_only:
            value = "(iv[%s] * %d + (int)(z[%s] * 8)) %% 1000" % (
                sub, self.pick(1, 2, 3), self.subscript(loops)[0])
        else:
            value = self.iexpr(loops, sub)
        return "iv[%s] = %s;" % (sub, value)

    def reduction(self, loops, ctx):
        op = self.pick("add", "sub", "mul", "and", "or", "xor", "max", "min",
                       "maxif", "minif", "fadd")
        self.features.add("reduction " + op)
        sub, _ = self.subscript(loops)
        if op == "add":
            ctx["reds"].add(("long long", "rs", "0"))
            return "rs += iv[%s];" % sub
        if op == "sub":
            ctx["reds"].add(("long long", "rs", "0"))
            return "rs -= iv[%s] * 2;" % sub
        if op == "mul":
            ctx["reds"].add(("unsigned", "rp", "1"))
            return "rp *= (unsigned)iv[%s] | 1u;" % sub
        if op in ("and", "or", "xor"):
            v = {"and": "ra", "or": "ro", "xor": "rx"}[op]
            init = {"and": "~0u", "or": "0u", "xor": "0u"}[op]
            sym = {"and": "&", "or": "|", "xor": "^"}[op]
            ctx["reds"].add(("unsigned", v, init))
            return "%s %s= (unsigned)iv[%s] * 2654435761u;" % (v, sym, sub)
        if op == "max":
            ctx["reds"].add(("double", "rmax", "-1e300"))
            return "rmax = x[%s] > rmax ? x[%s] : rmax;" % (sub, sub)
        if op == "min":
            ctx["reds"].add(("double", "rmin", "1e300"))
            return "rmin = y[%s] < rmin ? y[%s] : rmin;" % (sub, sub)
        if op == "maxif":
            ctx["reds"].add(("int", "rimax", "-1000000"))
            return "if (iv[%s] >= rimax) rimax = iv[%s];" % (sub, sub)
        if op == "minif":
            ctx["reds"].add(("int", "rimin", "1000000"))
            return "if (iv[%s] < rimin) rimin = iv[%s];" % (sub, sub)
        ctx["reds"].add(("double", "rf", "0"))
        ctx["fp"] = True
        return "rf += x[%s] * 0.5;" % sub

    def nest(self, depth, sym, side):
        loops, header = [], []
        names = ["i", "j", "k", "l"]
        ext_budget = {1: 2000, 2: 48, 3: 14, 4: 7}[depth]
        for d in range(depth):
            v = names[d]
            ext = self.r.randrange(max(2, ext_budget // 2), ext_budget + 1)
            tri = None
            if d > 0 and self.r.random() < 0.2 and not loops[-1].tri_of:
                tri = loops[-1]
                self.features.add("triangular")
                loops.append(Loop(v, tri.var, str(ext), ext, tri_of=tri))
                header.append("for (int %s = %s; %s < %d; %s++)" % (
                    v, tri.var, v, min(ext, tri.ext), v))
                loops[-1].ext = min(ext, tri.ext)
                continue
            if d == 0 and sym:
                # main passes n up to the budget: subscripts are placed for it
                self.features.add("symbolic size")
                loops.append(Loop(v, 0, "n", ext_budget))
                # Or the bound is in memory, which C reads before every
                # iteration: nb[0] (main sets it to n, or points it into the
                # iv buffer, which the body may write: then `&& i < n` keeps
                # the loop in bounds), or the global gn (= n).
                b = self.r.random()
                if b < 0.2:
                    header.append("@BOUND-NB@")
                elif b < 0.3:
                    self.features.add("global bound")
                    header.append("for (int %s = 0; %s < gn; %s++)" % (v, v, v))
                else:
                    header.append("for (int %s = 0; %s < n; %s++)" % (v, v, v))
            elif self.r.random() < 0.15:
                self.features.add("decreasing")
                loops.append(Loop(v, 0, str(ext), ext))
                header.append("for (int %s = %d; %s >= 0; %s--)" % (
                    v, ext - 1, v, v))
            elif d == depth - 1 and sym and side.random() < 0.3:
                # The innermost loop runs to n too: a flattened subscript
                # over it has a symbolic row length (flat).
                self.features.add("symbolic row length")
                loops.append(Loop(v, 0, "n", ext_budget))
                header.append("for (int %s = 0; %s < n; %s++)" % (v, v, v))
            else:
                loops.append(Loop(v, 0, str(ext), ext))
                header.append("for (int %s = 0; %s < %d; %s++)" % (v, v, ext, v))
        return loops, header

    def offset_condition(self, h, r, by_n=None):
        """`for (int i = a; i < b; i++)` with the condition on the counter
        plus a constant, the bound moved by as much (the same loop); with
        `by_n` (a stream of its own), sometimes plus or minus the kernel's
        parameter n instead (`i + n < b + n`: a value the loop does not
        change)."""
        m = re.match(r"for \(int (\w+) = ([^;]+); \1 (<|>=) (\w+); "
                     r"(\1(?:\+\+|--))\)$", h)
        if not m or r.random() < 0.4:
            return h
        v, start, op, lim, inc = m.groups()
        if op == "<":
            cond = r.choice(("%(v)s + %(k)d < %(l)s + %(k)d",
                             "%(k)d + %(v)s < %(l)s + %(k)d",
                             "%(v)s - %(k)d < %(l)s - %(k)d",
                             "%(l)s + %(k)d > %(v)s + %(k)d",
                             "%(v)s + %(k)d <= %(l)s + %(k)d - 1"))
        else:
            cond = r.choice(("%(v)s + %(k)d >= %(l)s + %(k)d",
                             "%(v)s + %(k)d > %(l)s + %(k)d - 1"))
        k = r.randint(1, 3)
        if by_n and by_n.random() < 0.4:
            self.features.add("offset condition by a parameter")
            cond = cond.replace("%(k)d", "n")
        self.features.add("offset condition")
        return "for (int %s = %s; %s; %s)" % (
            v, start, cond % {"v": v, "k": k, "l": lim}, inc)

    def kernel(self, idx):
        depth = self.pick(1, 1, 2, 2, 2, 3, 4)
        sym = self.r.random() < 0.5
        # (A stream of its own for the choices added later: the programs
        # are otherwise those of the generator before them, seed for seed.)
        side = random.Random(self.seed * 7393 + idx * 31 + 5)
        loops, header = self.nest(depth, sym, side)
        # Most kernels store to one of their arrays and only read the others.
        ctx = {"temps": [], "reds": set(), "sc": ["s"], "last": False,
               "fp": False,
               "dsts": self.pick(("x",), ("x",), ("y",), ("x", "y"))}
        nb_bound = header[0] == "@BOUND-NB@"
        if nb_bound and self.r.random() < 0.4:
            # A loop that updates elements of its own, in the buffer its
            # bound may be in, from read-only data: parallel but for the
            # bound.
            lines = [self.iv_write(loops, ctx, own_only=True)]
        else:
            lines = self.body(loops, depth, ctx)
        # One kernel in ten has a long body (docs/analysis.md, step 5: the
        # memory test scales with the bases): 50 to 90 more stores, some of
        # them repeated word for word, from a stream of its own.
        long_side = random.Random(self.seed * 104729 + idx * 17 + 9)
        if long_side.random() < 0.1:
            lines += self.long_body(loops, lines, ctx, long_side)
        # One kernel in five with a symbolic size also reads z with a
        # wraparound subscript, `z[(i + c) % n + n]` (r + n is in [1, 2n - 1]
        # for any sign of the dividend), into the element the body stores
        # to: the check bounds the remainder when i + c >= 0 holds, and
        # otherwise the loop runs as written (c < 0 makes that happen).
        wrap_side = random.Random(self.seed * 3571 + idx * 53 + 7)
        if sym and loops[0].hi_text == "n" and wrap_side.random() < 0.2:
            own = first_store(lines)
            if own:
                c = wrap_side.randrange(-3, 4)
                d, sb = own
                lines.append("%s[%s] = %s[%s] * 0.5 + 0.25 * z[(%s %s %d) %% n"
                             " + n];" % (d, sb, d, sb, loops[0].var,
                                         "+-"[c < 0], abs(c)))
                self.features.add("wraparound")
        # One kernel in five with a symbolic size reads z at a clamped
        # index (`int cl = i + c; if (cl < 0) cl = 0; if (cl >= n) cl = n -
        # 1;`, or the same as selects) into the element the body stores to:
        # the check spans every way the index comes about (docs/analysis.md,
        # "Run-time checks"). From a stream of its own.
        clamp_side = random.Random(self.seed * 6007 + idx * 41 + 13)
        if sym and loops[0].hi_text == "n" and clamp_side.random() < 0.2:
            own = first_store(lines)
            if own:
                c = clamp_side.choice((-2, -1, 1, 3))
                d, sb = own
                v = loops[0].var
                e = "%s %s %d" % (v, "+-"[c < 0], abs(c))
                if clamp_side.random() < 0.5:
                    lines += ["int cl = %s;" % e,
                              "if (cl < 0)", "  cl = 0;",
                              "if (cl >= n)", "  cl = n - 1;",
                              "%s[%s] = %s[%s] * 0.5 + 0.25 * z[cl];" % (
                                  d, sb, d, sb)]
                    self.features.add("clamped index")
                else:
                    lines.append("%s[%s] = %s[%s] * 0.5 + 0.25 * z[%s < 0 ? 0 "
                                 ": %s >= n ? n - 1 : %s];" % (
                                     d, sb, d, sb, e, e, e))
                    self.features.add("clamped index, selects")
        name = "k%d" % idx
        # One kernel in seven reaches its buffers through a struct
        # (`b->x[i]`), loading the pointers in every iteration, as code
        # that keeps its arrays in structs does; half of those with a
        # symbolic size read it there too (`i < b->n`).
        # (Drawn from a stream of its own: the programs are otherwise those
        # of the generator before this choice, seed for seed.)
        side = random.Random(self.seed * 7919 + idx)
        via = side.random() < 0.15
        restrict = self.r.random() < 0.2 and not via
        q = "restrict " if restrict else ""
        if restrict:
            self.features.add("restrict")
        # nb may point into the iv buffer when the body writes iv (and
        # restrict does not promise otherwise): then the bound may move.
        nb_moves = None
        if nb_bound:
            v = loops[0].var
            self.features.add("bound in memory")
            if not ctx.get("ivw") and self.r.random() < 0.6:
                lines.append(self.iv_write(loops, ctx))
            if ctx.get("ivw"):
                # where the body writes (for the overlapping calls)
                nb_moves = None if restrict else self.pick(*ctx["ivw"])
                header[0] = "for (int %s = 0; %s < nb[0] && %s < n; %s++)" % (
                    v, v, v, v)
            else:
                header[0] = "for (int %s = 0; %s < nb[0]; %s++)" % (v, v, v)
        # One kernel in five with a temporary makes its assignment
        # conditional and decides after the nest whether the last value is
        # dead there (overwritten first on every path: the loop may run in
        # parallel with it private) or live (read on some path: the last
        # iteration that assigns it gives its value, conditionally
        # last-private). Drawn from the side stream, as above.
        dead_after = None
        temp_pairs = [k for k in range(len(lines) - 1)
                      if re.match(r"t\d+ = ", lines[k])]
        if temp_pairs and side.random() < 0.2:
            k = side.choice(temp_pairs)
            t = lines[k].split(" ", 1)[0]
            sub = re.match(r"\w+\[(.*)\] = ", lines[k + 1]).group(1)
            # Often, rarely (z is 88/64 once in 89 elements), only in the
            # first iterations of the outer loop (later chunks do not
            # assign), or never (the value before the loop stays).
            outer = loops[0].var
            cond = side.choice(("z[%s] > 0.5" % sub, "z[%s] > 1.37" % sub,
                                "%s < 3" % outer, "%s < 0" % outer))
            lines[k:k + 2] = ["if (%s) {" % cond,
                              "  " + lines[k], "  " + lines[k + 1], "}"]
            dead_after = (t, side.choice(("overwritten", "both branches",
                                          "overwritten", "both branches",
                                          "one branch", "read")))
            self.features.add("dead after" if dead_after[1] in (
                "overwritten", "both branches") else "live after")
        # What real programs' hot loops do (bench/programs), drawn from a
        # stream of their own. A temporary kept in an array declared in the
        # body (new in every iteration).
        real = random.Random(self.seed * 104729 + idx)
        plain_pairs = [k for k in range(len(lines) - 1)
                       if re.match(r"t\d+ = ", lines[k]) and
                       (not dead_after or
                        not lines[k].startswith(dead_after[0] + " "))]
        if plain_pairs and real.random() < 0.3:
            k = real.choice(plain_pairs)
            t, expr = lines[k][:-1].split(" = ", 1)
            dst = lines[k + 1].split(" = ", 1)[0]
            lines[k:k + 2] = ["{", "  double w[2];", "  w[0] = %s;" % expr,
                              "  w[1] = w[0] * 0.25;",
                              "  %s = (w[0] - w[1]) * 0.5;" % dst, "}"]
            ctx["temps"].remove(t)
            self.features.add("array in body")
        # The largest deviation, compared and kept as the same expression
        # written twice (`if (rdx < fabs(x[i] - 0.5)) rdx = fabs(...)`).
        reads = [m.group(0) for l in lines
                 for m in re.finditer(r"\b[xyz]\[[^\[\]]+\]", l)]
        if reads and real.random() < 0.15:
            e = "fabs(%s - 0.5)" % real.choice(reads)
            lines.append("if (rdx < %s)" % e)
            lines.append("  rdx = %s;" % e)
            ctx["reds"].add(("double", "rdx", "-1.0"))
            self.features.add("max of an expression")
        # An element index kept in a scalar declared before the nest and
        # assigned in the body (`kx = 3 + i * 40 + j; x[kx] = ...`, srad).
        stores = [k for k, l in enumerate(lines)
                  if re.match(r"[xy]\[[^\[\]]+\] = ", l)]
        index_temp = bool(stores) and real.random() < 0.2
        if index_temp:
            k = real.choice(stores)
            m = re.match(r"([xy])\[([^\[\]]+)\] = (.*)$", lines[k])
            rest = m.group(3).replace("%s[%s]" % (m.group(1), m.group(2)),
                                      "%s[kx]" % m.group(1))
            lines[k:k + 1] = ["kx = %s;" % m.group(2),
                              "%s[kx] = %s" % (m.group(1), rest)]
            self.features.add("index in a scalar")
        # A size held in a local never assigned (`int m = n / 2 + 1`),
        # which the run-time checks name.
        local_size = False
        plain = "for (int %s = 0; %s < n; %s++)" % ((loops[0].var,) * 3)
        if sym and not via and header[0] == plain and real.random() < 0.3:
            header[0] = plain.replace("< n;", "< m;")
            local_size = True
            self.features.add("size in a local")
        if via:
            self.features.add("struct-held pointers")
            held = lambda t: re.sub(r"\b(x|y|z|iv)\b", r"b->\1", t)
            lines = [held(t) for t in lines]
            header = [held(t) for t in header]
            if sym and header[0] == plain and side.random() < 0.5:
                header[0] = plain.replace("< n;", "< b->n;")
            out = ["static void %s(int n, double s, struct bufs *b, "
                   "const int *nb) {" % name]
        else:
            out = ["static void %s(int n, double s, double *%sx, double *%sy, "
                   "const double *%sz, int *%siv, const int *%snb) {" % (
                       name, q, q, q, q, q)]
        for t in ctx["temps"]:
            if dead_after and dead_after[0] == t:
                out.append("  double %s = -2;" % t)
            else:
                out.append("  double %s;" % t)
        for ctype, v, init in sorted(ctx["reds"]):
            out.append("  %s %s = %s;" % (ctype, v, init))
        if ctx["last"]:
            out.append("  double last = -1;")
        if local_size:
            out.append("  int m = n / 2 + 1;")
        if index_temp:
            out.append("  int kx;")
        # One kernel in five compares some counters plus a constant with
        # their bounds (`i + 2 < n + 2`, `1 + j <= 47`: docs/analysis.md,
        # "While and do loops"), from a stream of its own; the while loops
        # below take such conditions too.
        oc = random.Random(self.seed * 5023 + idx * 17 + 3)
        by_n = random.Random(self.seed * 7919 + idx * 23 + 7)
        if oc.random() < 0.2:
            header = [self.offset_condition(h, oc, by_n) for h in header]
        # One kernel in four writes some of its loops as while or do loops
        # that step their counter last (docs/analysis.md, "While and do
        # loops"), from a stream of its own.
        wl = random.Random(self.seed * 86028121 + idx * 13 + 11)
        as_while = wl.random() < 0.25
        # And some of those as `for (init; cond; )`, the step in the body or
        # the condition (a stream of its own).
        no_inc = random.Random(self.seed * 7127 + idx * 19 + 23)
        # And some for loops with an init the loop runs before it: several
        # expressions (`for (i_w = 3, i = 0; ...; i++, i_w += 2)`) or one
        # that sets another variable (`for (i_w = 3; i < n; i++)`), from a
        # stream of its own (docs/analysis.md, "Inits").
        ib = random.Random(self.seed * 9157 + idx * 29 + 31)
        closers = []
        ind = "  "
        for h in header:
            m = re.match(r"for \(int (\w+) = ([^;]+); ([^;]+); \1(\+\+|--)\)$",
                         h)
            if not (as_while and m and wl.random() < 0.7):
                if m and ib.random() < 0.1:
                    v, start, cond, inc = m.groups()
                    w = v + "_w"
                    self.features.add("for loop with an init run before it")
                    r = ib.random()
                    simple = re.match(r"%s (<|<=|>|>=) (.+)$" % v, cond)
                    if r < 0.25 and simple:
                        # `for (int i = 0, i_w = b; i < i_w; i++)`: the
                        # bound declared in the init.
                        out.append(ind + "for (int %s = %s, %s = %s; %s %s "
                                   "%s; %s%s) {" % (
                                       v, start, w, simple.group(2), v,
                                       simple.group(1), w, v, inc))
                        closers.append([ind + "}"])
                        ind += "  "
                        continue
                    if r < 0.7:
                        out.append(ind + "int %s, %s;" % (v, w))
                        out.append(ind + "for (%s = %d, %s = %s; %s; %s%s, "
                                   "%s += %d) {" % (
                                       w, ib.randint(-3, 9), v, start, cond,
                                       v, inc, w, ib.randint(1, 3)))
                    else:
                        out.append(ind + "int %s = %s, %s;" % (v, start, w))
                        out.append(ind + "for (%s = %d; %s; %s%s) {" % (
                            w, ib.randint(-3, 9), cond, v, inc))
                    closers.append([ind + "}", ind + "(void)%s;" % w])
                    ind += "  "
                    continue
                out.append(ind + h + " {")
                closers.append([ind + "}"])
                ind += "  "
                continue
            v, start, cond, inc = m.groups()
            if inc == "++":
                step = wl.choice(("%s++;", "++%s;", "%s += 1;",
                                  "%s = %s + 1;")).replace("%s", v)
            else:
                step = wl.choice(("%s--;", "--%s;", "%s -= 1;")).replace("%s", v)
            # A do loop runs once before its test: only where the first
            # test surely holds (a constant start inside constant bounds).
            bound = re.match(r"%s (<|>=) (\d+)$" % v, cond)
            first = (bound and start.isdigit() and
                     (int(start) < int(bound.group(2)) if bound.group(1) == "<"
                      else int(start) >= int(bound.group(2))))
            # Or, up from a constant start to a bound weft does not know
            # (`i < n`): a do loop then runs its body once at the start
            # even when n is below it, an element in the buffers still;
            # weft checks at run time that the first test passes.
            if (not first and start.isdigit() and
                    re.match(r"%s < [A-Za-z_]\w*$" % v, cond) and
                    inc == "++" and wl.random() < 0.3):
                self.features.add("do loop, bound not known")
                first = re.match(r"%s (<) (\w+)$" % v, cond)
                bound = first
            # Or the step first (`while (i > 0) { i--; ... }`), or in the
            # condition (`while (++i < b)`, `while (i-- > 0)`: the body sees
            # the stepped value): the counter starts one step early.
            simple = re.match(r"%s (<|>=) (\w+)$" % v, cond)
            early = None
            if simple and ((inc == "++" and simple.group(1) == "<") or
                           (inc == "--" and simple.groups() == (">=", "0"))):
                r = wl.random()
                early = "cond" if r < 0.25 else "first" if r < 0.475 else None
            if early:
                up, lim = inc == "++", simple.group(2)
                out.append(ind + "int %s = %s %s 1;" % (v, start,
                                                        "-" if up else "+"))
                if early == "cond":
                    self.features.add("while loop, step in the condition")
                    test = ("++%s < %s" % (v, lim) if up
                            else wl.choice(("%s-- > 0", "%s--")) % v)
                    if no_inc.random() < 0.3:
                        # `for (v = start; test;)`: the init sets it again.
                        self.features.add("for loop with no increment")
                        out.append(ind + "for (%s = %s %s 1; %s;) {" % (
                            v, start, "-" if up else "+", test))
                    else:
                        out.append(ind + "while (%s) {" % test)
                else:
                    self.features.add("while loop, step first")
                    out.append(ind + ("while (%s < %s - 1) {" % (v, lim) if up
                                      else "while (%s > 0) {" % v))
                    out.append(ind + "  " + step)
                closers.append([ind + "}"])
                ind += "  "
                continue
            out.append(ind + "int %s = %s;" % (v, start))
            if first and wl.random() < 0.5:
                self.features.add("do loop")
                out.append(ind + "do {")
                if inc == "++" and bound.group(1) == "<" and wl.random() < 0.3:
                    closers.append([ind + "} while (++%s < %s);" % (
                        v, bound.group(2))])
                else:
                    closers.append([ind + "  " + step,
                                    ind + "} while (%s);" % cond])
            elif no_inc.random() < 0.3:
                # `for (int v = start; cond;) { ...; step }`.
                self.features.add("for loop with no increment")
                out.pop()
                out.append(ind + "for (int %s = %s; %s;) {" % (v, start, cond))
                closers.append([ind + "  " + step, ind + "}"])
            else:
                self.features.add("while loop")
                out.append(ind + "while (%s) {" % cond)
                closers.append([ind + "  " + step, ind + "}"])
            ind += "  "
        for l in lines:
            out.append(ind + l)
        for c in reversed(closers):
            ind = ind[:-2]
            out += c
        if dead_after:
            t, how = dead_after
            if how == "overwritten":
                out.append("  %s = s * 2;" % t)
            elif how == "both branches":
                out.append("  if (n > 100)")
                out.append("    %s = s + 1;" % t)
                out.append("  else")
                out.append("    %s = -s;" % t)
            elif how == "one branch":
                out.append("  if (n > 100)")
                out.append("    %s = s + 1;" % t)
            out.append('  printf("%s %s=%%.17g\\n", %s);' % (name, t, t))
        for ctype, v, _ in sorted(ctx["reds"]):
            fmt = {"long long": "%lld", "unsigned": "%u", "int": "%d",
                   "double": "%.17g"}[ctype]
            out.append('  printf("%s %s=%s\\n", %s);' % (name, v, fmt, v))
        if ctx["last"]:
            out.append('  printf("%s last=%%.17g\\n", last);' % name)
        out.append("  (void)s;")
        out.append("  (void)nb;")
        out.append("}")
        self.kernels.append((name, depth, sym, ctx["fp"], restrict, nb_moves,
                             via))
        return "\n".join(out)

    def rows_kernel(self, side):
        """Row tables (`double **` whose rows are allocations of their own,
        as backprop's): a maker, a kernel over w[k][j] and o[k][j] with
        small offsets, in either loop order, and its calls (main_function):
        on two tables, on one table twice, or with the vector a row of a
        table. Returns the C of the maker and the kernel."""
        m, n = side.randrange(6, 40), side.randrange(6, 40)
        calls = [("R0", "R1", "A")]
        row_vector = False
        if side.random() < 0.3:
            calls.append(("R1", "R1", "B + 3"))
            self.features.add("row tables, one twice")
        elif side.random() < 0.3:
            calls.append(("R0", "R1", "R1[2]"))  # n elements: v[j] only
            row_vector = True
            self.features.add("row tables, a row as vector")
        else:
            calls.append(("R1", "R0", "B + 3"))
        off = lambda: side.choice((-1, 0, 0, 0, 1))
        sub = lambda v, d: v if d == 0 else "%s %s %d" % (v, "+-"[d < 0], abs(d))
        kd, jd = off(), off()
        dst = side.choice(("w", "w", "o"))
        srcs = []
        for arr in ("w", "o"):
            if side.random() < 0.8:
                srcs.append("%s[%s][%s]" % (arr, sub("k", off()), sub("j", off())))
        vec = "v[%s]" % ("j" if row_vector else side.choice(("j", "k")))
        expr = " + ".join(["%s * %s" % (side.choice(("0.5", "0.25", "-0.75")), t)
                           for t in srcs] + [vec])
        loops = [("k", m), ("j", n)]
        if side.random() < 0.5:
            loops.reverse()
        body = ["static double **rows_new(int m, int n, int salt) {",
                "  double **t = malloc(m * sizeof(double *));",
                "  if (!t)",
                "    exit(1);",
                "  for (int i = 0; i < m; i++) {",
                "    t[i] = malloc(n * sizeof(double));",
                "    if (t[i] == NULL)",
                "      exit(1);",
                "    for (int j = 0; j < n; j++)",
                "      t[i][j] = (double)((i * 31 + j * 17 + salt) % 53) / 16.0 - 1.5;",
                "  }",
                "  return t;",
                "}",
                "static void rows_k(double **w, double **o, const double *v) {",
                "  for (int %s = 1; %s < %d; %s++)" % (loops[0][0], loops[0][0],
                                                     loops[0][1] - 1, loops[0][0]),
                "    for (int %s = 1; %s < %d; %s++)" % (loops[1][0], loops[1][0],
                                                       loops[1][1] - 1, loops[1][0]),
                "      %s[%s][%s] = %s;" % (dst, sub("k", kd), sub("j", jd), expr),
                "}"]
        self.features.add("row tables")
        # Reads through loaded pointers (docs/analysis.md): a loop whose
        # callee reads rows t[r] of the table, writing an allocation nothing
        # keeps (parallel), or one a global keeps, or also a parameter's
        # memory (sequential).
        keep = side.choice(("", "", "  gkeep = acc;", "  dst[0] = 0.0;"))
        self.features.add("reads through loaded pointers" +
                          (", kept" if keep else ""))
        body += ["static double *gkeep;",
                 "static double row_dot(double **t, int r) {",
                 "  double s = 0.0;",
                 "  for (int j = 0; j < %d; j++)" % n,
                 "    s += t[r][j] * (double)(j + 1);",
                 "  return s;",
                 "}",
                 "static void gather_k(double **t, int cnt, double *dst) {",
                 "  double *acc = malloc(cnt * sizeof(double));",
                 "  if (!acc)",
                 "    exit(1);",
                 keep,
                 "  for (int i = 0; i < cnt; i++) {",
                 "    acc[i] = row_dot(t, i %% %d) * 0.5;" % m,
                 "    %s" % ("dst[i] = acc[i];" if "dst" in keep else ";"),
                 "  }",
                 "  double h = 0.0;",
                 "  for (int i = 0; i < cnt; i++)",
                 "    h = h * 0.5 + acc[i];",
                 '  printf("gather %.17g\\n", h);',
                 "  free(acc);",
                 "  (void)gkeep;",
                 "}"]
        # Tables weft cannot prove hold rows apart (docs/analysis.md, "Row
        # tables"): rows carved from one block, in order, backwards, with
        # a stride one short of a row (each row's last element the next
        # one's first), or with one row twice; the kernel then runs in
        # parallel only when a run-time check finds the rows it touches
        # apart. (Drawn last: the kernel's other choices stay as they were.)
        carve = None
        if side.random() < 0.4:
            carve = side.choice(("in order", "backwards", "overlapping",
                                 "a row twice"))
            self.features.add("row tables checked at run time, " + carve)
            stride = "n - 1" if carve == "overlapping" else "n"
            slot = "m - 1 - i" if carve == "backwards" else "i"
            body += ["static double **rows_carve(int m, int n, int salt) {",
                     "  double **t = malloc(m * sizeof(double *));",
                     "  double *b = malloc(((size_t)m * n + n) * sizeof(double));",
                     "  if (!t || !b)",
                     "    exit(1);",
                     "  for (int i = 0; i < m * n + n; i++)",
                     "    b[i] = (double)((i * 29 + salt) % 47) / 16.0 - 1.0;",
                     "  for (int i = 0; i < m; i++)",
                     "    t[i] = b + (size_t)(%s) * (%s);" % (slot, stride)]
            if carve == "a row twice":
                body += ["  t[%d] = t[1];" % (m // 2)]
            body += ["  return t;", "}"]
            calls.append(side.choice((("R2", "R1", "A"), ("R0", "R2", "B + 3"),
                                      ("R2", "R2", "A"))))
        self.rows = (m, n, calls, carve)
        return "\n".join(body)

    def hist_kernel(self, side):
        """Array reductions (docs/analysis.md): a loop that updates
        elements of arrays of known size chosen by the data, a global
        histogram (+), a 2-D global (one of ^ | *), a local array (+, added
        into a global after the loop), with now and then an update that is
        no reduction (the element read for something else), which keeps
        the loop sequential, or a floating-point one, which keeps it
        sequential unless the program allows reordering (FP-REDUCTIONS:
        then each band of iterations has its copies), and a scalar
        reduction or last value beside. main calls it on I and on the
        histogram itself (iv = HG: the run-time check must fail). Returns
        the C of the kernel."""
        hu_op = side.choice(("^=", "|=", "*="))
        lines = []
        local = side.random() < 0.5
        for _ in range(side.randrange(1, 4)):
            k = side.random()
            if k < 0.35:
                lines.append(side.choice((
                    "HG[iv[i] & 255]++;",
                    "HG[(iv[i] * 7 + i) & 255] += iv[i] % 5;",
                    "HG[idx[i & 255]] -= 2;",
                    "HG[(unsigned)iv[i] % 256] += 1;")))
            elif k < 0.65:
                self.features.add("array reduction, 2-D")
                rhs = "(unsigned)(iv[i] | 1)" if hu_op == "*=" else \
                    "(unsigned)iv[i] << (i & 7)"
                lines.append("HU[iv[i] & 15][i & 3] %s %s;" % (hu_op, rhs))
            elif local:
                self.features.add("array reduction, local")
                lines.append("loc[(unsigned)iv[i] % 16] += iv[i];")
            else:
                lines.append("HG[i & 255] += iv[i];")  # independent
        if side.random() < 0.2:
            self.features.add("array update, not a reduction")
            lines.append(side.choice((
                "if (HG[iv[i] & 255] > 2) HG[iv[i] & 255]++;",
                "HU[i & 15][0] = HU[iv[i] & 15][1] + 1u;")))
        fq = side.random() < 0.15
        if fq:
            self.features.add("array reduction, float")
            lines.append("fq[iv[i] & 7] += z[i & 1023];")
        # Into an allocation of a size known when it runs (nb, or 2 * nb
        # from malloc), which the loop names: copies of that many elements.
        # Now and then a second pointer on it (al2), which keeps the loop
        # sequential.
        alloc = side.random() < 0.4
        if alloc:
            self.features.add("array reduction into an allocation")
            if side.random() < 0.5:
                lines.append("al[(unsigned)iv[i] %% nb] += %s;" %
                             side.choice(("iv[i]", "1", "i & 3")))
            else:
                lines.append("al[(unsigned)iv[i] % nb * 2 + (i & 1)] ^= "
                             "(long)i;")
            if side.random() < 0.15:
                self.features.add("aliased array reduction into an allocation")
                lines.append("al2[(unsigned)i % nb]++;")
        # Through a pointer parameter whose subscripts have a bound (an
        # unsigned char, `& 255`, `% np`, `% 8 + 7`, a clamp to [0, np) by
        # ifs or by ?:, a test around the update, a continue before it):
        # copies of the bound's elements, which may be more than the object
        # has (HP + 280 leaves 40, and the data only reach below np = 40):
        # the combine must leave the elements past them alone.
        bounded = None
        if side.random() < 0.4:
            self.features.add("array reduction through a bounded pointer")
            bounded = side.choice((
                ("pb[(unsigned char)iv[i]] += i & 3;", (0, 64)),
                ("pb[((unsigned)iv[i] % np) & 255]++;", (0, 280)),
                ("pb[(unsigned)iv[i] % np] ^= (long)i;", (0, 280)),
                ("pb[iv[i] % 8 + 7] -= 1;", (64, 280)),
                ("{ int c = iv[i] % 64 - 8; if (c < 0) c = 0; "
                 "if (c >= np) c = np - 1; pb[c] += 2; }", (0, 280)),
                ("{ int c = iv[i] / 3; c = c < 0 ? 0 : c > np - 1 ? np - 1 "
                 ": c; pb[c] ^= i; }", (64, 280)),
                ("{ int c = iv[i] % 50; if (c >= 0 && c < np) pb[c] += i; }",
                 (0, 280)),
                ("{ int c = iv[i] % 64; if (c < 0 || c >= np) continue; "
                 "pb[c] -= i & 1; }", (64, 280))))
            bounded = (bounded[0], side.choice(bounded[1]))
        scalar = side.choice(("", "s += iv[i];", "last = i;"))
        if scalar:
            lines.append(scalar)
        self.features.add("array reduction")
        out = ["static int HG[256];",
               "static unsigned HU[16][4];",
               "static long long HL[16];",
               "static double HF[8];",
               "static long HP[320];"] + ([
                   "static void hist_p(int n, const int *iv, long *pb, int np) {",
                   "  for (int i = 0; i < n; i++)",
                   "    " + bounded[0],
                   "  (void)np;",
                   "}"] if bounded else []) + [
               "static void hist_k(int n, const int *iv, const double *z) {",
               "  int nb = (n & 31) + 3;",
               "  long *al = %s;" % (
                   "calloc(nb * 2, sizeof *al)" if side.random() < 0.5 else
                   "malloc((size_t)nb * 2 * sizeof(long))"),
               "  long *al2 = al;",
               "  if (!al)",
               "    return;",
               "  for (int j = 0; j < nb * 2; j++)",
               "    al[j] = j;",
               "  long long loc[16] = {0};",
               "  double fq[8] = {0};",
               "  long s = 0;",
               "  int last = -1;",
               "  for (int i = 0; i < n; i++) {"]
        out += ["    " + l for l in lines]
        out += ["  }",
                "  for (int j = 0; j < 16; j++)",
                "    HL[j] += loc[j];",
                "  for (int j = 0; j < 8; j++)",
                "    HF[j] += fq[j];",
                "  for (int j = 0; j < nb * 2; j++)",
                "    HL[j & 15] += al[j] * (j + 1);",
                "  free(al);",
                "  (void)al2;"] + ([
                "  hist_p(n, iv, HP + %d, 40);" % bounded[1],
                "  for (int j = 0; j < 320; j++)",
                "    HL[j & 15] += HP[j] * (j + 3);"] if bounded else []) + [
                "  (void)HP;",
                '  printf("hist s=%ld last=%d\\n", s, last);',
                "  (void)z;",
                "}"]
        self.hist = True
        # Now and then the program allows reordering: the loop with fq then
        # runs with a copy per band (docs/analysis.md, "Array reductions").
        self.fq_fp = fq and side.random() < 0.5
        return "\n".join(out)

    def work_kernel(self, side):
        """Work arrays (docs/analysis.md, "Private arrays"): a kernel with
        `double w[4]` declared before its loop, filled by an inner loop of
        W elements (and element by element, sometimes on both sides of an
        if) before the body reads it; now and then a read of an element no
        iteration writes (w[3] when W is 3: the value from before the loop),
        a read after the loop, or an element written on one side of an if
        only, which keep the array shared. Returns the C of the kernel."""
        width = side.randrange(2, 5)
        scale = side.choice(("0.5", "-0.25", "1.5"))
        body = ["    for (j = 0; j < %d; j++)" % width,
                "      w[j] = z[i + j] * %s;" % scale]
        # Now and then a call fills it (md's dist(..., rij)): a callee that
        # writes w[0..k) before it reads any (private), or one that reads
        # first or writes on one path only (shared).
        helper = []
        if side.random() < 0.4:
            how = side.random()
            if how < 0.6:
                self.features.add("work array filled by a call")
                fill = "    w[t] = z[t] * %s;" % scale
                cond = ""
            elif how < 0.8:
                self.features.add("work array, not private")
                fill = "    w[t] = w[t] * 0.5 + z[t] * %s;" % scale
                cond = ""
            else:
                self.features.add("work array, not private")
                fill = "    w[t] = z[t] * %s;" % scale
                cond = "  if (z[0] > 0.25)\n"
            helper = ["static void fill_w(int k, const double *z, double *w) {",
                      cond + "  for (int t = 0; t < k; t++)", fill, "}"]
            body = ["    fill_w(%d, z + i, w);" % width]
        reads = ["w[%d]" % k for k in range(width)]
        if side.random() < 0.4:
            body += ["    if (z[i] > 0.5)", "      w[0] = z[i];", "    else",
                     "      w[0] = -z[i];"]
        # Rows of m past what the loop writes: now and then too large
        # for a thread's stack (over 16 KiB), a copy per team member.
        rows = 3
        if side.random() < 0.4:
            self.features.add("work array, 2-D")
            if side.random() < 0.4:
                self.features.add("work array, large")
                rows = side.choice((1100, 2100))
            body += ["    for (int a = 0; a < 2; a++)",
                     "      for (int b = 0; b < 3; b++)",
                     "        m[a][b] = w[a] * (double)(b + 1);"]
            reads.append("m[1][2]")
        after = ""
        odd = side.random()
        if odd < 0.15 and width < 4:
            self.features.add("work array, not private")
            reads.append("w[3]")  # never written in the loop
        elif odd < 0.3:
            self.features.add("work array, not private")
            after = "  out[0] += w[1];"
        elif odd < 0.4 and width < 4:
            # written in some iterations only: w[3] carries its value
            self.features.add("work array, not private")
            body += ["    if (z[i] > 1.0)", "      w[3] = 0.125 * z[i];"]
            reads.append("w[3]")
        self.features.add("work array")
        expr = " + ".join("%s * %s" % (side.choice(("0.5", "0.25", "-1")), r)
                          for r in reads)
        # Now and then a static local (private too when nothing outside
        # the loop reads it: its only other reads are after the loop).
        static = ""
        if side.random() < 0.3:
            self.features.add("work array, static")
            static = "static "
        out = helper + [
            "static void work_k(int n, const double *z, double *out) {",
            "  %sdouble w[4] = {0, 0, 0, 0.75};" % static]
        if "m[1][2]" in reads:
            out.append("  double m[2][%d];" % rows)
        out += ["  int j;", "  for (int i = 0; i < n; i++) {"]
        out += body
        out += ["    out[i] = %s;" % expr, "  }"]
        if after:
            out.append(after)
        out.append("}")
        self.work = True
        return "\n".join(out)

    @staticmethod
    def around(side, ind, elem, loop):
        """The outer body of a loop pair: the inner loop's lines `loop`,
        with a statement before them that sets or halves `elem`, and one
        after them that adds to it, each or neither, drawn from `side`."""
        out = []
        pre = side.choice(("", elem + " = 0.0;", elem + " *= 0.5;"))
        if pre:
            out.append(ind + pre)
        out += loop
        post = side.choice(("", "", elem + " += 0.125;"))
        if post:
            out.append(ind + post)
        return out

    def mat_kernel(self, side):
        """Matrix nests (docs/analysis.md, "Loop interchange"): mat_k(n, x,
        y, z) runs i over the rows of x in parallel and, inside, a j-k pair
        whose k loop walks z down a column, in the shapes weft interchanges
        and in those it must leave (a recurrence along j, a sum in a scalar
        declared in the j loop, a triangular k bound, j read after the
        loops). Every update halves the element before it adds a term
        bounded through sin(), so values stay bounded whatever the arguments
        hold and however they overlap. Returns the C."""
        upd = side.random()
        j0 = 0
        if upd < 0.4:
            expr = ("0.5 * x[i * n + j] + 0.0078125 * sin(y[i * n + k]) * "
                    "sin(z[k * n + j])")
        elif upd < 0.6:
            expr = ("0.5 * x[i * n + j] + 0.0078125 * sin(y[k * n + i]) * "
                    "sin(z[k * n + j])")
        elif upd < 0.8:
            self.features.add("matrix nest, recurrence along j")
            expr = ("0.5 * x[i * n + j] + 0.25 * x[i * n + j - 1] * "
                    "sin(z[k * n + j])")
            j0 = 1
        else:
            expr = None  # a sum in a scalar
        outside = side.random() < 0.3
        kb = side.choice(("n", "n", "n - 1", "j"))
        if kb == "j":
            self.features.add("matrix nest, triangular")
        decl = "" if outside else "int "
        out = ["static void mat_k(int n, double *x, const double *y, "
               "const double *z) {"]
        if outside:
            out.append("  int i, j, k, last = 0;")
        out.append("  for (%si = 0; i < n; i++) {" % decl)
        out.append("    for (%sj = %d; j < n; j++) {" % (decl, j0))
        if expr is None:
            self.features.add("matrix nest, sum in a scalar")
            out.append("      double s = x[i * n + j];")
            out.append("      for (%sk = 0; k < %s; k++)" % (decl, kb))
            out.append("        s = 0.5 * s + 0.0078125 * sin(y[i * n + k]) * "
                       "sin(z[k * n + j]);")
            out.append("      x[i * n + j] = s;")
        else:
            out += self.around(side, "      ", "x[i * n + j]", [
                "      for (%sk = 0; k < %s; k++)" % (decl, kb),
                "        x[i * n + j] = %s;" % expr])
        out.append("    }")
        if outside and side.random() < 0.5:
            self.features.add("matrix nest, counter read after")
            out.append("    last += j;")
        out.append("  }")
        if outside:
            out.append('  printf("mat last=%d\\n", last);')
        out.append("  (void)y;")
        out.append("}")
        self.features.add("matrix nest")
        self.mat = side.randrange(8, 48)
        return "\n".join(out)

    def tile_kernel(self, side):
        """Tiled nests (docs/analysis.md, "Loop tiling"): tile_k(n, m, x, y,
        z) runs i over the n rows of x (m columns) in parallel and, inside,
        a nest `for (k) for (j)` whose every row reads z[k * m + j], in the
        shapes weft tiles (a statement before or after the nest, counters
        declared outside, k from 1 or up to an inclusive bound, an unsigned
        j) and in those it must leave (a recurrence along j, a triangular j,
        a k loop that does more than run the j loop, a sum carried across
        the nest). The oracle runs one team, and the OpenMP TSan build, with
        caches of 1K and 2K: many small tiles. Updates halve the element and
        add a term bounded through sin(). Returns the C."""
        shape = side.choice(("plain", "plain", "plain", "recurrence",
                             "triangular", "k body", "carried"))
        outside = side.random() < 0.3
        unsigned_j = not outside and side.random() < 0.3
        d = "" if outside else "int "
        k0, kc = side.choice((("0", "k < m"), ("1", "k < m"),
                              ("0", "k <= m - 1")))
        j0 = "1" if shape == "recurrence" else "0"
        jb = "k" if shape == "triangular" else "m"
        if unsigned_j:
            jh = "for (unsigned j = %s; j < (unsigned)%s; j++)" % (j0, jb)
        else:
            jh = "for (%sj = %s; j < %s; j++)" % (d, j0, jb)
        prev = ("0.25 * x[i * m + j - 1]" if shape == "recurrence"
                else "0.0078125 * sin(y[i * m + k])")
        out = ["static void tile_k(int n, int m, double *x, const double *y, "
               "const double *z) {"]
        if outside:
            out.append("  int i, j, k;")
        out.append("  for (%si = 0; i < n; i++) {" % d)
        if side.random() < 0.5:
            self.features.add("tiled shape, statement before")
            out.append("    for (%sj = 0; j < m; j++)" % d)
            out.append("      x[i * m + j] *= 0.5;")
        if shape == "carried":
            out.append("    double s = 0.0;")
        out.append("    for (%sk = %s; %s; k++)%s" % (
            d, k0, kc, " {" if shape == "k body" else ""))
        if shape == "k body":
            out.append("      double t = sin(y[i * m + k]);")
        out.append("      " + jh)
        if shape == "carried":
            out.append("        s = 0.5 * s + 0.0078125 * sin(z[k * m + j]);")
        elif shape == "k body":
            out.append("        x[i * m + j] = 0.5 * x[i * m + j] + "
                       "0.0078125 * t * sin(z[k * m + j]);")
        else:
            out.append("        x[i * m + j] = 0.5 * x[i * m + j] + "
                       "%s * sin(z[k * m + j]);" % prev)
        if shape == "k body":
            out.append("    }")
        # After the nest, a loop over the row (`x[i * m + m - 1]` alone
        # would be x[-1] in every row when m is 0: a dependence).
        if shape == "carried":
            out.append("    for (%sj = 0; j < m; j += 5)" % d)
            out.append("      x[i * m + j] += s;")
        elif side.random() < 0.5:
            self.features.add("tiled shape, statement after")
            out.append("    for (%sj = 0; j < m; j += 3)" % d)
            out.append("      x[i * m + j] += 0.125;")
        out.append("  }")
        out.append("  (void)y;")
        out.append("}")
        self.features.add("tiled shape" + ("" if shape == "plain" else
                                           ", " + shape))
        n = side.randrange(4, 40)
        self.tile = (n, side.randrange(8, min(64, MAXSPAN // n) + 1))
        return "\n".join(out)

    def col_kernel(self, side):
        """Column walks (docs/analysis.md, "Loop interchange", the parallel
        loop itself): col_k(n, m, x, z) runs j over the m columns in
        parallel and, inside, a k loop down the n rows of z, in the shapes
        weft interchanges (statements before and after the inner loop, up
        or down, a step of 1 or 2, the counter declared outside and read
        after) and in those it must leave (a sum in a scalar, a scalar
        carried past the inner loop, a triangular k bound). Every update
        halves the element before it adds a term bounded through sin().
        Returns the C."""
        n = side.randrange(8, 48)
        shape = side.random()
        kb = side.choice(("n", "n", "n - 1", "j"))
        # A triangular bound k < j stays within the rows: m <= n.
        m = side.randrange(8, n + 1) if kb == "j" else side.randrange(8, 80)
        if kb == "j":
            self.features.add("column walk, triangular")
        outside = side.random() < 0.4
        decl = "" if outside else "int "
        step = side.choice((1, 1, 2))
        if side.random() < 0.7:
            head = "for (%sj = 0; j < m; j += %d)" % (decl, step)
        else:
            self.features.add("column walk, down")
            head = "for (%sj = m - 1; j >= 0; j -= %d)" % (decl, step)
        term = "0.0078125 * sin(z[k * m + j])"
        out = ["static int col_k(int n, int m, double *x, const double *z) {"]
        if outside:
            out.append("  int j, k, last = 0;")
        out.append("  " + head + " {")
        inner = "    for (%sk = 0; k < %s; k++)" % (decl, kb)
        if shape < 0.15:
            self.features.add("column walk, sum in a scalar")
            out += ["    double s = x[j];", inner,
                    "      s = 0.5 * s + %s;" % term, "    x[j] = s;"]
        elif shape < 0.3:
            self.features.add("column walk, scalar carried past")
            out += ["    double t = 0.25 * x[j];", inner,
                    "      x[j] = 0.5 * x[j] + t * sin(z[k * m + j]);",
                    "    x[j] += t;"]
        else:
            out += self.around(side, "    ", "x[j]", [
                inner, "      x[j] = 0.5 * x[j] + %s;" % term])
        out.append("  }")
        if outside and side.random() < 0.5:
            self.features.add("column walk, counter read after")
            out.append("  last = j;")
        out.append("  return %s;" % ("last" if outside else "0"))
        out.append("}")
        self.features.add("column walk")
        self.col = (n, m)
        return "\n".join(out)

    def sweep_kernel(self, side):
        """Row recurrences (docs/outline.md, "Sweeps"): sweep_k() computes
        each row of the global SG from the row before, in the shapes weft
        runs as sweeps (up or down the rows, a step of 1 or 2 along them, a
        private temporary) and in those it must not (a neighbour from the
        row above, a sum over the rows, the row counter read after).
        Remainders keep it compute-bound and its values small. Returns the
        C."""
        h, w = side.randrange(8, 40), side.randrange(64, 400)
        up = side.random() < 0.7
        prev = "i - 1" if up else "i + 1"
        nb = side.choice(("j", "j", "j", "j + 1"))
        step = side.choice(("j++", "j++", "j += 2"))
        head = ("for (i = 1; i < %d; i++)" % h if up
                else "for (i = %d; i >= 0; i--)" % (h - 2))
        jlim = w - 1 if nb == "j + 1" else w
        if nb == "j + 1":
            self.features.add("row recurrence, neighbour above")
        expr = "(SG[%s][%s] * 7 + SP[i][j] + j) %% 1009" % (prev, nb)
        kind = side.random()
        body = []
        if kind < 0.25:
            self.features.add("row recurrence, private temporary")
            body = ["      int t = %s;" % expr, "      SG[i][j] = t - t / 3;"]
        elif kind < 0.4:
            self.features.add("row recurrence, sum")
            body = ["      SG[i][j] = %s;" % expr, "      s += SG[i][j];"]
        else:
            body = ["      SG[i][j] = %s;" % expr]
        after = side.random() < 0.2
        if after:
            self.features.add("row recurrence, counter read after")
        out = ["static int SG[40][400], SP[40][400];",
               "static long sweep_k(void) {",
               "  int i;",
               "  long s = 0;",
               "  " + head,
               "    for (int j = 0; j < %d; %s) {" % (jlim, step)]
        out += body
        out += ["    }",
                "  return s%s;" % (" + i" if after else ""),
                "}"]
        self.features.add("row recurrence")
        self.sweep = True
        return "\n".join(out)

    def sib_kernel(self, side):
        """Sibling statements (docs/analysis.md, "Task graphs"): sib_k(n, p,
        q) runs three to six statements over the arrays SX, SY, SZ and the
        parameters p and q (which main passes apart, overlapping and
        equal): recurrences, calls of a recurrence, parallel maps, a
        floating-point sum and an integer count into locals, a recurrence
        over one half of an array. Some touch what an earlier one writes
        (they must wait), some do not (they may run at the same time), and
        the parallel loops among them are loop tasks. Returns the C."""
        arrays = ("SX", "SY", "SZ", "p", "q")
        body = []
        for _ in range(side.randrange(3, 7)):
            x, y = side.choice(arrays), side.choice(arrays)
            kind = side.random()
            if kind < 0.25:
                body += ["  for (int i = 1; i < n; i++)",
                         "    %s[i] = %s[i] * 0.5 + %s[i - 1] * 0.25;"
                         % (x, x, x)]
            elif kind < 0.4:
                self.features.add("sibling kernels, call")
                body.append("  sib_f(%s, n, %s);"
                            % (x, side.choice(("0.25", "-0.5", "0.75"))))
            elif kind < 0.6:
                self.features.add("sibling kernels, parallel loop")
                body += ["  for (int i = 0; i < n; i++)",
                         "    %s[i] = %s[i] * 0.75 + 0.125;" % (x, y)]
            elif kind < 0.7:
                self.features.add("sibling kernels, scalar")
                body += ["  for (int i = 0; i < n; i++)",
                         "    e = e * 0.5 + %s[i];" % x]
            elif kind < 0.85:
                self.features.add("sibling kernels, count")
                body += ["  for (int i = 0; i < n; i++)",
                         "    c += %s[i] > 0.25;" % x]
            else:
                self.features.add("sibling kernels, halves")
                lo, hi = side.choice((("1", "n / 2"), ("n / 2 + 1", "n")))
                body += ["  for (int i = %s; i < %s; i++)" % (lo, hi),
                         "    %s[i] = %s[i] + %s[i - 1] * 0.5;" % (x, x, x)]
        self.features.add("sibling kernels")
        self.sib = side.randrange(200, 3001)
        out = ["#define SIB 4096",
               "static double SX[SIB], SY[SIB], SZ[SIB];",
               "static void sib_f(double *x, int n, double a) {",
               "  for (int i = 1; i < n; i++)",
               "    x[i] = x[i] * 0.5 + a * x[i - 1];",
               "}",
               "static double sib_k(int n, double *p, double *q) {",
               "  double e = 0;",
               "  long c = 0;"]
        out += body
        out += ["  return e + (double)c;", "}"]
        return "\n".join(out)

    def inc_kernel(self, side):
        """Calls of helpers defined in an included header (HELPERS_H):
        inc_k(n, z, out) runs one to three statements per element, each a
        call of pure helpers (one through another), a row sum or a row
        scaled by a loop in the header, a store through fh_put; now and
        then one that must keep the loop sequential: fh_tick (a static
        counter whose value the result takes) or a recurrence through
        fh_prev and fh_put. Returns the C of the kernel."""
        width = side.randrange(2, 5)
        parallel = [
            "    out[i] = fh_soft(z[i]);",
            "    out[i] = fh_sum(z + i, %d) * 0.25;" % width,
            "    fh_put(out, i, fh_mix(z[i], z[i + 1]));",
            "    out[i] = fh_clamp(z[i] * 2.0) + fh_sum(z + i, 2);",
        ]
        body = side.sample(parallel, side.randrange(1, 3))
        if side.random() < 0.4:
            self.features.add("header helpers, row loop")
            body.append("    fh_scale(rows + i * %d, %d, 0.5);" % (width, width))
        if side.random() < 0.3:
            self.features.add("header helpers, sequential")
            body.append(side.choice((
                "    out[i] += fh_tick(z[i]);",
                "    if (i > 0)\n      fh_put(out, i, fh_prev(out, i) * 0.5 + z[i]);")))
        self.features.add("header helpers")
        self.inc = True
        return "\n".join(
            ["static void inc_k(int n, const double *z, double *out, "
             "double *rows) {",
             "  for (int i = 0; i < n; i++) {"] + body + ["  }", "}"])

    def stride_kernel(self, side):
        """Flattened subscripts whose row length is a parameter
        (docs/analysis.md, "Strides and row lengths in variables"):
        stride_k(n, s, c, y, x) updates `y[i * s + c]` (an axpy with a
        stride), fills rows of c elements in rows of s, or computes each
        row's element from the row before (a recurrence, sequential); main
        calls it with rows apart, a stride of zero, a negative one, columns
        past the row and x overlapping y. Returns the C of the kernel."""
        kind = side.choice(("axpy", "rows", "recur"))
        # (Below 1: a stride of zero applies it 500 times to one element.)
        k = side.choice(("0.5", "-0.25", "0.75"))
        if kind == "axpy":
            body = ["  for (int i = 0; i < n; i++)",
                    "    y[i * s + c] += %s * x[i];" % k]
        elif kind == "rows":
            body = ["  for (int i = 0; i < n; i++)",
                    "    for (int j = 0; j < c; j++)",
                    "      y[i * s + j] = y[i * s + j] * %s + x[i + j];" % k]
        else:
            self.features.add("strided, recurrence")
            body = ["  for (int i = 1; i < n; i++)",
                    "    y[i * s + c] = y[(i - 1) * s + c] * %s + x[i];" % k]
        self.features.add("strided")
        self.stride = True
        return "\n".join(["static void stride_k(int n, int s, int c, "
                          "double *y, const double *x) {"] + body + ["}"])

    def text_kernel(self, side):
        """Text loops over a char buffer with <ctype.h> (docs/analysis.md,
        "The C library's character tables"): text_k(n, t, src, cls) writes
        `toupper`/`tolower` of src into t, classifies t into cls with
        isalpha, isdigit, isspace and ispunct, copies a string literal into
        t, or makes each character from the one before (a recurrence,
        sequential); main calls it on a text T filled from a literal, with
        src apart from t, src over t shifted by a few characters, and no
        iteration, and prints a hash of T. Returns the C of the kernel."""
        kind = side.choice(("upper", "lower", "classify", "literal",
                            "recur"))
        if kind == "upper":
            body = ["    t[i] = (char)toupper((unsigned char)src[i]);"]
        elif kind == "lower":
            body = ["    t[i] = (char)tolower((unsigned char)src[i]) + "
                    "(isdigit((unsigned char)src[i]) ? 1 : 0);"]
        elif kind == "classify":
            body = ["    cls[i] = isalpha((unsigned char)src[i]) ? 1 : "
                    "isdigit((unsigned char)src[i]) ? 2 : "
                    "isspace((unsigned char)src[i]) ? 3 : "
                    "ispunct((unsigned char)src[i]) ? 4 : 0;",
                    "    t[i] = (char)(cls[i] + '0');"]
        elif kind == "literal":
            body = ['    t[i] = "Sphinx of black quartz, 42!"[i % 27] + '
                    "(char)(isupper((unsigned char)src[i]) ? 1 : 0);"]
        else:
            self.features.add("text, recurrence")
            body = ["    if (i > 0)",
                    "      t[i] = (char)toupper((unsigned char)t[i - 1]);"]
        self.features.add("text")
        self.text = True
        return "\n".join(["static void text_k(int n, char *t, "
                          "const char *src, int *cls) {",
                          "  (void)src; (void)cls;",
                          "  for (int i = 0; i < n; i++) {"] + body +
                         ["  }", "}"])

    def vol_kernel(self, side):
        """A volume kept flat (docs/analysis.md, "The dependence test":
        subscripts of degree 3, two levels of delinearization): vol_k(nz,
        ny, nx, a, b) updates a[(z * ny + y) * nx + x] from b's same
        element (each plane apart), from the next row of its plane or from
        the next plane (sequential in y or z), over rows one longer than the
        loop over x goes or planes one taller than the loop over y (rows or
        planes that overlap), or with rows padded by one; main calls it
        with no plane, small and larger volumes, a and b apart, then a over
        b shifted by a few elements. Returns the C of the kernel."""
        kind = side.choice(("apart", "next_row", "next_plane", "row_over",
                            "plane_over", "padded"))
        k = side.choice(("0.5", "-0.25", "0.75"))
        zb, yb, xb, row = "nz", "ny", "nx", "nx"
        src = "b[(z * ny + y) * nx + x]"
        if kind == "next_row":
            yb, src = "ny - 1", "a[(z * ny + y + 1) * nx + x]"
        elif kind == "next_plane":
            zb, src = "nz - 1", "a[((z + 1) * ny + y) * nx + x]"
        elif kind == "row_over":
            xb = "nx + 1"
        elif kind == "plane_over":
            yb = "ny + 1"
        elif kind == "padded":
            row, src = "(nx + 1)", "b[(z * ny + y) * (nx + 1) + x]"
        dst = "a[(z * ny + y) * %s + x]" % row
        self.features.add("volume kept flat")
        self.vol = True
        return "\n".join([
            "static void vol_k(int nz, int ny, int nx, double *a, "
            "const double *b) {",
            "  (void)b;",
            "  for (int z = 0; z < %s; z++)" % zb,
            "    for (int y = 0; y < %s; y++)" % yb,
            "      for (int x = 0; x < %s; x++)" % xb,
            "        %s = %s * %s + %s * 0.5;" % (dst, src, k, dst),
            "}"])

    def blur_kernel(self, side):
        """A work array read where the ifs around the read, or the clamps
        on its subscript's way, keep it in what the iteration wrote
        (docs/analysis.md, "Private arrays"): blur_k(h, w, r, out, in)
        copies each row of in to tmp[0 .. w-1], then sums tmp at x + k for
        k in [-r, r], guarded (`if (xx >= 0 && xx < w)`, or `if (xx < 0 ||
        xx >= w) continue;`), clamped by ifs
        or by selects, or at x - 1 and x + 1 each guarded on its side
        (`if (xl >= 0)`, `if (xr < w)`; private: the rows run in parallel); or guarded one past the row
        (`xx <= w`), from a row copied from x = 1, or at xx + 1 under the
        guard of xx, which read what an earlier row left (shared: tmp is
        filled once, before the loop). main calls it with no row, small
        and larger images, out and in apart, then out over in. Returns the
        C of the kernel."""
        kind = side.choice(("guard", "clamp", "select", "sides",
                            "one_past", "from_one", "off_by_one"))
        # Now and then the guard is a continue (from a stream of its own:
        # the kinds drawn above stay as they were).
        if kind in ("guard", "one_past", "off_by_one") and random.Random(
                self.seed * 314606869 + 61).random() < 0.5:
            kind += "_skip"
        k = side.choice(("0.5", "-0.25", "1.5"))
        lo = "1" if kind == "from_one" else "0"
        read = {"guard": ["        if (xx >= 0 && xx < w)",
                          "          s += tmp[xx];"],
                "clamp": ["        if (xx < 0)",
                          "          xx = 0;",
                          "        if (xx >= w)",
                          "          xx = w - 1;",
                          "        s += tmp[xx];"],
                "select": ["        s += tmp[xx < 0 ? 0 : xx >= w ? w - 1 "
                           ": xx];"],
                "sides": ["        int xl = x - 1, xr = x + 1;",
                          "        (void)xx;",
                          "        if (xl >= 0)",
                          "          s += tmp[xl] * k;",
                          "        if (xr < w)",
                          "          s -= tmp[xr];"],
                "one_past": ["        if (xx >= 0 && xx <= w)",
                             "          s += tmp[xx];"],
                "from_one": ["        if (xx >= 0 && xx < w)",
                             "          s += tmp[xx];"],
                "off_by_one": ["        if (xx >= 0 && xx < w)",
                               "          s += tmp[xx + 1];"],
                "guard_skip": ["        if (xx < 0 || xx >= w)",
                               "          continue;",
                               "        s += tmp[xx];"],
                "one_past_skip": ["        if (xx < 0 || xx > w)",
                                  "          continue;",
                                  "        s += tmp[xx];"],
                "off_by_one_skip": ["        if (xx < 0 || xx >= w)",
                                    "          continue;",
                                    "        s += tmp[xx + 1];"]}[kind]
        self.features.add("work array read under a guard")
        if kind.startswith(("one_past", "from_one", "off_by_one")):
            self.features.add("work array read under a guard, not private")
        self.blur = True
        return "\n".join([
            "static void blur_k(int h, int w, int r, double *out, "
            "const double *in) {",
            "  double tmp[64];",
            "  for (int i = 0; i < 64; i++)",
            "    tmp[i] = 0.5 * i + 1;",
            "  for (int y = 0; y < h; y++) {",
            "    for (int x = %s; x < w; x++)" % lo,
            "      tmp[x] = in[y * w + x] * %s;" % k,
            "    for (int x = 0; x < w; x++) {",
            "      double s = 0;",
            "      for (int k = -r; k <= r; k++) {",
            "        int xx = x + k;"] + read + [
            "      }",
            "      out[y * w + x] = s;",
            "    }",
            "  }",
            "}"])

    def ind_kernel(self, side):
        """Other counters (docs/analysis.md, "Other counters"): ind_k(n, y,
        x) steps a variable j besides its counter in every iteration (by 1 to
        3, up or down, in a subscript, read before and after its step, in a
        while loop, across the rows of a loop around, in a for's increment
        `i++, j += 2, k--`), or a pointer (`*q++ = *p++`, `q -= 2`, a row
        pointer set by the loop around, `p += 3` in the increment), or by a
        variable (`q += s`; rows `src += w; dst += s;` with s = w - 1, which
        overlaps them, w or w + 1), or with a counter stepped by a variable
        (`i += s, j += 2`), or twice in one iteration (`*q++ = a;
        *q++ = b;`, `j += st + 1; ...; j -= 1;`), or in a
        way weft must leave sequential (under
        a condition, skipped by a continue, in an increment a continue
        jumps to, a scan of its own values); it returns j, which main prints. main calls
        it with no iteration, one and 500, on buffers apart and overlapping.
        Returns the C of the kernel."""
        kind = side.choice(("pack", "after", "down", "while", "rows",
                            "cond", "skip", "scan", "comma", "comma_skip",
                            "p_copy", "p_down", "p_rows", "p_stride",
                            "p_cond", "by_var", "by_rows", "two_p",
                            "two_j", "pc_while", "pc_for", "pc_down",
                            "pc_do", "pc_carried", "pc_over", "pc_post",
                            "comma_var", "pc_comma"))
        st = side.choice((1, 2, 3))
        k = side.choice(("0.5", "-0.25", "0.75"))
        j0 = side.randrange(0, 8)
        body = ["  int j = %d;" % j0]
        # (From a stream of its own, so that the other seeds keep their
        # programs.) A counter with a step of 2 or 3 (`i += 2`, `while (i +
        # 1 < n) { y[j++] = ...; i += 2; }`): j is a function of the
        # iteration's number, (i - lb) / step.
        extra = random.Random(self.seed * 4217 + 29)
        if extra.random() < 0.15:
            kind = extra.choice(("stepped", "stepped_while"))
            s2 = extra.choice((2, 3))
        # (A stream of its own too.) A counter stepped by a variable
        # (docs/analysis.md, "Steps by a variable"): a stride, a while loop
        # whose counter's exit value is returned, and blocks.
        by_var = random.Random(self.seed * 6151 + 37)
        if by_var.random() < 0.3:
            kind = by_var.choice(("stride_var", "stride_while", "blocks_var"))
            sdiv = by_var.choice((2, 3, 5))
        # (Its own stream too.) Inductions of a counter stepped by a
        # variable: `i += s, j += st` (decimation by a run-time factor), in
        # a for or a while loop, and `y[j / 2]`, which two iterations may
        # share (sequential).
        ind_by = random.Random(self.seed * 7331 + 41)
        if ind_by.random() < 0.15:
            kind = ind_by.choice(("stride_ind", "stride_ind_while",
                                  "stride_ind_half"))
            sdiv = ind_by.choice((2, 3, 5))
        if kind == "stride_ind":
            body += ["  int s = n %% %d + 1;" % sdiv,
                     "  int i;",
                     "  for (i = 0; i < n; i += s, j += %d)" % st,
                     "    y[j] = x[i] * %s + y[j];" % k,
                     "  j += i;"]
        elif kind == "stride_ind_while":
            body += ["  int s = n / %d + 1;" % sdiv,
                     "  int i = 0;",
                     "  while (i < n) {",
                     "    y[j] = (x[i] + y[j]) * %s;" % k,
                     "    j += %d;" % st,
                     "    i += s;",
                     "  }"]
        elif kind == "stride_ind_half":
            body += ["  int s = n %% %d + 1;" % sdiv,
                     "  for (int i = 0; i < n; i += s) {",
                     "    y[j / 2] += x[i] * %s;" % k,
                     "    j += %d;" % st,
                     "  }"]
        elif kind == "stride_var":
            body += ["  int s = n %% %d + 1;" % sdiv,
                     "  for (int i = 0; i < n; i += s)",
                     "    y[i] = x[i] * %s + y[i];" % k,
                     "  j += s;"]
        elif kind == "stride_while":
            body += ["  int s = n / %d + 1;" % sdiv,
                     "  int i = %d;" % (j0 % 3),
                     "  while (i < n) {",
                     "    y[i] = (x[i] + y[i]) * %s;" % k,
                     "    i += s;",
                     "  }",
                     "  j += i;"]
        elif kind == "blocks_var":
            body += ["  int bs = n / %d + 1;" % (sdiv * 4),
                     "  for (int ii = 0; ii < n; ii += bs)",
                     "    for (int i = ii; i < ii + bs && i < n; i++)",
                     "      y[i] = x[i] * %s + (double)(ii %% 7);" % k,
                     "  j += bs;"]
        elif kind == "stepped":
            body += ["  for (int i = 0; i < n; i += %d) {" % s2,
                     "    y[j] = x[i] * %s;" % k,
                     "    j += %d;" % st,
                     "  }"]
        elif kind == "stepped_while":
            body += ["  int i = 0;",
                     "  while (i + 1 < n) {",
                     "    y[j++] = (x[i] + x[i + 1]) * %s;" % k,
                     "    i += 2;",
                     "  }"]
        elif kind == "pack":
            body += ["  for (int i = 0; i < n; i++) {",
                     "    y[j] = x[i] * %s;" % k,
                     "    j += %d;" % st,
                     "  }"]
        elif kind == "after":
            body += ["  for (int i = 0; i < n; i++) {",
                     "    y[i] = x[j] * %s;" % k,
                     "    j += %d;" % st,
                     "    y[i] = (y[i] + x[j]) * 0.5;",
                     "  }"]
        elif kind == "down":
            body = ["  int j = %d * n + %d;" % (st, j0),
                    "  for (int i = 0; i < n; i++)",
                    "    y[j--] = x[i] + %s;" % k]
        elif kind == "while":
            body += ["  int i = 0;",
                     "  while (i < n) {",
                     "    y[i] = x[j] * %s;" % k,
                     "    i++;",
                     "    j += %d;" % st,
                     "  }"]
        elif kind == "rows":
            body += ["  for (int r = 0; r < 4; r++)",
                     "    for (int c = 0; c < n / 4; c++) {",
                     "      y[j] = x[r * (n / 4) + c] * %s;" % k,
                     "      j++;",
                     "    }"]
        elif kind == "cond":
            body += ["  for (int i = 0; i < n; i++) {",
                     "    y[i] = x[j];",
                     "    if (x[i] > 0)",
                     "      j += %d;" % st,
                     "  }"]
        elif kind == "skip":
            body += ["  for (int i = 0; i < n; i++) {",
                     "    if (i % 3 == 0)",
                     "      continue;",
                     "    y[i] = x[j] * %s;" % k,
                     "    j += %d;" % st,
                     "  }"]
        elif kind == "comma":
            body += ["  int k = %d;" % (j0 + 1),
                     "  for (int i = 0; i < n; i++, j += %d, k--)" % st,
                     "    y[j] = x[i] * %s + (double)(k %% 7);" % k,
                     "  j += k;"]
        elif kind == "comma_skip":
            body += ["  for (int i = 0; i < n; i++, j += %d) {" % st,
                     "    if (i % 4 == 1)",
                     "      continue;",
                     "    y[j] = x[i] * %s;" % k,
                     "  }"]
        elif kind == "p_copy":
            body += ["  double *q = y + j;",
                     "  const double *p = x;",
                     "  for (int i = 0; i < n; i++)",
                     "    *q++ = *p++ * %s;" % k,
                     "  j = (int)(q - y) + (int)(p - x);"]
        elif kind == "p_down":
            body += ["  double *q = y + %d * n + j;" % st,
                     "  for (int i = 0; i < n; i++) {",
                     "    *q = x[i] + %s;" % k,
                     "    q -= %d;" % st,
                     "  }",
                     "  j = (int)(q - y);"]
        elif kind == "p_rows":
            body += ["  int w = n / 4;",
                     "  for (int r = 0; r < 4; r++) {",
                     "    double *row = y + r * w + j;",
                     "    for (int c = 0; c < w; c++)",
                     "      *row++ = x[r * w + c] * %s;" % k,
                     "  }"]
        elif kind == "p_stride":
            body += ["  const double *p = x + j;",
                     "  for (int i = 0; i < n; i++, p += %d)" % st,
                     "    y[i] = p[0] * %s + p[%d];" % (k, st - 1),
                     "  j = (int)(p - x);"]
        elif kind == "by_var":
            body += ["  int s = (n & 1) + %d;" % st,
                     "  double *q = y + j;",
                     "  for (int i = 0; i < n; i++) {",
                     "    *q = x[i] * %s;" % k,
                     "    q += s;",
                     "  }",
                     "  j = (int)(q - y);"]
        elif kind == "by_rows":
            body += ["  int w = n / 4, s = w + %d;" % (st - 2),
                     "  const double *src = x;",
                     "  double *dst = y + j;",
                     "  for (int r = 0; r < 4; r++) {",
                     "    for (int c = 0; c < w; c++)",
                     "      dst[c] = src[c] * %s + dst[c];" % k,
                     "    src += w;",
                     "    dst += s;",
                     "  }",
                     "  j = (int)(dst - y);"]
        elif kind == "two_p":
            # Two steps of one pointer in every iteration.
            body += ["  double *q = y + j;",
                     "  for (int i = 0; i < n; i++) {",
                     "    *q++ = x[i] * %s;" % k,
                     "    *q++ = x[i] - %s;" % k,
                     "  }",
                     "  j = (int)(q - y);"]
        elif kind == "two_j":
            # Up by st + 1, then down by 1, with reads between.
            body += ["  for (int i = 0; i < n; i++) {",
                     "    y[j] = x[i] * %s;" % k,
                     "    j += %d;" % (st + 1),
                     "    y[j - 2] = y[j - 2] * 0.5 + x[i];",
                     "    j -= 1;",
                     "  }"]
        elif kind == "pc_while":
            # Pointer counters (docs/analysis.md, "Pointer counters").
            body += ["  double *q = y + j, *e = q + n;",
                     "  const double *p = x;",
                     "  while (q < e)",
                     "    *q++ = *p++ * %s;" % k,
                     "  j = (int)(q - y) + (int)(p - x);"]
        elif kind == "pc_for":
            body += ["  double *q;",
                     "  for (q = y + j; q < y + j + %d * n; q += %d)" % (st, st),
                     "    *q = *q * %s + x[(q - y - j) / %d];" % (k, st),
                     "  j = (int)(q - y);"]
        elif kind == "pc_down":
            body += ["  double *q = y + j + %d * n;" % st,
                     "  while (q > y + j) {",
                     "    q -= %d;" % st,
                     "    *q = *q * %s + 1.0;" % k,
                     "  }",
                     "  j = (int)(q - y) + %d;" % st]
        elif kind == "pc_do":
            body += ["  double *q = y + j;",
                     "  const double *p = x;",
                     "  do {",
                     "    *q = *q * %s + *p++;" % k,
                     "    q++;",
                     "  } while (q <= y + j + n - 1);",
                     "  j = (int)(q - y);"]
        elif kind == "comma_var":
            # The increment steps j by a variable.
            body += ["  int s = (n & 1) + %d;" % st,
                     "  for (int i = 0; i < n; i++, j += s)",
                     "    y[j] = x[i] * %s;" % k]
        elif kind == "pc_comma":
            # A pointer counter and a second pointer stepped by a variable
            # in the increment (a column of y).
            body += ["  int s = (n & 1) + %d;" % st,
                     "  double *q = y + j;",
                     "  for (const double *p = x; p < x + n; p++, q += s)",
                     "    *q = *p * %s;" % k,
                     "  j = (int)(q - y);"]
        elif kind == "pc_post":
            # The condition steps the pointer: the body sees it stepped.
            body += ["  double *q = y + j + n;",
                     "  while (q-- > y + j)",
                     "    *q = *q * %s + x[q - y - j];" % k,
                     "  j = (int)(q - y) + 1;"]
        elif kind == "pc_carried":
            # q[-1] written in one iteration is read in the next.
            body += ["  double *q;",
                     "  for (q = y + j + 1; q < y + j + n; q++)",
                     "    *q = q[-1] * %s + x[0];" % k,
                     "  j = (int)(q - y);"]
        elif kind == "pc_over":
            # x and y overlap in some of main's calls.
            body += ["  double *q = y + j;",
                     "  const double *p;",
                     "  for (p = x; p != x + n; p++)",
                     "    *q++ = *p * %s + 0.5;" % k,
                     "  j = (int)(q - y) - (int)(p - x);"]
        elif kind == "p_cond":
            body += ["  double *q = y + j;",
                     "  for (int i = 0; i < n; i++) {",
                     "    *q = x[i] * %s;" % k,
                     "    if (x[i] > 0)",
                     "      q += %d;" % st,
                     "  }",
                     "  j = (int)(q - y);"]
        else:
            # y[j] read in one iteration is written in the next.
            body += ["  for (int i = 0; i < n; i++) {",
                     "    y[j + 1] = (y[j] * %s + x[i]) * 0.5;" % k,
                     "    j++;",
                     "  }"]
        if kind.startswith("p_") or kind.startswith("by_"):
            self.features.add("pointer inductions")
        if kind.startswith("pc_"):
            self.features.add("pointer counters")
        if kind in ("comma_var", "pc_comma"):
            self.features.add("increment steps by a variable")
        if kind.startswith("stepped"):
            self.features.add("inductions of a counter with a step")
        if kind in ("stride_var", "stride_while", "blocks_var"):
            self.features.add("counter stepped by a variable")
        if kind.startswith("stride_ind"):
            self.features.add("inductions of a counter stepped by a variable")
        self.features.add("inductions")
        self.ind = True
        return "\n".join(["static int ind_k(int n, double *y, "
                          "const double *x) {"] + body + ["  return j;", "}"])

    def acc_kernel(self, side):
        """Vectors and matrices read and written through accessors in GSL's
        style (docs/analysis.md, "Expanded calls"): fv_get/fv_set reach
        `v->data[i * v->stride]`, fm_get/fm_set `m->data[i * m->tda + j]`.
        acc_k(y, x, m) is an axpy, a matrix's rows scaled by x (x's element
        read before the row's loop), each row's sum stored in y (after the
        row's loop), or a recurrence along y (sequential); main calls it
        with vectors apart, a stride of zero, vectors that share elements,
        rows that overlap and a matrix over x's elements. Returns the C of
        the accessors and the kernel."""
        kind = side.choice(("axpy", "rows", "sums", "recur"))
        k = side.choice(("0.5", "-0.25", "0.75"))
        if kind == "axpy":
            body = ["  for (int i = 0; i < y->size; i++)",
                    "    fv_set(y, i, fv_get(y, i) * %s + fv_get(x, i));" % k]
        elif kind == "rows":
            body = ["  for (int i = 0; i < m->rows; i++) {",
                    "    double s = fv_get(x, i);",
                    "    for (int j = 0; j < m->cols; j++)",
                    "      fm_set(m, i, j, fm_get(m, i, j) * %s + s);" % k,
                    "  }"]
        elif kind == "sums":
            body = ["  for (int i = 0; i < m->rows; i++) {",
                    "    double t = 0;",
                    "    for (int j = 0; j < m->cols; j++)",
                    "      t = t * %s + fm_get(m, i, j);" % k,
                    "    fv_set(y, i, t);",
                    "  }"]
        else:
            self.features.add("accessors, recurrence")
            body = ["  for (int i = 1; i < y->size; i++)",
                    "    fv_set(y, i, fv_get(y, i - 1) * %s + fv_get(x, i));"
                    % k]
        self.features.add("accessors")
        self.acc = True
        return "\n".join(strided_structs("fvec", "fmat") + [
            "static inline double fv_get(const fvec *v, int i) {",
            "  return v->data[i * v->stride];",
            "}",
            "static inline void fv_set(fvec *v, int i, double x) {",
            "  v->data[i * v->stride] = x;",
            "}",
            "static inline double fm_get(const fmat *m, int i, int j) {",
            "  return m->data[i * m->tda + j];",
            "}",
            "static inline void fm_set(fmat *m, int i, int j, double x) {",
            "  m->data[i * m->tda + j] = x;",
            "}",
            "static void acc_k(fvec *y, const fvec *x, fmat *m) {",
            "  (void)y; (void)x; (void)m;"] + body + ["}"])

    def ptr_kernel(self, side):
        """The same structs reached by pointer arithmetic (docs/analysis.md,
        "Advanced pointers"): pv_ptr returns `v->data + i * v->stride`, and
        ptr_k(y, x, m) writes `*pv_ptr(y, i)`, `*(y->data + i * y->stride)`,
        a matrix row through a row pointer `m->data + i * m->tda`, or a
        recurrence along y through `*(y->data + (i - 1) * y->stride)`
        (sequential), or the matrix scaled by `*(x->data + i * x->stride)`
        read in the loop over the row, or rows of y from rows of m that
        variables hold; main calls it as it calls acc_k.
        Returns the C of the accessor and the kernel."""
        kind = side.choice(("ptr", "direct", "row", "recur", "stencil"))
        k = side.choice(("0.5", "-0.25", "0.75"))
        # Half the row kernels read x only in the loop over the row (its
        # checks name x->data behind a test that that loop runs; main also
        # calls it with no columns and x null).
        if kind == "row" and side.random() < 0.5:
            kind = "inner"
        self.ptr_inner = kind == "inner"
        self.ptr_stencil = kind == "stencil"
        if kind == "ptr":
            body = ["  for (int i = 0; i < y->size; i++)",
                    "    *pv_ptr(y, i) = *pv_ptr(y, i) * %s + "
                    "*pv_ptr((pvec *)x, i);" % k]
        elif kind == "direct":
            body = ["  for (int i = 0; i < y->size; i++)",
                    "    *(y->data + i * y->stride) = "
                    "*(x->data + i * x->stride) - %s;" % k]
        elif kind == "row":
            body = ["  for (int i = 0; i < m->rows; i++) {",
                    "    double *row = m->data + i * m->tda;",
                    "    double s = *(x->data + i * x->stride);",
                    "    for (int j = 0; j < m->cols; j++)",
                    "      row[j] = row[j] * %s + s;" % k,
                    "  }"]
        elif kind == "inner":
            self.features.add("pointer offsets, read in an inner loop")
            body = ["  for (int i = 0; i < m->rows; i++)",
                    "    for (int j = 0; j < m->cols; j++)",
                    "      *(m->data + i * m->tda + j) = "
                    "*(m->data + i * m->tda + j) * %s + "
                    "*(x->data + i * x->stride);" % k]
        elif kind == "stencil":
            # Rows of m held in variables and only read (folded: the loop
            # over the rows runs on a check of m->data against y->data),
            # and a row of y held and written; main also calls it with m
            # over y's elements.
            self.features.add("pointer offsets, rows read through variables")
            body = ["  for (int i = 1; i < m->rows - 1; i++) {",
                    "    const double *up = m->data + (i - 1) * m->tda;",
                    "    const double *dn = m->data + (i + 1) * m->tda;",
                    "    double *o = y->data + i * y->stride;",
                    "    double s = *(x->data + i * x->stride);",
                    "    for (int j = 0; j < y->stride; j++)",
                    "      o[j] = up[j] * %s - dn[j + 1] + s;" % k,
                    "  }"]
        else:
            self.features.add("pointer offsets, recurrence")
            body = ["  for (int i = 1; i < y->size; i++)",
                    "    *(y->data + i * y->stride) = "
                    "*(y->data + (i - 1) * y->stride) * %s + 1.0;" % k]
        self.features.add("pointer offsets")
        self.ptr = True
        return "\n".join(strided_structs("pvec", "pmat") + [
            "static inline double *pv_ptr(pvec *v, int i) {",
            "  return v->data + i * v->stride;",
            "}",
            "static void ptr_k(pvec *y, const pvec *x, pmat *m) {",
            "  (void)y; (void)x; (void)m;"] + body + ["}"])

    def program(self):
        nk = self.r.randrange(2, 5)
        ks = [self.kernel(i) for i in range(nk)]
        # Kernels that only some programs have, each from a random stream of
        # its own, so that adding one leaves the other programs as they
        # were: row tables (one program in four), array reductions, a work
        # array, a matrix nest and a row recurrence (one in three each).
        self.rows, self.mat, self.col, self.sib = None, None, None, None
        self.tile = None
        self.hist = self.work = self.sweep = self.fq_fp = self.inc = False
        self.stride = self.acc = self.ptr = self.ptr_inner = False
        self.ptr_stencil = False
        self.ind = self.text = self.vol = self.blur = False
        for mult, off, share, make in (
                (15485863, 3, 0.25, self.rows_kernel),
                (32452843, 5, 1.0 / 3, self.hist_kernel),
                (49979687, 7, 1.0 / 3, self.work_kernel),
                (67867967, 11, 1.0 / 3, self.mat_kernel),
                (86028121, 13, 1.0 / 3, self.sweep_kernel),
                (104395301, 17, 1.0 / 3, self.col_kernel),
                (122949823, 19, 1.0 / 3, self.sib_kernel),
                (141650939, 23, 1.0 / 3, self.tile_kernel),
                (160481183, 29, 0.25, self.inc_kernel),
                (179424673, 31, 0.25, self.stride_kernel),
                (198491317, 37, 0.25, self.acc_kernel),
                (217645177, 41, 0.25, self.ptr_kernel),
                (236887691, 43, 0.25, self.ind_kernel),
                (256203221, 47, 0.25, self.text_kernel),
                (275604541, 53, 0.2, self.vol_kernel),
                (295075153, 59, 0.2, self.blur_kernel)):
            side = random.Random(self.seed * mult + off)
            if side.random() < share:
                ks.append(make(side))
        fp = any(k[3] for k in self.kernels) or self.fq_fp
        main = self.main_function()
        head = ["/* weft fuzz program, seed %d */" % self.seed,
                "/* FEATURES: %s */" % ", ".join(sorted(self.features)),
                "/* FP-REDUCTIONS: %s */" % ("yes" if fp else "no"),
                "#include <assert.h>",
                "#include <ctype.h>",
                "#include <math.h>",
                "#include <stdio.h>",
                "#include <stdint.h>",
                "#include <stdlib.h>"] + (
                    ['#include "fuzz_helpers.h"'] if self.inc else []) + [
                "",
                "#define SIZE %d" % SIZE,
                "static double A[SIZE], B[SIZE], C[SIZE];",
                "static int I[SIZE];",
                "static int idx[256];",
                "static int NB[4];",
                "int gn;",
                "struct bufs { double *x, *y; const double *z; int *iv; int n; };",
                "static struct bufs BS;",
                "static long calls;",
                "",
                "static double h_pure(double v) { return v * 0.5 + 0.125; }",
                "/* Declared only, as if from another file; defined under",
                "   another C name and the same symbol. */",
                'double h_ext(double v) __asm__("weft_fuzz_ext")',
                "    __attribute__((const));",
                'double h_ext_def(double v) __asm__("weft_fuzz_ext");',
                "double h_ext_def(double v) { return v * 0.25 - 0.5; }",
                "static void h_put(double *p, int i, double v) { p[i] = v; }",
                "static double h_count(double v) { calls++; return v; }",
                "#define H_ENSURE(c, k) \\",
                "  do { \\",
                "    if (!(c)) { \\",
                '      fprintf(stderr, "bad value at %d\\n", k); \\',
                "      exit(3); \\",
                "    } \\",
                "  } while (0)",
                "#define H_LIMIT 1e6",
                "#define H_ABOVE(v, k) \\",
                "  do { \\",
                "    if ((v) > H_LIMIT || -(v) > H_LIMIT) { \\",
                '      fprintf(stderr, "out of range at %d\\n", k); \\',
                "      exit(3); \\",
                "    } \\",
                "  } while (0)",
                ""]
        if self.die_used:
            head += ["static int h_quiet;",
                     'static char h_tag[8] = "fuzz";',
                     "static void h_die(int i) {",
                     "  if (!h_quiet)",
                     '    fprintf(stderr, "%s: bad value at %d\\n", h_tag, i);',
                     "  exit(3);",
                     "}",
                     ""]
        return "\n".join(head + ks + [""] + main) + "\n"

    def main_function(self):
        # The hashes take values modulo 4e18 (exact, and in range of an
        # int64_t): a kernel that grows values past 2^63 / 4096 (rows
        # recurrences through tables passed twice) must not make the
        # sequential program's conversion undefined.
        main = ["static void dump(const char *what) {",
                "  uint64_t h = 0;",
                "  for (int i = 0; i < SIZE; i++) {",
                "    h = h * 1099511628211u + (uint64_t)(int64_t)fmod(A[i] * 4096.0, 4e18);",
                "    h = h * 1099511628211u + (uint64_t)(int64_t)fmod(B[i] * 4096.0, 4e18);",
                "    h = h * 1099511628211u + (uint64_t)(int64_t)I[i];",
                "  }",
                '  printf("%s %016llx %ld\\n", what, (unsigned long long)h, calls);',
                "}",
                "",
                "int main(void) {",
                "  for (int i = 0; i < SIZE; i++) {",
                "    A[i] = (double)((i * 37) % 101) / 64.0 - 0.5;",
                "    B[i] = (double)((i * 53) % 97) / 64.0 - 0.25;",
                "    C[i] = (double)((i * 11) % 89) / 64.0;",
                "    I[i] = (i * 7919) % 1000 - 500;",
                "  }",
                "  for (int i = 0; i < 256; i++)",
                "    idx[i] = (i * 97) % 256;"]
        for kidx, (name, depth, sym, _, restrict, nb_moves, via) in \
                enumerate(self.kernels):
            n = {1: 2000, 2: 48, 3: 14, 4: 7}[depth]
            n = self.r.randrange(max(2, n // 2), n + 1)
            off = self.r.randrange(0, 64)
            calls = [
                # disjoint buffers
                ("A + %d" % off, "B", "C", "I"),
                # the same buffer, apart
                ("A", "A + %d" % (MAXSPAN + self.r.randrange(0, 64)), "C", "I"),
                # overlapping
                ("A", "A + %d" % self.r.randrange(1, 9), "A + 3", "I"),
                ("B + %d" % self.r.randrange(1, 9), "B", "B", "I"),
            ]
            # One kernel in four without restrict is called on distinct
            # arrays only, as real programs call their static functions:
            # weft then knows its parameters apart (arguments apart).
            # (A stream of its own: the programs are otherwise those of
            # the generator before this choice, seed for seed.)
            apart = random.Random(self.seed * 104729 + kidx).random() < 0.25
            if restrict:
                calls = calls[:1]  # restrict promises the arguments are apart
            elif apart and not via:
                self.features.add("arguments apart at every call")
                calls = [calls[0], ("B + %d" % off, "A", "C", "I")]
            else:
                self.features.add("overlapping arguments")
            for k, (x, y, z, iv) in enumerate(calls):
                nb = "NB"
                if nb_moves is not None and k >= 2:
                    # the bound in the buffer the body writes, where it does
                    self.features.add("bound written")
                    nb = "I + %d" % nb_moves
                    main.append("  I[%d] = %d;" % (nb_moves, n))
                main.append("  NB[0] = gn = %d;" % n)
                if via:
                    main.append("  BS.x = %s; BS.y = %s; BS.z = %s; "
                                "BS.iv = %s; BS.n = %d;" % (x, y, z, iv, n))
                    main.append("  %s(%d, 0.75, &BS, %s);" % (name, n, nb))
                else:
                    main.append("  %s(%d, 0.75, %s, %s, %s, %s, %s);" % (
                        name, n, x, y, z, iv, nb))
                main.append('  dump("%s/%d");' % (name, k))
        if self.rows:
            m, n, calls, carve = self.rows
            main.insert(0, "\n".join([
                "static void dump_rows(const char *what, double **r0, "
                "double **r1) {",
                "  uint64_t h = 0;",
                "  for (int i = 0; i < %d; i++)" % m,
                "    for (int j = 0; j < %d; j++) {" % n,
                "      h = h * 1099511628211u + "
                "(uint64_t)(int64_t)fmod(r0[i][j] * 4096.0, 4e18);",
                "      h = h * 1099511628211u + "
                "(uint64_t)(int64_t)fmod(r1[i][j] * 4096.0, 4e18);",
                "    }",
                '  printf("%s %016llx\\n", what, (unsigned long long)h);',
                "}", ""]))
            main.append("  double **R0 = rows_new(%d, %d, 1), "
                        "**R1 = rows_new(%d, %d, 2);" % (m, n, m, n))
            if carve:
                main.append("  double **R2 = rows_carve(%d, %d, 3);" % (m, n))
            for k, (w, o, v) in enumerate(calls):
                main.append("  rows_k(%s, %s, %s);" % (w, o, v))
                main.append('  dump_rows("rows/%d", R0, R1);' % k)
                if carve:
                    main.append('  dump_rows("carved/%d", R2, R2);' % k)
            main.append("  gather_k(R0, 3000, B);")
            main.append('  dump("gather");')
        if self.hist:
            main.insert(0, "\n".join([
                "static void dump_hist(const char *what) {",
                "  uint64_t h = 0;",
                "  for (int i = 0; i < 256; i++)",
                "    h = h * 1099511628211u + (uint64_t)(int64_t)HG[i];",
                "  for (int i = 0; i < 16; i++)",
                "    for (int j = 0; j < 4; j++)",
                "      h = h * 1099511628211u + HU[i][j];",
                "  for (int i = 0; i < 16; i++)",
                "    h = h * 1099511628211u + (uint64_t)HL[i];",
                "  double f = 0.0; /* rounds otherwise with FP-REDUCTIONS */",
                "  for (int i = 0; i < 8; i++)",
                "    f += HF[i] * (double)(i + 1);",
                '  printf("%s %016llx %.17g\\n", what, (unsigned long long)h, f);',
                "}", ""]))
            main.append("  for (int i = 0; i < 16; i++)")
            main.append("    for (int j = 0; j < 4; j++)")
            main.append("      HU[i][j] = (unsigned)(i * 4 + j) | 1u;")
            main.append("  hist_k(2000, I, C);")
            main.append('  dump_hist("hist/0");')
            main.append("  hist_k(3000, I + 17, C);")
            main.append('  dump_hist("hist/1");')
            main.append("  hist_k(200, HG, C); /* reads what it updates */")
            main.append('  dump_hist("hist/2");')
        if self.work:
            main.append("  work_k(3000, C, B + 5000);")
            main.append('  dump("work/0");')
            main.append("  work_k(900, A, A + 4000);")
            main.append('  dump("work/1");')
            # out overlaps what z reads: the run-time check fails
            main.append("  work_k(500, B + 10, B);")
            main.append('  dump("work/2");')
        if self.inc:
            main.append("  inc_k(2000, C, B + 5000, A + 6000);")
            main.append('  dump("inc/0");')
            main.append("  inc_k(900, A, A + 4000, B + 200);")
            main.append('  dump("inc/1");')
            # out overlaps what z reads: the run-time check fails
            main.append("  inc_k(500, B + 10, B, A + 9000);")
            main.append('  dump("inc/2");')
        if self.stride:
            # Rows apart, a stride of zero, columns past the row, a
            # negative stride; then x overlapping y.
            for st, c in ((3, 1), (1, 0), (0, 0), (2, 2), (4, 3), (-2, 1),
                          (5, 5)):
                main.append("  stride_k(500, %d, %d, A + 8000, B);" % (st, c))
                main.append('  dump("stride/%d/%d");' % (st, c))
            main.append("  stride_k(500, 2, 1, A + 8000, A + 8100);")
            main.append('  dump("stride/overlap");')
        if self.text:
            # A text from a literal; src apart from t, src over t shifted
            # (both ways), no iteration.
            main += ["  {",
                     "    static char T[4096];",
                     '    const char *words = "The 7 quick brown FOXES, '
                     'jumped; over 12 lazy dogs.\\t";',
                     "    for (int i = 0; i < 4095; i++)",
                     "      T[i] = words[(i * 7 + i / 13) % 45];"]
            for c, (n, t, src) in enumerate(
                    ((500, "T + 2000", "T"), (500, "T + 3", "T"),
                     (500, "T", "T + 3"), (0, "T", "T + 1"))):
                main += ["    text_k(%d, %s, %s, I + 100);" % (n, t, src),
                         "    {",
                         "      unsigned long h = 0;",
                         "      for (int i = 0; i < 4096; i++)",
                         "        h = h * 31 + (unsigned char)T[i];",
                         '      printf("text/%d %%lu\\n", h);' % c,
                         "    }",
                         '    dump("text/%d");' % c]
            main.append("  }")
        def dumped(name, call, args):
            """A call of a kernel per argument list, each followed by a dump
            of the buffers named name/k."""
            for c, a in enumerate(args):
                main.extend(["  %s;" % (call % a), '  dump("%s/%d");' % (name, c)])

        if self.vol:
            # No plane, small and larger volumes apart, then a over b.
            dumped("vol", "vol_k(%d, %d, %d, %s, %s)",
                   ((0, 4, 5, "A + 8000", "B"), (3, 4, 5, "A + 8000", "B"),
                    (6, 9, 11, "A + 8000", "B"), (6, 9, 11, "B + 3", "B")))
        if self.blur:
            # No row, small and larger images apart, then out over in.
            dumped("blur", "blur_k(%d, %d, %d, %s, %s)",
                   ((0, 10, 2, "A + 8000", "B"), (3, 10, 2, "A + 8000", "B"),
                    (37, 40, 3, "A + 8000", "B"), (37, 40, 3, "B + 5", "B")))
        if self.ind:
            # No iteration, one, 500; apart, then y overlapping x.
            dumped("ind", 'printf("ind %%d\\n", ind_k(%d, %s, %s))',
                   ((0, "A + 8000", "B"), (1, "A + 8000", "B"),
                    (500, "A + 8000", "B"), (500, "B + 3", "B")))
        # acc_k and ptr_k on their structs: apart; a stride of zero; y
        # sharing x's elements and rows that overlap; the matrix over x's
        # elements.
        for on, kernel, vec, mat in ((self.acc, "acc", "fvec", "fmat"),
                                     (self.ptr, "ptr", "pvec", "pmat")):
            if not on:
                continue
            main += [
                "  {",
                "    %s y = {500, 3, A + 8000}, x = {500, 2, B};" % vec,
                "    %s z = {500, 0, A + 9000}, w = {400, 1, B + 3};" % vec,
                "    %s m = {40, 30, 32, C + 100}, o = {40, 30, 20, C + 100};"
                % mat,
                "    %s p = {40, 30, 32, B + 50};" % mat]
            for n, args in enumerate(("&y, &x, &m", "&z, &x, &m",
                                      "&w, &x, &o", "&y, &x, &p")):
                main += ["    %s_k(%s);" % (kernel, args),
                         '    dump("%s/%d");' % (kernel, n)]
            if kernel == "ptr" and self.ptr_inner:
                main += ["    %s e = {40, 0, 32, C + 100};" % mat,
                         "    ptr_k(&y, NULL, &e);",
                         '    dump("ptr/none");']
            if kernel == "ptr" and self.ptr_stencil:
                main += ["    %s q = {40, 30, 32, A + 8000};" % mat,
                         "    ptr_k(&y, &x, &q);",
                         '    dump("ptr/over");']
            main.append("  }")
        if self.sweep:
            main.append("  for (int i = 0; i < 40; i++)")
            main.append("    for (int j = 0; j < 400; j++) {")
            main.append("      SG[i][j] = (i * 31 + j * 17) % 1009;")
            main.append("      SP[i][j] = (i * 7 + j * 3) % 101;")
            main.append("    }")
            main.append('  printf("sweep %ld\\n", sweep_k());')
            main.append("  {")
            main.append("    long h = 0;")
            main.append("    for (int i = 0; i < 40; i++)")
            main.append("      for (int j = 0; j < 400; j++)")
            main.append("        h = (h * 31 + SG[i][j]) % 1000000007;")
            main.append('    printf("sweep/0 %ld\\n", h);')
            main.append("  }")
        if self.mat:
            n = self.mat
            main.append("  mat_k(%d, A + 7, C, B);" % n)
            main.append('  dump("mat/0");')
            main.append("  mat_k(%d, A, A + %d, C + 1);" % (n, MAXSPAN + 3))
            main.append('  dump("mat/1");')
            # x overlaps what y and z read: the run-time check fails
            main.append("  mat_k(%d, B + 5, B, B + 9);" % n)
            main.append('  dump("mat/2");')
        if self.tile:
            n, m = self.tile
            main.append("  tile_k(%d, %d, A + 7, C, B);" % (n, m))
            main.append('  dump("tile/0");')
            main.append("  tile_k(%d, %d, A, A + %d, C + 1);" % (
                n, m, MAXSPAN + 3))
            main.append('  dump("tile/1");')
            # x overlaps what y and z read: the run-time check fails
            main.append("  tile_k(%d, %d, B + 5, B, B + 9);" % (n, m))
            main.append('  dump("tile/2");')
        if self.col:
            n, m = self.col
            main.append('  printf("col %%d\\n", col_k(%d, %d, A + 7, B));'
                        % (n, m))
            main.append('  dump("col/0");')
            main.append('  printf("col %%d\\n", col_k(%d, %d, A, A + %d));'
                        % (n, m, MAXSPAN + 3))
            main.append('  dump("col/1");')
            # x overlaps what z reads: the run-time check fails
            main.append('  printf("col %%d\\n", col_k(%d, %d, B + 5, B));'
                        % (n, m))
            main.append('  dump("col/2");')
        if self.sib:
            n = self.sib
            main.append("  for (int i = 0; i < SIB; i++) {")
            main.append("    SX[i] = (double)((i * 13) % 29) / 32.0;")
            main.append("    SY[i] = (double)((i * 7) % 31) / 32.0 - 0.5;")
            main.append("    SZ[i] = (double)((i * 5) % 23) / 16.0;")
            main.append("  }")
            for k, (p, q) in enumerate((("A", "B"), ("A", "A + 3"),
                                        ("B + 7", "B + 7"))):
                main.append('  printf("sib/%d %%.6e\\n", sib_k(%d, %s, %s));'
                            % (k, n, p, q))
                main.append('  printf("sib/%d %%.6e %%.6e %%.6e\\n", SX[%d], '
                            'SY[%d], SZ[%d]);' % (k, n - 1, n // 2, n - 1))
                main.append('  dump("sib/%d");' % k)
        main += ["  return 0;", "}"]
        return main


def first_store(lines):
    """(array, subscript) of the first store to x or y in `lines`, or
    None."""
    for line in lines:
        m = re.match(r"([xy])\[(.*)\] = ", line)
        if m:
            return m.group(1), m.group(2)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    text = Gen(args.seed).program()
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
        if '#include "fuzz_helpers.h"' in text:
            write_helpers(os.path.dirname(os.path.abspath(args.output)))
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
