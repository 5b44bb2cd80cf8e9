"""The match runner between the scenes and the rules: seats, the action log, saves, undo, bot turns.

A save is the game name, its config, the seed, the seats and the action strings; loading replays
the actions through the rules (the generator lives in the state, so nothing is re-rolled
differently), which also checks that the save is sound.

The runner keeps every position the match has passed through, so it can go back to one that
existed: `undo` for a player taking back a slip (within the fair-play policy of `undo_target`),
`rewind` for a replay stepping backwards. Going back never draws a new future: the generator is
part of the position.
"""

from __future__ import annotations

import concurrent.futures
import json
import logging
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.bots import LEVELS, Bot, make_bot
from game.core.contract import Action, BadSave, Event, GameState, IllegalAction, NewerSave, View
from game.core.rng import derive_seed
from game.core.storage import RECORD_BYTES, read_json, set_aside, write_json_atomic
from game.core.text import clean_name, clean_text, quoted

log = logging.getLogger(__name__)

SAVE_FORMAT = 2
# Format 1 (version 0.1.0) had no match id; it is read with the game's `legacy_options`, as
# every save is.
READABLE_FORMATS = (1, 2)
HUMAN = "human"
BOT = "bot"
MAX_SEATS = 16            # no game seats more
MAX_ACTION_CHARS = 200    # the longest move any game writes is about 30 characters


