"""The Grim Prospects table, driven headless through the real App (SDL dummy drivers).

Whole games reach the results screen with the display never drifting from the rules: bots alone,
a human playing only by keys, a human playing only by mouse. The prospect chooser keeps the card
chosen and puts the others back in the order arranged (keys and drag), and the player then sees
them marked on the Mine. Every refused choice says why, in the rules' words. Two players: the
Geode is drawn and a blast takes it. The results show each score's breakdown.

The curtain test: a hot-seat game (two humans and a bot, and two humans alone), the humans driven
by a seeded policy through the table's own handlers (keys, clicks, the peek key), every frame
drawn with the face log on: every card face drawn is one the seat `secret_seat()` may know (its
view knows the card, or an event shown to everyone showed it), and no face at all is drawn while
the curtain is up.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import click, key, lift_curtain, run_until, run_until_human, spy_text  # noqa: E402

from game.core.contract import Action  # noqa: E402
from game.core.match import BOT, Match, Seat  # noqa: E402
from game.games.grim_prospects.cards import card  # noqa: E402
from game.ui import privacy  # noqa: E402
from game.ui.scenes.dialogs import PassScreen  # noqa: E402
from game.ui.tables.grim_drawing import OPP_ROW  # noqa: E402
from game.core.words import sentence  # noqa: E402
from game.ui.tables.grim_prospects import ACTIONS, GrimModel, GrimProspectsTable  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_display")

GAME = "grim_prospects"
KEYS = {kind: k for kind, _, k in ACTIONS}


def new_match(seats: list[Seat], seed: int = 1) -> Match:
    return Match(GAME, seats, seed)


def open_table(app: Any, match: Match) -> GrimProspectsTable:
    from game.ui.tables import table_for

    table = table_for(match)
    assert isinstance(table, GrimProspectsTable)
    app.push(table)
    return table


def bot(name: str) -> Seat:
    return Seat(name, BOT, "random")


def finish(app: Any, table: GrimProspectsTable, turn: Callable[[], None], frames: int = 60000,
           dt: float = 1 / 60) -> None:
    """Step until the results screen replaces the table, calling `turn()` at each human decision."""
    for _ in range(frames):
        app.step(dt)
        if app.top is not table and table.match.is_over():
            return
        if app.top is table and table.idle and table.match.human_to_move():
            app.step(dt)   # an idle table builds its buttons on its next frame
            turn()
    raise AssertionError("the game did not reach its end")


def hand_centre(table: GrimProspectsTable, cid: int) -> tuple[int, int]:
    hand = table.hand_cards()
    return table.hand_rect(hand.index(cid), len(hand)).center


def test_every_player_count_plays_to_the_results_with_bots(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.results import ResultsScene

    for players, seed in ((2, 3), (5, 4)):
        app = make_app("fast")
        match = new_match([bot(n) for n in ("Ann", "Bo", "Cyd", "Dee", "Eli")[:players]], seed)
        table = open_table(app, match)
        finish(app, table, lambda: None, dt=1 / 8)
        assert isinstance(app.top, ResultsScene)
        assert table.drift == 0
        assert GrimModel.from_state(match.state.view(None).state).rules_key() == table.model.rules_key()


# ---------------------------------------------------------------------------- keys and mouse
def test_a_whole_game_by_keys(make_app) -> None:  # type: ignore[no-untyped-def]
    """Dig (D), Dig 3 (3), Prospect (P), Return to base (B), End turn (E/Enter), Bundles by ←/→ and
    ↑, the chooser by 1-4, Shift+→ and Enter: what is played is exactly what the keys chose."""
    app = make_app("fast")
    match = new_match([Seat("Ana"), bot("Dusty"), bot("Nell")], 6)
    table = open_table(app, match)
    rng = random.Random(6)
    used: set[str] = set()

    def turn() -> None:
        state = match.state
        before = len(match.actions)
        legal = match.legal_actions()
        if state.phase == "choose":
            ch = table.chooser
            assert ch is not None
            slot = rng.randrange(len(ch.order))
            key(app, pygame.K_1 + slot)
            kept = ch.order[slot]
            if len(ch.order) > 2 and rng.random() < 0.6:
                ch.focus = next(i for i, c in enumerate(ch.order) if c != kept)
                key(app, pygame.K_RIGHT if ch.focus == 0 else pygame.K_LEFT, pygame.KMOD_SHIFT)
            expected = Action("keep", tuple(str(c) for c in [kept, *ch.returned()]))
            key(app, pygame.K_RETURN)
            assert match.actions[before:] == [str(expected)]
            used.add("keep")
            return
        action = rng.choice(legal)
        if action.kind == "place":
            cid = int(action.args[0])
            target = table.hand_cards().index(cid)
            while table.hand_focus != target:
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_UP)
        elif action.kind == "end":
            key(app, pygame.K_RETURN if rng.random() < 0.5 else pygame.K_e)
        else:
            key(app, KEYS[str(action)])
        assert match.actions[before:] == [str(action)], f"{action} was meant"
        used.add(str(action))

    finish(app, table, turn)
    assert table.drift == 0
    assert {"dig", "prospect", "bank", "keep"} <= used


def test_a_whole_game_by_mouse(make_app) -> None:  # type: ignore[no-untyped-def]
    """Buttons, a click on a Bundle in the hand, the chooser's cards (a click keeps, a drag
    reorders) and its Keep button."""
    app = make_app("fast")
    match = new_match([Seat("Ana"), bot("Dusty")], 8)
    table = open_table(app, match)
    rng = random.Random(8)
    dragged = 0

    def turn() -> None:
        nonlocal dragged
        before = len(match.actions)
        if match.state.phase == "choose":
            ch = table.chooser
            assert ch is not None
            kept = rng.choice(ch.order)
            click(app, ch.card_rect(kept).center)
            assert ch.keep == kept
            back = ch.returned()
            if len(back) >= 2:
                # Drag the last card going back to the far left: it goes back on top.
                last = back[-1]
                start = ch.card_rect(last).center
                app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
                for x in range(start[0], ch.slot_rect(0).centerx - 1, -40):
                    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, start[1]), rel=(0, 0),
                                                  buttons=(1, 0, 0)))
                    app.step(1 / 60)
                end = (ch.slot_rect(0).centerx, start[1])
                app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
                app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
                assert ch.returned()[0] == last and ch.keep == kept
                dragged += 1
            expected = Action("keep", tuple(str(c) for c in [kept, *ch.returned()]))
            click(app, table.keep_button.rect.center)
            assert match.actions[before:] == [str(expected)]
            return
        action = rng.choice(match.legal_actions())
        if action.kind == "place":
            click(app, hand_centre(table, int(action.args[0])))
        else:
            b = table.button_for(str(action))
            assert b is not None and b.enabled
            click(app, b.rect.center)
        assert match.actions[before:] == [str(action)]

    finish(app, table, turn)
    assert table.drift == 0 and dragged > 0


# ---------------------------------------------------------------------------- the chooser
def prospecting(app: Any, seed: int, seats: list[Seat] | None = None) -> tuple[Match, GrimProspectsTable]:
    """A human's table with the chooser open (found by playing random games from `seed`)."""
    for s in range(seed, seed + 50):
        match = new_match(seats or [Seat("Ana"), bot("Dusty"), bot("Nell")], s)
        rng = random.Random(s)
        while not match.is_over():
            if match.human_to_move() and match.state.phase == "start" and len(match.state.mine) >= 8 \
                    and len(match.actions) > 6:
                match.apply("prospect")
                table = open_table(app, match)
                run_until_human(app, table)
                assert table.chooser is not None
                return match, table
            match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("no prospect found")


