"""A game's rules, from its Markdown page, as a scrollable page with a table of contents.

The Markdown supported is what the rules pages use: `#` headings, paragraphs, `-`/`*`/`1.` lists
(nested by indentation), `|` tables with alignment, fenced code, `>` quotes, `---` rules, and inline
**bold**, *italic*, `code` and [links](...). The page is laid out once into positioned runs of text
and boxes; each frame draws only those that are on screen.

A link to another page of the rules folder (`gold_mine_map.md`, `big_dig_map.md#limits`) or to a
heading of the same page (`#limits`) is drawn underlined and opens on a click; any other link (a web
address) is shown as its plain text, since the game opens no browser.

The pages are written for players and for developers at once. Notes for developers (which test
pins a reading, where the data lives, the command that measured a figure) start a line with
`Test:`, `Tests:` or `Developers:`; such a note runs to the end of its paragraph (or list item),
and the in-game page leaves it out (`for_players`). A whole section for developers (measurements
with bots the game does not offer, say) has `<!-- developers: this section -->` on the line under
its heading, and is left out with its subsections. HTML comments are left out too.
"""

from __future__ import annotations

import bisect
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

from game import paths
from game.core.contract import GameInfo
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import dim, fit_text
from game.ui.widgets import Button, FocusRing

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]


