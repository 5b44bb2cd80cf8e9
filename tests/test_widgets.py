"""The shared widgets keep their words inside their boxes, whatever a player types."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import theme, widgets  # noqa: E402
from game.ui.widgets import Button, Cycler, TextField  # noqa: E402


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, bool, tuple[int, int], str]]:
    drawn: list[tuple[str, int, bool, tuple[int, int], str]] = []
    real = theme.text

    def spy(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int, *args: Any,
            **kw: Any) -> Any:
        drawn.append((words, size, bool(kw.get("bold")), pos, str(kw.get("anchor", "topleft"))))
        return real(surface, words, pos, size, *args, **kw)

    monkeypatch.setattr(widgets.theme, "text", spy)
    return drawn


def test_a_name_field_stops_before_its_tag_and_shows_the_end_while_typing(
        fresh_display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    surface = pygame.Surface((400, 60))
    field = TextField((0, 0, 300, 48), "W" * 16)
    field.tag = "bot"
    drawn = _spy(monkeypatch)
    field.draw(surface)
    text, size = drawn[0][0], drawn[0][1]
    tag_left = 300 - 10 - theme.width_of("bot", 13)
    assert text.endswith("…") and 10 + theme.width_of(text, size) <= tag_left - 10
    assert drawn[1][0] == "bot"
    drawn.clear()
    field.focused = True
    field.draw(surface)
    assert drawn[0][0].startswith("…") and drawn[0][0].endswith("WWW")


def test_a_choice_is_fitted_between_its_arrows_as_it_is_drawn_bold(
        fresh_display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    surface = pygame.Surface((500, 60))
    cycler = Cycler((0, 0, 440, 52), "First player", ["Christopher Lee the Younger"], 0, size=20)
    drawn = _spy(monkeypatch)
    cycler.draw(surface)
    left, right = cycler._arrows()
    value = next(words for words, size, bold, *_ in drawn if words.startswith("Christ"))
    assert theme.width_of(value, 20, True) <= right.left - left.right - 8


def test_a_name_field_takes_only_what_the_font_can_draw(fresh_display: None) -> None:
    field = TextField((0, 0, 300, 48), "")
    field.focused = True
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Ana\U0001F4A3 Ré\u4e2d"))
    assert field.value == "Ana Ré"   # no bomb emoji, no Chinese letter: the font has neither
    assert theme.has_glyph("é") and not theme.has_glyph("\U0001F4A3")


def test_ctrl_a_selects_a_name_and_the_next_letter_replaces_it(fresh_display: None) -> None:
    def press(field: TextField, k: int, mod: int = 0) -> None:
        field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))

    def typed(field: TextField, text: str) -> None:
        field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))

    field = TextField((0, 0, 300, 48), "Player 2")
    field.focused = True
    press(field, pygame.K_a, pygame.KMOD_LCTRL)
    assert field.selected
    typed(field, "Alice")
    assert field.value == "Alice" and not field.selected
    typed(field, "!")
    assert field.value == "Alice!"   # no longer selected: typing goes on at the end
    press(field, pygame.K_a, pygame.KMOD_LMETA)   # Cmd+A on a Mac
    press(field, pygame.K_BACKSPACE)
    assert field.value == "" and not field.selected
    field.value = "Bo"
    press(field, pygame.K_a, pygame.KMOD_LCTRL)
    typed(field, "\U0001F4A3")   # a letter the font cannot draw replaces nothing
    assert field.value == "Bo" and field.selected
    press(field, pygame.K_RETURN)
    assert not field.focused and not field.selected and field.value == "Bo"


def test_a_title_in_a_script_the_title_face_lacks_is_drawn_in_the_bold_face(fresh_display: None) -> None:
    hebrew = "\u05d0\u05d1\u05d2 wins!"
    assert not theme.has_glyph("\u05d0", True, True) and theme.has_glyph("\u05d0", True)
    assert theme.font_for(hebrew, 40, title=True) is theme.font(40, True, False)
    assert theme.font_for("Ana wins!", 40, title=True) is theme.font(40, False, True)
    assert theme.width_of(hebrew, 40, title=True) == theme.font(40, True, False).size(hebrew)[0]


def test_right_to_left_names_are_drawn_in_their_own_direction(fresh_display: None) -> None:
    hebrew = "\u05d3\u05e0\u05d4"            # "Dana", written right to left
    # Its letters go on screen last first, inside a line that runs left to right.
    assert theme.on_screen(f"{hebrew} wins!") == f"{hebrew[::-1]} wins!"
    assert theme.on_screen("Ana wins!") == "Ana wins!"
    arabic = "\u0633\u0627\u0631\u0629"      # "Sara": its letters joined, then turned round
    shown = theme.on_screen(arabic)
    assert all("\ufe70" <= ch <= "\ufeff" for ch in shown) and len(shown) == 4
    assert all(theme.has_glyph(ch, True) for ch in shown)
    # Measured as drawn.
    assert theme.width_of(hebrew, 20) == theme.font(20).size(hebrew[::-1])[0]


def test_the_log_never_begins_with_the_tail_of_an_entry(fresh_display: None) -> None:
    from game.ui.tables.base import LogPanel

    panel = LogPanel(pygame.Rect(0, 0, 260, 200), top=40, footer=30, title_y=10, hint_bottom=8)
    long = "Ana discards Coal #17 and draws from the deck, then looks at it for a long while"
    for i in range(12):
        panel.add(long if i % 2 else f"Bo passes ({i})", theme.INK, False)
    assert len(panel.lines) > panel.visible
    for scroll in range(0, len(panel.lines) - panel.visible + 1):
        panel.scroll = scroll
        shown = panel.shown()
        assert shown and shown[0][3], (scroll, shown[0])   # each view starts an entry
        if scroll:
            # Read back, the view fills every row: the newer lines take the room of a tail left
            # out above, and the hint counts what is still below.
            assert len(shown) == panel.visible, scroll
            starts = [i for i in range(len(panel.lines)) if panel.lines[i:i + len(shown)] == shown]
            assert starts, scroll   # a run of the log's lines, in order
            start = starts[-1]
            assert panel.newer_below() == len(panel.lines) - start - panel.visible
            assert panel.newer_below() <= scroll
        else:
            assert shown[-1] == panel.lines[-1]   # the newest line at the foot
    # Every step of the wheel or PgUp/PgDn moves the view, back to the top and on to the foot.
    panel.scroll = 0
    views = [panel.shown()[0]]
    while panel.scroll < len(panel.lines) - panel.visible:
        panel.scroll_by(1)
        assert panel.shown()[0] != views[-1], panel.scroll
        views.append(panel.shown()[0])
    assert views[-1] == panel.lines[0]
    while panel.scroll:
        before = panel.shown()[-1]
        panel.scroll_by(-1)
        assert panel.shown()[-1] != before or not panel.scroll
    assert panel.shown()[-1] == panel.lines[-1]
    assert panel.scroll == 0, "back at the foot, the log follows new lines again"
    # Scrolled back a little, down again to where the newest line shows: new lines are followed.
    panel.scroll_by(3)
    while panel.newer_below():
        panel.scroll_by(-1)
    assert panel.scroll == 0
    panel.add("Bo draws a card", theme.INK, False)
    assert panel.shown()[-1] == panel.lines[-1] and panel.newer_below() == 0
    # While older lines are read, they stay put as new ones arrive.
    panel.scroll_by(8)
    shown = panel.shown()
    panel.add("Cyd passes", theme.INK, False)
    assert panel.shown() == shown and panel.newer_below() > 0
    panel.scroll = 0
    panel.draw(pygame.Surface((300, 220)))


def test_a_chooser_steps_once_a_wheel_notch_never_for_a_sideways_or_fine_scroll(
        fresh_display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A trackpad sends a stream of small scrolls (a fraction of a notch each, sideways ones
    too): the chooser under the pointer moves one value for each whole notch they add up to;
    a wheel spun fast moves it one value a notch."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (20, 20))
    cycler = Cycler((0, 0, 440, 52), "Players", ["2", "3", "4", "5", "6"], 2)

    def wheel(y: float, x: float = 0.0) -> None:
        assert cycler.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=int(x), y=int(y), flipped=False,
                                                      precise_x=x, precise_y=y))

    for _ in range(10):
        wheel(0.0, x=1.0)   # sideways
    assert cycler.index == 2
    for _ in range(9):
        wheel(0.1)          # a gentle stroke, short of a notch
    assert cycler.index == 2
    wheel(0.15)             # ... and now past one
    assert cycler.index == 1
    for _ in range(3):
        wheel(-1.0)         # three notches spun fast the other way
    assert cycler.index == 4


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files through /proc (Linux)")
def test_fonts_in_every_size_keep_no_file_open() -> None:
    """A font made from a file name keeps the file open: with a size for every screen, dozens of
    descriptors (macOS allows a program 256). The fonts, and the readers that tell which letters
    a font has, are made from the files' bytes."""
    pygame.font.init()
    theme.font.cache_clear()
    theme._glyph_reader.cache_clear()
    before = len(os.listdir("/proc/self/fd"))
    fonts = [theme.font(size, bold, title) for size in range(8, 48)
             for bold, title in ((False, False), (True, False), (False, True))]
    assert all(theme.has_glyph(ch, bold, title) for ch in "Mq"
               for bold, title in ((False, False), (True, False), (False, True)))
    assert len(os.listdir("/proc/self/fd")) <= before
    words = fonts[0].render("Mother Lode", True, (255, 255, 255))
    assert words.get_width() > 20


