"""The hard bot: information-set Monte Carlo tree search over the rules contract, one for all games.

The search is the single-observer ISMCTS of Cowling, Powley and Whitehouse (2012). Each iteration
deals one full position consistent with what the deciding seat knows (`Policy.deal`, by default
`View.sample_state`, with a fresh generator, so dice and draws differ too), walks down one tree
shared by every deal, and plays on with the game's cheap playout policy. The tree is keyed by the
actions taken since the decision (open loop), so it holds what every seat chose, never what chance
or a secret decided.
At a node, only the actions legal in this deal count: each child remembers how often it was
*available* (its UCB term uses that count instead of the parent's visits), which is what lets one
tree serve positions with different legal actions. Every seat is assumed to pick what is best for
itself, so each node keeps the reward of the seat who chose the action leading to it. At larger
tables a game may instead let the other seats play its model of them (`Policy.model_others_from`,
`Policy.other_action`), so that the tree holds the deciding seat's own choices only.

A game may instead search over *common deals* (`Policy.method = "deals"`, `search_deals`): a few
candidate moves are each played on the same sampled deals (the same hidden cards, the same dice
to come) to the end by the game's playout, so every candidate meets the same luck and a handful
of deals tells them apart. Gold Mine, whose luck is all in its dice, plays better so.

It reads nothing but `View`/`sample_state`/`legal_actions`/`advance` (the trusted fast path,
proven equal to `apply` by tests/test_fast_path.py), so it never sees a secret: decisions depend
on the view and the bot's own generator only.

Each game tunes it with a `Policy` (game/games/<game>/search.py, `POLICY`): the playout moves,
an evaluation for playouts cut off early in long games, which actions the tree considers, the
budgets, and the coach's words for an action and its reason. Pure Python; never imports pygame.
"""

from __future__ import annotations

import importlib
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from game.core.contract import Action, GameState, View
from game.core.rng import Rng, derive_seed


@dataclass(frozen=True)
class Budget:
    """How long one search may run: `iterations`, or `seconds` of wall time if that comes first.
    Iterations alone make a search reproducible from its seed (tests, `simulate`). `iterations`
    None: the game's own budget for the position (`Policy.iterations_for`)."""

    iterations: int | None
    seconds: float | None = None
    # Played whatever the time cap (within `iterations`): Analyse's figures, which mark a move,
    # stay firm on a busy machine, where two seconds of Gold Mine gave four deals.
    least: int = 0

    def iterations_at(self, policy: "Policy", view: View) -> int:
        """The iterations this budget allows at `view`: its own, or the policy's for the view."""
        return self.iterations if self.iterations is not None else policy.iterations_for(view)


@dataclass(frozen=True)
class Choice:
    """One of the actions the search looked at: the deciding seat's estimated chance to win after
    it (0..1), and how many iterations went through it."""

    action: Action
    win: float
    visits: int


def win_shares(state: GameState) -> list[float]:
    """Each seat's share of the win in a finished game: 1 for a sole winner, split on a tie,
    nothing for anyone when nobody wins."""
    winners = state.outcome().winners
    shares = [0.0] * state.config.players
    for w in winners:
        shares[w] = 1.0 / len(winners)
    return shares


