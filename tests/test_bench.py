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


def test_bench_reads_playout_speed_as_work_per_reference_loop(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick", "--game", "ya_blew_it", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    ms = report["reference_loop"]["ms"]
    for path in ("random_playouts", "random_playouts_fast_path"):
        playouts = report["games"]["ya_blew_it"][path]
        assert ms > 0 and playouts["actions_per_second"] > 0 and playouts["games"] > 0
        assert playouts["actions_per_reference_loop"] == round(
            playouts["actions_per_second"] * ms / 1000, 1)
