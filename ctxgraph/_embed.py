"""Dense vectors of the raw turns, for semantic recall (``Tracker(embed=...)``).

An *encoder* is any callable that takes a list of texts and returns one vector per text
(a numpy array of shape (n, d) or a list of lists): ``"minilm"`` is the bundled
all-MiniLM-L6-v2 of the ``semantic`` extra (:mod:`ctxgraph._minilm`), and an OpenAI
embeddings call or a sentence-transformers model plugs in the same way. Optional attributes:
``name`` (vectors are stored under it, so a session reopened with another model is encoded
again, never mixed) and ``langs`` (the languages it reads; turns and questions in others stay
lexical; default: all).

:class:`TurnVectors` keeps the vectors of one conversation. ``observe()`` only queues a turn
(:meth:`TurnVectors.add`); a worker thread encodes the queue in batches while the caller goes
on (the model call a bot makes between two turns is usually longer than the encoding), and
``assemble()`` first encodes whatever is still queued (:meth:`TurnVectors.flush`), so the
ranking never depends on how far the worker got.

>>> import numpy as np
>>> def toy(texts):  # counts of three words: a stand-in for a real model
...     return np.array([[t.count("cat"), t.count("dog"), t.count("tea")] for t in texts], float)
>>> v = TurnVectors(encoder_of(toy), background=False)
>>> for i, text in enumerate(["my cat", "a dog here", "green tea", "ok"]):
...     v.add(i, text, "en")
>>> v.flush()
>>> [(t, round(s, 2)) for t, s in v.search("dog and cat", "en", k=2)]
[('t0', 0.71), ('t1', 0.71)]
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from ._errors import EmbedError, Errors

logger = logging.getLogger("ctxgraph")

#: Texts given to the encoder at once by the worker thread.
BATCH = 64
#: Characters of a turn that are encoded (models read a few hundred word pieces at most).
MAX_CHARS = 2000


class Encoder:
    """An ``embed=`` callable with its name and languages, checking what it returns."""

    def __init__(self, fn: Callable[[list[str]], Any], name: str | None = None, langs: Iterable[str] | None = None):
        self.fn = fn
        self.name = name or getattr(fn, "name", None) or getattr(fn, "__qualname__", None) or type(fn).__name__
        langs = langs if langs is not None else getattr(fn, "langs", None)
        self.langs = frozenset(langs) if langs is not None else None

    def reads(self, lang: str) -> bool:
        return self.langs is None or lang in self.langs

    def __call__(self, texts: list[str]) -> np.ndarray:
        try:
            out = np.asarray(self.fn(texts), dtype=np.float32)
        except (TypeError, ValueError) as err:
            raise EmbedError(Errors.E213.format(name=self.name, reason=f"something that is not vectors ({err})")) from None
        if out.ndim != 2 or out.shape[0] != len(texts) or not np.isfinite(out).all():
            raise EmbedError(Errors.E213.format(name=self.name, reason=f"an array of shape {out.shape} for {len(texts)} texts"))
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.maximum(norms, 1e-12)  # unit length: a dot product is the cosine

    def __repr__(self) -> str:
        return f"<Encoder {self.name}>"


def encoder_of(embed: Any) -> Encoder | None:
    """The encoder an ``embed=`` option names: None, ``"minilm"`` or a callable (E212 otherwise).

    >>> encoder_of(None) is None
    True
    >>> encoder_of(len).name
    'len'
    """
    if embed is None or isinstance(embed, Encoder):
        return embed
    if embed == "minilm":
        from . import _minilm  # numpy BERT, tokenizers, safetensors: loaded only now

        return Encoder(_minilm.load())
    if callable(embed):
        return Encoder(embed)
    raise EmbedError(Errors.E212.format(value=embed))


class TurnVectors:
    """Unit vectors of a conversation's turns, by message index, and a search over them.

    ``sink(name, {index: vector})``, when set, is called with each encoded batch (a bound
    session stores them, see :mod:`ctxgraph.stores`); a failing sink or encoder is logged
    and the turns stay queued for the next :meth:`flush` (recall is lexical until then).
    """

    def __init__(self, encoder: Encoder, *, background: bool = True):
        self.encoder = encoder
        self.background = background
        self.sink: Callable[[str, dict[int, np.ndarray]], None] | None = None
        self._lock = threading.Lock()
        self._pending: list[tuple[int, str]] = []
        self._worker: threading.Thread | None = None
        self._rows: dict[int, int] = {}  # message index -> row of _matrix
        self._order: list[int] = []  # message index of each row
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._failed: BaseException | None = None

    def __len__(self) -> int:
        return len(self._rows)

    @property
    def name(self) -> str:
        return self.encoder.name

    def add(self, index: int, text: str, lang: str) -> None:
        """Queue turn ``index`` for encoding (never waits for the encoder)."""
        if not text.strip() or not self.encoder.reads(lang) or index in self._rows:
            return
        with self._lock:
            self._pending.append((index, text[:MAX_CHARS]))
            if self.background and self._worker is None:
                self._worker = threading.Thread(target=self._work, name="ctxgraph-embed", daemon=True)
                self._worker.start()

    def preload(self, vectors: dict[int, np.ndarray]) -> None:
        """Vectors stored earlier (a reopened session): these turns are not encoded again."""
        self._store({i: np.asarray(v, dtype=np.float32) for i, v in vectors.items()})

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._pending or self._failed is not None:
                    self._worker = None
                    return
                batch, self._pending = self._pending[:BATCH], self._pending[BATCH:]
            self._encode(batch)

    def _encode(self, batch: list[tuple[int, str]]) -> None:
        try:
            vectors = self.encoder([t for _, t in batch])
            found = {i: v for (i, _), v in zip(batch, vectors)}
            self._store(found)
        except Exception as err:  # the turns go back to the queue: recall stays lexical for them
            with self._lock:
                self._pending[:0] = batch
                self._failed = err
            return
        if self.sink is not None:
            try:
                self.sink(self.name, found)
            except Exception as err:  # noqa: BLE001 - a store that is down must not stop recall
                logger.warning("semantic recall: storing %d vectors failed (%s); they are kept in memory", len(found), err)

    def _store(self, found: dict[int, np.ndarray]) -> None:
        with self._lock:
            new = [(i, v) for i, v in sorted(found.items()) if i not in self._rows]
            if not new:
                return
            block = np.stack([v for _, v in new])
            n = len(self._order)
            if n and block.shape[1] != self._matrix.shape[1]:
                raise EmbedError(Errors.E213.format(name=self.name, reason=f"vectors of {block.shape[1]} numbers "
                                                    f"after vectors of {self._matrix.shape[1]}"))
            if self._matrix.shape[0] < n + len(new):
                grown = np.zeros((max(2 * self._matrix.shape[0], n + len(new), 256), block.shape[1]), np.float32)
                if n:
                    grown[:n] = self._matrix[:n]  # room doubles: appending a turn is amortised O(1)
                self._matrix = grown
            self._matrix[n:n + len(new)] = block
            for i, _ in new:
                self._rows[i] = len(self._order)
                self._order.append(i)

    def flush(self) -> None:
        """Encode every queued turn now (in this thread, beside the worker) and wait for the worker."""
        with self._lock:
            self._failed = None
            worker = self._worker
        while True:
            with self._lock:
                batch, self._pending = self._pending[:BATCH], self._pending[BATCH:]
            if not batch:
                break
            self._encode(batch)
            if self._failed is not None:
                break
        if worker is not None:
            worker.join()
        failed = self._failed
        if isinstance(failed, EmbedError):  # the callable breaks its contract: a bug to fix, not an outage
            raise failed
        if failed is not None:
            logger.warning("semantic recall: the encoder %r failed (%s); recall is lexical for %d turns until it works",
                           self.name, failed, len(self._pending))

    def vectors(self) -> dict[int, np.ndarray]:
        """Every vector held, by message index (for a store)."""
        with self._lock:
            return {i: self._matrix[r].copy() for i, r in self._rows.items()}

    def search(self, question: str, lang: str, *, k: int = 30, exclude: Sequence[int] = ()) -> list[tuple[str, float]]:
        """The ``k`` turns most similar to ``question``: (turn id, cosine), best first.

        Empty when the encoder does not read ``lang`` or nothing is encoded yet."""
        if not question.strip() or not self.encoder.reads(lang) or not self._rows:
            return []
        try:
            q = self.encoder([question[:MAX_CHARS]])[0]
        except Exception as err:  # noqa: BLE001 - an embeddings API that is down: lexical recall only
            logger.warning("semantic recall: the encoder %r failed on the question (%s)", self.name, err)
            return []
        with self._lock:
            order = list(self._order)
            matrix = self._matrix[:len(order)]
            skip = [self._rows[i] for i in exclude if i in self._rows]
        sims = matrix @ q
        sims[skip] = -np.inf  # the newest turns: the raw window shows them
        k = min(k, len(order))
        top = np.argpartition(-sims, k - 1)[:k] if k < len(order) else np.arange(len(order))
        top = sorted(top.tolist(), key=lambda r: (-sims[r], order[r]))
        return [(f"t{order[r]}", float(sims[r])) for r in top if np.isfinite(sims[r])]
