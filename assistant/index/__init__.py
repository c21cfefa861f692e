"""The index below the answers: the paper table, sentence vectors, passages, BM25, the Chroma collection, and search
over them. It imports nothing from answering or ingest; themes and papers are handed to it."""
