(function () {
  "use strict";
  window.addEventListener("error", function (e) { document.body.dataset.error = String(e.message); });
  var NS = "http://www.w3.org/2000/svg";
  var data = JSON.parse(document.getElementById("ctxgraph-data").textContent);
  var svg = document.getElementById("graph"), vp = document.getElementById("viewport");
  var tip = document.getElementById("tip"), legend = document.getElementById("legend");
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function div(cls, text, parent) {
    var e = document.createElement("div");
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }
  function swatch(color, text, ring) {
    var s = document.createElement("span"), i = document.createElement("i");
    i.style.background = color;
    if (ring) i.style.boxShadow = "0 0 0 2px #111 inset";
    s.appendChild(i);
    s.appendChild(document.createTextNode(text));
    legend.appendChild(s);
  }
  Object.keys(data.kinds).forEach(function (k) { swatch(data.kinds[k].color, k + " " + data.kinds[k].count); });
  swatch(data.inactive_color, "no longer true / open");
  swatch("#fff", "pinned", true);

  var byId = {}, adj = {};
  data.nodes.forEach(function (n) { byId[n.id] = n; adj[n.id] = []; });
  var defs = el("defs", {}, vp);
  var marker = el("marker", {id: "arrow", viewBox: "0 0 10 10", refX: "16", refY: "5", markerWidth: "7",
                             markerHeight: "7", orient: "auto-start-reverse"}, defs);
  el("path", {d: "M0,0 L10,5 L0,10 z", fill: "#888"}, marker);
  var sticky = [];  // lane names stay at the left edge while the graph pans
  function laneLabel(text, y) {
    var t = el("text", {x: 8, y: y, "class": "lane-label"}, svg);
    t.textContent = text;
    sticky.push({el: t, y: y});
  }
  data.lanes.forEach(function (l, i) {
    el("rect", {x: 0, y: l.y, width: data.width, height: l.height, "class": "lane" + (i % 2 ? " odd" : "")}, vp);
    laneLabel(l.kind, l.y + 15);
  });
  var turns = data.nodes.filter(function (n) { return n.kind === "turn"; });
  if (data.layout === "timeline" && turns.length) {
    var last = turns[turns.length - 1];
    el("line", {x1: turns[0].x, x2: last.x, y1: turns[0].y, y2: turns[0].y, "class": "axis"}, vp);
    laneLabel("messages", turns[0].y + 4);
    var every = Math.max(1, Math.ceil(turns.length / 60));
    turns.forEach(function (t) {
      if (t.turn % every === 0) el("text", {x: t.x, y: t.y - 8, "class": "tick"}, vp).textContent = String(t.turn);
    });
  }
  var edgeLayer = el("g", {}, vp), nodeLayer = el("g", {}, vp);
  data.edges.forEach(function (e) {
    var s = byId[e.source], t = byId[e.target];
    if (!s || !t) return;
    var turnEdge = s.kind === "turn" || t.kind === "turn";
    var line = el("line", {x1: s.x, y1: s.y, x2: t.x, y2: t.y,
                           "class": "edge k-" + e.kind + (turnEdge ? " turn-edge" : "")}, edgeLayer);
    if (e.kind === "supersedes") line.setAttribute("marker-end", "url(#arrow)");
    adj[e.source].push(line); adj[e.target].push(line);
  });
  var nodeEls = {};
  data.nodes.forEach(function (n) {
    var cls = "node k-" + n.kind + (n.active ? "" : " inactive") + (n.pinned ? " pinned" : "") +
              (n.status === "superseded" || n.status === "retracted" ? " struck" : "");
    var grp = el("g", {transform: "translate(" + n.x + "," + n.y + ")", "class": cls, "data-id": n.id}, nodeLayer);
    var color = n.kind === "turn" ? (({user: "#222", assistant: "#777"})[n.source && n.source.role] || "#aaa")
                                  : (n.active ? data.kinds[n.kind].color : data.inactive_color);
    el("circle", {r: n.kind === "turn" ? 3.5 : 6.5, fill: color}, grp);
    if (n.kind !== "turn" || data.layout !== "timeline") el("text", {x: 10, y: 0}, grp).textContent = n.label;
    grp.addEventListener("mouseenter", function (ev) { show(n, ev); });
    grp.addEventListener("mousemove", place);
    grp.addEventListener("mouseleave", hide);
    nodeEls[n.id] = grp;
  });
  if (!data.nodes.length) {
    el("text", {x: 20, y: 40, "class": "empty"}, vp).textContent = "nothing observed yet";
  }

  function fmt(key, v) {
    if (v === null || v === undefined || v === "" || v === false) return null;
    if (key === "history") {
      return v.length ? v.map(function (h) {
        return h.value + "  (#" + h.turn + (h.until !== null && h.until !== undefined ? " → #" + h.until : "") + ")";
      }).join("\n") : null;
    }
    if (key === "mentions") return v.map(function (i) { return "#" + i; }).join(", ");
    if (key === "superseded_by" && byId[v]) return v + ": " + byId[v].label + "  (#" + byId[v].turn + ")";
    if (key === "until" || key === "closed" || key === "result_turn") return "#" + v;
    if (Array.isArray(v)) return v.length ? v.join(", ") : null;
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  }
  var lit = [];
  function show(n, ev) {
    tip.textContent = "";
    div("head", n.kind + " " + n.id + (n.status ? " · " + n.status : "") + (n.pinned ? " · pinned" : ""), tip)
      .style.color = n.kind === "turn" ? "#222" : data.kinds[n.kind].color;
    if (n.kind !== "turn") div("", n.text, tip);
    if (n.source) div("src", "message #" + n.turn + " (" + n.source.role + "): " +
                      (n.kind === "turn" ? n.text : n.source.excerpt), tip);
    Object.keys(n.details).forEach(function (k) {
      var v = fmt(k, n.details[k]);
      if (v === null || (n.kind === "turn" && k === "role") || (n.kind === "fact" && (k === "name" || k === "value"))) return;
      var row = div("", undefined, tip), key = document.createElement("span");
      key.className = "k";
      key.textContent = k.replace(/_/g, " ") + ": ";
      row.appendChild(key);
      row.appendChild(document.createTextNode(v));
    });
    tip.hidden = false;
    place(ev);
    lit = adj[n.id].slice();
    if (n.turn !== null && nodeEls["t" + n.turn] && n.kind !== "turn") lit.push(nodeEls["t" + n.turn]);
    lit.forEach(function (e) { e.classList.add("hl"); });
  }
  function place(ev) {
    var w = tip.offsetWidth, h = tip.offsetHeight;
    var x = ev.clientX + 14, y = ev.clientY + 14;
    if (x + w > window.innerWidth - 4) x = Math.max(4, ev.clientX - w - 14);
    if (y + h > window.innerHeight - 4) y = Math.max(4, ev.clientY - h - 14);
    tip.style.left = x + "px"; tip.style.top = y + "px";
  }
  function hide() {
    tip.hidden = true;
    lit.forEach(function (e) { e.classList.remove("hl"); });
    lit = [];
  }

  var view = {x: 0, y: 0, s: 1};
  function apply() {
    vp.setAttribute("transform", "translate(" + view.x + "," + view.y + ") scale(" + view.s + ")");
    sticky.forEach(function (l) { l.el.setAttribute("y", view.y + l.y * view.s); });
  }
  function fit() {
    var W = svg.clientWidth || 1200, H = svg.clientHeight || 700;
    var s = Math.min(W / data.width, H / data.height, 1.6);
    if (s < 0.45) {  // a long conversation: fit the height and show its end
      s = Math.min(H / data.height, 1.2);
      view.x = Math.min(0, W - data.width * s);
    } else {
      view.x = (W - data.width * s) / 2;
    }
    view.s = s;
    view.y = Math.max(0, (H - data.height * s) / 2);
    apply();
  }
  function zoomAt(px, py, k) {
    var s = Math.max(0.03, Math.min(8, view.s * k));
    k = s / view.s;
    view.x = px - (px - view.x) * k;
    view.y = py - (py - view.y) * k;
    view.s = s;
    apply();
  }
  svg.addEventListener("wheel", function (ev) {
    ev.preventDefault();
    var r = svg.getBoundingClientRect();
    zoomAt(ev.clientX - r.left, ev.clientY - r.top, Math.exp(-ev.deltaY * 0.0015));
  }, {passive: false});
  var drag = null;
  svg.addEventListener("pointerdown", function (ev) {
    if (ev.button !== 0) return;
    drag = {x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y};
    svg.setPointerCapture(ev.pointerId);
    svg.classList.add("dragging");
  });
  svg.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    view.x = drag.vx + ev.clientX - drag.x;
    view.y = drag.vy + ev.clientY - drag.y;
    apply();
  });
  function stop() { drag = null; svg.classList.remove("dragging"); }
  svg.addEventListener("pointerup", stop);
  svg.addEventListener("pointercancel", stop);
  svg.addEventListener("dblclick", fit);
  window.addEventListener("keydown", function (ev) {
    if (ev.key === "0") fit();
    else if (ev.key === "+" || ev.key === "=") zoomAt(svg.clientWidth / 2, svg.clientHeight / 2, 1.25);
    else if (ev.key === "-") zoomAt(svg.clientWidth / 2, svg.clientHeight / 2, 0.8);
  });
  window.addEventListener("resize", fit);
  fit();
  document.body.dataset.rendered = data.nodes.length + " nodes";
})();
