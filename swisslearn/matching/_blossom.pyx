# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Maximum-weight matching on general graphs, exact on arbitrary-size integers.

A compiled implementation of the Edmonds/Galil primal-dual blossom
algorithm, O(n^3), with ``maxcardinality=False`` semantics (the matching of
maximum total weight, whatever its size).  It is the fast path of
:func:`swisslearn.matching.max_weight_matching`; networkx's
pure-Python implementation is the reference it is tested against
(``tests/test_blossom.py``).

Numbers.  The edge weights are positive Python integers of any size.  All
the algorithm ever does with them is add, subtract, halve and compare
non-negative numbers bounded by a small multiple of the largest weight
(doubled weights keep every dual integral: vertex duals start at the
largest weight, ``slack(uv) = y_u + y_v - 2 w(uv)``, blossom duals start at
0, and every delta is an integer).  So each call picks a width of K 64-bit
limbs wide enough for twice the largest weight plus 3 bits of headroom,
and does all the arithmetic in C on fixed-width unsigned numbers: exact,
and free of Python object allocation in the inner loops.  Every addition
checks its carry and every subtraction its borrow; if a value ever needed
more room the call is redone one limb wider (it does not happen with the
headroom chosen, but the check costs nothing and keeps the result exact
whatever the input).

Speed.  Nearly all the time goes into scanning the edges of S vertices:
is the edge tight, and if not, is it the least-slack edge to its
neighbour's blossom?  Both questions only need the *sign* of
``y_u + y_v - 2 w - x``, which ``blossom_sign4`` reads from the most
significant limb down, stopping as soon as it is known (with
lexicographic weights, nearly always at the top limb); the full slack is
only computed when an edge becomes the new least-slack one, and the slack
of the current least-slack edge of each node is cached until the duals
next change.

