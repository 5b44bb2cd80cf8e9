"""The rules contract that every Mother Lode game implements.

A game is a `GameInfo` (its factory and limits) plus a `GameState`. States are values: `apply`
returns a new state and the events it caused, and leaves the old one untouched. All randomness
comes from the `Rng` inside the state and every random outcome is written into the events, so
config + seed + action log reproduce a game exactly. Bots never receive a state: they get a
`View`, which hides what their seat may not know, and sample full states consistent with it.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, ClassVar, Mapping, Sequence, TypeVar, cast

from game.core.rng import Rng


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why."""


class BadSave(ValueError):
    """A saved game or state that cannot be read back."""


class NewerSave(BadSave):
    """A file written by a newer version of Mother Lode: sound, perhaps, but not readable here.
    It is left where it is, for the newer version to open."""


@dataclass(frozen=True, order=True)
class Action:
    """A small frozen move. Its string form (`roll`, `fire:red,blue`) is used in saves, logs, tests."""

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.kind if not self.args else f"{self.kind}:{','.join(self.args)}"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """The inverse of `str()`; raises `IllegalAction` on text that is not an action at all."""
        text = text.strip()
        if not text or any(ch.isspace() for ch in text):
            raise IllegalAction(f"{text!r} is not an action")
        kind, sep, rest = text.partition(":")
        if not kind:
            raise IllegalAction(f"{text!r} is not an action")
        args = tuple(rest.split(",")) if sep else ()
        if any(not a for a in args):
            raise IllegalAction(f"{text!r} has an empty argument")
        return cls(kind, args)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log and the animations.

    `visible_to` is None when every seat may see it, or the set of seats that may (an empty set:
    only the replay sees it, as with the order of a shuffled deck).

    `reveals` is True when the event shows someone something new that chance decided (a die
    roll, a card drawn or turned): an action that caused such an event can never be taken back,
    because the player has seen the future it drew.

    `news_for` are the seats it shows a card they did not know was where it came from (a card
    leaving a hidden hand face up): none of them may take back a move of theirs that such an
    event followed, while the seat whose card it was may still take back its own move.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None
    reveals: bool = False
    news_for: frozenset[int] = frozenset()

    def seen_by(self, player: int | None) -> bool:
        """Whether `player` may see this event (None stands for a spectator of public events)."""
        if self.visible_to is None:
            return True
        return player is not None and player in self.visible_to


@dataclass(frozen=True)
class PlayerScore:
    player: int
    total: int
    breakdown: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Outcome:
    """Final scores, with a per-player breakdown, and the winners (several on a tie)."""

    scores: tuple[PlayerScore, ...]
    winners: tuple[int, ...]

    @property
    def is_tie(self) -> bool:
        return len(self.winners) > 1

    @classmethod
    def highest_wins(cls, scores: tuple[PlayerScore, ...]) -> "Outcome":
        """The outcome where every player with the top total wins (several on a tie)."""
        top = max(s.total for s in scores)
        return cls(scores, tuple(s.player for s in scores if s.total == top))


@dataclass(frozen=True)
class GameConfig:
    """What a game is created from, besides its seed."""

    players: int
    names: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)

    def name(self, player: int) -> str:
        if player < len(self.names) and self.names[player]:
            return self.names[player]
        return f"Player {player + 1}"

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "names": list(self.names), "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameConfig":
        try:
            return cls(int(data["players"]), tuple(str(n) for n in data.get("names", ())),
                       dict(data.get("options", {})))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadSave(f"the game settings are unreadable ({exc})") from exc


T = TypeVar("T")


def first_player(config: GameConfig, rng: Rng, default: int | None = 0) -> tuple[int, str]:
    """The seat that takes the first turn, and how it was chosen: the option `first_player` names a
    seat ("chosen at set-up"), or is None for one drawn with `rng` ("chosen at random"; the setup's
    "Random"); without the option, `default` (None: drawn). Raises `IllegalAction` for a seat that
    is not at the table."""
    first = config.options.get("first_player", default)
    if first is None:
        return rng.below(config.players), "chosen at random"
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < config.players:
        raise IllegalAction(f"first player {first!r} is not at the table")
    return first, "chosen at set-up"


