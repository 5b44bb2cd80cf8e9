"""A tour of a table: a seeded game played through the real App, humans and bots, every frame
drawn, with what the tests of on-screen text look at collected on the way.

At each human decision the tour points the mouse at things that have tooltips (cards, dice, hexes,
a disabled button) and draws a frame, then plays a random legal move the way a player does: Ya
Blew It! presses a button's key (placing Safes with 1-6 first, sometimes on a stack the player
lacks, which is refused with a message); Gold Mine assembles the move with the keyboard one
choice at a time, drawing a frame after each, and tries to confirm it before it is complete; Big
Dig picks a card by its key, turns and mirrors its ghost with R and M, sometimes tries a spot the
rules refuse first, then points at the right one and presses Enter; Grim Prospects points at cards,
sometimes presses a key the rules refuse, places Bundles by a click, keeps a prospected card by
its number and orders the rest with Shift+arrows; Diamond in the Rough turns a hidden hot-seat
hand up, points at cards and the deck, sometimes presses an action key the rules refuse, then
assembles the move with its keys (the action, each choice's number, Enter). Bots play
themselves; a hot-seat curtain is lifted with Space, as the next player would. Import the
headless drivers before this module (it imports pygame).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.core.match import Match, Seat
from game.games.gold_mine.board import step as hex_step
from game.games.gold_mine.rules import Move
from game.games.ya_blew_it.cards import SAFE
from game.games.ya_blew_it.rules import FIRE_PHASE
from game.ui import theme
from game.ui.scenes.setup import MINER_NAMES
from game.ui.tables import base, table_for
from game.ui.tables.ya_blew_it_drawing import COLOURS

HUMAN_NAMES = ("Ana", "Josephine", "Bo", "Maximilian", "Cyd", "Theodora")


def seats(players: int, humans: int, seed: int) -> list[Seat]:
    """`humans` people first, then bots with the setup's own bot names (long ones included)."""
    out = [Seat(HUMAN_NAMES[i]) for i in range(humans)]
    for i in range(humans, players):
        name = MINER_NAMES[(seed * 5 + i) % len(MINER_NAMES)]
        out.append(Seat(name, "bot", "normal" if i % 2 else "easy"))
    return out


@dataclass
class TourResult:
    clipped: list[theme.Clipped] = field(default_factory=list)
    frames: int = 0
    human_turns: int = 0
    events: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)   # whatever a `check` found, frame by frame
    labels: int = 0                                      # floating labels a `check` looked at


def callout_rects(table: Any) -> list[tuple[str, pygame.Rect]]:
    """The floating labels on show, each with the rectangle it covers at full size now."""
    from game.ui.tween import ease_out_cubic

    out = []
    for c in table.callouts:
        age = c.age - c.delay
        if age < 0:
            continue
        t = age / c.duration
        y = c.pos[1] - c.rise * ease_out_cubic(min(1.0, t * 1.4))
        rect = c.image.get_rect(center=(int(c.pos[0]), int(y)))
        if table.callout_clamp:
            rect.clamp_ip(base.SCREEN)
        out.append((getattr(c, "text", ""), rect))
    return out


def banner_text(table: Any) -> str:
    return "".join(t for t, _ in table.banner_segments())


def _move(app: Any, pos: tuple[float, float]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                  buttons=(0, 0, 0)))


