"""The third robustness campaign's CLI findings (issue 32): each bad input refused with a
message naming the option or the file and what is wrong, exit 2, nothing half done."""

from __future__ import annotations

from tests.webtools import EXAMPLES


def test_a_second_tune_is_refused_naming_both(cli):
    """F07: a second --tune replaced the first without a word (its values never played)."""
    result = cli("simulate", "majority2", "--promos", EXAMPLES / "majority2-costly-junior.json",
                 "--tune", "house-witches-apprentice.cost=1..3", "--tune",
                 "house-witches-apprentice.vp.points=1..3", "--games", "10")
    assert result.exit_code == 2 and result.stdout == ""
    assert ("--tune: given 2 times ('house-witches-apprentice.cost=1..3', "
            "'house-witches-apprentice.vp.points=1..3'); a run tunes one card field"
            in result.stderr)
