"""The pure core: the generator, atomic files, the match runner and its saves, bot turns."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.core.contract import Action, BadSave, IllegalAction
from game.core.match import BotThinker, Match, Seat, load_match, load_or_set_aside
from game.core.rng import Rng, derive_seed
from game.core.storage import read_json, write_json_atomic


def test_generator_is_reproducible_and_its_state_is_one_integer() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.die(8) for _ in range(50)] == [b.die(8) for _ in range(50)]
    c = a.copy()
    assert a.next64() == c.next64()
    assert Rng(1).next64() != Rng(2).next64()


def test_dice_are_fair_enough_and_in_range() -> None:
    rng = Rng(7)
    counts = [0] * 9
    for _ in range(80_000):
        counts[rng.die(8)] += 1
    assert counts[0] == 0
    # 10,000 expected per face; 5 standard deviations is about 470.
    assert all(abs(n - 10_000) < 500 for n in counts[1:]), counts


def test_shuffle_is_a_permutation_and_depends_on_the_seed() -> None:
    xs = list(range(70))
    r1, r2 = Rng(3), Rng(4)
    a, b = xs[:], xs[:]
    r1.shuffle(a)
    r2.shuffle(b)
    assert sorted(a) == xs and sorted(b) == xs and a != b


def test_derived_seeds_do_not_collide() -> None:
    seeds = {derive_seed(1, "game", i) for i in range(10_000)}
    assert len(seeds) == 10_000
    assert derive_seed(5, "1", "23") != derive_seed(5, "12", "3")
    assert derive_seed(5, "bot", 0) == derive_seed(5, "bot", 0)


def test_action_strings_round_trip_and_garbage_is_refused() -> None:
    for text in ("roll", "fire:red,blue", "mine:a2+1,d0,l3"):
        assert str(Action.parse(text)) == text
    for bad in ("", "  ", "fire:", "fire:red,,blue", "a b"):
        with pytest.raises(IllegalAction):
            Action.parse(bad)


def test_atomic_write_replaces_whole_files(tmp_path: Path) -> None:
    target = tmp_path / "x" / "save.json"
    write_json_atomic(target, {"a": 1})
    write_json_atomic(target, {"a": 2})
    assert read_json(target) == {"a": 2}
    assert [p.name for p in target.parent.iterdir()] == ["save.json"]


def test_files_for_reading_are_indented_only_while_small() -> None:
    """Settings and statistics are written indented, for a player to read, unless they are
    large: indenting is pure Python (a thousand players' statistics froze the end of every game
    for 0.17 s); then on one line, as saves always are, read back the same."""
    import json

    from game.core.storage import INDENT_LIMIT, encode_json

    small = {"names": ["Ana", "Bo"], "volume": 0.5}
    assert "\n" in encode_json(small) and "\n" not in encode_json(small, compact=True)
    big = {"players": [{"name": f"player {i}", "games": list(range(20))} for i in range(2000)]}
    text = encode_json(big)
    assert len(text) > INDENT_LIMIT and "\n" not in text and json.loads(text) == big


def _played(seed: int, moves: int, game: str = "ya_blew_it") -> Match:
    match = Match(game, [Seat("Ana"), Seat("Bo", "bot", "easy"), Seat("Cy", "bot", "normal")], seed)
    rng = Rng(seed)
    for _ in range(moves):
        if match.is_over():
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("game", ["ya_blew_it", "gold_mine"])
def test_a_saved_match_resumes_in_the_same_position(tmp_path: Path, game: str) -> None:
    match = _played(11, 15, game)
    path = tmp_path / "autosave.json"
    match.save(path)
    again = load_match(path)
    assert again.state.to_json() == match.state.to_json()
    assert again.seats == match.seats and again.actions == match.actions
    # and it carries on identically
    a = match.legal_actions()[0]
    assert again.apply(a) == match.apply(a)


def test_an_illegal_move_changes_nothing() -> None:
    match = _played(5, 10)
    before = (match.state.to_json(), list(match.actions))
    with pytest.raises(IllegalAction):
        match.apply("teleport")
    assert (match.state.to_json(), match.actions) == before


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],                       # truncated
    lambda text: "not json at all",
    lambda text: json.dumps({"format": 1}),                      # missing everything
    lambda text: text.replace('"ya_blew_it"', '"no_such_game"'),
    lambda text: json.dumps({**json.loads(text), "actions": ["roll", "keep", "keep", "fly"]}),
    lambda text: json.dumps({**json.loads(text), "format": "two"}),
])
def test_a_damaged_save_gives_a_message_and_is_kept_aside(tmp_path: Path, damage) -> None:
    path = tmp_path / "autosave.json"
    _played(3, 20).save(path)
    damaged = damage(path.read_text())
    path.write_text(damaged)
    with pytest.raises(BadSave):
        load_match(path)
    match, message = load_or_set_aside(path)
    assert match is None and message and "could not be resumed" in message
    assert not path.exists()
    kept = list(tmp_path.glob("autosave.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == damaged


def test_a_save_from_a_newer_version_says_so_and_stays_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    _played(3, 20).save(path)
    newer = json.dumps({**json.loads(path.read_text()), "format": 99})
    path.write_text(newer)
    match, message = load_or_set_aside(path)
    assert match is None and message is not None
    assert "saved by a newer version of Mother Lode; update the game" in message and str(tmp_path) in message
    assert path.read_text() == newer and not list(tmp_path.glob("autosave.unreadable-*"))


def test_bot_decisions_come_from_a_worker_thread() -> None:
    match = Match("ya_blew_it", [Seat("A", "bot", "normal"), Seat("B", "bot", "easy")], 9)
    thinker = BotThinker()
    try:
        for _ in range(40):
            if match.is_over():
                break
            thinker.request(match)
            deadline = time.monotonic() + 10
            action = None
            while action is None and time.monotonic() < deadline:
                action = thinker.result(match)
                time.sleep(0.001)
            assert action is not None and action in match.legal_actions()
            match.apply(action)
    finally:
        thinker.close()
    assert len(match.actions) > 0
