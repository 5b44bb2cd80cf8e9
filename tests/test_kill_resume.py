"""A killed process loses at most the move being made: a game saved after every move, killed
(SIGKILL, no chance to clean up) at arbitrary moments, always resumes from a sound save holding
every move that had been reported saved, whether saved at once or by the background writer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

PLAYER = r"""
import random, sys
from game.core.match import BOT, Match, Seat
from game.saves import autosave, flush
game, background = sys.argv[1], sys.argv[2] == "background"
m = Match(game, [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "normal")], 12)
rng = random.Random(5)
while not m.is_over():
    m.apply(rng.choice(m.legal_actions()))
    autosave(m, wait=not background)
    if background and len(m.actions) % 3:
        continue   # the table's way: the writer catches up on its own; a report now and then
    if background:
        flush()
    print(len(m.actions), flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("writer", ["at once", "background"])
@pytest.mark.parametrize("game", ["ya_blew_it", "gold_mine"])
def test_killed_mid_game_resumes_with_every_saved_move(tmp_path: Path, game: str, writer: str) -> None:
    from game.core.match import load_match

    home = tmp_path / "home"
    env = {**os.environ, "MOTHER_LODE_HOME": str(home)}
    root = Path(__file__).resolve().parent.parent
    kills = 0
    for after in (1, 3, 7, 12, 18):
        proc = subprocess.Popen([sys.executable, "-c", PLAYER, game, writer], cwd=root, env=env,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        reported = 0
        while reported < after:
            line = proc.stdout.readline()
            if not line:
                break
            reported = int(line)
        # Killed while it goes on playing and saving the next moves.
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait()
        files = [p for p in (home / "data" / "saves").glob("*.json") if "." not in p.stem]
        assert len(files) == 1, "a killed game left no save, or a torn one beside it"
        m = load_match(files[0])  # loads and replays: the save is whole
        assert len(m.actions) >= reported, "a move reported saved was lost"
        files[0].unlink()
    assert kills == 5
