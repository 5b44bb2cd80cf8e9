"""Text from outside the program (files, the keyboard) made fit to keep, draw and print.

Every reader of names and labels from files (saves, replays, statistics, settings, maps) and the
name field of the setup pass text through `clean_text`, so that what the game keeps and draws never
holds control characters (NUL, escape codes, line breaks inside a name), format marks (bidi
overrides, zero widths), lone surrogates (which cannot be encoded, nor drawn by SDL) or absurd
lengths. Pure Python; no pygame.
"""

from __future__ import annotations

import sys
import unicodedata
from typing import Any, Callable

NAME_LIMIT = 40      # a player's name, in characters
LABEL_LIMIT = 100    # any other short text from a file (a progress line, a game title)

# Unicode categories never kept: controls (C0, DEL, C1), format marks (bidi overrides, zero
# widths), surrogates, private use, unassigned, and the line and paragraph separators.
_UNSHOWN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


# Whether the program's fonts draw a character: set by the user interface (`set_drawable`), which
# alone knows its fonts; None (the default, as in a command or a search process) keeps them all.
_drawable: Callable[[str], bool] | None = None


# Whether every printable ASCII character is drawn (then such text needs no look at each one).
_ascii_drawn = True


def set_drawable(check: Callable[[str], bool] | None) -> None:
    """Have `clean_text` leave out the characters `check` says the fonts cannot draw (an emoji,
    Chinese letters), as the name fields refuse them when typed."""
    global _drawable, _ascii_drawn
    _drawable = check
    _ascii_drawn = check is None or all(check(chr(c)) for c in range(0x20, 0x7F))


def clean_text(value: object, limit: int = LABEL_LIMIT, *, ellipsis: bool = False,
               undrawn: str = " ") -> str:
    """`value` as a single line of at most `limit` characters: every character that is not
    shown (see `_UNSHOWN`) and every kind of space becomes a space, one the fonts cannot draw (see
    `set_drawable`) becomes `undrawn` (a space: left out; a file's name keeps a mark there), runs
    of spaces become one, and the ends are trimmed. Past `limit` the text is cut, ending with "…"
    when `ellipsis` is set. Anything that is not a string becomes ""."""
    if not isinstance(value, str):
        return ""
    # Look at a bounded slice only: a megabyte-long name costs no more than a short one.
    text = value[: limit * 4 + 16]
    if text.isascii() and text.isprintable() and _ascii_drawn:
        # Letters, digits, marks and plain spaces only (the common case, and a file of thousands
        # of names reads fast): nothing to take out, and NFC leaves ASCII as it is.
        text = " ".join(text.split())
    else:
        text = "".join(" " if unicodedata.category(ch) in _UNSHOWN else ch for ch in text)
        drawn = _drawable
        if drawn is not None:
            text = "".join(ch if ch.isspace() or drawn(ch) else undrawn for ch in text)
        text = unicodedata.normalize("NFC", " ".join(text.split()))
    if len(text) <= limit:
        return text
    if ellipsis:
        return text[: limit - 1].rstrip() + "\u2026"
    return text[:limit].rstrip()


def clean_name(value: object, fallback: str = "Player") -> str:
    """A player's name fit to keep and draw (see clean_text), `fallback` when nothing is left."""
    return clean_text(value, NAME_LIMIT) or fallback


def cut_middle(text: str, limit: int) -> str:
    """`text` whole when it is at most `limit` characters, else its head and its tail with a line
    saying how much was cut between them (a crash report, a log record: where it began and where
    it ended both matter)."""
    if len(text) <= limit:
        return text
    head, tail = limit * 3 // 4, limit // 4
    return f"{text[:head]}\n… ({len(text) - head - tail:,} characters cut) …\n{text[-tail:]}"


def quoted(value: object, limit: int = 60) -> str:
    """A value read from outside (a file, a move), as a message quotes it: text in quotes,
    cleaned and cut to `limit` characters ("…" past it); anything else as Python writes it, cut
    the same way (a list a million entries long costs no more than a short one)."""
    if isinstance(value, str):
        return f"'{clean_text(value, limit, ellipsis=True)}'"
    if isinstance(value, (list, tuple, dict)) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value):,} entries"
    return clean_text(repr(value)[: limit * 4], limit, ellipsis=True)


def for_terminal(text: str, stream: Any = None) -> str:
    """`text` as one line any terminal shows as is: control characters, escape codes, newlines,
    surrogates (file names that are not UTF-8) and anything `stream` (standard output when None)
    cannot encode are written as Python escapes (\\x1b, \\n, \\udcff, \\u00e9), so nothing read
    from a file can print a line of its own or drive the terminal."""
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                    for ch in text)
    encoding = getattr(stream if stream is not None else sys.stdout, "encoding", None) or "utf-8"
    try:
        return shown.encode(encoding, "backslashreplace").decode(encoding, "replace")
    except LookupError:
        return shown.encode("ascii", "backslashreplace").decode("ascii")
