# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Double-dummy core: alpha-beta with zero-window tests over card bitmasks.

Techniques (measured one by one in benchmarks/bench_solve.py):

* zero-window tests ("side 0 takes >= t tricks?") driven by a binary search
  over 0..tricks left, as MTD(f) does with small integer values (Plaat et al.,
  1996), sharing one transposition table;
* a transposition table probed at trick starts, keyed on the remaining cards
  reduced to *relative ranks* (only the order of live cards in each effective
  suit matters, as in DDS, Haglund 2010) with the three plain suits sorted, so
  suits of the same shape share entries; keys are exact, so entries stay valid
  across solves and the table is never cleared;
* quick tricks, checked before the table: the holder of the top live trumps is
  credited its run of them; when it is the leader and no opponent holds more
  trumps than the run, it draws them and is credited the top cards of its plain
  suits too (and its lower trumps when its partner is drawn as well);
* move ordering (cheapest card that wins the trick, lowest card when the
  partner already wins it, top winners first on lead) and one card per run of
  equivalent cards (cards adjacent among the live cards of a suit);
* the last trick is scored without search.

Nothing in the search touches a Python object; every entry point checks its
input before the GIL is released.
"""
import itertools
import numpy as np
cimport numpy as cnp
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from libc.stdlib cimport calloc, free, malloc
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t, int64_t
from cpython.pyport cimport PY_SSIZE_T_MAX

cnp.import_array()

cdef enum:
    JOKER = 24
    NCARDS = 25
    NO_TRUMP = 4         # the trump value of a no-trump contract: no trump suit, no bowers, plain ranks
#: The ``trump`` value of a no-trump contract (Rules.allow_no_trump): every card in its printed suit,
#: ranked A K Q J T 9, the highest card of the led suit wins.
NO_TRUMP_VALUE = NO_TRUMP

# Techniques, each switchable so benchmarks can measure what it is worth.
cdef enum Feature:
    F_TABLE = 1          # transposition table at trick starts
    F_QUICK = 2          # quick-trick cutoffs
    F_ORDER = 4          # move ordering
    F_RUNS = 8           # one card per run of equivalent cards
    F_ZERO_WINDOW = 16   # zero-window tests (else one full-window search)
    F_ALL = 31
cdef enum:
    MAKERS_MADE = 2      # added to a row's makers' side: they are known to take at least 3 (bands only)
#: Added to a row's makers' side in ``solve_many(makers=...)``: the makers are known to take at least 3.
MADE = MAKERS_MADE

FEATURES = {"table": F_TABLE, "quick_tricks": F_QUICK, "move_ordering": F_ORDER,
            "equivalent_cards": F_RUNS, "zero_window": F_ZERO_WINDOW}
ALL_FEATURES = F_ALL

# Per trump suit (and NO_TRUMP): each card's effective suit, its power in a trick of its
# effective suit (trumps above every plain card), and each effective suit's
# cards from the highest down.
# Inside the search a hand is laid out by *effective* suit: bits 8*s .. 8*s+7 hold
# the cards whose effective suit is s, lowest rank in the lowest bit. Following
# suit is then one mask, the trick's winner a comparison of bit numbers, and the
# relative ranks of the key a compress of one byte per suit.
cdef uint8_t BIT_OF[5][NCARDS]       # per trump (NO_TRUMP last): card index -> bit in the layout
cdef uint8_t COMPRESS[256][256]      # COMPRESS[live][x]: the bits of x at live's set bits, packed low


cdef void _build_tables() noexcept nogil:
    cdef int t, c, s, rank, r, live, x, i, k
    for c in range(NCARDS):
        # no trump: every card in its printed suit at its printed rank (the jack between T and Q);
        # setup_search refuses the joker, which has no place without a trump suit
        BIT_OF[NO_TRUMP][c] = 7 if c == JOKER else 8 * (c % 4) + c // 4
    for t in range(4):
        for c in range(NCARDS):
            if c == JOKER:
                s = t
                r = 7
            else:
                rank = c // 4
                s = c % 4
                if rank == 2 and s == t:
                    r = 6                                   # right bower
                elif rank == 2 and s == 3 - t:
                    s = t
                    r = 5                                   # left bower
                elif s == t:
                    r = rank if rank < 2 else rank - 1      # 9 T Q K A -> 0 1 2 3 4
                elif s == 3 - t:
                    r = rank if rank < 2 else rank - 1      # the suit that lost its jack
                else:
                    r = rank
            BIT_OF[t][c] = 8 * s + r
    for live in range(256):
        for x in range(256):
            k = 0
            r = 0
            for i in range(8):
                if (live >> i) & 1:
                    if (x >> i) & 1:
                        r |= 1 << k
                    k += 1
            COMPRESS[live][x] = r

_build_tables()

cdef extern from *:
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil

cdef inline int popcount(uint32_t x) noexcept nogil:
    return __builtin_popcount(x)


# ---------------------------------------------------------------- table
cdef Table* table_new(int bits) noexcept nogil:
    cdef Table* t = <Table*> malloc(sizeof(Table))
    if t == NULL:
        return NULL
    t.entries = <TTEntry*> calloc((<size_t>1) << bits, sizeof(TTEntry))
    if t.entries == NULL:
        free(t)
        return NULL
    t.mask = ((<uint64_t>1) << bits) - 1
    t.field = t.mask << SLOT_SHIFT
    return t

cdef void table_free(Table* t) noexcept nogil:
    if t != NULL:
        free(t.entries)
        free(t)

# An entry is 8 bytes, not 16, so twice as many fit in the cache. The key's hash
# (a multiplication by an odd constant: a bijection of 64-bit words) names the
# slot by bits SLOT_SHIFT.. and is stored with those bits, which the slot already
# tells, replaced by the two bounds (3 bits each) and a taken mark: the word
# still identifies the key exactly. table_bits >= 8 leaves room for the 7 bits.
cdef enum:
    SLOT_SHIFT = 20
    LOWER_SHIFT = SLOT_SHIFT
    UPPER_SHIFT = SLOT_SHIFT + 3
    TAKEN_SHIFT = SLOT_SHIFT + 6

cdef inline uint64_t hash_of(uint64_t key) noexcept nogil:
    return key * <uint64_t>0x9E3779B97F4A7C15ULL

cdef inline uint64_t slot_of(Table* t, uint64_t h) noexcept nogil:
    return (h >> SLOT_SHIFT) & t.mask

cdef inline bint entry_holds(Table* t, TTEntry e, uint64_t h) noexcept nogil:
    # the hash's bits outside the slot's, and the taken mark (an empty slot is 0)
    return ((e ^ h) & ~t.field) == 0 and (e >> TAKEN_SHIFT) & 1

cdef inline TTEntry entry_of(Table* t, uint64_t h, int lower, int upper) noexcept nogil:
    return ((h & ~t.field) | (<uint64_t>lower << LOWER_SHIFT) | (<uint64_t>upper << UPPER_SHIFT)
            | (<uint64_t>1 << TAKEN_SHIFT))


# ---------------------------------------------------------------- keys
cdef inline uint32_t suit_part(uint32_t live, uint32_t odd, uint32_t high, int su) noexcept nogil:
    """One suit of the key: its live length << 16, then which seats own its live cards, low to high,
    as two compressed rows (seat bit 0 above seat bit 1)."""
    cdef int shift = 8 * su
    cdef uint32_t lb = (live >> shift) & 0xFF
    cdef uint32_t n = __builtin_popcount(lb)
    return (n << 16) | (<uint32_t>COMPRESS[lb][(odd >> shift) & 0xFF] << n) | COMPRESS[lb][(high >> shift) & 0xFF]


cdef uint64_t canonical_key(Search* s) noexcept nogil:
    """Exact key of a trick start, up to relative ranks and the order of the plain suits.

    For each effective suit: which seats own its live cards, low to high, as two
    compressed bit rows (seat bit 0 and seat bit 1; at most 20 live cards: 40
    bits), then the suit lengths (4 + 3 x 3 bits), the leader (2), the seats
    in play and no trump (6): 61 bits, so two trick starts share a key only when the play
    from them is the same. The plain suits are sorted so same-shaped suits meet.
    """
    cdef uint32_t live = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
    cdef uint32_t odd = s.hands[1] | s.hands[3]
    cdef uint32_t high = s.hands[2] | s.hands[3]
    cdef int t = s.trump
    cdef uint32_t trump_suit, a, b, c, hi, lo, mid
    if t == NO_TRUMP:
        return no_trump_key(live, odd, high, s)
    # each suit as (length << 16) | its two seat rows, so one comparison orders (length, rows)
    trump_suit = suit_part(live, odd, high, t)
    a = suit_part(live, odd, high, (t + 1) & 3)
    b = suit_part(live, odd, high, (t + 2) & 3)
    c = suit_part(live, odd, high, (t + 3) & 3)
    # the plain suits in descending order by a min/max network (no data-dependent branch)
    hi = a if a > b else b
    lo = b if a > b else a
    mid = lo if lo > c else c
    c = c if lo > c else lo
    a = hi if hi > mid else mid
    b = mid if hi > mid else hi
    cdef uint64_t key = trump_suit & 0xFFFF
    key = (key << (2 * (a >> 16))) | (a & 0xFFFF)
    key = (key << (2 * (b >> 16))) | (b & 0xFFFF)
    key = (key << (2 * (c >> 16))) | (c & 0xFFFF)
    key = (key << 4) | <uint64_t>(trump_suit >> 16)
    key = (key << 3) | <uint64_t>(a >> 16)
    key = (key << 3) | <uint64_t>(b >> 16)
    key = (key << 3) | <uint64_t>(c >> 16)
    key = (key << 2) | s.leader
    key = (key << 6) | s.config_bits
    return key


cdef uint64_t no_trump_key(uint32_t live, uint32_t odd, uint32_t high, Search* s) noexcept nogil:
    """canonical_key of a no-trump trick start: the four suits are all plain, so all four are sorted
    (descending), the first in the trump suit's place; config_bits marks the key as no trump's."""
    cdef uint32_t p[4]
    cdef uint32_t x
    cdef int i, j
    for i in range(4):
        p[i] = suit_part(live, odd, high, i)
    for i in range(1, 4):                  # insertion sort, descending
        j = i
        while j > 0 and p[j] > p[j - 1]:
            x = p[j]; p[j] = p[j - 1]; p[j - 1] = x
            j -= 1
    cdef uint64_t key = p[0] & 0xFFFF
    for i in range(1, 4):
        key = (key << (2 * (p[i] >> 16))) | (p[i] & 0xFFFF)
    key = (key << 4) | <uint64_t>(p[0] >> 16)
    for i in range(1, 4):
        key = (key << 3) | <uint64_t>(p[i] >> 16)
    key = (key << 2) | s.leader
    key = (key << 6) | s.config_bits
    return key


# ---------------------------------------------------------------- play helpers
cdef inline int strength_in_trick(int b, int trump, int led) noexcept nogil:
    """Contest value of layout bit ``b`` in a trick led in ``led``: trumps, then the led suit."""
    cdef int su = b >> 3
    if su == trump:
        return 64 + b
    if su == led:
        return 32 + b
    return 0


cdef inline void play_to_trick(Search* s, int seat, int b) noexcept nogil:
    """Record layout bit ``b`` played by ``seat`` in the trick state (led suit, winner so far)."""
    cdef int v
    if s.ntrick == 0:
        s.led = b >> 3
        s.win_seat = seat
        s.win_strength = strength_in_trick(b, s.trump, b >> 3)
    else:
        v = strength_in_trick(b, s.trump, s.led)
        if v > s.win_strength:
            s.win_strength = v
            s.win_seat = seat


cdef int last_trick_side0(Search* s) noexcept nogil:
    """Side 0's tricks when every seat holds one card at a trick start."""
    cdef int seat = s.leader, i, b, v, best = -1, best_seat = s.leader, led
    led = __builtin_ctz(s.hands[seat]) >> 3
    for i in range(s.trick_size):
        b = __builtin_ctz(s.hands[seat])
        v = strength_in_trick(b, s.trump, led)
        if v > best:
            best = v
            best_seat = seat
        seat = s.next_seat[seat]
    return 1 if s.side[best_seat] == 0 else 0