def soft_shares(values: Sequence[float], spread: float) -> tuple[float, ...]:
    """Each seat's chance to win from how far ahead it stands (`values`, in one unit): a soft
    maximum, `spread` being how far apart two seats must stand for the one ahead to be about e
    times as likely to win."""
    top = max(values)
    weights = [math.exp((v - top) / spread) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


class Policy:
    """How the search plays one game. The defaults are plain and correct for any game; each game's
    `POLICY` overrides what it knows better."""

    iterations = 400          # hard's budget in iterations (reproducible); see `iterations_for`
    # The coach's budget (a hint, Analyse), which stops at its time cap anyway; None: hard's
    # (`iterations_for`).
    # A game whose hard budget leaves most choices a few looks each may give the coach more, so
    # that the chances it shows are not rough.
    hint_iterations: int | None = None
    # ... and may take up to this long for them, where the table's cap (about a second) would stop
    # it before they are done; None: the table's cap.
    hint_seconds: float | None = None
    seconds = 0.9             # hard's wall-time cap per decision at the table
    rollout_depth: int | None = None   # playout actions before `evaluate`; None: to the end
    exploration = 0.7         # the UCB constant
    # "tree": the ISMCTS below. "deals": a flat search over common deals (`search_deals`): each of
    # the `root_candidates` is played on the same sampled deals to the end by `deal_playout` and
    # judged by `deal_value`; the budget's iterations then count deals.
    method = "tree"
    # From this many players on, only the deciding seat's own choices branch in the tree and the
    # other seats play `other_action` (0: never). With several rivals, a tree over everyone's
    # choices spends its few iterations on theirs and seldom reaches the seat's next turn.
    model_others_from = 0

    def iterations_for(self, view: View) -> int:
        """Hard's budget in iterations at `view`: by default `iterations`. A game may give some
        positions more (Grim Prospects gives tables of three or more players three times as many);
        it may read only what the view shows."""
        return self.iterations

    def other_action(self, state: GameState, rng: Rng) -> Action:
        """Another seat's move inside the tree when `model_others_from` applies: by default the
        playout's move."""
        return self.rollout_action(state, rng)

    def deal(self, view: View, rng: Rng) -> GameState:
        """One full position the search plays from: by default `view.sample_state`, every card
        the seat cannot see dealt at random. A game may deal as its players would have left the
        cards (a card another seat put back is likelier a Trap), still from the view alone."""
        return view.sample_state(rng)

    def rollout_action(self, state: GameState, rng: Rng) -> Action:
        """The move a playout makes; by default uniform over the legal actions."""
        return rng.choice(state.legal_actions())

    def root_prior(self, view: View, legal: list[Action]) -> dict[Action, tuple[float, int]]:
        """What the search believes about the deciding seat's actions before it starts: for some
        of `legal`, a win chance and how many playouts that belief is worth (they count as visits
        already made). By default nothing: every action starts unvisited."""
        return {}

    def playout(self, state: GameState, rng: Rng) -> GameState:
        """Play `state` on from the tree's last node to the end (or `rollout_depth` moves) and
        return where it stops. The search never uses `state` again, so a game may play it on in
        place; by default `rollout_action` moves go through the fast path."""
        depth = 0
        limit = self.rollout_depth
        while not state.is_over() and (limit is None or depth < limit):
            state = state.advance(self.rollout_action(state, rng))
            depth += 1
        return state

    def tree_actions(self, state: GameState, legal: list[Action]) -> list[Action]:
        """The actions the tree considers at `state` (a subset of `legal`; by default all)."""
        return legal

    def tree_choices(self, state: GameState) -> tuple[bool, list[Action]]:
        """Whether the move at `state` is forced, and the actions the tree considers there: by
        default the legal actions, forced when there is one, else `tree_actions`. A game whose
        listing of legal actions is dear may answer from what it remembers of the position."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return True, legal
        return False, self.tree_actions(state, legal)

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's chance to win from `state`, 0..1: exact when the game is over; at a
        cut-off, by default, the current standing's leaders share it."""
        if state.is_over():
            return win_shares(state)
        scores = [s.total for s in state.outcome().scores]
        top = max(scores)
        leaders = [p for p, v in enumerate(scores) if v == top]
        values = [0.0] * len(scores)
        for p in leaders:
            values[p] = 1.0 / len(leaders)
        return values

    def root_candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """The actions a search over common deals compares (by default every legal one)."""
        return legal

    def deal_playout(self, state: GameState, rng: Rng) -> GameState:
        """A common deal played on after a candidate: by default as `playout` does."""
        return self.playout(state, rng)

    def deal_value(self, state: GameState, seat: int) -> float:
        """What the end of a deal's playout is worth to `seat`, 0..1: by default its chance in
        `evaluate`."""
        return self.evaluate(state)[seat]

    def describe(self, view: View, action: Action) -> str:
        """The action in the game's words, for the coach (by default its written form)."""
        return str(action)

    def describe_short(self, view: View, action: Action) -> str:
        """The same words in a shorter form, where the coach's panel is too narrow for them
        ("": the game has none, and the words are cut as they must be)."""
        return ""

    def reason(self, view: View, choice: Choice, choices: Sequence[Choice]) -> str:
        """One line on why `choice` is good or bad, for the coach, in the game's words. It neither
        names the move nor gives its chance: the coach shows both beside it. By default nothing
        ("": the chance alone speaks)."""
        return ""


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "seat")

    def __init__(self, seat: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.seat = seat      # who chose the action that leads here


# Asked between iterations: a search stops early, answering with what it has, when this says so
# (the search process's worker sets it: an answer nobody waits for any more, game/bots/pool.py).
STOP: Callable[[], bool] = lambda: False


FEW_LOOKS = 10        # a choice looked at fewer times has a chance too rough to rank by (coach)
SETTLED_WIN = 0.97    # a decision the search rates this sure a win (or, below, a loss) is settled:
SETTLED_LOSS = 0.03   # then the hard bot plays as the normal bot would (`HardBot.choose`), when
SETTLED_MARGIN = 0.02  # the search rates the normal bot's move this close to its own first choice


def enough_looks(visits: Sequence[int]) -> int:
    """How many looks make a choice's chance firm among choices looked at `visits` times:
    `FEW_LOOKS`, or a tenth of the most looked-at if that is more (the coach lists the others
    last and marks their chances rough)."""
    return max(FEW_LOOKS, max(visits, default=0) // 10)


def search(view: View, policy: Policy, budget: Budget, rng: Rng,
           include: Action | None = None) -> list[Choice]:
    """The deciding seat's choices at `view`, best (most visited) first; a single legal action is
    returned without searching. `include`, a legal action, is weighed even if the policy's tree
    would leave it out, and looked at, after the search's own looks (the same as without it), as
    often as makes its chance firm beside the most looked-at (`enough_looks`): the move a player
    made, for Analyse (a chance from fewer looks is too rough to set against the best: a move was
    marked from nine looks at ~0%); those looks do not count in its rank."""
    legal = view.legal_actions()
    me = view.player
    if len(legal) <= 1:
        return [Choice(a, 0.5, 0) for a in legal]
    if include is not None and include not in legal:
        include = None
    root = _Node(me)
    child: _Node | None   # (None only until the UCB pick below has found one)
    for a, (win, weight) in policy.root_prior(view, legal).items():
        if weight > 0:
            child = root.children[a] = _Node(me)
            child.visits = child.avail = weight
            child.reward = win * weight
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    c = policy.exploration
    many = policy.model_others_from
    wanted = budget.iterations_at(policy, view)
    pushed = 0   # the looks `include` was given for its chance, not chosen by the search
    it = 0
    # First the search's own looks, exactly as without `include` (so a hint and Analyse, asked
    # with the same seed, rank the moves alike: Analyse marked the hint's first choice); then the
    # looks `include` still needs for a firm chance, on top of the budget, its least count and
    # its time (the search's own are never cut short by them: a re-roll's answer had 6 of 16).
    own = True
    while True:
        if it and STOP():
            break
        if own and (it >= wanted or deadline is not None and it >= max(1, budget.least)
                    and time.perf_counter() > deadline):
            own = False
        if not own:
            held = root.children.get(include) if include is not None else None
            most = max((ch.visits for ch in root.children.values()), default=0) + 1
            if include is None or (held is not None and held.visits >= enough_looks([most])):
                break
        it += 1
        state = policy.deal(view, Rng(rng.next64()))
        branch_others = not many or state.config.players < many
        node = root
        path = [root]
        expanded = False
        while not expanded and not state.is_over():
            seat = state.to_move()
            if seat != me and not branch_others:
                state = state.advance(policy.other_action(state, rng))
                continue
            forced, acts = policy.tree_choices(state)
            if forced and node is not root:
                # A forced move is no decision: it is played without a node of its own.
                state = state.advance(acts[0])
                continue
            children = node.children
            # The included move, once the search's own looks are done, until it has had its
            # share (firm beside the most looked-at, which may gain no more looks now).
            looked = None
            if node is root and include is not None and not own:
                if include not in acts:
                    acts = [*acts, include]
                looked = include
            untried = []
            for a in acts:
                ch = children.get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1   # available in this deal: counted in its UCB term
            if looked is not None:
                pushed += 1
            if looked is not None and looked in children:
                action, child = looked, children[looked]
            elif untried:
                action = looked if looked is not None else untried[rng.below(len(untried))]
                child = children[action] = _Node(seat)  # type: ignore[arg-type]
                child.avail = 1
                expanded = True
            else:
                child = None
                best = -1.0
                for a in acts:
                    ch = children[a]
                    score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best:
                        best, child, action = score, ch, a
                assert child is not None
            state = state.advance(action)
            path.append(child)
            node = child
        values = policy.evaluate(policy.playout(state, rng))
        for n in path[1:]:
            n.visits += 1
            n.reward += values[n.seat]

    def chosen(a: Action, n: _Node) -> int:
        """The looks the search gave `a` of its own accord: its rank (a move looked at only
        because a player made it ranked first at a choice the tree gives few looks)."""
        return n.visits - (pushed if a == include else 0)

    ranked = sorted(root.children.items(), key=lambda kv: (-chosen(*kv), -kv[1].reward))
    return [Choice(a, n.reward / n.visits if n.visits else 0.0, n.visits) for a, n in ranked]


def search_deals(view: View, policy: Policy, budget: Budget, rng: Rng,
                 include: Action | None = None) -> list[Choice]:
    """A flat search over common deals: each of the policy's `root_candidates` (and `include`, a
    legal action) is played on every deal, where a deal is one position dealt from the view
    (`Policy.deal`, so the same hidden cards and the same dice to come), played on by
    `deal_playout` and judged by `deal_value`. Playing every candidate on the same deals compares
    them under the same luck, so a few deals tell them apart where independent ones would not.
    `budget.iterations` counts deals (at least one is played whatever the time cap). Returns the
    deciding seat's choices, best (highest mean value) first; `Choice.visits`: the deals played."""
    legal = view.legal_actions()
    me = view.player
    if len(legal) <= 1:
        return [Choice(a, 0.5, 0) for a in legal]
    candidates = [a for a in policy.root_candidates(view, legal) if a in legal] or legal
    if include is not None and include in legal and include not in candidates:
        candidates = [*candidates, include]
    if len(candidates) == 1:
        return [Choice(candidates[0], 0.5, 0)]
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    wanted = max(1, budget.iterations_at(policy, view))
    totals = [0.0] * len(candidates)
    deals = 0
    while deals < wanted:
        if deadline is not None and deals >= max(1, budget.least) and time.perf_counter() > deadline:
            break
        if deals and STOP():
            break
        seed = rng.next64()
        dealt = policy.deal(view, Rng(seed))   # dealt once: `advance` leaves it as it is
        for i, action in enumerate(candidates):
            end = policy.deal_playout(dealt.advance(action), Rng(seed))
            totals[i] += policy.deal_value(end, me)
        deals += 1
    order = sorted(range(len(candidates)), key=lambda i: -totals[i])
    return [Choice(candidates[i], totals[i] / deals, deals) for i in order]


_POLICIES: dict[str, Policy] = {}


def policy_for(game: str) -> Policy:
    """The game's search policy (`game.games.<game>.search.POLICY`), or the plain default."""
    if game not in _POLICIES:
        try:
            module = importlib.import_module(f"game.games.{game}.search")
        except ModuleNotFoundError:
            _POLICIES[game] = Policy()
        else:
            _POLICIES[game] = module.POLICY
    return _POLICIES[game]


class HardBot:
    """The hard level of every game: ISMCTS (or the search over common deals, as the game's
    policy says) with the game's policy, on an iteration budget (and at the table a time cap
    too). Each decision searches with a generator derived from the bot's seed and the decision's
    number, so a seeded game replays the same decisions."""

    level = "hard"
    remote = True   # the table runs it in the search process pool (game/bots/pool.py)

    def __init__(self, seed: int, game: str, budget: Budget | None = None) -> None:
        self.seed = seed
        self.game = game
        self.policy = policy_for(game)
        self.budget = budget or Budget(None)   # None: the policy's own for each position
        self.decisions = 0

    def analyse(self, view: View, budget: Budget | None = None,
                include: Action | None = None) -> list[Choice]:
        """Every choice the search looked at for `view`, best first (`include`, a legal action,
        among them: see `search`)."""
        rng = Rng(derive_seed(self.seed, "decision", self.decisions))
        self.decisions += 1
        how = search_deals if self.policy.method == "deals" else search
        return how(view, self.policy, budget or self.budget, rng, include)

    def choose(self, view: View) -> Action:
        choices = self.analyse(view)
        best = choices[0]
        if len(choices) > 1 and not SETTLED_LOSS < best.win < SETTLED_WIN:
            # The outcome looks settled, so the search sees no difference between the moves: play
            # as a sensible player would (the normal bot's choice, where the search rates it as
            # well), not a move that throws points or cards away for nothing.
            normal = self._normal(view)
            mine = next((c for c in choices if c.action == normal), None)
            if mine is not None and mine.visits and mine.win >= best.win - SETTLED_MARGIN:
                return mine.action   # equal to `normal`
        return best.action

    def _normal(self, view: View) -> Action | None:
        """The normal bot's move at `view`, from a generator of this decision's own (so a seeded
        game plays the same however its decisions are spread over processes)."""
        from game.bots import make_bot

        try:
            bot = make_bot(self.game, "normal", derive_seed(self.seed, "normal", self.decisions))
            return bot.choose(view)
        except Exception:   # a comfort only: the search's own choice stands
            return None
