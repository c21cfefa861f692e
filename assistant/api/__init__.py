"""HTTP interface: FastAPI app (chat, OpenAI-compatible, papers) and the web chat UI's static files."""
