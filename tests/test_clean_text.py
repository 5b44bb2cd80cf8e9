"""`clean_text`, the one gate for names and labels from files and the keyboard: its quick way for
plain ASCII gives exactly what the full look at every character gives."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import text
from game.core.text import _UNSHOWN, clean_text


def reference(value: str, limit: int, drawn: Callable[[str], bool] | None) -> str:
    """What clean_text is to give, character by character (no quick way)."""
    s = value[: limit * 4 + 16]
    s = "".join(" " if unicodedata.category(ch) in _UNSHOWN else ch for ch in s)
    if drawn is not None:
        s = "".join(ch if ch.isspace() or drawn(ch) else " " for ch in s)
    s = unicodedata.normalize("NFC", " ".join(s.split()))
    return s[:limit].rstrip()


def no_q(ch: str) -> bool:
    """A font that cannot draw "q" (nor anything past Latin-1)."""
    return ch != "q" and ord(ch) < 0x100


@pytest.fixture
def fonts() -> Iterator[Callable[[Callable[[str], bool] | None], None]]:
    """Sets the fonts' check for the test; the one in force before (the window's, once its
    fonts are loaded) is put back after it."""
    was = text._drawable
    yield text.set_drawable
    text.set_drawable(was)


TEXTS = st.one_of(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=60),
                  st.text(max_size=60))


@given(value=TEXTS, limit=st.integers(1, 50))
def test_clean_text_gives_what_a_look_at_every_character_gives(value: str, limit: int) -> None:
    was = text._drawable
    try:
        text.set_drawable(None)
        assert clean_text(value, limit) == reference(value, limit, None)
        text.set_drawable(no_q)
        assert clean_text(value, limit) == reference(value, limit, no_q)
    finally:
        text.set_drawable(was)


def test_plain_ascii_still_meets_the_fonts_and_the_controls(fonts: Callable[..., None]) -> None:
    assert clean_text("  Ana \t de\x1bq  ") == "Ana de q"
    fonts(no_q)
    assert clean_text("quarry Bo") == "uarry Bo"
    fonts(None)
    assert clean_text("quarry Bo") == "quarry Bo"
