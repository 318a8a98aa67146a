// The lineage page's graph: draws /ui/lineage.json as SVG (dagre's layered layout up to DAGRE_LIMIT nodes, the
// server's layers and rows above), with zoom and pan on the viewBox (wheel, drag, the buttons, the keyboard), status
// colours, click to open an asset and shift-click (or space on a focused node) to select it for "Launch selected".
// Without JavaScript the page's list by layer does all of this with links and checkboxes.
(function () {
  'use strict';

  var SVG = 'http://www.w3.org/2000/svg';
  var W = 190, H = 46, GAP_X = 70, GAP_Y = 14;
  // dagre's layout grows much faster than the graph (long edges become chains of dummy nodes): measured in Node on
  // this machine, 100 nodes with 178 edges took 8 s and 1,000 nodes 400 s under load. It lays out small graphs only;
  // larger ones use the server's layers and rows, which cost nothing here.
  var DAGRE_LIMIT = 60, DAGRE_SPAN_LIMIT = 150;

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }

  function short(text, max) {
    return text.length > max ? text.slice(0, max - 1) + '\u2026' : text;
  }

  /** Positions (centres) of nodes and the points of each edge, from dagre. */
  function dagreLayout(graph) {
    var g = new dagre.graphlib.Graph();
    g.setGraph({ rankdir: 'LR', nodesep: GAP_Y, ranksep: GAP_X, marginx: 10, marginy: 10 });
    g.setDefaultEdgeLabel(function () { return {}; });
    graph.nodes.forEach(function (n) { g.setNode(n.key, { width: W, height: H }); });
    graph.edges.forEach(function (e) { g.setEdge(e.from, e.to); });
    dagre.layout(g);
    var pos = {};
    graph.nodes.forEach(function (n) { var p = g.node(n.key); pos[n.key] = { x: p.x, y: p.y }; });
    var edges = graph.edges.map(function (e) { return { from: e.from, to: e.to, points: g.edge(e.from, e.to).points }; });
    return { pos: pos, edges: edges, name: 'dagre' };
  }

  /** The server's layers (columns) and rows: linear in the graph's size. */
  function layerLayout(graph) {
    var pos = {};
    graph.nodes.forEach(function (n) {
      pos[n.key] = { x: 10 + W / 2 + n.layer * (W + GAP_X), y: 10 + H / 2 + n.row * (H + GAP_Y) };
    });
    var edges = graph.edges.map(function (e) {
      var a = pos[e.from], b = pos[e.to];
      return { from: e.from, to: e.to, points: [{ x: a.x + W / 2, y: a.y }, { x: b.x - W / 2, y: b.y }] };
    });
    return { pos: pos, edges: edges, name: 'layers' };
  }

  function edgePath(points) {
    var a = points[0], b = points[points.length - 1];
    if (points.length > 2) {
      return 'M' + points.map(function (p) { return p.x.toFixed(1) + ',' + p.y.toFixed(1); }).join(' L');
    }
    var mid = (a.x + b.x) / 2;
    return 'M' + a.x + ',' + a.y + ' C' + mid + ',' + a.y + ' ' + mid + ',' + b.y + ' ' + b.x + ',' + b.y;
  }

  function init(canvas) {
    var form = document.getElementById('lineage-launch');
    var boxes = {};
    form.querySelectorAll('input[name=asset]').forEach(function (b) { boxes[b.value] = b; });
    var selection = document.getElementById('lineage-selection');

    fetch(canvas.dataset.src, { headers: { accept: 'application/json' } })
      .then(function (r) { if (!r.ok) throw new Error('the graph answered ' + r.status); return r.json(); })
      .then(function (graph) { draw(canvas, graph, boxes, selection); })
      .catch(function (e) {
        canvas.hidden = false;
        canvas.textContent = 'The graph could not be drawn (' + e.message + '); the list below has every asset.';
      });
  }

  function draw(canvas, graph, boxes, selection) {
    var started = performance.now();
    var layerOf = {};
    graph.nodes.forEach(function (n) { layerOf[n.key] = n.layer; });
    var span = 0; // the dummy nodes dagre would add: the layers each edge spans
    graph.edges.forEach(function (e) { span += layerOf[e.to] - layerOf[e.from]; });
    var small = graph.nodes.length <= DAGRE_LIMIT && span <= DAGRE_SPAN_LIMIT;
    var layout = window.dagre && small ? dagreLayout(graph) : layerLayout(graph);
    var svg = el('svg', { role: 'img', 'aria-label': 'Asset lineage graph', tabindex: '0', class: 'lineage-svg' });
    var defs = el('defs', {}, svg);
    var marker = el('marker', { id: 'ln-arrow', viewBox: '0 0 10 10', refX: '10', refY: '5', markerWidth: '7',
      markerHeight: '7', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'ln-arrow' }, marker);
    var edgeLayer = el('g', { class: 'ln-edges' }, svg);
    var nodeLayer = el('g', { class: 'ln-nodes' }, svg);
    var edgesByKey = {};
    layout.edges.forEach(function (e) {
      var p = el('path', { d: edgePath(e.points), class: 'ln-edge', 'marker-end': 'url(#ln-arrow)' }, edgeLayer);
      (edgesByKey[e.from] = edgesByKey[e.from] || []).push(p);
      (edgesByKey[e.to] = edgesByKey[e.to] || []).push(p);
    });
    var nodes = {};
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    graph.nodes.forEach(function (n) {
      var p = layout.pos[n.key];
      minX = Math.min(minX, p.x - W / 2); maxX = Math.max(maxX, p.x + W / 2);
      minY = Math.min(minY, p.y - H / 2); maxY = Math.max(maxY, p.y + H / 2);
      var a = el('a', { href: '/assets/' + n.key, class: 'ln-node ln-' + n.status + (n.freshness ? ' ln-' + n.freshness : ''), 'data-key': n.key,
        transform: 'translate(' + (p.x - W / 2) + ',' + (p.y - H / 2) + ')' }, nodeLayer);
      el('title', {}, a).textContent = n.key + ' \u2014 last run ' + n.status + (n.freshness ? ', ' + n.freshness : '') + (n.description ? '\n' + n.description : '')
        + '\nshift-click or space to select';
      el('rect', { width: W, height: H, rx: 7 }, a);
      el('rect', { width: 5, height: H, rx: 2, class: 'ln-bar' }, a);
      var name = el('text', { x: 14, y: 19, class: 'ln-name' }, a);
      name.textContent = short(n.name, 24);
      var sub = el('text', { x: 14, y: 35, class: 'ln-sub' }, a);
      sub.textContent = short(n.group, 16) + ' \u00b7 ' + n.status.toLowerCase()
        + (n.freshness && n.freshness !== 'fresh' ? ' \u00b7 ' + n.freshness : '');
      nodes[n.key] = a;
      a.addEventListener('mouseenter', function () { (edgesByKey[n.key] || []).forEach(function (e) { e.classList.add('hot'); }); });
      a.addEventListener('mouseleave', function () { (edgesByKey[n.key] || []).forEach(function (e) { e.classList.remove('hot'); }); });
    });
    if (!graph.nodes.length) { minX = 0; minY = 0; maxX = W; maxY = H; }

    function toggle(key) {
      var box = boxes[key];
      if (!box) return;
      box.checked = !box.checked;
      sync();
    }
    function sync() {
      var count = 0;
      Object.keys(boxes).forEach(function (k) {
        var on = boxes[k].checked;
        if (on) count++;
        if (nodes[k]) nodes[k].classList.toggle('selected', on);
        var row = boxes[k].closest('tr');
        if (row) row.classList.toggle('selected', on);
      });
      selection.textContent = count ? count + ' selected' : 'none selected';
    }
    Object.keys(boxes).forEach(function (k) { boxes[k].addEventListener('change', sync); });

    // ---- zoom and pan on the viewBox
    var full = { x: minX - 20, y: minY - 20, w: maxX - minX + 40, h: maxY - minY + 40 };
    var view = { x: full.x, y: full.y, w: full.w, h: full.h };
    function apply() { svg.setAttribute('viewBox', view.x + ' ' + view.y + ' ' + view.w + ' ' + view.h); }
    function scale() { // user units per screen pixel (the viewBox is fitted, aspect kept)
      var r = svg.getBoundingClientRect();
      return Math.max(view.w / (r.width || 1), view.h / (r.height || 1));
    }
    function zoom(factor, cx, cy) {
      var w = Math.min(Math.max(view.w * factor, 100), full.w * 4 + 2000);
      var f = w / view.w;
      if (cx === undefined) { cx = view.x + view.w / 2; cy = view.y + view.h / 2; }
      view.x = cx - (cx - view.x) * f; view.y = cy - (cy - view.y) * f;
      view.w *= f; view.h *= f;
      apply();
    }
    function fit() { view = { x: full.x, y: full.y, w: full.w, h: full.h }; apply(); }
    function pointAt(ev) { // the user-space point under the pointer
      var r = svg.getBoundingClientRect(), s = scale();
      var ox = (r.width - view.w / s) / 2, oy = (r.height - view.h / s) / 2; // letterbox of "meet"
      return { x: view.x + (ev.clientX - r.left - ox) * s, y: view.y + (ev.clientY - r.top - oy) * s };
    }
    svg.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var p = pointAt(ev);
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
    var drag = null, dragged = false;
    svg.addEventListener('pointerdown', function (ev) {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y, s: scale(), id: ev.pointerId };
      dragged = false;
    });
    svg.addEventListener('pointermove', function (ev) {
      if (!drag) return;
      var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!dragged && Math.abs(dx) + Math.abs(dy) < 5) return;
      if (!dragged) { dragged = true; svg.setPointerCapture(drag.id); svg.classList.add('panning'); }
      view.x = drag.vx - dx * drag.s; view.y = drag.vy - dy * drag.s;
      apply();
    });
    function endDrag() { drag = null; svg.classList.remove('panning'); }
    svg.addEventListener('pointerup', endDrag);
    svg.addEventListener('pointercancel', endDrag);
    svg.addEventListener('click', function (ev) {
      if (dragged) { ev.preventDefault(); ev.stopPropagation(); dragged = false; return; }
      var node = ev.target.closest && ev.target.closest('a.ln-node');
      if (node && ev.shiftKey) { ev.preventDefault(); toggle(node.dataset.key); }
    }, true);
    svg.addEventListener('keydown', function (ev) {
      var node = ev.target.closest && ev.target.closest('a.ln-node');
      if (node && (ev.key === ' ' || ev.key === 'Spacebar')) { ev.preventDefault(); toggle(node.dataset.key); return; }
      var step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
      if (step) { ev.preventDefault(); view.x += step[0] * view.w * 0.1; view.y += step[1] * view.h * 0.1; apply(); }
      else if (ev.key === '+' || ev.key === '=') { ev.preventDefault(); zoom(1 / 1.25); }
      else if (ev.key === '-') { ev.preventDefault(); zoom(1.25); }
      else if (ev.key === '0') { ev.preventDefault(); fit(); }
    });
    var tools = document.getElementById('lineage-tools');
    tools.addEventListener('click', function (ev) {
      var b = ev.target.closest('button[data-zoom]');
      if (!b) return;
      var z = b.dataset.zoom;
      if (z === 'in') zoom(1 / 1.25); else if (z === 'out') zoom(1.25); else fit();
    });

    canvas.appendChild(svg);
    canvas.hidden = false;
    tools.hidden = false;
    apply();
    sync();
    var ms = Math.round(performance.now() - started);
    canvas.dataset.layout = layout.name;
    canvas.dataset.drawMs = String(ms);
    canvas.dataset.nodes = String(graph.nodes.length);
  }

  document.addEventListener('DOMContentLoaded', function () {
    var canvas = document.getElementById('lineage-graph');
    if (canvas) init(canvas);
  });
})();
