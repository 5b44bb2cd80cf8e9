"""How fair are a Gold Mine map's start points? Treasure within reach of each one.

    python maps/fairness.py [MAP.tmx] [--tolerance 0.10]

Players move in straight lines: a tunnel goes 1-6 hexes in one of the six directions, costs 1$ a
hex and stops at rock and at the map's edge. So the measure that counts is the *straight-line
reach*: for every start point, the best net treasure (treasure minus 1$ a hex) that 1, 2 and 3
tunnels in a row can collect, ignoring the other players, which is how the bots look at the
mountain. A fair map keeps the four start points level on it: the script prints the spread
(highest minus lowest, over the highest) per number of tunnels and exits 1 when one exceeds the
tolerance (10% by default).

For reference it also prints the treasure within k steps walking around rock (k = 2..8), the
nearest-start share of the treasure (each mine counted for the start points nearest to it on
foot, split on ties) and a distance-weighted sum (value / steps). Walking distance alone misleads:
the first shipped map was level on it and still gave the central start points two thirds more
wins than the outer ones. Neither measure knows the dice (some directions are harder to roll than
others, see maps/README.md), so bot simulations have the last word; this is the quick look.
"""

from __future__ import annotations

import argparse
import sys
from collections import deque
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from game.games.gold_mine.board import DIRECTIONS, GoldMineMap, Hex, neighbours, step  # noqa: E402
from game.games.gold_mine.tmx import axial_to_offset, load_map  # noqa: E402

K_RANGE = range(2, 9)
LINE_MOVES = (1, 2, 3)
MAX_TUNNEL = 6  # a distance die shows 1-6


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


def tunnels(m: GoldMineMap, start: Hex, gone: frozenset[Hex] = frozenset()
            ) -> list[tuple[int, Hex, frozenset[Hex]]]:
    """Every straight tunnel from `start`: (treasure - 1$ a hex, end hex, mines taken).

    A tunnel is 1 to 6 hexes in one of the six directions; it cannot enter rock or leave the map.
    Mines in `gone` were taken before and give nothing.
    """
    out = []
    for d in DIRECTIONS:
        total = 0
        taken: list[Hex] = []
        for k in range(1, MAX_TUNNEL + 1):
            h = step(start, d, k)
            t = m.tile(h)
            if t is None or t.is_rock:
                break
            if t.is_mine and h not in gone:
                total += t.value
                taken.append(h)
            out.append((total - k, h, frozenset(taken)))
    return out


def line_reach(m: GoldMineMap, start: Hex, moves: int, gone: frozenset[Hex] = frozenset()) -> int:
    """The best net treasure of up to `moves` straight tunnels in a row from `start`, at least 0."""
    if moves <= 0:
        return 0
    best = 0
    for net, end, taken in tunnels(m, start, gone):
        best = max(best, net + line_reach(m, end, moves - 1, gone | taken))
    return best


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
    """The tables as text, and the worst spread of the straight-line reach (1-3 tunnels)."""
    lines = [f"{m.name}: {m.summary()}", ""]

    def name(s: Hex) -> str:
        col, row = axial_to_offset(s, stagger_index)
        return f"{f'({col},{row})':<16} {'yes' if s in m.central else 'no':<8}"

    lines.append("straight-line reach: best net treasure of 1, 2 or 3 tunnels in a row")
    lines.append("start (col,row)  central " + "".join(f"{f'{n} tun.':>9}" for n in LINE_MOVES))
    lined = {s: [line_reach(m, s, n) for n in LINE_MOVES] for s in m.starts}
    for s in m.starts:
        lines.append(name(s) + "".join(f"{v:>9}" for v in lined[s]))
    line_spreads = [spread([lined[s][i] for s in m.starts]) for i in range(len(LINE_MOVES))]
    lines.append(f"{'spread':<25}" + "".join(f"{x:>9.0%}" for x in line_spreads))

    lines += ["", "for reference, on foot: treasure within k steps walking around rock"]
    head = "start (col,row)  central " + "".join(f"{'k=' + str(k):>6}" for k in K_RANGE)
    lines.append(head + "   nearest  weighted")
    tables = {s: reach(m, s) for s in m.starts}
    share = nearest_share(m)
    for s in m.starts:
        lines.append(name(s) + "".join(f"{v:>6}" for v in tables[s])
                     + f"{share[s]:>10.1f}{weighted(m, s):>10.1f}")
    spreads = [spread([tables[s][i] for s in m.starts]) for i in range(len(K_RANGE))]
    lines.append(f"{'spread':<25}" + "".join(f"{x:>6.0%}" for x in spreads)
                 + f"{spread(list(share.values())):>10.0%}"
                 + f"{spread([weighted(m, s) for s in m.starts]):>10.0%}")
    return "\n".join(lines), max(line_spreads)


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
    print(f"\nworst straight-line spread {worst:.0%}: {'within' if ok else 'OUTSIDE'} the "
          f"{args.tolerance:.0%} tolerance")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
