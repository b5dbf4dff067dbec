"""The HTTP layer (FastAPI): parse, call one service, map the result."""
