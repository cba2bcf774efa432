"""Secrets out of anything printed or logged: store URLs, webhook URLs.

Store URLs keep their shape (``postgresql://kintsugi:***@db/k``) so the user sees which server
was meant; webhook URLs keep only scheme and host, since chat webhooks carry the token in the path.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

_SECRET_KEYS = re.compile(r"pass|pwd|secret|token|key|auth|signature|sig$", re.IGNORECASE)
_USERINFO = re.compile(r"(?<=://)([^/@:\s]*):([^/@\s]*)@")


def redact_url(url: str) -> str:
    """``url`` with the password and secret-looking query values replaced by ``***``."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return _USERINFO.sub(r"\1:***@", url)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, host = netloc.rpartition("@")
        user = userinfo.split(":", 1)[0]
        netloc = f"{user}:***@{host}" if ":" in userinfo else f"{userinfo}@{host}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        query = urlencode([(k, "***" if _SECRET_KEYS.search(k) else v) for k, v in pairs])
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def redact_text(text: str, *urls: str) -> str:
    """``text`` with each of ``urls`` (and any ``user:password@``) redacted."""
    for url in urls:
        if url:
            text = text.replace(url, redact_url(url))
    return _USERINFO.sub(r"\1:***@", text)


def endpoint(url: str) -> str:
    """Only the scheme and host of a URL (``https://hooks.example.com/…``), for log lines."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or "?"
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "<unparseable URL>"
    return f"{parts.scheme}://{host}{port}/…"
