// The Colony's Camera screen: the live view and its status beside the logs as the game stands.
"use strict";
(() => {
  const svg = document.getElementById("logs");
  let layout = null;

  async function render(state) {
    document.getElementById("question").classList.toggle("hidden", !state.question);
    if (state.question) document.getElementById("question-text").textContent = state.question.message;
    document.getElementById("no-game").classList.toggle("hidden", Boolean(state.game));
    svg.classList.toggle("hidden", !state.game);
    if (!state.game) return;
    layout = layout || await Companion.get("/api/colony/layout");
    const last = state.last_sowing;
    const marks = last ? { path: last.path, start: last.space, end: last.path[last.path.length - 1],
      relays: Colony.relaysOf(last.eggs_before, last.space, last.path) } : {};
    if (state.phase === "sow" && !state.over) marks.legal = state.legal;
    if (state.question) marks.options = state.question.cells;
    Colony.draw(svg, layout, state, marks);
  }

  document.getElementById("dismiss").onclick = () => Companion.post("/api/colony/dismiss").catch(() => {});
  Companion.on("state", render);
  Companion.watchCamera();
  Companion.connect();
})();
