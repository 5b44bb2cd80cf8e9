"""The Ya Blew It! table scene, driven headless through the real App (SDL dummy drivers).

Whole bots-only games reach the results screen; a human's buttons are exactly the legal actions
and their shortcuts play them (and autosave); a Fire in the Hole with Safes sends a legal
`fire:...`; once idle the display model equals the rules state; the demo tool writes PNGs.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
import helpers  # noqa: E402
from helpers import NAMES, bots, humans, key, run_until_idle, save_files, saved_actions  # noqa: E402

from game.core.contract import Action  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.games.ya_blew_it.cards import SAFE  # noqa: E402
from game.games.ya_blew_it.rules import FIRE_PHASE  # noqa: E402

# Every test gets a fresh display; `app`, `make_app` and `home` are in conftest.py.
pytestmark = pytest.mark.usefixtures("fresh_display")


# ---------------------------------------------------------------------------- whole games
@pytest.mark.slow
# Seed 5 with six players puts two Safes on two stacks, where the rules pick which Safe goes where.
@pytest.mark.parametrize("players, animation, dt, seed", [(2, "fast", 1 / 20, 22), (6, "instant", 1 / 60, 5)])
def test_bots_play_a_whole_game_to_the_results(make_app, home: Path, players: int,  # type: ignore[no-untyped-def]
                                               animation: str, dt: float, seed: int) -> None:
    from game.ui.scenes.results import ResultsScene
    from game.ui.tables import table_for

    app = make_app(animation)
    match = Match("ya_blew_it", bots(players), seed=seed)
    table = table_for(match)
    app.push(table)
    for _ in range(120000):
        app.step(dt)
        if app.top is not table:
            break
    assert match.is_over(), "the bots did not finish the game"
    assert isinstance(app.top, ResultsScene)
    assert table.drift == 0, "the display model disagreed with the rules state at some point"
    for _ in range(5):
        app.step(dt)  # the results screen draws
    # A finished game leaves no save behind (nothing to continue) and is kept as a replay.
    assert not save_files(home)
    assert (home / "data" / "replays" / f"{table.match.match_id}.json").exists()


# ---------------------------------------------------------------------------- human buttons
def test_human_buttons_match_legal_actions_and_shortcuts_play_them(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for
    from game.ui.tables.ya_blew_it_drawing import ACTION_UI

    match = Match("ya_blew_it", humans(3), seed=5)
    table = table_for(match)
    app.push(table)
    rng = Rng(77)
    phases_seen: set[str] = set()
    for _ in range(160):
        if match.is_over():
            break
        run_until_idle(app, table)
        assert match.human_to_move()
        legal = match.legal_actions()
        phase = match.state.phase
        phases_seen.add(phase)
        shown = table.button_actions()
        keys = [b.key for _, b in table.buttons]
        assert len(set(keys)) == len(keys), "two buttons share a shortcut"
        if phase == FIRE_PHASE:
            assert len(table.buttons) == 1 and table.buttons[0][1].key == pygame.K_r
            assert shown[0] in legal
            choice = shown[0]
            press = pygame.K_r
        else:
            assert shown == legal, f"buttons {shown} for legal actions {legal}"
            for a, b in table.buttons:
                assert a is not None
                assert (b.key, a.kind) == (ACTION_UI[a.kind][1], a.kind)
            choice = rng.choice(legal)
            press = ACTION_UI[choice.kind][1]
        before = len(saved_actions(home))
        key(app, press)
        assert match.actions[-1] == str(choice)
        if match.is_over():  # the last action clears the autosave: nothing is left to continue
            assert saved_actions(home) == []
            break
        assert len(saved_actions(home)) == before + 1, "the action was not autosaved"
        assert saved_actions(home) == match.actions
    assert {"miner", "choice"} <= phases_seen


def test_an_action_key_that_is_not_allowed_now_says_why(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """R pressed by the Prospector, G or J when not offered, ...: a key whose action is not legal
    now plays nothing and puts the rules' reason (`why_not`) in the table's message, drawn whole
    in the footer, as the other tables do. (It was silent: only the buttons on show took keys.)"""
    from game.ui.tables import table_for
    from game.ui.tables import ya_blew_it_drawing
    from game.ui.tables.ya_blew_it_drawing import ACTION_UI

    drawn = helpers.spy_text(monkeypatch, ya_blew_it_drawing)
    match = Match("ya_blew_it", humans(3), seed=5)
    table = table_for(match)
    app.push(table)
    rng = Rng(5)
    refused: dict[str, set[str]] = {}
    for _ in range(90):
        if match.is_over():
            break
        # (A roll that cannot be bettered the table keeps by itself: no keys there.)
        helpers.run_until(app, lambda: match.is_over() or (table.idle and match.formality() is None),
                          "waited for a decision")
        if match.is_over():
            break
        assert match.human_to_move()
        state = match.state
        legal = match.legal_actions()
        for kind, (_, k) in ACTION_UI.items():
            if Action(kind) in legal or (state.phase == FIRE_PHASE and k == pygame.K_r):
                continue   # (R at a Fire in the Hole is its Roll button)
            reason = state.why_not(Action(kind))
            assert reason and NAMES[state.turn] in reason
            table.message_time = 0.0
            n = len(match.actions)
            key(app, k)
            assert len(match.actions) == n, f"{kind} was played in phase {state.phase}"
            assert table.message_time > 0, f"{pygame.key.name(k)} ({kind}) said nothing in phase {state.phase}"
            assert table.message == reason[0].upper() + reason[1:] + "."
            drawn.clear()
            app.step(1 / 60)
            assert table.message in drawn, "the refusal is not drawn whole"
            refused.setdefault(state.phase, set()).add(kind)
        # Then a legal action, by its key, as before.
        if state.phase == FIRE_PHASE:
            choice, press = table.button_actions()[0], pygame.K_r
        else:
            choice = rng.choice(legal)
            press = ACTION_UI[choice.kind][1]
        key(app, press)
        assert match.actions[-1] == str(choice)
    # The Prospector's roll, and a gamble or a Claim Jumper not on offer, were among them.
    assert {"roll", "gamble", "jump"} <= refused.get("choice", set())
    assert {"miner", "choice", "fire"} <= refused.keys()


def test_a_long_message_is_drawn_whole_in_the_footer(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A refusal of a hundred letters (a take-back refused, with its reason) was measured in the
    plain face and drawn in bold, past both ends of the footer: it is set smaller, whole."""
    from game.ui import theme
    from game.ui.tables import table_for
    from game.ui.tables import ya_blew_it_drawing
    from game.ui.tables.ya_blew_it_drawing import FOOTER

    placed = helpers.spy_text_places(monkeypatch, ya_blew_it_drawing)
    table = table_for(Match("ya_blew_it", humans(2), seed=5))
    app.push(table)
    long = ("No take-back: Sluice Sue's move showed a card or a roll, which stands; and so, since then, "
            "did Copper Clem's.")
    table._say(long)
    with theme.watch_clipping() as clipped:
        app.step(1 / 60)
    assert not clipped, clipped
    (rect,) = [r for words, r in placed if words == long]
    assert FOOTER.contains(rect), (rect, FOOTER)


