"""Person and Building cards: one class per card, registered under the ``effect`` its catalogue
entry names (see :mod:`great_harbor.engine.card_hooks` for the base class and its hooks).

``persons`` holds the Person cards, ``buildings`` the Building cards; importing this package
registers them all.
"""

from . import buildings, persons

__all__ = ["buildings", "persons"]
