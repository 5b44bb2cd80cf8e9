"""The face log: which card faces were drawn face up in the frame being drawn.

Every drawing of a card *face* that may be secret (a Grim Prospects card, `game.ui.gp_cards`)
calls `record(card_id)`. A test that must prove nothing secret reaches the screen (the hot-seat
curtain test) turns recording on with `recording()`, calls `new_frame()` before it draws a frame
and reads `frame_faces()` after it.

Recording is off in play: `record` is then one test of a flag, so drawing a hand costs nothing
extra and nothing accumulates over a long game. Inside `recording()` the log holds the faces of
the current frame only (`new_frame` empties it).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

_on = False
_faces: list[int] = []


def record(card_id: int) -> None:
    """A face of card `card_id` was drawn face up (called by the card-drawing code)."""
    if _on:
        _faces.append(int(card_id))


def new_frame() -> None:
    """A new frame is about to be drawn: forget the faces of the last one."""
    _faces.clear()


def frame_faces() -> list[int]:
    """The card ids whose faces were drawn since `new_frame`, in drawing order (repeats kept)."""
    return list(_faces)


def is_recording() -> bool:
    return _on


@contextmanager
def recording() -> Iterator[None]:
    """Record faces while inside (tests); the log starts empty and is emptied on the way out."""
    global _on
    was = _on
    _on = True
    _faces.clear()
    try:
        yield
    finally:
        _on = was
        _faces.clear()
