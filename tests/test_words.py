"""Numbers in words: the plural helper, the article, money written one way everywhere, and the
event texts of random games of every game free of "(s)", "1 cards", "98 $" and "a Oil"."""

from __future__ import annotations

import re

import pytest

from game.core.contract import Event
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.core.words import MINUS, amount, money, plural, with_article
from game.games import GAMES


def test_plural_says_one_and_many() -> None:
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(3, "Safe") == "3 Safes"
    assert plural(2, "hex") == "2 hexes"
    assert plural(1, "hex") == "1 hex"
    assert plural(4, "Gem") == "4 Gems"
    assert plural(2, "match") == "2 matches"
    assert plural(-1, "point") == "-1 point"
    assert plural(5, "die", "dice") == "5 dice"


def test_a_word_gets_its_article() -> None:
    assert with_article("Oil") == "an Oil"
    assert with_article("Crate") == "a Crate"
    assert with_article("second Oil") == "a second Oil"
    assert with_article("Emerald") == "an Emerald"


def test_money_is_written_one_way() -> None:
    assert money(98) == "98$"
    assert money(0) == "0$"
    assert money(-4) == f"{MINUS}4$"
    assert money(7, signed=True) == "+7$"
    assert money(0, signed=True) == "0$"
    assert money(-7, signed=True) == f"{MINUS}7$"


def test_a_score_is_written_in_its_games_unit() -> None:
    assert amount(12, ("point", "points")) == "12 points"
    assert amount(1, ("point", "points")) == "1 point"
    assert amount(98, ("$", "$")) == "98$"
    assert amount(-3, ("$", "$")) == f"{MINUS}3$"


# Mistakes the texts must not make: a "(s)", a number 1 with a plural noun or another number with
# a singular one, a space between an amount and its "$", a hyphen for a minus before money.
NOUNS = "card|Gem|Safe|hex|point|Claim Jumper|Faulty Detonator|line"
BAD = [
    (re.compile(r"\((?:s|es)\)"), "a '(s)'"),
    (re.compile(rf"(?<![\d.])1 (?:{NOUNS})(?:s|es)\b"), "one with a plural"),
    (re.compile(rf"\b(?:0|[2-9]|\d\d+) (?:{NOUNS})\b(?!s)"), "many with a singular"),
    (re.compile(r"\d \$"), "a space before $"),
    (re.compile(r"(?<![\w(])-\d+\$"), "a hyphen for a minus"),
    (re.compile(r"\b[Aa] [AEIOaeio]"), "'a' before a vowel"),
]


def mistakes(text: str) -> list[str]:
    return [what for pattern, what in BAD if pattern.search(text)]


def test_the_mistake_finder_finds_mistakes() -> None:
    assert "a '(s)'" in mistakes("Ana takes 3 card(s)")
    assert mistakes("Ana takes 1 cards") == ["one with a plural"]
    assert mistakes("Ana takes 3 card") == ["many with a singular"]
    assert mistakes("Ana wins with 98 $") == ["a space before $"]
    assert mistakes("Ana pays -4$") == ["a hyphen for a minus"]
    assert mistakes("gives Bo a Oil") == ["'a' before a vowel"]
    assert mistakes("gives Bo an Oil, a second Oil and a Crate") == []
    assert mistakes("Ana takes 1 card, Bo 3 cards; Cy mined 1 hex: +7$, \u22121$ (98$)") == []


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_event_texts_of_random_games_read_right(game: str, seed: int) -> None:
    info = GAMES[game]
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    seats = [Seat(f"P{i}", "bot", "easy") for i in range(players)]
    match = Match(game, seats, seed)
    rng = Rng(seed)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    texts = [e.text for e in match.history if isinstance(e, Event)]
    assert len(texts) > 20
    bad = [(t, mistakes(t)) for t in texts if mistakes(t)]
    assert not bad, bad[:10]


def test_a_reason_becomes_a_sentence() -> None:
    from game.core.words import sentence

    assert sentence(" the Rubble is empty ") == "The Rubble is empty."
    assert sentence("Not now!") == "Not now!" and sentence("  ") == ""
