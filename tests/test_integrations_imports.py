"""ctxgraph.integrations: importing ctxgraph never imports a framework; ctxgraph.openai stays an alias."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FRAMEWORKS = ["agents", "langchain", "langchain_core", "langgraph", "llama_index", "pydantic_ai", "openai"]


def test_integrations_openai_alias_keeps_every_public_name():
    pytest.importorskip("openai")
    import ctxgraph.integrations.openai as new
    import ctxgraph.openai as old

    assert old.__all__ == new.__all__
    for name in [*new.__all__, "MAX_REPORTS", "LOCK_TIMEOUT"]:
        assert getattr(old, name) is getattr(new, name)
    assert old.logger.name == "ctxgraph.openai"


def test_integrations_import_no_framework_and_name_the_missing_extra():
    """One subprocess: importing ctxgraph and ctxgraph.integrations imports no framework; then,
    every framework hidden, each module names its package and its extra (E220)."""
    modules = {"openai_agents": ("agents", "agents"), "langchain": ("langchain", "langchain"),
               "llamaindex": ("llama_index", "llamaindex"), "pydantic_ai": ("pydantic_ai", "pydantic-ai")}
    code = "\n".join([
        "import importlib, json, sys, ctxgraph, ctxgraph.integrations",
        f"loaded = sorted(m for m in {FRAMEWORKS!r} if m in sys.modules)",
        f"for name in {[f for f, _ in modules.values()]!r}: sys.modules[name] = None",
        "out = {}",
        f"for module in {list(modules)!r}:",
        "    try:",
        "        importlib.import_module('ctxgraph.integrations.' + module)",
        "    except ImportError as err:",
        "        out[module] = str(err)",
        "print(json.dumps([loaded, out]))"])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded, errors = json.loads(done.stdout)
    assert loaded == []
    assert set(errors) == set(modules)
    for module, (_, extra) in modules.items():
        assert errors[module].startswith("[E220]") and f'pip install "ctxgraph[{extra}]"' in errors[module]


@pytest.mark.parametrize("module, names", [
    ("openai_agents", ["CtxgraphSession", "message_items"]),
    ("langchain", ["CtxgraphMiddleware"]),
    ("llamaindex", ["CtxgraphMemoryBlock", "new_messages", "to_chat"]),
    ("pydantic_ai", ["CtxgraphHistory", "to_chat"]),
])
def test_integrations_exported_members(module, names):
    framework = {"openai_agents": "agents", "llamaindex": "llama_index.core"}.get(module, module)
    pytest.importorskip(framework)
    import importlib

    mod = importlib.import_module(f"ctxgraph.integrations.{module}")
    assert sorted(mod.__all__) == names and all(hasattr(mod, n) for n in names)
