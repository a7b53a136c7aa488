"""``great-harbor serve`` under hostile traffic (issue 32): what a script on loopback can send.

Most tests run the server in this process (``serve.make_server``) with a stand-in for the game,
a Python that says it is ready and reads its input until it ends, so each tab costs a few
milliseconds; the flood test runs the real server and the real game (tests/served_page.py).
Everything is on 127.0.0.1."""

from __future__ import annotations

import asyncio
import base64
import io
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from served_page import Server

from great_harbor import serve

aiohttp = pytest.importorskip("aiohttp", reason="aiohttp comes with the web extra: pip install '.[web]'")
pytest.importorskip("textual_serve", reason="textual-serve comes with the web extra: pip install '.[web]'")

# A game that starts at once: the prelude textual-serve waits for, then its input read to the end.
STAND_IN = [sys.executable, "-c",
            "import sys; sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush(); sys.stdin.buffer.read()"]


class Running:
    """A server of this process on 127.0.0.1, its log kept in ``log``."""

    def __init__(self, server: Any, port: int, log: io.StringIO) -> None:
        self.server, self.port, self.log = server, port, log
        self.url = f"http://127.0.0.1:{port}/"
        self.ws_url = f"ws://127.0.0.1:{port}/ws?width=120&height=36"
        self.origin = f"http://127.0.0.1:{port}"

    def lines(self) -> list[str]:
        return self.log.getvalue().splitlines()


LOGGERS = ("aiohttp", "asyncio", "textual-serve", "great_harbor.serve")


@pytest.fixture
def server_log() -> Iterator[io.StringIO]:
    """The server's log as it writes it (serve.quiet_logs), into a string; the loggers as they
    were afterwards (this process goes on with other tests)."""
    loggers = [logging.getLogger(name) for name in LOGGERS]
    before = [(logger.handlers[:], logger.level, logger.propagate) for logger in loggers]
    log = io.StringIO()
    serve.quiet_logs(log)
    yield log
    for logger, (handlers, level, propagate) in zip(loggers, before, strict=True):
        logger.handlers[:], logger.level, logger.propagate = handlers, level, propagate


@asynccontextmanager
async def running(log: io.StringIO, max_games: int = 8, command: list[str] = STAND_IN) -> AsyncIterator[Running]:
    server = serve.make_server(command, "127.0.0.1", 0, max_games)
    port = await server.start()
    assert port is not None
    try:
        yield Running(server, port, log)
    finally:
        await server.shutdown()
    assert "Traceback" not in log.getvalue()


async def until(check: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


async def closed_by_server(websocket: Any, timeout: float = 10) -> tuple[int | None, str]:
    """Read until the server closes ``websocket``: its close code and reason."""
    async with asyncio.timeout(timeout):
        while True:
            message = await websocket.receive()
            if message.type == aiohttp.WSMsgType.CLOSE:
                return message.data, message.extra or ""
            if message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.ERROR):
                return websocket.close_code, ""


# --- small parts ----------------------------------------------------------------------------------


def test_a_budget_allows_a_burst_then_its_rate() -> None:
    now = [0.0]
    budget = serve.Budget(rate=100, burst=300, clock=lambda: now[0])
    assert budget.spend(300) and not budget.spend(1)
    now[0] = 1.0
    assert budget.spend(100) and not budget.spend(1)
    now[0] = 100.0  # a long pause saves up no more than the burst
    assert budget.spend(300) and not budget.spend(1)


@pytest.mark.parametrize("text, reason", [
    ("not json", "not JSON"),
    ("[" * 30_000 + "]" * 30_000, "nested too deep"),
    ('{"stdin": "a"}', "not a list"),
    ("[]", "not a list"),
    ('[1, "a"]', "not a list"),
    ('["stdin", 5]', "keys that are not text"),
    ('["resize", {"width": "wide", "height": 3}]', "a size"),
])
def test_a_message_no_page_sends_is_refused_in_words(text: str, reason: str) -> None:
    with pytest.raises(serve.BadMessage, match=reason):
        serve.read_message(text)


def test_messages_of_the_page_are_read() -> None:
    assert serve.read_message('["stdin", "\\ud800a"]') == ("stdin", "\ud800a")  # sent on as '?a'
    assert serve.read_message('["resize", {"width": 120, "height": 36}]') == ("resize", {"width": 120, "height": 36})
    assert serve.read_message('["focus"]') == ("focus", None)


