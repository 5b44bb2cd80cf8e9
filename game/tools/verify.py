"""`python -m game verify FILE`: check that a replay (or a save) was dealt from the seed it shows.

The rules draw every roll, card and shuffle from a generator seeded by the game's seed, so
replaying the recorded actions from that seed must give back, move by move, what the file says
chance decided. Prints `OK` with the game's seed and length, or the first move that does not
replay and why; exit code 0 for OK, 1 otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from game.core.contract import BadSave, IllegalAction
from game.core.match import Match, _plain
from game.core.storage import RECORD_BYTES, read_json
from game.core.text import for_terminal
from game.tools import cli


def verify_data(data: Any) -> tuple[bool, str]:
    """(True, "OK ...") when `data` replays exactly from its seed; else (False, the first problem)."""
    try:
        match, actions = Match.from_header(data)
    except BadSave as exc:
        return False, f"not a game record: {exc}"
    outcomes = data.get("outcomes") if isinstance(data, Mapping) else None
    recorded_moves: list[Any] | None = None
    if isinstance(outcomes, Mapping):
        got = match.revealed_outcomes()["opening"]
        if _plain(outcomes.get("opening")) != got:
            return False, (f"the opening deal does not come from seed {match.seed}: the file says "
                           f"{_short(outcomes.get('opening'))}, the seed gives {_short(got)}")
        moves = outcomes.get("moves")
        if isinstance(moves, list):
            recorded_moves = moves
            if len(moves) != len(actions):
                return False, (f"the file records chance for {len(moves)} moves but lists "
                               f"{len(actions)} moves")
    for i, text in enumerate(actions):
        try:
            match.apply(text)
        except IllegalAction as exc:
            return False, f"move {i + 1} ({text}) does not replay: {exc}"
        if recorded_moves is not None:
            got = match.revealed_outcomes()["moves"][i]
            want = _plain(recorded_moves[i])
            if got != want:
                return False, (f"move {i + 1} ({text}) does not replay: the file says chance gave "
                               f"{_short(want)}, the seed gives {_short(got)}")
    summary = data.get("summary") if isinstance(data, Mapping) else None
    if match.is_over() and isinstance(summary, Mapping) and "winners" in summary:
        winners = [match.seats[w].name for w in match.state.outcome().winners]
        said = summary.get("winners")
        if not isinstance(said, list):
            return False, f"the file's result is damaged (its winners are {_short(said)}, not a list)"
        if [str(w) for w in said] != winners:
            return False, (f"the result does not replay: the file says {summary.get('winners')}, "
                           f"the moves give {winners}")
    checked = "with every roll and draw checked" if recorded_moves is not None else (
        "(the file records no rolls or draws to check)")
    state = "finished" if match.is_over() else "unfinished"
    return True, (f"OK: {match.info.title}, seed {match.seed}, {len(actions)} moves replay "
                  f"{checked}; {state}")


def _short(value: Any, limit: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


@cli.edge("verify")
def main(argv: list[str]) -> int:
    parser = cli.ToolParser(prog="python -m game verify", description=__doc__.splitlines()[0])
    parser.add_argument("file", type=cli.input_file(), help="a replay or saved game (.json)")
    args = parser.parse_args(argv)
    path: Path = args.file
    try:
        data = read_json(path, RECORD_BYTES)
    except (OSError, ValueError) as exc:
        print(f"{for_terminal(str(path))}: cannot be read: {for_terminal(str(exc))}")
        return 1
    ok, message = verify_data(data)
    print(for_terminal(message))
    return 0 if ok else 1
