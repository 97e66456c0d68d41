// Dispute: tap two cells for fort distance or cannon range, or a cell and a build to ask if it is legal.
"use strict";
(() => {
  const svg = document.getElementById("board");
  let mode = "fort-distance", kind = "fort", player = null, picked = [], marks = null;
  const PROMPTS = {
    "fort-distance": ["Tap the first fort's cell.", "Tap the second cell."],
    "cannon-range": ["Tap the cannon's cell.", "Tap the target cell."],
    "check": ["Tap the cell to build on."],
  };

  function prompt() {
    const steps = PROMPTS[mode];
    document.getElementById("prompt").textContent = picked.length < steps.length ? steps[picked.length] : "Tap a cell to ask again.";
  }
  function draw() { Board.draw(svg, Companion.state, { looks: Companion.looks, marks, selected: picked, onTap: tap }); }

  async function tap(cell) {
    const need = mode === "check" ? 1 : 2;
    if (picked.length >= need) { picked = []; marks = null; }
    picked.push(cell);
    draw(); prompt();
    if (picked.length < need) return;
    const query = new URLSearchParams({ q: mode, cells: picked.join(",") });
    if (mode === "check") { query.set("kind", kind); query.set("player", player || Companion.state.player); }
    const reply = await Companion.get("/api/dispute?" + query);
    const answer = document.getElementById("answer");
    answer.textContent = reply.sentence;
    const bad = reply.data.legal === false || reply.data.in_range === false || (mode === "fort-distance" && reply.data.steps !== null && reply.data.steps < 4);
    answer.className = "sentence " + (bad ? "bad" : "good");
    document.getElementById("extra").innerHTML = reply.extra.map((line) => `<li>${Companion.esc(line.trim())}</li>`).join("");
    if (mode === "fort-distance") marks = { path: reply.path, ends: reply.ends, tone: bad ? "bad" : "good" };
    else if (mode === "cannon-range") marks = { line: true, path: reply.path, ends: reply.ends.slice(0, 2), blocked: reply.ends.slice(2), tone: reply.data.in_range ? "good" : "bad" };
    else marks = reply.path.length ? Companion.marks({ reasons: reply.data.reasons }) : { highlight: reply.ends, tone: "good" };
    picked = [];
    draw(); prompt();
  }

  for (const button of document.querySelectorAll("#modes [data-mode]")) {
    button.onclick = () => {
      mode = button.dataset.mode; picked = []; marks = null;
      document.querySelectorAll("#modes [data-mode]").forEach((b) => b.classList.toggle("on", b === button));
      document.getElementById("build-options").classList.toggle("hidden", mode !== "check");
      document.getElementById("answer").textContent = "";
      draw(); prompt();
    };
  }
  for (const button of document.querySelectorAll("#build-options [data-kind]")) {
    button.onclick = () => { kind = button.dataset.kind; document.querySelectorAll("[data-kind]").forEach((b) => b.classList.toggle("on", b === button)); };
  }
  document.getElementById("clear").onclick = () => { picked = []; marks = null; document.getElementById("answer").textContent = ""; document.getElementById("extra").innerHTML = ""; draw(); prompt(); };

  Companion.on("state", (state) => {
    if (state.players) {
      const who = document.getElementById("who");
      if (!player || !state.players.some((p) => p.country === player)) player = state.player;
      who.innerHTML = "";
      for (const p of state.players) {
        const b = document.createElement("button");
        b.innerHTML = `${Board.badgeSVG(Companion.looks[p.country], 26)} ${p.title}`;
        b.classList.toggle("on", p.country === player);
        b.onclick = () => { player = p.country; who.querySelectorAll("button").forEach((x) => x.classList.toggle("on", x === b)); };
        who.appendChild(b);
      }
    }
    draw();
  });
  prompt();
  Companion.connect();
})();