def decoded_option(options: Mapping[str, Any], key: str, kind: type[T], error: type[Exception],
                   missing: str) -> T:
    """The option `key` as a `kind` (a type with `from_json`, such as a map or a board): given
    as such, or as its JSON data, decoded once and kept (games replayed from saves share one).
    Raises `error` with `missing` when the option is absent, or with the reason it is unreadable."""
    data = options.get(key)
    if data is None:
        raise error(missing)
    if isinstance(data, kind):
        return data
    try:
        # Every class is hashable; the cast is for mypy, which does not see that of `type[T]`
        # (python/mypy#20409). `_decoded` is cached, so untyped: what it returns is a `kind`.
        return cast(T, _decoded(cast(type, kind), json.dumps(data, sort_keys=True)))
    except BadSave as exc:
        raise error(str(exc)) from exc


@lru_cache(maxsize=16)
def _decoded(kind: Any, text: str) -> Any:
    return kind.from_json(json.loads(text))


class GameState(ABC):
    """One position of a game. Subclasses keep plain data and never import pygame."""

    info: ClassVar["GameInfo"]
    config: GameConfig

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is now, or None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for `to_move()`, in a deterministic order (empty when over)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action on this (already copied) state."""

    @abstractmethod
    def copy(self) -> "GameState":
        """An independent copy: mutating it never touches this state."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome:
        """Scores and winners; also meaningful mid-game as the current standing."""

    @abstractmethod
    def view(self, player: int) -> "View":
        """What `player` may know, with every secret removed."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def config_from_json(cls, data: Mapping[str, Any]) -> GameConfig:
        """The config of a saved position of this game: raises `BadSave` when the data is
        another game's or names a player count the game does not allow."""
        info = cls.info
        if data.get("game", info.name) != info.name:
            raise BadSave(f"this is a {data.get('game')!r} position, not {info.title}")
        config = GameConfig.from_json(data["config"])
        if not info.min_players <= config.players <= info.max_players:
            raise BadSave(f"{config.players} players is not a {info.title} game")
        return config

    def progress(self) -> str:
        """How far the game has come, in a player's words ("Round 3 of 8"); "" when not told."""
        return ""

    def place(self) -> str:
        """What the game is played on, when a game offers a choice of it (a map's or a board's
        name), for the lists of saved games and replays; "" when there is no such choice."""
        return ""

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not allowed now; games override this with their own words."""
        legal = ", ".join(str(a) for a in self.legal_actions()) or "nothing"
        return f"'{action}' is not allowed now; the choices are: {legal}"

    def why_not(self, action: Action) -> str | None:
        """None when `action` is legal now, else why not, in a player's words. By default the list
        of legal actions is consulted; a game that can check one action directly overrides this
        (and `apply` then never lists them all)."""
        return None if action in self.legal_actions() else self.explain_illegal(action)

    def apply(self, action: Action) -> tuple["GameState", list[Event]]:
        """The state after `action` and the events it caused; raises `IllegalAction` if not legal
        (with `why_not`'s words).

        The state it is called on is never changed, whether the action is legal or not.
        """
        if self.is_over():
            raise IllegalAction("the game is over")
        why = self.why_not(action)
        if why is not None:
            raise IllegalAction(why)
        nxt = self.copy()
        events = nxt._apply(action)
        return nxt, events


    def advance(self, action: Action) -> "GameState":
        """The trusted fast path, for search only: the state after `action`, which must be one of
        this state's `legal_actions()` (nothing is checked) and must not be over. Events may be
        skipped. Gives exactly the state `apply` gives (`tests/test_fast_path.py` proves it for
        every game); the table, saves and replays always go through `apply`."""
        nxt = self.copy()
        nxt._apply(action)
        return nxt


class View(ABC):
    """A seat's knowledge of a position. Bots decide from this and nothing else."""

    player: int

    @abstractmethod
    def to_move(self) -> int | None: ...

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The legal actions for the seat to move (they are public in every game here)."""

    @abstractmethod
    def sample_state(self, rng: Rng) -> GameState:
        """A full state consistent with this view: secrets drawn at random with `rng`."""

    @abstractmethod
    def fingerprint(self) -> Any:
        """A comparable value; two views with equal fingerprints carry the same knowledge."""


class OpenView(View):
    """The view of a game that hides nothing on the table: the seat knows the whole position, and
    only the future (the state's generator) is unknown. `known(state)` says what the view keeps
    (a copy, with the generator reset or not, sharing the state's caches); samples are that
    position with a fresh generator."""

    def __init__(self, state: "GameState", player: int) -> None:
        self.player = player
        self.state = self.known(state)

    def known(self, state: "GameState") -> "GameState":
        """The position this view keeps: a copy of `state` whose generator is forgotten."""
        known = state.copy()
        known.rng = Rng(0)  # type: ignore[attr-defined]
        return known

    def to_move(self) -> int | None:
        return self.state.to_move()

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def sample_state(self, rng: Rng) -> "GameState":
        s = self.state.copy()
        s.rng = Rng(rng.next64())  # type: ignore[attr-defined]
        return s

    def fingerprint(self) -> Any:
        return json.dumps({"player": self.player, "state": self.state.to_json()}, sort_keys=True)


@dataclass(frozen=True)
class GameInfo:
    """A game's entry in the registry."""

    name: str
    title: str
    min_players: int
    max_players: int
    new: Callable[[GameConfig, int], tuple[GameState, list[Event]]]
    from_json: Callable[[Mapping[str, Any]], GameState]
    rules_doc: str
    blurb: str = ""
    # True when seats hold secrets from each other (hands): hot-seat play then shows a
    # "pass the screen" curtain between two humans' decisions.
    private_hands: bool = False
    # Options every new game needs unless the setup chose otherwise (Gold Mine: the shipped map).
    # Called at the edge, when a game is set up; the rules themselves never read files.
    default_options: Callable[[], dict[str, Any]] | None = None
    # What scores are counted in, singular and plural ("point"/"points", "$"/"$").
    score_unit: tuple[str, str] = ("point", "points")
    # True when the rulebook settles a tie with another game (the results screen offers one).
    tie_break_game: bool = False
    # Options that may name seats of the table (Gold Mine: each seat's start point): a tie-break
    # game, for the tied players only, leaves them out, as it does `first_player`.
    seat_options: tuple[str, ...] = ()
    # False when a game is won, not scored (Diamond in the Rough: the first to retire, or the Gem's
    # holder): the results then say how it was won, from the game's closing event, not "N points".
    scored: bool = True
    # Options a save that does not name them was played with: the value each option stood for
    # before it came (Gold Mine's fixed start points of version 0.1.0), where the newer default
    # would change how the save's actions replay.
    legacy_options: Mapping[str, Any] = field(default_factory=dict)
    # What stops a new game being dealt with these options, in the player's words, or None (Big
    # Dig: a board an earlier version accepted, which a finished game kept, and the map reader now
    # refuses). Play again asks before it deals; the setup's own choices are checked where they
    # are made.
    new_game_problem: Callable[[Mapping[str, Any]], str | None] | None = None
    # Lines the results add under a player's score, from the game's events (history, the seats'
    # names, the player): what the score alone does not tell (Ya Blew It!: the final blast).
    result_notes: Callable[[Sequence[Event], Sequence[str], int], list[str]] | None = None
    # The one sensible answer at a position, if it is one where any other answer can only lose
    # (Ya Blew It!: keeping a roll that cannot be bettered, rather than spending a Faulty Detonator
    # on it): the table plays it for a human after a moment, and a take-back counts it part of
    # the move before it. None where the player has a real choice.
    formality: Callable[[GameState], Action | None] | None = None

    def unit(self, amount: int) -> str:
        """The score unit that goes with `amount`."""
        return self.score_unit[0] if abs(amount) == 1 else self.score_unit[1]

    def make_config(self, players: int, names: tuple[str, ...] = (),
                    options: Mapping[str, Any] | None = None) -> GameConfig:
        """A config with this game's default options filled in under the chosen ones."""
        merged = dict(self.default_options() if self.default_options else {})
        merged.update(options or {})
        return GameConfig(players, names, merged)
