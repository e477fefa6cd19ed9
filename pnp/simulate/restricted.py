"""Restricted play (`pnp simulate majority2 --restricted [CARD …]`): what a seat loses when
it may never play a card.

The measure comes from automated-playtesting research on game balance ("restricted play"):
bar one seat's bot from a card and measure how much less often that seat wins. Here each
game seed is played twice — as usual, and with one seat barred from the card (it may never
Free Play or Standard Play it; the engine's `Config.barred`) — and the card's *value* is
the barred seat's win rate in the usual games minus its win rate in the barred ones. The
two games of a seed are alike until the barred seat would first have had the card to play,
so the per-seed differences are paired. The barred seat alternates every two games (seats
1, 1, 2, 2, …), so the first player's advantage and a rotating line-up of bots both cancel
out. It works for any bot: the bar is in the game's legal actions, so every bot (and every
search bot's own look-ahead) simply never sees the card as playable.

A win counts 1, a shared victory ½ (kept as integers: 2, 1, 0).

Beside the win rate, each card's value is also measured in VP of *score margin*: the barred
seat's final score minus its best opponent's, as usual minus when barred. Why: a card worth
1 VP more moves every final score it is in but turns few games, so its value in wins hides
in the noise of a thousand games (with bots that play it move for move like its base, the
win-rate value of a +1 VP copy was exactly that of its base, issue 30) while its value in
margin shows it at once. It is tested with the family in a fixed run; a sequential run
(`--until-decided`, `--tune`) decides on wins and shows the margin as an interval only, as
a figure that never varies (an exact copy's) cannot be judged exactly without a bound.

For a promo (`--promos`), the headline compares the promo's value with the value of *one
copy* of the base card it replaces: that copy is marked (`variants.marked_copy`) in a deck
of its own, in the deck position the promo takes, so both decks play alike card for card
until the promo and the copy differ; the per-seed difference of the two values is paired
too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from pnp.errors import Problem
from pnp.games.engine import Outcome
from pnp.simulate.compare import comparison, interval_only
from pnp.simulate.formats import diff, narrowed, p_text, table
from pnp.simulate.powerwords import detects

MARKED_DECK = "{card} (one copy marked)"


@dataclass(frozen=True)
class Restriction:
    """One card barred: `configs[seat]` is the deck `deck` with that seat barred from
    `card`; `copies` of the card are in the deck."""

    name: str
    card: str
    deck: str
    configs: tuple[Any, Any]
    copies: int


@dataclass(frozen=True)
class Headline:
    """A promo variant's restriction (`mine`, named as the variant) beside the marked base
    copy's (`theirs`; None for a card added to the deck, which replaces nothing)."""

    promo: str
    replaces: str | None
    mine: str
    theirs: str | None