Structure.  Vertices are 0..n-1; edge k has two *darts* 2k and 2k+1, and
``head[d]`` is the vertex dart d points to (``d ^ 1`` is the reverse dart).
``mate[v]`` is the dart from v to its mate (-1 when v is unmatched).
Blossoms are nodes n..2n-1 (recycled through a free stack); node b has a
parent, a base vertex, and its children in cycle order starting with the
child that holds the base, with ``cyc_dart[b][i]`` the dart *from* child i
*to* child i+1 (tail in child i, head in child i+1, indices mod the cycle
length).  Labels are 0 (free), 1 (S, outer) and 2 (T, inner);
``label_dart[b]`` is the dart along which the top-level blossom b got its
label, pointing *to* the vertex that gave it (head outside b).
"""

cimport cython
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset
from cpython.mem cimport PyMem_Malloc, PyMem_Realloc, PyMem_Free

import operator

ctypedef uint64_t limb

__all__ = ["max_weight_matching"]


# ---------------------------------------------------------------------------
# Fixed-width unsigned numbers: K little-endian 64-bit limbs.

cdef inline int num_cmp(const limb* a, const limb* b, int K) noexcept nogil:
    cdef int i = K - 1
    while i >= 0:
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
        i -= 1
    return 0


cdef inline bint num_is_zero(const limb* a, int K) noexcept nogil:
    cdef int i
    for i in range(K):
        if a[i]:
            return False
    return True


cdef inline void num_copy(limb* r, const limb* a, int K) noexcept nogil:
    memcpy(r, a, K * sizeof(limb))


cdef inline void num_half(limb* a, int K) noexcept nogil:
    """a >>= 1."""
    cdef int i
    for i in range(K - 1):
        a[i] = (a[i] >> 1) | (a[i + 1] << 63)
    a[K - 1] >>= 1


cdef inline limb num_add_to(limb* a, const limb* b, int K) noexcept nogil:
    """a += b; returns the carry out of the top limb."""
    cdef limb carry = 0, x, s, s2
    cdef int i
    for i in range(K):
        x = a[i]
        s = x + b[i]
        s2 = s + carry
        carry = <limb>(s < x) | <limb>(s2 < s)
        a[i] = s2
    return carry


cdef inline limb num_sub_from(limb* a, const limb* b, int K) noexcept nogil:
    """a -= b; returns the borrow out of the top limb."""
    cdef limb borrow = 0, x, d, d2
    cdef int i
    for i in range(K):
        x = a[i]
        d = x - b[i]
        d2 = d - borrow
        borrow = <limb>(x < b[i]) | <limb>(d < borrow)
        a[i] = d2
    return borrow


cdef inline int num_sum_minus(limb* r, const limb* a, const limb* b,
                              const limb* c, int K) noexcept nogil:
    """r = a + b - c.  Returns 0, 1 if the result does not fit (too large)
    or -1 if it is negative."""
    cdef limb carry = 0, borrow = 0, x, s, s2, d, d2
    cdef int i
    for i in range(K):
        x = a[i]
        s = x + b[i]
        s2 = s + carry
        carry = <limb>(s < x) | <limb>(s2 < s)
        d = s2 - c[i]
        d2 = d - borrow
        borrow = <limb>(s2 < c[i]) | <limb>(d < borrow)
        r[i] = d2
    if carry == borrow:
        return 0
    return 1 if carry else -1


cdef extern from *:
    """
    /* Sign of a + b - c - d (d may be NULL, meaning 0), K limbs each.
       Reads 32-bit halves from the top down and stops as soon as the sign
       is known: after half i, D = h * 2^(32i) + (lower halves), and the
       lower halves add up to less than 2 * 2^(32i) in absolute value, so
       |h| >= 2 decides (and while undecided, |h| <= 1 keeps h small).
       With lexicographic weights the top limb nearly always decides. */
    static int blossom_sign4(const uint64_t *a, const uint64_t *b,
                             const uint64_t *c, const uint64_t *d, int K)
    {
        int64_t h = 0;
        uint64_t dv;
        int i, shift;
        for (i = K - 1; i >= 0; --i) {
            dv = d ? d[i] : 0;
            for (shift = 32; shift >= 0; shift -= 32) {
                h = h * ((int64_t)1 << 32)
                    + (int64_t)((a[i] >> shift) & 0xffffffffu)
                    + (int64_t)((b[i] >> shift) & 0xffffffffu)
                    - (int64_t)((c[i] >> shift) & 0xffffffffu)
                    - (int64_t)((dv >> shift) & 0xffffffffu);
                if (h >= 2) return 1;
                if (h <= -2) return -1;
            }
        }
        return (h > 0) - (h < 0);
    }
    """
    int blossom_sign4(const limb* a, const limb* b, const limb* c,
                      const limb* d, int K) noexcept nogil


# ---------------------------------------------------------------------------
# Event counters: how often each rare branch ran since the last reset.  The
# tests use them to check that each classic blossom graph really exercises
# the case it is named after.  They only count events that happen O(n) times
# per stage, never per edge, so they cost nothing.

cdef enum:
    EV_DELTA1
    EV_DELTA2
    EV_DELTA3
    EV_DELTA4
    EV_BLOSSOM
    EV_NESTED_BLOSSOM
    EV_T_BLOSSOM
    EV_AUGMENT_IN_BLOSSOM
    EV_AUGMENT_NESTED
    EV_REACH_INSIDE_T
    EV_EXPAND_T
    EV_EXPAND_T_NESTED
    EV_EXPAND_T_RELABEL
    EV_EXPAND_T_S_CHILD
    EV_EXPAND_END
    EV_EXPAND_END_NESTED
    EV_WIDEN
    EV_COUNT

cdef long _events[EV_COUNT]
_EVENT_NAMES = (
    "delta1",
    "delta2",
    "delta3",
    "delta4",
    "blossom",
    "nested_blossom",
    "t_blossom",
    "augment_in_blossom",
    "augment_nested",
    "reach_inside_t",
    "expand_t",
    "expand_t_nested",
    "expand_t_relabel",
    "expand_t_s_child",
    "expand_end",
    "expand_end_nested",
    "widen",
)


def _reset_events():
    """Sets every event counter to zero."""
    cdef int i
    for i in range(EV_COUNT):
        _events[i] = 0


def _events_seen():
    """The event counters, by name."""
    return {name: _events[i] for i, name in enumerate(_EVENT_NAMES)}


# ---------------------------------------------------------------------------
# The matcher.

class _TooNarrow(Exception):
    """A value outgrew the limb width chosen for the call (retry wider)."""


@cython.final
cdef class _Matcher:
    cdef int n, m, K, nfree, qlen, qcap
    # graph
    cdef int* head          # [2m] vertex each dart points to
    cdef int* adj_start     # [n+1] CSR offsets into adj
    cdef int* adj           # [2m] darts leaving each vertex (pointing to the neighbour)
    cdef limb* w2           # [m*K] doubled weights
    # numbers
    cdef limb* dual         # [2n*K] vertex duals, then blossom duals
    cdef limb* tmp1
    cdef limb* delta
    # matching and labels
    cdef int* mate          # [n]
    cdef int* label         # [2n]
    cdef int* label_dart    # [2n]
    cdef int* top           # [n] top-level blossom holding each vertex
    cdef int* parent        # [2n]
    cdef int* base          # [2n] base vertex (-1: blossom slot unused)
    cdef int* best          # [2n] least-slack edge (see scan / add_blossom)
    cdef limb* best_val     # [2n*K] slack of best[x], valid while best_stamp[x] == epoch
    cdef int* best_stamp    # [2n]
    cdef int epoch          # bumped at every dual change
    cdef int** cyc_child    # [2n] children of blossom b in cycle order
    cdef int** cyc_dart     # [2n] darts between consecutive children
    cdef int* cyc_len       # [2n]
    cdef int** best_list    # [2n] S-blossom b: least-slack edge to each other S-blossom
    cdef int* best_len      # [2n] -1 when b has no list
    cdef int* free_slots    # [n] unused blossom ids
    cdef char* allowed      # [m] edge known to have zero slack in this stage
    cdef char* mark         # [2n] scratch for find_base
    cdef int* queue         # S vertices still to scan (a stack)
    # scratch
    cdef int* leaf_buf      # [n]
    cdef int* node_stack    # [2n]
    cdef int* path_a        # [2n]
    cdef int* path_b        # [2n]
    cdef int* best_to       # [2n]
    cdef int* rot_buf       # [2n]
    # warm start (see WarmMatcher): vertices left out, and the mode
    cdef char* gone         # [n]
    cdef bint warm
    cdef limb* best_to_limbs  # [K] scratch for WarmMatcher.tight

    def __cinit__(self, int n, int m, int K):
        self.n = n
        self.m = m
        self.K = K
        cdef size_t nn = 2 * n if n > 0 else 1
        cdef size_t mm = 2 * m if m > 0 else 1
        cdef size_t i
        # The per-blossom arrays first, all NULL, so __dealloc__ can always
        # free what they point to.
        self.cyc_child = <int**>PyMem_Malloc(nn * sizeof(int*))
        self.cyc_dart = <int**>PyMem_Malloc(nn * sizeof(int*))
        self.best_list = <int**>PyMem_Malloc(nn * sizeof(int*))
        for i in range(nn):
            if self.cyc_child:
                self.cyc_child[i] = NULL
            if self.cyc_dart:
                self.cyc_dart[i] = NULL
            if self.best_list:
                self.best_list[i] = NULL
        if not self.cyc_child or not self.cyc_dart or not self.best_list:
            raise MemoryError()
        self.head = <int*>PyMem_Malloc(mm * sizeof(int))
        self.adj_start = <int*>PyMem_Malloc((n + 1) * sizeof(int))
        self.adj = <int*>PyMem_Malloc(mm * sizeof(int))
        self.w2 = <limb*>PyMem_Malloc(mm * <size_t>K * sizeof(limb))
        self.dual = <limb*>PyMem_Malloc(nn * <size_t>K * sizeof(limb))
        self.tmp1 = <limb*>PyMem_Malloc(K * sizeof(limb))
        self.delta = <limb*>PyMem_Malloc(K * sizeof(limb))
        self.mate = <int*>PyMem_Malloc(nn * sizeof(int))
        self.label = <int*>PyMem_Malloc(nn * sizeof(int))
        self.label_dart = <int*>PyMem_Malloc(nn * sizeof(int))
        self.top = <int*>PyMem_Malloc(nn * sizeof(int))
        self.parent = <int*>PyMem_Malloc(nn * sizeof(int))
        self.base = <int*>PyMem_Malloc(nn * sizeof(int))
        self.best = <int*>PyMem_Malloc(nn * sizeof(int))
        self.best_val = <limb*>PyMem_Malloc(nn * <size_t>K * sizeof(limb))
        self.best_stamp = <int*>PyMem_Malloc(nn * sizeof(int))
        self.cyc_len = <int*>PyMem_Malloc(nn * sizeof(int))
        self.best_len = <int*>PyMem_Malloc(nn * sizeof(int))
        self.free_slots = <int*>PyMem_Malloc(nn * sizeof(int))
        self.allowed = <char*>PyMem_Malloc(mm * sizeof(char))
        self.mark = <char*>PyMem_Malloc(nn * sizeof(char))
        self.qcap = nn + 16
        self.queue = <int*>PyMem_Malloc(self.qcap * sizeof(int))
        self.leaf_buf = <int*>PyMem_Malloc(nn * sizeof(int))
        self.node_stack = <int*>PyMem_Malloc(nn * sizeof(int))
        self.path_a = <int*>PyMem_Malloc(nn * sizeof(int))
        self.path_b = <int*>PyMem_Malloc(nn * sizeof(int))
        self.best_to = <int*>PyMem_Malloc(nn * sizeof(int))
        self.rot_buf = <int*>PyMem_Malloc(nn * sizeof(int))
        self.gone = <char*>PyMem_Malloc(nn * sizeof(char))
        self.warm = False
        self.best_to_limbs = <limb*>PyMem_Malloc(K * sizeof(limb))
        if (not self.head or not self.adj_start or not self.adj or not self.w2
                or not self.dual or not self.tmp1 or not self.delta
                or not self.mate or not self.label or not self.label_dart
                or not self.top or not self.parent or not self.base or not self.best
                or not self.best_val or not self.best_stamp
                or not self.cyc_len or not self.best_len or not self.free_slots
                or not self.allowed or not self.mark or not self.queue
                or not self.leaf_buf or not self.node_stack or not self.path_a
                or not self.path_b or not self.best_to or not self.rot_buf
                or not self.gone or not self.best_to_limbs):
            raise MemoryError()
        memset(self.mark, 0, nn * sizeof(char))
        memset(self.gone, 0, nn * sizeof(char))
        for i in range(nn):
            self.cyc_len[i] = 0
            self.best_len[i] = -1

    def __dealloc__(self):
        cdef int i
        for i in range(2 * self.n if self.n > 0 else 1):
            if self.cyc_child != NULL:
                PyMem_Free(self.cyc_child[i])
            if self.cyc_dart != NULL:
                PyMem_Free(self.cyc_dart[i])
            if self.best_list != NULL:
                PyMem_Free(self.best_list[i])
        PyMem_Free(self.head)
        PyMem_Free(self.adj_start)
        PyMem_Free(self.adj)
        PyMem_Free(self.w2)
        PyMem_Free(self.dual)
        PyMem_Free(self.tmp1)
        PyMem_Free(self.delta)
        PyMem_Free(self.mate)
        PyMem_Free(self.label)
        PyMem_Free(self.label_dart)
        PyMem_Free(self.top)
        PyMem_Free(self.parent)
        PyMem_Free(self.base)
        PyMem_Free(self.best)
        PyMem_Free(self.best_val)
        PyMem_Free(self.best_stamp)
        PyMem_Free(self.cyc_child)
        PyMem_Free(self.cyc_dart)
        PyMem_Free(self.cyc_len)
        PyMem_Free(self.best_list)
        PyMem_Free(self.best_len)
        PyMem_Free(self.free_slots)
        PyMem_Free(self.allowed)
        PyMem_Free(self.mark)
        PyMem_Free(self.queue)
        PyMem_Free(self.leaf_buf)
        PyMem_Free(self.node_stack)
        PyMem_Free(self.path_a)
        PyMem_Free(self.path_b)
        PyMem_Free(self.best_to)
        PyMem_Free(self.rot_buf)
        PyMem_Free(self.gone)
        PyMem_Free(self.best_to_limbs)

    # -- small helpers ------------------------------------------------------

    cdef inline int slack(self, int k, limb* out) except -1:
        """out = y_u + y_v - 2 w(k) for edge k = uv (never negative)."""
        cdef int K = self.K
        cdef int r = num_sum_minus(out, self.dual + <size_t>self.head[2 * k] * K,
                                   self.dual + <size_t>self.head[2 * k + 1] * K,
                                   self.w2 + <size_t>k * K, K)
        if r != 0:
            if r > 0:
                raise _TooNarrow()
            raise ArithmeticError("negative slack: blossom invariant broken")
        return 0

    cdef inline limb* best_slack(self, int x) except NULL:
        """The slack of edge best[x] (!= -1), computed at most once per dual
        change."""
        cdef limb* cached = self.best_val + <size_t>x * self.K
        if self.best_stamp[x] != self.epoch:
            self.slack(self.best[x], cached)
            self.best_stamp[x] = self.epoch
        return cached

    cdef inline int slack_sign(self, int k, const limb* value) noexcept:
        """Sign of slack(k) - value (value NULL: 0), usually from the top limb."""
        cdef int K = self.K
        return blossom_sign4(self.dual + <size_t>self.head[2 * k] * K,
                             self.dual + <size_t>self.head[2 * k + 1] * K,
                             self.w2 + <size_t>k * K, value, K)

    cdef inline int offer_best(self, int x, int k) except -1:
        """best[x] = k if edge k has less slack than the current best[x]."""
        cdef limb* cached = self.best_val + <size_t>x * self.K
        if self.best[x] != -1:
            if self.best_stamp[x] != self.epoch:
                self.slack(self.best[x], cached)
                self.best_stamp[x] = self.epoch
            if self.slack_sign(k, cached) >= 0:
                return 0
        self.best[x] = k
        self.slack(k, cached)
        self.best_stamp[x] = self.epoch
        return 0

    cdef int push(self, int v) except -1:
        cdef int* grown
        if self.qlen == self.qcap:
            grown = <int*>PyMem_Realloc(self.queue, 2 * self.qcap * sizeof(int))
            if grown == NULL:
                raise MemoryError()
            self.queue = grown
            self.qcap *= 2
        self.queue[self.qlen] = v
        self.qlen += 1
        return 0

    cdef int leaves(self, int b) noexcept:
        """Writes the vertices inside node b to leaf_buf; returns their count."""
        cdef int count = 0, sp = 1, x, i
        if b < self.n:
            self.leaf_buf[0] = b
            return 1
        self.node_stack[0] = b
        while sp > 0:
            sp -= 1
            x = self.node_stack[sp]
            if x < self.n:
                self.leaf_buf[count] = x
                count += 1
            else:
                i = self.cyc_len[x] - 1
                while i >= 0:
                    self.node_stack[sp] = self.cyc_child[x][i]
                    sp += 1
                    i -= 1
        return count

    cdef inline int child_dart(self, int b, int j, int step) noexcept:
        """The dart from child j of blossom b to child j+step (step = +-1)."""
        cdef int L = self.cyc_len[b]
        if step > 0:
            return self.cyc_dart[b][j]
        return self.cyc_dart[b][(j - 1 + L) % L] ^ 1

    cdef int child_index(self, int b, int child) except -1:
        cdef int i
        for i in range(self.cyc_len[b]):
            if self.cyc_child[b][i] == child:
                return i
        raise AssertionError("child not in blossom")

    cdef void drop_best_list(self, int b) noexcept:
        PyMem_Free(self.best_list[b])
        self.best_list[b] = NULL
        self.best_len[b] = -1

    cdef void free_slot(self, int b) noexcept:
        """Blossom slot ``b`` emptied: its cycle and best-edge list freed."""
        PyMem_Free(self.cyc_child[b])
        PyMem_Free(self.cyc_dart[b])
        self.cyc_child[b] = NULL
        self.cyc_dart[b] = NULL
        self.cyc_len[b] = 0
        self.drop_best_list(b)

    # -- labelling ------------------------------------------------------------

    cdef int assign_label(self, int w, int t, int d) except -1:
        """Labels w and its top-level blossom t (1 = S, 2 = T), reached
        along dart d (head: the vertex that labels it; -1 for a root)."""
        cdef int b = self.top[w], i, count, mb
        self.label[w] = t
        self.label[b] = t
        self.label_dart[w] = d
        self.label_dart[b] = d
        self.best[w] = -1
        self.best[b] = -1
        if t == 1:
            count = self.leaves(b)
            for i in range(count):
                self.push(self.leaf_buf[i])
        else:
            if b >= self.n:
                _events[EV_T_BLOSSOM] += 1
            mb = self.mate[self.base[b]]
            if mb < 0:
                raise AssertionError("T-blossom with an unmatched base")
            self.assign_label(self.head[mb], 1, mb ^ 1)
        return 0

    cdef int find_base(self, int v, int w) except -2:
        """Walks up the alternating trees from S vertices v and w together.
        Returns the base vertex of the new blossom if they meet, or -1 if
        they reach two different roots (an augmenting path)."""
        cdef int npath = 0, found = -1, b, i, x
        while v != -1 or w != -1:
            b = self.top[v]
            if self.mark[b]:
                found = self.base[b]
                break
            self.path_a[npath] = b
            npath += 1
            self.mark[b] = 1
            if self.label_dart[b] == -1:
                v = -1
            else:
                x = self.head[self.label_dart[b]]        # T vertex above
                v = self.head[self.label_dart[self.top[x]]]  # S vertex above that
            if w != -1:
                x = v
                v = w
                w = x
        for i in range(npath):
            self.mark[self.path_a[i]] = 0
        return found

    # -- blossoms -------------------------------------------------------------

    cdef int add_blossom(self, int bvertex, int k) except -1:
        """Shrinks the odd cycle closed by edge k (between two S vertices
        in the same tree) into a new S-blossom with base bvertex."""
        cdef int n = self.n, K = self.K
        cdef int v = self.head[2 * k], w = self.head[2 * k + 1]
        cdef int bb = self.top[bvertex], bv = self.top[v], bw = self.top[w]
        cdef int b, nv = 0, nw = 0, L, i, j, c, x, e, count, jj, q, other, bj
        cdef int* kids
        cdef int* darts
        cdef int* lst
        _events[EV_BLOSSOM] += 1
        if self.nfree == 0:
            raise AssertionError("no free blossom slot")
        self.nfree -= 1
        b = self.free_slots[self.nfree]
        self.base[b] = bvertex
        self.parent[b] = -1
        self.parent[bb] = b
        # The two halves of the cycle, from each end of k up to bb.
        while bv != bb:
            self.parent[bv] = b
            self.path_a[nv] = bv
            nv += 1
            bv = self.top[self.head[self.label_dart[bv]]]
        while bw != bb:
            self.parent[bw] = b
            self.path_b[nw] = bw
            nw += 1
            bw = self.top[self.head[self.label_dart[bw]]]
        L = 1 + nv + nw
        kids = <int*>PyMem_Malloc(L * sizeof(int))
        darts = <int*>PyMem_Malloc(L * sizeof(int))
        if kids == NULL or darts == NULL:
            PyMem_Free(kids)
            PyMem_Free(darts)
            raise MemoryError()
        # Cycle: bb, the v half from the top down, then the w half going up.
        # darts[i] goes from kids[i] to kids[i+1].
        kids[0] = bb
        for i in range(nv):
            c = self.path_a[nv - 1 - i]
            kids[1 + i] = c
            darts[i] = self.label_dart[c] ^ 1     # from the node above down to c
        darts[nv] = 2 * k + 1                    # from v's side to w's side
        for i in range(nw):
            c = self.path_b[i]
            kids[1 + nv + i] = c
            darts[1 + nv + i] = self.label_dart[c]   # from c up to the node above
        self.cyc_child[b] = kids
        self.cyc_dart[b] = darts
        self.cyc_len[b] = L
        self.label[b] = 1
        self.label_dart[b] = self.label_dart[bb]
        memset(self.dual + <size_t>b * K, 0, K * sizeof(limb))
        # T vertices inside become S vertices: scan them.
        count = self.leaves(b)
        for i in range(count):
            x = self.leaf_buf[i]
            if self.label[self.top[x]] == 2:
                self.push(x)
            self.top[x] = b
        # Least-slack edges from the new blossom to each other S-blossom.
        for i in range(2 * n):
            self.best_to[i] = -1
        for i in range(L):
            c = kids[i]
            if c >= n:
                _events[EV_NESTED_BLOSSOM] += 1
            if self.best_len[c] < 0:
                count = self.leaves(c)
                for jj in range(count):
                    x = self.leaf_buf[jj]
                    for q in range(self.adj_start[x], self.adj_start[x + 1]):
                        e = self.adj[q]
                        self.consider_best(b, e >> 1, self.head[e])
            else:
                lst = self.best_list[c]
                for jj in range(self.best_len[c]):
                    e = lst[jj]
                    other = self.head[2 * e + 1]
                    if self.top[other] == b:
                        other = self.head[2 * e]
                    self.consider_best(b, e, other)
            self.drop_best_list(c)
            self.best[c] = -1
        count = 0
        for i in range(2 * n):
            if self.best_to[i] != -1:
                count += 1
        lst = <int*>PyMem_Malloc((count if count > 0 else 1) * sizeof(int))
        if lst == NULL:
            raise MemoryError()
        j = 0
        for i in range(2 * n):
            if self.best_to[i] != -1:
                lst[j] = self.best_to[i]
                j += 1
        self.best_list[b] = lst
        self.best_len[b] = count
        self.best[b] = -1
        for i in range(count):
            self.offer_best(b, lst[i])
        return 0

    cdef int consider_best(self, int b, int k, int other) except -1:
        cdef int bj = self.top[other]
        if bj == b or self.label[bj] != 1:
            return 0
        if self.best_to[bj] == -1:
            self.best_to[bj] = k
            return 0
        self.slack(self.best_to[bj], self.tmp1)
        if self.slack_sign(k, self.tmp1) < 0:
            self.best_to[bj] = k
        return 0

    cdef int expand_blossom(self, int b, bint end_of_stage) except -1:
        """Dissolves blossom b into its children (recursively for zero-dual
        S-sub-blossoms at the end of a stage).  A T-blossom expanded during
        a stage has its children relabelled so the tree stays alternating."""
        cdef int n = self.n, K = self.K
        cdef int L = self.cyc_len[b], i, c, count, entry, j, step, d, x, q, bv, v, found
        cdef int* kids = self.cyc_child[b]
        for i in range(L):
            c = kids[i]
            self.parent[c] = -1
            if c < n:
                self.top[c] = c
            elif end_of_stage and num_is_zero(self.dual + <size_t>c * K, K):
                _events[EV_EXPAND_END_NESTED] += 1
                self.expand_blossom(c, True)
            else:
                if not end_of_stage and self.label[b] == 2:
                    _events[EV_EXPAND_T_NESTED] += 1
                count = self.leaves(c)
                for j in range(count):
                    self.top[self.leaf_buf[j]] = c
        if not end_of_stage and self.label[b] == 2:
            _events[EV_EXPAND_T] += 1
            # The tree entered b through label_dart[b] at the entry child;
            # the even-length way round the cycle from there to the base
            # child becomes part of the tree: T, S, T, ..., T(base).
            entry = self.top[self.head[self.label_dart[b] ^ 1]]
            j = self.child_index(b, entry)
            step = 1 if j & 1 else -1
            d = self.label_dart[b]
            while j != 0:
                q = self.child_dart(b, j, step)      # matched edge to the S child
                self.label[self.head[d ^ 1]] = 0
                self.label[self.head[q]] = 0
                self.assign_label(self.head[d ^ 1], 2, d)
                self.allowed[q >> 1] = 1
                j = (j + step + L) % L
                q = self.child_dart(b, j, step)      # unmatched edge to the next T child
                d = q ^ 1
                self.allowed[q >> 1] = 1
                j = (j + step + L) % L
            # The base child becomes T without relabelling its mate (the
            # mate of the base is outside and already S).
            bv = kids[0]
            x = self.head[d ^ 1]
            self.label[x] = 2
            self.label[bv] = 2
            self.label_dart[x] = d
            self.label_dart[bv] = d
            self.best[bv] = -1
            # The other way round: children the tree had reached from
            # outside (through one of their vertices) are labelled T again.
            j = (j + step + L) % L
            while kids[j] != entry:
                bv = kids[j]
                if self.label[bv] == 1:
                    _events[EV_EXPAND_T_S_CHILD] += 1
                    j = (j + step + L) % L
                    continue
                count = self.leaves(bv)
                found = -1
                for i in range(count):
                    v = self.leaf_buf[i]
                    if self.label[v] != 0:
                        found = v
                        break
                if found != -1:
                    _events[EV_EXPAND_T_RELABEL] += 1
                    v = found
                    self.label[v] = 0
                    self.label[self.head[self.mate[self.base[bv]]]] = 0
                    self.assign_label(v, 2, self.label_dart[v])
                j = (j + step + L) % L
        # Recycle the slot.
        self.free_slot(b)
        self.label[b] = 0
        self.label_dart[b] = -1
        self.base[b] = -1
        self.best[b] = -1
        self.free_slots[self.nfree] = b
        self.nfree += 1
        return 0

    cdef int augment_blossom(self, int b, int v) except -1:
        """Flips the even alternating path inside blossom b from vertex v to
        the base, so that v becomes the base of b (recursively)."""
        cdef int n = self.n, t = v, i, j, step, L = self.cyc_len[b], d, c
        cdef int* kids
        cdef int* darts
        _events[EV_AUGMENT_IN_BLOSSOM] += 1
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= n:
            _events[EV_AUGMENT_NESTED] += 1
            self.augment_blossom(t, v)
        i = self.child_index(b, t)
        j = i
        step = 1 if i & 1 else -1
        kids = self.cyc_child[b]
        while j != 0:
            j = (j + step + L) % L
            d = self.child_dart(b, j, step)
            c = kids[j]
            if c >= n:
                self.augment_blossom(c, self.head[d ^ 1])
            j = (j + step + L) % L
            c = kids[j]
            if c >= n:
                self.augment_blossom(c, self.head[d])
            self.mate[self.head[d ^ 1]] = d
            self.mate[self.head[d]] = d ^ 1
        # Rotate so the child holding v comes first.
        darts = self.cyc_dart[b]
        for j in range(L):
            self.rot_buf[j] = kids[(i + j) % L]
        memcpy(kids, self.rot_buf, L * sizeof(int))
        for j in range(L):
            self.rot_buf[j] = darts[(i + j) % L]
        memcpy(darts, self.rot_buf, L * sizeof(int))
        self.base[b] = self.base[kids[0]]
        return 0

    cdef int augment(self, int k) except -1:
        """Augments along the path through edge k joining two S vertices of
        different trees: flips every edge from each end back to its root."""
        cdef int side
        for side in range(2):
            self.augment_side(self.head[2 * k + side], (2 * k + side) ^ 1)
        return 0

    cdef int augment_side(self, int s, int d) except -1:
        """Gives the S vertex s the mate dart d (-1: none) and flips the
        alternating path from s back to the root of its tree."""
        cdef int n = self.n, bs, t, bt, j
        while True:
            bs = self.top[s]
            if bs >= n:
                self.augment_blossom(bs, s)
            self.mate[s] = d
            if self.label_dart[bs] == -1:
                break                  # reached the root (was unmatched)
            t = self.head[self.label_dart[bs]]
            bt = self.top[t]
            s = self.head[self.label_dart[bt]]
            j = self.head[self.label_dart[bt] ^ 1]
            if bt >= n:
                self.augment_blossom(bt, j)
            self.mate[j] = self.label_dart[bt]
            d = self.label_dart[bt] ^ 1
        return 0

    cdef int augment_to_exposed(self, int k, int w) except -1:
        """Warm mode: edge k joins an S vertex to w, an exposed vertex of
        dual 0 outside the forest (perhaps the base of a blossom): the path
        from the S vertex's root through k to w is augmenting."""
        cdef int d, bw
        d = 2 * k + 1 if self.head[2 * k] == w else 2 * k   # dart from w to the S end
        bw = self.top[w]
        if bw >= self.n:
            self.augment_blossom(bw, w)
        self.mate[w] = d
        self.augment_side(self.head[d], d ^ 1)
        return 0

    # -- warm start -----------------------------------------------------------

    cdef int expand_all(self) except -1:
        """Dissolves every blossom, its dual moved into its vertices' duals
        (the slack of an edge inside stays the same, of an edge leaving it
        grows): afterwards the duals are vertex duals only."""
        cdef int n = self.n, K = self.K, b, i, count
        cdef bint found = True
        while found:
            found = False
            for b in range(n, 2 * n):
                if self.base[b] >= 0 and self.parent[b] == -1:
                    found = True
                    if not num_is_zero(self.dual + <size_t>b * K, K):
                        count = self.leaves(b)
                        for i in range(count):
                            if num_add_to(self.dual + <size_t>self.leaf_buf[i] * K,
                                          self.dual + <size_t>b * K, K):
                                raise _TooNarrow()
                        memset(self.dual + <size_t>b * K, 0, K * sizeof(limb))
                    self.expand_blossom(b, True)
        return 0

    cdef int unmatch(self, int v) noexcept:
        cdef int d = self.mate[v]
        if d >= 0:
            self.mate[self.head[d]] = -1
            self.mate[v] = -1
        return 0

    cdef int prepare_warm(self, bint feasible=False) except -1:
        """From the matching and vertex duals loaded (no blossom): leave out
        the gone vertices, make every edge feasible (raising a dual; a
        matched vertex raised loses its mate), keep only tight matched
        edges, and give every exposed vertex of positive dual (the roots)
        the same dual, the largest: the state a stage of the blossom
        algorithm starts from.  ``feasible``: the duals are known feasible
        (an optimum with more vertices left out), the scan of every edge
        is skipped."""
        cdef int n = self.n, m = self.m, K = self.K, v, k, u, w, x, other
        memset(self.delta, 0, K * sizeof(limb))
        for v in range(n):
            if self.gone[v]:
                self.unmatch(v)
        for k in range(0 if feasible else m):
            u = self.head[2 * k]
            w = self.head[2 * k + 1]
            if self.gone[u] or self.gone[w]:
                continue
            if self.slack_sign(k, NULL) < 0:
                if self.mate[u] < 0:
                    x, other = u, w
                elif self.mate[w] < 0:
                    x, other = w, u
                else:
                    x, other = u, w
                # dual[x] = w2 - dual[other] (positive: the slack was negative)
                if num_sum_minus(self.tmp1, self.w2 + <size_t>k * K, self.delta,
                                 self.dual + <size_t>other * K, K) != 0:
                    raise ArithmeticError("warm start: dual out of range")
                num_copy(self.dual + <size_t>x * K, self.tmp1, K)
                self.unmatch(x)
        for v in range(n):
            k = self.mate[v]
            if k >= 0 and self.slack_sign(k >> 1, NULL) != 0:
                self.unmatch(v)
        memset(self.delta, 0, K * sizeof(limb))
        for v in range(n):
            if (not self.gone[v] and self.mate[v] < 0
                    and num_cmp(self.dual + <size_t>v * K, self.delta, K) > 0):
                num_copy(self.delta, self.dual + <size_t>v * K, K)
        for v in range(n):
            if (not self.gone[v] and self.mate[v] < 0
                    and not num_is_zero(self.dual + <size_t>v * K, K)):
                num_copy(self.dual + <size_t>v * K, self.delta, K)
        return 0

    # -- main loop -----------------------------------------------------------

    cdef int solve(self) except -1:
        cdef int v
        if self.n == 0:
            return 0
        for v in range(self.n):
            self.mate[v] = -1
        self.reset_structure()
        return self.run_stages()

    cdef int solve_warm(self, bint feasible=False) except -1:
        """The blossom algorithm from the matching and vertex duals held
        (see :meth:`prepare_warm`), the gone vertices left out."""
        if self.n == 0:
            return 0
        self.reset_structure()
        self.prepare_warm(feasible)
        self.warm = True
        try:
            self.run_stages()
        finally:
            self.warm = False
        return 0

    cdef int reset_structure(self) except -1:
        """No blossom, no label: every vertex its own top-level node (the
        vertex duals and the matching are kept)."""
        cdef int n = self.n, K = self.K, v, b
        for b in range(n, 2 * n):
            self.free_slot(b)
        for v in range(n):
            self.top[v] = v
        for b in range(2 * n):
            self.label[b] = 0
            self.label_dart[b] = -1
            self.parent[b] = -1
            self.base[b] = b if b < n else -1
            self.best[b] = -1
            self.best_stamp[b] = -1
        self.epoch = 0
        self.nfree = 0
        b = 2 * n - 1
        while b >= n:
            self.free_slots[self.nfree] = b
            self.nfree += 1
            b -= 1
        for b in range(n, 2 * n):
            memset(self.dual + <size_t>b * K, 0, K * sizeof(limb))
        return 0

    cdef int run_stages(self) except -1:
        cdef int n = self.n, m = self.m, K = self.K
        cdef int v, w, b, bv, bw, i, q, d, k, stage, kind, pick, found, sign, roots
        cdef bint augmented
        cdef limb* y
        for stage in range(n + 1):
            for b in range(2 * n):
                self.label[b] = 0
                self.best[b] = -1
            for b in range(n, 2 * n):
                self.drop_best_list(b)
            if m > 0:
                memset(self.allowed, 0, m)
            self.qlen = 0
            roots = 0
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.top[v]] == 0:
                    if self.warm and (self.gone[v]
                                      or num_is_zero(self.dual + <size_t>v * K, K)):
                        continue   # left out, or exposed with dual 0: done
                    self.assign_label(v, 1, -1)
                    roots += 1
            if self.warm and roots == 0:
                break
            augmented = False
            while True:
                # Grow the forest along tight edges.
                while self.qlen > 0 and not augmented:
                    self.qlen -= 1
                    v = self.queue[self.qlen]
                    for i in range(self.adj_start[v], self.adj_start[v + 1]):
                        d = self.adj[i]
                        k = d >> 1
                        w = self.head[d]
                        if self.gone[w]:
                            continue
                        bv = self.top[v]
                        bw = self.top[w]
                        if bv == bw:
                            continue
                        if not self.allowed[k]:
                            sign = self.slack_sign(k, NULL)
                            if sign == 0:
                                self.allowed[k] = 1
                            elif sign < 0:
                                raise ArithmeticError("negative slack: blossom invariant broken")
                        if self.allowed[k]:
                            if (self.label[bw] == 0 and self.warm
                                    and self.mate[self.base[bw]] < 0):
                                # An exposed vertex of dual 0: augment to it.
                                self.augment_to_exposed(k, w)
                                augmented = True
                                break
                            if self.label[bw] == 0:
                                self.assign_label(w, 2, d ^ 1)
                            elif self.label[bw] == 1:
                                found = self.find_base(v, w)
                                if found >= 0:
                                    self.add_blossom(found, k)
                                else:
                                    self.augment(k)
                                    augmented = True
                                    break
                            elif self.label[w] == 0:
                                # w is inside a T-blossom and reached for the
                                # first time: remember how, for its expansion.
                                self.label[w] = 2
                                self.label_dart[w] = d ^ 1
                                _events[EV_REACH_INSIDE_T] += 1
                        elif self.label[bw] == 1:
                            self.offer_best(bv, k)
                        elif self.label[w] == 0:
                            self.offer_best(w, k)
                if augmented:
                    break

                # No tight edge left to use: change the duals.
                # Type 1: the smallest vertex dual reaches zero (the end).
                kind = 1
                pick = -1
                if not self.warm:
                    num_copy(self.delta, self.dual, K)
                    for v in range(1, n):
                        y = self.dual + <size_t>v * K
                        if num_cmp(y, self.delta, K) < 0:
                            num_copy(self.delta, y, K)
                else:
                    # The roots' dual (all equal), and type 5: the dual of a
                    # matched S vertex reaches zero.
                    for v in range(n):
                        if self.mate[v] < 0 and self.label[self.top[v]] == 1:
                            num_copy(self.delta, self.dual + <size_t>v * K, K)
                            break
                    for v in range(n):
                        if self.mate[v] >= 0 and self.label[self.top[v]] == 1:
                            y = self.dual + <size_t>v * K
                            if num_cmp(y, self.delta, K) < 0:
                                num_copy(self.delta, y, K)
                                kind = 5
                                pick = v
                # Type 2: an edge from a free vertex to an S vertex gets tight.
                for v in range(n):
                    if self.label[self.top[v]] == 0 and self.best[v] != -1:
                        y = self.best_slack(v)
                        if num_cmp(y, self.delta, K) < 0:
                            num_copy(self.delta, y, K)
                            kind = 2
                            pick = self.best[v]
                # Type 3: an edge between two S-blossoms gets tight.
                for b in range(2 * n):
                    if (self.parent[b] == -1 and self.base[b] >= 0
                            and self.label[b] == 1 and self.best[b] != -1):
                        num_copy(self.tmp1, self.best_slack(b), K)
                        if self.tmp1[0] & 1:
                            raise ArithmeticError("odd slack between S-blossoms")
                        num_half(self.tmp1, K)
                        if num_cmp(self.tmp1, self.delta, K) < 0:
                            num_copy(self.delta, self.tmp1, K)
                            kind = 3
                            pick = self.best[b]
                # Type 4: the dual of a T-blossom reaches zero.
                for b in range(n, 2 * n):
                    if (self.base[b] >= 0 and self.parent[b] == -1
                            and self.label[b] == 2):
                        y = self.dual + <size_t>b * K
                        if num_cmp(y, self.delta, K) < 0:
                            num_copy(self.delta, y, K)
                            kind = 4
                            pick = b

                self.epoch += 1
                for v in range(n):
                    q = self.label[self.top[v]]
                    y = self.dual + <size_t>v * K
                    if q == 1:
                        if num_sub_from(y, self.delta, K):
                            raise ArithmeticError("negative vertex dual")
                    elif q == 2:
                        if num_add_to(y, self.delta, K):
                            raise _TooNarrow()
                for b in range(n, 2 * n):
                    if self.base[b] >= 0 and self.parent[b] == -1:
                        y = self.dual + <size_t>b * K
                        if self.label[b] == 1:
                            if num_add_to(y, self.delta, K):
                                raise _TooNarrow()
                        elif self.label[b] == 2:
                            if num_sub_from(y, self.delta, K):
                                raise ArithmeticError("negative blossom dual")

                if kind <= 4:
                    _events[EV_DELTA1 + kind - 1] += 1
                if kind == 1:
                    break
                elif kind == 5:
                    # Flip the path from the root to it: it leaves the
                    # matching with dual 0, the root enters it.
                    self.augment_side(pick, -1)
                    augmented = True
                    break
                elif kind == 2:
                    self.allowed[pick] = 1
                    v = self.head[2 * pick]
                    if self.label[self.top[v]] == 0:
                        v = self.head[2 * pick + 1]
                    self.push(v)
                elif kind == 3:
                    self.allowed[pick] = 1
                    self.push(self.head[2 * pick])
                else:
                    self.expand_blossom(pick, False)

            if not augmented:
                break
            # S-blossoms whose dual fell to zero dissolve.
            for b in range(n, 2 * n):
                if (self.parent[b] == -1 and self.base[b] >= 0
                        and self.label[b] == 1
                        and num_is_zero(self.dual + <size_t>b * K, K)):
                    _events[EV_EXPAND_END] += 1
                    self.expand_blossom(b, True)
        return 0


