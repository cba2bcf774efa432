"""Node health checks by level (1 quick … 4 extended), built-in and DCGM-backed."""

from kintsugi.health.api import CheckResult, HealthReport, Level, Status
from kintsugi.health.escalate import epilog_level
from kintsugi.health.inject import HealthSpecError, forced_failures, parse_health_fault
from kintsugi.health.runner import CHECKS, HealthConfig, checks_for, run_checks

__all__ = [
    "CHECKS",
    "CheckResult",
    "HealthConfig",
    "HealthReport",
    "HealthSpecError",
    "Level",
    "Status",
    "checks_for",
    "epilog_level",
    "forced_failures",
    "parse_health_fault",
    "run_checks",
]
