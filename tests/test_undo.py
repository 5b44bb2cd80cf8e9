"""Undo: the fair-play policy of the match runner, for every game, and the table's Undo.

The policy (`Match.undo_target`): the last human to decide may take back that decision and the
bot replies after it, unless any of them revealed something; nothing revealed ever changes.
Property tests play random games of every registered game with a mix of humans and bots and try
to undo at random moments; the table tests drive the real tables.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import key, lift_curtain, run_until, saved_actions, to_a_take_back_by_the_next  # noqa: E402

from game.core.contract import IllegalAction  # noqa: E402
from game.core.match import BOT, Match, Seat, reveals  # noqa: E402
from game.games import GAMES  # noqa: E402


def mixed_seats(game: str, rng: random.Random) -> list[Seat]:
    info = GAMES[game]
    n = rng.randint(info.min_players, min(info.max_players, 4))
    seats = [Seat(f"H{i}") if rng.random() < 0.5 else Seat(f"B{i}", BOT, rng.choice(["easy", "normal"]))
             for i in range(n)]
    if all(not s.is_human for s in seats):
        seats[rng.randrange(n)] = Seat("H")
    return seats


def event_key(ev: Any) -> tuple[str, str, str]:
    return (ev.kind, ev.text, json.dumps(ev.data, sort_keys=True, default=str))


@pytest.mark.parametrize("game", list(GAMES))
def test_undo_never_changes_what_was_revealed(game: str) -> None:
    undos = sum(undo_at_random(game, seed) for seed in range(8))
    assert undos > 0, "the random games never offered an undo (the test proves nothing then)"


def undo_at_random(game: str, seed: int) -> int:
    """One random game with undos tried at random moments, every one checked; how many were made."""
    rng = random.Random(seed)
    m = Match(game, mixed_seats(game, rng), seed)
    undos = 0
    steps = 0
    while not m.is_over() and steps < 3000:
        steps += 1
        if m.actions and rng.random() < 0.35:
            target = m.undo_target()
            if target is None:
                # Forbidden exactly when only bots stand since the last human decision, or a reveal,
                # or a card of a hidden hand shown to that human, or, hot-seat, to another human.
                tail = list(zip(m._actors, m._revealed))
                last_human = max((i for i, (a, _) in enumerate(tail) if m.seats[a].is_human), default=None)
                assert last_human is None or any(r for _, r in tail[last_human:]) or any(
                    m._actors[last_human] in news for news in m._news_for[last_human:]) or (
                    m.hotseat and m.eyes != m._actors[last_human]
                    and any(m.seats[p].is_human and p != m._actors[last_human]
                            for news in m._news_for[last_human:] for p in news))
            else:
                undos += 1
                seat = m.undo_seat()
                assert seat is not None and m.seats[seat].is_human
                before_history = list(m.history)
                mark = m._marks[target]
                old_state = m._states[target]
                undone_actions = m.actions[target:]
                undone_events = before_history[mark:]
                assert m.actor(target) == seat
                assert all(not m.seats[m.actor(i)].is_human for i in range(target + 1, len(m.actions)))
                # Hot-seat, the screen passed on: no other human has seen a card of a hidden hand.
                assert not m.hotseat or m.eyes == seat or not any(
                    m.seats[p].is_human and p != seat for news in m._news_for[target:] for p in news)
                got_seat, events = m.undo()
                assert got_seat == seat and events == undone_events
                # Back to a position that existed, generator and all, and nothing revealed undone.
                assert m.state is old_state and len(m.actions) == target
                assert m.history[:mark] == before_history[:mark]
                assert not any(reveals(ev) for ev in undone_events)
                note = m.history[-1]
                assert note.kind == "took_back" and note.data["player"] == seat
                # The note names the move for everyone, and tells nothing that was secret.
                assert note.text.startswith(f"{m.seats[seat].name} took back ") and note.visible_to is None
                assert "their last move" not in note.text
                name = m.seats[seat].name + " "
                for e in undone_events:
                    if e.visible_to is not None:
                        assert e.text.removeprefix(name) not in note.text, (note.text, e.text)
                if rng.random() < 0.5:
                    # Playing the same moves again gives the very same events: nothing re-rolled.
                    for a in undone_actions:
                        m.apply(a)
                    again = m.history[mark + 1:]
                    # A note of an earlier take-back (two in a row) is no event of the moves.
                    moved = [e for e in undone_events if e.kind != "took_back"]
                    assert [event_key(e) for e in again] == [event_key(e) for e in moved]
                continue
        actions = m.legal_actions()
        m.apply(rng.choice(actions))
        if m._revealed[-1]:
            assert m.undo_target() is None, "an action that revealed something could be taken back"
    assert m.undo_target() is None or not m.is_over()
    return undos


@pytest.mark.parametrize("game", [g for g, info in GAMES.items() if info.private_hands])
def test_a_take_back_never_returns_a_player_to_a_decision_knowing_a_card_of_a_hidden_hand(game: str) -> None:
    """A bot's reply that lays a card from its hand face up (Grim Prospects: placed in the
    Inventory; Diamond in the Rough: discarded), where the human did not know it was there, shows
    a secret: the human's move before it is no longer taken back. The human's own move that lays
    down a card of theirs still may be. Random games, every position checked."""
    theirs = mine = 0
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.randint(2, 4)
        m = Match(game, [Seat("Ana")] + [Seat(f"B{i}", BOT, "easy") for i in range(1, n)], seed)
        secrets: list[int] = []
        while not m.is_over() and len(m.actions) < 400:
            before = m.state
            actor = m.to_move()
            events = m.apply(rng.choice(m.legal_actions()))
            if actor is None:
                continue
            knew = before.view(0 if actor else 1).state.hands[actor]
            told = [c for c in set(before.hands[actor]) - set(m.state.hands[actor]) if c not in knew and any(
                ev.visible_to is None and (ev.data.get("card") == c or c in (ev.data.get("cards") or ()))
                for ev in events)]
            if told and actor:
                secrets.append(len(m.actions) - 1)
                theirs += 1
            target = m.undo_target(0)
            assert target is None or all(target > i for i in secrets), (seed, m.actions[-1])
            if told and not actor and not m._revealed[-1] and not m.is_over():
                assert target == len(m.actions) - 1, (seed, m.actions[-1])
                mine += 1
    assert theirs > 0 and mine > 0, "no card of a hidden hand was shown in these games (the test proves nothing then)"


@pytest.mark.parametrize("game", list(GAMES))
def test_no_undo_for_bots_only_finished_or_spectated_games(game: str) -> None:
    m = Match(game, [Seat("A", BOT, "easy"), Seat("B", BOT, "normal")], 3)
    rng = random.Random(3)
    for _ in range(5):
        m.apply(rng.choice(m.legal_actions()))
    assert m.undo_target() is None and m.undo_seat() is None
    with pytest.raises(IllegalAction):
        m.undo()
    h = Match(game, [Seat("A"), Seat("B", BOT, "easy")], 4)
    h.spectator = True
    assert h.undo_target() is None


def first_unrevealing_human_move(game: str, seed: int) -> Match:
    """A game with a human and a bot, advanced until the human can take a move back."""
    rng = random.Random(seed)
    for attempt in range(200):
        m = Match(game, [Seat("Ana"), Seat("Bo"), Seat("Dusty", BOT, "easy")], seed + attempt)
        for _ in range(40):
            if m.is_over():
                break
            m.apply(rng.choice(m.legal_actions()))
            if m.can_undo() and m.human_to_move():
                return m
    raise AssertionError("no position where the human could undo")


# ---------------------------------------------------------------------------- the table
def _idle_table(app: Any) -> Any:
    """Step until the table on top is idle; a hot-seat curtain (a game with private hands and two
    humans) is lifted with Space on the way, as the player at the screen would."""
    from game.ui.scenes.dialogs import PassScreen

    for _ in range(20000):
        app.step(1 / 60)
        if isinstance(app.top, PassScreen):
            lift_curtain(app)
        elif app.top.idle:
            app.step(1 / 60)
            return app.top
    raise AssertionError("the table never became idle")


@pytest.mark.parametrize("game", list(GAMES))
def test_table_undo_button_and_ctrl_z(make_app: Callable[..., Any], home: Path, game: str) -> None:
    from game.saves import autosave
    from game.ui.tables import table_for

    app = make_app("instant")
    m = first_unrevealing_human_move(game, 7)
    autosave(m)
    moves = len(m.actions)
    target = m.undo_target()
    assert target is not None
    app.push(table_for(m))
    table = _idle_table(app)
    assert table.can_undo()
    app.step(1 / 60)
    # The button is drawn at the log's top right and says its key, or whose move it takes back
    # when the next human is already deciding.
    seat = m.undo_seat()
    assert seat is not None
    if seat == m.to_move():
        assert "Ctrl+Z" in table.undo_button.label
    else:
        assert m.seats[seat].name in table.undo_button.label
    assert table.log_panel.rect.contains(table.undo_button.rect)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    fresh = app.top
    assert fresh is not table, "the table was not rebuilt from the earlier position"
    assert len(m.actions) == target < moves
    assert saved_actions(home) == m.actions, "the undo was not saved"
    assert any("took back" in text for text, *_ in fresh.log_panel.entries)
    assert "took back" in fresh.message
    if game == "gold_mine":
        from game.ui import theme

        assert fresh.message_colour == theme.GOLD, "a take-back is news, not a refusal in red"
    run_until(app, lambda: fresh.idle, "became idle")
    assert fresh.drift == 0


def test_undo_button_hidden_after_a_reveal_and_click_works(make_app: Callable[..., Any], home: Path) -> None:
    from game.ui.tables import table_for

    app = make_app("instant")
    m = Match("ya_blew_it", [Seat("Ana"), Seat("Bo")], 5)
    rng = random.Random(2)
    while not m._revealed or not m._revealed[-1]:
        m.apply(rng.choice(m.legal_actions()))
    app.push(table_for(m))
    run_until(app, lambda: app.top.idle, "became idle")
    table = app.top
    assert not table.can_undo()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.top is table and table.message.startswith("No take-back: ") and "revealed" in table.message
    # Now a move that reveals nothing: a human's pass, or a keep.
    for a in m.legal_actions():
        if a.kind in ("pass", "keep", "nojump", "accept"):
            table._apply(a)
            break
    else:
        pytest.skip("no quiet move in this position")  # pragma: no cover
    if not m.can_undo():
        pytest.skip("the move ended in a reveal")  # pragma: no cover
    run_until(app, lambda: app.top.idle, "became idle")
    table.can_undo()
    app.step(1 / 60)
    centre = table.undo_button.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre))
    assert app.top is not table and app.top.match is m


def test_a_click_on_a_hint_drawn_over_the_undo_button_hides_the_hint_and_takes_nothing_back(
        make_app: Callable[..., Any], home: Path) -> None:
    from game.ui.tables import table_for

    app = make_app("instant")
    m = Match("ya_blew_it", [Seat("Ana"), Seat("Bo")], 5)
    app.push(table_for(m))
    run_until(app, lambda: app.top.idle, "became idle")
    table = app.top
    quiet = [a for a in m.legal_actions() if a.kind in ("pass", "keep", "nojump", "accept")]
    if not quiet:
        pytest.skip("no quiet move in this position")  # pragma: no cover
    table._apply(quiet[0])
    run_until(app, lambda: app.top.idle and m.human_to_move(), "became idle")
    app.step(1 / 60)
    assert table.can_undo() and table._hint_button_shown()
    moves = list(m.actions)
    # The hint panel as a short log leaves it: over the log's head, where the Undo button is.
    table._hint_panel = table.undo_button.rect.inflate(60, 60)
    centre = table.undo_button.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert not table.undo_button.hover
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre))
    assert app.top is table and m.actions == moves and table.coach.hidden
    # A panel over part of the button only: no sliver of it is drawn, nor clicked.
    table._hint_panel = table.undo_button.rect.move(0, 16)
    edge = (table.undo_button.rect.centerx, table.undo_button.rect.top + 4)
    drawn: list[object] = []
    table.undo_button.draw = lambda surface: drawn.append(surface)   # type: ignore[method-assign]
    table._draw_undo(app.screen)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=edge))
    assert not drawn and m.actions == moves


@pytest.mark.parametrize("other", ["Bo", "W" * 16, "Ekaterina"])
def test_the_undo_of_the_last_player_names_them_and_its_key_and_leaves_the_log_title_clear(
        make_app: Callable[..., Any], home: Path, other: str) -> None:
    from game.ui import theme
    from game.ui.tables import table_for

    app = make_app("instant")
    m = Match("ya_blew_it", [Seat("Ana"), Seat(other)], 2)
    rng = random.Random(2)
    to_a_take_back_by_the_next(m, rng)
    app.push(table_for(m))
    table = _idle_table(app)
    assert table.can_undo()
    label = table.undo_button.label
    giver = m.seats[m.undo_seat()].name
    assert label.startswith("Undo ") and (giver in label or giver.split(" ")[0] in label or "…" in label)
    if other == "Bo":
        assert label.endswith("Ctrl+Z")
    r = table.log_panel.rect
    title_right = r.x + 14 + theme.width_of("Game log", 17, True)
    assert table.undo_button.rect.left > title_right and r.contains(table.undo_button.rect)


@pytest.mark.parametrize("game, kind, words", [("grim_prospects", "end", '"End your turn"'),
                                                ("ya_blew_it", "nojump", '"Keep the Claim Jumper"')])
def test_a_move_the_log_does_not_tell_of_is_taken_back_by_its_name(game: str, kind: str, words: str) -> None:
    """Ending a turn, or keeping a Claim Jumper, leaves no line of the player's own in the log:
    the take-back names it as its button does, not as "their last move"."""
    for seed in range(200):
        m = Match(game, [Seat("Ana"), Seat("Bo", BOT, "easy")], seed)
        rng = random.Random(seed)
        for _ in range(400):
            if m.is_over():
                break
            legal = m.legal_actions()
            if m.to_move() == 0 and any(a.kind == kind for a in legal):
                m.apply(next(a for a in legal if a.kind == kind))
                if m.can_undo(0):
                    m.undo()
                    assert m.history[-1].text.startswith(f"Ana took back {words}"), m.history[-1].text
                    return
                continue
            m.apply(m.bot(1).choose(m.view(1)) if m.to_move() == 1 else rng.choice(legal))
    pytest.fail(f"no {kind} was ever taken back (the test proves nothing)")


def test_a_take_back_is_still_in_the_log_of_the_resumed_game() -> None:
    """Save and leave, then Resume: the log tells of the take-back where it was, and only of
    those of the line of play that stands."""
    from game.core.contract import BadSave

    def step(m: Match, rng: random.Random) -> None:
        m.apply(m.bot(1).choose(m.view(1)) if m.to_move() == 1 else rng.choice(m.legal_actions()))

    for seed in range(200):
        rng = random.Random(seed)
        m = Match("grim_prospects", [Seat("Ana"), Seat("Bo", BOT, "easy")], seed)
        while not m.is_over() and not (m.to_move() == 0 and any(a.kind == "end" for a in m.legal_actions())):
            step(m, rng)
        if m.is_over():
            continue
        m.note_hint(0)   # a hint asked first: the log keeps the hint's line, then the take-back's
        m.apply(next(a for a in m.legal_actions() if a.kind == "end"))
        if not m.can_undo(0):
            continue
        m.undo()
        at = len(m.actions)
        assert [e.kind for e in m.history[-2:]] == ["hint", "took_back"]
        for _ in range(6):
            if m.is_over():
                break
            step(m, rng)
        texts = [e.text for e in m.history]
        data = json.loads(json.dumps(m.to_json()))
        back = Match.from_json(data)
        assert [e.text for e in back.history] == texts
        note = 'Ana took back "End your turn"'
        assert [t for t in texts if t == note] == [note]
        assert back.history[back._marks[at] - 1].text == note
        # A damaged record is refused with a reason; hostile words are cleaned where they come in.
        data["took_back"] = [[0, 5, "x"]]
        with pytest.raises(BadSave, match="take-backs"):
            Match.from_json(data)
        data["took_back"] = [[0, 0, "Ana\x00 took\n back " + "x" * 5000]]
        line = Match.from_json(data).history[Match.from_json(data)._marks[0] - 1].text
        assert line.startswith("Ana took back x") and len(line) <= 300
        return
    pytest.fail("no end of a turn was ever taken back (the test proves nothing)")


def test_the_replay_of_a_game_with_a_take_back_opens_and_analyses() -> None:
    """A finished game's record keeps its take-backs; its replay reads them, and Analyse, which
    reads the record's header without its moves, does not take them for damage."""
    from game.saves import replay_of
    from game.ui.scenes.analysis import Analysis, human_decisions

    for seed in range(200):
        rng = random.Random(seed)
        m = Match("grim_prospects", [Seat("Ana"), Seat("Bo", BOT, "easy")], seed)
        while not m.is_over():
            if len(m.actions) > 3 and not m.took_back and m.can_undo(0):
                m.undo()
            seat = m.to_move()
            m.apply(m.bot(1).choose(m.view(1)) if seat == 1 else rng.choice(m.legal_actions()))
        if m.took_back and m.took_back[0][0] > 0:
            break
    else:
        pytest.fail("no game with a take-back after its first move")
    start, actions = replay_of(m)
    assert start.took_back == m.took_back
    assert human_decisions(m, list(m.actions))
    assert Analysis(start, actions, lambda *a, **k: None).decisions


