"""One module per board or panel of the table."""
