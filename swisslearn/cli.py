"""The command line (``../shared/CONTRACT.md``): ``swisslearn COMMAND ...``.

Exit codes: 0 done; 1 no legal pairing (or ``check`` found differences);
2 bad usage; 3 invalid input (``file:line:col: message`` on stderr).
This module imports no notebook stack (pandas, matplotlib, ipywidgets).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, Sequence, TextIO

from swisslearn.errors import InputError, PairingError, SwisslearnError, UsageError
from swisslearn.formats.trf import TrfDocument, read_trf
from swisslearn.model import PlayerState, Tournament

EXIT_OK, EXIT_NO_PAIRING, EXIT_USAGE, EXIT_INPUT = 0, 1, 2, 3


class _Parser(argparse.ArgumentParser):
    """argparse exits 2 on bad usage already; keep its messages short."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="swisslearn",
                     description="Teach and explain Swiss-system pairings (FIDE Dutch system).")
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    convert = commands.add_parser("convert", help="TRF -> TRF (writes back what it read)")
    convert.add_argument("file", metavar="FILE")
    convert.add_argument("-o", "--output", required=True, metavar="OUT")
    convert.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    convert.set_defaults(run=_convert)

    show = commands.add_parser("show", help="standings and each player's state before a round")
    show.add_argument("file", metavar="FILE")
    show.add_argument("--round", type=int, metavar="N",
                      help="the round about to be paired (default: the next one)")
    show.add_argument("--json", action="store_true", help="print JSON")
    show.set_defaults(run=_show)

    for register in _EXTRA_COMMANDS:
        register(commands)
    return parser


# Other modules (engines, generators) add their sub-commands here, so that
# this file does not need to know every engine.
_EXTRA_COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = []  # type: ignore[type-arg]


def _version() -> str:
    from swisslearn import __version__
    return f"swisslearn {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args, sys.stdout))
    except InputError as error:
        print(f"{error.location()}: {error.message}", file=sys.stderr)
        return EXIT_INPUT
    except PairingError as error:
        print(f"swisslearn: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except UsageError as error:
        print(f"swisslearn: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SwisslearnError as error:  # pragma: no cover - every subclass is handled above
        print(f"swisslearn: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK


def read_input(path: str) -> TrfDocument:
    """Read FILE as the contract says (TRF; plain lists come with the simple system)."""
    return read_trf(path)


def _output_path(path: str, source: str, force: bool) -> Path:
    out = Path(path)
    if out.resolve() == Path(source).resolve():
        raise UsageError(f"{path}: will not write over the input file")
    if out.exists() and not force:
        raise UsageError(f"{path} exists: use --force to replace it")
    return out


def _convert(args: argparse.Namespace, stdout: TextIO) -> int:
    document = read_input(args.file)
    document.write(_output_path(args.output, args.file, args.force))
    return EXIT_OK


def _round_for(tournament: Tournament, requested: int | None) -> int:
    round = requested if requested is not None else tournament.next_round()
    if round < 1:
        raise UsageError(f"{tournament.source}: round {round} does not exist")
    if tournament.rounds is not None and round > tournament.rounds:
        raise UsageError(f"{tournament.source}: round {round} is after the last round "
                         f"({tournament.rounds})")
    return round


def _state_json(state: PlayerState) -> dict[str, object]:
    return {
        "id": state.id, "name": state.name, "rating": state.rating,
        "score": float(state.score), "colours": state.history_string,
        "colour_difference": state.colour_difference,
        "preference": {"strength": state.preference.strength.name.lower(),
                       "colour": state.preference.colour.value if state.preference.colour else None},
        "floats": [f.value if f else None for f in state.floats],
        "opponents": list(state.opponents), "had_bye": state.had_bye,
        "unplayed_point": state.unplayed_point, "available": state.available,
        "withdrawn": state.withdrawn,
    }


def _show(args: argparse.Namespace, stdout: TextIO) -> int:
    tournament = read_input(args.file).tournament
    round = _round_for(tournament, args.round)
    states = sorted(tournament.states(round), key=lambda s: (-s.score, tournament.pairing_number(s.id)))
    if args.json:
        json.dump({"round": round, "players": [_state_json(s) for s in states]}, stdout,
                  ensure_ascii=False)
        stdout.write("\n")
        return EXIT_OK
    title = tournament.name or tournament.source
    stdout.write(f"{title}: state of each player before round {round}\n")
    stdout.write(f"{'#':>3} {'id':>4}  {'name':<28} {'rating':>6} {'pts':>5}  "
                 f"{'colours':<14} {'diff':>4} {'pref':<5} floats\n")
    for rank, s in enumerate(states, 1):
        floats = "".join(f.arrow if f else "." for f in s.floats)
        notes = []
        if s.had_bye:
            notes.append("had bye")
        if s.unplayed_point and not s.had_bye:
            notes.append("unplayed point")
        if s.withdrawn:
            notes.append("withdrawn")
        elif not s.available:
            notes.append("absent")
        if s.last_round_exception:
            notes.append(">50% last round")
        colours = "".join("-" if c is None else c.letter for c in s.colour_history)
        stdout.write(f"{rank:>3} {s.id:>4}  {s.name[:28]:<28} {s.rating:>6} {s.score!s:>5}  "
                     f"{colours:<14} {s.colour_difference:>+4d} {s.preference!s:<5} "
                     f"{floats:<8} {', '.join(notes)}".rstrip() + "\n")
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
