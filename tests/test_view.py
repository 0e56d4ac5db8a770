"""Views of the graph: graph data, the HTML page (also in a real headless Chromium), draw()
and its fonts, the notebook table and ``ctxgraph graph``."""

from __future__ import annotations

import ast
import copy
import functools
import http.server
import json
import math
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ctxgraph import Tracker, read_conversation
from ctxgraph._errors import FontWarning
from ctxgraph.cli import main
from ctxgraph.views import (
    GRAPH_SCHEMA,
    INACTIVE_COLOR,
    KIND_COLORS,
    LabelFonts,
    draw,
    graph_data,
    repr_html,
    to_html,
)
from ctxgraph.views.fonts import drawable
from ctxgraph.views.page import static_text

ROOT = Path(__file__).resolve().parent.parent
VIEWS = ROOT / "ctxgraph" / "views"

EXAMPLES = ["zh_phone_order.jsonl", "en_return_exchange.jsonl"]
NODE_KEYS = {"id", "kind", "label", "text", "status", "active", "pinned", "turn", "source", "details", "x", "y"}
XSS = "</script><img src=x onerror=alert(1)><!-- & <script>alert(2)</script>"


@pytest.fixture(scope="module")
def example():
    """``example(name)``: a tracker that has observed a shipped example (built once per module)."""
    built: dict[str, Tracker] = {}

    def get(name: str) -> Tracker:
        if name not in built:
            t = Tracker("auto")
            t.observe_many(read_conversation(Path(__file__).resolve().parent.parent / "examples" / name))
            built[name] = t
        return built[name]

    return get


def node(data: dict, kind: str, **attrs) -> dict:
    found = [n for n in data["nodes"] if n["kind"] == kind and all(n.get(k) == v for k, v in attrs.items())]
    assert len(found) == 1, (kind, attrs, found)
    return found[0]


def embedded_data(page: str) -> dict:
    m = re.search(r'<script id="ctxgraph-data" type="application/json">(.*?)</script>', page, re.S)
    assert m, "the page embeds its data"
    return json.loads(m.group(1))


# ----------------------------------------------------------------------------- graph data


@pytest.mark.parametrize("name", EXAMPLES)
def test_view_graph_data_shape(example, name):
    t = example(name)
    data = graph_data(t)
    assert data["schema"] == GRAPH_SCHEMA == "ctxgraph.graph/1"
    assert data["layout"] == "timeline" and data["turns"] == len(t.messages)
    assert data["lang"] == t.conversation_lang
    assert json.loads(json.dumps(data)) == data  # JSON-able as it is
    assert {n["id"] for n in data["nodes"]} == set(t.graph.nodes)
    assert len(data["edges"]) == t.graph.number_of_edges()
    ids = {n["id"] for n in data["nodes"]}
    for n in data["nodes"]:
        assert set(n) == NODE_KEYS
        assert 0 <= n["x"] <= data["width"] and 0 <= n["y"] <= data["height"]
        assert n["label"] and "\n" not in n["label"]
        assert n["turn"] is not None and 0 <= n["turn"] < len(t.messages)
        assert n["source"]["role"] == t.messages[n["turn"]]["role"]
    for e in data["edges"]:
        assert {e["source"], e["target"]} <= ids and e["kind"]
    kinds = {n["kind"] for n in data["nodes"]}
    assert set(data["kinds"]) == kinds and all(data["kinds"][k]["color"] == KIND_COLORS[k] for k in kinds)
    assert sum(k["count"] for k in data["kinds"].values()) == len(data["nodes"])
    # the timeline: x is the message a node came from, one lane per kind, lanes do not overlap
    x0 = node(data, "turn", id="t0")["x"]
    step = node(data, "turn", id="t1")["x"] - x0
    assert step > 0 and all(n["x"] == pytest.approx(x0 + step * n["turn"]) for n in data["nodes"])
    lanes = data["lanes"]
    assert [lane["kind"] for lane in lanes] == [k for k in ("goal", "constraint", "commitment", "question", "fact",
                                                             "action", "entity") if k in kinds]
    assert all(a["y"] + a["height"] <= b["y"] for a, b in zip(lanes, lanes[1:]))
    for lane in lanes:
        assert all(lane["y"] <= n["y"] <= lane["y"] + lane["height"] for n in data["nodes"] if n["kind"] == lane["kind"])


