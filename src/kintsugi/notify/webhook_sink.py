"""The webhook sink: a Slack-compatible JSON POST, with a timeout and retries; never raises."""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kintsugi.errors import UserError
from kintsugi.events import Diagnosis
from kintsugi.notify.api import AlertSink, format_text, register_sink
from kintsugi.redact import endpoint

logger = logging.getLogger(__name__)


@dataclass(kw_only=True, slots=True)
class WebhookConfig:
    """Where and how to POST."""

    url: str
    """An http:// or https:// URL (a Slack incoming webhook, or any JSON receiver)."""
    timeout_s: float = 5.0
    """Per-request timeout (connect and each read)."""
    retries: int = 2
    """Further attempts after the first one fails."""
    backoff_s: float = 0.5
    """Wait before the first retry; doubles each time."""

    def __post_init__(self) -> None:
        if not self.url.startswith(("http://", "https://")):
            raise UserError(f"webhook URL {endpoint(self.url)} must start with http:// or https://")
        if self.timeout_s <= 0 or self.retries < 0 or self.backoff_s < 0:
            raise UserError("webhook timeout_s must be > 0, retries and backoff_s >= 0")


def payload(diagnosis: Diagnosis, run_id: str, context: Mapping[str, Any]) -> dict[str, Any]:
    """Slack's ``text`` (plus a section block) and the full verdict under ``kintsugi``."""
    text = format_text(diagnosis, run_id, context)
    return {
        "text": text.splitlines()[0],
        "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": f"```{text}```"}}],
        "kintsugi": {"run_id": run_id, "context": dict(context), **diagnosis.to_dict()},
    }


class WebhookSink(AlertSink):
    """POSTs each alert as JSON."""

    name = "webhook"

    def __init__(self, config: WebhookConfig) -> None:
        self.config = config

    def send(self, diagnosis: Diagnosis, run_id: str, context: Mapping[str, Any]) -> bool:
        c = self.config
        try:
            body = json.dumps(payload(diagnosis, run_id, context), default=str).encode()
        except (TypeError, ValueError) as e:
            logger.warning("webhook alert not sent: cannot encode it: %s", e)
            return False
        delay = c.backoff_s
        for attempt in range(c.retries + 1):
            req = urllib.request.Request(
                c.url, data=body, method="POST", headers={"Content-Type": "application/json"}
            )
            try:
                with urllib.request.urlopen(req, timeout=c.timeout_s) as resp:
                    if 200 <= resp.status < 300:
                        return True
            except urllib.error.HTTPError as e:
                if 400 <= e.code < 500 and e.code != 429:
                    logger.warning("webhook %s refused the alert: HTTP %s", endpoint(c.url), e.code)
                    return False  # the request itself is wrong: retrying cannot help
            except (OSError, ValueError) as e:
                logger.debug("webhook attempt %d to %s failed: %s", attempt + 1, endpoint(c.url), e)
            if attempt < c.retries:
                time.sleep(delay)
                delay *= 2
        logger.warning("webhook %s unreachable after %d attempt(s)", endpoint(c.url), c.retries + 1)
        return False


register_sink("webhook", lambda arg: WebhookSink(WebhookConfig(url=arg)))
