"""The terminal chat: a session loop (`session`), its answer thread (`worker`), the prompt, and plain and rich views."""
