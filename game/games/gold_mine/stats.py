"""Who won from where: Gold Mine figures for `python -m game simulate` (pure Python).

Seats rotate through the starting player's role in a simulation, so the win rates per seat even
out whatever the order of choosing start points does. These figures look through the rotation:
the win share of the player who chose a start point first, second... (`win_chooser_k`) and of
the player who started on each X (`win_at_q,r`), per game; averaged over the games of a run they
are win rates.
"""

from __future__ import annotations

from typing import Sequence

from game.core.contract import Event


def win_shares(events: Sequence[Event]) -> dict[str, float]:
    """For one game's events: each choosing position's and each start point's share of the win."""
    winners: list[int] = []
    for e in events:
        if e.kind == "game_over":
            winners = [int(w) for w in e.data.get("winners", ())]
    out: dict[str, float] = {}
    for e in events:
        if e.kind != "start":
            continue
        p = int(e.data["player"])
        share = 1.0 / len(winners) if p in winners else 0.0
        h = e.data["hex"]
        out[f"win_at_{h.q},{h.r}"] = share
        if "order" in e.data:
            out[f"win_chooser_{int(e.data['order']) + 1}"] = share
    return out
