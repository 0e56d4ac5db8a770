"""Train the learned promise reader: ``python -m ctxgraph.models.train_promises`` (issue 19, prom9).

The training data are the assistant messages of the open annotated chat sets shipped with the bench
(``ctxgraph/bench/data/<group>``) and the earlier promise probe sets: each assistant message is cut
into clauses (the rule readers' ``clauses``); the first clause of a chat that holds a gold promise
string (``commitments_open`` or ``commitments_done``, the bench's :func:`~ctxgraph.bench._cs.holds`)
is a promise (``P``), a later clause holding the same string (its report, a restatement) is left
out, every other clause is ``O``. A linear-chain CRF (python-crfsuite) reads the clauses of a message
in order with :func:`~ctxgraph.models._promise_features.promise_features` (structure only).

``--logo`` validates leave-one-group-out: for each group, a model trained on the others marks that
group's clauses; the script prints clause precision / recall per group. prom9's own probe set is the
new-domain check and is never trained on.

Never imported at run time (the reader is :func:`ctxgraph.models.load_promise_reader`).
"""

from __future__ import annotations

from ..bench._cs import CsConversation
from ._promise_features import promise_features
from ._training import PARAMS, PROBES_DIR, ReaderTraining, label_clauses, message_clauses, probe_message, train

#: the open groups (the judge groups, cs_blind9 and later, are never read here)
OPEN_GROUPS = ("cs", "cs_holdout", "cs_blind", "cs_blind2", "cs_blind3", "cs_blind4", "cs_blind5", "cs_blind6",
               "cs_blind7", "cs_blind8")
#: probe sets of earlier promise rounds (``tests/data/probes_<name>.yml`` of a checkout), read as one more
#: training group; prom9's own probe set is the new-domain check, never trained on
PROBE_SETS = ("prom7", "prom7b", "prom8", "prom8b", "prom8c")


def conversation_examples(conv: CsConversation) -> list[tuple[list[dict], list[str], list[str], int]]:
    """(features, labels, clause texts, message index) for each assistant message of ``conv`` (see the module doc)."""
    gold = [g for name in ("commitments_open", "commitments_done") for g in conv.gold.get(name, [])]
    seen: set[str] = set()
    user, after_tool, out = "", False, []
    for index, m in enumerate(conv.messages):
        text = m.get("content") if isinstance(m.get("content"), str) else ""
        role = m.get("role")
        if role == "user":
            user = text
        if role != "assistant" or not text.strip():
            after_tool = role == "tool" or (after_tool and role == "assistant")
            continue
        kept, labels = label_clauses(text, gold, seen, "P")  # (a report or a restatement of a promise made: left out)
        if kept:
            feats = promise_features(kept, conv.lang, user, tool_call=bool(m.get("tool_calls")), after_tool=after_tool)
            out.append((feats, labels, kept, index))
        after_tool = False
    return out


def probe_conversations(name: str) -> list[CsConversation]:
    """The exchanges of ``tests/data/probes_<name>.yml`` as chats; none when the checkout's tests are not there."""
    import yaml

    path = PROBES_DIR / f"probes_{name}.yml"
    if not path.is_file():
        return []
    out = []
    for p in yaml.safe_load(path.read_text(encoding="utf-8")):
        messages = [probe_message(m, n) for n, m in enumerate(p["messages"])]
        gold = {k: p.get(k, []) for k in ("commitments_open", "commitments_done")}
        out.append(CsConversation(p["id"], p["lang"], messages, gold))
    return out


SPEC = ReaderTraining("promise_reader", "P", "promise_clauses", OPEN_GROUPS, PROBE_SETS, conversation_examples,
                      probe_conversations, "PROMISE_THRESHOLD")
group_examples, marks, clause_scores, logo_marks = SPEC.group_examples, SPEC.marks, SPEC.clause_scores, SPEC.logo_marks
__all__ = ["OPEN_GROUPS", "PARAMS", "PROBES_DIR", "PROBE_SETS", "SPEC", "clause_scores", "conversation_examples",
           "group_examples", "logo_marks", "marks", "message_clauses", "probe_conversations", "train"]


def main(argv: list[str] | None = None) -> None:
    SPEC.main(argv, prog="python -m ctxgraph.models.train_promises", description=__doc__.split("\n")[0], what="promise")


if __name__ == "__main__":
    main()
