"""Watching a game again: the real table, stepped forward and back through the moves.

The viewer owns a table scene in `replay` mode (nobody decides, no bot plays, nothing is saved)
and a match made from the record. Stepping forward plays the next recorded action, so the table
animates it exactly as it did in the game; stepping back, or jumping, goes to a position that
existed (`Match.rewind`) and builds the table afresh from it, as a resumed game is built.

Keys: ←/→ a move back/forward, Home/End the start/the end, Space play/pause, V whose hands are
shown (games with hidden hands), Esc back. The slider under the log jumps anywhere.

Analyse (A, or its button above the controls) has the hard search look again at every human
decision, one at a time in the search process pool (game/ui/scenes/analysis.py), while the viewer
stays usable; A again stops it (and again goes on). A move whose estimated chance to win fell more
than 10 points below the best choice's is marked (a red tick on the slider). At an analysed
decision (the table as it stood when the move was to be made) a box shows the move played and
the better one with both chances, and the better move glows on the table, as a hint's does; N
jumps to the next marked decision, and → then plays the move that was made there.

`ReplayScene.shoot` is the headless path of `python -m game replay FILE --shots DIR`: the same
table and drawing, one PNG per move.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, cast

import pygame

from game.core.match import Match
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import fit_text
from game.ui.tables.base import replay_keys
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.core.contract import Action
    from game.ui.scenes.analysis import Analysis, Verdict
    from game.ui.tables.base import TableScene
    from game.ui.tables.coach import Analyser

log = logging.getLogger(__name__)

BAR_H = 96          # the control bar at the foot of the log panel
STRIP_H = 56        # the Analyse strip above it
TAG_W = 460         # the most the "Replay: ..." keys line in the bottom-left corner may take
AUTOPLAY_GAP = 0.7  # seconds between moves while playing (at normal animation speed)
# ... and never less than this: at "instant" the moves themselves take no time, and one a frame
# would run a whole game past in a second or two.
AUTOPLAY_LEAST = 0.3


FINAL_TABLE = "The final table"   # the title of the results' "Show the table"

class ReplayScene(Scene):
    """The replay viewer for a match record: `match` at its start and its `actions`."""

    collect_on_leave = True   # the table it shows (`App._leave`)

    def __init__(self, match: Match, actions: list[str], *, at: int = 0, play: bool = False,
                 title: str = "Replay", source: Path | None = None, unfinished: bool = False) -> None:
        super().__init__()
        self.unfinished = unfinished   # a game left unfinished (moved here from Continue)
        self.source = source   # the file the record was opened from (None: a match just played)
        match.spectator = True
        match.reveal_all = True
        self.match = match
        self.actions = list(actions)
        self.title = title
        self.playing = play
        self.wait = 0.0
        self.table: "TableScene | None" = None
        self.dragging = False
        # Where the bar says whose eyes the table shows ("V: every hand"): a click there is V.
        self.viewer_rect: pygame.Rect | None = None
        self.pointer: tuple[int, int] | None = None
        # Whose secrets are shown: None = every hand; else a seat (games with hidden hands only).
        self.viewers: list[int | None] = [None]
        if match.info.private_hands:
            self.viewers += list(range(len(match.seats)))
        # A hot-seat game left unfinished (moved here from Continue) keeps its players' hands from
        # each other: only what everyone at the table saw is shown.
        self.hands_kept = unfinished and match.info.private_hands and sum(s.is_human for s in match.seats) > 1
        if self.hands_kept:
            match.reveal_all = False
            self.viewers = [None]
        self.viewer_index = 0
        self._start_at = max(0, min(at, len(self.actions)))
        self.buttons: list[Button] = []
        # Analyse: the search's verdict on each human move (started with A).
        self.analysis: "Analysis | None" = None
        self.analyser: "Analyser | None" = None   # the pool's, unless a test gives another
        self.analysis_error = ""
        self.verdict_box: pygame.Rect | None = None   # where the last verdict was drawn
        self.analyse_buttons: list[Button] = []

    # ------------------------------------------------------------------ position
    @property
    def position(self) -> int:
        """How many moves have been played on the table shown."""
        return len(self.match.actions)

    @property
    def total(self) -> int:
        return len(self.actions)

    def enter(self) -> None:
        if self.analysis is None:
            self._restore_analysis()
        self._goto(self._start_at, rebuild=True)

    def exit(self) -> None:
        if self.analysis is not None:
            self.analysis.stop()
            self._keep_analysis(wait=True)
        if self.table is not None:
            self.table.exit()
            self.table = None

    def _build_table(self) -> None:
        from game.ui.tables import table_for

        if self.table is not None:
            self.table.exit()
        table = table_for(self.match)
        table.replay = True
        table.replay_keys = replay_keys(len(self.viewers) > 1)
        table.app = self.app
        table.enter()
        # Leave room under the log for the controls, when they go there.
        panel = table.log_panel
        if self.controls_over_log(table):
            panel.visible = max(3, panel.visible - (BAR_H + STRIP_H + 10) // panel.LINE)
            panel._cache = None
        self.table = table
        self._layout()

    def _goto(self, count: int, *, rebuild: bool = False) -> None:
        """Show the position after `count` moves, without animation."""
        count = max(0, min(count, self.total))
        if count < self.position:
            self.match.rewind(count)
        while self.position < count:
            self.match.play_recorded(self.actions[self.position])
        self._build_table()

    def step(self, delta: int) -> None:
        """A move forward (animated, as in the game) or back (at once)."""
        if self.table is None:
            return
        if delta > 0:
            if self.position >= self.total:
                self.playing = False
                return
            if not self.table.idle:
                self.table.fast_forward()
            self.match.play_recorded(self.actions[self.position])
        elif self.position > 0:
            self._goto(self.position - 1)

    def caption(self) -> str:
        """What the viewer is called in its corner: its title ("The final table" only while the
        final table shows; stepped back, it is a replay like any other)."""
        return "Replay" if self.title == FINAL_TABLE and self.position != self.total else self.title

    def jump(self, count: int) -> None:
        if count != self.position:
            self._goto(count)

    def toggle_play(self) -> None:
        if self.position >= self.total:
            self._goto(0)
        self.playing = not self.playing
        self.wait = 0.0
        self._layout()

    def cycle_viewer(self) -> None:
        if len(self.viewers) < 2:
            return
        self.viewer_index = (self.viewer_index + 1) % len(self.viewers)
        seat = self.viewers[self.viewer_index]
        self.match.reveal_all = seat is None
        self.match.view_seat = seat
        self._build_table()

    def viewer_label(self) -> str:
        seat = self.viewers[self.viewer_index]
        return "every hand" if seat is None else f"{self.match.seats[seat].name}'s eyes"

    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    # ------------------------------------------------------------------ analyse
    def analyse(self) -> None:
        """Start the analysis (or go on with it); stop it while it runs."""
        from game.ui.scenes.analysis import Analysis

        self.analysis_error = ""
        if self.hands_kept:
            self.analysis_error = "Analyse would show the hands this unfinished game keeps hidden."
            return
        if self.analysis is None:
            self.analysis = Analysis(self.match, self.actions, self.analyser)
        if self.analysis.running:
            self.analysis.stop()
            self._keep_analysis()
        else:
            try:
                self.analysis.start()
            except RuntimeError as exc:
                self.analysis_error = f"Analyse failed: {exc}."
        self._layout()

    def _restore_analysis(self) -> None:
        """What Analyse found in this replay before, kept beside it (`saves.keep_analysis`)."""
        from game import saves
        from game.ui.scenes.analysis import Analysis

        data = saves.load_analysis(self.match, self.source)
        if data is None:
            return
        analysis = Analysis(self.match, self.actions, self.analyser)
        if analysis.restore(data):
            self.analysis = analysis
        else:
            log.warning("the analysis kept for %s does not fit its replay; it is ignored", self.match.match_id)

    def _keep_analysis(self, wait: bool = False) -> None:
        """Keep what Analyse has found so far beside the replay (when the replay is in the
        replays folder), so that the marks are there when it is opened again."""
        from game import saves

        if self.analysis is not None and self.analysis.done:
            saves.keep_analysis(self.match, self.analysis.to_json(), self.source, wait=wait)

    def marked(self) -> list[int]:
        """The marked moves (0-based action numbers), in order."""
        return self.analysis.marked() if self.analysis is not None else []

    def next_marked(self) -> bool:
        """Jump to the next marked decision: the position where the move was to be made (from
        the start again after the last one)."""
        marks = self.marked()
        if not marks:
            return False
        later = [i for i in marks if i > self.position]
        self.playing = False
        self.jump(later[0] if later else marks[0])
        self._layout()
        return True

    def verdict(self) -> "Verdict | None":
        """The search's verdict on the decision the table shows (the move to be made next), if
        analysed; None while the table still animates the move before it."""
        if self.analysis is None or self.table is None or not self.table.idle:
            return None
        return self.analysis.verdicts.get(self.position)

    def better_action(self) -> "Action | None":
        """The verdict's better move as one of the legal actions here, when the move played was
        marked (or could not be weighed); it glows where the table has a place for it (a table
        without its buttons in a replay, as Ya Blew It!'s, has none)."""
        from game.ui.tables.coach import legal_action

        v = self.verdict()
        if v is None or v.best.action == v.played or (v.weighed and not v.marked):
            return None   # (a move judged as good, or close: not set against another)
        return legal_action(v.best.action, self.match.legal_actions())

    def analysis_status(self) -> str:
        a = self.analysis
        if self.analysis_error:
            return self.analysis_error
        if not any(seat.is_human for seat in self.match.seats):
            return "Bots only: no human moves to check"
        if a is None:
            return "Let the coach check human moves"
        if a.finished and a.total == 0:
            return "No human move had a choice to check"
        marks = len(a.marked())
        found = f"{marks} marked" if marks else "none marked" if a.finished else "none yet"
        if a.finished:
            return f"Analysed {a.total} moves: {found}"
        if a.running:
            return f"Analysing {a.done + 1} of {a.total}  ·  {found}"
        return f"Stopped at {a.done} of {a.total}  ·  {found}"

    # ------------------------------------------------------------------ layout
    @staticmethod
    def controls_over_log(table: Any) -> bool:
        """Whether `table` puts the Analyse strip and the buttons over its log (most do)."""
        return cast(bool, table.replay_controls_area().colliderect(table.log_panel.rect))

    def bar_rect(self) -> pygame.Rect:
        assert self.table is not None
        area = self.table.replay_controls_area()
        return pygame.Rect(area.x + 8, area.bottom - BAR_H - 6, area.w - 16, BAR_H)

    def slider_rect(self) -> pygame.Rect:
        bar = self.bar_rect()
        return pygame.Rect(bar.x + 14, bar.y + 52, bar.w - 28, 12)

    def strip_rect(self) -> pygame.Rect:
        bar = self.bar_rect()
        return pygame.Rect(bar.x, bar.y - STRIP_H - 4, bar.w, STRIP_H)

    def _layout(self) -> None:
        if self.table is None:
            return
        strip = self.strip_rect()
        half = (strip.w - 30) // 2
        a = self.analysis
        label = ("Stop  A" if a is not None and a.running else "Analyse  A" if a is None or a.done == 0
                 else "Analysed" if a.finished else "Go on  A")
        # (Not for a hot-seat game's hidden hands: a better move would name a card in them.)
        go = Button((strip.x + 10, strip.bottom - 30, half, 24), label, self.analyse, None, size=13,
                    enabled=(a is None or not a.finished) and any(s.is_human for s in self.match.seats)
                    and not self.hands_kept)
        nxt = Button((strip.x + 20 + half, strip.bottom - 30, half, 24), "Next mark  N",
                     lambda: None if self.next_marked() else None, None, size=13, enabled=bool(self.marked()))
        self.analyse_buttons = [go, nxt]
        bar = self.bar_rect()
        w, gap = 40, 6
        x = bar.centerx - (5 * w + 4 * gap) // 2
        specs: list[tuple[str, Callable[[], None], int]] = [
            ("start", lambda: self.jump(0), pygame.K_HOME),
            ("back", lambda: self.step(-1), pygame.K_LEFT),
            ("pause" if self.playing else "play", self.toggle_play, pygame.K_SPACE),
            ("forward", lambda: self.step(1), pygame.K_RIGHT),
            ("end", lambda: self.jump(self.total), pygame.K_END),
        ]
        self.buttons = []
        for i, (name, cb, k) in enumerate(specs):
            b = Button((x + i * (w + gap), bar.y + 10, w, 32), "", cb, k, size=14)
            b.icon = name  # type: ignore[attr-defined]
            self.buttons.append(b)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.table is None:
            return False
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
                return True
            if k == pygame.K_v:
                self.cycle_viewer()
                return True
            if k == pygame.K_a:
                self.analyse()
                return True
            if k == pygame.K_n:
                self.next_marked()
                return True
            if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_SPACE):
                self.playing = self.playing and k == pygame.K_SPACE
                for b in self.buttons:
                    if b.key == k:
                        b.on_click()
                self._layout()
                return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.slider_rect().inflate(0, 16).collidepoint(event.pos):   # (first: the words
                self.dragging = True                                         # under it reach up)
                self.playing = False
                self._drag_to(event.pos[0])
                return True
            if self.viewer_rect is not None and self.viewer_rect.inflate(8, 6).collidepoint(event.pos):
                self.cycle_viewer()
                return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._drag_to(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        for b in self.buttons:
            if b.handle_event(event):
                if b.key != pygame.K_SPACE:
                    self.playing = False
                self._layout()
                return True
        for b in self.analyse_buttons:
            if b.handle_event(event):
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                (self.bar_rect().collidepoint(event.pos) or self.strip_rect().collidepoint(event.pos)):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_z,):
            return True  # no undo in a replay
        return self.table.handle_event(event)

    def _drag_to(self, x: int) -> None:
        r = self.slider_rect()
        t = max(0.0, min(1.0, (x - r.x) / max(1, r.w)))
        self.jump(round(t * self.total))

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.table is None:
            return
        if self.analysis is not None:
            was = (self.analysis.running, len(self.analysis.marked()))
            if self.analysis.poll():
                self._keep_analysis()
            if (self.analysis.running, len(self.analysis.marked())) != was:
                self._layout()
        self.table.update(dt)
        if self.playing and self.table.idle:
            speed = self.app.settings.speed if self.app is not None else 1.0
            self.wait += dt
            if self.wait >= max(AUTOPLAY_LEAST, AUTOPLAY_GAP * speed):
                self.wait = 0.0
                if self.position >= self.total:
                    self.playing = False
                    self._layout()
                else:
                    self.step(1)

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is None:
            return
        better = self.better_action()
        self.table.replay_decision = better is not None
        self.table.draw(surface)
        if better is not None:
            from game.ui.tables import coach as coaching

            coaching.draw_spots(surface, self.table._hint_spots(better), self.table.clock)
            self.table._draw_over_hint(surface)
        self._draw_bar(surface)
        self._draw_strip(surface)
        self._draw_verdict(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        bar = self.bar_rect()
        pygame.draw.rect(surface, (16, 15, 18), bar, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD_DARK, bar, 2, border_radius=10)
        for b in self.buttons:
            b.draw(surface)
            _icon(surface, getattr(b, "icon", ""), b.rect.center, theme.INK)
        r = self.slider_rect()
        pygame.draw.rect(surface, (58, 52, 46), r, border_radius=6)
        for i in self.marked():   # the marked decisions, as red ticks over the slider
            x = r.x + int(r.w * i / max(1, self.total))
            pygame.draw.line(surface, theme.DANGER, (x, r.y - 7), (x, r.y - 1), 3)
        t = self.position / self.total if self.total else 1.0
        filled = r.copy()
        filled.w = max(6, int(r.w * t))
        pygame.draw.rect(surface, theme.GOLD_DARK, filled, border_radius=6)
        pygame.draw.circle(surface, theme.GOLD, (r.x + int(r.w * t), r.centery), 9)
        pygame.draw.circle(surface, (30, 24, 18), (r.x + int(r.w * t), r.centery), 9, 2)
        where = f"{self.position} of {self.total}" + (", unfinished" if self.unfinished else " played")
        if self.hands_kept:
            where += " · hands hidden"
        size = theme.fit_size(where, bar.w - 20, 13, 11)
        self.viewer_rect = None
        if len(self.viewers) > 1:
            # Whose eyes: V, or a click on these words (brighter, and lit under the pointer).
            eyes = f"V: {self.viewer_label()}"
            size = theme.fit_size(f"{where} · {eyes}", bar.w - 20, 13, 11)
            room = bar.w - 20 - theme.width_of(f"{where} · ", size)
            eyes = fit_text(eyes, room, size)
            total = theme.width_of(f"{where} · {eyes}", size)
            x = bar.centerx - total // 2
            head = theme.text(surface, f"{where} · ", (x, bar.bottom - 8), size, theme.INK_DIM,
                              anchor="bottomleft")
            w, h = theme.font(size).size(eyes)
            spot = pygame.Rect(head.right, bar.bottom - 8 - h, w, h)
            lit = self.pointer is not None and spot.inflate(8, 6).collidepoint(self.pointer)
            self.viewer_rect = theme.text(surface, eyes, (head.right, bar.bottom - 8), size,
                                          theme.GOLD if lit else theme.INK, anchor="bottomleft")
        else:
            theme.text(surface, fit_text(where, bar.w - 20, size), (bar.centerx, bar.bottom - 8),
                       size, theme.INK_DIM, anchor="midbottom")
        # What this is, in the bottom-left corner (unless the table says the keys itself).
        if self.table is None or self.table.says_replay_keys:
            return
        keys = replay_keys(len(self.viewers) > 1).removeprefix("Replay: ")
        # The title too where it fits whole (the keys are what the tag is for).
        for tag in (f"{self.caption()} · {keys}", f"Replay · {keys}"):
            size = theme.fit_size(tag, TAG_W, 14, 12, True)
            if theme.width_of(tag, size, True) <= TAG_W:
                break
        img = theme.font(size, True).render(fit_text(tag, TAG_W, size, True), True, theme.GOLD)
        box = img.get_rect(bottomleft=(14, theme.HEIGHT - 8)).inflate(16, 8)
        pygame.draw.rect(surface, (16, 15, 18), box, border_radius=8)
        pygame.draw.rect(surface, theme.GOLD_DARK, box, 1, border_radius=8)
        surface.blit(img, img.get_rect(center=box.center))

    def _draw_strip(self, surface: pygame.Surface) -> None:
        strip = self.strip_rect()
        pygame.draw.rect(surface, (16, 15, 18), strip, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD_DARK, strip, 2, border_radius=10)
        status = self.analysis_status()
        colour = theme.DANGER if self.analysis_error else theme.INK_DIM
        size = theme.fit_size(status, strip.w - 20, 12, 11)   # (smaller before it is cut)
        theme.text(surface, fit_text(status, strip.w - 20, size), (strip.centerx, strip.y + 6), size,
                   colour, anchor="midtop")
        a = self.analysis
        if a is not None and a.total and not a.finished:
            done = pygame.Rect(strip.x + 10, strip.y + 21, strip.w - 20, 3)
            pygame.draw.rect(surface, (58, 52, 46), done)
            done.w = done.w * a.done // a.total
            pygame.draw.rect(surface, theme.GOLD_DARK, done)
        for b in self.analyse_buttons:
            b.draw(surface)

    def _draw_verdict(self, surface: pygame.Surface) -> None:
        """The analysed move just shown: the move played and the better one, with both chances."""
        v = self.verdict()
        if v is None or self.table is None:
            return
        from game.ui.tables.coach import SHADOW, place_over_log

        log_rect = self.table.log_panel.rect
        w = log_rect.w - 8
        lines = verdict_lines(v, self.match.seats[v.seat].name, w - 24)
        h = 16 + sum(size + 4 for _, size, _, _ in lines)
        # Above the Analyse strip and the replay's buttons when they lie under the log; where the
        # log is short the box reaches up over the panels above it instead.
        limit = self.strip_rect().top - 6 if self.controls_over_log(self.table) else log_rect.bottom - 6
        box = place_over_log(log_rect, h, limit - SHADOW, self.table.log_panel.places())
        pygame.draw.rect(surface, (10, 9, 8), box.move(0, SHADOW), border_radius=10)
        pygame.draw.rect(surface, (30, 27, 22), box, border_radius=10)
        pygame.draw.rect(surface, theme.DANGER if v.marked else theme.GOLD_DARK, box, 2, border_radius=10)
        y = box.y + 8
        for text, size, colour, bold in lines:
            theme.text(surface, text, (box.x + 12, y), size, colour, bold=bold)
            y += size + 4
        self.verdict_box = box

    # ------------------------------------------------------------------ headless pictures
    def shoot(self, folder: Path, every: int = 1, on_shot: Callable[[Path], Any] | None = None) -> int:
        """Render the game from its start, one PNG every `every` moves (and the last position)
        into `folder`; returns how many were written. Needs `self.app` (any video driver)."""
        assert self.app is not None
        folder.mkdir(parents=True, exist_ok=True)
        written = 0
        digits = len(str(self.total))
        for count in range(self.total + 1):
            if count % every and count != self.total:
                continue
            self._goto(count)
            assert self.table is not None
            self.table.fast_forward()
            self.table.update(0.0)
            path = folder / f"move_{count:0{digits}d}.png"
            self.app.screenshot(path)
            written += 1
            if on_shot is not None:
                on_shot(path)
        return written


def _icon(surface: pygame.Surface, name: str, centre: tuple[int, int], rgb: tuple[int, int, int]) -> None:
    """The transport icons, drawn (no font has to carry them)."""
    x, y = centre

    def tri(cx: float, pointing: int) -> None:
        pygame.draw.polygon(surface, rgb, [(cx - 6 * pointing, y - 7), (cx + 6 * pointing, y),
                                           (cx - 6 * pointing, y + 7)])

    if name == "play":
        tri(x + 1, 1)
    elif name == "pause":
        pygame.draw.rect(surface, rgb, (x - 6, y - 7, 4, 14))
        pygame.draw.rect(surface, rgb, (x + 2, y - 7, 4, 14))
    elif name == "forward":
        tri(x + 3, 1)
        pygame.draw.rect(surface, rgb, (x - 7, y - 7, 3, 14))
    elif name == "back":
        tri(x - 3, -1)
        pygame.draw.rect(surface, rgb, (x + 4, y - 7, 3, 14))
    elif name == "end":
        tri(x - 3, 1)
        tri(x + 5, 1)
        pygame.draw.rect(surface, rgb, (x + 10, y - 7, 2, 14))
    elif name == "start":
        tri(x + 3, -1)
        tri(x - 5, -1)
        pygame.draw.rect(surface, rgb, (x - 12, y - 7, 2, 14))


def replay_scene_for_file(path: Path, **kwargs: Any) -> ReplayScene:
    """The viewer for a replay file; raises BadSave when the file is not a sound record."""
    from game.saves import load_replay

    match, actions = load_replay(path)
    return ReplayScene(match, actions, source=path, **kwargs)


def verdict_lines(v: "Verdict", name: str, width: int) -> list[tuple[str, int, tuple[int, int, int], bool]]:
    """The verdict box's lines (text, size, colour, bold), fitted to `width`: the verdict, the
    move played with its chance, and, for a marked move or one the search did not weigh, the
    better move with its chance and why. A move within the threshold of the search's first choice
    is not set against it: between close choices the search's order is chance, and a "Best"
    beside "chose well" reads as a contradiction."""
    from game.ui.tables.coach import percent

    lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
    for who in dict.fromkeys((name, name.split(" ")[0], "")):   # the name, or less of it
        head = f"Move {v.index + 1}: {_verdict_head(v, who)}"
        size = theme.fit_size(head, width, 14, 12, True)
        if theme.width_of(head, size, True) <= width:
            break
    lines.append((fit_text(head, width, size, True), size,
                  theme.DANGER if v.marked else theme.GOOD if v.weighed else theme.INK_DIM, True))
    played = v.mine.words if v.mine is not None else v.played
    mine = percent(v.mine) if v.mine is not None else "—"
    for part in theme.wrap_lines(f"Played ({mine}): {played}", width, 13, most=3):
        lines.append((part, 13, theme.INK, False))
    if v.played == v.best.action:
        return lines
    if v.marked or not v.weighed:
        for part in theme.wrap_lines(f"Best ({percent(v.best)}): {v.best.words}", width, 13, True, most=3):
            lines.append((part, 13, theme.GOLD, True))
        for part in (theme.wrap_lines(v.best.reason, width, 12, most=3) if v.best.reason else []):
            lines.append((part, 12, theme.INK_DIM, False))
        return lines
    close = "As good as" if round(100 * (v.fall or 0.0)) <= 0 else "Close to"
    close += f" the coach's first choice ({percent(v.best)}): {v.best.words}"
    for part in theme.wrap_lines(close, width, 12, most=3):
        lines.append((part, 12, theme.INK_DIM, False))
    return lines


def _verdict_head(v: "Verdict", who: str) -> str:
    """A verdict in a few words, about player `who` ("" leaves the name out)."""
    if v.big:
        return f"{who}'s big mistake" if who else "a big mistake"
    if v.marked:
        return f"{who} could do better".strip()
    if not v.weighed:
        return "not looked at"
    return f"{who} chose well".strip()