# The take-backs and the hints by the move they were noted at, and what they were worked out from.
_NotesCache = tuple[Any, dict[int, list[tuple[int, str]]], dict[int, list[tuple[int, int]]],
                    Counter[tuple[int, int]]]


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
            raise BadSave(f"the seat of {quoted(data.get('name', ''))} is neither a human nor a known "
                          f"bot (its kind is {quoted(kind)}, its level {quoted(level)})")
        # The name is cleaned where it comes in (no control characters, surrogates, absurd length).
        return cls(clean_name(data.get("name", "Player")), kind, level)


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
        self._bots: dict[int, tuple[int, Bot]] = {}   # per seat: the `version` it was made at
        # Which match this is (its save and replay files are named after it) and when it began.
        self.match_id = uuid.uuid4().hex[:16]
        self.started = time.time()
        # Every position so far (states are values), the history's length after each action,
        # who took each action and whether it revealed anything: what undo and replays need.
        self._states: list[GameState] = [state]
        self._marks: list[int] = [len(self.history)]
        self._actors: list[int] = []
        self._revealed: list[bool] = []
        self._news_for: list[frozenset[int]] = []   # the seats each action showed a hidden card
        # Changes whenever the position changes, forwards or back (bot requests are keyed on it).
        self.version = 0
        # A replay's table: nobody decides, and `reveal_all` shows every seat's secrets.
        self.spectator = False
        self.reveal_all = False
        self.view_seat: int | None = None
        # Hot-seat privacy (never saved): the seat whose secrets the table may show, set when
        # that player lifts the "pass the screen" curtain; None until someone has.
        self.eyes: int | None = None
        # The coach's hints each seat took: per seat, the number of actions played when it asked
        # (saved with the game and its replay; a save from before hints has none).
        self.hints: list[list[int]] = [[] for _ in self.seats]
        # Per seat, the hints asked in lines of play since taken back: gone from the log with
        # those moves (a position the game no longer passes), still counted as taken.
        self.hints_taken_back: list[int] = [0 for _ in self.seats]
        # Per seat, the positions where its hint came after take-backs there, once for each
        # take-back it followed (the log said those first); a position not listed: the hint came
        # before the move later taken back.
        self.hints_after_take_back: list[list[int]] = [[] for _ in self.seats]
        # The take-backs of this line of play: (moves played when it was taken back, seat, the
        # log's note), kept in the save so that a resumed game's log still tells of them.
        self.took_back: list[tuple[int, int, str]] = []
        # A tie-break game's table: the seats and options of the game whose tie it plays off, so
        # that Play again after it deals that table again, not the tied players alone (saved).
        self.tie_break_of: tuple[list[Seat], dict[str, Any]] | None = None
        self._notes_cache: _NotesCache | None = None
        self._formality_at: tuple[int, Action | None] | None = None   # (version, `formality()`)

    # ------------------------------------------------------------------ play
    def to_move(self) -> int | None:
        return self.state.to_move()

    def is_over(self) -> bool:
        return self.state.is_over()

    @property
    def fresh(self) -> bool:
        """True for a match that has not begun: no action played, none taken back (a table
        shows its opening deal then; otherwise it starts from the position as it stands)."""
        return not self.actions and self.version == 0

    def human_to_move(self) -> bool:
        p = self.to_move()
        return p is not None and not self.spectator and self.seats[p].is_human

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def apply(self, action: Action | str) -> list[Event]:
        """Play `action` for the seat to move; raises IllegalAction (and changes nothing) if illegal."""
        if isinstance(action, str):
            action = Action.parse(action)
        actor = self.state.to_move()
        self.state, events = self.state.apply(action)
        self.actions.append(str(action))
        self.history.extend(events)
        self._states.append(self.state)
        self._marks.append(len(self.history))
        self._actors.append(-1 if actor is None else actor)
        self._revealed.append(any(reveals(ev) for ev in events))
        self._news_for.append(frozenset().union(*(ev.news_for for ev in events)))
        self.version += 1
        return events

    def play_recorded(self, action: Action | str) -> list[Event]:
        """Play the next action of a record (a save, a replay) as `apply` does; then the log
        notes the hints taken at the position reached, as the game's own log did."""
        events = self.apply(action)
        self._restore_hint_notes()
        return events

    def view(self, seat: int) -> View:
        return self.state.view(seat)

    def progress(self) -> str:
        """How far the game has come ("Round 3 of 8"), or the move number when the game says not."""
        return self.state.progress() or f"move {len(self.actions) + 1}"

    # ------------------------------------------------------------------ the coach
    def note_hint(self, seat: int) -> Event | None:
        """`seat` asked the coach for a hint at this position: counted for that seat, and noted in
        the log ("Ana asked for a hint"), where it is no action and reveals nothing. A hint asked
        again at a position already counted (after a resume, say) is not counted twice: None."""
        if len(self.actions) in self.hints[seat]:
            return None
        self.hints[seat].append(len(self.actions))
        before = sum(1 for at, _, _ in self.took_back if at == len(self.actions))
        self.hints_after_take_back[seat] += [len(self.actions)] * before
        self._notes_cache = None
        note = self._hint_note(seat)
        self.history.append(note)
        self._marks[-1] = len(self.history)
        return note

    def _hint_note(self, seat: int) -> Event:
        return Event("hint", f"{self.seats[seat].name} asked for a hint", {"player": seat})

    def hints_taken(self, seat: int) -> int:
        """How many hints `seat` took in this game (also in lines of play taken back)."""
        if not 0 <= seat < len(self.hints):
            return 0
        return len(self.hints[seat]) + self.hints_taken_back[seat]

    def _restore_hint_notes(self) -> None:
        """A loaded game's log notes again the hints and the take-backs at the position it has
        reached."""
        took, hinted, after = self._notes_index()
        count = len(self.actions)
        # As they came: each hint among the take-backs at this position, after as many of them
        # as it followed (a hint, a take-back, a hint, a take-back).
        backs = took.get(count, [])
        here = [(seat, min(after[seat, count], len(backs))) for seat, times in hinted.get(count, ())
                for _ in range(times)]
        notes: list[Event] = []
        for i in range(len(backs) + 1):
            notes += [self._hint_note(seat) for seat, before in here if before == i]
            if i < len(backs):
                seat, text = backs[i]
                notes.append(Event("took_back", text, {"player": seat}))
        if notes:
            self.history.extend(notes)
            self._marks[-1] = len(self.history)

    def _notes_index(self) -> tuple[dict[int, list[tuple[int, str]]], dict[int, list[tuple[int, int]]],
                                    Counter[tuple[int, int]]]:
        """The take-backs and the hints by the move they were noted at (worked out again only when
        the records change), so that loading a long record never searches them at every move."""
        # (`note_hint`, `undo` and `from_header` forget it when they change a record.)
        key = (len(self.took_back), tuple(len(h) for h in self.hints),
               tuple(len(h) for h in self.hints_after_take_back))
        if self._notes_cache is None or self._notes_cache[0] != key:
            took: dict[int, list[tuple[int, str]]] = {}
            for at, seat, text in self.took_back:
                took.setdefault(at, []).append((seat, text))
            hinted: dict[int, list[tuple[int, int]]] = {}
            for seat, moves in enumerate(self.hints):
                for at, times in Counter(moves).items():
                    hinted.setdefault(at, []).append((seat, times))
            after = Counter((seat, at) for seat, moves in enumerate(self.hints_after_take_back)
                            for at in moves)
            self._notes_cache = (key, took, hinted, after)
        return self._notes_cache[1], self._notes_cache[2], self._notes_cache[3]

    # ------------------------------------------------------------------ going back
    def undo_target(self, seat: int | None = None) -> int | None:
        """How many actions remain if `seat` takes back their last action now (default: whoever
        may); None when the policy forbids it.

        The policy: the last human to decide may take back that decision, together with the bot
        replies that followed it, unless any of those revealed something (a roll, a card turned,
        a secret shown to someone, a card of another's hidden hand shown to this player, or, at a
        hot-seat table, a card of a hidden hand shown to another human).
        Anything before another human's decision, or before something was revealed, stands.
        Nothing random is ever re-rolled: the position gone back to existed, generator and all.
        """
        point = self._undo_point()
        if point is None or (seat is not None and seat != point[0]):
            return None
        return point[1]

    def undo_seat(self) -> int | None:
        """The seat that may take back a move now, if any."""
        point = self._undo_point()
        return None if point is None else point[0]

    def _undo_point(self) -> tuple[int, int] | None:
        return self._undo_search()[0]

    def undo_refusal(self, viewer: int | None = None) -> str:
        """Why nothing may be taken back now, in the words of the player at the screen (`viewer`,
        when known: "your last move"), short enough for any table's message line (see
        `undo_target`); "" when something may."""
        return self._undo_search(viewer)[1]

    def _undo_search(self, viewer: int | None = None) -> tuple[tuple[int, int] | None, str]:
        """The seat that may take back a move and how many actions would remain, or None and why
        not (in `viewer`'s words)."""
        if self.spectator:
            return None, "this is a replay"
        if self.is_over():
            return None, "the game is over"
        i = len(self.actions)
        learned: dict[int, int] = {}   # seat shown a card of a hidden hand -> whose it was
        while i > 0:
            actor = self._actors[i - 1]
            if self._revealed[i - 1]:
                # (No names: a long one would push the reason out of a narrow message box.)
                latest = i == len(self.actions)
                who = ("your last move" if latest and viewer is not None and actor == viewer
                       else "the last move" if latest else "a move since")
                return None, f"{who} revealed something new, which stands"
            for seat in self._news_for[i - 1]:
                learned.setdefault(seat, actor)
            if self._human(actor) and not self._formal(i - 1):
                # Not when a reply since showed this player a card of a hidden hand.
                if actor in learned:
                    return None, f"{self.seats[learned[actor]].name} has shown a card of their hand since"
                # Nor, at a shared screen passed on since (another player lifted the curtain),
                # when the move or a reply showed another player a card of a hidden hand: taken
                # back, that card would go back into the hand, where they now know it is (a
                # discard taken back by the next player, at the curtain).
                others = [p for p in learned if p != actor and self._human(p)]
                if self.hotseat and others and self.eyes != actor:
                    seen = viewer if viewer in others else others[0]
                    whose = self.seats[learned[seen]].name
                    who = "you have" if seen == viewer else f"{self.seats[seen].name} has"
                    return None, f"{who} seen a card of {whose}'s hand"
                return (actor, i - 1), ""
            # A bot's reply, or a formality the table played, that revealed nothing: taken back
            # with the decision before it.
            i -= 1
        return None, "you have not moved yet" if viewer is not None else "no player has moved yet"

    def _human(self, actor: int) -> bool:
        return 0 <= actor < len(self.seats) and self.seats[actor].is_human

    def formality(self) -> Action | None:
        """The one sensible answer at this position, which the table plays for a human (see
        `GameInfo.formality`); None when the player has a real choice."""
        hook = self.info.formality
        if hook is None or self.is_over():
            return None
        # Asked every frame while a human is to move: worked out once a position.
        if self._formality_at is None or self._formality_at[0] != self.version:
            self._formality_at = (self.version, hook(self.state))
        return self._formality_at[1]

    def _formal(self, index: int) -> bool:
        """Whether action number `index` was the formality of its position."""
        hook = self.info.formality
        if hook is None:
            return False
        formal = hook(self._states[index])
        return formal is not None and str(formal) == self.actions[index]

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_target(seat) is not None

    def undo(self, seat: int | None = None) -> tuple[int, list[Event]]:
        """Take back `seat`'s last action (and the bot replies after it); returns the seat and
        the events that were taken back. Raises IllegalAction when the policy forbids it."""
        if seat is None:
            seat = self.undo_seat()
        target = self.undo_target(seat)
        if target is None or seat is None:
            raise IllegalAction(f"nothing may be taken back: {self.undo_refusal() or 'that move is not yours'}")
        undone = self.history[self._marks[target]:]
        # The other seats' replies taken back with it (a formality of the seat's own is no reply).
        replies = sum(1 for i in range(target + 1, len(self.actions)) if self._actors[i] != seat)
        taken = Action.parse(self.actions[target])
        self.rewind(target)
        name = self.seats[seat].name
        mine = self.action_events_of(undone, seat)
        extra = f" (and {replies} repl{'y' if replies == 1 else 'ies'} after it)" if replies else ""
        if mine:
            what = mine[0].text
            if what.startswith(name + " "):
                what = what[len(name) + 1:]
            text = f"{name} took back a move{extra}: {what}"
        else:
            # A move the log does not tell of (ending a turn, keeping a Claim Jumper): named as
            # its button says it. Only a move that revealed nothing is taken back, so its words
            # tell nothing secret.
            from game.bots.search import policy_for

            said = policy_for(self.game).describe(self.state.view(seat), taken)
            text = f'{name} took back "{said}"{extra}'
        note = Event("took_back", text, {"player": seat})
        # Those of the line of play just taken back are gone from the log: from the record too
        # (a hint there stays counted, but is not noted again where the game goes on otherwise).
        self.took_back = [t for t in self.took_back if t[0] <= target] + [(target, seat, text)]
        for s, asked in enumerate(self.hints):
            gone = sum(1 for at in asked if at > target)
            if gone:
                self.hints[s] = [at for at in asked if at <= target]
                self.hints_taken_back[s] += gone
            self.hints_after_take_back[s] = [at for at in self.hints_after_take_back[s] if at <= target]
        self._notes_cache = None
        # The note stays in the log of this position; it is no action and reveals nothing.
        self.history.append(note)
        self._marks[-1] = len(self.history)
        return seat, undone

    @staticmethod
    def action_events_of(events: list[Event], seat: int) -> list[Event]:
        """The events among `events` that name `seat` as the player."""
        return [ev for ev in events if ev.data.get("player") == seat]

    def rewind(self, count: int) -> None:
        """Go back to the position after the first `count` actions (a position that existed)."""
        if not 0 <= count <= len(self.actions):
            raise ValueError(f"there is no position after {count} actions")
        self.state = self._states[count]
        del self._states[count + 1:]
        del self.actions[count:]
        del self.history[self._marks[count]:]
        del self._marks[count + 1:]
        del self._actors[count:]
        del self._revealed[count:]
        del self._news_for[count:]
        self.version += 1

    def actor(self, index: int) -> int:
        """The seat that took action number `index` (0-based)."""
        return self._actors[index]

    def action_events(self, index: int) -> list[Event]:
        """The events that action number `index` caused."""
        return self.history[self._marks[index]:self._marks[index + 1]]

    def revealed_outcomes(self) -> dict[str, Any]:
        """What chance decided, in order: at the opening and after each action (for replays and
        `verify`). Each outcome is an event's kind and data, as JSON."""
        def outcomes(events: list[Event]) -> list[Any]:
            return [[ev.kind, _plain(ev.data)] for ev in events if ev.reveals]

        return {"opening": outcomes(self.history[:self._marks[0]]),
                "moves": [outcomes(self.action_events(i)) for i in range(len(self.actions))]}

    def bot(self, seat: int) -> Bot:
        """The bot for `seat` at this position, seeded from the match's seed, the seat and how
        many moves were played: whatever its randomness, it decides the same at the same point of
        the game, in a resumed game as in the one played on, and after a take-back the same move
        played again gets the same reply (a player cannot undo until a bot's luck turns)."""
        made = self._bots.get(seat)
        if made is None or made[0] != self.version:   # (a position reached again is new to it)
            s = self.seats[seat]
            if s.is_human:
                raise ValueError(f"seat {seat} ({s.name}) is a human")
            seed = derive_seed(self.seed, "bot", seat, len(self.actions))
            made = self._bots[seat] = (self.version, make_bot(self.game, s.level, seed))
        return made[1]

    @property
    def hotseat(self) -> bool:
        """True when humans share the screen and the game hides things from them: two or more
        humans in a game with private hands (the table then hides it between their turns)."""
        return (self.info.private_hands and not self.spectator
                and sum(1 for s in self.seats if s.is_human) > 1)

    def viewer(self) -> int | None:
        """The seat whose eyes the table shows: the human deciding now, else the last human to act.

        Hot-seat (`hotseat`): the seat that last lifted the curtain (`eyes`), None before anyone
        has. A replay shows the seat chosen for it (`view_seat`), or, with `reveal_all`, everything."""
        if self.spectator:
            return self.view_seat
        if self.hotseat:
            return self.eyes
        p = self.to_move()
        if p is not None and self.seats[p].is_human:
            return p
        humans = [i for i, s in enumerate(self.seats) if s.is_human]
        return humans[0] if humans else None

    def sees(self, ev: Event) -> bool:
        """Whether the table's viewer may see `ev`."""
        return self.reveal_all or ev.seen_by(self.viewer())

    # ------------------------------------------------------------------ saves
    def to_json(self) -> dict[str, Any]:
        data = {
            "format": SAVE_FORMAT,
            "game": self.game,
            "match_id": self.match_id,
            "started": self.started,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.config.options),
            "actions": list(self.actions),
            "hints": [list(h) for h in self.hints],
            "hints_taken_back": list(self.hints_taken_back),
            # (Named anew when each hint came to count the take-backs it followed: a file that
            # has only the old key lists a position once for a hint after all of them.)
            "hints_among_take_backs": [list(h) for h in self.hints_after_take_back],
            "took_back": [list(t) for t in self.took_back],
        }
        if self.tie_break_of is not None:
            seats, options = self.tie_break_of
            data["tie_break_of"] = {"seats": [s.to_json() for s in seats], "options": dict(options)}
        return data

    @classmethod
    def from_header(cls, data: Any) -> tuple["Match", list[str]]:
        """The match a save or replay starts from (no action played yet; its log notes the hints
        taken there) and its action strings, to play on with `play_recorded`; raises BadSave
        saying what is wrong."""
        if not isinstance(data, Mapping):
            raise BadSave("the file is not a saved game")
        fmt = data.get("format")
        if newer_format(data):
            raise NewerSave("it was saved by a newer version of Mother Lode; update the game to "
                            "go on with it")
        if fmt not in READABLE_FORMATS:
            raise BadSave(f"the file has format {quoted(fmt)}; this version reads "
                          f"{', '.join(str(f) for f in READABLE_FORMATS)}")
        try:
            if not isinstance(data["seats"], list) or len(data["seats"]) > MAX_SEATS:
                raise BadSave("the file does not list its players")
            seats = [Seat.from_json(s) for s in data["seats"]]
            from game.games import get

            # An option the save does not name is one that came after it was begun: it replays
            # with the value the game had before (the game's legacy_options), not the new default.
            options = {**get(str(data["game"])).legacy_options, **_options(data.get("options", {}))}
            match = cls(str(data["game"]), seats, _seed(data["seed"]), options)
            actions = [str(a) for a in data["actions"]]
            for i, text in enumerate(actions):
                if len(text) > MAX_ACTION_CHARS:
                    raise BadSave(f"move {i + 1} is {len(text):,} characters long, where no game "
                                  f"writes a move of more than {MAX_ACTION_CHARS}")
            if data.get("match_id"):
                match.match_id = safe_id(str(data["match_id"]))
            if isinstance(data.get("started"), (int, float)):
                match.started = float(data["started"])
            match.hints = _hints(data.get("hints"), len(seats))
            match.hints_taken_back = _hints_taken_back(data.get("hints_taken_back"), len(seats))
            match.took_back = _took_back(data.get("took_back"), len(seats), len(actions))
            if "hints_among_take_backs" in data:
                match.hints_after_take_back = _hints(data["hints_among_take_backs"], len(seats),
                                                     repeats=True)
            else:   # an older file: a hint noted there came after every take-back at its place
                backs = Counter(at for at, _, _ in match.took_back)
                match.hints_after_take_back = [
                    [at for at in h for _ in range(backs[at])]
                    for h in _hints(data.get("hints_after_take_back"), len(seats))]
            match.tie_break_of = _tie_break_of(data.get("tie_break_of"), str(data["game"]))
            match._notes_cache = None
            match._restore_hint_notes()
        except BadSave:
            raise
        except KeyError as exc:
            raise BadSave(f"the file is incomplete: it has no {quoted(exc.args[0] if exc.args else '')}") from exc
        except (TypeError, ValueError, OverflowError, IllegalAction, AttributeError) as exc:
            raise BadSave(f"the file is damaged ({clean_text(str(exc), 200, ellipsis=True)})") from exc
        return match, actions

    @classmethod
    def from_json(cls, data: Any) -> "Match":
        """Rebuild a match by replaying its actions; raises BadSave saying what is wrong."""
        match, actions = cls.from_header(data)
        for i, text in enumerate(actions):
            try:
                match.play_recorded(text)
            except (IllegalAction, ValueError) as exc:   # (a game reading a move it never writes)
                raise BadSave(f"move {i + 1} ({quoted(text)}) of the save cannot be played: "
                              f"{clean_text(str(exc), 200)}") from exc
        return match

    def save(self, path: Path) -> None:
        write_json_atomic(path, self.to_json())


