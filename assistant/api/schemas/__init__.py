"""Request and response schemas of the HTTP API, one module per area (the stored `Paper` is not a response schema)."""
