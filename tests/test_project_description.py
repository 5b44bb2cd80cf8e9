"""The package's description (what pip and the package index show) says what is there: every
playable game by name, and no count of games that the registry does not have."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from game.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def test_the_description_names_the_playable_games_and_no_others() -> None:
    description = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["description"]
    for info in GAMES.values():
        assert info.title in description, f"{info.title} is playable but not in the description"
    for word, n in COUNTS.items():
        if re.search(rf"\b{word}\b", description, re.I):
            assert n == len(GAMES), f"the description says {word} games; {len(GAMES)} are playable"
    named = [part.strip(" .") for part in re.split(r"[:,]| and ", description.split(":")[-1])]
    titles = {info.title for info in GAMES.values()}
    assert set(p for p in named if p) <= titles, f"games named that are not playable: {set(named) - titles}"
