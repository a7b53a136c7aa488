"""``great-harbor serve`` without a browser (issue 20): the command line, the one-line refusals, the
warning for an address beyond this machine, and what the server answers to whom. The browser
plays in tests/test_serve_browser.py."""

from __future__ import annotations

import asyncio
import http.client
import re
import socket
import sys
from pathlib import Path

import pytest
from served_page import Server

from great_harbor import cli, serve


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = cli.main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_serve_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(["--help"], capsys)
    assert status == 0 and re.search(r"^  serve +play in a browser", out, re.M)
    status, out, _ = run_cli(["serve", "--help"], capsys)
    assert status == 0
    for option in ("--host", "--port", "--max-games", "--saves-dir", "--data"):
        assert option in out
    assert "127.0.0.1" in out


def test_without_the_web_extra_serve_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # as if it were not installed
    status, out, err = run_cli(["serve"], capsys)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and "pip install 'great-harbor[web]'" in err


@pytest.mark.parametrize("argv, message", [
    (["serve", "--port", "70000"], "a port is a number from 0 to 65535"),
    (["serve", "--port", "http"], "expected a port number"),
    (["serve", "--players", "Ana"], "unrecognized arguments"),
    (["serve", "--max-games", "0"], "must be at least 1"),
])
def test_serve_option_mistakes_are_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(argv, capsys)
    assert status == 2 and message in err and "Traceback" not in err


def test_a_broken_catalogue_is_said_once_before_serving(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("textual_serve")
    status, out, err = run_cli(["--data", str(tmp_path), "serve"], capsys)  # an empty folder: no catalogue
    assert status == 1 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("textual_serve")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, out, err = run_cli(["serve", "--port", str(port)], capsys)
    assert status == 1
    assert err.startswith(f"error: cannot serve on 127.0.0.1 port {port}: ") and err.count("\n") == 1


@pytest.mark.parametrize("host, local", [
    ("127.0.0.1", True), ("localhost", True), ("::1", True), ("127.0.0.2", True),
    ("0.0.0.0", False), ("::", False), ("192.168.1.20", False), ("harbor.example", False),
])
def test_only_loopback_addresses_are_quiet(host: str, local: bool, tmp_path: Path) -> None:
    assert serve.is_loopback(host) is local
    warning = serve.warning_for(host, tmp_path)
    if local:
        assert warning is None
    else:
        assert warning is not None and warning.startswith(f"warning: serving on {host}: anyone who can reach")
        assert "play" in warning and str(tmp_path) in warning


def test_each_tab_runs_the_new_game_screen_with_the_folders_given(tmp_path: Path) -> None:
    folder = tmp_path / "my saves"
    argv = serve.app_command(folder, Path("data"))  # no shell: a space in a folder's name is no matter
    assert argv[:3] == [sys.executable, "-m", "great_harbor"]
    assert argv[3:] == ["--saves-dir", str(folder), "--data", str(Path("data").absolute())]
    assert serve.app_command(None, None) == [sys.executable, "-m", "great_harbor"]


# --- the server, over HTTP ------------------------------------------------------------------------


def fetch(url: str, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    host, port = url.split("/")[2].rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=20)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def test_the_server_answers_its_own_page_and_nobody_elses(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve")
    server = Server(tmp_path)
    try:
        assert server.url.startswith("http://127.0.0.1:")
        status, page = fetch(server.url, "/")
        assert status == 200
        assert "<title>The Great Harbor</title>" in page
        # Nothing from another host: every address in the page is this server's own.
        assert re.findall(r"(?:src|href)=\"([^\"]+)\"", page)
        for address in re.findall(r"(?:src|href)=\"([^\"]+)\"", page):
            assert address.startswith(("/static/", "data:")), address
            if address.startswith("/static/"):
                assert fetch(server.url, address)[0] == 200, address
        assert re.findall(r"(?<![\w.])(?:https?|wss?)://[^\s\"'<>]+", page) == [f"ws://{server.url.split('/')[2]}/ws"]
        # A page reaching this server under another name (DNS rebinding) gets nothing.
        status, text = fetch(server.url, "/", {"Host": f"harbor.example:{server.url.split(':')[2].rstrip('/')}"})
        assert status == 403 and "127.0.0.1 and localhost only" in text
        # Another site's script cannot open a game here.
        status, _ = fetch(server.url, "/ws", {"Origin": "http://harbor.example", "Upgrade": "websocket",
                                              "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                                              "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
        assert status == 403
        assert fetch(server.url, "/static/")[0] in (403, 404)  # no folder listings
    finally:
        output = server.stop()
    assert "Stopping" in output and "Traceback" not in output
    assert server.proc.returncode == 0


def test_a_tab_gets_a_game_process_that_ends_with_the_tab(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve")
    import aiohttp

    server = Server(tmp_path)

    async def tab() -> bytes:
        received = b""
        async with aiohttp.ClientSession() as session:
            ws_url = server.url.replace("http://", "ws://") + "ws?width=120&height=36"
            async with session.ws_connect(ws_url, origin=server.url.rstrip("/")) as websocket:
                await websocket.send_json(["resize", {"width": 120, "height": 36}])
                while b"new game" not in received:
                    message = await asyncio.wait_for(websocket.receive(), 30)
                    if message.type == aiohttp.WSMsgType.BINARY:
                        received += message.data
                    elif message.type != aiohttp.WSMsgType.TEXT:
                        break
        return received

    try:
        assert b"new game" in asyncio.run(tab())
    finally:
        output = server.stop()
    assert "Traceback" not in output
    assert [p for p in tmp_path.iterdir() if p.suffix == ".json"] == []  # a page opened is no game started