def _play_on(m: Match, moves: int, seed: int) -> None:
    """Play `moves` more actions: the bots' own choices, and for the human one picked by how far
    the game is (so that two copies of a game get the same human moves)."""
    for _ in range(moves):
        if m.is_over():
            return
        seat = m.to_move()
        assert seat is not None
        if m.seats[seat].is_human:
            m.apply(random.Random(seed * 1000 + len(m.actions)).choice(m.legal_actions()))
        else:
            m.apply(m.bot(seat).choose(m.view(seat)))


@pytest.mark.parametrize("game", list(GAMES))
def test_bots_decide_the_same_in_a_resumed_game_and_after_a_take_back(game: str) -> None:
    """A bot's randomness is its position's: a game resumed from its save goes on as the one
    played on, and a move taken back and played again gets the same replies."""
    seats = [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "normal")]
    for seed in range(3):
        whole = Match(game, seats, seed)
        _play_on(whole, 6, seed)
        resumed = Match.from_json(whole.to_json())
        _play_on(whole, 30, seed)
        _play_on(resumed, 30, seed)
        assert resumed.actions == whole.actions, seed
    # Take back, play the same move again: the same replies.
    retried = tried = 0
    for seed in range(12):
        m = Match(game, seats, seed)
        for _ in range(12):
            _play_on(m, 5, seed)
            target = m.undo_target(0)
            if target is None or m.is_over():
                continue
            tried += 1
            after = list(m.actions)
            m.undo(0)
            m.apply(after[target])
            _play_on(m, len(after) - target - 1, seed)
            assert m.actions == after, (seed, target)
            retried += len(after) - target - 1
    assert tried and retried, "no take-back followed by bot replies in these games"


