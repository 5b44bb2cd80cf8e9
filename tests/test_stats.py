"""Player statistics (game/stats.py): what a finished match counts for each human seat, that a
match counts once, and that a damaged statistics file of any kind is set aside with a message."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from game import stats
from game.core.contract import Outcome, PlayerScore
from game.core.match import BOT, Match, Seat
from game.stats import GameRecord, Profile, Stats, Tally, forget_profile, load_stats, record_match, stats_path

ROOT = Path(__file__).resolve().parents[1]


# ============================================================================ matches
def staged(seats: list[Seat], totals: list[int], winners: tuple[int, ...], game: str = "ya_blew_it",
           seed: int = 1) -> Match:
    """A real match of `game` with these seats, whose state reports this final outcome."""
    m = Match(game, seats, seed)
    outcome = Outcome(tuple(PlayerScore(i, t, (("gems", t),)) for i, t in enumerate(totals)), winners)
    m.state = SimpleNamespace(outcome=lambda: outcome, is_over=lambda: True)  # type: ignore[assignment]
    return m


def played_out(seats: list[Seat], seed: int, game: str) -> Match:
    """A real game played to its end with random legal actions chosen by a seeded generator."""
    m = Match(game, seats, seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    return m


def ana_vs_bot(won: bool, game: str = "ya_blew_it", score: int = 5, seed: int = 1) -> Match:
    seats = [Seat("Ana"), Seat("Dusty", BOT, "easy")]
    return staged(seats, [score, 3], (0,) if won else (1,), game, seed)


def profile(name: str) -> stats.Profile:
    found, message = load_stats()
    assert message is None
    p = found.find(name)
    assert p is not None, f"no profile for {name}"
    return p


# ============================================================================ counting
def test_real_playouts_are_counted_for_every_human(home: Path) -> None:
    """Random seeded games of both games, with one or two humans among bots: each human's record
    matches what the outcomes say, counted independently here."""
    rng = random.Random(2024)
    expected: dict[tuple[str, str], dict[str, Any]] = {}
    for n in range(14):
        game = "gold_mine" if n % 3 == 0 else "ya_blew_it"
        count = rng.randint(2, 4)
        humans = rng.choice([["Ana"], ["Bo"], ["Ana", "Bo"]])
        seats = [Seat(h) for h in humans] + [Seat(f"Bot{i}", BOT, rng.choice(["easy", "normal"]))
                                             for i in range(count - len(humans))]
        rng.shuffle(seats)
        m = played_out(seats, 100 + n, game)
        assert record_match(m, now=1000.0 + n) is None
        out = m.state.outcome()
        for i, s in enumerate(seats):
            if not s.is_human:
                continue
            e = expected.setdefault((s.name, game), {"played": 0, "won": 0, "drawn": 0, "best": None,
                                                     "against": {}})
            e["played"] += 1
            # Gold Mine plays a tie off: level at the top is drawn, not won.
            playoff = game == "gold_mine" and len(out.winners) > 1
            won = i in out.winners and not playoff
            e["won"] += won
            e["drawn"] += i in out.winners and playoff
            total = next(p.total for p in out.scores if p.player == i)
            e["best"] = total if e["best"] is None else max(e["best"], total)
            for kind in {"human" if o.is_human else f"{o.level} bot" for j, o in enumerate(seats) if j != i}:
                a = e["against"].setdefault(kind, [0, 0])
                a[0] += 1
                a[1] += won
    assert expected
    for (name, game), e in expected.items():
        g = profile(name).games[game]
        assert (g.played, g.won, g.drawn, g.best) == (e["played"], e["won"], e["drawn"], e["best"])
        assert {k: [t.played, t.won] for k, t in g.against.items()} == e["against"]


def test_finished_match_helper_counts_for_ana_only(home: Path) -> None:
    from helpers import finished_match

    m = finished_match(7)
    record_match(m)
    found, _ = load_stats()
    assert [p.name for p in found.profiles] == ["Ana"]
    g = found.profiles[0].games["ya_blew_it"]
    assert g.played == 1 and g.won == (0 in m.state.outcome().winners)
    assert set(g.against) == {"easy bot", "normal bot"}
    assert g.title == "Ya Blew It!" and g.unit_many == "points"


def test_a_shared_win_is_a_win_and_marked_as_shared(home: Path) -> None:
    seats = [Seat("Ana"), Seat("Bo"), Seat("Nell", BOT, "normal")]
    record_match(staged(seats, [9, 9, 4], (0, 1)), now=10)
    for name in ("Ana", "Bo"):
        g = profile(name).games["ya_blew_it"]
        assert (g.played, g.won, g.tied, g.streak) == (1, 1, 1, 1)
    record_match(staged(seats, [12, 9, 4], (0,)), now=20)
    ana, bo = profile("Ana").games["ya_blew_it"], profile("Bo").games["ya_blew_it"]
    assert (ana.won, ana.tied, ana.streak, ana.best) == (2, 1, 2, 12)
    assert (bo.won, bo.tied, bo.streak, bo.best) == (1, 1, 0, 9)


def test_a_tie_the_rules_play_off_is_drawn_neither_won_nor_lost(home: Path) -> None:
    """Gold Mine: "In case of a tie, play again to resolve the tie." The level players have not
    won (the tie-break game decides), nor lost: their streaks stay as they were. A tie in a game
    that shares the win stays a win (above)."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cyd")]
    record_match(staged(seats, [9, 4, 2], (0,), "gold_mine", 1), now=1)
    record_match(staged(seats, [7, 7, 3], (0, 1), "gold_mine", 2), now=2)
    ana, bo, cyd = (profile(n).games["gold_mine"] for n in ("Ana", "Bo", "Cyd"))
    assert (ana.played, ana.won, ana.tied, ana.drawn, ana.streak) == (2, 1, 0, 1, 1)
    assert (bo.played, bo.won, bo.tied, bo.drawn, bo.streak) == (2, 0, 0, 1, 0)
    assert (cyd.played, cyd.won, cyd.drawn) == (2, 0, 0)
    assert profile("Ana").percent == 50 and profile("Ana").streak == 1
    assert {k: (t.played, t.won) for k, t in bo.against.items()} == {"human": (2, 0)}
    # Read back from the file as written; a file whose counts cannot be is damaged.
    path = stats.stats_path()
    data = json.loads(path.read_text("utf-8"))
    assert data["profiles"][0]["games"]["gold_mine"]["drawn"] == 1
    data["profiles"][0]["games"]["gold_mine"]["drawn"] = 2
    path.write_text(json.dumps(data), "utf-8")
    found, message = load_stats()
    assert message is not None and "do not add up" in message


