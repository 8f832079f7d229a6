"""``swisslearn publish``: a round's pages for the hall, as a static site.

Every player's « pourquoi ? » answered on a page he opens on his phone:
whom he plays, his colour, the bye, each in the explainers' words with the
article, the steps of the trace that name him, and why not another player
(precomputed for his score bracket and the brackets next to it); the
boards, the bye and the standings at entry on the index; the round's trace
step by step with its pictures.  French and English in every page, switched
on the page.  With ``--sheet --url BASE``, ``appariements.pdf``: the boards
as an arbiter posts them, a QR code per player to his page.

This module only registers the command (``swisslearn --help`` imports
nothing more); :mod:`.content` computes what the pages say, :mod:`.site`
writes them (Jinja2 templates in ``templates/``, ``static/``),
:mod:`.pictures` draws the trace's SVG pictures, :mod:`.sheet` the PDF.
``docs/publish.md`` is the user's documentation.
"""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

__all__ = ["INDEX", "SHEET", "register"]

INDEX = "index.html"
SHEET = "appariements.pdf"

# The libraries the pages need beyond the pairing path (pyproject's
# ``notebooks`` extra): the templates, the pictures, the QR codes.
_NEEDED = (("jinja2", "jinja2"), ("matplotlib", "matplotlib"), ("segno", "segno"))


def register(commands: argparse._SubParsersAction[Any], languages: Sequence[str],
             default_language: str) -> None:
    """Add ``publish`` to the sub-commands of the ``swisslearn`` parser."""
    parser = commands.add_parser(
        "publish", help="write a round's pages for the hall (a static site), and the "
                        "pairing sheet with QR codes")
    parser.add_argument("file", metavar="FILE",
                        help="the tournament: a TRF file (.trf, .trfx), or a plain list (.txt)")
    parser.add_argument("--round", type=int, metavar="N",
                        help="the round to publish (default: the first with no pairing)")
    parser.add_argument("--system", metavar="S",
                        help="dutch-1998, dutch-2017, dutch-2026, team-2026, "
                             "team-2026-sharly, simple (default: the file's, which show tells)")
    from swisslearn.cli import _acceleration_option  # the same option as pair's
    _acceleration_option(parser)
    parser.add_argument("-o", "--output", required=True, metavar="DIR",
                        help="the folder to write the site in (made if missing)")
    parser.add_argument("--force", action="store_true",
                        help="write into DIR even if it is not empty")
    parser.add_argument("--sheet", action="store_true",
                        help="also write appariements.pdf (A4), a QR code per player")
    parser.add_argument("--url", metavar="BASE",
                        help="the address where DIR will be served, for the QR codes "
                             "(e.g. https://club.example/ronde5/)")
    parser.add_argument("--lang", choices=languages, default=default_language,
                        help="language the pages open in, and of what is printed "
                             "(default: fr)")
    parser.add_argument("--strict", action="store_true",
                        help="refuse a file with warnings too (points or ranks that disagree "
                             "with the results, unknown records...)")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.errors import usage
    for module, package in _NEEDED:
        if importlib.util.find_spec(module) is None:
            raise usage("publish.missing", package=package)
    from swisslearn.publish.command import publish
    if args.sheet and not args.url:
        raise usage("publish.sheet_needs_url")
    folder = Path(args.output)
    if folder.exists() and not folder.is_dir():
        raise usage("publish.not_folder", path=args.output)
    if folder.is_dir() and any(folder.iterdir()) and not args.force:
        raise usage("publish.not_empty", path=args.output)
    return publish(args, folder, stdout)
