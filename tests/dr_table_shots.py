"""Screenshots of the Diamond in the Rough table at the moments worth looking at, driven through a
real App with the dummy video driver: a 2-player and a 4-player game, the bomb's fuse and blast,
the answer, the reward chooser, the hand face down after the hot-seat curtain (and beside a
tableau), the coach's ring round a card under a heading, the results of a win and of a game
that everybody loses.

    SDL_VIDEODRIVER=dummy python tests/dr_table_shots.py OUT_DIR

Humans are played by a seeded policy through the table's own handlers (keys and clicks); the
script peeks at the true position only to steer the game to the moments it wants to show.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402

GAME = "diamond_in_the_rough"


def key(app: Any, k: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def steps(app: Any, n: int) -> None:
    for _ in range(n):
        app.step(1 / 60)


def until(app: Any, done: Callable[[], bool], limit: int = 20000) -> None:
    for _ in range(limit):
        app.step(1 / 60)
        if done():
            app.step(1 / 60)
            return
    raise AssertionError("never happened")


def yes_bomb(m: Match) -> str | None:
    """A legal bomb for the seat to move that the true position answers Yes (None if none)."""
    s = m.state
    for a in m.legal_actions():
        if a.kind == "bomb":
            q, res = int(a.args[0]), a.args[1]
            if any(c >= 0 and s.hands[q] and _res(c) == res for c in s.hands[q]):
                return str(a)
    return None


def _res(cid: int) -> str | None:
    from game.games.diamond_in_the_rough.rules import resource_of

    return resource_of(cid)


def play_key_action(app: Any, table: Any, action: str) -> None:
    """Play `action` through the table's keys (see table_tour.diamond_by_keys)."""
    from table_tour import diamond_by_keys

    diamond_by_keys(app, table, action)


def _leads_to(table: Any, picks: list[str], action: str) -> bool:
    from table_tour import diamond_leads_to

    return diamond_leads_to(picks, action)