@pytest.mark.parametrize("layout", ["timeline", "spring"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_view_graph_data_is_deterministic(example, name, layout):
    again = Tracker("auto")
    again.observe_many(read_conversation(Path(__file__).resolve().parent.parent / "examples" / name))
    first = json.dumps(graph_data(example(name), layout=layout), sort_keys=True)
    assert first == json.dumps(graph_data(again, layout=layout), sort_keys=True)
    assert first == json.dumps(graph_data(example(name), layout=layout), sort_keys=True)
    assert all(math.isfinite(n["x"]) and math.isfinite(n["y"]) for n in json.loads(first)["nodes"])


@pytest.mark.parametrize(
    ("lang", "messages", "old", "new"),
    [
        ("zh", ["预算5000元", "好的", "预算改成6000"], "5000元", "6000"),
        ("en", ["My budget is $500.", "Sure.", "Actually, make it $600."], "$500", "$600"),
    ],
)
def test_view_graph_data_marks_a_superseded_fact_with_its_provenance(make_tracker, lang, messages, old, new):
    data = graph_data(make_tracker(*messages, lang=lang))
    was, now = node(data, "fact", status="superseded"), node(data, "fact", status="current")
    assert (was["details"]["value"], was["active"], was["turn"]) == (old, False, 0)
    assert (now["details"]["value"], now["active"], now["turn"]) == (new, True, 2)
    assert was["source"] == {"role": "user", "excerpt": messages[0]}
    assert now["source"] == {"role": "user", "excerpt": messages[2]}
    assert was["details"]["until"] == 2 and was["details"]["superseded_by"] == now["id"]
    assert now["details"]["history"] == [{"value": old, "turn": 0, "until": 2}]
    assert {"source": now["id"], "target": was["id"], "kind": "supersedes"} in data["edges"]
    assert {"source": now["id"], "target": "t2", "kind": "made_in"} in data["edges"]


def test_view_graph_data_examples_provenance(example):
    zh = graph_data(example("zh_phone_order.jsonl"))
    budget = node(zh, "fact", status="superseded", label="预算: 5000元左右")
    assert (budget["label"], budget["turn"], budget["details"]["until"]) == ("预算: 5000元左右", 1, 13)
    assert "预算5000元左右" in budget["source"]["excerpt"]
    assert node(zh, "fact", label="预算: 6000")["details"]["history"][0]["value"] == "5000元左右"
    action = node(zh, "action", label="create_order ok")
    assert action["turn"] == 16 and action["details"]["ref"] == "r17" and action["details"]["result_turn"] == 17
    assert action["source"]["excerpt"].startswith("[tool call] create_order(")  # a call has no text of its own
    assert node(zh, "entity", label="小米14")["status"] == "selected"
    en = graph_data(example("en_return_exchange.jsonl"))
    assert node(en, "constraint", turn=6)["text"].startswith("[must not] Do not ship with FedEx")
    assert node(en, "commitment", status="open")["details"]["due"] == "by 5 pm today"
    turn = node(en, "turn", id="t6")
    assert turn["label"] == "#6" and turn["text"].startswith("An exchange for the MX Master 3S")


def test_view_graph_data_active_and_pinned(example, make_tracker):
    data = graph_data(example("en_return_exchange.jsonl"))
    pinned = {n["id"] for n in data["nodes"] if n["pinned"]}
    # "Let me look up order ..." is a promise the tool call then keeps (done, p1): the open one is the label
    open_promise = node(data, "commitment", status="open")
    assert open_promise["text"].startswith("I will email you a prepaid return label")
    assert pinned == {"g1", "c1", "c2", open_promise["id"]}  # goal, active constraints, the open promise
    assert node(data, "question", id="q1")["status"] == "answered"
    assert not node(data, "question", id="q1")["active"]
    retracted = graph_data(make_tracker("Ship to 10 Downing Street.", "Forget the address.", lang="en"))
    fact = node(retracted, "fact", status="retracted")
    assert (fact["active"], fact["pinned"], fact["details"]["until"]) == (False, False, 1)


def test_view_graph_data_of_an_empty_tracker():
    data = graph_data(Tracker(lang="en"))
    assert (data["nodes"], data["edges"], data["lanes"], data["kinds"], data["turns"]) == ([], [], [], {}, 0)
    assert data["width"] > 0 and data["height"] > 0
    assert graph_data(Tracker(lang="en"), layout="spring")["nodes"] == []


def test_view_graph_data_rejects_an_unknown_layout():
    with pytest.raises(ValueError, match="timeline, spring"):
        graph_data(Tracker(lang="en"), layout="circle")


def test_view_long_labels_are_shortened_by_display_width(make_tracker):
    data = graph_data(make_tracker("快递一定要用顺丰，不要用顺丰以外的快递，发票抬头必须写上海某某信息技术有限公司。", lang="zh"))
    cut = [n for n in data["nodes"] if n["label"].endswith("…")]
    assert cut, "a long constraint or goal is cut"
    for n in data["nodes"]:
        assert sum(2 if ord(c) > 0x2E80 else 1 for c in n["label"]) <= 26, n["label"]
    for n in cut:  # the full text is kept for hover
        full = n["details"]["value"] if n["kind"] == "fact" else n["text"]
        assert n["label"].rstrip("…").split(": ")[-1] in full and len(n["text"]) > len(n["label"])


# ----------------------------------------------------------------------------- HTML page


def outside_data(page: str) -> str:
    return re.sub(r'(<script id="ctxgraph-data"[^>]*>).*?(</script>)', r"\1\2", page, flags=re.S)


@pytest.mark.parametrize("name", EXAMPLES)
def test_view_html_is_self_contained(example, tmp_path, name):
    t = example(name)
    path = tmp_path / "graph.html"
    assert t.to_html(str(path)) == path  # written: the path, not 35 KB of page for a REPL to print
    page = path.read_text(encoding="utf-8")
    assert t.to_html() == page
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert "default-src 'none'" in page  # the page's CSP forbids every request
    code = outside_data(page)
    assert "<script src" not in code.lower() and "@import" not in code
    assert set(re.findall(r"url\((.)", code)) <= {"#"}  # only the arrow marker, inside the page
    assert re.findall(r"<link\b[^>]*>", code) == ['<link rel="icon" href="data:,">']
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:|//)""", code, re.I)
    assert set(re.findall(r"https?://[^\s\"'<>]*", code)) == {"http://www.w3.org/2000/svg"}  # a namespace, not a request
    assert "fetch(" not in code and "XMLHttpRequest" not in code
    assert "sans-serif" in code  # a generic fallback, so any installed CJK font is used
    assert embedded_data(page) == graph_data(t)


def test_view_html_escapes_markup_in_messages(make_tracker):
    t = make_tracker(XSS, {"role": "assistant", "content": f"Noted: {XSS}"}, "My budget is $500.", lang="en")
    page = to_html(t)
    assert "<img" not in page and "<!--" not in page and "alert(2)</script>" not in page
    assert page.count("</script>") == page.count("<script") == 2
    data = embedded_data(page)
    assert data == graph_data(t)
    assert node(data, "turn", id="t0")["text"] == " ".join(XSS.split())  # read back exactly
    assert XSS in node(data, "turn", id="t1")["source"]["excerpt"]


def test_view_html_inlines_the_static_renderer_files(make_tracker):
    """The renderer is package data (static/graph.js, static/graph.css), not Python strings,
    inlined whole into every page and declared as package data so a wheel ships it."""
    page = to_html(make_tracker("My budget is $500.", lang="en"))
    for name, element in (("graph.js", "script"), ("graph.css", "style")):
        text = (VIEWS / "static" / name).read_text(encoding="utf-8")
        assert static_text(name) == text and len(text) > 1000
        assert f"<{element}>\n{text}</{element}>" in page
    assert "addEventListener" in static_text("graph.js") and "#tip" in static_text("graph.css")
    for module in VIEWS.glob("*.py"):
        code = module.read_text(encoding="utf-8")
        assert "addEventListener" not in code and "font-family:" not in code, module.name
    tomllib = pytest.importorskip("tomllib")
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "ctxgraph.views" in setuptools["packages"]
    assert setuptools["package-data"]["ctxgraph.views"] == ["static/*"]


def find_chromium() -> str | None:
    for candidate in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(candidate)
        if found:
            return found
    return None


@pytest.fixture
def browser(tmp_path):
    """``browser(page_html, *flags)``: serve the page from a local http.server and open it in
    headless Chromium; returns (stdout, the paths the server was asked for)."""
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("chromium not installed: apt-get install -y chromium")
    site = tmp_path / "site"
    site.mkdir()
    requests: list[str] = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self):
            requests.append(self.path)
            super().do_GET()

        def log_message(self, *args):  # quiet
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    runs = iter(range(1000))

    def open_page(page: str, *flags: str) -> tuple[str, list[str]]:
        (site / "graph.html").write_text(page, encoding="utf-8")
        requests.clear()
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / f'profile{next(runs)}'}",
               "--window-size=1200,800", *flags, f"http://127.0.0.1:{server.server_address[1]}/graph.html"]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=90, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout, list(requests)

    yield open_page
    server.shutdown()
    server.server_close()
    thread.join()


