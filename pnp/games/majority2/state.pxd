# Declarations for the optional compiled build (tools/build_engine.py; Cython reads them
# beside state.py, Python never does): State becomes a C-level class, so the compiled
# engine reads and writes its fields directly. The attributes are State.__slots__, the same
# names in the same order (tests/test_majority2_compiled.py checks it).
cdef class State:
    cdef public object cfg, pile, discards, hands, reserves, cols, areas, up, down
    cdef public object active, round, forced, stack, uid, stalled, events, need, weights
    cdef public object end, memo

# The helpers the compiled movers call in C (keep in step with their defs in state.py).
cpdef requirements(State st, seat)
cpdef randbelow(bits, n)
