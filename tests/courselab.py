"""``swisslearn cours`` running, as a trainee starts it: the course laid in a
folder and JupyterLab serving it (tests/test_course.py, the notebooks'
browser test, and the fresh-install test of ``make stress``).

Nothing of the tester's own Jupyter setup is read: the Jupyter and
JupyterLab folders (config, data, user settings, workspaces) are empty
temporary ones, and ``PATH`` holds only the folder of the ``swisslearn``
command (so no ``make`` either).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

START_TIMEOUT = 90.0  # seconds for JupyterLab to answer (2 shared cores)
TOKEN = "swisslearn-test"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass(frozen=True)
class Lab:
    """A running ``swisslearn cours``."""

    url: str          # http://127.0.0.1:PORT
    folder: Path      # the course's folder
    log: Path         # what the command printed

    def get(self, path: str) -> tuple[int, str, dict[str, str]]:
        """GET ``path`` with the token: status, body, headers (no redirect followed)."""
        class _NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: object, **kwargs: object) -> None:
                return None
        opener = urllib.request.build_opener(_NoRedirect)
        request = urllib.request.Request(self.url + path,
                                         headers={"Authorization": f"token {TOKEN}"})
        try:
            with opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode("utf-8"), dict(answer.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace"), dict(error.headers)

    def setting(self, plugin: str) -> dict[str, object]:
        """The value JupyterLab's settings give each field of ``plugin`` (the
        user's setting, else the default the course gave)."""
        status, body, _ = self.get(f"/lab/api/settings/{plugin}")
        assert status == 200, (status, body[:300])
        answer = json.loads(body)
        values = {name: spec.get("default")
                  for name, spec in answer["schema"]["properties"].items()}
        values.update(answer["settings"])
        return values


@contextlib.contextmanager
def running_course(command: list[str], folder: Path, scratch: Path,
                   user_settings: dict[str, dict[str, object]] | None = None) -> Iterator[Lab]:
    """Run ``command + ["--no-browser", "--port", P, folder]`` until JupyterLab
    answers on ``/lab``; stopped (SIGTERM, then killed) at the end.
    ``user_settings``: the user's JupyterLab settings, by plugin
    (``"@jupyterlab/notebook-extension:tracker"``)."""
    port = free_port()
    home = scratch / "home"
    home.mkdir(parents=True, exist_ok=True)
    for plugin, values in (user_settings or {}).items():
        package, name = plugin.split(":")
        path = home / "lab-user-settings" / package / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    env = {
        "PATH": str(Path(command[0]).parent),
        "HOME": str(home),
        "JUPYTER_TOKEN": TOKEN,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "lab-user-settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "lab-workspaces"),
        "LANG": "C.UTF-8",
    }
    log = scratch / "cours.log"
    with log.open("wb") as out:
        process = subprocess.Popen([*command, "--no-browser", "--port", str(port), str(folder)],
                                   stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)
    lab = Lab(f"http://127.0.0.1:{port}", folder, log)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if process.poll() is not None:
                raise AssertionError(f"swisslearn cours ended ({process.returncode}):\n"
                                     + log.read_text("utf-8", "replace")[-3000:])
            try:
                if lab.get("/lab")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("JupyterLab did not answer:\n"
                                     + log.read_text("utf-8", "replace")[-3000:])
            time.sleep(0.5)
        yield lab
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
