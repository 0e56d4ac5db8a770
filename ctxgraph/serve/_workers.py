"""Several gateway processes on one port, each with its own listening socket (Linux ``SO_REUSEPORT``).

uvicorn's ``--workers`` share one listening socket, and Linux wakes the most recently idle
process first: with clients that keep their connections open (every OpenAI client does),
one worker ends up holding all of them while the others idle (the serve bench: 100 of 100
connections on one of two workers). With a socket per worker in one ``SO_REUSEPORT``
group, the kernel spreads new connections over the workers by a hash of their addresses.

:func:`run_workers` starts the workers (``multiprocessing`` spawn), starts a worker again
whenever one dies (at once for the first few deaths of a minute, then after a pause that
doubles up to :data:`BACKOFF_MAX`; a log line each time), and stops them all on SIGINT or
SIGTERM (each finishes its requests: uvicorn's graceful shutdown). It gives up only when a
worker cannot start its app (uvicorn's status 3: the next would fail the same way), and
then returns a non-zero status, so a supervisor (systemd, Kubernetes) starts it again. :func:`reuse_port_supported` says whether this machine can do it;
``ctxgraph serve`` falls back to uvicorn's shared socket where it cannot.

>>> sock = listening_socket("127.0.0.1", 0)
>>> sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) != 0
True
>>> sock.close()
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
import sys
import threading
import time
from typing import Any, Callable

logger = logging.getLogger("ctxgraph.serve")

#: Connections a worker's socket queues before accepting them.
BACKLOG = 2048
#: Seconds an idle keep-alive connection stays open (uvicorn's default is 5). A bot's
#: connection idles while its user types; closing it after 5 s raced the bot's next request
#: (a POST sent as the server closed the connection is an error the client does not retry:
#: 2 of 6,000 requests in `ctxgraph bench serve`). Longer than the 60 s idle timeout of
#: common load balancers, so they close first.
KEEP_ALIVE = 65
#: Workers started again at once in a minute; beyond that each waits a pause that doubles
#: from BACKOFF_FIRST up to BACKOFF_MAX seconds (a worker that keeps dying does not spin).
RESTARTS_PER_MINUTE = 5
BACKOFF_FIRST, BACKOFF_MAX = 0.5, 30.0
#: run_workers' status when it gave up (a worker could not start its app).
GAVE_UP = 1
#: Seconds a worker has to finish its requests after SIGTERM before it is killed.
STOP_TIMEOUT = 30.0
#: uvicorn's exit status when the app could not start: starting it again would fail the same way.
STARTUP_FAILURE = 3


def reuse_port_supported(port: int) -> bool:
    """Linux (where ``SO_REUSEPORT`` balances connections) and a fixed port (``0`` would give
    each worker another one)."""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT") and port != 0


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host:port`` in the port's ``SO_REUSEPORT`` group."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    return sock


def _serve_one(host: str, port: int, log_level: str, make_app: Callable[[], Any]) -> None:
    """One worker process: its own socket, the app ``make_app()`` makes (from ``CTXGRAPH_SERVE_CONFIG``)."""
    import uvicorn

    try:
        app = make_app()
    except Exception as err:  # e.g. the store cannot be opened: the next worker would fail the same way
        logger.error("ctxgraph serve: a worker could not make the app: %s", err)
        sys.exit(STARTUP_FAILURE)
    sock = listening_socket(host, port)
    config = uvicorn.Config(app, log_level=log_level, backlog=BACKLOG, timeout_keep_alive=KEEP_ALIVE)
    uvicorn.Server(config).run(sockets=[sock])


def backoff(recent: int) -> float:
    """Seconds to wait before starting a worker when ``recent`` were started in the last minute.

    >>> [backoff(n) for n in (1, 5, 6, 7, 8, 20)]
    [0.0, 0.0, 0.5, 1.0, 2.0, 30.0]
    """
    excess = recent - RESTARTS_PER_MINUTE
    return 0.0 if excess <= 0 else min(BACKOFF_FIRST * 2 ** (excess - 1), BACKOFF_MAX)


def run_workers(workers: int, host: str, port: int, log_level: str, *, make_app: Callable[[], Any]) -> int:
    """Run ``workers`` processes serving ``host:port`` until SIGINT or SIGTERM (then 0), or
    until a worker cannot start its app (then :data:`GAVE_UP`). ``make_app`` (a module-level
    function: workers are spawned) makes each worker's app."""
    listening_socket(host, port).close()  # the address is free: say so now, not once per worker
    spawn = multiprocessing.get_context("spawn")

    def start() -> multiprocessing.process.BaseProcess:
        process = spawn.Process(target=_serve_one, args=(host, port, log_level, make_app), name="ctxgraph-serve-worker")
        process.start()
        return process

    stop = threading.Event()
    previous = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    processes: list[multiprocessing.process.BaseProcess | None] = [start() for _ in range(workers)]
    due: dict[int, float] = {}  # slot -> when its next worker starts
    logger.info("ctxgraph serve: %d workers on %s:%d (SO_REUSEPORT)", workers, host, port)
    restarts: list[float] = []
    status = 0
    try:
        while not stop.wait(0.2):
            now = time.monotonic()
            for i, process in enumerate(processes):
                if process is None:
                    if now >= due[i]:
                        processes[i] = start()
                        del due[i]
                    continue
                if process.is_alive():
                    continue
                if process.exitcode == STARTUP_FAILURE:
                    logger.error("ctxgraph serve: worker %s could not start the app (status %s); stopping the "
                                 "gateway with status %d.", process.pid, process.exitcode, GAVE_UP)
                    status = GAVE_UP
                    stop.set()
                    break
                restarts = [t for t in restarts if now - t < 60] + [now]
                wait = backoff(len(restarts))
                logger.warning("ctxgraph serve: worker %s exited with status %s; starting another in %.1f s "
                               "(%d restarts in the last minute).", process.pid, process.exitcode, wait,
                               len(restarts))
                processes[i], due[i] = None, now + wait
    finally:
        running = [p for p in processes if p is not None]
        for process in running:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn finishes the requests in flight
        deadline = time.monotonic() + STOP_TIMEOUT
        for process in running:
            process.join(max(deadline - time.monotonic(), 0))
            if process.is_alive():
                process.kill()
                process.join()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status
