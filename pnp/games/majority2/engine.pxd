# For the optional compiled build only (see state.pxd): the State annotations in the .py
# source name the C-level class.
from pnp.games.majority2.state cimport State
