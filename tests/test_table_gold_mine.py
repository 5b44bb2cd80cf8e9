"""The Gold Mine table scene and its map, driven headless through the real App (SDL dummy drivers).

Whole bots-only games reach the results screen with the display never drifting from the rules; a
human assembles moves with the keyboard and with the mouse, and what they build is exactly a legal
action, applied and autosaved; the map's preview says what `rules.preview` says; every hex centre
hit-tests back to its hex; the setup's map chooser lists a broken user map with its reason and
refuses it; the demo tool writes PNGs for Gold Mine.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import (NAMES, bots, click, humans, key, run_until_human, save_files, saved_actions,  # noqa: E402
                     spy_text_places)

from game.core.contract import Action  # noqa: E402
from game.core.match import BOT, Match, Seat  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.words import money  # noqa: E402
from game.games.gold_mine.board import step  # noqa: E402
from game.games.gold_mine.rules import INFO, GoldMineState, Move  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# Every test gets a fresh display; `app`, `make_app` and `home` are in conftest.py.
pytestmark = pytest.mark.usefixtures("fresh_display")


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gold Mine in the game registry (a no-op once the registry lists it)."""
    import game.games as games

    if "gold_mine" not in games.GAMES:
        monkeypatch.setitem(games.GAMES, "gold_mine", INFO)


def gm(match: Match) -> GoldMineState:
    """The match's state, as the Gold Mine state it is."""
    state = match.state
    assert isinstance(state, GoldMineState)
    return state


def open_table(app, match: Match):  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for

    table = table_for(match)
    app.push(table)
    return table


def run_until_human_plays(app, table) -> None:  # type: ignore[no-untyped-def]
    """Until a human decides in play: humans choosing a start point take the first free X with
    its number key and Enter (bots choose on their own)."""
    while True:
        run_until_human(app, table)
        if not table.choosing():
            return
        free = table.free_starts()
        key(app, pygame.K_0 + table.start_number(free[0]))
        assert table.start_pick == free[0]
        key(app, pygame.K_RETURN)


def pick_options(match: Match, rng: Rng, count: int) -> list[Action]:
    """A spread of legal actions: every kind there is, with and without paid changes."""
    opts = gm(match).options()
    chosen: list[Action] = []
    for want in ("mine", "blow", "block", "barrier", "income"):
        for modifier in (False, True):
            same = [o for o in opts if o.kind == want and o.modifier == modifier]
            if same:
                chosen.append(rng.choice(same).action)
    rest = [o.action for o in opts if o.action not in chosen]
    while rest and len(chosen) < count:
        chosen.append(rest.pop(rng.below(len(rest))))
    return chosen


# ---------------------------------------------------------------------------- assembling moves
def assemble_with_keys(app, table, action: Action) -> None:  # type: ignore[no-untyped-def]
    """Build `action` with the keyboard only: 1-4 pick dice, Up/Down pay for changes, Left/Right
    choose the second hex."""
    mv = Move.from_action(action)

    def adjust(slot: str, change: int) -> None:
        # Up/Down go to the next value that still ends in a legal action, so a few presses at most.
        for _ in range(12):
            now = table.moves.change_of(slot)
            if now == change:
                return
            key(app, pygame.K_UP if change > now else pygame.K_DOWN)
        assert table.moves.change_of(slot) == change, f"keys never set {slot} to {change:+d}"

    key(app, pygame.K_1 + mv.action_die)
    adjust("action", mv.action_change)
    if mv.new_die is not None:
        key(app, pygame.K_1 + mv.new_die)
        adjust("new", mv.new_change)
    if mv.dir_die is not None:
        key(app, pygame.K_1 + mv.dir_die)
        adjust("dir", mv.dir_change)
        # Picks the distance die, or (dice modifier: it was filled in) puts the keys on its row.
        key(app, pygame.K_1 + mv.dist_die)
        adjust("dist", mv.dist_change)
    if mv.second is not None:
        for _ in range(8):
            if table.move.second == mv.second:
                break
            key(app, pygame.K_RIGHT)


def assemble_with_mouse(app, table, action: Action) -> None:  # type: ignore[no-untyped-def]
    """Build `action` with the mouse only: click dice, the -1/+1 buttons, and the second hex."""
    mv = Move.from_action(action)

    def adjust(slot: str, change: int) -> None:
        for _ in range(12):
            app.step(1 / 60)  # the buttons follow the move
            now = table.moves.change_of(slot)
            if now == change:
                return
            b = table.change_button(slot, 1 if change > now else -1)
            assert b is not None and b.enabled, f"no enabled button to change {slot}"
            click(app, b.rect.center)
        assert table.moves.change_of(slot) == change

    click(app, table.die_rect(mv.action_die).center)
    adjust("action", mv.action_change)
    if mv.new_die is not None:
        click(app, table.die_rect(mv.new_die).center)
        adjust("new", mv.new_change)
    if mv.dir_die is not None:
        click(app, table.die_rect(mv.dir_die).center)
        adjust("dir", mv.dir_change)
        if table.move.dist_die != mv.dist_die:
            click(app, table.die_rect(mv.dist_die).center)
        adjust("dist", mv.dist_change)
    if mv.second is not None:
        centre = table.preview().path[-1]
        click(app, table.view.centre(step(centre, mv.second)))