def test_the_chooser_keeps_by_number_and_orders_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    match, table = prospecting(app, 11)
    looking = list(match.state.looking)
    ch = table.chooser
    assert ch is not None and ch.order == looking and len(looking) == 3
    assert table.status_text()[0].startswith("1-3 or a click keeps a card")   # (three to choose from)
    key(app, pygame.K_RETURN)   # nothing kept yet: refused, with the reason
    assert match.state.phase == "choose" and "keep" in table.message.lower()
    assert table.status_text()[0] == table.message
    key(app, pygame.K_2)
    assert ch.keep == looking[1]
    assert table.status_text()[0] != table.message   # kept now: the refusal is over
    # The keys' focus is on the first card going back; Shift+→ sends it past the kept card, to
    # trade places with the other card going back: the order back becomes the third, then the first.
    assert ch.focus == 0
    key(app, pygame.K_UP)          # ↑ keeps the focused card; held down, its repeats keep nothing
    key(app, pygame.K_UP)
    assert ch.keep == looking[0]
    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_UP, mod=0))
    key(app, pygame.K_2)
    assert ch.keep == looking[1] and ch.focus == 0
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert ch.order == [looking[2], looking[1], looking[0]]
    assert ch.returned() == [looking[2], looking[0]]
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)     # already the last going back: said so
    assert ch.order == [looking[2], looking[1], looking[0]] and "end of the row" in table.message
    app.step(1 / 60)
    key(app, pygame.K_RETURN)
    assert match.actions[-1] == f"keep:{looking[1]},{looking[2]},{looking[0]}"
    # The private put-back says the same order, and the table marks the two on the Mine, top first.
    back = [e for e in match.history if e.kind == "put_back" and "cards" in e.data][-1]
    assert list(back.data["cards"]) == [looking[2], looking[0]]
    table.fast_forward()
    if not match.is_over():
        marks = dict((depth, c) for depth, c in table.mine_marks())
        if match.to_move() == 0 or all(c in match.state.mine for c in (looking[0], looking[2])):
            assert marks.get(0) == looking[2] and marks.get(1) == looking[0]


def test_refused_choices_say_why_in_the_rules_words(app) -> None:  # type: ignore[no-untyped-def]
    match = new_match([Seat("Ana"), bot("Dusty")], 2)
    table = open_table(app, match)
    run_until_human(app, table)
    state = match.state
    assert not state.hands[0]

    def refused(press: Callable[[], None], action: str) -> None:
        before = list(match.actions)
        press()
        assert match.actions == before, f"{action} was played"
        reason = state.why_not(Action.parse(action))
        assert reason and table.message == sentence(reason)

    refused(lambda: key(app, pygame.K_b), "bank")          # the hand is empty
    refused(lambda: key(app, pygame.K_3), "dig:3")         # no Pickaxe
    refused(lambda: key(app, pygame.K_x), "blast")         # the Geode is empty
    refused(lambda: key(app, pygame.K_e), "end")           # the action comes first
    # A greyed button says why too, by a click and by its tooltip.
    b = table.button_for("bank")
    assert b is not None and not b.enabled
    refused(lambda: click(app, b.rect.center), "bank")
    assert table.tooltip_text() == sentence(state.why_not(Action("bank")) or "")
    # A card in hand that is not a Bundle cannot be placed: play to a hand holding one.
    rng = random.Random(2)
    for _ in range(400):
        if match.is_over():
            break
        run_until_human(app, table)
        state = match.state
        plain = [c for c in table.hand_cards() if card(c).ability != "bundle"]
        if plain and state.phase == "start":
            refused(lambda: click(app, hand_centre(table, plain[0])), f"place:{plain[0]}")
            assert "Bundle" in table.message
            return
        table.choose(rng.choice([a for a in match.legal_actions() if a.kind != "bank"] or match.legal_actions()))
    raise AssertionError("no hand with a card other than a Bundle came")


def test_three_players_have_no_geode_and_say_so(app) -> None:  # type: ignore[no-untyped-def]
    match = new_match([Seat("Ana"), bot("Dusty"), bot("Nell")], 2)
    table = open_table(app, match)
    run_until_human(app, table)
    assert table.button_for("blast") is None
    key(app, pygame.K_x)
    assert "two-player" in table.message and not match.actions


