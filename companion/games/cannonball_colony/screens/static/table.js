// Table: the live view, the mirror with the latest verdict's evidence, and starting a game.
"use strict";
(() => {
  const svg = document.getElementById("board");
  let lastVerdict = null;

  function render(state) {
    const none = !state.game;
    document.getElementById("no-game").classList.toggle("hidden", !none);
    svg.classList.toggle("hidden", none);
    Board.draw(svg, state, { looks: Companion.looks, marks: lastVerdict ? Companion.marks(lastVerdict) : null });
  }

  Companion.on("event", (event) => {
    const caption = document.getElementById("last-verdict");
    if (event.type === "game") { lastVerdict = null; caption.innerHTML = ""; return; }
    if (!event.verdict || !["move", "proposal"].includes(event.type)) return;
    lastVerdict = event.verdict;
    const said = Companion.describe(event);
    caption.innerHTML = `<span class="sentence ${event.type === "move" ? "good" : "bad"}">${said.mark} ${said.head}</span>` +
      `<br>${said.msg}${Companion.ruleChips(Companion.rulings(event.verdict))}`;
  });
  Companion.on("state", render);
  Companion.watchCamera();

  async function start(body) {
    await Companion.post("/api/game", body);
    document.getElementById("new-game-sure").classList.add("hidden");
    Companion.toast("New game started.");
  }
  let pending = null;
  function ask(body) {
    if (Companion.state && Companion.state.game && Companion.state.phase !== "over") {
      pending = body;
      document.getElementById("new-game-sure").classList.remove("hidden");
      return;
    }
    start(body);
  }
  document.getElementById("start-sample").onclick = () => ask({ sample: true });
  document.getElementById("start-random").onclick = () => {
    const players = [...document.querySelectorAll("input[name=country]:checked")].map((box) => box.value);
    if (players.length < 2) { Companion.toast("Choose two to four countries.", true); return; }
    ask({ players });
  };
  document.getElementById("sure-yes").onclick = () => pending && start(pending);
  document.getElementById("sure-no").onclick = () => document.getElementById("new-game-sure").classList.add("hidden");

  Companion.connect();
})();
