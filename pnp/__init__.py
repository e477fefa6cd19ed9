"""majority-pnp: print-and-play kits, score checking and balance tests for four games."""

__version__ = "0.1.0"