# ---------------------------------------------------------------------------- two players: the Geode
def test_two_players_see_the_geode_grow_and_blast_it(make_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app("fast")
    for seed in range(1, 60):
        match = new_match([Seat("Ana"), bot("Dusty")], seed)
        rng = random.Random(seed)
        while not match.is_over() and "blast" not in {str(a) for a in match.legal_actions()}:
            match.apply(rng.choice([a for a in match.legal_actions() if a.kind != "blast"]))
        if not match.is_over() and match.human_to_move():
            break
    else:
        raise AssertionError("no blast came")
    table = open_table(app, match)
    run_until_human(app, table)
    geode = list(match.state.geode)
    assert geode and sorted(table.model.geode) == sorted(geode)
    app.step(1 / 60)
    shown = {cs[0] for _, cs in table.geode_groups()}
    assert {card(c).key for c in shown} == {card(c).key for c in geode}
    assert table.card_at(table.geode_rects()[0].center) in geode     # its tooltip names the card
    b = table.button_for("blast")
    assert b is not None and b.enabled
    key(app, pygame.K_x)
    assert match.actions[-1] == "blast"
    run_until(app, lambda: table.idle, "showed the blast")
    assert not match.state.geode and not table.model.geode
    assert set(geode) <= set(match.state.hands[0]) | set(match.state.inventories[0])
    assert table.drift == 0
    app.screenshot(tmp_path / "blast.png")


# ---------------------------------------------------------------------------- the results
def test_the_results_show_each_scores_breakdown(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.results import ResultsScene

    app = make_app("instant")
    match = new_match([Seat("Ana"), bot("Dusty"), bot("Nell")], 9)
    table = open_table(app, match)
    rng = random.Random(9)
    finish(app, table, lambda: table.choose(rng.choice(match.legal_actions())))
    scene = app.top
    assert isinstance(scene, ResultsScene)
    for s in scene.outcome.scores:
        labels = [label for label, _ in s.breakdown]
        assert labels == ["Minerals", "Crystals", "Gems", "Sigils", "Bundles"]
        assert sum(v for _, v in s.breakdown) == s.total


def test_the_setup_offers_two_to_five_players(app) -> None:  # type: ignore[no-untyped-def]
    from game.games import GAMES
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(GAMES[GAME])
    app.push(setup)
    for n in range(2, 6):
        setup.set_players(n)
        match = setup.build_match()
        assert match.game == GAME and len(match.seats) == n
    setup.set_players(9)
    assert setup.players == 5


# ---------------------------------------------------------------------------- the curtain
def public_cards(match: Match) -> set[int]:
    """Every card an event shown to everyone has shown (a drawn Trap, a discard, the Geode...)."""
    out: set[int] = set()
    for ev in match.history:
        if ev.visible_to is not None:
            continue
        for k in ("card", "cards", "traps"):
            v = ev.data.get(k)
            if isinstance(v, int):
                out.add(v)
            elif isinstance(v, list):
                out.update(int(c) for c in v)
    return out


@pytest.mark.parametrize("seats, seed", [
    ([Seat("Ana"), Seat("Bo"), Seat("Dusty", BOT, "random")], 5),
    ([Seat("Ana"), Seat("Bo")], 7),
])
def test_no_face_is_drawn_for_the_wrong_eyes_or_under_the_curtain(make_app, seats: list[Seat], seed: int) -> None:  # type: ignore[no-untyped-def]
    app = make_app("fast")
    match = new_match(seats, seed)
    table = open_table(app, match)
    rng = random.Random(seed)
    counts = {"curtain": 0, "hidden": 0, "own faces": 0, "peeks": 0, "frames": 0, "private beats": 0}
    wait = 0
    peek_left = 0
    # What each seat (None: nobody's eyes) knows now or knew at some moment the table may still be
    # showing: a frame can lag the rules by an action (a card put back, then taken by a bot that
    # keeps it unseen, is still on its way while the rules have forgotten where it went).
    known: dict[int | None, set[int]] = {s: set() for s in [None, *range(len(seats))]}

    def learn() -> None:
        for s in known:
            known[s] |= match.state.view(s).shown()

    learn()
    with privacy.recording():
        for _ in range(80000):
            privacy.new_frame()
            app.step(1 / 15)
            counts["frames"] += 1
            learn()
            faces = privacy.frame_faces()
            top = app.top
            if isinstance(top, PassScreen):
                counts["curtain"] += 1
                assert not faces, f"faces {faces} drawn under the curtain"
            elif top is table:
                seat = table.secret_seat()
                public = public_cards(match)
                bad = [c for c in faces if c not in known[seat] and c not in public]
                assert not bad, (f"frame {counts['frames']}: {[card(c).name for c in bad]} drawn for seat "
                                 f"{seat} (eyes {match.eyes}), who may not know them")
                if seat is None and match.hotseat and match.eyes is not None:
                    counts["hidden"] += 1
                    # Nor is a private event written in the banner while the hand is face down.
                    ev = table.beat.event if table.beat is not None else None
                    if ev is not None and ev.visible_to is not None:
                        words = "".join(part for part, _ in table.banner_segments())
                        assert ev.text not in words, f"the banner says {words!r} under a hidden hand"
                        counts["private beats"] += 1
                if seat is not None and any(c in match.state.hands[seat] for c in faces):
                    counts["own faces"] += 1
            else:
                break   # the results
            # The people at the screen.
            if isinstance(top, PassScreen):
                wait += 1
                if wait > rng.randrange(1, 4) and top.armed:
                    wait = 0
                    lift_curtain(app)
                continue
            if peek_left:
                peek_left -= 1
                if not peek_left:
                    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_v, mod=0, unicode="", scancode=0))
                continue
            if not (table.idle and match.human_to_move()):
                continue
            if table.hand_hidden and rng.random() < 0.5:
                if rng.random() < 0.5:
                    click(app, (table.hand_rect(0).centerx, table.hand_rect(0).centery))
                else:
                    key(app, pygame.K_v)   # held for a few frames
                    peek_left = rng.randrange(2, 5)
                    counts["peeks"] += 1
                continue
            _policy_move(app, table, rng)
    assert match.is_over() and not isinstance(app.top, PassScreen)
    assert counts["curtain"] > 10 and counts["hidden"] > 10 and counts["own faces"] > 10 and counts["peeks"] > 0
    assert counts["private beats"] > 0
    assert table.drift == 0


def _policy_move(app: Any, table: GrimProspectsTable, rng: random.Random) -> None:
    """One decision of a hot-seat player, by key or click (sometimes a refused one first)."""
    match = table.match
    if match.state.phase == "choose":
        ch = table.chooser
        if ch is None:
            return
        key(app, pygame.K_1 + rng.randrange(len(ch.order)))
        if rng.random() < 0.5:
            key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
        key(app, pygame.K_RETURN)
        return
    if rng.random() < 0.15:
        key(app, rng.choice([pygame.K_3, pygame.K_b, pygame.K_e, pygame.K_x]))   # perhaps refused
        if match.to_move() is None or not match.human_to_move() or not table.idle:
            return
    if rng.random() < 0.1:
        key(app, rng.choice([pygame.K_r, pygame.K_s]))   # the whole Rubble, the stash
        app.step(1 / 15)
        key(app, pygame.K_ESCAPE) if table.viewing else None
    action = rng.choice(match.legal_actions())
    if action.kind == "place" and table.eyes():
        click(app, hand_centre(table, int(action.args[0])))
    elif action.kind == "place":
        click(app, table.hand_rect(0).center)   # turns the hand up first
    elif action.kind == "end":
        key(app, pygame.K_e)
    else:
        key(app, KEYS[str(action)])


