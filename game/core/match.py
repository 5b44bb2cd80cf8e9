"""The match runner between the scenes and the rules: seats, the action log, saves, bot turns.

A save is the game name, its config, the seed, the seats and the action strings; loading replays
the actions through the rules (the generator lives in the state, so nothing is re-rolled
differently), which also checks that the save is sound.
"""

from __future__ import annotations

import concurrent.futures
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.bots import LEVELS, Bot, make_bot
from game.core.contract import Action, BadSave, Event, GameState, IllegalAction, View
from game.core.rng import derive_seed
from game.core.storage import read_json, set_aside, write_json_atomic

SAVE_FORMAT = 1
HUMAN = "human"
BOT = "bot"


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a human, or a bot of some level."""

    name: str
    kind: str = HUMAN
    level: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def describe(self) -> str:
        return self.name if self.is_human else f"{self.name} ({self.level} bot)"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Seat":
        kind = str(data.get("kind", HUMAN))
        level = str(data.get("level", ""))
        if kind not in (HUMAN, BOT) or (kind == BOT and level not in LEVELS):
            raise BadSave(f"seat {data!r} is neither a human nor a known bot")
        return cls(str(data.get("name", "Player")), kind, level)


class Match:
    """One game in progress with its seats and history."""

    def __init__(self, game: str, seats: list[Seat], seed: int,
                 options: Mapping[str, Any] | None = None) -> None:
        from game.games import get

        self.info = get(game)
        if not self.info.min_players <= len(seats) <= self.info.max_players:
            raise IllegalAction(f"{self.info.title} is for {self.info.min_players} to "
                                f"{self.info.max_players} players, not {len(seats)}")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.config = self.info.make_config(len(seats), tuple(s.name for s in seats), options)
        state, events = self.info.new(self.config, seed)
        self.state: GameState = state
        self.actions: list[str] = []
        self.history: list[Event] = list(events)
        self.opening_events: list[Event] = list(events)
        self._bots: dict[int, Bot] = {}
        # Which match this is (its save and replay files are named after it) and when it began.
        self.match_id = uuid.uuid4().hex[:16]
        self.started = time.time()

    # ------------------------------------------------------------------ play
    def to_move(self) -> int | None:
        return self.state.to_move()

    def is_over(self) -> bool:
        return self.state.is_over()

    def human_to_move(self) -> bool:
        p = self.to_move()
        return p is not None and self.seats[p].is_human

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def apply(self, action: Action | str) -> list[Event]:
        """Play `action` for the seat to move; raises IllegalAction (and changes nothing) if illegal."""
        if isinstance(action, str):
            action = Action.parse(action)
        self.state, events = self.state.apply(action)
        self.actions.append(str(action))
        self.history.extend(events)
        return events

    def view(self, seat: int) -> View:
        return self.state.view(seat)

    def bot(self, seat: int) -> Bot:
        """The bot for `seat`, with its own seed derived from the match seed."""
        if seat not in self._bots:
            s = self.seats[seat]
            if s.is_human:
                raise ValueError(f"seat {seat} ({s.name}) is a human")
            self._bots[seat] = make_bot(self.game, s.level, derive_seed(self.seed, "bot", seat))
        return self._bots[seat]

    def viewer(self) -> int | None:
        """The seat whose eyes the table shows: the human deciding now, else the last human to act."""
        p = self.to_move()
        if p is not None and self.seats[p].is_human:
            return p
        humans = [i for i, s in enumerate(self.seats) if s.is_human]
        return humans[0] if humans else None

    # ------------------------------------------------------------------ saves
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.config.options),
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: Any) -> "Match":
        """Rebuild a match by replaying its actions; raises BadSave saying what is wrong."""
        if not isinstance(data, Mapping):
            raise BadSave("the save is not a saved game")
        if data.get("format") != SAVE_FORMAT:
            raise BadSave(f"the save has format {data.get('format')!r}; this version reads {SAVE_FORMAT}")
        try:
            seats = [Seat.from_json(s) for s in data["seats"]]
            match = cls(str(data["game"]), seats, int(data["seed"]), dict(data.get("options", {})))
            actions = [str(a) for a in data["actions"]]
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, IllegalAction) as exc:
            raise BadSave(f"the save is incomplete or damaged ({exc})") from exc
        for i, text in enumerate(actions):
            try:
                match.apply(text)
            except IllegalAction as exc:
                raise BadSave(f"move {i + 1} ({text!r}) of the save cannot be played: {exc}") from exc
        return match

    def save(self, path: Path) -> None:
        write_json_atomic(path, self.to_json())


def load_match(path: Path) -> Match:
    """Load a saved match; raises BadSave with a plain reason."""
    try:
        data = read_json(path)
    except OSError as exc:
        raise BadSave(f"the save cannot be opened ({exc.strerror or exc})") from exc
    except ValueError as exc:
        raise BadSave(f"the save is damaged: {exc}") from exc
    return Match.from_json(data)


def load_or_set_aside(path: Path) -> tuple[Match | None, str | None]:
    """A saved match if `path` holds a sound one; otherwise None and a message for the player.

    A damaged file is moved aside (never deleted) so that nothing the player had is lost.
    """
    if not path.exists():
        return None, None
    try:
        return load_match(path), None
    except BadSave as exc:
        try:
            kept = set_aside(path)
            where = f" It was kept as {kept.name}."
        except OSError:
            where = ""
        return None, f"The saved game could not be resumed: {exc}.{where}"


class BotThinker:
    """Runs bot decisions on a worker thread so the window never freezes while a bot decides."""

    def __init__(self) -> None:
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._future: concurrent.futures.Future[Action] | None = None
        self._key: tuple[int, int] | None = None

    def request(self, match: Match) -> None:
        """Start thinking for the bot to move in `match` (once per position)."""
        seat = match.to_move()
        if seat is None:
            return
        key = (id(match), len(match.actions))
        if self._key == key:
            return
        self._key = key
        bot, view = match.bot(seat), match.view(seat)
        self._future = self._pool.submit(bot.choose, view)

    def result(self, match: Match) -> Action | None:
        """The decision, once ready, for the position it was asked about; None while thinking."""
        if self._future is None or not self._future.done():
            return None
        if self._key != (id(match), len(match.actions)):
            self._future = None
            return None
        action = self._future.result()
        self._future = None
        self._key = None
        return action

    def cancel(self) -> None:
        self._future = None
        self._key = None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