def colour_pixels(png: Path, top: int = 0) -> dict[str, int]:
    """Pixels (below ``top``) within a small distance of each kind's colour."""
    mpimg = pytest.importorskip("matplotlib.image")
    import numpy as np
    from matplotlib.colors import to_rgb

    img = mpimg.imread(png)[top:, :, :3]
    return {k: int((np.linalg.norm(img - np.array(to_rgb(c)), axis=-1) < 0.1).sum()) for k, c in KIND_COLORS.items()}


@pytest.mark.parametrize("name", EXAMPLES)
def test_view_html_renders_in_headless_chromium(example, browser, tmp_path, name):
    data = graph_data(example(name))
    page = to_html(example(name))
    shot = tmp_path / "shot.png"
    # one Chromium run dumps the DOM and takes the screenshot (two runs before: each start costs seconds)
    dom, requests = browser(page, "--dump-dom", f"--screenshot={shot}")
    assert requests == ["/graph.html"]  # nothing else: no script, font, style or favicon request
    body = re.search(r"<body[^>]*>", dom).group(0)
    assert f'data-rendered="{len(data["nodes"])} nodes"' in body and "data-error" not in body
    assert dom.count('class="node ') == len(data["nodes"])
    pixels = colour_pixels(shot, top=70)  # below the header and its legend
    active = {n["kind"] for n in data["nodes"] if n["active"] and n["kind"] != "turn"}
    assert {k for k, v in pixels.items() if v >= 60} >= active, pixels  # every kind that is drawn in colour
    assert sum(pixels[k] for k in active) > 3000, pixels