def test_a_game_nobody_wins_is_played_and_lost_by_all(home: Path) -> None:
    seats = [Seat("Ana"), Seat("Bo")]
    record_match(staged(seats, [4, 2], (0,)), now=1)
    record_match(staged(seats, [-3, -1], ()), now=2)
    ana, bo = profile("Ana"), profile("Bo")
    assert (ana.games["ya_blew_it"].played, ana.games["ya_blew_it"].won) == (2, 1)
    assert ana.streak == 0 and ana.games["ya_blew_it"].streak == 0 and ana.longest == 1
    assert (bo.won, bo.played, bo.games["ya_blew_it"].best) == (0, 2, 2)


def test_each_kind_of_opponent_counts_once_per_game(home: Path) -> None:
    seats = [Seat("Ana"), Seat("A", BOT, "easy"), Seat("B", BOT, "easy"), Seat("C", BOT, "normal"),
             Seat("Bo"), Seat("D", BOT, "hard")]
    record_match(staged(seats, [9, 1, 2, 3, 4, 5], (0,)), now=1)
    record_match(staged(seats[:3], [1, 2, 3], (2,)), now=2)
    g = profile("Ana").games["ya_blew_it"]
    assert {k: (t.played, t.won) for k, t in g.against.items()} == {
        "easy bot": (2, 1), "normal bot": (1, 1), "human": (1, 1), "hard bot": (1, 1)}
    assert [k for k, _ in g.opponents()] == ["human", "easy bot", "normal bot", "hard bot"]
    bo = profile("Bo").games["ya_blew_it"]
    assert {k: (t.played, t.won) for k, t in bo.against.items()} == {
        "easy bot": (1, 0), "normal bot": (1, 0), "human": (1, 0), "hard bot": (1, 0)}


