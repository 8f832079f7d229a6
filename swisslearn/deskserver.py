"""The arbiter's desk served to a hall: Voilà with limits (``make desk``).

    python -m swisslearn.deskserver [--port 8866] [--ip 127.0.0.1]
        [--max-kernels 10] [--idle 100] [--pool 2] [--max-per-browser 2]
        [--max-per-address 3] [--pairing-limit 60] [--allow-host NAME]...
        [--behind-proxy] [NOTEBOOK]

Voilà runs ``desk/bureau.ipynb`` in one kernel (a Python process of about
150 MB) per page view.  Served as is, a hall runs out of memory: the kernel
of a closed page is never freed (the page's shutdown request is refused for
a missing ``_xsrf`` cookie, voila-dashboards/voila#1458) and nothing is ever
culled.  Here:

* **Closed pages free their kernel at once**: the page is served with the
  ``_xsrf`` cookie its shutdown request needs (:class:`DeskPage`).
* **Idle pages free it within two minutes**: a kernel with no message for
  ``--idle`` seconds (100) is shut down, checked every 10 seconds
  (jupyter_server's culling, connected pages included; a page left open
  then says it was freed and asks to be reloaded).
* **At most ``--max-kernels`` kernels** (10), pre-started ones included:
  a visitor beyond them gets the « Le bureau est complet / The desk is
  full » page at once (HTTP 503, ``Retry-After``; it retries by itself),
  never a wait (:class:`HallKernelManager`).
* **At most ``--max-starting`` pages start a kernel at once** (one per
  core): starting one costs about a second of a core; beyond that a
  visitor is told « Le bureau est très demandé / The desk is busy » and
  the page retries a few seconds later, instead of every page waiting
  longer and longer.
* **At most ``--max-per-browser`` pages per browser** (2) **and
  ``--max-per-address`` per address** (3): one visitor keeping pages alive
  cannot take every place; beyond, « Vous avez déjà assez de pages du bureau
  ouvertes » (HTTP 429, ``Retry-After``) for that visitor only.  A browser
  is told apart by a cookie the desk sets; a client that drops cookies is
  still counted by its address (``--behind-proxy``: the address a reverse
  proxy forwards, ``X-Real-IP`` / ``X-Forwarded-For``).
* **A round has ``--pairing-limit`` seconds** (60): the page's kernel stops
  a round the engine works on longer (:func:`swisslearn.desk.time_limit`)
  and the page says it is too long for the desk, with the command line
  that pairs it; a kernel still busy ``LIMIT_GRACE`` seconds after that,
  without a word to the page (an engine deaf to the alarm), is shut down.
  Culling spares busy kernels: without this a page that left during a long
  round kept a core busy for as long as the round took.  A round working
  for more than ``YIELD_AFTER`` seconds (3) runs at a lower priority
  (``nice 10``) until the kernel ends: the other pages come first.
* **Pages show at once**: ``--pool`` kernels (2) have run the notebook
  before anyone asks (Voilà's pre-heated kernels), refilled as they are
  taken, within the maximum; beyond them a kernel starts on demand.
* **Uploads are bounded**: the page's script refuses a file over
  :data:`swisslearn.desk.UPLOAD_LIMIT` before sending it, and the kernel's
  connection takes messages a little over that limit, so that an upload is
  either read or refused with a message, never lost.
* **Nothing leaves the hall**: the page's template (``desk/template/``)
  drops Voilà's links to a CDN (a page waited on them without Internet).
* **One kernel protocol**: a kernel connection must ask for the protocol
  browsers use (``v1.kernel.websocket.jupyter.org``); Voilà reads every
  binary message of the older one as if it were v1's, and a client asking
  for it could make the server allocate memory without bound
  (:class:`DeskKernelSocket` refuses it).
* **Only the served address's names**: a request whose ``Host`` is not
  the address the desk listens on (any of the machine's addresses when it
  listens on all of them: ``0.0.0.0``), ``localhost`` for a desk on the
  loopback, the machine's own name, or a name given with ``--allow-host``
  is refused (HTTP 403, one line in the log): a web page elsewhere cannot
  drive the desk through a name it points at this machine (DNS rebinding).
  An IP address in ``Host`` is no such risk: a browser only sends one the
  visitor typed.
* **No file of the machine**: Voilà's ``/voila/files/`` serves any picture
  of the page's folder (``desk/``: none today); the desk serves none.
* **No traceback for an unknown address**: a template path Voilà cannot
  split (``/voila/templates/%2e%2e/…``) is a 404, the login pages a desk
  without password does not need are gone (``/logout`` was a 500).

``/desk/status`` answers the counts in JSON (kernels running or starting,
places reserved, kernels starting, the pool, the maximum), for a hall's
operator and the load test.

The page's script (in the template) also refuses big files and shows the
"freed" message; its words come from the page itself
(:func:`swisslearn.desk.page_data`).  Voilà's own classes are extended here
(``voila>=0.5,<0.6``: its handler and pre-heated pool are not a public API).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import html
import importlib
import ipaddress
import os
import secrets
import socket
import sys
import tempfile
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from swisslearn.extras import require

# Voilà (and the Jupyter server under it) come with the `notebooks` extra.
require("notebooks", "swisslearn.deskserver", "voila", "jupyter_server")

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager  # noqa: E402
from jupyter_server.utils import url_path_join  # noqa: E402
from tornado import httputil, web  # noqa: E402
from tornado.ioloop import PeriodicCallback  # noqa: E402
from tornado.routing import Matcher, Rule  # noqa: E402
from traitlets import Bool, Integer, TraitError  # noqa: E402

from swisslearn.desk import LIMIT_VARIABLE, UPLOAD_LIMIT, labels  # noqa: E402

__all__ = ["DEFAULT_NOTEBOOK", "HallKernelManager", "HostCheck", "full_page", "main"]

#: The desk's notebook (beside the package in a source checkout).
DEFAULT_NOTEBOOK = Path(__file__).resolve().parent.parent / "desk" / "bureau.ipynb"
#: The page's template: Voilà's ``lab`` one, without CDN links, with the desk's script.
TEMPLATE = DEFAULT_NOTEBOOK.parent / "template"
#: How long the "desk full" page waits before trying again (seconds).
RETRY_SECONDS = 15
#: How long the "desk busy" page waits before trying again (seconds).
BUSY_RETRY_SECONDS = 4
#: Read by :func:`swisslearn.desk.page_data` in each kernel: the idle timeout.
IDLE_VARIABLE = "SWISSLEARN_DESK_IDLE"
#: Seconds past the pairing limit before the server shuts a busy kernel down.
LIMIT_GRACE = 15
#: Seconds of work after which a page's kernel yields to the others ...
YIELD_AFTER = 3
#: ... by this niceness (a tenth of a core's share against a page at 0).
YIELD_NICENESS = 10
#: How often the server looks for kernels working long (seconds).
WATCH_SECONDS = 2
#: Voilà marks the kernels it starts for its pool with this variable.
_PREHEAT_VARIABLE = "VOILA_PREHEAT"
#: The kernel websocket protocol browsers speak (the only one accepted).
KERNEL_PROTOCOL = "v1.kernel.websocket.jupyter.org"


@dataclass
class _Reservation:
    """A place a page's request took; ``used`` once its kernel starts."""

    used: bool = False


