"""Random, fully played tournaments, each round paired by an engine.

``swisslearn generate --players P --rounds R --seed K -o OUT`` (CONTRACT)
writes a TRF16 file with the JaVaFo extensions (``XXR``, ``XXC white1``):
players with random ratings (sorted, so the starting rank is the rating
order), then, round after round,

1. the byes and absences announced for the round are written into its
   column first (``0000 - H`` requested half-point byes, ``0000 - Z``
   absences, withdrawals and late entries), so that the engine sees those
   players as unavailable;
2. the engine pairs the round from the file as it stands (the text is built
   column by column and read back with :func:`~swisslearn.formats.trf.parse_trf`
   before every round and at the end, so the reader checks every file);
3. results are drawn: a forfeit (``+``/``-``, scheduled colours kept) at
   ``forfeit_rate``, otherwise a game whose expected score is the Elo
   expectation of the rating difference, with draws at ``draw_rate``; the
   engine's bye is ``0000 - U``.

Points (columns 81-84) are always the sum of the results (1, ½, 0; U = 1,
H = ½, Z and ``-`` = 0) and the rank (86-89) the standings rank: score, then
starting rank.

When the engine cannot pair a round (:class:`~swisslearn.errors.PairingError`):

* first, the byes and absences newly drawn for that round (including new
  withdrawals) are cancelled and the round is paired again: an absence must
  not make a round impossible;
* if the round still cannot be paired (more rounds than the players allow,
  e.g. 6 players and 6 rounds), the tournament is generated again from the
  start, with the same seed, declaring one round fewer than the round that
  failed (``XXR`` = the rounds actually played).  Starting again rather
  than cutting the file keeps every round consistent with the engine: the
  number of rounds changes how the last round is paired (A7a, B2: the
  topscorers' exception), so the new last round must be paired knowing it
  is the last.  The file then has fewer rounds than asked for; the command
  line says so on stderr.

Only ``random.Random(seed)`` is used, players and boards are visited in a
fixed order: the same settings give the same bytes, whatever PYTHONHASHSEED.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import (TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, Mapping, Sequence,
                    TextIO, TypeVar)

from swisslearn.errors import Count, PairingError, usage
from swisslearn.words import catalogue

# The model, the TRF writer and the event vocabulary are imported by the
# methods that use them: the command line registers `generate` (register)
# for every command, `swisslearn --help` included, which needs none of them.
if TYPE_CHECKING:
    from swisslearn.formats.trf import TrfDocument
    from swisslearn.model import PlayerId, Result, RoundEntry, RoundNumber, Tournament
    from swisslearn.points import Points
    from swisslearn.trace import Event, RoundPaired

__all__ = ["DrawnRounds", "GeneratorSettings", "generate", "generate_traced", "random_tournaments",
           "register", "SYSTEMS", "FEDERATIONS"]

#: What :class:`DrawnRounds` keeps of each round (a drill bank's own record).
_Drawn = TypeVar("_Drawn")

PairRound = Callable[["Tournament", int], "RoundPaired"]
TraceRound = Callable[["Tournament", int], Iterable["Event"]]

SYSTEMS = ("dutch-1998",)
"""The default system first; ``--system`` takes any individual system of
:mod:`swisslearn.systems` that is available."""

FEDERATIONS = ("FRA", "SUI", "BEL", "LUX", "CAN", "ITA", "GER", "ESP")
"""The federations players are drawn from."""

MAX_ROUNDS = 99  # points stay within the 4 columns 81-84 ("99.0")
MAX_PLAYERS = 9999  # starting ranks have 4 columns


@dataclass(frozen=True)
class GeneratorSettings:
    """What to generate.  Rates are probabilities:

    * ``draw_rate`` (0-0.6): a game between equal ratings is drawn (fewer
      draws as the rating gap grows: the Elo expectation is kept);
    * ``forfeit_rate``: a paired game is lost by forfeit by one of its players;
    * ``half_bye_rate``: a player asks for a half-point bye for a round (H);
    * ``absence_rate``: a player misses a round (zero-point bye, Z);
    * ``withdrawal_rate``: a player withdraws before a round (from round 2):
      Z in that round and every later one;
    * ``late_entry_rate``: a player enters in round 2 or 3 (Z before).

    The last four are per player and per round (late entry: per player);
    absences are never drawn beyond half the field.
    """

    players: int = 16
    rounds: int = 5
    seed: int = 0
    draw_rate: float = 0.3
    forfeit_rate: float = 0.02
    half_bye_rate: float = 0.02
    absence_rate: float = 0.01
    withdrawal_rate: float = 0.005
    late_entry_rate: float = 0.02
    rating_min: int = 1200
    rating_max: int = 2600

    def __post_init__(self) -> None:
        if not 2 <= self.players <= MAX_PLAYERS:
            raise usage("cli.generate.players", value=self.players, most=MAX_PLAYERS)
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise usage("cli.generate.rounds", value=self.rounds, most=MAX_ROUNDS)
        if not 0 <= self.draw_rate <= 0.6:
            raise usage("cli.generate.draw_rate", value=self.draw_rate)
        for name in ("forfeit_rate", "half_bye_rate", "absence_rate", "withdrawal_rate",
                     "late_entry_rate"):
            value = getattr(self, name)
            if not 0 <= value <= 1:
                raise usage("cli.generate.rate", option="--" + name.replace("_", "-"),
                            value=value)
        if self.half_bye_rate + self.absence_rate + self.withdrawal_rate > 1:
            raise usage("cli.generate.rates_sum")
        if not 1 <= self.rating_min <= self.rating_max <= 9999:
            raise usage("cli.generate.ratings", low=self.rating_min, high=self.rating_max)


@dataclass(frozen=True)
class _Entrant:
    """A generated player: what the ``001`` line says before the round blocks."""

    id: PlayerId
    name: str
    sex: str
    rating: int
    federation: str
    fide_id: int
    birth_date: str
    entry_round: RoundNumber  # 1, or the round of a late entry


class _Stuck(Exception):
    """The engine could not pair ``round``, even without the new absences."""

    def __init__(self, round: RoundNumber, error: PairingError) -> None:
        super().__init__(f"round {round}: {error}")
        self.round = round
        self.error = error


def _default_engine() -> PairRound:
    from swisslearn.dutch1998.procedure import pair

    def pair_round(tournament: Tournament, round: int) -> RoundPaired:
        return pair(tournament, round)

    return pair_round


def generate(settings: GeneratorSettings, pair_round: PairRound | None = None) -> TrfDocument:
    """A random tournament played to the end, each round paired by ``pair_round``
    (default: the dutch-1998 engine).  See the module docstring for how a round
    the engine cannot pair is handled (the file then declares fewer rounds).

    Raises :class:`PairingError` only if round 1 cannot be paired.
    """
    engine = pair_round if pair_round is not None else _default_engine()
    rounds = settings.rounds
    while True:
        try:
            return _Generation(settings, rounds, engine).run()
        except _Stuck as stuck:
            if stuck.round <= 1:
                raise stuck.error from None
            rounds = stuck.round - 1


def generate_traced(settings: GeneratorSettings, trace_round: TraceRound
                    ) -> tuple[TrfDocument, dict[RoundNumber, tuple[Event, ...]]]:
    """:func:`generate`, each round paired by the last event of ``trace_round``
    (an engine's ``trace``: its pairing is that last event), and the events
    of the rounds as played: ``traces[r]`` is what
    ``trace_round(document.tournament.truncated(r - 1), r)`` gives, kept from
    the generation instead of traced a second time (the drill banks read
    every round of the tournaments they draw).

    A round is kept only if the tournament the generation paired equals that
    truncated one but for the points and ranks the file declares (columns
    81-89: the generation's file declares those after ``r - 1`` rounds, the
    final file after the last), which the engines never read (only
    :meth:`Tournament.states` does, when ``declared_scores_from`` is set:
    then nothing is kept); a round paired in an attempt given up (the
    module docstring) is not kept either.
    """
    tried: dict[RoundNumber, tuple[Tournament, tuple[Event, ...]]] = {}

    def pair_round(tournament: Tournament, round: int) -> RoundPaired:
        from swisslearn.trace import last_round_paired
        events = tuple(trace_round(tournament, round))
        tried[round] = (tournament, events)
        return last_round_paired(events)

    document = generate(settings, pair_round)
    full = document.tournament
    traces = {round: events for round, (paired, events) in tried.items()
              if round <= full.rounds_paired and _same_before(paired, full, round)}
    return document, traces


def _same_before(paired: Tournament, full: Tournament, round: RoundNumber) -> bool:
    """Whether ``paired`` and ``full`` stood the same before ``round`` (the
    declared points and ranks aside: see :func:`generate_traced`)."""
    if paired.declared_scores_from is not None or full.declared_scores_from is not None:
        return False
    return _undeclared(paired.truncated(round - 1)) == _undeclared(full.truncated(round - 1))


def _undeclared(tournament: Tournament) -> Tournament:
    return replace(tournament, players=tuple(
        replace(p, declared_points=None, declared_rank=None) for p in tournament.players))


def _elo_expectation(white: int, black: int) -> float:
    return 1.0 / (1.0 + math.pow(10.0, (black - white) / 400.0))


class _Generation:
    """One attempt: ``rounds`` rounds declared, the random stream from the seed."""

    def __init__(self, settings: GeneratorSettings, rounds: RoundNumber,
                 engine: PairRound) -> None:
        self.settings = settings
        self.rounds = rounds
        self.engine = engine
        self.rng = random.Random(settings.seed)
        self.entrants = self._entrants()
        # Round blocks written so far, per player, in round order.
        self.blocks: dict[PlayerId, list[RoundEntry]] = {e.id: [] for e in self.entrants}
        self.withdrawn: dict[PlayerId, RoundNumber] = {}  # player -> first round missed
        self.minimum_present = max(2, (settings.players + 1) // 2)

    # -- players ---------------------------------------------------------

    def _entrants(self) -> list[_Entrant]:
        s, rng = self.settings, self.rng
        ratings = sorted((rng.randint(s.rating_min, s.rating_max) for _ in range(s.players)),
                         reverse=True)
        width = max(3, len(str(s.players)))
        fide_ids: list[int] = []
        taken: set[int] = set()
        for _ in range(s.players):
            fide = rng.randint(10_000_000, 99_999_999)
            while fide in taken:
                fide += 1
            taken.add(fide)
            fide_ids.append(fide)
        entrants = []
        late = 0
        for number, rating in enumerate(ratings, 1):
            sex = rng.choice(("m", "m", "m", "w"))
            federation = rng.choice(FEDERATIONS)
            birth = f"{rng.randint(1950, 2014):04d}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
            entry_round = 1
            wants_late = rng.random() < s.late_entry_rate
            target = rng.choice((2, 3))
            if (wants_late and self.rounds >= 2
                    and s.players - late - 1 >= max(2, (s.players + 1) // 2)):
                entry_round = min(target, self.rounds)
                late += 1
            entrants.append(_Entrant(
                id=number, name=f"Joueur {number:0{width}d}", sex=sex, rating=rating,
                federation=federation, fide_id=fide_ids[number - 1], birth_date=birth,
                entry_round=entry_round))
        return entrants

    # -- rounds ------------------------------------------------------------

    def run(self) -> TrfDocument:
        for round in range(1, self.rounds + 1):
            self._play(round)
        return self._document()

    def _announce(self, round: RoundNumber) -> tuple[dict[PlayerId, Result], dict[PlayerId, Result]]:
        """The byes and absences of ``round``: those that follow from earlier
        decisions (withdrawals, late entries), and those drawn now."""
        from swisslearn.model import Result
        s, rng = self.settings, self.rng
        fixed: dict[PlayerId, Result] = {}
        for entrant in self.entrants:
            if entrant.entry_round > round or entrant.id in self.withdrawn:
                fixed[entrant.id] = Result.ZERO_POINT_BYE
        present = len(self.entrants) - len(fixed)
        drawn: dict[PlayerId, Result] = {}
        for entrant in self.entrants:
            if entrant.id in fixed:
                continue
            draw = rng.random()
            if present - len(drawn) <= self.minimum_present:
                continue
            if draw < s.withdrawal_rate and round >= 2:
                drawn[entrant.id] = Result.ZERO_POINT_BYE
                self.withdrawn[entrant.id] = round
            elif draw < s.withdrawal_rate + s.half_bye_rate:
                drawn[entrant.id] = Result.HALF_POINT_BYE
            elif draw < s.withdrawal_rate + s.half_bye_rate + s.absence_rate:
                drawn[entrant.id] = Result.ZERO_POINT_BYE
        return fixed, drawn

    def _pair(self, round: RoundNumber, announced: Mapping[PlayerId, Result]) -> RoundPaired:
        from swisslearn.model import RoundEntry
        for pid, result in announced.items():
            self.blocks[pid].append(RoundEntry(round, None, None, result))
        tournament = self._document().tournament
        try:
            return self.engine(tournament, round)
        finally:
            for pid in announced:
                self.blocks[pid].pop()

    def _play(self, round: RoundNumber) -> None:
        from swisslearn.model import Colour, Result, RoundEntry
        fixed, drawn = self._announce(round)
        announced = {**fixed, **drawn}
        try:
            paired = self._pair(round, announced)
        except PairingError as error:
            if not drawn:
                raise _Stuck(round, error) from None
            # An absence drawn for this round must not make it impossible.
            for pid in drawn:
                if self.withdrawn.get(pid) == round:
                    del self.withdrawn[pid]
            announced = dict(fixed)
            try:
                paired = self._pair(round, announced)
            except PairingError as again:
                raise _Stuck(round, again) from None
        self._check(round, paired, announced)
        entries: dict[PlayerId, RoundEntry] = {
            pid: RoundEntry(round, None, None, result) for pid, result in announced.items()}
        for board in paired.boards:
            white, black = self._results(board.white, board.black)
            entries[board.white] = RoundEntry(round, board.black, Colour.WHITE, white)
            entries[board.black] = RoundEntry(round, board.white, Colour.BLACK, black)
        for pid in paired.byes:
            entries[pid] = RoundEntry(round, None, None, Result.PAIRING_ALLOCATED_BYE)
        for entrant in self.entrants:
            self.blocks[entrant.id].append(entries[entrant.id])
        # The file is read back before the next round is paired (and at the
        # end): the reader checks each round as soon as it is written.

    def _check(self, round: RoundNumber, paired: RoundPaired,
               announced: Mapping[PlayerId, Result]) -> None:
        """The engine's answer covers each present player once (else the file
        would be inconsistent): a broken engine is reported, not written."""
        seen: list[PlayerId] = [p for b in paired.boards for p in (b.white, b.black)]
        seen += list(paired.byes)
        expected = sorted(e.id for e in self.entrants if e.id not in announced)
        if sorted(seen) != expected:
            raise RuntimeError(
                f"the engine paired round {round} inconsistently: it placed players "
                f"{sorted(seen)}, expected each of {expected} exactly once")

    def _results(self, white: PlayerId, black: PlayerId) -> tuple[Result, Result]:
        from swisslearn.model import Result
        s, rng = self.settings, self.rng
        if rng.random() < s.forfeit_rate:
            if rng.random() < 0.5:
                return Result.FORFEIT_WIN, Result.FORFEIT_LOSS
            return Result.FORFEIT_LOSS, Result.FORFEIT_WIN
        expected = _elo_expectation(self.entrants[white - 1].rating,
                                    self.entrants[black - 1].rating)
        # Keep the Elo expectation: P(win) + P(draw)/2 = expected.
        draw = min(s.draw_rate, 2 * min(expected, 1 - expected))
        u = rng.random()
        if u < expected - draw / 2:
            return Result.WIN, Result.LOSS
        if u < expected + draw / 2:
            return Result.DRAW, Result.DRAW
        return Result.LOSS, Result.WIN

    # -- the file ----------------------------------------------------------

    def _points(self, pid: PlayerId) -> Points:
        from swisslearn.points import DEFAULT as DEFAULT_POINTS
        return sum((DEFAULT_POINTS.points(e.result) for e in self.blocks[pid]), Decimal(0))

    def _text(self) -> str:
        from swisslearn.formats.trf import format_round_block
        s = self.settings
        points = {e.id: self._points(e.id) for e in self.entrants}
        standings = sorted(points, key=lambda pid: (-points[pid], pid))
        rank = {pid: place for place, pid in enumerate(standings, 1)}
        lines = [f"012 Tournoi aléatoire {s.seed}", f"062 {s.players}",
                 "092 Individual: Swiss-System"]
        for e in self.entrants:
            fixed = (f"001 {e.id:4d} {e.sex:1}{'':>3} {e.name:<33.33} {e.rating:4d} "
                     f"{e.federation:<3} {e.fide_id:>11d} {e.birth_date:<10} "
                     f"{points[e.id]:4.1f} {rank[e.id]:4d}")
            blocks = "  ".join(format_round_block(b) for b in self.blocks[e.id])
            lines.append(f"{fixed}  {blocks}".rstrip())
        lines += [f"XXR {self.rounds}", "XXC white1"]
        return "\n".join(lines) + "\n"

    def _document(self) -> TrfDocument:
        from swisslearn.formats.trf import parse_trf
        return parse_trf(self._text(), source=f"<generated: seed {self.settings.seed}>")


# ---------------------------------------------------------------------------
# Many tournaments, for property tests


def random_tournaments(count: int, seed: int, players: tuple[int, int] = (5, 60),
                       rounds: tuple[int, int] = (3, 11)) -> Iterator[GeneratorSettings]:
    """``count`` settings drawn from ``seed``: players and rounds in the given
    (inclusive) ranges, rates between none and a lot.

    Rounds are capped at ``players - 1`` (but not below ``rounds[0]``): more
    rounds than a round robin cannot all be paired, and the generator would
    end the tournament early anyway.
    """
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(*players)
        high = max(rounds[0], min(rounds[1], n - 1))
        yield GeneratorSettings(
            players=n, rounds=rng.randint(rounds[0], high), seed=rng.randrange(2 ** 31),
            draw_rate=round(rng.uniform(0, 0.6), 3),
            forfeit_rate=round(rng.uniform(0, 0.1), 3),
            half_bye_rate=round(rng.uniform(0, 0.1), 3),
            absence_rate=round(rng.uniform(0, 0.1), 3),
            withdrawal_rate=round(rng.uniform(0, 0.03), 3),
            late_entry_rate=round(rng.uniform(0, 0.1), 3))


class DrawnRounds(Generic[_Drawn]):
    """The tournaments drawn from one seed (:func:`random_tournaments`, as
    many as asked), each turned into its rounds by ``read`` (drawn, paired,
    traced) when a reader first gets to it, then kept: a reader that stops
    early draws no more, and readers of 40 and 60 tournaments of a seed
    share the first 40 (the first ``n`` of any count are the same)."""

    def __init__(self, seed: int, read: Callable[[GeneratorSettings], tuple[_Drawn, ...]],
                 players: tuple[int, int], rounds: tuple[int, int]) -> None:
        self._settings = random_tournaments(1 << 62, seed, players=players, rounds=rounds)
        self._read = read
        self._tournaments: list[tuple[_Drawn, ...]] = []

    def rounds(self, size: int) -> Iterator[_Drawn]:
        """The rounds of the first ``size`` tournaments, in order."""
        for index in range(size):
            while len(self._tournaments) <= index:
                self._tournaments.append(self._read(next(self._settings)))
            yield from self._tournaments[index]


# ---------------------------------------------------------------------------
# The command line


def _engine_for(name: str) -> PairRound:
    from swisslearn import systems
    if name not in systems.SYSTEMS:
        raise usage("cli.system.unknown", name=name, known=", ".join(systems.SYSTEMS))
    system = systems.get(name)
    if not system.available or name == "team-2026":
        raise usage("cli.generate.system", name=name,
                    systems=", ".join(n for n in systems.available() if n != "team-2026"))
    return system.pair


def register(commands: argparse._SubParsersAction[Any], languages: Sequence[str],
             default_language: str) -> None:
    """Add ``generate`` to the sub-commands of the ``swisslearn`` parser, its
    ``--lang`` one of ``languages`` (the command line's)."""
    defaults = GeneratorSettings()
    parser = commands.add_parser(
        "generate", help="a random, fully played tournament, each round paired by the engine")
    parser.add_argument("--players", type=int, required=True, metavar="P")
    parser.add_argument("--rounds", type=int, required=True, metavar="R")
    parser.add_argument("--seed", type=int, required=True, metavar="K")
    parser.add_argument("--system", default=SYSTEMS[0], metavar="S",
                        help=f"pairing system (default {SYSTEMS[0]})")
    parser.add_argument("-o", "--output", required=True, metavar="OUT")
    parser.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    for name, help in (("draw_rate", "games drawn between equal ratings (0-0.6)"),
                       ("forfeit_rate", "games lost by forfeit"),
                       ("half_bye_rate", "half-point byes asked for, per player and round"),
                       ("absence_rate", "absences (zero-point byes), per player and round"),
                       ("withdrawal_rate", "withdrawals, per player and round"),
                       ("late_entry_rate", "players entering in round 2 or 3")):
        default = getattr(defaults, name)
        parser.add_argument("--" + name.replace("_", "-"), type=float, default=default,
                            metavar="X", help=f"{help} (default {default})")
    parser.add_argument("--acceleration", metavar="METHOD", choices=["baku", "none"],
                        help="baku: the Baku acceleration (C.04.5.1) computed, for dutch-2017 "
                             "and dutch-2026; none: no virtual points (default: the file's "
                             "XXA/250 records, or its 192 …_BAKU code)")
    parser.add_argument("--rating-min", type=int, default=defaults.rating_min, metavar="N")
    parser.add_argument("--rating-max", type=int, default=defaults.rating_max, metavar="N")
    parser.add_argument("--lang", choices=languages, default=default_language,
                        help="language of what is printed (default: fr)")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace, stdout: TextIO) -> int:
    engine = _engine_for(args.system)
    used: list[Any] = []  # the Baku acceleration of the last round paired
    if args.acceleration == "baku":
        # Each round paired on the pairing score with the virtual points
        # (C.04.5.1), written at the end so that any program re-pairs alike.
        from swisslearn.acceleration import apply
        plain = engine

        def engine(tournament: Tournament, round: int) -> RoundPaired:
            applied = apply(tournament, "baku", args.system)
            used[:] = [applied.baku]
            return plain(applied.tournament, round)
    settings = GeneratorSettings(
        players=args.players, rounds=args.rounds, seed=args.seed, draw_rate=args.draw_rate,
        forfeit_rate=args.forfeit_rate, half_bye_rate=args.half_bye_rate,
        absence_rate=args.absence_rate, withdrawal_rate=args.withdrawal_rate,
        late_entry_rate=args.late_entry_rate, rating_min=args.rating_min,
        rating_max=args.rating_max)
    out = Path(args.output)
    if out.exists() and not args.force:
        from swisslearn.fileio import exists_error
        raise exists_error(args.output)
    document = generate(settings, engine)
    if used and used[0] is not None:
        from swisslearn.acceleration import with_records
        document = with_records(document, used[0])
    document.write(out, replace=args.force)
    played = document.tournament.rounds
    if played is not None and played < settings.rounds:
        words = catalogue(args.lang)
        print(words.text("cli.prefix", text=words.text(
            "cli.generate.fewer_rounds", round=played + 1, output=args.output,
            played=Count(played, "round").said(args.lang),
            asked=settings.rounds)), file=sys.stderr)
    return 0
