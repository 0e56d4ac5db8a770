"""The example bots of examples/ run against the StubServer (--stub) and keep their conversation."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BOTS = {"agents_bot": "agents", "langchain_bot": "langchain_openai", "llamaindex_bot": "llama_index.core",
        "pydantic_ai_bot": "pydantic_ai"}


@pytest.mark.parametrize("name", sorted(BOTS))
def test_integrations_example_bot_runs_on_the_stub(name, tmp_path, monkeypatch):
    pytest.importorskip(BOTS[name])
    monkeypatch.syspath_prepend(str(EXAMPLES))  # as `python examples/x_bot.py` does: the bots import _support_chat
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    monkeypatch.chdir(tmp_path)  # the bots' default files land here
    out = io.StringIO()
    lines = ["Hi, my order number is A1001 and my budget is $500.", "Please do not ship with FedEx.", "Any news?"]
    bot.main(["--stub", "--store", f"sqlite:///{tmp_path / 'bot.db'}", "--budget", "300"], lines=lines, out=out)
    assert out.getvalue().splitlines() == ["(stub answer 0)", "(stub answer 1)", "(stub answer 2)"]
