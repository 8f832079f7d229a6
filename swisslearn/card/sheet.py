"""The pairing card (fiche d'appariement) of a round, as an arbiter keeps it.

One row a player, in A2 order (score, then pairing number): the pairing
number, name and rating; for each round played so far, the opponent, the
colour, the result and the float arrow A4 asks the arbiter to write; then
the score, the colour difference in A7's notation (``+1``, ``-0``...), the
colour preference (``!!`` absolute, ``!`` strong) and what the round to pair
holds for the player (absent, withdrawn, a requested bye).  Everything a
trainee needs to pair the round is on it, and nothing of the pairing.

:func:`card_sheet` builds it from a :class:`~swisslearn.model.Tournament`
(language-neutral :class:`CardRow` data); :class:`CardSheet` draws it as HTML
(``_repr_html_``, a notebook shows it) or text, with the letters and words
of the catalogue (``card.sheet.*``; French B/N, English W/B).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from swisslearn.explain.catalogue import Catalogue, catalogue
from swisslearn.model import (Colour, Float, PlayerId, PlayerState, PreferenceStrength, Result,
                              RoundNumber, Tournament)

__all__ = ["CardCell", "CardRow", "CardSheet", "card_sheet", "colour_difference_notation",
           "difference_notation"]


@dataclass(frozen=True)
class CardCell:
    """One round of a player's card: opponent (None: no opponent), colour
    played or scheduled, result code, float received (A4)."""

    round: RoundNumber
    opponent: PlayerId | None
    colour: Colour | None
    result: Result | None
    float: Float | None = None


@dataclass(frozen=True)
class CardRow:
    id: PlayerId
    name: str
    rating: int
    score: Decimal
    cells: tuple[CardCell, ...]
    difference: str            # A7's notation: "+1", "-2", "+0" (pref. black), "-0" (pref. white)
    preference: Colour | None
    strength: PreferenceStrength
    available: bool = True
    withdrawn: bool = False
    requested: Result | None = None   # a bye or absence announced for the round to pair
    last_round_exception: bool = False


def difference_notation(played: Sequence[Colour]) -> str:
    """A7: the colour difference of the colours played (oldest first),
    written ``+0`` (preference black) or ``-0`` (preference white) when it is
    zero, « selon la couleur de la ronde précédente »; empty before any game."""
    if not played:
        return ""
    difference = sum(1 if c is Colour.WHITE else -1 for c in played)
    if difference == 0:
        return "+0" if played[-1] is Colour.WHITE else "-0"
    return f"{difference:+d}"


def colour_difference_notation(state: PlayerState) -> str:
    """:func:`difference_notation` of a player's state."""
    return difference_notation(state.played_colours)


def card_sheet(tournament: Tournament, round: RoundNumber | None = None) -> CardSheet:
    """The card before ``round`` (default: the next one), rows in A2 order."""
    if round is None:
        round = tournament.next_round()
    states = tournament.states(round)
    rows = []
    for state in sorted(states, key=lambda s: (-s.score, tournament.pairing_number(s.id))):
        player = tournament.player(state.id)
        cells = []
        for r in range(1, round):
            entry = player.entry(r)
            flt = state.floats[r - 1] if r - 1 < len(state.floats) else None
            if entry is None:
                cells.append(CardCell(r, None, None, None, flt))
            else:
                cells.append(CardCell(r, entry.opponent, entry.colour, entry.result, flt))
        current = player.entry(round)
        requested = next((b.result for b in tournament.bye_requests
                          if b.player == state.id and b.round == round), None)
        if requested is None and current is not None and current.opponent is None \
                and current.result.is_bye and current.result is not Result.PAIRING_ALLOCATED_BYE:
            requested = current.result
        rows.append(CardRow(
            id=state.id, name=state.name, rating=state.rating, score=state.score,
            cells=tuple(cells), difference=colour_difference_notation(state),
            preference=state.preference.colour, strength=state.preference.strength,
            available=state.available, withdrawn=state.withdrawn, requested=requested,
            last_round_exception=state.last_round_exception))
    return CardSheet(round=round, title=tournament.name, rows=tuple(rows),
                     last_round=tournament.is_last_round(round))


_RESULT_KEYS = {
    Result.WIN: "win", Result.DRAW: "draw", Result.LOSS: "loss",
    Result.WIN_UNPLAYED_MOVE: "win", Result.DRAW_UNPLAYED_MOVE: "draw",
    Result.LOSS_UNPLAYED_MOVE: "loss", Result.FORFEIT_WIN: "forfeit_win",
    Result.FORFEIT_LOSS: "forfeit_loss", Result.PENDING: "pending",
    Result.PAIRING_ALLOCATED_BYE: "bye", Result.HALF_POINT_BYE: "half_bye",
    Result.FULL_POINT_BYE: "full_bye", Result.ZERO_POINT_BYE: "absent",
}


