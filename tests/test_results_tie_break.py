"""The results screen offers a tie-break game when a game's rules settle ties that way."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import spy_text  # noqa: E402

from game.core.contract import Outcome, PlayerScore  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MOTHER_LODE_HOME", str(tmp_path))
    application = App(Settings(animation="instant", muted=True))
    yield application
    pygame.display.quit()


def finished(tie_break: bool) -> Match:
    match = Match("ya_blew_it", [Seat("Ana"), Seat("Bo", "bot", "easy"), Seat("Cy", "bot", "easy")], 4)
    rng = Rng(4)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    match.info = dataclasses.replace(match.info, tie_break_game=tie_break, score_unit=("$", "$"))
    tie = Outcome((PlayerScore(0, 30, (("income", 30),)), PlayerScore(1, 30, (("income", 30),)),
                   PlayerScore(2, 12, (("income", 12),))), (0, 1))
    match.state = SimpleNamespace(outcome=lambda: tie, is_over=lambda: True)  # type: ignore[assignment]
    return match


def test_a_tie_in_a_tie_break_game_offers_the_tie_break(app: App) -> None:
    match = finished(tie_break=True)
    results = ResultsScene(match)
    app.push(results)
    big, small = results.headline()
    assert big == "A tie!" and "Ana" in small and "Bo" in small and "30$" in small
    assert results.again_button.label == "Tie-break game" and small.endswith("tie-break game between them.")
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    table = app.top
    assert table is not results
    new = table.match  # type: ignore[attr-defined]
    # "Play again to resolve the tie": the tied players play it; Cy, behind them, is out of it.
    assert new.seats == match.seats[:2] and new.seed != match.seed and not new.actions


def test_a_gold_mine_tie_break_is_the_tied_players_game_on_the_same_map(app: App) -> None:
    from game.games.gold_mine.rules import CHOOSE

    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "bot", "easy"), Seat("Di", "bot", "easy")]
    # (A tuple, as a command line's options may give: dropped by name, not by its shape.)
    match = Match("gold_mine", seats, 4, {"first_player": 3, "start_points": (0, 1, 2, 3)})
    tie = Outcome(tuple(PlayerScore(p, m, (("money", m),)) for p, m in enumerate((20, 41, 30, 41))), (1, 3))
    match.state = SimpleNamespace(outcome=lambda: tie, is_over=lambda: True)  # type: ignore[assignment]
    results = ResultsScene(match)
    app.push(results)
    assert results.headline()[0] == "A tie!"
    results.play_again()
    new = app.top.match  # type: ignore[attr-defined]
    assert [s.name for s in new.seats] == ["Bo", "Di"] and new.state.n == 2
    # The same map and start-point rule; who starts is drawn afresh (seat 3 is not at this table).
    assert new.config.options["map"] == match.config.options["map"]
    assert new.config.options["start_points"] == CHOOSE and "first_player" not in new.config.options


def test_play_again_after_a_tie_break_deals_the_first_table_again(app: App) -> None:
    """The tie-break game is the tied players' alone; once it is over, Play again deals the
    whole first table again (it went on dealing the tied players, and the others, a human among
    them, were out for good), also after the tie-break game was saved and resumed."""
    seats = [Seat("Ana"), Seat("Bo", "bot", "easy"), Seat("Cy", "bot", "easy")]
    match = Match("gold_mine", seats, 4, {"first_player": 2})
    tie = Outcome(tuple(PlayerScore(p, m, (("money", m),)) for p, m in enumerate((20, 41, 41))), (1, 2))
    match.state = SimpleNamespace(outcome=lambda: tie, is_over=lambda: True)  # type: ignore[assignment]
    results = ResultsScene(match)
    app.push(results)
    results.play_again()
    tie_break = app.top.match  # type: ignore[attr-defined]
    assert [s.name for s in tie_break.seats] == ["Bo", "Cy"]
    assert tie_break.tie_break_of == (seats, results.new_game_options())
    resumed = Match.from_json(tie_break.to_json())
    assert resumed.tie_break_of == tie_break.tie_break_of
    won = Outcome((PlayerScore(0, 50, (("money", 50),)), PlayerScore(1, 10, (("money", 10),))), (0,))
    resumed.state = SimpleNamespace(outcome=lambda: won, is_over=lambda: True)  # type: ignore[assignment]
    after = ResultsScene(resumed)
    app.push(after)
    assert after.again_button.label == "Play again"
    after.play_again()
    again = app.top.match  # type: ignore[attr-defined]
    assert again.seats == seats and again.state.n == 3 and again.tie_break_of is None
    assert again.config.options["first_player"] == 2
    # A damaged record of the first table loses nothing of the game itself, nor stops Play
    # again: one no rules can deal (six at Gold Mine, a first player past the table, a map that
    # is a number) is not taken up, and Play again deals the tied players.
    six = [s.to_json() for s in seats * 2]
    for damaged in ({"seats": "nobody"}, {"seats": six, "options": {}},
                    {"seats": [s.to_json() for s in seats], "options": {"first_player": 9}},
                    {"seats": [s.to_json() for s in seats], "options": {"first_player": "x"}},
                    {"seats": [s.to_json() for s in seats], "options": {"map": 5}}):
        data = tie_break.to_json()
        data["tie_break_of"] = damaged
        loaded = Match.from_json(data)
        assert loaded.tie_break_of is None, damaged
        loaded.state = SimpleNamespace(outcome=lambda: won, is_over=lambda: True)  # type: ignore[assignment]
        after = ResultsScene(loaded)
        app.push(after)
        after.play_again()
        assert [s.name for s in app.top.match.seats] == ["Bo", "Cy"]  # type: ignore[attr-defined]


def test_the_headline_grows_in_at_the_animation_speed(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """On "instant" the winner's line is whole from the first frame (it grew from small over
    0.6 s at every speed); at "normal" it still grows in."""
    from game.ui.scenes import results as results_mod

    sizes: list[int] = []
    real = results_mod.theme.text

    def spy(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int = 18, *a: object,
            **kw: object) -> pygame.Rect:
        if kw.get("title"):
            sizes.append(size)
        return real(surface, words, pos, size, *a, **kw)   # type: ignore[arg-type]

    monkeypatch.setattr(results_mod.theme, "text", spy)
    for speed, whole in (("instant", True), ("normal", False)):
        app.settings.animation = speed
        results = ResultsScene(finished(tie_break=False))
        app.push(results)
        sizes.clear()
        results.draw(app.screen)
        assert (max(sizes) >= 62) == whole, (speed, sizes)
        app.pop()


def test_a_tie_elsewhere_is_a_shared_win(app: App) -> None:
    results = ResultsScene(finished(tie_break=False))
    app.push(results)
    assert results.headline()[0] == "A shared win!"
    assert results.again_button.label == "Play again"


def test_a_win_on_the_tie_break_ranks_the_winner_first_and_says_why(app: App) -> None:
    from game.core.contract import Event

    match = finished(tie_break=False)
    level = Outcome((PlayerScore(0, 30, (("income", 30),)), PlayerScore(1, 30, (("income", 30),)),
                     PlayerScore(2, 12, (("income", 12),))), (1,))
    match.state = SimpleNamespace(outcome=lambda: level, is_over=lambda: True)  # type: ignore[assignment]
    match.history.append(Event("end", "Bo wins with 30$, as many as Ana, and the best card (5 to 3)",
                               {"tie_break": "as many as Ana, and the best card (5 to 3)"}))
    results = ResultsScene(match)
    app.push(results)
    # Bo won: first and 1st; Ana, level on points, lost the tie-break: 2nd, not 1st.
    assert [s.player for s in results.order] == [1, 0, 2]
    assert results.rank == {1: 1, 0: 2, 2: 3}
    assert results.headline() == ("Bo wins!", "with 30$, as many as Ana, and the best card (5 to 3)")


def test_six_long_names_are_shown_whole_on_the_results(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes import results as results_mod

    names = ["Bartholomew", "Christopher", "Gwendolyn", "Maximilian", "Anastasia", "Wilhelmina"]
    match = Match("ya_blew_it", [Seat(n) for n in names], 4)
    rng = Rng(4)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    results = ResultsScene(match)
    app.push(results)
    drawn = spy_text(monkeypatch, results_mod)
    results.draw(app.screen)
    # Smaller where need be, as the tables do, never "Bartholom…".
    assert all(n in drawn for n in names), [d for d in drawn if "…" in d]


def test_two_players_holding_four_of_a_kind_at_the_end_share_the_win_and_are_told_how(app: App) -> None:
    """Diamond in the Rough, unscored: a shared win says how it came (no "with 1 point each"), on
    the results and on the table's banner."""
    from diamond_positions import position

    from game.core.contract import Action
    from game.ui.tables import table_for

    s = position(2, [[6, 7, 8, 2], [41]], row=[9, 3], tableaus=[[], [96, 97, 98, 99]], deck=[], rest="boxed")
    s.last_turns_left = 0
    end, events = s.apply(Action.parse("resupply:2,row:0"))
    match = Match("diamond_in_the_rough", [Seat("Ana"), Seat("Bo")], 1)
    match.state = end
    match.history.extend(events)
    results = ResultsScene(match)
    assert results.headline() == ("A shared win!",
                                  "Ana and Bo could each still discard four of a kind and share the win")
    table = table_for(match)
    assert "".join(words for words, _ in table.banner_segments()) == "Game over: Ana and Bo share the win"
    # The table's big words at the end say so too.
    from game.ui.tables.base import Beat

    end = next(e for e in events if e.kind == "end")
    table._on_end(end, Beat(end))
    assert table.big_words[0] == "Ana and Bo share the win!"


