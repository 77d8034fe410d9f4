"""The package version, in one place low in the house (the manifest of a sweep records it)."""

__version__ = "0.1.0"
