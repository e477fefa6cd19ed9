"""`pnp check --new majority2 --log`: a game taken down decision by decision."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pnp.cli.app import app

DEAL = (["witches-secretary"] * 3 + ["witches-junior"] + ["demons-secretary"] * 3
        + ["demons-junior"] + ["dragons-secretary"] * 3 + ["dragons-junior"] * 3)


def _answers(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def test_a_log_taken_down_at_the_table(tmp_path):
    out = tmp_path / "tonight.json"
    answers = _answers("Ana, Bo", "", "none", "ghost", *DEAL,
                       "2",  # draw
                       "angels-secretary", "angels-secretary", "angels-junior",
                       "11",  # not a choice: asked again
                       "2",  # free play: the first card into column 1
                       "stop", "", "")
    result = CliRunner().invoke(app, ["check", "--new", "majority2", "--log", "--out",
                                      str(out)], input=answers)
    assert result.exit_code == 0, result.output
    assert "'ghost' cannot come up here" in result.output
    assert "type a number 1-10" in result.output
    log = json.loads(out.read_text("utf-8"))
    assert log["setup"]["hand"] == ["dragons-secretary"] * 3 + ["dragons-junior"] * 3
    rnd = log["rounds"][0]
    assert rnd["draw"] == ["angels-secretary", "angels-secretary"]
    assert rnd["reserve_draw"] == "angels-junior"
    assert rnd["free_play"] == {"card": "dragons-secretary", "column": 1}
    assert "claimed" not in log


def test_log_needs_majority2():
    result = CliRunner().invoke(app, ["check", "--new", "majority", "--log"])
    assert result.exit_code == 2 and "--log" in result.output


def _typed_game(seed: int):
    """A random engine game as the answers that type it in, and its log."""
    from pnp.games import engine as eng
    from pnp.games.majority2 import engine as m2
    from pnp.games.majority2 import log as m2_log
    from tests.m2tools import content

    cfg = m2.make_config(content(), promos="all", round_limit=None)
    bots = [eng.random_bot, eng.random_bot]
    played = eng.play(m2.ENGINE, cfg, bots, seed)
    lines = ["Ana, Bo", "Ana", "all"]
    st = m2.initial_state(cfg)
    for action in played.actions:
        player, kind, options = st.need
        if player == m2.eng.CHANCE:
            if len(m2.legal_actions(st)) > 1:
                lines.append(action[1])
        elif len(options) > 1 or kind in ("free", "play"):
            lines.append(str(options.index(action) + 1))
        st = m2.apply(st, action)
    expected = m2_log.to_record(cfg, played, ["Ana", "Bo"])
    expected.pop("claimed")
    return lines + ["", ""], expected


def test_a_whole_engine_game_typed_in_gives_the_engine_log(tmp_path):
    lines, expected = _typed_game(11)
    out = tmp_path / "typed.json"
    result = CliRunner().invoke(app, ["check", "--new", "majority2", "--log", "--out",
                                      str(out)], input=_answers(*lines))
    assert result.exit_code == 0, result.output[-2000:]
    assert json.loads(out.read_text("utf-8")) == expected


def test_input_ending_early_keeps_the_answers_and_resume_goes_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines, expected = _typed_game(11)
    runner = CliRunner()
    result = runner.invoke(app, ["check", "--new", "majority2", "--log", "--out", "t.json"],
                           input=_answers(*lines[:30]))
    assert result.exit_code == 2
    assert "30 answer(s) saved in t.answers.json; go on with: pnp check --resume " \
           "t.answers.json" in result.output
    saved = json.loads((tmp_path / "t.answers.json").read_text("utf-8"))
    assert saved["log"] is True and saved["answers"] == lines[:30]
    assert not (tmp_path / "t.json").exists()
    result = runner.invoke(app, ["check", "--resume", "t.answers.json"],
                           input=_answers(*lines[30:]))
    assert result.exit_code == 0, result.output[-2000:]
    assert json.loads((tmp_path / "t.json").read_text("utf-8")) == expected
    assert not (tmp_path / "t.answers.json").exists()


def test_resume_of_an_end_state_entry_with_log_is_refused(tmp_path):
    answers = {"format": "pnp-check-answers", "game": "majority2", "out": "g.json",
               "rules": [], "answers": ["Ana, Bo"]}
    path = tmp_path / "a.json"
    path.write_text(json.dumps(answers), "utf-8")
    result = CliRunner().invoke(app, ["check", "--new", "majority2", "--log", "--resume",
                                      str(path)], input="")
    assert result.exit_code == 2 and "not a --log one" in result.output
