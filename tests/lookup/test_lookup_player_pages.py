"""Pages of the lookup speak to players: no data files, no maintainers' commands (issue 29 point 5)."""

from __future__ import annotations

import re

from great_harbor.lookup import default_index

FOR_MAINTAINERS = re.compile(r"catalogue|\byaml\b|\.yaml|validate-data|readme|data/", re.IGNORECASE)


def test_no_page_names_data_files_or_maintainers_commands() -> None:
    found = [f"{entry.id}: {match.group(0)}" for entry in default_index().entries
             for match in [FOR_MAINTAINERS.search(f"{entry.title}\n{entry.body}")] if match]
    assert not found, found
