# C-level declarations of the double-dummy core (see _search.pyx).
from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t, int64_t

# One table entry is one 64-bit word (see slot_of in _search.pyx): the key's hash
# with the slot's own bits replaced by the bounds (side 0 wins at least / at most
# this many of the remaining tricks) and a mark that the slot is taken.
ctypedef uint64_t TTEntry

cdef struct Table:
    TTEntry* entries
    uint64_t mask       # number of slots - 1 (a power of two)
    uint64_t field      # the hash bits that name the slot (mask << SLOT_SHIFT)

cdef struct Search:
    uint32_t hands[4]
    uint8_t next_seat[4]    # next seat in play clockwise
    uint8_t side[4]         # side index of each seat (0 or 1)
    uint8_t trick_size      # cards in a trick: 4, 3 (a loner), 2 (two-player or two loners)
    uint8_t trump           # 0..3, or NO_TRUMP (4): no trump suit
    uint32_t trump_mask     # the trump suit's byte of the layout (0 in no trump)
    uint8_t leader
    uint8_t ntrick          # cards already in the current trick
    uint8_t trick_cards[4]  # the current trick as set up (the search keeps only its state below)
    uint8_t led             # effective suit led to the current trick (when ntrick > 0)
    uint8_t win_seat        # seat winning the current trick so far
    uint8_t win_strength    # its card's strength_in_trick
    uint32_t trick_live     # cards in hands or in the current trick: the live cards of this trick
    uint64_t config_bits    # seats in play and player count, folded into every key
    int64_t nodes
    uint32_t features       # FEATURE_* bits: techniques switched on (all by default)
    Table* table

cdef int search_value(Search* s) noexcept nogil