def test_a_record_full_of_kinds_of_opponent_takes_a_new_kind_without_overflowing(home: Path) -> None:
    """A record holding as many kinds of opponent as are kept (from a newer version, or a hand),
    none of them ours: a game against a normal bot made one more than are kept, so the file was
    set aside, with a message, after every such game. The kinds the screen shows first stay."""
    seats = [Seat("Ana"), Seat("C", BOT, "normal")]
    record_match(staged(seats, [9, 1], (0,)), now=1)
    full = Stats.from_json(json.loads(stats_path().read_text(encoding="utf-8")))
    g = full.profiles[0].games["ya_blew_it"]
    g.against = {f"kind {i:02}": Tally(1, 0) for i in range(stats.KIND_LIMIT)}
    g.played = stats.KIND_LIMIT
    stats_path().write_text(json.dumps(full.to_json()), encoding="utf-8")
    assert load_stats()[1] is None
    for now in (2, 3):
        assert record_match(staged(seats, [9, 1], (0,), seed=now), now=now) is None
        loaded, message = load_stats()
        assert message is None
        against = loaded.profiles[0].games["ya_blew_it"].against
        assert len(against) == stats.KIND_LIMIT and against["normal bot"].played == now - 1
    assert not list(stats_path().parent.glob("stats.unreadable-*"))


def test_opponents_over_all_games_add_up(home: Path) -> None:
    record_match(ana_vs_bot(True, "ya_blew_it"), now=1)
    record_match(ana_vs_bot(False, "gold_mine"), now=2)
    record_match(staged([Seat("Ana"), Seat("Bo")], [3, 1], (0,), "gold_mine"), now=3)
    assert [(k, t.played, t.won) for k, t in profile("Ana").opponents()] == [
        ("human", 1, 1), ("easy bot", 2, 1)]


def test_streaks_per_game_and_overall(home: Path) -> None:
    results = [("ya_blew_it", True), ("gold_mine", True), ("ya_blew_it", True), ("gold_mine", False),
               ("ya_blew_it", True), ("ya_blew_it", True), ("gold_mine", True)]
    for t, (game, won) in enumerate(results):
        record_match(ana_vs_bot(won, game), now=100 + t)
    ana = profile("Ana")
    ya, gold = ana.games["ya_blew_it"], ana.games["gold_mine"]
    assert (ya.streak, ya.longest, ya.won, ya.played) == (4, 4, 4, 4)
    assert (gold.streak, gold.longest, gold.won, gold.played) == (1, 1, 2, 3)
    assert (ana.streak, ana.longest) == (3, 3)
    assert ana.played == 7 and ana.won == 6 and ana.percent == 86
    record_match(ana_vs_bot(False, "ya_blew_it"), now=200)
    ana = profile("Ana")
    assert (ana.games["ya_blew_it"].streak, ana.games["ya_blew_it"].longest) == (0, 4)
    assert (ana.streak, ana.longest, ana.games["gold_mine"].streak) == (0, 3, 1)


def test_best_score_keeps_the_highest_with_the_unit(home: Path) -> None:
    for t, score in enumerate([7, 12, -2, 11]):
        record_match(ana_vs_bot(t % 2 == 0, "gold_mine", score), now=t)
    g = profile("Ana").games["gold_mine"]
    assert g.best == 12 and g.best_text() == "12$"
    record_match(ana_vs_bot(True, "ya_blew_it", 1), now=9)
    assert profile("Ana").games["ya_blew_it"].best_text() == "1 point"
    assert stats.format_score(-3, "$", "$") == "\u22123$"
    assert stats.format_score(12, "$", "$") == "12$"
    assert stats.format_score(20, "point", "points") == "20 points"


