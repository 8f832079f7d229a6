"""The trace streams (issue 23, item 4): no layer holds all the events of a
round.

The engines of dutch-2026 and dutch-2017 pair the round's brackets first
(the matchings need every bracket's players), then make the events one by
one from that result: an event is not kept once it is yielded.  The command
line writes each event as it comes (``trace --jsonl``).  Both are checked
here: while an event is handed out, none of the earlier ones is still alive
anywhere (a list of events built and then yielded would keep them all;
events hold no cycle, so reference counting frees each at once), and
``trace --jsonl`` has written the first event before the engine pairs the
brackets.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import weakref
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import need_shared

from swisslearn import cli
from swisslearn.dutch2017 import procedure as procedure_2017
from swisslearn.dutch2026 import procedure as procedure_2026
from swisslearn.formats.trf import read_trf

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT.parent / "shared" / "vectors"
ENGINES = {"dutch-2026": procedure_2026, "dutch-2017": procedure_2017}
# A round of each kind: MDPs and a remainder, the PAB (odd), 2017's A.9
# (a bracket paired again: bracket_undone), a round 1.
CASES = [(ROOT / "data" / "chysteme-36-joueurs.trf", None),
         (ROOT / "data" / "cours-c13-fusion.trf", 2),
         (VECTORS / "dutch2017" / "rtg-002-p54-r11.trf", 11),
         (VECTORS / "dutch2017" / "rtg-002-p54-r11.trf", 1)]


@pytest.mark.parametrize("system", sorted(ENGINES))
@pytest.mark.parametrize(("path", "round"), CASES,
                         ids=[f"{p.stem}-r{r}" for p, r in CASES])
def test_no_earlier_event_is_kept_while_the_trace_goes_on(system: str, path: Path,
                                                         round: int | None) -> None:
    tournament = read_trf(need_shared(path)).tournament
    seen: list[weakref.ref[Any]] = []
    kinds = []
    for event in ENGINES[system].trace(tournament, round):
        alive = [kept.kind for kept in (ref() for ref in seen) if kept is not None]
        assert alive == [], f"{event.kind}: earlier events still held: {alive}"
        seen.append(weakref.ref(event))
        kinds.append(event.kind)
    assert kinds[0] == "round_started" and kinds[-1] == "round_paired"
    assert len(kinds) > 10


@pytest.mark.parametrize("system", sorted(ENGINES))
def test_trace_jsonl_writes_the_first_event_before_the_brackets_are_paired(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module: ModuleType = ENGINES[system]
    sink = io.StringIO()  # stdout: what was written so far
    written_then: list[str] = []
    edition = module.EDITION
    pair_round = edition.pair_round

    def spy(*args: Any) -> Any:
        written_then.append(sink.getvalue())
        return pair_round(*args)

    monkeypatch.setattr(module, "EDITION", dataclasses.replace(edition, pair_round=spy))
    path = need_shared(VECTORS / "dutch2017" / "rtg-002-p54-r11.trf")
    with contextlib.redirect_stdout(sink):
        code = cli.main(["trace", str(path), "--round", "11", "--system", system, "--jsonl"])
    assert code == 0
    assert len(written_then) == 1
    first = [json.loads(line)["kind"] for line in written_then[0].splitlines()]
    assert first == ["round_started"]
    assert len(sink.getvalue().splitlines()) > 10