cdef inline uint32_t below_any(uint32_t x) noexcept nogil:
    """The bits that have a set bit of ``x`` above them in their own byte (suit)."""
    cdef uint32_t d = (x >> 1) & 0x7F7F7F7Fu
    d |= (d >> 1) & 0x7F7F7F7Fu
    d |= (d >> 2) & 0x3F3F3F3Fu
    d |= (d >> 4) & 0x0F0F0F0Fu
    return d


cdef inline int quick_tricks(Search* s, uint32_t live, int* holder) noexcept nogil:
    """Sure tricks of one seat, named in ``holder``.

    The holder of the top live trump wins a trick with each trump of its top run (each is the
    highest trump left when it is played). When that holder is the leader and no opponent holds
    more trumps than that run, the leader draws their trumps with it and then cashes the top cards
    of the plain suits (the partner, never made to ruff, can only help), and its lower trumps too
    when the partner also holds no more trumps than the run; likewise when no trump is live. A card
    is in its suit's top run when no live card of another seat lies above it.
    """
    cdef uint32_t trumps_mask = s.trump_mask, hand
    cdef uint32_t trumps = live & trumps_mask
    cdef int w, seat, run, i, n, most = 0, partner = 0, leader = s.leader
    if trumps:
        w = 31 - __builtin_clz(trumps)
        # hands are disjoint: exactly one seat holds bit w
        seat = ((s.hands[1] >> w) & 1) | (((s.hands[2] >> w) & 1) << 1) | (((s.hands[3] >> w) & 1) * 3)
        holder[0] = seat
        hand = s.hands[seat]
        run = popcount(hand & trumps_mask & ~below_any(trumps & ~hand))
        if seat != leader:
            return run
        for i in range(4):
            if i != leader:
                n = popcount(s.hands[i] & trumps_mask)
                if s.side[i] != s.side[leader]:
                    if n > most:
                        most = n
                else:
                    partner = n
        if most > run:
            return run
        if partner <= run:
            run = popcount(hand & trumps_mask)
        return run + popcount(hand & ~trumps_mask & ~below_any(live & ~hand))
    holder[0] = leader
    hand = s.hands[leader]
    return popcount(hand & ~below_any(live & ~hand))


