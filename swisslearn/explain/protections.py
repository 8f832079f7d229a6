"""Sentences for the ``protections_applied`` event (seed 002), read by its
fields only, so this module needs nothing from :mod:`swisslearn.protections`."""

from __future__ import annotations

from typing import Any

from swisslearn.words import Catalogue
from swisslearn.trace import Event

KIND = "protections_applied"


def describe(event: Event, cat: Catalogue) -> str:
    data: Any = event
    groups = [cat.text("protections.group", name=group.name,
                       constraint=cat.text("protections.constraint." + group.constraint.value),
                       members=cat.players(group.members))
              for group in data.groups]
    sentences = [cat.text("protections.applied", round=data.round, groups="; ".join(groups))]
    if data.threshold is not None:
        tried = [f"{trial.threshold}{'' if trial.feasible else ' ✗'}" for trial in data.trials]
        sentences.append(cat.text("protections.threshold", threshold=data.threshold,
                                  tried=", ".join(tried)))
        if data.released:
            sentences.append(cat.text("protections.released", released=cat.players(data.released)))
        else:
            sentences.append(cat.text("protections.all_kept"))
    if data.forbidden:
        sentences.append(cat.text("protections.forbidden", count=len(data.forbidden)))
    if data.avoided:
        sentences.append(cat.text("protections.avoided", pairs=cat.pairs(data.avoided)))
    return cat.join(sentences)
