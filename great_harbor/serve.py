"""``great-harbor serve``: the game in a browser tab, through textual-serve (the ``web`` extra).

Every tab that opens the page gets a game process of its own, started as ``great-harbor`` with
no command would be: at the new-game screen, with Continue and the saved games. Closing the tab
ends that process (its game is saved after every action, so nothing is lost).

Safe by default: the server binds to the loopback address, answers only requests addressed to
it by a local name (a web page elsewhere cannot reach it by renaming itself, "DNS rebinding"),
opens a game only for a page of its own origin (another site's script cannot open one), and its
page cannot be shown inside another site's page (``frame-ancestors 'none'``). The page loads
nothing from any other host: the terminal's script and styles and its font come from
textual-serve's package, the page from ``web_page/`` beside this module.

Bounded whatever a tab (or a script posing as one) sends:

* at most ``--max-games`` games at once (:data:`MAX_GAMES` by default); a tab over it is told so;
* a message from a tab is at most :data:`MAX_MESSAGE` bytes, and a tab sends at most
  :data:`INPUT_RATE` bytes a second beside one message's worth at once; keys its game has not
  read yet stay under :data:`MAX_PENDING` bytes. A tab past any of these, or sending what no page
  of ours sends, is closed with one line in the server's log, as is a malformed request;
* a game runs with great_harbor.web_driver, which drops keys while its app is behind and ends
  soon after its input does; the server ends its process :data:`QUIT_GRACE` seconds after its
  tab went in any case, and every game when it stops. The games run in the server's process
  group without a shell between, so a signal to the group (Ctrl+C) reaches each of them too.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import os
import signal
import socket
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from great_harbor.text import inert

if TYPE_CHECKING:
    from aiohttp import web

INSTALL_HINT = ("error: 'great-harbor serve' needs the web extra: pip install 'great-harbor[web]' "
                "(in a clone: pip install '.[web]')")
TITLE = "The Great Harbor"
PAGE_FOLDER = Path(__file__).parent / "web_page"
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
DRIVER = "great_harbor.web_driver:HarborWebDriver"  # the driver each game runs with

MAX_GAMES = 8  # games at once by default: each takes about 70 MB and a little of the processor
MAX_MESSAGE = 64 * 1024  # bytes in one message from a tab (a paste of a page of text fits)
INPUT_RATE = 16 * 1024  # bytes a second a tab may send on average (typing and the mouse: ~2 KB)
MESSAGE_COST = 64  # the least a message counts for against INPUT_RATE (a resize costs the game)
MAX_PENDING = 256 * 1024  # bytes of keys waiting for a game to read them
QUIT_GRACE = 4.0  # seconds from a tab's end to its game's (the game ends itself within 3)
FONT_SIZES = (8, 40)  # ?fontsize= is kept within these

log = logging.getLogger("great_harbor.serve")


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name as given to --host) is this machine's loopback only."""
    if host.lower() in LOCAL_NAMES or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name: it may resolve to any address


def is_unspecified(host: str) -> bool:
    """Whether ``host`` means every address of this machine (``0.0.0.0``, ``::``)."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return host == ""


def host_name(header: str) -> str | None:
    """The name or address in a Host header (``name``, ``name:port``, ``[v6]:port``), lower case;
    None when it is not one."""
    if header.startswith("["):
        inside, bracket, rest = header[1:].partition("]")
        if not bracket or (rest and not (rest.startswith(":") and rest[1:].isdigit())):
            return None
        try:
            return str(ipaddress.IPv6Address(inside))
        except ValueError:
            return None
    name, colon, port = header.partition(":")
    if colon and not (port.isdigit() and len(port) <= 5):
        return None
    if not name or not all(c.isalnum() or c in "-._" for c in name) or not name.isascii():
        return None
    return name.lower().rstrip(".")


def app_command(saves_dir: Path | None, data: Path | None) -> list[str]:
    """What each tab's game process runs: this Python, this package, the folders (no shell)."""
    from great_harbor.saves import expand_user  # start-up: only for this command

    argv = [sys.executable, "-m", "great_harbor"]
    if saves_dir is not None:
        argv += ["--saves-dir", str(expand_user(saves_dir).absolute())]
    if data is not None:
        argv += ["--data", str(expand_user(data).absolute())]
    return argv


