"""A formality: where every answer but one can only lose (Ya Blew It!: keeping a roll that cannot
be bettered rather than spending a Faulty Detonator on it), the table plays that answer for a
human after a moment, and a take-back counts it part of the move before it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pytest  # noqa: E402

from helpers import run_until  # noqa: E402

from game.core.match import BOT, Match, Seat  # noqa: E402


def at_a_reroll_prompt(formal: bool) -> Match:
    """A Ya Blew It! match in which the human, Ana, has just rolled with a Faulty Detonator in
    front of her, the roll one that cannot be bettered (`formal`) or one a re-roll might mend."""
    for seed in range(500):
        rng = random.Random(seed)
        m = Match("ya_blew_it", [Seat("Ana"), Seat("Bo", BOT, "easy"), Seat("Cy", BOT, "easy")], seed)
        while not m.is_over():
            if m.state.phase == "reroll" and m.to_move() == 0:
                if (m.formality() is not None) == formal:
                    return m
                m.apply("accept")
                continue
            seat = m.to_move()
            assert seat is not None
            m.apply(rng.choice(m.legal_actions()) if seat == 0 else m.bot(seat).choose(m.view(seat)))
    raise AssertionError("no such prompt in 500 games")


def test_the_table_keeps_a_roll_that_cannot_be_bettered_for_the_player(make_app: Callable[..., Any]) -> None:
    from game.ui.tables import table_for

    app = make_app("normal")
    m = at_a_reroll_prompt(formal=True)
    moves = len(m.actions)
    table = table_for(m)
    app.push(table)
    run_until(app, lambda: len(m.actions) > moves, "kept the roll")
    assert m.actions[moves] == "accept"
    # Nothing to take back: the move before it was the roll itself, which showed the dice.
    assert m.undo_target() is None


def test_a_roll_a_detonator_might_mend_waits_for_the_player(make_app: Callable[..., Any]) -> None:
    from game.ui.tables import table_for

    app = make_app("normal")
    m = at_a_reroll_prompt(formal=False)
    moves = len(m.actions)
    table = table_for(m)
    app.push(table)
    run_until(app, lambda: table.idle and bool(table.buttons), "offered the choice")
    for _ in range(600):   # ten seconds: nobody decides for the player
        app.step(1 / 60)
    assert len(m.actions) == moves
    assert {b.label for _, b in table.buttons} >= {"Keep roll"}
    # Keeping it is the player's own decision, so it can be taken back to the prompt.
    m.apply("accept")
    assert m.undo_target() == moves


def test_after_a_roll_kept_for_the_player_there_is_nothing_to_take_back() -> None:
    """In Ya Blew It! the move before a formality is the roll, which showed the dice."""
    m = at_a_reroll_prompt(formal=True)
    m.apply("accept")
    assert m._formal(len(m.actions) - 1)
    assert not m._formal(len(m.actions) - 2)   # the roll: a decision (that showed the dice)
    assert m.undo_target() is None


def test_a_take_back_passes_over_a_formality_to_the_decision_before_it() -> None:
    """A formality after a decision that revealed nothing is taken back with that decision, and
    the log counts it no reply. (A stand-in formality: Grim Prospects' return to base.)"""
    import dataclasses

    from game.core.contract import Action

    def formal(state: Any) -> Action | None:
        bank = Action("bank")
        return bank if state.phase == "start" and bank in state.legal_actions() else None

    for seed in range(300):
        rng = random.Random(seed)
        m = Match("grim_prospects", [Seat("Ana"), Seat("Bo", BOT, "easy")], seed)
        m.info = dataclasses.replace(m.info, formality=formal)
        for _ in range(200):
            if m.is_over():
                break
            legal = m.legal_actions()
            place = [a for a in legal if a.kind == "place"]
            if m.to_move() == 0 and m.state.phase == "start" and place and len(m.state.hands[0]) >= 2:
                m.apply(place[0])                       # Ana's decision, revealing nothing
                assert m.formality() == Action("bank")
                m.apply("bank")                          # the formality, played for her
                at = len(m.actions) - 2
                assert m._formal(at + 1) and not m._formal(at)
                assert m.undo_target() == at
                m.undo()
                assert len(m.actions) == at and m.history[-1].text.startswith("Ana took back a move: ")
                assert "repl" not in m.history[-1].text
                return
            m.apply(m.bot(1).choose(m.view(1)) if m.to_move() == 1 else rng.choice(legal))
    pytest.fail("no Bundle placed before a return to base in 300 games (the test proves nothing)")
