"""The Big Dig table scene, driven headless through the real App (SDL dummy drivers).

Bots-only games reach the results screen with the display never drifting from the rules; a human
chooses a card with a key or a click, turns and mirrors its ghost, and places it with Enter or a
click, and what is played is exactly the legal dig the ghost covered; a refused spot shows the
rules' own reason and plays nothing; exploding and the Expert rule's bonus digs work by keys;
passing is refused while something can still be done; a taken card cannot be picked.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from big_dig_hand_boards import playable_board  # noqa: E402
from helpers import bots, click, key, run_until, run_until_human, saved_actions, spy_text, spy_text_places  # noqa: E402

from game.core.match import BOT, Match, Seat  # noqa: E402
from game.games.big_dig import rules  # noqa: E402
from game.games.big_dig.cards import normalise  # noqa: E402
from game.ui.tables.big_dig import DigModel, anchor_of, dig_action, turned  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_display")


def new_match(seats: list[Seat], seed: int = 1, **options: Any) -> Match:
    return Match("big_dig", seats, seed, options={"board": playable_board().to_json(), **options})


def open_table(app: Any, match: Match) -> Any:
    from game.ui.tables import table_for

    table = table_for(match)
    app.push(table)
    return table


def human_first(seed: int = 1, **options: Any) -> Match:
    return new_match([Seat("Ana"), Seat("Dusty", BOT, "easy")], seed, **options)


def point_at(app: Any, table: Any, sq: tuple[int, int]) -> None:
    """Move the mouse over square `sq` of the big board."""
    pos = table.view.square_rect(sq).center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def state(match: Match) -> Any:
    return match.state


# ---------------------------------------------------------------------------- the human's move
def test_a_card_picked_turned_or_mirrored_by_keys_stands_where_it_fits(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    for seed in (1, 7):
        match = human_first(seed)
        table = open_table(app, match)
        run_until_human(app, table)
        checked = 0
        for card in range(1, 6):
            if match.state.card_taken_by(card) is not None:
                continue
            key(app, pygame.K_0 + card)
            spots = table.fit_spots()
            if spots:
                # Never left at a spot where it is refused: on the first turn the pointer starts
                # over the top row's middle, where most cards do not fit as they come.
                assert table.cursor in spots, (seed, card, table.cursor)
                assert table.current_action() is not None
                for turn in (pygame.K_r, pygame.K_m, pygame.K_r):   # turned and mirrored: still
                    key(app, turn)
                    if table.fit_spots():
                        assert table.cursor in table.fit_spots(), (seed, card, turn, table.cursor)
                checked += 1
        assert checked >= 3
        app.pop()


def test_keys_choose_turn_mirror_and_place_a_card(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    match = human_first()
    table = open_table(app, match)
    run_until_human(app, table)
    card = next(c for c in range(1, 6) if state(match).card_taken_by(c) is None and state(match).placements(c))
    key(app, pygame.K_0 + card)
    assert table.card == card
    printed = state(match).card_shape(card)
    assert table.shape() == turned(printed, 0, False)
    key(app, pygame.K_r)
    assert table.rot == 1 and table.shape() == turned(printed, 1, False)
    key(app, pygame.K_m)
    assert table.mirror and table.shape() == turned(printed, 1, True)
    # The dotted spots are exactly where this orientation is a legal dig.
    spots = table.fit_spots()
    legal = {p for p in state(match).placements(card) if normalise(list(p)) == table.shape()}
    assert len(spots) == len(legal) > 0
    # Walk there with the arrow keys and dig with Enter.
    target = sorted(spots)[0]
    while table.cursor != target:
        cx, cy = table.cursor
        k = (pygame.K_RIGHT if cx < target[0] else pygame.K_LEFT if cx > target[0]
             else pygame.K_DOWN if cy < target[1] else pygame.K_UP)
        key(app, k)
    ghost = table.ghost()
    assert ghost is not None and frozenset(ghost) in legal and table.why_not() == ""
    app.step(1 / 60)    # the ghost is drawn
    key(app, pygame.K_RETURN)
    assert match.actions == [str(dig_action(card, ghost))]
    assert saved_actions(home) == match.actions
    assert state(match).crossed(0) == frozenset(ghost)
    assert table.card is None


def test_a_refused_spot_shows_the_rules_reason_and_plays_nothing(app) -> None:  # type: ignore[no-untyped-def]
    match = human_first()
    table = open_table(app, match)
    run_until_human(app, table)
    card = next(c for c in range(1, 6) if state(match).card_taken_by(c) is None)
    key(app, pygame.K_0 + card)
    # Deep in the ground: touching neither the top row nor any dig.
    point_at(app, table, (4, 7))
    expected = state(match).why_not_dig(card, frozenset(table.ghost()))
    assert expected and table.why_not() == expected
    app.step(1 / 60)
    key(app, pygame.K_RETURN)
    assert match.actions == []
    assert any(expected in words for words, _ in table._move_words()[1])
    # Off the board: the rules' own words again.
    for _ in range(12):
        key(app, pygame.K_LEFT)
    key(app, pygame.K_UP)
    ghost = table.ghost()
    if any(not match.state.board.on_board(s) for s in ghost):
        assert table.why_not() == state(match).why_not_dig(card, frozenset(ghost))


def test_the_mouse_chooses_a_card_and_clicks_it_into_place(app) -> None:  # type: ignore[no-untyped-def]
    match = human_first(seed=3)
    table = open_table(app, match)
    run_until_human(app, table)
    card = next(c for c in range(1, 6) if state(match).card_taken_by(c) is None and state(match).placements(c))
    click(app, table.card_rect(card).center)
    assert table.card == card
    spot = sorted(table.fit_spots())[0]
    point_at(app, table, spot)
    ghost = table.ghost()
    click(app, table.view.square_rect(spot).center)
    assert match.actions == [str(dig_action(card, ghost))]


def test_explode_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    match = human_first(seed=2)
    table = open_table(app, match)
    run_until_human(app, table)
    explosion = next(a for a in match.legal_actions() if a.kind == "explode")
    card, (x, y) = int(explosion.args[0]), map(int, explosion.args[1].split("."))
    words = " ".join(text for text, _ in table._move_words()[1])
    assert "E explodes a square instead" in words
    key(app, pygame.K_e)
    assert table.exploding
    words = " ".join(text for text, _ in table._move_words()[1])
    assert "D digs instead" in words and "E explodes" not in words
    key(app, pygame.K_d)   # the key the words give goes back to digging ...
    assert not table.exploding
    key(app, pygame.K_e)   # ... and E explodes again
    assert table.exploding
    key(app, pygame.K_0 + card)
    point_at(app, table, (x, y))
    assert table.current_action() == explosion and table.why_not() == ""
    key(app, pygame.K_RETURN)
    assert match.actions == [str(explosion)]


def test_explode_refusal_is_the_rules_reason(app) -> None:  # type: ignore[no-untyped-def]
    match = human_first(seed=2)
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_1)
    key(app, pygame.K_e)
    water = match.state.board.of_kind("water")[0]
    point_at(app, table, water)
    reason = state(match).why_not_explode(water, 1)
    assert reason and table.why_not() == reason
    key(app, pygame.K_RETURN)
    assert match.actions == []


def test_pass_is_refused_while_something_can_be_done(app) -> None:  # type: ignore[no-untyped-def]
    match = human_first()
    table = open_table(app, match)
    run_until_human(app, table)
    assert "pass" not in {str(a) for a in match.legal_actions()}
    button = table.button_for("Pass")
    assert button is not None and not button.enabled and button.reason
    key(app, pygame.K_p)
    assert match.actions == [] and "passing" in table.message.lower()


def test_a_taken_card_cannot_be_chosen(app) -> None:  # type: ignore[no-untyped-def]
    match = new_match([Seat("Dusty", BOT, "easy"), Seat("Ana")], seed=4)
    table = open_table(app, match)
    run_until_human(app, table)
    taken = next(c for c in range(1, 6) if state(match).card_taken_by(c) == 0)
    key(app, pygame.K_0 + taken)
    assert table.card is None
    assert "taken by Dusty" in table.message


def test_expert_bonus_digs_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    match = new_match([Seat("Dusty", BOT, "easy"), Seat("Ana")], seed=5, expert=True)
    table = open_table(app, match)
    run_until_human(app, table)
    assert state(match).phase == "bonus" and table.bonus_turn()
    square = state(match).bonus_squares(1)[0]
    point_at(app, table, square)
    assert table.ghost() == {square} and table.why_not() == ""
    key(app, pygame.K_RETURN)
    assert match.actions[-1] == f"bonus:{square[0]}.{square[1]}"


def test_the_anchor_is_a_square_of_the_shape() -> None:
    for c in range(1, 6):
        for side in (0, 1):
            from game.games.big_dig.cards import cards

            shape = cards()[c - 1].sides[side].shape
            for rot in range(4):
                for mirror in (False, True):
                    t = turned(shape, rot, mirror)
                    assert anchor_of(t) in t
                    assert len(t) == len(shape)


# ---------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("players, animation, dt, expert", [(2, "fast", 1 / 20, False),
                                                            (3, "instant", 1 / 60, True),
                                                            (4, "normal", 1 / 30, False)])
def test_bots_play_a_whole_game_to_the_results(make_app, players: int, animation: str, dt: float,  # type: ignore[no-untyped-def]
                                               expert: bool) -> None:
    from game.ui.scenes.results import ResultsScene

    app = make_app(animation)
    match = new_match(bots(players), seed=11 * players, expert=expert)
    table = open_table(app, match)
    checks = 0
    strokes_seen = 0
    for _ in range(80000):
        app.step(dt)
        strokes_seen += bool(table.strokes)
        if app.top is not table:
            break
        if table.idle and not match.is_over():
            assert table.model.rules_key() == DigModel.from_state(match.state, players).rules_key()
            checks += 1
    assert match.is_over(), "the bots did not finish the game"
    assert isinstance(app.top, ResultsScene)
    assert table.drift == 0
    assert checks > 0
    if animation != "instant":
        assert strokes_seen > 0, "no marker stroke was ever drawn"


# ---------------------------------------------------------------------------- the setup
def test_setup_offers_both_sides_and_the_expert_rule(app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import game.games as games
    from game.ui.scenes import setup

    entries = setup.big_dig_boards(tmp_path)
    assert [e.title.split(":")[0].lower() for e in entries] == ["side a", "side b"]
    assert [e.game_map for e in entries] == [rules.shipped_board("a"), rules.shipped_board("b")]
    scene = setup.SetupScene(games.GAMES["big_dig"])
    app.push(scene)
    app.step(1 / 60)
    assert scene.expert is not None and scene.maps is not None
    scene.maps.choose(1)
    click(app, (scene.expert.rect.right - 14, scene.expert.rect.centery))   # its ">" arrow
    assert scene.expert.index == 1
    app.step(1 / 60)
    match = scene.build_match()
    assert match.config.options["expert"] is True
    assert match.state.board == entries[1].game_map
    assert match.to_json()["options"].get("side") in (None, "b")   # (it said side a)
    assert match.config.options["first_player"] == 0     # the first seat, unless chosen otherwise
    scene.first.index = 0                                 # "Random": the rules draw a seat
    assert scene.build_match().state.first_player in range(scene.players)


def test_the_rules_page_opens_from_the_table(app) -> None:  # type: ignore[no-untyped-def]
    from game import paths
    from game.ui.scenes.rulebook import RulesScene

    match = human_first()
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    assert app.top.path == paths.rules_doc("big_dig.md")
    app.step(1 / 60)


def test_pass_by_key_when_nothing_can_be_done(app) -> None:  # type: ignore[no-untyped-def]
    from big_dig_hand_boards import with_crossed

    match = human_first()
    # A made-up position, as in the rules' own test of passing: both players have crossed every
    # square they ever could (and met only some goals).
    board = match.state.board
    everything = [sq for sq in board.squares() if board.explodable(sq)]
    stuck = with_crossed(with_crossed(match.state, 0, everything), 1, everything)
    stuck.met = [(stuck.goals[0],), ()]
    match.state = stuck
    assert [str(a) for a in match.legal_actions()] == ["pass"]
    table = open_table(app, match)
    run_until_human(app, table)
    button = table.button_for("Pass")
    assert button is not None and button.enabled
    key(app, pygame.K_1)
    key(app, pygame.K_e)
    point_at(app, table, everything[0])
    assert table.why_not()            # every square is crossed out: the rules' reason shows
    key(app, pygame.K_p)
    assert match.actions == ["pass"]
    assert match.history[-1].kind == "pass"


# ---------------------------------------------------------------------------- goal progress
def test_goal_progress_is_asked_again_only_for_the_seats_whose_squares_changed(
        app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import random

    match = new_match(bots(3), seed=5)
    table = open_table(app, match)
    real = rules.BigDigState.goal_progress
    asked: list[int] = []

    def counting(self: Any, p: int, goal: str) -> Any:
        asked.append(p)
        return real(self, p, goal)

    monkeypatch.setattr(rules.BigDigState, "goal_progress", counting)
    rng = random.Random(5)
    changed_any = 0
    for _ in range(16):
        s = state(match)
        if s.is_over():
            break
        for p in range(3):
            for goal in s.goals:
                table.progress(p, goal)
        before = [s.crossed(q) for q in range(3)]
        match.apply(rng.choice(match.legal_actions()))
        asked.clear()
        s = state(match)
        for p in range(3):
            for goal in s.goals:
                assert table.progress(p, goal) == real(s, p, goal)
        changed = [q for q in range(3) if s.crossed(q) != before[q]]
        changed_any += len(changed)
        assert sorted(asked) == sorted(q for q in changed for _ in s.goals)
    assert changed_any >= 8


# ---------------------------------------------------------------------------- the results
def test_the_results_show_every_goal_met_or_how_far_it_got() -> None:
    import random

    match = new_match(bots(3), seed=9)
    rng = random.Random(9)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    s = match.state
    for score in s.outcome().scores:
        p = score.player
        assert [label.split(":")[0] for label, _ in score.breakdown] == [rules.GOAL_TITLE[g] for g in s.goals]
        for (label, point), goal in zip(score.breakdown, s.goals):
            pr = s.goal_progress(p, goal)
            assert point == (1 if pr.met else 0)
            if pr.met:
                assert label.endswith(": met")
            elif goal in ("water", "oil", "pipe"):
                assert label.endswith("to go")
            else:
                assert label.endswith(f"{pr.have}/{pr.need}")
        assert score.total == sum(point for _, point in score.breakdown)


def test_undo_takes_back_a_dig_and_the_table_shows_the_board_before_it(app) -> None:  # type: ignore[no-untyped-def]
    match = human_first(seed=6)
    table = open_table(app, match)
    run_until_human(app, table)
    card = next(c for c in range(1, 6) if state(match).placements(c))
    key(app, pygame.K_0 + card)
    point_at(app, table, sorted(table.fit_spots())[0])
    key(app, pygame.K_RETURN)
    assert len(match.actions) == 1
    run_until_human(app, table)                      # the bot has answered
    assert len(match.actions) == 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    fresh = app.top
    assert fresh is not table and match.actions == []
    run_until_human(app, fresh)
    assert fresh.model.crossed[0] == set() and fresh.drift == 0
    assert all(t is None for t in fresh.model.taken)


def test_every_goal_title_is_shown_whole_in_two_lines(app) -> None:  # type: ignore[no-untyped-def]
    # "Around the skeleton" once lost its last word: a third line was dropped unseen.
    from game.ui.tables.big_dig import goal_title_lines

    for goal, title in rules.GOAL_TITLE.items():
        size, lines = goal_title_lines(title, 86)
        assert len(lines) <= 2 and size >= 11, goal
        assert " ".join(lines) == title, goal


def test_a_full_frame_shows_a_changed_panel_one_frame_later_never_two(app) -> None:  # type: ignore[no-untyped-def]
    """The goals panel asks the rules for everyone's progress, which takes milliseconds: in a
    frame that is already full it keeps its old picture for one frame more, and no longer."""
    from game.ui.tables.big_dig import GOALS_BOX

    match = new_match([Seat("Ana", BOT, "easy"), Seat("Bo", BOT, "easy")], 3)
    table = open_table(app, match)
    app.step(1 / 60)
    page = pygame.Surface(app.screen.get_size())

    def goals(wait: bool) -> tuple[bytes, int]:
        drawn = []
        table._cached(page, "goals", GOALS_BOX, table._goals_key(), lambda s: drawn.append(table._draw_goals(s)), wait)
        return pygame.image.tobytes(page.subsurface(GOALS_BOX), "RGB"), len(drawn)

    before, drawn = goals(True)
    assert drawn == 0                     # nothing changed: the kept picture
    match.apply(match.legal_actions()[0])  # a new position: the panel's key changes
    assert goals(True) == (before, 0)     # a full frame: the old picture once more
    assert goals(True)[1] == 1            # the next frame draws it, full or not
    assert goals(True)[1] == 0


@pytest.mark.parametrize("side", ["a", "b"])
def test_the_boards_name_tag_stays_between_the_tower_and_the_truck(app, side: str) -> None:  # type: ignore[no-untyped-def]
    from game.games.big_dig.tmx import load_board, shipped_board_path

    board = load_board(shipped_board_path(side))
    match = Match("big_dig", [Seat("Maximilian Smith"), Seat("Bo", BOT, "easy")], 3,
                  options={"board": board.to_json()})
    table = open_table(app, match)
    run_until_human(app, table)
    name, size, tag = table.name_tag(0)
    assert name.startswith("Maximilian") and size >= 12
    v = table.view
    for col in (*board.tower, *board.truck):   # their squares' columns, in the sky
        x0 = v.rect.x + col * v.cell
        assert tag.right <= x0 or tag.left >= x0 + v.cell, (side, name, tag, col)


def test_a_goals_words_are_gone_before_the_next_players_board_comes(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.core.contract import Event
    from game.ui.tables.base import Beat

    app = make_app("normal")
    match = human_first(3)
    table = open_table(app, match)
    run_until_human(app, table)
    ev = Event("goal", "Ana meets the goal Oil to the truck", {"player": 0, "goal": "oil"})
    beat = Beat(ev, actor=0)
    table._on_goal(ev, beat)
    words = [c for c in table.callouts if c.image is not None]
    assert words and beat.hold >= max(c.delay + c.duration for c in words)


def test_the_pointer_on_a_dug_square_says_it_is_dug(app) -> None:  # type: ignore[no-untyped-def]
    match = human_first(seed=3)
    table = open_table(app, match)
    run_until_human(app, table)
    dig = next(a for a in match.legal_actions() if a.kind == "dig")
    table._apply(dig)
    run_until(app, lambda: table.idle and match.human_to_move(), "came back to Ana", 5000)
    dug = sorted(match.state.crossed(0))
    assert dug and table.big_player() == 0 and table.card is None
    point_at(app, table, dug[0])
    assert table.tooltip_text().endswith(": dug (crossed out)")
    fresh = next(sq for sq in ((x, y) for x in range(12) for y in range(12))
                 if table.board.on_board(sq) and sq not in dug and table.board.kind(sq) == "dirt")
    point_at(app, table, fresh)
    assert table.tooltip_text() == "dirt"


def test_a_rivals_goal_figures_are_never_cut_in_the_other_boards(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from types import SimpleNamespace

    from game.ui.tables import big_dig_drawing

    match = new_match([Seat("Ana"), Seat("Bartholomew the Bold", BOT, "easy"), Seat("Cyd", BOT, "easy"),
                       Seat("Dee", BOT, "easy")], seed=2)
    table = open_table(app, match)
    run_until_human(app, table)
    monkeypatch.setattr(table, "progress", lambda p, goal: SimpleNamespace(text="around the skeleton 13/14"))
    drawn = spy_text(monkeypatch, big_dig_drawing)
    table._draw_others(app.screen)
    # (Whole, or the figure on its own where the goal's name gives way.)
    assert any(w.endswith("13/14") for w in drawn) and not any(w.endswith("1…") for w in drawn)


def test_mirror_flips_the_piece_left_to_right_as_it_stands_and_a_button_that_would_do_nothing_is_grey(app) -> None:  # type: ignore[no-untyped-def]
    from game.games.big_dig.cards import normalise

    match = human_first(seed=3)
    table = open_table(app, match)
    run_until_human(app, table)
    st = match.state
    free = [c for c in range(1, 6) if st.card_taken_by(c) is None]
    lopsided = [c for c in free if len({table_turned(st.card_shape(c), r, m) for r in range(4)
                                        for m in (False, True)}) == 8]
    assert lopsided, [st.card_name(c) for c in free]
    key(app, pygame.K_0 + lopsided[0])
    for turns in range(4):
        before = table.shape()
        key(app, pygame.K_m)
        # What was on the screen, flipped left to right: whatever the turns before it.
        assert table.shape() == normalise([(-x, y) for x, y in before]), (turns, before, table.shape())
        key(app, pygame.K_r)
    app.step(1 / 60)
    buttons = {b.label.split()[0]: b for b in table.buttons}
    assert buttons["Rotate"].enabled and buttons["Mirror"].enabled
    # The O card neither turns nor mirrors: both buttons stand grey, and say why.
    square = [c for c in free if len({table_turned(st.card_shape(c), r, m) for r in range(4)
                                      for m in (False, True)}) == 1]
    assert square, [st.card_name(c) for c in free]
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_0 + square[0])
    app.step(1 / 60)
    buttons = {b.label.split()[0]: b for b in table.buttons}
    assert not buttons["Rotate"].enabled and not buttons["Mirror"].enabled
    assert buttons["Rotate"].reason == "This card looks the same turned"


def table_turned(shape: Any, rot: int, mirror: bool) -> Any:
    from game.ui.tables.big_dig import turned

    return turned(shape, rot, mirror)


def test_the_big_board_numbers_its_columns_and_rows_as_the_words_name_squares(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The log, the hints and the why-nots name squares "column 3, row 2": the board numbers its
    columns under the ground and its rows at its left, each number beside its own square, inside
    the board's well and clear of the ground."""
    from game.ui.tables import big_dig_drawing

    table = open_table(app, human_first(seed=3))
    run_until_human(app, table)
    placed: list[tuple[str, tuple[int, int], str]] = []
    real = big_dig_drawing.theme.text

    def spy(surface: Any, words: str, pos: Any, *args: Any, **kw: Any) -> Any:
        placed.append((words, (int(pos[0]), int(pos[1])), kw.get("anchor", "")))
        return real(surface, words, pos, *args, **kw)

    monkeypatch.setattr(big_dig_drawing.theme, "text", spy)
    big_dig_drawing.coordinates.cache_clear()
    table.draw(app.screen)
    v, board = table.view, table.board
    columns = [(w, p) for w, p, a in placed if a == "midtop"]
    rows = [(w, p) for w, p, a in placed if a == "midright"]
    assert [w for w, _ in columns] == [str(c + 1) for c in range(board.width)]
    assert [w for w, _ in rows] == [str(r + 1) for r in range(board.height)]
    for c, (_, (x, y)) in enumerate(columns):
        square = v.square_rect((c, board.height - 1))
        assert square.left < x < square.right and y >= v.ground.bottom
        assert big_dig_drawing.BOARD_BOX.collidepoint(x, y + 10)
    for r, (_, (x, y)) in enumerate(rows):
        square = v.square_rect((0, r))
        assert square.top < y < square.bottom and x <= v.ground.left
        assert big_dig_drawing.BOARD_BOX.collidepoint(x - 14, y)
    assert rules.where((2, 1)) == "column 3, row 2"


