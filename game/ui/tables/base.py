"""What every table scene shares: the match, the bots, the event queue, the log and the keys.

A table never changes rules state on its own. A human's choice (or a bot's decision, thought out
on a worker thread by `BotThinker` and paced by the animation setting) goes to `Match.apply`
through `_apply`, which shows an `IllegalAction`'s message instead of playing it and autosaves
after every action. The events that come back are queued, and a game's *display model* catches up
with them one `Beat` at a time: the table's `_on_<kind>(event, beat)` handlers start the tweens
that show each one. Whenever the queue runs dry the model is compared with `match.state` and
rebuilt from it (`_sync`, with `_adopt_truth` counting any mismatch in `drift`).

`TableScene` holds that machinery, the log panel, the keys every table knows (Esc: the pause menu,
F1: the rules, H: a hint, Space: skip the animations, PgUp/PgDn and the wheel: the log, Ctrl+Z:
undo), the Undo and Hint buttons, the hot-seat curtain, and the move to the results screen when
the game is over.

The coach (game/ui/tables/coach.py): at a human's decision, when hints are on in Settings, H or
the Hint button under the log asks the hard search, in the search process pool, for the top three
choices from that seat's view; the panel shows them over the log and the table outlines where the
best one is played (each game's `_hint_spots`). Never in a replay, never for a bot, never while a
hot-seat curtain is down (the panel goes with the position, and with the curtain). Each hint
taken is noted in the match (`Match.note_hint`: the log, the save, the statistics).

Hot-seat privacy (a game with private hands and two or more humans, `Match.hotseat`): when the
table is idle and a human is to move who is not `match.eyes`, the opaque `PassScreen` covers it.
Its button sets `match.eyes` (so `match.viewer()` and `match.sees` now speak for that seat),
rebuilds the log for the new viewer (no private line of the last player stays), calls the game's
`_viewer_changed()` and hides the hand (`hand_hidden`) until the player clicks it (the table calls
`reveal_hand()`) or presses `show_key` (U), or while they hold `peek_key` (V: `peeking`). A game
draws a seat's secret cards face up only for `secret_seat()`. A table with private hands passes
every event to `privacy_event` first (key releases included), so a peek ends when the key comes
up. A face-down hand turns up only while its owner is to move (`may_turn_up`): while a bot plays
after them, the next player may be at the screen. An undo that hands the decision to another
human, or that is pressed while another seat is to move, brings the curtain for them; a resumed
hot-seat game starts behind it.

Undo follows the match runner's fair-play policy (`Match.undo_target`); after it, the table is
built afresh from the match, exactly as when a saved game is resumed. A table in `replay` mode
(inside the replay viewer) only shows: nobody decides, no bot plays, nothing is saved.

A game's table adds its own model, drawing and interaction by filling in the hooks below (`_animate`, `_moving`,
`_prepare_human_turn`, `_sync`, `_log`...).

Tests and tools: `idle` is True when no animation is pending; `fast_forward()` finishes them;
`drift` counts the times the display disagreed with the rules state; `event_listener`, when set,
hears every event as its beat starts.
"""

from __future__ import annotations

import logging
import math
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game.core.contract import Action, Event, IllegalAction
from game.core.match import BotThinker, Match, Seat
from game.core.words import plural
from game.saves import autosave
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import fit_text
from game.ui.tables import coach as coaching
from game.ui.widgets import Button
from game.ui.tween import Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
SCREEN = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT)
UNDO_MAX_W = 156  # the Undo button at the log's top right leaves room for the log's title
HINT_W = 104      # the Hint button at the log's bottom right
# Said when a face-down hot-seat hand is asked for while another seat plays.
HAND_WAITS = "This hand stays face down until its player's next turn: someone else may be at the screen."


def seat_rgb(p: int) -> RGB:
    return theme.SEAT_COLOURS[p % len(theme.SEAT_COLOURS)]


def seat_tag(seat: Seat, you: bool = False) -> str:
    """The small words after a seat's name at every table: "you" for the player whose own view
    the table shows, else "human" or the bot's level ("hard bot")."""
    return "you" if you else "human" if seat.is_human else f"{seat.level} bot"


TAG_SIZE = 12   # a seat tag's font size
TAG_GAP = 6     # between a name and its tag


def name_and_tag(name: str, tag: str, room: int, size: int, least: int) -> tuple[str, int, bool]:
    """How a seat's name (bold) and its tag share `room` pixels: the whole name, as large as
    fits from `size` down to `least` with the tag after it; else the name alone (`theme.fit_name`)
    and no tag. The name always comes first. Returns the name shown, its size, and whether the
    tag is drawn."""
    tag_w = theme.width_of(tag, TAG_SIZE) + TAG_GAP
    fitted = theme.fit_size(name, room - tag_w, size, least, True)
    if theme.width_of(name, fitted, True) <= room - tag_w:
        return name, fitted, True
    shown, fitted = theme.fit_name(name, room, size, least)
    return shown, fitted, False


def draw_name_and_tag(surface: pygame.Surface, name: str, tag: str, midleft: tuple[int, int], room: int,
                      colour: RGB, tag_colour: RGB, size: int, least: int,
                      box: pygame.Rect | None = None) -> pygame.Rect:
    """A seat's name and its tag as every table writes them (see `name_and_tag`), the name's
    left middle at `midleft`, inside `box` (for `theme.watch_clipping`); returns the rect of
    what was drawn."""
    shown, fitted, with_tag = name_and_tag(name, tag, room, size, least)
    rect = theme.text(surface, shown, midleft, fitted, colour, bold=True, anchor="midleft", box=box)
    if with_tag:
        tag_rect = theme.text(surface, tag, (rect.right + TAG_GAP, midleft[1] + 1), TAG_SIZE, tag_colour,
                              anchor="midleft", box=box)
        rect = rect.union(tag_rect)
    return rect


# ============================================================================ the pieces of a beat
@dataclass
class Beat:
    """One event being shown: it lasts at least `hold` seconds and until its tweens are done."""

    event: Event
    hold: float = 0.0
    time: float = 0.0
    tweens: list[Tween] = field(default_factory=list)
    on_end: list[Callable[[], None]] = field(default_factory=list)
    actor: int | None = None


@dataclass
class Callout:
    """Words that pop up over a place and float away ("Miss", "+7$"), after `delay` seconds."""

    image: pygame.Surface
    pos: tuple[float, float]
    duration: float
    age: float = 0.0
    rise: float = 26.0
    delay: float = 0.0


