"""Small tournaments written as TRF text and read back, as a trainee's file would be."""

from __future__ import annotations

from swisslearn.formats.trf import parse_trf
from swisslearn.model import Tournament

# The result the black player gets for the white player's code.
OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " ",
               "W": "L", "L": "W", "D": "D"}


def player_line(pid: int, blocks: list[str], *, rating: int | None = None,
                points: str = "") -> str:
    """A ``001`` line: starting rank 5-8, name 15-47, rating 49-52, points
    81-84, round blocks from column 92 every 10 columns."""
    rating = 2600 - 10 * pid if rating is None else rating
    head = f"001 {pid:4d}      {'Player ' + str(pid):<33} {rating:4d}".ljust(80)
    return (head + f"{points:>4}".ljust(11) + "  ".join(blocks)).rstrip()


def tournament(players: int, rounds: list[str], *, declared: int | None = None,
               extra: tuple[str, ...] = ()) -> Tournament:
    """A tournament from a compact round list, written as TRF and read back.

    Each round is a comma-separated list of ``"1-2 1"`` (1 White, 2 Black, 1's
    result; a blank result is a pending game) or ``"5 U"`` (a bye or absence of
    player 5).  A player missing from a round gets a blank block (no game).
    """
    blocks: dict[int, list[str]] = {pid: [] for pid in range(1, players + 1)}
    for items in rounds:
        done = set()
        for item in (i for i in items.split(",") if i.strip()):
            pair, _, code = item.strip().partition(" ")
            code = code or " "
            if "-" in pair:
                white, black = (int(x) for x in pair.split("-"))
                blocks[white].append(f"{black:4d} w {code}")
                blocks[black].append(f"{white:4d} b {OTHER_SIDE[code]}")
                done |= {white, black}
            else:
                blocks[int(pair)].append(f"0000 - {code}")
                done.add(int(pair))
        for pid in blocks:
            if pid not in done:
                blocks[pid].append(" " * 8)
    lines = ["012 Model test"]
    if declared is not None:
        lines.append(f"142 {declared}")
    lines += [player_line(pid, b) for pid, b in blocks.items()]
    lines += list(extra)
    return parse_trf("\n".join(lines) + "\n").tournament
