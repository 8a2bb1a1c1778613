"""The OpenAPI document says what the server does (issue 13 point 3).

FastAPI builds each operation from its route; this adds what the routes read by hand or what
happens in front of them (``api/strict.py``), once for every route:

* the ``Idempotency-Key`` header, required on every state-changing operation (POST, PUT, PATCH,
  DELETE), and the ``Idempotent-Replayed`` header of a replayed answer;
* the bearer security scheme on every operation that needs a session (found from the route's
  dependencies: ``current_player``/``current_identity`` and what builds on them);
* the problem answers (``application/problem+json``, schema ``ProblemOut``) every operation can
  give, each with the problem codes of its status (``problems.STATUS``): 400 (a duplicate JSON
  key, a bad amount), 401 when it needs a session, 413 (body too large), 422 (validation), 428
  (no Idempotency-Key) and 503 (the server drains, ``api/ops.py``) when it changes state, 429 with ``Retry-After`` on the rate-limited ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

from croupier.api import problems
from croupier.api.strict import RATE_LIMITS

STATE_CHANGING = ("post", "put", "patch", "delete")
_REASONS = {400: "Bad request", 401: "Not logged in, or the session is not valid",
            403: "Forbidden", 404: "Not found", 409: "Conflict with the current state",
            413: "Request body too large", 422: "Unprocessable request",
            428: "Idempotency-Key missing", 429: "Too many requests",
            503: "The server is shutting down: send the request again"}
PROBLEM_REF = {"$ref": "#/components/schemas/ProblemOut"}


def api_routes(routes: Any) -> Iterator[APIRoute]:
    """Every APIRoute of an application, through included routers."""
    for r in routes:
        if isinstance(r, APIRoute):
            yield r
        inner = getattr(r, "original_router", None)
        if inner is not None:
            yield from api_routes(inner.routes)


def needs_session(route: APIRoute) -> bool:
    from croupier.api.app import current_identity, current_player

    stack = list(route.dependant.dependencies)
    while stack:
        dep = stack.pop()
        if dep.call in (current_player, current_identity):
            return True
        stack.extend(dep.dependencies)
    return False


#: codes answered outside ``problems.STATUS`` (400 is also every error code not listed there)
_EXTRA = {400: {"duplicate_key", "invalid_amount"}, 413: {"body_too_large"},
          429: {"rate_limited"}, 503: {"draining"}}


def _own_body(resp: dict[str, Any]) -> bool:
    """An answer a route declares with its own JSON model (``/readyz``'s 503), not a problem."""
    schema = resp.get("content", {}).get("application/json", {}).get("schema", {})
    return "$ref" in schema and schema["$ref"] != PROBLEM_REF["$ref"]


def _codes(status: int) -> list[str]:
    return sorted({c for c, s in problems.STATUS.items() if s == status} | _EXTRA.get(status, set()))


def _problem(status: int, retry_after: bool = False) -> dict[str, Any]:
    codes = _codes(status)
    out: dict[str, Any] = {
        "description": f"{_REASONS.get(status, 'Refused')} (problem details, RFC 9457); codes: "
                       + (", ".join(codes) or "see docs/api.md"),
        "content": {"application/problem+json": {"schema": PROBLEM_REF}},
    }
    if retry_after:
        out["headers"] = {"Retry-After": {"description": "seconds to wait",
                                          "schema": {"type": "integer", "minimum": 1}}}
    return out


def augment(schema: dict[str, Any], app: FastAPI) -> dict[str, Any]:
    secured = {(m.lower(), r.path) for r in api_routes(app.routes) if needs_session(r)
               for m in (r.methods or ())}
    components = schema.setdefault("components", {})
    components.setdefault("securitySchemes", {})["bearer"] = {
        "type": "http", "scheme": "bearer",
        "description": "the token of POST /api/sessions"}
    for path, ops in schema.get("paths", {}).items():
        for method, op in ops.items():
            if method not in ("get", "put", "post", "delete", "patch"):
                continue
            params = op.setdefault("parameters", [])
            responses = op.setdefault("responses", {})
            changing = method in STATE_CHANGING
            if changing and not any(p.get("name") == "Idempotency-Key" for p in params):
                params.append({
                    "name": "Idempotency-Key", "in": "header", "required": True,
                    "description": "a fresh UUID per action; the same key and request replay "
                                   "the first answer",
                    "schema": {"type": "string", "minLength": 1, "maxLength": 100,
                               "pattern": r"^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$"}})
                for status, resp in responses.items():
                    if status.startswith("2"):
                        resp.setdefault("headers", {})["Idempotent-Replayed"] = {
                            "description": "present (true) when this answers a replayed request",
                            "schema": {"type": "string", "enum": ["true"]}}
            if (method, path) in secured:
                op["security"] = [{"bearer": []}]
            for status in list(responses):
                if status.isdigit() and int(status) >= 400 and not _own_body(responses[status]):
                    responses[status] = _problem(int(status))
            wanted = [400, 404, 413, 422]
            if (method, path) in secured:
                wanted.append(401)
            if changing:
                wanted += [409, 428]
                responses.setdefault("503", _problem(503, retry_after=True))  # api/ops.py drain
            for status in wanted:
                responses.setdefault(str(status), _problem(status))
            if (method.upper(), path) in RATE_LIMITS or (method, path) == ("post", "/api/sessions"):
                responses["429"] = _problem(429, retry_after=True)
    return schema


def install(app: FastAPI) -> None:
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = augment(plain(), app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
