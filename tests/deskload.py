"""The desk as a hall sees it: its server, and visitors that speak its protocol.

Used by ``tests/test_desk_hall.py`` (short, in ``make test``),
``tests/stress/test_desk_stress.py`` (20 visitors for 5 minutes, in
``make stress``) and ``tests/test_desk_browser.py`` (the server).

* :func:`desk_server` starts ``python -m swisslearn.deskserver`` as
  ``make desk`` does, on a free loopback port, and stops it with its kernels;
  :meth:`Server.kernels` and :meth:`Server.memory` count the kernel
  processes and the resident memory of the server and its kernels.
* :class:`Visitor` does what a person does with a browser, at the level of
  the messages the browser sends: GET the page (or the "desk full" page),
  connect to its kernel, ask the widgets' state, choose a round (the kernel
  pairs it) and wait for the page to say it is paired, press « Suivant »,
  then close the page (the shutdown request the page sends on close) or
  just drop it (a crashed browser: the kernel is culled when idle).
  Every wait is timed (:class:`Timings`).

Loopback only; every wait has a timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import html
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Seconds: a wait longer than this is a failure, not a hang.  60 s was too
# short once: a hall page's kernel took longer to answer while make test
# shared the 2 cores with two other jobs (2026-12-01); the figures the
# tests assert (a refusal at once, the pool refilled) are timed apart.
REQUEST_TIMEOUT = 120.0
V1 = "v1.kernel.websocket.jupyter.org"

#: A round the 1998 engine works on for much longer than the desk tests'
#: limits (3 s, 5 s): round 2 of an 8,000-player tournament (``swisslearn
#: generate --players 8000 --rounds 1 --seed 3``, ``XXR 9``), about 30 s of
#: CPU and 470 MB.  Slow by size, not by an engine defect: the 30-player
#: round used before (13 s, C13 climbing unbounded) pairs in 1 s since
#: issue 29 capped C13.  Stored compressed (800 kB as text).
LONG_ROUND_FILE = Path(__file__).parent / "data" / "desk" / "long-round.trf.gz"
LONG_ROUND_NAME = "long-round.trf"
LONG_ROUND_NUMBER = 2
LONG_ROUND_PLAYERS = 8000


def long_round() -> bytes:
    """The long round's TRF bytes, as a person would upload them."""
    return gzip.decompress(LONG_ROUND_FILE.read_bytes())



def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """A running desk server (see :func:`desk_server`)."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path

    def _processes(self) -> list[Any]:
        import psutil
        try:
            root = psutil.Process(self.process.pid)
            found: list[Any] = [root, *root.children(recursive=True)]
            return found
        except psutil.NoSuchProcess:
            return []

    def kernels(self) -> int:
        """Kernel processes under the server."""
        count = 0
        for proc in self._processes()[1:]:
            with contextlib.suppress(Exception):
                if "ipykernel_launcher" in " ".join(proc.cmdline()):
                    count += 1
        return count

    def memory(self) -> int:
        """Resident memory (bytes) of the server and all its processes."""
        total = 0
        for proc in self._processes():
            with contextlib.suppress(Exception):
                total += proc.memory_info().rss
        return int(total)

    def wait_for_kernels(self, count: int, timeout: float) -> float:
        """Seconds until the server holds ``count`` kernels (``timeout`` if never)."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.kernels() == count:
                return time.monotonic() - start
            time.sleep(0.5)
        return timeout

    def status(self) -> dict[str, int]:
        """The server's own counts (``/desk/status``)."""
        with urllib.request.urlopen(self.url + "desk/status", timeout=10) as answer:
            counts: dict[str, int] = json.loads(answer.read())
            return counts

    def log_text(self) -> str:
        return self.log.read_text("utf-8", "replace") if self.log.exists() else ""


