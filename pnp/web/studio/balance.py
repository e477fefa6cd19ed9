""""Test its balance": the balance lab's comparison of one promo card with the base card it
replaces, run as a job the page polls.

`POST /api/studio/balance` checks the card, queues the job and answers its id; `GET
/api/studio/balance/{id}` tells its state (waiting for a worker, running with the games
played so far, done with the verdict in words, failed with why); `DELETE` calls it off.
Jobs belong to the browser that started them (a cookie of the studio's own): another
browser asking for the id is told there is no such job. A browser runs one test at a
time (a new one calls off the old), everyone together at most `BALANCE_JOBS`, and an
answer is kept `FINISHED_JOB_SECONDS` for its page to read.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnp.web.studio import folders, tasks, workers
from pnp.web.studio.common import (
    StudioError,
    in_thread,
    json_body,
    presentable,
    refused,
    studio_api,
)
from pnp.web.studio.limits import (
    BALANCE_DEFAULT_GAMES,
    BALANCE_GAMES,
    BALANCE_JOBS,
    FINISHED_JOB_SECONDS,
    TIME_LIMIT,
)
from pnp.web.studio.promo import PROMOS, Promo, shown_problems

COOKIE = "pnp_studio"


@dataclass
class Job:
    id: str
    owner: str
    card: str
    games: int
    state: str = "waiting"  # waiting, running, done, failed, cancelled
    played: int = 0
    answer: dict | None = None
    error: str | None = None
    error_key: str | None = None  # the error's words in the pages' strings
    problems: list = field(default_factory=list)
    finished: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)

    def view(self) -> dict[str, Any]:
        return {"job": self.id, "card": self.card, "state": self.state, "games": self.games,
                "played": self.played, "answer": self.answer, "error": self.error,
                "error_key": self.error_key, "problems": self.problems}


_JOBS: dict[str, Job] = {}
_LOCK = threading.Lock()


def owner_of(request: Request) -> tuple[str, bool]:
    """The browser's studio id (from its cookie), and whether it is new."""
    given = request.cookies.get(COOKIE, "")
    if 20 <= len(given) <= 64 and given.replace("-", "").replace("_", "").isalnum():
        return given, False
    return secrets.token_urlsafe(24), True


def _with_cookie(response: Response, owner: str, new: bool) -> Response:
    if new:
        response.set_cookie(COOKIE, owner, httponly=True, samesite="strict", path="/")
    return response


def _forget_old() -> None:
    now = time.monotonic()
    for job_id in [j.id for j in _JOBS.values()
                   if j.finished is not None and now - j.finished > FINISHED_JOB_SECONDS]:
        del _JOBS[job_id]


def _start(owner: str, body: dict) -> Job:
    from pnp.kits.promo_cards import promo_problems

    games = body.get("games", BALANCE_DEFAULT_GAMES)
    if games not in BALANCE_GAMES:
        raise refused(f"games: one of {', '.join(map(str, BALANCE_GAMES))}", "games")
    card = body.get("card", 0)
    if type(card) is not int or card < 0:
        raise refused("card: the index of the card to test", "card")
    folder = folders.new_job()
    try:
        promo = Promo({**body, "pictures": {}}, folder, only_card=card)
        cards = promo.document.get("cards")
        if not cards or not isinstance(cards[0], dict):
            raise refused("There is no such card to test.", "card", "err_no_card")
        found = promo_problems(promo.path)
        if found:
            raise StudioError(422, "The card has problems; mend them before testing it.",
                              shown_problems(found, promo), key="err_card_problems")
        job = _register(owner, str(cards[0].get("id")), games)
    except BaseException:
        folders.remove(folder)
        raise
    threading.Thread(target=_work, args=(job, folder), daemon=True,
                     name=f"balance-{job.id[:6]}").start()
    return job


def _register(owner: str, card: str, games: int) -> Job:
    with _LOCK:
        _forget_old()
        for job in _JOBS.values():
            if job.owner == owner and job.finished is None:
                job.cancel.set()
        alive = [j for j in _JOBS.values() if j.finished is None and not j.cancel.is_set()]
        if len(alive) >= BALANCE_JOBS:
            raise StudioError(429, "Too many balance tests are running; try again in a "
                                   "minute.", key="err_balance_busy")
        job = Job(secrets.token_urlsafe(16), owner, card, games)
        _JOBS[job.id] = job
        return job


def _work(job: Job, folder) -> None:
    """The job's thread: wait for a worker, run, keep the answer; always tidy up."""
    def progress(played: int) -> None:
        job.state, job.played = "running", played

    def waiting() -> None:
        job.state = "waiting"

    job.state = "running"
    try:
        job.answer = workers.run_job(tasks.balance, (str(folder), PROMOS, job.card, job.games),
                                     TIME_LIMIT, progress, job.cancel, waiting)
        job.state, job.played = "done", job.games
    except workers.Cancelled:
        job.state = "cancelled"
    except workers.JobProblems as exc:
        job.state, job.error = "failed", "The balance lab refused the card."
        job.error_key = "err_balance_refused"
        job.problems = presentable(exc.problems, folder, {f"{tasks.IN}/{PROMOS}": "the card"})
    except workers.TimeLimit as exc:
        job.state, job.error = "failed", f"The test {exc}; try fewer games."
        job.error_key = "err_balance_slow"
    except workers.Busy:
        job.state, job.error = "failed", "Every worker stayed busy; try again in a moment."
        job.error_key = "err_busy"
    except Exception as exc:  # JobFailed, or a bug: the page says so, the log says why
        job.state, job.error = "failed", f"The test failed: {exc}"
    finally:
        job.finished = time.monotonic()
        folders.remove(folder)


@studio_api
async def start(request: Request) -> Response:
    """`POST /api/studio/balance`: {document, card, games} → {job, state, ...}."""
    owner, new = owner_of(request)
    body = await json_body(request)
    job = await in_thread(_start, owner, body)
    return _with_cookie(JSONResponse(job.view(), 202), owner, new)


def _own(request: Request) -> Job:
    owner, _ = owner_of(request)
    with _LOCK:
        job = _JOBS.get(request.path_params["job"])
    if job is None or not secrets.compare_digest(job.owner, owner):
        raise StudioError(404, "There is no such balance test (it may have ended long ago).",
                          key="err_no_test")
    return job


@studio_api
async def status(request: Request) -> Response:
    """`GET /api/studio/balance/{job}`: the job's state, progress and, when done, the
    verdict in words."""
    return JSONResponse(_own(request).view())


@studio_api
async def cancel(request: Request) -> Response:
    """`DELETE /api/studio/balance/{job}`: call the test off."""
    job = _own(request)
    job.cancel.set()
    return JSONResponse(job.view())


routes = [Route("/api/studio/balance", start, methods=["POST"]),
          Route("/api/studio/balance/{job}", status, methods=["GET"]),
          Route("/api/studio/balance/{job}", cancel, methods=["DELETE"])]