def test_a_match_counts_once(home: Path) -> None:
    m = ana_vs_bot(True)
    assert record_match(m, now=5) is None
    before = stats_path().read_bytes()
    assert record_match(m, now=6) is None
    assert stats_path().read_bytes() == before
    assert profile("Ana").games["ya_blew_it"].played == 1
    other = ana_vs_bot(True)
    assert other.match_id != m.match_id
    record_match(other, now=7)
    assert profile("Ana").games["ya_blew_it"].played == 2


def test_counted_match_ids_are_bounded(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "RECORDED_LIMIT", 5)
    matches = [ana_vs_bot(True) for _ in range(7)]
    for t, m in enumerate(matches):
        record_match(m, now=t)
    data = json.loads(stats_path().read_text("utf-8"))
    assert data["recorded"] == [m.match_id for m in matches[2:]]
    record_match(matches[-1], now=20)  # still remembered: not counted again
    assert profile("Ana").played == 7
    record_match(matches[0], now=21)  # forgotten long ago: counted again
    assert profile("Ana").played == 8


def test_the_players_kept_are_those_who_played_last(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "PROFILE_LIMIT", 3)
    for t, name in enumerate(["Ana", "Bo", "Cyd", "Dee", "Eli"]):
        record_match(staged([Seat(name), Seat("X", BOT, "easy")], [1, 2], (1,)), now=t)
    found, _ = load_stats()
    assert [p.name for p in found.profiles] == ["Eli", "Dee", "Cyd"]
    record_match(staged([Seat("Ana"), Seat("X", BOT, "easy")], [1, 2], (1,)), now=9)
    found, _ = load_stats()
    assert [p.name for p in found.profiles] == ["Ana", "Eli", "Dee"]
    assert found.profiles[0].played == 1   # Ana's first game was forgotten with her record
    # The players kept are those who played last, whatever order the list is in.
    unsorted = Stats(list(reversed(found.profiles)) + [stats.Profile("Zed", last_played=99)])
    assert [p["name"] for p in unsorted.to_json()["profiles"]] == ["Zed", "Ana", "Eli"]


def test_the_largest_file_of_players_kept_reads_within_the_size_allowed(home: Path) -> None:
    from game.core.storage import MAX_BYTES
    from game.games import GAMES

    # Every player kept, each with the longest name and a record in every game against every kind.
    longest = "W" * 40
    profiles = []
    for i in range(stats.PROFILE_LIMIT):
        name = f"{i}{longest}"[:40]
        games = {g: GameRecord(g, "T" * 100, "u" * 100, "u" * 100, played=COUNT, won=COUNT, tied=COUNT,
                               drawn=0, best=-stats.SCORE_LIMIT, streak=COUNT, longest=COUNT,
                               last_played=1.5e9, hinted=COUNT, hints=COUNT,
                               against={k: Tally(COUNT, COUNT) for k in ("human", "easy", "normal", "hard")})
                 for g in GAMES}
        profiles.append(Profile(name, 1.5e9 + i, COUNT, COUNT, games))
    stats._save(Stats(profiles, [f"{'x' * 36}{i}" for i in range(stats.RECORDED_LIMIT)]))
    assert stats_path().stat().st_size < MAX_BYTES, stats_path().stat().st_size
    found, message = load_stats()
    assert message is None and len(found.profiles) == stats.PROFILE_LIMIT


COUNT = stats.COUNT_LIMIT