@pytest.mark.parametrize("header, name", [
    ("localhost", "localhost"), ("127.0.0.1:8000", "127.0.0.1"), ("[::1]:8000", "::1"), ("[::1]", "::1"),
    ("Harbor.Example.", "harbor.example"),
    ("", None), ("[::1", None), ("[nonsense]:80", None), ("127.0.0.1:99999999", None), ("a b", None),
    ("h\udcff", None), ("host:port", None),
])
def test_the_host_a_request_names(header: str, name: str | None) -> None:
    assert serve.host_name(header) == name


def test_the_address_printed_for_every_address_is_one_others_can_use() -> None:
    assert serve.addresses_for("0.0.0.0", 8000, ["192.168.1.20"]) == \
        "http://192.168.1.20:8000/ (on this computer http://127.0.0.1:8000/)"
    assert "http://127.0.0.1:8000/ on this computer" in serve.addresses_for("0.0.0.0", 8000, [])
    assert serve.addresses_for("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert serve.addresses_for("::1", 8000) == "http://[::1]:8000/"
    assert all(not a.startswith("127.") for a in serve.network_addresses())


# --- the server ----------------------------------------------------------------------------------


async def test_hostile_messages_close_their_tab_with_one_line_each(server_log: io.StringIO) -> None:
    cases: list[tuple[str | bytes, str]] = [
        ("not json", "not JSON"),
        ("[" * 30_000 + "]" * 30_000, "nested too deep"),
        ('{"stdin": "a"}', "not a list"),
        ('["stdin", ["a"]]', "keys that are not text"),
        ('["resize", {"width": null, "height": 3}]', "a size"),
        (b"\x00\x01", "a binary message"),
        ('["stdin", "' + "a" * 70_000 + '"]', "a message over 64 KB"),
    ]
    async with running(server_log) as server, aiohttp.ClientSession() as session:
        for payload, reason in cases:
            before = len(server.lines())
            async with session.ws_connect(server.ws_url, origin=server.origin) as websocket:
                if isinstance(payload, bytes):
                    await websocket.send_bytes(payload)
                else:
                    await websocket.send_str(payload)
                assert (await closed_by_server(websocket))[0] in (1008, 1009), reason
            assert await until(lambda before=before: len(server.lines()) > before, 5), reason
            new = server.lines()[before:]
            assert len(new) == 1 and reason in new[0] and "closed the connection of a tab from 127.0.0.1" in new[0]
        # Keys with a lone surrogate (a broken paste) are sent on, and the tab plays on.
        async with session.ws_connect(server.ws_url, origin=server.origin) as websocket:
            await websocket.send_str('["stdin", "\\ud800"]')
            await websocket.send_str('["ping", "after"]')
            async with asyncio.timeout(10):
                message = await websocket.receive_json()
            assert message == ["pong", "after"]
        assert await until(lambda: not server.server.games, 10)


async def test_broken_websocket_frames_are_one_line_each(server_log: io.StringIO) -> None:
    async with running(server_log) as server:
        for frame, reason in [(b"\x83\x80" + b"\0" * 4, "a broken message (Unexpected opcode"),
                              (b"\x81\x82" + b"\0" * 4 + b"\xff\xfe", "a broken message (Invalid UTF-8"),
                              (b"\x81\x02ab", "not JSON")]:  # (not masked: taken all the same)
            before = len(server.lines())
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n"
                         .encode())
            assert b" 101 " in await reader.readuntil(b"\r\n\r\n")
            writer.write(frame)
            async with asyncio.timeout(10):
                assert (await reader.read(1)) == b"\x88"  # the server's close (it waits 2 s for ours)
            writer.close()
            assert await until(lambda before=before: len(server.lines()) > before, 5)
            assert len(server.lines()) == before + 1 and reason in server.lines()[-1]


async def test_a_flood_of_keys_is_closed_within_a_second_or_so(server_log: io.StringIO) -> None:
    async with running(server_log) as server, aiohttp.ClientSession() as session:
        async with session.ws_connect(server.ws_url, origin=server.origin) as websocket:
            started = time.monotonic()
            for _ in range(100):  # 60 KB a time, as fast as it goes
                try:
                    await websocket.send_str('["stdin", "' + "a" * 60_000 + '"]')
                except ConnectionError:
                    break
                await asyncio.sleep(0.01)
            assert (await closed_by_server(websocket))[0] == 1008
            assert time.monotonic() - started < 5
        assert any("it sent more than 16 KB a second" in line for line in server.lines())


