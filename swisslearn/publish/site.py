"""Lay :class:`~swisslearn.publish.content.RoundContent` out as a static site.

The pages are Jinja2 templates (``publish/templates/``) with autoescape on:
every name, every sentence is escaped by the engine, never by hand.  The
site is self-contained (``static/site.css``, ``static/site.js`` copied beside
the pages; nothing fetched from elsewhere), so it works from ``file://`` and
from any static web server:

====================================  ==========================================
``index.html``                        the boards, the bye, the standings at
                                      entry, the system and acceleration used
``joueurs/NN.html``                   one page per player (NN: the pairing
                                      number, zero-padded)
``deroulement.html``                  the round's trace, step by step
``deroulement/NNN-fr.svg`` (``-en``)  its pictures
``static/``                           the style sheet and the script
====================================  ==========================================

Every page holds every language; the script shows one (the button switches,
the choice is remembered and carried by the links).  Without the script the
page shows the language it was written in (``--lang``).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path

import jinja2
from markupsafe import Markup

from swisslearn.words import catalogue
from swisslearn.publish.content import RoundContent, Row, Said, languages
from swisslearn.publish.pictures import picture_name

__all__ = ["STATIC", "environment", "write_site"]

STATIC = ("site.css", "site.js")


def _both(said: Said | None, tag: str = "span") -> Markup:
    """Every language's text, each in its element (the style shows one)."""
    if said is None:
        return Markup("")
    return Markup("").join(
        Markup('<{tag} class="l-{lang}" lang="{lang}">{text}</{tag}>').format(
            tag=tag, lang=lang, text=said.get(lang, "")) for lang in languages())


def _say(key: str, **fields: object) -> Markup:
    """A catalogue sentence (``publish.*``) in every language, escaped."""
    return _both({lang: catalogue(lang).text(key, **fields) for lang in languages()})


def _answers_json(answers: tuple[tuple[Row, Said], ...]) -> dict[str, Mapping[str, str]]:
    return {str(row.id): dict(said) for row, said in answers}


def environment() -> jinja2.Environment:
    """The Jinja2 environment of the site's templates (autoescape on)."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("swisslearn.publish", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
        lstrip_blocks=True, keep_trailing_newline=True)
    env.globals.update(say=_say, both=_both, languages=languages(),
                       picture_name=picture_name)
    env.filters["answers_json"] = _answers_json
    return env


def write_site(content: RoundContent, folder: Path, lang: str) -> list[Path]:
    """Write the pages and the static files of ``content`` under ``folder``
    (made if missing), the pages first shown in ``lang``; the paths written."""
    env = environment()
    written: list[Path] = []

    def write(name: str, template: str, **fields: object) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        depth = "../" * name.count("/")
        text = env.get_template(template).render(content=content, lang=lang, root=depth,
                                                 **fields)
        path.write_text(text, encoding="utf-8")
        written.append(path)

    write("index.html", "index.html")
    write("deroulement.html", "trace.html")
    for page in content.players:
        write(content.page_name(page.row.id), "player.html", page=page)
    for name in STATIC:
        path = folder / "static" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(resources.files("swisslearn.publish").joinpath(
            "static", name).read_bytes())
        written.append(path)
    return written