cdef _load(limb* dst, object value, int K):
    """dst = value (a non-negative int)."""
    if value.bit_length() > 64 * K:
        raise _TooNarrow()
    cdef bytes raw = value.to_bytes(8 * K, "little")
    cdef const unsigned char* p = raw
    cdef int i, j
    cdef limb x
    for i in range(K):
        x = 0
        for j in range(7, -1, -1):
            x = (x << 8) | p[8 * i + j]
        dst[i] = x


def max_weight_matching(int n, edges, *, int _limbs=0):
    """Maximum-weight matching of the graph on vertices ``0..n-1``.

    ``edges`` is a sequence of ``(u, v, w)`` with ``0 <= u, v < n``,
    ``u != v``, each pair at most once, and ``w`` a positive int of any
    size.  Returns a list ``mate`` of length n: ``mate[v]`` is v's mate,
    or -1 when v is unmatched.  The result depends only on n and on the
    order of ``edges``.

    ``_limbs`` (tests only) forces the initial width in 64-bit limbs; by
    default it is the width of twice the largest weight plus 3 bits, enough
    for every value the algorithm computes.  Too narrow a width is found
    out and the call starts again one limb wider (same result, slower).
    """
    cdef list triples = list(edges)
    cdef Py_ssize_t m = len(triples)
    cdef int i, u, v, K, K_auto
    cdef object w, top_weight = 0
    if n < 0:
        raise ValueError("negative vertex count")
    if m >= (1 << 29):
        raise ValueError("too many edges")
    for i in range(m):
        u, v, w = triples[i]
        if type(w) is not int:
            w = operator.index(w)
            triples[i] = (u, v, w)
        if not (0 <= u < n and 0 <= v < n) or u == v:
            raise ValueError(f"bad edge {triples[i]!r}")
        if w <= 0:
            raise ValueError(f"non-positive weight on edge {(u, v)!r}")
        if w > top_weight:
            top_weight = w
    K_auto = ((2 * top_weight).bit_length() + 3 + 63) // 64
    K = _limbs if _limbs > 0 else K_auto
    while True:
        try:
            return _solve(n, triples, K, top_weight)
        except _TooNarrow:
            if K >= K_auto + 4:  # cannot happen: the values are bounded
                raise ArithmeticError("blossom duals out of bounds")
            _events[EV_WIDEN] += 1
            K += 1


