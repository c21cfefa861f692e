"""Step 3, write: the answer text from the table, the abstracts (extractive) or a model (LLM)."""
