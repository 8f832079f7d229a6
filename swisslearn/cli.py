"""The command line (``../shared/CONTRACT.md``): ``swisslearn COMMAND ...``.

Exit codes: 0 done; 1 no legal pairing (or ``check`` found differences);
2 bad usage; 3 invalid input (``file:line:col: message`` on stderr).
This module imports no notebook stack (pandas, matplotlib, ipywidgets).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Iterator, Sequence, TextIO

from swisslearn import systems
from swisslearn.errors import InputError, PairingError, SwisslearnError, UsageError
from swisslearn.explain import explain, why
from swisslearn.formats.paired import with_paired_round
from swisslearn.formats.plainlist import (PlainListDocument, converted, is_plain_list_text,
                                          read_plain_list)
from swisslearn.formats.trf import TrfDocument, read_trf
from swisslearn.model import Colour, PlayerState, Result, Tournament
from swisslearn.protections import Protections, ProtectionsApplied
from swisslearn.protections import trace as protected_trace
from swisslearn.systems import System
from swisslearn.trace import Event, RoundPaired, event_to_json

EXIT_OK, EXIT_NO_PAIRING, EXIT_USAGE, EXIT_INPUT = 0, 1, 2, 3


def build_parser() -> argparse.ArgumentParser:
    # argparse itself exits 2 on bad usage, as the contract wants.
    parser = argparse.ArgumentParser(prog="swisslearn",
                     description="Teach and explain Swiss-system pairings (FIDE Dutch system).")
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    convert = commands.add_parser("convert", help="TRF <-> plain list by OUT's extension "
                                     "(.txt: plain list; .trf/.trfx: TRF)")
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

    pair = commands.add_parser("pair", help="pair a round")
    _common(pair)
    pair.add_argument("--json", action="store_true", help="print the CONTRACT's JSON")
    pair.add_argument("--explain", action="store_true",
                      help="print each step of the procedure, explained")
    pair.add_argument("-o", "--output", metavar="OUT",
                      help="also write FILE with the round paired in it (TRF: each board's "
                           "round blocks with no result yet, the byes, the protections "
                           "frozen with the round), never over FILE")
    pair.add_argument("--force", action="store_true", help="replace OUT if it exists")
    pair.set_defaults(run=_pair)

    trace = commands.add_parser("trace", help="every event of a round's pairing")
    _common(trace)
    trace.add_argument("--jsonl", action="store_true", help="one JSON object per line")
    trace.set_defaults(run=_trace)

    why = commands.add_parser("why", help="why two players were paired, or why not")
    _common(why)
    why.add_argument("a", type=int, metavar="A")
    why.add_argument("b", type=int, metavar="B")
    why.set_defaults(run=_why)

    check = commands.add_parser("check", help="re-pair every round and compare")
    check.add_argument("file", metavar="FILE")
    check.add_argument("--system", metavar="S")
    check.add_argument("--json", action="store_true")
    _protection_options(check)
    check.set_defaults(run=_check)

    tables = commands.add_parser("tables", help="D1 and D2 orders for a bracket of N players")
    tables.add_argument("n", type=int, metavar="N")
    tables.add_argument("--json", action="store_true")
    tables.add_argument("--all-sizes", action="store_true",
                        help="list exchanges of every size, not only one and two players")
    tables.set_defaults(run=_tables)

    from swisslearn.generate import register as register_generate
    register_generate(commands)
    return parser


def _common(command: argparse.ArgumentParser) -> None:
    command.add_argument("file", metavar="FILE")
    command.add_argument("--system", metavar="S",
                         help="dutch-1998 (default), dutch-2026, team-2026, simple")
    command.add_argument("--round", type=int, metavar="N",
                         help="the round to pair (default: the first with no pairing)")
    command.add_argument("--lang", choices=("fr", "en"), default="fr")
    command.add_argument("--literal", action="store_true",
                         help="dutch-1998: try every transposition and exchange one by one "
                              "(the course's literal reading; small brackets only, same pairing)")
    _protection_options(command)


def _protection_options(command: argparse.ArgumentParser) -> None:
    """Seed 002's protections (CONTRACT): ``--avoid`` and ``--group``, repeatable."""
    command.add_argument("--avoid", action="append", default=[], metavar="ATTRIBUTE:CONSTRAINT",
                         help="one group per value of a player attribute (federation, club...); "
                              "CONSTRAINT: strict, soft-bottom, soft-avoid (or none)")
    command.add_argument("--group", action="append", default=[],
                         metavar="NAME:ID,ID,...:CONSTRAINT", help="a manual protection group")