def test_pointing_at_a_rivals_row_shows_their_board_large(app) -> None:  # type: ignore[no-untyped-def]
    """The other boards are small: the pointer resting on a rival's row shows theirs large (the
    rows stay put, the row looked at outlined); leaving the panel, or a move being shown, brings
    the player's own board back."""
    match = new_match([Seat("Ana"), Seat("Bo", BOT, "easy"), Seat("Cyd", BOT, "easy")], seed=4)
    table = open_table(app, match)
    run_until_human(app, table)
    rows = table.others()
    assert table.big_player() == 0 and rows == [1, 2]

    def point(pos: tuple[int, int]) -> None:
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)

    point(table.other_rect(1).center)
    assert table.big_player() == 2 and table.others() == rows
    assert table.name_tag(2)[0].startswith("Cyd")
    point(table.view.rect.center)
    assert table.big_player() == 0
    point(table.other_rect(0).center)
    assert table.big_player() == 1
    assert table.choose_card(next(c for c in range(1, 6) if table.card_fits_somehow(c)))
    assert table.big_player() == 0   # a card in hand: the move is made on the player's own board
    table.cancel()
    assert table.big_player() == 1
    app.handle(pygame.event.Event(pygame.WINDOWLEAVE))
    assert table.big_player() == 0
    table.bot_move = (match.legal_actions()[0], (), 1.0)   # a move on show: the mover's board
    assert table.big_player() == table.home_player() == 0


