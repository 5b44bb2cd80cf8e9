"""Colours, fonts and text drawing shared by every screen.

Text that must fit a place goes through `fit_text` (shortened with an ellipsis when it is too
wide) or `text(..., box=...)` (drawn inside a rectangle). Both note every text that did not fit;
nobody listens during play, but inside `watch_clipping()` the notes are collected, so a test can
show every table state and fail on any text that was cut or spilled out of its box.
"""

from __future__ import annotations

import io
import re
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator

import pygame

from game import paths
from game.core import text as text_module

WIDTH, HEIGHT = 1280, 720

# The table: dark slate and timber with gold accents.
BG = (28, 30, 36)
BG_DEEP = (18, 19, 24)
FELT = (36, 52, 48)
FELT_EDGE = (24, 36, 33)
PANEL = (44, 40, 38)
PANEL_EDGE = (92, 78, 58)
# Words on the dark backgrounds below (BG, BG_DEEP, PANEL, FELT): INK for what matters most,
# INK_DIM for the rest, INK_FAINT for the quietest lines (keys, asides), which are still read, so
# each stays at a contrast of 4.5:1 or more on them (tests/test_theme.py). INK_OFF is for the
# label of a button that cannot be pressed now, and is meant to look switched off.
INK = (236, 230, 214)
INK_DIM = (190, 182, 167)
INK_FAINT = (162, 154, 141)
INK_OFF = (112, 106, 98)
GOLD = (232, 186, 74)
GOLD_DARK = (156, 116, 34)
DANGER = (222, 84, 64)
GOOD = (110, 196, 120)
FOCUS = (255, 226, 140)

# Seat colours: distinct in hue and lightness. Some pairs are still alike to colour-blind eyes
# (blue and violet; orange and green), so wherever a colour says whose something is, the seat's
# name or number is there too (a miner, a fence, a name tag).
SEAT_COLOURS = [
    (86, 160, 230), (238, 132, 60), (120, 200, 110),
    (220, 90, 160), (240, 214, 80), (160, 130, 230),
]

# Gem colours, each paired with its own symbol in the card data.
GEM_RGB = {
    "red": (214, 52, 64),
    "orange": (240, 140, 36),
    "yellow": (246, 214, 60),
    "green": (52, 170, 96),
    "blue": (52, 116, 214),
    "purple": (150, 84, 200),
}


_FONT_BYTES: dict[str, bytes] = {}


def _font_file(name: str) -> bytes | None:
    """A bundled font file's bytes, read once (None when it cannot be read, and tried again next
    time): a font made from a file name keeps that file open, a descriptor for every size."""
    data = _FONT_BYTES.get(name)
    if data is None:
        try:
            data = _FONT_BYTES[name] = paths.asset("fonts", name).read_bytes()
        except OSError:
            return None
    return data


@lru_cache(maxsize=160)
def font(size: int, bold: bool = False, title: bool = False) -> pygame.font.Font:
    """One of the bundled fonts (DejaVu Sans, or Roboto Slab for titles) at `size` pixels (the
    screens use some hundred sizes and styles in all: each is made once)."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "RobotoSlab-Bold.otf" if title else ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    data = _font_file(name)
    if data is not None:
        try:
            return pygame.font.Font(io.BytesIO(data), size)
        except (OSError, ValueError, pygame.error):
            pass
    return pygame.font.Font(None, size)


# The most characters a single line draws: far more than any screen holds, and few enough that
# measuring or cutting a line costs little whatever text reaches the renderer.
MAX_DRAWN = 400
_UNDRAWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def drawable(msg: object) -> str:
    """`msg` as text SDL can draw: control characters and lone surrogates (which make pygame
    raise) dropped, at most MAX_DRAWN characters. Text from files is already cleaned where it
    comes in (game.core.text); this is the renderer's own guard, so that no text can crash it."""
    if not isinstance(msg, str):
        msg = str(msg)
    if len(msg) <= MAX_DRAWN and not _UNDRAWABLE.search(msg):
        return msg
    return _UNDRAWABLE.sub("", msg[:MAX_DRAWN * 2])[:MAX_DRAWN]


