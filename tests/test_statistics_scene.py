"""The Statistics screen, driven headless through a real App: what it lists and shows, choosing a
player with keys and clicks, scrolling a long list, forgetting (always asked first), going back,
and a damaged statistics file reported on entering."""

from __future__ import annotations

import os

# Headless drivers, before pygame is imported anywhere (conftest.py leaves them to each test file).
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time  # noqa: E402
from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import click, key  # noqa: E402

from game import stats  # noqa: E402
from game.core.contract import Outcome, PlayerScore  # noqa: E402
from game.core.match import BOT, Match, Seat  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes import statistics  # noqa: E402
from game.ui.scenes.dialogs import MessageBox  # noqa: E402
from game.ui.scenes.statistics import StatisticsScene, when_text  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402


def staged(seats: list[Seat], totals: list[int], winners: tuple[int, ...],
           game: str = "ya_blew_it") -> Match:
    """A real match with these seats whose state reports this final outcome."""
    m = Match(game, seats, 3)
    outcome = Outcome(tuple(PlayerScore(i, t, ()) for i, t in enumerate(totals)), winners)
    m.state = SimpleNamespace(outcome=lambda: outcome)  # type: ignore[assignment]
    return m


def play(name: str, won: bool, *, at: float, game: str = "ya_blew_it", score: int = 9,
         against: str = "easy") -> None:
    """Record a finished two-player game of `name` against a bot of level `against`."""
    seats = [Seat(name), Seat("Dusty", BOT, against)]
    assert stats.record_match(staged(seats, [score, 4], (0,) if won else (1,), game), now=at) is None


def open_screen(app: App) -> StatisticsScene:
    app.reset(TitleScene())
    scene = StatisticsScene()
    app.push(scene)
    frames(app, 3)
    return scene


def frames(app: App, n: int = 5) -> None:
    for _ in range(n):
        app.step(1 / 60)


def varied(surface: pygame.Surface) -> int:
    return len({tuple(surface.get_at((x, y))) for x in range(0, 1280, 40) for y in range(0, 720, 40)})


NOW = time.time()


@pytest.fixture(autouse=True)
def _the_clock_stands_at_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """'Today' on the screen is the day of NOW, however long the tests take (a run that crossed
    midnight called games played a minute before NOW 'yesterday')."""
    monkeypatch.setattr(statistics, "clock", lambda: NOW)


# ============================================================================ what is shown
def test_no_games_yet_shows_the_empty_state(app: App) -> None:
    scene = open_screen(app)
    assert app.top is scene and scene.selected is None and scene.shown_rows() == []
    assert scene.game_table() == [] and scene.opponent_table() == []
    assert not scene.forget_button.enabled
    assert "Finish a game with a human player" in statistics.EMPTY_TEXT
    key(app, pygame.K_DELETE)  # nothing to forget: no question asked
    key(app, pygame.K_DOWN)
    assert app.top is scene
    frames(app)
    assert varied(app.screen) > 8
    key(app, pygame.K_TAB)  # the only button to reach is Back (there is nobody to forget)
    assert scene.back_button.focused and not scene.forget_button.focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1


def test_players_are_listed_most_recent_first_with_their_record(app: App) -> None:
    play("Ana", True, at=NOW - 300, score=12)
    play("Ana", False, at=NOW - 200, score=5)
    play("Ana", True, at=NOW - 100, game="gold_mine", score=7, against="normal")
    play("Bo", True, at=NOW - 250)
    play("Cyd", False, at=NOW - 3 * 86400)
    scene = open_screen(app)
    assert [p.name for p in scene.profiles] == ["Ana", "Bo", "Cyd"]
    assert scene.selected is not None and scene.selected.name == "Ana"
    assert scene.game_table() == [("Ya Blew It!", "2", "1", "50%", "12 points", "0", "0"),
                                  ("Gold Mine", "1", "1", "100%", "7$", "1", "0")]
    assert scene.opponent_table() == [("Easy bot", "2", "1", "50%"), ("Normal bot", "1", "1", "100%")]
    assert scene.summary().startswith("3 games played, 2 won (67%).  Winning streak: 1")
    assert scene.list_label(0)[1].startswith("3 games, 2 won") and scene.list_label(0)[1].endswith("today")
    assert scene.list_label(2)[1].startswith("1 game, 0 won")
    frames(app)
    assert varied(app.screen) > 8