def _key(app: Any, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def tour(app: Any, game: str, players: int, humans: int, seed: int, dt: float,
         check: Callable[[Any, TourResult], None] | None = None, max_frames: int = 40000) -> TourResult:
    """Play one seeded game on `app`'s table to its end, every frame drawn; `check(table, result)`
    runs after each frame. Texts that did not fit are in `result.clipped`."""
    # Pictures cached by an earlier game would be drawn without being measured again.
    base.banner_image.cache_clear()
    base.tooltip_image.cache_clear()
    match = Match(game, seats(players, humans, seed), seed)
    table = table_for(match)
    app.push(table)
    rng = random.Random(seed * 7919 + players)
    result = TourResult()
    table.event_listener = lambda ev: result.events.append(ev.text)

    def frame() -> None:
        seen = len(found)
        app.step(dt)
        result.frames += 1
        if app.top is not table:
            del found[seen:]  # the frame that left the table drew the next screen: not ours
        if check is not None and app.top is table:
            check(table, result)

    from helpers import lift_curtain

    from game.ui.scenes.dialogs import PassScreen

    with theme.watch_clipping() as found:
        while result.frames < max_frames:
            if isinstance(app.top, PassScreen):   # hot-seat: the next player lifts the curtain
                lift_curtain(app)
            if app.top is not table:
                break
            frame()
            if app.top is table and table.idle and match.human_to_move() and not match.is_over():
                frame()  # an idle table builds its buttons on its next frame
                result.human_turns += 1
                if game == "ya_blew_it":
                    _ya_blew_it_turn(app, table, rng, frame)
                elif game == "big_dig":
                    _big_dig_turn(app, table, rng, frame)
                elif game == "grim_prospects":
                    _grim_turn(app, table, rng, frame)
                elif game == "diamond_in_the_rough":
                    _diamond_turn(app, table, rng, frame)
                else:
                    _gold_mine_turn(app, table, rng, frame)
        result.clipped = list(found)
    assert match.is_over(), f"the tour of {game} (seed {seed}) did not finish in {max_frames} frames"
    return result


def _ya_blew_it_turn(app: Any, table: Any, rng: random.Random, frame: Callable[[], None]) -> None:
    match = table.match
    model = table.model
    # A card's tooltip: one in the Claim, or one in somebody's scoring area.
    spots = [table.claim_pos(i, len(model.claim)) for i in range(len(model.claim))]
    for p in range(table.n):
        for cid in model.areas[p]:
            spots.append(table.area_pos(p, cid))
    if spots:
        _move(app, rng.choice(spots))
        frame()
    _move(app, (2, 2))
    if match.state.phase == FIRE_PHASE:
        p = match.to_move()
        if match.state.owned(p, SAFE) or rng.random() < 0.3:
            for _ in range(rng.randint(1, 3)):
                _key(app, pygame.K_1 + rng.randrange(len(COLOURS)))  # refused when there is no stack
                frame()
        _key(app, pygame.K_r)
        return
    action = rng.choice(match.legal_actions())
    from game.ui.tables.ya_blew_it_drawing import ACTION_UI

    _key(app, ACTION_UI[action.kind][1])


def _gold_mine_turn(app: Any, table: Any, rng: random.Random, frame: Callable[[], None]) -> None:
    match = table.match
    state = match.state
    # Tooltips: a die, then a hex.
    _move(app, table.die_rect(rng.randrange(4)).center)
    frame()
    hexes = state.map.hexes()
    _move(app, table.view.centre(rng.choice(hexes)))
    frame()
    if table.choosing():
        # Choosing a start point: hover an X (its tooltip), pick one by its number, choose it.
        free = table.free_starts()
        pick = rng.choice(free)
        _move(app, table.view.centre(pick))
        frame()
        _key(app, pygame.K_1 + table.start_number(pick) - 1)
        frame()
        _key(app, pygame.K_RETURN)
        return
    options = state.options()
    option = rng.choice(options)
    mv = Move.from_action(option.action)

    def press(k: int) -> None:
        _key(app, k)
        frame()

    def adjust(slot: str, change: int) -> None:
        # The builder picks a die with the cheapest change that works, and ↑/↓ step to the next
        # change that still does: step until the row holds the change this move pays.
        for _ in range(10):
            now = table.moves.change_of(slot)
            if now == change:
                return
            press(pygame.K_UP if change > now else pygame.K_DOWN)

    press(pygame.K_1 + mv.action_die)
    adjust("action", mv.action_change)
    if mv.new_die is not None:
        press(pygame.K_1 + mv.new_die)
        adjust("new", mv.new_change)
    if mv.dir_die is not None:
        press(pygame.K_1 + mv.dir_die)
        adjust("dir", mv.dir_change)
        press(pygame.K_1 + mv.dist_die)
        adjust("dist", mv.dist_change)
    if table.current_action() is None or table.why_not():
        # Not complete yet (a blast or a block's second hex): point at the disabled Confirm,
        # and press Enter, which is refused with the reason.
        confirm = table.button_for("Confirm")
        if confirm is not None:
            _move(app, confirm.rect.center)
            frame()
        press(pygame.K_RETURN)
    if mv.second is not None:
        for _ in range(8):
            if table.move.second == mv.second:
                break
            press(pygame.K_RIGHT)
        if table.move.second != mv.second:
            centre = table.preview().path[-1]
            _move(app, table.view.centre(hex_step(centre, mv.second)))
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=tuple(int(v) for v in table.view.centre(hex_step(centre, mv.second)))))
            frame()
    _move(app, (2, 2))
    assert table.current_action() == option.action, "the tour built another move than it meant to"
    press(pygame.K_RETURN)


