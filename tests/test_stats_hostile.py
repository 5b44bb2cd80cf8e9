"""Statistics files that hold more than a record keeps (a newer version's, or edited by hand): too
many kinds of opponent or games in a record, more players than are kept, a best score no game
reaches. What is not kept is never lost without a word: the file as it was is set aside first, and
the player is told once."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game import stats
from game.core.contract import Outcome, PlayerScore
from game.core.match import BOT, Match, Seat
from game.stats import Stats, load_stats, record_match, stats_path

COUNT = 1000


def game_json(title: str, kinds: list[str], *, best: int | None = 9, won: int = COUNT) -> dict[str, Any]:
    return {"title": title, "unit": ["point", "points"], "played": COUNT, "won": won, "tied": 0, "drawn": 0,
            "best": best, "streak": 0, "longest": won, "last_played": 5.0, "hinted": 0, "hints": 0,
            "against": {k: {"played": COUNT, "won": won} for k in kinds}}


def player_json(name: str, games: dict[str, Any], *, when: float = 5.0, longest: int = 0) -> dict[str, Any]:
    return {"name": name, "last_played": when, "streak": 0, "longest": longest, "games": games}


def write(profiles: list[dict[str, Any]]) -> bytes:
    content = json.dumps({"format": 1, "recorded": [], "profiles": profiles}).encode()
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_bytes(content)
    return content


def set_aside() -> list[Path]:
    return sorted(stats_path().parent.glob("stats.unreadable-*"))


def staged(name: str, totals: list[int], seed: int = 1) -> Match:
    """A real match of `name` against a bot, whose state reports this final outcome (`name` wins)."""
    m = Match("ya_blew_it", [Seat(name), Seat("Dusty", BOT, "easy")], seed)
    outcome = Outcome(tuple(PlayerScore(i, t, ()) for i, t in enumerate(totals)), (0,))
    m.state = SimpleNamespace(outcome=lambda: outcome, is_over=lambda: True)  # type: ignore[assignment]
    return m


# ============================================================================ kinds and games
def test_a_record_of_thousands_of_kinds_keeps_the_first_and_sets_the_file_aside(home: Path) -> None:
    kinds = ["human", "easy bot", "hard bot"] + [f"kind {i:04}" for i in range(5000)]
    content = write([player_json("Ana", {"ya_blew_it": game_json("Ya Blew It!", list(reversed(kinds)))})])
    found, message = load_stats()
    record = found.profiles[0].games["ya_blew_it"]
    assert len(record.against) == stats.KIND_LIMIT
    # The kinds this version knows come first, as the screen lists them.
    assert [k for k, _ in record.opponents()][:4] == ["human", "easy bot", "hard bot", "kind 0000"]
    assert message is not None and "held more than this version keeps" in message, message
    assert f"5003 kinds of opponent; the first {stats.KIND_LIMIT} are kept" in message
    assert [p.read_bytes() for p in set_aside()] == [content]   # the whole file, as it was
    assert message.count(set_aside()[0].name) == 1
    assert load_stats() == (found, None)   # written back: told once


def test_a_record_of_many_games_keeps_the_games_of_this_version_first(home: Path) -> None:
    games = {f"future_{i:02}": game_json(f"Future {i:02}", ["human"], won=10) for i in range(20)}
    games["gold_mine"] = game_json("Gold Mine", ["easy bot"], won=10)
    content = write([player_json("Ana", games, longest=210)])
    found, message = load_stats()
    p = found.profiles[0]
    assert len(p.games) == stats.GAME_LIMIT and "gold_mine" in p.games and p.records()[0].game == "gold_mine"
    # The longest streak over all games is no longer than the wins kept, so the file reads back.
    assert p.longest == p.won == 10 * stats.GAME_LIMIT
    assert message is not None and f"records of 21 games; the first {stats.GAME_LIMIT} are kept" in message
    assert [f.read_bytes() for f in set_aside()] == [content]
    assert load_stats() == (found, None)


def test_a_record_within_the_limits_reads_as_it_is(home: Path) -> None:
    kinds = ["human"] + [f"kind {i}" for i in range(stats.KIND_LIMIT - 1)]
    games = {f"g{i}": game_json(f"G {i}", kinds) for i in range(stats.GAME_LIMIT)}
    write([player_json("Ana", games)])
    found, message = load_stats()
    assert message is None and set_aside() == []
    assert len(found.profiles[0].games) == stats.GAME_LIMIT
    assert all(len(g.against) == stats.KIND_LIMIT for g in found.profiles[0].games.values())


# ============================================================================ scores
@pytest.mark.parametrize("best", [-10**9, 10**6])
def test_a_best_score_no_game_reaches_is_refused_with_a_message(home: Path, best: int) -> None:
    """The audit's -10^9 and a million are refused; the farthest score allowed reads, one past it
    does not."""
    yb = "ya_blew_it"
    content = write([player_json("Ana", {yb: game_json("Ya Blew It!", ["human"], best=best)}),
                     player_json("Bo", {yb: game_json("Ya Blew It!", ["human"], best=-stats.SCORE_LIMIT)}),
                     player_json("Cy", {yb: game_json("Ya Blew It!", ["human"], best=stats.SCORE_LIMIT + 1)})])
    found, message = load_stats()
    assert [p.name for p in found.profiles] == ["Bo"] and found.profiles[0].games[yb].best == -stats.SCORE_LIMIT
    assert message is not None and f"is not a score ({best})" in message
    assert f"is not a score ({stats.SCORE_LIMIT + 1})" in message
    assert [p.read_bytes() for p in set_aside()] == [content]


def test_a_score_past_the_limit_is_counted_as_the_limit(home: Path) -> None:
    """No game scores that much; were one to, the file written must still read back."""
    assert record_match(staged("Ana", [10**7, 3])) is None
    found, message = load_stats()
    assert message is None and found.profiles[0].games["ya_blew_it"].best == stats.SCORE_LIMIT


# ============================================================================ players
def test_more_players_than_are_kept_sets_the_file_aside_and_says_so(home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "PROFILE_LIMIT", 10)
    content = write([player_json(f"Player {i}", {}, when=100 + i) for i in range(15)])
    found, message = load_stats()
    assert [p.name for p in found.profiles] == [f"Player {i}" for i in range(14, 4, -1)]
    assert message is not None and "15 players; the 10 who played last are kept" in message, message
    assert [p.read_bytes() for p in set_aside()] == [content]
    assert load_stats() == (found, None)
    # The next game is counted with no word more.
    assert record_match(staged("Player 14", [5, 3]), now=500) is None
    assert len(set_aside()) == 1 and len(load_stats()[0].profiles) == 10


def test_the_file_is_set_aside_with_the_message_when_the_first_game_ends(home: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit's case: the first thing to read the file is the end of a game."""
    monkeypatch.setattr(stats, "PROFILE_LIMIT", 10)
    content = write([player_json(f"Player {i}", {}, when=100 + i) for i in range(15)])
    message = record_match(staged("Ana", [5, 3]), now=500)
    assert message is not None and "15 players" in message and "kept as stats.unreadable-" in message
    # Ana is one player more than are kept: Player 5 moves to the records left out.
    kept = set_aside()
    assert [p.read_bytes() for p in kept] == [content] and kept[0].name in message
    assert "Player 5's record was moved to stats-left-out.json" in message
    assert [p.name for p in Stats.from_json(json.loads(stats.left_out_path().read_text("utf-8"))).profiles] \
        == ["Player 5"]
    found, again = load_stats()
    assert again is None and len(found.profiles) == 10 and found.profiles[0].name == "Ana"