def test_a_shared_win_is_shown_as_tied(app: App) -> None:
    seats = [Seat("Ana"), Seat("Bo"), Seat("Nell", BOT, "normal")]
    stats.record_match(staged(seats, [9, 9, 2], (0, 1)), now=NOW)
    scene = open_screen(app)
    assert scene.game_table() == [("Ya Blew It!", "1", "1 (1 tied)", "100%", "9 points", "1", "0")]
    assert scene.opponent_table() == [("Human", "1", "1", "100%"), ("Normal bot", "1", "1", "100%")]


def test_a_tie_to_be_played_off_is_shown_as_drawn(app: App) -> None:
    seats = [Seat("Ana"), Seat("Bo")]
    stats.record_match(staged(seats, [7, 7], (0, 1), "gold_mine"), now=NOW)
    scene = open_screen(app)
    assert scene.game_table() == [("Gold Mine", "1", "0 + 1 drawn", "0%", "7$", "0", "0")]
    # A win beside it reads as one win and one drawn game, not as one win that was drawn.
    stats.record_match(staged(seats, [9, 4], (0,), "gold_mine"), now=NOW + 10)
    scene = open_screen(app)
    assert scene.game_table()[0][1:3] == ("2", "1 + 1 drawn")
    # Eleven wins more, and two shared: the cell is drawn whole, smaller ("12 + 1 dra…").
    for k in range(11):
        stats.record_match(staged(seats, [9, 4], (0,), "gold_mine"), now=NOW + 20 + k)
    stats.record_match(staged([Seat("Ana"), Seat("Bo"), Seat("Cy")], [9, 9, 4], (0, 1)), now=NOW + 40)
    scene = open_screen(app)
    cells = {row[0]: row[2] for row in scene.game_table()}
    assert cells["Gold Mine"] == "12 + 1 drawn"
    from helpers import spy_text

    from game.ui.scenes import statistics as statistics_mod

    with pytest.MonkeyPatch.context() as patch:
        drawn = spy_text(patch, statistics_mod)
        app.draw()
    assert "12 + 1 drawn" in drawn and not [d for d in drawn if d.endswith("…")], drawn


def test_up_down_and_clicks_choose_a_player(app: App) -> None:
    for i, name in enumerate(["Ana", "Bo", "Cyd"]):
        play(name, i % 2 == 0, at=NOW - i * 10, score=10 + i)
    scene = open_screen(app)
    key(app, pygame.K_DOWN)
    assert scene.selected.name == "Bo"  # type: ignore[union-attr]
    assert scene.game_table()[0][4] == "11 points"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # the list ends at Cyd
    assert scene.selected.name == "Cyd"  # type: ignore[union-attr]
    key(app, pygame.K_UP)
    assert scene.selected.name == "Bo"  # type: ignore[union-attr]
    click(app, scene.row_rect(0).center)
    assert scene.index == 0 and scene.selected.name == "Ana"  # type: ignore[union-attr]
    click(app, scene.row_rect(2).center)
    assert scene.selected.name == "Cyd"  # type: ignore[union-attr]
    assert scene.game_table()[0][4] == "12 points"


def test_left_right_show_the_opponents_of_one_game(app: App) -> None:
    play("Ana", True, at=NOW - 30, against="easy")
    play("Ana", False, at=NOW - 20, game="gold_mine", against="normal")
    play("Ana", False, at=NOW - 10, game="gold_mine", against="easy")
    scene = open_screen(app)
    assert scene.view_names() == ["All games", "Ya Blew It!", "Gold Mine"]
    assert scene.opponent_table() == [("Easy bot", "2", "1", "50%"), ("Normal bot", "1", "0", "0%")]
    key(app, pygame.K_RIGHT)
    assert scene.opponent_table() == [("Easy bot", "1", "1", "100%")]
    key(app, pygame.K_RIGHT)
    assert scene.opponent_table() == [("Easy bot", "1", "0", "0%"), ("Normal bot", "1", "0", "0%")]
    key(app, pygame.K_RIGHT)  # round to all games again
    assert scene.view == 0
    key(app, pygame.K_LEFT)
    assert scene.view == 2
    frames(app)
    click(app, scene._chip_rects()[1].center)
    assert scene.view == 1 and scene.opponent_table() == [("Easy bot", "1", "1", "100%")]


