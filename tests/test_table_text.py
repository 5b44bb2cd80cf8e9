"""Words on the tables: every text fits its place, floating words hide nothing that matters, and
no frame shows a decision's prompt while the table is still busy showing another one's.

The clipping watch itself is checked first (it must catch a deliberately too-narrow box). Then a
few seeded games of each table, humans and bots, are played through the real App (see
table_tour.py) with every frame drawn, tooltips hovered and moves assembled step by step: no text
may be cut or spill out of its box, a floating label may not cover a card, a name, a score, a
mine's value or a miner, and while the table is busy its banner says what is happening.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from table_tour import TourResult, banner_text, callout_rects, tour  # noqa: E402

from game.ui import placing, theme  # noqa: E402

# Every test gets a fresh display; `app`, `make_app` and `home` are in conftest.py.
pytestmark = pytest.mark.usefixtures("fresh_display")


# ---------------------------------------------------------------------------- the watch itself
def test_a_cut_text_is_noted_only_while_watched() -> None:
    pygame.font.init()
    long = "A line of words far too long for a little box"
    assert theme.fit_text(long, 80, 16) != long  # cut, but nobody listens
    with theme.watch_clipping() as found:
        short = theme.fit_text(long, 80, 16)
        assert theme.fit_text("Ok", 80, 16) == "Ok"
    assert short.endswith("…") and theme.width_of(short, 16) <= 80
    assert [(c.text, c.room, c.how) for c in found] == [(long, 80, "cut")]
    assert found[0].needed == theme.width_of(long, 16)


def test_a_text_kept_to_a_few_lines_ends_in_an_ellipsis_where_it_is_cut() -> None:
    pygame.font.init()
    words = "Prospect: a safe pick of the best card, with eight Traps in the 48 cards of the Mine"
    assert theme.wrap_lines(words, 1000, 12) == [words]
    lines = theme.wrap_lines(words, 120, 12, most=2)
    assert len(lines) == 2 and lines[0] == theme.wrap(words, 120, 12)[0]
    assert lines[1].endswith("…") and theme.width_of(lines[1], 12) <= 120
    assert len(theme.wrap_lines(words, 120, 12, most=3)) == 3


def test_a_text_drawn_past_its_box_is_noted() -> None:
    pygame.font.init()
    surface = pygame.Surface((400, 100))
    words = "Confirm the move"
    wide = theme.width_of(words, 18, True)
    with theme.watch_clipping() as found:
        theme.text(surface, words, (200, 50), 18, bold=True, anchor="center",
                   box=pygame.Rect(200 - wide // 2 - 4, 30, wide + 8, 40))           # fits
        theme.text(surface, words, (200, 50), 18, bold=True, anchor="center",
                   box=pygame.Rect(150, 30, 100, 40))                                   # too narrow
        theme.text(surface, words, (10, 10), 18, bold=True, box=pygame.Rect(0, 0, 400, 12))  # too low
    assert [(c.text, c.how, c.room) for c in found] == [(words, "overflow", 100), (words, "overflow", 400)]


def test_a_name_shrinks_then_goes_by_its_first_word_then_is_cut() -> None:
    pygame.font.init()
    name = "Tommy Knocker"
    with theme.watch_clipping() as found:
        assert theme.fit_name(name, 400, 18, 12) == (name, 18)
        shown, size = theme.fit_name(name, theme.width_of(name, 15, True), 18, 12)
        assert (shown, size) == (name, 15)
        assert theme.fit_name(name, theme.width_of("Tommy", 12, True), 18, 12)[0] == "Tommy"
        assert not found
        cut, _ = theme.fit_name(name, 20, 18, 12)
    assert cut.endswith("…") and len(found) == 1


def test_a_floating_label_finds_the_nearest_free_place() -> None:
    area = pygame.Rect(0, 0, 400, 300)
    wall = pygame.Rect(150, 0, 100, 300)  # right where the label would like to be
    spot = placing.free_spot((200, 150), (60, 30), [wall], area)
    assert spot is not None
    ink = placing.flight(spot, (60, 30), 0)
    assert area.contains(ink) and not ink.colliderect(wall)
    assert abs(spot[0] - 200) <= 90 and spot[1] == 150  # just beside the wall, at the same height
    assert placing.free_spot((200, 150), (60, 30), [area], area) is None


# ---------------------------------------------------------------------------- the tours
# (game, players, humans, seed, animation, dt): bots alone, a human among bots, several humans.
TOURS = [
    ("ya_blew_it", 6, 1, 2, "fast", 1 / 8),
    ("ya_blew_it", 3, 1, 7, "fast", 1 / 8),
    ("ya_blew_it", 2, 2, 4, "instant", 1 / 60),
    ("gold_mine", 4, 1, 3, "fast", 1 / 8),
    ("gold_mine", 3, 2, 11, "instant", 1 / 60),
    ("gold_mine", 2, 1, 5, "normal", 1 / 8),
    ("big_dig", 4, 1, 2, "fast", 1 / 8),
    ("big_dig", 3, 2, 6, "instant", 1 / 60),
    ("big_dig", 2, 1, 3, "normal", 1 / 8),
    ("grim_prospects", 4, 1, 2, "fast", 1 / 8),
    ("grim_prospects", 3, 2, 6, "instant", 1 / 60),
    ("grim_prospects", 2, 1, 3, "normal", 1 / 8),
    ("diamond_in_the_rough", 4, 2, 3, "fast", 1 / 8),
    ("diamond_in_the_rough", 3, 2, 1, "instant", 1 / 60),
    ("diamond_in_the_rough", 2, 1, 7, "normal", 1 / 8),
]


def _panel_hidden(table: Any, rect: pygame.Rect) -> str:
    """What of a Ya Blew It! scoring area `rect` hides: a card (by the table's own hit test), a
    name or a score ("" when nothing)."""
    for p, r in enumerate(table.rects):
        if not rect.colliderect(r):
            continue
        if rect.colliderect(pygame.Rect(r.x, r.y, r.w, 28)):
            return f"the name of seat {p}"
        if rect.colliderect(pygame.Rect(r.x, r.y, 62, r.h)):
            return f"the die or score of seat {p}"
        # (Every card shows at least 13 pixels of itself, so a 5-pixel grid finds any of them.)
        for x in range(rect.left, rect.right, 5):
            for y in range(rect.top, rect.bottom, 5):
                hit = table.card_at((x, y))
                if hit is not None:
                    return f"card {hit[0]} of seat {hit[1]}"
    return ""


def _map_hidden(table: Any, rect: pygame.Rect) -> str:
    """What of the Gold Mine table `rect` hides: a mine's value, a miner, a die, a name or money."""
    from game.ui.tables.gold_mine_drawing import MAP

    view = table.view
    marks = table.model.marks()
    if rect.colliderect(MAP):
        for x in range(rect.left, rect.right, 3):
            for y in range(rect.top, rect.bottom, 3):
                h = view.hex_at((x, y))
                if h is None:
                    continue
                tile = view.map.tile(h)
                cx, cy = view.centre(h)
                near = (x - cx) ** 2 + (y - cy) ** 2 <= (view.size * 0.5) ** 2
                if near and tile is not None and tile.is_mine and h not in marks.collected \
                        and h not in marks.blown:
                    return f"the value of the mine at {h}"
        for p, (mx, my) in table.miner_positions().items():
            if rect.colliderect(pygame.Rect(int(mx - view.size * 0.45), int(my - view.size * 0.45),
                                            int(view.size * 0.9), int(view.size * 0.9))):
                return f"the miner of seat {p}"
    for i in range(4):
        if rect.colliderect(table.die_rect(i)):
            return f"die {i + 1}"
    for p in range(table.n):
        for what, part in table.player_row_parts(p).items():
            if what != "status" and rect.colliderect(part):
                return f"the {what} of seat {p}"
    return ""


def _dig_hidden(table: Any, rect: pygame.Rect) -> str:
    """What of the Big Dig table `rect` hides: a card, a goal, another player's board or words."""
    for c in range(1, 6):
        if rect.colliderect(table.card_rect(c)):
            return f"card {c}"
    for i in range(3):
        if rect.colliderect(table.goal_rect(i)):
            return f"goal {i + 1}"
    for i in range(table.n - 1):
        if rect.colliderect(table.other_rect(i)):
            return f"the board of another player (row {i + 1})"
    return ""


def _grim_hidden(table: Any, rect: pygame.Rect) -> str:
    """What of the Grim Prospects table `rect` hides: a card, a name, a count, a button (the
    table's own list of what matters, `things()`)."""
    for what, r in table.things():
        if rect.colliderect(r):
            return what
    return ""


def _diamond_hidden(table: Any, rect: pygame.Rect) -> str:
    """What of the Diamond in the Rough table `rect` hides: a card, a player's name, a button."""
    from game.ui.tables.diamond_drawing import DECK_RECT, ME

    places = [("the deck", DECK_RECT)]
    places += [(f"row card {i}", r) for i, r in enumerate(table.row_rects())]
    places += [(f"boxed card {i}", r) for i, r in enumerate(table.boxed_rects())]
    for p in range(table.n):
        places += [(f"a hand card of seat {p}", r) for r in table.hand_rects(p)]
        places += [(f"a tableau card of seat {p}", r) for r in table.tableau_rects(p)]
        panel = ME if p == table.bottom_seat() else table.opp_rect(p)
        places.append((f"the name of seat {p}", pygame.Rect(panel.x + 8, panel.y + 4, 150, 22)))
    places += [(f"the {b.label} button", b.rect) for b in table.buttons_all]
    return next((what for what, r in places if rect.colliderect(r)), "")


_checked: set[Any] = set()
PROMPTS = (", you are", ", you rolled", "deciding", "rolls next", "may re-roll", "is gambling",
           ", your turn", "is choosing a die")


def _check(table: Any, result: TourResult) -> None:
    """After each frame: floating words hide nothing; a busy table shows no prompt."""
    hidden = {"ya_blew_it": _panel_hidden, "big_dig": _dig_hidden,
              "grim_prospects": _grim_hidden,
              "diamond_in_the_rough": _diamond_hidden}.get(table.match.game, _map_hidden)
    for _, rect in callout_rects(table):
        result.labels += 1
        # (A label that has stopped rising over a table that has not changed was checked already.)
        seen = (tuple(rect), repr(table.model), tuple(table.miner_positions().items())
                if hasattr(table, "miner_positions") else ())
        if seen in _checked:
            continue
        _checked.add(seen)
        what = hidden(table, rect.inflate(-2 * placing.PADDING, -2 * placing.PADDING))
        if what:
            result.problems.append(f"frame {result.frames}: a floating label at {tuple(rect)} hides {what}")
    if not table.idle:
        banner = banner_text(table)
        if any(p in banner for p in PROMPTS):
            result.problems.append(f"frame {result.frames}: busy, but the banner asks: {banner!r}")


@pytest.fixture(scope="module")
def tours(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[Any, ...], TourResult]]:
    from helpers import close_app

    from game.settings import Settings
    from game.ui.app import App

    home = tmp_path_factory.mktemp("home")
    old = os.environ.get("MOTHER_LODE_HOME")
    os.environ["MOTHER_LODE_HOME"] = str(Path(home))
    results: dict[tuple[Any, ...], TourResult] = {}
    try:
        for spec in TOURS:
            game, players, humans, seed, animation, dt = spec
            app = App(Settings(animation=animation, muted=True))
            try:
                results[spec] = tour(app, game, players, humans, seed, dt, check=_check)
            finally:
                close_app(app)
                pygame.display.quit()
        yield results
    finally:
        if old is None:
            os.environ.pop("MOTHER_LODE_HOME", None)
        else:
            os.environ["MOTHER_LODE_HOME"] = old