def test_names_are_one_player_whatever_the_case_and_spacing(home: Path) -> None:
    record_match(staged([Seat(" ana "), Seat("Bo")], [5, 1], (0,)), now=1)
    record_match(staged([Seat("ANA"), Seat("Bo")], [6, 1], (0,)), now=2)
    record_match(staged([Seat("Ana  Lee"), Seat("Bo")], [1, 6], (1,)), now=3)
    record_match(staged([Seat("ana lee"), Seat("Bo")], [1, 6], (1,)), now=4)
    found, _ = load_stats()
    assert [p.name for p in found.profiles] == ["ana lee", "Bo", "ANA"]
    assert found.find("  Ana ").games["ya_blew_it"].won == 2  # type: ignore[union-attr]
    assert found.find("ANA LEE").played == 2  # type: ignore[union-attr]


def test_one_player_in_two_seats_counts_once(home: Path) -> None:
    seats = [Seat("Ana"), Seat("ana"), Seat("Dusty", BOT, "easy")]
    record_match(staged(seats, [2, 8, 4], (1,)), now=1)
    g = profile("Ana").games["ya_blew_it"]
    assert (g.played, g.won, g.tied, g.best) == (1, 1, 0, 8)
    assert set(g.against) == {"easy bot"}


def test_blank_and_overlong_names(home: Path) -> None:
    long = "Prospector " * 30
    record_match(staged([Seat("   "), Seat(long)], [1, 2], (1,)), now=1)
    found, _ = load_stats()
    names = {p.name for p in found.profiles}
    assert "Player 1" in names
    assert any(n.startswith("Prospector") and len(n) <= stats.TEXT_LIMIT for n in names)
    assert load_stats()[1] is None  # what was written reads back


def test_a_match_without_humans_records_nothing(home: Path) -> None:
    seats = [Seat("A", BOT, "easy"), Seat("B", BOT, "normal")]
    assert record_match(staged(seats, [1, 2], (1,))) is None
    assert not stats_path().exists()


def test_profiles_are_listed_most_recent_first(home: Path) -> None:
    for t, name in [(30, "Cyd"), (10, "Ana"), (20, "Bo"), (5, "Dee")]:
        record_match(staged([Seat(name), Seat("X", BOT, "easy")], [1, 2], (1,)), now=t)
    found, _ = load_stats()
    assert [p.name for p in found.profiles] == ["Cyd", "Bo", "Ana", "Dee"]
    record_match(staged([Seat("dee"), Seat("X", BOT, "easy")], [1, 2], (1,)), now=40)
    found, _ = load_stats()
    assert [p.name for p in found.profiles] == ["dee", "Cyd", "Bo", "Ana"]


def test_statistics_round_trip_through_json(home: Path) -> None:
    record_match(ana_vs_bot(True, "gold_mine", 8), now=1)
    record_match(staged([Seat("Ana"), Seat("Bo"), Seat("C", BOT, "normal")], [4, 4, 1], (0, 1)), now=2)
    found, _ = load_stats()
    again = Stats.from_json(json.loads(json.dumps(found.to_json())))
    assert again == found


def test_forget_removes_one_player_only(home: Path) -> None:
    m = staged([Seat("Ana"), Seat("Bo")], [4, 2], (0,))
    record_match(m, now=1)
    forget_profile("  ANA ")
    found, _ = load_stats()
    assert [p.name for p in found.profiles] == ["Bo"]
    record_match(m, now=2)  # a forgotten player's old match does not come back
    assert load_stats()[0].find("Ana") is None
    before = stats_path().read_bytes()
    forget_profile("Nobody")
    assert stats_path().read_bytes() == before


def test_forget_with_no_file_does_nothing(home: Path) -> None:
    forget_profile("Ana")
    assert not stats_path().exists()


def test_no_file_means_no_statistics_and_no_message(home: Path) -> None:
    found, message = load_stats()
    assert found.profiles == [] and message is None


# ============================================================================ damaged files
def _valid() -> dict[str, Any]:
    return {"format": 1, "recorded": ["x1"], "profiles": [{
        "name": "Old", "last_played": 5.0, "streak": 1, "longest": 1,
        "games": {"ya_blew_it": {"title": "Ya Blew It!", "unit": ["point", "points"], "played": 2,
                                 "won": 1, "tied": 0, "best": 9, "streak": 1, "longest": 1,
                                 "last_played": 5.0, "against": {"easy bot": {"played": 2, "won": 1}}}}}]}


