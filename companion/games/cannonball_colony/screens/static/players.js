// Players: forts on the island and on the mat, earned pieces, landing, and who leads.
"use strict";
(() => {
  const EARNS = { 3: "cannon 1", 6: "cannon 2", 8: "blockade" };
  Companion.on("state", (state) => {
    const box = document.getElementById("players");
    const result = document.getElementById("result");
    if (!state.game) { box.innerHTML = '<p class="muted">No game yet.</p>'; result.textContent = ""; return; }
    result.textContent = state.result ? state.result.why : `Forts on the island decide the game (${state.supply ?? "?"} road tiles left).`;
    box.innerHTML = state.players.map((p) => {
      const look = Companion.looks[p.country];
      // Fort spaces 1..10: built forts uncover them from the lowest (CC-8).
      const mat = Array.from({ length: 10 }, (_, i) => {
        const covered = i >= p.forts;
        const note = EARNS[i + 1] ? ` title="space ${i + 1} earns ${EARNS[i + 1]}"` : "";
        return `<span class="${covered ? "covered" : ""}"${note} style="${covered ? `background:${look.colour}` : ""}">${i + 1}${EARNS[i + 1] ? "★" : ""}</span>`;
      }).join("");
      return `<article class="card player${p.to_play ? " to-play" : ""}" data-country="${p.country}">
        <h2>${Board.badgeSVG(look, 36)} ${p.title}${p.to_play ? ' <span class="rule">to play</span>' : ""}</h2>
        <dl class="facts">
          <dt>Forts on the island</dt><dd class="forts">${p.forts} of 10</dd>
          <dt>On own landing board</dt><dd>${p.forts_on_own_board}</dd>
          <dt>Cannons</dt><dd>${p.cannons} built, ${p.cannons_in_hand} ready</dd>
          <dt>Blockade</dt><dd>${p.blockade ? "built" : p.blockade_in_hand ? "ready" : "not earned"}</dd>
          <dt>Landing</dt><dd>${p.landing || "not yet"}</dd>
        </dl>
        <div class="mat" aria-label="player mat: coloured spaces still hold a fort">${mat}</div>
      </article>`;
    }).join("");
  });
  Companion.connect();
  // The computer's seats (serve --bot, or chosen here): shown when the server has them.
  const seats = document.getElementById("computer-seats");
  Companion.computerSeats(seats).then(() => { if (seats.innerHTML) seats.hidden = false; });
})();