def test_a_refused_take_back_says_why(make_app: Callable[..., Any], home: Path) -> None:
    """Ctrl+Z where nothing may be taken back says why (it said only that nothing could be)."""
    from game.ui.tables import table_for

    # Nobody at the screen has moved: the game has only begun.
    m = Match("ya_blew_it", [Seat("Ana"), Seat("Bo", BOT, "easy")], 3)
    assert m.undo_target() is None and m.undo_refusal(0) == "you have not moved yet"
    # A move that turned a card: what it showed stands.
    while not (m.human_to_move() and m.legal_actions()):
        m.apply(m.bot(m.to_move()).choose(m.view(m.to_move())))
    rng = random.Random(3)
    while m.undo_target() is not None or not m.actions or m._actors[-1] != 0:
        if m.human_to_move():
            m.apply(rng.choice(m.legal_actions()))
        else:
            m.apply(m.bot(m.to_move()).choose(m.view(m.to_move())))
    assert m.undo_refusal(0) in ("your last move revealed something new, which stands",
                                 "the last move revealed something new, which stands")
    with pytest.raises(IllegalAction, match="revealed something new"):
        m.undo()
    app = make_app("instant")
    table = table_for(m)
    app.push(table)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.message == f"No take-back: {m.undo_refusal(0)}."
    # A bot's reply showed a card of its hidden hand.
    shown = None
    for seed in range(40):
        g = Match("diamond_in_the_rough", [Seat("Ana"), Seat("Bo", BOT, "easy")], seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.actions) < 300:
            g.apply(rng.choice(g.legal_actions()))
            if g.undo_target() is None and g._news_for[-1] and 0 in g._news_for[-1] and not g._revealed[-1]:
                shown = g
                break
        if shown:
            break
    assert shown is not None
    assert shown.undo_refusal() == "Bo has shown a card of their hand since"
    over = Match("ya_blew_it", [Seat("Ana"), Seat("Bo", BOT, "easy")], 5)
    while not over.is_over():
        over.apply(random.Random(len(over.actions)).choice(over.legal_actions()))
    assert over.undo_refusal() == "the game is over"


