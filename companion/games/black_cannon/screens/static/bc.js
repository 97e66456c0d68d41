// Black Cannon, shared by its screens: the header, the Record's sentences, and the mirror of the board.
"use strict";

const BlackCannon = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const S = 10, M = 9;   // a square's side and the margin for the lettered rows and columns, in SVG units
  const esc = (t) => Companion.esc(t);
  const KIND = { galleon: "G", frigate: "F", raft: "R" };
  const look = (fleet) => Companion.looks[fleet] || { colour: "#777", shape: "circle", letter: "?", title: fleet };
  const badge = (fleet, size) => Board.badgeSVG(look(fleet), size || 26);
  const title = (fleet) => look(fleet).title;
  const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1);

  // "... [rules:move]" -> the sentence with its rule shown as a chip.
  const withRules = (text) => esc(text || "").replace(/\[([A-Za-z]+[:-][A-Za-z0-9-]+)\]/g,
    (_, rule) => `<span class="rule" data-rule="${rule}" title="rule ${rule}">${rule}</span>`);

  function el(name, attrs, parent, text) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  const xy = (square) => [square.charCodeAt(0) - 65, Number(square.slice(1)) - 1];
  const name = (c, r) => `${String.fromCharCode(65 + c)}${r + 1}`;
  const fleetAt = (state, square) => Object.keys(state.ships).find((f) => state.ships[f].square === square) || null;
  const portOf = (board, square) => Object.keys(board.ports).find((f) => board.ports[f] === square) || null;
  const playerOf = (state, fleet) => {
    const line = (state.board.split("\n").find((l) => l.startsWith("players:")) || "").replace(/#.*/, "");
    for (const word of line.slice(8).trim().split(/\s+/)) {
      const [who, fleets] = word.split("=");
      if (fleets && fleets.split(",").includes(fleet)) return who;
    }
    return fleet;
  };
  const fleetsOf = (state, player) => Object.keys(state.ships).filter((f) => playerOf(state, f) === player);

  Companion.setHeader("black-cannon", (s, banner, phase) => {
    const mine = fleetsOf(s, s.player).map((f) => badge(f, 30)).join("");
    if (s.over) banner.innerHTML = `Game over: ${fleetsOf(s, s.winner).map((f) => badge(f, 30)).join("")}<span>${esc(cap(s.winner))} wins</span>`;
    else if (s.phase === "shot") banner.innerHTML = `${badge(s.shots[0].shooter, 30)}<span>${esc(title(s.shots[0].shooter))} fires</span>`;
    else banner.innerHTML = `${mine}<span>${esc(cap(s.player))} to ${s.phase === "roll" ? "roll" : "sail"}</span>`;
    phase.textContent = Object.entries(s.scores).map(([p, n]) => `${cap(p)} ${n.home} home` + (n.carried ? ` +${n.carried} aboard` : "")).join(" · ");
  });

  function shotSentence(e) {
    const by = `${badge(e.shooter, 22)} ${esc(title(e.shooter))}`;
    const why = e.cause === "battle" ? `across edge ${esc(e.edge)}` : "from the Black Cannon";
    if (!e.target) return { head: `${by} fires ${why}`, msg: "A miss." };
    const fate = !e.sunk ? "hit but stays up" : "sunk";
    const chest = e.chest === "ship" ? ` Its chest goes onto ${esc(title(e.shooter))}'s ship.` : e.chest ? ` Its chest is put on ${esc(e.chest)}.` : "";
    return { head: `${by} fires ${why} at ${badge(e.target, 22)} ${esc(title(e.target))}`, msg: `${cap(e.target)}'s ship is ${fate}.${chest}` };
  }

  // The Record screen's sentences for this game's events (the shared ones say the rest).
  // The Record shows one sentence an event: the head, then what followed.
  Companion.describeWith((e) => {
    const said = describe(e);
    return said && { ...said, msg: said.msg ? `${said.head}: ${said.msg}` : `${said.head}.` };
  });
  function describe(e) {
    switch (e.type) {
      case "game": return { cls: "", mark: "★", head: "New game", msg: e.source === "camera" ? "Started from the camera." : "Started from the position given." };
      case "roll": return { cls: "legal", mark: "⚂", head: `${esc(cap(e.player))} rolls ${esc(e.dice.join(" and "))}`, msg: "" };
      case "move": return { cls: "legal", mark: "✓", head: `${badge(e.fleet, 22)} ${esc(title(e.fleet))} sails to ${esc(e.to)}`,
        msg: e.path.length ? `Over ${esc(e.path.join(" → "))}${e.forced ? ", the most it could (forced, BC-5)" : ""}.` : "No move it could make: it stays put." };
      case "shot": { const s = shotSentence(e); return { cls: e.sunk ? "refused" : "legal", mark: "⊗", head: s.head, msg: s.msg }; }
      case "undo": return { cls: "question", mark: "↶", head: "Undo", msg: `${esc(title(e.fleet))}'s move taken back.` };
      case "correction": return { cls: "question", mark: "✎", head: "Correction", msg: esc(e.note || "The board was corrected by hand.") };
      default: return null;
    }
  }

  // --- the mirror ----------------------------------------------------------------------------

  function ship(g, fleet, s, cx, cy) {
    const l = look(fleet), r = 3.7;
    const body = el("g", { class: `ship ${s.kind}`, "data-fleet": fleet, "data-kind": s.kind, "data-square": s.square }, g);
    const attrs = { fill: l.colour, class: "hull" };
    if (l.shape === "square") el("rect", { ...attrs, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 0.8 }, body);
    else if (l.shape === "triangle") el("polygon", { ...attrs, points: `${cx},${cy - r - 0.6} ${cx + r + 0.4},${cy + r - 0.4} ${cx - r - 0.4},${cy + r - 0.4}` }, body);
    else if (l.shape === "diamond") el("polygon", { ...attrs, points: `${cx},${cy - r - 0.5} ${cx + r + 0.5},${cy} ${cx},${cy + r + 0.5} ${cx - r - 0.5},${cy}` }, body);
    else el("circle", { ...attrs, cx, cy, r }, body);
    el("text", { x: cx, y: cy + 1.5, class: "kind" + (fleet === "yellow" ? " dark" : "") }, body, KIND[s.kind]);
    return body;
  }

  // The board with its squares, ports, treasure and Black Cannon squares, lettered edges, chests and
  // ships; marks: legal (squares), fleet (whose legal squares), pending, path, targets, shooter, tap.
  function draw(svg, board, state, marks) {
    marks = marks || {};
    svg.innerHTML = "";
    const W = board.columns * S, H = board.rows * S;
    svg.setAttribute("viewBox", `${-M} ${-M} ${W + 2 * M} ${H + 2 * M}`);
    const grid = el("g", { class: "squares" }, svg);
    const want = (list, sq) => (list || []).includes(sq);
    for (let r = 0; r < board.rows; r++) {
      for (let c = 0; c < board.columns; c++) {
        const sq = name(c, r), ch = board.squares[r][c];
        const kind = ch === "#" ? "land" : ch === "=" ? "part" : "sea";
        const cls = ["square", kind];
        if (want(marks.legal, sq)) cls.push("legal");
        if (marks.pending === sq) cls.push("pending");
        if (want(marks.path, sq)) cls.push("on-path");
        const g = el("g", { class: cls.join(" "), "data-square": sq, "data-kind": kind }, grid);
        const x = c * S, y = r * S;
        el("rect", { x, y, width: S, height: S, class: "tile" }, g);
        if (kind === "part") el("polygon", { points: `${x},${y + S} ${x + S},${y + S} ${x},${y + S * 0.45}`, class: "sand" }, g);
        const port = portOf(board, sq);
        if (port) {
          el("rect", { x: x + 0.7, y: y + 0.7, width: S - 1.4, height: S - 1.4, class: "port", stroke: look(port).colour }, g);
          el("text", { x: x + S / 2, y: y + 2.7, class: "port-label" }, g, "port");
        }
        if (board.treasure.includes(sq)) {
          el("path", { d: `M${x + 2} ${y + 2} L${x + 8} ${y + 8} M${x + 8} ${y + 2} L${x + 2} ${y + 8}`, class: "cross" }, g);
          const n = state.chests[sq] || 0;
          el("rect", { x: x + 5.2, y: y + 5.6, width: 4.2, height: 3.6, rx: 0.6, class: "chest-pile" + (n ? "" : " empty") }, g);
          el("text", { x: x + 7.3, y: y + 8.3, class: "chest-count", "data-chests": n }, g, String(n));
        }
        if (board.black_cannon.includes(sq)) el("circle", { cx: x + S / 2, cy: y + S / 2, r: 2.6, class: "black-cannon" }, g);
        if (want(marks.legal, sq)) el("rect", { x: x + 0.6, y: y + 0.6, width: S - 1.2, height: S - 1.2, rx: 1.2, class: "ring", stroke: look(marks.fleet).colour }, g);
        if (marks.pending === sq) el("rect", { x: x + 0.4, y: y + 0.4, width: S - 0.8, height: S - 0.8, rx: 1.2, class: "pending-ring" }, g);
        el("title", {}, g, `${sq}: ${kind === "part" ? "part sea" : kind}` + (port ? `, ${title(port)}'s port` : "") +
          (board.treasure.includes(sq) ? `, treasure (${state.chests[sq] || 0} chests)` : "") + (board.black_cannon.includes(sq) ? ", Black Cannon square" : ""));
        if (marks.tap) g.addEventListener("click", () => marks.tap(sq));
      }
    }
    // The lettered edges: each facing pair's shared side drawn thick, the letter at the middle pair.
    const edges = el("g", { class: "edges" }, svg);
    for (const [letter, pairs] of Object.entries(board.edges)) {
      pairs.forEach(([a, b], i) => {
        const [ca, ra] = xy(a), [cb, rb] = xy(b);
        const seg = ra === rb ? { x1: Math.max(ca, cb) * S, y1: ra * S, x2: Math.max(ca, cb) * S, y2: (ra + 1) * S }
          : { x1: ca * S, y1: Math.max(ra, rb) * S, x2: (ca + 1) * S, y2: Math.max(ra, rb) * S };
        el("line", { ...seg, class: "edge", "data-edge": letter }, edges);
        if (i === Math.floor(pairs.length / 2)) {
          const mx = (seg.x1 + seg.x2) / 2, my = (seg.y1 + seg.y2) / 2;
          el("circle", { cx: mx, cy: my, r: 2.4, class: "edge-badge" }, edges);
          el("text", { x: mx, y: my + 1.1, class: "edge-letter" }, edges, letter);
        }
      });
    }
    const labels = el("g", { class: "labels" }, svg);
    for (let c = 0; c < board.columns; c++) {
      el("text", { x: c * S + S / 2, y: -3, class: "label" }, labels, String.fromCharCode(65 + c));
      el("text", { x: c * S + S / 2, y: H + 6, class: "label" }, labels, String.fromCharCode(65 + c));
    }
    for (let r = 0; r < board.rows; r++) {
      el("text", { x: -4.5, y: r * S + S / 2 + 1.2, class: "label" }, labels, String(r + 1));
      el("text", { x: W + 4.5, y: r * S + S / 2 + 1.2, class: "label" }, labels, String(r + 1));
    }
    if (marks.path && marks.path.length && marks.from) {   // the way a move sails, start to end
      const pts = [marks.from, ...marks.path].map((sq) => { const [c, r] = xy(sq); return `${c * S + S / 2},${r * S + S / 2}`; });
      el("polyline", { points: pts.join(" "), class: "course" + (marks.pathTone ? ` ${marks.pathTone}` : "") }, svg);
    }
    const ships = el("g", { class: "ships" }, svg);
    for (const [fleet, s] of Object.entries(state.ships)) {
      const [c, r] = xy(s.square);
      const cx = c * S + S / 2, cy = r * S + S / 2;
      if (want(marks.targets, fleet)) el("circle", { cx, cy, r: 4.9, class: "target-ring", "data-target": fleet }, ships);
      if (marks.shooter === fleet) el("circle", { cx, cy, r: 4.9, class: "shooter-ring" }, ships);
      if (marks.aimed === fleet) {
        el("circle", { cx, cy, r: 4.6, class: "crosshair" }, ships);
        el("path", { d: `M${cx - 6} ${cy} H${cx + 6} M${cx} ${cy - 6} V${cy + 6}`, class: "crosshair" }, ships);
      }
      const body = ship(ships, fleet, s, cx, cy);
      if (state.carrying.includes(fleet)) {
        body.classList.add("carrying");
        el("rect", { x: cx + 1.6, y: cy - 5.2, width: 3.6, height: 3, rx: 0.5, class: "chest-aboard" }, body);
      }
      el("title", {}, body, `${title(fleet)}'s ${s.kind} on ${s.square}` + (state.carrying.includes(fleet) ? ", carrying a chest" : ""));
    }
  }

  return { draw, badge, title, look, cap, withRules, fleetAt, fleetsOf, playerOf, portOf, esc };
})();
