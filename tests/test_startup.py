"""Start-up of the command line: what ``swisslearn pair`` loads when it runs.

tests/test_environment.py checks that *importing* the CLI and the engine
loads no notebook stack.  This runs the command itself, in a fresh
interpreter, on a club round that backtracks (C13), and lists every module
loaded by the end: still no notebook stack, and neither scipy nor networkx,
whose imports alone cost more than the 0.3 s start-up budget (the dutch-1998
engine loads scipy only for large assignment problems; networkx is only the
weighted matching's fallback when the compiled one is not built).
"""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import DATA

HEAVY = ("pandas", "matplotlib", "ipywidgets", "scipy", "networkx")

RUN = """
import io, json, sys
from contextlib import redirect_stdout
from swisslearn.cli import main
with redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def test_pairing_a_club_round_loads_no_heavy_package() -> None:
    out = subprocess.run([sys.executable, "-c", RUN, "pair", str(DATA / "club-12-joueurs.trf"),
                          "--round", "5"], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert result["code"] == 0
    assert "swisslearn.dutch1998.procedure" in result["modules"]
    loaded = sorted(m for m in result["modules"] if m.split(".")[0] in HEAVY)
    assert not loaded, loaded