def warning_for(host: str, saves: Path) -> str | None:
    """The warning printed when the server listens beyond this machine."""
    if is_loopback(host):
        return None
    return (f"warning: serving on {inert(host)}: anyone who can reach this address can play here and open every game "
            f"in the saves folder ({inert(saves)}); stop with Ctrl+C")


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses others on its network may reach it at, best first: the one
    its way out goes through, then the others its name has. Sends nothing (a UDP socket is only
    pointed at an address, to learn which of ours the system would send from)."""
    found: list[str] = []
    with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never used, nothing is sent
        found.append(probe.getsockname()[0])
    with suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    usable = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and address not in usable:
            usable.append(address)
    return usable


def addresses_for(host: str, port: int, network: list[str] | None = None) -> str:
    """Where to open the page, for the line printed at the start: the address listened on, or
    for every address (``0.0.0.0``, ``::``) one the network can use and this computer's own."""
    if is_unspecified(host):
        lan = network_addresses() if network is None else network
        local = f"http://127.0.0.1:{port}/" if ":" not in host else f"http://[::1]:{port}/"
        if lan:
            return f"http://{lan[0]}:{port}/ (on this computer {local})"
        return f"{local} on this computer, and at this computer's network address, port {port}, on others"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


class Budget:
    """A tab's allowance of bytes: ``rate`` a second, at most ``burst`` saved up (a token bucket)."""

    def __init__(self, rate: float, burst: float, clock: Any = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.left = burst
        self.at: float = clock()

    def spend(self, amount: float) -> bool:
        """Take ``amount`` from the allowance; False when there is not that much left."""
        now = self.clock()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if amount > self.left:
            return False
        self.left -= amount
        return True


class BadMessage(Exception):
    """A message no page of ours sends; ``str()`` says what was wrong with it."""


def read_message(text: str) -> tuple[str, object]:
    """A tab's message as (kind, data): ``["stdin", "keys"]``, ``["resize", {...}]`` and so on."""
    try:
        envelope = json.loads(text)
    except RecursionError:
        raise BadMessage("a message nested too deep") from None
    except ValueError:
        raise BadMessage("a message that is not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise BadMessage("a message that is not a list starting with its kind")
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and not isinstance(data, str):
        raise BadMessage("keys that are not text")
    if kind == "resize" and not (isinstance(data, dict) and isinstance(data.get("width"), int)
                                 and isinstance(data.get("height"), int)):
        raise BadMessage("a size that is not a width and a height")
    return kind, data


class OneLine(logging.Formatter):
    """A log record as one line: its message and what went wrong, never a traceback (unless
    $GREAT_HARBOR_DEBUG is set)."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            if os.environ.get("GREAT_HARBOR_DEBUG"):
                return inert(text) + "\n" + self.formatException(record.exc_info)
            exc = record.exc_info[1]
            reason = getattr(exc, "message", None) or str(exc) or type(exc).__name__
            text = f"{text}: {' '.join(str(reason).split())}"
        text = inert(text)
        return text if len(text) <= 300 else text[:299] + "…"


def quiet_logs(stream: TextIO | None = None) -> None:
    """The server's log (aiohttp's, asyncio's, textual-serve's and ours): one line a record, on
    ``stream`` (default stderr)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(OneLine())
    for name in ("aiohttp", "asyncio", "textual-serve", log.name):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(logging.WARNING)
        logger.propagate = False
    # A game that ends before it starts says why itself (see GameProcess.last_words).
    logging.getLogger("textual-serve").setLevel(logging.CRITICAL)


def run(host: str, port: int, saves_dir: Path | None, data: Path | None, max_games: int = MAX_GAMES) -> int:
    """Serve until Ctrl+C (or SIGTERM); the exit status."""
    try:
        import textual_serve  # noqa: F401  # start-up: the extra is imported only by this command
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command
    from great_harbor.saves import expand_user  # start-up: only for this command
    from great_harbor.saves import saves_dir as saves_folder  # start-up: only for this command

    if saves_dir is not None and str(saves_dir).startswith("~") and expand_user(saves_dir) == saves_dir:
        user = str(saves_dir)[1:].split("/")[0] or "you"  # every game would be saved in ./~user/…
        print(f"error: --saves-dir {inert(saves_dir)}: this computer knows no home folder of {inert(user)}",
              file=sys.stderr)
        return 2
    try:
        load_catalogue(data, cache=True)  # a broken catalogue is said here once, not in every tab
    except CatalogueError as exc:
        print(f"error: {inert(exc)}", file=sys.stderr)
        return 1
    warning = warning_for(host, saves_folder(saves_dir))
    if warning is not None:
        print(warning, file=sys.stderr)
    server = make_server(app_command(saves_dir, data), host, port, max_games)
    try:
        status: int = asyncio.run(server.serve_until_stopped())
        return status
    except KeyboardInterrupt:
        return 0
    finally:
        server.kill_games()  # whatever ended the server, no game outlives it


def make_server(command: list[str], host: str, port: int, max_games: int = MAX_GAMES) -> Any:
    """The server (a textual-serve ``Server``) running ``command`` for each tab, on ``host:port``
    (port 0 takes a free one), with at most ``max_games`` games at once."""
    from aiohttp import WSCloseCode, WSMsgType, web  # start-up: the web extra, only for this command
    from textual_serve.app_service import AppService  # start-up: the web extra, only for this command
    from textual_serve.server import Server  # start-up: the web extra, only for this command

    class GameProcess(AppService):
        """One tab's game: textual-serve's app service, run without a shell, its input bounded
        (never waiting on a game that does not read it), and ended within QUIT_GRACE seconds."""

        def __init__(self, websocket: web.WebSocketResponse, download_manager: Any) -> None:
            async def write_bytes(data: bytes) -> None:
                if not websocket.closed:  # else the game's frames go nowhere (it is ending)
                    with suppress(ConnectionError):
                        await websocket.send_bytes(data)

            async def write_str(data: str) -> None:
                if not websocket.closed:
                    with suppress(ConnectionError):
                        await websocket.send_str(data)

            async def close() -> None:
                await websocket.close()

            super().__init__(" ".join(command), write_bytes=write_bytes, write_str=write_str, close=close,
                             download_manager=download_manager)
            self.ending = False  # the server ends it (it stops, or the tab went): its last words are no news
            self.killed = False
            self._errors: asyncio.Task[bytes] | None = None

        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            environment = super()._build_environment(width, height)
            environment["TEXTUAL_DRIVER"] = DRIVER
            environment.pop("TEXTUAL", None)  # no devtools or debug log in a served game
            return environment

        async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
            self._process = process = await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=self._build_environment(width, height))
            assert process.stdin is not None and process.stderr is not None
            self._stdin = process.stdin
            # What the game writes to stderr is read here, and said in one line if it ended on its
            # own with something to say (textual-serve would copy it whole, twice, to stdout).
            self._errors = asyncio.create_task(self._read_errors(process.stderr))
            nothing = asyncio.StreamReader()
            nothing.feed_eof()
            process.stderr = nothing
            return process

        async def run(self) -> None:
            """Pass the game's frames to its tab until its output ends; then the tab's connection
            ends too (a game that failed, or was killed, leaves no tab waiting on nothing)."""
            try:
                await super().run()
                if self._process is not None and not self.ending:  # its output ended: so has the game, mostly
                    with suppress(TimeoutError):
                        await asyncio.wait_for(self._process.wait(), 1)
            finally:
                await self.remote_close()

        @staticmethod
        async def _read_errors(stream: asyncio.StreamReader) -> bytes:
            kept = b""
            while chunk := await stream.read(4096):
                kept = (kept + chunk)[-4096:]
            return kept

        async def last_words(self) -> str | None:
            """The last line the game wrote to stderr, when it ended on its own (not ended by the
            server, nor killed)."""
            if self._errors is None or self.ending or self.killed:
                return None
            try:
                text = (await asyncio.wait_for(self._errors, 2)).decode("utf-8", "replace")
            except TimeoutError:
                return None
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            return lines[-1] if lines else None

        def _write(self, packet: bytes) -> bool:
            """Send ``packet`` to the game without waiting; False when the game has not read
            MAX_PENDING bytes of what it was sent (or is gone)."""
            stdin = self._stdin
            if stdin is None or stdin.is_closing():
                return False
            if stdin.transport.get_write_buffer_size() + len(packet) > MAX_PENDING:
                return False
            stdin.write(packet)
            return True

        async def send_bytes(self, data: bytes) -> bool:
            return self._write(self.encode_packet(b"D", data))

        async def send_meta(self, data: dict[str, str | None | int | bool]) -> bool:
            return self._write(self.encode_packet(b"M", json.dumps(data).encode("utf-8")))

        @property
        def alive(self) -> bool:
            return self._process is not None and self._process.returncode is None

        async def stop(self) -> None:
            """Tell the game to quit and close its input; end its process if it is still there
            QUIT_GRACE seconds later."""
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            process = self._process
            if process is not None:
                if process.returncode is None:
                    self.ending = True
                await self.send_meta({"type": "quit"})
                if self._stdin is not None:
                    self._stdin.close()
                try:
                    await asyncio.wait_for(process.wait(), QUIT_GRACE)
                except TimeoutError:
                    self.kill()
                    await process.wait()
            if self._task is not None:
                try:
                    await asyncio.wait_for(self._task, 2)  # its last output is read
                except TimeoutError:
                    pass  # (wait_for cancelled the reading)
                self._task = None

        def kill(self) -> None:
            if self.alive:
                assert self._process is not None
                self.killed = True
                with suppress(ProcessLookupError):
                    self._process.kill()

    class HarborServer(Server):
        """textual-serve's server with our page, our checks and bounds, and a prompt shutdown."""

        def __init__(self) -> None:
            super().__init__(" ".join(command), host=host, port=port, title=TITLE, templates_path=PAGE_FOLDER)
            self.sockets: set[web.WebSocketResponse] = set()
            self.games: set[GameProcess] = set()
            self.max_games = max_games
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
            app.on_response_prepare.append(self.add_headers)
            return app

        @staticmethod
        async def add_headers(request: web.Request, response: web.StreamResponse) -> None:
            # No other site may show this page inside its own (and take its keys there).
            response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
            response.headers["X-Frame-Options"] = "DENY"
            response.headers["X-Content-Type-Options"] = "nosniff"

        @web.middleware
        async def check_request(self, request: web.Request, handler: Any) -> web.StreamResponse:
            name = host_name(request.host)
            if name is None:
                log.warning(f"refused a request from {request.remote}: its Host is not a name or an address")
                raise web.HTTPBadRequest(text="This request names no host.\n")
            if self.local_only and not is_loopback(name):
                raise web.HTTPForbidden(text=f"This server answers to 127.0.0.1 and localhost only, not {name!r}.\n")
            origin = request.headers.get("Origin")
            if request.path == "/ws" and origin is not None and origin != f"{request.scheme}://{request.host}":
                raise web.HTTPForbidden(text="A game opens only from this server's own page.\n")
            response: web.StreamResponse = await handler(request)
            return response

        def full(self) -> str | None:
            """What a tab is told while the most games are being played, else None."""
            if len(self.games) < self.max_games:
                return None
            return (f"This server is playing its {self.max_games} games at once already: "
                    "end one (or close its tab), then start again.")

        async def handle_index(self, request: web.Request) -> web.Response:
            import aiohttp_jinja2  # start-up: the web extra, only for this command

            try:
                font_size: int | None = max(FONT_SIZES[0], min(FONT_SIZES[1], int(request.query["fontsize"])))
            except (KeyError, ValueError):
                font_size = None  # the page picks one that fits the window
            ws = "wss" if request.scheme == "https" else "ws"
            full = self.full()
            context = {
                "title": TITLE,
                "font_size": font_size or 16,
                "font_chosen": font_size is not None,
                "websocket_url": f"{ws}://{request.host}/ws",
                "static": "/static/",
                "full": full,
            }
            response: web.Response = aiohttp_jinja2.render_template("index.html", request, context,
                                                                    status=503 if full else 200)
            response.headers["Cache-Control"] = "no-store"
            return response

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """A tab opened the page: run a game process for it until the tab goes."""

            def size(name: str, default: int) -> int:
                try:
                    return max(10, min(1000, int(request.query.get(name, default))))
                except ValueError:
                    return default

            peer = request.remote or "an unknown address"
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE, compress=False, timeout=2)
            await websocket.prepare(request)
            full = self.full()
            if full is not None:
                log.warning(f"turned away a tab from {peer}: {self.max_games} games are being played (--max-games)")
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=full.encode())
                return websocket
            self.sockets.add(websocket)
            game = GameProcess(websocket, self.download_manager)
            self.games.add(game)
            code, why = WSCloseCode.OK, b""
            try:
                try:
                    await game.start(size("width", 80), size("height", 24))
                except OSError as exc:
                    log.warning(f"could not start a game for {peer}: {exc.strerror or exc}")
                    code, why = WSCloseCode.TRY_AGAIN_LATER, b"This server could not start a game: try again later."
                else:
                    reason = await self.play(game, websocket)
                    if reason is not None:
                        log.warning(f"closed the connection of a tab from {peer}: {reason}")
                        code, why = WSCloseCode.POLICY_VIOLATION, b"The server closed this tab's connection."
            finally:
                self.sockets.discard(websocket)
                try:  # the game process quits (and frees its save) while the tab is told
                    await asyncio.shield(asyncio.gather(game.stop(), websocket.close(code=code, message=why)))
                    words = await game.last_words()
                    if words is not None:
                        log.warning(f"the game of a tab from {peer} ended: {words}")
                finally:
                    game.kill()  # (cancelled while stopping: no waiting, then)
                    self.games.discard(game)
            return websocket

        async def play(self, game: GameProcess, websocket: web.WebSocketResponse) -> str | None:
            """Pass a tab's messages to its game until the tab goes (None) or oversteps (why)."""
            budget = Budget(INPUT_RATE, MAX_MESSAGE)
            async for message in websocket:
                if message.type == WSMsgType.ERROR:  # too big, or not a websocket frame at all
                    if getattr(message.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG:
                        return f"a message over {MAX_MESSAGE // 1024} KB"
                    return f"a broken message ({message.data})"
                if message.type != WSMsgType.TEXT:
                    return "a binary message"
                if not budget.spend(max(MESSAGE_COST, len(message.data))):
                    return f"it sent more than {INPUT_RATE // 1024} KB a second"
                try:
                    kind, data = read_message(message.data)
                except BadMessage as exc:
                    return str(exc)
                if not await self.on_message(game, websocket, kind, data):
                    return f"its game has not read {MAX_PENDING // 1024} KB of the keys it was sent"
            return None

        async def on_message(self, game: GameProcess, websocket: web.WebSocketResponse, kind: str,
                             data: Any) -> bool:
            """Pass one message on; False when the game is too far behind to take it."""
            if kind == "stdin":
                return await game.send_bytes(data.encode("utf-8", "replace"))  # a lone surrogate: '?'
            if kind == "resize":
                return await game.send_meta({"type": "resize", "width": max(10, min(1000, data["width"])),
                                             "height": max(10, min(1000, data["height"]))})
            if kind == "ping":
                with suppress(ConnectionError):
                    await websocket.send_json(["pong", data])
            elif kind in ("blur", "focus"):
                return await game.send_meta({"type": kind})
            return True

        async def end_games(self) -> None:
            """Close every tab's connection and wait for its game to end (each is ended by
            QUIT_GRACE seconds at the latest)."""
            for game in self.games:
                game.ending = True  # (Ctrl+C reached the games too: "interrupted" is no news)
            for websocket in list(self.sockets):
                with suppress(ConnectionError):
                    await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"The server has stopped.")
            deadline = time.monotonic() + QUIT_GRACE + 2
            while self.games and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            self.kill_games()

        def kill_games(self) -> None:
            for game in list(self.games):
                game.kill()

        async def start(self) -> int | None:
            """Listen; the port (the one taken, for port 0), or None once the reason is printed."""
            app = await self._make_app()
            self.runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2)
            await self.runner.setup()
            self.site = web.TCPSite(self.runner, self.host, self.port)
            try:
                await self.site.start()
            except OSError as exc:
                await self.runner.cleanup()
                reason = (exc.strerror or str(exc)).lower()
                print(f"error: cannot serve on {inert(self.host)} port {self.port}: {inert(reason)}", file=sys.stderr)
                return None
            port: int = self.runner.addresses[0][1]
            return port

        async def shutdown(self) -> None:
            """Stop listening, end every game (saved as it was played), then the server."""
            try:
                await self.site.stop()  # no new tab from here
                await self.end_games()
            finally:
                self.kill_games()
                await self.runner.cleanup()

        async def serve_until_stopped(self) -> int:
            port = await self.start()
            if port is None:
                return 1
            quiet_logs()
            print(f"{TITLE} is served at {addresses_for(self.host, port)} (each browser tab plays its own game, "
                  f"{self.max_games} at most at once; Ctrl+C stops)", flush=True)
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
                await self.shutdown()
            return 0

    return HarborServer()

