"""Answering: structured questions from the table, extractive and LLM answers, all under one citation contract."""
