"""The HTTP + WebSocket API (FastAPI). Contract: docs/api.md and /openapi.json."""
