"""Alert sinks: tell people what failed, why, and what recovery does about it.

``build_sinks("log,webhook=http://host/hook")`` turns a spec (or ``KINTSUGI_ALERT``) into sinks.
"""

from kintsugi.notify.api import AlertSink, build_sinks, format_text, register_sink

__all__ = ["AlertSink", "build_sinks", "format_text", "register_sink"]
