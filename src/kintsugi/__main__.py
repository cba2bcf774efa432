"""``python -m kintsugi`` is the ``kintsugi`` command."""

import sys

from kintsugi.cli import main

sys.exit(main())