def reveals(ev: Event) -> bool:
    """Whether `ev` showed someone something new: chance's outcome, or a secret shown to a seat."""
    return ev.reveals or bool(ev.visible_to)


def _plain(data: Any) -> Any:
    """`data` as plain JSON values (tuples become lists), so recorded and replayed outcomes compare."""
    return json.loads(json.dumps(data, sort_keys=True, default=str))


def _seed(data: Any) -> int:
    """A record's seed: a whole number from 0 to 2**64 - 1 (as a number, or as digits); raises
    BadSave otherwise (a string of thousands of digits Python declines even to read)."""
    if isinstance(data, str) and data.isascii() and data.isdigit() and len(data) <= 40:
        data = int(data)
    if isinstance(data, bool) or not isinstance(data, int) or not 0 <= data < 2**64:
        raise BadSave("the file's seed is not a whole number from 0 to 2**64 - 1")
    return data


def _tie_break_of(data: Any, game: str) -> tuple[list[Seat], dict[str, Any]] | None:
    """The table a tie-break game of `game` plays off a tie of (`Match.tie_break_of`); None when
    the save names none, or names one that cannot be dealt (damaged: too many seats, an option
    out of range): the game itself is sound, and Play again after it deals the tied players."""
    if data is None:
        return None
    try:
        if not isinstance(data, Mapping) or not isinstance(data.get("seats"), list) \
                or not 2 <= len(data["seats"]) <= MAX_SEATS \
                or not all(isinstance(s, Mapping) for s in data["seats"]):
            raise BadSave("damaged")
        seats = [Seat.from_json(s) for s in data["seats"]]
        options = _options(data.get("options", {}))
        Match(game, seats, 0, options)   # dealt once here, so Play again will deal it too
        return seats, options
    except Exception as exc:   # (whatever a game's rules raise at a bad table)
        log.warning("a tie-break game's first table cannot be dealt (%s): Play again deals the "
                    "tied players", clean_text(str(exc), 200, ellipsis=True))
        return None


