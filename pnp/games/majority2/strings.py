"""The Majority 2's printed words in one language (`data/majority2/strings.<lang>.json`).

The card data (factions.json, members.json, promos.json, tokens.json) says what is in the
box, and the rules engine, the checker and the bots read it in its own words. What a
printed piece says around those values — colour, faction and rank names, "Needs 1 formed
blue faction", the player aid, the sheet labels — comes from the strings file of the
kit's language, so a language is a file, never code. A card's title and abilities may be
given there too, by card id; a card it does not name (your own promos) prints as its own
file says.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.content.jsonfile import JsonDoc, child_path
from pnp.errors import Problem
from pnp.games import strings


@dataclass(frozen=True)
class Strings(strings.Strings):
    """The strings file, read, with The Majority 2's own tables by their data ids."""

    def coins(self, n: int) -> str:
        return self.count(self.said["coins"], n)

    def rank(self, rank: str) -> str:
        return self.said["ranks"][rank]

    def colour(self, colour: str) -> dict:
        return self.said["colours"][colour]

    def faction(self, faction: str) -> dict:
        return self.said["factions"][faction]

    def card(self, card_id: str) -> dict:
        return self.said.get("cards", {}).get(card_id, {})


def unsaid(strings: JsonDoc, factions: JsonDoc, cards: dict, ranks: tuple[str, ...],
           abilities: dict[str, int]) -> list[Problem]:
    """What the data puts in the box that the strings file has no words for, and card
    texts for cards that do not exist or with another number of abilities."""
    said = strings.value
    data = factions.value
    wanted = [("colours", colour, "colour", "$.colours") for colour in data["colours"]]
    wanted += [("factions", f["id"], "faction", child_path("$.factions", i))
               for i, f in enumerate(data["factions"])]
    problems = [strings.problem(f"$.{table}", f"no words for the {what} {key!r} "
                                              f"({factions.file} {path})")
                for table, key, what, path in wanted if key not in said[table]]
    problems += [strings.problem("$.ranks", f"no words for the rank {rank!r}")
                 for rank in ranks if rank not in said["ranks"]]
    for card_id, texts in said.get("cards", {}).items():
        where = child_path("$.cards", card_id)
        if card_id not in cards:
            problems.append(strings.problem(where, f"no card has the id {card_id!r}"))
        elif "abilities" in texts and len(texts["abilities"]) != abilities[card_id]:
            problems.append(strings.problem(
                child_path(where, "abilities"),
                f"{len(texts['abilities'])} abilities for a card that has "
                f"{abilities[card_id]} in its data"))
    return problems
