"""Player statistics: local profiles by name, kept as JSON in the user data folder.

Every human seat of a finished match counts towards the profile of its name (the same name in
any case and spacing is the same player; the name shows as it was last typed). Per game a profile
keeps games played and won (a shared win in a tie is a win, and is also counted as shared), games
played and won against each kind of opponent ("human", "easy bot", "normal bot", ...), the best
score, the current and longest winning streaks, and how many games were played with the coach's
hints (and how many hints in all); across all games, an overall streak.

Recording is idempotent per match id, so a match recorded twice counts once. A damaged file
(not JSON, wrong types, missing keys, absurd numbers, a folder in its place) is never fatal: it is
moved aside with `storage.set_aside`, statistics start afresh, and the caller gets a message for
the player. A file holding more than is kept (more players than PROFILE_LIMIT, a record of more
games or kinds of opponent than GAME_LIMIT and KIND_LIMIT, from a newer version or edited by hand)
is set aside whole the same way before what is kept is written, and the message says what was
left out. This module never imports pygame.
"""

from __future__ import annotations

import logging
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from game import paths
from game.bots import LEVELS, PLAYER_LEVELS
from game.core.storage import LATEST_TIME, clean_leftovers, read_json, set_aside, write_json_atomic
from game.core.text import clean_text
from game.core.words import amount

if TYPE_CHECKING:
    from game.core.match import Match, Seat

log = logging.getLogger(__name__)

STATS_FORMAT = 1
HUMAN_KIND = "human"
# How many match ids are remembered to refuse counting a match twice (the newest are kept).
RECORDED_LIMIT = 500
# Bounds that no real file comes near; a value outside them means the file is damaged.
COUNT_LIMIT = 10**6
# How many players' records are kept (those who played most recently): a file of them all stays
# well inside the size every file read is held to (storage.MAX_BYTES) and opens at once.
PROFILE_LIMIT = 1000
# What a record keeps, each far past what the games give: five games, and six kinds of opponent
# (a human and a bot of each level). More is a file from a newer version or edited by hand; the
# first in the screen's order are kept (the file as it was is set aside), so that every game of a
# record still has its chip on the Statistics screen and a record is read and drawn at once.
GAME_LIMIT = 8
KIND_LIMIT = 12
# A best score further from zero than this is no game's (scores run to hundreds): a file holding
# one is damaged. It also keeps a score inside its column on the Statistics screen.
SCORE_LIMIT = 99_999
TEXT_LIMIT = 100
TIME_LIMIT = LATEST_TIME   # seconds since 1970: the year 3000, as far as every system's clock reaches


class Damaged(ValueError):
    """The statistics file holds something this version cannot trust; the message says what."""


class Newer(Damaged):
    """The statistics file was written by a newer version: left as it is, for that version."""


# ============================================================================ the model
def profile_key(name: str) -> str:
    """The key that makes 'Ana', ' ana ' and 'ANA' the same player."""
    return " ".join(name.split()).casefold()


def profile_name(name: str, seat: int = 0) -> str:
    """A seat's name as a profile shows it: cleaned like every text from outside, never empty."""
    return clean_text(name, TEXT_LIMIT) or f"Player {seat + 1}"


def opponent_kind(seat: "Seat") -> str:
    """'human', or the bot's level followed by 'bot' ('easy bot', 'normal bot', ...)."""
    if seat.is_human:
        return HUMAN_KIND
    return f"{seat.level or 'unknown'} bot"


def kind_order(kind: str) -> tuple[int, str]:
    """Humans first, then the levels players can choose, then the other levels, then anything else."""
    levels = list(PLAYER_LEVELS) + [lv for lv in LEVELS if lv not in PLAYER_LEVELS]
    if kind == HUMAN_KIND:
        return (0, "")
    for i, level in enumerate(levels):
        if kind == f"{level} bot":
            return (1 + i, "")
    return (1 + len(levels), kind)


def format_score(points: int, unit_one: str, unit_many: str) -> str:
    """A best score as every screen writes it: '35 points', '1 point', '12$', '−3$'."""
    return amount(points, (unit_one, unit_many))


def win_percent(won: int, played: int) -> int | None:
    """Wins as a whole percentage of games played; None when nothing was played."""
    return round(100 * won / played) if played else None


@dataclass
class Tally:
    """Games played and won (against one kind of opponent)."""

    played: int = 0
    won: int = 0

    @property
    def percent(self) -> int | None:
        return win_percent(self.won, self.played)


