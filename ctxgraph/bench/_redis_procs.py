"""Real redis-server processes on free 127.0.0.1 ports, for the store bench and the tests:
one server that can be stopped and started again on the same port and folder, or a Redis
Cluster of three masters (``redis-cli --cluster create``).

>>> import shutil
>>> if shutil.which("redis-server"):
...     with RedisProcess() as server:
...         server.url.startswith("redis://127.0.0.1:")
... else:
...     True
True
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator, Sequence

__all__ = ["RedisProcess", "redis_cluster", "free_port"]


def free_port() -> int:
    """A TCP port nobody listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisProcess:
    """A redis-server on 127.0.0.1 with its own folder; :meth:`stop` and :meth:`start` keep
    the port and folder, so with ``persist=True`` (save on shutdown) the data comes back
    as after a real restart. Raises FileNotFoundError when no redis-server is installed, and
    OSError when it does not accept connections within ``startup_timeout`` seconds (the server
    is killed and its own folder removed: nothing is left behind)."""

    def __init__(self, *, persist: bool = False, extra: Sequence[str] = (), folder: str | None = None,
                 startup_timeout: float = 30.0):
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            raise FileNotFoundError("redis-server is not installed (Debian/Ubuntu: apt-get install redis-server)")
        self._tmp = None if folder else tempfile.TemporaryDirectory(prefix="ctxgraph-redis-")
        self.folder = Path(folder or self._tmp.name)  # type: ignore[union-attr]
        self.port = free_port()
        self.persist = persist
        self.extra = list(extra)
        self.startup_timeout = startup_timeout
        self.proc: subprocess.Popen | None = None
        try:
            self.start()
        except BaseException:
            self.close()  # the caller never gets the object: its folder goes now
            raise

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server (again) and return once it accepts connections (OSError after
        ``startup_timeout`` seconds or when it exits; the server is then killed, not left running)."""
        save = ["--save", "3600 1", "--dbfilename", "dump.rdb"] if self.persist else ["--save", ""]
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", *save, "--appendonly", "no",
             "--dir", str(self.folder), "--daemonize", "no", "--loglevel", "warning", *self.extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for_port(self.port, self.proc, self.startup_timeout)
        except BaseException:
            self.proc.kill()
            self.proc.wait(timeout=30)
            self.proc = None
            raise

    def stop(self) -> None:
        """SIGTERM, as a service manager stops it (a persisting server saves its data first)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
        self.proc = None

    def close(self) -> None:
        self.stop()
        if self._tmp is not None:
            self._tmp.cleanup()

    def __enter__(self) -> "RedisProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def wait_for_port(port: int, proc: subprocess.Popen, seconds: float = 30.0) -> None:
    """Return once 127.0.0.1:``port`` accepts connections (OSError if ``proc`` ends or after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        time.sleep(0.02)
    raise OSError(f"redis-server did not start on 127.0.0.1:{port} (exit {proc.poll()})")


@contextlib.contextmanager
def redis_cluster(masters: int = 3) -> Iterator[str]:
    """A Redis Cluster of ``masters`` nodes (no replicas) on free 127.0.0.1 ports, for the
    block: yields ``redis+cluster://127.0.0.1:PORT`` of its first node."""
    cli = shutil.which("redis-cli")
    if cli is None:
        raise FileNotFoundError("redis-cli is not installed (Debian/Ubuntu: apt-get install redis-tools)")
    nodes: list[RedisProcess] = []
    try:
        for _ in range(masters):
            # each node has its own folder, so its nodes.conf is its own; its bus on a free port
            # of its own (the default, port + 10000, may not exist or be taken)
            nodes.append(RedisProcess(extra=["--cluster-enabled", "yes", "--cluster-node-timeout", "5000",
                                             "--cluster-port", str(free_port())]))
        addresses = [f"127.0.0.1:{n.port}" for n in nodes]
        subprocess.run([cli, "--cluster", "create", *addresses, "--cluster-replicas", "0", "--cluster-yes"],
                       check=True, capture_output=True, text=True, timeout=60)
        _wait_for_cluster(cli, nodes)
        yield f"redis+cluster://{addresses[0]}"
    finally:
        for node in nodes:
            node.close()


def _wait_for_cluster(cli: str, nodes: list[RedisProcess], seconds: float = 30.0) -> None:
    """Until every node says ``cluster_state:ok`` (the slots are agreed on)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        states = [subprocess.run([cli, "-p", str(n.port), "cluster", "info"], capture_output=True,
                                 text=True, check=False).stdout for n in nodes]
        if all("cluster_state:ok" in s for s in states):
            return
        time.sleep(0.05)
    raise OSError("the Redis Cluster did not reach cluster_state:ok")