async def test_only_max_games_play_at_once(server_log: io.StringIO) -> None:
    async with running(server_log, max_games=2) as server, aiohttp.ClientSession() as session:
        first = await session.ws_connect(server.ws_url, origin=server.origin)
        second = await session.ws_connect(server.ws_url, origin=server.origin)
        assert await until(lambda: len(server.server.games) == 2, 5)
        async with session.get(server.url) as page:
            assert page.status == 503
            assert "This server is playing its 2 games at once already" in await page.text()
        async with session.ws_connect(server.ws_url, origin=server.origin) as third:
            code, reason = await closed_by_server(third)
            assert code == 1013 and "playing its 2 games at once already" in reason
        assert "turned away a tab from 127.0.0.1: 2 games are being played (--max-games)" in server.lines()[-1]
        await first.close()
        assert await until(lambda: len(server.server.games) == 1, 5)  # its game ended with it
        async with session.get(server.url) as page:
            assert page.status == 200
        fourth = await session.ws_connect(server.ws_url, origin=server.origin)
        assert await until(lambda: len(server.server.games) == 2, 5)
        await second.close()
        await fourth.close()


MALFORMED = [
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
    b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64,  # a TLS hello
    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"b" * 20_000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 200 + b"\r\n",
    b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n",
    b"GET /?fontsize=\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1:99999999\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"GET /download/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /static/../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
]


async def test_malformed_requests_get_an_answer_and_one_line_at_most(server_log: io.StringIO) -> None:
    async with running(server_log) as server:
        for request in MALFORMED:
            before = len(server.lines())
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(request)
            async with asyncio.timeout(10):
                answer = await reader.read(64)
            writer.close()
            assert answer.startswith((b"HTTP/1.0 4", b"HTTP/1.1 4")), (request[:40], answer)
            await asyncio.sleep(0.05)
            assert len(server.lines()) - before <= 1, (request[:40], server.lines()[before:])


async def test_no_other_site_may_frame_the_page(server_log: io.StringIO) -> None:
    async with running(server_log) as server, aiohttp.ClientSession() as session:
        for path, headers in [("/", {}), ("/", {"Host": "harbor.example"}), ("/static/css/xterm.css", {})]:
            async with session.get(server.url.rstrip("/") + path, headers=headers) as response:
                assert response.headers["Content-Security-Policy"] == "frame-ancestors 'none'", path
                assert response.headers["X-Frame-Options"] == "DENY"


async def test_a_game_that_fails_says_its_last_line_only(server_log: io.StringIO) -> None:
    failing = [sys.executable, "-c", "import sys; sys.stderr.write('Traceback (most recent call last):\\n  File x\\n"
               "error: great-harbor stopped on an internal error (boom)\\n'); sys.exit(1)"]
    server = serve.make_server(failing, "127.0.0.1", 0)
    port = await server.start()
    try:
        async with aiohttp.ClientSession() as session, \
                session.ws_connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as websocket:
            await closed_by_server(websocket)
        assert await until(lambda: not server.games, 10)
    finally:
        await server.shutdown()
    assert server_log.getvalue().splitlines() == [
        "the game of a tab from 127.0.0.1 ended: error: great-harbor stopped on an internal error (boom)"]


# --- the real game --------------------------------------------------------------------------------


def rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return 0  # a zombie: no memory left


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the games' memory in /proc")
def test_a_flood_costs_no_memory_and_no_game_outlives_its_tab_or_the_server(tmp_path: Path) -> None:
    """A tab floods its game with keys: its connection is closed, the game's memory stays
    bounded and the game is gone a few seconds later; so is the game of a tab closed while its
    game was starting; another tab's game is gone a few seconds after the server is killed
    (SIGKILL: no time to end anything)."""
    server = Server(tmp_path)
    peak = 0
    ws_url = server.url.replace("http://", "ws://") + "ws?width=120&height=36"
    origin = server.url.rstrip("/")

    def measure(pids: list[int]) -> None:
        nonlocal peak
        peak = max([peak] + [rss_kb(pid) or 0 for pid in pids])

    async def tabs() -> dict[str, Any]:
        async with aiohttp.ClientSession() as session:
            quiet = await session.ws_connect(ws_url, origin=origin)
            flood = await session.ws_connect(ws_url, origin=origin)
            screen = b""
            async with asyncio.timeout(30):
                while b"new game" not in screen:  # the flooded game is up: the keys reach it
                    message = await flood.receive()
                    assert message.type == aiohttp.WSMsgType.BINARY, message
                    screen += message.data
            games = children(server.proc.pid)
            assert len(games) == 2
            hasty = await session.ws_connect(ws_url, origin=origin)
            assert await until(lambda: len(children(server.proc.pid)) == 3, 10)
            (starting,) = set(children(server.proc.pid)) - set(games)
            await hasty.close()  # while its game starts
            hasty_closed = time.monotonic()
            for _ in range(20):  # two seconds of keys as fast as the server takes them
                await flood.send_str('["stdin", "' + "a" * 1500 + '"]')
                measure(games)
                await asyncio.sleep(0.1)
            assert not flood.closed
            closing = asyncio.create_task(closed_by_server(flood, 20))  # then more
            sent = 0
            while not closing.done() and sent < 10_000_000:
                with suppress(ConnectionError):
                    await flood.send_str('["stdin", "' + "a" * 60_000 + '"]')
                sent += 60_000
                measure(games)
                await asyncio.sleep(0.05)
            code, _ = await closing
            closed = time.monotonic()
            while time.monotonic() - closed < 10 and sum(alive(pid) for pid in games) > 1:
                measure(games)
                await asyncio.sleep(0.05)
            gone_in = time.monotonic() - closed
            while alive(starting) and time.monotonic() - hasty_closed < 10:
                await asyncio.sleep(0.05)
            left = [pid for pid in games if alive(pid)]
            result = {"code": code, "sent": sent, "gone_in": gone_in, "left": left,
                      "hasty_gone_in": time.monotonic() - hasty_closed, "hasty_alive": alive(starting)}
            await quiet.close()
            return result

    try:
        result = asyncio.run(tabs())
        assert result["code"] == 1008 and result["sent"] < 1_000_000, result
        assert result["gone_in"] < 6, f"the flooded game was still there {result['gone_in']:.1f} s after its tab"
        assert not result["hasty_alive"] and result["hasty_gone_in"] < 8, result
        assert peak < 300_000, f"a game took {peak} KB"
        assert len(result["left"]) == 1
        # The quiet tab is closed by now, but its game had QUIT_GRACE to end: kill the server first.
        os.kill(server.proc.pid, signal.SIGKILL)
    finally:
        output = server.stop()
    deadline = time.monotonic() + 6
    while alive(result["left"][0]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(result["left"][0]), "a game outlived its server by 6 s"
    assert "it sent more than 16 KB a second" in output
    assert "Traceback" not in output


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the game's memory in /proc")
def test_a_game_takes_a_flood_of_keys_in_bounded_memory_and_ends_with_its_input(tmp_path: Path) -> None:
    """The game's own bound, without the server's: 1.2 MB of keys straight into its input (as the
    old server passed them on) leave its memory bounded, and it ends within seconds of its input."""
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL"}
    env.update(TEXTUAL_DRIVER=serve.DRIVER, COLUMNS="120", ROWS="36")
    proc = subprocess.Popen([*serve.app_command(tmp_path, None)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    started = threading.Event()
    output = proc.stdout

    def read() -> None:  # the game's frames, read (and dropped) so it never waits to write
        while chunk := output.read1(65536):
            if b"new game" in chunk:
                started.set()

    threading.Thread(target=read, daemon=True).start()
    peak = 0
    try:
        assert started.wait(30), "the game did not start"
        keys = b"a" * 60_000
        packet = b"D" + len(keys).to_bytes(4, "big") + keys
        for _ in range(20):
            proc.stdin.write(packet)
            proc.stdin.flush()
            peak = max(peak, rss_kb(proc.pid) or 0)
        proc.stdin.close()
        closed = time.monotonic()
        while proc.poll() is None and time.monotonic() - closed < 10:
            peak = max(peak, rss_kb(proc.pid) or 0)
            time.sleep(0.05)
        gone_in = time.monotonic() - closed
    finally:
        proc.kill()
        proc.wait(timeout=10)
        errors = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    assert gone_in < 5, f"the game went on {gone_in:.1f} s after its input ended"
    assert peak < 300_000, f"the game took {peak} KB"
    assert "Traceback" not in errors, errors