@contextlib.contextmanager
def desk_server(log: Path, *options: str, start_timeout: float = 90.0,
                pool: int | None = None, command: list[str] | None = None,
                cwd: Path = ROOT) -> Iterator[Server]:
    """``python -m swisslearn.deskserver OPTIONS`` on a free port, stopped at
    the end (with its kernels: they share its process group).  Waits until
    it answers and, with a pool, until the pool is filled.  ``command``:
    another server instead (``{port}`` and ``{python}`` filled in; plain
    Voilà, to compare)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log.parent.mkdir(parents=True, exist_ok=True)
    out = log.open("wb")
    argv = ([part.format(port=port, python=sys.executable) for part in command] if command
            else [sys.executable, "-m", "swisslearn.deskserver", f"--port={port}",
                  "--ip=127.0.0.1", *options])
    process = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                               start_new_session=True)
    server = Server(process, url, log)
    try:
        deadline = time.monotonic() + start_timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the desk server exited with {process.returncode}: see {log}")
            try:
                # Any answer will do (not "/": that would take a kernel).
                with urllib.request.urlopen(url + "voila/static/nothing", timeout=2):
                    break
            except urllib.error.HTTPError:
                break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the desk server did not answer on {url}: see {log}")
                time.sleep(0.3)
        if pool:
            while "is filled with" not in server.log_text():
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the desk's kernel pool did not fill: see {log}")
                time.sleep(0.3)
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=20)
        out.close()


# ---------------------------------------------------------------------------
# A visitor


@dataclass
class Timings:
    """What the visitors waited for (seconds), and what they met."""

    pages: list[float] = field(default_factory=list)      # a page's HTML, complete
    full: list[float] = field(default_factory=list)       # a "desk full" (or busy) page
    busy: int = 0                                          # of which "desk busy"
    too_many: int = 0                                      # of which "you have enough pages"
    actions: list[float] = field(default_factory=list)    # a round paired, a step shown
    errors: list[str] = field(default_factory=list)
    closed: int = 0
    dropped: int = 0

    def longest(self) -> float:
        return max(self.pages + self.full + self.actions, default=0.0)

    def summary(self) -> str:
        def stats(values: list[float]) -> str:
            if not values:
                return "none"
            ordered = sorted(values)
            return (f"{len(values)}, median {ordered[len(ordered) // 2]:.2f} s, "
                    f"max {ordered[-1]:.2f} s")
        return (f"pages {stats(self.pages)}; desk-full pages {stats(self.full)} "
                f"({self.busy} busy, {self.too_many} for a visitor with enough pages); "
                f"actions {stats(self.actions)}; closed {self.closed}, dropped {self.dropped}; "
                f"errors {len(self.errors)}")


class PageFull(Exception):
    """The desk answered with its "desk full" (or "desk busy", or "you have
    enough pages": ``too_many``) page, to retry after ``retry`` seconds."""

    def __init__(self, retry: float, too_many: bool = False) -> None:
        super().__init__(f"retry after {retry} s")
        self.retry = retry
        self.too_many = too_many


def _cookie_header(cookies: dict[str, str]) -> str:
    return "; ".join(f"{k}={v}" for k, v in cookies.items())


async def _http(url: str, *, method: str = "GET", body: bytes | None = None,
                headers: dict[str, str] | None = None
                ) -> tuple[int, dict[str, str], str, dict[str, str]]:
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError
    client = AsyncHTTPClient()
    try:
        response = await client.fetch(url, method=method, body=body, headers=headers or {},
                                      request_timeout=REQUEST_TIMEOUT, follow_redirects=False)
    except HTTPClientError as error:
        if error.response is None:
            raise
        response = error.response
    cookies = {}
    for value in response.headers.get_list("Set-Cookie"):
        name, _, rest = value.partition("=")
        cookies[name.strip()] = rest.split(";")[0].strip()
    return (response.code, cookies, response.body.decode("utf-8", "replace"),
            dict(response.headers))


class Visitor:
    """One person at the desk (see the module docstring).

    ``address``: the address a reverse proxy says the visitor came from
    (``X-Forwarded-For``, read by a desk started with ``--behind-proxy``):
    visitors of a hall on the loopback.  ``cookies``: the browser's cookie
    jar, shared by the pages of one browser (a fresh one by default)."""

    def __init__(self, url: str, timings: Timings, seed: int, *, address: str = "",
                 cookies: dict[str, str] | None = None) -> None:
        self.url = url
        self.timings = timings
        self.random = random.Random(seed)
        self.cookies: dict[str, str] = {} if cookies is None else cookies
        self.forwarded = {"X-Forwarded-For": address} if address else {}
        self.kernel_id = ""
        self.socket: Any = None
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}
        self.updates: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None

    # -- the page ----------------------------------------------------------

    async def open(self) -> None:
        """GET the page; :class:`PageFull` for the "desk full" page."""
        start = time.monotonic()
        jar = {"Cookie": _cookie_header(self.cookies)} if self.cookies else {}
        code, cookies, body, headers = await _http(self.url, headers={**jar, **self.forwarded})
        took = time.monotonic() - start
        if code == 429:
            self.timings.full.append(took)
            assert ("Vous avez déjà assez de pages du bureau ouvertes" in body
                    and "You have enough desk pages open already" in body), body[:300]
            self.timings.too_many += 1
            raise PageFull(float(headers.get("Retry-After", "5")), too_many=True)
        if code == 503:
            self.timings.full.append(took)
            busy = "Le bureau est très demandé" in body and "The desk is busy" in body
            full = "Le bureau est complet" in body and "The desk is full" in body
            assert busy or full, body[:300]
            self.timings.busy += busy
            raise PageFull(float(headers.get("Retry-After", "5")))
        assert code == 200, f"GET / answered {code}"
        self.timings.pages.append(took)
        self.cookies.update(cookies)
        match = re.search(r'"kernelId": "([0-9a-f-]+)"', body)
        assert match is not None, "no kernel id in the page"
        self.kernel_id = match.group(1)
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect
        ws_url = (self.url.replace("http://", "ws://") + f"api/kernels/{self.kernel_id}/channels"
                  f"?session_id={self.session}")
        request = HTTPRequest(ws_url, headers={"Cookie": _cookie_header(self.cookies),
                                               **self.forwarded},
                              request_timeout=REQUEST_TIMEOUT)
        # The browser's protocol (Voilà mishandles the legacy one's binary
        # messages: it reads their header as v1's and allocates without bound).
        self.socket = await websocket_connect(request, max_message_size=64 * 1024 * 1024,
                                              subprotocols=[V1])
        self._reader = asyncio.ensure_future(self._read())
        await self._load_states()

    def _message(self, msg_type: str, content: dict[str, Any],
                 metadata: dict[str, Any] | None = None) -> bytes:
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session,
                  "username": "visitor", "date": "", "version": "5.3"}
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        message: bytes = serialize_msg_to_ws_v1(parts, "shell")
        return message

    async def _read(self) -> None:
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
        while True:
            raw = await self.socket.read_message()
            if raw is None:
                return
            if not isinstance(raw, bytes):
                continue
            _, parts = deserialize_msg_from_ws_v1(raw)
            kind = json.loads(parts[0])["msg_type"]
            if kind not in ("comm_open", "comm_msg"):
                continue
            content = json.loads(parts[3])
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.states[content["comm_id"]] = dict(content["data"].get("state", {}))
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update_states":
                    for model, state in data.get("states", {}).items():
                        self.states[model] = dict(state.get("state", {}))
                    await self.updates.put(("", {"update_states": True}))
                elif data.get("method") in ("update", "echo_update"):
                    self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
                    await self.updates.put((content["comm_id"], data.get("state", {})))

    async def _load_states(self) -> None:
        """What the page's widget manager does first: every widget's state."""
        comm = uuid.uuid4().hex
        await self.socket.write_message(self._message(
            "comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
            {"version": "1.0.0"}), binary=True)  # the widgets' control protocol
        await self.socket.write_message(self._message(
            "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}), binary=True)
        await self._until(lambda model, state: "update_states" in state)

    def model(self, css_class: str) -> str:
        """The widget with ``css_class`` (the desk's classes: ``desk-round``...)."""
        for model, state in self.states.items():
            if css_class in state.get("_dom_classes", ()):
                return model
        raise AssertionError(f"no widget with class {css_class}")

    async def _until(self, test: Any, timeout: float = REQUEST_TIMEOUT) -> float:
        start = time.monotonic()
        while True:
            left = timeout - (time.monotonic() - start)
            if left <= 0:
                raise TimeoutError("the page did not answer")
            model, state = await asyncio.wait_for(self.updates.get(), left)
            if test(model, state):
                return time.monotonic() - start

    async def _send(self, model: str, data: dict[str, Any]) -> None:
        await self.socket.write_message(self._message(
            "comm_msg", {"comm_id": model, "data": data}), binary=True)

    # -- what a person does ------------------------------------------------

    async def pair_a_round(self) -> None:
        """Choose another round; wait until the page says it is paired."""
        menu = self.model("desk-round")
        info = self.model("desk-info")
        labels = list(self.states[menu].get("_options_labels", ()))
        current = self.states[menu].get("index")
        choices = [i for i in range(len(labels)) if i != current] or [0]
        index = self.random.choice(choices)
        wanted = labels[index]
        start = time.monotonic()
        await self._send(menu, {"method": "update", "state": {"index": index},
                                "buffer_paths": []})
        words = (f"ronde {wanted} appariée", f"round {wanted} paired")
        await self._until(lambda model, state: model == info and any(
            w in str(state.get("value", "")) for w in words))
        self.timings.actions.append(time.monotonic() - start)

    async def next_step(self) -> None:
        """Press « Suivant »: wait until the label shows the next step."""
        button = self.model("desk-next")
        label = self.model("desk-step-label")
        before = str(self.states[label].get("value", ""))
        start = time.monotonic()
        await self._send(button, {"method": "custom", "content": {"event": "click"}})
        await self._until(lambda model, state: model == label
                          and str(state.get("value", before)) != before)
        self.timings.actions.append(time.monotonic() - start)

    async def upload(self, name: str, data: bytes) -> str:
        """Send a file as the upload button does; the page's message after it
        (its error, or what it says of the file read and its round paired)."""
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
        button = self.model("desk-upload")
        error = self.model("desk-error")
        header = {"msg_id": uuid.uuid4().hex, "msg_type": "comm_msg", "session": self.session,
                  "username": "visitor", "date": "", "version": "5.3"}
        content = {"comm_id": button, "data": {
            "method": "update", "buffer_paths": [["value", 0, "content"]],
            "state": {"value": [{"name": name, "type": "", "size": len(data),
                                 "last_modified": 0, "content": None}]}}}
        parts = [json.dumps(part).encode() for part in (header, {}, {}, content)] + [data]
        await self.socket.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)
        info = self.model("desk-info")

        def answered(model: str, state: dict[str, Any]) -> bool:
            value = str(state.get("value", ""))
            return name in value and (model == error or model == info and re.search(
                r"\b(ronde \d+ appariée|round \d+ paired)", value) is not None)
        await self._until(answered)
        return html.unescape(str(self.states[error].get("value", "")
                                 or self.states[info].get("value", "")))

    async def close(self, drop: bool = False) -> None:
        """Close the page as a browser does (its shutdown request), or drop it."""
        if not drop:
            boundary = uuid.uuid4().hex
            body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"_xsrf\"\r\n\r\n"
                    f"{self.cookies.get('_xsrf', '')}\r\n--{boundary}--\r\n").encode()
            code, _, _, _ = await _http(
                self.url + f"voila/api/shutdown/{self.kernel_id}", method="POST", body=body,
                headers={"Cookie": _cookie_header(self.cookies),
                         "Content-Type": f"multipart/form-data; boundary={boundary}",
                         **self.forwarded})
            assert code == 204, f"the page's shutdown request was answered {code}"
            self.timings.closed += 1
        else:
            self.timings.dropped += 1
        if self.socket is not None:
            self.socket.close()
        if self._reader is not None:
            self._reader.cancel()


