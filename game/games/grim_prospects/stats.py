"""Statistics of one Grim Prospects game, for `python -m game simulate`.

Two kinds of figures, both summed per game and averaged over the run by `simulate`:

- `game_table(events)`, from the event log: turns per player (the game's length), how often each
  action was taken (digs, three-card digs, prospects, returns to base, blasts, Bundles placed),
  the Traps triggered (Dynamite, Gas Leak, and the hits a Canary spared), cards lost to Traps, and
  the Geode's cards.
- `card_table(state, shares)`, from the final position: for each card key, how many players ended
  with it in hand, stash or Inventory (``card:KEY:with``) and their share of the wins (``card:KEY:wins``).
  `card_rates` turns the averages into the win rate of the players with the card against those
  without it (every game hands out exactly one win in all, ties split).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.contract import Event
from game.games.grim_prospects.cards import deck, kinds

CARD_PREFIX = "card:"


def game_table(events: Sequence[Event]) -> dict[str, float]:
    players = 0
    turns = digs = digs3 = prospects = banks = blasts = places = 0
    dynamite = gas = spared = lost = geode = 0
    banked = 0
    for e in events:
        d = e.data
        k = e.kind
        if k == "deal":
            players = max(players, int(d.get("players", 0) or 0))
        elif k == "turn":
            turns += 1
            players = max(players, int(d.get("player", 0)) + 1)
        elif k == "dig":
            digs += 1
            digs3 += int(d.get("count", 2)) > 2
        elif k == "prospect":
            prospects += 1
        elif k == "bank":
            banks += 1
            banked += int(d.get("count", 0))
        elif k == "blast":
            blasts += 1
        elif k == "place":
            places += 1
        elif k == "trap":
            key = deck()[int(d["card"])].key if "card" in d else ""
            if key == "gas_leak":
                gas += 1
            else:
                dynamite += 1
        elif k == "spared":
            spared += 1
        elif k == "discard":
            lost += len(d.get("cards", ()))
        elif k == "geode":
            geode += 1
    players = max(1, players)
    return {"turns_per_player": turns / players, "turns": float(turns), "digs": float(digs),
            "digs_of_three": float(digs3), "prospects": float(prospects), "banks": float(banks),
            "cards_banked": float(banked), "blasts": float(blasts), "bundles_placed": float(places),
            "dynamite_triggered": float(dynamite), "gas_leaks_triggered": float(gas),
            "canary_spared": float(spared), "cards_lost_to_traps": float(lost),
            "geode_cards": float(geode)}


def card_table(state: Any, shares: Sequence[float]) -> dict[str, float]:
    """Who ended with which card (hand, stash or Inventory: Items and placed Bundles count) and
    their share of the win, for one game."""
    cards = deck()
    out: dict[str, float] = {}
    for key in kinds():
        out[f"{CARD_PREFIX}{key}:with"] = 0.0
        out[f"{CARD_PREFIX}{key}:wins"] = 0.0
    for p in range(len(shares)):
        held = {cards[c].key for c in list(state.hands[p]) + list(state.stashes[p])
                + list(state.inventories[p])}
        for key in held:
            out[f"{CARD_PREFIX}{key}:with"] += 1.0
            out[f"{CARD_PREFIX}{key}:wins"] += shares[p]
    return out


def card_rates(table: Mapping[str, float], players: int) -> dict[str, dict[str, float]]:
    """From the per-game averages of `card_table`: for each key, the share of players who ended
    with it, their win rate, the others' win rate, and the ratio of the first to the base rate
    1/players. A card nobody (or everybody) ended with has no rate on that side (None)."""
    out: dict[str, dict[str, Any]] = {}
    base = 1.0 / players
    for key in kinds():
        with_ = table.get(f"{CARD_PREFIX}{key}:with", 0.0)
        wins = table.get(f"{CARD_PREFIX}{key}:wins", 0.0)
        without = players - with_
        rate_with = wins / with_ if with_ > 1e-12 else None
        rate_without = (1.0 - wins) / without if without > 1e-12 else None
        out[key] = {
            "held_by": round(with_ / players, 4),
            "win_rate_with": None if rate_with is None else round(rate_with, 4),
            "win_rate_without": None if rate_without is None else round(rate_without, 4),
            "vs_base": None if rate_with is None else round(rate_with / base, 3),
        }
    return out


def split_report(table: dict[str, float], players: int) -> tuple[dict[str, float], dict[str, Any]]:
    """The report's game table without the per-card sums, and the per-card rates."""
    rest = {k: v for k, v in table.items() if not k.startswith(CARD_PREFIX)}
    return rest, card_rates(table, players)