def test_the_line_under_the_claim_says_its_end_whatever_the_name(app) -> None:  # type: ignore[no-untyped-def]
    """Keep or gamble, for a Prospector with a long name and a cursed Gem in the Claim: the line
    under the Claim was cut before what a match does ("… a match (2 in 8 now) los…"); it takes a
    shorter form instead, said whole."""
    from game.ui import theme
    from game.ui.tables import table_for
    from game.ui.tables.ya_blew_it_drawing import ODDS_W

    seats = [Seat("Bartholomew Gray"), Seat("Maximilian Stone")]
    for seed in range(300):
        m = Match("ya_blew_it", seats, seed)
        rng = Rng(seed)
        while not m.is_over() and not (m.state.phase == "choice" and not m.state.miners_in()):
            m.apply(rng.choice(m.legal_actions()))
        if m.is_over():
            continue
        table = table_for(m)
        if theme.width_of(table._odds_text(), 13) > ODDS_W:
            break
    else:
        pytest.fail("no gamble on a Claim with a cursed Gem")
    app.push(table)
    app.step(1 / 60)
    line = table.odds_text()
    assert line.endswith("loses all") and theme.width_of(line, 13) <= ODDS_W, line
    assert "holds cursed" in line and theme.width_of(table._odds_text(), 13) > ODDS_W


