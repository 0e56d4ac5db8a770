"""Every ```python block of README.md and docs/**/*.md runs as written.

Each block runs on its own, in a fresh namespace, as a reader would paste it: offline, from
a folder that shows the repository's files (``examples/...`` resolve) but keeps what a block
writes (``graph.html``) out of the repository. ``OpenAI()`` in a block talks to a local
:class:`ctxgraph.testing.StubServer` (``OPENAI_BASE_URL`` and ``OPENAI_API_KEY`` are set), and
any connection to a host other than 127.0.0.1 fails the block.

A block that truly cannot run on its own is marked, with its reason, on the line before it::

    <!-- snippet: skip (needs a GPU) -->
    ```python
    ...

New documents are picked up as they are added; the test ids are ``file:line``.
"""

from __future__ import annotations

import re
import socket
import sys
import warnings
from pathlib import Path

import pytest

from ctxgraph import ExtractionWarning

ROOT = Path(__file__).resolve().parent.parent
SKIP = re.compile(r"^<!--\s*snippet:\s*skip\s*\((?P<reason>[^)]+)\)\s*-->$")
FENCE = re.compile(r"^(?P<indent>\s*)```+\s*python\s*$")


def documents() -> list[Path]:
    """README.md and every Markdown file under docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def python_blocks(text: str) -> list[tuple[int, str, str | None]]:
    """(1-based line of the opening fence, code, skip reason or None) of each ```python block.

    >>> python_blocks("Intro\\n<!-- snippet: skip (a fragment) -->\\n```python\\nx = 1\\n```\\n```python\\ny = 2\\n```\\n")
    [(3, 'x = 1\\n', 'a fragment'), (6, 'y = 2\\n', None)]
    """
    lines = text.splitlines()
    blocks, n = [], 0
    while n < len(lines):
        opening = FENCE.match(lines[n])
        if not opening:
            n += 1
            continue
        before = next((ln.strip() for ln in reversed(lines[:n]) if ln.strip()), "")
        skip = SKIP.match(before)
        indent = len(opening["indent"])
        end = next((k for k in range(n + 1, len(lines)) if lines[k].strip().startswith("```")), len(lines))
        code = "".join(ln[indent:] + "\n" for ln in lines[n + 1:end])
        blocks.append((n + 1, code, skip["reason"] if skip else None))
        n = end + 1
    return blocks


def snippets() -> list:
    params = []
    for doc in documents():
        for line, code, reason in python_blocks(doc.read_text(encoding="utf-8")):
            marks = [pytest.mark.skip(reason=f"marked in the document: {reason}")] if reason else []
            params.append(pytest.param(doc, code, id=f"{doc.relative_to(ROOT)}:{line}", marks=marks))
    return params


@pytest.fixture
def repo_view(tmp_path, monkeypatch):
    """A working folder that shows the repository's top-level files and folders (symlinks)."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def offline(monkeypatch, server):
    """OpenAI() reaches the stub server; a connection to any other host is refused and
    listed (the LLM extractor would otherwise swallow the failure and fall back)."""
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-snippets")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    refused: list[object] = []
    connect = socket.socket.connect

    def local_only(sock: socket.socket, address) -> None:
        host = address[0] if isinstance(address, tuple) else address
        if sock.family in (socket.AF_INET, socket.AF_INET6) and host not in ("127.0.0.1", "::1", "localhost"):
            refused.append(address)
            raise ConnectionRefusedError(f"offline: a documentation snippet tried to reach {address}")
        return connect(sock, address)

    def resolve_local_only(host, *args, **kwargs):
        if host not in (None, "127.0.0.1", "::1", "localhost"):
            refused.append(host)
            raise socket.gaierror(socket.EAI_NONAME, f"offline: a documentation snippet tried to look up {host}")
        return getaddrinfo(host, *args, **kwargs)

    getaddrinfo = socket.getaddrinfo
    monkeypatch.setattr(socket.socket, "connect", local_only)
    monkeypatch.setattr(socket, "getaddrinfo", resolve_local_only)
    yield refused
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")


def test_docs_snippets_are_found():
    ids = [p.id for p in snippets()]
    assert any(i.startswith("README.md:") for i in ids)
    assert len(ids) == len(set(ids))


def _close_clients(namespace: dict) -> None:
    """Close the OpenAI clients a snippet left open (the documentation shows ``client = OpenAI()``;
    an open connection found by the garbage collector later fails whichever test runs then)."""
    openai = pytest.importorskip("openai")
    from ctxgraph.openai import TrackedClient

    for value in list(namespace.values()):
        if isinstance(value, (openai.OpenAI, TrackedClient)) and not isinstance(getattr(value, "_wrapped", None), openai.AsyncOpenAI):
            value.close()


@pytest.mark.parametrize(("doc", "code"), snippets())
def test_docs_snippet_runs(doc, code, repo_view, offline):
    namespace = {"__name__": "__snippet__"}
    with warnings.catch_warnings():
        # the stub's plain "ok" is no structured extraction: the LLM extractor falls back to the rules, as documented
        warnings.simplefilter("ignore", ExtractionWarning)
        try:
            exec(compile(code, str(doc), "exec"), namespace)  # noqa: S102 - the documentation's own code
        finally:
            _close_clients(namespace)
    assert not offline, f"the snippet tried to reach the network: {offline}; use OpenAI() without base_url"