def test_the_tours_saw_what_they_are_meant_to(tours: dict[tuple[Any, ...], TourResult]) -> None:
    for (game, _, humans, _, animation, _), result in tours.items():
        assert result.human_turns >= 5, f"{game}: the humans hardly played"
        assert result.frames > 100
        if animation != "instant":
            assert result.labels > 50, f"{game}: hardly any floating labels were looked at"
        assert len(result.events) > 20, f"{game}: hardly any events were shown"


def test_every_text_fits_its_place(tours: dict[tuple[Any, ...], TourResult]) -> None:
    report = []
    for spec, result in tours.items():
        for (how, text, room), count in Counter((c.how, c.text, c.room) for c in result.clipped).items():
            report.append(f"{spec[0]} {spec[1]} players seed {spec[3]}: {how} in {room}px ({count} frames): {text!r}")
    assert not report, "texts that do not fit:\n" + "\n".join(sorted(report)[:40])


def test_floating_words_hide_nothing_and_busy_tables_ask_nothing(
        tours: dict[tuple[Any, ...], TourResult]) -> None:
    report = [f"{spec[0]} seed {spec[3]}: {p}" for spec, r in tours.items() for p in r.problems]
    assert not report, "\n".join(report[:40])


# ---------------------------------------------------------------------------- single moments
def _play_to(game: str, seats: list[Any], seed: int, stop: Any, tries: int = 200) -> Any:
    """A match played with random legal actions until `stop(state)` (trying seeds from `seed`)."""
    from game.core.match import Match
    from game.core.rng import Rng

    for s in range(seed, seed + tries):
        match = Match(game, seats, s)
        rng = Rng(s)
        while not match.is_over():
            if stop(match):
                return match
            match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("no such moment found")