def _options(data: Any) -> dict[str, Any]:
    """A save's game options (names to values; a Gold Mine map is a table itself, checked by its
    game); raises BadSave when they are not a table with a sensible number of entries."""
    if not isinstance(data, Mapping) or len(data) > 64 or not all(isinstance(k, str) for k in data):
        raise BadSave("the file's game options are not a table of values")
    return dict(data)


def _hints(data: Any, seats: int, repeats: bool = False) -> list[list[int]]:
    """A save's hints per seat (move numbers); none for a save from before hints. Raises BadSave
    when they are there but are not one list of move numbers per seat. A seat's hint is counted
    once a position (`note_hint`), so a move number the record repeats counts once, unless
    `repeats` (`Match.hints_after_take_back`, a number once for each take-back a hint followed)."""
    if data is None:
        return [[] for _ in range(seats)]
    if (not isinstance(data, list) or len(data) != seats
            or not all(isinstance(h, list) and len(h) <= 10**6 for h in data)
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10**7
                       for h in data for n in h)):
        raise BadSave("the file's record of hints is damaged")
    return [list(h) if repeats else list(dict.fromkeys(h)) for h in data]


def _hints_taken_back(data: Any, seats: int) -> list[int]:
    """A save's count of hints per seat in lines of play taken back (none in a save from before
    they were kept apart); raises BadSave when it is there but damaged."""
    if data is None:
        return [0] * seats
    if (not isinstance(data, list) or len(data) != seats
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10**7 for n in data)):
        raise BadSave("the file's record of hints is damaged")
    return list(data)