def test_a_new_player_past_the_limit_moves_the_oldest_to_the_records_left_out(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new player past the limit moves the one who played longest ago to one file of the
    records left out (it set the whole file aside each time, a copy of up to 5 MB a game)."""
    monkeypatch.setattr(stats, "PROFILE_LIMIT", 3)
    for t, name in enumerate(["Ana", "Bo", "Cyd"]):
        assert record_match(staged(name, [5, 3], seed=t), now=t) is None
    message = record_match(staged("Dee", [5, 3], seed=9), now=9)
    assert message is not None and "Ana's record was moved to stats-left-out.json" in message, message
    assert "3 players who played last" in message
    message = record_match(staged("Eve", [5, 3], seed=10), now=10)
    assert message is not None and "Bo's record was moved" in message
    assert set_aside() == []
    assert [p.name for p in load_stats()[0].profiles] == ["Eve", "Dee", "Cyd"]
    left = Stats.from_json(json.loads(stats.left_out_path().read_text("utf-8")))
    assert [p.name for p in left.profiles] == ["Bo", "Ana"] and left.profiles[1].played == 1


def _two_players_at_a_limit_of_two(monkeypatch: pytest.MonkeyPatch) -> bytes:
    """Statistics that keep two players, holding two: the file as it is then."""
    monkeypatch.setattr(stats, "PROFILE_LIMIT", 2)
    for t, name in enumerate(["Ana", "Bo"]):
        record_match(staged(name, [5, 3], seed=t), now=t)
    return stats_path().read_bytes()


def test_a_new_player_past_the_limit_writes_nothing_when_the_records_left_out_cannot_be_kept(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _two_players_at_a_limit_of_two(monkeypatch)
    real = stats.write_json_atomic

    def refuse(path: Path, data: Any) -> None:
        if path == stats.left_out_path():
            raise PermissionError(13, "Permission denied")
        real(path, data)

    monkeypatch.setattr(stats, "write_json_atomic", refuse)
    message = record_match(staged("Cyd", [5, 3], seed=9), now=9)
    assert message is not None and "could not be added" in message and "Permission denied" in message
    assert stats_path().read_bytes() == before


def test_a_new_player_past_the_limit_leaves_the_file_in_place_when_nothing_can_be_written(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _two_players_at_a_limit_of_two(monkeypatch)

    def full(path: Path, data: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(stats, "write_json_atomic", full)
    message = record_match(staged("Cyd", [5, 3], seed=9), now=9)
    assert message is not None and "No space left on device" in message
    assert stats_path().read_bytes() == before and set_aside() == []