def _protections(args: argparse.Namespace, document: object,
                 round: int | None = None) -> Protections:
    """The file's protections (its XS? records) with the command line's; a
    note on stderr when ``round`` was paired with groups the file froze."""
    protections = Protections.from_document(document).with_options(args.avoid, args.group)
    if round is not None and (args.avoid or args.group) and protections.frozen_round(round):
        print(f"swisslearn: note: round {round} was paired with the protection groups frozen "
              "in the file (XSR records); --avoid/--group apply to the rounds not paired yet",
              file=sys.stderr)
    return protections


def _round_events(args: argparse.Namespace, tournament: Tournament, round: int,
                  system: System, protections: Protections) -> Iterator[Event]:
    """The events of the round's pairing; with ``--literal``, dutch-1998's
    literal mode (every candidate one by one)."""
    if not getattr(args, "literal", False):
        return protected_trace(tournament, round, system=system, protections=protections)
    if system.name != "dutch-1998":
        raise UsageError(f"--literal is the literal mode of dutch-1998; {system.name} has none")
    if protections.active:
        raise UsageError("--literal does not combine with protections (--avoid, --group or "
                         "the file's XS records): pair without --literal (same pairing)")
    from swisslearn.dutch1998.procedure import trace as trace_1998
    return trace_1998(tournament, round, literal=True)


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


def read_input(path: str) -> TrfDocument | PlainListDocument:
    """Read FILE as the contract says: a plain list (seed 003) if it ends in
    ``.txt`` without a TRF header, else a TRF."""
    if path.lower().endswith(".txt"):
        try:
            text: str | None = Path(path).read_bytes().decode("utf-8", errors="replace")
        except OSError:
            text = None  # read_trf reports it
        if text is not None and is_plain_list_text(text):
            return read_plain_list(path)
    from swisslearn.formats.teams import with_teams  # teams (310/013) as the players
    return with_teams(read_trf(path))


def _output_path(path: str, source: str, force: bool) -> Path:
    out = Path(path)
    if out.resolve() == Path(source).resolve() or _same_file(out, Path(source)):
        raise UsageError(f"{path}: will not write over the input file")
    if out.is_dir():
        raise UsageError(f"{path} is a folder: expected a file name for the output")
    if out.exists() and not force:
        raise UsageError(f"{path} exists: use --force to replace it")
    return out


def _same_file(a: Path, b: Path) -> bool:
    """Two names of one file (a hard link, another path to it)?"""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _convert(args: argparse.Namespace, stdout: TextIO) -> int:
    document = read_input(args.file)
    out = _output_path(args.output, args.file, args.force)
    converted(document, out).write(out)  # .txt: plain list; .trf/.trfx: TRF
    return EXIT_OK


def _round_for(tournament: Tournament, requested: int | None) -> int:
    return tournament.round_to_pair(requested)


