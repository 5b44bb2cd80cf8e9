"""The Diamond in the Rough contact sheet: every card face and the back at the table's sizes, at
1:1 on the table's felt, with the resource icons and their "no ..." markers, so a person can judge
them as they will be seen at 1280x720.

    SDL_VIDEODRIVER=dummy python tests/dr_card_sheet.py out.png

`tests/test_table_diamond.py` draws it too (and fails on any word that does not fit its place).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import dr_cards, theme  # noqa: E402

WIDTH = 1290


def contact_sheet() -> pygame.Surface:
    """One card of each kind (and the back) at every table size, then every card at the table
    size, then the icons plain and crossed."""
    if not pygame.get_init():
        pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    one_each = [dr_cards.RESOURCE_FIRST[k] + 2 for k in dr_cards.RESOURCE_KINDS] + [41, 97, None]
    sections: list[tuple[str, tuple[int, int], list[int | None]]] = [
        (f"{s[0]} x {s[1]}", s, one_each) for s in dr_cards.SIZES]
    sections.append(("every card", dr_cards.TABLE, [*dr_cards.all_cards(4), None]))
    heights = []
    for _, size, ids in sections:
        per_row = (WIDTH - 20) // (size[0] + 8)
        rows = (len(ids) + per_row - 1) // per_row
        heights.append(30 + rows * (size[1] + 8))
    sheet = pygame.Surface((WIDTH, 20 + sum(heights) + 90))
    sheet.fill(theme.FELT)
    y = 10
    for (title, size, ids), hgt in zip(sections, heights):
        theme.text(sheet, title, (12, y + 4), 16, theme.GOLD, bold=True)
        per_row = (WIDTH - 20) // (size[0] + 8)
        for i, cid in enumerate(ids):
            x = 10 + (i % per_row) * (size[0] + 8)
            yy = y + 30 + (i // per_row) * (size[1] + 8)
            dr_cards.draw_card(sheet, cid, (x, yy, *size))
        y += hgt
    theme.text(sheet, "icons", (12, y + 4), 16, theme.GOLD, bold=True)
    x = 10
    for kind in dr_cards.KINDS:
        for size in (40, 22):
            for crossed in (False, True):
                sheet.blit(dr_cards.resource_icon(kind, size, crossed), (x, y + 34))
                x += size + 8
        x += 12
    return sheet


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "dr_cards_sheet.png"
    pygame.image.save(contact_sheet(), out)
    print(out)