def test_view_html_hover_shows_where_a_fact_came_from(example, browser):
    """Hovering the superseded budget fact shows its status, the message it came from and what replaced it."""
    page = to_html(example("zh_phone_order.jsonl"))
    hover = ('<script>document.querySelector(\'[data-id="f1"]\')'
             '.dispatchEvent(new MouseEvent("mouseenter", {clientX: 300, clientY: 300}));</script>')
    dom, requests = browser(page.replace("</body>", hover + "</body>"), "--dump-dom")
    assert requests == ["/graph.html"]
    tip = re.search(r'<div id="tip"[^>]*>(.*?)</div>\s*<script', dom, re.S)
    assert tip and "hidden" not in re.search(r'<div id="tip"[^>]*>', dom).group(0)
    text = re.sub(r"<[^>]+>", "", tip.group(1))
    assert "fact f1 · superseded" in text
    assert "message #1 (user): 你好，我想买一部拍照好的手机，预算5000元左右。" in text
    assert re.search(r"superseded by: f\d+: 预算: 6000", text) and "until: #13" in text
    assert re.search(r'<g [^>]*class="node k-fact inactive struck"[^>]*data-id="f1"', dom)


# ----------------------------------------------------------------------------- draw()


@pytest.fixture
def plt():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    yield plt
    plt.close("all")