def test_keys_do_nothing_while_a_bot_decides(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for

    match = Match("ya_blew_it", [Seat("Ana", "bot", "easy"), Seat("Bo")], seed=3, options={"first_player": 1})
    table = table_for(match)
    app.push(table)
    table.fast_forward()
    # The first decision is the bot's (the Miner to the Prospector's left): no buttons, no effect.
    assert match.to_move() == 0
    app.step(0)
    assert table.buttons == []
    n = len(match.actions)
    key(app, pygame.K_p)
    assert len(match.actions) == n


def find_fire_with_safes(seed0: int = 0) -> Match:
    """A match (all humans) stopped at a Fire in the Hole where the roller has a Safe and stacks."""
    for seed in range(seed0, seed0 + 300):
        match = Match("ya_blew_it", humans(4), seed=seed)
        rng = Rng(seed)
        while not match.is_over():
            s = match.state
            if s.phase == FIRE_PHASE and s.owned(s.turn, SAFE) and len(s.stacks(s.turn)) >= 2:
                return match
            match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("no Fire in the Hole with Safes found")


def test_fire_with_safes_sends_a_legal_fire_action(app, home: Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for
    from game.ui.tables.ya_blew_it_drawing import COLOURS

    match = find_fire_with_safes()
    table = table_for(match)
    app.push(table)
    run_until_idle(app, table)
    p = match.to_move()
    assert p is not None
    stacks = match.state.stacks(p)
    # Clear whatever was preselected, then put a Safe on the last stack with the number keys.
    for colour in list(table.safe_pick):
        key(app, pygame.K_1 + COLOURS.index(colour))
    assert table.button_actions() == [Action("fire")]
    key(app, pygame.K_1 + COLOURS.index(stacks[-1]))
    chosen = table.button_actions()[0]
    assert chosen == Action("fire", (stacks[-1],))
    assert chosen in match.legal_actions()
    # A colour the player has no stack of is refused with a message, not sent.
    missing = [c for c in COLOURS if c not in stacks]
    if missing:
        key(app, pygame.K_1 + COLOURS.index(missing[0]))
        assert table.button_actions()[0] == chosen
        assert table.message
    n = len(match.actions)
    key(app, pygame.K_r)
    assert len(match.actions) == n + 1
    assert match.actions[-1] == f"fire:{stacks[-1]}"
    assert saved_actions(home)[-1] == f"fire:{stacks[-1]}"


def test_clicking_a_stack_places_a_safe(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for
    from game.ui.tables.ya_blew_it_drawing import COLOURS

    match = find_fire_with_safes(40)
    table = table_for(match)
    app.push(table)
    run_until_idle(app, table)
    p = match.to_move()
    assert p is not None
    table.safe_pick.clear()
    target = match.state.stacks(p)[0]
    rect = table.slot_rect(p, target)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    assert table.button_actions()[0].args == (target,)
    assert COLOURS.index(target) >= 0


# ---------------------------------------------------------------------------- display model
def test_idle_display_equals_the_rules_state_at_normal_speed(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for
    from game.ui.tables.ya_blew_it_drawing import TableModel

    app = make_app("normal")
    match = Match("ya_blew_it", bots(4), seed=21)
    table = table_for(match)
    app.push(table)
    checks = 0
    for _ in range(30000):
        app.step(1 / 30)
        if table.idle and not match.is_over():
            truth = TableModel.from_state(match.state)
            assert table.model.rules_key() == truth.rules_key()
            checks += 1
        if len(match.actions) >= 40:
            break
    assert checks > 10
    assert table.drift == 0


def test_fast_forward_finishes_every_animation(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for
    from game.ui.tables.ya_blew_it_drawing import TableModel

    app = make_app("slow")
    match = Match("ya_blew_it", humans(2), seed=8)
    table = table_for(match)
    app.push(table)
    app.step(1 / 60)
    assert not table.idle  # the opening deal is still being shown
    table.fast_forward()
    assert table.idle
    assert table.model.rules_key() == TableModel.from_state(match.state).rules_key()
    assert table.drift == 0
    # Space does the same for a player in a hurry.
    match.apply(match.legal_actions()[0])
    app.step(1 / 60)
    assert not table.idle
    key(app, pygame.K_SPACE)
    assert table.idle


def test_resumed_match_starts_from_its_position(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for
    from game.ui.tables.ya_blew_it_drawing import TableModel

    match = Match("ya_blew_it", humans(3), seed=4)
    rng = Rng(4)
    for _ in range(25):
        match.apply(rng.choice(match.legal_actions()))
    table = table_for(match)
    app.push(table)
    app.step(1 / 60)
    assert table.idle
    assert table.model.rules_key() == TableModel.from_state(match.state).rules_key()
    assert len(table.log_entries) > 10
    # Each die shows what its player last rolled, as before the game was closed.
    last = {int(e.data["player"]): int(e.data["value"]) for e in match.history
            if e.kind in ("roll", "reroll")}
    assert last, "the opening moves rolled no die"
    assert {p: table.dice[p].value for p in last} == last
    # A die that has not rolled shows no number (an 8 there read as a roll that happened).
    assert all(table.dice[p].value == table.dice[p].shown == 0 for p in range(3) if p not in last)
    fresh = table_for(Match("ya_blew_it", humans(3), seed=4))
    assert [d.shown for d in fresh.dice] == [0, 0, 0] and fresh.big_die.shown == 0


def test_escape_opens_the_pause_menu_and_h_the_rules(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.dialogs import PauseMenu
    from game.ui.scenes.rulebook import RulesScene
    from game.ui.tables import table_for

    match = Match("ya_blew_it", humans(2), seed=2)
    table = table_for(match)
    app.push(table)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    app.pop()
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    app.step(1 / 60)


# ---------------------------------------------------------------------------- the demo tool
@pytest.mark.slow
def test_demo_command_exits_zero_and_writes_pngs(home: Path, tmp_path: Path) -> None:
    from game.tools.demo import main

    shots = tmp_path / "shots"
    rc = main(["ya_blew_it", "--players", "3", "--seed", "2", "--shots", str(shots), "--speed", "instant"])
    assert rc == 0
    pngs = sorted(shots.glob("*.png"))
    assert len(pngs) >= 3
    assert any("results" in p.name for p in pngs)
    for p in pngs:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # --every says how often, in a game with a deck too (it was left to the deck's running down).
    def tables(every: str) -> int:
        folder = tmp_path / f"every{every}"
        assert main(["ya_blew_it", "--players", "2", "--seed", "1", "--shots", str(folder), "--speed",
                     "instant", "--every", every]) == 0
        return len(list(folder.glob("*_table.png")))

    assert tables("20") > tables("100000")


def test_log_scrolls_back_and_keeps_its_place(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for

    match = Match("ya_blew_it", humans(3), seed=6)
    rng = Rng(6)
    for _ in range(60):
        match.apply(rng.choice(match.legal_actions()))
    table = table_for(match)
    app.push(table)
    app.step(1 / 60)
    key(app, pygame.K_PAGEUP)
    assert table.log_scroll > 0
    before = table.log_scroll
    table.fast_forward()
    match.apply(match.legal_actions()[0])
    app.step(1 / 60)
    table.fast_forward()
    assert table.log_scroll >= before  # new lines arrive below without moving what is read
    for _ in range(200):
        key(app, pygame.K_PAGEDOWN)
    assert table.log_scroll == 0


def test_a_scoring_area_keeps_its_pictures_while_the_focus_moves(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for

    match = Match("ya_blew_it", bots(3), 2)
    table = table_for(match)
    app.push(table)
    for _ in range(200):
        app.step(1 / 60)
    surface = pygame.Surface(app.screen.get_size(), 0, app.screen)
    real = type(table)._render_panel
    drawn: list[tuple[int, bool]] = []

    def counting(self, p, focus, picks):  # type: ignore[no-untyped-def]
        drawn.append((p, focus))
        return real(self, p, focus, picks)

    monkeypatch.setattr(type(table), "_render_panel", counting)
    table._panel_cache.clear()
    for seat in (0, 1, 0, 1, 2, 0, 2):       # the focus going round the table
        for p in range(3):
            table._draw_panel(surface, p, seat == p)
    assert sorted(drawn) == [(p, f) for p in range(3) for f in (False, True)]
    kept = table._panel_cache[1][1][True]
    assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(real(table, 1, True, None), "RGBA")
    drawn.clear()
    table.model.out[1] = not table.model.out[1]   # what the area shows changes: drawn again
    for p in range(3):
        table._draw_panel(surface, p, p == 1)
    assert drawn == [(1, True)]


def test_a_fire_in_the_hole_offers_safe_keys_only_to_a_player_with_a_safe(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables import table_for

    with_safe = find_fire_with_safes()
    table = table_for(with_safe)
    app.push(table)
    run_until_idle(app, table)
    p = with_safe.to_move()
    assert table._panel_key(p)[4] is not None   # the stacks carry their Safe keys
    app.pop()
    # A roller without a Safe: no keys on the stacks, so nothing suggests a Safe to place.
    for seed in range(0, 300):
        match = Match("ya_blew_it", humans(4), seed=seed)
        rng = Rng(seed)
        while not match.is_over():
            s = match.state
            if s.phase == FIRE_PHASE and not s.owned(s.turn, SAFE) and s.stacks(s.turn):
                break
            match.apply(rng.choice(match.legal_actions()))
        if not match.is_over():
            break
    table = table_for(match)
    app.push(table)
    run_until_idle(app, table)
    assert table._panel_key(match.to_move())[4] is None


def test_a_claim_taken_is_told_once_in_the_log(app) -> None:  # type: ignore[no-untyped-def]
    """"kept the Claim: 2 cards" then "takes 2 cards" told it twice: a take after a line that
    counted the cards is left out of the log; after a Jumper or the final Claim (whose lines
    give no count) it stays."""
    from game.ui.tables import table_for

    match = Match("ya_blew_it", humans(3), seed=4)
    rng = Rng(4)
    counted = 0
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    table = table_for(match)
    app.push(table)
    app.step(1 / 60)
    texts = [t for t, _, _ in table.log_entries]
    history = [e for e in match.history if match.sees(e) and e.kind != "shuffle"]
    for before, ev in zip(history, history[1:]):
        if ev.kind != "take":
            continue
        if before.kind in ("keep", "steal", "gamble_won"):
            assert before.text in texts
            counted += 1
        else:
            assert ev.text in texts, (before.kind, ev.text)
    takes = [ev for ev in history if ev.kind == "take"]
    shown = sum(1 for t in texts if any(t == ev.text for ev in takes))
    assert counted > 3 and shown == len(takes) - counted
