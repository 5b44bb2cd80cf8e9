"""Assembling a Gold Mine move from the dice: the human's choices, as the rules' own `Move`.

A move is built one choice at a time: the action die, (with the dice modifier) the die that becomes
the new action, the direction and distance dice, (for a blast or a block) the second hex; every die
may be paid to turn a point up or down. `MoveBuilder` holds the move as it stands and knows, from
the rules alone (`state.options()`, `state.preview`, `state.explain_choice`), which dice may be
chosen next and why the others may not, where a line can end, and what the finished move would do.
It never decides what is legal: only an action from `match.legal_actions()` is ever offered.

The table owns the picture and the feedback: it tells the builder whether its human may act now
(`can_act`), and gets the words to show (`say`) and a call when the move has changed (`changed`,
for a click and new buttons). The dice faces, the dice already taken and the miners' hexes are the
table's display model's (`shown`), which equals the rules state whenever a human decides.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from game.core.contract import Action, IllegalAction
from game.core.match import Match
from game.games.gold_mine.board import Hex, direction_to, distance, step
from game.games.gold_mine.rules import (
    ACTION_DIE_PRICE,
    ACTIONS,
    DICE,
    MOD,
    OTHER_DIE_PRICE,
    WITH_LINE,
    WITH_SECOND,
    GoldMineState,
    Move,
    Preview,
)

if TYPE_CHECKING:
    from game.ui.tables.gold_mine import MineModel

log = logging.getLogger(__name__)

T = TypeVar("T")
SLOTS = ("action", "new", "dir", "dist")  # the choices a die fills; "second" is a hex
FIELDS = {"action": ("action_die", "action_change"), "new": ("new_die", "new_change"),
          "dir": ("dir_die", "dir_change"), "dist": ("dist_die", "dist_change")}


class MoveBuilder:
    """The human's move being assembled (`move`), the row that takes the +/- keys (`focus`), and
    every question about it the table asks, each answer cached per position and move."""

    def __init__(self, match: Match, shown: Callable[[], "MineModel"], *, can_act: Callable[[], bool],
                 say: Callable[[str], None], changed: Callable[[], None]) -> None:
        self.match = match
        self._shown = shown
        self._can_act = can_act
        self._say = say
        self._changed = changed
        self.move = Move()
        self.focus: str | None = None
        self._turn_key: Any = None
        self._preview_cache: tuple[Any, Preview] | None = None
        self._options_cache: tuple[Any, list[tuple[Move, Any]]] | None = None
        self._legal_cache: tuple[Any, set[Action]] | None = None
        self._cache: dict[str, tuple[Any, Any]] = {}  # per position and move: name -> (key, answer)

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
            self._options_cache = (key, [(Move.from_action(o.action), o) for o in opts])
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

    def _viable(self, move: Move, loose: str) -> bool:
        """Whether some legal action agrees with `move`, whatever the change on slot `loose` is."""
        for om, _ in self._options():
            ok = True
            for slot, (die_f, ch_f) in FIELDS.items():
                mine = getattr(move, die_f)
                if mine is None:
                    continue
                if getattr(om, die_f) != mine:
                    ok = False
                    break
                if slot != loose and getattr(om, ch_f) != getattr(move, ch_f):
                    ok = False
                    break
            if ok and move.second is not None and om.second != move.second:
                ok = False
            if ok:
                return True
        return False

    def _per_move(self, name: str, answer: Callable[[], T]) -> T:
        """`answer()`, worked out once per position and move."""
        key = (len(self.match.actions), self.move)
        cached = self._cache.get(name)
        if cached is not None and cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        out = answer()
        self._cache[name] = (key, out)
        return out

    def die_choices(self) -> dict[int, str | None]:
        """For the current slot: each die that may be picked -> None, or -> the reason it may not."""
        return self._per_move("choices", self._die_choices)

    def _die_choices(self) -> dict[int, str | None]:
        slot = self.current_slot()
        out: dict[int, str | None] = {}
        if slot not in SLOTS:
            return out
        used = self.used_dice()
        for i in range(DICE):
            if i in used:
                continue
            trial = self._with_die(slot, i)
            owner = self.model.taken[i]
            if slot == "action" and owner is not None:
                out[i] = f"die {i + 1} is already {self.match.seats[owner].name}'s action die this round"
                continue
            if self._viable(trial, slot):
                out[i] = None
            else:
                why = self.state.explain_choice(trial)
                out[i] = why or "no legal action can be made with that die there"
        return out

    def _with_die(self, slot: str, i: int) -> Move:
        m = self.move
        if slot == "action":
            return replace(m, action_die=i, action_change=0)
        if slot == "new":
            return replace(m, new_die=i, new_change=0)
        if slot == "dir":
            return replace(m, dir_die=i, dir_change=0)
        return replace(m, dist_die=i, dist_change=0)

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
        if reason is not None:
            self._say(_cap(reason))
            return False
        self.move = self._with_die(slot, i)
        self.focus = slot
        # With the dice modifier, direction and distance are the two dice left: the last one is the distance.
        if slot == "dir" and self.is_mod():
            rest = [d for d in range(DICE) if d not in self.used_dice()]
            if len(rest) == 1:
                self.move = replace(self.move, dist_die=rest[0], dist_change=0)
        self._changed()
        return True

    def change(self, slot: str | None, delta: int) -> bool:
        """Pay to change the die of `slot` by `delta` (+1/-1); False with a reason when it cannot."""
        if not self._can_act() or slot is None:
            return False
        m = self.move
        die_f, ch_f = FIELDS[slot]
        die = getattr(m, die_f)
        if die is None:
            return False
        new = getattr(m, ch_f) + delta
        face = self.model.dice[die] + new
        if not 1 <= face <= 6:
            self._say(f"Die {die + 1} shows {self.model.dice[die]}: it cannot go "
                      f"{'above 6' if face > 6 else 'below 1'} (a 6 never becomes a 1).")
            return False
        before = self.kind_now()
        was_mod = self.is_mod()
        self.move = replace(m, **{ch_f: new})
        if slot == "action":
            # Turning the action into something else keeps what still fits and drops the rest.
            now_mod = self.is_mod()
            if was_mod and not now_mod:
                self.move = replace(self.move, new_die=None, new_change=0, dir_die=None, dir_change=0,
                                    dist_die=None, dist_change=0, second=None)
            elif now_mod and not was_mod:
                self.move = replace(self.move, dir_die=None, dir_change=0, dist_die=None, dist_change=0,
                                    second=None)
        after = self.kind_now()
        if after != before:
            if after not in WITH_LINE:
                self.move = replace(self.move, dir_die=None, dir_change=0, dist_die=None, dist_change=0,
                                    second=None)
            elif after not in WITH_SECOND:
                self.move = replace(self.move, second=None)
        self.focus = slot
        self._changed()
        return True

    def price(self, slot: str, change: int) -> int:
        """What a change of `change` points on the die of `slot` costs (the rules' prices)."""
        if slot == "action":
            return ACTION_DIE_PRICE * abs(change)
        if slot == "new":
            return OTHER_DIE_PRICE * max(0, abs(change) - 1)
        return OTHER_DIE_PRICE * abs(change)

    def second_choices(self) -> list[int]:
        """Directions (from the centre) of the hexes that may be the second hex: those of legal
        actions that agree with the move, or (when there are none) every hex on the map beside it."""
        return self._per_move("second", self._second_choices)

    def _second_choices(self) -> list[int]:
        m = self.move
        pv = self.preview()
        if pv is None or not pv.path or self.kind_now() not in WITH_SECOND:
            return []
        centre = pv.path[-1]
        legal = []
        base = replace(m, second=None)
        for om, _ in self._options():
            if om.second is None:
                continue
            if all(getattr(om, f) == getattr(base, f) for f in
                   ("action_die", "action_change", "new_die", "new_change", "dir_die", "dir_change",
                    "dist_die", "dist_change")):
                legal.append(om.second)
        if legal:
            return sorted(set(legal))
        out = []
        for x in range(1, 7):
            t = self.state.tile(step(centre, x))
            if t is not None and not t.is_rock:
                out.append(x)
        return out

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
        none, the nearest dice are put in place so that the preview says why it cannot be done.
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
        if best is not None:
            self.move = best[1]
        else:
            # No legal way: put the nearest dice in place, and let the preview say why.
            free = [i for i in range(DICE) if i not in (m.action_die, m.new_die)]
            pairs = []
            for a in free:
                for b in free:
                    if a != b and (m.dir_die is None or a == m.dir_die):
                        cost = abs(d - self.model.dice[a]) + abs(k - self.model.dice[b])
                        pairs.append((cost, a, b))
            if self.is_mod():
                rest = [i for i in free]
                pairs = [pp for pp in pairs if {pp[1], pp[2]} == set(rest)]
            if not pairs:
                return False
            _, a, b = min(pairs)
            self.move = replace(m, dir_die=a, dir_change=d - self.model.dice[a], dist_die=b,
                                dist_change=k - self.model.dice[b], second=None)
        self.focus = "dist"
        self._changed()
        return True

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


def _cap(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text