def _big_dig_turn(app: Any, table: Any, rng: random.Random, frame: Callable[[], None]) -> None:
    from game.games.big_dig.cards import normalise
    from game.ui.tables.big_dig import anchor_of

    match = table.match
    state = match.state

    def press(k: int) -> None:
        _key(app, k)
        frame()

    def point(sq: tuple[int, int]) -> None:
        _move(app, table.view.square_rect(sq).center)
        frame()

    # Tooltips: a goal, a card.
    _move(app, table.goal_rect(rng.randrange(3)).center)
    frame()
    _move(app, table.card_rect(rng.randint(1, 5)).center)
    frame()
    action = rng.choice(match.legal_actions())
    squares = [tuple(int(v) for v in a.split(".")) for a in action.args if "." in a]
    if action.kind == "pass":
        press(pygame.K_p)
        return
    if action.kind == "bonus":
        point(squares[0])
        press(pygame.K_RETURN)
        return
    card = int(action.args[0])
    if action.kind == "explode":
        press(pygame.K_e)
        press(pygame.K_0 + card)
        point(squares[0])
        press(pygame.K_RETURN)
        return
    press(pygame.K_0 + card)
    target = normalise(squares)
    for turn in range(8):
        if table.shape() == target:
            break
        press(pygame.K_m if turn == 3 else pygame.K_r)   # four quarter turns, then the mirror image
    assert table.shape() == target, "the tour could not turn the card the way it meant to"
    if rng.random() < 0.4:
        # A spot the rules refuse: its reason is drawn by the ghost, and Enter is refused.
        point((rng.randrange(state.board.width), state.board.height - 1))
        press(pygame.K_RETURN)
    ax, ay = anchor_of(target)
    point((min(x for x, _ in squares) + ax, min(y for _, y in squares) + ay))
    assert table.current_action() == action, "the tour built another move than it meant to"
    press(pygame.K_RETURN)


def _grim_turn(app: Any, table: Any, rng: random.Random, frame: Callable[[], None]) -> None:
    from game.ui.tables.grim_prospects import ACTIONS

    match = table.match
    if table.hand_hidden:   # hot-seat: turn the hand up
        _click(app, table.hand_rect(0).center)
        frame()
    # Tooltips: a card somewhere on the table, then a greyed button.
    things = [r for what, r in table.things() if "card" in what or "Inventory" in what]
    if things:
        _move(app, rng.choice(things).center)
        frame()
    greyed = [b for _, b in table.buttons if not b.enabled]
    if greyed:
        _move(app, rng.choice(greyed).rect.center)
        frame()
    _move(app, (2, 2))
    if match.state.phase == "choose":
        ch = table.chooser
        _key(app, pygame.K_1 + rng.randrange(len(ch.order)))
        frame()
        if rng.random() < 0.5:
            _key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
            frame()
        _key(app, pygame.K_RETURN)
        return
    if rng.random() < 0.3:   # a key the rules may refuse: the reason shows in the status line
        _key(app, rng.choice([pygame.K_3, pygame.K_b, pygame.K_x, pygame.K_e]))
        frame()
        if not (table.idle and match.human_to_move()):
            return
    action = rng.choice(match.legal_actions())
    if action.kind == "place":
        hand = table.hand_cards()
        _click(app, table.hand_rect(hand.index(int(action.args[0])), len(hand)).center)
        return
    keys = {kind: k for kind, _, k in ACTIONS}
    _key(app, keys[str(action)])


