# For the optional compiled build only (see state.pxd and phases.pxd): State is the
# C-level class, and the helpers the random movers call are cpdef (called in C); effects.py
# registers `_fx` with a call, as Cython drops a decorator on a cpdef function.
from pnp.games.majority2.state cimport State

cpdef _fx(State st, tuple frame, action)
cpdef _disc_choices(State st, tuple frame)
cpdef _place_disc(State st, tuple frame, tuple action)
cpdef _reserved(State st, tuple frame, k)