# ---------------------------------------------------------------------------- undo, resume, replay, rules
def _human_with_a_bundle(seed: int) -> Match:
    """A game where the human is to act at the start of a turn with a Bundle in hand."""
    for s in range(seed, seed + 80):
        match = new_match([Seat("Ana"), bot("Dusty"), bot("Nell")], s)
        rng = random.Random(s)
        while not match.is_over():
            if match.human_to_move() and match.state.phase == "start" and \
                    any(a.kind == "place" for a in match.legal_actions()):
                return match
            match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("no Bundle came to the human")


def test_placing_a_bundle_can_be_taken_back(app) -> None:  # type: ignore[no-untyped-def]
    match = _human_with_a_bundle(3)
    table = open_table(app, match)
    run_until_human(app, table)
    assert table.drift == 0   # a resumed game starts from its position
    place = next(a for a in match.legal_actions() if a.kind == "place")
    cid = int(place.args[0])
    click(app, hand_centre(table, cid))
    assert match.actions[-1] == str(place)
    run_until(app, lambda: app.top.idle, "showed the Bundle placed")
    assert cid in app.top.model.inventories[0]
    key(app, pygame.K_z, pygame.KMOD_CTRL)     # nothing was revealed: it may be taken back
    fresh = app.top
    assert isinstance(fresh, GrimProspectsTable) and fresh is not table
    assert cid in match.state.hands[0] and cid in fresh.model.hands[0]
    run_until_human(app, fresh)
    assert fresh.drift == 0