cdef inline int emit_ascending(uint32_t m, uint8_t* out, int n) noexcept nogil:
    """Append the bits of ``m`` to ``out[n:]``, lowest first; the new length."""
    while m:
        out[n] = __builtin_ctz(m)
        m &= m - 1
        n += 1
    return n


cdef inline int emit_by_rank(uint32_t m, uint8_t* out, int n) noexcept nogil:
    """Append the bits of ``m`` lowest rank first across suits (a tie: the lower suit first)."""
    cdef int start = n, i, j
    cdef uint8_t tmp
    n = emit_ascending(m, out, n)
    if m == 0 or (m >> (__builtin_ctz(m) & ~7)) < 256:    # one suit (following it): already in order
        return n
    for i in range(start + 1, n):
        j = i
        while j > start and (out[j] & 7) < (out[j - 1] & 7):
            tmp = out[j]; out[j] = out[j - 1]; out[j - 1] = tmp
            j -= 1
    return n


cdef inline uint32_t above_bit(int b) noexcept nogil:
    """The bits above bit ``b`` (2 << 31 wraps to 0: nothing above bit 31)."""
    return ~((<uint32_t>2 << b) - 1)


cdef int generate_moves(Search* s, int seat, uint8_t* out) noexcept nogil:
    """Legal cards of ``seat``, the highest of each run of equivalent cards, best-looking first.

    The order, built from masks: on lead, the top live card of a suit (a trump's first), then
    low cards, plain before trumps; following, the cheapest card that wins the trick unless the
    partner already wins it, then the lowest cards, plain before trumps.
    """
    cdef uint32_t hand = s.hands[seat], legal = hand, dead, redundant, spread, top, winners
    cdef uint32_t live = s.trick_live, trumps = s.trump_mask
    cdef int n
    if s.ntrick > 0:
        legal = hand & (0xFFu << (8 * s.led))
        if legal == 0:
            legal = hand
    if legal & (legal - 1) == 0:                        # a forced card (about a third of all nodes)
        out[0] = __builtin_ctz(legal)
        return 1
    if s.features & F_RUNS:
        # a card is redundant when the next live card above it in its suit is also ours: fill down
        # from our cards through the dead places (an occluded fill in three doubling steps, each
        # byte a suit), then every place just below the fill has ours as its next live card above
        dead = ~live & 0x7F7F7F7Fu
        spread = hand
        spread |= dead & (spread >> 1)
        dead &= (dead >> 1) & 0x3F3F3F3Fu
        spread |= dead & (spread >> 2)
        dead &= (dead >> 2) & 0x0F0F0F0Fu
        spread |= dead & (spread >> 4)
        redundant = (spread >> 1) & 0x7F7F7F7Fu
        legal &= ~redundant
        if legal & (legal - 1) == 0:                    # one card stands for all the others
            out[0] = __builtin_ctz(legal)
            return 1
    if not (s.features & F_ORDER):
        return emit_ascending(legal, out, 0)
    if s.ntrick == 0:
        # each suit's top live card: no live card above it in its byte
        top = legal & ~below_any(live)
        n = emit_ascending(top & trumps, out, 0)
        n = emit_ascending(top & ~trumps, out, n)
        n = emit_by_rank(legal & ~top & ~trumps, out, n)
        return emit_ascending(legal & ~top & trumps, out, n)
    winners = 0
    if s.side[s.win_seat] != s.side[seat]:
        if s.win_strength >= 64:                        # a trump wins the trick: a higher trump
            winners = legal & trumps & above_bit(s.win_strength - 64)
        else:                                           # a higher card of the suit led, or any trump
            winners = (legal & above_bit(s.win_strength - 32) & (0xFFu << (8 * s.led))) | (legal & trumps)
    n = emit_ascending(winners, out, 0)
    legal &= ~winners
    n = emit_by_rank(legal & ~trumps, out, n)
    return emit_ascending(legal & trumps, out, n)


