"""Keys that modules of the UI must agree on without importing one another."""

from __future__ import annotations

# The hint key (:mod:`.hints`): capital, since the action filter takes small letters; the table
# (:mod:`.screens.game`) offers it in its footer.
HINT_KEY = "H"