def chinese_without_a_font_warns(name: str, monkeypatch):
    """On a machine without a CJK font (nothing but what the README installs), drawing Chinese
    warns once ([W002]) and draws the labels as boxes: expect that warning there, and none elsewhere."""
    import contextlib

    from ctxgraph.views import fonts

    if not (name.startswith("zh") and fonts.DEFAULT.cjk_font() is None):
        return contextlib.nullcontext()
    monkeypatch.setattr(fonts.DEFAULT, "warned", False)  # the once-per-process warning, in this test
    return pytest.warns(FontWarning, match=r"^\[W002\]")


@pytest.mark.parametrize("name", EXAMPLES)
def test_view_draw_returns_axes_and_paints(example, plt, tmp_path, name, monkeypatch):
    from matplotlib.axes import Axes
    from matplotlib.colors import to_rgba

    t = example(name)
    with chinese_without_a_font_warns(name, monkeypatch):
        ax = t.draw()
    assert isinstance(ax, Axes)
    png = tmp_path / "graph.png"
    ax.figure.savefig(png, dpi=80)  # no glyph warning escapes (warnings are errors here)
    pixels = colour_pixels(png)
    active = {n["kind"] for n in graph_data(t)["nodes"] if n["active"] and n["kind"] != "turn"}
    assert all(pixels[k] > 20 for k in active), pixels
    faces = [tuple(c) for coll in ax.collections if hasattr(coll, "get_facecolors") for c in coll.get_facecolors()]
    inactive = any(not n["active"] for n in graph_data(t)["nodes"])
    assert (to_rgba(INACTIVE_COLOR) in faces) == inactive
    labels = {x.get_text() for x in ax.texts}
    assert ("order id: A-5529014" in labels) if name.startswith("en") else any(label.endswith("14") for label in labels)
    _, own = plt.subplots()
    assert t.draw(ax=own, layout="spring", labels=False) is own


def test_view_draw_of_an_empty_tracker(plt, tmp_path):
    ax = Tracker(lang="en").draw()
    ax.figure.savefig(tmp_path / "empty.png")
    assert [x.get_text() for x in ax.texts] == ["nothing observed yet"]


def test_view_draw_without_matplotlib_names_the_extra(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError, match=re.escape('pip install "ctxgraph[viz]"')):
        Tracker(lang="en").draw()
    conversation = tmp_path / "c.jsonl"
    conversation.write_text('{"role": "user", "content": "hi"}\n', encoding="utf-8")
    assert main(["graph", str(conversation), "--out", str(tmp_path / "g.png")]) == 2
    assert 'ctxgraph[viz]' in capsys.readouterr().err


def test_view_characters_no_font_has_become_boxes():
    assert drawable("预算 $5", frozenset(map(ord, "$5"))) == "□□ $5"
    assert drawable("plain", frozenset(map(ord, "plain"))) == "plain"


def covers_chinese(font_manager, entry) -> bool:
    return 0x4E2D in font_manager.get_font(entry.fname).get_charmap()  # 中


