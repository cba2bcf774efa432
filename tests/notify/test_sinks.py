"""Alert sinks against a real HTTP server on 127.0.0.1 (port 0) started by the test."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest

from kintsugi.errors import UserError
from kintsugi.events import Action, Category, Culprit, Diagnosis, Evidence, Layer
from kintsugi.notify import build_sinks
from kintsugi.notify.log_sink import LogSink
from kintsugi.notify.webhook_sink import WebhookConfig, WebhookSink

DIAG = Diagnosis(
    category=Category.GPU_HARDWARE,
    layer=Layer.INFRASTRUCTURE,
    culprit=Culprit("node-b", 3),
    action=Action.RESTART_WITHOUT_NODE,
    confidence=0.9,
    summary="XID 79 on node-b",
    evidence=(Evidence("node-b/dmesg.txt", "NVRM: Xid (PCI:0000:3b:00): 79", line=3),),
)


class Hook:
    def __init__(self, fail_first: int = 0, status: int = 500) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.fail_first = fail_first
        self.status = status
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if hook.fail_first > 0:
                    hook.fail_first -= 1
                    self.send_response(hook.status)
                else:
                    hook.bodies.append(json.loads(body))
                    self.send_response(200)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def hook() -> Iterator[Hook]:
    h = Hook()
    yield h
    h.close()


def test_webhook_posts_slack_compatible_json(hook: Hook) -> None:
    sinks = build_sinks(f"log,webhook={hook.url}")
    assert [s.name for s in sinks] == ["log", "webhook"]
    assert sinks[1].send(DIAG, "run-7", {"attempt": 2})
    body = hook.bodies[0]
    assert body["text"].startswith("[kintsugi] run run-7: gpu_hardware")
    assert body["blocks"][0]["type"] == "section"
    assert body["kintsugi"]["culprit"] == {"node": "node-b", "rank": 3}
    assert body["kintsugi"]["action"] == "restart_without_node"
    assert body["kintsugi"]["context"] == {"attempt": 2}


def test_webhook_retries_server_errors() -> None:
    h = Hook(fail_first=2)
    try:
        sink = WebhookSink(WebhookConfig(url=h.url, retries=3, backoff_s=0.01))
        assert sink.send(DIAG, "r", {})
        assert len(h.bodies) == 1
    finally:
        h.close()


def test_webhook_gives_up_on_client_errors_without_retrying() -> None:
    h = Hook(fail_first=5, status=404)
    try:
        sink = WebhookSink(WebhookConfig(url=h.url, retries=3, backoff_s=0.01))
        assert not sink.send(DIAG, "r", {})
        assert h.fail_first == 4  # one request only
    finally:
        h.close()


def test_webhook_unreachable_returns_false_and_never_raises() -> None:
    h = Hook()
    url = h.url
    h.close()  # nothing listens there any more
    sink = WebhookSink(WebhookConfig(url=url, timeout_s=0.5, retries=1, backoff_s=0.01))
    t = time.monotonic()
    assert sink.send(DIAG, "r", {}) is False
    assert time.monotonic() - t < 5


def test_log_sink(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="kintsugi.alerts"):
        assert LogSink().send(DIAG, "run-7", {})
    assert "restart_without_node" in caplog.text and "node-b/dmesg.txt:3" in caplog.text


def test_spec_from_env_and_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINTSUGI_ALERT", "log")
    assert [s.name for s in build_sinks()] == ["log"]
    assert build_sinks("") == []
    with pytest.raises(UserError, match="unknown alert sink"):
        build_sinks("pager")
    with pytest.raises(UserError, match="http"):
        build_sinks("webhook=ftp://x")
