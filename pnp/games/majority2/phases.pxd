# For the optional compiled build only (see state.pxd): the State annotations in the .py
# source name the C-level class, and the helpers the random movers call are cpdef, so the
# compiled movers call them in C (the .py functions stay as they are; Python never reads
# this file). Keep each signature in step with its def in phases.py. Cython silently drops
# a decorator on a cpdef function, so phases.py registers these handlers and movers with a
# call after the def instead.
from pnp.games.majority2.effects cimport _fx
from pnp.games.majority2.state cimport State, randbelow, requirements

cpdef _round(State st, tuple frame, action)
cpdef _phase_random(State st, tuple frame, bits, record)
cpdef _turn(State st, str phase, bits, record, stop=*)
cpdef bint _begins(State st, p)
cpdef bint _stall_test(State st, tuple up, tuple down)
cpdef _deal_cards(State st, n, seat, zone, bits, record)
cpdef bint _dealt(State st, tuple frame, k)
cpdef list _free_allowed(State st, p)
cpdef list _play_allowed(State st, p)
cpdef _free_play(State st, p, k, ci)
cpdef _standard_play(State st, p, k, ci)
cpdef _cleanup(State st, tuple frame, action)
cpdef _ends_round(State st, p)
cpdef _form_all(State st, tuple frame, action)
cpdef _exchanged(State st, p, tuple action)
cpdef _draw_answered(State st, p, tuple action)
cpdef dict _colour_counts(State st, list column)
cpdef _form_candidates(State st, ci)
cpdef _formed(State st, ci, pos, dict counts)
cpdef _clear(State st, ci, keep)
cpdef _ability_random(State st, tuple frame, bits, record)
