"""A chat assistant over a researcher's paper corpus: ingest, retrieve, answer with citations."""

__version__ = "0.1.0"
