"""The coach at the table: a Hint shows the hard search's top three choices for the human to move.

`TableScene` owns one `Coach`. Asking (key H or the Hint button, see `TableScene.request_hint`)
sends the position to the search process pool (`game.bots.pool`) as its saved JSON and the seat:
the worker rebuilds it and searches from that seat's *view* only, so a hint never knows more than
the player asking. The table stays live while the search runs (about a second); the panel says
"Thinking…" meanwhile. Every request is keyed on the position (the match's version, the seat to
move and whose eyes the table shows): an answer that comes back for a position that has changed
is dropped, never shown.

The panel (drawn over the game log, so the board stays in view) lists each choice in the game's
words, its estimated chance to win and the search's one-line reason; the table outlines where
the best choice is played (each table's `_hint_spots`). This module draws; the table decides
when a hint is allowed.
"""

from __future__ import annotations

import concurrent.futures
import logging
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping, Sequence, Union

import pygame

from game.bots.search import FEW_LOOKS, Budget, enough_looks, policy_for
from game.core.contract import Action, IllegalAction
from game.core.rng import derive_seed
from game.ui import theme
from game.ui.scenes.dialogs import fit_text

if TYPE_CHECKING:   # the pool (and multiprocessing) loads only when a search is asked for
    from game.bots.pool import Advice

log = logging.getLogger(__name__)

# Where an action is played on a table: a rectangle (a button, a card), or a polygon (a hex).
Spot = Union[pygame.Rect, Sequence[tuple[float, float]]]

HINT_SECONDS = 1.0   # the search's time for one hint
HINT_TOP = 3         # choices shown

# (game, state JSON, seat, budget, seed, top, played) -> a Future of the choices, best first;
# `played` (Analyse: the move made there, or None) is weighed and answered too.
Analyser = Callable[[str, Mapping[str, Any], int, Budget, int, "int | None", "str | None"],
                    "concurrent.futures.Future[list[Advice]]"]


def pool_analyser(game: str, state_json: Mapping[str, Any], seat: int, budget: Budget, seed: int,
                  top: int | None, played: str | None = None
                  ) -> "concurrent.futures.Future[list[Advice]]":
    """The real analyser: the program's search process pool."""
    from game.bots.pool import shared_pool

    return shared_pool().analyse(game, state_json, seat, budget, seed, top, played)


def hint_budget(game: str, seconds: float = HINT_SECONDS) -> Budget:
    """The coach's iterations for `game` (`Policy.hint_iterations`, by default the hard bot's for
    the position), capped at `seconds` of thinking, or at the game's `Policy.hint_seconds` where
    that is longer."""
    policy = policy_for(game)
    return Budget(policy.hint_iterations, max(seconds, policy.hint_seconds or 0.0))


def coach_seed(match_seed: int, index: int) -> int:
    """The search's seed for the decision after `index` actions of a match: the same for a hint
    at the table and for Analyse later, so that where the search runs to its budget both weigh
    the moves alike (Gold Mine's deals are then the same deals), and Analyse does not fault the
    move a hint gave first."""
    return derive_seed(match_seed, "coach", index)


