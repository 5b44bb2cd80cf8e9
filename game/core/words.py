"""Numbers in words, the same way on every screen and in every log line: "1 card", "3 cards",
"2 hexes", "98$", "−4$".

Pure (no drawing), so the rules' event texts and the tables share it.
"""

from __future__ import annotations

MINUS = "\u2212"  # a true minus sign: "−4$" lines up with "+4$", where a hyphen looks thin


def plural(n: int, word: str, many: str | None = None) -> str:
    """`n` and `word` in the right number: "1 card", "0 cards", "2 hexes", "3 Safes".

    The plural is `many` when given, else `word` + "es" after s, x, z, ch or sh, else + "s".
    """
    if abs(n) == 1:
        return f"{n} {word}"
    if many is None:
        many = word + ("es" if word.endswith(("s", "x", "z", "ch", "sh")) else "s")
    return f"{n} {many}"


def or_list(words: list[str]) -> str:
    """Choices in a sentence: "Bomb", "Bomb or Invest", "Bomb, Resupply or Invest"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def and_list(words: list[str]) -> str:
    """Names in a sentence: "Ana", "Ana and Bo", "Ana, Bo and Cyd"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def with_article(word: str) -> str:
    """`word` with its indefinite article: "a Crate", "an Oil", "a second Oil"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def money(n: int, *, signed: bool = False) -> str:
    """An amount of money as the games write it: "98$", "−4$"; with `signed`, "+7$" and "0$"."""
    if n < 0:
        return f"{MINUS}{-n}$"
    return f"+{n}$" if signed and n > 0 else f"{n}$"


def amount(n: int, unit: tuple[str, str]) -> str:
    """A score in its game's unit (singular, plural): "1 point", "12 points"; a symbol such as
    "$" sticks to the number like money does ("98$")."""
    word = unit[0] if abs(n) == 1 else unit[1]
    if word == "$":
        return money(n)
    if word[:1].isalpha():
        return f"{n} {word}"
    return f"{n}{word}"


def sentence(text: str) -> str:
    """Words as a sentence: a capital first letter and a full stop (unless it ends in one already);
    "" stays "". Rules' reasons are written lower-case, to be put into other words."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