def _state_json(state: PlayerState) -> dict[str, object]:
    return {
        "id": state.id, "name": state.name, "rating": state.rating,
        "score": float(state.score),
        "colours": "".join("-" if c is None else c.letter for c in state.colour_history),
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


def _system(args: argparse.Namespace, tournament: Tournament) -> System:
    system = systems.get(args.system, tournament)
    if args.system is None and tournament.system and system.name == systems.DEFAULT:
        print(f"swisslearn: note: {tournament.source} names the system {tournament.system!r}; "
              f"pairing with {system.name}", file=sys.stderr)
    return system


def _names(tournament: Tournament) -> dict[int, str]:
    return {p.id: p.name for p in tournament.players}


def pair_json(result: RoundPaired) -> dict[str, object]:
    """The CONTRACT's ``pair --json`` object."""
    return {"system": result.system, "round": result.round,
            "boards": [{"board": b.board, "white": b.white, "black": b.black}
                       for b in result.boards],
            "byes": list(result.byes), "released": list(result.released)}


def _pair(args: argparse.Namespace, stdout: TextIO) -> int:
    document = read_input(args.file)
    tournament = document.tournament
    round = _round_for(tournament, args.round)
    system = _system(args, tournament)
    protections = _protections(args, document, round)
    out = None if args.output is None else _output_path(args.output, args.file, args.force)
    result: RoundPaired | None = None
    applied: ProtectionsApplied | None = None
    for event in _round_events(args, tournament, round, system, protections):
        if args.explain and not args.json:
            stdout.write(explain(event, args.lang) + "\n")
        if isinstance(event, ProtectionsApplied):
            applied = event
        if isinstance(event, RoundPaired):
            result = event
    assert result is not None
    if out is not None:
        with_paired_round(document, result, protections=protections,
                          applied=applied).write(out)
    if args.json:
        json.dump(pair_json(result), stdout)
        stdout.write("\n")
        return EXIT_OK
    names = _names(tournament)
    stdout.write(f"{tournament.name or tournament.source}, round {round} ({system.name})\n")
    for board in result.boards:
        stdout.write(f"{board.board:>4}  {board.white:>4} {names[board.white][:30]:<30}  -  "
                     f"{board.black:>4} {names[board.black][:30]}\n")
    for bye in result.byes:
        stdout.write(f" bye  {bye:>4} {names[bye]}\n")
    if result.released:
        stdout.write(f"released from their protections: "
                     f"{', '.join(str(p) for p in result.released)}\n")
    return EXIT_OK


def _trace(args: argparse.Namespace, stdout: TextIO) -> int:
    document = read_input(args.file)
    tournament = document.tournament
    round = _round_for(tournament, args.round)
    for event in _round_events(args, tournament, round, _system(args, tournament),
                               _protections(args, document, round)):
        if args.jsonl:
            stdout.write(json.dumps(event_to_json(event), ensure_ascii=False) + "\n")
        else:
            stdout.write(explain(event, args.lang) + "\n")
    return EXIT_OK


def _why(args: argparse.Namespace, stdout: TextIO) -> int:
    document = read_input(args.file)
    tournament = document.tournament
    round = _round_for(tournament, args.round)
    for pid in (args.a, args.b):
        if pid not in tournament:
            raise UsageError(f"{tournament.source}: no player with pairing number {pid}")
    events = list(_round_events(args, tournament, round, _system(args, tournament),
                                _protections(args, document, round)))
    stdout.write(why(events, args.a, args.b, args.lang) + "\n")
    return EXIT_OK


def recorded_round(tournament: Tournament, round: int) -> tuple[frozenset[tuple[int, int]],
                                                                 frozenset[int]]:
    """The pairing a file records for ``round``: (white, black) pairs and byes."""
    pairs = set()
    byes = set()
    for player in tournament.players:
        entry = player.entry(round)
        if entry is None:
            continue
        if entry.opponent is not None and entry.colour is Colour.WHITE:
            pairs.add((player.id, entry.opponent))
        elif entry.result is Result.PAIRING_ALLOCATED_BYE:
            byes.add(player.id)
    return frozenset(pairs), frozenset(byes)


def check_rounds(tournament: Tournament, system: System,
                 protections: Protections | None = None) -> list[dict[str, object]]:
    """Re-pair each recorded round from the rounds before it and compare
    (with ``protections``: each round with its frozen groups, if any)."""
    from swisslearn.protections import pair as protected_pair
    report = []
    for round in range(1, tournament.rounds_paired + 1):
        expected_pairs, expected_byes = recorded_round(tournament, round)
        differences: list[str] = []
        try:
            if protections is not None and protections.active:
                result = protected_pair(tournament, round, system=system,
                                        protections=protections)
            else:
                result = system.pair(tournament, round)
        except PairingError as error:
            differences.append(f"no pairing: {error}")
        else:
            got_pairs = frozenset(result.pairs())
            got_byes = frozenset(result.byes)
            for white, black in sorted(expected_pairs - got_pairs):
                differences.append(f"recorded {white}-{black}, not paired so")
            for white, black in sorted(got_pairs - expected_pairs):
                differences.append(f"engine pairs {white}-{black}")
            if got_byes != expected_byes:
                differences.append(f"bye: recorded {sorted(expected_byes)}, "
                                   f"engine {sorted(got_byes)}")
            frozen = protections.frozen_round(round) if protections is not None else None
            if (frozen is not None and frozen.threshold is not None
                    and set(frozen.released) != set(result.released)):
                differences.append(f"released: recorded {sorted(frozen.released)}, "
                                   f"engine {sorted(result.released)}")
        report.append({"round": round, "identical": not differences,
                       "differences": differences})
    return report


def _check(args: argparse.Namespace, stdout: TextIO) -> int:
    document = read_input(args.file)
    tournament = document.tournament
    system = _system(args, tournament)
    report = check_rounds(tournament, system, _protections(args, document))
    if args.json:
        json.dump({"rounds": report}, stdout)
        stdout.write("\n")
    else:
        for row in report:
            status = "identical" if row["identical"] else "DIFFERENT"
            stdout.write(f"round {row['round']}: {status}\n")
            for difference in row["differences"]:  # type: ignore[attr-defined]
                stdout.write(f"    {difference}\n")
    return EXIT_OK if all(row["identical"] for row in report) else EXIT_NO_PAIRING


def _tables(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.dutch1998.tables import format_tables, tables
    if args.n < 0:
        raise UsageError(f"a bracket has 0 players or more, not {args.n}")
    size = None if args.all_sizes else 2
    if args.json:
        json.dump(tables(args.n, max_exchange_size=size), stdout)
        stdout.write("\n")
    else:
        stdout.write(format_tables(args.n, max_exchange_size=size))
        if not format_tables(args.n, max_exchange_size=size).endswith("\n"):
            stdout.write("\n")
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
