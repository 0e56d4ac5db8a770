"""notebooks/quickstart.ipynb runs top to bottom, offline, in a real Jupyter kernel.

The notebook is copied beside a link to ``examples/`` in a temporary folder and executed
there with nbclient. What it writes (the HTML graph) goes to a temporary folder of its own
(``tempfile.mkdtemp``), never next to the notebook: running it leaves no file in ``notebooks/``.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("matplotlib")

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_quickstart_notebook_runs_offline(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")  # jupyter_core's own migration notice
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))  # the kernel's tempfile.gettempdir()
    (tmp_path / "tmp").mkdir()
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    work = tmp_path / "notebooks"
    work.mkdir()
    shutil.copy(ROOT / "notebooks" / "quickstart.ipynb", work)
    before = sorted(p.name for p in work.iterdir())
    nb = nbformat.read(work / "quickstart.ipynb", as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(work)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    pictures = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(pictures) >= 3  # the graphs and the token curve
    tables = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("<table" in t for t in tables)  # the tracker's _repr_html_
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "[对话状态：" in text and "[Conversation state:" in text
    assert "saved" in text
    assert sorted(p.name for p in work.iterdir()) == before == ["quickstart.ipynb"]  # nothing written beside it
    written = re.search(r"\d+ bytes written to (\S+)", text)  # to_html(path) returns the path
    assert written, text
    page = Path(written.group(1))
    assert page.name == "zh_graph.html" and page.is_relative_to(tmp_path / "tmp")
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") and page.stat().st_size > 1000
