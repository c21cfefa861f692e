"""Route modules: chat, OpenAI-compatible chat, papers and status, and the pages (UI, docs)."""