def test_a_refusal_in_hot_seat_says_your_move_only_to_the_player_who_made_it() -> None:
    """Ana's move ended with a roll; Bo, at the screen after the curtain, presses Ctrl+Z: the
    refusal speaks of the last move, not of "your" move; to Ana it is hers."""
    m = Match("ya_blew_it", [Seat("Ana"), Seat("Bo")], 3)
    rng = random.Random(3)
    while not (m.actions and m._revealed[-1] and m.to_move() != m._actors[-1]):
        m.apply(rng.choice(m.legal_actions()))
    mover, other = m._actors[-1], m.to_move()
    assert m.undo_refusal(other) == "the last move revealed something new, which stands"
    assert m.undo_refusal(mover) == "your last move revealed something new, which stands"


def test_a_hint_in_a_line_of_play_taken_back_is_counted_but_not_noted_where_the_game_went_on() -> None:
    """Bo asked for a hint after Ana's move, then took that move back for her, and she played
    another: the resumed log said Bo asked for a hint after the other move (where nobody did), and
    a hint Bo really asked there was not noted. The hint stays counted; the log is the same
    resumed as played."""
    def notes(m: Match) -> list[str]:
        return [e.text for e in m.history if e.kind in ("hint", "took_back")]

    m = Match("big_dig", [Seat("Ana"), Seat("Bo")], 1)
    a, b = m.legal_actions()[0], m.legal_actions()[1]
    m.apply(a)
    assert m.note_hint(1) is not None
    m.undo()
    m.apply(b)
    resumed = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert notes(resumed) == notes(m) and "Bo asked for a hint" not in notes(m)
    assert resumed.hints_taken(1) == m.hints_taken(1) == 1
    assert m.note_hint(1) is not None          # asked here, now: noted and counted
    assert m.hints_taken(1) == 2
    again = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert notes(again) == notes(m) and again.hints_taken(1) == 2