def test_place_waits_for_a_card_and_the_hint_line_says_when_a_pass_is_allowed(app) -> None:  # type: ignore[no-untyped-def]
    """Place (Enter) is greyed until a card is in hand, saying why; the line under the move
    says a pass is for when nothing can be dug or exploded (not merely when a shape will not fit)."""
    match = new_match([Seat("Ana"), Seat("Bo", BOT, "easy")], seed=4)
    table = open_table(app, match)
    run_until_human(app, table)
    place = table.button_for("Place")
    assert place is not None and not place.enabled and place.reason == "Choose a card first (1-5)"
    assert any("P passes only when nothing can be dug or exploded" in words for words, _ in table._move_words()[1])
    assert table.choose_card(next(c for c in range(1, 6) if table.card_fits_somehow(c)))
    app.step(1 / 60)
    place = table.button_for("Place")
    assert place is not None and place.enabled


def test_o_shows_each_rivals_board_large_in_turn_from_the_keyboard(app) -> None:  # type: ignore[no-untyped-def]
    """A keyboard player: O shows the first rival's board large, again the next, then the
    player's own; a card picked, or the game moving on, brings their own board back."""
    match = new_match([Seat("Ana"), Seat("Bo", BOT, "easy"), Seat("Cyd", BOT, "easy")], seed=4)
    table = open_table(app, match)
    run_until_human(app, table)
    assert table.big_player() == 0 and table.others() == [1, 2]
    seen = []
    for _ in range(3):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o"))
        app.step(1 / 60)
        seen.append(table.big_player())
    assert seen == [1, 2, 0]
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o"))
    assert table.big_player() == 1
    assert table.choose_card(next(c for c in range(1, 6) if table.card_fits_somehow(c)))
    table.cancel()
    assert table.big_player() == 0   # (the card picked ended the look)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o"))
    assert table.big_player() == 1
    assert table._apply(match.legal_actions()[0])
    assert table.big_player() != 1 or table.home_player() == 1