def _edit(change: Callable[[dict[str, Any]], None]) -> bytes:
    data = _valid()
    change(data)
    return json.dumps(data).encode()


def _game(d: dict[str, Any]) -> dict[str, Any]:
    return d["profiles"][0]["games"]["ya_blew_it"]


DAMAGE: dict[str, bytes | None] = {
    "garbage bytes": b"\x00\xff\xfe not statistics",
    "truncated": json.dumps(_valid()).encode()[:70],
    "empty": b"",
    "not a table": b"[1, 2, 3]",
    "a number": b"42",
    "format missing": _edit(lambda d: d.pop("format")),
    "format not a number": _edit(lambda d: d.update(format="two")),
    "profiles not a list": _edit(lambda d: d.update(profiles={"Old": 1})),
    "profile not a table": _edit(lambda d: d.update(profiles=["Old"])),
    "name missing": _edit(lambda d: d["profiles"][0].pop("name")),
    "name not text": _edit(lambda d: d["profiles"][0].update(name=7)),
    "name blank": _edit(lambda d: d["profiles"][0].update(name="  ")),
    "name huge": _edit(lambda d: d["profiles"][0].update(name="x" * 100_000)),
    "played as text": _edit(lambda d: _game(d).update(played="2")),
    "played as float": _edit(lambda d: _game(d).update(played=2.0)),
    "played as bool": _edit(lambda d: _game(d).update(played=True)),
    "played huge": _edit(lambda d: _game(d).update(played=10**30)),
    "played negative": _edit(lambda d: _game(d).update(played=-1)),
    "won more than played": _edit(lambda d: _game(d).update(won=3)),
    "best huge": _edit(lambda d: _game(d).update(best=10**40)),
    "best as text": _edit(lambda d: _game(d).update(best="9")),
    "time infinite": json.dumps(_valid()).replace('"last_played": 5.0', '"last_played": 1e999', 1).encode(),
    "time NaN": json.dumps(_valid()).replace('"last_played": 5.0', '"last_played": NaN', 1).encode(),
    "digits beyond reason": json.dumps(_valid()).replace('"played": 2', '"played": ' + "9" * 5000,
                                                         1).encode(),
    "unit not a pair": _edit(lambda d: _game(d).update(unit=["point"])),
    "against not a table": _edit(lambda d: _game(d).update(against=[])),
    "against count missing": _edit(lambda d: _game(d)["against"]["easy bot"].pop("won")),
    "against more than the game": _edit(lambda d: _game(d)["against"]["easy bot"].update(played=5)),
    "streak beyond longest": _edit(lambda d: d["profiles"][0].update(streak=4)),
    "recorded not text": _edit(lambda d: d.update(recorded=[1, 2])),
    "same player twice": _edit(lambda d: d["profiles"].append(dict(d["profiles"][0], name="OLD"))),
    "nested too deeply": b"[" * 100_000 + b"]" * 100_000,
    "a folder": None,
}


def _damage(path: Path, kind: str) -> bytes | None:
    content = DAMAGE[kind]
    path.parent.mkdir(parents=True, exist_ok=True)
    if content is None:
        path.mkdir()
        (path / "inside.txt").write_text("left here", encoding="utf-8")
    else:
        path.write_bytes(content)
    return content


def _set_aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob("stats.unreadable-*"))


