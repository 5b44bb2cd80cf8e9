"""Assembling a Gold Mine move from the dice: the human's choices, as the rules' own `Move`.

A move is built one choice at a time: the action die, (with the dice modifier) the die that becomes
the new action, the direction and distance dice, (for a blast or a block) the second hex; every die
may be paid to turn a point up or down. `MoveBuilder` holds the move as it stands and knows, from
the rules alone (`state.options()`, `state.preview`, `state.explain_choice`), which dice may be
chosen next and why the others may not, where a line can end, and what the finished move would do.
It never decides what is legal: only an action from `match.legal_actions()` is ever offered.

Every choice it offers can still end in a legal action: a die, a paid change (+/-), a direction
or distance (a die, or a hex clicked on the map) and a second hex are enabled only when at least
one legal action agrees with the move they make, changes included (`viable`); the others come
with the reason, in words. A die that only works with a change is picked with the cheapest
change that makes it work, and +/- skip the values that lead nowhere. So the move being built
always has a way forward, and Backspace is never the only key left.

The table owns the picture and the feedback: it tells the builder whether its human may act now
(`can_act`), and gets the words to show (`say`) and a call when the move has changed (`changed`,
for a click and new buttons). The dice faces, the dice already taken and the miners' hexes are the
table's display model's (`shown`), which equals the rules state whenever a human decides.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, TypeVar, cast

from game.core.contract import Action, IllegalAction
from game.core.words import money
from game.core.match import Match
from game.games.gold_mine.board import DIRECTION_NAMES, Hex, direction_to, distance, step
from game.games.gold_mine.rules import (
    GoldMineState,
    Move,
    Preview,
)
from game.games.gold_mine.tables import (
    ACTION_DIE_PRICE,
    ACTIONS,
    DICE,
    MOD,
    OTHER_DIE_PRICE,
    WITH_LINE,
    WITH_SECOND,
)

if TYPE_CHECKING:
    from game.ui.tables.gold_mine_drawing import MineModel

log = logging.getLogger(__name__)

T = TypeVar("T")
SLOTS = ("action", "new", "dir", "dist")  # the choices a die fills; "second" is a hex
FIELDS = {"action": ("action_die", "action_change"), "new": ("new_die", "new_change"),
          "dir": ("dir_die", "dir_change"), "dist": ("dist_die", "dist_change")}


class MoveBuilder:
    """The human's move being assembled (`move`), the row that takes the +/- keys (`focus`), and
    every question about it the table asks, each answer cached per position and move."""

    def __init__(self, match: Match, shown: Callable[[], "MineModel"], *, can_act: Callable[[], bool],
                 say: Callable[[str], None], changed: Callable[[], None],
                 note: Callable[[str], None] | None = None) -> None:
        self.match = match
        self._shown = shown
        self._can_act = can_act
        self._say = say
        self._note = note or (lambda text: None)   # what a pick did that was not asked (no refusal)
        self._changed = changed
        self.move = Move()
        self.focus: str | None = None
        self._turn_key: Any = None
        self._preview_cache: tuple[Any, Preview] | None = None
        self._options_cache: tuple[Any, list[tuple[Move, Any]]] | None = None
        self._legal_cache: tuple[Any, set[Action]] | None = None
        self._cache: dict[str, tuple[Any, Any]] = {}  # per position and move: name -> (key, answer)
        self._prefix_cache: tuple[int, dict[tuple[Any, ...], int]] | None = None

    @property
    def state(self) -> GoldMineState:
        s = self.match.state
        assert isinstance(s, GoldMineState)
        return s

    @property
    def model(self) -> "MineModel":
        return self._shown()

    def start_turn(self) -> bool:
        """A new decision starts with an empty move; True when this is one."""
        key = (len(self.match.actions), self.match.to_move())
        if key == self._turn_key:
            return False
        self._turn_key = key
        self.clear()
        return True

    def clear(self) -> None:
        self.move = Move()
        self.focus = None

    def _options(self) -> list[tuple[Move, Any]]:
        """The legal actions as parsed moves, with the rules' `Option` for each (per position)."""
        key = len(self.match.actions)
        if self._options_cache is None or self._options_cache[0] != key:
            opts = self.state.options()
            self._options_cache = (key, [(_parsed(o.action), o) for o in opts])
        return self._options_cache[1]

    def legal_set(self) -> set[Action]:
        key = len(self.match.actions)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, set(self.match.legal_actions()))
        return self._legal_cache[1]

    # -- the steps of a move
    def kind_now(self, move: Move | None = None) -> str | None:
        """What the move does as it stands: the action die's (changed) face, or the new action."""
        m = self.move if move is None else move
        if m.action_die is None:
            return None
        face = self.model.dice[m.action_die] + m.action_change
        if not 1 <= face <= 6:
            return None
        kind = ACTIONS[face]
        if kind == MOD and m.new_die is not None:
            nf = self.model.dice[m.new_die] + m.new_change
            return ACTIONS[nf] if 1 <= nf <= 6 else None
        return kind

    def is_mod(self, move: Move | None = None) -> bool:
        m = self.move if move is None else move
        if m.action_die is None:
            return False
        return self.model.dice[m.action_die] + m.action_change == 5

    def slots(self, move: Move | None = None) -> list[str]:
        """The choices this move needs, in order: action, (new), (dir, dist), (second)."""
        m = self.move if move is None else move
        out = ["action"]
        if m.action_die is None:
            return out
        if self.is_mod(m):
            out.append("new")
            if m.new_die is None:
                return out
        kind = self.kind_now(m)
        if kind in WITH_LINE:
            out += ["dir", "dist"]
            if kind in WITH_SECOND:
                out.append("second")
        return out

    def current_slot(self) -> str | None:
        """The choice to make next, or None when the move is complete."""
        m = self.move
        for slot in self.slots():
            if slot == "action" and m.action_die is None:
                return slot
            if slot == "new" and m.new_die is None:
                return slot
            if slot == "dir" and m.dir_die is None:
                return slot
            if slot == "dist" and m.dist_die is None:
                return slot
            if slot == "second" and m.second is None:
                return slot
        return None

    def used_dice(self, move: Move | None = None) -> list[int]:
        m = self.move if move is None else move
        return [d for d in (m.action_die, m.new_die, m.dir_die, m.dist_die) if d is not None]

    def viable(self, move: Move) -> bool:
        """Whether at least one legal action agrees with every choice made in `move` (the dice,
        their paid changes and the second hex)."""
        key = _prefix(move)
        if key is None:   # not built in the usual order: ask every legal action
            return any(_agrees(om, move) for om, _ in self._options())
        return key in self._prefixes()

    def _cheapest(self, move: Move) -> int:
        """The least a legal action that agrees with `move` costs (changes, mining, fees)."""
        key = _prefix(move)
        if key is None:
            return min((o.cost for om, o in self._options() if _agrees(om, move)), default=10 ** 6)
        return self._prefixes().get(key, 10 ** 6)

    def _prefixes(self) -> dict[tuple[Any, ...], int]:
        """Every partial move the legal actions start with (`_prefix` form), with the least a
        legal action that starts so costs; worked out once per position."""
        key = len(self.match.actions)
        if self._prefix_cache is None or self._prefix_cache[0] != key:
            table: dict[tuple[Any, ...], int] = {}
            for om, opt in self._options():
                full = _prefix(om)
                assert full is not None
                for k in range(len(full) + 1):
                    part = full[:k]
                    if table.get(part, 10 ** 6) > opt.cost:
                        table[part] = opt.cost
            self._prefix_cache = (key, table)
        return self._prefix_cache[1]

    def _per_move(self, name: str, answer: Callable[[], T]) -> T:
        """`answer()`, worked out once per position and move."""
        key = (len(self.match.actions), self.move)
        cached = self._cache.get(name)
        if cached is not None and cached[0] == key:
            return cast(T, cached[1])   # the answer `answer` gave for this name
        out = answer()
        self._cache[name] = (key, out)
        return out

    def die_choices(self) -> dict[int, str | None]:
        """For the current slot: each die that may be picked -> None, or -> the reason it may not."""
        return {i: (None if pick is not None else why)
                for i, (pick, why) in self._per_move("picks", self._die_picks).items()}

    def die_pick(self, i: int) -> Move | None:
        """The move that picking die `i` for the current slot makes (with the cheapest change that
        lets it end in a legal action), or None when it cannot be picked."""
        hit = self._per_move("picks", self._die_picks).get(i)
        return hit[0] if hit is not None else None

    def pick_note(self, i: int) -> str:
        """For a die that can be picked only with a change: what picking it does ("" otherwise)."""
        pick = self.die_pick(i)
        slot = self.current_slot()
        if pick is None or slot not in SLOTS:
            return ""
        change = getattr(pick, FIELDS[slot][1])
        if not change:
            return ""
        role = {"action": "action die", "new": "new action", "dir": "direction",
                "dist": "length" if self.kind_now() == "barrier" else "distance"}[slot]
        price = self.price(slot, change)
        paid = f"{price}$" if price else "free"
        return (f"As the {role} it is turned to {self.model.dice[i] + change} ({paid}): as rolled "
                f"it leads to no legal action")

    def _die_picks(self) -> dict[int, tuple[Move | None, str]]:
        slot = self.current_slot()
        out: dict[int, tuple[Move | None, str]] = {}
        if slot not in SLOTS:
            return out
        used = self.used_dice()
        for i in range(DICE):
            if i in used:
                continue
            owner = self.model.taken[i]
            if slot == "action" and owner is not None:
                out[i] = (None, f"die {i + 1} is already {self.match.seats[owner].name}'s action die "
                                f"this round")
                continue
            tries = [m for m in self._with_die_changes(slot, i) if self.viable(m)]
            if tries:
                out[i] = (min(tries, key=lambda m: self._pick_key(slot, m)), "")
            else:
                out[i] = (None, self._why_no_die(slot, i))
        return out

    def _with_die_changes(self, slot: str, i: int) -> list[Move]:
        """Every move that puts die `i` in `slot` with some change (the dice modifier's direction
        also puts the last die left in as the distance, with some change)."""
        out = []
        face = self.model.dice[i]
        for c in range(1 - face, 7 - face):
            m = self._with_die(slot, i, c)
            if slot == "dir" and self.is_mod(m):
                rest = [d for d in range(DICE) if d not in self.used_dice(m)]
                if len(rest) == 1:
                    last = self.model.dice[rest[0]]
                    out += [replace(m, dist_die=rest[0], dist_change=c2)
                            for c2 in range(1 - last, 7 - last)]
                    continue
            out.append(m)
        return out

    def _pick_key(self, slot: str, m: Move) -> tuple[int, int, int, int]:
        """Cheapest first: what the changes made by the pick cost, then the smallest change, then
        the cheapest action it can end in."""
        changes = [(slot, getattr(m, FIELDS[slot][1]))]
        if slot == "dir" and m.dist_die is not None and self.move.dist_die is None:
            changes.append(("dist", m.dist_change))
        price = sum(self.price(sl, c) for sl, c in changes)
        size = sum(abs(c) for _, c in changes)
        return (price, size, self._cheapest(m), -changes[0][1])

    def _why_no_die(self, slot: str, i: int) -> str:
        """Why die `i` cannot fill `slot` (with any change), in the rules' words where they have
        them."""
        why = self._rules_reason(self._with_die(slot, i, 0))
        if why:
            return f"{why}; changing die {i + 1} does not help"
        role = {"action": "action die", "new": "new action", "dir": "direction",
                "dist": "length" if self.kind_now() == "barrier" else "distance"}[slot]
        what = {"mine": "tunnel", "blow": "blast", "block": "block", "barrier": "barrier"}.get(
            self.kind_now() or "", "action") if slot in ("dir", "dist") else "action"
        return (f"die {i + 1} cannot be the {role} of any legal {what}, even with paid changes "
                f"(rock, blocks, the map edge or money stand in the way)")

    def _rules_reason(self, move: Move) -> str:
        """Why the rules refuse `move`, in their words, or "" when they only ask for the next
        choice (a blast or block without its second hex is tried with each one)."""
        trials = [move]
        if move.dist_die is not None and move.second is None and self.kind_now(move) in WITH_SECOND:
            trials += [replace(move, second=x) for x in range(1, 7)]
        for trial in trials:
            try:
                why = self.state.preview(trial).reason
            except (IllegalAction, ValueError):
                continue
            if why and "choose" not in why and "second hex" not in why:
                return why
        return ""

    def _with_die(self, slot: str, i: int, change: int = 0) -> Move:
        m = self.move
        if slot == "action":
            return replace(m, action_die=i, action_change=change)
        if slot == "new":
            return replace(m, new_die=i, new_change=change)
        if slot == "dir":
            return replace(m, dir_die=i, dir_change=change)
        return replace(m, dist_die=i, dist_change=change)

    def pick_die(self, i: int) -> bool:
        """Use die `i` (0-3) for the current choice; False (and a reason shown) when it cannot be."""
        if not self._can_act():
            return False
        m = self.move
        if i in self.used_dice():
            # A die already in the move: its row takes the +/- keys.
            for role, die in (("action", m.action_die), ("new", m.new_die), ("dir", m.dir_die),
                              ("dist", m.dist_die)):
                if die == i:
                    self.focus = role
            return True
        slot = self.current_slot()
        if slot not in SLOTS:
            if slot == "second":
                self._say("Now choose the second hex: click a hex next to the centre, or use ← →.")
            return False
        reason = self.die_choices().get(i, "that die is not in play")
        pick = self.die_pick(i)
        if reason is not None or pick is None:
            self._say(_cap(reason or "that die is not in play"))
            return False
        change = getattr(pick, FIELDS[slot][1])
        price = self.price(slot, change)
        self.move = pick
        self.focus = slot
        self._changed()
        if price:   # a die picked with a paid change: said, not only priced
            # (Die 4 "turned to 4" read as nonsense: the die's number and its face both said.)
            self._note(f"Die {i + 1} rolled {self.model.dice[i]}, which leads nowhere: turned to "
                       f"{self.model.dice[i] + change} for {money(price)}; ↑/↓ change it.")
        return True

    def change(self, slot: str | None, delta: int) -> bool:
        """Pay to change the die of `slot` up (`delta` +1) or down (-1): to the nearest value that
        still ends in a legal action (dropping later choices that no longer fit); False, with the
        reason shown, when there is none."""
        if not self._can_act() or slot is None:
            return False
        nxt, why = self.change_choice(slot, delta)
        if nxt is None:
            if why:
                self._say(_cap(why))
            return False
        self.move = nxt
        self.focus = slot
        self._changed()
        return True

    def change_choice(self, slot: str, delta: int) -> tuple[Move | None, str]:
        """What the +1 (`delta` 1) or -1 button of `slot`'s row makes of the move, or None with
        the reason it is dimmed."""
        return self._per_move(f"change {slot} {delta}", lambda: self._change_choice(slot, delta))

    def _change_choice(self, slot: str, delta: int) -> tuple[Move | None, str]:
        m = self.move
        die = self.die_of(slot)
        if die is None:
            return None, ""
        rolled = self.model.dice[die]
        cur = self.change_of(slot)
        if not 1 <= rolled + cur + delta <= 6:
            return None, (f"die {die + 1} cannot go {'above 6' if delta > 0 else 'below 1'} "
                          f"(a 6 never becomes a 1)")
        c = cur + delta
        while 1 <= rolled + c <= 6:
            kept = self._changed_move(m, slot, c)
            for trial in (kept, self._drop_after(kept, slot)):
                if self.viable(trial):
                    return trial, ""
            c += delta
        way = "up" if delta > 0 else "down"
        faces = list(range(rolled + cur + delta, 7 if delta > 0 else 0, delta))
        # The rules' own words for the nearest value, when they say more than "choose next".
        near = self._rules_reason(self._changed_move(m, slot, cur + delta))
        if near:
            more = "; further does not help either" if len(faces) > 1 else ""
            return None, f"turning die {die + 1} {way} to {faces[0]}: {near}{more}"
        listed = ", ".join(str(f) for f in faces)
        tail = "" if slot == "action" else " with the dice chosen before it"
        return None, f"turning die {die + 1} {way} (to {listed}) leads to no legal action{tail}"

    def _changed_move(self, m: Move, slot: str, change: int) -> Move:
        """`m` with the die of `slot` changed to `change`, keeping what still fits (a new action
        keeps its line while it is still one)."""
        before = self.kind_now(m)
        was_mod = self.is_mod(m)
        # (The key is one of Move's int *_change fields; mypy sees only a str that could be any field.)
        m = replace(m, **{FIELDS[slot][1]: change})  # type: ignore[arg-type]
        if slot == "action":
            now_mod = self.is_mod(m)
            if was_mod and not now_mod:
                m = replace(m, new_die=None, new_change=0, dir_die=None, dir_change=0, dist_die=None,
                            dist_change=0, second=None)
            elif now_mod and not was_mod:
                m = replace(m, dir_die=None, dir_change=0, dist_die=None, dist_change=0, second=None)
        after = self.kind_now(m)
        if after != before:
            if after not in WITH_LINE:
                m = replace(m, dir_die=None, dir_change=0, dist_die=None, dist_change=0, second=None)
            elif after not in WITH_SECOND:
                m = replace(m, second=None)
        return m

    @staticmethod
    def _drop_after(m: Move, slot: str) -> Move:
        """`m` without the choices made after `slot` (the dice modifier's line stays whole)."""
        if slot in ("action", "new"):
            return replace(m, dir_die=None, dir_change=0, dist_die=None, dist_change=0, second=None)
        if slot == "dir":
            return replace(m, dist_die=None, dist_change=0, second=None)
        return replace(m, second=None)

    def price(self, slot: str, change: int) -> int:
        """What a change of `change` points on the die of `slot` costs (the rules' prices)."""
        if slot == "action":
            return ACTION_DIE_PRICE * abs(change)
        if slot == "new":
            return OTHER_DIE_PRICE * max(0, abs(change) - 1)
        return OTHER_DIE_PRICE * abs(change)

    def second_choices(self) -> list[int]:
        """Directions (from the centre) of the hexes that may be the second hex: those of the legal
        actions that agree with the move."""
        return self._per_move("second", self._second_choices)

    def _second_choices(self) -> list[int]:
        m = self.move
        if m.dist_die is None or self.kind_now() not in WITH_SECOND:
            return []
        base = replace(m, second=None)
        return sorted({om.second for om, _ in self._options()
                       if om.second is not None and _agrees(om, base)})

    def set_second(self, x: int) -> bool:
        if not self._can_act() or self.kind_now() not in WITH_SECOND or self.move.dist_die is None:
            return False
        self.move = replace(self.move, second=x)
        self.focus = "second"
        self._changed()
        return True

    def cycle_second(self, delta: int) -> None:
        choices = self.second_choices()
        if not choices:
            return
        cur = self.move.second
        if cur in choices:
            x = choices[(choices.index(cur) + delta) % len(choices)]
        else:
            x = choices[0] if delta > 0 else choices[-1]
        self.set_second(x)

    def targets(self) -> tuple[Hex, ...]:
        """Where a legal move that agrees with the choices so far could end (the centre of a blast
        or block): the hexes `aim_at` can pick dice for."""
        return self._per_move("targets", self._targets)

    def _targets(self) -> tuple[Hex, ...]:
        m = self.move
        p = self.match.to_move()
        start = self.model.pos[p] if p is not None else None
        out: set[Hex] = set()
        if start is not None and m.action_die is not None:
            for om, opt in self._options():
                if opt.kind not in WITH_LINE or om.action_die != m.action_die \
                        or om.action_change != m.action_change:
                    continue
                if m.new_die is not None and (om.new_die != m.new_die or om.new_change != m.new_change):
                    continue
                if m.dir_die is not None and (om.dir_die != m.dir_die or om.dir_change != m.dir_change):
                    continue
                out.add(step(start, opt.direction, opt.distance))
        return tuple(sorted(out))

    def aim_at(self, h: Hex) -> bool:
        """Clicking a hex in a straight line from the miner chooses the direction and distance dice.

        The cheapest legal way there is chosen among the dice still free for this move; if there is
        none, the move stays as it is and the reason is shown (True: the click was understood).
        """
        m = self.move
        slot = self.current_slot()
        if slot not in ("dir", "dist") or self.kind_now() not in WITH_LINE:
            return False
        p = self.match.to_move()
        start = self.model.pos[p] if p is not None else None
        if start is None:
            return False
        d = direction_to(start, h)
        k = distance(start, h)
        if d is None or not 1 <= k <= 6:
            return False
        best: tuple[int, Move] | None = None
        for om, opt in self._options():
            if opt.direction != d or opt.distance != k:
                continue
            if any(getattr(m, f) is not None and getattr(m, f) != getattr(om, f)
                   for f in ("action_die", "new_die", "dir_die")):
                continue
            if m.action_change != om.action_change or (m.new_die is not None and m.new_change != om.new_change):
                continue
            if m.dir_die is not None and m.dir_change != om.dir_change:
                continue
            if best is None or opt.change_cost < best[0]:
                best = (opt.change_cost, replace(om, second=None, kind=None))
        if best is None:
            self._say(_cap(self._why_not_there(d, k)))
            return True
        self.move = best[1]
        self.focus = "dist"
        self._changed()
        return True

    def _why_not_there(self, d: int, k: int) -> str:
        """Why no legal action agreeing with the move ends `k` hexes away in direction `d`: the
        rules' reason for the nearest dice that would reach it."""
        m = self.move
        free = [i for i in range(DICE) if i not in (m.action_die, m.new_die)]
        pairs = []
        for a in free:
            for b in free:
                if a != b and (m.dir_die is None or a == m.dir_die):
                    pairs.append((abs(d - self.model.dice[a]) + abs(k - self.model.dice[b]), a, b))
        if self.is_mod():
            pairs = [pp for pp in pairs if {pp[1], pp[2]} == set(free)]
        where = f"{k} hex{'es' if k != 1 else ''} {DIRECTION_NAMES[d]}"
        if not pairs:
            return f"not {where}: the dice left cannot point there"
        _, a, b = min(pairs)
        trial = replace(m, dir_die=a, dir_change=d - self.model.dice[a], dist_die=b,
                        dist_change=k - self.model.dice[b], second=None)
        try:
            pv = self.state.preview(trial)
        except (IllegalAction, ValueError):
            pv = None
        reason = pv.reason if pv is not None and pv.reason and not pv.reason.endswith("second hex next to the centre") else ""
        if not reason:
            reason = "no legal action agrees with the dice chosen so far"
        return f"not {where}: {reason}"

    def undo(self) -> bool:
        """Take back the last choice (Backspace)."""
        if not self._can_act():
            return False
        m = self.move
        if m.second is not None:
            self.move = replace(m, second=None)
        elif m.dist_die is not None and not (self.is_mod() and m.dir_die is not None):
            self.move = replace(m, dist_die=None, dist_change=0)
        elif m.dir_die is not None:
            self.move = replace(m, dir_die=None, dir_change=0, dist_die=None, dist_change=0)
        elif m.new_die is not None:
            self.move = replace(m, new_die=None, new_change=0)
        elif m.action_die is not None:
            self.move = Move()
        else:
            return False
        filled = [s for s in self.slots() if s != "second" and s != self.current_slot()]
        self.focus = filled[-1] if filled and self.move.action_die is not None else None
        self._changed()
        return True

    def preview(self) -> Preview | None:
        """The rules' preview of the move as it stands (None before an action die is chosen)."""
        if self.move.action_die is None or not self.match.human_to_move():
            return None
        key = (len(self.match.actions), self.move)
        if self._preview_cache is None or self._preview_cache[0] != key:
            try:
                pv = self.state.preview(self.move)
            except (IllegalAction, ValueError) as exc:
                log.debug("no preview: %s", exc)
                return None
            self._preview_cache = (key, pv)
        return self._preview_cache[1]

    def current_action(self) -> Action | None:
        """The action the move makes, when it is complete (legal or not)."""
        if self.current_slot() is not None:
            return None
        try:
            return self.state.action_for(self.move)
        except IllegalAction:
            return None

    def why_not(self) -> str:
        """Why Confirm cannot be pressed now ("" when it can), in the rules' words."""
        pv = self.preview()
        if self.move.action_die is None:
            return "Choose an action die: press 1-4 or click a die."
        if pv is None:
            return ""
        if not pv.allowed:
            return _cap(pv.reason)
        action = self.current_action()
        if action is None:
            return "Finish choosing."
        if action not in self.legal_set():
            return _cap(self.state.explain_illegal(action))
        return ""

    # -- the rows of the move panel
    def die_of(self, slot: str) -> int | None:
        """The die chosen for `slot` (None: not yet, or "second", which is a hex)."""
        return getattr(self.move, FIELDS[slot][0]) if slot in FIELDS else None

    def change_of(self, slot: str) -> int:
        """The points paid to turn the die of `slot` up (or, below 0, down)."""
        return getattr(self.move, FIELDS[slot][1]) if slot in FIELDS else 0

    def rows(self) -> list[str]:
        """The rows of the move panel: the choices made and the next one (a line's two rows as soon
        as the action is one)."""
        slots = self.slots()
        if self.move.action_die is not None:
            kind = self.kind_now()
            if self.is_mod() and self.move.new_die is None:
                slots = ["action", "new"]
            elif kind in WITH_LINE and "dir" not in slots:
                slots += ["dir", "dist"]
        return slots

    def filled(self) -> list[str]:
        """The rows whose die is chosen."""
        return [s for s in self.slots() if s != "second" and self.die_of(s) is not None]

    def focus_slot(self) -> str | None:
        """The row the +/- keys change: the focused one, else the last one filled."""
        if self.focus is not None and self.die_of(self.focus) is not None:
            return self.focus
        filled = self.filled()
        return filled[-1] if filled else None

    def cycle_focus(self, delta: int) -> bool:
        """Tab: move the focus to the next (-1: the previous) row with a die; False when there is none."""
        filled = self.filled()
        if not filled:
            return False
        i = filled.index(self.focus) if self.focus in filled else -1
        self.focus = filled[(i + delta) % len(filled)]
        return True

    # -- the map
    def click_hex(self, h: Hex) -> bool:
        """A click on the map: the second hex of a blast or block, or the target of a line."""
        pv = self.preview()
        if self.kind_now() in WITH_SECOND and pv is not None and pv.path and self.move.dist_die is not None:
            centre = pv.path[-1]
            x = direction_to(centre, h)
            if x is not None and distance(centre, h) == 1:
                if x in self.second_choices():
                    return self.set_second(x)
                t = self.state.tile(h)
                what = "rock" if t is not None and t.is_rock else "not a hex you can choose"
                self._say(f"That hex is {what}: the second hex must be next to the centre, on the map and not rock.")
                return True
        if self.current_slot() in ("dir", "dist"):
            if self.aim_at(h):
                return True
            self._say("Click a hex in a straight line from your miner (up to 6 hexes), or pick dice with 1-4.")
            return True
        return False


