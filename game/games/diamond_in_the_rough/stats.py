"""Game-shape statistics of one Diamond in the Rough game, from its event log (for
`python -m game simulate`): how it ended, how long it took, what the players did."""

from __future__ import annotations

from typing import Any, Sequence

from game.core.contract import Event

ENDING_KEYS = {
    "retire_four": "ended_retire_four",
    "retire_three_gem": "ended_retire_three_gem",
    "gem_holder": "ended_gem_holder",
    "everybody_loses": "ended_everybody_loses",
    "four_at_end": "ended_four_at_end",
}
ACTION_KINDS = {"bomb": "bombs", "resupply": "resupplies", "invest": "invests", "pass": "passes"}


def game_table(events: Sequence[Event]) -> dict[str, float]:
    """Which of the five endings this game had (one of them is 1), its length in turns (all seats'
    turns, and per player), the actions taken, bombs answered yes, steals, how the last turns were
    reached (the deck ran out, or the 12-round limit), the first player's share of the win and the
    winner's place in the turn order."""
    players = 0
    first = None
    turns = 0
    counts = dict.fromkeys(ACTION_KINDS, 0)
    yes = steals = 0
    last_by_deck = last_by_rounds = stalled = 0
    ending = ""
    winners: tuple[int, ...] = ()
    for e in events:
        d = e.data
        if e.kind == "setup":
            players = int(d.get("players", 0))
            first = d.get("first")
        elif e.kind == "turn":
            turns += 1
        elif e.kind in counts:
            counts[e.kind] += 1
        elif e.kind == "answer" and d.get("answer") == "yes":
            yes += 1
        elif e.kind == "steal":
            steals += 1
        elif e.kind == "last":
            last_by_deck += d.get("reason") == "deck"
            last_by_rounds += d.get("reason") == "rounds"
        elif e.kind == "stall":
            stalled = 1
        elif e.kind == "end":
            ending = str(d.get("ending", ""))
            winners = tuple(int(w) for w in d.get("winners", ()))
    table = {key: float(ending == name) for name, key in ENDING_KEYS.items()}
    table.update({
        "turns": float(turns),
        "turns_per_player": turns / max(1, players),
        **{ACTION_KINDS[k]: float(v) for k, v in counts.items()},
        "bombs_answered_yes": float(yes),
        "steals": float(steals),
        "last_turns_deck_out": float(last_by_deck),
        "last_turns_round_limit": float(last_by_rounds),
        "ended_all_passed": float(stalled),
        "first_player_win_share": _share(winners, first),
    })
    # Who won by place in the turn order (1: the first player), since simulate rotates the first
    # seat and per-seat rates then hide the order's advantage.
    for k in range(1, players + 1):
        table[f"win_share_turn_position_{k}"] = (
            _share(winners, (int(first) + k - 1) % players) if first is not None else 0.0)
    return table


def _share(winners: tuple[int, ...], seat: Any) -> float:
    """Seat's share of the win: 1 alone, a half of a win shared by two (four of a kind held at the
    end), nothing otherwise."""
    if seat is None or not winners:
        return 0.0
    return 1.0 / len(winners) if int(seat) in winners else 0.0
