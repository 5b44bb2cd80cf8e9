"""Text from outside the program (files, the keyboard) made fit to keep and to draw.

Every reader of names and labels from files (saves, replays, statistics, settings) and the name
field of the setup pass text through here, so that what the game keeps and draws never holds
control characters (NUL, escape codes, line breaks inside a name), lone surrogates (which cannot
be encoded, nor drawn by SDL) or absurd lengths. Pure Python; no pygame.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LIMIT = 40      # a player's name, in characters
LABEL_LIMIT = 100    # any other short text from a file (a progress line, a game title)

# Control characters (C0, DEL, C1) and the surrogate range: never kept.
_UNWANTED = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def clean_text(value: object, limit: int = LABEL_LIMIT) -> str:
    """`value` as a single line of at most `limit` characters: tabs and line breaks become spaces,
    other control characters and lone surrogates are dropped, runs of spaces become one, and the
    ends are trimmed. Anything that is not a string becomes ""."""
    if not isinstance(value, str):
        return ""
    # Look at a bounded slice only: a megabyte-long name costs no more than a short one.
    text = value[: limit * 4 + 16]
    text = text.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    text = _UNWANTED.sub("", text)
    text = re.sub(" {2,}", " ", text)
    text = unicodedata.normalize("NFC", text).strip()
    return text[:limit].rstrip()


def clean_name(value: object, fallback: str = "Player") -> str:
    """A player's name fit to keep and draw (see clean_text), `fallback` when nothing is left."""
    return clean_text(value, NAME_LIMIT) or fallback


def is_clean(value: str, limit: int = LABEL_LIMIT) -> bool:
    """Whether `value` is already as clean_text would leave it (used to refuse, not repair)."""
    return len(value) <= limit and not _UNWANTED.search(value)