def test_two_names_of_one_first_word_are_told_apart_and_every_score_line_is_shown(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six cards: "Grandma Margaret" and "Grandma Marjorie" are written whole (on two lines),
    not both "Grandma", and "Bartholomew Gray" not as "Bartholomew"; a winner's six score lines are all listed, smaller, with no "+2 more"."""
    from game.core.contract import Outcome, PlayerScore
    from game.ui.scenes import results as results_mod

    names = ["Pickaxe Pat", "Ore-Cart Ollie", "Bartholomew Gray", "Flint McGee", "Grandma Margaret",
             "Grandma Marjorie"]
    match = Match("ya_blew_it", [Seat(n) for n in names], 4)
    rng = Rng(4)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    lines = tuple((f"Gem {k} x2", 3) for k in range(6))
    scores = (PlayerScore(0, 18, lines),) + tuple(PlayerScore(p, 10 - p, (("Ruby x1", 1),)) for p in range(1, 6))
    outcome = Outcome(scores, (0,))
    match.state = SimpleNamespace(outcome=lambda: outcome, is_over=lambda: True)  # type: ignore[assignment]
    results = ResultsScene(match)
    app.push(results)
    drawn = spy_text(monkeypatch, results_mod)
    results.draw(app.screen)
    assert "Margaret" in drawn and "Marjorie" in drawn, drawn
    # A first word nearly as wide as the card takes smaller letters, not the place of the name.
    assert "Bartholomew" in drawn and "Gray" in drawn, drawn
    assert not any(d.endswith("more") for d in drawn), drawn
    assert all(f"Gem {k} x2" in drawn for k in range(6))


@pytest.mark.parametrize("game", ["diamond_in_the_rough", "gold_mine"])
def test_a_new_game_after_an_old_saves_end_is_played_by_todays_rules(app: App, game: str) -> None:
    """A save begun before an option came replays with the value from before; the game played
    again after its end takes today's."""
    from game.games import GAMES

    info = GAMES[game]
    old = Match(game, [Seat("Ana"), Seat("Bo")], 5, dict(info.legacy_options))
    rng = Rng(5)
    while not old.is_over():
        old.apply(rng.choice(old.legal_actions()))
    data = old.to_json()
    data["options"] = {k: v for k, v in data["options"].items() if k not in info.legacy_options}
    loaded = Match.from_json(data)
    assert all(loaded.config.options[k] == v for k, v in info.legacy_options.items())
    results = ResultsScene(loaded)
    app.push(results)
    results.play_again()
    new = app.top.match  # type: ignore[attr-defined]
    today = info.make_config(2).options
    assert new is not loaded and all(new.config.options[k] == today[k] for k in info.legacy_options)


def test_play_again_on_a_board_now_refused_says_why_and_deals_nothing(app: App, tmp_path: Path) -> None:
    """A Big Dig game saved on a board that the map reader accepted then and refuses now (its light
    dirt walled in) opens and ends as it was played; Play again would deal a new game on it, which
    setup could never start: it says why instead, and the results stay."""
    import sys

    from game.games.big_dig.rules import shipped_board
    from game.ui.scenes.dialogs import MessageBox

    sys.path.insert(0, str(Path(__file__).parent))
    from test_big_dig_map import LIGHT_WALLED_IN, _unchecked_board

    walled = _unchecked_board(tmp_path, LIGHT_WALLED_IN)
    for board, refused in ((walled, True), (shipped_board("a").to_json(), False)):
        match = Match("big_dig", [Seat("Ana"), Seat("Bo", "bot", "easy")], 4, {"board": board})
        rng = Rng(4)
        while not match.is_over():
            match.apply(rng.choice(match.legal_actions()))
        results = ResultsScene(match)
        app.push(results)
        results.play_again()
        if refused:
            box = app.top
            assert isinstance(box, MessageBox) and box.title == "This game cannot be dealt again"
            assert "light dirt at column 2, row 4" in box.text and "New game" in box.text
            app.pop()
            assert app.top is results
        else:
            new = app.top.match  # type: ignore[attr-defined]
            assert new is not match and new.config.options["board"] == board and not new.actions
