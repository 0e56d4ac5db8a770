"""notebooks/quickstart.ipynb runs top to bottom, offline, in a real Jupyter kernel.

The notebook is copied beside a link to ``examples/`` in a temporary folder and executed
there with nbclient, so what it writes (the HTML graph) does not land in the repository.
"""

from __future__ import annotations

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
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    work = tmp_path / "notebooks"
    work.mkdir()
    shutil.copy(ROOT / "notebooks" / "quickstart.ipynb", work)
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
    assert "[对话状态]" in text and "[Conversation state]" in text
    assert "saved" in text
    assert (work / "zh_graph.html").stat().st_size > 1000