class Coach:
    """One table's hint: the request in flight, or the answer, for one position (`key`)."""

    def __init__(self, analyser: Analyser | None = None) -> None:
        self.analyser: Analyser = analyser or pool_analyser
        self.budget: Budget | None = None   # the search's budget; None: `hint_budget` of the game
        self.key: Hashable | None = None
        self.future: concurrent.futures.Future[list[Advice]] | None = None
        self.advice: list[Advice] | None = None
        self.actions: list[Action | None] = []   # each advice's action, None if not legal now
        self.failed = ""
        self.hidden = False   # the player put the answer away (H again shows it)
        self.dropped = 0   # answers that came back for a position that had changed
        # Where the panel last drew each choice, and whether its words or reason were cut short
        # there (pointing at it then shows them whole: `full_text`).
        self.spans: list[tuple[pygame.Rect, int, bool]] = []
        self.whole = False   # Shift+H: every choice's words and reason whole, over what is above

    @property
    def active(self) -> bool:
        """Whether a hint is asked for or shown."""
        return self.key is not None

    @property
    def thinking(self) -> bool:
        return self.future is not None

    def ask(self, key: Hashable, game: str, state_json: Mapping[str, Any], seat: int,
            budget: Budget, seed: int) -> None:
        """Start the search for the position `key` (its answer is kept only for that key)."""
        self.forget()
        self.key = key
        try:
            self.future = self.analyser(game, state_json, seat, budget, seed, HINT_TOP, None)
        except Exception as exc:  # no process pool (e.g. a broken install): the table goes on
            log.exception("the coach could not start")
            self.failed = f"The coach could not think ({exc.__class__.__name__})."
            self.future = None

    def poll(self, key: Hashable, legal: Callable[[], list[Action]]) -> None:
        """Take the answer once it is in, if it is still for the position `key`; a hint for
        another position is forgotten (its answer, when it comes, dropped)."""
        if self.key is not None and key != self.key:
            self.forget()
            return
        future = self.future
        if future is None or not future.done():
            return
        self.future = None
        try:
            advice = future.result()
        except Exception as exc:
            log.warning("the coach's search failed: %s", exc)
            self.failed = "The coach could not think this through."
            return
        now = legal()
        self.advice = list(advice)
        self.actions = [legal_action(a.action, now) for a in self.advice]

    def forget(self) -> None:
        """Hide the hint; a search still running is dropped when it answers."""
        if self.future is not None:
            from game.bots.pool import stop_search

            if not self.future.cancel():
                self.dropped += 1
                self.future.add_done_callback(_discard)
                stop_search(self.future)   # (the worker is needed for what comes next)
        self.key = None
        self.future = None
        self.advice = None
        self.actions = []
        self.failed = ""
        self.hidden = False
        self.whole = False

    def full_text(self, pos: tuple[int, int]) -> str:
        """The whole words and reason of the choice drawn cut short under `pos`, else ""."""
        for rect, i, cut in self.spans:
            if cut and rect.collidepoint(pos) and self.advice is not None and i < len(self.advice):
                a = self.advice[i]
                return f"{a.words}. {a.reason}" if a.reason else a.words
        return ""

    def best(self) -> Action | None:
        """The top choice, when the answer is in and it is legal here."""
        return self.actions[0] if self.actions else None


def _discard(future: "concurrent.futures.Future[Any]") -> None:
    """A dropped answer: read (so an error in it is not reported as unhandled) and forgotten."""
    if not future.cancelled():
        future.exception()


def legal_action(text: str, legal: list[Action]) -> Action | None:
    try:
        action = Action.parse(text)
    except IllegalAction:
        return None
    return action if action in legal else None


# ============================================================================ drawing
INDENT = 20   # the choices' text, right of their number
PANEL_TOP = 56   # the highest a hint panel reaches (below the table's banner)


def percent(advice: Advice, enough: int = FEW_LOOKS) -> str:
    """The estimated chance to win as the panel writes it: "62%"; "~0%" when the search looked at
    the choice fewer than `enough` times (a rough figure: see `enough_looks`); "—" when nothing
    was searched, as for the only legal move."""
    if advice.visits <= 0:
        return "—"
    rough = "~" if advice.visits < enough else ""
    return f"{rough}{round(100 * advice.win)}%"


FOOT_ROOM = 30   # the log's footer under the panel: its scroll line and the Hint button
SHADOW = 4       # the panel's shadow below it
GAP = 6          # between the log's last line and a panel put under it


@dataclass(frozen=True)
class LogPlaces:
    """Where a box over the game log may end or begin: `edges`, the y on the screen of the edges
    between the log's line places under which a whole entry begins (or no line is left), top to
    bottom; `below`, the y under the log's last line when the log has room left under it (None
    when it is full)."""

    edges: tuple[int, ...] = ()
    below: int | None = None


def panel_bottom(log_rect: pygame.Rect, places: LogPlaces = LogPlaces()) -> int:
    """The lowest the panel (with its shadow) reaches: the lowest of the log's edges that leaves
    the log's footer clear, so no line shows cut in half under the panel."""
    return max((y for y in places.edges if y <= log_rect.bottom - FOOT_ROOM),
               default=log_rect.bottom - 40 + SHADOW)


def place_over_log(log_rect: pygame.Rect, height: int, limit: int,
                   places: LogPlaces = LogPlaces()) -> pygame.Rect:
    """A box `height` tall (its shadow below it) over the game log, ending at `limit` at most:
    under the log's last line when there is room there, so the newest entries stay in view; else
    from the log's top down to an edge under which a whole entry begins; where even the whole log
    is too short (a table that stacks other panels above it) it reaches up over them, never past
    the top of the window."""
    x, w = log_rect.x + 4, log_rect.w - 8
    if places.below is not None and places.below + GAP + height <= limit:
        return pygame.Rect(x, places.below + GAP, w, height)
    top = log_rect.y + 34
    ends = [y - SHADOW for y in places.edges if y - SHADOW <= limit]   # (the shadow on the edge)
    if not ends:   # nothing known of the log's lines: as tall as it needs
        if limit - top < height:
            top = max(PANEL_TOP, limit - height)
        return pygame.Rect(x, top, w, min(height, limit - top))
    fits = [y for y in ends if y >= top + height]
    if fits:
        return pygame.Rect(x, top, w, min(fits) - top)
    bottom = max(ends)   # the lowest edge, and up over what lies above the log
    top = max(PANEL_TOP, min(top, bottom - height))
    return pygame.Rect(x, top, w, bottom - top)


