"""The Diamond in the Rough table and its card faces, driven headless through the real App.

Whole games are played through the table (bots alone, and a human among bots playing by keys or by
clicks) to the results, the display never drifting from the rules; a bomb answered Yes offers the
reward chooser and each of the bomber's choices plays exactly its action; every refused choice
shows the rules' own reason and plays nothing; a game that everybody loses says so on the results
screen, in the statistics and in the saves list. The hot-seat leak test draws every frame of
hot-seat games with the face log on: every face drawn is one the seat of `secret_seat()` may know
(its view's `knows`), and no face at all is drawn while the curtain is up.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from dr_card_sheet import contact_sheet  # noqa: E402
from dr_table_shots import play_key_action, yes_bomb  # noqa: E402
from helpers import click, key, lift_curtain, run_until, run_until_human, saved_actions  # noqa: E402

from game.core.match import BOT, Match, Seat  # noqa: E402
from game.games.diamond_in_the_rough import rules  # noqa: E402
from game.ui import dr_cards, privacy, theme  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_display")

GAME = "diamond_in_the_rough"


def bot(name: str, level: str = "normal") -> Seat:
    return Seat(name, "bot", level)


def open_table(app: Any, match: Match) -> Any:
    from game.ui.tables import table_for

    table = table_for(match)
    app.push(table)
    return table


def random_to(match: Match, rng: random.Random, stop: Callable[[Match], bool], limit: int = 400) -> bool:
    """Random legal actions (no retiring, so the game lasts) until `stop(match)`."""
    for _ in range(limit):
        if stop(match):
            return True
        if match.is_over():
            return False
        acts = [a for a in match.legal_actions() if a.kind != "retire"] or match.legal_actions()
        match.apply(rng.choice(acts))
    return stop(match)


def human_first_with_yes_bomb(players: int = 2, need: Callable[[Match], bool] = lambda m: True) -> Match:
    """A fresh game where the human (seat 0) may bomb someone who will answer Yes."""
    for seed in range(1, 400):
        m = Match(GAME, [Seat("Ana")] + [bot(n) for n in ("Dusty", "Nell", "Cyd")[:players - 1]], seed)
        if yes_bomb(m) and need(m):
            return m
    raise AssertionError("no such game")


# ---------------------------------------------------------------------------- the faces
def test_every_word_on_every_face_fits_at_every_size() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    dr_cards._face.cache_clear()
    dr_cards._back.cache_clear()
    with theme.watch_clipping() as clipped:
        sheet = contact_sheet()
        dr_cards.face(13, (70, 98))   # a size between the table's
    assert not clipped, [c.text for c in clipped]
    assert sheet.get_width() >= 1280


def test_the_deck_data_and_the_faces_agree() -> None:
    pygame.init()
    for players in (2, 3, 4):
        ids = rules.deck_ids(players) if hasattr(rules, "deck_ids") else None
        from game.games.diamond_in_the_rough.cards import deck_ids

        assert sorted(dr_cards.all_cards(players)) == sorted(ids or deck_ids(players))
    for cid in dr_cards.all_cards(4):
        assert dr_cards.kind_of(cid) == rules.kind_of(cid), cid


def test_every_card_has_its_own_face_and_every_kind_its_own_symbol() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    for size in dr_cards.SIZES:
        faces = {cid: pygame.image.tobytes(dr_cards._face(cid, size), "RGBA") for cid in dr_cards.all_cards(4)}
        assert len(set(faces.values())) == len(faces), "two cards share a face"
        assert pygame.image.tobytes(dr_cards.back(size), "RGBA") not in faces.values()

    def grey(kind: str) -> list[list[float]]:
        # The symbol alone on white, in shades of grey: what a player who cannot tell the
        # colours apart sees.
        surf = pygame.Surface((60, 60))
        surf.fill((255, 255, 255))
        dr_cards.draw_symbol(surf, kind, 30, 30, 26)
        return [[sum(surf.get_at((x, y))[:3]) / 765 for x in range(60)] for y in range(60)]

    greys = {k: grey(k) for k in dr_cards.KINDS}
    for a, b in combinations(greys, 2):
        ink = [(x, y) for y in range(60) for x in range(60) if min(greys[a][y][x], greys[b][y][x]) < 0.98]
        differ = sum(abs(greys[a][y][x] - greys[b][y][x]) for x, y in ink) / len(ink)
        assert differ > 0.2, f"the {a} and {b} symbols are too alike without their colours ({differ:.2f})"


def test_faces_are_cached_and_reported_to_the_face_log() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    assert dr_cards.face(12, dr_cards.HAND) is dr_cards.face(12, dr_cards.HAND)
    assert dr_cards.face(12, dr_cards.SMALL).get_size() == dr_cards.SMALL
    surf = pygame.Surface((200, 200))
    with privacy.recording():
        privacy.new_frame()
        dr_cards.draw_card(surf, 41, (0, 0, *dr_cards.TABLE))
        dr_cards.draw_card(surf, dr_cards.HIDDEN, (0, 0, *dr_cards.TABLE))
        assert privacy.frame_faces() == [41], "a face went unreported, or a back was reported"


# ---------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("players, animation, dt", [(2, "fast", 1 / 20), (3, "instant", 1 / 60),
                                                    (4, "normal", 1 / 30)])
def test_bots_play_a_whole_game_to_the_results(make_app, players: int, animation: str, dt: float) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.results import ResultsScene

    app = make_app(animation)
    match = Match(GAME, [bot(n, "normal" if i % 2 else "easy") for i, n in enumerate(("Ann", "Bob", "Cy", "Di")[:players])],
                  7 * players)
    table = open_table(app, match)
    checks = flights = 0
    for _ in range(80000):
        app.step(dt)
        flights += bool(table.flyers)
        if app.top is not table:
            break
        if table.idle and not match.is_over():
            assert table.model.rules_key() == table._truth().rules_key()
            checks += 1
    assert match.is_over(), "the bots did not finish the game"
    assert isinstance(app.top, ResultsScene)
    assert table.drift == 0 and checks > 0
    if animation != "instant":
        assert flights > 0, "no card ever flew"


def play_human_games(app: Any, seats: list[Seat], seed: int, dt: float,
                     play: Callable[[Any, Any, str], None], decisions: int) -> int:
    """Whole games (from `seed` on, as many as it takes to make `decisions` human decisions), the
    human playing seeded random legal moves with `play`; each game must reach the results with
    the display never drifting. Returns the decisions made."""
    from game.ui.scenes.results import ResultsScene

    made = 0
    while made < decisions:
        match = Match(GAME, seats, seed)
        table = open_table(app, match)
        rng = random.Random(seed)
        for _ in range(60000):
            app.step(dt)
            if app.top is not table:
                break
            if table.idle and match.human_to_move():
                app.step(dt)   # an idle table builds its buttons on its next frame
                action = str(rng.choice(match.legal_actions()))
                before = len(match.actions)
                play(app, table, action)
                assert match.actions[before:] == [action], "the table played another move than meant"
                made += 1
        assert match.is_over() and isinstance(app.top, ResultsScene)
        assert table.drift == 0
        app.pop().exit()
        seed += 1
    return made


def test_a_human_plays_whole_games_by_keys(make_app) -> None:  # type: ignore[no-untyped-def]
    """Every decision through the keys: the action's key, the options' numbers, Enter."""
    app = make_app("fast")
    made = play_human_games(app, [Seat("Ana"), bot("Dusty", "easy"), bot("Nell")], 3, 1 / 20, play_key_action, 8)
    assert made >= 8


def _click_option(app: Any, table: Any, option: Any) -> None:
    for o, rect in table.option_rects():
        if o is option:
            # A card overlapped by the next one is clicked on the part of it that shows.
            click(app, (rect.x + 6, rect.centery) if o.where in ("hand", "row") else rect.center)
            return
    raise AssertionError(f"option {option.key} is nowhere to click")


def play_by_mouse(app: Any, table: Any, action: str) -> None:
    """Play `action` with the mouse only: the action's button, the choices, the confirm button."""
    kind = action.split(":")[0]
    if kind == "pass":
        click(app, table.button_for("Pass").rect.center)
        return
    if table.mode is None:
        button = {"bomb": "Bomb", "resupply": "Resupply", "invest": "Invest", "retire": "Retire"}[kind]
        click(app, table.button_for(button).rect.center)
    from dr_table_shots import _leads_to

    for _ in range(6):
        if table.current_action() == action:
            break
        step = table.step()
        option = next(o for o in step.options if _leads_to(table, table.picks + [o.key], action))
        _click_option(app, table, option)
    assert table.current_action() == action
    app.step(1 / 60)
    confirm = table.confirm_button()
    assert confirm is not None and confirm.enabled, "the move is complete but cannot be played"
    click(app, confirm.rect.center)