@pytest.fixture
def fonts_without_cjk(plt):
    """A copy of matplotlib's font manager whose list holds no CJK font, as on a machine
    without one or whose cache was built before one was installed (matplotlib's own is untouched)."""
    from matplotlib import font_manager

    manager = copy.copy(font_manager.fontManager)
    manager.ttflist = [f for f in font_manager.fontManager.ttflist if not covers_chinese(font_manager, f)]
    return manager


def test_view_draw_warns_once_when_no_cjk_font_can_draw_chinese(make_tracker, fonts_without_cjk, plt):
    fonts = LabelFonts(fonts_without_cjk, system_fonts=lambda: [])  # nothing installed either
    zh = make_tracker("预算5000元", "预算改成6000", lang="zh")
    with pytest.warns(FontWarning) as caught:
        ax = draw(zh, fonts=fonts)
        draw(zh, fonts=fonts)  # the same lookup again: no second warning
    assert len(caught) == 1
    message = str(caught[0].message)
    assert message.startswith("[W002]") and "apt-get install fonts-wqy-microhei" in message
    assert caught[0].filename == __file__  # points at the caller of draw()
    labels = {x.get_text() for x in ax.texts}
    assert "□□: 6000" in labels  # boxes, drawn quietly: no glyph warning from matplotlib
    draw(make_tracker("My budget is $500.", lang="en"), fonts=LabelFonts(fonts_without_cjk, system_fonts=lambda: []))


def test_view_fonts_finds_a_cjk_font_installed_after_the_cache_was_built(fonts_without_cjk, tmp_path):
    """matplotlib's font list is a cache: a font installed later is not in it. The lookup adds
    the system's font files the list lacks and finds it, without a warning."""
    from matplotlib import font_manager

    installed = LabelFonts(font_manager.fontManager, system_fonts=lambda: []).cjk_font()  # adds nothing
    if installed is None:
        pytest.skip("no CJK font installed to copy: apt-get install -y fonts-wqy-microhei")
    font_file = font_manager.fontManager.findfont(font_manager.FontProperties(family=[installed[0]]))
    font_dirs: list[str] = []
    fonts = LabelFonts(fonts_without_cjk, system_fonts=lambda: font_manager.findSystemFonts(fontpaths=font_dirs))
    assert fonts.cjk_font() is None  # the stale list, nothing new on the system
    (tmp_path / "fonts").mkdir()
    shutil.copy(font_file, tmp_path / "fonts")
    font_dirs.append(str(tmp_path / "fonts"))  # the font gets installed
    name, charmap = fonts.cjk_font()
    assert name == installed[0] and ord("预") in charmap and ord("算") in charmap
    assert any(f.fname.startswith(str(tmp_path)) for f in fonts_without_cjk.ttflist)  # added to the list
    assert not any(f.fname.startswith(str(tmp_path)) for f in font_manager.fontManager.ttflist)
    families, texts = fonts.prepare(["预算: 6000", "order A-1"])
    assert families == ("sans-serif", name) and texts == ["预算: 6000", "order A-1"]


def test_view_fonts_english_labels_need_no_cjk_font(fonts_without_cjk):
    looked = []
    fonts = LabelFonts(fonts_without_cjk, system_fonts=lambda: looked.append(1) or [])
    assert fonts.prepare(["order id: A-5529014", "budget: $500"]) == (
        ("sans-serif",), ["order id: A-5529014", "budget: $500"])
    assert looked == []  # the system's fonts are only searched when a label needs them


# ----------------------------------------------------------------------------- structure


