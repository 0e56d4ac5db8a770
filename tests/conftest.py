"""Fixtures shared by the unit tests (keep this file small)."""

from __future__ import annotations

import os

# One BLAS thread, set before numpy is first imported (ctxgraph imports it): on a machine of 2
# cores shared with servers, workers and other test processes, OpenBLAS's threads wait on each
# other; the bundled encoder ran 5x slower with them (200 texts: 33 s against 6.5 s, load 6).
# Results are the same; workers and subprocesses inherit it. An explicit setting is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

from ctxgraph import Tracker  # noqa: E402
from ctxgraph._tokens import get_encoding  # noqa: E402

# No deadline: speed is measured in benchmarks, never in unit tests (no wall-clock asserts).
# No example database: the test run writes nothing into the repository.
settings.register_profile("ctxgraph", deadline=None, database=None, max_examples=150)
settings.load_profile("ctxgraph")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: Test files that share a session fixture with another file run in that file's worker under
#: pytest-xdist (``-n 2 --dist loadfile``, pyproject's addopts), so the fixture is made once:
#: ``speed_quick`` (a ``bench speed --quick`` run with its fresh-process load probes),
#: ``redis_cluster_url`` (three redis-servers) and ``fresh_modules`` (a fresh interpreter).
SAME_WORKER = {"tests/test_bench_speed.py": "tests/test_bench_cli.py",
               "tests/test_stores_redis_cluster.py": "tests/test_stores_concurrency.py",
               "tests/test_semantic.py": "tests/test_models.py"}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's ``loadfile`` scheduling (a file's tests in one worker, so module fixtures
    are made once), with the files of :data:`SAME_WORKER` grouped with their partner; another
    ``--dist`` given on the command line is left to xdist."""
    from xdist.scheduler import LoadFileScheduling

    if config.getoption("dist") != "loadfile":
        return None

    class SharedFixtureScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return SAME_WORKER.get(path, path)

    return SharedFixtureScheduling(config, log)


@pytest.fixture
def examples_dir() -> Path:
    """The shipped example conversations (zh_phone_order.jsonl, en_return_exchange.jsonl)."""
    return EXAMPLES


@pytest.fixture
def clean_encoding_env(monkeypatch):
    """No tiktoken cache folder in the environment and an empty ``get_encoding`` cache,
    before and after the test (tests that change where BPE files are found use it)."""
    monkeypatch.delenv("TIKTOKEN_CACHE_DIR", raising=False)
    monkeypatch.delenv("DATA_GYM_CACHE_DIR", raising=False)
    get_encoding.cache_clear()
    yield monkeypatch
    get_encoding.cache_clear()


@pytest.fixture
def write_files(tmp_path):
    """``write_files({"slots.yml": "...", "zh/x.yml": "..."})`` -> a folder holding those files."""
    counter = iter(range(1_000_000))

    def write(files: dict[str, str | bytes], name: str | None = None) -> Path:
        folder = tmp_path / (name or f"d{next(counter)}")
        folder.mkdir(parents=True, exist_ok=True)
        for rel, content in files.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        return folder

    return write


@pytest.fixture(scope="module")
def make_tracker():
    """``make_tracker(*messages, lang="auto", today="2026-11-30", **options)``: a Tracker that
    has observed the messages (strings are user turns)."""

    def make(*messages, lang: str = "auto", today: str | None = "2026-11-30", **options) -> Tracker:
        t = Tracker(lang, today=today, **options)
        for m in messages:
            t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
        return t

    return make


@pytest.fixture
def server():
    """An OpenAI-compatible server on 127.0.0.1 (:class:`ctxgraph.testing.StubServer`)."""
    from ctxgraph.testing import StubServer

    with StubServer() as s:
        yield s


@pytest.fixture
def client(server):
    """The real ``openai`` client pointed at :func:`server`, without retries."""
    openai = pytest.importorskip("openai")
    with openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0) as c:
        yield c


@pytest.fixture(scope="session")
def fresh_modules() -> dict[str, set[str]]:
    """The modules a fresh Python process holds (``sys.modules``) right after ``import ctxgraph``
    ("import") and after an English Tracker observed a message and assembled a context ("use"):
    one process for the tests that check what the base import leaves out (models, encoders)."""
    import json
    import subprocess
    import sys

    code = ("import json, sys, ctxgraph; first = sorted(sys.modules); t = ctxgraph.Tracker(lang='en'); "
            "t.observe({'role': 'user', 'content': 'a table for 2 at 7 pm'}); t.assemble('hi', budget=100); "
            "print(json.dumps({'import': first, 'use': sorted(sys.modules)}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return {k: set(v) for k, v in json.loads(out).items()}


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """A real redis-server on 127.0.0.1: the one named by $CTXGRAPH_TEST_REDIS_URL (``.ci/run``
    starts it), else one started here on a free port for the test session (no persistence, its
    folder under the test's tmp path). Skips only when no ``redis-server`` binary is installed."""
    import os

    from ctxgraph.bench._redis_procs import RedisProcess

    if os.environ.get("CTXGRAPH_TEST_REDIS_URL"):
        yield os.environ["CTXGRAPH_TEST_REDIS_URL"]
        return
    try:  # started on a free port, waited for with a deadline, killed if it never listens
        server = RedisProcess(folder=str(tmp_path_factory.mktemp("redis")))
    except FileNotFoundError:
        pytest.skip("redis-server is not installed (Debian/Ubuntu: apt-get install redis-server; "
                    "or set CTXGRAPH_TEST_REDIS_URL=redis://127.0.0.1:PORT/0)")
    try:
        yield server.url
    finally:
        server.close()


@pytest.fixture
def redis_process():
    """A redis-server of the test's own on a free 127.0.0.1 port, that saves its data when
    stopped (SIGTERM) and finds it again when started: ``.stop()``, ``.start()``, ``.url``.
    Skips only when no ``redis-server`` binary is installed."""
    from ctxgraph.bench._redis_procs import RedisProcess

    try:
        server = RedisProcess(persist=True)
    except FileNotFoundError as err:
        pytest.skip(str(err))
    with server:
        yield server


@pytest.fixture
def prefix(redis_url):
    """A key prefix of the test's own on ``redis_url``; its keys are deleted after the test."""
    import uuid

    redis = pytest.importorskip("redis")
    p = f"test:{uuid.uuid4().hex[:8]}:"
    yield p
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    for key in client.scan_iter(match=f"{p}*"):
        client.delete(key)
    client.close()


@pytest.fixture(scope="session")
def redis_cluster_url():
    """A real Redis Cluster of three masters on free 127.0.0.1 ports (``redis-cli --cluster
    create``), for the test session: ``redis+cluster://127.0.0.1:PORT``. Skips only when
    ``redis-server`` or ``redis-cli`` is not installed."""
    pytest.importorskip("redis")
    from ctxgraph.bench._redis_procs import redis_cluster

    try:
        cluster = redis_cluster()
        url = cluster.__enter__()
    except FileNotFoundError as err:
        pytest.skip(str(err))
    try:
        yield url
    finally:
        cluster.__exit__(None, None, None)


class SupportChat:
    """A 30-turn support chat for the framework integrations (issue 22): facts planted early,
    a constraint, filler that outgrows any small budget, and a tool call every fifth turn.

    ``queue(server, i)`` queues the model's answers to turn ``i`` on a StubServer (a call of
    ``lookup_order`` first on tool turns); ``check(bodies, budget, instructions)`` checks the
    requests the server received: within the budget (the instructions aside), every tool call
    answered and every tool result after its call, and returns the token counts (``per_message``:
    the overhead counted per message, ctxgraph's by default)."""

    INSTRUCTIONS = "You are the support agent of an online shop. Be brief."
    TOOL_TURNS = frozenset(range(2, 30, 5))

    def __init__(self) -> None:
        first = ["Hi, my order number is A1001 and my budget is $500.",
                 "Please do not ship with FedEx."]
        filler = ["Can you tell me more about the warranty terms of the headphones I looked at yesterday?",
                  "What colours do the headphones come in, and is the blue one in stock right now?",
                  "How long does a refund usually take once the parcel is back at your warehouse?",
                  "Is there a discount if I buy two pairs, one for me and one for my sister?",
                  "Where is my order A1001 now?"]
        self.turns = first + [f"{filler[i % len(filler)]} (message {i})" for i in range(2, 30)]

    def queue(self, server, i: int) -> None:
        if i in self.TOOL_TURNS:
            server.reply(tool_calls=[{"name": "lookup_order", "arguments": {"order_id": "A1001"},
                                      "id": f"call_turn{i}"}])
        server.reply(self.answer(i))

    @staticmethod
    def answer(i: int) -> str:
        """The model's (last) answer to turn ``i``."""
        return f"Answer {i}: noted. Your order A1001 is on its way; anything else I can check for you?"

    @staticmethod
    def lookup_order(order_id: str) -> str:
        """The tool the model calls: an order's status."""
        return '{"order_id": "%s", "status": "shipped", "carrier": "DHL", "eta": "May 3"}' % order_id

    def check_short(self, sent: list[dict], state: str) -> None:
        """``sent``, the request of turn 1, is the chat as it was (instructions, turn 0, its
        answer, turn 1) with no state block under ``state="auto"`` (it fits: sent as it is,
        issue 20) and one state block holding the order id and the budget under "always"."""
        blocks = [m for m in sent if "[Conversation state" in (m.get("content") or "")]
        assert [m for m in sent if m not in blocks] == [
            {"role": "system", "content": self.INSTRUCTIONS},
            {"role": "user", "content": self.turns[0]},
            {"role": "assistant", "content": self.answer(0)},
            {"role": "user", "content": self.turns[1]}]
        if state == "auto":
            assert blocks == []
        else:
            (block,) = blocks
            assert "$500" in block["content"] and "A1001" in block["content"]

    def check(self, bodies: list[dict], budget: int, *, per_message: int | None = None) -> list[int]:
        from ctxgraph import get_encoding
        from ctxgraph._messages import normalize_message
        from ctxgraph._tokens import count_message_tokens

        enc, sizes = get_encoding("o200k_base"), []
        for n, body in enumerate(bodies):
            messages = [m for m in body["messages"] if m.get("content") != self.INSTRUCTIONS]
            clean = [normalize_message(m)[0] for m in messages]
            sizes.append(count_message_tokens(clean, enc) if per_message is None
                         else count_message_tokens(clean, enc, per_message=per_message))
            assert sizes[-1] <= budget, (n, sizes[-1], messages)
            open_calls: set[str] = set()
            for m in messages:
                if m["role"] == "tool":
                    assert m["tool_call_id"] in open_calls, (n, m, messages)
                    open_calls.discard(m["tool_call_id"])
                    continue
                assert not open_calls, (n, "a tool call without its result", messages)
                open_calls = {c["id"] for c in m.get("tool_calls") or ()}
            assert not open_calls, (n, "a tool call without its result", messages)
        return sizes


@pytest.fixture
def support_chat():
    """The 30-turn support chat of the integration tests (:class:`SupportChat`)."""
    return SupportChat()


@pytest.fixture(scope="session")
def speed_quick(tmp_path_factory) -> tuple[dict, str]:
    """One ``ctxgraph bench speed --quick --format json`` run with stderr on a terminal, shared
    by the speed harness tests of test_bench_cli.py and test_bench_speed.py (its load costs are
    measured in fresh processes, the slowest part): (its JSON report, what the terminal got)."""
    import json

    from test_bench_cli import _run_on_a_terminal

    out, terminal = _run_on_a_terminal(["bench", "speed", "--quick", "--format", "json"],
                                       tmp_path_factory.mktemp("speed"))
    (line,) = [line for line in out.splitlines() if line.strip()]
    return json.loads(line), terminal
