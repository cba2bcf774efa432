"""From events and logs to one Diagnosis: signatures, correlation rules, cross-job history.

Live: ``diagnose_events(events, history)``. Offline: ``diagnose_bundle(path)``.
"""

from kintsugi.diagnose.engine import BundleResult, diagnose_bundle, diagnose_events

__all__ = ["BundleResult", "diagnose_bundle", "diagnose_events"]
