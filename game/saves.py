"""Saved games and replays, one file per match in the user data folder.

- `saves/<match id>.json`: an unfinished game, written atomically after every action (by a
  background writer when the table saves, so no frame waits for the disk), so a killed process
  loses at most the moves whose write was still on its way (the last one, unless the disk is
  slow). The title screen lists them under Continue.
- `replays/<match id>.json`: a finished game (or an unfinished one retired from a full Continue
  list): the same record plus who won and what chance decided at every move, so that anyone can
  watch it again or check that it was dealt from its seed (`python -m game verify`).

Both are the save format (game, config, seed, seats, actions) with a small `summary` that lists
can show without replaying anything. 0.1.0's single `autosave.json` is moved into `saves/` the
first time the list is read.
"""

from __future__ import annotations

import atexit
import errno
import logging
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Collection, Mapping

from game import paths
from game.core.contract import BadSave, IllegalAction, NewerSave
from game.core.match import Match, load_match, load_or_set_aside, newer_format, read_record, safe_id
from game.core.storage import (LATEST_TIME, RECORD_BYTES, BackgroundWriter, clean_leftovers, encode_json,
                                read_json, set_aside, write_json_atomic, write_text_atomic)
from game.core.text import clean_name, clean_text, quoted

log = logging.getLogger(__name__)

MAX_SAVES = 20       # unfinished games under Continue; older ones are retired to the replays
MAX_REPLAYS = 200    # the oldest replays go first
MAX_NAMED = 5        # games a message names one by one; the rest are counted
LEGACY_AUTOSAVE = "autosave.json"
MAX_SEATS = 16       # no game seats more; a list of more players is damage
MAX_PLACE = 48       # characters of the map or board name shown beside a game (as a map name is cut)


def _folder(name: str, what: str) -> Path:
    return paths.ensure_folder(paths.user_data_dir() / name, what)


def saves_dir() -> Path:
    """The unfinished games; raises paths.UserFolderError when it cannot be created."""
    return _folder("saves", "saved games")


def replays_dir() -> Path:
    """The replays; raises paths.UserFolderError when it cannot be created."""
    return _folder("replays", "replays")


def save_path(match: Match) -> Path:
    return saves_dir() / f"{match.match_id}.json"


def replay_path(match: Match) -> Path:
    return replays_dir() / f"{match.match_id}.json"


ANALYSIS_SUFFIX = ".analysis.json"   # beside a replay: what Analyse found in it
MAX_ANALYSIS_BYTES = 2 * 1024 * 1024


def analysis_path(replay: Path) -> Path:
    """Where the analysis of the replay at `replay` is kept (the lists skip it: a dot in its stem)."""
    return replay.with_name(replay.stem + ANALYSIS_SUFFIX)


def _kept_analysis_path(match: Match, source: Path | None) -> Path | None:
    """Where `match`'s analysis is kept: beside its replay in the replays folder, and only when
    the record shown is that replay (`source`, the file it was opened from; None: the match
    itself, from its results). A copy opened from elsewhere has none."""
    replay = replay_path(match)
    if source is not None and Path(source).resolve() != replay.resolve():
        return None
    return analysis_path(replay) if replay.is_file() else None


def load_analysis(match: Match, source: Path | None = None) -> Any:
    """The kept analysis of `match`'s replay as read (checked by whoever uses it), or None when
    there is none or it cannot be read (logged; the replay itself is not touched)."""
    try:
        path = _kept_analysis_path(match, source)
        if path is None or not path.exists():
            return None
        return read_json(path, MAX_ANALYSIS_BYTES)
    except (OSError, ValueError) as exc:   # (a UserFolderError is an OSError)
        log.warning("the analysis kept for %s could not be read: %s", match.match_id, exc)
        return None


def keep_analysis(match: Match, data: Any, source: Path | None = None, *, wait: bool = False) -> bool:
    """Keep `data` as the analysis of `match`'s replay (see `_kept_analysis_path`); False when
    it is not kept. By the background writer, so a frame never waits for the disk, unless `wait`."""
    try:
        path = _kept_analysis_path(match, source)
        if path is None:
            return False
        text = encode_json(data, compact=True)
        if wait:
            _writer.flush()
            _writer.forget(path)
            write_text_atomic(path, text)
        else:
            _writer.put(path, text)
        return True
    except OSError as exc:   # (a UserFolderError too)
        log.warning("the analysis of %s could not be kept: %s", match.match_id, exc)
        return False