def test_a_human_plays_whole_games_by_mouse(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")
    seats = [bot("Dusty"), Seat("Ana"), bot("Nell", "easy"), bot("Cyd")]
    assert play_human_games(app, seats, 8, 1 / 60, play_by_mouse, 8) >= 8


# ---------------------------------------------------------------------------- the bomb and its rewards
@pytest.mark.parametrize("reward", ["row", "deck", "steal:row", "steal:deck"])
def test_a_yes_offers_the_reward_chooser_and_each_reward_plays(make_app, home: Path, reward: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app("fast")
    match = human_first_with_yes_bomb(3)
    table = open_table(app, match)
    run_until_human(app, table)
    bomb = yes_bomb(match)
    assert bomb is not None
    target = int(bomb.split(":")[1].split(",")[0])
    play_key_action(app, table, bomb)
    assert match.actions == [bomb]
    assert saved_actions(home) == [bomb], "the bomb was not saved as it was played"
    # The answer is stamped over the bombed player, and they carry the shield.
    run_until(app, lambda: bool(table.stamps), "stamped the answer")
    assert table.stamps[0].yes and table.stamps[0].target == target
    run_until_human(app, table)
    assert target in table.model.protected
    assert table.mode == "reward", "the reward chooser did not open after the Yes"
    labels = [o.label for o in table.step().options]
    assert labels[0].startswith("Take a face-up card") and labels[1].startswith("Draw the deck")
    assert labels[2].startswith("Steal the")
    named = match.state.pending["card"]
    expected = {"row": "row:0", "deck": "deck", "steal:row": "steal:row:1", "steal:deck": "steal:deck"}[reward]
    before = match.state
    if reward.startswith("steal"):
        play_by_mouse(app, table, expected)
    else:
        play_key_action(app, table, expected)
    assert match.actions == [bomb, expected]
    run_until(app, lambda: table.idle, "showed the reward")
    after = match.state
    if reward.startswith("steal"):
        assert named in after.tableaus[0] and named not in after.hands[target]
    else:
        assert named in after.boxed
        if reward == "row":
            assert before.row[0] in after.tableaus[0]
    assert table.drift == 0


def test_a_no_answer_marks_the_player_and_the_bomber_draws(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")
    for seed in range(1, 300):
        match = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        s = match.state
        nos = [a for a in match.legal_actions() if a.kind == "bomb"
               and not any(rules.resource_of(c) == a.args[1] for c in s.hands[int(a.args[0])])]
        if nos:
            break
    else:
        pytest.fail("no bomb to be answered No")
    action = str(nos[0])
    q, res = int(nos[0].args[0]), nos[0].args[1]
    table = open_table(app, match)
    run_until_human(app, table)
    hand = len(match.state.hands[0])
    play_key_action(app, table, action)
    # The answer is shown at once, before any bot may play (bots play in the frames that follow).
    table.fast_forward()
    assert match.actions == [action]
    assert res in table.model.lacks[q], "no 'no ...' marker after the No"
    assert len(match.state.hands[0]) == hand, "the bomber did not draw a replacement for the Bomb"
    # The marker's tooltip says what it means.
    r = table.opp_rect(q)
    table.mouse = (r.right - 60, r.y + 40)
    assert f"no {rules.resource_name(res)} in hand" in table.tooltip_text()


def test_the_resupply_prompt_offers_only_what_is_there_to_take(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")

    def empty_deck(m: Match) -> bool:
        return (m.human_to_move() and not m.state.deck and m.state.phase == rules.PLAY
                and any(a.kind == "resupply" for a in m.legal_actions()))

    for seed in range(1, 60):
        match = Match(GAME, [Seat("Ana"), bot("Dusty", "easy"), bot("Nell", "easy")], seed)
        if random_to(match, random.Random(seed), empty_deck):
            break
    else:
        pytest.fail("no resupply with the deck empty")
    table = open_table(app, match)
    run_until_human(app, table)
    cid = next(a for a in match.legal_actions() if a.kind == "resupply").args[0]
    table.mode, table.picks = "resupply", [cid]
    prompt = table.steps()[1].prompt
    assert "deck" not in prompt and "a face-up card to your tableau" in prompt, prompt


# ---------------------------------------------------------------------------- refusals
def test_every_refused_choice_says_why_in_the_rules_words(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")
    rng = random.Random(2)
    # A position where the human has no Bomb, no Gem and nothing to retire with.
    for seed in range(1, 300):
        match = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        s = match.state
        if not s.bombs_in_hand(0) and rules.GEM_ID not in s.hands[0] and not s.retire_sets(0):
            break
    table = open_table(app, match)
    run_until_human(app, table)
    s = match.state
    for k, action in ((pygame.K_b, "bomb:1,crates"), (pygame.K_i, "invest:deck"), (pygame.K_t, "retire"),
                      (pygame.K_p, "pass")):
        reason = s.why_not(action)
        assert reason
        key(app, k)
        assert table.message.lower().startswith(reason.lower()), (table.message, reason)
        assert match.actions == []
    # A disabled button's click says the same, and its tooltip too.
    b = table.button_for("Bomb")
    assert not b.enabled
    click(app, b.rect.center)
    assert s.why_not("bomb:1,crates").lower() in table.message.lower()
    assert table.tooltip_text() == b.reason
    # Enter before the move is complete; a number that is not on offer.
    key(app, pygame.K_r)
    key(app, pygame.K_RETURN)
    assert table.message.startswith("Not yet")
    key(app, pygame.K_9)
    assert "no choice 9" in table.message
    assert match.actions == []
    _ = rng


def test_a_protected_player_cannot_be_chosen_and_the_table_says_why(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")
    for seed in range(1, 400):
        match = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        if random_to(match, random.Random(seed),
                     lambda m: m.human_to_move() and bool(m.state.protected - {0}) and bool(m.state.bombs_in_hand(0)),
                     120):
            break
    else:
        pytest.fail("no position with a protected opponent and a Bomb in hand")
    q = min(match.state.protected - {0})
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_b)
    option = next(o for o in table.step().options if o.ref == q)
    assert option.reason == match.state.why_not(f"bomb:{q},crates")
    n = table.step().options.index(option) + 1
    key(app, pygame.K_0 + n)
    assert "may not be bombed" in table.message and table.picks == []
    # The shield over their panel says the same.
    table.mouse = table.opp_rect(q).center
    assert "nobody may bomb them until their next turn" in table.tooltip_text() or option.reason in table.tooltip_text()


def test_a_count_pop_goes_when_other_eyes_take_the_table(make_app) -> None:  # type: ignore[no-untyped-def]
    """A "+1" rising over a rival's panel stood, after the curtain, over the panel of whoever sits
    there for the next player: it goes with the viewer."""
    app = make_app("normal")
    match = Match(GAME, [Seat("Ana"), Seat("Bo"), bot("Cyd")], 3)
    table = open_table(app, match)
    table._count_callout(1, "+1", (120, 220, 120))
    assert table.count_popping(1)
    table._viewer_changed()
    assert not table.count_popping(1) and not table.count_pops


def test_the_gem_mark_on_a_holders_panel_says_what_it_means(make_app) -> None:  # type: ignore[no-untyped-def]
    """The small Gem beside a rival's name (the Gem in their tableau, or known in their hand):
    pointing at the panel's head says they hold it and what that brings."""
    app = make_app("instant")
    for seed in range(1, 400):
        match = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        if random_to(match, random.Random(seed),
                     lambda m: m.human_to_move() and any(41 in m.state.tableaus[q] for q in (1, 2)), 120):
            break
    else:
        pytest.fail("no position with the Gem in a rival's tableau")
    q = next(q for q in (1, 2) if 41 in match.state.tableaus[q])
    table = open_table(app, match)
    run_until_human(app, table)
    assert table.public_gem_holder() == q
    r = table.opp_rect(q)
    table.mouse = (r.centerx, r.y + 12)
    assert table.tooltip_text().startswith(f"{match.seats[q].name} holds the Gem: ")
    table.mouse = (r.centerx, r.bottom - 10)
    assert "holds the Gem" not in table.tooltip_text()


# ---------------------------------------------------------------------------- a win is not a score
def test_a_win_says_how_it_was_won_not_how_many_points_nor_who_again(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.games.diamond_in_the_rough.rules import set_words
    from game.ui.scenes.results import ResultsScene

    words = {}
    for seed in range(40):
        m = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        r = random.Random(seed)
        while not m.is_over():
            m.apply(r.choice(m.legal_actions()))
        winners = m.state.outcome().winners
        if not winners:
            continue
        big, small = ResultsScene(m, rng=random.Random(1)).headline()
        assert big == f"{m.seats[winners[0]].name} wins!"
        # The line under says how, without the name and the win the big line already says.
        assert "point" not in small and m.seats[winners[0]].name not in small
        assert "wins" not in small and small[:1].isupper()
        words[m.state.ending()] = small
        if m.state.ending() == "retire_four":   # which four: the retiring event's cards
            retired = next(e for e in reversed(m.history) if e.kind == "retire").data["cards"]
            assert small == f"Retired with {set_words(retired)}" and small.startswith("Retired with four ")
    assert {"retire_four", "gem_holder"} <= set(words), words
    assert words["gem_holder"] == "Held the Gem when the game ended"


# ---------------------------------------------------------------------------- everybody loses
def everybody_loses_match() -> Match:
    for seed in range(600):
        m = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        r = random.Random(seed)
        while not m.is_over():
            acts = [a for a in m.legal_actions() if a.kind != "retire"] or m.legal_actions()
            m.apply(r.choice(acts))
        if not m.state.outcome().winners:
            return m
    raise AssertionError("no game that everybody loses")


def test_a_finished_games_table_says_its_last_words_however_it_is_reached(make_app) -> None:  # type: ignore[no-untyped-def]
    """A replay jumped to its end (End, the slider, the results' final table) shows the game's
    last words as stepping onto the last move does, and no longer bids anyone take the Gem."""
    from game.ui.scenes.replay import ReplayScene

    app = make_app("instant")
    m = everybody_loses_match()
    for reach in ("end", "step"):
        viewer = ReplayScene(m, list(m.actions))
        app.push(viewer)
        app.step(1 / 60)
        if reach == "end":
            key(app, pygame.K_END)
        else:
            viewer.jump(viewer.total - 1)
            key(app, pygame.K_RIGHT)
            for _ in range(200):
                app.step(1 / 60)
        table = viewer.table
        assert viewer.position == viewer.total and table is not None
        assert table.big_words is not None and table.big_words[0] == "Everybody loses", reach
        assert "take it" not in table.gem_words(), table.gem_words()
        app.pop()


def test_everybody_loses_is_shown_as_such(make_app, home: Path) -> None:  # type: ignore[no-untyped-def]
    from game import stats
    from game.saves import Entry
    from game.ui.scenes.results import ResultsScene

    m = everybody_loses_match()
    assert m.state.ending() == "everybody_loses"
    scene = ResultsScene(m, rng=random.Random(1))
    big, small = scene.headline()
    assert big == "Everybody loses"
    assert "Gem" in small and "tie" not in (big + small).lower() and "wins" not in big
    app = make_app("instant")
    app.push(scene)
    with theme.watch_clipping() as clipped:
        for _ in range(5):
            app.step(1 / 60)
    assert not clipped
    # The statistics count it as played and lost, without a crash.
    assert stats.record_match(m) is None
    loaded, _ = stats.load_stats()
    game = loaded.find("Ana").games[GAME]
    assert (game.played, game.won, game.tied) == (1, 0, 0)
    assert game.best is None and game.best_text() == "—", "a game won, not scored, keeps no best score"
    # The saves list says nobody won.
    from game.saves import _summary

    summary = _summary(m)
    assert summary["winners"] == []
    entry = Entry(Path("x"), GAME, "Diamond in the Rough", ("Ana",), "", 1, 0.0, ())
    assert entry.result == "nobody won"


def test_the_table_announces_everybody_loses(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.results import ResultsScene

    from game.saves import replay_of

    m = everybody_loses_match()
    fresh, actions = replay_of(m)
    for a in actions[:-1]:
        fresh.apply(a)
    # The table of the position before the last move; the last move is played and shown.
    app = make_app("fast")
    table = open_table(app, fresh)
    table.fast_forward()
    fresh.apply(actions[-1])
    words = []
    for _ in range(2000):
        app.step(1 / 20)
        if table.big_words is not None:
            words.append(table.big_words[0])
        if app.top is not table:
            break
    assert "Everybody loses" in words
    assert isinstance(app.top, ResultsScene)


# ---------------------------------------------------------------------------- hot-seat privacy
def _allowed_faces(table: Any) -> set[int]:
    view = table.match.state.view(table.secret_seat())
    return {c for c in dr_cards.all_cards(table.n) if view.knows(c)}


def hot_seat_game(app: Any, seats: list[Seat], seed: int, decisions: int) -> tuple[int, int, int]:
    """Play a hot-seat game through the table's handlers with every frame recorded: returns
    (frames checked, faces checked, curtains). Humans are a seeded policy: they turn their hand
    up (a click) or peek (V held) or play blind, then play a random legal move by keys."""
    from game.ui.scenes.dialogs import PassScreen

    match = Match(GAME, seats, seed)
    table = open_table(app, match)
    rng = random.Random(seed)
    frames = faces = curtains = made = 0
    with privacy.recording():
        for _ in range(40000):
            if match.is_over() or made >= decisions:
                break
            privacy.new_frame()
            app.step(1 / 30)
            drawn = privacy.frame_faces()
            frames += 1
            if isinstance(app.top, PassScreen):
                assert drawn == [], "a card face was drawn while the curtain was up"
                if rng.random() < 0.5 and app.top.armed:
                    lift_curtain(app)
                    curtains += 1
                continue
            if app.top is not table:
                continue
            allowed = _allowed_faces(table)
            leaked = [c for c in drawn if c not in allowed]
            assert not leaked, f"faces {leaked} drawn for seat {table.secret_seat()}"
            ev = table.beat.event if table.beat is not None else None
            if table.secret_seat() is None and ev is not None and ev.visible_to is not None:
                # Nor is a private event written in the banner while the hand is face down.
                words = "".join(part for part, _ in table.banner_segments())
                assert ev.text not in words, f"the banner says {words!r} under a hidden hand"
            faces += len(drawn)
            if table.idle and match.human_to_move():
                roll = rng.random()
                if roll < 0.5:
                    click(app, table._my_hand_area().center)
                elif roll < 0.7:
                    key(app, pygame.K_v)   # a peek: held down for this frame only
                    privacy.new_frame()
                    app.step(1 / 30)
                    assert not [c for c in privacy.frame_faces() if c not in _allowed_faces(table)]
                    table.privacy_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_v, mod=0))
                    table.reveal_hand()
                else:
                    table.reveal_hand()
                privacy.new_frame()
                app.step(1 / 30)
                assert not [c for c in privacy.frame_faces() if c not in _allowed_faces(table)]
                action = str(rng.choice(match.legal_actions()))
                play_key_action(app, table, action)
                made += 1
    assert table.drift == 0
    return frames, faces, curtains


@pytest.mark.parametrize("seats, seed", [([Seat("Ana"), Seat("Bo"), Seat("Dusty", "bot", "random")], 5),
                                         ([Seat("Ana"), Seat("Bo")], 9)])
def test_hot_seat_every_face_drawn_is_known_to_the_seat_at_the_screen(make_app, seats: list[Seat],  # type: ignore[no-untyped-def]
                                                                       seed: int) -> None:
    app = make_app("fast")
    seats = [s if s.is_human else bot(s.name) for s in seats]
    frames, faces, curtains = hot_seat_game(app, seats, seed, 24)
    assert frames > 200 and faces > 100 and curtains >= 4, (frames, faces, curtains)


def test_a_hidden_hand_shows_backs_no_choices_and_no_private_log_line(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.dialogs import PassScreen

    app = make_app("instant")
    match = Match(GAME, [Seat("Ana"), Seat("Bo")], 4)
    table = open_table(app, match)
    run_until(app, lambda: isinstance(app.top, PassScreen), "raised the curtain")
    lift_curtain(app)
    app.step(1 / 60)
    assert table.hand_hidden and table.my_hand_hidden()
    assert table.buttons_all == [] or not table._human_turn()
    texts = [t for t, _, _ in table.log_panel.entries]
    assert not any("is dealt" in t for t in texts), "the player's dealt hand is in the log while it is face down"
    key(app, pygame.K_b)
    assert "Turn your hand up" in table.message and match.actions == []
    with privacy.recording():
        privacy.new_frame()
        app.step(1 / 60)
        mine = set(match.state.hands[0])
        assert not mine & set(privacy.frame_faces())
    click(app, table.hand_rects(0)[0].center)
    assert not table.hand_hidden
    assert any("is dealt" in t for t, _, _ in table.log_panel.entries)
    with privacy.recording():
        privacy.new_frame()
        app.step(1 / 60)
        assert mine <= set(privacy.frame_faces())


# ---------------------------------------------------------------------------- set-up and the rules page
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_a_table_for_two_to_four(app, players: int) -> None:  # type: ignore[no-untyped-def]
    from game.games import get
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(get(GAME))
    app.push(setup)
    setup.set_players(players)
    match = setup.build_match()
    assert len(match.seats) == players and match.game == GAME
    table = open_table(app, match)
    for _ in range(30):
        app.step(1 / 60)
    assert len(table.opponents()) == players - 1


def test_the_rules_page_opens_from_the_table(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.rulebook import RulesScene

    match = Match(GAME, [Seat("Ana"), bot("Dusty")], 1)
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    app.step(1 / 60)


def test_the_finished_game_can_be_looked_at_again(make_app) -> None:  # type: ignore[no-untyped-def]
    """From the results: the final table (every hand shown, then through one player's eyes), the
    replay from the start, and the whole log."""
    from game.ui.scenes.gamelog import GameLogScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.results import ResultsScene

    app = make_app("instant")
    m = everybody_loses_match()
    results = ResultsScene(m, rng=random.Random(2))
    app.push(results)
    app.step(1 / 60)
    results.show_table()
    replay = app.top
    assert isinstance(replay, ReplayScene)
    with privacy.recording():
        privacy.new_frame()
        for _ in range(3):
            app.step(1 / 60)
        hands = {c for h in m.state.hands for c in h}
        assert hands <= set(privacy.frame_faces()), "the final table with every hand shown hides one"
        replay.cycle_viewer()
        privacy.new_frame()
        app.step(1 / 60)
        seat = replay.match.view_seat
        if seat is not None:
            view = replay.match.state.view(seat)
            drawn = privacy.frame_faces()
            assert drawn and all(view.knows(c) for c in drawn), "a face the replay's seat does not know"
    # Stepped back, it is a replay like any other: no more "The final table", and nobody at the
    # table is "you".
    assert replay.caption() == "The final table"
    replay.jump(max(0, replay.total - 3))
    app.step(1 / 60)
    assert replay.caption() == "Replay"
    replay.title = "Replay: Diamond in the Rough, Ana and Bo"   # (as Replays opens one)
    assert replay.caption() == replay.title
    # Nobody is "you" in a replay: the Gem's line names its holder.
    live = open_table(app, Match(GAME, [Seat("Ana"), bot("Dusty")], 3))
    assert live._possessive(live.bottom_seat()) == "your"
    live.replay = True
    assert live._possessive(live.bottom_seat()) == f"{live.match.seats[live.bottom_seat()].name}'s"
    replay.close()
    results.show_log()
    assert isinstance(app.top, GameLogScene)
    assert any("everybody loses" in line[0].lower() for line in app.top.lines)


def test_no_two_buttons_overlap_in_any_step(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables.diamond_drawing import ME

    app = make_app("instant")
    match = human_first_with_yes_bomb(4)
    table = open_table(app, match)
    run_until_human(app, table)
    seen = 0
    for keys in ([], [pygame.K_b], [pygame.K_b, pygame.K_1], [pygame.K_r], [pygame.K_r, pygame.K_1]):
        table.back(), table.back(), table.back()
        for k in keys:
            key(app, k)
        app.step(1 / 60)
        rects = [b.rect for b in table.buttons_all]
        seen += len(rects)
        for a, b in combinations(rects, 2):
            assert not a.colliderect(b), (keys, a, b)
        assert all(ME.contains(r) for r in rects), "a button outside the bottom panel"
    assert seen > 10


def test_the_peek_key_is_left_free_for_the_hot_seat() -> None:
    import inspect

    from game.ui.tables import base, diamond_in_the_rough

    name = f"pygame.K_{pygame.key.name(base.TableScene.peek_key)}"
    assert name not in inspect.getsource(diamond_in_the_rough), f"the Diamond table uses {name}"


def test_retiring_offers_each_set_and_wins(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")
    for seed in range(1, 400):
        match = Match(GAME, [Seat("Ana"), bot("Dusty", "easy")], seed)
        if random_to(match, random.Random(seed), lambda m: m.human_to_move() and bool(m.state.retire_sets(0)), 200):
            break
    else:
        pytest.fail("no position where the human may retire")
    table = open_table(app, match)
    run_until_human(app, table)
    assert table._hint().startswith("Retire (T) wins the game now; or ")
    sets = [a for a in map(str, match.legal_actions()) if a.startswith("retire:")]
    key(app, pygame.K_t)
    offered = [f"retire:{o.key}" for o in table.step().options]
    assert offered == sets
    key(app, pygame.K_1)
    app.step(1 / 60)
    assert table.current_action() == sets[0]
    key(app, pygame.K_RETURN)
    assert match.is_over() and match.state.outcome().winners == (0,)


def test_a_player_who_can_retire_is_told_so_on_their_turn_and_while_the_others_play(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Four of a kind does not win by itself: the player must retire on their own turn, and a
    new player who took the fourth card was not told so (a bot then retired first). While the
    others play, the bottom panel says what the player could retire with (on their turn the line
    over the buttons starts with Retire: test_retiring_offers_each_set_and_wins)."""
    from helpers import spy_text

    from game.ui.tables import diamond_drawing

    def told(last_turns: bool) -> tuple[list[str], Match]:
        """What the table draws while Dusty plays and Ana holds four of a kind: before the last
        turns, or in them with Ana's own last turn over."""
        for seed in range(1, 2000):
            match = Match(GAME, [Seat("Ana"), bot("Dusty", "easy")], seed)

            def there(m: Match) -> bool:
                left = m.state.last_turns_left
                return (m.to_move() == 1 and any(rules.GEM_ID not in s for s in m.state.retire_sets(0))
                        and (left == 0 if last_turns else left is None))

            if random_to(match, random.Random(seed), there, 200):
                break
        else:
            pytest.fail("no such position")
        app = make_app("normal")
        drawn = spy_text(monkeypatch, diamond_drawing)
        open_table(app, match)
        for _ in range(5):
            app.step(1 / 60)
        app.pop().exit()
        return drawn, match

    drawn, match = told(False)
    words = rules.set_words(rules.set_to_name(match.state.retire_sets(0)))
    assert f"You hold {words}: on your turn, Retire (T) wins the game." in drawn
    # No turn of hers is left: no promise of one, but what four of a kind held does at the end.
    drawn, match = told(True)
    words = rules.set_words(rules.set_to_name(match.state.retire_sets(0)))
    assert f"You hold {words}: four of a kind held when the last turns end wins." in drawn
    assert not any("on your turn" in t for t in drawn)


def test_a_bots_move_is_shown_before_it_is_played(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("normal")
    match = Match(GAME, [bot("Dusty"), Seat("Ana"), bot("Nell", "easy")], 21)
    table = open_table(app, match)
    run_until(app, lambda: table.bot_move is not None, "put a bot's move on show")
    action = table.bot_move[0]
    assert str(action) not in match.actions[-1:] and match.actions == []
    assert table.banner_segments()[0][0] == "Dusty" and table.banner_segments()[1][0].endswith("…")
    if action.kind == "bomb":
        assert table.bot_move[1] == [table.seat_rect(int(action.args[0]))]
    run_until(app, lambda: bool(match.actions), "played the bot's move")
    assert match.actions[0] == str(action)


def test_choices_from_ten_up_are_chosen_by_two_digits(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables.diamond_drawing import Option, Step
    from game.ui.tables.diamond_in_the_rough import TYPE_WAIT

    match = Match(GAME, [Seat("Ana"), bot("Bo")], 1)
    table = open_table(app, match)
    run_until_human(app, table)
    chosen: list[int] = []
    twelve = Step("pick a card", [Option(str(i), f"card {i}") for i in range(12)])
    table.step = lambda: twelve                         # a row of twelve choices on offer
    table.choose = lambda n: chosen.append(n) or True   # what the keys choose
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    assert chosen == [12]
    key(app, pygame.K_5)          # no choice 50 or more: 5 at once
    assert chosen == [12, 5]
    key(app, pygame.K_KP1)
    assert chosen == [12, 5] and "next digit" in table.message
    for _ in range(int(TYPE_WAIT * 60) + 2):   # no second digit: 1 alone
        app.step(1 / 60)
    assert chosen == [12, 5, 1]
    key(app, pygame.K_1)
    key(app, pygame.K_0)
    assert chosen == [12, 5, 1, 10]
    key(app, pygame.K_1)
    key(app, pygame.K_BACKSPACE)  # another key: the digit typed is a choice of its own first
    assert chosen == [12, 5, 1, 10, 1]
    key(app, pygame.K_1)
    key(app, pygame.K_ESCAPE)     # the menu: the digit waits for nothing behind it
    assert app.top is not table
    app.pop()
    for _ in range(int(TYPE_WAIT * 60) + 2):
        app.step(1 / 60)
    assert chosen == [12, 5, 1, 10, 1]


def test_the_log_says_each_draw_from_the_deck_once(make_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.tables.diamond_in_the_rough import SAID_DRAWS

    def kinds(m: Match) -> set[str]:
        return {str(ev.data.get("why")) for ev in m.history if ev.kind == "drew"}

    found = None
    for seed in range(1, 60):   # random play until a game has drawn for a reward and a resupply
        match = Match(GAME, [Seat("Ana"), Seat("Bo"), Seat("Cy")], seed)
        rng = random.Random(seed)
        while not match.is_over() and not {"reward", "resupply"} <= kinds(match):
            match.apply(rng.choice(match.legal_actions()))
        if not match.is_over():
            found = match
            break
    assert found is not None
    app = make_app("instant")
    table = open_table(app, found)   # a game resumed: its log is written from the history
    texts = [t for t, _, _ in table.log_panel.entries]
    # The log leaves out the second line of such a draw: "Ana discards Fish #3 and draws from the
    # deck" says it, and "Ana draws a card from the deck (resupply)" no longer follows.
    assert any("draws from the deck" in t for t in texts)
    assert any("takes the deck's top card" in t for t in texts)
    assert not [t for t in texts if t.endswith(tuple(f"({why})" for why in SAID_DRAWS))]


def test_a_chosen_hand_card_rises_short_of_the_name_above_the_hand() -> None:
    from game.ui.tables.diamond_drawing import CHOSEN_LIFT, HAND_Y, ME

    name_top = ME.y + 7   # where the seat's name is written, at 18 px bold
    assert HAND_Y - CHOSEN_LIFT >= name_top + theme.font(18, True).get_ascent()


def test_a_replacement_draw_is_told_once_to_the_drawer(make_app) -> None:  # type: ignore[no-untyped-def]
    def replaced(m: Match, seat: int) -> bool:
        return any(ev.kind == "drew" and ev.data.get("why") == "replacement"
                   and ev.data.get("player") == seat for ev in m.history)

    found = None
    for seed in range(1, 80):   # Ana (human) and Bo (bot) each drew a replacement after a No
        match = Match(GAME, [Seat("Ana"), bot("Bo", "random")], seed)
        rng = random.Random(seed)
        while not match.is_over() and not (replaced(match, 0) and replaced(match, 1)):
            legal = match.legal_actions()
            bombs = [a for a in legal if a.kind == "bomb"]
            match.apply(rng.choice(bombs if bombs and rng.random() < 0.6 else legal))
        if not match.is_over():
            found = match
            break
    assert found is not None
    app = make_app("instant")
    table = open_table(app, found)
    texts = [t for t, _, _ in table.log_panel.entries]
    # Ana reads "Ana draws Fish #12", not also "Ana draws a card from the deck (replacement)";
    # Bo's draw she reads only as the public line.
    assert not any(t.startswith("Ana draws a card from the deck") for t in texts)
    assert any(t.startswith("Bo draws a card from the deck (replacement)") for t in texts)


def test_a_hand_counts_plus_and_minus_pop_on_the_count_one_after_the_other(make_app) -> None:  # type: ignore[no-untyped-def]
    """"+1" and "-1" pop on the hand's count, whose words wait while they show (the count is not
    drawn under them); a hand that gives a card and takes one shows "-1" and then "+1"."""
    app = make_app("normal")
    m = Match(GAME, [Seat("Bartholomew Longname"), bot("Dusty"), bot("Nell"), bot("Cyd")], 3)
    table = open_table(app, m)
    run_until_human(app, table)
    table.callouts.clear()
    assert not table.count_popping(1)
    table._count_callout(1, "-1", (200, 60, 60))
    table._count_callout(1, "+1", (60, 200, 60))
    first, second = table.callouts
    assert first.delay == 0 and second.delay > 0.2
    # The first ends as the second appears: never both at once.
    assert abs((first.delay + first.duration) - (second.delay + first.age)) < 1e-6
    assert table.count_popping(1) and not table.count_popping(2)
    # While it pops, the seat's panel is drawn without its count; after, with it.
    drawn: list[str] = []
    real = theme.text

    def spy(surface, msg, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(msg)
        return real(surface, msg, *args, **kwargs)

    theme.text = spy  # type: ignore[assignment]
    try:
        table.draw(app.screen)
        assert f"{len(table.model.hands[1])} in hand" not in drawn
        drawn.clear()
        table.callouts.clear()
        table.draw(app.screen)
        assert f"{len(table.model.hands[1])} in hand" in drawn
    finally:
        theme.text = real  # type: ignore[assignment]
    # Another seat's pop is not held back.
    table._count_callout(2, "+1", (60, 200, 60))
    assert table.callouts[-1].delay == 0


def test_a_step_said_after_a_colon_keeps_the_names_and_ends_once(app: Any) -> None:
    match = Match("diamond_in_the_rough", [Seat("Ana"), Seat("Cornish Kate", BOT, "easy")], 3)
    table = open_table(app, match)
    assert table._clause("Bomb Cornish Kate for which resource?") == "bomb Cornish Kate for which resource?"
    assert table._clause("Cornish Kate had Fish! Choose your reward") == "Cornish Kate had Fish! Choose your reward."
    assert table._clause("Choose two face-up cards for your tableau") == "choose two face-up cards for your tableau."


def test_a_gem_holder_who_may_keep_it_sees_pass_beside_the_other_moves(app: Any) -> None:
    for seed in range(1, 400):
        m = Match("diamond_in_the_rough", [Seat("Ana"), Seat("Dusty", BOT, "random")], seed)
        rng = random.Random(seed)
        while not m.is_over():
            legal = [str(a) for a in m.legal_actions()]
            if m.to_move() == 0 and "pass" in legal and len(legal) > 1:
                break
            m.apply(rng.choice(m.legal_actions()))
        else:
            continue
        break
    else:
        pytest.fail("no position where the Gem's holder may pass")
    table = open_table(app, m)
    labels = [b.label for _, b in table._action_buttons] if table._action_buttons else []
    if not labels:
        app.step(1 / 60)
        labels = [b.label for _, b in table._action_buttons]
    assert "Pass" in labels and len(labels) > 1, labels
    banner = "".join(text for text, _ in table.banner_segments())
    assert "keep the Gem and pass (P)" in banner and "nothing is possible" not in banner
    at = len(m.actions)
    key(app, pygame.K_p)
    assert m.actions[at] == "pass"


def test_at_the_end_every_hand_turns_face_up(make_app) -> None:  # type: ignore[no-untyped-def]
    """Nothing is secret once the game is over: the table shows every hand (the end said "holds
    the Gem and wins" over a card back), without counting it as a drift from the rules."""
    for seed in range(200):
        seats = [Seat("Ana"), bot("Kate", "easy"), bot("Lou", "easy")]
        m = Match(GAME, seats, seed)
        rng = random.Random(seed)
        actors = []
        while not m.is_over():
            actors.append(m.to_move())
            m.apply(rng.choice(m.legal_actions()))
        state = m.state
        held = [p for p in (1, 2) if state.hands[p]]
        if actors[-1] == 0 and held:
            break
    else:
        pytest.fail("no game ends on Ana's move with a card in a bot's hand")
    cards = list(state.hands[held[0]])
    start = Match(GAME, seats, seed)
    for a in m.actions[:-1]:
        start.apply(a)
    app = make_app()
    table = open_table(app, start)
    run_until(app, lambda: table.idle, "became idle")
    assert not all(table._face_ok(c) for c in cards)   # a secret while the game goes on
    assert table._apply(m.actions[-1])
    run_until(app, lambda: table.model.over, "showed the end", 3000)
    assert table.faces_allowed() is None and all(table._face_ok(c) for c in cards)
    assert list(table.model.hands[held[0]]) == cards
    with privacy.recording():
        privacy.new_frame()
        table.draw(app.screen)
        assert set(cards) <= set(privacy.frame_faces())
    assert table.drift == 0


def test_the_banner_names_only_the_moves_there_are_and_two_players_bomb_without_whom(make_app) -> None:  # type: ignore[no-untyped-def]
    """The banner offered "Bomb, Resupply, Invest or Retire" with Bomb and Retire greyed; and at
    two players "Bomb whom?" had one answer. B goes straight to the resource, and Backspace
    leaves the bomb."""
    app = make_app("instant")
    for seed in range(1, 300):
        match = Match(GAME, [Seat("Ana"), bot("Dusty")], seed)
        s = match.state
        if s.bombs_in_hand(0) and not s.retire_sets(0) and rules.GEM_ID not in s.hands[0] \
                and match.to_move() == 0:
            break
    else:
        pytest.fail("no two-player start with a Bomb in Ana's hand, no Gem and nothing to retire")
    table = open_table(app, match)
    run_until_human(app, table)
    banner = "".join(text for text, _ in table.banner_segments())
    assert banner.endswith(", your turn: Bomb or Resupply"), banner
    key(app, pygame.K_b)
    assert table.mode == "bomb" and table.picks == ["1"]
    assert table.step().prompt == "Bomb Dusty for which resource?"
    key(app, pygame.K_BACKSPACE)
    assert table.mode is None and table.picks == []
    click(app, table.opp_rect(1).center)   # the rival's panel starts the same bomb
    assert table.mode == "bomb" and table.picks == ["1"]
    # At three players the question stands.
    for seed in range(1, 300):
        three = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        if three.state.bombs_in_hand(0) and three.to_move() == 0:
            break
    table = open_table(app, three)
    run_until_human(app, table)
    key(app, pygame.K_b)
    assert table.picks == [] and table.step().prompt.startswith("Bomb whom?")
    # A click on one rival's panel, then on another's: the bomb is at the second; a rival who
    # may not be bombed leaves it where it was, and says why.
    key(app, pygame.K_BACKSPACE)
    for q in (1, 2):
        if not three.state.protected & {q}:
            click(app, table.opp_rect(q).center)
    assert table.mode == "bomb" and table.picks == ["2"], table.picks


def test_a_click_on_a_rival_who_may_not_be_bombed_leaves_the_bomb_where_it_was(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app("instant")
    for seed in range(1, 400):
        match = Match(GAME, [Seat("Ana"), bot("Dusty"), bot("Nell")], seed)
        if random_to(match, random.Random(seed),
                     lambda m: m.human_to_move() and len(m.state.protected - {0}) == 1
                     and bool(m.state.bombs_in_hand(0)), 120):
            break
    else:
        pytest.fail("no position with one protected opponent and a Bomb in hand")
    shielded = min(match.state.protected - {0})
    free = 3 - shielded
    table = open_table(app, match)
    run_until_human(app, table)
    click(app, table.opp_rect(free).center)
    assert table.mode == "bomb" and table.picks == [str(free)]
    click(app, table.opp_rect(shielded).center)
    assert table.picks == [str(free)] and "may not be bombed" in table.message


# ---------------------------------------------------------------------------- found by a new player's walkthrough
def _hot_seat_hand_down(app: Any, tableau: bool) -> Any:
    """A hot-seat table at a human's turn, their hand face down after the curtain (four cards
    or more in it), with cards in their tableau or none."""
    from game.ui.scenes.dialogs import PassScreen

    for seed in range(1, 200):
        match = Match(GAME, [Seat("Ana"), Seat("Bo"), bot("Dusty")], seed)
        if random_to(match, random.Random(seed),
                     lambda m: len(m.actions) > 3 and m.human_to_move() and len(m.state.hands[m.to_move()]) >= 4
                     and bool(m.state.tableaus[m.to_move()]) == tableau, 60):
            break
    else:
        pytest.fail("no such hot-seat position")
    table = open_table(app, match)
    run_until(app, lambda: isinstance(app.top, PassScreen), "raised the curtain")
    lift_curtain(app)
    run_until(app, lambda: table.idle, "became idle")
    table.callouts.clear()
    assert table.my_hand_hidden()
    return table


@pytest.mark.parametrize("tableau", [False, True])
def test_the_words_over_a_face_down_hand_stay_in_the_hands_area(make_app, tableau: bool) -> None:  # type: ignore[no-untyped-def]
    """Hot-seat: "Your hand is face down: click it or press U to turn it up, or hold V to peek"
    ran past the hand into the Tableau beside it (to x=650: over "empty: cards you take ..." or
    the first tableau card at x=637). Beside the hand's area the panel is drawn the same with the
    hand face down (and its words over it) as with the hand turned up."""
    from game.ui.tables.diamond_drawing import HAND_X0, HAND_X1, HAND_Y, ME, MESSAGE_Y

    app = make_app("instant")
    table = _hot_seat_hand_down(app, tableau)
    me = table.bottom_seat()
    assert bool(table.model.tableaus[me]) == tableau
    beside = [pygame.Rect(ME.x + 5, HAND_Y, HAND_X0 - ME.x - 5, dr_cards.HAND[1]),      # left of the hand
              pygame.Rect(HAND_X1, ME.y + 28, ME.right - 5 - HAND_X1, MESSAGE_Y - 6 - ME.y - 28)]  # the tableau

    def picture() -> list[bytes]:
        table.draw(app.screen)
        return [pygame.image.tobytes(app.screen.subsurface(r), "RGB") for r in beside]

    down = picture()
    table.reveal_hand()
    assert not table.my_hand_hidden()
    up = picture()
    assert down[1] == up[1], "the words over the face-down hand reach into the tableau"
    assert down[0] == up[0], "the words over the face-down hand reach left of the hand"
    # The words are there, whole, over the cards.
    table.hand_hidden = True
    img, at = table.hidden_hand_label()
    assert table._my_hand_area().contains(at) and at.colliderect(table.hand_rects(me)[0])
    assert img.get_height() > theme.font(15, True).get_linesize() * 2   # in two lines: one is too wide


def test_the_face_down_hand_says_how_to_turn_it_up_once(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The words over the face-down hand say how to turn it up; the line under the hand said it
    again ("Turn your hand up (click it or press U, or hold V) …")."""
    from helpers import spy_text

    from game.ui.tables import diamond_drawing

    app = make_app("instant")
    table = _hot_seat_hand_down(app, False)
    assert table.my_hand_hidden() and table.match.human_to_move() and table.idle
    drawn = spy_text(monkeypatch, diamond_drawing)
    table.draw(app.screen)
    assert not [t for t in drawn if "hand up" in t or "turn it up" in t], drawn
    assert table.hidden_hand_label()[0].get_height() > 0


def _drawn_hint_line(table: Any, app: Any, monkeypatch: Any) -> str:
    """The instruction line over the buttons, as drawn."""
    from helpers import spy_text

    from game.ui.tables import diamond_drawing

    drawn = spy_text(monkeypatch, diamond_drawing)
    table.draw(app.screen)
    monkeypatch.undo()
    lines = [t for t in drawn if "F1 shows the rules" in t or t.startswith("To choose:")]
    assert len(lines) == 1, drawn
    return lines[0]


def test_the_line_over_the_buttons_offers_only_what_may_be_done(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """"Click a card of your hand to resupply with it, or a player to bomb them" was written with
    the Bomb button greyed (no Bomb in hand); and the two face-up cards of an investment were
    offered "(or the deck)". The line names only what may be done now."""
    app = make_app("instant")
    for seed in range(1, 300):
        match = Match(GAME, [Seat("Ana"), bot("Dusty")], seed)
        if match.to_move() == 0 and not match.state.bombs_in_hand(0):
            break
    else:
        pytest.fail("no start without a Bomb in Ana's hand")
    table = open_table(app, match)
    run_until_human(app, table)
    bomb = table.button_for("Bomb")
    assert bomb is not None and not bomb.enabled
    line = _drawn_hint_line(table, app, monkeypatch)
    assert "bomb" not in line.lower() and "Click a card of your hand to resupply" in line, line
    # With a Bomb in hand, the line says a player may be bombed.
    for seed in range(1, 300):
        match = Match(GAME, [Seat("Ana"), bot("Dusty")], seed)
        if match.to_move() == 0 and match.state.bombs_in_hand(0):
            break
    table = open_table(app, match)
    run_until_human(app, table)
    assert table.button_for("Bomb").enabled
    assert "or a player to bomb them" in _drawn_hint_line(table, app, monkeypatch)
    # Investing for two face-up cards: the deck is no choice of that step.
    for seed in range(1, 400):
        match = Match(GAME, [Seat("Ana"), bot("Dusty")], seed)
        if random_to(match, random.Random(seed), lambda m: m.human_to_move() and any(
                str(a).startswith("invest:row:") for a in m.legal_actions()), 80):
            break
    else:
        pytest.fail("no position where Ana may invest for two face-up cards")
    table = open_table(app, match)
    run_until_human(app, table)
    key(app, pygame.K_i)
    key(app, pygame.K_2)
    assert {o.where for o in table.step().options} == {"row"}
    line = _drawn_hint_line(table, app, monkeypatch)
    assert "face-up card" in line and "deck" not in line, line


def test_a_hints_glow_leaves_the_headings_above_the_cards_readable(make_app) -> None:  # type: ignore[no-untyped-def]
    """The coach's ring round the first hand card covered the seat's name ("Ana (you)") above it,
    and round a face-up card the "Face-up row" heading (so did a replay's mark of a better move).
    The headings are written again over the ring: every pixel of their letters keeps its colour."""
    from game.ui.tables import coach as coaching
    from game.ui.tables.base import seat_rgb
    from game.ui.tables.diamond_drawing import CENTRE, ME, ROW_X0

    app = make_app("instant")
    match = Match(GAME, [Seat("Ana"), bot("Shale Sally")], 3)
    table = open_table(app, match)
    run_until_human(app, table)
    first = table.display_hand(0)[0]
    assert len(table.model.row) >= 2
    best = next(a for a in match.legal_actions() if str(a) == f"resupply:{first},row:1")
    table.clock = 0.3
    table.draw(app.screen)
    plain = app.screen.copy()
    coaching.draw_spots(app.screen, table._hint_spots(best), table.clock)
    table._draw_over_hint(app.screen)
    hinted = app.screen.copy()
    # The ring is there, round the first hand card and round the second face-up card.
    for card in (table.hand_rects(0)[0], table.row_rects()[1]):
        above = pygame.Rect(card.x, card.y - 6, card.w, 4)
        changed = [(x, y) for x in range(above.left, above.right) for y in range(above.top, above.bottom)
                   if plain.get_at((x, y)) != hinted.get_at((x, y))]
        assert len(changed) > above.w, "no ring round the hinted card"
    for what, area, colour in (("the seat's name", pygame.Rect(ME.x + 14, ME.y + 5, 160, 30), seat_rgb(0)),
                               ("Face-up row", pygame.Rect(ROW_X0, CENTRE.y + 4, 120, 24), theme.GOLD)):
        ink = [(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)
               if plain.get_at((x, y))[:3] == colour]
        assert len(ink) > 40, what
        covered = [p for p in ink if hinted.get_at(p)[:3] != colour]
        assert not covered, f"the hint's ring covers {what} at {covered[:5]}"


def test_an_answer_to_a_bomb_is_logged_in_the_answering_players_colour(make_app) -> None:  # type: ignore[no-untyped-def]
    """A Yes was logged in a green of its own, which read as the green seat's line."""
    from game.ui.tables.base import seat_rgb

    app = make_app("instant")
    match = Match(GAME, [bot("Ana"), bot("Bo"), bot("Cyd")], 5)
    table = open_table(app, match)
    answers: list[Any] = []
    table.event_listener = lambda ev: answers.append(ev) if ev.kind == "answer" else None
    run_until(app, lambda: len(answers) >= 3 or match.is_over(), "answered bombs", 20000)
    app.step(1 / 60)
    assert answers
    logged = {t: c for t, c, _ in table.log_panel.entries}
    for ev in answers:
        assert logged[ev.text] == seat_rgb(int(ev.data["target"])), ev.text
