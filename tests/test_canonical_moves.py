"""Every game plays exactly the move texts it writes (those of `legal_actions()`) and refuses any
other spelling of them with an `IllegalAction` saying why, in a short message.

A move read from a save, a replay or the table is kept word for word in the match record; one
spelt otherwise (`start:0,+6`, `start:0,٦`, `explode:01,3.0`) would be played, and nothing that
compares move texts (the replay analysis, the legal list) would find it. For random positions of
every game, each legal text is spelt otherwise (leading zeros, `+`, other scripts' digits, spaces,
`.0`, upper case, trailing commas, `-0`) and every spelling that is not itself a legal text must be
refused, through the text (`Action.parse`) and as an `Action` built directly (the rules' own edge).
"""

from __future__ import annotations

import random
import re
from typing import Callable, Iterator

import pytest

from game.core.contract import Action, IllegalAction
from game.core.match import Match, Seat
from game.core.parse import QUOTE_LIMIT, move_number, quoted
from game.games import LISTINGS

GAMES = [listing.name for listing in LISTINGS]
_DIGITS = re.compile(r"[0-9]+")
# Digits int() reads besides ASCII: Arabic-Indic, Devanagari, fullwidth.
_ZEROS = (0x660, 0x966, 0xFF10)


def _each_run(text: str, change: Callable[[str], str]) -> Iterator[str]:
    """`text` with one run of digits changed by `change`, for each run in turn."""
    for m in _DIGITS.finditer(text):
        yield text[: m.start()] + change(m.group()) + text[m.end():]


def _foreign(digits: str, zero: int) -> str:
    return "".join(chr(zero + int(d)) for d in digits)


def text_mutations(text: str) -> set[str]:
    """Other spellings of the move `text` (most of them not moves at all)."""
    out: set[str] = set()
    out.update(_each_run(text, lambda d: "0" + d))
    out.update(_each_run(text, lambda d: "00" + d))
    out.update(_each_run(text, lambda d: "+" + d))
    out.update(_each_run(text, lambda d: d + ".0"))
    out.update(_each_run(text, lambda d: d + "_0"))
    out.update(_each_run(text, lambda d: "-" + d if d == "0" else d))
    for zero in _ZEROS:
        out.update(_each_run(text, lambda d, z=zero: _foreign(d, z)))
        out.update(_each_run(text, lambda d, z=zero: _foreign(d[:1], z) + d[1:]))
        out.add("".join(_foreign(c, zero) if c.isdigit() else c for c in text))
    out.update({text.upper(), text.capitalize(), text.title(), text.swapcase()})
    out.update({text + ",", text + ",,", text + ":", text + ".0", text + "0"})
    kind, sep, rest = text.partition(":")
    if sep:
        out.update({f"{kind}: {rest}", f"{kind} :{rest}", f"{kind}:{rest.replace(',', ', ')}",
                    f"{kind}:,{rest}", f"{kind}:{rest.replace(',', ',,')}",
                    f"{kind}:{rest.replace(',', ';')}", f"{kind}:{rest.upper()}",
                    f"{kind.upper()}:{rest}"})
    out.update({" " + text, text + " ", "\u00a0" + text, text + "\n", text.replace(":", " : ")})
    out.discard(text)
    return out


def arg_mutations(action: Action) -> Iterator[Action]:
    """`action` with one argument (or its kind) spelt otherwise, built as an Action directly (no
    `Action.parse` in between to refuse spaces or empty arguments)."""
    yield Action(action.kind.upper(), action.args)
    yield Action(action.kind + " ", action.args)
    for i, arg in enumerate(action.args):
        others = {" " + arg, arg + " ", arg + "\n", "\t" + arg, arg.upper(), arg + ".0", arg + "_0",
                  "", arg + ","}
        others.update(_each_run(arg, lambda d: "0" + d))
        others.update(_each_run(arg, lambda d: "+" + d))
        others.update(_each_run(arg, lambda d: _foreign(d, _ZEROS[0])))
        others.discard(arg)
        for other in sorted(others):
            yield Action(action.kind, action.args[:i] + (other,) + action.args[i + 1:])
    yield Action(action.kind, action.args + ("",))


# Options that add a kind of move (Big Dig's expert bonus squares, before the first turn).
OPTIONS: dict[str, dict[str, object]] = {"big_dig": {"expert": True}}


def positions(game: str, seed: int, count: int) -> Iterator[Match]:
    """Up to `count` positions of one random game of `game` (random players, random moves),
    spread over the whole game; the first position (the set-up choices) always among them. Odd
    seeds play with the options of `OPTIONS`."""
    rng = random.Random(seed)
    listing = next(entry for entry in LISTINGS if entry.name == game)
    players = rng.randint(listing.min_players, listing.max_players)
    m = Match(game, [Seat(f"P{i}") for i in range(players)], rng.randrange(2**32),
              OPTIONS.get(game) if seed % 2 else None)
    yield m
    shown = 1
    while not m.is_over() and shown < count:
        m.apply(rng.choice(m.legal_actions()))
        if rng.random() < 0.25:
            shown += 1
            yield m


