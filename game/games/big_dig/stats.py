"""Game-shape statistics of one Big Dig game, from its event log (for `python -m game simulate`)."""

from __future__ import annotations

from typing import Sequence

from game.core.contract import Event


def game_table(events: Sequence[Event]) -> dict[str, float]:
    """Turns per player (the game's length), digs, explosions, rocks exploded, passes, flips, bonus
    squares, how the game ended, and the first player's share of the win."""
    players = 0
    first = None
    turns = digs = explosions = rocks = passes = flips = bonus = 0
    won = all_passed = 0
    winners: tuple[int, ...] = ()
    for e in events:
        d = e.data
        if e.kind == "setup":
            players = int(d.get("players", 0))
        elif e.kind == "first":
            first = d.get("player")
        elif e.kind == "dig":
            turns += 1
            digs += 1
        elif e.kind == "explode":
            turns += 1
            explosions += 1
            rocks += d.get("rock", False)
        elif e.kind == "pass" and not d.get("bonus"):
            turns += 1
            passes += 1
        elif e.kind == "flip":
            flips += 1
        elif e.kind == "bonus":
            bonus += 1
        elif e.kind == "win":
            won = 1
            winners = (int(d["player"]),)
        elif e.kind == "end":
            all_passed = 1
            winners = tuple(int(w) for w in d.get("winners", ()))
    first_share = (1.0 / len(winners)) if winners and first in winners else 0.0
    return {"turns_per_player": turns / max(1, players), "digs": float(digs),
            "explosions": float(explosions), "rocks_exploded": float(rocks),
            "passes": float(passes), "flips": float(flips), "bonus_squares": float(bonus),
            "won_by_goals": float(won), "ended_all_passed": float(all_passed),
            "first_player_win_share": first_share}
