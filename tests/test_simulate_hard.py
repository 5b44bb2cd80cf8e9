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


@pytest.mark.parametrize("game", ["ya_blew_it", "gold_mine", "big_dig", "grim_prospects", "diamond_in_the_rough"])
def test_every_level_may_peek_in_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`--peek 1` with an easy or a normal bot in the seat: Ya Blew It!'s stopped with a
    traceback (its bots asked for their own view class); a bot that deals nothing simply plays
    as it would."""
    assert simulate.main([game, "--seats", "easy,normal", "--games", "1", "--peek", "1", "--json"]) == 0
    assert simulate.main([game, "--seats", "normal,easy", "--games", "1", "--peek", "1", "--json"]) == 0
    capsys.readouterr()


def test_a_peeking_seat_samples_the_true_position_and_is_marked_in_the_report(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from game.core.rng import Rng
    from game.games import get

    info = get("diamond_in_the_rough")
    state, _ = info.new(info.make_config(3, ("A", "B", "C"), {}), 7)
    view = state.view(0)
    fair = [view.sample_state(Rng(k)) for k in range(4)]
    seen = [simulate.PeekingView(view, state).sample_state(Rng(k)) for k in range(4)]
    # The fair samples deal the others' hands at random; the peeking ones deal the true hands.
    assert any(s.hands[1:] != state.hands[1:] for s in fair)
    assert all(s.hands == state.hands and s.deck == state.deck for s in seen)
    assert simulate.PeekingView(view, state).legal_actions() == view.legal_actions()

    assert simulate.main(["diamond_in_the_rough", "--seats", "normal,normal", "--games", "2",
                          "--peek", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seats"][0].get("peeks") is True and "peeks" not in report["seats"][1]
    text = simulate.format_report(report)
    assert "normal*" in text and "--peek" in text
    assert simulate.main(["diamond_in_the_rough", "--seats", "normal,normal", "--games", "2",
                          "--peek", "3"]) == 2
    assert "--peek must name a seat from 1 to 2" in capsys.readouterr().err