def on_screen(msg: str) -> str:
    """A drawable line in the order its letters go on screen: right-to-left words (`visual`)
    turned round. Applied once, where a line is drawn or measured."""
    return visual(msg) if _RIGHT_TO_LEFT.search(msg) else msg


# Letters written right to left: Hebrew, Arabic (and its supplements and presentation forms).
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")


@lru_cache(maxsize=1024)
def visual(msg: str) -> str:
    """A line holding right-to-left words (a Hebrew or Arabic name), in the order the font draws
    it, left to right: each such run turned round by the Unicode bidirectional algorithm within a
    left-to-right line (python-bidi), Arabic letters first given their joined forms
    (arabic-reshaper). Unchanged if either library is missing or fails."""
    try:
        import arabic_reshaper
        from bidi import get_display

        return str(get_display(arabic_reshaper.reshape(msg), base_dir="L"))
    except Exception:   # a renderer's guard: no line of text may stop the game; drawn as typed
        return msg


_FONT_FILES = {(False, False): "DejaVuSans.ttf", (True, False): "DejaVuSans-Bold.ttf",
               (True, True): "RobotoSlab-Bold.otf", (False, True): "RobotoSlab-Bold.otf"}


@lru_cache(maxsize=4)
def _glyph_reader(bold: bool, title: bool) -> Any:
    """The font file behind `font(.., bold, title)`, read by FreeType, which tells a glyph the
    file has from one it has not (the plain font module draws a box for both); None if absent."""
    try:
        import pygame.freetype

        if not pygame.freetype.get_init():
            pygame.freetype.init()
        data = _font_file(_FONT_FILES[(bold, title)])
        return None if data is None else pygame.freetype.Font(io.BytesIO(data), 18)
    except (ImportError, OSError, ValueError, pygame.error):
        return None


@lru_cache(maxsize=8192)
def has_glyph(ch: str, bold: bool = False, title: bool = False) -> bool:
    """Whether the font draws character `ch` (not a box, as for most emoji)."""
    reader = _glyph_reader(bold, title)
    if reader is None:
        return True   # nothing to ask: draw and see
    try:
        return reader.get_metrics(ch)[0] is not None
    except (pygame.error, ValueError, UnicodeError, IndexError):
        return False


def drawn_by_the_fonts(ch: str) -> bool:
    """Whether both faces of the text draw `ch` (the title face falls back on the bold one)."""
    return has_glyph(ch) and has_glyph(ch, bold=True)


# Text from files is cleaned where it comes in (game.core.text): with this, also of what no
# face here can draw, so no screen shows a box for a letter.
text_module.set_drawable(drawn_by_the_fonts)


def font_for(msg: str, size: int, bold: bool = False, title: bool = False) -> pygame.font.Font:
    """The font `msg` is drawn in: the title face, unless it lacks a letter of `msg` (Hebrew,
    say, in a player's name), then the bold face, which has more."""
    if title and not all(has_glyph(ch, True, True) for ch in set(msg)):
        return font(size, True, False)
    return font(size, bold, title)


@lru_cache(maxsize=2048)
def _render(text: str, size: int, colour: tuple[int, int, int], bold: bool, title: bool) -> pygame.Surface:
    return render_line(font_for(on_screen(drawable(text)), size, bold, title), text, colour)