# ============================================================================ the log panel
class LogPanel:
    """The game log at the side of the table: entries wrapped into lines, newest at the bottom.

    It scrolls back with the wheel or PgUp/PgDn; while older lines are being read they stay in
    place as new ones arrive. The picture is drawn once per change.
    """

    LINE = 18

    def __init__(self, rect: pygame.Rect, *, top: int, footer: int, title_y: int, hint_bottom: int) -> None:
        self.rect = rect
        self.top = top                  # y of the first line, inside the panel
        self.title_y = title_y
        self.hint_bottom = hint_bottom  # the scroll hint's distance from the panel's bottom
        self.visible = (rect.h - footer - top) // self.LINE
        # (text, colour, heading, first line of its entry)
        self.lines: list[tuple[str, RGB, bool, bool]] = []
        # Every entry as it was written (text, colour, heading), for the full-log screen.
        self.entries: list[tuple[str, RGB, bool]] = []
        self.scroll = 0
        self._cache: tuple[Any, pygame.Surface] | None = None
        self.footer_right = 0   # room kept at the footer's right (the Hint button)

    def add(self, text: str, colour: RGB, heading: bool) -> None:
        self.entries.append((text, colour, heading))
        wrapped = theme.wrap(text, self.rect.w - 34, 14, heading)
        # Reading older lines: they stay in place while new ones arrive. A view that shows the
        # newest line already follows the log, as at the foot.
        reading = bool(self.scroll) and self.newer_below() > 0
        self.lines.extend((line, colour, heading, i == 0) for i, line in enumerate(wrapped))
        self.scroll = self.scroll + len(wrapped) if reading else 0

    def clear(self) -> None:
        """Forget every entry (the log is about to be written again for another viewer)."""
        self.lines.clear()
        self.entries.clear()
        self.scroll = 0
        self._cache = None

    def scroll_by(self, lines: int) -> None:
        """Scroll `lines` back (or on, when negative); a step that would leave the view as it
        was (an entry's lines come and go together) goes on until the view moves."""
        top = max(0, len(self.lines) - self.visible)
        before = self._window()
        self.scroll = max(0, min(top, self.scroll + lines))
        step = 1 if lines > 0 else -1
        while lines and self._window() == before and 0 < self.scroll < top:
            self.scroll += step
        if self.scroll and self.newer_below() == 0:
            self.scroll = 0   # back at the foot: the log follows new lines again

    def draw(self, surface: pygame.Surface) -> None:
        key = (len(self.lines), self.scroll, self.footer_right)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._render())
        surface.blit(self._cache[1], self.rect.topleft)

    def _first_y(self, shown: int) -> int:
        """The y (in the panel) of the first of `shown` lines in view: the newest line stays at
        the foot once the log is full (a tail left out above leaves its room empty)."""
        return self.top + (self.visible - shown) * self.LINE if len(self.lines) > self.visible else self.top

    def places(self) -> coaching.LogPlaces:
        """Where a box over the log may end (an edge under which a whole entry begins, or no line
        is left) and begin (under the last line, when the log is not full), on the screen."""
        shown = self.shown()
        first = self._first_y(len(shown))
        edges = []
        for k in range(self.visible + 1):
            y = self.top + k * self.LINE
            i = (y - first) // self.LINE
            if 0 <= i < len(shown) and not shown[i][3]:
                continue   # a line that goes on with an entry begun above it
            edges.append(self.rect.y + y)
        end = first + len(shown) * self.LINE
        below = self.rect.y + end if len(self.lines) - self.scroll < self.visible else None
        return coaching.LogPlaces(tuple(edges), below)

    def shown(self) -> list[tuple[str, RGB, bool, bool]]:
        """The lines in view."""
        start, end = self._window()
        return self.lines[start:end]

    def _window(self) -> tuple[int, int]:
        """The first and past-the-last line in view: the last `visible` ones before the scroll
        position, less those at the top that only continue an entry begun above the view (a
        line's tail alone reads as nonsense: "draws from the deck"). While older lines are read,
        the rows those leave free take the newer lines below instead, so no row stands empty."""
        end = len(self.lines) - self.scroll
        start = max(0, end - self.visible)
        while 0 < start < end and not self.lines[start][3]:
            start += 1
        if self.scroll:
            end = min(len(self.lines), start + self.visible)
        return start, end

    def newer_below(self) -> int:
        """How many newer lines lie below the view."""
        return len(self.lines) - self._window()[1]

    def _render(self) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, (24, 23, 26, 240), rect, border_radius=10)
        pygame.draw.rect(surf, theme.PANEL_EDGE, rect, 2, border_radius=10)
        theme.text(surf, "Game log", (14, self.title_y), 17, theme.GOLD, bold=True)
        below = self.newer_below()
        shown = self.shown()
        y = self._first_y(len(shown))
        for line, colour, heading, first in shown:
            if heading:
                theme.text(surf, line, (14, y), 14, colour, bold=True)
            else:
                if first:
                    pygame.draw.circle(surf, colour, (18, y + 9), 3)
                theme.text(surf, line, (26, y), 14, theme.INK if first else theme.INK_DIM)
            y += self.LINE
        room = rect.w - self.footer_right - 12
        if below:
            # The short form where the Hint button leaves less room.
            hint = f"{plural(below, 'newer line')} below: PgDn"
            if theme.width_of(hint, 12) > room:
                hint = f"{below} newer: PgDn"
        else:
            hint = "PgUp PgDn: scroll" if self.footer_right else "wheel / PgUp PgDn to scroll"
        theme.text(surf, fit_text(hint, room, 12),
                   ((rect.w - self.footer_right) // 2, rect.bottom - self.hint_bottom), 12,
                   theme.INK_FAINT, anchor="midbottom")
        return surf


# ============================================================================ the scene
# A replay's keys, where a table says them itself (`TableScene.says_replay_keys`).
REPLAY_KEYS = "Replay: ←/→ step · Space play · A analyse · Esc back"


def replay_keys(eyes: bool) -> str:
    """`REPLAY_KEYS`, with V where the replay can show the table through each player's eyes."""
    return REPLAY_KEYS.replace(" · A analyse", " · V hands · A analyse") if eyes else REPLAY_KEYS


class TableScene(Scene):
    """The machinery every game's table shares; see the module's words for the hooks."""

    # Per game: the seconds (at normal speed) a bot waits before it plays, how long a message
    # stays up, how fast a shake dies down, and how callouts pop in.
    bot_pause = 0.35
    formal_pause = 1.2       # ... and before a formality is played for a human (time to read why)
    message_seconds = 4.0
    shake_decay = 2.2
    callout_bounce = False   # pop in with an overshoot
    callout_clamp = False    # keep them on the screen
    drift_details = False    # log both rules keys when the display drifts
    logger = log             # each table logs under its own module's name
    peek_key = pygame.K_v    # held: a hot-seat player sees their hidden hand (free in every table)
    show_key = pygame.K_u    # pressed: a hot-seat player turns their hand up, as a click on it does
    # The table's own words tell a replay's keys (REPLAY_KEYS): the viewer then puts no tag of its
    # own over the table (Big Dig's board, Gold Mine's map and Diamond in the Rough's own hand
    # reach the bottom-left corner where it sits).
    says_replay_keys = False
    collect_on_leave = True   # (its pictures: `App._leave`)
    replay_keys = REPLAY_KEYS   # what such a table says (the replay viewer sets it)

    def __init__(self, match: Match, log_panel: LogPanel) -> None:
        super().__init__()
        self.match = match
        self.n = len(match.seats)
        self.thinker = BotThinker(match)  # starts the search pool early for a hard bot
        self.pending: list[Event] = []
        self.beat: Beat | None = None
        self.callouts: list[Callout] = []
        self.drift = 0
        self.clock = 0.0
        self.shake = 0.0
        self._frame_began: float | None = None   # when this frame's update began (see frame_has_room)
        self._kept_back: set[str] = set()   # layers whose change already waited a frame (keep_back)
        self.bot_wait = 0.0
        # A bot's chosen move on show before it is played: (action, what the table draws, seconds).
        self.bot_move: tuple[Action, Any, float] | None = None
        self.over_wait = 0.0
        self.finished = False
        # A game resumed from Continue already over: its replay could not be written when it
        # ended (a full disk), or the process ended half-way; it is finished again at the end.
        self._opened_over = match.is_over()
        self.event_listener: Callable[[Event], None] | None = None
        self.message = ""
        self._said_at = -1   # the position (match.version) the message was said at
        self.unsaved = ""    # the last save's failure, while saves fail: shown to every player
        self.message_time = 0.0
        self.mouse: tuple[int, int] | None = None
        self.buttons: list[Any] = []
        self._buttons_key: Any = None
        self.log_panel = log_panel
        self.model: Any = None
        self._seen = 0
        self._ff = False
        # Hot-seat privacy (see the module's words): the hand stays hidden after a curtain until
        # the player reveals it or holds the peek key.
        self.hand_hidden = False
        self._peek_down = False
        self.replay = False           # shown inside the replay viewer: nobody plays
        # In a replay, the decision to come is on show rather than the move just made (Analyse's
        # better move glows on the board of the player who makes it).
        self.replay_decision = False
        self.undo_button = Button((log_panel.rect.right - 112, log_panel.rect.y + 7, 104, 24),
                                  "Undo  Ctrl+Z", self.undo, None, size=14)
        self._undo_key: Any = None
        self._undo_ok = False
        self.coach = coaching.Coach()
        self.hint_button = Button((0, 0, HINT_W, 22), "Hint (H)", self.request_hint, None, size=13)
        self._hint_panel: pygame.Rect | None = None

    def _resume_history(self) -> None:
        """A resumed game starts from its saved position: every event is in the log, none is shown."""
        for ev in self.match.history:
            if self._log_sees(ev):
                self._log(ev)
        self._seen = len(self.match.history)

    # ------------------------------------------------------------------ scene lifecycle
    def exit(self) -> None:
        # A bot's search or a hint still under way is stopped: the next table's would wait for it.
        self.thinker.cancel()
        self.coach.forget()
        self.thinker.close()
        self.release_pictures()

    def release_pictures(self) -> None:
        """Let go of the pictures this table keeps to draw faster (each game's own), drawn
        again if it is ever shown again: a table left (a replay's step, Play again) is held a
        while longer by its reference cycles (`App._leave`). A game's table adds its own."""
        self.log_panel._cache = None

    def on_quit(self) -> str | None:
        # Every action was saved as it was applied; this only makes sure nothing is left over.
        self.thinker.cancel()
        if self.replay:
            return None
        try:
            autosave(self.match)
        except OSError as exc:
            self.logger.error("autosave failed: %s", exc)
            from game.saves import failure_reason

            return f"The game could not be saved ({failure_reason(exc)})."
        return None

    def pause(self) -> None:
        # A scene over the table (the menu, the rules) gets the peek key's release: the peek
        # ends now, or the hand would stay face up once the table is back.
        self._peek_down = False

    def resume(self) -> None:
        self._buttons_key = None

    # ------------------------------------------------------------------ settings
    def speed(self) -> float:
        """The animation factor now: 0 while fast-forwarding or on "instant"."""
        if self._ff:
            return 0.0
        return float(self.app.settings.speed) if self.app is not None else 1.0

    def _play(self, sound: str) -> None:
        if self.app is not None and not self._ff:
            self.app.play(sound)

    # ------------------------------------------------------------------ public helpers
    @property
    def idle(self) -> bool:
        """True when every event has been shown and nothing is moving."""
        return (self.beat is None and not self.pending and self._seen >= len(self.match.history)
                and not self._moving())

    def fast_forward(self) -> None:
        """Finish every pending animation now (the model jumps to the true state)."""
        self._ff = True
        try:
            self._before_fast_forward()
            self._ingest()
            guard = 0
            while not self._queue_done() and guard < 100000:
                guard += 1
                if self.beat is not None:
                    self._finish_beat()
                self._advance(0.0)
            self._settle()
            self._sync()
        finally:
            self._ff = False

    @property
    def log_lines(self) -> list[tuple[str, RGB, bool, bool]]:
        return self.log_panel.lines

    @property
    def log_scroll(self) -> int:
        return self.log_panel.scroll

    # ------------------------------------------------------------------ hooks for each game
    def _animate(self, dt: float) -> None:
        """Advance the game's own cosmetic animations (dice, flashes...) by `dt`."""

    def show_bot_move(self, action: Action, shown: Any, seconds: float) -> None:
        """Put a bot's chosen move on show (`shown` is what the game's drawing needs, e.g. the
        squares or the path) for `seconds` at normal speed, then play it."""
        self.bot_move = (action, shown, seconds * self.speed())

    def _hold_frame(self, dt: float) -> bool:
        """True when this frame goes to something before the event queue: a bot's move on show,
        played when its time is up."""
        if self.bot_move is None:
            return False
        action, shown, left = self.bot_move
        left -= dt
        if left > 0 and self.speed() > 0:
            self.bot_move = (action, shown, left)
            return True
        self.bot_move = None
        self._apply(action)
        return False

    def _moving(self) -> bool:
        """Whether anything is still moving (a bot's move on show; a game adds its flying cards
        and rolling dice)."""
        return self.bot_move is not None

    def _before_fast_forward(self) -> None:
        """Fast-forward: a bot's move on show is played before the queue is emptied."""
        if self.bot_move is not None:
            action = self.bot_move[0]
            self.bot_move = None
            self._apply(action)

    def _settle(self) -> None:
        """Fast-forward: put every sprite where it rests."""

    def _events_arrived(self) -> None:
        """New events were queued: whatever the table offered has been decided."""

    def _beat_rolling(self, beat: Beat) -> bool:
        """Whether `beat` waits for dice still tumbling."""
        return False

    def _end_roll(self, beat: Beat) -> None:
        """`beat` is cut short: land its dice."""

    def _log_beat(self, ev: Event, beat: Beat) -> None:
        """The event's beat has started: put it in the log."""
        if self._log_sees(ev):
            self._log(ev)

    def _needs_sync(self) -> bool:
        """Whether an idle table must compare its model with the rules though nothing was shown."""
        return False

    def _sync(self) -> None:
        """Compare the caught-up model with the rules state, then take the state's word for it."""

    def _prepare_human_turn(self) -> None:
        """A human decides: offer their choices (buttons, the move being assembled)."""

    def _after_apply(self) -> None:
        """An action was played: forget the choices that led to it."""

    def _play_bot(self, action: Action) -> None:
        """A bot has decided on `action`."""
        self._apply(action)

    def _log(self, ev: Event) -> None:
        """Put `ev` in the log panel (its colour, and whether it heads a section, are the game's)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the event queue
    def _queue_done(self) -> bool:
        return self.beat is None and not self.pending

    def _ingest(self) -> None:
        """Queue events the match produced since we last looked (ours, a bot's, or anyone's)."""
        history = self.match.history
        if self._seen < len(history):
            self._events_arrived()
            self._buttons_key = None
            for ev in history[self._seen:]:
                if self.match.sees(ev):
                    self.pending.append(ev)
            self._seen = len(history)

    def _advance(self, dt: float) -> None:
        """Run the current beat; start the next ones (all of them at once when instant)."""
        budget = dt
        while True:
            if self.beat is None:
                if not self.pending:
                    return
                self._start_beat(self.pending.pop(0))
            beat = self.beat
            assert beat is not None
            beat.time += budget
            for tw in beat.tweens:  # (a tween that ends may start more: they run this frame too)
                tw.update(budget)
            budget = 0.0
            if beat.time >= beat.hold and all(tw.done for tw in beat.tweens) and not self._beat_rolling(beat):
                self._finish_beat()
                continue
            return

    def _finish_beat(self) -> None:
        beat = self.beat
        if beat is None:
            return
        for tw in beat.tweens:
            tw.finish()
        self._end_roll(beat)
        for fn in beat.on_end:
            fn()
        self.beat = None

    def _start_beat(self, ev: Event) -> None:
        beat = Beat(ev)
        beat.actor = ev.data.get("player") if isinstance(ev.data.get("player"), int) else None
        self.beat = beat
        if self.event_listener is not None:
            self.event_listener(ev)
        handler = getattr(self, f"_on_{ev.kind}", None)
        if handler is not None:
            handler(ev, beat)
        else:
            self._hold(beat, 0.3)
        self._log_beat(ev, beat)

    # ------------------------------------------------------------------ animation helpers
    def _tween(self, beat: Beat, duration: float, on_update: Callable[[float], None],
               on_done: Callable[[], None] | None = None, delay: float = 0.0,
               ease: Callable[[float], float] = ease_in_out_cubic) -> None:
        s = self.speed()
        if s <= 0:
            on_update(1.0)
            if on_done:
                on_done()
            return
        beat.tweens.append(Tween(duration * s, on_update, ease, delay * s, on_done))

    def _later(self, beat: Beat, delay: float, fn: Callable[[], None]) -> None:
        self._tween(beat, 0.0, lambda t: None, fn, delay)

    def _hold(self, beat: Beat, seconds: float) -> None:
        beat.hold = max(beat.hold, seconds * self.speed())

    def _callout(self, text: str, pos: tuple[float, float], colour: RGB = theme.INK,
                 size: int = 24, duration: float = 1.0, delay: float = 0.0) -> None:
        s = self.speed()
        if s <= 0:
            return
        self.callouts.append(Callout(callout_image(text, size, colour), pos, max(0.5, duration * s),
                                     delay=delay * s))

    def _play_end(self, winners: Sequence[int]) -> None:
        """The game's last sound: the fanfare when a player at this screen won (or only bots
        played), else a falling phrase: a human who lost hears no fanfare for the bot."""
        if self.replay:
            return   # (heard once, as the game ended: not again in its replay or final table)
        humans = [i for i, seat in enumerate(self.match.seats) if seat.is_human]
        self._play("win" if not humans or any(w in humans for w in winners) else "lose")

    def _announce_winners(self, ev: Event, beat: Beat, pos: tuple[float, float], size: int) -> None:
        """The game is over: the winners' names, big, over the table."""
        winners = [int(w) for w in ev.data.get("winners", [])]
        self._play_end(winners)
        if winners:
            names = " & ".join(self.match.seats[w].name for w in winners)
            verb = "wins!" if len(winners) == 1 else "tie!"
            self._callout(f"{names} {verb}", pos, seat_rgb(winners[0]), size, 3.0)
        self._hold(beat, 0.8)

    # ------------------------------------------------------------------ truth
    def _adopt_truth(self, truth: Any) -> None:
        """Take the rules state's model (`truth`) for the display's, counting a disagreement."""
        if truth.rules_key() != self.model.rules_key():
            self.drift += 1
            if self.drift_details:
                self.logger.warning("table display drifted from the rules state; rebuilding it\n"
                                    "  shown %s\n  rules %s", self.model.rules_key(), truth.rules_key())
            else:
                self.logger.warning("table display drifted from the rules state; rebuilding it")
        self.model.adopt(truth)

    # ------------------------------------------------------------------ the frame
    # A frame that has already spent this long in its update (a move applied, a beat begun,
    # callouts placed) lets drawing that can wait a frame wait: see frame_has_room.
    FRAME_ROOM = 0.001

    def frame_has_room(self) -> bool:
        """Asked once while drawing: whether this frame's update left room for work that could
        wait a frame (redrawing a layer whose change nobody sees within 1/60 s). True when the
        drawing follows no update (a screenshot), so nothing drawn on its own is ever stale."""
        began, self._frame_began = self._frame_began, None
        return began is None or time.perf_counter() - began <= self.FRAME_ROOM

    def keep_back(self, layer: str, full: bool) -> bool:
        """Whether the changed `layer` may show its old picture in this frame: only when the
        frame is `full` (see frame_has_room) and only once, so a change is never two frames late."""
        if full and layer not in self._kept_back:
            self._kept_back.add(layer)
            return True
        self._kept_back.discard(layer)
        return False

    def update(self, dt: float) -> None:
        self._frame_began = time.perf_counter()
        self.clock += dt
        self._coach_poll()
        self.message_time = max(0.0, self.message_time - dt)
        if self._message_stale():
            self.message_time = 0.0
        self.shake = max(0.0, self.shake - dt * self.shake_decay)
        for c in self.callouts:
            c.age += dt
        self.callouts = [c for c in self.callouts if c.age < c.duration + c.delay]
        self._animate(dt)
        if self._hold_frame(dt):
            return
        self._ingest()
        was_busy = not self._queue_done()
        self._advance(dt)
        if not self.idle:
            self.bot_wait = 0.0
            return
        if was_busy or self._needs_sync():
            self._sync()
        if self.replay:
            return
        if self.match.is_over():
            self._finish_game(dt)
            return
        self._hotseat_hook()
        if self.match.human_to_move():
            formal = self.match.formality()
            if formal is not None:
                # Nothing to decide (a roll that cannot be bettered): played for the player once
                # they have seen why, as a bot's move is.
                self.buttons = []
                self._buttons_key = None
                self.bot_wait += dt
                if self.bot_wait >= self.formal_pause * self.speed():
                    self.bot_wait = 0.0
                    self._apply(formal)
                return
            self._prepare_human_turn()
            return
        self.buttons = []
        self._buttons_key = None
        self._drive_bot(dt)
        if self.idle and not self.match.is_over():
            # A bot's quiet move handed the turn to a human this very frame: no frame of the
            # table may show it to them behind the last player's eyes.
            self._hotseat_hook()

    def _hotseat_hook(self) -> None:
        """Hot-seat: a human other than the one whose eyes the table shows is to move, so the
        curtain covers the table until they say they are ready."""
        seat = self.match.to_move()
        if seat is not None and self.match.hotseat and not self.match.human_to_move():
            # A bot plays now: the last player's hand turns face down once their own move has
            # been shown, as they may already be passing the screen on; it stays down until
            # their next turn (`may_turn_up`).
            if not self.hand_hidden:
                self.hand_hidden = True
                self._peek_down = False
                self._rebuild_log()
            return
        if seat is None or not self.match.human_to_move() or not self.match.hotseat:
            return
        if seat != self.match.eyes and self.app is not None:
            from game.ui.scenes.dialogs import PassScreen

            self.coach.forget()   # no hint stays up for the next player
            if self.message != self.unsaved:   # nor the last player's refusal (a failing save is everyone's news)
                self.message, self.message_time = "", 0.0
            self._peek_down = False
            key = pygame.key.name(self.peek_key).upper()
            show = pygame.key.name(self.show_key).upper()
            self.app.push(PassScreen(self.match.seats[seat].name, lambda: self._lift_curtain(seat),
                                     match=self.match, colour=seat_rgb(seat),
                                     hint=f"Your hand stays face down: click it or press {show} to turn it up, "
                                          f"or hold {key} to peek."))

    def _lift_curtain(self, seat: int) -> None:
        """`seat`'s player is at the screen: the table shows their eyes, their hand still hidden."""
        self.match.eyes = seat
        self.callouts.clear()   # (words about the last move, said to its player, not news of this turn)
        self._turn_hand_down()
        self._buttons_key = None
        self._viewer_changed()

    def _turn_hand_down(self) -> None:
        """The hot-seat hand face down, no peek under way, and the log back to public lines."""
        self.hand_hidden = True
        self._peek_down = False
        self._rebuild_log()

    def _rebuild_log(self) -> None:
        """The log panel again from the match's history, as the viewer now may see it."""
        self.log_panel.clear()
        for ev in self.match.history[:self._seen]:
            if self._log_sees(ev):
                self._log(ev)

    def _log_sees(self, ev: Event) -> bool:
        """Whether the log may show `ev` now: what the viewer may see, but only what everyone may
        see while a hot-seat hand is still face down (the last player may still be looking)."""
        if not self.match.sees(ev):
            return False
        if self.match.hotseat and self.hand_hidden and not self.match.reveal_all:
            return ev.visible_to is None
        return True

    def replay_controls_area(self) -> pygame.Rect:
        """Where the replay viewer puts its Analyse strip and buttons, along the bottom of this
        rectangle: over the foot of the game log, unless a table keeps a better place (Big Dig,
        whose log is short at four players)."""
        return self.log_panel.rect

    def log_shows_private(self, seat: int) -> bool:
        """Whether the log shows `seat`'s private lines now (then a public line that only repeats
        one of them may be left out)."""
        return self._log_sees(Event("private", "", {}, frozenset({seat})))

    def beat_words(self, ev: Event) -> str:
        """What the banner says while `ev` is shown: its own words when the log may show it; else
        (a private event while a hot-seat hand is still face down, the last player perhaps still
        looking) the words of the latest event before it that everyone saw, so a card drawn or
        looked at is never written over the table."""
        if self._log_sees(ev):
            return ev.text
        history = self.match.history
        at = next((k for k in range(len(history) - 1, -1, -1) if history[k] is ev), len(history))
        for k in range(at - 1, -1, -1):
            earlier = history[k]
            if earlier.visible_to is None and earlier.text:
                return earlier.text
        return "…"

    def _viewer_changed(self) -> None:
        """The table now shows another seat's eyes: a game redraws what depended on the viewer."""

    def may_turn_up(self) -> bool:
        """Whether a face-down hot-seat hand may be turned up or peeked at now: only while its
        owner is to move (behind the curtain they lifted). While a bot plays after them, the next
        player may already be at the screen, and nothing tells who presses the key."""
        return not self.match.hotseat or self.match.is_over() or self.match.to_move() == self.match.eyes

    def reveal_hand(self) -> None:
        """The hot-seat player clicked their hidden hand: show it (and their own lines in the log)
        until the next curtain; refused (with a word) while it is not their turn."""
        if not self.hand_hidden:
            return
        if not self.may_turn_up():
            self._note(HAND_WAITS)
            return
        self.hand_hidden = False
        self._rebuild_log()

    @property
    def peeking(self) -> bool:
        """Whether the peek key is held down now."""
        return self._peek_down

    def secret_seat(self) -> int | None:
        """The seat whose private cards may be drawn face up now: the viewer, except in hot-seat
        play while the hand is hidden and nobody peeks (then None: every secret is a back)."""
        seat = self.match.viewer()
        if self.match.hotseat and self.hand_hidden and not self._peek_down:
            return None
        return seat

    def privacy_event(self, event: pygame.event.Event) -> bool:
        """The peek key going down and up (and a lost focus, which ends a peek). True when used.
        A key held since before (the last player's finger still on it when the curtain lifted)
        repeats: its repeats show nothing."""
        if (event.type == pygame.KEYDOWN and getattr(event, "repeat", False) and self.match.hotseat
                and getattr(event, "key", None) in (self.show_key, self.peek_key)):
            return True
        if (event.type == pygame.KEYDOWN and getattr(event, "key", None) == self.show_key
                and self.match.hotseat):
            # The keyboard's click on the hand: it stays up until the next curtain.
            if self.hand_hidden:
                self.reveal_hand()
            return True
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and getattr(event, "key", None) == self.peek_key:
            self._peek_down = event.type == pygame.KEYDOWN and self.match.hotseat and self.may_turn_up()
            if event.type == pygame.KEYDOWN and self.match.hotseat and self.hand_hidden and not self.may_turn_up():
                self._note(HAND_WAITS)
            return self.match.hotseat
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self._peek_down = False
        return False

    def _drive_bot(self, dt: float) -> None:
        self.thinker.request(self.match)
        self.bot_wait += dt
        if self.bot_wait < self.bot_pause * self.speed():
            return
        try:
            action = self.thinker.result(self.match)
        except Exception:  # a broken bot must not freeze the table: play its first legal move
            self.logger.exception("bot failed; playing its first legal action")
            action = self.match.legal_actions()[0]
        if action is None:
            return
        self.bot_wait = 0.0
        self._play_bot(action)

    def _finish_game(self, dt: float) -> None:
        self.buttons = []
        self.over_wait += dt
        if self.finished or self.app is None:
            return
        if self.over_wait >= 0.4 + 2.2 * self.speed():
            self.finished = True
            unkept = ""
            if (self._opened_over or self.unsaved) and not self.replay:
                try:
                    autosave(self.match)   # kept as a replay and counted now (once: see finish)
                except OSError as exc:
                    self.logger.error("the finished game could not be kept: %s", exc)
                    from game.saves import failure_reason

                    unkept = failure_reason(exc)
            from game.ui.scenes.results import ResultsScene

            self.app.replace(ResultsScene(self.match, unkept=unkept))

    def _apply(self, action: Action) -> bool:
        """Send `action` to the match; autosave; its events are queued on the next update."""
        try:
            self.match.apply(action)
        except IllegalAction as exc:
            self._say(str(exc))
            return False
        try:
            notice = autosave(self.match, wait=False)   # the disk is not waited for in a frame
        except OSError as exc:
            self.logger.error("autosave failed: %s", exc)
            from game.saves import failure_reason

            self.unsaved = f"Could not save the game ({failure_reason(exc)}); play goes on."
            self._say(self.unsaved)
        else:
            self.unsaved = ""
            if notice and self.app is not None:  # e.g. a damaged statistics file was set aside
                from game.ui.scenes.dialogs import MessageBox

                self.logger.warning("%s", notice)
                self.app.push(MessageBox("Statistics", notice))
        self.buttons = []
        self._buttons_key = None
        self._after_apply()
        self._ingest()
        return True

    # ------------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        """Whether the Undo button shows now: the match's fair-play policy allows a take-back
        (`Match.undo_target`); never in a replay or a finished game."""
        if self.replay or self.app is None or self.match.is_over():
            return False
        key = (self.match.version, self.match.to_move())
        if key != self._undo_key:
            self._undo_key = key
            seat = self.match.undo_seat()
            self._undo_ok = seat is not None
            now = self.match.to_move()
            r = self.log_panel.rect
            # As wide as leaves the log's title clear.
            most = min(UNDO_MAX_W, r.w - 8 - 14 - theme.width_of("Game log", 17, True) - 10)
            if (seat is not None and now is not None and now != seat
                    and (self.match.seats[now].is_human or self.match.hotseat)):
                # Hot-seat: the next player (or a bot after a human) has not decided yet; the
                # button says whose move goes (and its key, where there is room).
                name = self.match.seats[seat].name
                label = f"Undo {name}  Ctrl+Z"
                size = theme.fit_size(label, most - 16, 14, 12, bold=True)
                if theme.width_of(label, size, True) > most - 16:
                    label = f"Undo {name}"
                    size = theme.fit_size(label, most - 16, 14, 12, bold=True)
                    if theme.width_of(label, size, True) > most - 16:
                        room = most - 16 - theme.width_of("Undo ", 12, True)
                        name, size = theme.fit_name(name, room, 12, 12)
                        label = f"Undo {name}"
                self.undo_button.label, self.undo_button.size = label, size
            else:
                self.undo_button.label, self.undo_button.size = "Undo  Ctrl+Z", 14
            w = max(104, theme.width_of(self.undo_button.label, self.undo_button.size, True) + 16)
            self.undo_button.rect = pygame.Rect(r.right - 8 - w, r.y + 7, w, 24)
        return self._undo_ok

    def undo(self) -> bool:
        """Take back the last action of the human at the table (see `Match.undo_target`)."""
        if not self.can_undo() or self.app is None:
            why = self.match.undo_refusal(self.match.viewer()) or "that move is not yours"
            self._say(f"No take-back: {why}.")
            return False
        self.thinker.cancel()
        # Hot-seat, a bot to move after the player, the table still behind their eyes: whoever
        # pressed may not be the player whose decision comes back, so the curtain comes down for
        # them (from the next human's turn it comes anyway: other eyes are on the table).
        giver = self.match.undo_seat()
        elsewhere = self.match.hotseat and self.match.eyes == giver and self.match.to_move() != giver
        try:
            seat, undone = self.match.undo()
        except IllegalAction as exc:
            self._say(str(exc))
            return False
        if elsewhere:
            self.match.eyes = None
        said = self.match.history[-1].text if self.match.history else ""
        alarm = False
        try:
            autosave(self.match)
        except OSError as exc:
            self.logger.error("autosave failed: %s", exc)
            from game.saves import failure_reason

            said = f"Could not save the game ({failure_reason(exc)}); play goes on."
            alarm = True
        self.app.play("click")
        from game.ui.tables import table_for

        fresh = table_for(self.match)
        fresh.hand_hidden = self.hand_hidden
        if fresh.hand_hidden:
            fresh._rebuild_log()   # built while its hand was up: only public lines now
        if alarm:
            fresh._say(said)
        else:
            fresh._note(said)
        self.app.replace(fresh)
        return True

    def _undo_covered(self) -> bool:
        """Whether the hint panel lies over the Undo button (a short log: it reaches up over the
        log's head): the button is then neither drawn, a sliver of it peeking out, nor clicked."""
        return self._hint_panel is not None and self._hint_panel.colliderect(self.undo_button.rect)

    def _draw_undo(self, surface: pygame.Surface) -> None:
        if self.can_undo() and not self._undo_covered():
            self.undo_button.draw(surface)

    def _undo_click(self, event: pygame.event.Event) -> bool:
        """The Undo button, for the table's own `handle_event` to ask first. A hint panel drawn
        over it takes the pointer: a click there hides the hint, it never takes a move back."""
        pos = getattr(event, "pos", None)
        if not self.can_undo() or self._undo_covered() or (
                pos is not None and self._hint_panel is not None and self._hint_panel.collidepoint(pos)):
            self.undo_button.hover = False
            return False
        return self.undo_button.handle_event(event)

    def _say(self, text: str) -> None:
        self.message = text
        self.message_time = self.message_seconds
        self._said_at = self.match.version

    def _note(self, text: str) -> None:
        """Say what happened, as news rather than a refusal (a take-back); a table that colours
        refusals draws it apart."""
        self._say(text)

    def _message_stale(self) -> bool:
        """Whether the message was said about an earlier position: a move played since (a bot's,
        say) may have made it untrue ("The Rubble is empty." under a Dynamite that just landed)."""
        return bool(self.message) and self.match.version != self._said_at

    # ------------------------------------------------------------------ the coach
    def hints_on(self) -> bool:
        """Whether hints are on in Settings."""
        return self.app is not None and bool(getattr(self.app.settings, "hints", True))

    def _hint_key(self) -> tuple[int, int | None, int | None]:
        """The position a hint is for: it goes when the match moves on, or when other eyes look."""
        return (self.match.version, self.match.to_move(), self.match.eyes)

    def hint_refusal(self) -> str | None:
        """Why a hint may not be asked for now; None when it may: hints on, a human to move (not a
        bot, not a replay, not a finished game) with a decision to make (not a formality the table
        plays for them), the table settled and on top, and in hot-seat play the curtain lifted by
        that very player."""
        if self.replay or self.match.spectator:
            return "There are no hints in a replay."
        if not self.hints_on():
            return "Hints are off (see Settings)."
        if self.match.is_over() or not self.match.human_to_move():
            return "Hints are for a player's own decisions."
        if self.match.hotseat and self.match.eyes != self.match.to_move():
            return "Pass the screen first."
        if self.match.formality() is not None:   # ("you rolled 5: no re-roll could do better")
            return "There is nothing to decide: the table plays this move for you."
        if self.app is not None and self.app.top is not self:
            return "Close what is open first."
        if not self.idle:
            return "A moment: the table is still moving."
        return None

    def _hint_button_shown(self) -> bool:
        return self.hint_refusal() is None

    def request_hint(self) -> bool:
        """Ask the coach for the player to move (H, or the Hint button); H again hides the answer,
        and shows it again without asking twice. True when a hint was asked for or toggled."""
        refusal = self.hint_refusal()
        if refusal is not None:
            if not self.replay and self.match.human_to_move():
                self._say(refusal)   # (hints off too: the key is not simply dead)
            return False
        key = self._hint_key()
        if self.coach.key == key:
            if self.hand_hidden:   # (turned down by the game menu: the hint comes back with the hand)
                self.reveal_hand()
                self.coach.hidden = False
            else:
                self.coach.hidden = not self.coach.hidden
            return True
        if len(self.match.legal_actions()) <= 1:
            self._note("Only one move is possible here: there is nothing to weigh.")
            return False
        seat = self.match.to_move()
        assert seat is not None
        if self.hand_hidden:
            self.reveal_hand()   # the hint speaks of the hand: the player asked to see it
        game = self.match.game
        self.coach.ask(key, game, self.match.state.to_json(), seat, self.coach.budget or coaching.hint_budget(game),
                       coaching.coach_seed(self.match.seed, len(self.match.actions)))
        caught_up = self._seen == len(self.match.history)
        note = self.match.note_hint(seat)
        if note is not None and caught_up:   # logged at once, never queued as a beat of the game
            self._seen = len(self.match.history)
            if self._log_sees(note):
                self._log(note)
        try:
            autosave(self.match)
        except OSError as exc:
            self.logger.error("autosave failed: %s", exc)
        self._play("click")
        return True

    def _coach_poll(self) -> None:
        if not self.coach.active:
            return
        if not self.hints_on() or self.replay:
            self.coach.forget()   # hints were switched off
            return
        self.coach.poll(self._hint_key(), self.match.legal_actions)

    def _hint_spots(self, action: Action) -> Sequence[coaching.Spot]:
        """Where `action` is played on this table (its buttons, cards, squares, hexes: rectangles
        or polygons), outlined for the coach's best choice; by default nothing is outlined."""
        return []

    def _hint_click(self, event: pygame.event.Event) -> bool:
        """The Hint button, and a click on the panel (which hides it), for the table's own
        `handle_event` to ask first."""
        if not self._hint_button_shown():
            self.hint_button.hover = False
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._hint_panel is not None
                and self._hint_panel.collidepoint(event.pos)):
            self.coach.hidden = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._hint_panel is not None \
                and self._hint_panel.collidepoint(event.pos):
            return True
        return self.hint_button.handle_event(event)

    def _draw_coach(self, surface: pygame.Surface, shown: bool) -> None:
        self._hint_panel = None
        if not shown:
            return
        r = self.log_panel.rect
        self.hint_button.rect = pygame.Rect(r.right - 8 - HINT_W, r.bottom - 27, HINT_W, 21)
        self.hint_button.label = "Hide hint (H)" if self.coach.active and not self.coach.hidden else "Hint (H)"
        self.hint_button.draw(surface)
        coach = self.coach
        if not coach.active or coach.hidden or (self.match.hotseat and self.secret_seat() is None):
            return   # (a hint names the cards of its hand: none while that hand is face down)
        best = coach.best()
        if best is not None:
            coaching.draw_spots(surface, self._hint_spots(best), self.clock)
            self._draw_over_hint(surface)
        seat = self.match.to_move()
        name = self.match.seats[seat].name if seat is not None else ""
        self._hint_panel = coaching.draw_panel(surface, coach, name, r, self.clock, self.log_panel.places())
        whole = coach.full_text(self.mouse) if self.mouse is not None else ""
        if whole:   # a choice cut short to fit, pointed at: its words and reason whole
            self._draw_tooltip_text(surface, whole, 340)

    def _draw_over_hint(self, surface: pygame.Surface) -> None:
        """What stays on top of the coach's outline: the keys' numbers a table shows on the
        places a choice is made (drawn again after the outline; by default nothing)."""

    # ------------------------------------------------------------------ input every table shares
    def _table_key(self, event: pygame.event.Event) -> bool:
        """Esc: the pause menu; F1: the rules; H: a hint; Space: skip the animations; PgUp/PgDn: the log."""
        k = event.key
        if self.privacy_event(event):
            return True
        if k == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return True
        if k == pygame.K_ESCAPE:
            self._open_pause()
            return True
        if k == pygame.K_F1:
            self._open_rules()
            return True
        if k == pygame.K_h and event.mod & pygame.KMOD_SHIFT and self.coach.advice and not self.coach.hidden:
            self.coach.whole = not self.coach.whole   # the choices whole, or their short form
            return True
        if k == pygame.K_h:
            self.request_hint()
            return True
        if k == pygame.K_SPACE and not self.idle:
            self.fast_forward()
            return True
        if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._scroll_log(8 if k == pygame.K_PAGEUP else -8)
            return True
        return False

    def _wheel_log(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the log scrolls it."""
        if self.log_panel.rect.collidepoint(pygame.mouse.get_pos()):
            self._scroll_log(3 * event.y)
            return True
        return False

    def _scroll_log(self, lines: int) -> None:
        self.log_panel.scroll_by(lines)

    def _open_pause(self) -> None:
        if self.app is None:
            return
        if self.match.hotseat and not self.hand_hidden:
            # The menu dims the table, not hides it, and the players may gather round it (to save,
            # to change a setting): the hand turns face down, and the log keeps to public lines.
            self._turn_hand_down()
        from game.ui.scenes.dialogs import PauseMenu

        self.app.push(PauseMenu(self.match))

    def _open_rules(self) -> None:
        if self.app is None:
            return
        from game.ui.scenes.rulebook import RulesScene

        self.app.push(RulesScene(self.match.info))

    # ------------------------------------------------------------------ drawing every table shares
    def _draw_log(self, surface: pygame.Surface) -> None:
        hint = self._hint_button_shown()
        self.log_panel.footer_right = HINT_W + 12 if hint else 0
        self.log_panel.draw(surface)
        self._draw_undo(surface)
        self._draw_coach(surface, hint)

    def _draw_callouts(self, surface: pygame.Surface) -> None:
        for c in self.callouts:
            age = c.age - c.delay
            if age < 0:
                continue
            t = age / c.duration
            alpha = 255 if t < 0.7 else int(255 * (1 - (t - 0.7) / 0.3))
            img = c.image
            img.set_alpha(max(0, alpha))
            y = c.pos[1] - c.rise * ease_out_cubic(min(1.0, t * 1.4))
            scale_in = min(1.0, t * 8)
            if scale_in < 1.0:
                pop = ease_out_back(scale_in) if self.callout_bounce else scale_in
                img = pygame.transform.smoothscale_by(img, 0.6 + 0.4 * pop)
            rect = img.get_rect(center=(int(c.pos[0]), int(y)))
            if self.callout_clamp:
                rect.clamp_ip(SCREEN)
            surface.blit(img, rect)

    def _draw_tooltip_text(self, surface: pygame.Surface, text: str, width: int) -> None:
        """A tooltip by the mouse pointer, kept on the screen."""
        assert self.mouse is not None
        img = tooltip_image(text, width)
        rect = img.get_rect(bottomleft=(self.mouse[0] + 14, self.mouse[1] - 6))
        rect.clamp_ip(SCREEN)
        surface.blit(img, rect)

    def _draw_shake(self, surface: pygame.Surface, pixels: int) -> None:
        """Shake the whole picture (a blast), up to `pixels` while `shake` is 1."""
        if self.shake > 0:
            amp = int(pixels * self.shake)
            surface.scroll(int(math.sin(self.clock * 63) * amp), int(math.cos(self.clock * 57) * amp))


# ============================================================================ cached pictures
fit = fit_text


@lru_cache(maxsize=128)
def callout_image(text: str, size: int, colour: RGB) -> pygame.Surface:
    f = theme.font(size, True, True)
    img = theme.render_line(f, text, colour)
    dark = theme.render_line(f, text, (12, 10, 8))
    surf = pygame.Surface((img.get_width() + 8, img.get_height() + 8), pygame.SRCALPHA)
    for dx in (-2, 0, 2):
        for dy in (-2, 0, 2, 3):
            surf.blit(dark, (4 + dx, 4 + dy))
    surf.blit(img, (4, 4))
    return surf.copy()


@lru_cache(maxsize=256)
def tooltip_image(text: str, width: int) -> pygame.Surface:
    lines = theme.wrap(text, width, 14)
    w = max(theme.font(14).size(line)[0] for line in lines) + 20
    h = 18 * len(lines) + 12
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 15, 18, 240), surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, theme.GOLD_DARK, surf.get_rect(), 1, border_radius=8)
    for i, line in enumerate(lines):
        theme.text(surf, line, (10, 6 + 18 * i), 14, theme.INK)
    return surf


@lru_cache(maxsize=64)
def banner_image(segs: tuple[tuple[str, RGB], ...], tag: str, size: tuple[int, int], largest: int,
                 cut: bool) -> pygame.Surface:
    """The banner: `tag` on the left, then the coloured segments, shrunk to fit from `largest`
    points down to 14 (and with `cut`, the last one shortened if they still do not)."""
    width, height = size
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (20, 20, 24, 235), rect, border_radius=10)
    pygame.draw.rect(surf, theme.GOLD_DARK, rect, 2, border_radius=10)
    tag_img = theme.render_line(theme.font(15, True), tag, theme.GOLD)
    surf.blit(tag_img, tag_img.get_rect(midleft=(14, rect.centery)))
    x0 = 14 + tag_img.get_width() + 14
    pygame.draw.line(surf, theme.GOLD_DARK, (x0 - 7, 8), (x0 - 7, rect.h - 8), 2)
    points = largest
    room = width - x0 - 12
    imgs: list[pygame.Surface] = []
    while points > 13:
        f = theme.font(points, True)
        imgs = [theme.render_line(f, t, c) for t, c in segs]
        if sum(i.get_width() for i in imgs) <= room:
            break
        points -= 1
    total = sum(i.get_width() for i in imgs)
    if total > room and _two_lines(surf, segs, x0, room, min(largest, 16)):
        return surf
    if cut and total > room and imgs:
        last_t, last_c = segs[-1]
        head = sum(i.get_width() for i in imgs[:-1])
        imgs[-1] = theme.render_line(theme.font(points, True), fit(last_t, room - head, points, True), last_c)
        total = sum(i.get_width() for i in imgs)
    if total > room:
        theme.note_clipped("".join(t for t, _ in segs), room, total, "overflow")
    x = x0 + max(0, (room - total) // 2)
    for img in imgs:
        surf.blit(img, img.get_rect(midleft=(x, rect.centery)))
        x += img.get_width()
    return surf


def _two_lines(surf: pygame.Surface, segs: tuple[tuple[str, RGB], ...], x0: int, room: int,
               largest: int) -> bool:
    """Words too long for the banner's one line (a game's last words naming a tie-break) on two,
    broken between words, each line centred in `room` from `x0`, at the largest size from
    `largest` down to 12 points at which both fit; False (nothing drawn) when none does."""
    words = [(w, c) for t, c in segs for w in re.findall(r"\S+\s*|\s+", t)]
    height = surf.get_height()
    for points in range(largest, 11, -1):
        f = theme.font(points, True)
        if 2 * f.get_linesize() > height - 2:
            continue
        widths = [theme.width_of(w, points, True) for w, _ in words]
        # Broken where the longer line is shortest: two lines of about one length.
        splits = [(max(sum(widths[:k]), sum(widths[k:])), k) for k in range(1, len(words))]
        fitting = [(longest, k) for longest, k in splits if longest <= room]
        if not fitting:
            continue
        first = min(fitting)[1]
        lines = [words[:first], words[first:]]
        for k, line in enumerate(lines):
            # Each line's words run together by colour, as the one line's segments did.
            runs: list[tuple[str, RGB]] = []
            for w, c in line:
                if runs and runs[-1][1] == c:
                    runs[-1] = (runs[-1][0] + w, c)
                else:
                    runs.append((w, c))
            runs[0] = (runs[0][0].lstrip(), runs[0][1])
            runs[-1] = (runs[-1][0].rstrip(), runs[-1][1])
            imgs = [theme.render_line(f, t, c) for t, c in runs]
            x = x0 + max(0, (room - sum(i.get_width() for i in imgs)) // 2)
            y = height // 2 + (2 * k - 1) * f.get_linesize() // 2
            for img in imgs:
                surf.blit(img, img.get_rect(midleft=(x, y)))
                x += img.get_width()
        return True
    return False


# What a game's drawing mixin is mixed into: to the type checker, the table itself, so that a
# mixin declares only what its own game's table adds; at run time, nothing (the table class puts
# the mixin before TableScene).
if TYPE_CHECKING:
    TableHost = TableScene
else:
    TableHost = object
