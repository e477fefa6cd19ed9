"""The designer's studio, in the `pnp serve` app: a promo card designer with a live
preview and a balance test, a word list editor, and a kit builder — the toolkit's
schemas, renderer, balance lab and build behind forms, for people who will not open a
terminal.

Like the rest of the app it is thin: every check, drawing and build is a library call
(`kits.promo_cards`, `kits.word_lists`, `kits.build`, `simulate.verdict`, `validate`).
What it adds is the care uploads need: bounded sizes, a private folder per request
removed afterwards (`folders`), zips unpacked without trusting them (`zips`), and builds
and balance tests in worker processes with a time limit (`workers`, `tasks`).
"""

from __future__ import annotations

from pnp.web.studio import balance, kit, pages, promo, words

routes = [*pages.routes, *promo.routes, *balance.routes, *words.routes, *kit.routes]
BODY_LIMITS = {**promo.BODY_LIMITS, **words.BODY_LIMITS, **kit.BODY_LIMITS}
