"""Ingestion: parse source pages of known shapes, merge entries into papers, attribute them."""