def test_the_board_looked_at_is_the_row_under_the_pointer_after_the_turn_moves_on(app) -> None:  # type: ignore[no-untyped-def]
    """The rows follow the player to move: a rival's number kept from when the pointer came to
    rest went stale, and the board shown large was not the row under the pointer."""
    match = new_match([Seat("Ana"), Seat("Bo"), Seat("Cyd")], seed=4)
    table = open_table(app, match)
    run_until_human(app, table)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=table.other_rect(0).center, rel=(0, 0),
                                  buttons=(0, 0, 0)))
    assert table.others() == [1, 2] and table.big_player() == 1
    assert table._apply(match.legal_actions()[0])
    run_until_human(app, table)
    assert match.to_move() != 0 and table.others()[0] != 1
    assert table.big_player() == table.others()[0]


# ---------------------------------------------------------------------------- found by a new player's walkthrough
def test_a_refused_spot_is_said_once_and_place_stands_grey_there(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A click where the piece cannot go said its reason three times (the move panel's red line,
    the message bar and a tooltip over the board) while Place stood gold as if it would play:
    now the reason is on the screen once, and Place is grey, saying what to do instead, until
    the piece stands where it fits."""
    from game.ui.tables import base as table_base
    from game.ui.tables import big_dig_drawing

    match = human_first()
    table = open_table(app, match)
    run_until_human(app, table)
    card = next(c for c in range(1, 6) if state(match).card_taken_by(c) is None and state(match).placements(c))
    key(app, pygame.K_0 + card)
    point_at(app, table, (4, 7))   # deep in the ground: touching neither the top row nor a dig
    app.step(1 / 60)
    reason = table.why_not()
    assert reason
    click(app, table.view.square_rect((4, 7)).center)     # a click there: refused
    assert match.actions == []
    app.step(1 / 60)
    table_base.tooltip_image.cache_clear()                # (a tooltip drawn before is kept)
    drawn = spy_text(monkeypatch, big_dig_drawing)        # (every module's theme.text)
    table.draw(app.screen)
    assert " ".join(drawn).lower().count(reason.lower()) == 1, [w for w in drawn if w]
    place = table.button_for("Place")
    assert place is not None and not place.enabled
    assert place.reason and reason not in place.reason   # (what to do, not the reason again)
    # Where it fits, Place is gold again and places the piece.
    point_at(app, table, sorted(table.fit_spots())[0])
    app.step(1 / 60)
    place = table.button_for("Place")
    assert place is not None and place.enabled and table.why_not() == ""
    click(app, place.rect.center)
    assert len(match.actions) == 1


def goal_badge_pixels(goal: str, r: int) -> list[tuple[int, int, int]]:
    """The colours inside goal `goal`'s badge of radius `r`, as the table draws it on a panel."""
    from game.ui.tables.big_dig_drawing import goal_icon

    page = pygame.Surface((2 * r + 9, 2 * r + 9))
    page.fill((38, 34, 33))
    c = r + 4
    goal_icon(page, goal, (c, c), r)
    return [tuple(page.get_at((x, y)))[:3] for x in range(page.get_width()) for y in range(page.get_height())
            if (x - c) ** 2 + (y - c) ** 2 <= (r - 1) ** 2]


def test_each_goal_has_a_badge_of_its_own(app) -> None:  # type: ignore[no-untyped-def]
    """"Pipe to pipe" and "Grey rock" wore the same plain grey disc: each goal's badge now holds
    a symbol of its own on its ground, in the goals' panel (radius 11) and beside the other
    boards (radius 4), so that no two goals look alike."""
    from collections import Counter
    from itertools import combinations

    from game.games.big_dig.board import GOALS

    def apart(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
        return sum(abs(x - y) for x, y in zip(a, b)) > 60

    for r in (11, 4):
        badges = {goal: goal_badge_pixels(goal, r) for goal in GOALS}
        for goal, pixels in badges.items():
            ground = Counter(pixels).most_common(1)[0][0]
            symbol = sum(apart(px, ground) for px in pixels) / len(pixels)
            assert symbol >= 0.15, (r, goal, symbol)   # a symbol on a ground, not a plain disc
        for a, b in combinations(GOALS, 2):
            differ = sum(apart(p, q) for p, q in zip(badges[a], badges[b])) / len(badges[a])
            assert differ >= 0.3, (r, a, b, differ)


def test_a_take_back_notice_is_shown_whole_in_the_message_bar(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """"Ana took back a move (and 1 reply after it): takes card 3 (T) and digs 4 squares" was cut
    to one line with an ellipsis: the bar takes two lines (smaller type if need be), all inside
    the move panel and over its buttons."""
    from game.ui.tables import big_dig_drawing

    match = human_first(seed=6)
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_0 + next(c for c in range(1, 6) if state(match).placements(c)))
    point_at(app, table, sorted(table.fit_spots())[0])
    key(app, pygame.K_RETURN)
    run_until_human(app, table)                      # the bot has answered
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    fresh = app.top
    run_until_human(app, fresh)
    notice = fresh.message
    assert notice.startswith("Ana took back a move") and fresh.message_time > 0
    assert big_dig_drawing.theme.width_of(notice, 14) > big_dig_drawing.MOVE_BOX.w   # (too long for a line)
    placed = spy_text_places(monkeypatch, big_dig_drawing)
    fresh.draw(app.screen)
    start = next(i for i, (w, _) in enumerate(placed) if w[:20] == notice[:20])   # (the bar's, then the log's)
    lines: list[str] = []
    for words, rect in placed[start:]:
        if " ".join(lines + [words.rstrip("…")]) not in notice:
            break
        lines.append(words)
        assert big_dig_drawing.MOVE_BOX.contains(rect), (words, rect)
        assert all(rect.bottom <= b.rect.top for b in fresh.buttons), (words, rect)
    assert " ".join(lines) == notice and len(lines) <= 2


def test_the_card_keys_stay_readable_over_a_hints_outline_round_card_5(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The glow round card 5, the hint's best card, covered the foot of "click or 1-5" at the
    cards' panel's head: the words are drawn again over it, and look as they do without a hint."""
    import concurrent.futures

    from game.bots.pool import Advice
    from game.ui.tables import big_dig_drawing

    match = human_first(seed=3)
    table = open_table(app, match)
    run_until_human(app, table)
    best = next(a for a in match.legal_actions() if a.kind in ("dig", "explode") and a.args[0] == "5")

    def analyser(*_: Any, **__: Any) -> concurrent.futures.Future[list[Advice]]:
        future: concurrent.futures.Future[list[Advice]] = concurrent.futures.Future()
        future.set_result([Advice(str(best), 0.7, 50, "Card 5 here", "it helps")])
        return future

    table.coach.analyser = analyser
    key(app, pygame.K_h)
    run_until(app, lambda: table.coach.best() is not None, "the hint came", 60)
    assert str(table.coach.best()) == str(best)
    rects: list[pygame.Rect] = []
    real = big_dig_drawing.theme.text

    def spy(surface: Any, words: str, *args: Any, **kw: Any) -> Any:
        rect = real(surface, words, *args, **kw)
        if words == "click or 1-5":
            rects.append(rect)
        return rect

    monkeypatch.setattr(big_dig_drawing.theme, "text", spy)
    page = pygame.Surface(app.screen.get_size())
    table.coach.hidden = True
    table.draw(page)
    assert rects
    words = rects[0]
    plain = pygame.image.tobytes(page.subsurface(words), "RGB")
    table.coach.hidden = False
    for clock in (0.0, 0.3, 0.6, 0.9):   # (the glow pulses)
        table.clock = clock
        table.draw(page)
        assert pygame.image.tobytes(page.subsurface(words), "RGB") == plain, clock
    # (and the outline is there, round card 5, reaching up to the words' row)
    assert table._hint_spots(best)[0] == table.card_rect(5)
    assert table.card_rect(5).inflate(8 + 4 * 8, 8 + 4 * 8).colliderect(words)


def _grey(surface: pygame.Surface) -> list[int]:
    """The picture's lightness, pixel by pixel (weighted as eyes weigh red, green and blue):
    what is left to an eye that cannot tell the colours apart."""
    w, h = surface.get_size()
    out = []
    for y in range(h):
        for x in range(w):
            r, g, b = surface.get_at((x, y))[:3]
            out.append(int(0.2126 * r + 0.7152 * g + 0.0722 * b))
    return out


def test_the_table_strikes_through_a_ghost_where_the_piece_cannot_go(app) -> None:  # type: ignore[no-untyped-def]
    """On the board itself: a ghost deep in the ground, where the rules refuse it, is striped
    dark; the same card in the top row, where it fits, is not."""
    match = human_first()
    table = open_table(app, match)
    run_until_human(app, table)
    card = next(c for c in range(1, 6) if state(match).card_taken_by(c) is None)
    key(app, pygame.K_0 + card)

    def dark_share_at(sq: tuple[int, int]) -> float:
        point_at(app, table, sq)
        app.step(1 / 60)
        ghost = [g for g in table.ghost() if match.state.board.on_board(g)]
        pixels = []
        for g in ghost:
            r = table.view.square_rect(g).inflate(-8, -8)
            pixels += _grey(app.screen.subsurface(r))
        return sum(p < 70 for p in pixels) / max(1, len(pixels))

    refused = dark_share_at((4, 7))   # deep in the ground: touching neither the top nor a dig
    assert table.why_not()
    for sq in ((x, 0) for x in range(12)):
        fits = dark_share_at(sq)
        if not table.why_not():
            break
    assert not table.why_not()
    assert refused >= 0.1 and refused > 3 * fits, (refused, fits)


def test_a_refused_ghost_is_told_from_a_fitting_one_without_its_colour() -> None:
    """The piece where it cannot go was the fitting ghost in red: to many colour-blind eyes it
    was the same ghost, dark olive, almost lost in the dirt. It is struck through with stripes."""
    from game.ui.tables.big_dig_drawing import GHOST_BAD, ghost_tile

    cell = 44
    grey = (150, 150, 150)
    fits, refused = ghost_tile(cell, grey, 120), ghost_tile(cell, grey, 120, refused=True)
    inside = pygame.Rect(4, 4, cell - 8, cell - 8)

    def dark_share(tile: pygame.Surface) -> float:
        ground = pygame.Surface((cell, cell))
        ground.fill((184, 142, 96))   # dirt
        ground.blit(tile, (0, 0))
        pixels = _grey(ground.subsurface(inside))
        return sum(p < 70 for p in pixels) / len(pixels)

    assert dark_share(fits) == 0.0
    assert dark_share(refused) >= 0.15
    assert dark_share(ghost_tile(cell, GHOST_BAD, 120, refused=True)) >= 0.15


def test_an_emerald_is_not_an_amethyst_in_another_colour() -> None:
    """Both gems were one shape, apart in colour only, and the emerald's green was the dirt's
    own lightness: for a colour-blind player the Emeralds goal had nothing to see. The emerald
    is an octagon, darker than the dirt; the amethyst keeps its point."""
    import random

    from game.games.big_dig.board import AMETHYST, DIRT, EMERALD
    from game.ui.digboard import _square

    def drawn(kind: str) -> pygame.Surface:
        surface = pygame.Surface((44, 44))
        _square(surface, kind, surface.get_rect(), random.Random(1), 44)
        return surface

    dirt = _grey(drawn(DIRT))
    masks = {}
    for kind in (EMERALD, AMETHYST):
        pixels = _grey(drawn(kind))
        masks[kind] = {i for i, (p, d) in enumerate(zip(pixels, dirt)) if abs(p - d) > 30}
    assert len(masks[EMERALD]) >= 0.15 * len(dirt)   # it stands out from the dirt in lightness
    a, b = masks[EMERALD], masks[AMETHYST]
    assert len(b) >= 0.1 * len(dirt) and len(a ^ b) / len(a | b) >= 0.35   # in another shape
