"""A user module that reads the worker's environment at import time."""

import os

LOCAL_RANK_AT_IMPORT = os.environ.get("LOCAL_RANK", "-1")
