"""The phone app: static pages, a service worker and the checker bundle that `pnp export
web` writes and `pnp serve` serves (`site.py`); the Python it runs in the browser
(`bundle.py`) on Pyodide from the npm registry (`runtime.py`)."""
