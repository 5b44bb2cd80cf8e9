"""The benchmark's machine-free yardstick: a fixed reference loop timed in the same run, and each
game's random-playout speed also given as actions per reference loop."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.tools import bench  # noqa: E402


def test_the_reference_work_never_changes() -> None:
    # The loop is the yardstick old figures are read against: its work is pinned by its result.
    assert bench._reference_work() == 1569972
    figures = bench.reference_loop(2)
    assert figures["result"] == 1569972 and figures["ms"] > 0


@pytest.fixture
def tiny_hard(monkeypatch: pytest.MonkeyPatch):
    """Ya Blew It!'s hard bot at the table on a budget of 10 iterations (sent with each request
    to the pool's worker), so the hard lines take no time here."""
    from game.bots.pool import close_shared
    from game.bots.search import policy_for

    policy = policy_for("ya_blew_it")
    monkeypatch.setattr(policy, "iterations", 10)
    monkeypatch.setattr(policy, "seconds", None)
    yield
    close_shared()


def test_bench_reads_playout_speed_as_work_per_reference_loop(
        capsys: pytest.CaptureFixture[str], tiny_hard: None) -> None:
    assert bench.main(["--quick", "--game", "ya_blew_it", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    ms = report["reference_loop"]["ms"]
    for path in ("random_playouts", "random_playouts_fast_path"):
        playouts = report["games"]["ya_blew_it"][path]
        assert ms > 0 and playouts["actions_per_second"] > 0 and playouts["games"] > 0
        assert playouts["actions_per_reference_loop"] == round(
            playouts["actions_per_second"] * ms / 1000, 1)
    # Every level has its decision line; hard's is made in the search pool at the table budget.
    decisions = report["games"]["ya_blew_it"]["decisions"]
    assert set(decisions) == {"random", "easy", "normal", "hard"}
    hard = decisions["hard"]
    assert hard["in"] == "search pool" and hard["budget"] == {"iterations": 10, "seconds": None}
    assert hard["decisions"] == 8 and 0 < hard["p50_ms"] <= hard["p95_ms"] <= hard["max_ms"]


def test_table_frames_with_a_hard_bot_thinking_in_the_pool(tiny_hard: None) -> None:
    figures = bench.table_frame_times("ya_blew_it", 2, seed=3, levels=["hard", "normal"],
                                      hard_moves=3)
    assert figures["seats"] == ["hard", "normal"] and figures["fallbacks"] == 0
    # The run stopped after the hard seat's third move; the frames drawn while it thought (how
    # many depends on how fast the worker answers) are counted among all frames.
    assert not figures["game_finished"] and figures["frames"] > 0
    assert 0 <= figures["thinking"]["frames"] <= figures["frames"]