def test_the_replay_the_final_table_and_the_log_show_the_game(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.results import ResultsScene

    app = make_app("fast")
    match = new_match([Seat("Ana"), bot("Dusty")], 12)
    table = open_table(app, match)
    rng = random.Random(12)
    finish(app, table, lambda: table.choose(rng.choice(match.legal_actions())), dt=1 / 8)
    results = app.top
    assert isinstance(results, ResultsScene)
    results.show_log()
    log_scene = app.top
    texts = " ".join(line for line, _, _, _ in log_scene.lines)
    # Every seat's secrets are in a finished game's log: Dusty's own private lines too.
    assert "Round 1" in texts and ("Dusty drew" in texts or "Dusty looks at" in texts)
    app.pop()
    results.show_table()
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.table is not None
    app.step(1 / 60)
    # Stepped back to the start, every hand shown: the Mine's real top cards are labelled as
    # such ("Mine's top:"), not as something anyone knew.
    import game.ui.tables.grim_drawing as grim_drawing

    replay.jump(0)
    run_until(app, lambda: replay.table.idle, "showed the start")
    with monkeypatch.context() as patch:
        drawn = spy_text(patch, grim_drawing)
        replay.table._layers.clear()
        app.step(1 / 60)
    assert "Mine's top:" in drawn and "Known:" not in drawn and "You know:" not in drawn
    replay.jump(replay.total)
    for _ in range(6):        # back a few moves and forward again, animated
        replay.step(-1)
    for _ in range(6):
        replay.step(1)
        run_until(app, lambda: replay.table.idle, "showed a move of the replay")
    assert replay.table.drift == 0
    # Every hand shown (the final table): S lays out every stash, face up, a row each.
    stashes = [sorted(s) for s in match.state.stashes]
    assert any(stashes)
    replay.table.fast_forward()
    key(app, pygame.K_s)
    assert replay.table.viewing == "stash" and not replay.table.message
    with privacy.recording():
        privacy.new_frame()
        app.step(1 / 60)
        faces = privacy.frame_faces()
    for stash in stashes:
        assert all(c in faces for c in stash), (stash, faces)
    key(app, pygame.K_s)
    assert replay.table.viewing is None
    replay.cycle_viewer()     # through one seat's eyes: its hand face up, the other's backs
    app.step(1 / 60)
    assert replay.table.eyes() and replay.table.home() == 0


def test_a_key_closes_the_pile_on_show_and_plays_nothing_under_it(app) -> None:  # type: ignore[no-untyped-def]
    """The Rubble's view says "Esc or a click closes": a click only closes it, and so does any
    key (D closed it and dug on the table it covered)."""
    match = new_match([Seat("Ana"), bot("Bo")], 3)
    rng = random.Random(3)
    while not (match.state.rubble and match.human_to_move() and match.state.phase == "start"):
        match.apply(rng.choice(match.legal_actions()))
    table = open_table(app, match)
    run_until_human(app, table)
    before = list(match.actions)
    for k in (pygame.K_d, pygame.K_p, pygame.K_e, pygame.K_1):
        key(app, pygame.K_r)
        assert table.viewing == "rubble"
        key(app, k)
        assert table.viewing is None and match.actions == before, pygame.key.name(k)
    key(app, pygame.K_d)   # with the view closed, D digs
    assert match.actions[len(before):][:1] == ["dig"]


def test_the_rules_page_opens_from_the_table(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.rulebook import RulesScene

    match = new_match([Seat("Ana"), bot("Dusty")], 1)
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_F1)
    page = app.top
    assert isinstance(page, RulesScene) and not page.error
    assert "Grim Prospects" in page.path.read_text("utf-8")


def _replay_at_a_lens_prospect(app: Any, players: int, seed: int) -> Any:
    """A replay of a game between normal bots, at the first moment four cards are looked at (a
    prospect with the Jeweler's Lens)."""
    from game import saves
    from game.bots import make_bot
    from game.ui.scenes.replay import ReplayScene

    rivals = [Seat(n, BOT, "normal") for n in ("Dusty", "Nell", "Cyd")][:players - 1]
    match = new_match([Seat("Ana")] + rivals, seed)
    bots = [make_bot(GAME, "normal", seed + i) for i in range(players)]
    at = None
    while not match.is_over() and at is None:
        seat = match.to_move()
        match.apply(bots[seat].choose(match.view(seat)))
        if len(match.state.looking) == 4:
            at = len(match.actions)
    assert at is not None, "no Jeweler's Lens prospect in this game"
    viewer = ReplayScene(*saves.replay_of(match))
    app.push(viewer)
    viewer.jump(at)
    for _ in range(5):
        app.step(1 / 60)
    assert viewer.table is not None and len(viewer.table.model.looking) == 4
    return viewer.table


@pytest.mark.parametrize("players", [2, 4])
def test_four_cards_looked_at_fit_the_middle_and_hide_the_known_top(app, players: int) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import grim_drawing

    table = _replay_at_a_lens_prospect(app, players, 1)
    rects = []
    for k in range(4):
        r = pygame.Rect(0, 0, *grim_drawing.SMALL)
        r.center = table.reveal_pos(k, 4, grim_drawing.SMALL)
        rects.append(r)
    assert all(grim_drawing.MID.contains(r) for r in rects)
    if players == 2:   # between the Mine's pile and the Geode
        assert rects[0].left >= grim_drawing.REVEAL_LEFT
        assert rects[-1].right <= grim_drawing.GEODE_BOX.left
    for a, b in zip(rects, rects[1:]):
        assert a.right - b.left <= grim_drawing.SMALL[0] // 6   # a little overlap at most
    # The cards known on top of the Mine are not drawn under the cards held up.
    said: list[str] = []
    real = grim_drawing.theme.text

    def spy(surface: Any, words: str, *args: Any, **kw: Any) -> Any:
        said.append(words)
        return real(surface, words, *args, **kw)

    grim_drawing.theme.text = spy   # type: ignore[assignment]
    try:
        table._render_middle(pygame.Surface(grim_drawing.MID.size, pygame.SRCALPHA))
    finally:
        grim_drawing.theme.text = real   # type: ignore[assignment]
    assert said and "You know:" not in said
    if players == 4:   # (the put-back cards are known: the row would be there without the prospect)
        assert table.mine_marks()


def test_a_prospect_is_told_once_to_whoever_sees_the_prospectors_own_lines(app) -> None:  # type: ignore[no-untyped-def]
    match = new_match([Seat("Ana"), Seat("Bo", BOT, "normal")], 3)
    rng = random.Random(3)

    def prospected(name: str) -> bool:
        return any(ev.kind == "put_back" and ev.visible_to is None and ev.text.startswith(name)
                   for ev in match.history)

    while not match.is_over() and not (prospected("Ana") and prospected("Bo")):
        seat = match.to_move()
        if seat == 0:
            legal = match.legal_actions()
            pick = [a for a in legal if a.kind == "prospect"] or legal
            match.apply(rng.choice(pick))
        else:
            match.apply(match.bot(seat).choose(match.view(seat)))
    assert prospected("Ana") and prospected("Bo")
    table = open_table(app, match)   # resumed: the log is written from the history for Ana's eyes
    texts = [t for t, _, _ in table.log_panel.entries]
    # Ana reads her own "Ana kept ..." and "Ana put back ..." lines, not a third saying the same.
    assert any(t.startswith("Ana put back ") for t in texts)
    assert not any(t.startswith("Ana kept a card and put") for t in texts)
    assert any(t.startswith("Bo kept a card and put") for t in texts)   # Bo's she may not see


def test_a_refusal_does_not_follow_the_turn_to_the_next_player_behind_the_curtain(make_app) -> None:  # type: ignore[no-untyped-def]
    """One player's red refusal ("Not now: you have taken your action...") is theirs: when the
    curtain falls for the next player, their turn starts without it."""
    app = make_app("instant")
    match = new_match([Seat("Ana"), Seat("Bo")], seed=3)
    table = open_table(app, match)
    for _ in range(50):
        app.step(1 / 60)
        if isinstance(app.top, PassScreen):
            lift_curtain(app)
    refusal = "Not now: you have taken your action; place a Bundle or end your turn."
    first = match.to_move()
    while match.to_move() == first:
        assert table.idle and app.top is table
        table._say(refusal)
        assert table.status_text()[0] == refusal
        assert table._apply(match.legal_actions()[0])
        run_until(app, lambda: table.idle or isinstance(app.top, PassScreen), "settled", 100)
    run_until(app, lambda: isinstance(app.top, PassScreen), "showed the curtain", 100)
    lift_curtain(app)
    app.step(1 / 60)
    assert app.top is table and match.eyes == match.to_move() != first
    assert table.status_text()[0] != refusal


def first_turn_behind_the_curtain(app: Any) -> tuple[Match, GrimProspectsTable, int]:
    """A two-human game at its first turn, the curtain lifted: the hand face down, and empty."""
    match = new_match([Seat("Ana"), Seat("Bo")], seed=3)
    table = open_table(app, match)
    run_until(app, lambda: isinstance(app.top, PassScreen), "showed the curtain", 100)
    lift_curtain(app)
    app.step(1 / 60)
    me = match.to_move()
    assert me is not None and table.hand_hidden and not match.state.hands[me]
    return match, table, me


def test_behind_the_curtain_an_empty_hand_is_not_offered_to_turn_up(make_app) -> None:  # type: ignore[no-untyped-def]
    """The first player's hand is empty at the start: the status line does not tell them to click
    it to see their cards; once they hold cards, it does."""
    app = make_app("instant")
    match, table, me = first_turn_behind_the_curtain(app)
    assert "to see your cards" not in table.status_text()[0]
    assert "S your stash" not in table.status_text()[0]   # (as secret as the hand, and as face down)
    while not match.state.hands[me] or match.to_move() != me:
        if isinstance(app.top, PassScreen):
            lift_curtain(app)
        elif table.idle and match.to_move() is not None:
            legal = match.legal_actions()
            assert table._apply(next((a for a in legal if a.kind == "dig"), legal[0]))
        app.step(1 / 60)
    run_until(app, lambda: table.idle or isinstance(app.top, PassScreen), "settled", 200)
    if isinstance(app.top, PassScreen):
        lift_curtain(app)
        app.step(1 / 60)
    assert match.to_move() == me and table.hand_hidden and match.state.hands[me]
    assert "press U to see your cards" in table.status_text()[0]


def test_behind_the_curtain_the_cards_prospected_are_kept_only_once_seen(make_app) -> None:  # type: ignore[no-untyped-def]
    """Hot-seat, the hand still face down (empty, at the first turn): Prospect shows the cards
    face down, says how to see them, and no key keeps or orders one unseen; U turns them up."""
    from game.ui.tables.grim_prospects import HIDDEN_CHOICE

    app = make_app("instant")
    match, table, me = first_turn_behind_the_curtain(app)
    key(app, pygame.K_p)
    run_until(app, lambda: table.idle and table.chooser is not None, "opened the chooser", 200)
    assert not table.eyes() and table.status_text()[0] == HIDDEN_CHOICE
    moves = len(match.actions)
    for k in (pygame.K_2, pygame.K_RETURN, pygame.K_UP):
        key(app, k)
        assert table.message == HIDDEN_CHOICE and table.chooser.keep is None
    assert len(match.actions) == moves
    key(app, pygame.K_u)
    assert table.eyes()
    key(app, pygame.K_2)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: len(match.actions) > moves, "kept the card", 200)
    assert match.actions[moves].startswith("keep")