def test_many_players_scroll(app: App) -> None:
    for i in range(25):
        play(f"Miner {i:02d}", True, at=NOW - i)
    scene = open_screen(app)
    assert len(scene.profiles) == 25 and scene.visible < 25
    assert scene.shown_rows() == list(range(scene.visible))
    for _ in range(scene.visible + 2):
        key(app, pygame.K_DOWN)
    chosen = scene.visible + 2
    assert scene.index == chosen and chosen in scene.shown_rows() and 0 not in scene.shown_rows()
    assert scene.row_rect(chosen).bottom <= statistics.LEFT.bottom
    key(app, pygame.K_END)
    assert scene.selected.name == "Miner 24" and scene.shown_rows()[-1] == 24  # type: ignore[union-attr]
    key(app, pygame.K_PAGEUP)
    assert scene.index == 24 - scene.visible
    key(app, pygame.K_HOME)
    assert scene.index == 0 and scene.scroll == 0
    scene.scroll_by(100)  # the wheel's way of scrolling: never past the end
    assert scene.shown_rows()[-1] == 24 and len(scene.shown_rows()) == scene.visible
    click(app, scene.row_rect(20).center)
    assert scene.selected.name == "Miner 20"  # type: ignore[union-attr]
    frames(app)
    assert varied(app.screen) > 8


def test_long_names_are_shortened_to_fit(app: App) -> None:
    long = "Prospector Josephine Featherstonehaugh-Goldsworthy of the Deep Seam"
    play(long, True, at=NOW)
    scene = open_screen(app)
    name, line = scene.list_label(0)
    assert name.endswith("…") and long.startswith(name[:-1])
    assert theme.font(19, True).size(name)[0] <= scene.row_rect(0).w - 34
    heading = scene.heading()
    assert heading.endswith("…") and long.startswith(heading[:-1])
    assert theme.font(34, title=True).size(heading)[0] < statistics.RIGHT.w - 48
    frames(app)


# ============================================================================ forgetting
def test_forget_asks_first_and_keep_changes_nothing(app: App) -> None:
    play("Ana", True, at=NOW - 10)
    play("Bo", True, at=NOW - 20)
    scene = open_screen(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DELETE)
    box = app.top
    assert isinstance(box, MessageBox) and "Bo" in box.title
    frames(app)
    assert stats.load_stats()[0].find("Bo") is not None  # nothing is gone while asking
    key(app, pygame.K_ESCAPE)  # Keep
    assert app.top is scene
    assert [p.name for p in stats.load_stats()[0].profiles] == ["Ana", "Bo"]
    key(app, pygame.K_DELETE)
    key(app, pygame.K_RETURN)  # Enter takes the first button, which keeps the player
    assert app.top is scene and stats.load_stats()[0].find("Bo") is not None


def test_forget_names_a_long_name_whole(app: App) -> None:
    """The widest name the setup takes was cut in the dialog's title ("Forget WWWW…"): the title
    asks about "this player" and the words name them whole."""
    play("W" * 16, True, at=NOW)
    scene = open_screen(app)
    click(app, scene.forget_button.rect.center)
    box = app.top
    assert isinstance(box, MessageBox)
    assert box.title == "Forget this player?" and f"All the statistics of {'W' * 16} (" in box.text


def test_forget_deletes_the_chosen_player_only(app: App) -> None:
    for i, name in enumerate(["Ana", "Bo", "Cyd"]):
        play(name, True, at=NOW - i)
    scene = open_screen(app)
    key(app, pygame.K_DOWN)
    click(app, scene.forget_button.rect.center)
    box = app.top
    assert isinstance(box, MessageBox) and box.title == "Forget Bo?"
    forget = next(b for b in box.buttons if b.label == "Forget")
    frames(app, 20)
    click(app, forget.rect.center)
    assert app.top is scene
    assert [p.name for p in scene.profiles] == ["Ana", "Cyd"]
    assert [p.name for p in stats.load_stats()[0].profiles] == ["Ana", "Cyd"]
    assert scene.selected.name == "Cyd"  # type: ignore[union-attr]
    key(app, pygame.K_DELETE)
    key(app, pygame.K_f)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_f)
    assert scene.profiles == [] and scene.selected is None and not scene.forget_button.enabled
    assert stats.load_stats()[0].profiles == []
    frames(app)