# ---------------------------------------------------------------- search
cdef int alpha_beta(Search* s, int alpha, int beta, int seat) noexcept nogil:
    """Side 0's tricks from here to the end of the hand (fail-soft alpha-beta); ``seat`` is to move."""
    cdef int i, v, best, add, remaining = 0, lower = 0, upper = 0, q, nmoves, old_leader, w
    cdef int orig_alpha = alpha, orig_beta = beta, maximizing
    cdef uint8_t moves[8]
    cdef uint8_t c, saved_led, saved_seat, saved_strength
    cdef uint32_t live, saved_live
    cdef uint64_t key = 0
    cdef TTEntry* entry = NULL
    s.nodes += 1
    if s.ntrick == 0:
        remaining = popcount(s.hands[seat])
        if remaining == 0:
            return 0
        if remaining == 1:
            return last_trick_side0(s)
        live = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
        s.trick_live = live
        lower = 0
        upper = remaining
        # the cheap bounds first: a cutoff here saves the table's key
        if s.features & F_QUICK:
            q = quick_tricks(s, live, &w)
            if s.side[w] == 0:
                lower = q
            else:
                upper = remaining - q
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
        if s.features & F_TABLE:
            key = hash_of(canonical_key(s))
            entry = &s.table.entries[slot_of(s.table, key)]
            if entry_holds(s.table, entry[0], key):
                q = (entry[0] >> LOWER_SHIFT) & 7
                if q > lower:
                    lower = q
                q = (entry[0] >> UPPER_SHIFT) & 7
                if q < upper:
                    upper = q
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
    nmoves = generate_moves(s, seat, moves)
    maximizing = s.side[seat] == 0
    best = -1 if maximizing else 99
    saved_led, saved_seat, saved_strength, saved_live = s.led, s.win_seat, s.win_strength, s.trick_live
    for i in range(nmoves):
        c = moves[i]
        s.hands[seat] ^= (<uint32_t>1) << c
        play_to_trick(s, seat, c)
        s.ntrick += 1
        if s.ntrick == s.trick_size:
            w = s.win_seat
            old_leader = s.leader
            s.leader = w
            s.ntrick = 0
            add = 1 if s.side[w] == 0 else 0
            if s.hands[w] & (s.hands[w] - 1) == 0:        # one card each (or none) left: no search
                s.nodes += 1
                v = add + (last_trick_side0(s) if s.hands[w] else 0)
            else:
                v = add + alpha_beta(s, alpha - add, beta - add, w)
            s.leader = old_leader
            s.ntrick = s.trick_size
            s.trick_live = saved_live        # the next tricks set their own
        else:
            v = alpha_beta(s, alpha, beta, s.next_seat[seat])
        s.ntrick -= 1
        s.hands[seat] ^= (<uint32_t>1) << c
        s.led, s.win_seat, s.win_strength = saved_led, saved_seat, saved_strength
        if maximizing:
            if v > best:
                best = v
            if best >= beta:
                break
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best <= alpha:
                break
            if best < beta:
                beta = best
    if entry != NULL:
        # the bounds found at entry (the quick tricks', the old entry's), refined
        if best >= orig_beta:
            if best > lower:
                lower = best
        elif best <= orig_alpha:
            if best < upper:
                upper = best
        else:
            lower = best
            upper = best
        entry[0] = entry_of(s.table, key, lower, upper)
    return best


cdef inline int to_move(Search* s) noexcept nogil:
    """The seat whose turn it is: the leader's ntrick-th successor."""
    cdef int seat = s.leader, i
    for i in range(s.ntrick):
        seat = s.next_seat[seat]
    return seat


cdef int search_value(Search* s) noexcept nogil:
    """Side 0's tricks from this position to the end of the hand, by zero-window tests."""
    cdef int low = 0, high = popcount(s.hands[s.leader]) + (1 if s.ntrick > 0 else 0), mid, v
    if not (s.features & F_ZERO_WINDOW):
        return alpha_beta(s, -1, high + 1, to_move(s))
    while low < high:
        mid = (low + high + 1) // 2
        v = alpha_beta(s, mid - 1, mid, to_move(s))
        if v >= mid:
            low = v
        else:
            high = v
    return low


cdef int search_class(Search* s, int makers) noexcept nogil:
    """The scoring band of the makers' tricks from here: 0 below 3, 1 for 3 up to all but one, 2 for all.

    Needs one or two zero-window tests instead of the full search for the number; ``makers`` with
    MAKERS_MADE set: the makers are known to take at least 3, only the march's test is left.
    """
    cdef int remaining = popcount(s.hands[s.leader]) + (1 if s.ntrick > 0 else 0)
    cdef int need = 3 if remaining >= 3 else remaining
    cdef int v
    if makers & MAKERS_MADE:
        if need == remaining:
            return 2
        if makers & 1:
            return 1 if alpha_beta(s, 0, 1, to_move(s)) > 0 else 2
        return 1 if alpha_beta(s, remaining - 1, remaining, to_move(s)) < remaining else 2
    # fail-soft values are bounds: a first test that already proves all (or none) skips the second
    if makers == 0:
        v = alpha_beta(s, need - 1, need, to_move(s))
        if v < need:
            return 0
        if v >= remaining:
            return 2
        if need == remaining or alpha_beta(s, remaining - 1, remaining, to_move(s)) < remaining:
            return 1
        return 2
    # makers are side 1: they take at least `need` when side 0 takes at most remaining - need
    v = alpha_beta(s, remaining - need, remaining - need + 1, to_move(s))
    if v > remaining - need:
        return 0
    if v <= 0:
        return 2
    if need == remaining or alpha_beta(s, 0, 1, to_move(s)) > 0:
        return 1
    return 2


# ---------------------------------------------------------------- boundary
cdef inline uint32_t to_layout(uint32_t hand, int trump) noexcept nogil:
    cdef uint32_t out = 0
    while hand:
        out |= (<uint32_t>1) << BIT_OF[trump][__builtin_ctz(hand)]
        hand &= hand - 1
    return out


# Why setup_search refused a position (0: it is valid); ERRORS holds the words.
cdef enum SetupCode:
    SETUP_OK = 0
    BAD_PLAYERS
    BAD_TRUMP
    BAD_IN_PLAY
    BAD_LEADER
    BAD_CARD
    CARD_TWICE
    SITTING_OUT_HOLDS
    TRICK_TOO_LONG
    BAD_HAND_SIZES
    BAD_MAKERS
    JOKER_IN_NO_TRUMP