def test_while_a_bot_plays_after_a_player_their_hand_stays_down_and_undo_brings_their_curtain(make_app) -> None:  # type: ignore[no-untyped-def]
    """Hot-seat, a bot between two humans: once Ana has played, the next player may be at the
    screen. Her face-down hand does not turn up (U, a click, V) until her next turn; the Undo
    button names her, and taking her move back brings the curtain down for her."""
    from game.ui.tables.base import HAND_WAITS
    from game.ui.tables.grim_prospects import STASH_WAITS

    app = make_app("normal")

    def at_a_return_to_base(seed: int) -> Match | None:
        """Ana to move, able to return to base, with nothing of Dusty's to reveal after it."""
        match = new_match([Seat("Ana"), Seat("Dusty", BOT, "random"), Seat("Bo")], seed=seed)
        rng = random.Random(seed)
        while not (match.to_move() == 0 and any(a.kind == "bank" for a in match.legal_actions())):
            if match.is_over():
                return None
            seat = match.to_move()
            match.apply(match.bot(1).choose(match.view(1)) if seat == 1 else rng.choice(match.legal_actions()))
        trial = Match.from_json(match.to_json())
        trial.apply(next(a for a in trial.legal_actions() if a.kind == "bank"))
        return match if trial.to_move() == 1 and trial.can_undo(0) else None

    match = next(m for m in map(at_a_return_to_base, range(40)) if m is not None)
    table = open_table(app, match)
    run_until(app, lambda: isinstance(app.top, PassScreen), "showed the curtain", 200)
    lift_curtain(app)
    app.step(1 / 60)
    assert match.eyes == 0 and table.hand_hidden
    key(app, pygame.K_u)
    assert not table.hand_hidden          # her own turn: up
    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_u, mod=0))
    assert table._apply(next(a for a in match.legal_actions() if a.kind == "bank"))
    run_until(app, lambda: table.idle and match.to_move() == 1 and table.hand_hidden, "hid her hand for the bot", 300)
    key(app, pygame.K_u)
    assert table.hand_hidden and table.message == HAND_WAITS
    click(app, pygame.Rect(table.hand_rect(0, 1)).center)
    assert table.hand_hidden
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v"))
    assert table.secret_seat() is None
    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_v, mod=0, unicode="v"))
    # Nor is her stash offered (S), nor shown: S says why as U does.
    table.message_time = 0.0
    assert "S your stash" not in table.status_text()[0]
    key(app, pygame.K_s)
    assert table.viewing is None and table.message == STASH_WAITS
    assert table.can_undo() and "Ana" in table.undo_button.label
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.to_move() == 0 and match.eyes is None
    run_until(app, lambda: isinstance(app.top, PassScreen), "brought the curtain down for Ana", 200)


def _bots_until(app: Any, seats: list[Seat], seed: int, kind: str, frames: int) -> GrimProspectsTable:
    """A table of bots played at the app's pace until an event of `kind` is shown, and a frame on."""
    table = open_table(app, new_match(seats, seed))
    seen: list[str] = []
    table.event_listener = lambda ev: seen.append(ev.kind) if ev.kind == kind else None
    run_until(app, lambda: bool(seen), f"showed a {kind} event", frames)
    app.step(1 / 60)
    return table


