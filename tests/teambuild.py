"""Small team tournaments written as TRF text, for the team-2026 tests (no tests here)."""

from __future__ import annotations

from typing import Callable

from swisslearn.formats.teams import format_362, team_tournament
from swisslearn.teams import MatchPoints, TeamTournament
from swisslearn.formats.trf import parse_trf

# The boards of the team with White on board 1 for a won, drawn, lost match.
_BOARDS = {"W": "11==", "D": "10==", "L": "00=="}
_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
BOARDS = 4


def _put(line: str, column: int, text: str) -> str:
    line = line.ljust(column - 1)
    return line[:column - 1] + text + line[column - 1 + len(text):]


def add_match(blocks: dict[int, list[str]], white: int, black: int, results: str) -> None:
    """The round blocks of a match between TPNs ``white`` and ``black``
    (``results``: White's four board results, ``"1=0="``); White's team has
    White on boards 1 and 3."""
    for board in range(BOARDS):
        pw, pb = BOARDS * white - 3 + board, BOARDS * black - 3 + board
        cw, cb = ("w", "b") if board % 2 == 0 else ("b", "w")
        blocks[pw].append(f"{pb:4d} {cw} {results[board]}")
        blocks[pb].append(f"{pw:4d} {cb} {_OTHER[results[board]]}")


def add_blocks(blocks: dict[int, list[str]], team: int, block: str) -> None:
    """The same round block (``"0000 - U"``...) for every board of ``team``."""
    for board in range(BOARDS):
        blocks[BOARDS * team - 3 + board].append(block)


def team_lines(teams: int, blocks: dict[int, list[str]], rating: Callable[[int], int],
               names: list[str] | None = None) -> list[str]:
    """The ``001`` records of the board players (``rating`` of each pairing
    number, their ``blocks``), then the ``310`` record of each team."""
    lines = []
    for team in range(1, teams + 1):
        for board in range(BOARDS):
            pid = BOARDS * team - 3 + board
            line = _put(_put("001", 5, f"{pid:4d}"), 15, f"Team {team} board {board + 1}")
            line = _put(line, 49, f"{rating(pid):4d}")
            for r, block in enumerate(blocks[pid]):
                line = _put(line, 92 + 10 * r, block)
            lines.append(line.rstrip())
    for team in range(1, teams + 1):
        name = names[team - 1] if names else f"Team {team}"
        line = _put(_put("310", 5, f"{team:3d}"), 9, name)
        for board in range(BOARDS):
            line = _put(line, 74 + 5 * board, f"{BOARDS * team - 3 + board:4d}")
        lines.append(line)
    return lines


def team_trf(teams: int, rounds: list[dict[tuple[int, int], str]], *, total: int,
             code: str = "FIDE_TEAM_TYPEA_MP_GP", initial: str = "W",
             byes: dict[int, int] | None = None, boards: dict[tuple[int, int], str] | None = None,
             names: list[str] | None = None) -> str:
    """A TRF of ``teams`` four-board teams (TPN k: players 4k-3..4k).

    ``rounds[r-1]`` maps (white TPN, black TPN) to the match result of White
    (``W``/``D``/``L``); ``boards`` may give the four board results of White
    instead (``"1=0="``); ``byes`` maps a round to its PAB team.
    """
    byes = byes or {}
    blocks: dict[int, list[str]] = {p: [] for p in range(1, 4 * teams + 1)}
    for number, matches in enumerate(rounds, 1):
        for (white, black), result in matches.items():
            add_match(blocks, white, black, (boards or {}).get((white, black)) or _BOARDS[result])
        if number in byes:
            add_blocks(blocks, byes[number], "0000 - U")
    lines = ["012 Test teams", f"142 {total}", f"152 {initial}", f"192 {code}",
             "352 WBWB", format_362(MatchPoints())]
    if byes:
        lines.append(" ".join(["320  1.0  2.0"] + [f"{byes.get(r, 0):03d}"
                                                   for r in range(1, len(rounds) + 1)]))
    lines += team_lines(teams, blocks, lambda pid: 2400 - 10 * pid, names)
    return "\n".join(lines) + "\n"


def load(text: str) -> TeamTournament:
    return team_tournament(parse_trf(text))
