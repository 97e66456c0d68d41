// Cannons & Coastlines, shared by its screens: the header, player badges, and the table mirror with its aids.
"use strict";

const Coast = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const AIDS = ["coins", "flags", "edge", "fire", "hits"];
  const esc = (t) => Companion.esc(t);

  function el(name, attrs, parent, text) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  const pts = (outline) => outline.map((p) => p.join(",")).join(" ");
  const look = (state, player) => (state.looks || {})[player] || { colour: "#777", shape: "circle", letter: "?", title: player };
  const badge = (state, player, size) => Board.badgeSVG(look(state, player), size || 28);

  Companion.setHeader("cannons-coastlines", (s, banner, phase) => {
    if (s.result) {
      banner.innerHTML = `${badge(s, s.result.winner, 32)}<span>${esc(s.result.winner)} wins</span>`;
    } else if (s.turn) {
      banner.innerHTML = `${badge(s, s.turn.player, 32)}<span>${esc(s.turn.player)} to play</span>`;
    } else {
      banner.textContent = "A new game";
    }
    phase.textContent = s.turn ? `turn ${s.turn.number} · ${s.victory_points} points wins` : "";
  });

  // The table in inches (CS-1): x right, y down the table, as the camera's table frame.
  function draw(svg, state, shown) {
    const t = state.table;
    svg.innerHTML = "";
    svg.setAttribute("viewBox", `-1.5 -1.5 ${t.width + 3} ${t.height + 3}`);
    el("rect", { x: 0, y: 0, width: t.width, height: t.height, class: "sea" }, svg);
    for (const rock of t.rocks) el("polygon", { points: pts(rock.outline), class: "rock", "data-rock": rock.name }, svg);
    for (const island of t.islands) {
      const g = el("g", { class: "island", "data-island": island.id, "data-holder": island.holder || "" }, svg);
      el("polygon", { points: pts(island.outline) }, g);
      const [cx, cy] = island.centre;
      const top = Math.min(...island.outline.map((q) => q[1]));   // the name above the island, clear of ships beside it
      el("text", { x: cx, y: top - 0.5, class: "name" }, g, island.id);
      if (island.holder) {
        const l = look(state, island.holder);
        el("line", { x1: cx, y1: cy + 0.8, x2: cx, y2: cy - 2.2, class: "pole" }, g);
        el("rect", { x: cx, y: cy - 2.2, width: 2.2, height: 1.5, fill: l.colour, class: "flag" }, g);
        el("text", { x: cx + 1.1, y: cy - 1.05, class: "flag-letter" }, g, l.letter);
      }
    }
    for (const ship of t.ships) {
      const l = look(state, ship.owner);
      const g = el("g", { class: "ship" + (ship.stale ? " stale" : "") + (ship.dead ? " dead" : ""), "data-ship": ship.id,
        "data-owner": ship.owner }, svg);
      el("polygon", { points: pts(ship.outline), stroke: l.colour, fill: l.colour }, g);
      el("text", { x: ship.x, y: ship.y + 0.5, class: "letter" }, g, l.letter);
      if (ship.stale) el("title", {}, g, `${ship.id}: hidden, last known pose`);
    }
    const aids = state.aids;
    const layer = (name) => el("g", { class: "aid" + (shown[name] ? "" : " hidden"), "data-aid": name }, svg);
    const fire = layer("fire");
    for (const f of aids.fire) {
      const kind = f.wasted ? "wasted" : f.target ? "hit" : "miss";
      el("line", { x1: f.origin[0], y1: f.origin[1], x2: f.end[0], y2: f.end[1], class: `shot ${kind}`,
        "data-ship": f.ship, "data-slot": f.slot, "data-target": f.target || "" }, fire);
      if (f.target) el("circle", { cx: f.end[0], cy: f.end[1], r: 0.45, class: `shot-end ${kind}` }, fire);
      if (f.wasted) el("text", { x: f.end[0], y: f.end[1] - 0.7, class: "aid-text wasted" }, fire, "wasted");
    }
    const coins = layer("coins");
    for (const c of aids.coins) {
      if (!c.to) continue;
      el("line", { x1: c.from[0], y1: c.from[1], x2: c.to[0], y2: c.to[1], class: "coin-line", "data-island": c.island, "data-ship": c.ship }, coins);
      el("circle", { cx: c.to[0], cy: c.to[1] - 1.4, r: 0.8, class: "coin" }, coins);
      el("text", { x: c.to[0], y: c.to[1] - 1.05, class: "coin-text" }, coins, "1");
    }
    const flags = layer("flags");
    for (const f of aids.flags) {
      el("text", { x: f.at[0], y: f.at[1] - 3, class: "aid-text flag-ok", "data-island": f.island }, flags,
        `flag: ${f.ships.join(", ")}`);
    }
    const edge = layer("edge");
    for (const e of aids.edge) {
      const words = e.sinks_sliding.length ? `sinks if slid ${e.sinks_sliding.join("/")}` : `stops: ${e.room.toFixed(1)}" of ${e.full}"`;
      el("text", { x: Math.min(Math.max(e.at[0], 6), t.width - 6), y: e.at[1] + 4.2, class: "aid-text edge", "data-ship": e.ship }, edge, words);
    }
    const hits = layer("hits");
    for (const h of aids.hits) {
      el("text", { x: h.at[0], y: h.at[1] + 2.6, class: "aid-text " + (h.dead ? "dead" : "hits"), "data-ship": h.ship }, hits,
        h.dead ? "dead in the water" : `${h.hits} hits`);
    }
  }

  // The aids in words, so each is readable without the picture too.
  function aidLines(state) {
    const a = state.aids, out = { coins: [], flags: [], edge: [], fire: [], hits: [] };
    for (const c of a.coins) out.coins.push(c.ship ? `${c.island}: ${c.ship} is ${c.holder}'s nearest ship and may collect a coin (CS-3).`
      : `${c.island}: ${c.holder} has no ship to collect with.`);
    for (const f of a.flags) out.flags.push(`${f.island}: ${f.ships.join(", ")} may raise a flag (touching now and at the end of its owner's last turn, CS-2).`);
    for (const e of a.edge) out.edge.push(e.sinks_sliding.length ? `${e.ship} would be forced off the table sliding ${e.sinks_sliding.join(" or ")}: it sinks.`
      : `${e.ship} has ${e.room.toFixed(1)}" of room of its ${e.full}" move: it stops at the table edge.`);
    for (const f of a.fire) if (f.target) out.fire.push(`${f.ship} slot ${f.slot}: first ship touched is ${f.target}${f.wasted ? " — your own: the shot is wasted" : ""}.`);
    for (const h of a.hits) out.hits.push(`${h.ship}: ${h.text}.`);
    return out;
  }

  // A shot the player to move could take at an enemy ship: what the table's servo cannon may be aimed at.
  function aimable(state, f) {
    const shooter = state.table.ships.find((s) => s.id === f.ship);
    return Boolean(f.target) && !f.wasted && (!state.turn || (shooter && shooter.owner === state.turn.player));
  }

  return { AIDS, draw, aidLines, aimable, badge, look };
})();