def test_between_a_bots_decision_and_its_animation_no_frame_shows_a_prompt(make_app) -> None:  # type: ignore[no-untyped-def]
    """A bot decides at the end of a frame; the next frame, before its first animation has
    started, used to show the human's prompt for the decision after it."""
    from game.core.match import Match, Seat
    from game.ui.tables import table_for

    app = make_app("normal")
    match = Match("ya_blew_it", [Seat("Ana"), Seat("Dusty Pete", "bot", "normal"),
                                 Seat("Nugget Nell", "bot", "easy")], 3)
    table = table_for(match)
    app.push(table)
    bot_moves = 0
    for _ in range(3000):
        before, mover = len(match.actions), match.to_move()
        app.step(1 / 60)
        if len(match.actions) > before and mover is not None and not match.seats[mover].is_human:
            bot_moves += 1
            # The frame just drawn, and every one until the move has been shown, say what happens.
            while not table.idle:
                banner = banner_text(table)
                assert not any(p in banner for p in PROMPTS), f"busy, but the banner asks: {banner!r}"
                app.step(1 / 60)
        if table.idle and match.human_to_move():
            table._press(None if match.state.phase == "fire" else match.legal_actions()[-1])
        if bot_moves >= 12 or match.is_over():
            break
    assert bot_moves >= 12


