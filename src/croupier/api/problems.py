"""Errors as RFC 9457 problem details (``application/problem+json``) with a stable ``code``."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from croupier.errors import CroupierError

PROBLEM_BASE = "https://croupier.example/problems/"

STATUS: dict[str, int] = {
    "unauthorized": 401,
    "not_found": 404, "unknown_game": 404, "unknown_variant": 404, "unknown_table": 404,
    "insufficient_funds": 409, "betting_closed": 409, "leg_closed": 409, "login_taken": 409,
    "document_already_registered": 409, "request_in_progress": 409, "round_state": 409,
    "seat_taken": 409, "already_seated": 409, "table_full": 409, "not_seated": 409,  # issue 21
    "not_in_hand": 409,
    "not_your_turn": 409, "own_table": 409, "stake_not_covered": 409, "match_state": 409,  # 22
    "clock_expired": 409, "bot_not_allowed": 403, "too_many_tables": 409, "table_not_running": 503, "not_implemented": 501,
    "under_age": 422, "validation_error": 422, "idempotency_key_reused": 422,
    "currency_mismatch": 422, "unsupported_game": 422, "variant_error": 422,
    "variant_refused": 422, "unknown_currency": 422,
    "idempotency_key_missing": 428,
    "login_locked": 429, "rate_limited": 429,
}


class IdempotencyKeyMissing(CroupierError):
    code = "idempotency_key_missing"


def problem(status: int, code: str, detail: str, **extra: Any) -> JSONResponse:
    title = code.replace("_", " ").capitalize()
    body = {"type": PROBLEM_BASE + code, "title": title, "status": status, "detail": detail,
            "code": code, **extra}
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body, status_code=status, media_type="application/problem+json",
                        headers=headers)


def for_error(exc: CroupierError) -> JSONResponse:
    """The problem details of a refused request: its status from the error's ``code``."""
    code = exc.code
    retry_after = getattr(exc, "retry_after", None)
    if isinstance(retry_after, int):
        resp = problem(STATUS.get(code, 400), code, str(exc), retry_after=retry_after)
        resp.headers["Retry-After"] = str(retry_after)
        return resp
    return problem(STATUS.get(code, 400), code, str(exc))


def install(app: FastAPI) -> None:
    @app.exception_handler(CroupierError)
    async def croupier_error(_req: Request, exc: CroupierError) -> JSONResponse:
        return for_error(exc)

    @app.exception_handler(RequestValidationError)
    async def validation(_req: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors()]
        detail = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors)
        return problem(422, "validation_error", detail or "invalid request", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_req: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {401: "unauthorized", 404: "not_found", 405: "method_not_allowed"}.get(
            exc.status_code, "http_error")
        return problem(exc.status_code, code, str(exc.detail))
