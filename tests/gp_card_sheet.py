"""The Grim Prospects contact sheet: every card face and the back at the three table sizes, at
1:1 on the table's felt, so a person can judge them as they will be seen at 1280x720.

    SDL_VIDEODRIVER=dummy python tests/gp_card_sheet.py out.png

`tests/test_gp_cards.py` draws it too (and fails on any word that does not fit its place).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import gp_cards, theme  # noqa: E402

WIDTH = 1290


def contact_sheet() -> pygame.Surface:
    """All 20 faces and the back at CHOOSER, HAND and SMALL size, one section per size."""
    if not pygame.get_init():
        pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    ids = [c.id for c in gp_cards.kinds().values()] + [None]
    sections = []
    for size in (gp_cards.CHOOSER, gp_cards.HAND, gp_cards.SMALL):
        gap = 10 if size[0] > 100 else 8
        per_row = (WIDTH - 20 + gap) // (size[0] + gap)
        rows = (len(ids) + per_row - 1) // per_row
        sections.append((size, gap, per_row, rows))
    height = 10 + sum(30 + rows * (size[1] + gap) for size, gap, _, rows in sections)
    sheet = pygame.Surface((WIDTH, height))
    sheet.fill(theme.FELT)
    y = 10
    for size, gap, per_row, rows in sections:
        theme.text(sheet, f"{size[0]} x {size[1]}", (12, y + 4), 16, theme.GOLD, bold=True)
        y += 30
        for i, cid in enumerate(ids):
            x = 10 + (i % per_row) * (size[0] + gap)
            yy = y + (i // per_row) * (size[1] + gap)
            gp_cards.draw_card(sheet, cid, (x, yy, *size))
        y += rows * (size[1] + gap)
    return sheet


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "gp_cards_sheet.png"
    pygame.image.save(contact_sheet(), out)
    print(out)