def imports_outside_type_checking(tree: ast.Module) -> list[str]:
    """Modules a file imports at run time (``if TYPE_CHECKING:`` blocks skipped), relative ones with their dots."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.extend([base] if node.module else [base + a.name for a in node.names])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_view_modules_do_not_import_the_tracker():
    """No cycle _tracker <-> views: the views take a Tracker but import it only for type checking."""
    seen = {}
    for module in sorted(VIEWS.glob("*.py")):
        seen[module.name] = imports_outside_type_checking(ast.parse(module.read_text(encoding="utf-8")))
        assert not [m for m in seen[module.name] if "_tracker" in m or m in ("ctxgraph", "..")], (module.name, seen)
    assert ".._state" in seen["data.py"] and ".._tracker" not in seen["data.py"]  # the walk does see the run-time imports
    assert not (ROOT / "ctxgraph" / "_view.py").exists()


# ----------------------------------------------------------------------------- notebook table


def test_view_repr_html_lists_the_state(example):
    page = example("zh_phone_order.jsonl")._repr_html_()
    assert page.startswith("<table") and page.endswith("</table>")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in rows[1:]]
    assert ["fact", "预算", "6000", "current", "13"] in cells
    assert ["fact", "预算", "5000元左右", "superseded", "1"] in cells
    assert ["constraint", "must not", "不要用顺丰以外的快递", "active", "6"] in cells
    assert ["commitment", "今天 18点前", "我会在今天18点前给您回电确认发票信息", "open", "18"] in cells
    assert any(c[0] == "action" and c[1] == "create_order" and "SO202411300088" in c[2] for c in cells)
    assert ["focus", "PRODUCT", "小米14", "selected", "20"] in cells


def test_view_repr_html_escapes_and_handles_empty(make_tracker):
    page = repr_html(make_tracker("Do not ship with <b>FedEx</b> & co.", lang="en"))
    assert "<b>" not in page and "&lt;b&gt;FedEx&lt;/b&gt; &amp; co" in page
    empty = Tracker(lang="en")._repr_html_()
    assert "<table" in empty and "nothing observed yet" in empty


# ----------------------------------------------------------------------------- ctxgraph graph


@pytest.mark.parametrize("ext", ["html", "png", "json", "svg"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_cli_graph_writes_each_format(examples_dir, tmp_path, capsys, name, ext, monkeypatch):
    out = tmp_path / f"graph.{ext}"
    if ext in ("png", "svg"):  # a picture: drawn with matplotlib's fonts
        with chinese_without_a_font_warns(name, monkeypatch):
            code = main(["graph", str(examples_dir / name), "--out", str(out)])
    else:
        code = main(["graph", str(examples_dir / name), "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.out.startswith(f"{out}: ") and "nodes" in captured.out
    body = out.read_bytes()
    if ext == "html":
        assert body.startswith(b"<!DOCTYPE html>") and b'data-id' in body
    elif ext == "json":
        data = json.loads(body)
        assert data["schema"] == GRAPH_SCHEMA and data["nodes"] and data["edges"]
    elif ext == "png":
        assert body.startswith(b"\x89PNG\r\n\x1a\n") and len(body) > 10_000
    else:
        assert b"<svg" in body


def test_cli_graph_json_matches_graph_data(example, examples_dir, tmp_path, capsys):
    out = tmp_path / "g.json"
    assert main(["graph", str(examples_dir / "en_return_exchange.jsonl"), "--out", str(out), "--lang", "auto",
                 "--layout", "spring"]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == graph_data(example("en_return_exchange.jsonl"), layout="spring")


@pytest.mark.parametrize("out", ["graph.txt", "graph", "graph.jpeg"])
def test_cli_graph_unknown_extension_exits_2(examples_dir, tmp_path, capsys, out):
    code = main(["graph", str(examples_dir / "zh_phone_order.jsonl"), "--out", str(tmp_path / out)])
    _, err = capsys.readouterr()
    assert code == 2 and err.startswith("ctxgraph: ")
    assert "[E070]" in err and "unknown extension" in err and ".html" in err and ".png" in err and ".json" in err
    assert not (tmp_path / out).exists()


def test_cli_graph_errors_exit_2(tmp_path, capsys):
    code = main(["graph", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "g.html")])
    assert code == 2 and "[E022]" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["graph", str(tmp_path / "missing.jsonl")])  # --out is required
    assert exc.value.code == 2
