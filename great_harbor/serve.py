"""``great-harbor serve``: the game in a browser tab, through textual-serve (the ``web`` extra).

Every tab that opens the page gets a game process of its own, started as ``great-harbor`` with
no command would be: at the new-game screen, with Continue and the saved games. Closing the tab
ends that process (its game is saved after every action, so nothing is lost).

Safe by default: the server binds to the loopback address, answers only requests addressed to
it by a local name (a web page elsewhere cannot reach it by renaming itself, "DNS rebinding"),
and opens a game only for a page of its own origin (another site's script cannot open one). The
page loads nothing from any other host: the terminal's script and styles and its font come from
textual-serve's package, the page from ``web_page/`` beside this module.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from great_harbor.text import inert

if TYPE_CHECKING:
    from aiohttp import web

INSTALL_HINT = ("error: 'great-harbor serve' needs the web extra: pip install 'great-harbor[web]' "
                "(in a clone: pip install '.[web]')")
TITLE = "The Great Harbor"
PAGE_FOLDER = Path(__file__).parent / "web_page"
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name as given to --host) is this machine's loopback only."""
    if host.lower() in LOCAL_NAMES or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name: it may resolve to any address


def app_command(saves_dir: Path | None, data: Path | None) -> str:
    """The shell command each tab's game process runs: this Python, this package, the folders."""
    argv = [sys.executable, "-m", "great_harbor"]
    if saves_dir is not None:
        argv += ["--saves-dir", str(saves_dir.expanduser().absolute())]
    if data is not None:
        argv += ["--data", str(data.expanduser().absolute())]
    return subprocess.list2cmdline(argv) if os.name == "nt" else shlex.join(argv)


def warning_for(host: str, saves: Path) -> str | None:
    """The warning printed when the server listens beyond this machine."""
    if is_loopback(host):
        return None
    return (f"warning: serving on {inert(host)}: anyone who can reach this address can play here and open every game "
            f"in the saves folder ({inert(saves)}); stop with Ctrl+C")


def run(host: str, port: int, saves_dir: Path | None, data: Path | None) -> int:
    """Serve until Ctrl+C (or SIGTERM); the exit status."""
    try:
        import textual_serve  # noqa: F401  # start-up: the extra is imported only by this command
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command
    from great_harbor.saves import saves_dir as saves_folder  # start-up: only for this command

    try:
        load_catalogue(data, cache=True)  # a broken catalogue is said here once, not in every tab
    except CatalogueError as exc:
        print(f"error: {inert(exc)}", file=sys.stderr)
        return 1
    warning = warning_for(host, saves_folder(saves_dir))
    if warning is not None:
        print(warning, file=sys.stderr)
    server = make_server(app_command(saves_dir, data), host, port)
    try:
        status: int = asyncio.run(server.serve_until_stopped())
        return status
    except KeyboardInterrupt:
        return 0


def make_server(command: str, host: str, port: int) -> Any:
    """The server (a textual-serve ``Server``) for ``command`` on ``host:port``; port 0 takes a free one."""
    from aiohttp import WSMsgType, web  # start-up: the web extra, only for this command
    from textual_serve.app_service import AppService  # start-up: the web extra, only for this command
    from textual_serve.server import Server  # start-up: the web extra, only for this command

    class HarborServer(Server):
        """textual-serve's server with our page, our checks and a prompt shutdown."""

        def __init__(self) -> None:
            super().__init__(command, host=host, port=port, title=TITLE, templates_path=PAGE_FOLDER)
            self.sockets: set[web.WebSocketResponse] = set()
            self.local_only = is_loopback(host)

        async def _make_app(self) -> web.Application:
            import aiohttp_jinja2  # start-up: the web extra, only for this command
            import jinja2  # start-up: the web extra, only for this command

            app = web.Application(middlewares=[self.check_request])
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
            app.add_routes([
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ])
            app.on_shutdown.append(self.close_sockets)
            return app

        @web.middleware
        async def check_request(self, request: web.Request, handler: Any) -> web.StreamResponse:
            name = request.url.host or ""
            if self.local_only and not is_loopback(name):
                raise web.HTTPForbidden(text=f"This server answers to 127.0.0.1 and localhost only, not {name!r}.\n")
            origin = request.headers.get("Origin")
            if request.path == "/ws" and origin is not None and origin != f"{request.scheme}://{request.host}":
                raise web.HTTPForbidden(text="A game opens only from this server's own page.\n")
            response: web.StreamResponse = await handler(request)
            return response

        async def handle_index(self, request: web.Request) -> web.Response:
            import aiohttp_jinja2  # start-up: the web extra, only for this command

            try:
                font_size = max(8, min(40, int(request.query.get("fontsize", "16"))))
            except ValueError:
                font_size = 16
            ws = "wss" if request.scheme == "https" else "ws"
            context = {
                "title": TITLE,
                "font_size": font_size,
                "websocket_url": f"{ws}://{request.host}/ws",
                "static": "/static/",
            }
            response: web.Response = aiohttp_jinja2.render_template("index.html", request, context)
            response.headers["Cache-Control"] = "no-store"
            return response

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """A tab opened the page: run a game process for it until the tab goes."""

            def size(name: str, default: int) -> int:
                try:
                    return max(10, min(1000, int(request.query.get(name, default))))
                except ValueError:
                    return default

            websocket = web.WebSocketResponse(heartbeat=15)
            await websocket.prepare(request)
            self.sockets.add(websocket)

            async def close() -> None:
                await websocket.close()

            service = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                 close=close, download_manager=self.download_manager)
            try:
                await service.start(size("width", 80), size("height", 24))
                async for message in websocket:
                    if message.type == WSMsgType.TEXT:
                        await self.on_message(service, websocket, message.json())
            except asyncio.CancelledError:
                pass
            finally:
                self.sockets.discard(websocket)
                await service.stop()  # the game process quits (and frees its save)
                await websocket.close()
            return websocket

        async def on_message(self, service: AppService, websocket: web.WebSocketResponse, envelope: Any) -> None:
            if not isinstance(envelope, list) or not envelope:
                return
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if isinstance(width, int) and isinstance(height, int):
                    await service.set_terminal_size(max(10, min(1000, width)), max(10, min(1000, height)))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

        async def close_sockets(self, app: web.Application) -> None:
            for websocket in list(self.sockets):
                await websocket.close()

        async def serve_until_stopped(self) -> int:
            import logging

            logging.basicConfig(level=logging.WARNING, format="%(message)s")
            app = await self._make_app()
            runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=5)
            await runner.setup()
            site = web.TCPSite(runner, self.host, self.port)
            try:
                await site.start()
            except OSError as exc:
                await runner.cleanup()
                reason = (exc.strerror or str(exc)).lower()
                print(f"error: cannot serve on {inert(self.host)} port {self.port}: {inert(reason)}", file=sys.stderr)
                return 1
            bound = runner.addresses[0]  # (host, port): the port, when 0 asked for any free one
            shown = f"[{self.host}]" if ":" in self.host else self.host
            print(f"{TITLE} is served at http://{shown}:{bound[1]}/ (each browser tab plays its own game; "
                  "Ctrl+C stops)", flush=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                try:
                    loop.add_signal_handler(signum, stop.set)
                except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt
                    pass
            try:
                await stop.wait()
            finally:
                print("Stopping: the games in open tabs are saved.", flush=True)
                await runner.cleanup()
            return 0

    return HarborServer()