cdef object _store(const limb* src, int K):
    """The non-negative int held in K limbs."""
    cdef bytearray raw = bytearray(8 * K)
    cdef int i, j
    cdef limb x
    for i in range(K):
        x = src[i]
        for j in range(8):
            raw[8 * i + j] = x & 0xff
            x >>= 8
    return int.from_bytes(raw, "little")


cdef list _solve(int n, list triples, int K, object top_weight, list duals=None):
    cdef int m = len(triples)
    cdef _Matcher mt = _Matcher(n, m, K)
    cdef int i, v
    _load_graph(mt, triples)
    for v in range(n):
        _load(mt.dual + <size_t>v * K, top_weight, K)
    mt.solve()
    cdef list result = [-1] * n
    for v in range(n):
        if mt.mate[v] >= 0:
            result[v] = mt.head[mt.mate[v]]
    cdef int b, count
    if duals is not None:
        duals.append([_store(mt.dual + <size_t>v * K, K) for v in range(n)])
        blossoms = []
        for b in range(n, 2 * n):
            if mt.base[b] >= 0 and not num_is_zero(mt.dual + <size_t>b * K, K):
                count = mt.leaves(b)
                blossoms.append((_store(mt.dual + <size_t>b * K, K),
                                 tuple(mt.leaf_buf[i] for i in range(count))))
        duals.append(blossoms)
    return result