def _took_back(data: Any, seats: int, moves: int) -> list[tuple[int, int, str]]:
    """A save's take-backs (none for a save from before they were kept); raises BadSave when they
    are there but damaged. Their words are cleaned here, where they come in. One said at a move
    the record does not reach (a header read without its moves, to be played on) is left out."""
    if data is None:
        return []
    if not isinstance(data, list) or len(data) > 10**4:
        raise BadSave("the file's record of take-backs is damaged")
    out = []
    for item in data:
        if (not isinstance(item, list) or len(item) != 3
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in item[:2])
                or item[0] < 0 or not 0 <= item[1] < seats
                or not isinstance(item[2], str)):
            raise BadSave("the file's record of take-backs is damaged")
        if item[0] <= moves:
            out.append((item[0], item[1], clean_text(item[2], 300)))
    return out


# Names Windows keeps for devices, whatever follows a dot: never a save's file name.
_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                      *(f"lpt{i}" for i in range(10))})


def safe_id(text: str) -> str:
    """A match id fit to be a file name on every system; anything else gets a fresh id."""
    if (0 < len(text) <= 40 and all(c.isalnum() or c in "-_" for c in text) and text.isascii()
            and text.lower() not in _DEVICES):
        return text
    return uuid.uuid4().hex[:16]