def test_a_gambling_bot_is_described_in_plain_words(app) -> None:  # type: ignore[no-untyped-def]
    from game.core.match import Seat
    from game.games.ya_blew_it.rules import GAMBLE
    from game.ui.tables import table_for

    seats = [Seat("Ana"), Seat("Pickaxe Pat", "bot", "normal")]
    match = _play_to("ya_blew_it", seats, 1,
                     lambda m: m.state.phase == GAMBLE and not m.seats[m.to_move()].is_human)
    table = table_for(match)
    app.push(table)
    table.fast_forward()
    table.bot_wait = -1e9  # the bot keeps thinking: the banner shows its decision
    app.step(0)
    banner = banner_text(table)
    assert banner.startswith("Pickaxe Pat is gambling and ")
    assert "gambling deciding" not in banner
    expected = "decides: roll now or draw another Gem…" if match.state.gamble_gems == 1 else "rolls next…"
    assert banner.endswith(expected)


@pytest.mark.parametrize("with_safes", [True, False])
def test_the_fire_in_the_hole_footer_offers_safes_only_to_a_player_with_safes(app, with_safes: bool) -> None:  # type: ignore[no-untyped-def]
    from game.core.match import Seat
    from game.games.ya_blew_it.cards import SAFE
    from game.ui.tables import table_for

    def moment(m: Any) -> bool:
        s = m.state
        if s.phase != "fire" or not m.human_to_move():
            return False
        has = bool(s.owned(s.turn, SAFE)) and bool(s.stacks(s.turn))
        return has == with_safes

    match = _play_to("ya_blew_it", [Seat("Ana"), Seat("Bo"), Seat("Cyd")], 0, moment)
    table = table_for(match)
    app.push(table)
    table.fast_forward()
    app.step(0)
    app.step(0)
    assert table.buttons, "the Roll button is on offer"
    hint = table.footer_hint()
    assert hint.startswith("R Roll") or "1-6 place Safes" in hint
    assert ("1-6 place Safes" in hint) == with_safes