def max_weight_matching_duals(int n, edges):
    """:func:`max_weight_matching` with its optimal dual solution:
    ``(mate, y, blossoms)``, ``y[v]`` the doubled vertex duals and
    ``blossoms`` the ``(dual, vertices)`` of every blossom left at the end
    with a positive dual,
    such that ``y[u] + y[v] + 2 * sum(dual of each blossom holding both) >=
    2 * w(u, v)`` for every edge, with equality on the matched ones."""
    cdef list triples = list(edges)
    cdef Py_ssize_t m = len(triples)
    cdef int i, u, v, K
    cdef object w, top_weight = 0
    for i in range(m):
        u, v, w = triples[i]
        if not (0 <= u < n and 0 <= v < n) or u == v or w <= 0:
            raise ValueError(f"bad edge {triples[i]!r}")
        if w > top_weight:
            top_weight = w
    K = ((2 * top_weight).bit_length() + 3 + 63) // 64
    cdef list duals
    while True:
        duals = []
        try:
            mate = _solve(n, triples, K, top_weight, duals)
            return mate, duals[0], duals[1]
        except _TooNarrow:
            K += 1


cdef int _load_graph(_Matcher mt, list triples) except -1:
    """Edges and CSR adjacency of ``triples`` (weights doubled)."""
    cdef int n = mt.n, m = len(triples), K = mt.K, i, k, u, v
    cdef int* degree
    cdef object w
    for i in range(n + 1):
        mt.adj_start[i] = 0
    for k in range(m):
        u, v, w = triples[k]
        mt.head[2 * k] = u
        mt.head[2 * k + 1] = v
        mt.adj_start[u + 1] += 1
        mt.adj_start[v + 1] += 1
        _load(mt.w2 + <size_t>k * K, 2 * w, K)
    for i in range(n):
        mt.adj_start[i + 1] += mt.adj_start[i]
    # Fill the adjacency in edge order, using leaf_buf as a cursor per vertex.
    degree = mt.leaf_buf
    for i in range(n):
        degree[i] = mt.adj_start[i]
    for k in range(m):
        u = mt.head[2 * k]
        v = mt.head[2 * k + 1]
        mt.adj[degree[u]] = 2 * k + 1      # from u to v
        degree[u] += 1
        mt.adj[degree[v]] = 2 * k          # from v to u
        degree[v] += 1
    return 0


