# For the optional compiled build only (see state.pxd and phases.pxd): State is the
# C-level class, and the playout's helpers are cpdef (called in C).
from pnp.games.majority2.phases cimport _turn
from pnp.games.majority2.state cimport State, randbelow

cpdef _random_answer(State st, tuple need, bits)
cpdef _instance(list options, list weights, index)
