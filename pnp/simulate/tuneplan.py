"""Planning `--tune CARD.FIELD=LOW..HIGH`: the option read, checked against the card, and
one deck variant per value (the run itself is `tune.py`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.errors import Problem, UsageError

MAX_VALUES = 21
FIELD_WORDS = {"cost": "cost", "vp.points": "VP", "vp.base": "base VP",
               "vp.per_match": "VP per matching Secretary",
               "vp.per_colour": "VP per colour", "quantity": "copies"}


@dataclass(frozen=True)
class Tuning:
    """The card tuned, the field, and each value's variant name (in order)."""

    card: str
    replaces: str
    field: str
    values: tuple[tuple[int, str], ...]
    metric: str  # "vp_per_copy" or "restricted"


def parse(text: str) -> tuple[str, str, list[int]]:
    """`CARD.FIELD=LOW..HIGH` (or `=A,B,C`, or `=V`) → (card, field, values)."""
    from pnp.games.majority2.variants import TUNABLE

    card, _, rest = text.partition(".")
    field, equals, values = rest.partition("=")
    if not card or not equals or field not in TUNABLE:
        raise UsageError(Problem("--tune", f"{text!r}: expected CARD.FIELD=LOW..HIGH, e.g. "
                                           f"my-card.cost=1..6; fields: {', '.join(TUNABLE)}"))
    try:
        if ".." in values:
            low, high = (int(v) for v in values.split(".."))
            found = list(range(low, high + 1))
        else:
            found = [int(v) for v in values.split(",")]
    except ValueError:
        found = []
    found = list(dict.fromkeys(found))
    if not 1 <= len(found) <= MAX_VALUES:
        raise UsageError(Problem("--tune", f"{text!r}: expected 1 to {MAX_VALUES} whole "
                                           f"numbers, as LOW..HIGH or A,B,C"))
    return card, field, found


def plan_tuning(request, variants: tuple, rules) -> tuple[tuple, Tuning]:
    """The base deck and one variant per value of --tune (the other promos are not
    played); UsageError naming --tune for a card, field or value that cannot be."""
    from pnp.games.gamedata import load_content
    from pnp.games.majority2.variants import tune_problem, tuned_variants
    from pnp.simulate.sources import promo_sources

    if request.game != "majority2":
        raise UsageError(Problem("--tune", "tuning changes a Majority 2 promo card: "
                                           "majority2 only"))
    if request.logs:
        raise UsageError(Problem("--logs", "not with --tune: the values tried are not in "
                                           "the promo file, so a record could not be checked"))
    card, field, values = parse(request.tune)
    sources = promo_sources(request.promos, request.data_dir)
    content = load_content("majority2", request.data_dir,
                           custom_promos=[s for s in sources if not isinstance(s, str)])
    ids = {v.promo for v in variants if v.promo}
    problem = (tune_problem(content, card, field, values) if card in ids
               else f"{card!r} is not a card of --promos")
    if problem:
        raise UsageError(Problem("--tune", problem))
    if field == "quantity" and request.restricted is not None:
        raise UsageError(Problem("--tune", "quantity with --restricted: the headline bars "
                                           "one copy of the base card, not several"))
    base = variants[0]
    own = next(v for v in variants if v.promo == card)
    tried = tuned_variants(content, base.players, rules, card, field, values, own.promo_file)
    tuned = tuple(replace(base, name=d.name, config=d.config, copies=d.copies, blank=d.blank,
                          promo=d.promo, replaces=d.replaces, promo_file=d.promo_file)
                  for d in tried)
    metric = "restricted" if request.restricted is not None else "vp_per_copy"
    return (base, *tuned), Tuning(card, own.replaces, field,
                                  tuple((v, d.name) for v, d in zip(values, tried,
                                                                    strict=True)), metric)
