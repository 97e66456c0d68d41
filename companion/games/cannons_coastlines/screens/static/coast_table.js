// Cannons & Coastlines Table: the live view, the mirror, and the referee aids (toggled per tablet).
"use strict";
(() => {
  const svg = document.getElementById("coast-table");
  const saved = JSON.parse(localStorage.getItem("coast-aids") || "{}");
  const shown = Object.fromEntries(Coast.AIDS.map((a) => [a, saved[a] !== false]));
  const LABEL = { coins: "Coins", flags: "Flags", edge: "Table edge", fire: "Line of fire", hits: "Hits" };

  function render(state) {
    const none = !state.game;
    document.getElementById("question").classList.toggle("hidden", !state.question);
    if (state.question) document.getElementById("question-text").textContent = state.question.message;
    document.getElementById("no-game").classList.toggle("hidden", !none);
    svg.classList.toggle("hidden", none);
    if (none) return;
    Coast.draw(svg, state, shown);
    document.getElementById("players-line").innerHTML = state.players.map((p) =>
      `<span class="badge">${Coast.badge(state, p.name, 26)} ${Companion.esc(p.name)} · ${Companion.esc(p.faction_name)} · ${p.points} pts</span>`).join("");
    const lines = Coast.aidLines(state);
    // A shot's enemy target can be handed to the Cannon screen, which asks before it aims.
    const aimLinks = state.aids.fire.filter((f) => f.target).map((f) => !Coast.aimable(state, f) ? ""
      : ` <a class="aim-link" href="/cannon?ship=${encodeURIComponent(f.target)}">aim the cannon at ${Companion.esc(f.target)}</a>`);
    document.getElementById("aid-list").innerHTML = Coast.AIDS.filter((a) => shown[a]).flatMap((a) =>
      (lines[a].length ? lines[a] : ["nothing to show"]).map((text, i) =>
        `<li data-aid="${a}"><b>${LABEL[a]}:</b> ${Companion.esc(text)}${a === "fire" && lines[a].length ? aimLinks[i] : ""}</li>`)).join("");
  }

  for (const button of document.querySelectorAll("#aid-toggles button")) {
    const aid = button.dataset.aid;
    button.setAttribute("aria-pressed", String(shown[aid]));
    button.onclick = () => {
      shown[aid] = !shown[aid];
      button.setAttribute("aria-pressed", String(shown[aid]));
      localStorage.setItem("coast-aids", JSON.stringify(shown));
      if (Companion.state) render(Companion.state);
    };
  }
  Companion.on("state", render);
  Companion.watchCamera();
  Companion.connect();
})();