def panel_rect(log_rect: pygame.Rect, height: int, places: LogPlaces = LogPlaces()) -> pygame.Rect:
    """Where the hint panel goes: over the game log (see `place_over_log`), clear of its footer."""
    return place_over_log(log_rect, height, panel_bottom(log_rect, places) - SHADOW, places)


@dataclass(frozen=True)
class Line:
    """One line of the panel; `choice` is set on the first line of a choice (its number)."""

    text: str
    size: int
    colour: tuple[int, int, int]
    bold: bool = False
    indent: int = 0
    choice: int | None = None
    short: bool = False   # the choice's words in their shorter form (pointing shows them whole)


# How many lines a choice's words and its reason may take: the most that fit in the room. The
# words (what to do) keep a line before the reason (why) gives one up.
LINE_CAPS = ((6, 4), (5, 3), (4, 3), (4, 2), (3, 2), (3, 1), (2, 1))
WHOLE_LINES = (12, 8)   # the same with the panel shown whole (Shift+H): what any game's words take


def panel_lines(coach: Coach, name: str, width: int, room: int | None = None) -> list[Line]:
    """The panel's lines, fitted to `width`, and to `room` (the most height the panel may take)
    by cutting the longest words and reasons short only as far as they must be."""
    for most_words, most_reason in LINE_CAPS:
        lines = _panel_lines(coach, name, width, most_words, most_reason)
        if room is None or panel_height(lines) <= room:
            break
    return lines


def panel_height(lines: Sequence[Line]) -> int:
    return sum(_line_h(line) for line in lines) + 40


def _panel_lines(coach: Coach, name: str, width: int, most_words: int, most_reason: int) -> list[Line]:
    lines = [Line(fit_text(f"Hint for {name}", width, 15, True), 15, theme.GOLD, True)]
    if coach.failed:
        lines += [Line(part, 13, theme.DANGER) for part in theme.wrap(coach.failed, width, 13)]
    elif coach.advice is None:
        lines.append(Line("Thinking…", 14, theme.INK_DIM))
    elif not coach.advice:
        lines.append(Line("The coach has no choice to offer here.", 13, theme.INK_DIM))
    enough = enough_looks([a.visits for a in coach.advice or ()])
    for i, a in enumerate(coach.advice or ()):
        colour = theme.GOLD if i == 0 else theme.INK
        room = width - INDENT - theme.width_of(percent(a, enough), 14, True) - 8
        words = theme.wrap_lines(a.words, room, 14, True, most=most_words)
        short = bool(a.short) and words[-1].endswith("…") and not a.words.endswith("…")
        if short:   # (cut short: the game's shorter words, whole where they fit)
            words = theme.wrap_lines(a.short, room, 14, True, most=most_words)
        for j, part in enumerate(words):
            lines.append(Line(part, 14, colour, True, INDENT, i if j == 0 else None, short))
        reason = theme.wrap_lines(a.reason, width - INDENT, 12, most=most_reason) if a.reason else []
        lines += [Line(part, 12, theme.INK_DIM, indent=INDENT) for part in reason]
        if coach.actions and coach.actions[i] is None:
            lines.append(Line("(no longer possible here)", 12, theme.INK_FAINT, indent=INDENT))
    return lines


