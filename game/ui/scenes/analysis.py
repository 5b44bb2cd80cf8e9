"""Analyse in the replay viewer: the hard search looks again at every human decision of a game.

`Analysis` replays the record once (from its header, never touching the viewer's match) to find
each position where a human chose among two or more actions, then sends them to the search
process pool one at a time, each from that seat's view, exactly as a hint would be asked. Every
answer becomes a `Verdict`: the move played, the search's best choice, and both estimated chances
to win. A move is *marked* when its chance fell more than `threshold` (10 percentage points by
default) below the best choice's. One search at a time keeps the pool free and makes stopping
immediate: `stop()` drops the search in flight, `start()` goes on from there. What was found is
kept beside the replay (`to_json`, `restore`; the viewer writes it through `saves.keep_analysis`),
so a replay opened again shows its marks at once. No pygame here.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import logging
import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Mapping, TypeGuard

from game.bots.search import FEW_LOOKS, Budget
from game.core.contract import IllegalAction
from game.core.match import Match
from game.core.text import clean_text
from game.ui.tables.coach import Analyser, coach_seed, hint_budget, pool_analyser

if TYPE_CHECKING:   # the pool (and multiprocessing) loads only when a search is asked for
    from game.bots.pool import Advice

log = logging.getLogger(__name__)

THRESHOLD = 0.10        # a fall of more than 10 percentage points marks a move
BIG_FALL = 0.30         # ... and one of more than 30 is called a big mistake
ANALYSE_SECONDS = 0.6   # the search's time per move
ANALYSIS_FORMAT = 1     # the kept analysis of a replay (`Analysis.to_json`)
MAX_WORDS = 300         # the most characters a kept move's words or reason may have


@dataclass(frozen=True)
class Decision:
    """A human's decision in the record: before action number `index` (0-based), `seat` chose."""

    index: int
    seat: int
    state_json: Mapping[str, Any]


@dataclass(frozen=True)
class Verdict:
    """What the search thinks of one decision: the move played and the best choice."""

    index: int
    seat: int
    played: str
    best: Advice
    mine: Advice | None       # the move played, as the search saw it (None: no answer for it)
    threshold: float = THRESHOLD

    @property
    def weighed(self) -> bool:
        """Whether the search looked at the move played (it is asked to, budget permitting)."""
        return self.mine is not None and (self.mine.visits > 0 or self.played == self.best.action)

    @property
    def fall(self) -> float | None:
        """How much the chance to win fell against the best choice (0..1), if it was weighed."""
        if not self.weighed:
            return None
        assert self.mine is not None
        if self.played == self.best.action:
            return 0.0
        return self.best.win - self.mine.win

    @property
    def big(self) -> bool:
        """Whether the move fell far short of the best (`BIG_FALL`)."""
        fall = self.fall
        return fall is not None and fall > BIG_FALL

    @property
    def marked(self) -> bool:
        fall = self.fall
        return fall is not None and fall > self.threshold


def analyse_budget(game: str) -> Budget:
    """The search's budget for one move of Analyse: the coach's, which on a busy machine still
    plays `FEW_LOOKS` iterations (Gold Mine's deals) before its time cap, so that no move is
    marked from a handful of deals ("Played (~3%)", a big mistake from four)."""
    return replace(hint_budget(game, ANALYSE_SECONDS), least=FEW_LOOKS)


def human_decisions(match: Match, actions: list[str]) -> list[Decision]:
    """Every position of the record where a human chose among two or more actions, not counting
    the formalities the table played for them (`Match.formality`) (a fresh match
    from `match`'s header is played through; `match` itself is left as it is)."""
    data = match.to_json()
    data["actions"] = []
    fresh, _ = Match.from_header(data)
    out = []
    for i, text in enumerate(actions):
        seat = fresh.to_move()
        if (seat is not None and fresh.seats[seat].is_human and len(fresh.legal_actions()) > 1
                and fresh.formality() is None):   # (a move the table played for them)
            out.append(Decision(i, seat, fresh.state.to_json()))
        try:
            fresh.apply(text)
        except IllegalAction:
            log.warning("the record cannot be played past move %d (%s)", i + 1, text)
            break
    return out