def test_a_disabled_buttons_tooltip_leaves_the_refusal_readable(app) -> None:  # type: ignore[no-untyped-def]
    """Point at the disabled Confirm of an unfinished blast: the refusal under the move is drawn
    the same, pixel for pixel, as without the pointer there; the tooltip shows elsewhere."""
    from helpers import key

    from game.core.match import Seat
    from game.games.gold_mine.rules import Move
    from game.ui.tables import table_for

    def blast_to_finish(m: Any) -> bool:
        return m.human_to_move() and any(o.kind in ("blow", "block") for o in m.state.options())

    match = _play_to("gold_mine", [Seat("Ana"), Seat("Bo", "bot", "easy")], 1, blast_to_finish)
    table = table_for(match)
    app.push(table)
    table.fast_forward()
    app.step(0)
    option = next(o for o in match.state.options() if o.kind in ("blow", "block"))
    mv = Move.from_action(option.action)
    key(app, pygame.K_1 + mv.action_die)
    if mv.new_die is not None:
        key(app, pygame.K_1 + mv.new_die)
    key(app, pygame.K_1 + mv.dir_die)
    key(app, pygame.K_1 + mv.dist_die)
    key(app, pygame.K_RETURN)  # refused: the second hex is missing
    app.step(0)
    confirm = table.button_for("Confirm")
    assert confirm is not None and not confirm.enabled and confirm.reason
    box = table.money_box()
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()
    without = app.screen.subsurface(box).copy()
    whole_before = app.screen.copy()
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=confirm.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()
    with_tip = app.screen.subsurface(box).copy()
    assert pygame.image.tobytes(without, "RGB") == pygame.image.tobytes(with_tip, "RGB")
    # The tooltip did show somewhere.
    changed = [(x, y) for x in range(0, app.screen.get_width(), 8) for y in range(0, app.screen.get_height(), 8)
               if not confirm.rect.inflate(8, 8).collidepoint(x, y)
               and app.screen.get_at((x, y)) != whole_before.get_at((x, y))]
    assert changed, "no tooltip was drawn"


# ---------------------------------------------------------------------------- who plays each seat
@pytest.mark.parametrize("game", ["ya_blew_it", "gold_mine", "big_dig", "grim_prospects", "diamond_in_the_rough"])
def test_every_table_says_which_seats_are_bots_and_how_strong(app, monkeypatch, game: str) -> None:  # type: ignore[no-untyped-def]
    """Every table writes each bot's level after its name, as the others do ("hard bot"), and the
    human whose own hand it shows as "you" where it shows one (Big Dig and Diamond in the Rough
    named the bots alone)."""
    from helpers import run_until_human, spy_text

    from game.core.match import BOT, Match, Seat
    from game.ui.tables import base, table_for

    drawn = spy_text(monkeypatch, base)
    seats = [Seat("Bella", BOT, "normal"), Seat("Ana"), Seat("Hardy", BOT, "easy")]
    table = table_for(Match(game, seats, 3))
    app.push(table)
    run_until_human(app, table)
    assert "normal bot" in drawn and "easy bot" in drawn
    if game in ("grim_prospects", "diamond_in_the_rough"):
        assert "you" in drawn
