"""The search process pool: a decision and an analysis made in another process come back as plain
data for the seat's view, and the pool can be closed and used again."""

from __future__ import annotations

from game.bots.pool import SearchPool, shared_pool
from game.bots.search import Budget
from game.core.contract import Action
from game.games import get


def test_the_pool_decides_and_analyses_in_another_process() -> None:
    info = get("grim_prospects")
    state, _ = info.new(info.make_config(2), 3)
    seat = state.to_move()
    pool = SearchPool()
    try:
        action = pool.decide("grim_prospects", "normal", 1, state.to_json(), seat).result(60)
        assert Action.parse(action) in state.legal_actions()
        advice = pool.analyse("grim_prospects", state.to_json(), seat, Budget(60), top=3).result(60)
        assert 1 <= len(advice) <= 3
        assert {Action.parse(a.action) for a in advice} <= set(state.legal_actions())
        # 60 searched iterations, plus any visits the game's root prior counts as already made.
        assert sum(a.visits for a in advice) >= 60 and all(0 <= a.win <= 1 for a in advice)
        assert all(a.words and a.reason for a in advice)
        pool.close()
        # Closed, it starts a new worker on the next request.
        again = pool.decide("grim_prospects", "easy", 1, state.to_json(), seat).result(60)
        assert Action.parse(again) in state.legal_actions()
    finally:
        pool.close()
    assert shared_pool() is shared_pool()


def test_an_analysis_answers_for_the_move_played_in_the_games_words() -> None:
    """Diamond's search never considers giving the Gem back to the row; asked about that move (as
    Analyse asks about every move played), it weighs it and says it in the game's words."""
    from game.bots.pool import analyse
    from game.core.rng import Rng

    info = get("diamond_in_the_rough")
    state, _ = info.new(info.make_config(2), 2)
    rng = Rng(2)
    for _ in range(9):
        state = state.advance(rng.choice(state.legal_actions()))
    seat = state.to_move()
    played = "resupply:41,deck"
    assert Action.parse(played) in state.legal_actions()
    plain = analyse("diamond_in_the_rough", state.to_json(), seat, Budget(80), 1)
    assert played not in [a.action for a in plain]
    asked = analyse("diamond_in_the_rough", state.to_json(), seat, Budget(80), 1, top=3, played=played)
    mine = next(a for a in asked if a.action == played)
    assert mine.visits >= 8 and mine.reason
    assert mine.words.startswith("Discard") and "resupply" not in mine.words
    assert len(asked) in (3, 4)
    # A move that is not legal there (a damaged record) is answered with no looks, so not judged.
    odd = analyse("diamond_in_the_rough", state.to_json(), seat, Budget(20), 1, played="fly:away")
    assert [(a.action, a.visits, a.reason) for a in odd if a.action == "fly:away"] == [("fly:away", 0, "")]


def test_a_hint_lists_its_choices_by_chance_with_rough_ones_last() -> None:
    from game.bots.pool import hint_order
    from game.bots.search import Choice

    end, place, rare, fourth = (Action("end"), Action("place", ("1",)), Action("dig"),
                                Action("bank"))
    searched = [Choice(end, 0.30, 300), Choice(place, 0.31, 120), Choice(rare, 0.90, 4),
                Choice(fourth, 0.95, 2)]
    # The three looked at most; the better-known 31% above 30%; 90% of 4 looks last.
    assert [c.action for c in hint_order(searched, 3)] == [place, end, rare]
    # A tenth of the most looked-at is "enough" when that is more than FEW_LOOKS.
    many = [Choice(end, 0.40, 2000), Choice(place, 0.60, 150), Choice(rare, 0.20, 300)]
    assert [c.action for c in hint_order(many, 3)] == [end, rare, place]


def test_a_chance_from_a_few_looks_is_written_as_rough() -> None:
    from game.bots.pool import Advice
    from game.ui.tables.coach import percent

    assert percent(Advice("a", 0.62, 300, "", "")) == "62%"
    assert percent(Advice("a", 0.0, 2, "", "")) == "~0%"
    assert percent(Advice("a", 0.5, 0, "", "")) == "—"
    # Beside a choice looked at 300 times, 15 looks is rough too (fewer than a tenth): the hint
    # lists it last and marks it, so a firm 42% above it does not read as a contradiction.
    from game.bots.search import enough_looks
    assert enough_looks([300, 15]) == 30 and enough_looks([40, 12]) == 10 and enough_looks([]) == 10
    assert percent(Advice("a", 0.55, 15, "", ""), enough_looks([300, 15])) == "~55%"


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, dead but not yet reaped, does not)."""
    import os
    from pathlib import Path

    stat = Path(f"/proc/{pid}/stat")
    if Path("/proc").is_dir():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_the_search_worker_ends_when_the_game_process_is_killed() -> None:
    import os
    import subprocess
    import sys
    import time

    import pytest

    if os.name != "posix":
        pytest.skip("kills a process with SIGKILL: POSIX only")
    # A game process with a search worker, killed without any clean-up (a crash, "End task").
    script = ("import os, time\n"
              "from game.bots.pool import SearchPool\n"
              "print(SearchPool()._submit(os.getpid).result(timeout=120), flush=True)\n"
              "time.sleep(600)\n")
    game = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(game.stdout.readline())   # type: ignore[union-attr]
        assert worker != game.pid and _alive(worker)
    finally:
        game.kill()
        game.wait()
    deadline = time.monotonic() + 30
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(worker), "the search worker outlived its game"


def test_a_search_nobody_waits_for_stops_and_the_next_runs_whole() -> None:
    """A hint put away or a bot's move taken back only dropped the answer: the search ran on to
    its time cap in the one worker, and the hard bot's next move waited behind it (two seconds
    of a Gold Mine hint; from a review of hints at awkward moments). `stop` ends it at once,
    with what it has found (asked before the search began, after its first look); the next
    request is not stopped by it."""
    import time

    info = get("grim_prospects")
    state, _ = info.new(info.make_config(2), 3)
    seat = state.to_move()
    pool = SearchPool()
    try:
        pool.start("grim_prospects").result(60)
        endless = pool.analyse("grim_prospects", state.to_json(), seat, Budget(10**9), top=3)
        for _ in range(6000):
            if endless.running():
                break
            time.sleep(0.01)
        time.sleep(0.2)   # under way, with some looks made
        pool.stop(endless)
        advice = endless.result(120)   # (without the stop it would never end)
        assert advice and sum(a.visits for a in advice) < 10**9
        after = pool.analyse("grim_prospects", state.to_json(), seat, Budget(60), top=3).result(60)
        assert sum(a.visits for a in after) >= 60
        # Two stopped one after the other (a hint put away, then the bot's move queued behind it
        # taken back): the second stop does not undo the first.
        first = pool.analyse("grim_prospects", state.to_json(), seat, Budget(10**9), top=3)
        second = pool.analyse("grim_prospects", state.to_json(), seat, Budget(10**9), top=3)
        for _ in range(6000):
            if first.running() and second.running():
                break
            time.sleep(0.01)
        pool.stop(first)
        pool.stop(second)
        assert first.result(120) and second.result(120)
    finally:
        pool.close()