#: The place of the request being served (its kernel starts in the same task).
_RESERVATION: ContextVar[_Reservation | None] = ContextVar("desk_reservation", default=None)

#: The cookie telling a visitor's browser apart (a random token, nothing else).
BROWSER_COOKIE = "desk_browser"


@dataclass(frozen=True)
class Client:
    """Who asked for a page: the address it came from, the browser's cookie."""

    address: str
    browser: str


@dataclass
class _Asking:
    """A page request of ``client`` being served; ``given`` once its kernel is
    the client's (then counted as its page, no longer as a request)."""

    client: Client
    given: bool = False


#: The page request being served (its kernel is given in the same task).
_ASKING: ContextVar[_Asking | None] = ContextVar("desk_asking", default=None)


class HallKernelManager(AsyncMappingKernelManager):
    """Kernels for a hall: at most :attr:`max_kernels` at once, culled when idle.

    A kernel counts from the moment it starts (pre-started ones included)
    until it is shut down.  :meth:`reserve` takes a place for a visitor's
    page before its kernel starts (a page is refused at once, not after
    rendering half of it); a pool refill waits for a free place instead.
    """

    max_kernels = Integer(10, config=True, help="The most kernels at once (pool included).")
    cull_idle_timeout = Integer(100, config=True,
                                help="Seconds without a message before a kernel is shut down.")
    cull_interval = Integer(10, config=True, help="Seconds between two looks for idle kernels.")
    cull_connected = Bool(True, config=True,
                          help="Cull idle kernels whose page is still open (it says so).")
    max_starting = Integer(os.cpu_count() or 2, config=True,
                           help="The most pages starting a kernel at once.")
    pairing_limit = Integer(60, config=True,
                            help="Seconds a page's round may take (0: no limit).")
    max_per_browser = Integer(2, config=True, help="The most pages of one browser at once.")
    max_per_address = Integer(3, config=True, help="The most pages of one address at once.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        #: The client each page's kernel was given to (until it is shut down).
        self.owners: dict[str, Client] = {}
        #: Page requests being served, by client (their kernel not given yet).
        self.asking: dict[Client, int] = {}
        #: Kernels lowered in priority for a long round (:meth:`watch_long_work`).
        self.yielded: set[str] = set()
        self._watch: PeriodicCallback | None = None
        # Voilà's pool gives a pre-heated kernel through this method, defined by
        # the class Voilà derives from this one: wrapped on the instance.
        handing = getattr(self, "get_rendered_notebook", None)
        if handing is not None:
            async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
                answer = await handing(*args, **kwargs)
                self._handed(answer[2])
                self._give(answer[2])
                return answer
            self.get_rendered_notebook = get_rendered_notebook
        self.reserved = 0
        #: Pages being served with a kernel started for them.
        self.cold_pages = 0
        #: Pool refills whose kernel is starting (not waiting for a place).
        self.starting: set[asyncio.Task[Any]] = set()
        self._room = asyncio.Event()

    def in_use(self) -> int:
        """Kernels running or starting (a failed start does not count)."""
        pending = {kid for kid, task in self._pending_kernels.items() if not task.done()}
        return len(set(self._kernels) | pending)

    def has_room(self) -> bool:
        return self.in_use() + self.reserved < self.max_kernels

    def can_start(self) -> bool:
        """Fewer than :attr:`max_starting` kernels are being started."""
        return self.cold_pages + len(self.starting) < self.max_starting

    def pages_of(self, client: Client) -> tuple[int, int]:
        """The pages of ``client``'s browser and of its address (kernels
        given, pages being served)."""
        pages = list(self.owners.values()) + [c for c, n in self.asking.items()
                                              for _ in range(n)]
        return (sum(1 for c in pages if c.browser == client.browser),
                sum(1 for c in pages if c.address == client.address))

    def client_has_room(self, client: Client) -> bool:
        browser, address = self.pages_of(client)
        return browser < self.max_per_browser and address < self.max_per_address

    def ask(self, client: Client) -> _Asking:
        """A page request of ``client`` is being served (:meth:`done` when over)."""
        self.asking[client] = self.asking.get(client, 0) + 1
        asking = _Asking(client)
        _ASKING.set(asking)
        return asking

    def done(self, asking: _Asking) -> None:
        """The request is over (or its kernel given): no longer counted as one."""
        if asking.given:
            return
        asking.given = True
        left = self.asking.get(asking.client, 0) - 1
        if left > 0:
            self.asking[asking.client] = left
        else:
            self.asking.pop(asking.client, None)

    def _handed(self, kernel_id: str) -> None:
        """A pool's kernel given to a page is active from now on.  Voilà
        spares the pool's kernels from culling, but their last activity was
        their pre-heating: one that waited in the pool longer than the idle
        timeout was culled at the culler's next look, before the page's
        first message, and the page said it had been freed."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = datetime.now(timezone.utc)

    def _give(self, kernel_id: str) -> None:
        """The kernel is the page of the request being served (if any)."""
        asking = _ASKING.get()
        if asking is not None and not asking.given and kernel_id in self._kernels:
            self.owners[kernel_id] = asking.client
            self.done(asking)

    def reserve(self) -> _Reservation | None:
        """Take a place for the page being served, before its kernel starts
        (``None`` if the desk is full)."""
        if not self.has_room():
            return None
        self.reserved += 1
        reservation = _Reservation()
        _RESERVATION.set(reservation)
        return reservation

    def release(self, reservation: _Reservation) -> None:
        """Give back a place no kernel used (the request ended before)."""
        if not reservation.used:
            reservation.used = True
            self.reserved -= 1
            self._room.set()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        env = kwargs.get("env") or {}
        reservation = _RESERVATION.get()
        refill = asyncio.current_task() if env.get(_PREHEAT_VARIABLE) == "True" else None
        if refill is not None:
            # A pool refill: wait for a place (a page closing, a kernel culled).
            while not self.has_room():
                self._room.clear()
                await self._room.wait()
            self.starting.add(refill)
        elif reservation is not None and not reservation.used:
            reservation.used = True
            self.reserved -= 1
        elif not self.has_room():
            raise web.HTTPError(503, "the desk is full")
        try:
            kernel_id: str = await super().start_kernel(*args, **kwargs)
        finally:
            if refill is not None:
                self.starting.discard(refill)
        if refill is None:
            self._give(kernel_id)
        return kernel_id

    def initialize_culler(self) -> None:
        super().initialize_culler()  # type: ignore[no-untyped-call]
        if self._watch is None and self.pairing_limit > 0:
            # Every WATCH_SECONDS, not the culler's 10 s: a long round
            # yields the cores within seconds.
            self._watch = PeriodicCallback(self.watch_long_work, 1000 * WATCH_SECONDS)
            self._watch.start()

    async def watch_long_work(self) -> list[str]:
        """Kernels busy without a message (the engine working: a kernel sends
        nothing meanwhile, its last activity is when the work began): for
        longer than :data:`YIELD_AFTER` seconds, run at a lower priority
        (``nice`` :data:`YIELD_NICENESS`), so that other pages and their short
        rounds come first; longer than the pairing limit and its grace (an
        engine deaf to the page's alarm, which stops a round at the limit),
        shut down.  The ids of the kernels shut down."""
        if self.pairing_limit <= 0:
            return []
        stopped = []
        now = datetime.now(timezone.utc)
        for kernel_id, kernel in list(self._kernels.items()):
            try:
                last = getattr(kernel, "last_activity", None)
            except TraitError:    # a kernel still starting: not set yet
                continue
            if getattr(kernel, "execution_state", None) != "busy" or last is None:
                continue
            busy = (now - last).total_seconds()
            if busy > self.pairing_limit + LIMIT_GRACE:
                self.log.warning("Stopping kernel %s: busy for %d s, past the desk's pairing "
                                 "limit (%d s)", kernel_id, busy, self.pairing_limit)
                stopped.append(kernel_id)
                await self.shutdown_kernel(kernel_id, now=True)
            elif busy > YIELD_AFTER and kernel_id not in self.yielded:
                self.yielded.add(kernel_id)
                pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
                if pid is not None:
                    with contextlib.suppress(OSError):
                        os.setpriority(os.PRIO_PROCESS, pid,
                                       max(YIELD_NICENESS, os.getpriority(os.PRIO_PROCESS, pid)))
        return stopped

    async def shutdown_kernel(  # type: ignore[override]
            self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            self.owners.pop(kernel_id, None)
            self.yielded.discard(kernel_id)
            self._room.set()


def full_page(max_kernels: int, idle: int, retry: int = RETRY_SECONDS, *,
              busy: bool = False, client: bool = False) -> str:
    """The page a visitor gets when every place is taken (or, ``busy``,
    when enough pages are starting already; ``client``, when this visitor
    has ``max_kernels`` pages already), in French and English, retrying by
    itself after ``retry`` seconds."""
    parts = []
    kind = "client" if client else "busy" if busy else "full"
    for lang in ("fr", "en"):
        words = labels(lang)
        minutes = max(1, round(idle / 60))
        text = words[f"{kind}_text"].format(count=max_kernels, minutes=minutes)
        parts.append(
            f"<section lang='{lang}'><h1>{html.escape(words[f'{kind}_title'])}</h1>"
            f"<p>{html.escape(text)}</p>"
            f"<p>{html.escape(words['full_retry'].format(seconds=retry))}</p>"
            f"<p><a href=''>{html.escape(words['full_button'])}</a></p></section>")
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'>"
            f"<meta http-equiv='refresh' content='{retry}'>"
            f"<title>{html.escape(labels('fr')[f'{kind}_title'])}</title>"
            "<style>body{font-family:sans-serif;max-width:40em;margin:3em auto;color:#222}"
            "section+section{border-top:1px solid #ccc;margin-top:2em}</style></head>"
            f"<body class='desk-full'>{''.join(parts)}</body></html>")


#: Addresses meaning "every address of this machine".
_EVERY_ADDRESS = ("", "0.0.0.0", "::")
#: The loopback's names.
_LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def _host_name(host: str) -> str:
    """``Host`` without its port and IPv6 brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class HostCheck:
    """Which ``Host`` headers the desk answers, for a server listening on
    ``ip`` with the extra ``names`` (``--allow-host``: the name a hall types,
    a reverse proxy's public name).

    A DNS-rebinding page reaches the desk under a name of its own that it
    points at this machine; the names are therefore checked.  An address is
    no such risk (a browser's page at ``http://10.0.0.5:8866`` has that
    origin): on a single address only that one is served, on all addresses
    (``0.0.0.0``) any.
    """

    ip: str
    names: frozenset[str] = frozenset()

    @classmethod
    def serving(cls, ip: str, names: Sequence[str] = ()) -> HostCheck:
        allowed = {_host_name(name) for name in names if name.strip()}
        address = _ip(ip)
        if ip in _EVERY_ADDRESS or address is None or not address.is_loopback:
            # Reachable from the hall: the machine's own names too.
            machine = socket.gethostname().lower()
            allowed |= {machine, f"{machine}.local", socket.getfqdn().lower()}
        if ip in _EVERY_ADDRESS or ip in _LOOPBACK_NAMES or (address and address.is_loopback):
            allowed |= set(_LOOPBACK_NAMES)
        return cls(ip, frozenset(allowed))

    def allows(self, host: str) -> bool:
        name = _host_name(host)
        address = _ip(name)
        if address is None:
            return name in self.names
        served = _ip(self.ip)
        if self.ip in _EVERY_ADDRESS:
            return True
        if served is None:          # --ip given as a name: its loopback if it is one
            return address.is_loopback and self.ip in _LOOPBACK_NAMES
        return address == served or (served.is_loopback and address.is_loopback)


class _HostRefused(Matcher):
    """Matches the requests whose ``Host`` the desk does not serve."""

    def __init__(self, check: HostCheck) -> None:
        self.check = check

    def match(self, request: httputil.HTTPServerRequest) -> dict[str, Any] | None:
        return None if self.check.allows(request.host or "") else {}


class RefuseHost(web.RequestHandler):
    """The answer to a request under a name the desk does not serve."""

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        # One line in the log (tornado's access line says 403), no traceback.
        self.finish(f"{labels('fr')['host_refused']}\n{labels('en')['host_refused']}\n")

    def log_exception(self, *args: Any) -> None:  # nothing more to say than the 403
        pass


def _quiet_templates(base: Any) -> Any:
    """Voilà's template files, a 404 for a path it cannot split (it asserted: a 500)."""

    class DeskTemplateFiles(base):  # type: ignore[misc]
        def parse_url_path(self, path: str) -> Any:
            parts = path.split("/", 2)
            if len(parts) < 3 or parts[1] != "static" or ".." in path.split("/"):
                raise web.HTTPError(404)
            return super().parse_url_path(path)

        @classmethod
        def get_absolute_path(cls, root: str, path: str) -> Any:
            parts = os.path.normpath(path).split(os.path.sep, 2)
            if len(parts) < 3 or parts[1] != "static":
                raise web.HTTPError(404)
            return super().get_absolute_path(root, path)

    return DeskTemplateFiles


def _desk_page(base: Any) -> Any:
    """Voilà's page handler, for a hall (see the module docstring)."""

    class DeskPage(base):  # type: ignore[misc]
        _use_pool = False

        @web.authenticated
        async def get(self, path: str | None = None) -> None:
            # Sets the _xsrf cookie: the page's shutdown request on close sends it.
            self.xsrf_token
            hall = self.kernel_manager
            client = self._client()
            if not hall.client_has_room(client):
                browser, address = hall.pages_of(client)
                self.log.info("desk page refused to %s: %d pages of its browser, %d of its "
                              "address", client.address, browser, address)
                most = (hall.max_per_browser if browser >= hall.max_per_browser
                        else hall.max_per_address)
                self.set_status(429)
                self.set_header("Retry-After", str(RETRY_SECONDS))
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(full_page(most, hall.cull_idle_timeout, RETRY_SECONDS, client=True))
                return
            self._use_pool = self._pool_ready()
            busy = not self._use_pool and not hall.can_start()
            reservation = None if self._use_pool or busy else hall.reserve()
            self.log.debug("desk page: pool %s (%d), %d kernels, %d places reserved, %d starting",
                           self._use_pool, len(self._pool()), hall.in_use(), hall.reserved,
                           hall.cold_pages + len(hall.starting))
            if not self._use_pool and reservation is None:
                retry = BUSY_RETRY_SECONDS if busy and hall.has_room() else RETRY_SECONDS
                self.set_status(503)
                self.set_header("Retry-After", str(retry))
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(full_page(hall.max_kernels, hall.cull_idle_timeout, retry,
                                      busy=retry == BUSY_RETRY_SECONDS))
                return
            if reservation is not None:
                hall.cold_pages += 1
            asking = hall.ask(client)
            try:
                await super().get(path)
            finally:
                hall.done(asking)
                if reservation is not None:
                    hall.cold_pages -= 1
                    hall.release(reservation)

        def _client(self) -> Client:
            """The visitor: its address and its browser's cookie (set if new)."""
            browser = self.get_cookie(BROWSER_COOKIE) or ""
            if not (16 <= len(browser) <= 64 and browser.replace("-", "").replace("_", "")
                    .isalnum()):
                browser = secrets.token_urlsafe(18)
                self.set_cookie(BROWSER_COOKIE, browser, httponly=True, samesite="Strict")
            return Client(str(self.request.remote_ip or ""), browser)

        def _pool(self) -> list[Any]:
            pools = getattr(self.kernel_manager, "_pools", {})
            pool: list[Any] = pools.get(self.notebook_path, [])
            return pool

        def _pool_ready(self) -> bool:
            """The next pre-heated kernel has started, or is starting (not
            waiting for a place); a failed one is dropped."""
            pool = self._pool()
            for task in list(pool):
                if task.done() and (task.cancelled() or task.exception() is not None):
                    pool.remove(task)
            return bool(pool) and (pool[0].done() or pool[0] in self.kernel_manager.starting)

        def should_use_rendered_notebook(self, *args: Any, **kwargs: Any) -> bool:
            return self._use_pool and bool(super().should_use_rendered_notebook(*args, **kwargs))

    return DeskPage


def _desk_kernel_socket(base: Any) -> Any:
    """Voilà's kernel connection, for the browsers' protocol only."""

    class DeskKernelSocket(base):  # type: ignore[misc]
        async def get(self, *args: Any, **kwargs: Any) -> None:
            offered = self.request.headers.get("Sec-WebSocket-Protocol", "")
            if KERNEL_PROTOCOL not in (p.strip() for p in offered.split(",")):
                raise web.HTTPError(400, f"the desk speaks the {KERNEL_PROTOCOL} protocol only")
            await super().get(*args, **kwargs)

    return DeskKernelSocket


class DeskStatus(web.RequestHandler):
    """``GET /desk/status``: the hall's counts, in JSON."""

    def initialize(self, manager: HallKernelManager) -> None:
        self.manager = manager

    def get(self) -> None:
        hall = self.manager
        pools = getattr(hall, "_pools", {})
        self.set_header("Cache-Control", "no-store")
        self.finish({"kernels": hall.in_use(), "reserved": hall.reserved,
                     "visitors": len(set(hall.owners.values())),
                     "starting": hall.cold_pages + len(hall.starting),
                     "pool": sum(len(p) for p in pools.values()),
                     "max_kernels": hall.max_kernels, "max_starting": hall.max_starting,
                     "max_per_browser": hall.max_per_browser,
                     "max_per_address": hall.max_per_address,
                     "idle_timeout": hall.cull_idle_timeout})


def _desk_app() -> Any:
    # Voilà ships no type information: imported as the desk imports ipywidgets.
    voila: Any = importlib.import_module("voila.app")
    handler_module: Any = importlib.import_module("voila.tornado.handler")
    socket_module: Any = importlib.import_module("voila.tornado.kernel_websocket_handler")
    static_module: Any = importlib.import_module("voila.static_file_handler")
    replaced = {handler_module.TornadoVoilaHandler: _desk_page(handler_module.TornadoVoilaHandler),
                socket_module.VoilaKernelWebsocketHandler:
                    _desk_kernel_socket(socket_module.VoilaKernelWebsocketHandler),
                static_module.TemplateStaticFileHandler:
                    _quiet_templates(static_module.TemplateStaticFileHandler)}

    class DeskApp(voila.Voila):  # type: ignore[misc]
        """Voilà with the desk's template and page handler."""

        #: The names the desk answers to besides its address (``--allow-host``).
        allowed_hosts: list[str] = []
        #: Behind a reverse proxy: a visitor's address is the one it forwards.
        behind_proxy = False

        def start(self) -> None:
            # Voilà's start, with the Host check before every route.
            self.connection_dir = tempfile.mkdtemp(prefix="voila_",
                                                         dir=self.connection_dir_root)
            self.app = web.Application(**self.init_settings())
            self.app.settings.update(self.tornado_settings)
            self.app.add_handlers(".*$", self.init_handlers())
            check = HostCheck.serving(self.ip, self.allowed_hosts)
            self.app.default_router.rules.insert(0, Rule(_HostRefused(check), RefuseHost))
            if self.behind_proxy:
                self.app.listen = functools.partial(  # type: ignore[method-assign]
                    self.app.listen, xheaders=True)
            self.listen()

        def setup_template_dirs(self) -> None:
            super().setup_template_dirs()
            # The desk's index.html.j2 comes first; it extends Voilà's lab one.
            self.template_paths.insert(0, str(TEMPLATE))

        def init_handlers(self) -> list[Any]:
            handlers: list[Any] = super().init_handlers()
            handlers = [(h[0], replaced[h[1]], *h[2:]) if len(h) > 1 and h[1] in replaced else h
                        for h in handlers]
            # The login pages: the desk asks for no password (docs/desk-hall.md
            # says how to put one in front), and Voilà's /logout was a 500.
            handlers = [h for h in handlers
                        if not str(h[0]).rstrip("/").endswith(("/login", "/logout"))]
            # Before the page's catch-all route.
            return [(url_path_join(self.server_url, "/desk/status"), DeskStatus,
                     {"manager": self.kernel_manager})] + handlers

    return DeskApp


def voila_arguments(notebook: Path, port: int, ip: str, max_kernels: int, idle: int,
                    pool: int, max_starting: int | None = None, max_per_browser: int = 2,
                    max_per_address: int = 3, pairing_limit: int = 60) -> list[str]:
    """The Voilà command line of the desk (traitlets options)."""
    arguments = [str(notebook), f"--port={port}", f"--Voila.ip={ip}", "--no-browser",
                 "--VoilaConfiguration.multi_kernel_manager_class="
                 "swisslearn.deskserver.HallKernelManager",
                 f"--HallKernelManager.max_kernels={max_kernels}",
                 f"--HallKernelManager.max_starting={max_starting or os.cpu_count() or 2}",
                 f"--HallKernelManager.cull_idle_timeout={idle}",
                 f"--HallKernelManager.max_per_browser={max_per_browser}",
                 f"--HallKernelManager.max_per_address={max_per_address}",
                 f"--HallKernelManager.pairing_limit={pairing_limit}",
                 f"--HallKernelManager.cull_interval={max(1, min(10, idle // 10))}",
                 # A message a little over the upload limit (its JSON around it).
                 f"--Voila.tornado_settings={{'websocket_max_message_size': "
                 f"{UPLOAD_LIMIT + 1024 * 1024}}}",
                 # Voilà serves any picture of the page's folder (desk/); the
                 # page needs none (its pictures are in its widgets).
                 "--VoilaConfiguration.file_allowlist=[]",
                 # No code is shown: the highlighting extension is not needed.
                 "--VoilaConfiguration.extension_denylist=['jupyterlab_pygments']"]
    if pool > 0:
        arguments += ["--preheat_kernel=True", f"--pool_size={pool}"]
    return arguments


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m swisslearn.deskserver",
        description="The arbiter's desk (desk/bureau.ipynb) served by Voilà for a hall.")
    parser.add_argument("notebook", nargs="?", type=Path, default=DEFAULT_NOTEBOOK,
                        help="the page (default: desk/bureau.ipynb)")
    parser.add_argument("--port", type=int, default=8866, help="default 8866")
    parser.add_argument("--ip", default="127.0.0.1",
                        help="address to listen on (0.0.0.0: every machine of the hall)")
    parser.add_argument("--max-kernels", type=int, default=10,
                        help="the most pages served at once (default 10, about 150 MB each)")
    parser.add_argument("--idle", type=int, default=100,
                        help="seconds without activity before a page's kernel is freed "
                             "(default 100)")
    parser.add_argument("--pool", type=int, default=2,
                        help="kernels started in advance (default 2; 0: none)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="a name the hall reaches the desk by (besides its address "
                             "and the machine's name; again for more)")
    parser.add_argument("--max-per-browser", type=int, default=2,
                        help="the most pages one browser keeps open at once (default 2)")
    parser.add_argument("--max-per-address", type=int, default=3,
                        help="the most pages one address keeps open at once (default 3)")
    parser.add_argument("--pairing-limit", type=int, default=60,
                        help="seconds a page's round may take before it is stopped "
                             "(default 60; 0: no limit)")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="a reverse proxy serves the hall: a visitor's address is the "
                             "one it forwards (X-Real-IP, X-Forwarded-For)")
    parser.add_argument("--max-starting", type=int, default=os.cpu_count() or 2,
                        help="the most pages starting a kernel at once (default: one a core)")
    args = parser.parse_args(argv)
    if (args.max_kernels < 1 or args.idle < 1 or args.pool < 0 or args.max_starting < 1
            or args.max_per_browser < 1 or args.max_per_address < 1 or args.pairing_limit < 0):
        parser.error("--max-kernels, --idle, --max-starting, --max-per-browser and "
                     "--max-per-address must be at least 1, --pool and --pairing-limit "
                     "at least 0")
    if not args.notebook.is_file():
        parser.error(f"{args.notebook}: no such notebook")
    os.environ[IDLE_VARIABLE] = str(args.idle)
    # Read by each page's kernel (they inherit the server's environment).
    os.environ[LIMIT_VARIABLE] = str(args.pairing_limit)
    app = _desk_app()
    app.allowed_hosts = list(args.allow_host)
    app.behind_proxy = args.behind_proxy
    app.launch_instance(voila_arguments(args.notebook, args.port, args.ip,
                                        min(args.max_kernels, 1000), args.idle,
                                        min(args.pool, args.max_kernels), args.max_starting,
                                        args.max_per_browser, args.max_per_address,
                                        args.pairing_limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
