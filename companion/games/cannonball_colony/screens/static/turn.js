// Turn: confirm or undo the whole turn, play a move by hand, and correct what the camera misread.
"use strict";
(() => {
  const svg = document.getElementById("board");
  let cell = null, token = null, verdict = null;
  const GROUND = [[".", "sea"], ["g", "grass"], ["f", "forest"], ["l", "lake"], ["m", "mountain"], ["r", "road"]];
  const KINDS = [["F", "fort"], ["C", "cannon"], ["B", "blockade"]];

  function draw() {
    const state = Companion.state, q = state && state.question;
    const marks = verdict ? Companion.marks(verdict) : q ? { highlight: q.cells, tone: "bad" } : null;
    Board.draw(svg, state, { looks: Companion.looks, marks, selected: cell ? [cell] : [], onTap: pick });
  }

  function render(state) {
    const q = state.question;
    document.getElementById("question").classList.toggle("hidden", !q);
    if (q) document.getElementById("question-text").textContent = q.message;
    const turn = state.turn || {};
    document.getElementById("turn-title").textContent = state.game ? `${Companion.looks[state.player].title}'s turn (${state.phase})` : "No game yet";
    document.getElementById("turn-shot").textContent = turn.shot || "–";
    document.getElementById("turn-build").textContent = turn.build || "–";
    document.getElementById("confirm").disabled = !turn.done;
    document.getElementById("undo").disabled = !turn.build;
    draw();
  }

  function say(reply) {
    const box = document.getElementById("turn-verdict");
    box.innerHTML = Companion.esc(reply.message) + Companion.ruleChips(Companion.rulings(reply.verdict));
    box.className = "sentence " + (reply.legal ? "good" : "bad");
    verdict = reply.legal && !reply.verdict.evidence.length ? null : reply.verdict;
    draw();
  }

  function pick(name, current) {
    if (!Companion.state || !Companion.state.game) return;
    cell = name; token = null;
    document.getElementById("correct-prompt").textContent = `${name} shows "${current}". What is really there?`;
    const palette = document.getElementById("palette");
    palette.innerHTML = "";
    const add = (value, label) => {
      const b = document.createElement("button");
      b.dataset.token = value;
      b.innerHTML = label;
      b.onclick = () => { token = value; palette.querySelectorAll("button").forEach((x) => x.classList.toggle("chosen", x === b));
        document.getElementById("correct-go").classList.remove("hidden"); };
      palette.appendChild(b);
    };
    GROUND.forEach(([value, label]) => add(value, label));
    for (const p of Companion.state.players) for (const [k, label] of KINDS) {
      add(k + p.letter.toLowerCase(), `${Board.badgeSVG(Companion.looks[p.country], 22)} ${label}`);
    }
    palette.classList.remove("hidden");
    draw();
  }
  function cancel() {
    cell = null; token = null;
    document.getElementById("palette").classList.add("hidden");
    document.getElementById("correct-go").classList.add("hidden");
    document.getElementById("correct-prompt").textContent = "Tap a cell on the island.";
    draw();
  }

  document.getElementById("confirm").onclick = async () => say(await Companion.post("/api/confirm"));
  document.getElementById("undo").onclick = async () => say(await Companion.post("/api/undo"));
  document.getElementById("dismiss").onclick = () => Companion.post("/api/dismiss");
  document.getElementById("move-form").onsubmit = async (e) => {
    e.preventDefault();
    const input = document.getElementById("move");
    const reply = await Companion.post("/api/move", { move: input.value });
    say(reply);
    if (reply.legal) input.value = "";
  };
  document.getElementById("correct-apply").onclick = async () => {
    if (!cell || token === null) return;
    await Companion.post("/api/correct", { cell, token });
    Companion.toast(`Corrected ${cell}.`);
    cancel();
  };
  document.getElementById("correct-cancel").onclick = cancel;
  Companion.on("state", render);
  Companion.connect();
})();