def draw_panel(surface: pygame.Surface, coach: Coach, name: str, log_rect: pygame.Rect,
               clock: float, places: LogPlaces = LogPlaces()) -> pygame.Rect:
    """The hint panel over the log (`places`: where on the log it may begin and end); returns
    its rectangle (a click on it hides it). Its words are cut short only as far as they must be
    to fit over the log; only what does not fit even then reaches up over the panels above."""
    width = log_rect.w - 8 - 24
    if coach.whole:   # (Shift+H) nothing cut; the panel reaches up over what is above the log
        lines = _panel_lines(coach, name, width, WHOLE_LINES[0], WHOLE_LINES[1])
    else:
        lines = panel_lines(coach, name, width, panel_bottom(log_rect, places) - SHADOW - (log_rect.y + 34))
    rect = panel_rect(log_rect, panel_height(lines), places)
    pygame.draw.rect(surface, (10, 9, 8), rect.move(0, SHADOW), border_radius=10)
    pygame.draw.rect(surface, (30, 27, 22), rect, border_radius=10)
    pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=10)
    x, y = rect.x + 12, rect.y + 10
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-4, -4))
    coach.spans = []
    current: int | None = None
    for line in lines:
        if line.choice is not None:
            current = line.choice
            coach.spans.append((pygame.Rect(rect.x, y, rect.w, 0), current, False))
        if current is not None and coach.spans:
            span, index, cut = coach.spans[-1]
            span.h = min(y + _line_h(line), rect.bottom - 16) - span.y
            coach.spans[-1] = (span, index, cut or line.short or line.text.endswith("…"))
        if line.choice is not None:
            y += 8
            assert coach.advice is not None
            theme.text(surface, f"{line.choice + 1}", (x, y), 14, theme.INK_FAINT, bold=True)
            enough = enough_looks([a.visits for a in coach.advice])
            theme.text(surface, percent(coach.advice[line.choice], enough), (rect.right - 12, y), 14,
                       line.colour, bold=True, anchor="topright")
        text = line.text
        if text == "Thinking…":
            text = "Thinking" + "." * (1 + int(clock * 3) % 3)
        theme.text(surface, text, (x + line.indent, y), line.size, line.colour, bold=line.bold)
        y += _line_h(line) - (8 if line.choice is not None else 0)
    surface.set_clip(clip)
    if coach.whole:
        foot = "Shift+H: the short form · H hides"
    elif any(cut for _, _, cut in coach.spans):
        foot = "Shift+H or point at a choice: all of it"
    else:
        foot = "H or a click hides this" if coach.advice is not None or coach.failed else "Play on if you like"
    theme.text(surface, foot, (rect.centerx, rect.bottom - 6), 11, theme.INK_FAINT, anchor="midbottom")
    return rect


def _line_h(line: Line) -> int:
    return line.size + 4 + (8 if line.choice is not None else 0)


def draw_spots(surface: pygame.Surface, spots: Sequence[Spot], clock: float) -> None:
    """The best choice on the table: a pulsing gold outline around each of its places (a
    rectangle, or a polygon such as a hex) in a soft glow, which sets it apart from the tables'
    own outlines of what may be chosen. Nothing is drawn on the place itself or beside it: a
    badge there covered the table's key numbers and headings."""
    glow = 0.5 + 0.5 * math.sin(clock * 5)
    colour = (255, int(200 + 40 * glow), int(90 + 80 * glow))
    for spot in spots:
        if isinstance(spot, pygame.Rect):
            # (Kept inside the window, dark edge and all: a button at its edge keeps a whole ring.)
            box = spot.inflate(8, 8).clip(surface.get_rect().inflate(-6, -6))
            _halo(surface, box, None, glow)
            pygame.draw.rect(surface, (20, 14, 4), box.inflate(4, 4), 3, border_radius=10)
            pygame.draw.rect(surface, colour, box, 3, border_radius=10)
        else:
            points = [(int(round(x)), int(round(y))) for x, y in spot]
            xs, ys = [x for x, _ in points], [y for _, y in points]
            _halo(surface, pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), points, glow)
            pygame.draw.polygon(surface, (20, 14, 4), points, 6)
            pygame.draw.polygon(surface, colour, points, 3)


HALO = 8   # how far the glow reaches outside the outline


def _halo(surface: pygame.Surface, box: pygame.Rect, points: list[tuple[int, int]] | None,
          glow: float) -> None:
    """A soft gold glow just outside `box` (a rectangle), or along `points` (a polygon)."""
    area = box.inflate(4 * HALO, 4 * HALO)
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    for reach, alpha in ((HALO, 100), (HALO * 2 // 3, 150), (HALO // 3, 210)):
        rgba = (255, 205, 70, int(alpha * (0.6 + 0.4 * glow)))
        if points is None:
            ring = box.move(-area.x, -area.y).inflate(2 * reach, 2 * reach)
            pygame.draw.rect(layer, rgba, ring, reach, border_radius=10 + reach)
        else:
            moved = [(x - area.x, y - area.y) for x, y in points]
            pygame.draw.lines(layer, rgba, True, moved, 2 * reach)
            for x, y in moved:
                pygame.draw.circle(layer, rgba, (x, y), reach)
    surface.blit(layer, area)
