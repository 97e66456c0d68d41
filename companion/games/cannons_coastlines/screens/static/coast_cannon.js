// Cannons & Coastlines' Cannon screen: tap a ship on the table mirror, or a line of fire's target,
// to aim at it (the arming and firing are cannon_panel.js, as on the island).
"use strict";
(() => {
  const svg = document.getElementById("coast-table");
  const NS = "http://www.w3.org/2000/svg";
  const SHOWN = { coins: false, flags: false, edge: false, fire: true, hits: true };   // what matters for a shot
  const esc = (t) => Companion.esc(t);
  // A ship named by the Table screen's "aim the cannon" link: offered, never aimed at by loading a page.
  const suggested = new URLSearchParams(location.search).get("ship");

  function targets(state) {
    const seen = new Set();
    return state.aids.fire.filter((f) => Coast.aimable(state, f) && !seen.has(`${f.ship}>${f.target}`) && seen.add(`${f.ship}>${f.target}`));
  }

  function draw() {
    const state = Companion.state;
    const none = !state || !state.game;
    document.getElementById("no-game").classList.toggle("hidden", !none);
    svg.classList.toggle("hidden", none);
    if (none) return;
    Coast.draw(svg, state, SHOWN);
    svg.classList.add("aiming");
    const aimed = CannonPanel.target();
    for (const g of svg.querySelectorAll("g.ship")) {
      g.onclick = () => CannonPanel.aim({ ship: g.dataset.ship });
      if (g.dataset.ship === aimed) {
        g.classList.add("targeted");
        const ship = state.table.ships.find((s) => s.id === aimed);
        const ring = document.createElementNS(NS, "circle");
        for (const [k, v] of Object.entries({ cx: ship.x, cy: ship.y, r: 2.6, class: "crosshair" })) ring.setAttribute(k, v);
        svg.appendChild(ring);
      }
    }
    const lines = targets(state).map((f) =>
      `<li data-target="${esc(f.target)}"${f.target === suggested ? ' class="suggested"' : ""}><span><b>${esc(f.ship)}</b> slot ${f.slot}: ` +
      `the shot's first ship is <b>${esc(f.target)}</b></span><button data-aim="${esc(f.target)}">Aim at ${esc(f.target)}</button></li>`);
    const list = document.getElementById("targets");
    list.innerHTML = lines.join("") || "<li class='muted'>No shot of the player to move touches an enemy ship now.</li>";
    for (const button of list.querySelectorAll("button[data-aim]")) button.onclick = () => CannonPanel.aim({ ship: button.dataset.aim });
  }

  CannonPanel.start(draw);
  if (suggested) {
    const out = document.getElementById("aim-result");
    out.innerHTML = `From the Table screen: <button id="aim-suggested">Aim at ${esc(suggested)}</button>`;
    document.getElementById("aim-suggested").onclick = () => CannonPanel.aim({ ship: suggested });
  }
})();
