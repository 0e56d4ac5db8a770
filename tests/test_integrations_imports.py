"""ctxgraph.integrations: importing ctxgraph never imports a framework; ctxgraph.openai stays an alias."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FRAMEWORKS = ["agents", "langchain", "langchain_core", "langgraph", "llama_index", "pydantic_ai", "openai"]


def test_integrations_importing_ctxgraph_imports_no_framework():
    code = ("import sys, json, ctxgraph, ctxgraph.integrations; "
            f"print(json.dumps(sorted(m for m in {FRAMEWORKS!r} if m in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []


def test_integrations_openai_alias_keeps_every_public_name():
    pytest.importorskip("openai")
    import ctxgraph.integrations.openai as new
    import ctxgraph.openai as old

    assert old.__all__ == new.__all__
    for name in [*new.__all__, "MAX_REPORTS", "LOCK_TIMEOUT"]:
        assert getattr(old, name) is getattr(new, name)
    assert old.logger.name == "ctxgraph.openai"
