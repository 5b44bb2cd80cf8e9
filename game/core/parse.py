"""Reading move texts from outside (saves, replays, the table) strictly.

A game writes each number of a move as `str(n)`: ASCII digits, no `+`, no leading zero, no `-0`.
Python's `int()` reads far more (`+6`, `06`, ` 6`, `6_0`, the Arabic-Indic `٦`), and a move read
that way would be played and kept word for word in the record, where nothing that compares move
texts (the replay analysis, the legal list) finds it. `move_number` reads exactly the spelling the
games write and nothing else. `quoted` puts a move in a message, cut cleanly when it is long.

Only the safe edge (`apply`, `why_not`) reads outside text with these; the bots' trusted fast path
(`advance`) takes the moves the rules listed and never parses numbers again.
"""

from __future__ import annotations

from game.core.text import quoted as quoted_text

# How much of a move a message quotes: every move a game writes is shorter.
QUOTE_LIMIT = 60


def move_number(text: str, *, signed: bool = False, digits: int = 6) -> int | None:
    """The number `text` is when it is written exactly as a game writes one (`str(n)`), else None:
    ASCII digits only, at most `digits` of them, no leading zero, no `+`; a `-` in front only when
    `signed`, and never `-0`."""
    body = text[1:] if signed and text[:1] == "-" else text
    if not 0 < len(body) <= digits or not body.isascii() or not body.isdigit():
        return None
    if body[0] == "0" and (len(body) > 1 or body != text):
        return None
    return int(text)


def quoted(move: object, limit: int = QUOTE_LIMIT) -> str:
    """`move` (an action or its text) in quotes for a message: one clean line, cut with "…" past
    `limit` characters (so a move of thousands of characters makes a short message); see
    `game.core.text.quoted`."""
    return quoted_text(str(move), limit)
