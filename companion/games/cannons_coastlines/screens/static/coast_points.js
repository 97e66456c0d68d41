// Cannons & Coastlines Points: coins + prizes for every player, the values in use, Next turn and Declare victory.
"use strict";
(() => {
  const esc = Companion.esc;
  const KINDS = ["mast", "cargo", "hull"];
  let editing = false;   // a half-typed value table is not overwritten by the next live update
  let settingMat = null; // the player whose mat is being typed: their card is not redrawn under the typing

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
        ${doubts(p)}
        ${p.notes.length ? `<p class="muted mat-notes">The camera notes (no points change): ${p.notes.map(esc).join("; ")}</p>` : ""}
        ${settingMat === p.name ? matForm(state, p) : `<button class="set-mat" data-player="${esc(p.name)}">Set this mat by hand</button>`}
      </article>`;
    }).join("");
  }

  function doubts(p) {
    if (!p.unsure.length) return "";
    return `<div class="unsure-mat" role="note"><b>The camera cannot vouch for this mat</b>: ${p.unsure.map(esc).join("; ")}.
      Its points are the last known; check the mat.</div>`;
  }

  // What lies on a mat, typed by a player: coins by kind, prizes by the fleet they were taken from.
  function matForm(state, p) {
    const number = (name, label, value) => `<label>${esc(label)} <input inputmode="numeric" name="${esc(name)}" value="${value}" size="3"></label>`;
    const coins = state.coin_kinds.map((k) => number(`coin:${k}`, k.replace(/_/g, " "), p.coins_by_kind[k] || 0)).join("");
    const rivals = state.players.filter((o) => o.name !== p.name).map((o) => o.faction);
    const prizes = rivals.map((f) => `<div class="row">${esc(state.factions[f] || f)}: ` + state.prize_kinds.map((k) =>
      number(`prize:${f}:${k}`, k, p.prizes[`${f}:${k}`] || 0)).join("") + "</div>").join("");
    return `<form class="mat-form" data-player="${esc(p.name)}"><fieldset><legend>Coins held</legend>${coins}</fieldset>
      <fieldset><legend>Prizes taken</legend>${prizes}</fieldset>
      <div class="row"><button type="submit" class="primary">Save the mat</button><button type="button" class="cancel-mat">Cancel</button></div></form>`;
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
    document.getElementById("question").classList.toggle("hidden", !state.question);
    if (state.question) document.getElementById("question-text").textContent = state.question.message;
    if (!state.game) { box.innerHTML = '<p class="muted">No game yet.</p>'; return; }
    if (!settingMat || !box.querySelector(".mat-form")) box.innerHTML = players(state);
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
  document.getElementById("dismiss").onclick = () => Companion.post("/api/coast/dismiss").catch(() => {});
  const points = document.getElementById("points");
  points.addEventListener("click", (e) => {
    const open = e.target.closest(".set-mat"), cancel = e.target.closest(".cancel-mat");
    if (!open && !cancel) return;
    settingMat = open ? open.dataset.player : null;
    points.innerHTML = players(Companion.state);
  });
  points.addEventListener("submit", async (e) => {
    e.preventDefault();
    const form = e.target, mat = { coins: {}, prizes: {} };
    for (const input of form.querySelectorAll("input")) {
      const text = input.value.trim();
      const value = /^\d+$/.test(text) ? parseInt(text, 10) : text;   // the server says what is wrong with a non-number
      const [what, ...key] = input.name.split(":");
      if (value === 0) continue;
      if (what === "coin") mat.coins[key[0]] = value; else mat.prizes[key.join(":")] = value;
    }
    await Companion.post("/api/coast/mat", { player: form.dataset.player, mat });
    settingMat = null;
    saved(`${form.dataset.player}'s mat saved.`);
  });
  Companion.on("state", render);
  Companion.connect();
})();
