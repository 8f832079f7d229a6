"""The ``publish`` command's work: read, pair, explain, write.

Pairs the round as ``swisslearn trace`` does (the system named by
``--system`` or the file's, the file's protections, the virtual points of
``--acceleration`` or the file's: :func:`swisslearn.acceleration.prepare`),
so each page says what ``swisslearn why`` would say.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from swisslearn import systems
from swisslearn.acceleration import prepare, with_round_start
from swisslearn.words import catalogue
from swisslearn.model import RoundNumber
from swisslearn.protections import Protections, protect
from swisslearn.publish import SHEET
from swisslearn.publish.content import RoundContent, languages, round_content
from swisslearn.publish.pictures import pictured, write_pictures
from swisslearn.publish.site import write_site
from swisslearn.trace import Event

__all__ = ["build", "publish", "write_round"]


def build(document: object, round: RoundNumber | None, system: str | None,
          protections: Protections | None = None, acceleration: str | None = None,
          ) -> tuple[RoundContent, tuple[Event, ...]]:
    """The round's content and its events, for the file read as ``document``
    (with ``protections``, those instead of the file's: the desk's choices;
    ``acceleration``: ``--acceleration``'s ``baku`` or ``none``, ``None``
    the file's virtual points or ``192 …_BAKU`` code)."""
    tournament = getattr(document, "tournament")
    choice = systems.choose_available(system, tournament)
    number = tournament.round_to_pair(round)
    accelerated, _ = prepare(tournament, acceleration, choice.system.name)
    if accelerated is not None:
        tournament = accelerated.tournament
    if protections is None:
        protections = Protections.from_document(document)
    events: tuple[Event, ...]
    if protections.active:
        protected = protect(tournament, number, system=choice.system, protections=protections)
        events = (protected.applied,) + protected.events
    else:
        events = tuple(choice.system.trace(tournament, number))
    if accelerated is not None:
        events = tuple(with_round_start(events, accelerated, number))
    return round_content(tournament, number, choice, events, pictured(events),
                         accelerated), events


def write_round(document: object, folder: Path, *, round: RoundNumber | None = None,
                system: str | None = None, lang: str = "fr",
                url: str | None = None, protections: Protections | None = None,
                acceleration: str | None = None) -> tuple[RoundContent, list[Path]]:
    """Write the pages of ``round`` of the file read as ``document`` into
    ``folder`` (made if missing), opening in ``lang``; with ``url`` (where
    the folder will be served), the pairing sheet too; with ``protections``,
    those instead of the file's (the desk's page); ``acceleration`` as
    ``--acceleration`` (:func:`build`).  The content and the
    paths written.  What the desk's « publish » button calls, as the command
    line does; raises :class:`~swisslearn.errors.UsageError` or
    :class:`~swisslearn.errors.PairingError` as they do."""
    content, events = build(document, round, system, protections, acceleration)
    if url is not None:
        from swisslearn.publish.sheet import site_url
        site_url(url)       # a bad --url refused before any page is written
    folder.mkdir(parents=True, exist_ok=True)
    written = write_site(content, folder, lang)
    steps = [step.number for step in content.steps if step.picture]
    written += list(write_pictures(events, steps, languages(), folder))
    if url is not None:
        from swisslearn.publish.sheet import write_sheet
        write_sheet(content, url, folder / SHEET, lang)
        written.append(folder / SHEET)
    return content, written


def publish(args: argparse.Namespace, folder: Path, stdout: TextIO) -> int:
    from swisslearn.cli import _note, _read
    document = _read(args)
    tournament = getattr(document, "tournament")
    # What pair and trace say of the virtual points, said here too (stderr).
    _, notes = prepare(tournament, args.acceleration,
                       systems.choose_available(args.system, tournament).system.name)
    for note in notes:
        _note(args, note.key, **dict(note.fields))
    content, written = write_round(document, folder, round=args.round, system=args.system,
                                   lang=args.lang, url=args.url if args.sheet else None,
                                   acceleration=args.acceleration)
    size = sum(path.stat().st_size for path in written)
    cat = catalogue(args.lang)
    stdout.write(cat.text("publish.done", pages=len(content.players) + 2,
                          players=len(content.players), folder=str(folder),
                          size=cat.number(size),
                          per_player=cat.number(size // max(1, len(content.players)))) + "\n")
    return 0