async def visit(url: str, timings: Timings, seed: int, *, drop_rate: float = 0.2,
                think: tuple[float, float] = (0.5, 3.0), address: str = "") -> None:
    """One visit: open (retrying a full desk), pair a round, a step or two, close."""
    visitor = Visitor(url, timings, seed, address=address)
    rng = visitor.random
    while True:
        try:
            await visitor.open()
            break
        except PageFull as full:
            # As the page does (it reloads after Retry-After), a person a little later.
            await asyncio.sleep(full.retry * rng.uniform(0.5, 1.0))
    try:
        await visitor.pair_a_round()
        await asyncio.sleep(rng.uniform(*think))
        for _ in range(rng.randint(1, 3)):
            await visitor.next_step()
        await asyncio.sleep(rng.uniform(*think))
    finally:
        await visitor.close(drop=rng.random() < drop_rate)


async def hall(url: str, visitors: int, seconds: float, timings: Timings, seed: int = 1,
               addresses: bool = False, **options: Any) -> None:
    """``visitors`` people visiting the desk again and again for ``seconds``
    (``addresses``: each from an address of its own, forwarded as a reverse
    proxy does)."""
    stop = time.monotonic() + seconds

    async def person(number: int) -> None:
        visit_number = 0
        while time.monotonic() < stop:
            visit_number += 1
            try:
                await visit(url, timings, seed * 10_000 + number * 100 + visit_number,
                            address=f"10.0.{number // 250}.{number % 250 + 1}" if addresses
                            else "", **options)
            except Exception as error:  # counted and reported, never hidden
                timings.errors.append(f"visitor {number}: {type(error).__name__}: {error}")
                await asyncio.sleep(1.0)
    await asyncio.gather(*(person(n) for n in range(visitors)))