def test_keyboard_builds_exactly_the_legal_action_and_it_is_played_and_saved(make_app, home: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    rng = Rng(5)
    played = 0
    kinds: set[str] = set()
    for seed in (3, 8, 21):
        match = Match("gold_mine", [Seat("Ana"), Seat("Bo", "bot", "easy")], seed)
        table = open_table(app, match)
        for _ in range(3):
            run_until_human_plays(app, table)
            for action in pick_options(match, rng, 12):
                assemble_with_keys(app, table, action)
                assert table.current_action() == action, f"keys built {table.current_action()}, wanted {action}"
                assert table.why_not() == ""
                kinds.add(action.kind)
                key(app, pygame.K_BACKSPACE)  # take the move apart again, step by step
                for _ in range(6):
                    key(app, pygame.K_BACKSPACE)
                assert table.move == Move()
            action = pick_options(match, rng, 1)[0]
            assemble_with_keys(app, table, action)
            before = len(match.actions)
            key(app, pygame.K_RETURN)
            assert len(match.actions) == before + 1 and match.actions[-1] == str(action)
            assert saved_actions(home)[-1] == str(action)
            played += 1
        app.pop()
    assert played == 9
    assert {"mine", "blow", "block", "barrier", "mod"} <= kinds


def test_mouse_builds_exactly_the_legal_action_and_it_is_played(make_app, home: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    rng = Rng(9)
    match = Match("gold_mine", [Seat("Ana"), Seat("Bo", "bot", "normal")], 8)
    table = open_table(app, match)
    for _ in range(4):
        run_until_human_plays(app, table)
        for action in pick_options(match, rng, 6):
            assemble_with_mouse(app, table, action)
            assert table.current_action() == action, f"clicks built {table.current_action()}, wanted {action}"
            app.step(1 / 60)
            undo = table.button_for("Back")
            assert undo is not None
            for _ in range(7):
                if table.move == Move():
                    break
                click(app, undo.rect.center)
                app.step(1 / 60)
                undo = table.button_for("Back")
            assert table.move == Move()
        action = pick_options(match, rng, 1)[0]
        assemble_with_mouse(app, table, action)
        app.step(1 / 60)
        confirm = table.button_for("Confirm")
        assert confirm is not None and confirm.enabled
        click(app, confirm.rect.center)
        assert match.actions[-1] == str(action)
        assert saved_actions(home)[-1] == str(action)


def test_clicking_a_target_hex_chooses_the_cheapest_legal_dice(app) -> None:  # type: ignore[no-untyped-def]
    match = Match("gold_mine", [Seat("Ana"), Seat("Bo")], 3)
    table = open_table(app, match)
    run_until_human_plays(app, table)
    state = gm(match)
    mines = [o for o in state.options() if o.kind == "mine" and not o.modifier]
    assert mines
    target = min(mines, key=lambda o: (o.change_cost, -o.gain))
    a = Move.from_action(target.action).action_die
    same_die = [o for o in mines if Move.from_action(o.action).action_die == a
                and Move.from_action(o.action).action_change == Move.from_action(target.action).action_change
                and o.direction == target.direction and o.distance == target.distance]
    cheapest = min(o.change_cost for o in same_die)
    key(app, pygame.K_1 + a)
    for _ in range(abs(Move.from_action(target.action).action_change)):
        key(app, pygame.K_UP if Move.from_action(target.action).action_change > 0 else pygame.K_DOWN)
    seat = match.to_move()
    assert seat is not None
    start = state.pos[seat]
    click(app, table.view.centre(step(start, target.direction, target.distance)))
    action = table.current_action()
    assert action is not None and action in match.legal_actions()
    chosen = next(o for o in state.options() if o.action == action)
    assert (chosen.direction, chosen.distance) == (target.direction, target.distance)
    assert chosen.change_cost == cheapest


# ---------------------------------------------------------------------------- start points
def hover(app, pos: tuple[float, float]) -> None:  # type: ignore[no-untyped-def]
    p = (int(round(pos[0])), int(round(pos[1])))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def banner(table) -> str:  # type: ignore[no-untyped-def]
    return "".join(text for text, _ in table.banner_segments())


def test_a_human_chooses_a_start_point_with_keys_or_the_mouse_and_sees_the_free_x(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    from game.games.gold_mine.rules import choosing_order, start_action

    # Four humans, Dee starts round 1: Cyd, Bo, Ana and Dee choose, in that order.
    match = Match("gold_mine", humans(4), 3, {"first_player": 3})
    table = open_table(app, match)
    state = gm(match)
    starts = state.map.starts
    assert list(choosing_order(3, 4)) == [2, 1, 0, 3]
    run_until_human(app, table)
    assert table.choosing() and match.to_move() == 2
    assert banner(table).startswith("Cyd, choose your starting point")
    shown = table.map_preview()
    assert shown is not None and set(shown.choices) == set(starts) and not shown.targets
    # Hovering an X says which it is; the keys pick one out (Tab goes round the free ones).
    hover(app, table.view.centre(starts[1]))
    assert table.tooltip_text().startswith("Start point 2 (") and "free" in table.tooltip_text()
    key(app, pygame.K_3)
    assert table.start_pick == starts[2] and table.map_preview().targets == (starts[2],)
    key(app, pygame.K_TAB)
    assert table.start_pick == starts[3]
    key(app, pygame.K_RETURN)
    assert match.actions == [str(start_action(starts[3]))]
    assert saved_actions(home) == match.actions
    run_until_human(app, table)
    # The chosen X shows Cyd's miner; Bo cannot take it, and the reason is said.
    assert table.model.pos[2] == starts[3] and match.to_move() == 1
    assert "Cyd starts here" in table._start_words(starts[3])
    click(app, table.view.centre(starts[3]))
    assert len(match.actions) == 1 and "Cyd already starts" in table.message
    key(app, pygame.K_4)
    assert table.start_pick is None
    key(app, pygame.K_2)   # a free X picked out: the refusal of the other no longer stands beside it
    assert table.start_pick == starts[1] and table.message_time == 0
    # A click on a free X chooses it; so does its "Start here" button.
    click(app, table.view.centre(starts[0]))
    assert match.actions[-1] == str(start_action(starts[0]))
    run_until_human(app, table)
    button = table.buttons[0]
    assert button.label == "Start here" and len(table.buttons) == 2
    click(app, button.rect.center)
    assert match.actions[-1] == str(start_action(starts[1]))
    # Dee, the starting player, is left the last X: it is hers without asking, and round 1 begins.
    run_until_human(app, table)
    assert not table.choosing() and gm(match).pos == [starts[1], starts[0], starts[3], starts[2]]
    assert table.model.round_no == 1 and match.to_move() == 3 and table.drift == 0


def test_a_bots_start_point_is_shown_on_the_map_before_it_is_taken(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("normal")
    seats = [Seat("Ana"), Seat("Bo", "bot", "normal"), Seat("Cyd", "bot", "easy")]
    match = Match("gold_mine", seats, 6, {"first_player": 0})   # Cyd, Bo, then Ana choose
    table = open_table(app, match)
    seen = []
    for _ in range(3000):
        app.step(1 / 60)
        if table.bot_move is not None and (not seen or seen[-1] != table.bot_move[0]):
            action = table.bot_move[0]
            seen.append(action)
            shown = table.map_preview()
            assert shown is not None and shown.kind == "start" and len(shown.choices) == 1
            name = match.seats[match.to_move()].name
            assert f"{name}: chooses start point" in banner(table)
            assert str(action) not in match.actions  # shown first, played after
        if table.idle and match.human_to_move():
            break
    assert [str(a) for a in seen] == match.actions and len(seen) == 2
    assert table.model.pos[2] is not None and table.model.pos[1] is not None
    app.step(1 / 60)
    assert banner(table).startswith("Ana, choose your starting point")
    taken = {table.model.pos[1], table.model.pos[2]}
    assert table.free_starts() == [h for h in gm(match).map.starts if h not in taken]


# ---------------------------------------------------------------------------- reasons
def test_a_die_taken_by_another_player_is_refused_with_the_reason(app) -> None:  # type: ignore[no-untyped-def]
    match = Match("gold_mine", humans(2), 4)
    table = open_table(app, match)
    run_until_human_plays(app, table)
    first = match.legal_actions()[0]
    taken = Move.from_action(first).action_die
    assert taken is not None
    match.apply(first)
    run_until_human_plays(app, table)
    key(app, pygame.K_1 + taken)
    assert table.move.action_die is None
    owner = gm(match).taken[taken]
    assert owner is not None
    assert "already" in table.message and NAMES[owner] in table.message


def test_dimmed_dice_and_change_buttons_say_why_on_hover(app) -> None:  # type: ignore[no-untyped-def]
    checked_dice = checked_buttons = 0
    for seed in range(1, 12):
        match = Match("gold_mine", humans(2), seed)
        table = open_table(app, match)
        run_until_human_plays(app, table)
        rng = Rng(seed)
        for _ in range(rng.below(4)):
            match.apply(rng.choice(match.legal_actions()))
            run_until_human_plays(app, table)
        for i, why in table.moves.die_choices().items():
            if why is not None:
                hover(app, table.die_rect(i).center)
                assert f"Not now: {why}" in table.tooltip_text()
                checked_dice += 1
        free = [i for i, why in table.moves.die_choices().items() if why is None]
        key(app, pygame.K_1 + free[0])
        app.step(1 / 60)
        for delta in (-1, 1):
            b = table.change_button("action", delta)
            nxt, why = table.moves.change_choice("action", delta)
            assert b is not None and b.enabled == (nxt is not None)
            if not b.enabled:
                hover(app, b.rect.center)
                assert table.tooltip_text() == why[:1].upper() + why[1:]
                checked_buttons += 1
        app.pop()
    assert checked_dice > 0 and checked_buttons > 0


def test_the_row_the_arrow_keys_change_says_so(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The −1/+1 buttons show their prices, not a key: the row ↑/↓ change names the keys, and
    only that row (Tab moves it to another)."""
    from helpers import spy_text

    from game.ui.tables import gold_mine_drawing

    match = Match("gold_mine", humans(2), 3)
    table = open_table(app, match)
    run_until_human_plays(app, table)
    key(app, pygame.K_1 + next(i for i, why in table.moves.die_choices().items() if why is None))
    app.step(1 / 60)
    drawn = spy_text(monkeypatch, gold_mine_drawing)
    app.step(1 / 60)
    assert table.moves.focus_slot() == "action"
    assert sum(1 for t in drawn if t.startswith("↑/↓ change it")) == 1


def test_an_impossible_move_shows_the_rules_reason_and_enter_does_nothing(app) -> None:  # type: ignore[no-untyped-def]
    match = Match("gold_mine", [Seat("Ana"), Seat("Bo")], 3)
    table = open_table(app, match)
    run_until_human_plays(app, table)
    state = gm(match)
    # Find a complete move the rules refuse (a tunnel into rock or off the map, or too dear).
    bad = None
    for a in state.free_dice():
        for d in range(4):
            for dl in range(4):
                if len({a, d, dl}) < 3:
                    continue
                for ch in range(-5, 6):
                    mv = Move(a, 1 - state.dice[a], None, 0, d, 0, dl, ch)
                    if not 1 <= state.dice[dl] + ch <= 6 or not 1 <= state.dice[a] + mv.action_change <= 6:
                        continue
                    pv = state.preview(mv)
                    if not pv.allowed and pv.kind == "mine":
                        bad = (mv, pv)
                        break
                if bad:
                    break
            if bad:
                break
        if bad:
            break
    assert bad is not None
    mv, pv = bad
    table.move = mv
    table._buttons_key = None
    app.step(1 / 60)
    assert table.why_not() == pv.reason[:1].upper() + pv.reason[1:]
    confirm = table.button_for("Confirm")
    assert confirm is not None and not confirm.enabled and confirm.reason == table.why_not()
    before = len(match.actions)
    key(app, pygame.K_RETURN)
    assert len(match.actions) == before
    assert table.message == table.why_not()


# ---------------------------------------------------------------------------- the preview
def test_the_map_preview_is_what_the_rules_preview_says(app) -> None:  # type: ignore[no-untyped-def]
    match = Match("gold_mine", [Seat("Ana"), Seat("Bo"), Seat("Cyd")], 12)
    table = open_table(app, match)
    rng = Rng(12)
    checked = 0
    for _ in range(9):
        run_until_human_plays(app, table)
        state = gm(match)
        for action in pick_options(match, rng, 15):
            table.move = replace(Move.from_action(action), kind=None)
            pv = table.preview()
            truth = state.preview(action)
            assert pv is not None
            for f in ("allowed", "kind", "direction", "distance", "start", "end", "path", "stop", "blasted",
                      "blocked", "barrier", "collected", "fees", "cost", "gain"):
                assert getattr(pv, f) == getattr(truth, f), f"{action}: {f}"
            shown = table.map_preview()
            if truth.kind == "income":
                assert shown is not None and shown.label == money(truth.income - truth.change_cost, signed=True)
            else:
                assert shown is not None
                assert shown.path == truth.path
                if truth.kind == "blow":
                    assert shown.area == truth.blasted
                elif truth.kind == "block":
                    assert shown.area == truth.blocked
                assert {(n.hex, n.text) for n in shown.notes if n.good} == {(h, money(x, signed=True)) for h, x in truth.collected}
                assert shown.label == f"net {money(truth.net, signed=True)}"
            assert table.current_action() == action
            checked += 1
        table.move = Move()
        match.apply(rng.choice(match.legal_actions()))
    assert checked > 40


def test_a_preview_drawn_in_its_own_bounds_is_the_one_drawn_over_the_whole_map(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The preview is drawn on a surface just the size of what it covers (`_preview_bounds`): the
    same pixels land on the map as when it is drawn over the whole map, for every kind of move and
    for rays still waiting for their distance."""
    match = Match("gold_mine", [Seat("Ana"), Seat("Bo"), Seat("Cyd")], 31)
    table = open_table(app, match)
    view = table.view
    rng = Rng(31)

    def landed(pv) -> bytes:  # type: ignore[no-untyped-def]
        img, rect = view._render_preview(pv)
        page = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        page.blit(img, rect)
        return pygame.image.tobytes(page, "RGBA")

    previews = []
    for _ in range(8):
        run_until_human_plays(app, table)
        for action in pick_options(match, rng, 12):
            move = replace(Move.from_action(action), kind=None)
            for shown in (move, replace(move, dist_die=None, dist_change=0, second=None)):
                table.move = shown
                pv = table.map_preview()
                if pv is not None and pv.kind not in ("income", "aim"):
                    previews.append(pv)
        table.move = Move()
        match.apply(rng.choice(match.legal_actions()))
    assert {pv.kind for pv in previews} >= {"mine", "blow", "block", "barrier", "ray"}
    own = [landed(pv) for pv in previews]
    monkeypatch.setattr(view, "_preview_bounds", lambda pv: view.rect.copy())  # the whole map
    for pv, drawn in zip(previews, own):
        whole = landed(pv)
        assert drawn == whole, f"{pv.kind} from {pv.origin}: the preview lost pixels at its edge"
        assert whole != bytes(len(whole)), "nothing was drawn"


def test_the_table_under_the_map_is_drawn_again_whole_when_the_marks_change(app) -> None:  # type: ignore[no-untyped-def]
    """The table and the map's base are one surface, made once and redrawn only where the map is:
    after every move it is what drawing the table and the base afresh gives."""
    from game.ui.tables.gold_mine_drawing import MAP, _table_background

    match = Match("gold_mine", [Seat("Ana", "bot", "easy"), Seat("Bo", "bot", "easy"), Seat("Cyd", "bot", "easy")], 5)
    table = open_table(app, match)
    rng = Rng(3)
    changes = 0
    last = None
    while not match.is_over() and changes < 12:
        match.apply(rng.choice(match.legal_actions()))
        app.step(1 / 60)
        marks = table.model.marks()
        changes += marks != last
        last = marks
        fresh = _table_background().copy()
        fresh.blit(table.view.base(marks), MAP.topleft)
        assert pygame.image.tobytes(table._static_surface(), "RGB") == pygame.image.tobytes(fresh.convert(), "RGB")
    assert changes >= 12


def test_a_full_frame_leaves_the_maps_redraw_to_the_next_one(app) -> None:  # type: ignore[no-untyped-def]
    """A frame whose update already took long (a move applied, a beat begun) shows the map's new
    marks one frame later, never two; a drawing that follows no update (a screenshot) never waits."""
    match = Match("gold_mine", [Seat("Ana", "bot", "easy"), Seat("Bo", "bot", "easy")], 6)
    table = open_table(app, match)
    app.step(1 / 60)
    before = pygame.image.tobytes(table._static_surface(), "RGB")
    table.model.blasted.add(match.state.map.mine_hexes()[0])     # the marks change
    assert pygame.image.tobytes(table._static_surface(wait=True), "RGB") == before
    after = pygame.image.tobytes(table._static_surface(wait=True), "RGB")   # waited once already
    assert after != before
    # Whether a frame has room: asked once per drawing, and only after an update.
    table.FRAME_ROOM = -1.0       # every update counts as a full frame
    table.update(0.0)
    assert not table.frame_has_room()
    assert table.frame_has_room()  # the next drawing follows no update
    table.FRAME_ROOM = 10.0
    table.update(0.0)
    assert table.frame_has_room()


def test_every_sprite_a_later_map_needs_is_drawn_before_play_needs_it() -> None:
    """`prewarm` and then `warm_next` (one sprite per frame with room) leave nothing to draw for
    any base, whichever mines are mined or blown."""
    from game.games.gold_mine.tmx import load_map
    from game.ui import hexmap

    pygame.display.init()
    game_map = load_map(ROOT / "maps" / "gold_mine.tmx")
    view = hexmap.HexMapView(game_map, pygame.Rect(8, 52, 641, 661))   # a size no other test draws
    view.prewarm()
    warmed = 0
    while view.warm_next():
        warmed += 1
    mines = game_map.mine_hexes()
    assert warmed == 2 * len(mines)
    misses = hexmap._hex_sprite_cached.cache_info().misses
    view.base(hexmap.MapMarks(collected=frozenset(mines)))
    view.base(hexmap.MapMarks(blown=frozenset(mines)))
    assert hexmap._hex_sprite_cached.cache_info().misses == misses, "a sprite was drawn during play"


def test_a_blocked_mine_keeps_its_value_readable_over_the_planks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A blast still pays half a blocked mine's value (and the coach may say so): the value is
    drawn over the planks of a blocked mine, and of no other blocked hex nor a taken mine."""
    from game.games.gold_mine.tmx import load_map
    from game.ui import hexmap

    pygame.display.init()
    game_map = load_map(ROOT / "maps" / "gold_mine.tmx")
    view = hexmap.HexMapView(game_map, pygame.Rect(8, 52, 640, 662))
    mines = sorted(game_map.mine_hexes())
    dirt = next(h for h, t in game_map.tiles.items() if t.kind == "dirt")
    tagged: list[tuple[str, int]] = []
    real = hexmap._blocked_value
    monkeypatch.setattr(hexmap, "_blocked_value",
                        lambda s, colour, value: (tagged.append((colour, value)), real(s, colour, value))[1])
    view.base(hexmap.MapMarks(blocks=frozenset({mines[0], mines[1], dirt}), blown=frozenset({mines[1]})))
    tile = game_map.tiles[mines[0]]
    assert tagged == [(tile.colour, tile.value)]


# ---------------------------------------------------------------------------- the map
def test_the_moves_total_is_put_where_it_hides_the_fewest_mine_values() -> None:
    """The pill with a move's total ("net +5$") sat over the upper right corner of the end hex
    and hid a neighbouring mine's value; it takes the corner that hides the fewest (mine values
    and the move's own money notes), and never more than that one corner did."""
    from game.games.gold_mine.tmx import load_map
    from game.ui.hexmap import HexMapView, MapPreview

    game_map = load_map(ROOT / "maps" / "gold_mine.tmx")
    view = HexMapView(game_map, pygame.Rect(8, 52, 640, 662))
    s = view.size
    mines = [view.centre(h) for h in game_map.mine_hexes()]

    def hidden(rect: pygame.Rect) -> int:
        return sum(1 for x, y in mines if rect.inflate(s * 0.5, s * 0.5).collidepoint(x, y))

    better = 0
    for h in game_map.hexes():
        x, y = view.centre(h)
        rect = view.label_rect((80, 24), (x, y), MapPreview("blow", 0, h, end=h))
        assert view.rect.contains(rect)
        old = pygame.Rect(0, 0, 80, 24)
        old.midleft = (int(x + s * 0.62), int(y - s * 0.62))
        if old.right > view.rect.right - 4:
            old.midright = (int(x - s * 0.62), int(y - s * 0.62))
        old.clamp_ip(view.rect)
        assert hidden(rect) <= hidden(old)
        better += hidden(rect) < hidden(old)
    assert better > 10


@pytest.mark.parametrize("rect", [(8, 52, 640, 662), (0, 0, 250, 136), (100, 30, 900, 400)])
def test_every_hex_centre_hit_tests_back_to_its_hex(rect: tuple[int, int, int, int]) -> None:
    from game.games.gold_mine.tmx import load_map
    from game.ui.hexmap import HexMapView

    game_map = load_map(ROOT / "maps" / "gold_mine.tmx")
    view = HexMapView(game_map, pygame.Rect(rect))
    inner = view.size * math.sqrt(3) / 2
    for h in game_map.hexes():
        cx, cy = view.centre(h)
        assert view.hex_at((cx, cy)) == h
        assert view.rect.collidepoint(cx, cy)
        for k in range(12):  # well inside the hex, all round
            a = math.radians(30 * k)
            assert view.hex_at((cx + math.cos(a) * inner * 0.8, cy + math.sin(a) * inner * 0.8)) == h
    assert view.hex_at((view.rect.x - 500, view.rect.y - 500)) is None
    top = min(game_map.hexes(), key=lambda h: view.centre(h)[1])
    tx, ty = view.centre(top)
    assert view.hex_at((tx, ty - view.size * 1.2)) is None  # above the mountain's peak


def test_map_drawing_marks_everything() -> None:
    from game.games.gold_mine.tmx import load_map
    from game.ui.hexmap import HexMapView, MapMarks, MapPreview

    pygame.display.init()
    surface = pygame.Surface((1280, 720))
    game_map = load_map(ROOT / "maps" / "gold_mine.tmx")
    view = HexMapView(game_map, pygame.Rect(8, 52, 640, 662))
    view.prewarm()
    mines = game_map.mine_hexes()
    a, b = game_map.central
    marks = MapMarks(collected=frozenset(mines[:4]), blown=frozenset(mines[4:6]),
                     blocks=frozenset({step(a, 1), step(a, 2)}),
                     barrier_lines=((0, (step(b, 1), step(b, 1, 2))), (1, (step(b, 1),))),
                     barrier_starts=(b, b), tunnels=((0, (a, step(a, 1), step(a, 1, 2))),))
    before = view.base(MapMarks()).copy()
    after = view.base(marks)
    for h in list(marks.collected) + list(marks.blown) + list(marks.blocks):
        x, y = view.centre(h)
        px = (int(x) - view.rect.x, int(y) - view.rect.y)
        assert before.get_at(px) != after.get_at(px), f"{h} looks the same after it changed"
    # The base is drawn on a copy of the silhouette kept for every state: nothing of one state's
    # marks stays behind for the next.
    again = view.base(MapMarks())
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(before, "RGBA")
    names = ["Ana", "Bo"]
    assert "barrier of Ana, Bo" in view.describe(step(b, 1), marks, names)
    assert "BLOCKED" in view.describe(step(a, 1), marks, names)
    pv = MapPreview("mine", 0, a, path=(step(a, 1), step(a, 1, 2)), end=step(a, 1, 2), label="net +3$")
    miners = view.miner_offsets({0: a, 1: a})
    assert miners[0] != miners[1]  # two miners on one hex stand apart
    # How long drawing takes is bench's business (table frame times); here it draws the lot.
    surface.fill((0, 0, 0))
    view.draw(surface, marks, preview=pv, miners=miners, hover=b, clock=0.5)
    for h in (a, step(a, 1, 2), b):
        x, y = view.centre(h)
        assert surface.get_at((int(x), int(y)))[:3] != (0, 0, 0), f"nothing drawn at {h}"


# ---------------------------------------------------------------------------- whole games
@pytest.mark.slow
@pytest.mark.parametrize("players, animation, dt", [(2, "fast", 1 / 20), (4, "instant", 1 / 60)])
def test_bots_play_a_whole_game_to_the_results(make_app, home: Path, players: int, animation: str,  # type: ignore[no-untyped-def]
                                               dt: float) -> None:
    from game.ui.scenes.results import ResultsScene

    app = make_app(animation)
    match = Match("gold_mine", bots(players), seed=7 * players)
    table = open_table(app, match)
    checks = 0
    for _ in range(60000):
        app.step(dt)
        if app.top is not table:
            break
        if table.idle and not match.is_over():
            from game.ui.tables.gold_mine_drawing import MineModel

            assert table.model.rules_key() == MineModel.from_state(gm(match)).rules_key()
            checks += 1
    assert match.is_over(), "the bots did not finish the game"
    assert isinstance(app.top, ResultsScene)
    assert table.drift == 0, "the display model disagreed with the rules state at some point"
    assert checks > 0
    for _ in range(5):
        app.step(dt)
    # A finished game leaves no save behind (nothing to continue) and is kept as a replay.
    assert not save_files(home)
    assert (home / "data" / "replays" / f"{table.match.match_id}.json").exists()


def test_fast_forward_and_space_finish_every_animation(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables.gold_mine_drawing import MineModel

    app = make_app("slow")
    match = Match("gold_mine", humans(2), seed=8)
    table = open_table(app, match)
    app.step(1 / 60)
    assert not table.idle  # the opening (miners, the first roll) is still being shown
    table.fast_forward()
    assert table.idle
    assert table.model.rules_key() == MineModel.from_state(gm(match)).rules_key()
    match.apply(match.legal_actions()[0])
    app.step(1 / 60)
    assert not table.idle
    key(app, pygame.K_SPACE)
    assert table.idle and table.drift == 0


def test_resumed_match_starts_from_its_position_with_its_tunnels(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables.gold_mine_drawing import MineModel

    match = Match("gold_mine", humans(3), seed=4)
    rng = Rng(4)
    for _ in range(14):
        match.apply(rng.choice(match.legal_actions()))
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    table = open_table(app, again)
    app.step(1 / 60)
    assert table.idle
    assert table.model.rules_key() == MineModel.from_state(gm(again)).rules_key()
    mined = [e for e in again.history if e.kind == "mine"]
    assert len(table.model.tunnels) == len(mined)
    assert len(table.model.barrier_starts) == len(gm(again).barriers)
    assert table.log_lines


def test_a_match_saved_while_start_points_are_chosen_resumes_there(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables.gold_mine_drawing import MineModel

    match = Match("gold_mine", humans(3), seed=5, options={"first_player": 1})
    match.apply(match.legal_actions()[1])
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    table = open_table(app, again)
    for _ in range(3):
        app.step(1 / 60)
    assert table.idle and table.choosing() and table.drift == 0
    assert table.model.rules_key() == MineModel.from_state(gm(again)).rules_key()
    assert table.model.round_no == 0 and table.model.pos.count(None) == 2
    surface = pygame.Surface((1280, 720))
    table.draw(surface)
    assert all(d.out for d in table.dice)   # no roll yet: the dice lie in the tray
    free = table.free_starts()
    assert len(free) == 3 and banner(table).startswith(f"{NAMES[again.to_move()]}, choose")
    click(app, table.view.centre(free[-1]))
    assert again.actions[-1] == f"start:{free[-1].q},{free[-1].r}"


def test_escape_opens_the_pause_menu_and_h_the_rules(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.dialogs import PauseMenu
    from game.ui.scenes.rulebook import RulesScene

    match = Match("gold_mine", humans(2), seed=2)
    open_table(app, match)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    app.pop()
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    app.step(1 / 60)


# ---------------------------------------------------------------------------- the setup's maps
def _user_maps(home: Path) -> Path:
    folder = home / "data" / "maps"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("gold_mine_tiles.tsx", "gold_mine_tiles.png"):
        shutil.copy(ROOT / "maps" / name, folder / name)
    text = (ROOT / "maps" / "gold_mine.tmx").read_text("utf-8")
    (folder / "a_broken_hill.tmx").write_text(text.replace('orientation="hexagonal"', 'orientation="orthogonal"'),
                                              "utf-8")
    (folder / "my_hill.tmx").write_text(text.replace('value="The Old Mountain"', 'value="My Hill"'), "utf-8")
    return folder


def test_setup_lists_a_broken_user_map_with_its_reason_and_refuses_it(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.setup import SetupScene

    _user_maps(home)
    setup = SetupScene(INFO)
    app.push(setup)
    app.step(1 / 60)
    chooser = setup.maps
    assert chooser is not None
    titles = [(e.title, e.ok) for e in chooser.entries]
    assert titles == [("The Old Mountain", True), ("A Broken Hill", False), ("My Hill", True)]
    broken = chooser.entries[1]
    assert "orthogonal" in broken.reason and "hexagonal" in broken.reason
    assert chooser.index == 0
    # Clicking the broken map does not choose it; its reason is shown instead.
    click(app, chooser.row_rect(1).center)
    assert chooser.index == 0 and setup.refused is broken
    assert chooser.choose(1) is False and chooser.index == 0
    app.step(1 / 60)
    # The keyboard skips it too.
    chooser.focused = True
    key(app, pygame.K_DOWN)
    assert chooser.index == 2
    key(app, pygame.K_UP)
    assert chooser.index == 0
    key(app, pygame.K_DOWN)
    match = setup.build_match()
    assert match.config.options["map"] == chooser.entries[2].game_map.to_json()
    assert gm(match).map.name == "My Hill"


def test_setup_of_other_games_has_no_map_chooser(app) -> None:  # type: ignore[no-untyped-def]
    from game.games import get
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(get("ya_blew_it"))
    app.push(setup)
    app.step(1 / 60)
    assert setup.maps is None
    assert "map" not in setup.build_match().config.options


def test_setup_starts_gold_mine_on_the_shipped_map(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.setup import SetupScene
    from game.ui.tables.gold_mine import GoldMineTable

    setup = SetupScene(INFO)
    app.push(setup)
    setup.set_players(2)
    setup.start()
    assert isinstance(app.top, GoldMineTable)
    assert gm(app.top.match).map.name == "The Old Mountain"
    assert [p.stem for p in save_files(home)] == [app.top.match.match_id]


# ---------------------------------------------------------------------------- the demo tool
@pytest.mark.slow
def test_demo_command_plays_gold_mine_and_writes_pngs(home: Path, tmp_path: Path) -> None:
    from game.tools.demo import main

    shots = tmp_path / "shots"
    rc = main(["gold_mine", "--players", "2", "--seed", "3", "--shots", str(shots), "--speed", "instant"])
    assert rc == 0
    pngs = sorted(shots.glob("*.png"))
    assert len(pngs) >= 3
    assert any("results" in p.name for p in pngs)
    for p in pngs:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_players_list_is_kept_while_the_money_counts_and_drawn_again_when_its_words_change(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables.gold_mine_drawing import PLAYERS_BOX

    match = Match("gold_mine", [Seat("Ana"), Seat("Dusty", BOT, "normal"), Seat("Nell", BOT, "normal")], 4)
    table = open_table(app, match)
    run_until_human(app, table)

    def shown() -> tuple[bytes, pygame.Surface]:
        surface = pygame.Surface(app.screen.get_size(), 0, app.screen)
        table._draw_players(surface)
        return pygame.image.tobytes(surface.subsurface(PLAYERS_BOX), "RGB"), table._players_cache.picture

    first, picture = shown()
    table.shown_money[1] += 7   # a payment counting up
    counting, same = shown()
    assert same is picture            # the list's picture is kept ...
    assert counting != first          # ... and the money on it is the counted one
    table.shown_money[1] -= 7
    assert shown()[0] == first
    table.model.acted[2] = "blew a mine"   # its words change: the picture is drawn again
    again, redrawn = shown()
    assert redrawn is not picture and again != first


def test_the_largest_map_allowed_fits_the_map_panel_with_hexes_big_enough_to_click() -> None:
    from game.games.gold_mine.board import MAX_COLUMNS, MAX_ROWS, GoldMineMap, Hex, Tile
    from game.ui.hexmap import HexMapView
    from game.ui.tables.gold_mine_drawing import MAP

    tiles = {Hex(q, r - q // 2): Tile("dirt") for q in range(MAX_COLUMNS) for r in range(MAX_ROWS)}
    tiles[Hex(1, 1)] = Tile("mine", "green", 20)
    largest = GoldMineMap("largest", tiles, (Hex(0, 0), Hex(0, 1), Hex(2, 0), Hex(2, 1)),
                          (Hex(0, 0), Hex(2, 0)))
    view = HexMapView(largest, MAP)
    assert view.size >= 10.0   # a hex about 20 pixels across
    for h in largest.tiles:
        x, y = view.centre(h)
        assert MAP.collidepoint(x - view.size, y) and MAP.collidepoint(x + view.size, y), h


def test_a_replay_paused_on_a_bots_move_does_not_say_it_is_thinking(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game import saves
    from game.core.match import BOT, Match, Seat
    from game.core.rng import Rng
    from game.ui.scenes.replay import ReplayScene
    from game.ui.tables import gold_mine_drawing

    match = Match("gold_mine", [Seat("Ana"), Seat("Bo", BOT, "easy")], 5)
    rng = Rng(5)
    while len(match.actions) < 12:
        match.apply(rng.choice(match.legal_actions()))
    start, actions = saves.replay_of(match)
    viewer = ReplayScene(start, actions)
    app.push(viewer)
    at = next(i for i in range(1, len(actions)) if (viewer.jump(i) or True) and start.to_move() == 1)
    assert viewer.position == at and not viewer.playing
    app.step(1 / 60)
    drawn: list[str] = []
    real = gold_mine_drawing.theme.text

    def spy(surface, words, *args, **kw):  # type: ignore[no-untyped-def]
        drawn.append(words)
        return real(surface, words, *args, **kw)

    monkeypatch.setattr(gold_mine_drawing.theme, "text", spy)
    app.draw()
    said = " ".join(drawn)
    assert "Bo to move" in said and "is thinking" not in said


def test_a_change_button_that_skips_values_says_why_its_price_is_more(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """+1 and -1 skip the values that lead to no legal move, so one press may cost two points'
    price: pointing at such a button says which value it skips, and the press lands where it
    says."""
    from game.ui.tables import gold_mine_drawing

    match = Match("gold_mine", [Seat("Ana"), Seat("Bo", BOT, "easy")], 7)
    rng = random.Random(7)
    while len(match.actions) < 9 or not match.human_to_move():
        match.apply(rng.choice(match.legal_actions()))
    table = open_table(app, match)
    run_until_human_plays(app, table)
    assert table.moves.pick_die(2)   # the dice modifier as the action...
    assert table.moves.pick_die(0)   # ...turning die 1 into the new action
    app.step(1 / 60)
    noted = [b for b in table.buttons if getattr(b, "note", "")]
    assert noted, [b.label for b in table.buttons]
    b = noted[0]
    m = re.fullmatch(r"Turns die (\d) to (\d) \((\d+\$|free)\): it skips ([\d, and]+), which leads? to no "
                     r"legal move", b.note)
    assert m, b.note
    shown: list[str] = []
    real = gold_mine_drawing.tooltip_image
    monkeypatch.setattr(gold_mine_drawing, "tooltip_image",
                        lambda text, width: (shown.append(text), real(text, width))[1])
    table.mouse = b.rect.center
    table.draw(app.screen)
    assert shown == [b.note]
    die, value = int(m.group(1)) - 1, int(m.group(2))
    slot = next(s for s in table.moves.rows() if table.moves.die_of(s) == die)
    b.on_click()
    assert table.model.dice[die] + table.moves.change_of(slot) == value


def test_the_setup_offers_the_map_played_last_while_it_is_there(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.setup import SetupScene

    folder = _user_maps(home)
    setup = SetupScene(INFO)
    app.push(setup)
    assert setup.maps is not None and setup.maps.choose(2)
    setup.start()
    again = SetupScene(INFO)
    app.push(again)
    assert again.maps is not None and again.maps.chosen is not None
    assert again.maps.chosen.title == "My Hill"
    (folder / "my_hill.tmx").unlink()   # gone: the first playable map again
    third = SetupScene(INFO)
    app.push(third)
    assert third.maps is not None and third.maps.index == 0


def test_words_too_long_for_the_money_box_take_the_panels_free_room_before_they_are_cut(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The money box had two lines, and a longer note ended in "die 4 +…" however much of the
    move panel stood empty above it (the whole under the pointer only, out of reach of a player
    on the keyboard). It grows up into the free room; only words longer still are cut."""
    from game.ui import theme
    from game.ui.tables import gold_mine_drawing

    said = spy_text_places(monkeypatch, gold_mine_drawing)
    match = Match("gold_mine", humans(2), seed=2)
    table = open_table(app, match)
    run_until_human_plays(app, table)
    mine = next(o for o in match.state.options() if o.kind == "mine")
    key(app, pygame.K_1 + Move.from_action(mine.action).action_die)   # (the faces' legend goes)
    long = ("Turning die 1 up to 6: this income leaves you 3$ better off, but die 1 as the dice "
            "modifier, die 2 as the new action gives 4$")
    assert len(theme.wrap(long, table.money_box().w - 20, 12)) == 3
    table._say(long)
    rows_end = max(y + table.row_height() for _, y in table.move_rows())
    table.draw(app.screen)
    assert table.money_full == ""
    box = table.money_box()
    assert box.h > 58 and box.y >= rows_end
    shown = " ".join(words for words, rect in said
                     if box.contains(rect) and len(words) > 8 and words.strip() in long)
    assert shown.split() == long.split()
    # Words the free room cannot hold end in an ellipsis, and show whole under the pointer.
    longer = " ".join([long] * 4)
    table._say(longer)
    said.clear()
    table.draw(app.screen)
    assert table.money_full == longer and table.money_box().y >= rows_end
    table.mouse = table.money_box().center
    assert table.tooltip_text() == longer


def test_a_die_picked_with_a_paid_change_says_so_in_gold(app) -> None:  # type: ignore[no-untyped-def]
    """A die that fits only turned is picked turned (the cheapest change): the table says what it
    did, in gold (no refusal), besides the price."""
    from game.ui import theme

    for seed in range(1, 40):
        match = Match("gold_mine", [Seat("Ana"), Seat("Bo", BOT, "easy")], seed)
        rng = random.Random(seed)
        while len(match.actions) < 4 or not match.human_to_move():
            match.apply(rng.choice(match.legal_actions()))
        table = open_table(app, match)
        run_until_human_plays(app, table)
        moves = table.moves
        for first in range(4):
            moves.clear()
            if not moves.pick_die(first):
                continue
            slot = moves.current_slot()
            noted = [i for i in range(4) if moves.pick_note(i) and "(free)" not in moves.pick_note(i)]
            if noted and slot is not None:
                i = noted[0]
                assert moves.pick_die(i)
                value = table.model.dice[i] + moves.change_of(slot)
                assert value != table.model.dice[i]
                price = moves.price(slot, moves.change_of(slot))
                assert table.message == (f"Die {i + 1} rolled {table.model.dice[i]}, which leads nowhere: "
                                         f"turned to {value} for {price}$; ↑/↓ change it.")
                assert table.message_colour == theme.GOLD and table.message_time > 0
                table._say("refused")
                assert table.message_colour == theme.DANGER
                return
        app.pop()
    pytest.fail("no die picked with a change in 39 games")


def test_a_refusal_in_the_start_point_panel_stays_clear_of_its_key_line(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With long names the refusal's second line sat on "1-4 / Tab: pick an X ..."."""
    from game.ui.tables import gold_mine_drawing

    match = Match("gold_mine", [Seat("Hardy", BOT, "normal"), Seat("Maximiliana"), Seat("Bartholomew Bold")], 1)
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_1)
    key(app, pygame.K_RETURN)
    run_until_human(app, table)
    for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        key(app, k)
        if table.message_time > 0:
            break
    assert "already starts" in table.message
    placed: list[tuple[str, pygame.Rect]] = []
    real = gold_mine_drawing.theme.text

    def spy(surface, words, *args, **kw):  # type: ignore[no-untyped-def]
        rect = real(surface, words, *args, **kw)
        placed.append((words, rect))
        return rect

    monkeypatch.setattr(gold_mine_drawing.theme, "text", spy)
    table.draw(app.screen)
    keys_line = next(r for w, r in placed if w.startswith("1-4 / Tab: pick an X"))
    said = [r for w, r in placed if w and (w in table.message or table.message.startswith(w.rstrip("…")))]
    assert said and not any(r.colliderect(keys_line) for r in said)


def test_the_final_table_says_who_won_in_the_move_panel(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The move panel of a finished game said only "The game is over." above an empty box."""
    import random

    from helpers import spy_text

    from game.ui.tables import gold_mine_drawing

    match = Match("gold_mine", bots(2), 3)
    rng = random.Random(3)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    table = open_table(app, match)
    app.step(1 / 60)
    drawn = spy_text(monkeypatch, gold_mine_drawing)
    table.draw(app.screen)
    winners = match.state.outcome().winners
    said = (f"{match.seats[winners[0]].name} wins." if len(winners) == 1
            else " and ".join(match.seats[w].name for w in winners) + " tie for the win.")
    assert "The game is over." in drawn and said in drawn, drawn


def test_whose_barrier_it_is_does_not_rest_on_its_colour(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Barriers decide who pays whom, and seat 2's orange fence and seat 3's green one are alike
    to many colour-blind eyes: each fence carries its seat's number, as its miner does. With
    every seat drawn in one colour, two seats' fences still differ."""
    from game.games.gold_mine.tmx import load_map
    from game.ui import hexmap

    pygame.display.init()
    monkeypatch.setattr(hexmap, "seat_rgb", lambda p: (200, 140, 60))
    game_map = load_map(ROOT / "maps" / "gold_mine.tmx")
    dirt = sorted(h for h, t in game_map.tiles.items() if t.kind == "dirt")[:2]
    pictures = []
    for owner in (1, 2):
        view = hexmap.HexMapView(game_map, pygame.Rect(8, 52, 640, 662))
        marks = hexmap.MapMarks(barriers=tuple((h, (owner,)) for h in dirt),
                                barrier_lines=((owner, tuple(dirt)),))
        pictures.append(pygame.image.tobytes(view.base(marks), "RGBA"))
    assert pictures[0] != pictures[1]


def test_money_coming_in_sounds_like_coins(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Treasure mined and income taken made the swish of a card drawn, in a game without cards:
    they ring as coins do, the sound the other games give to points won."""
    app = make_app("fast")
    heard: list[str] = []
    monkeypatch.setattr(app, "play", heard.append)
    match = Match("gold_mine", bots(4), seed=3)
    table = open_table(app, match)
    for _ in range(60000):
        app.step(1 / 20)
        if app.top is not table:
            break
    assert match.is_over()
    kinds = [ev.kind for ev in match.history]
    assert "income" in kinds and "mine" in kinds
    assert "coin" in heard and "draw" not in heard, sorted(set(heard))


def test_a_barriers_number_is_not_where_its_builders_miner_stands(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The builder moves to the end of its barrier: the number sat on the last post of a
    two-hex fence and on the only post of a one-hex one, under the miner's token."""
    from game.games.gold_mine.tmx import load_map
    from game.ui import hexmap

    pygame.display.init()
    monkeypatch.setattr(hexmap, "seat_rgb", lambda p: (200, 140, 60))
    game_map = load_map(ROOT / "maps" / "gold_mine.tmx")
    dirt = sorted(h for h, t in game_map.tiles.items() if t.kind == "dirt")
    from game.games.gold_mine.board import neighbours

    line = next([a, b] for a in dirt for b in dirt if b in neighbours(a))
    for hexes in ([dirt[0]], line):
        pictures = []
        for owner in (1, 2):
            view = hexmap.HexMapView(game_map, pygame.Rect(8, 52, 640, 662))
            marks = hexmap.MapMarks(barriers=tuple((h, (owner,)) for h in hexes),
                                    barrier_lines=((owner, tuple(hexes)),))
            pictures.append(view.base(marks).copy())
        end = view.centre(hexes[-1])
        cx, cy = end[0] - view.rect.x, end[1] - view.rect.y
        r = view.size * 0.46   # the miner's token
        a, b = pictures
        w, h = a.get_size()
        differ = [(x, y) for x in range(0, w, 2) for y in range(0, h, 2) if a.get_at((x, y)) != b.get_at((x, y))]
        assert differ, hexes
        assert not any((x - cx) ** 2 + (y - cy) ** 2 < r * r for x, y in differ), hexes


def test_a_dice_modifier_hint_outlines_both_of_its_dice(app) -> None:  # type: ignore[no-untyped-def]
    """The hint for a move by the dice modifier outlined only the modifier's die: the table's next
    step, the die that becomes the action, had no mark (from a review of hints at the table)."""
    match = Match("gold_mine", [Seat("Ana"), Seat("Bo", "bot", "easy")], 3)
    table = open_table(app, match)
    run_until_human_plays(app, table)
    mods = [a for a in match.legal_actions() if a.kind == "mod"]
    assert mods
    for action in mods[:5]:
        move = gm(match).move_of(action)
        assert move.action_die is not None and move.new_die is not None
        spots = table._hint_spots(action)
        assert spots[:2] == [table.die_rect(move.action_die), table.die_rect(move.new_die)]