def render_line(f: pygame.font.Font, msg: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """One line in font `f`, for a caller that composes its own picture (a banner, a callout):
    cleaned and put in screen order as `text` does, so a right-to-left name reads right."""
    msg = on_screen(drawable(msg))
    try:
        return f.render(msg, True, colour)
    except (pygame.error, ValueError, UnicodeError):
        # Nothing a font cannot draw may stop the game: draw what plain ASCII there is.
        return f.render(msg.encode("ascii", "replace").decode("ascii"), True, colour)


def _measure(f: pygame.font.Font, msg: str) -> tuple[int, int]:
    msg = on_screen(drawable(msg))
    try:
        return f.size(msg)
    except (pygame.error, ValueError, UnicodeError):
        return f.size(msg.encode("ascii", "replace").decode("ascii"))


# ============================================================================ text that did not fit
@dataclass(frozen=True)
class Clipped:
    """A text that did not fit its room: `how` is "cut" (shortened with an ellipsis) or
    "overflow" (drawn past the edge of its box); `room` and `needed` are widths in pixels."""

    text: str
    room: int
    needed: int
    how: str


_watchers: list[list[Clipped]] = []


@contextmanager
def watch_clipping() -> Iterator[list[Clipped]]:
    """Collect, while inside, every text that was cut or drawn past its box."""
    found: list[Clipped] = []
    _watchers.append(found)
    try:
        yield found
    finally:
        _watchers.remove(found)


def note_clipped(msg: str, room: int, needed: int, how: str) -> None:
    """Tell whoever watches (nobody, during play) that `msg` did not fit."""
    for found in _watchers:
        found.append(Clipped(msg, room, needed, how))


@lru_cache(maxsize=4096)
def width_of(msg: str, size: int, bold: bool = False, title: bool = False) -> int:
    """How wide `msg` is drawn, in pixels (remembered: tables measure the same words each frame)."""
    return _measure(font_for(drawable(msg), size, bold, title), msg)[0]


def fit_text(msg: str, width: int, size: int, bold: bool = False) -> str:
    """`msg`, shortened with an ellipsis if needed so it is at most `width` pixels wide.

    Every place that calls this means the whole text to fit in normal play (a player's name, a
    line of odds); a cut is noted for `watch_clipping`.
    """
    msg = drawable(msg)
    f = font(size, bold)
    full = _measure(f, msg)[0]
    if full <= width:
        return msg
    note_clipped(msg, width, full, "cut")
    while msg and _measure(f, msg + "…")[0] > width:
        msg = msg[:-1]
    return msg.rstrip() + "…"


def fit_path(path: str, width: int, size: int, bold: bool = False) -> str:
    """A folder's path at most `width` pixels wide: whole if it fits, else with part of its middle
    given up ("/home/…/MotherLode/maps"), keeping more of its end, which names the folder."""
    path = drawable(path)
    f = font(size, bold)
    if _measure(f, path)[0] <= width:
        return path

    def kept(n: int) -> str:
        head = n // 3
        return path[:head] + "…" + path[len(path) - (n - head):]

    return kept(_most_that_fit(f, width, 0, len(path) - 1, kept))


def _most_that_fit(f: pygame.font.Font, width: int, low: int, high: int,
                   text_of: Callable[[int], str]) -> int:
    """The largest n from `low` to `high` whose `text_of(n)` is at most `width` pixels wide in
    `f` (`low` when none is), for texts that grow with n."""
    while low < high:
        mid = (low + high + 1) // 2
        if _measure(f, text_of(mid))[0] <= width:
            low = mid
        else:
            high = mid - 1
    return low


def fit_size(msg: str, width: int, size: int, smallest: int, bold: bool = False,
             title: bool = False) -> int:
    """The largest font size from `size` down to `smallest` at which `msg` is at most `width`
    pixels wide (`smallest` when none is: then fit_text can still cut it)."""
    while size > smallest and width_of(msg, size, bold, title) > width:
        size -= 1
    return size


def fit_name(name: str, width: int, size: int, smallest: int, bold: bool = True) -> tuple[str, int]:
    """A player's name in `width` pixels, and the font size to draw it at: the whole name, as
    large as fits from `size` down to `smallest`; else the first word of it (how players call
    each other: "Tommy" for "Tommy Knocker"); else cut with an ellipsis (noted, see fit_text)."""
    for shown in dict.fromkeys((name, name.split(" ")[0])):
        fitted = fit_size(shown, width, size, smallest, bold)
        if width_of(shown, fitted, bold) <= width:
            return shown, fitted
    return fit_text(name, width, smallest, bold), smallest


def text_image(msg: str, size: int = 18, colour: tuple[int, int, int] = INK, *, bold: bool = False,
               title: bool = False) -> pygame.Surface:
    """One line of text as the picture `text` draws (remembered), for a caller that keeps it."""
    return _render(drawable(msg), size, tuple(colour), bold, title)


def text(surface: pygame.Surface, msg: str, pos: tuple[int, int], size: int = 18,
         colour: tuple[int, int, int] = INK, *, bold: bool = False, title: bool = False,
         anchor: str = "topleft", box: pygame.Rect | None = None) -> pygame.Rect:
    """Draw one line of text; `anchor` is any pygame.Rect position name. Returns its rect.

    With `box` (in the surface's coordinates), the text belongs inside that rectangle: it is
    still drawn whole, and a text that reaches outside is noted for `watch_clipping`.
    """
    msg = drawable(msg)
    img = _render(msg, size, tuple(colour), bold, title)
    rect = img.get_rect(**{anchor: pos})
    if box is not None and _watchers and not box.contains(_ink(rect, msg, size, bold, title)):
        note_clipped(msg, box.w, rect.w, "overflow")
    surface.blit(img, rect)
    return rect


def _ink(rect: pygame.Rect, msg: str, size: int, bold: bool, title: bool) -> pygame.Rect:
    """The part of a text's rect that holds ink: its width, and the height its letters reach
    (the font's line leaves room above and below that a tight box need not have)."""
    f = font_for(msg, size, bold, title)
    try:
        reach = [(m[3], m[2]) for m in f.metrics(msg) if m is not None]
    except (pygame.error, ValueError, UnicodeError):
        reach = []
    if not reach:
        return pygame.Rect(rect.x, rect.centery, rect.w, 0)
    top = rect.top + f.get_ascent() - max(r[0] for r in reach)
    bottom = rect.top + f.get_ascent() - min(r[1] for r in reach)
    return pygame.Rect(rect.x, top, rect.w, max(0, bottom - top))


def wrap(msg: str, width: int, size: int = 18, bold: bool = False) -> list[str]:
    """Split `msg` into lines no wider than `width` pixels."""
    return list(_wrap(str(msg), width, size, bold))


def wrap_lines(msg: str, width: int, size: int = 18, bold: bool = False, most: int = 2) -> list[str]:
    """`wrap`, kept to `most` lines: when the text needs more, the last line takes the rest and
    ends in an ellipsis, so a cut never looks like the end of a sentence."""
    lines = wrap(msg, width, size, bold)
    if len(lines) > most:
        lines = lines[:most - 1] + [fit_text(" ".join(lines[most - 1:]), width, size, bold)]
    return lines


@lru_cache(maxsize=1024)
def _wrap(msg: str, width: int, size: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for para in str(msg).split("\n"):
        line = ""
        for word in para.split(" "):
            word = drawable(word)
            trial = f"{line} {word}" if line else word
            if _measure(f, trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            # A word wider than the line on its own (a 40-letter name from a file) is broken
            # where it must be, so that no line runs past its edge.
            while len(word) > 1 and _measure(f, word)[0] > width:
                # the longest head that fits (at least one letter; the word is read at once, so
                # the lambda needs no default to hold it)
                head = _most_that_fit(f, width, 1, len(word) - 1, lambda n: word[:n])
                lines.append(word[:head])
                word = word[head:]
            line = word
        lines.append(line)
    return tuple(lines)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int] = PANEL,
          edge: tuple[int, int, int] = PANEL_EDGE, radius: int = 10, width: int = 2) -> None:
    """A rounded panel with a border."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def vertical_gradient(size: tuple[int, int], top: tuple[int, int, int],
                      bottom: tuple[int, int, int]) -> pygame.Surface:
    """A surface shading from `top` to `bottom` (drawn once, then blitted)."""
    w, h = size
    if w <= 0 or h <= 0:
        return pygame.Surface(size)
    # One pixel per row in a one-pixel-wide column, then stretched sideways: the same picture
    # as a line per row, several times faster (the title backdrop shades 840 rows at start-up).
    column = pygame.Surface((1, h))
    (r, g, b), (r2, g2, b2) = top, bottom
    span = max(1, h - 1)
    for y in range(h):
        t = y / span
        column.set_at((0, y), (int(r + (r2 - r) * t), int(g + (g2 - g) * t), int(b + (b2 - b) * t)))
    return pygame.transform.scale(column, size)
