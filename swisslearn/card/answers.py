"""Reading what a trainee writes on the card: players, pairs, S1/S2, an
exchange, a rule or a criterion, a yes.

Each parser takes the text as typed (spaces, commas, dashes of any kind,
upper or lower case) and returns the value, or ``None`` when the text is not
of that shape: a shape error is told apart from a wrong answer.  Words
("oui", "aucun"...) are accepted in French and English.
"""

from __future__ import annotations

import re

from swisslearn.model import PlayerId

__all__ = ["ACCEPTED_WORDS", "NONE_WORDS", "criterion", "exchange", "number", "ordered_pairs",
           "pairs", "player", "players", "rule", "split", "whole_round"]

ACCEPTED_WORDS = frozenset({"oui", "ok", "accepte", "accepté", "acceptée", "acceptable",
                            "retenu", "juste", "yes", "accepted", "kept"})
NONE_WORDS = frozenset({"0", "aucun", "aucune", "personne", "rien", "-", "—", "none",
                        "nobody", "no one", "nul"})

_DASHES = re.compile(r"[–—−‐‑]")


def _clean(text: str) -> str:
    """Lower case, one kind of dash, single spaces, no (remark in brackets)."""
    text = _DASHES.sub("-", text.strip().lower())
    text = re.sub(r"\([^)]*\)", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def players(text: str) -> tuple[PlayerId, ...] | None:
    """``"1, 3 5"`` -> (1, 3, 5); a word for nobody -> (); None if not numbers."""
    cleaned = _clean(text).strip(" .")
    if cleaned in NONE_WORDS:
        return ()
    items = [item for item in re.split(r"[\s,;]+", cleaned) if item]
    if not items or not all(item.isdigit() for item in items):
        return None
    return tuple(int(item) for item in items)


def player(text: str) -> PlayerId | None:
    """One pairing number (``"12"``, ``"n° 12"``, ``"12 a les blancs"``), or None."""
    cleaned = re.sub(r"^(n°|no|nº|#)\s*", "", _clean(text).strip(" ."))
    match = re.fullmatch(r"(\d+)(?: [^\d\W].*)?", cleaned)
    return int(match.group(1)) if match else None


_PAIR = re.compile(r"(\d+)\s*(?:-|–|/| contre | vs\.? | v )\s*(\d+)")
# Pairs one after the other with no comma: a dash (or slash) in each.
_PAIR_IN_ROW = re.compile(r"\s*(\d+)\s*[-/]\s*(\d+)\s*")


def ordered_pairs(text: str) -> tuple[tuple[PlayerId, PlayerId], ...] | None:
    """``"3-1, 2-7"`` or ``"3-1 2-7"`` -> ((3, 1), (2, 7)), in the order
    written (White first where colours matter); None if an item is not a pair."""
    cleaned = _clean(text).strip(" .")
    if cleaned in NONE_WORDS:
        return ()
    found: list[tuple[PlayerId, PlayerId]] = []
    for item in re.split(r"[,;]| et | and ", cleaned):
        item = item.strip()
        if not item:
            continue
        item = re.sub(r"^\d+\s*[.):]\s+", "", item)       # "1. 3-1" as a board list
        pairs = _pairs_in(item)
        if pairs is None:
            return None
        found.extend(pairs)
    return tuple(found) if found else None


def _pairs_in(item: str) -> list[tuple[PlayerId, PlayerId]] | None:
    """One pair, or several written without commas (``"1-3 5-7"``)."""
    match = _PAIR.fullmatch(item)
    if match is not None:
        return [(int(match.group(1)), int(match.group(2)))]
    found = []
    position = 0
    while position < len(item):
        match = _PAIR_IN_ROW.match(item, position)
        if match is None:
            return None
        found.append((int(match.group(1)), int(match.group(2))))
        position = match.end()
    return found


def pairs(text: str) -> frozenset[frozenset[PlayerId]] | None:
    """The pairs written, in any order and either way round."""
    found = ordered_pairs(text)
    return None if found is None else frozenset(frozenset(p) for p in found)


def split(text: str) -> tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]] | None:
    """``"S1 = 1, 3 ; S2 = 5, 6"``, ``"1 3 / 5 6"`` or ``"1,3 | 5,6"`` -> ((1, 3), (5, 6))."""
    cleaned = _clean(text)
    labelled = re.fullmatch(r"\s*s1\s*[=:]?\s*(.*?)[;/|,]?\s*s2\s*[=:]?\s*(.*)", cleaned)
    if labelled is not None:
        parts = [labelled.group(1), labelled.group(2)]
    else:
        parts = re.split(r"[;/|]", cleaned)
    if len(parts) != 2:
        return None
    first, second = players(parts[0].strip(" ,")), players(parts[1].strip(" ,"))
    if first is None or second is None:
        return None
    return first, second