def _click(app: Any, pos: tuple[float, float]) -> None:
    p = (int(pos[0]), int(pos[1]))
    _move(app, p)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=p))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=p))


# ---------------------------------------------------------------------------- Diamond in the Rough
DIAMOND_MODE_KEYS = {"bomb": pygame.K_b, "resupply": pygame.K_r, "invest": pygame.K_i, "retire": pygame.K_t}


def diamond_picks(action: str) -> list[str]:
    """The choices, step by step, that make `action` on the Diamond in the Rough table."""
    kind, _, rest = action.partition(":")
    args = rest.split(",") if rest else []
    if kind in ("bomb", "resupply"):
        return args
    if kind == "retire":
        return [rest]
    if kind == "invest":
        return ["deck"] if args == ["deck"] else ["row", args[0], f"row:{args[1]}"]
    if kind == "row":
        return ["row", args[0]]
    if kind == "deck":
        return ["deck"]
    return ["steal"] + args     # steal, steal:deck, steal:row:<i>


def diamond_leads_to(picks: list[str], action: str) -> bool:
    """Whether the choices `picks` are on the way to `action`."""
    want = diamond_picks(action)
    if len(picks) > len(want):
        return False
    if action.startswith("invest:row:"):
        return picks[0] == "row" and all(p in want[1:] for p in picks[1:]) and len(set(picks)) == len(picks)
    return want[:len(picks)] == picks


def diamond_by_keys(app: Any, table: Any, action: str, frame: Callable[[], None] = lambda: None) -> None:
    """Play `action` through the Diamond table's keys: the action's key, each choice's number,
    Enter; `frame()` after every key."""
    kind = action.split(":")[0]
    if kind == "pass":
        _key(app, pygame.K_p)
        return
    if kind in DIAMOND_MODE_KEYS:
        _key(app, DIAMOND_MODE_KEYS[kind])
        frame()
    for _ in range(6):
        if table.current_action() == action:
            break
        step = table.step()
        assert step is not None, (action, table.picks)
        number = next((i + 1 for i, o in enumerate(step.options) if diamond_leads_to(table.picks + [o.key], action)),
                      None)
        assert number is not None, f"no choice leads to {action}: {[o.key for o in step.options]}"
        _key(app, pygame.K_0 + number)
        frame()
    assert table.current_action() == action, (table.current_action(), action)
    _key(app, pygame.K_RETURN)


def _diamond_turn(app: Any, table: Any, rng: random.Random, frame: Callable[[], None]) -> None:
    match = table.match
    if table.my_hand_hidden():
        area = table._my_hand_area()
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=area.center))
        frame()
        frame()
    # Tooltips: a card of the row, one of a hand, the deck.
    me = table.bottom_seat()
    spots = [r.center for r in table.row_rects()] + [r.center for r in table.hand_rects(me)]
    for q in table.opponents():
        spots += [r.center for r in table.hand_rects(q)] + [r.center for r in table.tableau_rects(q)]
    if spots:
        _move(app, rng.choice(spots))
        frame()
    _move(app, (2, 2))
    # Sometimes an action key the rules refuse: its reason shows in the message line.
    refused = [m for m in DIAMOND_MODE_KEYS if table.mode_reason(m)]
    if refused and rng.random() < 0.4 and table.phase() != "reward":
        _key(app, DIAMOND_MODE_KEYS[rng.choice(refused)])
        frame()
    action = str(rng.choice(match.legal_actions()))
    diamond_by_keys(app, table, action, frame)