@dataclass
class GameRecord:
    """One player's record in one game."""

    game: str
    title: str
    unit_one: str = "point"
    unit_many: str = "points"
    played: int = 0
    won: int = 0
    tied: int = 0  # of the wins, how many were shared in a tie
    # Games level at the top in a game whose rules play a tie off (Gold Mine): neither won nor
    # lost; the tie-break game counts as a game of its own.
    drawn: int = 0
    best: int | None = None
    streak: int = 0
    longest: int = 0
    last_played: float = 0.0
    against: dict[str, Tally] = field(default_factory=dict)
    hinted: int = 0   # games played with at least one hint from the coach
    hints: int = 0    # hints taken in all

    @property
    def percent(self) -> int | None:
        return win_percent(self.won, self.played)

    def best_text(self) -> str:
        return "—" if self.best is None else format_score(self.best, self.unit_one, self.unit_many)

    def opponents(self) -> list[tuple[str, Tally]]:
        """Each kind of opponent met in this game, in display order."""
        return sorted(self.against.items(), key=lambda kv: kind_order(kv[0]))


@dataclass
class Profile:
    """A player known by name, with a record per game played."""

    name: str
    last_played: float = 0.0
    streak: int = 0  # consecutive wins across all games
    longest: int = 0
    games: dict[str, GameRecord] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return profile_key(self.name)

    @property
    def played(self) -> int:
        return sum(g.played for g in self.games.values())

    @property
    def won(self) -> int:
        return sum(g.won for g in self.games.values())

    @property
    def percent(self) -> int | None:
        return win_percent(self.won, self.played)

    @property
    def hinted(self) -> int:
        """Games played with the coach's hints, over all games."""
        return sum(g.hinted for g in self.games.values())

    def records(self) -> list[GameRecord]:
        """Per-game records, the registered games in their usual order first, then the others."""
        from game.games import GAMES

        order = {name: i for i, name in enumerate(GAMES)}
        return sorted(self.games.values(),
                      key=lambda g: (order.get(g.game, len(order)), g.title.casefold(), g.game))

    def opponents(self) -> list[tuple[str, Tally]]:
        """Games played and won against each kind of opponent, over all games."""
        total: dict[str, Tally] = {}
        for g in self.games.values():
            for kind, t in g.against.items():
                s = total.setdefault(kind, Tally())
                s.played += t.played
                s.won += t.won
        return sorted(total.items(), key=lambda kv: kind_order(kv[0]))


@dataclass
class Stats:
    """Every profile (most recently played first) and the ids of the matches already counted."""

    profiles: list[Profile] = field(default_factory=list)
    recorded: list[str] = field(default_factory=list)

    def find(self, name: str) -> Profile | None:
        key = profile_key(name)
        return next((p for p in self.profiles if p.key == key), None)

    def sort(self) -> None:
        self.profiles.sort(key=_recent_first)

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "recorded": list(self.recorded[-RECORDED_LIMIT:]),
            # (The players who played last are the ones kept: see PROFILE_LIMIT.)
            "profiles": [_profile_json(p) for p in sorted(self.profiles, key=_recent_first)[:PROFILE_LIMIT]],
        }

    @classmethod
    def from_json(cls, data: Any, dropped: list[str] | None = None, cut: list[str] | None = None) -> "Stats":
        """Statistics from parsed JSON; raises Damaged, saying what is wrong, on anything unsound.
        Given a `dropped` list, a player's unsound record is left out instead, and what was wrong
        with it added to the list (the others' records are sound on their own). More than a
        record keeps (GAME_LIMIT, KIND_LIMIT) is cut short, and said in `cut` when given; more
        players than PROFILE_LIMIT are all read (`to_json` keeps those who played last)."""
        obj = _mapping(data, "the file")
        fmt = obj.get("format")
        if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > STATS_FORMAT:
            raise Newer("it was written by a newer version of Mother Lode")
        if fmt != STATS_FORMAT:
            raise Damaged(f"it has format {obj.get('format')!r}; this version reads {STATS_FORMAT}")
        recorded = _list(_key(obj, "recorded", "the file"), "the list of counted games")
        ids = [_text(r, "a counted game's id") for r in recorded][-RECORDED_LIMIT:]
        profiles: list[Profile] = []
        seen: set[str] = set()
        for item in _list(_key(obj, "profiles", "the file"), "the players"):
            try:
                p = _read_profile(item, cut)
                if p.key in seen:
                    raise Damaged(f"the player {p.name!r} is listed twice")
            except Damaged as exc:
                if dropped is None:
                    raise
                dropped.append(str(exc))
                continue
            seen.add(p.key)
            profiles.append(p)
        stats = cls(profiles, ids)
        stats.sort()
        return stats


