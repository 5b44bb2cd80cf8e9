"""The coach: the Hint at a human's decision on every table, and its record; Analyse in the replay
viewer. A fake analyser stands in for the search process where the process itself is not under
test (it answers from the legal actions, or when the test says so); one test asks the real pool.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import concurrent.futures  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import click, key, lift_curtain, run_until, run_until_human, spy_text  # noqa: E402

from game import saves, stats  # noqa: E402
from game.bots.pool import Advice  # noqa: E402
from game.bots.search import FEW_LOOKS, Budget  # noqa: E402
from game.core.match import BOT, Match, Seat  # noqa: E402
from game.games import GAMES, get  # noqa: E402
from game.settings import Settings, load_settings, save_settings  # noqa: E402
from game.ui.scenes.dialogs import PassScreen  # noqa: E402
from game.ui.scenes.replay import ReplayScene  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402
from game.ui.tables import table_for  # noqa: E402
from game.ui.tables import coach as coaching  # noqa: E402


# ---------------------------------------------------------------------------- fake analysers
class Fake:
    """An analyser that answers from the position's legal actions: the first is best. With
    `hold`, the answers wait until `release()`; every request is remembered."""

    def __init__(self, hold: bool = False, score: Callable[[int, str], float] | None = None,
                 only: int | None = None) -> None:
        self.hold = hold
        self.score = score or (lambda i, a: 0.6 if i == 0 else 0.3)
        self.only = only   # weigh only the first `only` legal actions (and the move played)
        self.requests: list[tuple[str, int, Budget, int | None, str | None]] = []
        self.seeds: list[int] = []   # each request's seed
        self.pending: list[tuple[concurrent.futures.Future[list[Advice]], list[Advice]]] = []

    def __call__(self, game: str, state_json: Any, seat: int, budget: Budget, seed: int,
                 top: int | None, played: str | None = None
                 ) -> concurrent.futures.Future[list[Advice]]:
        state = get(game).from_json(state_json)
        assert state.to_move() == seat
        self.requests.append((game, seat, budget, top, played))
        self.seeds.append(seed)
        legal = [str(a) for a in state.legal_actions()]
        advice = [Advice(a, self.score(i, a), 100 - i, f"words for {a}", f"reason for {a}")
                  for i, a in enumerate(legal)
                  if self.only is None or i < self.only or a == played]
        advice.sort(key=lambda x: -x.win)
        advice = advice if top is None else advice[:top]
        future: concurrent.futures.Future[list[Advice]] = concurrent.futures.Future()
        if self.hold:
            future.set_running_or_notify_cancel()   # under way, as in a worker: not cancellable
            self.pending.append((future, advice))
        else:
            future.set_result(advice)
        return future

    def release(self) -> None:
        for future, advice in self.pending:
            future.set_result(advice)
        self.pending.clear()


def at_human(game: str, seed: int, seats: list[Seat] | None = None, moves: int = 4) -> Match:
    """A match some random moves in, stopped where a human decides."""
    m = Match(game, seats or [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "normal")], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        m.apply(rng.choice(m.legal_actions()))
    while not m.human_to_move():
        m.apply(rng.choice(m.legal_actions()))
    assert not m.is_over()
    return m


def open_table(app: Any, m: Match, fake: Fake | None = None) -> Any:
    table = table_for(m)
    table.coach.analyser = fake or Fake()
    app.push(table)
    run_until_human(app, table)
    return table


def press_h(app: Any) -> None:
    key(app, pygame.K_h)


# ---------------------------------------------------------------------------- the hint
@pytest.mark.parametrize("game", list(GAMES))
def test_a_hint_shows_the_top_three_and_outlines_the_best_on_every_table(app: Any, game: str) -> None:
    m = at_human(game, 5)
    fake = Fake()
    table = open_table(app, m, fake)
    seat = m.to_move()
    assert table.hint_refusal() is None
    press_h(app)
    app.step(1 / 60)
    # The search is asked about this seat's position, for three choices.
    assert [(g, s, top, played) for g, s, _, top, played in fake.requests] == [(game, seat, 3, None)]
    advice = table.coach.advice
    assert advice is not None and 1 <= len(advice) <= 3
    assert [a.action for a in advice] == [str(a) for a in m.legal_actions()][:len(advice)]
    assert table._hint_panel is not None and table._hint_panel.colliderect(table.log_panel.rect)
    assert table.coach.best() == m.legal_actions()[0]
    # Every legal action has a place on the table to outline, on the screen.
    screen = app.screen.get_rect()
    for action in m.legal_actions()[:60]:
        spots = table._hint_spots(action)
        assert spots, f"{game}: nothing outlines {action}"
        for spot in spots:
            rect = spot if isinstance(spot, pygame.Rect) else pygame.Rect(
                min(x for x, _ in spot), min(y for _, y in spot), 1, 1)
            assert screen.colliderect(rect), (game, action, spot)


def test_the_table_stays_live_while_the_coach_thinks_and_h_hides_and_shows_it(app: Any) -> None:
    m = at_human("ya_blew_it", 3)
    fake = Fake(hold=True)
    table = open_table(app, m, fake)
    press_h(app)
    for _ in range(5):
        app.step(1 / 60)
    assert table.coach.thinking and table.coach.advice is None and table._hint_panel is not None
    fake.release()
    app.step(1 / 60)
    assert not table.coach.thinking and table.coach.advice
    press_h(app)            # hides the answer ...
    app.step(1 / 60)
    assert table._hint_panel is None and table.coach.hidden
    press_h(app)            # ... and shows it again without asking twice
    app.step(1 / 60)
    assert table._hint_panel is not None and len(fake.requests) == 1
    assert m.hints_taken(0) == 1


def test_the_hint_button_asks_too(app: Any) -> None:
    m = at_human("grim_prospects", 2, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    fake = Fake()
    table = open_table(app, m, fake)
    app.step(1 / 60)
    assert table._hint_button_shown()
    click(app, table.hint_button.rect.center)
    app.step(1 / 60)
    assert len(fake.requests) == 1 and table.coach.advice


def test_a_stale_answer_is_dropped(app: Any) -> None:
    m = at_human("ya_blew_it", 4, [Seat("Ana"), Seat("Bo")])
    fake = Fake(hold=True)
    table = open_table(app, m, fake)
    press_h(app)
    app.step(1 / 60)
    assert table.coach.thinking
    table._apply(m.legal_actions()[-1])     # the position moves on before the answer comes
    app.step(1 / 60)
    fake.release()
    run_until_human(app, table)
    assert table.coach.advice is None and not table.coach.active
    assert table._hint_panel is None and table.coach.dropped == 1


def test_hints_are_refused_when_off_in_settings(make_app: Callable[..., Any]) -> None:
    app = make_app()
    app.settings.hints = False
    m = at_human("ya_blew_it", 6)
    fake = Fake()
    table = open_table(app, m, fake)
    press_h(app)
    app.step(1 / 60)
    assert not table.request_hint()
    assert fake.requests == [] and m.hints_taken(0) == 0 and not table.coach.active
    # No button; the key says why it does nothing.
    assert not table._hint_button_shown() and table.message == "Hints are off (see Settings)."
    app.settings.hints = True
    app.step(1 / 60)
    assert table._hint_button_shown()


def test_a_hint_asked_again_at_the_same_decision_after_a_resume_counts_once(app: Any) -> None:
    m = at_human("big_dig", 5)
    table = open_table(app, m, Fake())
    press_h(app)
    app.step(1 / 60)
    assert m.hints_taken(0) == 1
    app.pop()
    again = Match.from_json(json.loads(json.dumps(m.to_json())))   # the game resumed
    table = open_table(app, again, Fake())
    press_h(app)
    app.step(1 / 60)
    assert table.coach.active and again.hints_taken(0) == 1
    notes = [e for e in again.history if getattr(e, "kind", "") == "hint"]
    assert len(notes) == 1


def test_a_single_possible_move_is_not_weighed_nor_counted(app: Any) -> None:
    for seed in range(1, 200):
        m = at_human("ya_blew_it", seed)
        if len(m.legal_actions()) == 1:
            break
    else:
        pytest.fail("no decision with one move")
    fake = Fake()
    table = open_table(app, m, fake)
    assert table._hint_button_shown()
    press_h(app)
    app.step(1 / 60)
    assert fake.requests == [] and m.hints_taken(m.to_move()) == 0 and not table.coach.active
    assert table.message.startswith("Only one move is possible here")


def test_a_move_the_table_plays_for_the_player_is_not_hinted_nor_analysed(app: Any) -> None:
    """A formality ("Ana, you rolled 5: no re-roll could do better") is played by the table after
    a pause: no decision, so neither a hint to ask (and count) there nor a move for Analyse."""
    from game.ui.scenes.analysis import human_decisions

    for seed in range(100):
        m = Match("ya_blew_it", [Seat("Ana"), Seat("Bo", BOT, "normal")], seed)
        rng = random.Random(seed)
        while not m.is_over() and not (m.human_to_move() and m.formality() is not None):
            m.apply(rng.choice(m.legal_actions()))
        if not m.is_over():
            break
    else:
        pytest.fail("no formality in 100 games")
    at = len(m.actions)
    fake = Fake()
    table = table_for(m)
    table.coach.analyser = fake
    table.formal_pause = 1e6
    app.settings.animation = "fast"   # (the tests' instant animations leave it no pause)
    app.push(table)
    run_until(app, lambda: table.idle, "the table settles")
    assert len(m.actions) == at   # the formality waits its pause
    assert table.hint_refusal() == "There is nothing to decide: the table plays this move for you."
    assert not table._hint_button_shown()
    press_h(app)
    app.step(1 / 60)
    assert fake.requests == [] and m.hints_taken(0) == 0 and not table.coach.active
    table.formal_pause = 0.0
    run_until(app, lambda: len(m.actions) > at, "the table plays it")
    record = list(m.actions)
    decided = [d.index for d in human_decisions(m, record)]
    assert at not in decided and decided   # the player's real decisions are still there


def test_hints_are_refused_for_a_bot_and_in_a_replay(app: Any) -> None:
    m = Match("ya_blew_it", [Seat("Dusty", BOT, "easy"), Seat("Ana")], 1)
    while m.human_to_move() or m.to_move() != 0:
        m.apply(m.legal_actions()[0])
    fake = Fake()
    table = table_for(m)
    table.coach.analyser = fake
    app.push(table)
    table.thinker.cancel()
    assert not m.human_to_move()
    assert table.hint_refusal() is not None and not table.request_hint()
    start, actions = saves.replay_of(at_human("ya_blew_it", 7))
    viewer = ReplayScene(start, actions, at=len(actions))
    app.push(viewer)
    app.step(1 / 60)
    assert viewer.table is not None and viewer.table.replay
    viewer.table.coach.analyser = fake
    assert viewer.table.hint_refusal() == "There are no hints in a replay."
    key(app, pygame.K_h)
    assert fake.requests == []


def test_hot_seat_hints_only_behind_a_lifted_curtain_and_hidden_when_it_falls(app: Any) -> None:
    m = at_human("grim_prospects", 3, [Seat("Ana"), Seat("Bo")], moves=0)
    fake = Fake()
    table = table_for(m)
    table.coach.analyser = fake
    app.push(table)
    run_until(app, lambda: isinstance(app.top, PassScreen), "brought the curtain")
    seat = m.to_move()
    assert table.hint_refusal() is not None and not table.request_hint()
    assert fake.requests == []
    lift_curtain(app)   # the player at the screen lifts the curtain
    run_until_human(app, table)
    assert app.top is table and m.eyes == seat
    press_h(app)
    app.step(1 / 60)
    assert fake.requests[0][1] == seat and table.coach.advice and not table.hand_hidden
    # The player ends their turn: the curtain comes down for the other and the hint goes.
    while m.to_move() == seat:
        table._apply(next(a for a in m.legal_actions() if str(a) in ("end", "bank")) if any(
            str(a) in ("end", "bank") for a in m.legal_actions()) else m.legal_actions()[0])
    run_until(app, lambda: isinstance(app.top, PassScreen), "brought the curtain again")
    assert not table.coach.active and table.hint_refusal() is not None
    assert len(fake.requests) == 1


@pytest.mark.parametrize("game", ["grim_prospects", "diamond_in_the_rough"])
def test_a_hint_is_not_drawn_over_a_hand_the_game_menu_turned_down(app: Any, game: str) -> None:
    """A hint names the cards of the hand it is for: when the game menu turns that hand face
    down (the players may gather round the menu), the hint is not drawn until the hand is up
    again, and H brings both back."""
    m = at_human(game, 4, [Seat("Ana"), Seat("Bo")], moves=2)
    fake = Fake()
    table = table_for(m)
    table.coach.analyser = fake
    app.push(table)
    run_until(app, lambda: isinstance(app.top, PassScreen), "brought the curtain")
    lift_curtain(app)
    run_until_human(app, table)
    press_h(app)
    app.step(1 / 60)
    assert table.coach.advice and not table.hand_hidden and table._hint_panel is not None
    key(app, pygame.K_ESCAPE)   # the game menu: the hand goes face down
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.top is table and table.hand_hidden and table._hint_panel is None
    press_h(app)                # asked again: the hand and its hint come back, not asked twice
    app.step(1 / 60)
    assert not table.hand_hidden and table._hint_panel is not None and len(fake.requests) == 1


# ---------------------------------------------------------------------------- the record
def test_a_hint_is_logged_saved_and_counted(app: Any, home: Path) -> None:
    m = at_human("ya_blew_it", 8, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    table = open_table(app, m)
    before = len(m.actions)
    press_h(app)
    app.step(1 / 60)
    assert m.hints == [[before], []]
    assert any(line[0] == "Ana asked for a hint" for line in table.log_lines)
    # Saved with the game (written at once) and read back, with its line in the log.
    saved = json.loads(saves.save_path(m).read_text("utf-8"))
    assert saved["hints"] == [[before], []]
    loaded = Match.from_json(saved)
    assert loaded.hints == [[before], []] and loaded.hints_taken(0) == 1
    assert [e.text for e in loaded.history if e.kind == "hint"] == ["Ana asked for a hint"]
    # A save from before hints still loads, with none.
    del saved["hints"]
    assert Match.from_json(saved).hints == [[], []]
    saved["hints"] = [[1], "x"]
    with pytest.raises(Exception, match="hints"):
        Match.from_json(saved)
    # The finished game's replay keeps them, and the statistics count a game played with hints.
    rng = random.Random(1)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    saves.finish(m)
    replay = json.loads(saves.replay_path(m).read_text("utf-8"))
    assert replay["hints"] == [[before], []]
    record = stats.load_stats()[0].find("Ana")
    assert record is not None
    g = record.games["ya_blew_it"]
    assert (g.hinted, g.hints, record.hinted) == (1, 1, 1)
    # The results name the hints under the player's name.
    results = ResultsScene(m)
    assert (results.who(0), results.who(1)) == ("human, 1 hint", "easy bot")
    # Watched again, the replay's log says so where it happened, and not a move earlier.
    start, actions = saves.replay_of(m)
    viewer = ReplayScene(start, actions, at=before)
    app.push(viewer)
    app.step(1 / 60)
    assert [e.text for e in start.history if e.kind == "hint"] == ["Ana asked for a hint"]
    assert viewer.table is not None
    assert any(line[0] == "Ana asked for a hint" for line in viewer.table.log_lines)
    viewer.step(-1)
    assert [e.kind for e in start.history].count("hint") == 0
    viewer.jump(len(actions))
    assert [e.kind for e in start.history].count("hint") == 1


def test_statistics_from_before_hints_still_load(home: Path) -> None:
    m = at_human("ya_blew_it", 9, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    rng = random.Random(2)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    assert stats.record_match(m) is None
    path = stats.stats_path()
    data = json.loads(path.read_text("utf-8"))
    for g in data["profiles"][0]["games"].values():
        assert g.pop("hinted") == 0 and g.pop("hints") == 0
    path.write_text(json.dumps(data), "utf-8")
    loaded, message = stats.load_stats()
    assert message is None and loaded.find("Ana").games["ya_blew_it"].hinted == 0  # type: ignore[union-attr]


def test_the_hints_setting_is_saved_and_switched_in_the_settings_screen(app: Any, home: Path) -> None:
    from game.ui.scenes.settings_scene import SettingsScene

    assert Settings().hints
    scene = SettingsScene()
    app.push(scene)
    app.step(1 / 60)
    key(app, pygame.K_h)
    assert app.settings.hints is False and load_settings().hints is False
    key(app, pygame.K_h)
    assert load_settings().hints is True
    save_settings(Settings(hints=False))
    assert load_settings().hints is False


# ---------------------------------------------------------------------------- the real pool
def test_a_hint_from_the_real_search_pool(app: Any) -> None:
    from game.bots.pool import shared_pool
    from game.ui.tables.coach import pool_analyser

    m = at_human("ya_blew_it", 12, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    table = table_for(m)
    table.coach.analyser = pool_analyser
    table.coach.budget = Budget(12)
    app.push(table)
    run_until_human(app, table)
    press_h(app)
    try:
        run_until(app, lambda: not table.coach.thinking, "heard from the pool", frames=60 * 120)
    finally:
        shared_pool().close()
    advice = table.coach.advice
    assert advice and len(advice) <= 3 and not table.coach.failed
    legal = {str(a) for a in m.legal_actions()}
    assert all(a.action in legal and 0.0 <= a.win <= 1.0 and a.words for a in advice)
    assert table.coach.best() is not None


# ---------------------------------------------------------------------------- Analyse
def bad_move_record() -> tuple[Match, list[str], int]:
    """A finished game where Ana always plays the first legal action, except once the last one
    (deliberately bad to the fake analyser below); returns the start, the actions and that move."""
    m, bad = bad_move_game()
    start, actions = saves.replay_of(m)
    return start, actions, bad


def bad_move_game() -> tuple[Match, int]:
    """The game of `bad_move_record`, finished, and its bad move."""
    m = Match("ya_blew_it", [Seat("Ana"), Seat("Dusty", BOT, "easy")], 21)
    rng = random.Random(21)
    bad = None
    while not m.is_over():
        legal = m.legal_actions()
        if m.to_move() == 0 and len(legal) > 1:
            if bad is None and len(m.actions) > 6 and len(legal) >= 3:
                bad = len(m.actions)
                m.apply(legal[-1])
                continue
            m.apply(legal[0])
        else:
            m.apply(rng.choice(legal))
    assert bad is not None
    return m, bad


def judge(i: int, action: str) -> float:
    """The fake search: the first action wins 60%, the second 55% (a small fall: no mark),
    the others 20%."""
    return 0.6 if i == 0 else 0.55 if i == 1 else 0.2


def outlined_spots(app: Any, viewer: ReplayScene) -> list[Any]:
    """The places the replay viewer outlines when it draws once (each call's list of spots)."""
    outlined: list[Any] = []
    real_spots = coaching.draw_spots
    coaching.draw_spots = lambda surface, spots, clock: outlined.append(list(spots))  # type: ignore[assignment]
    try:
        viewer.draw(app.screen)
    finally:
        coaching.draw_spots = real_spots  # type: ignore[assignment]
    return outlined


def test_analyse_marks_a_deliberately_bad_move_and_shows_the_better_one(app: Any) -> None:
    start, actions, bad = bad_move_record()
    fake = Fake(hold=True, score=judge)
    viewer = ReplayScene(start, actions)
    viewer.analyser = fake
    app.push(viewer)
    app.step(1 / 60)
    key(app, pygame.K_a)
    app.step(1 / 60)
    # One search at a time, every choice weighed; the viewer stays usable meanwhile.
    assert len(fake.requests) == 1 and fake.requests[0][3] is None
    key(app, pygame.K_RIGHT)
    app.step(1 / 60)
    assert viewer.position == 1
    total = viewer.analysis.total  # type: ignore[union-attr]
    assert total > 5
    for _ in range(total + 5):
        fake.release()
        app.step(1 / 60)
    a = viewer.analysis
    assert a is not None and a.finished and a.done == total and len(fake.requests) == total
    assert viewer.marked() == [bad]
    # N jumps to the decision itself (the table as it stood before the move); the verdict names
    # both moves and chances, and the better move is one of the moves possible there.
    key(app, pygame.K_n)
    app.step(1 / 60)
    assert viewer.position == bad
    v = viewer.verdict()
    assert v is not None and v.marked and v.played == actions[bad]
    assert v.mine is not None and (v.best.win, v.mine.win) == (0.6, 0.2)
    assert v.best.action != actions[bad]
    better = viewer.better_action()
    assert better is not None and str(better) == v.best.action
    assert better in viewer.match.legal_actions()
    outlined = outlined_spots(app, viewer)
    # (Ya Blew It!'s moves are its buttons, which a replay does not show: Gold Mine's below.)
    assert outlined == [viewer.table._hint_spots(better)]
    # A move judged close to the best is not set against it: nothing glows there.
    from dataclasses import replace as with_fields

    close = with_fields(v, mine=with_fields(v.mine, win=v.best.win - 0.05))
    assert not close.marked
    real_verdict = viewer.verdict
    viewer.verdict = lambda: close  # type: ignore[method-assign]
    assert viewer.better_action() is None
    viewer.verdict = real_verdict  # type: ignore[method-assign]
    assert viewer.better_action() == better
    # → plays the move that was made; the verdict goes with its decision.
    key(app, pygame.K_RIGHT)
    run_until(app, lambda: viewer.table.idle, "showed the move")
    assert viewer.position == bad + 1 and viewer.verdict() is not v
    # A move that lost only 5 points is not marked, and a move of the best choice is judged fine.
    assert all(not x.marked for i, x in a.verdicts.items() if i != bad)


def analysed_at_a_blunder(app: Any, m: Match, *, after: int, moves: int | None = None) -> tuple[ReplayScene, int]:
    """`m` played on (to its end, or `moves` moves) with one blunder by Ana (seat 0): her last
    legal move at her first decision past `after` moves with three choices or more; her other
    moves are the fake search's first choice (not marked), the others' random. Its replay, analysed
    by the fake search, is shown at that decision; with the blunder's action number."""
    rng = random.Random(m.seed)
    bad = None
    while not m.is_over() and (moves is None or len(m.actions) < moves):
        legal = m.legal_actions()
        if m.to_move() == 0 and bad is None and len(m.actions) > after and len(legal) >= 3:
            bad = len(m.actions)
            m.apply(legal[-1])
        else:
            m.apply(legal[0] if m.to_move() == 0 else rng.choice(legal))
    assert bad is not None
    start, actions = saves.replay_of(m)
    viewer = ReplayScene(start, actions)
    viewer.analyser = Fake(score=judge)
    app.push(viewer)
    app.step(1 / 60)
    key(app, pygame.K_a)
    run_until(app, lambda: viewer.analysis is not None and viewer.analysis.finished, "analysed", 2000)
    assert bad in viewer.marked()
    viewer.jump(bad)
    run_until(app, lambda: viewer.table is not None and viewer.table.idle, "idle")
    return viewer, bad


def test_at_a_marked_gold_mine_decision_the_better_move_glows_on_the_map(app: Any) -> None:
    """The verdict stands on the decision itself, with that moment's dice: the better move's die
    and hexes are outlined on the table, as a hint's are."""
    viewer, bad = analysed_at_a_blunder(app, Match("gold_mine", [Seat("Ana"), Seat("Dusty", BOT, "easy")], 4),
                                        after=4)
    better = viewer.better_action()
    assert better is not None and better in viewer.match.legal_actions()
    spots = viewer.table._hint_spots(better)
    assert spots, "the better move has no place on the table"
    outlined = outlined_spots(app, viewer)
    assert outlined == [spots]


def test_analyse_weighs_the_move_played_even_where_the_search_would_not_look(app: Any) -> None:
    """The search leaves some moves out of its look-ahead (Diamond never gives the Gem back, Gold
    Mine keeps a few moves); Analyse asks about the move played too, so a blunder among those is
    still marked, in the game's words."""
    start, actions, bad = bad_move_record()
    fake = Fake(score=judge, only=2)
    viewer = ReplayScene(start, actions)
    viewer.analyser = fake
    app.push(viewer)
    app.step(1 / 60)
    key(app, pygame.K_a)
    a = viewer.analysis
    assert a is not None
    for _ in range(a.total + 5):
        app.step(1 / 60)
    assert a.finished and all(r[4] == actions[d.index] for r, d in zip(fake.requests, a.decisions))
    assert viewer.marked() == [bad]
    v = a.verdicts[bad]
    assert v.weighed and v.mine is not None and v.mine.words == f"words for {actions[bad]}"
    assert all(x.weighed for x in a.verdicts.values())


def analyse_to_the_end(app: Any, viewer: ReplayScene) -> None:
    key(app, pygame.K_a)
    a = viewer.analysis
    assert a is not None
    for _ in range(a.total + 5):
        app.step(1 / 60)
    assert a.finished


def open_replay(app: Any, path: Path, fake: Fake) -> ReplayScene:
    from game.ui.scenes.replay import replay_scene_for_file

    viewer = replay_scene_for_file(path)
    viewer.analyser = fake
    app.push(viewer)
    app.step(1 / 60)
    return viewer


def analysed_replay(app: Any) -> tuple[Match, int, Path, int]:
    """The bad-move game kept as a replay, opened, analysed to the end and closed again: the
    game, its bad move, the replay's path and how many moves were analysed."""
    m, bad = bad_move_game()
    path = saves.write_replay(m)
    viewer = open_replay(app, path, Fake(score=judge))
    assert viewer.analysis is None
    analyse_to_the_end(app, viewer)
    total = viewer.analysis.total if viewer.analysis else 0
    app.pop()
    return m, bad, path, total


def test_an_analysis_is_kept_beside_its_replay_and_shown_when_it_is_opened_again(app: Any) -> None:
    m, bad, path, total = analysed_replay(app)
    kept = saves.analysis_path(path)
    assert kept.is_file()
    # Opened again (or after a restart): the marks are there at once, nothing is asked again.
    fake = Fake(score=judge)
    again = open_replay(app, path, fake)
    assert again.marked() == [bad] and fake.requests == []
    assert again.analysis_status() == f"Analysed {total} moves: 1 marked"
    again.jump(bad)
    app.step(1 / 60)
    v = again.verdict()
    assert v is not None and v.marked and v.best.words.startswith("words for ")
    app.pop()
    # The Replays list does not show it, and it goes with its replay.
    entries, messages = saves.list_replays()
    assert [e.path for e in entries] == [path] and messages == []
    saves.delete_replay(path)
    assert not kept.exists()


def test_an_analysis_stopped_halfway_goes_on_from_there_when_the_replay_is_opened_again(app: Any) -> None:
    m, _ = bad_move_game()
    path = saves.write_replay(m)
    fake = Fake(hold=True, score=judge)
    viewer = open_replay(app, path, fake)
    key(app, pygame.K_a)
    for _ in range(3):
        fake.release()
        app.step(1 / 60)
    assert viewer.analysis is not None and viewer.analysis.done == 3
    app.pop()   # leaving stops it: three moves are kept
    fake.release()
    fake = Fake(score=judge)
    again = open_replay(app, path, fake)
    assert again.analysis is not None and again.analysis.done == 3 and not again.analysis.running
    assert "Stopped at 3 of" in again.analysis_status()
    analyse_to_the_end(app, again)
    decisions = again.analysis.decisions
    assert [r[4] for r in fake.requests] == [m.actions[d.index] for d in decisions[3:]]
    assert sorted(again.analysis.verdicts) == [d.index for d in decisions]


@pytest.mark.parametrize("damage", ["not json {", "[]", "bad format", "other record", "bad verdict",
                                    "too many", "deep"])
def test_a_damaged_kept_analysis_is_ignored_and_analyse_starts_afresh(app: Any, damage: str) -> None:
    _, bad, path, _total = analysed_replay(app)
    kept = saves.analysis_path(path)
    data = json.loads(kept.read_text())
    if damage == "not json {":
        kept.write_text(damage)
    elif damage == "deep":
        kept.write_text("[" * 5000 + "]" * 5000)
    else:
        if damage == "[]":
            data = []
        elif damage == "bad format":
            data["format"] = 99
        elif damage == "other record":
            data["record"] = "0" * 64
        elif damage == "bad verdict":
            data["verdicts"][0]["best"]["win"] = float("nan")
        elif damage == "too many":
            data["done"] = 10 ** 6
        kept.write_text(json.dumps(data))
    fake = Fake(score=judge)
    again = open_replay(app, path, fake)
    assert again.analysis is None and again.marked() == []
    analyse_to_the_end(app, again)
    assert again.marked() == [bad] and fake.requests


def test_a_record_from_outside_the_replays_folder_leaves_no_analysis_behind(app: Any, home: Path) -> None:
    start, actions, bad = bad_move_record()
    viewer = ReplayScene(start, actions)
    viewer.analyser = Fake(score=judge)
    app.push(viewer)
    app.step(1 / 60)
    analyse_to_the_end(app, viewer)
    app.pop()
    assert not list(home.rglob("*.analysis.json"))


def test_a_copy_of_a_replay_opened_from_elsewhere_leaves_its_analysis_alone(app: Any, tmp_path: Path) -> None:
    _, _, path, _total = analysed_replay(app)
    kept = saves.analysis_path(path)
    before = kept.read_bytes()
    copy = tmp_path / "copy.json"   # the same match, its id and all, outside the replays folder
    copy.write_bytes(path.read_bytes())
    fake = Fake(score=lambda i, a: 0.5)
    other = open_replay(app, copy, fake)
    assert other.analysis is None   # the copy is not the replay the analysis was kept for
    analyse_to_the_end(app, other)
    app.pop()
    assert kept.read_bytes() == before and not list(tmp_path.glob("*.analysis.json"))


def test_an_analysis_whose_replay_is_gone_is_cleared_away(app: Any) -> None:
    _, _, path, _total = analysed_replay(app)
    path.unlink()   # deleted by hand
    other, _ = bad_move_game()
    saves.write_replay(other)   # writing a replay tidies the folder
    assert not saves.analysis_path(path).exists()


def test_a_close_choice_is_not_set_against_a_different_best() -> None:
    from game.ui.scenes.analysis import Verdict
    from game.ui.scenes.replay import verdict_lines

    best = Advice("bomb 1 crates", 0.44, 60, "Bomb Bo for Crates", "Bo holds Crates")
    close = Verdict(0, 0, "bomb 1 oil", best, Advice("bomb 1 oil", 0.40, 55, "Bomb Bo for Oil", ""))
    texts = [t for t, *_ in verdict_lines(close, "Ana", 400)]
    # "Chose well" beside a "Best" reads as the coach contradicting itself: a close choice is
    # called close, with the first choice named as no better.
    assert texts[0] == "Move 1: Ana chose well" and not any(t.startswith("Best") for t in texts)
    assert any("Close to the coach's first choice (44%): Bomb Bo for Crates" in t for t in texts)
    far = Verdict(0, 0, "bomb 1 oil", best, Advice("bomb 1 oil", 0.20, 55, "Bomb Bo for Oil", ""))
    texts = [t for t, *_ in verdict_lines(far, "Ana", 400)]
    assert texts[0] == "Move 1: Ana could do better"
    assert "Best (44%): Bomb Bo for Crates" in texts and "Bo holds Crates" in texts


def test_a_move_the_search_did_not_look_at_is_not_marked() -> None:
    from game.ui.scenes.analysis import Verdict

    best = Advice("keep", 0.7, 40, "Keep", "why")
    unseen = Verdict(3, 0, "add", best, Advice("add", 0.0, 0, "Add cards", ""))
    assert not unseen.weighed and unseen.fall is None and not unseen.marked
    seen = Verdict(3, 0, "add", best, Advice("add", 0.2, 8, "Add cards", "why not"))
    assert seen.weighed and seen.marked and abs(seen.fall - 0.5) < 1e-9 and seen.big
    close = Verdict(3, 0, "add", best, Advice("add", 0.55, 20, "Add cards", ""))
    assert close.marked and not close.big


def test_the_looks_analyse_gives_the_move_played_do_not_make_it_the_best() -> None:
    """At a Ya Blew It! Fire in the Hole re-roll the search looks only at the normal bot's answer;
    Analyse also weighs the move played, with the looks its chance needs. Those looks neither
    rank it nor take the answer's: the search's first choice is still its own, so a roll kept where
    the coach re-rolls is set against the re-roll (it was called the best). A hint there weighs
    both moves the same way (it showed the re-roll alone), the coach's first."""
    from game.bots.pool import analyse
    from game.games.ya_blew_it.rules import REROLL
    from game.ui.scenes.analysis import Analysis, Decision

    m = Match("ya_blew_it", [Seat("Ana"), Seat("Bo", BOT, "normal")], 12)
    rng = random.Random(12)
    while not (m.human_to_move() and m.state.phase == REROLL and m.formality() is None
               and m.state.roll.get("why") == "fire"):
        m.apply(rng.choice(m.legal_actions()))
    advice = analyse("ya_blew_it", m.state.to_json(), 0, Budget(16), 7, None, "accept")
    # The hint shows both moves, the coach's first, with the chances Analyse finds for them.
    hint = analyse("ya_blew_it", m.state.to_json(), 0, Budget(16), 7, 3)
    assert [(a.action, a.win) for a in hint] == [(a.action, a.win) for a in advice]
    assert [a.action for a in hint] == ["reroll", "accept"] and all(a.reason for a in hint)
    looks = {a.action: a.visits for a in advice}
    # The move played has the looks its chance needs on top of the search's own, which are not
    # cut short by them (the answer had 6 of the 16) ...
    assert looks["reroll"] == 16 and looks["accept"] >= FEW_LOOKS
    analysis = Analysis(m, [*m.actions, "accept"])
    analysis._judge(Decision(len(m.actions), 0, m.state.to_json()), advice)
    verdict = analysis.verdicts[len(m.actions)]
    assert verdict.best.action == "reroll" and verdict.weighed   # ... and it is not the best
    mine = next(a for a in advice if a.action == "accept")
    assert verdict.mine == mine and verdict.fall == pytest.approx(verdict.best.win - mine.win)
    assert verdict.best.win > mine.win


def test_analyse_can_be_stopped_and_goes_on_from_there(app: Any) -> None:
    start, actions, _ = bad_move_record()
    fake = Fake(hold=True, score=judge)
    viewer = ReplayScene(start, actions)
    viewer.analyser = fake
    app.push(viewer)
    app.step(1 / 60)
    key(app, pygame.K_a)
    for _ in range(3):
        fake.release()
        app.step(1 / 60)
    a = viewer.analysis
    assert a is not None and a.running and a.done == 3
    key(app, pygame.K_a)                      # stop: the search in flight is dropped
    fake.release()
    for _ in range(3):
        app.step(1 / 60)
    assert not a.running and a.done == 3 and len(a.verdicts) == 3
    assert "Stopped at 3" in viewer.analysis_status()
    key(app, pygame.K_a)                      # go on: the dropped move is asked again
    fake.release()
    app.step(1 / 60)
    assert a.running and a.done == 4 and len(a.verdicts) == 4


def test_a_coach_that_cannot_start_says_so_and_the_table_goes_on(app: Any) -> None:
    def broken(*args: Any) -> Any:
        raise ModuleNotFoundError("No module named 'multiprocessing'")

    m = at_human("ya_blew_it", 13, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    table = open_table(app, m)
    table.coach.analyser = broken
    press_h(app)
    app.step(1 / 60)
    assert table.coach.failed.startswith("The coach could not think") and table._hint_panel is not None
    assert table._apply(m.legal_actions()[0])
    run_until(app, lambda: table.idle, "went on")


def test_the_tables_load_without_the_search_pool() -> None:
    """The pool (and multiprocessing) loads only when a hint or an analysis is asked for."""
    import subprocess
    import sys

    code = ("import sys, game.ui.tables.base, game.ui.scenes.replay, game.ui.scenes.analysis; "
            "print(sorted(m for m in ('multiprocessing', 'game.bots.pool') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"}, cwd=Path(__file__).parent.parent)
    assert out.stdout.strip() == "[]"


def test_the_hint_panel_reaches_up_over_a_short_log_but_not_past_the_banner() -> None:
    from game.ui.tables.coach import PANEL_TOP, panel_rect

    tall = pygame.Rect(1010, 50, 260, 660)
    assert panel_rect(tall, 300) == pygame.Rect(1014, 84, 252, 300)
    short = pygame.Rect(1010, 480, 260, 230)     # Big Dig at four players: other boards above
    r = panel_rect(short, 300)
    assert r.h == 300 and r.bottom == short.bottom - 40
    huge = panel_rect(short, 2000)
    assert huge.top == PANEL_TOP and huge.bottom == short.bottom - 40


def test_the_log_offers_only_edges_under_which_a_whole_entry_begins(app: Any) -> None:
    from game.ui import theme
    from game.ui.tables.base import LogPanel

    log = LogPanel(pygame.Rect(1014, 50, 252, 300), top=40, footer=30, title_y=10, hint_bottom=8)
    long = "Cornish Kate kept a card and put two cards back on the Mine, the Dynamite on top"
    n = len(theme.wrap(long, log.rect.w - 34, 14))
    assert n >= 2
    log.add("Round 1", theme.GOLD, True)
    log.add(long, theme.INK, False)
    places = log.places()
    # Not full: a box may begin under the last line; no edge inside the long entry is offered.
    y0 = log.rect.y + log.top
    assert places.below == y0 + (1 + n) * LOG_LINE
    assert not any(y0 + k * LOG_LINE in places.edges for k in range(2, 1 + n))
    assert {y0, y0 + LOG_LINE, y0 + (1 + n) * LOG_LINE} <= set(places.edges)
    for i in range(40):
        log.add(long if i % 2 else f"Ana takes card {i}", theme.INK, False)
    places = log.places()
    assert places.below is None
    shown = log.shown()
    first = log.rect.y + log.top + (log.visible - len(shown)) * LOG_LINE
    for k, (_, _, _, begins) in enumerate(shown):
        assert ((first + k * LOG_LINE) in places.edges) == begins


LOG_LINE = 18


def test_the_hint_panel_ends_between_two_log_lines_and_cuts_words_only_when_it_must() -> None:
    from game.bots.pool import Advice
    from game.ui.tables.coach import FOOT_ROOM, SHADOW, Coach, LogPlaces, panel_height, panel_lines, panel_rect

    log = pygame.Rect(1014, 230, 252, 480)
    edges = [log.y + 38 + 18 * k for k in range((log.h - 26 - 38) // 18 + 1)]
    for height in (120, 250, 333, 2000):
        r = panel_rect(log, height, LogPlaces(tuple(edges)))
        # Down to an edge between lines (no line shows cut in half under it), clear of the footer.
        assert r.bottom + SHADOW in edges and r.bottom + SHADOW <= log.bottom - FOOT_ROOM
        assert r.h >= min(height, r.bottom - 56) and r.h - height < 18 or r.top == 56
    # Only edges under which a whole entry begins are offered: the panel ends at the next one.
    whole = LogPlaces(tuple(edges[::3]))
    r = panel_rect(log, 120, whole)
    assert r.bottom + SHADOW == min(y for y in edges[::3] if y - SHADOW >= log.y + 34 + 120)
    # A log with room under its last line: the panel goes there, the newest lines stay in view.
    r = panel_rect(log, 120, LogPlaces(tuple(edges), below=edges[4]))
    assert r.top > edges[4] and r.bottom + SHADOW <= log.bottom - FOOT_ROOM
    r = panel_rect(log, 400, LogPlaces(tuple(edges), below=edges[4]))
    assert r.top <= log.y + 34   # no room under the lines: from the top again
    coach = Coach(analyser=lambda *a: None)  # type: ignore[arg-type, return-value]
    move = "Take card 4 (Long T), dig row 1: column 6; row 2: columns 6-8; row 3: column 7; row 4: column 7"
    coach.advice = [Advice("dig", 0.68, 40, move, "Light dirt 3 squares nearer, two more goals too")] * 3
    roomy = panel_lines(coach, "Ana", 220, 600)
    assert not any(line.text.endswith("…") for line in roomy), [line.text for line in roomy]
    tight = panel_lines(coach, "Ana", 220, 260)
    assert panel_height(tight) <= 260 and any(line.text.endswith("…") for line in tight)
    # With the game's shorter words, a tight panel shows those whole rather than cutting the
    # long ones (and pointing still shows the long ones: the choice counts as cut short).
    short = "Card 4: row 1 col 6; row 2 cols 6-8"
    coach.advice = [Advice("dig", 0.68, 40, move, "Light dirt 3 squares nearer", short)] * 3
    tight = panel_lines(coach, "Ana", 220, 260)
    words = [line for line in tight if line.bold and line.indent]
    assert words and all(line.short for line in words)
    assert " ".join(line.text for line in words).count("Card 4:") == 3
    assert not any(line.text.endswith("…") for line in words)
    assert not any(line.short for line in panel_lines(coach, "Ana", 220, 600))   # room: the long words


def test_diamond_the_hint_badge_marks_the_kind_of_reward_not_the_card_a_steal_gives_back(app: Any) -> None:
    from game.games.diamond_in_the_rough.rules import REWARD

    for seed in range(1, 200):
        m = Match("diamond_in_the_rough", [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "easy")], seed)
        rng = random.Random(seed)
        while not m.is_over() and not (m.human_to_move() and m.state.phase == REWARD):
            m.apply(rng.choice(m.legal_actions()))
        kinds = {a.kind for a in m.legal_actions()} if not m.is_over() else set()
        if {"row", "steal"} <= kinds:
            break
    else:
        pytest.fail("no reward with a steal found")
    table = open_table(app, m)
    tiles = {o.key: r for o, r in table.option_rects() if o.where == "tile"}
    for action in m.legal_actions():
        spots = table._hint_spots(action)
        assert spots[0] == tiles[action.kind], action
    steal = next(a for a in m.legal_actions() if a.kind == "steal")
    assert table._hint_spots(steal)[0] != table.row_rects()[0]


def test_diamond_a_bomb_hint_outlines_the_resource_once_its_seat_is_chosen(app: Any) -> None:
    for seed in range(1, 100):
        m = at_human("diamond_in_the_rough", seed)
        bombs = [a for a in m.legal_actions() if a.kind == "bomb"]
        if bombs:
            break
    else:
        pytest.fail("no bomb found")
    table = open_table(app, m)
    bomb = bombs[0]
    table.mode = "bomb"
    table.picks = [bomb.args[0]]
    tiles = {o.key: r for o, r in table.option_rects() if o.where == "tile"}
    assert set(tiles) >= {bomb.args[1]}
    spots = table._hint_spots(bomb)
    assert tiles[bomb.args[1]] in spots
    assert not any(tiles[r] in spots for r in tiles if r != bomb.args[1])
    other = next((q for q in range(m.state.n) if q != m.to_move() and str(q) != bomb.args[0]), None)
    if other is not None:   # another seat chosen: its resources are not the coach's bomb
        table.picks = [str(other)]
        assert not any(r in table._hint_spots(bomb) for o, r in table.option_rects() if o.where == "tile")


def test_the_verdict_box_keeps_clear_of_the_replay_controls_on_a_short_log(app: Any) -> None:
    """Big Dig at four players stacks the other boards above a short log: the verdict stays over
    the log (reaching up over the boards when it is tall), clear of the Analyse strip and the
    replay's buttons, which Big Dig keeps in its move panel."""
    from game.ui.tables.coach import PANEL_TOP, SHADOW

    m = Match("big_dig", [Seat("Bartholomew"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "easy"),
                          Seat("Cyd", BOT, "easy")], 9)
    rng = random.Random(9)
    while not m.is_over():
        legal = m.legal_actions()
        m.apply(legal[-1] if m.to_move() == 0 else rng.choice(legal))
    start, actions = saves.replay_of(m)
    viewer = ReplayScene(start, actions)
    viewer.analyser = Fake(score=judge)
    app.push(viewer)
    app.step(1 / 60)
    key(app, pygame.K_a)
    for _ in range(400):
        app.step(1 / 60)
        if viewer.analysis is not None and viewer.analysis.finished:
            break
    assert viewer.marked()
    key(app, pygame.K_n)
    app.step(1 / 60)
    box = viewer.verdict_box
    assert box is not None and viewer.verdict() is not None and viewer.verdict().marked
    controls = viewer.strip_rect().union(viewer.bar_rect())
    log = viewer.table.log_panel.rect
    assert not box.colliderect(controls) and box.top >= PANEL_TOP and box.bottom <= log.bottom
    # It ends where a whole entry of the log begins (or under the log's last line): no line of
    # the log shows cut, nor the tail of an entry, under it.
    places = viewer.table.log_panel.places()
    assert box.bottom + SHADOW in places.edges or (places.below is not None and box.top > places.below)
    # So it is for any height, from a one-line verdict to one taller than the log.
    from game.ui.tables.coach import place_over_log

    limit = viewer.strip_rect().top - 6 - SHADOW if viewer.controls_over_log(viewer.table) else log.bottom - 6 - SHADOW
    for height in range(40, 420, 23):
        r = place_over_log(log, height, limit, places)
        assert r.bottom + SHADOW in places.edges or (places.below is not None and r.top > places.below)
        assert r.bottom <= limit and r.top >= PANEL_TOP and (r.h >= height or r.top == PANEL_TOP)


def test_the_coach_may_look_longer_than_hard_where_its_chances_would_be_rough() -> None:
    from game.bots.search import policy_for
    from game.ui.tables.coach import hint_budget

    gm = policy_for("gold_mine")
    assert gm.hint_iterations and gm.hint_iterations > gm.iterations
    # Gold Mine's search plays every choice on each deal: enough deals, and no chance is rough.
    assert gm.method == "deals" and gm.hint_iterations >= FEW_LOOKS
    # ... and time for them: early in a two-player game ten deals take about 1.6 s (a hint or
    # Analyse alike).
    assert hint_budget("gold_mine") == hint_budget("gold_mine", 0.6) == Budget(gm.hint_iterations, 2.0)
    # Elsewhere the coach looks as far as hard does at the position (`Policy.iterations_for`).
    assert hint_budget("big_dig", 0.6) == Budget(None, 0.6)
    # Analyse, which marks moves, plays enough of them even on a machine too busy for the time.
    from game.ui.scenes.analysis import Analysis, analyse_budget

    assert analyse_budget("gold_mine") == Budget(gm.hint_iterations, 2.0, least=FEW_LOOKS)
    m = Match("gold_mine", [Seat("Ana"), Seat("Bo")], 1)
    assert Analysis(m, []).budget == analyse_budget("gold_mine")


def test_the_best_choice_is_outlined_and_nothing_covers_the_table_above_it() -> None:
    from game.ui.tables.coach import draw_spots

    from game.ui.tables.coach import HALO

    surface = pygame.Surface((120, 120))
    draw_spots(surface, [pygame.Rect(40, 40, 40, 30)], 0.0)
    # A gold outline just outside the place, in a see-through glow; beyond the glow the table
    # (a heading, a key's number) is left as it was: a badge there once covered them.
    assert surface.get_at((60, 37))[0] > 200
    glow = surface.get_at((60, 36 - HALO // 2))
    assert 0 < glow[0] < 255 and glow[2] < glow[0]
    assert all(surface.get_at((x, y))[:3] == (0, 0, 0) for x in range(0, 120) for y in range(0, 34 - HALO))
    assert surface.get_at((60, 55))[:3] == (0, 0, 0)


def test_the_outline_of_a_place_at_the_window_edge_is_drawn_whole_inside_it() -> None:
    from game.ui.tables.coach import draw_spots

    # A button at the left edge (Grim Prospects' Dig): its outline's left side is in the window.
    surface = pygame.Surface((120, 120))
    draw_spots(surface, [pygame.Rect(2, 40, 60, 30)], 0.0)
    row = [tuple(surface.get_at((x, 55))[:3]) for x in range(0, 12)]
    gold = next(x for x, c in enumerate(row) if c[0] > 200 and c[1] > 180)
    # Its dark edge too, outside the gold: the outline is not cut by the window's edge.
    assert (20, 14, 4) in row[:gold], row


def test_a_ya_blew_it_replay_speaks_of_its_players_not_to_them(app: Any) -> None:
    start, actions, _ = bad_move_record()
    viewer = ReplayScene(start, actions)
    app.push(viewer)
    app.step(1 / 60)
    table = viewer.table
    assert table is not None and table.replay
    seen = 0
    for _ in range(12):
        key(app, pygame.K_RIGHT)
        app.step(1 / 60)
        text = "".join(t for t, _ in table.banner_segments())
        if table.match.to_move() == 0 and not table.match.is_over():
            assert "you" not in text.split(), text
            seen += 1
    assert seen


def test_gold_mine_a_blast_or_block_hint_outlines_its_two_hexes_and_its_die_only(app: Any) -> None:
    for seed in range(5, 60):
        m = at_human("gold_mine", seed)
        hits = [a for a in m.legal_actions() if a.kind in ("blow", "block")]
        if hits:
            break
    else:
        pytest.fail("no blast or block found")
    table = open_table(app, m)
    for action in hits[:20]:
        spots = table._hint_spots(action)
        assert isinstance(spots[0], pygame.Rect) and len(spots) == 3, (action, spots)
        assert all(not isinstance(s, pygame.Rect) for s in spots[1:])


def test_a_big_dig_replay_shows_the_board_of_who_made_the_move_shown(app: Any) -> None:
    m = Match("big_dig", [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "easy")], 4)
    rng = random.Random(4)
    for _ in range(7):
        m.apply(rng.choice(m.legal_actions()))
    start, actions = saves.replay_of(m)
    viewer = ReplayScene(start, actions)
    app.push(viewer)
    app.step(1 / 60)
    for _ in range(len(actions)):
        key(app, pygame.K_RIGHT)
        for _ in range(600):
            app.step(1 / 60)
            if viewer.table is not None and viewer.table._queue_done() and viewer.table.beat is None:
                break
        t = viewer.table
        assert t is not None
        last = len(t.match.actions) - 1
        assert t.big_player() == t.match.actor(last) != t.match.to_move()


def test_at_a_marked_big_dig_decision_the_better_dig_is_shown_on_the_movers_own_board(app: Any) -> None:
    """A replay's big board is the last mover's; where Analyse sets a better move beside the one
    played, the board is that of the player who makes it (the squares were outlined on a rival's
    board, some of them dug there already)."""
    viewer, bad = analysed_at_a_blunder(app, Match("big_dig", [Seat("Ana"), Seat("Nell", BOT, "easy")], 4),
                                        after=2, moves=12)
    t = viewer.table
    assert t is not None and viewer.better_action() is not None
    assert t.match.actor(bad - 1) != 0 == t.match.to_move()
    outlined = outlined_spots(app, viewer)
    assert outlined and t.big_player() == 0
    assert t.name_tag(0)[0] == "Ana's board"
    key(app, pygame.K_RIGHT)   # the move made: its board, the player's own again
    run_until(app, lambda: t.idle and t.beat is None and t._queue_done(), "showed the move")
    assert viewer.better_action() is None and not outlined_spots(app, viewer)
    assert t.big_player() == 0 and t.name_tag(0)[0] == f"Ana's board · move {bad + 1}"
    key(app, pygame.K_RIGHT)
    run_until(app, lambda: t.idle and t.beat is None and t._queue_done(), "showed the move")
    outlined_spots(app, viewer)
    assert viewer.table is t and viewer.position == bad + 2, viewer.position
    assert t.big_player() == t.match.actor(bad + 1) == 1


def test_a_hint_and_analyse_ask_the_search_with_the_same_seed_at_a_decision(app: Any) -> None:
    """Both ask with `coach_seed(match seed, decision)`: where the search runs to its budget it
    weighs the moves alike both times, so Analyse does not fault the move a hint gave first."""
    m = Match("gold_mine", [Seat("Ana"), Seat("Dusty", BOT, "easy")], 8)
    rng = random.Random(8)
    while m.to_move() != 0 or len(m.actions) < 4 or len(m.legal_actions()) < 3:
        m.apply(rng.choice(m.legal_actions()))
    at = len(m.actions)
    fake = Fake(score=judge)
    table = open_table(app, m, fake)
    key(app, pygame.K_h)
    app.step(1 / 60)
    assert len(fake.seeds) == 1 and len(table.coach.advice or []) > 0
    hint_seed = fake.seeds[0]
    assert hint_seed == coaching.coach_seed(m.seed, at)
    m.apply(m.legal_actions()[0])
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    start, actions = saves.replay_of(m)
    from game.ui.scenes.analysis import Analysis

    seen = Fake(score=judge)
    analysis = Analysis(start, actions, seen)
    analysis.start()
    for _ in range(10 * len(analysis.decisions) + 10):
        if analysis.finished:
            break
        analysis.poll()
    assert analysis.finished
    seeds = {d.index: seed for d, seed in zip(analysis.decisions, seen.seeds)}
    assert seeds[at] == hint_seed


def test_gold_mine_analyse_agrees_with_a_hint_it_runs_to_the_same_deals() -> None:
    """With the same seed and the deals run to the budget, the hint's first choice, played, is
    the analysis's first choice too, at the same chance."""
    from game.bots.pool import analyse

    m = Match("gold_mine", [Seat("Ana"), Seat("Dusty", BOT, "easy")], 3)
    rng = random.Random(3)
    while m.to_move() != 0 or len(m.actions) < 6 or len(m.legal_actions()) < 3:
        m.apply(rng.choice(m.legal_actions()))
    seed = coaching.coach_seed(m.seed, len(m.actions))
    state = m.state.to_json()
    budget = Budget(3, None)
    hint = analyse("gold_mine", state, 0, budget, seed, 3)
    later = analyse("gold_mine", state, 0, budget, seed, None, hint[0].action)
    assert later[0].action == hint[0].action and later[0].win == hint[0].win


def test_pointing_at_a_choice_cut_short_shows_it_whole(app: Any, monkeypatch: Any) -> None:
    """The panel cuts a long move to fit over the log; pointing at it shows its words and reason
    whole in a tooltip, and the panel's foot says so."""
    from game.ui.tables import base as table_base

    m = at_human("gold_mine", 3)
    table = open_table(app, m)
    press_h(app)
    app.step(1 / 60)
    long_words = ("Build a barrier 2 long up-left and move to its end, past the blue mine and the "
                  "rocks, which is a long way to go for a barrier")
    reason = "Costs 6$ now; no other player's best dig gets smaller; a dig worth 12$ next turn"
    legal = str(m.legal_actions()[0])
    table.coach.advice = [Advice(legal, 0.5, 40, long_words, reason)] * 3
    table.coach.actions = [m.legal_actions()[0]] * 3
    drawn = spy_text(monkeypatch, table_base)
    table.draw(app.screen)
    spans = table.coach.spans
    assert len(spans) == 3 and all(cut for _, _, cut in spans), spans
    assert "Shift+H or point at a choice: all of it" in drawn
    shown: list[str] = []
    real = table_base.tooltip_image
    monkeypatch.setattr(table_base, "tooltip_image",
                        lambda text, width: (shown.append(text), real(text, width))[1])
    table.mouse = spans[1][0].center
    table.draw(app.screen)
    assert shown == [f"{long_words}. {reason}"]
    shown.clear()
    table.mouse = (spans[0][0].centerx, spans[0][0].top - 40)   # above the choices
    table.draw(app.screen)
    assert not shown
    # By keyboard: Shift+H shows every choice whole (reaching up over what is above the log);
    # again, the short form.
    table.mouse = None
    key(app, pygame.K_h, pygame.KMOD_SHIFT)
    assert table.coach.whole and table.coach.active and not table.coach.hidden
    drawn.clear()
    table.draw(app.screen)
    assert not any(cut for _, _, cut in table.coach.spans), "a choice is still cut"
    assert "Shift+H: the short form · H hides" in drawn
    key(app, pygame.K_h, pygame.KMOD_SHIFT)
    assert not table.coach.whole


def test_a_bots_only_replay_says_there_is_nothing_to_analyse(app: Any, monkeypatch: Any) -> None:
    """Analyse checks human moves: in a game only bots played it said "Analysed 0 moves" beside
    a grey button; it says why instead, and the button is grey from the start."""
    from game.ui.scenes import replay as replay_mod

    m = Match("ya_blew_it", [Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "normal")], 3)
    rng = random.Random(3)
    for _ in range(30):
        m.apply(rng.choice(m.legal_actions()))
    start, actions = saves.replay_of(m)
    viewer = ReplayScene(start, actions)
    viewer.analyser = Fake(score=judge)
    app.push(viewer)
    app.step(1 / 60)
    assert viewer.analysis_status() == "Bots only: no human moves to check"
    assert not viewer.analyse_buttons[0].enabled
    # ... said whole in the strip over the log (it was cut: "Only bots played: no human move…").
    drawn = spy_text(monkeypatch, replay_mod)
    app.draw()
    assert "Bots only: no human moves to check" in drawn, drawn
    key(app, pygame.K_a)
    app.step(1 / 60)
    assert viewer.analysis_status() == "Bots only: no human moves to check"
    assert not viewer.analyse_buttons[0].enabled and viewer.marked() == []


def test_a_big_dig_hint_at_four_players_stays_off_the_other_boards(app: Any) -> None:
    """Three rivals' rows took so much of the side that the hint panel reached up over the last
    of them; the rows are a little lower at four players, and the panel stays over the log."""
    from game.bots.pool import Advice

    m = at_human("big_dig", 5, [Seat("Ana"), Seat("Bo", BOT, "easy"), Seat("Cyd", BOT, "easy"),
                                Seat("Dee", BOT, "easy")])
    table = open_table(app, m, Fake())
    press_h(app)
    app.step(1 / 60)
    words = "Take card 5 (L), dig column 3: rows 2-4; column 4: row 2"
    reason = "Pipe to pipe 3 squares nearer (12 to go), one more goal too"
    table.coach.advice = [Advice(a.action, a.win, a.visits, words, reason) for a in table.coach.advice]
    for _ in range(3):
        app.step(1 / 60)
    panel = table._hint_panel
    assert panel is not None and len(table.coach.advice) == 3
    assert not panel.colliderect(table.others_box), (panel, table.others_box)
    assert table.log_panel.visible >= 6


def test_a_hint_put_away_stops_its_search_and_so_does_a_bot_move_no_longer_wanted(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dropped hint kept the one search worker busy to its time cap, and the hard bot's next
    move waited behind it: the coach (and the table's bot thinker, for a decision no longer
    wanted) asks the pool to stop the search it no longer waits for."""
    from game.bots import pool as pool_module
    from game.core.match import BotThinker

    stopped: list[Any] = []
    monkeypatch.setattr(pool_module, "stop_search", stopped.append)
    m = at_human("gold_mine", 3, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    fake = Fake(hold=True)
    table = open_table(app, m, fake)
    press_h(app)
    app.step(1 / 60)
    running = fake.pending[0][0]
    table.coach.forget()
    assert stopped == [running]
    # Leaving the table with a hint still thinking stops it too.
    press_h(app)
    app.step(1 / 60)
    again = fake.pending[-1][0]
    table.exit()
    assert stopped == [running, again]
    thinker = BotThinker()
    future: Any = concurrent.futures.Future()
    thinker._future, thinker._source = future, "pool"
    thinker.cancel()
    assert stopped == [running, again, future]