@dataclass(frozen=True)
class CardSheet:
    """The rows of the card, and how to draw them."""

    round: RoundNumber
    title: str
    rows: tuple[CardRow, ...]
    last_round: bool = False
    lang: str = "fr"

    def in_language(self, lang: str) -> CardSheet:
        from dataclasses import replace
        return replace(self, lang=lang)

    def row(self, player: PlayerId) -> CardRow:
        return next(r for r in self.rows if r.id == player)

    # -- words --------------------------------------------------------------

    def _cat(self) -> Catalogue:
        return catalogue(self.lang)

    def letter(self, colour: Colour | None) -> str:
        if colour is None:
            return ""
        return self._cat().text("fmt.letter.white" if colour is Colour.WHITE
                                else "fmt.letter.black")

    def preference_text(self, row: CardRow) -> str:
        if row.preference is None:
            return "-"
        marks = {PreferenceStrength.ABSOLUTE: "!!", PreferenceStrength.STRONG: "!"}
        return self.letter(row.preference) + marks.get(row.strength, "")

    def cell_text(self, cell: CardCell) -> str:
        """``12B 1 ↓``: opponent, colour letter, result, float arrow."""
        cat = self._cat()
        arrow = "" if cell.float is None else " " + cell.float.arrow
        if cell.result is None:
            return "" + arrow.strip()
        result = cat.text(f"card.sheet.result.{_RESULT_KEYS[cell.result]}")
        if cell.opponent is None:
            return (result + arrow).strip()
        return f"{cell.opponent}{self.letter(cell.colour)} {result}{arrow}"

    def remark(self, row: CardRow) -> str:
        cat = self._cat()
        notes = []
        if row.withdrawn:
            notes.append(cat.text("card.sheet.withdrawn"))
        elif not row.available:
            key = _RESULT_KEYS.get(row.requested, "absent") if row.requested else "absent"
            notes.append(cat.text(f"card.sheet.round_{key}"))
        if row.last_round_exception:
            notes.append(cat.text("card.sheet.over_half"))
        return cat.text("fmt.list_sep").join(notes)

    def headers(self) -> list[str]:
        cat = self._cat()
        rounds = [cat.text("card.sheet.round", round=r) for r in range(1, self.round)]
        return ([cat.text("card.sheet.number"), cat.text("card.sheet.name"),
                 cat.text("card.sheet.rating")] + rounds
                + [cat.text("card.sheet.points"), cat.text("card.sheet.difference"),
                   cat.text("card.sheet.preference"), cat.text("card.sheet.remark")])

    def table(self) -> list[list[str]]:
        """The card as rows of strings (headers first)."""
        cat = self._cat()
        lines = [self.headers()]
        for row in self.rows:
            lines.append([str(row.id), row.name, str(row.rating)]
                         + [self.cell_text(c) for c in row.cells]
                         + [cat.number(row.score), row.difference, self.preference_text(row),
                            self.remark(row)])
        return lines

    def caption(self) -> str:
        cat = self._cat()
        key = "card.sheet.caption.last" if self.last_round else "card.sheet.caption"
        return cat.text(key, title=self.title, round=self.round)

    def legend(self) -> str:
        return self._cat().text("card.sheet.legend", white=self.letter(Colour.WHITE),
                                black=self.letter(Colour.BLACK))

    def text(self) -> str:
        table = self.table()
        widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
        out = [self.caption()]
        for line in table:
            out.append("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip())
        out.append(self.legend())
        return "\n".join(out) + "\n"

    def _repr_html_(self) -> str:
        table = self.table()
        cell = "padding:2px 10px;text-align:left;white-space:nowrap;"
        head = "".join(f"<th style='{cell}border-bottom:1px solid #444'>{html.escape(h)}</th>"
                       for h in table[0])
        body = []
        previous: Decimal | None = None
        for row, cells in zip(self.rows, table[1:]):
            # A line between two score brackets, as the cards are laid out.
            line = "border-top:2px solid #888;" if previous is not None \
                and row.score != previous else "border-top:1px solid #ddd;"
            previous = row.score
            tds = "".join(f"<td style='{cell}{line}'>{html.escape(c)}</td>" for c in cells)
            body.append(f"<tr class='card-row' data-player='{row.id}'>{tds}</tr>")
        return (f"<table class='swisslearn-card' style='border-collapse:collapse'>"
                f"<caption style='text-align:left'><b>{html.escape(self.caption())}</b></caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
                f"</table><p><small>{html.escape(self.legend())}</small></p>")
