"""The Big Dig table: the player to move's board large, the five Digging cards, the three Goals
with everyone's progress, the other players' boards small, and the log.

The scene never changes rules state on its own and never decides what is legal: the rules say
where a card fits (`placements`) and why a placement or an explosion is refused (`why_not_dig`,
`why_not_explode`), and only an action from `match.legal_actions()` is sent to `Match.apply`.

A human chooses a card (a click or keys 1-5); its shape then follows the mouse or the arrow keys
as a *ghost* over the board, R turns it and M mirrors it, the spots where it fits this way round
are dotted, and a refused spot shows the rules' reason. Enter or a click digs. E switches to
exploding one square with the card; P passes when nothing is possible. Bots' moves are shown as
the same ghost for a moment, then played.

The events that come back are queued (`TableScene`'s machinery, in base.py) and a display model
(`DigModel`) catches up with them: every crossed square gets its marker cross drawn stroke by
stroke, a met goal flashes, the cards turn over when all five have been taken. Whenever the queue
runs dry the model is compared with the rules state and rebuilt from it (`drift` counts any
disagreement; the tests keep it at zero).

The layout, the display model (`DigModel`) and the drawing are in big_dig_drawing.py
(`TableDrawing`, mixed into the scene); this module is the scene: the beats, the buttons, the
human's choices and the input.
"""

from __future__ import annotations

import logging
from typing import Any, cast

import pygame

from game.core.contract import Action, Event
from game.core.match import Match
from game.games.big_dig.board import Square
from game.games.big_dig.cards import Shape, normalise
from game.ui import theme
from game.ui.digboard import BoardView
from game.ui.tables.base import Beat, LogPanel, TableScene, seat_rgb
from game.ui.tables.big_dig_drawing import (
    BOARD_BOX,
    BOARD_SPACE,
    CARD_COUNT,
    GOALS_BOX,
    MOVE_BOX,
    SIDE_W,
    SIDE_X,
    T_BOT_SHOW,
    T_BOT_THINK,
    T_FLASH,
    T_FLIP,
    T_REFUSED,
    T_STROKE,
    DigModel,
    TableDrawing,
    goal_title_lines,
)
from game.ui.widgets import Button, WheelNotches

log = logging.getLogger(__name__)

# What tests and tools import from here; the display model, the goals' box and their titles'
# lines are big_dig_drawing.py's.
__all__ = ["BigDigTable", "DigModel", "GOALS_BOX", "anchor_of", "dig_action", "goal_title_lines",
           "square_arg", "turned"]


def _squares(data: Any) -> list[Square]:
    """Squares from an event's data: [[x, y], ...] or [(x, y), ...] or ["x.y", ...]."""
    out: list[Square] = []
    for item in data or ():
        if isinstance(item, str):
            x, _, y = item.partition(".")
            out.append((int(x), int(y)))
        else:
            out.append((int(item[0]), int(item[1])))
    return out


def square_arg(sq: Square) -> str:
    return f"{sq[0]}.{sq[1]}"


def dig_action(card: int, squares: "set[Square] | frozenset[Square]") -> Action:
    """The dig action for `card` on `squares` (sorted row by row, as the rules spell it)."""
    ordered = sorted(squares, key=lambda s: (s[1], s[0]))
    return Action("dig", (str(card),) + tuple(square_arg(s) for s in ordered))


def turned(shape: Shape, rot: int, mirror: bool) -> Shape:
    """`shape` mirrored (left to right) if asked, then turned `rot` quarter turns clockwise."""
    squares = [(-x, y) for x, y in shape] if mirror else list(shape)
    for _ in range(rot % 4):
        squares = [(-y, x) for x, y in squares]
    return normalise(squares)


def anchor_of(shape: Shape) -> Square:
    """The square of `shape` that sits under the pointer: the one nearest the shape's middle."""
    w = max(x for x, _ in shape) + 1
    h = max(y for _, y in shape) + 1
    mid = ((w - 1) / 2, (h - 1) / 2)
    return min(shape, key=lambda s: ((s[0] - mid[0]) ** 2 + (s[1] - mid[1]) ** 2, s[1], s[0]))