def check_refused(m: Match, action: Action, text: str) -> None:
    """`action` (spelt `text`) is refused at this position with a short, one-line message, and the
    position is left as it was."""
    before = m.state
    with pytest.raises(IllegalAction) as caught:
        m.state.apply(action)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) <= 400, (text, message)
    assert m.state is before


def sampled(legal: list[Action], rng: random.Random, most: int = 10) -> list[Action]:
    return legal if len(legal) <= most else rng.sample(legal, most)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_other_spellings_of_legal_moves_are_refused(game: str, seed: int) -> None:
    rng = random.Random(seed * 7919)
    tried = 0
    for m in positions(game, seed, 12):
        legal = m.legal_actions()
        texts = {str(a) for a in legal}
        for action in sampled(legal, rng):
            text = str(action)
            # A legal text is played (the other way round of this test).
            m.state.apply(Action.parse(text))
            for other in sorted(text_mutations(text)):
                try:
                    parsed = Action.parse(other)
                except IllegalAction:
                    continue          # not a move at all: refused before the rules see it
                if str(parsed) in texts:
                    continue          # (spaces around a move are trimmed: the legal text itself)
                tried += 1
                check_refused(m, parsed, other)
            for built in arg_mutations(action):
                if built in legal:
                    continue
                tried += 1
                check_refused(m, built, str(built))
    assert tried > 50


# The audited cases, spelt out.
def test_gold_mine_start_point_is_read_only_as_written() -> None:
    m = Match("gold_mine", [Seat("A"), Seat("B")], 5)
    legal = [str(a) for a in m.legal_actions()]
    assert legal[0] == "start:0,6"
    for text in ("start:0,+6", "start:0,\u0666", "start:0,06", "start:-0,6", "start:00,6",
                 "start:0,6.0", "start:0,\uff16"):
        with pytest.raises(IllegalAction, match="does not name a hex"):
            m.apply(text)
    assert m.actions == []
    m.apply("start:0,6")
    assert m.actions == ["start:0,6"]


def test_gold_mine_die_tokens_are_read_whole() -> None:
    m = Match("gold_mine", [Seat("A"), Seat("B")], 5)
    while m.state.phase == "start":   # type: ignore[attr-defined]
        m.apply(m.legal_actions()[0])
    action = m.legal_actions()[0]
    # A regular expression's `$` also matches before a final line break: a die token must not.
    odd = Action(action.kind, (action.args[0] + "\n",) + action.args[1:])
    with pytest.raises(IllegalAction, match="is not a die"):
        m.state.apply(odd)


def test_big_dig_card_and_square_are_read_only_as_written() -> None:
    m = Match("big_dig", [Seat("A"), Seat("B")], 5)
    while not any(a.kind == "explode" for a in m.legal_actions()):
        m.apply(m.legal_actions()[0])
    explode = next(a for a in m.legal_actions() if a.kind == "explode")
    card, square = explode.args
    x, _, y = square.partition(".")
    for args, what in (((f"0{card}", square), "is not a card"),
                       ((f"+{card}", square), "is not a card"),
                       ((card, f"0{x}.{y}"), "is not a square"),
                       ((card, f"{x}.0{y}"), "is not a square"),
                       ((card, f"{square}.0"), "is not a square"),
                       ((card, f"{x}.\u0660{y}"), "is not a square")):
        with pytest.raises(IllegalAction, match=what):
            m.apply(Action("explode", args))
    dig = next(a for a in m.legal_actions() if a.kind == "dig")
    with pytest.raises(IllegalAction, match="is not a card"):
        m.apply(Action("dig", ("0" + dig.args[0],) + dig.args[1:]))


@pytest.mark.parametrize("game", ["gold_mine", "big_dig"])
def test_a_long_move_is_quoted_cut(game: str) -> None:
    """A move of thousands of characters is refused with a message that quotes it cut short."""
    m = Match(game, [Seat("A"), Seat("B")], 9)
    legal = str(m.legal_actions()[0])
    kind = legal.partition(":")[0]
    for text in (legal + "," + "1" * 5000, f"{kind}:" + "9" * 5000, "x" * 5000,
                 f"{kind}:" + "a" * 3000):
        with pytest.raises(IllegalAction) as caught:
            m.apply(text)
        assert len(str(caught.value)) < 400, (game, str(caught.value)[:120])


def test_move_number_reads_only_what_str_writes() -> None:
    for n in (0, 1, 9, 10, 99, 123456):
        assert move_number(str(n)) == n
        assert move_number(str(-n), signed=True) == -n
    for text in ("", "-", "+1", "01", "00", "-0", "-01", " 1", "1 ", "1_0", "1.0", "\u0661",
                 "\uff11", "\u00b2", "1234567", "0x1", "-1"):
        assert move_number(text) is None, text
    for text in ("-0", "--1", "+1", "-01", "- 1"):
        assert move_number(text, signed=True) is None, text
    assert move_number("1000", digits=3) is None


def test_quoted_cuts_a_long_move_cleanly() -> None:
    assert quoted("start:0,6") == "'start:0,6'"
    long = quoted("dig:" + "1" * 5000)
    assert len(long) == QUOTE_LIMIT + 2 and long.endswith("\u2026'")
    assert quoted("a\nb\x1b[31m") == "'a b [31m'"
