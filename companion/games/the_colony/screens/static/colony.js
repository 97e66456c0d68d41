// The Colony, shared by its screens: the header, the Record's sentences, and the mirror of the logs.
"use strict";

const Colony = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const esc = (t) => Companion.esc(t);
  const R = { single: 13, double: 13, centre: 16 };   // a log space's radius on the board, in mm
  const ARROW_GAP = 3.2;                               // two arrows between the same logs, one each way, sit apart
  const RULES = { "rules:action": "action table", "rules:select": "select a log", "rules:move-eggs": "move eggs",
    "rules:ants": "move ant", "rules:end": "end of game", "rules:undo": "undo" };
  const ENDED = { "collect": "collected the last egg", "stop": "stopped", "collect and place an ant": "collected it and placed an ant",
    "endless relay": "stopped an endless relay" };

  function el(name, attrs, parent, text) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  const look = (colour) => Companion.looks[colour] || { colour: "#777", shape: "circle", letter: "?", title: colour };
  const badge = (colour, size) => Board.badgeSVG(look(colour), size || 28);
  const title = (colour) => look(colour).title;
  const ruleChip = (rule) => `<span class="rule" data-rule="${esc(rule)}" title="rule ${esc(rule)}">${esc(RULES[rule] || rule)}</span>`;

  Companion.setHeader("the-colony", (s, banner, phase) => {
    if (s.over) {
      const who = s.winners.map((w) => `${badge(w, 30)}<span>${title(w)}</span>`).join(" and ");
      banner.innerHTML = `Game over: ${who || "no winner"}${s.winners.length ? " wins" : ""}`;
    } else if (s.phase === "move-ant") {
      banner.innerHTML = `${badge(s.player, 32)}<span>${title(s.player)}: ${s.ant_moves.length && s.ants_mandatory ? "move an ant" : "move an ant or not"}</span>`;
    } else {
      banner.innerHTML = `${badge(s.player, 32)}<span>${title(s.player)} to sow</span>`;
    }
    phase.textContent = `${Object.entries(s.scores).map(([c, n]) => `${title(c)} ${n}`).join(" · ")} · ant moves ${s.ants_mandatory ? "mandatory" : "optional"}`;
  });

  // The Record screen's sentences for this game's events (the shared ones say the rest).
  Companion.describeWith((event) => {
    const who = event.player ? `${badge(event.player, 24)} ${title(event.player)}` : "";
    switch (event.type) {
      case "game": return { cls: "", mark: "★", head: "New game", msg: event.source === "camera" ? "Started from the camera." : "Started from the position given." };
      case "sowing": return { cls: "legal", mark: "✓", head: `${who} sows from ${esc(event.space)}`,
        msg: `Sowed ${esc(event.space)}: ${esc(event.path.join(" → "))}; ${esc(ENDED[event.ended_by] || event.ended_by)}` +
          (event.via.length ? ` (ways chosen: ${esc(event.via.join(", "))})` : "") + "." };
      case "ant": return { cls: "legal", mark: "✓", head: `${who} moves an ant`, msg: `Ant moved ${esc(event.from)} → ${esc(event.to)}.` };
      case "pass": return { cls: "legal", mark: "–", head: `${who} moves no ant`, msg: "No ant move." };
      case "undo": return { cls: "question", mark: "↶", head: "Undo", msg: `Took back ${esc(event.undid)}.` };
      case "correction": return { cls: "question", mark: "✎", head: "Correction", msg: esc(event.note || "The logs were corrected by hand.") };
      default: return null;
    }
  });

  // --- the mirror ----------------------------------------------------------------------------

  function frame(layout) {
    const xs = layout.spaces.map((s) => s.at[0]), ys = layout.spaces.map((s) => s.at[1]);
    const pad = 24;
    const x0 = Math.min(...xs) - pad, y0 = Math.min(...ys) - pad;
    return `${x0} ${y0} ${Math.max(...xs) - x0 + pad} ${Math.max(...ys) - y0 + pad}`;
  }

  // An arrow from the rim of one log to the rim of the next, to the right of the way when there is one back.
  function arrowLine(a, b, ra, rb, shift) {
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len, ox = -uy * shift, oy = ux * shift;
    return { x1: a[0] + ux * ra + ox, y1: a[1] + uy * ra + oy, x2: b[0] - ux * (rb + 4.5) + ox, y2: b[1] - uy * (rb + 4.5) + oy };
  }

  function defs(svg) {
    const d = el("defs", {}, svg);
    for (const [id, cls, size] of [["arrow-head", "head", 6.5], ["path-head", "path-head", 3.2]]) {
      const m = el("marker", { id, viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: size, markerHeight: size, orient: "auto-start-reverse" }, d);
      el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: cls }, m);
    }
  }

  // The logs: every space with its eggs and ant, the arrows, and what the screen marks on them.
  // marks: eggs (counts to show), legal, options, from (ant moves), selected, path (steps so far), start, end, relays, tap.
  function draw(svg, layout, state, marks) {
    marks = marks || {};
    const byId = Object.fromEntries(layout.spaces.map((s) => [s.id, s]));
    const eggs = marks.eggs || state.eggs, ants = marks.ants || state.ants;
    svg.innerHTML = "";
    svg.setAttribute("viewBox", frame(layout));
    defs(svg);
    const arrows = el("g", { class: "arrows" }, svg);
    for (const s of layout.spaces) {
      for (const n of s.next) {
        const back = byId[n].next.includes(s.id);
        const line = arrowLine(s.at, byId[n].at, R[s.kind], R[byId[n].kind], back ? ARROW_GAP : 0);
        el("line", { ...line, class: `arrow ${s.kind}`, "data-from": s.id, "data-to": n, "marker-end": "url(#arrow-head)" }, arrows);
      }
    }
    const trail = el("g", { class: "trail" }, svg);
    const drops = {};
    const steps = marks.path || [];
    let from = marks.start;
    steps.forEach((to, i) => {
      drops[to] = (drops[to] || 0) + 1;
      if (from && byId[from] && byId[to]) {
        const line = arrowLine(byId[from].at, byId[to].at, R[byId[from].kind] * 0.45, R[byId[to].kind] * 0.45, 0);
        el("line", { ...line, class: "step" + (i === steps.length - 1 ? " latest" : ""), "data-step": i + 1, "data-to": to,
          "marker-end": "url(#path-head)" }, trail);
      }
      from = to;
    });
    const logs = el("g", { class: "logs" }, svg);
    const want = (list, id) => (list || []).includes(id);
    for (const s of layout.spaces) {
      const [x, y] = s.at, r = R[s.kind];
      const cls = ["space", s.kind];
      if (want(marks.legal, s.id)) cls.push("legal");
      if (want(marks.options, s.id)) cls.push("option");
      if (want(marks.from, s.id)) cls.push("ant-from");
      if (marks.selected === s.id) cls.push("selected");
      if (marks.start === s.id) cls.push("start");
      if (marks.end === s.id) cls.push("end");
      const g = el("g", { class: cls.join(" "), "data-space": s.id, "data-eggs": eggs[s.id], "data-ant": ants[s.id] || "" }, logs);
      if (cls.length > 2) el("circle", { cx: x, cy: y, r: r + 3.2, class: "ring", stroke: want(marks.legal, s.id) ? look(state.player).colour : "" }, g);
      el("circle", { cx: x, cy: y, r, class: "log" }, g);
      if (s.kind !== "single") el("circle", { cx: x, cy: y, r: r - 3, class: "inner" }, g);
      el("text", { x, y: y - r + 5.4, class: "id" }, g, s.id);
      el("text", { x, y: y + 4.2, class: "count" }, g, String(eggs[s.id]));
      if (ants[s.id]) {
        const l = look(ants[s.id]), ax = x + r * 0.62, ay = y + r * 0.62;
        const ant = el("g", { class: "ant", "data-colour": ants[s.id] }, g);
        if (l.shape === "square") el("rect", { x: ax - 5, y: ay - 5, width: 10, height: 10, rx: 1.5, fill: l.colour }, ant);
        else el("circle", { cx: ax, cy: ay, r: 5.4, fill: l.colour }, ant);
        el("text", { x: ax, y: ay + 2.4, class: "ant-letter" }, ant, l.letter);
      }
      if (drops[s.id]) el("text", { x: x - r * 0.7, y: y + r * 0.95, class: "drop" }, g, `+${drops[s.id]}`);
      if (want(marks.relays, s.id)) el("text", { x: x + r * 0.72, y: y - r * 0.55, class: "relay" }, g, "↻");
      el("title", {}, g, `${s.id}: ${eggs[s.id]} egg${eggs[s.id] === 1 ? "" : "s"}${ants[s.id] ? `, ${title(ants[s.id])}'s ant` : ""}`);
      if (marks.tap) {
        g.addEventListener("click", () => marks.tap(s.id));
        if (cls.length > 2) {   // a log to tap is a button for the keyboard too
          g.setAttribute("role", "button");
          g.setAttribute("tabindex", "0");
          g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); marks.tap(s.id); } });
        }
      }
    }
  }

  // The counts egg by egg: before the sowing, then after each egg of `path` (relays pick up as the rules do).
  // Returns one {eggs, relays} per egg dropped; the last egg's action is left to the state that follows.
  function replay(before, start, path) {
    const eggs = { ...before };
    let hand = eggs[start];
    eggs[start] = 0;
    const frames = [], relays = [];
    path.forEach((to, i) => {
      eggs[to] += 1;
      hand -= 1;
      if (hand === 0 && i < path.length - 1) { hand = eggs[to]; eggs[to] = 0; relays.push(to); }
      frames.push({ eggs: { ...eggs }, relays: [...relays] });
    });
    return frames;
  }

  // The relays of a finished path: where a hand ran out before the path's end.
  const relaysOf = (before, start, path) => (path.length ? replay(before, start, path).pop().relays : []);

  const stepsHtml = (steps) => (steps || []).map((s) => `<span class="step-line">${esc(s.message)}${ruleChip(s.rule)}</span>`).join(" ");

  return { draw, replay, relaysOf, badge, title, look, stepsHtml, ruleChip, ENDED };
})();