def test_a_hint_asked_after_a_take_back_comes_after_it_in_the_resumed_log() -> None:
    """Ana takes a move back, then asks for a hint there; and, before that, a hint asked before
    a move later taken back: a resumed game's log tells them in the order they came."""
    def notes(m: Match) -> list[str]:
        return [e.kind for e in m.history if e.kind in ("hint", "took_back")]

    m = Match("big_dig", [Seat("Ana"), Seat("Bo")], 1)
    m.apply(m.legal_actions()[0])
    m.undo()
    m.note_hint(0)
    assert notes(m) == ["took_back", "hint"]
    m.note_hint(1)
    m.apply(m.legal_actions()[0])
    m.apply(m.legal_actions()[0])
    m.note_hint(0)
    m.apply(m.legal_actions()[0])
    m.undo()
    assert notes(m) == ["took_back", "hint", "hint", "hint", "took_back"]
    resumed = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert [(e.kind, e.text) for e in resumed.history if e.kind in ("hint", "took_back")] == \
        [(e.kind, e.text) for e in m.history if e.kind in ("hint", "took_back")]


def test_a_hint_between_two_take_backs_at_one_position_keeps_its_place_in_the_resumed_log() -> None:
    """Ana takes a move back, asks for a hint, makes the same move and takes it back again: the
    resumed log (and a replay's) says the hint between the two take-backs, as the live one did,
    not after both."""
    m = Match("big_dig", [Seat("Ana"), Seat("Bo")], 1)
    slip = m.legal_actions()[0]
    m.apply(slip)
    m.undo()
    m.note_hint(0)
    m.apply(slip)
    m.undo()
    m.note_hint(1)   # (Bo's hint, after both)

    def notes(match: Match) -> list[tuple[str, str]]:
        return [(e.kind, e.text) for e in match.history if e.kind in ("hint", "took_back")]

    assert [k for k, _ in notes(m)] == ["took_back", "hint", "took_back", "hint"]
    resumed = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert notes(resumed) == notes(m)
    # A file written before hints counted the take-backs they followed names the place once, for
    # a hint after all of them there (as it was told): so it is read still.
    older = Match("big_dig", [Seat("Ana"), Seat("Bo")], 1)
    older.apply(slip)
    older.undo()
    older.apply(slip)
    older.undo()
    older.note_hint(0)
    data = json.loads(json.dumps(older.to_json()))
    data["hints_after_take_back"] = [sorted(set(h)) for h in data.pop("hints_among_take_backs")]
    assert [k for k, _ in notes(Match.from_json(data))] == ["took_back", "took_back", "hint"]
    m.apply(m.legal_actions()[0])
    record = m.to_json()
    record["actions"] = []
    replay, _ = Match.from_header(record)
    for action in m.actions:
        replay.play_recorded(action)
    assert notes(replay) == notes(m)