def _recent_first(p: Profile) -> tuple[float, str]:
    return (-p.last_played, p.name.casefold())


def _profile_json(p: Profile) -> dict[str, Any]:
    return {
        "name": p.name,
        "last_played": p.last_played,
        "streak": p.streak,
        "longest": p.longest,
        "games": {g.game: {
            "title": g.title,
            "unit": [g.unit_one, g.unit_many],
            "played": g.played,
            "won": g.won,
            "tied": g.tied,
            "drawn": g.drawn,
            "best": g.best,
            "streak": g.streak,
            "longest": g.longest,
            "last_played": g.last_played,
            "against": {kind: {"played": t.played, "won": t.won} for kind, t in g.against.items()},
            "hinted": g.hinted,
            "hints": g.hints,
        } for g in p.games.values()},
    }


# ---------------------------------------------------------------- reading, strictly
def _mapping(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Damaged(f"{what} is not a table of values")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise Damaged(f"{what} is not a list")
    return value


def _key(obj: dict[str, Any], name: str, what: str) -> Any:
    if name not in obj:
        raise Damaged(f"{what} has no {name!r}")
    return obj[name]


def _text(value: Any, what: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or len(value) > TEXT_LIMIT:
        raise Damaged(f"{what} is not a sensible text")
    # Control characters and lone surrogates are dropped where the text comes in (game.core.text).
    text = clean_text(value, TEXT_LIMIT)
    if not empty and not text:
        raise Damaged(f"{what} is not a sensible text")
    return text


def _count(obj: dict[str, Any], name: str, what: str) -> int:
    value = _key(obj, name, what)
    # bool is an int in Python; true/false in the file is still a wrong type.
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= COUNT_LIMIT:
        raise Damaged(f"{name!r} of {what} is not a count ({_short(value)})")
    return value


def _moment(obj: dict[str, Any], name: str, what: str) -> float:
    value = _key(obj, name, what)
    if (not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value)
            or not 0 <= value <= TIME_LIMIT):
        raise Damaged(f"{name!r} of {what} is not a time ({_short(value)})")
    return float(value)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _read_profile(data: Any, cut: list[str] | None = None) -> Profile:
    obj = _mapping(data, "a player")
    name = _text(_key(obj, "name", "a player"), "a player's name")
    what = f"the player {name!r}"
    p = Profile(name, _moment(obj, "last_played", what), _count(obj, "streak", what),
                _count(obj, "longest", what))
    games = _mapping(_key(obj, "games", what), f"the games of {what}")
    for game, g in games.items():
        p.games[game] = _read_game(_text(game, f"a game name of {what}"), g, what, cut)
    if not p.streak <= p.longest <= p.won:
        raise Damaged(f"the streaks of {what} do not add up")
    if len(p.games) > GAME_LIMIT:
        if cut is not None:
            cut.append(f"{what} has records of {len(p.games)} games; the first {GAME_LIMIT} are kept")
        p.games = {g.game: g for g in p.records()[:GAME_LIMIT]}
        # (The streaks over all games are as long as the wins kept allow, so that they add up.)
        p.longest = min(p.longest, p.won)
        p.streak = min(p.streak, p.longest)
    return p


def _read_game(game: str, data: Any, who: str, cut: list[str] | None = None) -> GameRecord:
    what = f"{game!r} of {who}"
    obj = _mapping(data, what)
    title = obj.get("title")
    if isinstance(title, str) and len(title) <= TEXT_LIMIT and clean_text(title, TEXT_LIMIT):
        what = f"{clean_text(title, TEXT_LIMIT)} of {who}"   # (as the screen names the game)
    unit = _list(_key(obj, "unit", what), f"the score unit of {what}")
    if len(unit) != 2:
        raise Damaged(f"the score unit of {what} is not a pair")
    best = _key(obj, "best", what)
    if best is not None and (not isinstance(best, int) or isinstance(best, bool) or abs(best) > SCORE_LIMIT):
        raise Damaged(f"the best score of {what} is not a score ({_short(best)})")
    g = GameRecord(
        game=game,
        title=_text(_key(obj, "title", what), f"the title of {what}"),
        unit_one=_text(unit[0], f"the score unit of {what}", empty=True),
        unit_many=_text(unit[1], f"the score unit of {what}", empty=True),
        played=_count(obj, "played", what),
        won=_count(obj, "won", what),
        tied=_count(obj, "tied", what),
        best=best,
        streak=_count(obj, "streak", what),
        longest=_count(obj, "longest", what),
        last_played=_moment(obj, "last_played", what),
    )
    # Hints came later: a file from before them has none (counted as 0).
    g.hinted = _count(obj, "hinted", what) if "hinted" in obj else 0
    g.hints = _count(obj, "hints", what) if "hints" in obj else 0
    g.drawn = _count(obj, "drawn", what) if "drawn" in obj else 0   # (came later too)
    if not (g.tied <= g.won and g.won + g.drawn <= g.played and g.streak <= g.longest <= g.won
            and g.hinted <= g.played and g.hinted <= g.hints):
        raise Damaged(f"the counts of {what} do not add up")
    for kind, t in _mapping(_key(obj, "against", what), f"the opponents in {what}").items():
        kind = _text(kind, f"an opponent kind in {what}")
        label = f"{kind!r} in {what}"
        tally = _mapping(t, label)
        g.against[kind] = Tally(_count(tally, "played", label), _count(tally, "won", label))
        if not g.against[kind].won <= g.against[kind].played <= g.played:
            raise Damaged(f"the counts of {label} do not add up")
    if len(g.against) > KIND_LIMIT:
        if cut is not None:
            cut.append(f"{what} lists {len(g.against)} kinds of opponent; the first {KIND_LIMIT} are kept")
        g.against = dict(g.opponents()[:KIND_LIMIT])
    return g


# ============================================================================ the file
def stats_path() -> Path:
    return paths.user_data_dir() / "stats.json"


@dataclass
class _Loaded:
    stats: Stats
    message: str | None = None
    # False when the file could not be read nor moved aside: writing would destroy it.
    writable: bool = True


def _load() -> _Loaded:
    try:
        path = stats_path()
    except paths.UserFolderError as exc:  # it says which folder and why
        log.error("no user data folder for statistics: %s", exc)
        return _Loaded(Stats(), f"{exc} Statistics cannot be kept.", False)
    except OSError as exc:
        log.error("no user data folder for statistics: %s", exc)
        return _Loaded(Stats(), f"The statistics folder cannot be used ({exc.strerror or exc}).", False)
    clean_leftovers(path.parent)
    if not path.exists() and not path.is_symlink():
        return _Loaded(Stats())
    dropped: list[str] = []
    cut: list[str] = []
    try:
        stats = Stats.from_json(read_json(path), dropped, cut)
        if len(stats.profiles) > PROFILE_LIMIT:
            cut.append(f"{len(stats.profiles):,} players; the {PROFILE_LIMIT:,} who played last are kept")
        if not dropped and not cut:
            return _Loaded(stats)
        return _keep_the_rest(path, stats, dropped, cut)
    except Newer:
        # Not damaged: left in place for the version that wrote it, and not written over.
        return _Loaded(Stats(), "The statistics file was written by a newer version of Mother Lode; "
                                "update the game to see it. This version leaves it as it is and "
                                "counts nothing.", False)
    except PermissionError as exc:
        # Refused, not damaged (on Windows, another program holding it for a moment): left as it
        # is, and not written over this run.
        return _Loaded(Stats(), f"The statistics file could not be read just now ({exc.strerror or exc}; "
                                "another program may be using it). It is left as it is, and nothing "
                                "is counted until the game is started again.", False)
    except OSError as exc:
        reason = f"it could not be read ({exc.strerror or exc})"
    except RecursionError:
        reason = "it is nested too deeply to be statistics"
    except ValueError as exc:  # not JSON, not UTF-8, or Damaged
        reason = str(exc)
    log.warning("statistics file %s set aside: %s", path, reason)
    try:
        kept = set_aside(path)
    except OSError as exc:
        log.error("could not set %s aside: %s", path, exc)
        return _Loaded(Stats(), f"The statistics file could not be read ({reason}), nor moved out of "
                                f"the way ({exc.strerror or exc}). Nothing will be counted until it is.",
                       False)
    return _Loaded(Stats(), f"The statistics file was damaged ({reason}). It was kept as {kept.name}, "
                            "and statistics start afresh.")


def _keep_the_rest(path: Path, stats: Stats, dropped: list[str], cut: list[str] | None = None) -> _Loaded:
    """The statistics of a file with some unsound players' records, or with more than is kept
    (`cut`: see PROFILE_LIMIT, GAME_LIMIT, KIND_LIMIT): the file is kept aside as it was, what is
    kept written back at once, and the message says whose records were left out or cut short."""
    cut = cut or []
    was = ", and ".join(([f"was damaged in part ({_some(dropped)})"] if dropped else [])
                        + ([f"held more than this version keeps ({_some(cut)})"] if cut else []))
    log.warning("statistics file %s %s", path, was)
    try:
        kept = set_aside(path)
    except OSError as exc:
        log.error("could not set %s aside: %s", path, exc)
        return _Loaded(stats, f"The statistics file {was}, and could not "
                              f"be moved out of the way ({exc.strerror or exc}). Nothing will be "
                              "counted until it is.", False)
    stats.sort()
    del stats.profiles[PROFILE_LIMIT:]   # (as the file is written: the screen shows what is kept)
    try:
        _save(stats)
    except OSError as exc:
        log.error("statistics not written back after setting %s aside: %s", path, exc)
    whose = "that player's record starts" if len(dropped) == 1 else "those records start"
    rest = (f"the other records are kept, and {whose} afresh" if dropped
            else "the statistics go on with what is kept")
    return _Loaded(stats, f"The statistics file {was}. It was kept as "
                          f"{kept.name}; {rest}.")


def _some(notes: list[str]) -> str:
    """The first few of `notes`, and how many more there are."""
    return "; ".join(notes[:3]) + (f"; and {len(notes) - 3} more" if len(notes) > 3 else "")


def _save(stats: Stats) -> None:
    stats.sort()
    write_json_atomic(stats_path(), stats.to_json())


def load_stats() -> tuple[Stats, str | None]:
    """Every profile (most recently played first), and a message if the file was damaged.

    A damaged file is moved aside (never deleted) before this returns; it never raises for one.
    """
    loaded = _load()
    return loaded.stats, loaded.message


def record_match(match: "Match", *, now: float | None = None) -> str | None:
    """Count a finished match for each of its human seats; a message for the player, or None.

    Only call it with a match that is over. A match already counted (same `match_id`) and a match
    without a human seat change nothing. The message says that a damaged statistics file was set
    aside (the match is then counted in fresh statistics) or that the statistics could not be
    saved; nothing about the file ever raises.
    """
    humans = [(i, s) for i, s in enumerate(match.seats) if s.is_human]
    if not humans:
        return None
    loaded = _load()
    if not loaded.writable:
        return loaded.message
    stats, match_id = loaded.stats, str(match.match_id)
    if match_id in stats.recorded:
        return loaded.message
    when = time.time() if now is None else now
    outcome = match.state.outcome()
    winners = set(outcome.winners)
    # Level at the top where the rules play the tie off: not won yet by anyone.
    playoff = outcome.is_tie and match.info.tie_break_game
    scores = {s.player: s.total for s in outcome.scores}
    # Seats of one player (the same name twice) count once, as that player's best seat.
    seats_of: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for i, seat in humans:
        name = profile_name(seat.name, i)
        seats_of.setdefault(profile_key(name), []).append(i)
        names[profile_key(name)] = name
    for key, mine in seats_of.items():
        won = any(i in winners for i in mine)
        shared = won and any(w not in mine for w in winners)
        drawn, won = playoff and won, won and not playoff
        # A game that is won, not scored (GameInfo.scored) has no best score to keep.
        best = max((scores[i] for i in mine if i in scores), default=None) if match.info.scored else None
        kinds = {opponent_kind(s) for j, s in enumerate(match.seats) if j not in mine}
        hints = sum(match.hints_taken(i) for i in mine)
        _count_match(stats, names[key], match, won, shared, best, kinds, when, hints, drawn)
    stats.recorded = (stats.recorded + [match_id])[-RECORDED_LIMIT:]
    message = loaded.message
    try:
        more = _save_making_room(stats)
        if more:
            message = f"{message} {more}" if message else more
    except OSError as exc:
        log.error("statistics not saved: %s", exc)
        saved = f"This game could not be added to the statistics ({exc.strerror or exc})."
        return f"{loaded.message} {saved}" if loaded.message else saved
    return message


def _save_making_room(stats: Stats) -> str | None:
    """Write the statistics. With a player past the PROFILE_LIMIT, those who played longest ago
    are moved out first, to the file of records left out (`left_out_path`, in the statistics'
    own format), and the message for the player says so (None when all the players are kept).
    Raises OSError when the statistics cannot be written (or the records left out cannot be
    kept: then nothing is written)."""
    if len(stats.profiles) <= PROFILE_LIMIT:
        _save(stats)
        return None
    stats.sort()
    gone = stats.profiles[PROFILE_LIMIT:]
    kept_in = _keep_left_out(gone)
    del stats.profiles[PROFILE_LIMIT:]
    _save(stats)
    log.warning("statistics: %d players moved to %s", len(gone), kept_in)
    who = (f"{gone[0].name}'s record was" if len(gone) == 1 else f"the records of {len(gone)} players were")
    return (f"The statistics keep the {PROFILE_LIMIT:,} players who played last: {who} moved to "
            f"{kept_in.name}, beside them.")


def left_out_path() -> Path:
    """Where the records of players past the PROFILE_LIMIT go (`_keep_left_out`)."""
    return stats_path().with_name("stats-left-out.json")


def _keep_left_out(gone: list[Profile]) -> Path:
    """Add the records `gone` to the file of those left out, where a player can find them: one
    file, in the statistics' format, of at most PROFILE_LIMIT records (those who played last; a
    record there again is replaced). One that cannot be read is set aside first. Raises OSError."""
    path = left_out_path()
    older = Stats()
    if os.path.lexists(path):
        try:
            older = Stats.from_json(read_json(path))
        except (OSError, ValueError, Damaged) as exc:
            log.warning("records left out, %s, set aside: %s", path, exc)
            set_aside(path)
    keys = {p.key for p in gone}
    older.profiles = gone + [p for p in older.profiles if p.key not in keys]
    older.sort()
    del older.profiles[PROFILE_LIMIT:]
    write_json_atomic(path, older.to_json())
    return path


def _count_match(stats: Stats, name: str, match: "Match", won: bool, shared: bool, best: int | None,
                 kinds: Iterable[str], when: float, hints: int = 0, drawn: bool = False) -> None:
    profile = stats.find(name)
    if profile is None:
        profile = Profile(name)
        stats.profiles.append(profile)
    profile.name = name  # shown as last typed
    profile.last_played = max(profile.last_played, when)
    info = match.info
    g = profile.games.get(match.game)
    if g is None:
        g = profile.games[match.game] = GameRecord(match.game, info.title)
    if g.played >= COUNT_LIMIT:
        return   # a million games counted: the record stays as it is (a count past it is damage)
    g.title = info.title[:TEXT_LIMIT] or match.game
    g.unit_one, g.unit_many = info.unit(1)[:TEXT_LIMIT], info.unit(2)[:TEXT_LIMIT]
    g.played += 1
    g.last_played = max(g.last_played, when)
    if hints:
        g.hinted += 1
        g.hints = _more(g.hints, hints)
    if best is not None:
        best = max(-SCORE_LIMIT, min(SCORE_LIMIT, best))   # (no game comes near: see SCORE_LIMIT)
        g.best = best if g.best is None else max(g.best, best)
    if won:
        g.won += 1
        g.tied += shared
        g.streak += 1
        g.longest = max(g.longest, g.streak)
        profile.streak = _more(profile.streak)
        profile.longest = max(profile.longest, profile.streak)
    elif drawn:
        g.drawn += 1   # (a streak neither grows nor breaks)
    else:
        g.streak = 0
        profile.streak = 0
    for kind in kinds:
        t = g.against.setdefault(kind[:TEXT_LIMIT], Tally())
        t.played += 1
        t.won += won
    if len(g.against) > KIND_LIMIT:
        # (A record holding as many as are kept, of kinds this version does not know, from a
        # newer version or a hand: the first in the screen's order are kept, as reading keeps
        # them; written longer, the file was set aside again after every game.)
        g.against = dict(g.opponents()[:KIND_LIMIT])


def _more(count: int, by: int = 1) -> int:
    """`count` grown by `by`, up to the most a count may be (a file holding more is damaged)."""
    return min(COUNT_LIMIT, count + by)


def forget_profile(name: str) -> None:
    """Delete the profile called `name` (in any case and spacing); nothing happens if there is none.

    Raises OSError only when the statistics cannot be written; a damaged file is set aside.
    """
    loaded = _load()
    stats = loaded.stats
    key = profile_key(name)
    kept = [p for p in stats.profiles if p.key != key]
    if len(kept) == len(stats.profiles) or not loaded.writable:
        return
    stats.profiles = kept
    _save(stats)
