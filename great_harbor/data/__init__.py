"""The component catalogue: its entries, the pydantic models that validate the files, and the checked loader."""

from .catalogue import Catalogue, CatalogueError, default_data_dir, load_catalogue, shipped_fingerprint

__all__ = ["Catalogue", "CatalogueError", "default_data_dir", "load_catalogue", "shipped_fingerprint"]