# ============================================================================ parsing
@dataclass(frozen=True)
class Block:
    """One block of the page. `kind`: h, p, li, table, code, quote, hr."""

    kind: str
    text: str = ""
    level: int = 0          # heading level, or list depth
    marker: str = ""        # list marker: "•" or "3."
    rows: tuple[tuple[str, ...], ...] = ()
    aligns: tuple[str, ...] = ()


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_RULE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _cells(line: str) -> tuple[str, ...]:
    """The cells of a table row; `\\|` stays a literal bar."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    parts = re.split(r"(?<!\\)\|", line)
    return tuple(p.strip().replace("\\|", "|") for p in parts)


def _starts_block(lines: list[str], i: int) -> bool:
    line = lines[i]
    return bool(_HEADING.match(line) or _RULE.match(line) or _ITEM.match(line) or _FENCE.match(line)
                or line.lstrip().startswith(">") or _is_table_start(lines, i))


def _is_table_start(lines: list[str], i: int) -> bool:
    return ("|" in lines[i] and i + 1 < len(lines) and "-" in lines[i + 1]
            and bool(_TABLE_SEP.match(lines[i + 1])))


_DEV_NOTE = re.compile(r"^\s*(?:[-*+]\s+)?(?:Tests?|Developers):")
_DEV_SECTION = re.compile(r"^\s*<!--\s*developers:\s*this section\s*-->\s*$", re.I)


def for_players(text: str) -> str:
    """A rules page without its notes for developers: from a line that starts with `Test:`,
    `Tests:` or `Developers:` to the end of that paragraph or list item, and each section marked
    `<!-- developers: this section -->` under its heading, to the next heading of its level or
    higher."""
    lines = text.splitlines()
    kept: list[str] = []
    note = False
    fence = ""           # the open code block's fence: only the same one closes it
    section = 0          # the level of the developers' section being left out (0: none)
    for i, line in enumerate(lines):
        opened = _FENCE.match(line)
        if opened and not fence:
            fence = opened.group(1)
        elif fence and line.strip().startswith(fence):
            fence = ""
        fenced = bool(fence) or bool(opened)
        heading = None if fenced else _HEADING.match(line)
        if section and heading and len(heading.group(1)) <= section:
            section = 0
        if heading and not section:
            after = next((later for later in lines[i + 1:] if later.strip()), "")
            if _DEV_SECTION.match(after):
                section = len(heading.group(1))
        if note and (not line.strip() or _starts_block(lines, i)):
            note = False
        if not fenced and not note and _DEV_NOTE.match(line):
            note = True
        if not note and not section:
            kept.append(line)
    return "\n".join(kept)


def parse_markdown(text: str) -> list[Block]:
    """The blocks of a Markdown page, in order."""
    # HTML comments are notes for the page's authors, not for players.
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    lines = text.replace("\t", "    ").splitlines()
    blocks: list[Block] = []
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if _FENCE.match(line):
            fence = _FENCE.match(line).group(1)  # type: ignore[union-attr]
            body: list[str] = []
            i += 1
            while i < n and not lines[i].strip().startswith(fence):
                body.append(lines[i])
                i += 1
            blocks.append(Block("code", "\n".join(body)))
            i += 1
            continue
        m = _HEADING.match(line)
        if m:
            blocks.append(Block("h", m.group(2), level=len(m.group(1))))
            i += 1
            continue
        if _RULE.match(line):
            blocks.append(Block("hr"))
            i += 1
            continue
        if _is_table_start(lines, i):
            header = _cells(line)
            aligns = []
            for cell in _cells(lines[i + 1]):
                left, right = cell.startswith(":"), cell.endswith(":")
                aligns.append("center" if left and right else "right" if right else "left")
            rows = [header]
            i += 2
            while i < n and lines[i].strip() and "|" in lines[i]:
                rows.append(_cells(lines[i]))
                i += 1
            width = len(header)
            rows = [tuple((list(r) + [""] * width)[:width]) for r in rows]
            aligns = (aligns + ["left"] * width)[:width]
            blocks.append(Block("table", rows=tuple(rows), aligns=tuple(aligns)))
            continue
        m = _ITEM.match(line)
        if m:
            indent, marker, body_text = len(m.group(1)), m.group(2), m.group(3)
            i += 1
            # Lines indented under an item continue it (a lazy continuation).
            while i < n and lines[i].strip() and not _ITEM.match(lines[i]) and not _starts_block(lines, i) \
                    and lines[i].startswith(" "):
                body_text += " " + lines[i].strip()
                i += 1
            shown = "•" if marker in "-*+" else marker.rstrip(")").rstrip(".") + "."
            blocks.append(Block("li", body_text, level=indent // 2, marker=shown))
            continue
        if line.lstrip().startswith(">"):
            quote: list[str] = []
            while i < n and lines[i].lstrip().startswith(">"):
                quote.append(lines[i].lstrip()[1:].strip())
                i += 1
            blocks.append(Block("quote", " ".join(q for q in quote if q)))
            continue
        para = [line.strip()]
        i += 1
        while i < n and lines[i].strip() and not _starts_block(lines, i):
            para.append(lines[i].strip())
            i += 1
        blocks.append(Block("p", " ".join(para)))
    return blocks


_INLINE = re.compile(
    r"(?P<esc>\\[\\`*_\[\]()#+\-.!|])"
    r"|`(?P<code>[^`]+)`"
    r"|\*\*(?P<b1>.+?)\*\*|__(?P<b2>.+?)__"
    r"|\*(?P<i1>[^*\s](?:[^*]*?[^*\s])?)\*|(?<![\w])_(?P<i2>[^_\s](?:[^_]*?[^_\s])?)_(?![\w])"
    r"|\[(?P<link>[^\]]+)\]\((?P<href>[^)]*)\)"
)
_PAGE_LINK = re.compile(r"^(?P<page>[\w-]+\.md)?(?:#(?P<anchor>[\w-]+))?$")


def page_link(href: str) -> str:
    """`href` if the in-game page can follow it (a page of the rules folder, a heading), else ""."""
    href = href.strip()
    return href if href and _PAGE_LINK.match(href) else ""


def parse_inline(text: str, base: str = "", href: str = "") -> list[tuple[str, str, str]]:
    """`text` as (piece, style, link) triples; style is a string of flags: b(old), i(talic),
    c(ode), l(ink); link is the target of a link the page can follow (`page_link`), else ""."""
    out: list[tuple[str, str, str]] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], base, href))
        if m.group("esc"):
            out.append((m.group("esc")[1], base, href))
        elif m.group("code") is not None:
            out.append((m.group("code"), base + "c", href))
        elif m.group("b1") is not None or m.group("b2") is not None:
            out += parse_inline(m.group("b1") or m.group("b2"), base + "b", href)
        elif m.group("i1") is not None or m.group("i2") is not None:
            out += parse_inline(m.group("i1") or m.group("i2"), base + "i", href)
        elif m.group("link") is not None:
            target = page_link(m.group("href"))
            out += parse_inline(m.group("link"), base + ("l" if target else ""), target or href)
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], base, href))
    return [(t, s, h) for t, s, h in out if t]


def plain(text: str) -> str:
    """Inline Markdown with its markers removed."""
    return "".join(t for t, _, _ in parse_inline(text))


def slug(heading: str) -> str:
    """A heading's anchor, as Markdown viewers make it: "Limits of a map" -> "limits-of-a-map"."""
    kept = "".join(c for c in heading.lower() if c.isalnum() or c in " -_")
    return kept.strip().replace(" ", "-")


# ============================================================================ layout
@dataclass(frozen=True)
class Look:
    """How a run of text is drawn."""

    size: int
    colour: Colour
    bold: bool = False
    title: bool = False
    link: str = ""          # where a click takes the reader (`page_link`), drawn underlined

    def font(self) -> pygame.font.Font:
        return theme.font(self.size, self.bold, self.title)


@dataclass(frozen=True)
class Run:
    """A piece of text at a position on the page."""

    x: int
    y: int
    text: str
    look: Look


@dataclass(frozen=True)
class Box:
    """A filled (or, with `width`, outlined) rectangle on the page: backgrounds, rules, bullets."""

    rect: pygame.Rect
    colour: Colour
    radius: int = 0
    width: int = 0


