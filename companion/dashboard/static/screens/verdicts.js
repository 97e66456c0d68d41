// Verdicts: the feed of moves and verdicts, newest first; the chosen one's evidence on the mirror.
"use strict";
(() => {
  const svg = document.getElementById("board"), feed = document.getElementById("feed");
  const items = new Map();
  let chosen = null;

  function choose(seq) {
    chosen = seq;
    for (const li of feed.children) li.classList.toggle("selected", Number(li.dataset.seq) === seq);
    draw();
  }

  function draw() {
    const item = items.get(chosen);
    let marks = null;
    const caption = document.getElementById("chosen");
    if (item && item.said.verdict) {
      marks = Companion.marks(item.said.verdict);
      caption.innerHTML = `${item.said.head}: ${item.said.msg}${Companion.ruleChips(Companion.rulings(item.said.verdict))}`;
      caption.className = "sentence " + (item.event.type === "proposal" ? "bad" : "good");
    } else if (item && item.said.cells) {
      marks = { highlight: item.said.cells, tone: "bad" };
      caption.innerHTML = `${item.said.head}: ${item.said.msg}`;
      caption.className = "sentence";
    }
    Board.draw(svg, Companion.state, { looks: Companion.looks, marks });
  }

  Companion.on("event", (event) => {
    if (items.has(event.seq)) return;
    const said = Companion.describe(event);
    const li = document.createElement("li");
    li.dataset.seq = event.seq;
    li.className = said.cls;
    li.innerHTML = `<div class="head"><span class="mark">${said.mark}</span><span>${said.head}</span><span class="when">#${event.seq} ${Companion.when(event)}</span></div>` +
      `<div class="msg">${said.msg}${said.verdict ? Companion.ruleChips(Companion.rulings(said.verdict)) : ""}</div>`;
    li.onclick = () => choose(event.seq);
    feed.prepend(li);
    items.set(event.seq, { event, said });
    document.getElementById("feed-empty").classList.add("hidden");
    if (said.verdict || said.cells) chosen = event.seq;   // the newest verdict is the one in question
    for (const node of feed.children) node.classList.toggle("selected", Number(node.dataset.seq) === chosen);
  });
  Companion.on("state", draw);
  Companion.connect({ history: true });
})();
