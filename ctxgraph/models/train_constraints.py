"""Train the learned constraint reader: ``python -m ctxgraph.models.train_constraints``.

The training data are the user messages of the open annotated chat sets shipped with the bench
(``ctxgraph/bench/data/<group>``): each user message is cut into clauses (the rule readers'
``clauses``); the first user clause of a chat that holds a gold constraint string
(``constraints_active`` or ``constraints_lifted``, the bench's :func:`~ctxgraph.bench._cs.holds`)
is a rule (``R``), a later clause holding the same string (a restatement or a lift) is left out,
every other clause is ``O``. A linear-chain CRF (python-crfsuite) reads the clauses of a message
in order with :func:`~ctxgraph.models._clause_features.clause_features` (structure only).

``--logo`` validates leave-one-group-out: for each group, a model trained on the others marks
that group's clauses; the script prints clause precision / recall per group. The chat-level A/B
(rules alone against rules + model on the held-out group) is ``--logo --replay``.

Never imported at run time (the reader is :func:`ctxgraph.models.load_constraint_reader`).
"""

from __future__ import annotations

from ..bench._cs import CsConversation
from ._clause_features import clause_features
from ._training import OPEN_CS_GROUPS, PARAMS, PROBES_DIR, ReaderTraining, label_clauses, message_clauses, train

#: the groups trained on: (model32) every open cs group, cs … cs_blind26 (the judge groups, cs_blind27 and later, are never
#: read here). Leave-one-group-out through the pipeline over these 28 groups, the weights trained on cs … cs_blind7 against
#: these, each group held out: constraints right 947 -> 948 and unlisted rules 289 -> 287 at the threshold the curve chose
#: (0.65; at 0.7 the new weights make 944 / 275), docs/quality.md "model32".
OPEN_GROUPS = OPEN_CS_GROUPS
#: probe sets of earlier constraint rounds (``tests/data/probes_<name>.yml`` of a checkout), read as one more
#: training group: chats in domains no cs set covers. cons8's own probe set is the new-domain check, never trained on.
PROBE_SETS = ("cons6", "cons7")


def conversation_examples(conv: CsConversation) -> list[tuple[list[dict], list[str], list[str], int]]:
    """(features, labels, clause texts, message index) for each user message of ``conv`` (see the module doc)."""
    gold = [g for name in ("constraints_active", "constraints_lifted") for g in conv.gold.get(name, [])]
    seen: set[str] = set()
    previous, out = "", []
    for index, m in enumerate(conv.messages):
        text = m.get("content") if isinstance(m.get("content"), str) else ""
        if m.get("role") != "user" or not text:
            previous = text if m.get("role") == "assistant" else ""  # what the reader sees: the turn just before
            continue
        kept, labels = label_clauses(text, gold, seen, "R")  # (a restatement or a lift of a rule said: left out)
        if kept:
            out.append((clause_features(kept, conv.lang, previous), labels, kept, index))
        previous = ""
    return out


def probe_conversations(name: str) -> list[CsConversation]:
    """The exchanges of ``tests/data/probes_<name>.yml`` as chats (messages "u: …" / "a: …", gold lists by name);
    none when the checkout's tests are not there."""
    import yaml

    path = PROBES_DIR / f"probes_{name}.yml"
    if not path.is_file():
        return []
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = []
    for p in data["probes"] if isinstance(data, dict) else data:
        messages = []
        for m in p["messages"]:
            role, text = m if isinstance(m, list) else m.split(": ", 1)
            messages.append({"role": {"u": "user", "a": "assistant"}.get(role, role), "content": text})
        gold = {k: p.get(k, []) for k in ("constraints_active", "constraints_lifted")}
        lang = p.get("lang") or ("zh" if p["id"].startswith("zh") else "en")
        out.append(CsConversation(p["id"], lang, messages, gold))
    return out


SPEC = ReaderTraining("constraint_reader", "R", "rule_clauses", OPEN_GROUPS, PROBE_SETS, conversation_examples,
                      probe_conversations, "CONSTRAINT_THRESHOLD")
group_examples, marks, clause_scores, logo_marks = SPEC.group_examples, SPEC.marks, SPEC.clause_scores, SPEC.logo_marks
__all__ = ["OPEN_GROUPS", "PARAMS", "PROBES_DIR", "PROBE_SETS", "SPEC", "clause_scores", "conversation_examples",
           "group_examples", "logo", "logo_marks", "marks", "message_clauses", "probe_conversations", "train"]


def logo(lang: str, threshold: float, groups=OPEN_GROUPS) -> dict[str, dict]:
    """Clause scores of each group under a model trained on the other groups."""
    return {g: clause_scores(marked, threshold) for g, marked in logo_marks(lang, groups).items()}


def main(argv: list[str] | None = None) -> None:
    SPEC.main(argv, prog="python -m ctxgraph.models.train_constraints", description=__doc__.split("\n")[0], what="rule")


if __name__ == "__main__":
    main()