BODY = 19
BOLD_INK: Colour = (255, 240, 212)
ITALIC_INK: Colour = (228, 208, 164)
CODE_INK: Colour = (248, 200, 120)
LINK_INK: Colour = (240, 204, 120)
CODE_BG: Colour = (56, 46, 40)


def _look_for(style: str, base: Look, link: str = "") -> Look:
    if "c" in style:
        return Look(base.size - 1, CODE_INK, False, False, link)
    colour = base.colour
    if "l" in style:
        colour = LINK_INK
    elif "b" in style and base.colour == theme.INK:
        colour = BOLD_INK
    elif "i" in style and base.colour == theme.INK:
        colour = ITALIC_INK
    return Look(base.size, colour, base.bold or "b" in style, base.title, link)


class Page:
    """A laid-out page: runs and boxes at absolute positions, the headings, the total height."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.items: list[tuple[int, int, Run | Box]] = []   # (top, height, item)
        self.headings: list[tuple[int, str, int]] = []        # (level, text, y)
        self.links: list[tuple[pygame.Rect, str]] = []          # (where on the page, target)
        self.y = 0

    def add(self, top: int, height: int, item: Run | Box) -> None:
        self.items.append((top, height, item))

    # ---------------------------------------------------------------- inline text
    def lines_of(self, pieces: list[tuple[str, str, str]], base: Look,
                 width: int) -> list[list[tuple[int, str, Look]]]:
        """Word-wrap styled pieces into lines of (x, text, look), merging neighbours of one look."""
        lines: list[list[tuple[int, str, Look]]] = [[]]
        x = 0
        for text, style, link in pieces:
            look = _look_for(style, base, link)
            font = look.font()
            for word in re.findall(r"\S+|\s+", text):
                if word.isspace():
                    if x > 0:
                        w = font.size(" ")[0]
                        lines[-1].append((x, " ", look))
                        x += w
                    continue
                w = font.size(word)[0]
                if x + w > width and x > 0:
                    # Drop the space that ended the line, then start a new one.
                    while lines[-1] and lines[-1][-1][1] == " ":
                        lines[-1].pop()
                    lines.append([])
                    x = 0
                while w > width and len(word) > 1:
                    # A word wider than the column (a long path in a narrow cell): break it.
                    cut = len(word)
                    while cut > 1 and font.size(word[:cut])[0] > width:
                        cut -= 1
                    lines[-1].append((x, word[:cut], look))
                    lines.append([])
                    word = word[cut:]
                    x = 0
                    w = font.size(word)[0]
                lines[-1].append((x, word, look))
                x += w
        merged: list[list[tuple[int, str, Look]]] = []
        for line in lines:
            while line and line[-1][1] == " ":
                line.pop()
            out: list[tuple[int, str, Look]] = []
            for x, text, look in line:
                if out and out[-1][2] == look:
                    out[-1] = (out[-1][0], out[-1][1] + text, look)
                else:
                    out.append((x, text, look))
            merged.append(out)
        return merged

    @staticmethod
    def line_width(line: list[tuple[int, str, Look]]) -> int:
        if not line:
            return 0
        x, text, look = line[-1]
        return x + look.font().size(text)[0]

    def place_lines(self, lines: list[list[tuple[int, str, Look]]], x: int, y: int, line_h: int,
                    width: int = 0, align: str = "left") -> int:
        """Add wrapped lines at (x, y); returns the y under them."""
        for line in lines:
            shift = 0
            if align != "left" and width:
                spare = width - self.line_width(line)
                shift = spare if align == "right" else spare // 2
            for rx, text, look in line:
                h = look.font().get_linesize()
                top = y + (line_h - h) // 2
                if look.colour == CODE_INK:
                    w = look.font().size(text)[0]
                    self.add(top, h, Box(pygame.Rect(x + shift + rx - 3, top, w + 6, h), CODE_BG, 4))
                self.add(top, h, Run(x + shift + rx, top, text, look))
                if look.link:
                    w = look.font().size(text)[0]
                    under = pygame.Rect(x + shift + rx, top + h - 3, w, 1)
                    self.add(under.y, 1, Box(under, look.colour))
                    self.links.append((pygame.Rect(x + shift + rx, top, w, h), look.link))
            y += line_h
        return y

    def paragraph(self, text: str, look: Look, x: int, width: int, gap_after: int) -> None:
        lines = self.lines_of(parse_inline(text), look, width)
        line_h = int(look.size * 1.5)
        self.y = self.place_lines(lines, x, self.y, line_h) + gap_after

    # ---------------------------------------------------------------- blocks
    def heading(self, level: int, text: str) -> None:
        looks = {1: Look(40, theme.GOLD, title=True), 2: Look(30, theme.GOLD, title=True),
                 3: Look(23, BOLD_INK, bold=True)}
        look = looks.get(level, Look(20, theme.INK_DIM, bold=True))
        before = {1: 8, 2: 26, 3: 18}.get(level, 12)
        self.y += before if self.items else 0
        self.headings.append((level, plain(text), self.y))
        lines = self.lines_of([(plain(text), "", "")], look, self.width)
        self.y = self.place_lines(lines, 0, self.y, int(look.size * 1.3))
        if level <= 2:
            colour = theme.GOLD_DARK if level == 1 else (84, 70, 54)
            self.add(self.y + 4, 2, Box(pygame.Rect(0, self.y + 4, self.width, 2), colour))
            self.y += 16
        else:
            self.y += 6

    def item(self, block: Block) -> None:
        indent = 12 + 28 * min(block.level, 4)
        look = Look(BODY, theme.INK)
        line_h = int(BODY * 1.5)
        if block.marker == "•":
            cy = self.y + line_h // 2
            r = 4 if block.level == 0 else 3
            self.add(cy - r, 2 * r, Box(pygame.Rect(indent, cy - r, 2 * r, 2 * r), theme.GOLD, r))
        else:
            self.add(self.y, line_h, Run(indent - 6, self.y + (line_h - look.font().get_linesize()) // 2,
                                         block.marker, Look(BODY, theme.GOLD, bold=True)))
        text_x = indent + 24
        lines = self.lines_of(parse_inline(block.text), look, self.width - text_x)
        self.y = self.place_lines(lines, text_x, self.y, line_h) + 6

    def table(self, block: Block) -> None:
        cols = len(block.aligns)
        pieces = [[parse_inline(cell) for cell in row] for row in block.rows]

        def natural(r: int, c: int) -> tuple[int, int]:
            look = head if r == 0 else body
            lines = self.lines_of(pieces[r][c], look, 10 ** 6)
            full = self.line_width(lines[0]) if lines else 0
            longest = max((look.font().size(w)[0] for t, _, _ in pieces[r][c] for w in t.split()), default=0)
            return full + 2 * pad + 2, min(longest, 180) + 2 * pad + 2

        # A wide table (many columns of numbers, which cannot wrap) first gives up padding, then
        # type size, until its narrowest columns fit the page.
        for pad, size in ((12, 17), (8, 17), (8, 15), (6, 14), (5, 13)):
            body, head = Look(size, theme.INK), Look(size, theme.GOLD, bold=True)
            sizes = [[natural(r, c) for c in range(cols)] for r in range(len(pieces))]
            nat = [max(s[c][0] for s in sizes) for c in range(cols)]
            low = [max(s[c][1] for s in sizes) for c in range(cols)]
            if sum(low) <= self.width:
                break
        widths = column_widths(nat, low, self.width)
        table_w = sum(widths)
        top = self.y + 4
        y = top
        for r, row in enumerate(pieces):
            look = head if r == 0 else body
            line_h = int(look.size * 1.45)
            laid = [self.lines_of(row[c], look, widths[c] - 2 * pad) for c in range(cols)]
            row_h = max(len(lines) for lines in laid) * line_h + 2 * 8
            fill = (66, 54, 40) if r == 0 else ((42, 38, 36) if r % 2 else (35, 32, 31))
            self.add(y, row_h, Box(pygame.Rect(0, y, table_w, row_h), fill))
            x = 0
            for c in range(cols):
                self.place_lines(laid[c], x + pad, y + 8, line_h, widths[c] - 2 * pad, block.aligns[c])
                if c:
                    self.add(y, row_h, Box(pygame.Rect(x, y, 1, row_h), (78, 66, 54)))
                x += widths[c]
            y += row_h
        self.add(top, y - top, Box(pygame.Rect(0, top, table_w, y - top), (96, 80, 60), 4, 1))
        self.y = y + 16

    def code(self, text: str) -> None:
        """A fenced block. A picture drawn in characters (lines of one length, no spaces: a board's
        squares) is set on a grid, one cell a character, so its columns line up as they do in a
        fixed-width font; other lines keep their indentation, and a line too long for the page
        goes on under itself, indented, rather than being cut."""
        look = Look(16, CODE_INK)
        font = look.font()
        line_h = 24
        lines = text.split("\n")
        filled = [line for line in lines if line.strip()]
        grid = (len(filled) > 1 and len({len(line) for line in filled}) == 1
                and not any(" " in line for line in filled))
        placed: list[tuple[int, int, str]] = []   # (row, x, text)
        if grid:
            cell = max(font.size(c)[0] for line in filled for c in line)
            for row, line in enumerate(lines):
                for i, c in enumerate(line):
                    placed.append((row, 14 + i * cell + (cell - font.size(c)[0]) // 2, c))
            rows = len(lines)
        else:
            space = font.size(" ")[0]
            rows = 0
            for line in lines:
                indent = len(line) - len(line.lstrip(" "))
                room = self.width - 28 - indent * space
                parts = theme.wrap(line.strip(), room, 16) if line.strip() else [""]
                for k, part in enumerate(parts):
                    hang = 2 * space if k else 0     # (a continued line sits under the first)
                    if part:
                        placed.append((rows, 14 + indent * space + hang,
                                       fit_text(part, room - hang, 16)))
                    rows += 1
        box = pygame.Rect(0, self.y, self.width, rows * line_h + 20)
        self.add(box.y, box.h, Box(box, (26, 24, 24), 8))
        for row, x, shown in placed:
            y = self.y + 10 + row * line_h
            self.add(y, line_h, Run(x, y, shown, look))
        self.y = box.bottom + 14

    def quote(self, text: str) -> None:
        start = self.y
        self.paragraph(text, Look(BODY, ITALIC_INK), 22, self.width - 22, 0)
        bar = pygame.Rect(4, start + 2, 4, self.y - start - 4)
        self.add(start, self.y - start, Box(bar, theme.GOLD_DARK, 2))
        self.y += 12

    def finish(self) -> None:
        self.items.sort(key=lambda it: it[0])


def column_widths(natural: list[int], least: list[int], width: int) -> list[int]:
    """Table column widths within `width`: narrow columns keep their natural width, and the
    columns that want more share what is left (never below their longest word)."""
    if sum(natural) <= width:
        return list(natural)
    widths = [0] * len(natural)
    left = list(range(len(natural)))
    room = width
    while left:
        share = room / len(left)
        fits = [c for c in left if natural[c] <= share]
        if not fits:
            # Shares in proportion to what each wants; a column whose share is under its longest
            # word gets that, and the others share the rest again (the sum stays within `width`
            # whenever the longest words fit at all).
            total = sum(natural[c] for c in left) or 1
            under = [c for c in left if room * natural[c] / total < least[c]]
            if not under:
                for c in left:
                    widths[c] = int(room * natural[c] / total)
                break
            for c in under:
                widths[c] = least[c]
                room -= least[c]
                left.remove(c)
            continue
        for c in fits:
            widths[c] = natural[c]
            room -= natural[c]
            left.remove(c)
    # A narrow column given all it wants may have left a later one less than its longest word:
    # the others give back what they have above theirs, in proportion, until the sum fits.
    excess = sum(widths) - width
    spare = [w - low for w, low in zip(widths, least)]
    if excess > 0 and sum(spare) > 0:
        total = sum(spare)
        cut = [min(s, -(-excess * s // total)) for s in spare]   # (rounded up)
        widths = [w - c for w, c in zip(widths, cut)]
    return widths


def layout(blocks: list[Block], width: int) -> Page:
    """Lay `blocks` out in a column `width` pixels wide."""
    page = Page(width)
    previous = ""
    for block in blocks:
        if previous == "li" and block.kind != "li":
            page.y += 8
        if block.kind == "h":
            page.heading(block.level, block.text)
        elif block.kind == "p":
            page.paragraph(block.text, Look(BODY, theme.INK), 0, width, 14)
        elif block.kind == "li":
            page.item(block)
        elif block.kind == "table":
            page.table(block)
        elif block.kind == "code":
            page.code(block.text)
        elif block.kind == "quote":
            page.quote(block.text)
        elif block.kind == "hr":
            line = pygame.Rect(width // 6, page.y + 10, width * 2 // 3, 2)
            page.add(line.y, 2, Box(line, (84, 70, 54)))
            page.y += 28
        previous = block.kind
    page.finish()
    return page


# ============================================================================ the scene
PAGE_BG: Colour = (32, 29, 29)


@lru_cache(maxsize=4)
def _fade(width: int, top: bool) -> pygame.Surface:
    """A strip that fades the page into its frame at the top or bottom edge."""
    strip = pygame.Surface((width, 24), pygame.SRCALPHA)
    for i in range(24):
        a = int(255 * (1 - i / 24) ** 1.5)
        strip.fill((*PAGE_BG, a), (0, i if top else 23 - i, width, 1))
    return strip


class RulesScene(Scene):
    """The rules of `info`'s game as a scrollable page; an overlay, so it also opens over a table."""

    overlay = True
    LINE = 44

    def __init__(self, info: GameInfo, *, path: Path | None = None, anchor: str = "") -> None:
        super().__init__()
        self.info = info
        self.path = path or paths.rules_doc(info.rules_doc)
        self.title = info.title      # (another page of the folder, opened by a link: its own title)
        self.panel = pygame.Rect(30, 24, theme.WIDTH - 60, theme.HEIGHT - 48)
        p = self.panel
        self.view = pygame.Rect(p.x + 300, p.y + 92, p.w - 340, p.h - 112)
        self.scroll = 0.0
        self.target = 0.0
        self.dragging: float | None = None
        self.error = ""
        self.page = Page(self.view.w)
        self.toc: list[tuple[str, int]] = []
        self._tops: list[int] = []
        self._tallest = 0
        self._load()
        self.close_button = Button((p.right - 156, p.y + 20, 136, 48), "Close", self.close, pygame.K_ESCAPE,
                                   primary=True)
        self.ring = FocusRing([self.close_button])
        # The keyboard's link: Tab goes from Close through the page's links in reading order, and
        # Enter follows the one it is on (index into `link_groups`; None: no link has focus).
        self.link_focus: int | None = None
        if anchor and self.go_to(anchor):
            self.scroll = self.target     # (opens there, without scrolling down from the top)

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            log.warning("rules page %s not readable: %s", self.path, exc)
            reason = getattr(exc, "strerror", None) or str(exc)
            self.error = reason
            return
        self.page = layout(parse_markdown(for_players(text)), self.view.w)
        if self.path.name != self.info.rules_doc:
            title = next((t for lvl, t, _ in self.page.headings if lvl == 1), self.title)
            self.title = title.partition(":")[0]   # "Gold Mine maps: making your own ..." -> its name
        levels = [lvl for lvl, _, _ in self.page.headings]
        # The contents list: the main sections (## under a single # title, or the top level).
        top = 2 if levels.count(1) <= 1 and 2 in levels else min(levels, default=1)
        self.toc = [(text, y) for lvl, text, y in self.page.headings if lvl == top]
        self._tops = [it[0] for it in self.page.items]
        self._tallest = max((it[1] for it in self.page.items), default=0)

    # ---------------------------------------------------------------- scrolling
    @property
    def max_scroll(self) -> float:
        return max(0.0, self.page.y - self.view.h + 20)

    def scroll_to(self, y: float) -> None:
        self.target = max(0.0, min(self.max_scroll, y))
        if self.app is not None and self.app.settings.speed == 0:
            self.scroll = self.target

    def scroll_by(self, dy: float) -> None:
        self.scroll_to(self.target + dy)

    def section_index(self) -> int:
        """The contents entry the reader is in now (-1 above the first): the last whose heading
        is in the top third of the view, or above it (a heading just below the top is where the
        reader's eyes are, not the last lines of the section before); at the page's foot, the
        last heading in view (a short last section never reaches the top)."""
        line = self.target + min(self.view.h // 3, 160)
        if self.max_scroll and self.target >= self.max_scroll - 1:
            line = self.target + self.view.h
        current = -1
        for i, (_, y) in enumerate(self.toc):
            if y <= line:
                current = i
        return current

    def jump_section(self, delta: int) -> None:
        """To the next (`delta` 1) or the previous (-1) section's heading. Headings that all lie
        in the page's last screen cannot each come to the top: those the view would not move
        for are passed over."""
        if not self.toc:
            return
        i = self.section_index() + delta
        while 0 <= i + delta < len(self.toc) and self._top_for(i) == self.target:
            i += delta
        if i < 0:   # before the first heading: to the page's top (not down to that heading)
            self.scroll_to(0.0)
            return
        i = min(len(self.toc) - 1, i)
        self.scroll_to(self.toc[i][1] - 6)

    def _top_for(self, i: int) -> float:
        """Where the view's top goes to show section i's heading at the top (as far as it can)."""
        return max(0.0, min(self.max_scroll, self.toc[i][1] - 6))

    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    # ---------------------------------------------------------------- links
    @property
    def link_groups(self) -> list[tuple[str, list[pygame.Rect]]]:
        """The page's links in reading order, each with the rectangles of its words (a link
        broken over two lines has two)."""
        groups: list[tuple[str, list[pygame.Rect]]] = []
        for rect, target in self.page.links:
            if groups and groups[-1][0] == target and rect.y - groups[-1][1][-1].y <= 40:
                groups[-1][1].append(rect)
            else:
                groups.append((target, [rect]))
        return groups

    def _tab(self, back: bool) -> None:
        """Tab / Shift+Tab: Close, then each link of the page in turn (scrolled into view)."""
        count = len(self.link_groups)
        stops = [-1, *range(count)]              # -1: the Close button
        now = self.link_focus if self.link_focus is not None else (-1 if self.ring.index == 0 else None)
        if now is None:
            nxt = stops[-1] if back else stops[0]
        else:
            nxt = stops[(stops.index(now) + (-1 if back else 1)) % len(stops)]
        self.link_focus = None if nxt < 0 else nxt
        self.ring.index = 0 if nxt < 0 else -1
        self.ring.set([self.close_button])
        if nxt >= 0:
            self._show(self.link_groups[nxt][1])

    def _shown_whole(self, rects: list[pygame.Rect]) -> bool:
        top, bottom = min(r.top for r in rects), max(r.bottom for r in rects)
        return self.target <= top and bottom <= self.target + self.view.h - 24

    def _show(self, rects: list[pygame.Rect]) -> None:
        """Scroll a link into view, a third of the way down, unless it is in view already."""
        if not self._shown_whole(rects):
            self.scroll_to(min(r.top for r in rects) - self.view.h // 3)

    def link_at(self, pos: tuple[int, int]) -> str:
        """The target of the link under a point of the screen, if any."""
        if not self.view.collidepoint(pos):
            return ""
        x, y = pos[0] - self.view.x, pos[1] - self.view.y + int(self.scroll)
        return next((target for rect, target in self.page.links if rect.collidepoint(x, y)), "")

    def go_to(self, anchor: str) -> bool:
        """Scroll to the heading whose anchor is `anchor`; False if the page has none."""
        y = next((y for _, text, y in self.page.headings if slug(text) == anchor), None)
        if y is None:
            return False
        self.scroll_to(y - 6)
        return True

    def follow(self, target: str) -> None:
        """A link: a heading of this page scrolls there; another page of the rules folder opens
        over this one (Close comes back here). A page that cannot be read says so there."""
        page, _, anchor = target.partition("#")
        if not page or page == self.path.name:
            self.go_to(anchor)
            return
        if self.app is None:
            return
        path = self.path.with_name(page)
        # The page this one was opened from (the map guide's link back to the rules): go back to
        # it rather than open a second copy over this one.
        stack = self.app.stack
        below = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        if isinstance(below, RulesScene) and below.path == path:
            self.close()
            if anchor:
                below.go_to(anchor)
            return
        self.app.push(RulesScene(self.info, path=path, anchor=anchor))

    # ---------------------------------------------------------------- geometry
    def _toc_rects(self) -> list[pygame.Rect]:
        x, y = self.panel.x + 24, self.panel.y + 100
        return [pygame.Rect(x, y + i * 38, 250, 34) for i in range(len(self.toc))
                if y + i * 38 + 34 < self.panel.bottom - 60]

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.view.right + 14, self.view.y, 10, self.view.h)

    def _thumb(self) -> pygame.Rect:
        track = self._track()
        total = max(self.page.y, 1)
        h = max(40, int(track.h * min(1.0, self.view.h / total)))
        span = track.h - h
        frac = self.scroll / self.max_scroll if self.max_scroll else 0.0
        return pygame.Rect(track.x, track.y + int(span * frac), track.w, h)

    # ---------------------------------------------------------------- frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.link_groups:
            self._tab(bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.link_focus is not None and self.link_focus < len(self.link_groups)):
            target, rects = self.link_groups[self.link_focus]
            if self._shown_whole(rects):
                self.follow(target)
            else:   # (scrolled away from it since Tab: shown first, opened by the next Enter)
                self._show(rects)
            return True
        if self.ring.handle_event(event) or self.close_button.handle_event(event):
            return True
        page = self.view.h - 60
        if event.type == pygame.KEYDOWN:
            k = event.key
            back = bool(event.mod & pygame.KMOD_SHIFT)
            moves = {pygame.K_UP: -self.LINE, pygame.K_DOWN: self.LINE, pygame.K_PAGEUP: -page,
                     pygame.K_PAGEDOWN: page, pygame.K_SPACE: -page if back else page}
            if k in moves:
                self.scroll_by(moves[k])
            elif k == pygame.K_HOME:
                self.scroll_to(0)
            elif k == pygame.K_END:
                self.scroll_to(self.max_scroll)
            elif k == pygame.K_n:
                self.jump_section(1)
            elif k == pygame.K_p:
                self.jump_section(-1)
            elif k == pygame.K_BACKSPACE:
                self.close()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.LINE * 2)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, (_, y) in zip(self._toc_rects(), self.toc):
                if rect.collidepoint(event.pos):
                    self.scroll_to(y - 6)
                    return True
            target = self.link_at(event.pos)
            if target:
                self.follow(target)
                return True
            thumb, track = self._thumb(), self._track().inflate(16, 0)
            if thumb.inflate(16, 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
            elif track.collidepoint(event.pos):
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            track, thumb = self._track(), self._thumb()
            span = max(1, track.h - thumb.h)
            frac = (event.pos[1] - self.dragging - track.y) / span
            self.scroll_to(frac * self.max_scroll)
            self.scroll = self.target
        return True  # modal over the scene below

    def update(self, dt: float) -> None:
        # Ease towards the target so a page jump reads as movement, not a cut.
        diff = self.target - self.scroll
        if abs(diff) < 0.5:
            self.scroll = self.target
        else:
            self.scroll += diff * min(1.0, dt * 16)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        p = self.panel
        pygame.draw.rect(surface, (6, 6, 8), p.move(0, 8), border_radius=16)
        theme.panel(surface, p, PAGE_BG, theme.GOLD_DARK, 16, 3)
        theme.text(surface, "RULES", (p.x + 26, p.y + 18), 15, theme.GOLD, bold=True)
        theme.text(surface, self.title, (p.x + 24, p.y + 34), 36, theme.GOLD, title=True)
        sidebar = pygame.Rect(p.x + 12, p.y + 88, 276, p.h - 100)
        pygame.draw.rect(surface, (26, 24, 24), sidebar, border_radius=10)
        self.close_button.draw(surface)
        if self.error:
            self._draw_missing(surface)
            return
        current = self.section_index()
        for i, (rect, (text, _)) in enumerate(zip(self._toc_rects(), self.toc)):
            if i == current:
                pygame.draw.rect(surface, (62, 52, 40), rect, border_radius=6)
                pygame.draw.rect(surface, theme.GOLD, (rect.x, rect.y + 6, 3, rect.h - 12))
            colour = theme.INK if i == current else theme.INK_DIM
            for line, size, y in toc_lines(text, rect):
                theme.text(surface, line, (rect.x + 12, y), size, colour, anchor="midleft")
        hints = ["Wheel, arrows, PgUp/PgDn, Home/End", "N / P: next / previous section"]
        if self.link_groups:
            hints.append("Tab: the links, Enter opens one")
        for i, hint in enumerate(hints):
            theme.text(surface, hint, (sidebar.x + 14, sidebar.bottom - 24 - 20 * (len(hints) - 1 - i)), 13,
                       theme.INK_FAINT)

        surface.set_clip(self.view.inflate(8, 0))
        offset = int(self.scroll)
        top, bottom = offset - self._tallest, offset + self.view.h
        lo = bisect.bisect_left(self._tops, top)
        hi = bisect.bisect_right(self._tops, bottom)
        ox, oy = self.view.x, self.view.y - offset
        for y, h, item in self.page.items[lo:hi]:
            if y + h < offset:
                continue
            if isinstance(item, Run):
                look = item.look
                theme.text(surface, item.text, (ox + item.x, oy + item.y), look.size, look.colour,
                           bold=look.bold, title=look.title)
            else:
                pygame.draw.rect(surface, item.colour, item.rect.move(ox, oy), item.width,
                                 border_radius=item.radius)
        if self.link_focus is not None and self.link_focus < len(self.link_groups):
            for rect in self.link_groups[self.link_focus][1]:
                pygame.draw.rect(surface, theme.FOCUS, rect.move(ox, oy).inflate(8, 4), 2, border_radius=4)
        surface.set_clip(None)
        # Soft edges where the text scrolls under the frame.
        if self.scroll > 1:
            surface.blit(_fade(self.view.w + 8, True), (self.view.x - 4, self.view.y))
        if self.scroll < self.max_scroll - 1:
            surface.blit(_fade(self.view.w + 8, False), (self.view.x - 4, self.view.bottom - 24))
        if self.max_scroll:
            track, thumb = self._track(), self._thumb()
            pygame.draw.rect(surface, (46, 42, 40), track, border_radius=5)
            pygame.draw.rect(surface, theme.GOLD_DARK if self.dragging is None else theme.GOLD, thumb,
                             border_radius=5)

    def _draw_missing(self, surface: pygame.Surface) -> None:
        box = self.view.inflate(-40, 0)
        msg = (f"{self.info.title}'s rules should be in {self.path}, but it could not be read "
               f"({self.error}). Reinstalling the game puts it back. Everything else still works.")
        lines = theme.wrap(msg, box.w - 56, 18)[:6]
        box.h = 110 + 26 * len(lines)
        theme.panel(surface, box, (44, 34, 32), theme.DANGER, 12)
        theme.text(surface, "The rules page is missing", (box.x + 28, box.y + 24), 30, theme.GOLD,
                   title=True)
        for i, line in enumerate(lines):
            theme.text(surface, line, (box.x + 28, box.y + 80 + i * 26), 18, theme.INK)


def toc_lines(text: str, rect: pygame.Rect) -> list[tuple[str, int, int]]:
    """A section's name in the sidebar: (line, size, centre y) for each line; on one line when it
    fits, else on two smaller ones, cut only past those."""
    room = rect.w - 20
    if theme.width_of(text, 16) <= room:
        return [(text, 16, rect.centery)]
    lines = theme.wrap_lines(text, room, 14, most=2)
    if len(lines) == 1:
        return [(lines[0], 14, rect.centery)]
    return [(lines[0], 14, rect.centery - 8), (lines[1], 14, rect.centery + 8)]
