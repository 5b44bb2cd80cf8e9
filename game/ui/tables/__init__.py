"""One table scene per game; `table_for(match)` picks the right one."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.match import Match
    from game.ui.tables.base import TableScene


def table_for(match: "Match") -> "TableScene":
    """The table scene that plays `match`."""
    if match.game == "ya_blew_it":
        from game.ui.tables.ya_blew_it import YaBlewItTable

        return YaBlewItTable(match)
    if match.game == "gold_mine":
        from game.ui.tables.gold_mine import GoldMineTable

        return GoldMineTable(match)
    if match.game == "big_dig":
        from game.ui.tables.big_dig import BigDigTable

        return BigDigTable(match)
    if match.game == "grim_prospects":
        from game.ui.tables.grim_prospects import GrimProspectsTable

        return GrimProspectsTable(match)
    if match.game == "diamond_in_the_rough":
        from game.ui.tables.diamond_in_the_rough import DiamondTable

        return DiamondTable(match)
    raise KeyError(f"no table for {match.game}")
