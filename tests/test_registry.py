"""The registry of games: its listings name each game as its rules do, and the title screen is
drawn without loading any game's rules (start-up does not grow with each game added)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from game.games import GAMES, LISTINGS, get, listing


@pytest.mark.parametrize("entry", LISTINGS, ids=lambda e: e.name)
def test_each_listing_agrees_with_its_game(entry):
    info = get(entry.name)
    assert (info.name, info.title, info.min_players, info.max_players) == (
        entry.name, entry.title, entry.min_players, entry.max_players)
    assert GAMES[entry.name] is info


def test_the_registry_is_in_the_title_order_and_refuses_unknown_names():
    assert list(GAMES) == [e.name for e in LISTINGS]
    assert "no_such_game" not in GAMES
    with pytest.raises(KeyError, match="the games are: ya_blew_it"):
        get("no_such_game")
    with pytest.raises(KeyError, match="no game called"):
        listing("no_such_game")


def test_the_title_screen_is_drawn_without_loading_any_rules(tmp_path):
    code = textwrap.dedent("""
        import os, sys
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["MOTHER_LODE_HOME"] = sys.argv[1]
        from game.ui.app import App
        from game.ui.scenes.title import TitleScene
        app = App()
        app.push(TitleScene())
        app.step(1 / 60)
        loaded = sorted(m for m in sys.modules if m.startswith("game.games.") and m.count(".") >= 3)
        print(",".join(loaded))
    """)
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