cdef list _triples(int n, edges):
    cdef list triples = list(edges)
    cdef Py_ssize_t i
    cdef int u, v
    cdef object w
    for i in range(len(triples)):
        u, v, w = triples[i]
        if type(w) is not int:
            w = operator.index(w)
            triples[i] = (u, v, w)
        if not (0 <= u < n and 0 <= v < n) or u == v or w <= 0:
            raise ValueError(f"bad edge {triples[i]!r}")
    return triples


@cython.final
cdef class WarmMatcher:
    """A maximum-weight matching kept between calls, for asking again and
    again "and without these vertices?".

    Built from the edges (and, optionally, a matching ``mate`` and doubled
    vertex duals ``y`` to start from: any matching and any duals; edges
    that are not feasible or matched edges that are not tight are
    repaired first), it is solved at once.  :meth:`trial` leaves more
    vertices out and solves again from the current matching and duals
    (a few stages of the blossom algorithm instead of one per pair);
    :meth:`rollback` returns to the state before the last trial.  The
    answers are those of :func:`max_weight_matching_duals` on the graph
    without the vertices left out: a maximum-weight matching and an
    optimal dual solution (the matching itself may differ where several
    are best).
    """

    cdef _Matcher mt
    cdef int n
    cdef int* saved_mate
    cdef limb* saved_dual
    cdef char* saved_gone

    def __cinit__(self, int n, edges, mate=None, y=None, gone=None):
        cdef list triples = _triples(n, edges)
        cdef int m = len(triples), K, v, i, u, d
        cdef object top = 0, w
        for _, _, w in triples:
            if w > top:
                top = w
        top = 2 * top
        if y is not None:
            for w in y:
                if w > top:
                    top = w
        K = (top.bit_length() + 3 + 63) // 64 + 1
        self.n = n
        self.mt = _Matcher(n, m, K)
        _load_graph(self.mt, triples)
        self.saved_mate = <int*>PyMem_Malloc((n if n > 0 else 1) * sizeof(int))
        self.saved_dual = <limb*>PyMem_Malloc((n if n > 0 else 1) * <size_t>K * sizeof(limb))
        self.saved_gone = <char*>PyMem_Malloc((n if n > 0 else 1) * sizeof(char))
        if not self.saved_mate or not self.saved_dual or not self.saved_gone:
            raise MemoryError()
        if gone is not None:
            for v in gone:
                self.mt.gone[v] = 1
        if mate is None and gone is None:
            for v in range(n):
                _load(self.mt.dual + <size_t>v * K, top // 2, K)
            self.mt.solve()
            return
        if mate is None:
            mate = [-1] * n
            y = [top // 2] * n
        for v in range(n):
            self.mt.mate[v] = -1
            _load(self.mt.dual + <size_t>v * K, y[v], K)
        for v in range(n):
            u = mate[v]
            if u > v:
                for i in range(self.mt.adj_start[v], self.mt.adj_start[v + 1]):
                    d = self.mt.adj[i]
                    if self.mt.head[d] == u:
                        self.mt.mate[v] = d
                        self.mt.mate[u] = d ^ 1
                        break
        self.mt.solve_warm()

    def __dealloc__(self):
        PyMem_Free(self.saved_mate)
        PyMem_Free(self.saved_dual)
        PyMem_Free(self.saved_gone)

    def mate(self):
        """``mate[v]``: v's mate, or -1."""
        cdef int v
        return [self.mt.head[self.mt.mate[v]] if self.mt.mate[v] >= 0 else -1
                for v in range(self.n)]

    def duals(self):
        """``(y, blossoms)`` as :func:`max_weight_matching_duals` gives them."""
        cdef int v, b, i, count, n = self.n, K = self.mt.K
        y = [_store(self.mt.dual + <size_t>v * K, K) for v in range(n)]
        blossoms = []
        for b in range(n, 2 * n):
            if self.mt.base[b] >= 0 and not num_is_zero(self.mt.dual + <size_t>b * K, K):
                count = self.mt.leaves(b)
                blossoms.append((_store(self.mt.dual + <size_t>b * K, K),
                                 tuple(self.mt.leaf_buf[i] for i in range(count))))
        return y, blossoms

    def trial(self, vertices):
        """Leave ``vertices`` out too and solve again (warm)."""
        cdef int n = self.n, K = self.mt.K, v
        self.mt.expand_all()
        memcpy(self.saved_mate, self.mt.mate, n * sizeof(int))
        memcpy(self.saved_dual, self.mt.dual, <size_t>n * K * sizeof(limb))
        memcpy(self.saved_gone, self.mt.gone, n * sizeof(char))
        for v in vertices:
            if not 0 <= v < n:
                raise ValueError(f"no vertex {v}")
            self.mt.gone[v] = 1
        # Optimal duals stay feasible when vertices leave: no edge to repair.
        self.mt.solve_warm(True)

    def rollback(self):
        """Back to the state before the last :meth:`trial` (the same
        matching; duals as optimal, without blossoms)."""
        cdef int n = self.n, K = self.mt.K
        self.mt.reset_structure()
        memcpy(self.mt.mate, self.saved_mate, n * sizeof(int))
        memcpy(self.mt.dual, self.saved_dual, <size_t>n * K * sizeof(limb))
        memcpy(self.mt.gone, self.saved_gone, n * sizeof(char))

    def mate_of(self, int v):
        """v's mate, or -1."""
        cdef int d = self.mt.mate[v]
        return self.mt.head[d] if d >= 0 else -1

    def leave_out(self, vertices):
        """Leave ``vertices`` out without solving again: for a pair of them
        matched to each other, what remains is still a maximum-weight
        matching of the rest, with its duals."""
        cdef int v
        for v in vertices:
            self.mt.gone[v] = 1

    def total(self):
        """The weight of the matching (the vertices left out excluded)."""
        cdef int v, d, n = self.n, K = self.mt.K
        cdef object found = 0
        for v in range(n):
            d = self.mt.mate[v]
            if d >= 0 and not self.mt.gone[v] and v < self.mt.head[d]:
                found += _store(self.mt.w2 + <size_t>(d >> 1) * K, K)
        return found // 2

    def tight(self, int k):
        """Is edge ``k`` (its place in the edges given) tight under the
        current duals: ``y[u] + y[v] + 2·(duals of the blossoms holding
        both) == 2·w``?"""
        cdef _Matcher mt = self.mt
        cdef int K = mt.K, u, v, x
        cdef limb* acc = mt.best_to_limbs
        if not 0 <= k < mt.m:
            raise ValueError(f"no edge {k}")
        u = mt.head[2 * k]
        v = mt.head[2 * k + 1]
        memcpy(acc, mt.dual + <size_t>u * K, K * sizeof(limb))
        if num_add_to(acc, mt.dual + <size_t>v * K, K):
            raise _TooNarrow()
        x = mt.parent[u]
        while x != -1:
            mt.mark[x] = 1
            x = mt.parent[x]
        x = mt.parent[v]
        while x != -1:
            if mt.mark[x]:
                if num_add_to(acc, mt.dual + <size_t>x * K, K) or \
                        num_add_to(acc, mt.dual + <size_t>x * K, K):
                    raise _TooNarrow()
            x = mt.parent[x]
        x = mt.parent[u]
        while x != -1:
            mt.mark[x] = 0
            x = mt.parent[x]
        return num_cmp(acc, mt.w2 + <size_t>k * K, K) == 0