def main(out: Path) -> None:
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.tables import table_for

    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("MOTHER_LODE_HOME", str(out / "home"))
    lvl = "normal"
    app = App(Settings(animation="normal", muted=True))

    # --- 4 players, some rounds in; the human's turn with a Bomb in hand and a "no ..." marker out.
    for seed in range(11, 80):
        m = Match(GAME, [Seat("Ana"), Seat("Dusty Pete", "bot", lvl), Seat("Nell", "bot", lvl),
                         Seat("Cornelius", "bot", lvl)], seed)
        rng = random.Random(seed)
        while not m.is_over() and not (len(m.actions) > 8 and m.human_to_move() and m.state.bombs_in_hand(0)
                                       and any(m.state.no_resource(q) for q in (1, 2, 3))):
            p = m.to_move()
            if m.seats[p].is_human:
                m.apply(rng.choice([a for a in m.legal_actions() if a.kind != "retire"] or m.legal_actions()))
            else:
                m.apply(m.bot(p).choose(m.view(p)))
        if not m.is_over():
            break
    table = table_for(m)
    app.push(table)
    until(app, lambda: table.idle and m.human_to_move())
    app.screenshot(out / "4p.png")
    key(app, pygame.K_b)
    steps(app, 2)
    app.screenshot(out / "4p_bomb_whom.png")
    key(app, pygame.K_1)
    steps(app, 2)
    app.screenshot(out / "4p_bomb_first_choice.png")
    if table.step() is not None and table.picks == []:   # the first was refused: take the next
        key(app, pygame.K_2)
        steps(app, 2)
    app.screenshot(out / "4p_bomb_what.png")
    app.pop().exit()

    # --- 2 players, from the deal; a Yes bomb, the blast, the answer and the reward chooser.
    for seed in range(1, 200):
        m = Match(GAME, [Seat("Ana"), Seat("Dusty Pete", "bot", lvl)], seed)
        if yes_bomb(m):
            break
    table = table_for(m)
    app.push(table)
    until(app, lambda: table.idle and m.human_to_move())
    app.screenshot(out / "2p_start.png")
    action = yes_bomb(m)
    assert action is not None
    play_key_action(app, table, action)
    steps(app, 20)
    app.screenshot(out / "bomb_fuse.png")
    until(app, lambda: table.bomb_fx is not None and table.bomb_fx.blast > 0.15)
    app.screenshot(out / "bomb_blast.png")
    until(app, lambda: bool(table.stamps))
    steps(app, 20)
    app.screenshot(out / "bomb_answer.png")
    until(app, lambda: table.idle and m.human_to_move())
    app.screenshot(out / "reward_chooser.png")
    key(app, pygame.K_3)
    steps(app, 2)
    app.screenshot(out / "reward_steal_give.png")
    app.pop().exit()

    # --- retiring: the sets on offer, the chosen one outlined in hand and tableau.
    for seed in range(1, 400):
        m = Match(GAME, [Seat("Ana"), Seat("Dusty Pete", "bot", lvl), Seat("Nell", "bot", lvl)], seed)
        r = random.Random(seed)
        while not m.is_over() and not (m.human_to_move() and m.state.retire_sets(0) and len(m.actions) > 6):
            p = m.to_move()
            acts = [a for a in m.legal_actions() if a.kind != "retire"] or m.legal_actions()
            m.apply(r.choice(acts) if m.seats[p].is_human else m.bot(p).choose(m.view(p)))
        if not m.is_over():
            break
    table = table_for(m)
    app.push(table)
    until(app, lambda: table.idle and m.human_to_move())
    key(app, pygame.K_t)
    key(app, pygame.K_1)
    steps(app, 2)
    app.screenshot(out / "retire_chosen.png")
    app.pop().exit()

    # --- a bot's move on show, then its bomb in flight.
    m = Match(GAME, [Seat("Dusty Pete", "bot", lvl), Seat("Ana"), Seat("Nell", "bot", lvl)], 21)
    table = table_for(m)
    app.push(table)
    until(app, lambda: table.bot_move is not None)
    steps(app, 10)
    app.screenshot(out / "bot_move_on_show.png")
    app.pop().exit()

    # --- hot-seat: two humans and a bot, the hand face down after the curtain.
    m = Match(GAME, [Seat("Ana"), Seat("Bo"), Seat("Dusty Pete", "bot", lvl)], 4)
    table = table_for(m)
    app.push(table)
    from game.ui.scenes.dialogs import PassScreen

    until(app, lambda: isinstance(app.top, PassScreen))
    app.screenshot(out / "hotseat_curtain.png")
    until(app, lambda: app.top.armed)   # (the curtain's button wakes a moment after it comes)
    key(app, pygame.K_SPACE)
    steps(app, 2)
    app.screenshot(out / "hotseat_hidden_hand.png")
    app.pop().exit()

    # --- hot-seat later on: the face-down hand's words beside a tableau with cards in it.
    for seed in range(1, 200):
        m = Match(GAME, [Seat("Ana"), Seat("Bo"), Seat("Dusty Pete", "bot", lvl)], seed)
        r = random.Random(seed)
        while not m.is_over() and not (len(m.actions) > 3 and m.human_to_move() and m.state.tableaus[m.to_move()]
                                       and len(m.state.hands[m.to_move()]) >= 4):
            m.apply(r.choice([a for a in m.legal_actions() if a.kind != "retire"] or m.legal_actions()))
        if not m.is_over():
            break
    table = table_for(m)
    app.push(table)
    until(app, lambda: isinstance(app.top, PassScreen) and app.top.armed)
    key(app, pygame.K_SPACE)
    until(app, lambda: table.idle)
    app.screenshot(out / "hotseat_hidden_hand_tableau.png")
    app.pop().exit()

    # --- the coach's ring round a hand card and a face-up card (drawn as a hint or a replay's
    # mark draws it): the name over the hand and "Face-up row" stay on top.
    from game.ui.tables import coach as coaching

    m = Match(GAME, [Seat("Ana"), Seat("Shale Sally", "bot", lvl)], 3)
    table = table_for(m)
    app.push(table)
    until(app, lambda: table.idle and m.human_to_move())
    first = table.display_hand(0)[0]
    best = next((a for a in m.legal_actions() if str(a) == f"resupply:{first},row:1"), None)
    if best is not None:
        table.draw(app.screen)
        coaching.draw_spots(app.screen, table._hint_spots(best), table.clock)
        table._draw_over_hint(app.screen)
        pygame.image.save(app.screen, str(out / "hint_ring_under_headings.png"))
    app.pop().exit()

    # --- results: a win, and everybody loses.
    from game.ui.scenes.results import ResultsScene

    won = lost = None
    for seed in range(400):
        m = Match(GAME, [Seat("Ana"), Seat("Dusty Pete", "bot", lvl), Seat("Nell", "bot", lvl)], seed)
        r = random.Random(seed)
        while not m.is_over():
            m.apply(r.choice(m.legal_actions()))
        if m.state.outcome().winners and won is None:
            won = m
        if not m.state.outcome().winners and lost is None:
            lost = m
        if won and lost:
            break
    for name, match in (("results_win", won), ("results_everybody_loses", lost)):
        if match is None:
            continue
        scene = ResultsScene(match, rng=random.Random(1))
        app.push(scene)
        steps(app, 60)
        app.screenshot(out / f"{name}.png")
        app.pop()
    print(out)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "dr_shots"))
