"""The two readings of C.04.6 side by side, in words: where the text's reading
(``team-2026``) and another pairing of a round part (:func:`describe_parting`),
and how the reference engine's weight measures both
(:func:`describe_engine_side`, :func:`describe_fields`).

Catalogue keys ``sharly.*`` (``fr.sharly.json``, ``en.sharly.json``).  The
data come from :mod:`swisslearn.team2026.differences` and
:mod:`swisslearn.team2026.wholeround`; nothing is computed here.
"""

from __future__ import annotations

from swisslearn.explain.catalogue import Catalogue
from swisslearn.team2026.differences import EngineSide, Parting
from swisslearn.team2026.wholeround import FIELDS, Field, RoundFields

__all__ = ["describe_parting", "describe_field", "describe_engine_side"]


def describe_parting(found: Parting, cat: Catalogue, labelled: bool = True) -> str:
    """« [C4] : le groupe de tête (score 3 : ...) ... » for one :class:`Parting`
    (without its label when ``labelled`` is false)."""
    key = f"sharly.parting.{found.step}"
    if f"{key}.{found.article}" in cat:
        key = f"{key}.{found.article}"
    if key not in cat:
        key = "sharly.parting.generic"
    text = cat.text(
        key, article=found.article,
        score=cat.number(found.score) if found.score is not None else "",
        residents=cat.players(found.residents), ours=cat.players(found.ours),
        theirs=cat.players(found.theirs), ours_count=cat.number(len(found.ours)),
        theirs_count=cat.number(len(found.theirs)), ours_scores=cat.numbers(found.ours_scores),
        theirs_scores=cat.numbers(found.theirs_scores),
        ours_number=cat.number(found.ours_number or 0),
        theirs_number=cat.number(found.theirs_number or 0),
        ours_c6=cat.number(found.ours_c6c7[0] or 0), theirs_c6=cat.number(found.theirs_c6c7[0] or 0),
        ours_c7=cat.number(found.ours_c6c7[1] or 0), theirs_c7=cat.number(found.theirs_c6c7[1] or 0),
        ours_pairs=cat.pairs(found.ours_pairs), theirs_pairs=cat.pairs(found.theirs_pairs))
    return cat.label(found.article, text) if labelled else text


def _value(field: Field, fields: RoundFields, cat: Catalogue) -> str:
    if field.key == "levels":
        levels = [cat.text("sharly.level", count=cat.number(count), score=cat.number(score))
                  for score, count in fields.levels if count]
        return cat.text("fmt.list_sep").join(levels) if levels else cat.text("fmt.none")
    if field.key == "top":
        return cat.players(fields.top)
    value = getattr(fields, field.key)
    assert isinstance(value, int)
    return cat.number(value)


def describe_field(field: Field, fields: RoundFields, cat: Catalogue) -> str:
    """One field of the engine's weight for one pairing (« 2 flotteur(s) montant(s) »)."""
    return cat.text(f"sharly.field.{field.key}", value=_value(field, fields, cat))


def describe_fields(fields: RoundFields, cat: Catalogue) -> list[str]:
    """Every field of the engine's weight for one pairing, most significant first."""
    return [cat.label(field.label, describe_field(field, fields, cat)) for field in FIELDS]


def describe_engine_side(side: EngineSide | None, cat: Catalogue) -> str:
    """The first field of the engine's weight that separates the two pairings."""
    if side is None:
        return cat.text("sharly.engine.none")
    if side.field is None:
        return cat.text("sharly.engine.tie")
    return cat.text("sharly.engine.differs", label=side.field.label,
                    theirs=describe_field(side.field, side.theirs, cat),
                    ours=describe_field(side.field, side.ours, cat))