@lru_cache(maxsize=4096)
def _parsed(action: Action) -> Move:
    """`Move.from_action`, remembered: the same actions come back within a turn (a few
    thousand of them; a session's worth would only fill memory)."""
    return Move.from_action(action)


def _prefix(move: Move) -> tuple[Any, ...] | None:
    """The choices of `move` in the order they are made: (action die, change), with the dice
    modifier (new action die, change), then (direction die, change), (distance die, change) and
    the second hex, as far as they go; None when a later choice is made without an earlier one.
    (Within one position the action die and its change say whether it is the dice modifier, so
    two moves never share a prefix by accident.)"""
    if move.action_die is None:
        empty = all(getattr(move, f) is None for f in ("new_die", "dir_die", "dist_die", "second"))
        return () if empty else None
    parts: list[Any] = [(move.action_die, move.action_change)]
    if move.new_die is not None:
        parts.append((move.new_die, move.new_change))
    stopped = False
    for die, change in ((move.dir_die, move.dir_change), (move.dist_die, move.dist_change)):
        if die is None:
            stopped = True
        elif stopped:
            return None
        else:
            parts.append((die, change))
    if move.second is not None:
        if stopped:
            return None
        parts.append(move.second)
    return tuple(parts)


def _agrees(om: Move, move: Move) -> bool:
    """Whether the complete move `om` makes every choice `move` has made: the same die in each
    part with the same change, and the same second hex."""
    for die_f, ch_f in FIELDS.values():
        die = getattr(move, die_f)
        if die is not None and (getattr(om, die_f) != die or getattr(om, ch_f) != getattr(move, ch_f)):
            return False
    return move.second is None or om.second == move.second


def _cap(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text
