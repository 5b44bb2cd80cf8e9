"""`simulate --seats hard,...`: the hard bot plays in simulate on its iteration budget (so a run is
reproducible from its seed), and a slow run says how long a game takes instead of 0.0 games/s."""

from __future__ import annotations

import pytest

from game.bots.search import policy_for
from game.tools import simulate


def test_hard_plays_in_simulate_reproducibly_and_slow_runs_read_well(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(policy_for("grim_prospects"), "iterations", 8)
    report = simulate.simulate("grim_prospects", ["hard", "normal"], 2, 4)
    again = simulate.simulate("grim_prospects", ["hard", "normal"], 2, 4)
    assert [s["level"] for s in report["seats"]] == ["hard", "normal"]
    assert report["table"] == again["table"] and report["seats"] == again["seats"]
    report["games_per_second"] = 0.025
    assert "(40.0 s a game)" in simulate.format_report(report).splitlines()[0]
    report["games_per_second"] = 12.34
    assert "(12.3 games/s)" in simulate.format_report(report).splitlines()[0]
