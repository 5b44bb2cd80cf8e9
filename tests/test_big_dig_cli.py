"""The command line and Big Dig: `--option KEY=VALUE` for simulate and demo, checked at the edge
(one line, exit 2), and simulate's mean game length in turns per player."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

from game import __main__ as entry
from game import crash
from game.tools import simulate


@pytest.fixture(autouse=True)
def _keep_hooks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setenv(crash.NO_DIALOG_ENV, "1")
    monkeypatch.setenv("MOTHER_LODE_HOME", str(tmp_path / "home"))


@pytest.mark.parametrize("argv, words", [
    (["simulate", "big_dig", "--seats", "easy,easy", "--option", "side=c"],
     "--option side takes a or b, not 'c'"),
    (["simulate", "big_dig", "--seats", "easy,easy", "--option", "colour=red"],
     "--option 'colour' is not an option of big_dig"),
    (["simulate", "big_dig", "--seats", "easy,easy", "--option", "expert"],
     "--option takes KEY=VALUE"),
    (["simulate", "big_dig", "--seats", "easy,easy", "--option", "expert=maybe"],
     "--option expert takes on or off"),
    (["simulate", "big_dig", "--seats", "easy,easy", "--option", "side=a", "--option", "side=b"],
     "--option side is given twice"),
    (["simulate", "ya_blew_it", "--seats", "easy,easy", "--option", "side=a"],
     "ya_blew_it has no options"),
    (["demo", "big_dig", "--players", "2", "--shots", "{tmp}/s", "--option", "side=z"],
     "--option side takes a or b"),
])
def test_a_bad_option_is_one_line_and_exit_2(argv: list[str], words: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert entry.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(argv[0] + ": ")
    assert words in lines[0]


def test_simulate_reports_the_mean_game_length_and_uses_the_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "big_dig", "--seats", "normal,easy,easy", "--games", "4", "--json",
            "--option", "side=b", "--option", "expert=on"]
    assert entry.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"] == {"side": "b", "expert": "on"}
    table = report["table"]
    assert table["turns_per_player"] > 3
    # The expert rule: 1 + 2 bonus squares per game with three players.
    assert table["bonus_squares"] == 3.0
    plain = simulate.format_report(report)
    assert "mean game length:" in plain and "turns per player" in plain


def test_without_the_expert_option_there_are_no_bonus_squares() -> None:
    report = simulate.simulate("big_dig", ["easy", "easy"], 3, 2)
    assert report["table"]["bonus_squares"] == 0.0
    assert report["table"]["won_by_goals"] + report["table"]["ended_all_passed"] == 1.0