def test_words_too_long_for_the_banner_take_two_lines_whole_before_any_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's last words naming a tie-break ran past the banner even at its smallest size and
    were cut: they take two lines, every word drawn, each in its colour."""
    from game.ui.tables import base

    pygame.init()
    long = ("The Mine is empty: Sluice Sue wins with 15 points, as many as Copper Clem, and the best "
            "group of one card name (12 to 5)")
    drawn: list[tuple[str, tuple[int, ...]]] = []
    real = theme.render_line

    def spy(font: Any, words: str, colour: Any) -> pygame.Surface:
        drawn.append((words, tuple(colour)))
        return real(font, words, colour)

    monkeypatch.setattr(theme, "render_line", spy)
    for segs in (((long, (236, 230, 214)),), (("Sluice Sue", (200, 90, 40)), (": " + long, (236, 230, 214)))):
        base.banner_image.cache_clear()
        with theme.watch_clipping() as clipped:
            base.banner_image(segs, "Round 9", (996, 40), 19, True)
        assert not clipped, clipped
        # The lines as drawn: every word, in its own colour.
        drawn.clear()
        assert base._two_lines(pygame.Surface((996, 40), pygame.SRCALPHA), segs, 90, 890, 16)
        assert " ".join(w for w, _ in drawn).split() == " ".join(t for t, _ in segs).split()
        assert {c for _, c in drawn} == {c for _, c in segs}
    # Short words keep their one line, at the largest size.
    drawn.clear()
    base.banner_image.cache_clear()
    base.banner_image((("Ana's turn", (236, 230, 214)),), "Round 1", (996, 40), 19, True)
    assert [w for w, _ in drawn] == ["Round 1", "Ana's turn"]


def test_a_focused_choice_wears_the_keyboards_ring_as_a_button_does() -> None:
    """The keyboard's place on a choice was only its border in the focus colour, close to the
    gold border of a chosen map row beside it, so two things looked focused: it wears the ring
    round it that a focused button wears."""
    surface = pygame.Surface((480, 100))
    cycler = Cycler((20, 20, 440, 52), "Players", ["2", "3"], 0)
    ring_at = (cycler.rect.centerx, cycler.rect.bottom + 3)   # on the ring, outside the choice
    surface.fill((0, 0, 0))
    cycler.draw(surface)
    assert surface.get_at(ring_at)[:3] == (0, 0, 0)
    cycler.focused = True
    cycler.draw(surface)
    assert surface.get_at(ring_at)[:3] == theme.FOCUS
    button = Button((20, 20, 440, 52), "Go", lambda: None)
    button.focused = True
    surface.fill((0, 0, 0))
    button.draw(surface)
    assert surface.get_at(ring_at)[:3] == theme.FOCUS