def delete_replay(path: Path) -> None:
    """Delete a replay and the analysis kept beside it (the analysis first: where the disk
    refuses, the replay is still there, as the message then says)."""
    _writer.flush()   # an analysis still being written would otherwise outlive its replay
    delete_file(analysis_path(path))
    delete_file(path)


# ============================================================================ what lists show
@dataclass(frozen=True)
class Entry:
    """A saved game or a replay as a list shows it, read without replaying the moves."""

    path: Path
    game: str
    title: str
    seats: tuple[str, ...]        # each seat as "Ana" or "Dusty (easy bot)"
    progress: str                 # "Round 3 of 8"
    moves: int
    when: float                   # last played (saves) or finished (replays)
    winners: tuple[str, ...] = ()
    finished: bool = True
    place: str = ""               # the map or board played on ("" where a game has no choice)
    # Saves: its place in the order the saves were written (see `_write_save`); 0 for a file
    # written before the game numbered them.
    order: int = 0

    @property
    def heading(self) -> str:
        """The game's title, and the map or board when it has one: "Gold Mine · Red Heart Hill"."""
        return f"{self.title} · {self.place}" if self.place else self.title

    @property
    def players(self) -> str:
        names = list(self.seats)
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    @property
    def names(self) -> str:
        """The players' names only ("Ana, Dusty and Nell"): bots' names say enough in a list."""
        names = [n.rsplit(" (", 1)[0] if n.endswith(" bot)") else n for n in self.seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    @property
    def result(self) -> str:
        if not self.finished:
            return "unfinished"
        if not self.winners:
            return "nobody won"
        return " & ".join(self.winners) + (" won" if len(self.winners) == 1 else " tied")


def _summary(match: Match) -> dict[str, Any]:
    out: dict[str, Any] = {
        "title": match.info.title,
        "seats": [s.describe() for s in match.seats],
        "progress": match.progress(),
        "moves": len(match.actions),
    }
    place = match.state.place()
    if place:
        out["place"] = place
    if match.is_over():
        outcome = match.state.outcome()
        out["winners"] = [match.seats[w].name for w in outcome.winners]
        out["scores"] = [[s.player, s.total] for s in outcome.scores]
    return out


def _entry(path: Path, data: Any, when_key: str) -> Entry:
    """The list entry for a file's contents; raises BadSave when it is not one of ours."""
    from game.games import GAMES, listing

    if newer_format(data):
        raise NewerSave("it was made by a newer version of Mother Lode")   # (whatever else it holds)
    if not isinstance(data, Mapping) or not isinstance(data.get("summary"), Mapping):
        raise BadSave("the file has no summary")
    s = data["summary"]
    game = str(data.get("game", ""))
    if game not in GAMES:
        raise BadSave(f"no game called {quoted(game)}")
    seats = s.get("seats")
    if not isinstance(seats, list) or not seats or len(seats) > MAX_SEATS:
        raise BadSave("the file names no players" if not seats or not isinstance(seats, list)
                      else f"the file names more than {MAX_SEATS} players")
    if not all(isinstance(x, str) for x in seats):
        raise BadSave("a player in the file has no name")
    when = data.get(when_key)
    if not (isinstance(when, (int, float)) and not isinstance(when, bool) and 0 <= when < LATEST_TIME):
        when = path.stat().st_mtime
    winners = s.get("winners", [])
    if not isinstance(winners, list) or len(winners) > MAX_SEATS:
        winners = []
    moves = s.get("moves")
    order = data.get("order")
    # Names and words from the file are cleaned here, where they come in: no control characters
    # nor lone surrogates, no absurd lengths (see game.core.text).
    return Entry(path=path, game=game, title=listing(game).title,
                 seats=tuple(_seat_label(x) for x in seats),
                 progress=clean_text(s.get("progress", "")),
                 moves=moves if isinstance(moves, int) and 0 <= moves <= 10**7 else 0,
                 when=float(when),
                 winners=tuple(clean_name(w) for w in winners),
                 # (A save that holds a game's end: the process died as it was being kept.)
                 finished=bool(data.get("finished", when_key == "ended" or "scores" in s)),
                 place=clean_text(s.get("place", ""), MAX_PLACE, ellipsis=True),
                 order=order if type(order) is int and 0 <= order <= MAX_ORDER else 0)


def _seat_label(text: str) -> str:
    """A seat as listed: "Ana", or "Dusty (easy bot)" (a cleaned name and a cleaned level)."""
    if text.endswith(" bot)") and " (" in text:
        name, level = text[:-len(" bot)")].rsplit(" (", 1)
        return f"{clean_name(name)} ({clean_text(level, 20)} bot)"
    return clean_name(text)


# ============================================================================ saved games
def autosave(match: Match, *, wait: bool = True) -> str | None:
    """Save `match` after an action: an unfinished game in its save file, a finished one as a
    replay (its save removed, its players' statistics counted). Returns a message for the player
    when something they had was found damaged and set aside on the way, else None.

    With `wait=False` (the table, after every move) an unfinished game's file is written by the
    background writer and this returns before the disk is done; an earlier background write of
    this match that failed raises its OSError here. A finished game is always kept at once."""
    if match.spectator:
        return None
    if match.is_over():
        return finish(match)
    _write_save(match, wait)
    return None


# Continue lists the saves in the order they were last written, newest first: each save carries
# its number in that order ("order"), one more than the newest number in its folder. The clock
# cannot be trusted with it: put back (a dead clock battery, a computer offline), it listed the
# game being played under older ones, so that the first Resume opened another, and a full
# Continue retired it to the replays. "updated" stays the clock's, for "last played".
MAX_ORDER = 2**53
_orders: dict[Path, int] = {}   # saves folder -> the highest number written or read there


def _next_order(folder: Path) -> int:
    """The number of the next save written in `folder` (the folder is read for it once a run,
    unless the title has listed it already)."""
    if folder not in _orders:
        highest = 0
        for path in folder.glob("*.json") if folder.is_dir() else ():
            try:
                order = read_json(path, RECORD_BYTES).get("order")
            except (OSError, ValueError, AttributeError):
                continue
            if type(order) is int and 0 <= order <= MAX_ORDER:
                highest = max(highest, order)
        _orders[folder] = highest
    _orders[folder] = min(MAX_ORDER, _orders[folder] + 1)
    return _orders[folder]


def _write_save(match: Match, wait: bool = True) -> None:
    data = match.to_json()
    path = save_path(match)
    data["updated"] = time.time()
    data["order"] = _next_order(path.parent)
    data["summary"] = _summary(match)
    text = encode_json(data, compact=True)
    if wait:
        _writer.flush()
        _writer.forget(path)   # this write supersedes one that failed in the background
        write_text_atomic(path, text)
    else:
        _writer.put(path, text)


def flush() -> None:
    """Wait until every save handed to the background writer is on disk."""
    _writer.flush()


_writer = BackgroundWriter()
# A normal exit (the window closed, the game quit) waits for the last save to be written.
atexit.register(_writer.flush, None, 10.0)


_kept_finished: set[str] = set()   # matches whose finished replay this run has written


def finish(match: Match, *, saved: bool = False, source: Path | None = None) -> str | None:
    """A finished game: keep it as a replay, count it in the statistics, remove its save.

    Safe to call more than once for the same match (the statistics count each match once). The
    first time, the save is written with the last move before the replay (unless it holds it
    already: `saved`): if the replay cannot be written (a full disk) or the process is killed
    half-way, the finished game stays under Continue as it ended, never a move before its end
    (where its last turn could be played again, its result known), and is finished again when it
    is resumed. Once its replay is written, it is never saved again (that would only bring it
    back to Continue). `source`: the save file it was read from, when that is not the one its id
    names (a copy the player made): that file goes."""
    _writer.flush()   # a save still being written would otherwise outlive its removal
    save = source or save_path(match)   # (before the replay, which may give the match a new id)
    if not saved and str(match.match_id) not in _kept_finished:
        try:
            _write_save(match)
        except OSError as exc:   # (the replay may still be written: tried all the same)
            log.error("could not keep the finished game's last move: %s", exc)
    write_replay(match)
    _kept_finished.add(str(match.match_id))
    message = None
    from game.stats import record_match

    try:
        message = record_match(match)
    except OSError as exc:
        log.error("could not record the statistics: %s", exc)
    delete_file(save)
    return message


# What a system's reason means for the player, where its words alone would leave them guessing
# (the messages that follow say to put it right: a full disk is not what a read-only one needs).
_REFUSED = "the game may not write in its folder, or another program holds the file"
_MEANING = {errno.EACCES: _REFUSED, errno.EPERM: _REFUSED,
            errno.EROFS: "its disk cannot be written"}


def failure_reason(exc: OSError) -> str:
    """Why a save could not be written, in a few words: which folder failed, or the system's reason
    (with what it means, where that is not plain)."""
    if isinstance(exc, paths.UserFolderError):
        return f"no {exc.what} folder: {exc.reason}"
    reason = exc.strerror or str(exc)
    meaning = _MEANING.get(exc.errno) if exc.errno is not None else None
    return f"{reason}: {meaning}" if meaning else reason


def delete_file(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _migrate_legacy() -> str | None:
    """Move 0.1.0's single autosave into the saves folder (a damaged one is set aside)."""
    old = paths.user_data_dir() / LEGACY_AUTOSAVE
    if not old.exists():
        return None
    match, message = load_or_set_aside(old)
    if match is None:
        return message
    autosave(match)
    delete_file(old)
    log.info("moved the 0.1.0 autosave into the saves folder as %s", match.match_id)
    return None


def list_saves() -> tuple[list[Entry], list[str]]:
    """The unfinished games, newest first, and messages for the player (files set aside, games
    retired to the replays because the list was full)."""
    global _moving
    _writer.flush()
    messages: list[str] = []
    legacy = _migrate_legacy()
    if legacy:
        messages.append(legacy)
    folder = saves_dir()
    entries = _read_folder(folder, "updated", messages, "saved game")
    _keep_ended([e for e in entries if e.finished], entries, messages)
    _orders[folder] = max([_orders.get(folder, 0), *(e.order for e in entries)])
    entries.sort(key=lambda e: (e.order, e.when, e.path.name), reverse=True)
    if len(entries) > MAX_SAVES:
        retired = entries[MAX_SAVES:]
        entries = entries[:MAX_SAVES]
        names = []
        failed: OSError | None = None
        _moving = []   # the replays written below are kept, however many (see _prune_replays)
        try:
            for e in retired:
                try:
                    moved = _retire(e, messages)
                except OSError as exc:   # (a full disk, a replays folder that cannot be written)
                    log.error("could not retire %s: %s", e.path.name, exc)
                    failed = exc
                    entries.append(e)   # not moved: it stays under Continue, nothing lost
                    continue
                except Exception:   # a fault in the game: it stays, the others go on
                    log.exception("could not retire %s", e.path.name)
                    entries.append(e)
                    continue
                if moved:   # (else it was damaged, and set aside with a message)
                    names.append(f"{e.title} with {e.players} ({e.progress})")
        finally:
            kept, _moving = _moving, None
            if kept:
                try:
                    _prune_replays(keep=kept)
                except OSError as exc:   # (as writing them: the replays folder unusable)
                    log.error("could not prune the replays: %s", exc)
        if names:
            shown = "; ".join(names[:MAX_NAMED]) + (
                f"; and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else "")
            messages.append(
                f"Only the {MAX_SAVES} newest unfinished games are kept under Continue. "
                f"Moved to Replays, where they can still be watched: {shown}.")
        if failed is not None:
            messages.append(f"The oldest unfinished games could not be moved to Replays "
                            f"({failed.strerror or failed}); they stay under Continue.")
    return entries, messages


def _keep_ended(ended: list[Entry], entries: list[Entry], messages: list[str]) -> None:
    """Saves that hold a game's end (the process died while the game was being kept): kept now
    as replays and counted, as they would have been, and taken off `entries`; never offered under
    Continue, where Delete would lose them uncounted. One that cannot be kept yet stays."""
    kept = []
    for e in ended:
        try:
            moved = _retire(e, messages, ended_only=True)
        except OSError as exc:   # (a full disk: it stays under Continue, as it ended, for now)
            log.error("could not keep the ended game %s: %s", e.path.name, exc)
            continue
        except Exception:   # a fault in the game: this one stays as it is, the others are listed
            log.exception("the ended game %s could not be kept", e.path.name)
            messages.append(f"A game that ended, {e.title} with {e.players}, could not be kept in "
                            f"Replays yet; it stays under Continue ({e.path.name}).")
            continue
        if moved is None:   # its summary said it ended, its moves do not (a damaged file): it
            entries[entries.index(e)] = replace(e, finished=False)   # stays, to be played on
            continue
        entries.remove(e)
        if moved:
            kept.append(f"{e.title} with {e.players} ({e.result})")
    if kept:
        messages.append("A game that ended as Mother Lode last closed is kept in Replays and counted "
                        f"in the statistics: {'; '.join(kept[:MAX_NAMED])}"
                        + (f"; and {len(kept) - MAX_NAMED} more." if len(kept) > MAX_NAMED else "."))


def _read_folder(folder: Path, when_key: str, messages: list[str], what: str) -> list[Entry]:
    clean_leftovers(folder)  # temporary files a killed autosave left behind
    entries: list[Entry] = []
    for path in sorted(folder.glob("*.json")):
        if "." in path.stem:
            continue  # a file set aside earlier ("<id>.unreadable-<when>.json")
        # Whatever else has the name of a save (a folder, a FIFO, a damaged file) is set aside:
        # read_json refuses it without waiting on it.
        try:
            entries.append(_entry(path, read_json(path, RECORD_BYTES), when_key))
        except NewerSave:
            # Sound for the version that made it: not listed here, and left where it is.
            messages.append(f"A {what} was made by a newer version of Mother Lode: {path.name}. "
                            f"Update the game to open it; it stays in {path.parent}.")
        except PermissionError as exc:
            # Refused, not damaged (on Windows, another program holding it for a moment): left
            # as it is, and read again next time.
            messages.append(in_use_message(f"A {what}", path, exc))
        except (OSError, ValueError, TypeError, OverflowError, BadSave) as exc:
            messages.append(_set_aside_message(path, f"A {what} could not be read", exc))
    return entries


def in_use_message(what: str, path: Path, exc: OSError) -> str:
    """What to say of a file the system would not let the game read (not a damaged one)."""
    return (f"{what} could not be read just now: {path.name} ({exc.strerror or exc}; another "
            f"program may be using it). It is left as it is, in {path.parent}, and read again "
            "next time.")


def _set_aside_message(path: Path, what: str, exc: Exception) -> str:
    reason = exc.strerror or str(exc) if isinstance(exc, OSError) else str(exc)
    try:
        kept = set_aside(path)
        where = f" It was kept as {kept.name}."
    except OSError as err:
        log.error("could not set %s aside: %s", path, err)
        where = (f" It could not be moved aside ({err.strerror or err}) and is left as it is,"
                 f" in {path.parent}.")
    return f"{what}: {path.name} ({reason}).{where}"


def _retire(entry: Entry, messages: list[str], *, ended_only: bool = False) -> bool | None:
    """Move a game from Continue to the replays (kept, never deleted): an unfinished one, or one
    that ended but was not yet kept (see `finish`), which is finished there and counted (what
    that has to say, a damaged statistics file set aside say, joins `messages`). False when the
    file was damaged and set aside; with `ended_only`, None (and nothing done) for a game whose
    moves have not ended it."""
    try:
        match = load_match(entry.path)
        _own_id(match, entry.path)
    except BadSave as exc:
        if isinstance(exc.__cause__, OSError):
            # Not opened (on Windows, another program holding it for a moment): not damage. It
            # stays under Continue, as a game the replays folder refused does.
            raise exc.__cause__ from None
        # Damaged inside (its moves), where the list read only its summary.
        log.warning("could not retire %s: %s", entry.path.name, exc)
        messages.append(_set_aside_message(entry.path, "A saved game could not be read", exc))
        return False
    if ended_only and not match.is_over():
        return None
    if match.is_over():
        # (Its file holds the end already, and keeps its age; that file goes once it is kept.)
        notice = finish(match, saved=True, source=entry.path)
        if notice:
            messages.append(notice)
        return True
    write_replay(match)
    delete_file(entry.path)
    return True


def resume(entry: Entry) -> tuple[Match | None, str | None]:
    """The saved match of `entry`, or None and a message (a damaged save is set aside). A save
    is known by its file's name (`_own_id`): one in a file of another name (a copy the player
    made) moves to a file of its own first."""
    _writer.flush()
    match, message = load_or_set_aside(entry.path)
    if match is not None and _own_id(match, entry.path) != entry.path.stem:
        try:
            _write_save(match)
            delete_file(entry.path)
        except OSError as exc:   # (it is saved again after each move; the copy stays till then)
            log.error("could not move %s to a file of its own: %s", entry.path.name, exc)
    return match, message


def _own_id(match: Match, path: Path) -> str:
    """Give `match`, read from `path`, the id its file name says: a copy of a save (a backup, a
    file from another machine) holds the id of the game it was copied from, and saving it under
    that id would write over that game's save or, at its end, its replay. A file name no id may
    have (spaces, say) gives a fresh id."""
    match.match_id = safe_id(path.stem)
    return match.match_id


# ============================================================================ replays
def write_replay(match: Match) -> Path:
    """Keep `match` as a replay: the save record, who won, and what chance decided at each move."""
    data = match.to_json()
    data["kind"] = "replay"
    data["finished"] = match.is_over()
    data["ended"] = time.time()
    data["summary"] = _summary(match)
    data["outcomes"] = match.revealed_outcomes()
    path = replay_path(match)
    if not _free_for(path, data):
        # Another game's replay has this name (two games of one id): this one takes a new id.
        while path.exists():
            match.match_id = data["match_id"] = safe_id("")
            path = replay_path(match)
    write_json_atomic(path, data)
    if _moving is not None:
        _moving.append(path)
    else:
        _prune_replays(keep=[path])
    return path


def _free_for(path: Path, data: Mapping[str, Any]) -> bool:
    """Whether the replay of the game `data` may be written at `path`: nothing is there, or a
    replay of the same game (written again: the same game, seed, start and players)."""
    if not path.exists():
        return True
    try:
        there = read_json(path, RECORD_BYTES)
    except (OSError, ValueError, TypeError, OverflowError):
        return False   # (not read: kept, as anything the player had)
    same = ("game", "seed", "started", "seats")
    return isinstance(there, Mapping) and all(there.get(k) == data.get(k) for k in same)


# While `list_saves` moves games from Continue to the replays: the replays it has written, which
# the player is told are there (None the rest of the time).
_moving: list[Path] | None = None


def _prune_replays(keep: Collection[Path] = ()) -> None:
    """Keep the newest MAX_REPLAYS replays (by when each was written), and every one in `keep`:
    the game that just ended, and games just moved there from Continue, however many, until newer
    replays follow them."""
    folder = replays_dir()
    files = [p for p in folder.glob("*.json") if "." not in p.stem and p.is_file()]
    if len(files) > MAX_REPLAYS:
        # (A file dated ahead, from a machine whose clock ran fast, counts as written now.)
        now = time.time()
        files.sort(key=lambda p: min(p.stat().st_mtime, now))
        spare = set(keep)
        for p in [p for p in files if p not in spare][:len(files) - MAX_REPLAYS]:
            delete_replay(p)
    # An analysis whose replay is gone (deleted by hand, say) goes too.
    for p in folder.glob("*" + ANALYSIS_SUFFIX):
        if not p.with_name(p.name[:-len(ANALYSIS_SUFFIX)] + ".json").exists():
            delete_file(p)


def list_replays() -> tuple[list[Entry], list[str]]:
    """Every replay, newest first, and messages about files that had to be set aside."""
    _writer.flush()
    messages: list[str] = []
    entries = _read_folder(replays_dir(), "ended", messages, "replay")
    entries.sort(key=lambda e: (e.when, e.path.name), reverse=True)
    return entries, messages


def load_replay(path: Path) -> tuple[Match, list[str]]:
    """A replay's match at its start (no action played) and all its actions; raises BadSave,
    also when a move cannot be played (a damaged file, or one from another version), so that the
    viewer never meets it halfway through the game."""
    data = read_record(path, "replay")
    match, actions = Match.from_header(data)
    summary = data.get("summary") if isinstance(data, Mapping) else None
    claimed = summary.get("moves") if isinstance(summary, Mapping) else None
    if isinstance(claimed, int) and not isinstance(claimed, bool) and claimed != len(actions):
        # (The list shows the summary's count: a file cut short would stop mid-game, unexplained.)
        raise BadSave(f"the replay holds {len(actions)} moves where its summary says {claimed}; "
                      "the file is damaged")
    for i, action in enumerate(actions):
        try:
            match.play_recorded(action)
        except (IllegalAction, ValueError, KeyError, TypeError) as exc:
            raise BadSave(f"move {i + 1} of the replay cannot be played "
                          f"({clean_text(str(exc), 120, ellipsis=True)}); the file is damaged or comes from "
                          "another version of Mother Lode") from exc
    match.rewind(0)
    return match, actions


def replay_of(match: Match) -> tuple[Match, list[str]]:
    """A fresh copy of `match` at its start, and its actions (to watch a game just played)."""
    return Match.from_header(match.to_json())
