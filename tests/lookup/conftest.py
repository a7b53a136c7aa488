"""Make ``great_harbor.lookup`` importable from this checkout.

The branch that adds ``lookup`` may not yet have ``great_harbor/__init__.py``, and an installed
copy of ``great_harbor`` (a regular package) would then hide this checkout's namespace portion.
Putting the checkout's package directory first on ``great_harbor.__path__`` fixes that; when the
checkout's own package is the one imported, this does nothing.
"""

from pathlib import Path

import great_harbor

_LOCAL = str(Path(__file__).resolve().parents[2] / "great_harbor")
if _LOCAL not in list(great_harbor.__path__):
    great_harbor.__path__.insert(0, _LOCAL)
