"""The component catalogue: pydantic models and the checked loader."""

from .catalogue import Catalogue, CatalogueError, default_data_dir, load_catalogue

__all__ = ["Catalogue", "CatalogueError", "default_data_dir", "load_catalogue"]