def test_a_traps_cry_leaves_the_card_that_went_off_readable(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui import placing
    from game.ui.tables.grim_drawing import HAND

    app = make_app("normal")
    table = _bots_until(app, [bot("Ana"), bot("Tommy")], 1, "trap", 20000)
    card_rect = pygame.Rect(0, 0, *HAND)
    card_rect.center = (int(table.reveal_c[0]), int(table.reveal_c[1]))
    cries = [c for c in table.callouts if c.image.get_height() > 40]   # the big words (40 points)
    assert cries, "no cry for the trap"
    for c in cries:
        assert not placing.flight(c.pos, c.image.get_size(), c.rise).colliderect(card_rect)


def test_the_winners_words_leave_the_line_of_keys_and_the_panels_edges_clear(make_app) -> None:  # type: ignore[no-untyped-def]
    """At two players the free felt nearest the middle was the foot of the table: the winner's
    name, 48 points high, was drawn over the line of keys and across the hand panel's edge.
    Floating words keep off the line of keys and the panels' edges, as off every card."""
    from game.ui import placing
    from game.ui.tables.grim_drawing import HOME, MID, STATUS

    app = make_app("normal")
    table = _bots_until(app, [bot("Bartholomew Gray"), bot("Tommy")], 9, "end", 60000)
    big = [c for c in table.callouts if c.image.get_height() > 48]
    assert big
    things = table.things()
    assert ("the line of keys", STATUS) in things and table.status_text()[0]
    assert sum(1 for what, _ in things if what == "the edge of a panel") == 4
    for c in big:
        flight = placing.flight(c.pos, c.image.get_size(), c.rise)
        assert not flight.colliderect(STATUS), flight
        for edge in (MID.y, MID.bottom, HOME.y, HOME.bottom):
            assert not flight.top < edge < flight.bottom, (flight, edge)


def test_a_message_about_the_table_goes_once_a_move_changes_it(make_app) -> None:  # type: ignore[no-untyped-def]
    """"The Rubble is empty." stayed its few seconds after a Dynamite had landed there: a message
    said about one position leaves when a move is played (a bot's too)."""
    app = make_app("instant")
    match = new_match([Seat("Ana"), Seat("Bo", BOT, "easy")], seed=3)
    table = open_table(app, match)
    run_until_human(app, table)
    assert not table.model.rubble
    key(app, pygame.K_r)
    app.step(1 / 60)
    assert table.message == "The Rubble is empty." and table.message_time > 0
    assert table._apply(match.legal_actions()[0])
    app.step(1 / 60)
    assert table.message_time == 0
    # A message said after the move, about it, stays its time.
    table._say("Said now.")
    app.step(1 / 60)
    assert table.message_time > 0


def test_the_banner_offers_a_return_to_base_only_with_a_hand_to_take_back(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")
    match = new_match([Seat("Ana"), Seat("Bo", BOT, "easy")], seed=3)
    table = open_table(app, match)
    run_until_human(app, table)
    words = "".join(w for w, _ in table.banner_segments())
    kinds = {a.kind for a in match.legal_actions()}
    assert ("return to base" in words) == ("bank" in kinds), (words, kinds)
    assert "bank" not in kinds and words.endswith(": dig or prospect")   # an empty hand at the start


def test_a_traps_line_in_the_log_is_not_taken_for_a_players_line() -> None:
    """The log's dot names whose line it is by the seat's colour: a trap's dot was a salmon close
    to seat 2's orange, and read as that player's line."""
    import math

    from game.ui import theme
    from game.ui.tables.grim_prospects import GrimProspectsTable

    colours: list[tuple[int, int, int]] = []

    class Panel:
        def add(self, text: str, colour: tuple[int, int, int], heading: bool) -> None:
            colours.append(colour)

    table = GrimProspectsTable.__new__(GrimProspectsTable)
    table.log_panel = Panel()   # type: ignore[assignment]
    from game.core.contract import Event

    for kind in ("trap", "discard", "blast"):
        table._log(Event(kind, "Ana set off Dynamite!", {"player": 0}))
    assert all(min(math.dist(c, s) for s in theme.SEAT_COLOURS) > 60 for c in colours), colours


def _panel_labels(table: GrimProspectsTable, panel: pygame.Rect) -> list[tuple[str, tuple[int, int]]]:
    """The labels the rivals' row draws under `panel`'s piles: (words, where)."""
    labels: list[tuple[str, tuple[int, int]]] = []
    table._label = lambda surface, words, pos, width: labels.append((words, pos))  # type: ignore[method-assign]
    table._render_opponents(pygame.Surface(OPP_ROW.size, pygame.SRCALPHA))
    del table._label
    panel_x = range(panel.x - OPP_ROW.x, panel.right - OPP_ROW.x)
    return [(w, pos) for w, pos in labels if pos[0] in panel_x]


def test_five_players_show_every_name_in_a_rivals_crowded_inventory(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.games.grim_prospects.cards import kinds
    from game.ui import gp_cards
    from game.ui.tables import grim_drawing
    from game.ui.tables.grim_drawing import ROW_MIN, TINY

    match = new_match([Seat("Ana")] + [bot(n) for n in ("Bo", "Cyd", "Dee", "Eli")])
    table = open_table(app, match)
    keys = ("pickaxe", "canary", "lens", "torch", "copper", "iron")   # every kind an Inventory holds
    rival = table.others()[2]
    panel = table.seat_rect(rival)
    # Two groups: cards, the second lower than the first by as much as shows the first's name.
    items = [kinds()[k].id for k in keys[:2]]
    table.model.inventories[rival] = items
    under, over = table.inv_rects(rival, 2)
    assert not table.inv_listed(rival, 2) and panel.contains(under) and panel.contains(over)
    assert over.x < under.right and over.y - under.y >= gp_cards.name_depth(table.opp)
    assert [table.inv_pos(rival, c) for c in items] == [(r.center, r.size) for r in (under, over)]
    mine = _panel_labels(table, panel)
    assert [w.split()[0] for w, _ in mine] == ["Hand", "Stash", "Inventory"]
    assert len({pos[1] for _, pos in mine}) == 1 and mine[0][1][1] > over.bottom - OPP_ROW.y
    # Three or more would cover each other's names: a list, a line per group, every name whole.
    drawn = spy_text(monkeypatch, grim_drawing)
    for count in range(3, len(keys) + 1):
        items = [kinds()[k].id for k in keys[:count]]
        table.model.inventories[rival] = items + ([items[-1] + 1] if count == len(keys) else [])  # 2 Iron
        rows = table.inv_rects(rival, count)
        assert table.inv_listed(rival, count)
        assert all(panel.contains(r) and r.h >= ROW_MIN - 2 for r in rows)
        assert not any(a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1:])
        # A card flying in lands on its line at the smallest card size.
        groups = table.inv_groups(rival)
        assert [table.inv_pos(rival, cs[0]) for _, cs in groups] == [(r.center, TINY) for r in rows]
        assert [table.inv_slot(rival, cs[0]) for _, cs in groups] == [(r, True) for r in rows]
        drawn.clear()
        mine = _panel_labels(table, panel)
        names = {kinds()[k].name for k in keys[:count]}
        shorts = {kinds()[k].short for k in keys[:count]}
        shown = [w for w in drawn if w in names | shorts]
        assert len(shown) == count, (count, drawn)
        assert ("×2" in drawn) == (count == len(keys))
        assert len({pos[1] for _, pos in mine}) == 1 and mine[0][1][1] > max(r.bottom for r in rows) - OPP_ROW.y
        # Pointing at a line names its card.
        for (_, cs), r in zip(groups, rows):
            table.mouse = r.center
            assert table.tooltip_text().startswith(card(cs[0]).name)


def test_four_players_list_a_rivals_inventory_by_whole_names_when_cards_would_cut_them(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.games.grim_prospects.cards import kinds
    from game.ui.tables import grim_drawing

    match = new_match([Seat("Ana")] + [bot(n) for n in ("Bo", "Cyd", "Dee")])
    table = open_table(app, match)
    rival = table.others()[1]
    keys = ("pickaxe", "canary", "lens", "torch")
    table.model.inventories[rival] = [kinds()[k].id for k in keys]
    assert table.inv_listed(rival, 4)
    drawn = spy_text(monkeypatch, grim_drawing)
    _panel_labels(table, table.seat_rect(rival))
    assert {kinds()[k].name for k in keys} <= set(drawn), drawn


def test_four_players_lay_two_groups_of_a_rivals_inventory_side_by_side(app) -> None:  # type: ignore[no-untyped-def]
    from game.games.grim_prospects.cards import kinds

    match = new_match([Seat("Ana")] + [bot(n) for n in ("Bo", "Cyd", "Dee")])
    table = open_table(app, match)
    rival = table.others()[1]
    table.model.inventories[rival] = [kinds()[k].id for k in ("pickaxe", "canary")]
    under, over = table.inv_rects(rival, 2)
    assert over.x >= under.right and over.y == under.y
    hand, stash, inv = table._opp_parts(table.seat_rect(rival))
    assert hand.right < stash.x and stash.right < inv.x and inv.right <= table.seat_rect(rival).right
    # Three groups do not fit side by side: at the smallest size they cover little of each other.
    from game.ui.tables.grim_drawing import TINY

    table.model.inventories[rival] = [kinds()[k].id for k in ("pickaxe", "canary", "lens")]
    rects = table.inv_rects(rival, 3)
    assert all(r.size == TINY and table.seat_rect(rival).contains(r) for r in rects)
    assert all(under.right - over.x <= 6 for under, over in zip(rects, rects[1:]))


def test_the_hint_outlines_the_card_to_keep_and_the_keep_button_once_it_can_be_pressed(app) -> None:  # type: ignore[no-untyped-def]
    match = new_match([Seat("Ana"), bot("Bo")], 3)
    table = open_table(app, match)
    run_until_human(app, table)
    table.choose("prospect")
    run_until(app, lambda: table.idle and table.chooser is not None and match.state.phase == "choose",
              "the chooser opened")
    ch = table.chooser
    keep = match.legal_actions()[0]
    cid = int(keep.args[0])
    # Nothing chosen yet: the button cannot be pressed, so only the card is outlined.
    assert ch.action() is None and table._hint_spots(keep) == [ch.card_rect(cid)]
    # Another card chosen: the button would keep that one, so it is not outlined either.
    other = next(c for c in ch.order if c != cid)
    click(app, ch.card_rect(other).center)
    assert ch.keep == other and table._hint_spots(keep) == [ch.card_rect(cid)]
    click(app, ch.card_rect(cid).center)
    assert ch.keep == cid and table._hint_spots(keep) == [ch.card_rect(cid), table.keep_button.rect]


@pytest.mark.parametrize("players", [4, 5])
def test_a_groups_count_leaves_its_cards_name_points_and_icon_in_view(app, players) -> None:  # type: ignore[no-untyped-def]
    """The "×2" of two like cards in a rival's Inventory and in your own sits on the picture: the
    card's name, its points and its ability icon show as on a card alone."""
    from game.games.grim_prospects.cards import kinds
    from game.ui import gp_cards
    from game.ui.tables.grim_drawing import HOME, SMALL, TINY

    match = new_match([Seat("Ana")] + [bot(n) for n in ("Bo", "Cyd", "Dee", "Eli")[:players - 1]])
    table = open_table(app, match)
    copper = kinds()["copper"].id
    rival, me = table.others()[0], table._model_seat
    for p, area, render in ((rival, OPP_ROW, table._render_opponents), (me, HOME, table._render_home)):
        pics = []
        for group in ([copper], [copper, copper + 1]):
            table.model.inventories[p] = group
            pic = pygame.Surface(area.size, pygame.SRCALPHA)
            render(pic)
            pics.append(pic)
        rect = table.inv_rects(p, 1)[0].move(-area.x, -area.y)
        assert rect.size == (SMALL if p == me or players == 4 else TINY)
        alone, two = (pygame.image.tobytes(pic.subsurface(rect), "RGBA") for pic in pics)
        assert alone != two   # the count is on the card
        for mark in (gp_cards.icon_rect(rect.size), gp_cards.coin_rect(rect.size, "1"),
                     pygame.Rect(0, 0, rect.w, gp_cards.name_depth(rect.size))):
            alone, two = (pygame.image.tobytes(pic.subsurface(mark.move(rect.topleft)), "RGBA") for pic in pics)
            assert alone == two, (p, mark)


def test_the_rubble_on_the_table_shows_each_of_its_cards_names_whole(app: Any) -> None:
    """The Rubble's newest cards lay five deep, each covering all but the first letters of the
    one before ("Dyn", "Cry"): the newest three now, each leaving the one before its name."""
    from helpers import played

    from game.ui.tables.grim_drawing import NAME_OVERLAP, RUBBLE_BOX, SMALL

    m = played(GAME, 3, 40, [Seat("Ann")] + [bot(f"Bot{i}") for i in range(3)])
    table = open_table(app, m)
    app.step(1 / 60)
    assert len(m.state.rubble) >= 5
    rects = table.rubble_rects()
    assert len(rects) >= 3
    for before, after in zip(rects, rects[1:]):
        assert after.x - before.x >= SMALL[0] - NAME_OVERLAP, rects
    assert all(RUBBLE_BOX.contains(r) for r in rects)
    # Where the mouse finds a card is where it is drawn: the newest on top, on the right.
    assert table.card_at(rects[-1].center) == m.state.rubble[-1]
    assert table.card_at((rects[0].x + 4, rects[0].centery)) == m.state.rubble[-len(rects)]


def test_a_keep_hint_outlines_the_order_it_puts_the_cards_back_in(app) -> None:  # type: ignore[no-untyped-def]
    """Following a keep hint played another move: the keep button glowed once the hinted card
    was kept, whatever order the others went back in (from a review of hints at the table). The
    first card out of the hinted order glows until the order is the hint's, then the button."""
    match, table = prospecting(app, 11)
    a, b, c = match.state.looking
    hint = Action("keep", (str(a), str(c), str(b)))
    ch = table.chooser
    assert table._hint_spots(hint) == [ch.card_rect(a)]
    ch.keep_card(a)
    assert ch.returned() == [b, c]
    assert table._hint_spots(hint) == [ch.card_rect(a), ch.card_rect(c)]
    ch.place_at(c, ch.order.index(b))
    assert ch.action() == hint
    assert table._hint_spots(hint) == [ch.card_rect(a), table.keep_button.rect]
