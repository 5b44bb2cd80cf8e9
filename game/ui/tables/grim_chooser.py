"""The Grim Prospects prospect chooser: keep one of the cards you look at, order the others.

Prospecting shows the top three cards of the Mine (four with the Jeweler's Lens). The player
keeps one and puts the others back on top of the Mine in an order of their choosing. The chooser
lays the cards out in one row: the kept card is lifted with a gold "KEEP" ribbon, the others
read left to right as they will go back, the leftmost on top.

Mouse: click a card to keep it; drag a card sideways to move it in the order. Keys: 1-4 keep
the card in that place; ←/→ move the focus; Shift+←/→ (or , and .) move the focused card; ↑ or K
keeps the focused card; Enter confirms. The chooser builds the `keep:<kept>,<top>,<next>...`
action; whether it is legal is the rules' business (`why_not`), never the chooser's.

Pure layout and state here; the table draws it (card faces through `gp_cards`) and sends the
action to the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.contract import Action

CARD = (150, 210)
GAP = 26
PANEL = pygame.Rect(92, 50, 824, 354)   # over the other players and the middle: your hand shows
ROW_Y = PANEL.y + 44          # the top of the cards (the kept one stands higher)
LIFT = 18                     # the kept card stands this much higher
DRAG_START = 6                # pixels the mouse must move before a press becomes a drag


@dataclass
class Chooser:
    """The prospector's choice being assembled: `order` left to right, `keep` one of them."""

    cards: tuple[int, ...]                  # as they came off the Mine, the top first
    order: list[int] = field(default_factory=list)
    keep: int | None = None
    focus: int = 0
    # A press on a card: (card, x where pressed, grab offset, now dragging).
    press: tuple[int, int, int, bool] | None = None
    drag_x: int = 0

    def __post_init__(self) -> None:
        if not self.order:
            self.order = list(self.cards)

    # ------------------------------------------------------------------ what it makes
    def returned(self) -> list[int]:
        """The cards going back, the first on top of the Mine."""
        return [c for c in self.order if c != self.keep]

    def action(self) -> Action | None:
        """The keep action, or None while no card is kept."""
        if self.keep is None:
            return None
        return Action("keep", tuple(str(c) for c in [self.keep, *self.returned()]))

    # ------------------------------------------------------------------ changes
    def keep_card(self, cid: int) -> None:
        """Keep `cid`; the keys' focus goes to the first card going back, the one Shift+arrows
        order next (on the kept card they changed nothing that goes back)."""
        if cid in self.order:
            self.keep = cid
            back = self.returned()
            self.focus = self.order.index(back[0]) if back else self.order.index(cid)

    def keep_slot(self, i: int) -> bool:
        if 0 <= i < len(self.order):
            self.keep_card(self.order[i])
            return True
        return False

    def move_focus(self, delta: int) -> None:
        if self.order:
            self.focus = (self.focus + delta) % len(self.order)

    def shift(self, delta: int) -> bool:
        """Move the focused card one place left (-1) or right (+1); the focus goes with it. A card
        going back trades places with the next card going back that way, over the kept one: each
        press changes the order they go back in."""
        i = self.focus
        if not 0 <= i < len(self.order):
            return False
        j = i + delta
        if self.keep is not None and self.order[i] != self.keep:
            while 0 <= j < len(self.order) and self.order[j] == self.keep:
                j += delta
        if not 0 <= j < len(self.order):
            return False
        self.order[i], self.order[j] = self.order[j], self.order[i]
        self.focus = j
        return True

    def place_at(self, cid: int, index: int) -> None:
        """Put `cid` at place `index` of the row (the others close up)."""
        if cid not in self.order:
            return
        self.order.remove(cid)
        index = max(0, min(len(self.order), index))
        self.order.insert(index, cid)
        self.focus = index

    # ------------------------------------------------------------------ where things are
    def slot_rect(self, i: int, count: int | None = None) -> pygame.Rect:
        n = len(self.order) if count is None else count
        total = n * CARD[0] + (n - 1) * GAP
        x = PANEL.centerx - total // 2 + i * (CARD[0] + GAP)
        return pygame.Rect(x, ROW_Y + LIFT, *CARD)

    def card_rect(self, cid: int) -> pygame.Rect:
        """Where `cid` is drawn now (lifted when kept; under the mouse while dragged)."""
        i = self.order.index(cid)
        r = self.slot_rect(i)
        if cid == self.keep:
            r = r.move(0, -LIFT)
        if self.press is not None and self.press[0] == cid and self.press[3]:
            r.x = self.drag_x - self.press[2]
            r.y -= 8
        return r

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for cid in reversed(self.order):
            if self.card_rect(cid).collidepoint(pos):
                return cid
        return None

    def slot_for_x(self, x: int) -> int:
        """The place in the row whose middle is nearest `x`."""
        centres = [self.slot_rect(i).centerx for i in range(len(self.order))]
        return min(range(len(centres)), key=lambda i: abs(centres[i] - x))

    def label(self, cid: int) -> str:
        """The words under a card: KEEP, or where it goes back."""
        if cid == self.keep:
            return "KEEP"
        back = self.returned()
        i = back.index(cid)
        if i == 0:
            return "back on top"
        return f"back {ordinal(i + 1)}"

    # ------------------------------------------------------------------ the mouse
    def mouse_down(self, pos: tuple[int, int]) -> bool:
        cid = self.card_at(pos)
        if cid is None:
            return False
        r = self.card_rect(cid)
        self.press = (cid, pos[0], pos[0] - r.x, False)
        self.drag_x = pos[0]
        return True

    def mouse_move(self, pos: tuple[int, int]) -> None:
        if self.press is None:
            return
        cid, x0, grab, dragging = self.press
        if not dragging and abs(pos[0] - x0) >= DRAG_START:
            self.press = (cid, x0, grab, True)
        self.drag_x = pos[0]

    def mouse_up(self, pos: tuple[int, int]) -> str:
        """'' (nothing pressed), 'keep' (a click kept a card) or 'moved' (a drag reordered)."""
        if self.press is None:
            return ""
        cid, _, grab, dragging = self.press
        self.press = None
        if not dragging:
            self.keep_card(cid)
            return "keep"
        centre = pos[0] - grab + CARD[0] // 2
        self.place_at(cid, self.slot_for_x(centre))
        return "moved"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th (a prospect returns at most three cards)."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th')}"
