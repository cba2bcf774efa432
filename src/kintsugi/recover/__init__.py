"""From a diagnosis to an action: the restart policy, pure over data."""

from kintsugi.recover.policy import (
    AttemptOutcome,
    Decision,
    DecisionKind,
    PolicyConfig,
    decide,
)

__all__ = ["AttemptOutcome", "Decision", "DecisionKind", "PolicyConfig", "decide"]
