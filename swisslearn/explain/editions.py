"""Which edition of the rules pairs a file, and why, in the trainee's
language: the sentences of a :class:`swisslearn.systems.Choice` (keys
``edition.*``, in ``fr.dutch2017.json`` / ``en.dutch2017.json``)."""

from __future__ import annotations

from swisslearn.words import catalogue
from swisslearn.systems import Choice

__all__ = ["choice_reason", "choice_line", "older_warning"]


def choice_reason(choice: Choice, lang: str = "fr") -> str:
    """Why this system: « le fichier le nomme (192 FIDE_DUTCH_2017) »…"""
    cat = catalogue(lang)
    if choice.source in ("start", "end"):
        key = f"edition.{choice.source}.{choice.name}"
    else:
        key = f"edition.{choice.source}"
    parts = [cat.text(key, detail=choice.detail)]
    parts += [cat.text(f"edition.note.{kind}", detail=text) for kind, text in choice.notes]
    return cat.text("edition.sep").join(parts)


def choice_line(choice: Choice, lang: str = "fr") -> str:
    """« Système : dutch-2017 — le tournoi a commencé le 2019/05/04 (042)… »."""
    return catalogue(lang).text("edition.line", system=choice.name,
                                reason=choice_reason(choice, lang))


def older_warning(choice: Choice, lang: str = "fr") -> str:
    """The warning for a tournament older than any edition implemented, or ``""``."""
    if not choice.older:
        return ""
    return catalogue(lang).text("edition.older", detail=choice.detail)
