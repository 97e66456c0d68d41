// The board mirror: the island as SVG, with pieces, ships and a verdict's evidence drawn on it.
"use strict";

const Board = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const S = 60;        // one cell, in SVG units
  const M = 30;        // room for the column letters and row numbers
  const GROUND = {
    ".": { fill: "#dcebf5", name: "sea" }, g: { fill: "#cfe3a6", name: "grass" }, f: { fill: "#7fae6a", name: "forest" },
    l: { fill: "#8cc3e6", name: "lake" }, m: { fill: "#b0a595", name: "mountain" }, r: { fill: "#dcc59b", name: "road" },
  };
  const KIND = { F: "fort", C: "cannon", B: "blockade" };
  const INITIAL = { f: "france", s: "spain", p: "portugal", e: "england" };

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function parseCell(text) {
    const m = /^([A-Z]+)(\d+)$/.exec(text || "");
    if (!m) return null;
    let col = 0;
    for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
    return { col: col - 1, row: parseInt(m[2], 10) - 1 };
  }
  const centre = (cell) => ({ x: M + cell.col * S + S / 2, y: M + cell.row * S + S / 2 });

  // Shapes tell the players apart without colour: circle, square, triangle, diamond.
  function shape(parent, kind, cx, cy, r, attrs) {
    if (kind === "square") return el("rect", { x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7, rx: 3, ...attrs }, parent);
    if (kind === "triangle") return el("polygon", { points: `${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}`, ...attrs }, parent);
    if (kind === "diamond") return el("polygon", { points: `${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`, ...attrs }, parent);
    return el("circle", { cx, cy, r, ...attrs }, parent);
  }

  function badgeSVG(look, size) {
    const s = size || 30;
    return `<svg viewBox="0 0 30 30" width="${s}" height="${s}" aria-hidden="true">${shapeMarkup(look.shape, look.colour)}` +
      `<text x="15" y="20" text-anchor="middle" font-size="13" font-weight="700" fill="#fff">${look.letter}</text></svg>`;
  }
  function shapeMarkup(kind, colour) {
    const a = `fill="${colour}" stroke="#1d2430" stroke-width="1.5"`;
    if (kind === "square") return `<rect x="3" y="3" width="24" height="24" rx="3" ${a}/>`;
    if (kind === "triangle") return `<polygon points="15,1 29,27 1,27" ${a}/>`;
    if (kind === "diamond") return `<polygon points="15,1 29,15 15,29 1,15" ${a}/>`;
    return `<circle cx="15" cy="15" r="13" ${a}/>`;
  }

  function terrainMark(g, token, x, y) {
    const c = { x: x + S / 2, y: y + S / 2 };
    if (token === "f") {           // trees
      for (const [dx, dy] of [[-12, 6], [10, 8], [0, -10]]) {
        el("polygon", { points: `${c.x + dx},${c.y + dy - 12} ${c.x + dx + 8},${c.y + dy + 4} ${c.x + dx - 8},${c.y + dy + 4}`, fill: "#3f6e34" }, g);
      }
    } else if (token === "m") {    // peaks
      el("polygon", { points: `${x + 8},${y + 50} ${x + 26},${y + 14} ${x + 40},${y + 38} ${x + 46},${y + 28} ${x + 54},${y + 50}`, fill: "#7b705f" }, g);
      el("polygon", { points: `${x + 22},${y + 22} ${x + 26},${y + 14} ${x + 30},${y + 22}`, fill: "#fff" }, g);
    } else if (token === "l") {    // waves
      for (const dy of [-8, 6]) el("path", { d: `M${x + 10},${c.y + dy} q7,-7 14,0 t14,0 t14,0`, fill: "none", stroke: "#3d7fb0", "stroke-width": 3 }, g);
    } else if (token === "r" || token.length === 2) {   // the road tile under any piece
      el("rect", { x: x + 4, y: y + 4, width: S - 8, height: S - 8, rx: 6, fill: "#c9a86a", stroke: "#8a6d3b", "stroke-width": 2 }, g);
      el("line", { x1: x + 12, y1: c.y, x2: x + S - 12, y2: c.y, stroke: "#f3e6c8", "stroke-width": 3, "stroke-dasharray": "6 5" }, g);
    }
  }

  function piece(g, token, x, y, looks) {
    const kind = KIND[token[0]], owner = INITIAL[token[1]], look = looks[owner] || { colour: "#555", letter: "?" };
    const c = { x: x + S / 2, y: y + S / 2 };
    const paint = { fill: look.colour, stroke: "#111", "stroke-width": 2.5 };
    if (kind === "fort") {          // a keep with battlements
      el("path", { d: `M${c.x - 19},${c.y + 19} v-26 h7 v-7 h6 v7 h12 v-7 h6 v7 h7 v26 z`, ...paint }, g);
    } else if (kind === "cannon") { // a barrel on a wheel
      el("rect", { x: c.x - 6, y: c.y - 24, width: 12, height: 30, rx: 4, ...paint }, g);
      el("circle", { cx: c.x, cy: c.y + 8, r: 15, ...paint }, g);
    } else {                        // a striped barrier
      el("rect", { x: c.x - 24, y: c.y - 12, width: 48, height: 24, rx: 4, ...paint }, g);
      for (const dx of [-12, 4]) el("line", { x1: c.x + dx, y1: c.y + 12, x2: c.x + dx + 10, y2: c.y - 12, stroke: "#fff", "stroke-width": 4 }, g);
    }
    const text = el("text", { x: c.x, y: c.y + (kind === "cannon" ? 14 : 7), "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: "#fff", stroke: "#111", "stroke-width": 0.8 }, g);
    text.textContent = look.letter;
    el("title", {}, g).textContent = `${look.title || owner}'s ${kind}`;
  }

  function ship(g, country, cell, looks) {
    const look = looks[country], x = M + cell.col * S, y = M + cell.row * S;
    const hull = el("g", { class: "ship" }, g);
    el("path", { d: `M${x + 2},${y + 44} h28 l-5,12 h-18 z`, fill: look.colour, stroke: "#111", "stroke-width": 2 }, hull);
    el("line", { x1: x + 16, y1: y + 44, x2: x + 16, y2: y + 26, stroke: "#111", "stroke-width": 2 }, hull);
    el("polygon", { points: `${x + 17},${y + 26} ${x + 29},${y + 38} ${x + 17},${y + 40}`, fill: "#fff", stroke: "#111", "stroke-width": 1.5 }, hull);
    const t = el("text", { x: x + 16, y: y + 55, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }, hull);
    t.textContent = look.letter;
    el("title", {}, hull).textContent = `${look.title}'s ship (landing space)`;
  }

  // Evidence: a path (fort distance) or a line of fire, its end cells, and what blocks it.
  function evidence(g, marks, rows) {
    const ends = (marks.ends || []).map(parseCell).filter(Boolean);
    const path = (marks.path || []).map(parseCell).filter(Boolean);
    const colour = marks.tone === "bad" ? "#b3261e" : marks.tone === "good" ? "#1b7f4a" : "#1f5f8b";
    for (const cell of marks.highlight || []) {
      const p = parseCell(cell);
      if (p) el("rect", { x: M + p.col * S + 3, y: M + p.row * S + 3, width: S - 6, height: S - 6, fill: "none", stroke: "#e0a800", "stroke-width": 6, rx: 6, class: "highlight" }, g);
    }
    let line = path;
    if (marks.line && ends.length >= 2) line = [ends[0], ...path, ends[1]];
    if (line.length >= 2) {
      const pts = line.map(centre).map((p) => `${p.x},${p.y}`).join(" ");
      el("polyline", { points: pts, fill: "none", stroke: "#fff", "stroke-width": 14, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.8 }, g);
      el("polyline", { points: pts, fill: "none", stroke: colour, "stroke-width": 7, "stroke-linecap": "round", "stroke-linejoin": "round",
        "stroke-dasharray": marks.line ? "14 9" : "none", class: "evidence-path" }, g);
      line.forEach((cell, i) => {
        if (marks.line || i === 0) return;
        const p = centre(cell);
        el("circle", { cx: p.x, cy: p.y, r: 11, fill: colour, stroke: "#fff", "stroke-width": 2 }, g);
        const t = el("text", { x: p.x, y: p.y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff" }, g);
        t.textContent = String(i);
      });
    }
    for (const cell of ends) {
      el("rect", { x: M + cell.col * S + 2, y: M + cell.row * S + 2, width: S - 4, height: S - 4, rx: 8, fill: "none", stroke: colour, "stroke-width": 6, class: "evidence-end" }, g);
    }
    // Whatever stands strictly inside a line of fire and stops it: a mountain or a blockade (CC-7).
    const blockers = (marks.blocked || []).map(parseCell).filter(Boolean);
    if (marks.line) for (const cell of path) {
      const token = (rows[cell.row] || [])[cell.col] || "";
      if (token === "m" || token[0] === "B") blockers.push(cell);
    }
    const drawn = new Set();
    for (const cell of blockers) {
      const key = `${cell.col},${cell.row}`;
      if (drawn.has(key)) continue;
      drawn.add(key);
      const x = M + cell.col * S, y = M + cell.row * S;
      el("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, fill: "rgba(179,38,30,0.25)", stroke: "#b3261e", "stroke-width": 5, class: "blocker" }, g);
      el("path", { d: `M${x + 12},${y + 12} L${x + S - 12},${y + S - 12} M${x + S - 12},${y + 12} L${x + 12},${y + S - 12}`, stroke: "#b3261e", "stroke-width": 7, "stroke-linecap": "round" }, g);
    }
  }

  function draw(svg, state, opts) {
    opts = opts || {};
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (!state || !state.grid) return;
    const grid = state.grid, looks = opts.looks || {};
    const w = M + grid.width * S + 6, h = M + grid.height * S + 6;
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("class", "board");
    const cells = el("g", {}, svg);
    grid.rows.forEach((tokens, row) => tokens.forEach((token, col) => {
      const x = M + col * S, y = M + row * S, name = grid.columns[col] + (row + 1);
      const g = el("g", { class: "cell", "data-cell": name, "data-token": token }, cells);
      el("rect", { x, y, width: S, height: S, fill: GROUND[token.length === 2 ? "r" : token].fill, stroke: "#ffffff", "stroke-width": 1 }, g);
      if (token !== "g" && token !== ".") terrainMark(g, token, x, y);
      if (token.length === 2) piece(g, token, x, y, looks);
      el("title", {}, g).textContent = `${name}: ${token.length === 2 ? "" : GROUND[token].name}`;
      if (opts.onTap) g.addEventListener("click", () => opts.onTap(name, token));
    }));
    for (const corner of grid.boards) {   // the printed 6x6 boards, so the players see the seams
      const c = parseCell(corner);
      el("rect", { x: M + c.col * S, y: M + c.row * S, width: 6 * S, height: 6 * S, fill: "none", stroke: "#4a4035", "stroke-width": 3 }, svg);
    }
    for (const [country, cell] of Object.entries(grid.landing || {})) if (looks[country]) ship(svg, country, parseCell(cell), looks);
    grid.columns.forEach((name, col) => {
      const t = el("text", { x: M + col * S + S / 2, y: 21, "text-anchor": "middle", "font-size": 18, fill: "#5b6575" }, svg);
      t.textContent = name;
    });
    grid.rows.forEach((_, row) => {
      const t = el("text", { x: 14, y: M + row * S + S / 2 + 6, "text-anchor": "middle", "font-size": 18, fill: "#5b6575" }, svg);
      t.textContent = String(row + 1);
    });
    for (const cell of opts.selected || []) {
      const c = parseCell(cell);
      if (c) el("rect", { x: M + c.col * S + 4, y: M + c.row * S + 4, width: S - 8, height: S - 8, rx: 8, fill: "rgba(31,95,139,0.18)", stroke: "#1f5f8b", "stroke-width": 5, "stroke-dasharray": "8 5", class: "selected" }, svg);
    }
    if (opts.marks) evidence(el("g", { class: "evidence", "pointer-events": "none" }, svg), opts.marks, grid.rows);
  }

  return { draw, badgeSVG, parseCell };
})();