def read_record(path: Path, what: str = "save") -> Any:
    """The JSON of a save or replay file; raises BadSave with a plain reason."""
    try:
        return read_json(path, RECORD_BYTES)
    except OSError as exc:
        raise BadSave(f"the {what} cannot be opened ({exc.strerror or exc})") from exc
    except ValueError as exc:
        raise BadSave(f"the {what} is damaged: {exc}") from exc


def load_match(path: Path) -> Match:
    """Load a saved match; raises BadSave with a plain reason."""
    return Match.from_json(read_record(path))


def newer_format(data: Any) -> bool:
    """Whether a save's or replay's data says a newer version of Mother Lode wrote it (a format
    number past those this version reads)."""
    fmt = data.get("format") if isinstance(data, Mapping) else None
    return isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > max(READABLE_FORMATS)


def load_or_set_aside(path: Path) -> tuple[Match | None, str | None]:
    """A saved match if `path` holds a sound one; otherwise None and a message for the player.

    A damaged file is moved aside (never deleted) so that nothing the player had is lost.
    """
    if not path.exists():
        return None, None
    try:
        return load_match(path), None
    except BadSave as exc:
        return None, _not_resumed(path, exc)


def _not_resumed(path: Path, exc: BadSave) -> str:
    """Why the save at `path` was not resumed. A damaged one is moved aside; one from a newer
    version, or one the system refused to open (on Windows, another program holding it for a
    moment), is left as it is."""
    refused = exc.__cause__
    if isinstance(refused, PermissionError):
        return (f"The saved game could not be read just now ({refused.strerror or refused}; another "
                "program may be using it). It is left as it is: try again in a moment.")
    if isinstance(exc, NewerSave):
        # Sound for the version that wrote it: left in place, where that version finds it.
        return f"The saved game could not be resumed: {exc}. It stays in {path.parent}."
    try:
        kept = set_aside(path)
        where = f" It was kept as {kept.name}."
    except OSError as err:
        where = f" It could not be moved aside ({err.strerror or err}) and is left as it is."
    return f"The saved game could not be resumed: {exc}.{where}"