def barred_seat(index: int) -> int:
    """The seat barred in game `index`: 0, 0, 1, 1, 0, 0, … (see the module docstring)."""
    return (index // 2) % 2


POINTS = ((0, 2), (0, 2))  # a seat's points in the usual game and the barred one
# Per game and barred card: the seat's points as usual and when barred, then its score
# margin as usual and when barred. A headline's game holds the promo's and the marked base
# copy's: points (promo usual, promo barred, base usual, base barred), then the margins in
# the same order, so the win-rate weights of the first four figures read alike in both.
FIGURES = 4


def seat_figures(usual: Outcome, barred: Outcome, seat: int) -> tuple[int, int, int, int]:
    """One game's `FIGURES` for the barred seat."""
    return (seat_points(usual, seat), seat_points(barred, seat),
            score_margin(usual, seat), score_margin(barred, seat))


def headline_figures(mine: Sequence[int], theirs: Sequence[int]) -> tuple[int, ...]:
    """A headline's game: the promo's and the base copy's figures, points first."""
    return (*mine[:2], *theirs[:2], *mine[2:], *theirs[2:])


def score_margin(outcome: Outcome, seat: int) -> int:
    """The seat's final score minus the best of the others'."""
    scores = outcome.scores
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def seat_points(outcome: Outcome, seat: int) -> int:
    """2 for a sole win, 1 for a shared victory, 0 for a loss."""
    if seat not in outcome.winners:
        return 0
    return 2 if len(outcome.winners) == 1 else 1


def plan_restrictions(variants: Sequence, cards: Sequence[str] | None,
                      problems: list[Problem]):
    """(restrictions, control decks, headlines) for `--restricted` over the planned deck
    variants (Majority 2): each listed card — a base card (barred in the base deck, all its
    copies) or a promo of --promos (its headline) — or, with none listed, every base card
    (without --promos) or every promo (with them)."""
    from pnp.games.majority2.variants import MARK, barring, marked_copy

    base, promos = variants[0], {v.name: v for v in variants if v.promo}
    base_ids = [card for card, _ in base.copies]
    chosen = []
    for card in dict.fromkeys(cards) if cards else list(promos) or base_ids:
        named = [name for name, v in promos.items() if card in (name, v.promo)]
        chosen += named or [card]
    restrictions, controls, headlines = {}, {}, []
    for card in chosen:
        if card in promos:
            mine = promos[card]
            restrictions[card] = _restriction(card, mine, mine.promo, barring)
            theirs = None
            if mine.replaces is not None:
                control = controls.get(mine.replaces)
                if control is None:
                    control = controls[mine.replaces] = replace(
                        base, name=MARKED_DECK.format(card=mine.replaces),
                        config=marked_copy(base.config, mine.replaces))
                theirs = control.name
                restrictions[theirs] = _restriction(theirs, control, mine.replaces + MARK,
                                                    barring)
            headlines.append(Headline(mine.promo, mine.replaces, card, theirs))
        elif card in base_ids:
            restrictions[f"base/{card}"] = _restriction(f"base/{card}", base, card, barring)
        else:
            problems.append(Problem("--restricted", f"{card!r} is not a card of the base "
                                                    f"deck or of --promos; cards: "
                                                    f"{', '.join(base_ids + _promo_ids(promos))}"))
    return tuple(restrictions.values()), tuple(controls.values()), tuple(headlines)


def _promo_ids(promos: dict) -> list[str]:
    return list(dict.fromkeys(v.promo for v in promos.values()))


def _restriction(name: str, deck, card: str, barring) -> Restriction:
    copies = dict(zip(deck.config.ids, deck.config.deck, strict=True)).get(card, 0)
    return Restriction(name, card, deck.name, barring(deck.config, card), copies)


# --- the report -------------------------------------------------------------------------

def summarise_restricted(plan, result) -> dict[str, Any]:
    """The `restricted` section of the report: every barred base card ranked by its value
    (the drop in win rate, largest first), and each promo's headline."""
    cards = []
    for r in plan.restricted:
        if not r.name.startswith("base/"):
            continue
        joint = result.restricted[r.name]
        cards.append({"card": r.card, "copies": r.copies, "games": joint.n,
                      "win_rate_free": _half(joint.mean(0)),
                      "win_rate_barred": _half(joint.mean(1)),
                      "drop": comparison(joint.combination((0.5, -0.5), ranges=POINTS),
                                         joint.combination((0.5, -0.5), (0, 1))),
                      "margin_drop": _margin(plan, joint.combination((0, 0, 1, -1)),
                                             joint.combination((0, 0, 1, -1), (0, 0, 0, 1)))})
    cards.sort(key=lambda c: (-(c["drop"]["difference"] or 0), c["card"]))
    for rank, card in enumerate(cards, 1):
        card["rank"] = rank
    return {"barred_seat": "alternates: seat 1 in games 1-2, seat 2 in games 3-4, ...",
            "cards": cards, "promos": [_headline(h, plan, result) for h in plan.headlines]}


def _headline(h: Headline, plan, result) -> dict[str, Any]:
    mine = result.restricted[h.mine]
    row = {"promo": h.promo, "variant": h.mine, "replaces": h.replaces, "games": mine.n,
           "promo_drop": interval_only(mine.combination((0.5, -0.5), ranges=POINTS)),
           "promo_margin_drop": interval_only(mine.combination((0, 0, 1, -1))),
           "base_drop": None, "base_margin_drop": None, "difference": None,
           "margin_difference": None, "significant": False,
           "verdict": "added (no base card)"}
    if h.theirs is None:
        return row
    joint = result.headlines[h.mine]
    row["base_drop"] = interval_only(joint.combination((0, 0, 0.5, -0.5), ranges=POINTS * 2))
    weights = (0.5, -0.5, -0.5, 0.5)  # (promo's drop) − (the base copy's drop)
    row["difference"] = comparison(joint.combination(weights, ranges=POINTS * 2),
                                   joint.combination(weights, (0, 0, 1, 1)))
    margins = (0, 0, 0, 0, 1, -1, -1, 1)  # the same difference in VP of score margin
    row["base_margin_drop"] = interval_only(joint.combination((0, 0, 0, 0, 0, 0, 1, -1)))
    row["margin_difference"] = _margin(plan, joint.combination(margins),
                                       joint.combination(margins, (0, 0, 0, 0, 0, 0, 1, 1)))
    row["verdict"] = "no clear difference"
    return row


def _margin(plan, paired, unpaired) -> dict[str, Any]:
    """A margin figure: a comparison in a fixed run, an interval in a sequential one (see
    the module docstring)."""
    if plan.schedule is None:
        return comparison(paired, unpaired)
    return {**interval_only(paired), "difference": paired.value, "significant": False,
            "z": None, "p": None, "p_adjusted": None, "minimum_detectable_effect": None,
            "narrowed": None, "interval_only": True}


def _half(mean: float) -> float:
    """A mean of points (2 a win, 1 shared) as a win rate."""
    return mean / 2


# --- tables (terminal and HTML alike) --------------------------------------------------------

def card_rows(section: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The ranked card table: win rates of the seat free and barred, the drop in wins and
    in score margin, their tests."""
    header = ["rank", "card", "copies", "wins free", "wins barred", "drop [95 %]", "p adj.",
              "detects ±", "margin drop [95 %, VP]", "p adj.", "detects ±",
              "pairing narrowed", ""]
    rows = [[str(c["rank"]), c["card"], str(c["copies"]), _percent(c["win_rate_free"]),
             _percent(c["win_rate_barred"]), points(c["drop"]),
             p_text(c["drop"]["p_adjusted"]), detects(c["drop"], "rate"),
             vp(c["margin_drop"]), p_text(c["margin_drop"]["p_adjusted"]),
             detects(c["margin_drop"], "margin"),
             narrowed(c["drop"]["narrowed"], c["margin_drop"]["narrowed"]),
             "** flagged **" if flagged(c["drop"], c["margin_drop"]) else ""]
            for c in section["cards"]]
    return header, rows


def flagged(*tests: dict[str, Any] | None) -> bool:
    """Whether any of a row's tests is flagged."""
    return any(t is not None and t["significant"] for t in tests)


def headline_rows(section: dict[str, Any], verdict) -> tuple[list[str], list[list[str]]]:
    """Each promo's drop beside one copy of the base card it replaces, and the tests of
    their difference in wins and in score margin; `verdict(row)` writes the last column."""
    header = ["promo", "replaces", "promo's drop [95 %]", "base copy's drop [95 %]",
              "difference [95 %]", "p adj.", "detects ±", "margin difference [95 %, VP]",
              "p adj.", "detects ±", "pairing narrowed", "verdict"]
    rows = []
    for h in section["promos"]:
        wins, margin = h["difference"], h["margin_difference"]
        rows.append([h["variant"], h["replaces"] or "(added)", points(h["promo_drop"]),
                     points(h["base_drop"]), points(wins),
                     p_text(wins["p_adjusted"] if wins else None), detects(wins, "rate"),
                     vp(margin), p_text(margin["p_adjusted"] if margin else None),
                     detects(margin, "margin"),
                     narrowed(wins and wins["narrowed"], margin and margin["narrowed"]),
                     verdict(h)])
    return header, rows


def points(figure: dict[str, Any] | None) -> str:
    """A drop in win rate in percentage points, e.g. `+9.5 [+0.1, +18.9]`."""
    if figure is None:
        return "-"
    return diff({**figure, "difference": figure.get("value", figure.get("difference"))}, 1,
                100)


def vp(figure: dict[str, Any] | None) -> str:
    """A drop in score margin in VP, e.g. `+0.35 [+0.04, +0.66]`."""
    if figure is None:
        return "-"
    return diff({**figure, "difference": figure.get("value", figure.get("difference"))}, 2)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f} %"


def text_lines(summary: dict[str, Any], flag) -> list[str]:
    """The terminal's restricted-play block."""
    section = summary["restricted"]
    lines = []
    if section["cards"]:
        lines += ["", "Restricted play: how much less often a seat wins when it may never "
                      "play the card (same seeds; the barred seat alternates), in "
                      "percentage points, and how much its score margin (its final score "
                      "minus the best other's) drops, in VP:", *table(*card_rows(section))]
    if section["promos"]:
        lines += ["", "Promo cards under restricted play: the promo's drop beside one copy "
                      "of the base card it replaces, in wins and in VP of score margin:",
                  *table(*headline_rows(section, flag))]
    return lines