def test_a_forget_that_cannot_be_saved_says_so(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    play("Ana", True, at=NOW)
    scene = open_screen(app)

    def refuse(name: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(statistics, "forget_profile", refuse)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_f)
    box = app.top
    assert isinstance(box, MessageBox) and "Permission denied" in box.text
    key(app, pygame.K_RETURN)
    assert app.top is scene and [p.name for p in scene.profiles] == ["Ana"]


# ============================================================================ leaving and damage
def test_backspace_also_goes_back(app: App) -> None:
    open_screen(app)
    key(app, pygame.K_BACKSPACE)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("content", [b"{ not json", b'{"format": 1, "recorded": [], "profiles": 5}'])
def test_a_damaged_file_is_reported_on_entering(app: App, home: Path, content: bytes) -> None:
    path = stats.stats_path()
    path.write_bytes(content)
    scene = open_screen(app)
    box = app.top
    assert isinstance(box, MessageBox) and box is not scene
    assert "kept as stats.unreadable-" in box.text
    kept = list(path.parent.glob("stats.unreadable-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    frames(app)
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.selected is None
    play("Ana", True, at=NOW)  # statistics start afresh and work again
    app.reset(TitleScene())
    again = StatisticsScene()
    app.push(again)
    assert app.top is again and [p.name for p in again.profiles] == ["Ana"]


def test_when_text_reads_like_a_person() -> None:
    now = time.mktime((2026, 5, 27, 15, 0, 0, 0, 0, -1))
    assert when_text(now - 3600, now) == "today"
    assert when_text(now - 86400, now) == "yesterday"
    assert when_text(time.mktime((2025, 12, 3, 9, 0, 0, 0, 0, -1)), now).endswith("2025")
    assert when_text(0, now) == "never"


def test_the_screen_draws_every_state(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many games and kinds of opponent at once still lay out inside the panel."""
    seats: list[Any] = [Seat("Ana"), Seat("Bo"), Seat("R", BOT, "random"), Seat("E", BOT, "easy"),
                        Seat("N", BOT, "normal"), Seat("H", BOT, "hard")]
    for t in range(6):
        stats.record_match(staged(seats, [t, 3, 2, 1, 0, 5], (t % 6,)), now=NOW - t)
        stats.record_match(staged(seats[:4], [t, 3, 2, 1], (t % 4,), "gold_mine"), now=NOW - t)
    scene = open_screen(app)
    assert len(scene.opponent_table()) == 5
    rows = len(scene.game_table()) + len(scene.opponent_table())
    bottom = scene._against_y() + 30 + 24 + scene._row_h() * len(scene.opponent_table())
    assert rows == 7 and bottom <= statistics.RIGHT.bottom
    for _ in range(3):
        key(app, pygame.K_RIGHT)
        frames(app, 2)
        assert varied(app.screen) > 8


def test_a_player_of_all_five_games_sees_every_games_name_whole_on_its_chip(app: App) -> None:
    from game.games import GAMES

    for i, game in enumerate(GAMES):
        play("Ana", True, at=NOW - i, game=game)
    scene = open_screen(app)
    names = scene.view_names()
    assert len(names) == 6 and "Diamond in the Rough" in names
    rects = scene._chip_rects()
    for name, rect in zip(names, rects):
        assert statistics.fit_text(name, rect.w - 16, statistics.CHIP_SIZE, True) == name, name
    assert all(statistics.RIGHT.contains(r) for r in rects)
    assert all(a.right < b.left for a, b in zip(rects, rects[1:]))


def test_the_screen_says_how_the_against_rows_count(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A game against a human and a bot counts in both rows, so the rows add up to more games
    than were played: the screen says so, once, under its title."""
    from helpers import spy_text

    from game.ui.scenes import statistics as statistics_mod

    play("Ana", True, at=NOW)
    open_screen(app)
    drawn = spy_text(monkeypatch, statistics_mod)
    app.draw()
    assert drawn.count("Against: a game counts once for each kind of opponent at its table.") == 1


# ============================================================================ records that hold a lot
def big_record(games: int, kinds: int, *, best: int = 9, unit: str = "points", count: int = 10**6,
               shared: bool = True) -> stats.Profile:
    """A player with `games` games (Ya Blew It! first, then games of a newer version) against
    `kinds` kinds of opponent each, the same kinds in every game if `shared`."""
    names = ["ya_blew_it"] + [f"future_{i}" for i in range(1, games)]
    records = {}
    for n, game in enumerate(names):
        against = {f"{'' if shared else n}{'K' * 60} {i}": stats.Tally(count, count) for i in range(kinds)}
        records[game] = stats.GameRecord(game, "Ya Blew It!" if n == 0 else f"Future game {n}", "point", unit,
                                         played=count, won=count, best=best, streak=count, longest=count,
                                         last_played=NOW, against=against)
    return stats.Profile("Ana", NOW, count, count, records)


def shown_record(app: App, profile: stats.Profile) -> StatisticsScene:
    """The Statistics screen showing `profile`, however much it holds (not read from a file)."""
    scene = open_screen(app)
    scene.stats = stats.Stats([profile])
    scene.choose(0)
    return scene


@pytest.mark.parametrize("kinds", [12, 5000])
def test_many_kinds_of_opponent_stay_inside_the_panel(app: App, monkeypatch: pytest.MonkeyPatch,
                                                      kinds: int) -> None:
    """The audit's 12 kinds ran past the panel onto "Forget this player"; a table with more rows
    than its room ends in a row saying how many more there are."""
    from helpers import spy_text_places

    scene = shown_record(app, big_record(2, kinds))
    placed = spy_text_places(monkeypatch, statistics)
    app.draw()
    inside = [(words, r) for words, r in placed if r.x >= statistics.RIGHT.x and r.y >= statistics.RIGHT.y
              and r.y < scene.forget_button.rect.y]
    assert inside and all(r.bottom <= statistics.RIGHT.bottom for _, r in inside), \
        [(w[:12], r) for w, r in inside if r.bottom > statistics.RIGHT.bottom]
    more = [words for words, _ in placed if words.endswith("more kinds of opponent")]
    _, kind_rows, _ = scene._layout()
    assert more == [f"and {kinds - kind_rows + 1} more kinds of opponent"]


def test_a_frame_fits_only_the_rows_it_shows(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each frame fitted every kind of opponent of the record to its row: 5,000 kinds took two
    seconds a frame. Only the rows shown are fitted, however many the record holds."""
    counted: list[str] = []
    real = statistics.fit_text

    def count(msg: str, *args: Any, **kw: Any) -> str:
        counted.append(msg)
        return real(msg, *args, **kw)

    shown_record(app, big_record(2, 5000))
    monkeypatch.setattr(statistics, "fit_text", count)
    app.draw()
    # (The rows of both tables that fit, their cells, the chips, the heading and the list.)
    assert 0 < len(counted) < 120, len(counted)


@pytest.mark.parametrize("unit", ["points", "u" * 100])
def test_the_farthest_best_score_stays_in_its_column(app: App, monkeypatch: pytest.MonkeyPatch,
                                                    unit: str) -> None:
    """A best score of -10^9 ran over the Win % column; a score is now at most SCORE_LIMIT from
    zero, and a unit from the file (a game this version does not know) is fitted to the column."""
    from helpers import spy_text_places

    profile = big_record(1, 1, best=-stats.SCORE_LIMIT, unit=unit)
    profile.games["ya_blew_it"].title = "W" * 40
    shown_record(app, profile)
    placed = spy_text_places(monkeypatch, statistics)
    app.draw()
    x = statistics.RIGHT.x + 24
    best = [r for words, r in placed if words.startswith(f"-{stats.SCORE_LIMIT}")]
    assert len(best) == 1
    percent = next(r for words, r in placed if words == "100%" and r.centery == best[0].centery)
    assert best[0].left > percent.right and best[0].right == x + 620
    # A long name of a game stops short of the games played beside it (seven digits: a million).
    title = next(r for words, r in placed if words.startswith("WWW") and r.x == x + 10)
    played = next(r for words, r in placed if words == "1000000" and r.right == x + 290)
    assert title.right < played.left


def test_a_record_at_the_limits_kept_is_laid_out_inside_the_panel(app: App,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The most games and kinds a record keeps (different kinds in each game): every game has its
    chip inside the panel, and both tables stay inside it."""
    from helpers import spy_text_places

    scene = shown_record(app, big_record(stats.GAME_LIMIT, stats.KIND_LIMIT, shared=False))
    rects = scene._chip_rects()
    assert len(rects) == stats.GAME_LIMIT + 1 and all(statistics.RIGHT.contains(r) for r in rects)
    assert all(a.right < b.left for a, b in zip(rects, rects[1:]))
    placed = spy_text_places(monkeypatch, statistics)
    app.draw()
    inside = [r for _, r in placed if r.x >= statistics.RIGHT.x and statistics.RIGHT.y <= r.y
              < scene.forget_button.rect.y]
    assert all(r.bottom <= statistics.RIGHT.bottom for r in inside)
    assert any(words == f"and {stats.GAME_LIMIT * stats.KIND_LIMIT - scene._layout()[1] + 1} more kinds "
               "of opponent" for words, _ in placed)
    for _ in range(stats.GAME_LIMIT + 1):   # every game's own table too
        key(app, pygame.K_RIGHT)
        frames(app, 1)
        assert varied(app.screen) > 8
