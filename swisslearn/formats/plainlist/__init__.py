"""Seed 003's plain list: ``Name | points | opponents | colours``, read,
written (:mod:`.document`) and converted to TRF and back (:mod:`.convert`).

One player a line, in ranking order::

    Red Falcons | 3 | Northern Stars, Silver Lions, Iron Wolves | B W B
    Lone Ranger | 1 | bye, Red Falcons | W

* ``Name``: any text; names are matched case-insensitively, runs of spaces
  read as one.  A name holding ``,``, ``|`` or ``"``, starting with ``#``, or
  spelled ``bye`` or ``-`` is written in double quotes (``"Alpha, Anna"``;
  ``""`` for a quote inside) — the seed's tool has no quotes: they are
  swisslearn's, so that TRF names (``Lastname, Firstname``) survive.
* ``points``: ``3``, ``2.5``, ``2,5`` or ``2½``.  They are taken as given,
  never recomputed (seed 003: "l'outil ... aucun point n'est modifié").
* ``opponents``: comma-separated names, oldest first; ``bye`` for the
  pairing-allocated bye ("exempt"); ``-`` for a round without a game
  (absent, a requested bye, a forfeit: swisslearn's word, written when a TRF
  has such rounds).
* ``colours``: one ``W`` (white) or ``B`` (black) per game, oldest first,
  spaces (or commas) between letters allowed; a bye or ``-`` has none.
* Blank lines and lines starting with ``#`` are skipped (kept when the file
  is written back).

What the list cannot say, and how swisslearn reads it (the README's
"What a plain list cannot say" section is this text):

* **Rounds.**  The list has no round numbers: the *n*-th opponent of every
  line is read as round *n*, and both players of a game must list each other
  at the same place (else an error names both lines); write ``-`` for a round
  in which a player had no game.  A shorter line means no game in the later
  rounds.
* **Results.**  Only each player's total is known.  Games are kept with an
  unknown result (:attr:`Result.PENDING`); ``bye`` is a pairing-allocated bye
  (``U``); ``-`` is a round without a game (``Z``).  The list's points are
  the players' scores before the next round: the tournament read says so
  (:attr:`~swisslearn.model.Tournament.declared_scores_from`), so every
  system (``simple``, ``dutch-1998``...) pairs with the list's points.  Earlier
  rounds' scores are not known: pairing an earlier round again reads each
  unknown game as a draw (F9), and floats are unknown (only a bye counts as
  a downfloat: :attr:`~swisslearn.model.Tournament.floats_known` is false).
* **Converting to TRF** needs results: swisslearn picks results that add up
  to every player's points (1, ½ or 0 a game; 1 for a bye; 0, ½ or 1 —
  ``Z``, ``H`` or ``F`` — for a ``-``), taking the games in round order, then
  list order, and giving each game to the higher-listed player if the totals
  still allow it, otherwise a draw, otherwise the lower-listed player; a
  ``-`` is an absence if it can be, else a half-point bye, else a full-point
  bye.  These are *a* history, not *the* history.  If no results add up to
  the points (e.g. more points than games), the conversion stops with a
  message.  Starting ranks are the list order, ranks the list order, no
  rating, title, federation or date; names are cut to 33 characters
  (columns 15-47).
* **Converting from TRF** keeps the names, each player's points (from the
  results, counted as for pairing), opponents and colours of the games
  played, and the pairing-allocated byes.  Players are written in ranking
  order (points, then starting rank), so the list order breaks ties as
  ``simple`` breaks them on the TRF.  Lost: ratings, titles, federations,
  starting ranks (the list renumbers from 1), results, the kind of each
  round without a game (absence, half- or full-point bye, forfeit: all
  ``-``), byes announced for the next round, and every other record.  Two
  players with the same name get their starting rank after it
  (``Dupont (7)``); an empty name becomes ``Joueur 7``.
"""

from __future__ import annotations

from swisslearn.formats.plainlist.convert import (converted, format_trf, infer_results,
                                                  to_plain_list, to_trf)
from swisslearn.formats.plainlist.document import (BYE, NO_GAME, PlainListDocument,
                                                   format_plain_list, format_points,
                                                   is_plain_list_text, load_plain_list,
                                                   looks_like_plain_list, name_key,
                                                   parse_plain_list, quote_name, read_plain_list)

__all__ = ["PlainListDocument", "parse_plain_list", "read_plain_list", "load_plain_list",
           "looks_like_plain_list", "is_plain_list_text", "format_plain_list", "format_points",
           "quote_name", "name_key", "to_plain_list", "to_trf", "format_trf", "infer_results",
           "converted", "BYE", "NO_GAME"]
