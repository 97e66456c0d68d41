// Cannons & Coastlines Points: coins + prizes for every player, the values in use, Next turn and Declare victory.
"use strict";
(() => {
  const esc = Companion.esc;
  const KINDS = ["mast", "cargo", "hull"];
  let editing = false;   // a half-typed value table is not overwritten by the next live update

  function players(state) {
    return state.players.map((p) => {
      const prizes = Object.entries(p.prizes).map(([key, n]) => {
        const [faction, kind] = key.split(":");
        return `<li>${n} × ${esc(kind)} from ${esc(state.factions[faction] || faction)} <span class="muted">@ ${state.values[faction][kind]}</span></li>`;
      }).join("") || "<li class='muted'>no prizes yet</li>";
      const share = Math.min(100, Math.round(100 * p.points / state.victory_points));
      return `<article class="card player${p.to_play ? " to-play" : ""}" data-player="${esc(p.name)}">
        <h2>${Coast.badge(state, p.name, 36)} ${esc(p.name)} <span class="muted">${esc(p.faction_name)}</span>${p.to_play ? ' <span class="rule">to play</span>' : ""}</h2>
        <div class="total"><span class="points">${p.points}</span> points</div>
        <div class="progress" aria-label="${p.points} of ${state.victory_points}"><span style="width:${share}%;background:${p.colour}"></span></div>
        <dl class="facts"><dt>Coins held</dt><dd class="coins">${p.coins}</dd><dt>Prizes</dt><dd class="prize-points">${p.prize_points}</dd>
          <dt>Ships afloat</dt><dd>${p.ships_afloat}</dd></dl>
        <ul class="prizes">${prizes}</ul>
      </article>`;
    }).join("");
  }

  function turn(state) {
    const t = state.turn;
    if (!t) return "";
    const snap = Object.entries(t.snapshot).map(([p, n]) => `${esc(p)} ${n}`).join(", ");
    return `Turn ${t.number}: ${Coast.badge(state, t.player, 28)} <b>${esc(t.player)}</b> to play. Points at the start of the turn: ${snap}.`;
  }

  function verdict(state) {
    const c = state.claim, box = document.getElementById("verdict");
    if (!c) { box.classList.add("hidden"); return; }
    const v = c.verdict;
    const rows = Object.entries(c.snapshot).map(([p, n]) =>
      `<tr${p === c.player ? ' class="claimant"' : ""}><td>${Coast.badge(state, p, 22)} ${esc(p)}</td><td>${n}</td><td>${c.now[p]}</td></tr>`).join("");
    box.className = "verdict " + (v.legal ? "good" : "bad");
    box.innerHTML = `<p class="sentence ${v.legal ? "good" : "bad"}">${v.legal ? "✓ Victory" : "✗ Not yet"}: ${esc(c.player)}'s claim <span class="rule">CS-5</span></p>
      <ul>${v.legal ? `<li>${esc(v.note)}</li>` : v.reasons.map((r) => `<li>${esc(r.message)}</li>`).join("")}</ul>
      ${c.message.includes("next turn") ? `<p class="muted">${esc(c.message.slice(c.message.indexOf(c.player + " has earned")))}</p>` : ""}
      <table class="evidence"><thead><tr><th>Player</th><th>At the start of turn ${c.turn}</th><th>Now</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  function values(state) {
    if (editing) return;
    const head = `<thead><tr><th>Prizes taken from</th>${KINDS.map((k) => `<th>${k}</th>`).join("")}</tr></thead>`;
    const body = Object.entries(state.values).map(([faction, kinds]) => `<tr><th>${esc(state.factions[faction])}</th>` +
      KINDS.map((k) => {
        const house = state.house[faction] && state.house[faction][k] !== undefined;
        return `<td><input inputmode="numeric" name="${faction}:${k}" value="${kinds[k]}" aria-label="${esc(state.factions[faction])} ${k}"` +
          ` class="${house ? "house" : ""}" title="card value ${state.default_values[faction][k]}"></td>`;
      }).join("") + "</tr>").join("");
    document.getElementById("values").innerHTML = head + `<tbody>${body}</tbody>`;
  }

  function render(state) {
    const box = document.getElementById("points");
    if (!state.game) { box.innerHTML = '<p class="muted">No game yet.</p>'; return; }
    box.innerHTML = players(state);
    document.getElementById("turn-line").innerHTML = turn(state);
    const claim = document.getElementById("claim");
    claim.textContent = state.turn ? `${state.turn.player} declares victory` : "Declare victory";
    claim.disabled = !!state.result;
    document.getElementById("next-turn").disabled = !!state.result;
    const result = document.getElementById("result");
    result.classList.toggle("hidden", !state.result);
    if (state.result) result.innerHTML = `${Coast.badge(state, state.result.winner, 40)} <span>${esc(state.result.message)}</span>`;
    verdict(state);
    values(state);
  }

  function saved(message) {
    editing = false;   // the live update may have come before this reply: draw the latest state now
    if (Companion.state) render(Companion.state);
    Companion.toast(message);
  }
  document.getElementById("values").addEventListener("input", () => { editing = true; });
  document.getElementById("values-form").onsubmit = async (e) => {
    e.preventDefault();
    const state = Companion.state, house = {};
    for (const input of document.querySelectorAll("#values input")) {
      const [faction, kind] = input.name.split(":");
      const text = input.value.trim();
      const value = /^\d+$/.test(text) ? parseInt(text, 10) : text;   // the server says what is wrong with a non-number
      if (value !== state.default_values[faction][kind]) (house[faction] = house[faction] || {})[kind] = value;
    }
    await Companion.post("/api/coast/values", { values: house });
    saved("Prize values saved.");
  };
  document.getElementById("reset-values").onclick = async () => {
    await Companion.post("/api/coast/values", { values: {} });
    saved("Back to the faction cards' values.");
  };
  document.getElementById("claim").onclick = async () => {
    const state = Companion.state;
    if (!state || !state.turn) return;
    await Companion.post("/api/coast/claim", { player: state.turn.player });
  };
  document.getElementById("next-turn").onclick = () => Companion.post("/api/coast/turn");
  Companion.on("state", render);
  Companion.connect();
})();