_EXCHANGE = re.compile(r"([\d+ ]+?)\s*(?:<->|<>|↔|-|/|contre| )\s*([\d+ ]+)")


def exchange(text: str) -> tuple[frozenset[PlayerId], frozenset[PlayerId]] | str | None:
    """``"4↔5"``, ``"3+4<->5+7"``, ``"3+4 5+7"`` -> the players from S1 and
    from S2; a single letter (a D2 cell) -> that letter; None otherwise."""
    cleaned = _clean(text).strip(" .")
    cleaned = re.sub(r"^(case|cell)\s+", "", cleaned)
    if re.fullmatch(r"[a-r]", cleaned):
        return cleaned
    match = _EXCHANGE.fullmatch(cleaned)
    if match is None:
        return None
    groups = []
    for part in (match.group(1), match.group(2)):
        numbers = [n for n in re.split(r"[+\s]+", part.strip()) if n]
        if not numbers or not all(n.isdigit() for n in numbers):
            return None
        groups.append(frozenset(int(n) for n in numbers))
    return groups[0], groups[1]


def number(text: str) -> int | None:
    """A whole number, alone or as ``x = 1`` (``"-1"`` is -1), or None."""
    match = re.fullmatch(r"(?:[a-z]\s*=\s*)?(-?\d+)", _clean(text).strip(" ."))
    return int(match.group(1)) if match else None


def rule(text: str) -> str | None:
    """A rule label (``"c9"`` -> ``"C9"``, ``"C 11"`` -> ``"C11"``), or None."""
    match = re.search(r"\b([a-f])\s*(\d{1,2})\b", _clean(text))
    if match is None:
        return None
    return match.group(1).upper() + match.group(2)


def criterion(text: str) -> str | None:
    """A criterion of B (``"b1a"`` -> ``"B1a"``, ``"B4"``), ``"forbidden"``,
    or the rule that refused the candidate (``"C13"``); ``""`` for a word
    saying the candidate is acceptable; None otherwise."""
    cleaned = _clean(text).strip(" .!")
    words = re.findall(r"[^\W\d_]+", cleaned)
    if cleaned in ACCEPTED_WORDS or (words and words[0] in ACCEPTED_WORDS):
        return ""
    match = re.search(r"\bb\s*([1-6])\s*([ab])?\b", cleaned)
    if match is not None:
        return "B" + match.group(1) + (match.group(2) or "")
    if re.search(r"\b(interdit|interdite|forbidden)\b", cleaned):
        return "forbidden"        # a pair the file forbids (260, XXP), read as B1a
    # A candidate refused by a rule of the procedure (C12, C13: the bracket
    # below could not be paired after it).
    return rule(cleaned)


def whole_round(text: str) -> tuple[tuple[tuple[PlayerId, PlayerId], ...],
                                    tuple[PlayerId, ...]] | None:
    """A whole round as an arbiter writes it: boards White first, then the
    bye (``"3-1, 2-7, 8-5 ; exempt 12"``, ``"... bye: 12"``)."""
    cleaned = _clean(text)
    byes: tuple[PlayerId, ...] = ()
    match = re.search(r"(?:exempts?|bye)\s*[:=]?\s*([\d ,]+)$", cleaned)
    if match is None:
        match = re.search(r"(?:^|(?<=[,;]))\s*(\d+(?:\s*,\s*\d+)*)\s+(?:exempts?|bye)\s*$",
                          cleaned)
    if match is not None:
        found = players(match.group(1))
        if found is None:
            return None
        byes = found
        cleaned = cleaned[:match.start()].strip(" ,;")
    boards = ordered_pairs(cleaned) if cleaned else ()
    if boards is None:
        return None
    return boards, byes