cdef SetupCode setup_search(Search* s, uint32_t* hands, int trump, int leader, int in_play, int players,
                            uint8_t* trick, int ntrick) noexcept nogil:
    """Fill ``s`` after checking every field; SETUP_OK when valid, else why not (see ERRORS)."""
    cdef int seat, i, j, n, expected, remaining, seats = 0
    cdef uint32_t seen = 0, c
    if players != 2 and players != 4:
        return BAD_PLAYERS
    if trump < 0 or trump > NO_TRUMP:
        return BAD_TRUMP
    if players == 2:
        if in_play != 0b0101:
            return BAD_IN_PLAY
    elif not (in_play == 0b1111 or in_play == 0b1110 or in_play == 0b1101 or in_play == 0b1011
              or in_play == 0b0111 or in_play == 0b0011 or in_play == 0b0110 or in_play == 0b1100
              or in_play == 0b1001):
        return BAD_IN_PLAY
    if leader < 0 or leader > 3 or not (in_play >> leader) & 1:
        return BAD_LEADER
    for seat in range(4):
        if hands[seat] >> NCARDS:
            return BAD_CARD
        if hands[seat] & seen:
            return CARD_TWICE
        seen |= hands[seat]
        if not (in_play >> seat) & 1 and hands[seat]:
            return SITTING_OUT_HOLDS
        if (in_play >> seat) & 1:
            seats += 1
    if ntrick < 0 or ntrick >= seats:
        return TRICK_TOO_LONG
    for i in range(ntrick):
        if trick[i] >= NCARDS:
            return BAD_CARD
        c = (<uint32_t>1) << trick[i]
        if c & seen:
            return CARD_TWICE
        seen |= c
    if trump == NO_TRUMP and (seen >> JOKER) & 1:
        return JOKER_IN_NO_TRUMP
    for seat in range(4):
        s.hands[seat] = to_layout(hands[seat], trump)
        s.side[seat] = (seat // 2) if players == 2 else (seat % 2)
        n = (seat + 1) % 4
        while not (in_play >> n) & 1:
            n = (n + 1) % 4
        s.next_seat[seat] = n
    s.trick_size = seats
    s.trump = trump
    s.trump_mask = 0 if trump == NO_TRUMP else 0xFFu << (8 * trump)
    s.leader = leader
    s.trick_live = 0
    for i in range(4):
        s.trick_cards[i] = BIT_OF[trump][trick[i]] if i < ntrick else 0
        s.trick_live |= s.hands[i] | ((<uint32_t>1) << s.trick_cards[i] if i < ntrick else 0)
    s.ntrick = 0
    s.led = s.win_seat = s.win_strength = 0
    seat = leader
    for i in range(ntrick):
        play_to_trick(s, seat, s.trick_cards[i])
        s.ntrick += 1
        seat = s.next_seat[seat]
    s.config_bits = <uint64_t>in_play | (<uint64_t>(players == 2) << 4) | (<uint64_t>(trump == NO_TRUMP) << 5)
    s.nodes = 0
    s.features = F_ALL
    # sizes: those who already played this trick hold one card fewer
    remaining = popcount(hands[leader]) + (1 if ntrick > 0 else 0)
    if remaining > 5:
        return BAD_HAND_SIZES
    seat = leader
    for i in range(seats):
        expected = remaining - 1 if i < ntrick else remaining
        if popcount(hands[seat]) != expected:
            return BAD_HAND_SIZES
        seat = s.next_seat[seat]
    return SETUP_OK


ERRORS = {
    BAD_PLAYERS: "players must be 4 or 2",
    BAD_TRUMP: "trump must be a suit index 0..3 (C D H S) or 4 (no trump)",
    BAD_IN_PLAY: "the seats in play are not a possible table (two-player: N and S; four-player: "
                 "all four, or without a loner's partner, or without one seat of each side)",
    BAD_LEADER: "the leader does not play this hand",
    BAD_CARD: "a card index is outside 0..24",
    CARD_TWICE: "a card is held twice (in two hands, or in a hand and the current trick)",
    SITTING_OUT_HOLDS: "a seat that sits out holds cards",
    TRICK_TOO_LONG: "the current trick holds too many cards",
    BAD_HAND_SIZES: "hand sizes do not fit the trick in progress (each seat holds the same number of "
                    "cards, one fewer for those who already played to this trick, at most 5)",
    BAD_MAKERS: "the makers' side must be 0 or 1",
    JOKER_IN_NO_TRUMP: "the joker has no place in a no-trump contract (trump 4)",
}


class SearchInputError(ValueError):
    """Raised when the core is handed an impossible position or a malformed call; the message says what is wrong."""


cdef object whole(object value, str name, object low, object high):
    """``value`` as a Python int in ``low..high`` (numpy integers welcome, bools and floats not)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise SearchInputError(f"{name} {value!r:.40}: must be a whole number {low}..{high}")
    return int(value)


cdef unsigned int feature_bits(object features) except? 0:
    value = whole(features, "features", 0, F_ALL)
    if value & ~F_ALL:
        raise SearchInputError(f"features {features}: unknown bits (see FEATURES)")
    return value


cdef Py_ssize_t solve_range(Table* table, unsigned int features, const uint32_t* hands, const uint8_t* trump,
                            const uint8_t* leader, const uint8_t* in_play, int players, const uint8_t* tricks,
                            const uint8_t* tlen, const uint8_t* makers, Py_ssize_t start, Py_ssize_t stop,
                            int8_t* result, int64_t* node_counts, int64_t* nanos, int64_t* total,
                            SetupCode* bad_code) noexcept nogil:
    """Solve rows start..stop of row-major arrays (``hands`` 4 a row, ``tricks`` 4 a row; ``tricks``/``tlen``
    NULL for no trick in progress, ``makers`` NULL for exact counts, ``node_counts``/``nanos`` NULL when not
    wanted). Every row is checked by setup_search first; a bad row gets -1 and the first one is returned
    (its reason in ``bad_code``), else -1. ``total`` accumulates the nodes."""
    cdef Search s
    cdef timespec t0, t1
    cdef Py_ssize_t i, bad = -1
    cdef SetupCode code
    cdef uint8_t no_trick[4]
    no_trick[0] = no_trick[1] = no_trick[2] = no_trick[3] = 0
    for i in range(start, stop):
        if nanos != NULL:
            clock_gettime(CLOCK_MONOTONIC, &t0)
        if tricks != NULL:
            code = setup_search(&s, <uint32_t*> &hands[4 * i], trump[i], leader[i], in_play[i], players,
                                <uint8_t*> &tricks[4 * i], tlen[i])
        else:
            code = setup_search(&s, <uint32_t*> &hands[4 * i], trump[i], leader[i], in_play[i], players,
                                no_trick, 0)
        if code == SETUP_OK and makers != NULL and makers[i] > MAKERS_MADE + 1:
            code = BAD_MAKERS
        if code != SETUP_OK:
            result[i] = -1          # solve_many checked every row first; a direct caller gets told
            if bad < 0:
                bad = i
                bad_code[0] = code
            continue
        s.table = table
        s.features = features
        if makers != NULL:
            result[i] = <int8_t> search_class(&s, makers[i])
        else:
            result[i] = <int8_t> search_value(&s)
        total[0] += s.nodes
        if node_counts != NULL:
            node_counts[i] = s.nodes
        if nanos != NULL:
            clock_gettime(CLOCK_MONOTONIC, &t1)
            nanos[i] = (t1.tv_sec - t0.tv_sec) * 1000000000 + (t1.tv_nsec - t0.tv_nsec)
    return bad


# solve_rows' tuple, in order: which fields are arrays (checked for None before they become views)
ROW_FIELDS = ("hands", "trump", "leader", "in_play", "players", "tricks", "trick_len", "makers", "classes",
              "features", "per_row", "result", "nodes", "nanos")
cdef tuple ROW_ARRAYS = (0, 1, 2, 3, 5, 6, 7, 11, 12, 13)


cdef class SearchContext:
    """One search's working memory: a transposition table of ``2**table_bits`` entries.

    Not safe to share between threads; keep one per thread. Entries hold exact
    canonical positions, so the table stays valid across solves.

    Args:
        table_bits: 8..26 (16: 512 KiB).
        features: FEATURES bits switched on (default all).

    Raises:
        SearchInputError: an argument out of range or not a whole number.
    """
    cdef Table* table
    cdef readonly int table_bits
    cdef readonly unsigned int features

    def __cinit__(self, table_bits=16, features=F_ALL):
        self.table_bits = whole(table_bits, "table_bits", 8, 26)
        self.features = feature_bits(features)
        self.table = table_new(self.table_bits)
        if self.table == NULL:
            raise MemoryError("transposition table")

    def __dealloc__(self):
        table_free(self.table)

    def __reduce__(self):
        raise TypeError("a SearchContext holds C memory and cannot be pickled; make a new one")

    @property
    def table_bytes(self):
        """Memory of the transposition table, in bytes."""
        return (1 << self.table_bits) * sizeof(TTEntry)

    def solve_rows(self, rows, lo, hi):
        """Solve rows ``lo`` to ``hi`` of a batch prepared by :func:`solve_many` (internal).

        ``rows`` is the tuple of ROW_FIELDS. Every field's type and every array's length
        are checked here, every row's content by ``setup_search`` before its search, so no
        call can read or write out of bounds.

        Raises:
            SearchInputError: a malformed tuple or range, or (after the other rows are
                solved) the first impossible row.
            ValueError, TypeError: an array of the wrong dtype, dimensions or writability.
        """
        if not isinstance(rows, tuple) or len(rows) != len(ROW_FIELDS):
            raise SearchInputError(f"rows: expected a tuple of the {len(ROW_FIELDS)} fields "
                                   f"({', '.join(ROW_FIELDS)}), got {type(rows).__name__} {rows!r:.40}")
        for k in ROW_ARRAYS:
            if rows[k] is None:
                raise SearchInputError(f"rows: {ROW_FIELDS[k]} is None, expected an array")
        cdef Py_ssize_t start = whole(lo, "lo", 0, PY_SSIZE_T_MAX)
        cdef Py_ssize_t stop = whole(hi, "hi", 0, PY_SSIZE_T_MAX)
        cdef const uint32_t[:, ::1] hands = rows[0]
        cdef const uint8_t[::1] trump = rows[1]
        cdef const uint8_t[::1] leader = rows[2]
        cdef const uint8_t[::1] in_play = rows[3]
        cdef int players = whole(rows[4], "players", 2, 4)
        cdef const uint8_t[:, ::1] tricks = rows[5]
        cdef const uint8_t[::1] tlen = rows[6]
        cdef const uint8_t[::1] makers_side = rows[7]
        cdef bint classes = rows[8]
        cdef unsigned int features = feature_bits(rows[9])
        cdef bint per_row = rows[10]
        cdef int8_t[::1] result = rows[11]
        cdef int64_t[::1] node_counts = rows[12]
        cdef int64_t[::1] nanos = rows[13]
        cdef Py_ssize_t bad
        cdef int64_t total = 0
        cdef SetupCode bad_code = SETUP_OK
        if start > stop or hands.shape[1] != 4 or tricks.shape[1] != 4 or players == 3:
            raise SearchInputError(f"rows: bad shapes or range (lo {start}, hi {stop}, hands {hands.shape[1]} "
                                   f"columns, tricks {tricks.shape[1]}, players {players})")
        for length in (hands.shape[0], trump.shape[0], leader.shape[0], in_play.shape[0], tricks.shape[0],
                       tlen.shape[0], makers_side.shape[0], result.shape[0], node_counts.shape[0], nanos.shape[0]):
            if stop > length:
                raise SearchInputError("rows: an array is shorter than the rows asked for")
        if start == stop:
            return
        with nogil:
            bad = solve_range(self.table, features, &hands[0, 0], &trump[0], &leader[0], &in_play[0], players,
                              &tricks[0, 0], &tlen[0], &makers_side[0] if classes else NULL, start, stop,
                              &result[0], &node_counts[0], &nanos[0] if per_row else NULL, &total, &bad_code)
        if bad >= 0:
            raise SearchInputError(f"row {bad}: {ERRORS[bad_code]} (its result is -1)")

    def solve(self, hands, trump, leader, trick=(), in_play=0b1111, players=4):
        """Side 0's tricks from the position to the end of the hand, and the nodes searched.

        Args:
            hands: 4 card bitmasks (seats N E S W; 0 for a seat out of play).
            trump: suit index 0..3 (C D H S), or 4 (:data:`NO_TRUMP_VALUE`): a no-trump contract, no
                bowers, the led suit's highest card wins (the joker is refused there).
            leader: seat (0..3) that led the current trick.
            trick: card indices already played to the current trick, from the leader.
            in_play: bitmask of the seats that play (bit i = seat i).
            players: 4, or 2 (N v S: side 0 is N, side 1 is S).

        Returns:
            ``(tricks, nodes)``: side 0's tricks (int) and the nodes searched (int).

        Raises:
            SearchInputError: the position is impossible or an argument malformed (the message says why).
        """
        cdef uint32_t h[4]
        cdef uint8_t t[4]
        cdef Search s
        cdef int i, result
        cdef SetupCode code
        try:
            count = len(hands)
            trick = list(itertools.islice(trick, 4))      # at most 4 read: an endless iterator is refused
        except TypeError:
            raise SearchInputError(f"hands {hands!r:.40}, trick {trick!r:.40}: expected sequences") from None
        if count != 4:
            raise SearchInputError(f"hands: expected 4 bitmasks, got {count}")
        if len(trick) > 3:
            raise SearchInputError(ERRORS[TRICK_TOO_LONG])
        for i in range(4):
            h[i] = whole(hands[i], f"hands[{i}]", 0, (1 << NCARDS) - 1)
            t[i] = 0
        for i in range(len(trick)):
            t[i] = whole(trick[i], f"trick[{i}]", 0, NCARDS - 1)
        code = setup_search(&s, h, whole(trump, "trump", 0, NO_TRUMP), whole(leader, "leader", 0, 3),
                            whole(in_play, "in_play", 0, 15), whole(players, "players", 0, 4), t, len(trick))
        if code != SETUP_OK:
            raise SearchInputError(ERRORS[code])
        s.table = self.table
        s.features = self.features
        with nogil:
            result = search_value(&s)
        return result, s.nodes


_local = threading.local()
_generation = [0]


def reset_tables():
    """Give every thread a fresh, empty table at its next solve (benchmarks measure cold solves)."""
    _generation[0] += 1


def _thread_context(table_bits):
    """This thread's search context (its transposition table persists between calls)."""
    table_bits = whole(table_bits, "table_bits", 8, 26)
    ctx = getattr(_local, "context", None)
    if ctx is None or ctx.table_bits != table_bits or _local.generation != _generation[0]:
        ctx = _local.context = SearchContext(table_bits)
        _local.generation = _generation[0]
    return ctx


def _solve_chunks(rows, chunks, table_bits):
    """Solve ``(lo, hi)`` ranges of ``rows`` taken from the shared iterator ``chunks`` until it runs dry."""
    ctx = _thread_context(table_bits)
    for lo, hi in chunks:
        ctx.solve_rows(rows, lo, hi)


cdef int usable_cpus():
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# More threads than usable cores cannot speed up a search that holds no lock, and each worker keeps a
# table of its own, so solve_many never runs more than this many at once, whatever it is asked for.
MAX_THREADS = min(256, usable_cpus())
_pool = None
_pool_pid = None
_pool_lock = threading.Lock()


def _shared_pool():
    """The one worker pool of every solve_many call: at most MAX_THREADS threads, made on first use
    (again in a forked child, where the parent's threads do not exist)."""
    global _pool, _pool_pid, _pool_lock
    if _pool_pid != os.getpid():
        _pool_lock = threading.Lock()          # a parent thread may have held it at the fork
        _pool, _pool_pid = None, os.getpid()
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=MAX_THREADS, thread_name_prefix="euchre-dd")
        return _pool