class BotThinker:
    """Runs bot decisions off the frame loop so the window never freezes while a bot decides.

    Most bots decide on a worker thread. A bot whose class says `remote = True` (the hard bot)
    thinks in the search process pool instead (game/bots/pool.py: a thread would hold the
    interpreter lock the drawing needs): it gets the position's saved JSON and the seat, the
    table's budget (`table_budget`) and a seed derived from the match's seed and the position,
    so a position gets the same search whenever it is reached. Its answer is parsed and checked
    against the legal actions before it is used. When the worker fails (it died, or answered
    nonsense) the same decision is made on the thread instead (`fallbacks` counts those), and the
    pool starts a new worker on the next request: nothing is lost and nothing crashes.
    """

    def __init__(self, match: Match | None = None) -> None:
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._future: concurrent.futures.Future[Any] | None = None
        self._key: tuple[int, int] | None = None
        # The pool request being waited for: its arguments (for the fallback) and the answer's
        # kind, "pool" (text from the worker) or "thread" (the fallback, text from a thread).
        self._job: tuple[Any, ...] | None = None
        self._source = ""
        self.fallbacks = 0
        self._closed = False
        if match is not None and not match.spectator and self.remote_seats(match):
            self._start_pool(match.game)

    @staticmethod
    def remote_seats(match: Match) -> list[int]:
        """The seats whose bot thinks in the search pool."""
        return [i for i, s in enumerate(match.seats)
                if not s.is_human and getattr(match.bot(i), "remote", False)]

    @staticmethod
    def _start_pool(game: str) -> None:
        """Start the search worker early, so the hard bot's first decision does not wait for it."""
        from game.bots.pool import shared_pool

        try:
            shared_pool().start(game)
        except Exception:  # no pool on this machine: the decisions fall back to the thread
            log.exception("the search pool could not start")

    def request(self, match: Match) -> None:
        """Start thinking for the bot to move in `match` (once per position)."""
        seat = match.to_move()
        if seat is None:
            return
        key = (id(match), match.version)
        if self._key == key:
            return
        self._key = key
        bot = match.bot(seat)
        self._job = None
        if self._closed:   # (closed as its table was left, and the table is shown again)
            self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            self._closed = False
        if getattr(bot, "remote", False):
            self._ask_pool(match, seat, bot.level)
        else:
            self._source = ""
            self._future = self._pool.submit(bot.choose, match.view(seat))

    def _ask_pool(self, match: Match, seat: int, level: str) -> None:
        from game.bots import pool

        seed = derive_seed(match.seed, "think", seat, len(match.actions))
        self._job = (match.game, level, seed, match.state.to_json(), seat,
                     pool.table_budget(match.game, match.view(seat)))
        try:
            self._future = pool.shared_pool().decide(*self._job)
            self._source = "pool"
        except Exception:
            log.exception("the search pool refused a decision; deciding on a thread")
            self._fall_back()

    def _fall_back(self) -> None:
        """Make the pending pool decision on the thread instead (with the table's budget as it
        is now)."""
        from game.bots import pool

        assert self._job is not None
        game, level, seed, state_json, seat, _ = self._job
        self.fallbacks += 1
        self._source = "thread"
        budget = pool.table_budget(game, pool.seat_view(game, state_json, seat))
        self._future = self._pool.submit(pool.decide, game, level, seed, state_json, seat, budget)

    def result(self, match: Match) -> Action | None:
        """The decision, once ready, for the position it was asked about; None while thinking."""
        if self._future is None or not self._future.done():
            return None
        if self._key != (id(match), match.version):
            self._future = None
            return None
        if self._source:
            action = self._checked(match)
            if action is None:
                return None  # the fallback is thinking now
        else:
            action = self._future.result()
        self._future = None
        self._key = None
        self._job = None
        return action

    def _checked(self, match: Match) -> Action | None:
        """The pool's (or the fallback's) answer as a legal action; on a failure in the pool, None
        and the fallback starts. A failing fallback raises, as a failing thread bot does."""
        assert self._future is not None
        try:
            action = Action.parse(self._future.result())
            if action not in match.legal_actions():
                raise IllegalAction(f"the search answered {str(action)!r}, which is not legal here")
            return action
        except Exception:
            if self._source != "pool":
                raise
            log.warning("the search pool failed; deciding on a thread", exc_info=True)
            self._fall_back()
            return None

    @property
    def thinking_in_pool(self) -> bool:
        """True while a decision is being made in the search pool (for `bench`)."""
        return self._source == "pool" and self._future is not None and not self._future.done()

    def cancel(self) -> None:
        if self._future is not None and self._source == "pool":
            from game.bots.pool import stop_search

            # A search nobody waits for any more ends now: the next decision waits behind it.
            stop_search(self._future)
        self._future = None
        self._key = None
        self._job = None

    def close(self) -> None:
        """Stop the thread (the shared search pool stays for the next table; the app closes it).
        A table shown again after (a replay's step back) thinks on a new one."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._closed = True
