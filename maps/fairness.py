"""How fair are a Gold Mine map's start points? Treasure within reach of each one.

    python maps/fairness.py [MAP.tmx] [--tolerance 0.10]

For every start point: the treasure (sum of mine values) reachable within k steps, k = 2..8,
walking hex to hex over the map and never through rock, ignoring the other players. A fair map
keeps the four start points level at every k: the script prints, per k, the spread (highest minus
lowest, over the highest) and exits 1 when a spread exceeds the tolerance (10% by default).
Two more rows help when tuning: the nearest-start share of the treasure (each mine counted for the
start points nearest to it, split on ties: what a start can expect with everyone playing) and a
distance-weighted sum (value / steps). Bot simulations have the last word; this is the quick look.
"""

from __future__ import annotations

import argparse
import sys
from collections import deque
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from game.games.gold_mine.board import GoldMineMap, Hex, neighbours  # noqa: E402
from game.games.gold_mine.tmx import axial_to_offset, load_map  # noqa: E402

K_RANGE = range(2, 9)


def walking_distances(m: GoldMineMap, start: Hex) -> dict[Hex, int]:
    """Steps from `start` to every hex reachable without crossing rock or leaving the map."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in neighbours(h):
            t = m.tile(n)
            if t is None or t.is_rock or n in dist:
                continue
            dist[n] = dist[h] + 1
            todo.append(n)
    return dist


def reach(m: GoldMineMap, start: Hex, ks: range = K_RANGE) -> list[int]:
    """The treasure within k steps of `start`, for each k in `ks`."""
    dist = walking_distances(m, start)
    return [sum(m.value(h) for h in m.mine_hexes() if dist.get(h, 99) <= k) for k in ks]


def nearest_share(m: GoldMineMap) -> dict[Hex, float]:
    """Each mine's value credited to the start point(s) nearest to it, split evenly on ties."""
    dists = {s: walking_distances(m, s) for s in m.starts}
    share = {s: 0.0 for s in m.starts}
    for h in m.mine_hexes():
        best = min(d.get(h, 99) for d in dists.values())
        if best == 99:
            continue
        near = [s for s in m.starts if dists[s].get(h, 99) == best]
        for s in near:
            share[s] += m.value(h) / len(near)
    return share


def weighted(m: GoldMineMap, start: Hex) -> float:
    """Sum of value / steps over every reachable mine: near treasure counts most."""
    dist = walking_distances(m, start)
    return sum(m.value(h) / dist[h] for h in m.mine_hexes() if h in dist)


def spread(values: list[float]) -> float:
    top = max(values)
    return (top - min(values)) / top if top else 0.0


def report(m: GoldMineMap, stagger_index: str = "odd") -> tuple[str, float]:
    """The table as text, and the worst spread over k = 2..8."""
    lines = [f"{m.name}: {m.summary()}", ""]
    head = "start (col,row)  central " + "".join(f"{'k=' + str(k):>6}" for k in K_RANGE)
    lines.append(head + "   nearest  weighted")
    tables = {s: reach(m, s) for s in m.starts}
    share = nearest_share(m)
    for s in m.starts:
        col, row = axial_to_offset(s, stagger_index)
        lines.append(f"{f'({col},{row})':<16} {'yes' if s in m.central else 'no':<8}"
                     + "".join(f"{v:>6}" for v in tables[s])
                     + f"{share[s]:>10.1f}{weighted(m, s):>10.1f}")
    spreads = [spread([tables[s][i] for s in m.starts]) for i in range(len(K_RANGE))]
    lines.append(f"{'spread':<25}" + "".join(f"{x:>6.0%}" for x in spreads)
                 + f"{spread(list(share.values())):>10.0%}"
                 + f"{spread([weighted(m, s) for s in m.starts]):>10.0%}")
    return "\n".join(lines), max(spreads)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", nargs="?", default=str(HERE / "gold_mine.tmx"))
    parser.add_argument("--tolerance", type=float, default=0.10)
    args = parser.parse_args(argv)
    m = load_map(args.map)
    from xml.etree import ElementTree

    stagger = ElementTree.parse(args.map).getroot().get("staggerindex", "odd")
    text, worst = report(m, stagger)
    print(text)
    ok = worst <= args.tolerance
    print(f"\nworst spread {worst:.0%}: {'within' if ok else 'OUTSIDE'} the {args.tolerance:.0%} "
          f"tolerance")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
