"""The arbiter's desk served to a hall: Voilà with limits (``make desk``).

    python -m swisslearn.deskserver [--port 8866] [--ip 127.0.0.1]
        [--max-kernels 10] [--idle 100] [--pool 2] [NOTEBOOK]

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
import html
import importlib
import os
import sys
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swisslearn.extras import require

# Voilà (and the Jupyter server under it) come with the `notebooks` extra.
require("notebooks", "swisslearn.deskserver", "voila", "jupyter_server")

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager  # noqa: E402
from jupyter_server.utils import url_path_join  # noqa: E402
from tornado import web  # noqa: E402
from traitlets import Bool, Integer  # noqa: E402

from swisslearn.desk import UPLOAD_LIMIT, labels  # noqa: E402

__all__ = ["DEFAULT_NOTEBOOK", "HallKernelManager", "full_page", "main"]

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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
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
        return kernel_id

    async def shutdown_kernel(  # type: ignore[override]
            self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            self._room.set()


def full_page(max_kernels: int, idle: int, retry: int = RETRY_SECONDS, *,
              busy: bool = False) -> str:
    """The page a visitor gets when every place is taken (or, ``busy``,
    when enough pages are starting already), in French and English,
    retrying by itself after ``retry`` seconds."""
    parts = []
    kind = "busy" if busy else "full"
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


def _desk_page(base: Any) -> Any:
    """Voilà's page handler, for a hall (see the module docstring)."""

    class DeskPage(base):  # type: ignore[misc]
        _use_pool = False

        @web.authenticated
        async def get(self, path: str | None = None) -> None:
            # Sets the _xsrf cookie: the page's shutdown request on close sends it.
            self.xsrf_token
            hall = self.kernel_manager
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
            try:
                await super().get(path)
            finally:
                if reservation is not None:
                    hall.cold_pages -= 1
                    hall.release(reservation)

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
                     "starting": hall.cold_pages + len(hall.starting),
                     "pool": sum(len(p) for p in pools.values()),
                     "max_kernels": hall.max_kernels, "max_starting": hall.max_starting,
                     "idle_timeout": hall.cull_idle_timeout})


def _desk_app() -> Any:
    # Voilà ships no type information: imported as the desk imports ipywidgets.
    voila: Any = importlib.import_module("voila.app")
    handler_module: Any = importlib.import_module("voila.tornado.handler")
    socket_module: Any = importlib.import_module("voila.tornado.kernel_websocket_handler")
    replaced = {handler_module.TornadoVoilaHandler: _desk_page(handler_module.TornadoVoilaHandler),
                socket_module.VoilaKernelWebsocketHandler:
                    _desk_kernel_socket(socket_module.VoilaKernelWebsocketHandler)}

    class DeskApp(voila.Voila):  # type: ignore[misc]
        """Voilà with the desk's template and page handler."""

        def setup_template_dirs(self) -> None:
            super().setup_template_dirs()
            # The desk's index.html.j2 comes first; it extends Voilà's lab one.
            self.template_paths.insert(0, str(TEMPLATE))

        def init_handlers(self) -> list[Any]:
            handlers: list[Any] = super().init_handlers()
            handlers = [(h[0], replaced[h[1]], *h[2:]) if len(h) > 1 and h[1] in replaced else h
                        for h in handlers]
            # Before the page's catch-all route.
            return [(url_path_join(self.server_url, "/desk/status"), DeskStatus,
                     {"manager": self.kernel_manager})] + handlers

    return DeskApp


def voila_arguments(notebook: Path, port: int, ip: str, max_kernels: int, idle: int,
                    pool: int, max_starting: int | None = None) -> list[str]:
    """The Voilà command line of the desk (traitlets options)."""
    arguments = [str(notebook), f"--port={port}", f"--Voila.ip={ip}", "--no-browser",
                 "--VoilaConfiguration.multi_kernel_manager_class="
                 "swisslearn.deskserver.HallKernelManager",
                 f"--HallKernelManager.max_kernels={max_kernels}",
                 f"--HallKernelManager.max_starting={max_starting or os.cpu_count() or 2}",
                 f"--HallKernelManager.cull_idle_timeout={idle}",
                 f"--HallKernelManager.cull_interval={max(1, min(10, idle // 10))}",
                 # A message a little over the upload limit (its JSON around it).
                 f"--Voila.tornado_settings={{'websocket_max_message_size': "
                 f"{UPLOAD_LIMIT + 1024 * 1024}}}",
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
    parser.add_argument("--max-starting", type=int, default=os.cpu_count() or 2,
                        help="the most pages starting a kernel at once (default: one a core)")
    args = parser.parse_args(argv)
    if args.max_kernels < 1 or args.idle < 1 or args.pool < 0 or args.max_starting < 1:
        parser.error("--max-kernels, --idle and --max-starting must be at least 1, "
                     "--pool at least 0")
    if not args.notebook.is_file():
        parser.error(f"{args.notebook}: no such notebook")
    os.environ[IDLE_VARIABLE] = str(args.idle)
    app = _desk_app()
    app.launch_instance(voila_arguments(args.notebook, args.port, args.ip,
                                        min(args.max_kernels, 1000), args.idle,
                                        min(args.pool, args.max_kernels), args.max_starting))
    return 0


if __name__ == "__main__":
    sys.exit(main())