def test_the_valid_sample_reads(home: Path) -> None:
    """The damaged samples below differ from this one by one thing each."""
    stats_path().write_text(json.dumps(_valid()), encoding="utf-8")
    found, message = load_stats()
    assert message is None and found.find("old").games["ya_blew_it"].best == 9  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_file_is_set_aside_and_the_match_still_counts(home: Path, kind: str) -> None:
    path = stats_path()
    content = _damage(path, kind)
    message = record_match(ana_vs_bot(True), now=50)
    assert message is not None and "kept as stats.unreadable-" in message, message
    kept = _set_aside(path)
    assert len(kept) == 1
    if content is None:
        assert (kept[0] / "inside.txt").read_text(encoding="utf-8") == "left here"
    else:
        assert kept[0].read_bytes() == content  # kept for the player, not deleted
    found, again = load_stats()
    assert again is None
    # (Two records of one player: the first is kept, as a sound record on its own.)
    assert [p.name for p in found.profiles] == ["Ana"] + ["Old"] * (kind == "same player twice")
    assert found.profiles[0].played == 1


@pytest.mark.parametrize("kind", ["garbage bytes", "format missing", "a folder", "nested too deeply"])
def test_loading_a_damaged_file_sets_it_aside_with_a_message(home: Path, kind: str) -> None:
    path = stats_path()
    _damage(path, kind)
    found, message = load_stats()
    assert found.profiles == []
    assert message is not None and "damaged" in message and "afresh" in message
    assert len(_set_aside(path)) == 1 and not path.exists()
    assert load_stats() == (Stats(), None)


def test_one_players_damaged_record_leaves_the_others_records_alone(home: Path) -> None:
    """A record whose counts cannot be (a hand-edited file, say) is left out, named as the screen
    names it; the other players' records are kept and written back at once, and the file as it
    was is kept aside."""
    data = _valid()
    bo = json.loads(json.dumps(data["profiles"][0]))
    bo["name"] = "Bo"
    data["profiles"].append(bo)
    _game(data).update(won=3)   # Old won three of two games
    path = stats_path()
    original = json.dumps(data).encode()
    path.write_bytes(original)
    found, message = load_stats()
    assert [p.name for p in found.profiles] == ["Bo"] and found.profiles[0].games["ya_blew_it"].won == 1
    assert message is not None and "the counts of Ya Blew It! of the player 'Old' do not add up" in message
    assert "the other records are kept" in message and "ya_blew_it" not in message
    assert [p.read_bytes() for p in _set_aside(path)] == [original]
    assert load_stats() == (found, None)   # written back: no message the next time
    record_match(ana_vs_bot(True), now=50)
    assert [p.name for p in load_stats()[0].profiles] == ["Ana", "Bo"]


def test_forget_sets_a_damaged_file_aside_too(home: Path) -> None:
    path = stats_path()
    _damage(path, "truncated")
    forget_profile("Old")
    assert len(_set_aside(path)) == 1 and not path.exists()


def test_a_file_that_cannot_be_moved_aside_is_never_overwritten(home: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = stats_path()
    _damage(path, "garbage bytes")

    def refuse(p: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(stats, "set_aside", refuse)
    message = record_match(ana_vs_bot(True))
    assert message is not None and "Nothing will be counted" in message
    assert path.read_bytes() == DAMAGE["garbage bytes"]
    forget_profile("Ana")
    assert path.read_bytes() == DAMAGE["garbage bytes"]


def test_a_write_that_fails_is_reported_not_raised(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(path: Path, data: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(stats, "write_json_atomic", full)
    message = record_match(ana_vs_bot(True))
    assert message is not None and "No space left on device" in message
    assert not stats_path().exists()


def test_statistics_never_import_pygame() -> None:
    code = "import sys, game.stats; print('pygame' in sys.modules)"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_a_file_from_a_newer_version_is_left_as_it_is(home: Path) -> None:
    path = stats_path()
    content = _edit(lambda d: d.update(format=d["format"] + 1))
    path.write_bytes(content)
    found, message = load_stats()
    assert message is not None and "newer version of Mother Lode" in message and "update" in message
    assert found.profiles == []
    message = record_match(ana_vs_bot(True), now=50)
    assert message is not None and "newer version" in message
    # Neither set aside nor written over: the newer version finds it as it left it.
    assert path.read_bytes() == content and _set_aside(path) == []