class Analysis:
    """The human moves of one record, analysed one after another in the pool."""

    def __init__(self, match: Match, actions: list[str], analyser: Analyser | None = None,
                 budget: Budget | None = None, threshold: float = THRESHOLD) -> None:
        self.game = match.game
        self.seed = match.seed
        self.actions = list(actions)
        self.analyser: Analyser = analyser or pool_analyser
        self.budget = budget or analyse_budget(match.game)
        self.threshold = threshold
        self.decisions = human_decisions(match, self.actions)
        self.verdicts: dict[int, Verdict] = {}
        self.failed = 0
        self.running = False
        self._next = 0                     # the decision to ask about next
        self._future: concurrent.futures.Future[list[Advice]] | None = None

    # ---------------------------------------------------------------- progress
    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def done(self) -> int:
        """Decisions answered (or given up on)."""
        return self._next - (1 if self._future is not None else 0)

    @property
    def finished(self) -> bool:
        return self._next >= self.total and self._future is None

    def marked(self) -> list[int]:
        """The action numbers (0-based) of the marked moves, in order."""
        return sorted(i for i, v in self.verdicts.items() if v.marked)

    # ---------------------------------------------------------------- control
    def start(self) -> None:
        """Start, or go on from where it stopped."""
        if not self.finished:
            self.running = True
            self._ask()

    def stop(self) -> None:
        """Stop now; the search in flight is dropped (it is asked again on `start`)."""
        self.running = False
        if self._future is not None:
            if not self._future.cancel():
                from game.bots.pool import stop_search

                self._future.add_done_callback(_discard)
                stop_search(self._future)   # (the one search worker is wanted for what is next)
            self._future = None
            self._next -= 1

    def poll(self) -> bool:
        """Take an answer that is in and ask the next question; True when a verdict was added."""
        future = self._future
        if future is None or not future.done():
            return False
        self._future = None
        d = self.decisions[self._next - 1]
        added = False
        try:
            self._judge(d, future.result())
            added = True
        except Exception as exc:
            self.failed += 1
            log.warning("analysis of move %d failed: %s", d.index + 1, exc)
        if self.running:
            self._ask()
        return added

    def _ask(self) -> None:
        if self._future is not None:
            return
        if self._next >= self.total:
            self.running = False
            return
        d = self.decisions[self._next]
        self._next += 1
        try:
            self._future = self.analyser(self.game, d.state_json, d.seat, self.budget,
                                         coach_seed(self.seed, d.index), None,
                                         self.actions[d.index])
        except Exception as exc:
            log.exception("the analysis could not start")
            self.failed += 1
            self.running = False
            self._next -= 1
            raise RuntimeError(f"the search could not start ({exc.__class__.__name__})") from exc

    # ---------------------------------------------------------------- kept with the replay
    def to_json(self) -> dict[str, Any]:
        """What was found so far, to keep beside the replay (`restore` takes it back)."""
        return {"format": ANALYSIS_FORMAT, "game": self.game, "seed": self.seed,
                "record": record_key(self.actions), "done": self.done,
                "verdicts": [_verdict_json(self.verdicts[i]) for i in sorted(self.verdicts)]}

    def restore(self, data: Any) -> bool:
        """Take back what a kept analysis of this very record found (`to_json`): its verdicts,
        and where it stopped, so that `start` goes on from there. False, with nothing taken, when
        `data` is not one (another record or format, or damage): the file is read from the
        user's folder, so every field is checked here, where it enters."""
        if not isinstance(data, Mapping) or data.get("format") != ANALYSIS_FORMAT:
            return False
        if (data.get("game"), data.get("seed"), data.get("record")) != (
                self.game, self.seed, record_key(self.actions)):
            return False
        done, items = data.get("done"), data.get("verdicts")
        if not _count(done, self.total) or not isinstance(items, list) or len(items) > done:
            return False
        asked = {d.index: d.seat for d in self.decisions[:done]}
        verdicts: dict[int, Verdict] = {}
        for item in items:
            v = _verdict_from(item, self.actions, asked, self.threshold)
            if v is None or v.index in verdicts:
                return False
            verdicts[v.index] = v
        self.stop()
        self.verdicts = verdicts
        self._next = done
        return True

    def _judge(self, d: Decision, advice: list[Advice]) -> None:
        if not advice:
            return
        played = self.actions[d.index]
        # The search's own first choice: the move played has extra looks, for a firm chance,
        # which do not make it the best (`game.bots.search.search`, `include`).
        best = advice[0]
        mine = next((a for a in advice if a.action == played), None)
        self.verdicts[d.index] = Verdict(d.index, d.seat, played, best, mine, self.threshold)


def record_key(actions: list[str]) -> str:
    """A fingerprint of a record's moves: a kept analysis belongs to the record it was made of."""
    return hashlib.sha256("\n".join(actions).encode("utf-8", "surrogatepass")).hexdigest()


def _count(value: Any, most: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _advice_json(a: Advice) -> dict[str, Any]:
    return {"action": a.action, "win": a.win, "visits": a.visits, "words": a.words, "reason": a.reason}


def _advice_from(data: Any) -> Advice | None:
    from game.bots.pool import Advice

    if not isinstance(data, Mapping):
        return None
    action, win, visits = data.get("action"), data.get("win"), data.get("visits")
    if not isinstance(action, str) or not 0 < len(action) <= MAX_WORDS:
        return None
    if not isinstance(win, (int, float)) or isinstance(win, bool) or not math.isfinite(win) or not 0 <= win <= 1:
        return None
    words = clean_text(data.get("words"), MAX_WORDS, ellipsis=True)
    if not _count(visits, 10 ** 9) or not words:
        return None   # (a move shown with no words would say "Best (44%): " and nothing)
    return Advice(action, float(win), visits, words, clean_text(data.get("reason"), MAX_WORDS, ellipsis=True))


def _verdict_json(v: Verdict) -> dict[str, Any]:
    return {"index": v.index, "seat": v.seat, "best": _advice_json(v.best),
            "mine": None if v.mine is None else _advice_json(v.mine)}


def _verdict_from(data: Any, actions: list[str], asked: Mapping[int, int], threshold: float) -> Verdict | None:
    """A kept verdict, if it is sound for this record: a human decision analysed before it
    stopped, by the seat that made it, with sound advice (the move played is the record's)."""
    if not isinstance(data, Mapping):
        return None
    index, seat = data.get("index"), data.get("seat")
    if not _count(index, len(actions)) or index not in asked or seat != asked[index]:
        return None
    best = _advice_from(data.get("best"))
    mine = None if data.get("mine") is None else _advice_from(data.get("mine"))
    if best is None or (data.get("mine") is not None and (mine is None or mine.action != actions[index])):
        return None
    return Verdict(index, seat, actions[index], best, mine, threshold)


def _discard(future: "concurrent.futures.Future[Any]") -> None:
    if not future.cancelled():
        future.exception()
