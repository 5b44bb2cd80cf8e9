"""The end of a game: every seat's score with its breakdown, the winner(s), a little celebration.

From here the game can be looked at again: the replay from the first move, the table as it
ended, and the whole log.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.contract import IllegalAction, Outcome, PlayerScore
from game.core.match import Match, Seat
from game.core.text import clean_text
from game.core.words import amount, and_list, plural
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import MessageBox, fit_text, open_table
from game.ui.tween import ease_out_back
from game.ui.widgets import Button, FocusRing

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT


# Sparks fade out as they rise past SPARK_FADE, and are gone by SPARK_CEILING, the foot of the
# line under the headline: they rose over its words.
SPARK_FADE, SPARK_CEILING = 186, 150


def spark_fade(s: "Spark") -> float:
    """How far a spark has faded (0 new, 1 gone): with age, and as it nears the words above."""
    return max(s.age / s.life, min(1.0, (SPARK_FADE - s.y) / (SPARK_FADE - SPARK_CEILING)))


@dataclass
class Spark:
    """One gold spark of the celebration: position, velocity, and how long it lives."""

    x: float
    y: float
    vx: float
    vy: float
    life: float
    age: float
    size: float


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class ResultsScene(Scene):
    """Final scores of `match`; Play again deals a new game with the same seats (a tie-break
    game, where the rules call for one, with the tied players)."""

    def __init__(self, match: Match, *, rng: random.Random | None = None, unkept: str = "") -> None:
        super().__init__()
        self.match = match
        # Why the finished game could not be kept (a full disk): said on the screen, tried again
        # on leaving it, and asked about before the window closes on it.
        self.unkept = unkept
        self.outcome: Outcome = match.state.outcome()
        self.rng = rng or random.Random()
        self.age = 0.0
        self.sparks: list[Spark] = []
        self._emit = 0.0
        # Standard competition ranking: two players tied for first are both 1st, the next is 3rd.
        # The winners come first: a player level on points who lost the rules' tie-break is 2nd.
        def standing(s: PlayerScore) -> tuple[bool, int]:
            return (s.player in self.outcome.winners, s.total)

        self.order = sorted(self.outcome.scores, key=lambda s: (not standing(s)[0], -s.total, s.player))
        self.rank = {s.player: 1 + sum(1 for o in self.outcome.scores if standing(o) > standing(s))
                     for s in self.outcome.scores}
        self.cards = self._layout_cards()
        notes = match.info.result_notes
        names = [seat.name for seat in match.seats]
        self.notes = {s.player: notes(match.history, names, s.player) for s in self.outcome.scores} if notes else {}
        # A tie in a game whose rules settle ties by playing again offers that game first.
        self.tie_break = self.outcome.is_tie and match.info.tie_break_game
        label = "Tie-break game" if self.tie_break else "Play again"
        specs = [(label, 216, self.play_again, pygame.K_p, True),
                 ("Watch the replay", 208, self.watch_replay, pygame.K_w, False),
                 ("Show the table", 190, self.show_table, pygame.K_t, False),
                 ("Game log", 150, self.show_log, pygame.K_l, False),
                 ("Back to menu", 190, self.back_to_menu, pygame.K_ESCAPE, False)]
        gap = 14
        x = (W - sum(w for _, w, *_ in specs) - gap * (len(specs) - 1)) // 2
        self.buttons: list[Button] = []
        for text, w, cb, k, primary in specs:
            self.buttons.append(Button((x, H - 78, w, 54), text, cb, k, primary=primary, size=19))
            x += w + gap
        self.again_button, self.menu_button = self.buttons[0], self.buttons[-1]
        self.ring = FocusRing(self.buttons, enter_finds_primary=True)

    # ---------------------------------------------------------------- facts
    @property
    def winners(self) -> tuple[int, ...]:
        return self.outcome.winners

    def headline(self) -> tuple[str, str]:
        """The big line and the line under it."""
        names = [self.match.seats[p].name for p in self.winners]
        top = max((s.total for s in self.outcome.scores), default=0)
        score = amount(top, self.match.info.score_unit)  # "12 points", "98$"
        if self.tie_break:
            return "A tie!", (f"{and_list(names)} tie with {score}: "
                              "the rules call for a tie-break game between them.")
        if self.outcome.is_tie:
            if not self.match.info.scored:   # (won, not scored: the game's words say how)
                return "A shared win!", self._end_words(f"{and_list(names)} share the win.")
            return "A shared win!", f"{and_list(names)} share the win with {score} each."
        if not names:
            # A game that nobody wins (Diamond in the Rough, when nobody holds the Gem at the end):
            # everybody lost, which is neither a tie nor a win; the game's last words say why.
            return "Everybody loses", self._end_words("Nobody won this game.")
        if not self.match.info.scored:   # won, not scored: say how
            last = next((ev for ev in reversed(self.match.history) if ev.kind == "end"), None)
            how = str(last.data.get("how", "")) if last is not None else ""
            # (The game's own "how", without the name the big line already says; else its words.)
            return f"{names[0]} wins!", how or self._end_words("")
        if any(s.total == top and s.player not in self.winners for s in self.outcome.scores):
            # Level on points, won on the rules' tie-break: the game's last words say on what.
            last = next((ev for ev in reversed(self.match.history) if ev.kind == "end"), None)
            why = str(last.data.get("tie_break", "")) if last is not None else ""
            return f"{names[0]} wins!", f"with {score}, " + (why or "on the tie-break")
        return f"{names[0]} wins!", f"with {score}"

    def _end_words(self, otherwise: str) -> str:
        """How the game ended, from its closing event ("nobody holds the Gem, so everybody
        loses"; "Ana retires with four of a kind and wins"), or `otherwise` when it says nothing."""
        last = next((ev for ev in reversed(self.match.history) if ev.kind == "end"), None)
        text = last.text if last is not None else ""
        if text.lower().startswith("game over:"):
            text = text[len("game over:"):].strip()
        return (text[:1].upper() + text[1:]) if text else otherwise

    def _layout_cards(self) -> list[tuple[int, pygame.Rect]]:
        n = max(1, len(self.order))
        gap = 16
        width = min(300, (W - 80 - gap * (n - 1)) // n)
        total = n * width + gap * (n - 1)
        x0 = (W - total) // 2
        return [(s.player, pygame.Rect(x0 + i * (width + gap), 200, width, 400))
                for i, s in enumerate(self.order)]

    # ---------------------------------------------------------------- actions
    def watch_replay(self) -> None:
        """The game again from its first move, playing by itself (←/→ to step)."""
        self._open_replay(at=0, play=True)

    def show_table(self) -> None:
        """The table as the game ended, with its log; ← steps back through the game."""
        self._open_replay(at=len(self.match.actions), play=False)

    def _open_replay(self, *, at: int, play: bool) -> None:
        from game.saves import replay_of
        from game.ui.scenes.replay import ReplayScene

        if self.app is None:
            return
        match, actions = replay_of(self.match)
        from game.ui.scenes.replay import FINAL_TABLE

        title = "Replay" if play else FINAL_TABLE
        self.app.push(ReplayScene(match, actions, at=at, play=play, title=title))

    def show_log(self) -> None:
        from game.ui.scenes.gamelog import GameLogScene
        from game.ui.tables import table_for

        if self.app is None:
            return
        # The table's own words and colours for every entry, as a finished game shows them.
        from game.saves import replay_of

        match, actions = replay_of(self.match)
        match.spectator = True
        match.reveal_all = True
        for a in actions:
            match.play_recorded(a)
        table = table_for(match)
        entries = list(table.log_panel.entries)
        table.exit()
        self.app.push(GameLogScene(f"{self.match.info.title}: the game log", entries))

    def play_again(self) -> None:
        """Same game, same seats and options, a fresh seed; for a tie-break game, the players tied
        for the win only (`tie_break_seats`); after a tie-break game, the table whose tie it
        played off, everyone back (`Match.tie_break_of`)."""
        from game.saves import autosave
        from game.ui.scenes.setup import random_seed

        if self.app is None:
            return
        self._keep()
        seed = random_seed()
        if seed == self.match.seed:
            seed += 1
        seats, options = list(self.match.seats), self.new_game_options()
        first = self.match.tie_break_of
        if self.tie_break:
            seats, options = self.tie_break_seats()
        elif first is not None:
            seats, options = list(first[0]), dict(first[1])
        check = self.match.info.new_game_problem
        problem = check(options) if check is not None else None
        if problem:
            self.app.push(MessageBox("This game cannot be dealt again", problem))
            return
        try:
            match = Match(self.match.game, seats, seed, options)
        except (IllegalAction, ValueError, TypeError) as exc:   # (a table no rules can deal)
            self.app.push(MessageBox("This game cannot be dealt again", clean_text(str(exc), 300)))
            return
        if self.tie_break:   # (a tie again in a tie-break: still the first table's)
            match.tie_break_of = first or (list(self.match.seats), self.new_game_options())
        if open_table(self.app, match, replace=True):
            try:
                autosave(match)
            except OSError as exc:
                log.error("autosave failed: %s", exc)

    def new_game_options(self) -> dict[str, Any]:
        """The options of a new game after this one: the same, except those a game begun before
        an option came was given to replay as it was played (the game's legacy_options): a new
        game is played by today's rules (Diamond in the Rough's Bomb at random, not the lowest)."""
        legacy = self.match.info.legacy_options
        return {k: v for k, v in self.match.config.options.items() if k not in legacy}

    def tie_break_seats(self) -> tuple[list[Seat], dict[str, Any]]:
        """Who plays the tie-break game, and with what options. The rulebook's "play again to
        resolve the tie" is the tied players' game: the others are out of it. Options that name
        seats (who starts, each seat's start point) do not carry over to the smaller table."""
        seats = [self.match.seats[w] for w in self.outcome.winners]
        dropped = {"first_player", *self.match.info.seat_options}
        options = {k: v for k, v in self.new_game_options().items() if k not in dropped}
        return seats, options

    def back_to_menu(self) -> None:
        from game.ui.scenes.title import TitleScene

        self._keep()
        if self.app is not None:
            self.app.reset(TitleScene())

    def _keep(self) -> str | None:
        """Try again to keep a game that could not be kept as it ended; a message if it still
        cannot be (it then stays under Continue as it ended, if its save could be written)."""
        if not self.unkept:
            return None
        from game.saves import autosave, failure_reason

        try:
            autosave(self.match)
        except OSError as exc:
            log.error("the finished game could not be kept: %s", exc)
            self.unkept = failure_reason(exc)
            return f"The finished game could not be kept as a replay ({self.unkept})."
        self.unkept = ""
        return None

    def on_quit(self) -> str | None:
        return self._keep()

    # ---------------------------------------------------------------- frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ring.handle_event(event):
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_m, pygame.K_BACKSPACE):
            self.back_to_menu()
            return True
        return False

    def update(self, dt: float) -> None:
        self.age += dt
        # Gold sparks rise from the winners' cards for the first few seconds, then only now and then.
        rate = 60.0 if self.age < 3.0 else 8.0
        self._emit += dt * rate
        winner_rects = [r for p, r in self.cards if p in self.winners]
        while self._emit >= 1 and winner_rects and len(self.sparks) < 240:
            self._emit -= 1
            r = self.rng.choice(winner_rects)
            self.sparks.append(Spark(self.rng.uniform(r.x, r.right), r.y + self.rng.uniform(-20, 10),
                                     self.rng.uniform(-70, 70), self.rng.uniform(-170, -60),
                                     self.rng.uniform(0.8, 1.8), 0.0, self.rng.uniform(4, 9)))
        self._emit = min(self._emit, 1.0)
        alive = []
        for s in self.sparks:
            s.age += dt
            s.vy += 140 * dt  # a little gravity, so they arc and fall back like embers
            s.x += s.vx * dt
            s.y += s.vy * dt
            if spark_fade(s) < 1.0:
                alive.append(s)
        self.sparks = alive

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_background(), (0, 0))
        # Sparks first: they rise behind the words and the cards, which stay readable.
        for s in self.sparks:
            t = spark_fade(s)
            _star(surface, s.x, s.y, s.size * (1 - t * 0.7), t)
        big, small = self.headline()
        # The headline grows in at the animation speed ("instant": whole from the first frame).
        pace = float(self.app.settings.speed) if self.app is not None else 1.0
        pop = ease_out_back(min(1.0, self.age / (0.6 * pace))) if pace > 0 else 1.0
        size = max(12, int(62 * pop))
        theme.text(surface, big, (W // 2 + 3, 38 + 4), size, (0, 0, 0), title=True, anchor="midtop")
        theme.text(surface, big, (W // 2, 38), size, theme.GOLD, title=True, anchor="midtop")
        small = fit_text(small, W - 120, 22)
        # A shadow, as the big line has: the sparks rise behind it.
        theme.text(surface, small, (W // 2 + 2, 124 + 2), 22, (0, 0, 0), anchor="midtop")
        theme.text(surface, small, (W // 2, 124), 22, theme.INK, anchor="midtop")
        m = self.match
        facts = f"{m.info.title}  ·  seed {m.seed}  ·  {len(m.actions)} moves"
        theme.text(surface, facts, (28, 24), 14, theme.INK_FAINT, anchor="topleft")
        if self.unkept:
            theme.text(surface, fit_text(f"This game could not be kept as a replay nor counted yet ({self.unkept}); "
                                         "it is tried again as you leave.", W - 80, 14),
                       (W // 2, H - 96), 14, theme.DANGER, anchor="midbottom")
        for player, rect in self.cards:
            self._draw_card(surface, player, rect)
        for b in self.buttons:
            b.draw(surface)

    def who(self, player: int) -> str:
        """Under a seat's name: who played it, and the coach's hints it took ("human, 2 hints")."""
        seat = self.match.seats[player]
        if not seat.is_human:
            return f"{seat.level} bot"
        hints = self.match.hints_taken(player)
        return f"human, {plural(hints, 'hint')}" if hints else "human"

    def _draw_card(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        score = next(s for s in self.outcome.scores if s.player == player)
        seat = self.match.seats[player]
        won = player in self.winners
        r = rect.move(0, -14) if won else rect
        narrow = r.w < 220
        pygame.draw.rect(surface, (8, 8, 10), r.move(0, 6), border_radius=14)
        fill = (58, 48, 34) if won else (40, 37, 36)
        theme.panel(surface, r, fill, theme.GOLD if won else (80, 70, 60), 14, 3 if won else 2)
        colour = theme.SEAT_COLOURS[player % len(theme.SEAT_COLOURS)]
        pygame.draw.rect(surface, colour, (r.x + 14, r.y + 14, r.w - 28, 6), border_radius=3)
        rank = self.rank[player]
        medal = theme.GOLD if rank == 1 else (196, 200, 208) if rank == 2 else (196, 128, 72) if rank == 3 \
            else (110, 100, 90)
        centre = (r.x + 36, r.y + 56)
        pygame.draw.circle(surface, medal, centre, 22)
        pygame.draw.circle(surface, (30, 24, 18), centre, 22, 2)
        # Everybody lost (nobody is first), or a game that is won, not scored (no second place).
        placed = bool(self.winners) and (self.match.info.scored or won)
        if not placed:
            medal = (110, 100, 90)
            pygame.draw.circle(surface, medal, centre, 22)
            pygame.draw.circle(surface, (30, 24, 18), centre, 22, 2)
        theme.text(surface, ordinal(rank) if placed else "lost", centre, 15, (30, 24, 18), bold=True,
                   anchor="center")
        if won:
            _crown(surface, (r.centerx, r.y - 6), self.age)
        name_w = r.w - 84
        # The whole name, smaller if need be, on two lines if it must (the first name alone, as
        # the tables show it, may be two players' at six cards: "Grandma"); else the tables' way.
        lines = name_lines(seat.name, name_w)
        if len(lines) == 1:
            part, size = lines[0]
            theme.text(surface, part, (r.x + 68, r.y + 34 + (21 - size) // 2), size, theme.INK, bold=True)
            who_y = r.y + 62
        else:
            for i, (part, size) in enumerate(lines):
                theme.text(surface, part, (r.x + 68, r.y + 27 + 18 * i), size, theme.INK, bold=True)
            who_y = r.y + 66
        who = self.who(player)
        who_size = theme.fit_size(who, name_w, 15, 12)   # "human, 12 hints" on a narrow card
        theme.text(surface, fit_text(who, name_w, who_size), (r.x + 68, who_y), who_size,
                   theme.INK_DIM)
        scored = self.match.info.scored
        big = str(score.total) if scored else ("Won" if won else "—")
        theme.text(surface, big, (r.centerx, r.y + 96), 60, theme.GOLD if won else theme.INK,
                   title=True, anchor="midtop")
        if scored:
            theme.text(surface, self.match.info.unit(score.total), (r.centerx, r.y + 170), 15,
                       theme.INK_DIM, anchor="midtop")
        pygame.draw.line(surface, (90, 78, 62), (r.x + 16, r.y + 198), (r.right - 16, r.y + 198), 1)
        y = r.y + 208
        # The game's notes under the score (Ya Blew It!: what the final blast took), at the foot.
        notes = [line for note in self.notes.get(player, []) for line in theme.wrap(note, r.w - 28, 13)]
        if len(notes) > 4:   # (six players' narrow cards: a long loss ends in "…", said whole in the log)
            notes = notes[:3] + [fit_text(" ".join(notes[3:]), r.w - 28, 13)]
        foot = r.bottom - 14 - 17 * len(notes)
        for i, line in enumerate(notes):
            theme.text(surface, line, (r.x + 14, foot + 17 * i), 13, theme.INK_FAINT)
        items = list(score.breakdown)

        def points(pts: int) -> str:
            return (f"{pts:+d}" if pts else "0") if scored else ""

        # The score's lines as large as lets every one of them fit whole, a long one ("Cursed
        # Sapphire x2 (1 wild)" on a narrow card) on two lines where there is room; past the
        # smallest size, one line each, cut, and the list ends in "+N more".
        for size in ((13, 12, 11) if narrow else (16, 14, 13, 12, 11)):
            line_h = size + (8 if size >= 14 else 5)
            room = (foot - (6 if notes else 2) - y) // line_h
            wrapped = [theme.wrap_lines(label, r.w - 36 - theme.width_of(points(pts), size, True),
                                        size, most=2) for label, pts in items]
            if sum(len(parts) for parts in wrapped) <= room:
                break
        else:
            wrapped = [[fit_text(label, r.w - 36 - theme.width_of(points(pts), size, True), size)]
                       for label, pts in items]
        shown = items if len(items) <= room else items[:room - 1]
        for (label, pts), parts in zip(shown, wrapped):
            colour = theme.DANGER if pts < 0 else theme.GOOD if pts > 0 else theme.INK_DIM
            theme.text(surface, points(pts), (r.right - 14, y), size, colour, bold=True,
                       anchor="topright")
            for i, part in enumerate(parts):   # a second line set in a little
                theme.text(surface, part, (r.x + 14 + (8 if i else 0), y), size, theme.INK_DIM)
                y += line_h
        if len(shown) < len(items):
            theme.text(surface, f"+{len(items) - len(shown)} more", (r.x + 16, y), size, theme.INK_FAINT)
        if not items and scored:
            theme.text(surface, "nothing scored", (r.centerx, y), size, theme.INK_FAINT, anchor="midtop")


def name_lines(name: str, width: int) -> list[tuple[str, int]]:
    """A results card's name, each line with its font size: one line, from 21 points down to
    14; else two lines, split between words, from 14 points down to 12 (a six-player card had
    "Bartholomew" for "Bartholomew Gray"); else one line down to 12; else the tables' way
    (`theme.fit_name`)."""
    size = theme.fit_size(name, width, 21, 14, True)
    if theme.width_of(name, size, True) <= width:
        return [(name, size)]
    if " " in name.strip():
        for size in (14, 13, 12):
            parts = theme.wrap(name, width, size, True)
            if (len(parts) == 2 and parts[0].split() + parts[1].split() == name.split()
                    and all(theme.width_of(p, size, True) <= width for p in parts)):
                return [(parts[0], size), (parts[1], size)]
    size = theme.fit_size(name, width, 14, 12, True)
    if theme.width_of(name, size, True) <= width:
        return [(name, size)]
    return [theme.fit_name(name, width, 14, 12)]


_BG: pygame.Surface | None = None


def _background() -> pygame.Surface:
    """A felt table under a warm lamp: a radial glow on the table's green, drawn once."""
    global _BG
    if _BG is None:
        bg = theme.vertical_gradient((W, H), (30, 44, 40), (14, 20, 19))
        glow = pygame.Surface((W, H), pygame.SRCALPHA)
        for i in range(48, 0, -1):
            rx, ry = int(W * 0.9 * i / 48), int(H * 1.0 * i / 48)
            pygame.draw.ellipse(glow, (255, 210, 140, 3), (W // 2 - rx, 260 - ry, rx * 2, ry * 2))
        bg.blit(glow, (0, 0))
        pygame.draw.rect(bg, (62, 44, 28), (0, 0, W, H), 14)
        pygame.draw.rect(bg, (98, 72, 44), (7, 7, W - 14, H - 14), 2)
        _BG = bg
    return _BG


def _star(surface: pygame.Surface, x: float, y: float, size: float, fade: float) -> None:
    """A four-pointed gold spark that cools from near-white to deep gold as it ages."""
    hot, cool = (255, 246, 200), theme.GOLD_DARK
    c = tuple(int(a + (b - a) * fade) for a, b in zip(hot, cool))
    thin = max(1.0, size * 0.22)
    pygame.draw.polygon(surface, c, [(x - size, y), (x, y - thin), (x + size, y), (x, y + thin)])
    pygame.draw.polygon(surface, c, [(x, y - size), (x + thin, y), (x, y + size), (x - thin, y)])


def _crown(surface: pygame.Surface, centre: tuple[int, int], age: float) -> None:
    """A small gold crown that bobs gently."""
    x, y = centre
    y += int(3 * math.sin(age * 3))
    pts = [(x - 26, y + 12), (x - 26, y - 12), (x - 13, y), (x, y - 18), (x + 13, y), (x + 26, y - 12),
           (x + 26, y + 12)]
    pygame.draw.polygon(surface, (20, 14, 8), [(px, py + 3) for px, py in pts])
    pygame.draw.polygon(surface, theme.GOLD, pts)
    pygame.draw.polygon(surface, theme.GOLD_DARK, pts, 2)
    for px, py, rgb in ((x, y - 18, theme.GEM_RGB["red"]), (x - 26, y - 12, theme.GEM_RGB["blue"]),
                        (x + 26, y - 12, theme.GEM_RGB["green"])):
        pygame.draw.circle(surface, rgb, (px, py), 5)
        pygame.draw.circle(surface, (255, 255, 255), (px - 1, py - 2), 1)