def solve_many(const uint32_t[:, ::1] hands not None, const uint8_t[::1] trump not None,
               const uint8_t[::1] leader not None, const uint8_t[::1] in_play not None, players=4, threads=1,
               table_bits=16, features=F_ALL, per_row=False, trick=None, trick_len=None, makers=None,
               made=False):
    """Solve many trick-start positions; the search runs without the GIL on ``threads`` threads.

    Args:
        hands: uint32 array (n, 4) of card bitmasks, seats N E S W.
        trump, leader, in_play: uint8 arrays (n,), as for :meth:`SearchContext.solve`.
        players: 4 or 2, for every row.
        threads: 1..256 worker threads asked for; at most MAX_THREADS (the usable cores) run,
            the calling thread among them, each with its own transposition table kept
            between calls. Every call shares one pool, so threads stay bounded.
        table_bits: 8..26, each thread's table size.
        features: FEATURE bits switched on (benchmarks switch techniques off one by one).
        per_row: also return per-row nodes and wall time.
        trick, trick_len: optional uint8 arrays (n, 3) and (n,): card indices already
            played to the current trick from the leader, and how many (default none).
        makers: optional uint8 array (n,) of the makers' side per row; when given, each
            row returns only the scoring band of the makers' tricks (0: fewer than 3,
            1: 3 up to all but one, 2: all), found with one or two zero-window tests.
        made: with ``makers``, a side plus :data:`MADE` (2) is allowed and says the makers
            are known to take at least 3 (their band is 1 or 2: one test, the march's; the
            claim is trusted); without it a side above 1 is refused.

    Returns:
        ``(tricks, nodes)``: int8 array (n,) of side 0's tricks, and the total nodes (int);
        with ``per_row``, ``(tricks, nodes int64 (n,), nanoseconds int64 (n,))``.

    Raises:
        SearchInputError: naming the first bad row and why, or the bad argument.
        ValueError, TypeError: an array of the wrong dtype or dimensions.
    """
    cdef Py_ssize_t n = hands.shape[0], i, bad
    cdef SetupCode code, bad_code = SETUP_OK
    cdef Search probe
    cdef SearchContext ctx
    cdef int64_t total = 0
    cdef const uint8_t* trick_ptr = NULL
    cdef const uint8_t* len_ptr = NULL
    cdef const uint8_t* makers_ptr = NULL
    cdef uint8_t no_trick[4]
    cdef int8_t[::1] result
    cdef int64_t[::1] node_counts
    cdef int64_t[::1] nanos
    cdef unsigned int feats
    cdef int nplayers
    cdef bint want_rows
    no_trick[0] = no_trick[1] = no_trick[2] = no_trick[3] = 0
    players = whole(players, "players", 2, 4)
    if players == 3:
        raise SearchInputError(ERRORS[BAD_PLAYERS])
    threads = whole(threads, "threads", 1, 256)
    table_bits = whole(table_bits, "table_bits", 8, 26)
    feats = feature_bits(features)
    per_row = bool(per_row)
    nplayers = players
    want_rows = per_row
    if hands.shape[1] != 4:
        raise SearchInputError(f"hands: expected shape (n, 4), got {(hands.shape[0], hands.shape[1])}")
    if trump.shape[0] != n or leader.shape[0] != n or in_play.shape[0] != n:
        raise SearchInputError("trump, leader and in_play need one entry per row of hands")
    if (trick is None) != (trick_len is None):
        raise SearchInputError("trick and trick_len come together")
    cdef const uint8_t[:, ::1] tricks
    cdef const uint8_t[::1] tlen
    cdef const uint8_t[::1] makers_side
    if trick is not None:
        try:
            trick = np.asarray(trick)
            trick_len = np.asarray(trick_len)
        except (ValueError, TypeError) as exc:
            raise SearchInputError(f"trick, trick_len: not arrays of whole numbers ({exc})") from None
        if trick.ndim != 2 or trick.shape[0] != n or trick.shape[1] > 3 or trick_len.shape != (n,):
            raise SearchInputError("trick: expected shape (n, 3) and trick_len shape (n,)")
        if not (np.issubdtype(trick.dtype, np.integer) and np.issubdtype(trick_len.dtype, np.integer)):
            raise SearchInputError("trick, trick_len: expected whole numbers")
        if trick.size and (trick.min() < 0 or trick.max() >= NCARDS):
            raise SearchInputError(ERRORS[BAD_CARD])
        if n and (trick_len.min() < 0 or trick_len.max() > 3):
            raise SearchInputError(ERRORS[TRICK_TOO_LONG])
        if n and trick_len.max() > trick.shape[1]:
            # the missing columns would be read as card 0 (the 9 of clubs)
            raise SearchInputError(f"trick_len {trick_len.max()}: more cards than trick has columns "
                                   f"({trick.shape[1]})")
        trick_arr = np.zeros((n, 4), np.uint8)
        len_arr = np.zeros(n, np.uint8)
        trick_arr[:, :trick.shape[1]] = trick
        len_arr[:] = trick_len
        tricks = trick_arr
        tlen = len_arr
        if n:
            trick_ptr = &tricks[0, 0]
            len_ptr = &tlen[0]
    cdef bint classes = makers is not None
    cdef int top_side = MAKERS_MADE + 1 if made else 1
    if classes and type(makers) is np.ndarray and makers.dtype == np.uint8 and makers.shape == (n,) and (
            makers.flags.c_contiguous):
        makers_arr = makers              # as it is; the row checks below refuse a side above 1
        makers_side = makers_arr
        if n:
            makers_ptr = &makers_side[0]
    elif classes:
        try:
            makers = np.asarray(makers)
        except (ValueError, TypeError) as exc:
            raise SearchInputError(f"makers: not an array of sides ({exc})") from None
        if makers.shape != (n,) or not np.issubdtype(makers.dtype, np.integer) or (
                n and (makers.min() < 0 or makers.max() > top_side)):
            raise SearchInputError("makers: expected one side (0 or 1) per row")
        makers_arr = np.ascontiguousarray(makers, np.uint8)
        makers_side = makers_arr
        if n:
            makers_ptr = &makers_side[0]
    for i in range(n):
        code = setup_search(&probe, <uint32_t*> &hands[i, 0], trump[i], leader[i], in_play[i], players,
                            <uint8_t*> &trick_ptr[4 * i] if trick_ptr != NULL else no_trick,
                            len_ptr[i] if len_ptr != NULL else 0)
        if code != SETUP_OK:
            raise SearchInputError(f"row {i}: {ERRORS[code]}")
        if makers_ptr != NULL and makers_ptr[i] > top_side:
            raise SearchInputError("makers: expected one side (0 or 1) per row")
    out = np.empty(n, dtype=np.int8)
    workers = min(threads, MAX_THREADS)
    if workers == 1 or n < 64:
        # one thread: straight into the nogil loop, no row tuple (the per-call cost of small batches)
        ctx = _thread_context(table_bits)
        if per_row:
            counts_arr, nanos_arr = np.zeros(n, np.int64), np.zeros(n, np.int64)
            node_counts, nanos = counts_arr, nanos_arr
        if n:
            result = out
            with nogil:
                bad = solve_range(ctx.table, feats, &hands[0, 0], &trump[0], &leader[0], &in_play[0], nplayers,
                                  trick_ptr, len_ptr, makers_ptr, 0, n, &result[0],
                                  &node_counts[0] if want_rows else NULL, &nanos[0] if want_rows else NULL,
                                  &total, &bad_code)
            if bad >= 0:                  # unreachable: every row was checked above
                raise SearchInputError(f"row {bad}: {ERRORS[bad_code]}")
        if per_row:
            return out, counts_arr, nanos_arr
        return out, total
    trick_arr = np.zeros((n, 4), np.uint8) if trick is None else trick_arr
    len_arr = np.zeros(n, np.uint8) if trick is None else len_arr
    makers_arr = makers_arr if classes else np.zeros(n, np.uint8)
    counts_arr, nanos_arr = np.zeros(n, np.int64), np.zeros(n, np.int64)
    rows = (hands, trump, leader, in_play, players, trick_arr, len_arr, makers_arr, classes, feats, per_row,
            out, counts_arr, nanos_arr)
    # the caller and workers - 1 pool threads take chunks from one iterator, each into its own table
    step = max(16, n // (workers * 8))
    chunks = iter([(lo, min(n, lo + step)) for lo in range(0, n, step)])
    pool = _shared_pool()
    jobs = [pool.submit(_solve_chunks, rows, chunks, table_bits) for _ in range(workers - 1)]
    try:
        _solve_chunks(rows, chunks, table_bits)
    finally:
        for job in jobs:
            job.result()
    if per_row:
        return out, counts_arr, nanos_arr
    return out, int(counts_arr.sum())