# ============================================================================ the scene
class BigDigTable(TableDrawing, TableScene):
    """The Big Dig table for one `Match`: humans click or press keys, bots play themselves.

    Tests and tools: `card`, `rot`, `mirror`, `cursor` and `exploding` are the human's move being
    assembled; `ghost()` the squares it covers; `why_not()` the rules' reason it is refused ("" when
    it is allowed); `current_action()` the action it makes.
    """

    says_replay_keys = True   # (the move panel, `_move_words`)

    bot_pause = T_BOT_THINK
    message_seconds = 4.0
    callout_bounce = True
    callout_clamp = True
    drift_details = True
    logger = log

    def __init__(self, match: Match) -> None:
        if match.game != "big_dig":
            raise ValueError(f"the Big Dig table cannot show {match.game}")
        others = max(1, len(match.seats) - 1)
        # Three rivals' rows a little lower, so the log under them (and the coach's panel over
        # the log) keeps room for three choices with their reasons.
        side_h = 30 + others * (130 if others < 3 else 112)
        self.others_box = pygame.Rect(SIDE_X, 52, SIDE_W, side_h)
        log_rect = pygame.Rect(SIDE_X, 52 + side_h + 8, SIDE_W, 714 - (52 + side_h + 8))
        super().__init__(match, LogPanel(log_rect, top=38, footer=26, title_y=9, hint_bottom=7))
        state = self.state
        self.board = state.board
        self.view = BoardView(self.board, BOARD_SPACE)
        # The human's move being assembled.
        self.card: int | None = None
        self.rot = 0
        self.mirror = False
        self.cursor: Square | None = None
        self.exploding = False
        # Seconds left of the emphasis on a refused placement's reason (a click or Enter there).
        self.refused = 0.0
        # Animations: squares being crossed ((player, square) -> 0..1), the cards turning, goals glowing.
        self.strokes: dict[tuple[int, Square], float] = {}
        self.flip = 0.0
        self.flash: dict[str, float] = {}
        self.glow: tuple[int, str, float] | None = None   # a goal just met: its squares shine
        self.shown_player: int | None = None
        # The rival looked at large by the keyboard (O): (their seat, the position it was asked
        # at); it goes when the game moves on or a card is picked, and a row under the pointer
        # comes before it.
        self.looked_at: tuple[int, int] | None = None
        self._wheel = WheelNotches()
        # A bot's decision on show before it is played: (action, squares, seconds left).
        self._legal_cache: tuple[Any, set[str]] = (None, set())
        self._fits_cache: dict[Any, Any] = {}
        # (seat, goal) -> (the squares the seat had crossed, the rules' progress then)
        self._progress: dict[tuple[int, str], tuple[frozenset[Square], Any]] = {}
        self._layers: dict[Any, tuple[Any, pygame.Surface]] = {}
        self._why: tuple[Any, str] = (None, "")
        if match.fresh:
            self.model = DigModel.from_state(state, self.n)
            self.model.crossed = [set() for _ in range(self.n)]
            self.model.exploded = [set() for _ in range(self.n)]
            self.model.met = set()
        else:
            self.model = DigModel.from_state(state, self.n)
            self._resume_history()

    @property
    def state(self) -> Any:
        return self.match.state

    # ------------------------------------------------------------------ scene lifecycle
    def release_pictures(self) -> None:
        super().release_pictures()
        self._layers.clear()

    def enter(self) -> None:
        self.view.base()
        for p in range(self.n):
            self.other_view(p).base()

    # ------------------------------------------------------------------ who is on the big board
    def big_player(self) -> int:
        """The player whose board is drawn large: a rival whose row in "The other boards" the
        pointer rests on (`peeked`); else `home_player`."""
        peeked = self.peeked()
        return self.home_player() if peeked is None else peeked

    def peeked(self) -> int | None:
        """The rival whose row the pointer rests on now, while nothing moves, no card is in hand
        (the move is made on the player's own board) and no better move of Analyse's is shown."""
        if (self.card is not None or self.beat is not None or self.bot_move is not None
                or self.replay_decision or not self._queue_done()):
            return None
        if self.mouse is not None:
            pointed = next((p for i, p in enumerate(self.others()) if self.other_rect(i).collidepoint(self.mouse)),
                           None)
            if pointed is not None:
                return pointed
        if self.looked_at is not None and self.looked_at[1] == self.match.version:
            return self.looked_at[0]
        return None

    def look_at_next(self) -> None:
        """O: the next rival's board large, in the order of their rows; after the last, your own
        (or the one to move) again."""
        rows = self.others()
        now = self.peeked()
        i = rows.index(now) + 1 if now in rows else 0
        self.looked_at = (rows[i], self.match.version) if i < len(rows) else None
        self.mouse = None

    def home_player(self) -> int:
        """The board drawn large when no rival's is looked at: the one acting on show, else the
        one to move; in a replay, the one who made the move shown (what the move did is on that
        board), or the one about to move where the viewer sets a better move beside theirs."""
        if self.beat is not None and self.beat.actor is not None:
            return self.beat.actor
        if self.shown_player is not None and not self._queue_done():
            return self.shown_player
        if self.replay and self.match.actions and not self.replay_decision:
            return cast(int, self.match.actor(len(self.match.actions) - 1))
        p: int | None = self.match.to_move()
        if p is None:
            winners = self.outcome().winners
            return winners[0] if winners else 0
        return p

    def outcome(self) -> Any:
        """The rules' outcome, asked once per position (it measures every goal)."""
        key = ("outcome", self.match.version)
        if key not in self._fits_cache:
            self._fits_cache[key] = self.state.outcome()
        return self._fits_cache[key]

    def others(self) -> list[int]:
        """The rows of "The other boards": everyone but `home_player` (a rival looked at large
        keeps their row, so the rows stay where the pointer is)."""
        big = self.home_player()
        return [p for p in range(self.n) if p != big]

    # ------------------------------------------------------------------ the rules, asked once per change
    def legal(self) -> set[str]:
        key = self.match.version
        if self._legal_cache[0] != key:
            self._legal_cache = (key, {str(a) for a in self.match.legal_actions()})
            # What fitted where belongs to the position before: forget it (the small views stay).
            self._fits_cache = {k: v for k, v in self._fits_cache.items() if k[0] == "small"}
        return self._legal_cache[1]

    def progress(self, p: int, goal: str) -> Any:
        """`goal_progress(p, goal)` of the rules, asked again only when the squares `p` crossed
        change: a goal's progress depends on the board and those squares alone. So after a move
        only the mover's goals are worked out again (a path goal's gap takes milliseconds)."""
        crossed = self.state.crossed(p)
        kept = self._progress.get((p, goal))
        if kept is None or kept[0] != crossed:
            kept = self._progress[(p, goal)] = (crossed, self.state.goal_progress(p, goal))
        return kept[1]

    def shape(self) -> Shape | None:
        """The chosen card's shape as it is turned now (one square for a bonus dig or a blast)."""
        if self.bonus_turn() or self.exploding:
            return ((0, 0),)
        if self.card is None:
            return None
        return turned(self.state.card_shape(self.card), self.rot, self.mirror)

    def ghost(self) -> set[Square] | None:
        """The squares the move being assembled covers (some may be off the board)."""
        shape = self.shape()
        if shape is None or self.cursor is None:
            return None
        ax, ay = anchor_of(shape)
        cx, cy = self.cursor
        return {(cx + x - ax, cy + y - ay) for x, y in shape}

    def fit_spots(self) -> set[Square]:
        """Where the pointer may stand for the card to fit as it is turned now (its anchor square)."""
        if self.card is None or self.exploding or self.bonus_turn():
            return set()
        shape = self.shape()
        assert shape is not None
        key = (self.match.version, self.card, shape)
        if key not in self._fits_cache:
            ax, ay = anchor_of(shape)
            spots = set()
            for placed in self.state.placements(self.card):
                if normalise(list(placed)) == shape:
                    mx = min(x for x, _ in placed)
                    my = min(y for _, y in placed)
                    spots.add((mx + ax, my + ay))
            self._fits_cache[key] = spots
        return cast("set[Square]", self._fits_cache[key])

    def card_fits_somehow(self, card: int) -> bool:
        key = (self.match.version, card, "any")
        if key not in self._fits_cache:
            self._fits_cache[key] = bool(self.state.placements(card))
        return bool(self._fits_cache[key])

    def bonus_turn(self) -> bool:
        return cast(bool, self.state.phase == "bonus")

    def current_action(self) -> Action | None:
        """The action the move being assembled makes (legal or not), None while it is incomplete."""
        squares = self.ghost()
        if squares is None:
            return None
        if self.bonus_turn():
            return Action("bonus", (square_arg(next(iter(squares))),))
        if self.card is None:
            return None
        if self.exploding:
            return Action("explode", (str(self.card), square_arg(next(iter(squares)))))
        return dig_action(self.card, squares)

    def why_not(self) -> str:
        """Why the move being assembled cannot be played, in the rules' words ("" when it can)."""
        action = self.current_action()
        if action is None:
            return ""
        key = (self.match.version, str(action))
        if self._why[0] != key:
            self._why = (key, self._why_not(action))
        return self._why[1]

    def _why_not(self, action: Action) -> str:
        if str(action) in self.legal():
            return ""
        squares = self.ghost() or set()
        if self.bonus_turn():
            reason = self.state.why_not_bonus(next(iter(squares)))
            return reason or "that is not allowed now"
        assert self.card is not None
        if self.exploding:
            reason = self.state.why_not_explode(next(iter(squares)), self.card)
        else:
            reason = self.state.why_not_dig(self.card, frozenset(squares))
        return reason or "that is not allowed now"

    def can_pass(self) -> bool:
        return "pass" in self.legal()

    # ------------------------------------------------------------------ the human's choices
    def _human_turn(self) -> bool:
        return self.idle and self.match.human_to_move() and not self.match.is_over() and not self.replay

    def choose_card(self, card: int) -> bool:
        """Pick up card `card` (1-5); a taken card is refused with a message."""
        if not self._human_turn() or self.bonus_turn():
            return False
        taken = self.state.card_taken_by(card)
        if taken is not None:
            self._say(f"Card {card} is taken by {self.match.seats[taken].name} until the cards turn over.")
            return False
        self.message_time = 0.0
        if self.card != card:
            self.card = card
            self.looked_at = None
            self.rot, self.mirror = 0, False
            self._click()
        self._to_a_fit()
        if self.cursor is None:
            self.cursor = (self.board.width // 2, 0)
        self._buttons_key = None
        return True

    def _to_a_fit(self) -> None:
        """Move the pointer to where the card fits as it is turned now, nearest the pointer (or
        the top left, with none yet), unless it fits where it is: a card picked, turned or
        mirrored by a key is never left where it is refused."""
        spots = self.fit_spots()
        if spots and self.cursor not in spots:
            cx, cy = self.cursor if self.cursor is not None else (0, 0)
            self.cursor = min(spots, key=lambda s: ((s[0] - cx) ** 2 + (s[1] - cy) ** 2, s[1], s[0]))

    def turn(self) -> None:
        if self.card is not None and not self.exploding:
            self.rot = (self.rot + 1) % 4
            self._to_a_fit()
            self._click()

    def flip_shape(self) -> None:
        """Mirror the card left to right as it stands on the screen, however it is turned (a
        flip after a turn is the card's own flip and the turn the other way round)."""
        if self.card is not None and not self.exploding:
            self.mirror = not self.mirror
            self.rot = (-self.rot) % 4
            self._to_a_fit()
            self._click()

    def toggle_explode(self) -> None:
        if self.bonus_turn():
            self._say("The bonus digs are single squares: no exploding now.")
            return
        self.exploding = not self.exploding
        if self.exploding and self.card is None:
            self._say("Now choose the card to spend on the blast (1-5).")
        self._buttons_key = None
        self._click()

    def cancel(self) -> None:
        self.card = None
        self.exploding = False
        self._buttons_key = None

    def move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None:
            self.cursor = (0, 0)
        x = max(0, min(self.board.width - 1, self.cursor[0] + dx))
        y = max(0, min(self.board.height - 1, self.cursor[1] + dy))
        self.cursor = (x, y)

    def confirm(self) -> bool:
        """Play the move being assembled if it is legal; else say why not."""
        if not self._human_turn():
            return False
        action = self.current_action()
        if action is None:
            self._say("Choose a card first (1-5), then where it goes." if not self.bonus_turn()
                      else "Point at a square for your bonus dig.")
            return False
        if str(action) not in self.legal():
            # The reason is on show already (the move panel's red line, `_move_words`): it stands
            # out for a moment rather than being said again in the message bar.
            self.refused = T_REFUSED
            return False
        self._click()
        return self._apply(action)

    def pass_turn(self) -> bool:
        if not self._human_turn():
            return False
        if not self.can_pass():
            self._say("You can still dig or explode somewhere: passing is only for when nothing fits.")
            return False
        return self._apply(Action("pass"))

    def _click(self) -> None:
        if self.app is not None:
            self.app.play("click")

    def _after_apply(self) -> None:
        self.card = None
        self.exploding = False
        self.rot, self.mirror = 0, False

    def _prepare_human_turn(self) -> None:
        if self.card is not None and self.state.card_taken_by(self.card) is not None:
            self.card = None
        if self.cursor is None:
            self.cursor = (self.board.width // 2, 0)
        self._ensure_buttons()

    # ------------------------------------------------------------------ buttons
    def _place_refusal(self) -> str:
        """Why Place stands grey now ("" when it would play the move): no card in hand, or the
        piece where it may not go (whose reason the move panel says; the button's tooltip says
        what to do instead of saying it again)."""
        if self.card is None and not self.bonus_turn():
            return "Choose a card first (1-5)"
        if self.current_action() is None or not self.why_not():
            return ""
        if self.bonus_turn():
            return "Point at a square you may dig"
        if self.exploding:
            return "Point at a square you may blow up"
        return "Move the piece to a green dot (or turn it) first"

    def _ensure_buttons(self) -> None:
        place_refusal = self._place_refusal()
        key = (self.match.version, self.card, self.exploding, self.bonus_turn(), self.rot, self.mirror,
               place_refusal)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        x0, y0 = MOVE_BOX.x + 10, MOVE_BOX.bottom - 96
        w3 = (MOVE_BOX.w - 20 - 16) // 3
        shaped = self.card is not None and not self.exploding and not self.bonus_turn()
        no_card = "Choose a card first (1-5)"
        turns = flips = shaped
        if shaped and self.card is not None:
            # A button that would leave the piece as it is stands greyed (the O card: both).
            shape = self.state.card_shape(self.card)
            now = turned(shape, self.rot, self.mirror)
            turns = turned(shape, self.rot + 1, self.mirror) != now
            flips = turned(shape, -self.rot, not self.mirror) != now
        hovered = {b.label for b in self.buttons if b.hover}   # (a button under the pointer stays lit)
        self.buttons = [
            Button((x0, y0, w3, 38), "Rotate  R", self.turn, None, enabled=turns,
                   reason=no_card if not shaped else "This card looks the same turned", size=16),
            Button((x0 + w3 + 8, y0, w3, 38), "Mirror  M", self.flip_shape, None, enabled=flips,
                   reason=no_card if not shaped else "This card looks the same mirrored", size=16),
            Button((x0 + 2 * (w3 + 8), y0, w3, 38), "Dig  D" if self.exploding else "Explode  E",
                   self.toggle_explode, None, enabled=not self.bonus_turn(),
                   reason="Bonus digs are single squares", size=16),
            Button((x0, y0 + 46, w3, 38), "Pass  P", lambda: None if self.pass_turn() else None, None,
                   enabled=self.can_pass(), reason="Pass only when nothing can be dug or exploded", size=16),
            Button((x0 + w3 + 8, y0 + 46, w3, 38), "Drop  ⌫", self.cancel, None,
                   enabled=self.card is not None or self.exploding, reason="No card in hand", size=16),
            Button((x0 + 2 * (w3 + 8), y0 + 46, w3, 38), "Place  ⏎", lambda: None if self.confirm() else None,
                   None, primary=True, size=16, enabled=not place_refusal, reason=place_refusal),
        ]
        for b in self.buttons:
            b.hover = b.label in hovered

    def button_for(self, label: str) -> Button | None:
        return next((b for b in self.buttons if b.label.startswith(label)), None)

    def _hint_spots(self, action: Action) -> list[pygame.Rect]:
        """The coach's best choice: the Digging card and the squares it digs or explodes (the
        bonus square; the Pass button)."""
        if action.kind == "pass":
            b = self.button_for("Pass")
            return [b.rect] if b is not None else []
        args = list(action.args)
        spots = []
        if action.kind in ("dig", "explode") and args and args[0].isdigit():
            spots.append(self.card_rect(int(args.pop(0))))
        if self.big_player() != self.home_player():
            return spots   # (a rival's board is on show: the squares are not theirs)
        for text in args:
            x, sep, y = text.partition(".")
            if sep and x.isdigit() and y.isdigit():
                spots.append(self.view.square_rect((int(x), int(y))))
        return spots

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._undo_click(event) or self._hint_click(event):
            return True
        if event.type == pygame.WINDOWLEAVE:
            self.mouse = None   # (no rival's board stays large once the pointer has left)
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for b in self.buttons:
                b.handle_event(event)
            if self._human_turn():
                sq = self.view.square_at(event.pos)
                if sq is not None:
                    self.cursor = sq
            return False
        if event.type == pygame.KEYDOWN:
            if self._table_key(event):
                return True
            if event.key == pygame.K_o and self.card is None:
                self.look_at_next()
                return True
            if not self._human_turn():
                return False
            return self._key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            if self._wheel_log(event):
                return True
            if self._human_turn() and BOARD_BOX.collidepoint(pygame.mouse.get_pos()):
                for _ in range(abs(self._wheel.notch(event))):   # (a turn a whole notch)
                    self.turn()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if not self._human_turn():
                return False
            if event.button == 3:   # the right button turns the shape in hand
                self.turn()
                return True
            for b in list(self.buttons):
                if b.handle_event(event):
                    return True
            for c in range(1, CARD_COUNT + 1):
                if self.card_rect(c).collidepoint(event.pos):
                    return self.choose_card(c)
            sq = self.view.square_at(event.pos)
            if sq is not None:
                self.cursor = sq
                if self.card is None and not self.bonus_turn():
                    self._say("Choose a card first: click one, or press 1-5.")
                    return True
                self.confirm()
                return True
        return False

    def _key(self, k: int) -> bool:
        if pygame.K_1 <= k <= pygame.K_5 or pygame.K_KP1 <= k <= pygame.K_KP5:
            self.choose_card(k - (pygame.K_1 if k <= pygame.K_5 else pygame.K_KP1) + 1)
            return True
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if k in arrows:
            self.move_cursor(*arrows[k])
            return True
        if k == pygame.K_r:
            self.turn()
            return True
        if k == pygame.K_m:
            self.flip_shape()
            return True
        if k == pygame.K_e:
            if not self.exploding:
                self.toggle_explode()
            return True
        if k == pygame.K_d:
            if self.exploding:
                self.toggle_explode()
            return True
        if k == pygame.K_p:
            self.pass_turn()
            return True
        if k == pygame.K_BACKSPACE:
            self.cancel()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        return False

    # ------------------------------------------------------------------ bots
    def _play_bot(self, action: Action) -> None:
        if self.speed() <= 0 or action.kind == "pass":
            self._apply(action)
            return
        squares = [_squares([a])[0] for a in action.args if "." in a]
        self.show_bot_move(action, squares, T_BOT_SHOW)

    def _settle(self) -> None:
        self.glow = None
        self.strokes.clear()
        self.flip = 0.0
        self.flash.clear()

    # ------------------------------------------------------------------ events
    def _take(self, ev: Event) -> None:
        card = ev.data.get("card")
        if isinstance(card, int) and 1 <= card <= CARD_COUNT:
            self.model.taken[card - 1] = int(ev.data["player"])

    def _cross(self, ev: Event, beat: Beat, exploded: bool) -> None:
        p = int(ev.data["player"])
        self.shown_player = p
        squares = _squares(ev.data.get("squares"))
        self._play("dig" if not exploded else "blast")
        for i, sq in enumerate(squares):
            self.model.crossed[p].add(sq)
            if exploded and self.board.kind(sq) == "rock":   # the rock goal counts rock only
                self.model.exploded[p].add(sq)
            key = (p, sq)
            self.strokes[key] = 0.0

            def upd(t: float, key: tuple[int, Square] = key) -> None:
                self.strokes[key] = t

            def done(key: tuple[int, Square] = key) -> None:
                self.strokes.pop(key, None)

            self._tween(beat, T_STROKE, upd, done, delay=i * T_STROKE * 0.8, ease=lambda t: t)
        self._hold(beat, 0.25)

    def _on_dig(self, ev: Event, beat: Beat) -> None:
        self._take(ev)
        self._cross(ev, beat, False)

    def _on_bonus(self, ev: Event, beat: Beat) -> None:
        self._cross(ev, beat, False)

    def _on_explode(self, ev: Event, beat: Beat) -> None:
        self._take(ev)
        self._cross(ev, beat, True)
        self.shake = 0.5
        for sq in _squares(ev.data.get("squares"))[:1]:
            self._callout("Boom!", self.view.square_rect(sq).center, (255, 170, 80), 26, 0.9)
        # The board stays the exploder's until the Boom is over: it belongs to that board.
        self._hold(beat, 0.9)

    def _on_pass(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data.get("player", 0))
        self.shown_player = p
        self._callout(f"{self.match.seats[p].name} passes", self.view.rect.center, seat_rgb(p), 30, 1.2)
        self._hold(beat, 0.5)

    def _on_flip(self, ev: Event, beat: Beat) -> None:
        turned_over = [False]

        def upd(t: float) -> None:
            self.flip = t
            if t >= 0.5 and not turned_over[0]:
                turned_over[0] = True
                self.model.sides = [1 - s for s in self.model.sides]
                self.model.taken = [None] * CARD_COUNT

        def done() -> None:
            if not turned_over[0]:
                upd(0.5)
            self.flip = 0.0

        self._play("click")
        self._tween(beat, T_FLIP, upd, done)

    def _on_goal(self, ev: Event, beat: Beat) -> None:
        p, goal = int(ev.data["player"]), str(ev.data["goal"])
        self.model.met.add((p, goal))
        self.flash[goal] = T_FLASH * max(0.3, self.speed())
        self.glow = (p, goal, self.flash[goal])
        from game.games.big_dig.rules import GOAL_TITLE

        # Two goals met by one dig: their words stand one under the other, not on top.
        cx, cy = self.view.rect.center
        stacked = sum(1 for c in self.callouts if c.pos[0] == cx and c.age < c.delay + c.duration)
        self._callout(f"{GOAL_TITLE.get(goal, goal)}!", (cx, cy + 60 * stacked), seat_rgb(p), 40, 1.4)
        self._play("coin")
        # The board stays this player's while the words are up: they are about this board.
        self._hold(beat, 1.4)

    def _on_win(self, ev: Event, beat: Beat) -> None:
        self.model.over = True
        p = int(ev.data["player"])
        self._announce_winners(Event(ev.kind, ev.text, {"winners": [p]}), beat, self.view.rect.center, 48)

    def _on_end(self, ev: Event, beat: Beat) -> None:
        """Everyone passed in a row: the most goals met wins."""
        self.model.over = True
        self._announce_winners(ev, beat, self.view.rect.center, 44)

    def _on_setup(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.1)

    _on_goals = _on_cards = _on_setup

    def _sync(self) -> None:
        self._adopt_truth(DigModel.from_state(self.state, self.n, self.progress))
        self.shown_player = None

    def _animate(self, dt: float) -> None:
        self.refused = max(0.0, self.refused - dt)
        if self.glow is not None:
            p, goal, left = self.glow
            self.glow = (p, goal, left - dt) if left > dt else None
        for g in list(self.flash):
            self.flash[g] -= dt
            if self.flash[g] <= 0:
                del self.flash[g]

    # ------------------------------------------------------------------ the log
    def _log(self, ev: Event) -> None:
        p = ev.data.get("player")
        colour = seat_rgb(p) if isinstance(p, int) else theme.INK_DIM
        heading = ev.kind in ("flip", "win", "end", "expert")
        if heading:
            colour = theme.GOLD
        self.log_panel.add(ev.text, colour, heading)
