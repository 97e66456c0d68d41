// Verdicts: the feed of moves and verdicts, newest first; the chosen one's evidence on the mirror.
// The newest verdict is shown as it comes, until the player taps one: that one is held (on the
// island as it stood then) while the feed goes on, until they tap it again or go back to live.
"use strict";
(() => {
  const svg = document.getElementById("board"), feed = document.getElementById("feed");
  const items = new Map();
  const AT_TOP_PX = 8;   // a feed scrolled less than this is read from the top
  const PROMPT = document.getElementById("chosen").textContent;
  let latest = null;   // the newest event with evidence in this game: the one shown live
  let held = null;     // { seq, state, newer }: the one the player is studying, or null when live
  let marked = null;   // the card outlined as chosen

  const chosen = () => (held ? held.seq : latest);

  function hold(seq) {
    const item = items.get(seq);
    held = { seq, state: item.state || Companion.state, newer: 0 };
    render();
  }
  function release() {
    held = null;
    feed.scrollTop = 0;   // back to the newest, at the top
    render();
  }

  function render() {
    const item = items.get(chosen());
    const li = item ? item.li : null;
    if (marked !== li) {
      if (marked) marked.classList.remove("selected");
      if (li) li.classList.add("selected");
      marked = li;
    }
    const bar = document.getElementById("held");
    bar.classList.toggle("hidden", !held);
    if (held) {
      document.getElementById("held-text").textContent = `Holding #${held.seq}, on the island as it stood then.`;
      document.getElementById("back-to-live").textContent = held.newer ? `Back to live (${held.newer} new)` : "Back to live";
    }
    draw();
  }

  function draw() {
    const item = items.get(chosen());
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
    } else {
      caption.textContent = PROMPT;
      caption.className = "sentence muted";
    }
    Board.draw(svg, held ? held.state : Companion.state, { looks: Companion.looks, marks });
  }

  Companion.on("event", (event, message) => {
    if (items.has(event.seq)) return;
    const said = Companion.describe(event);
    const evidence = Boolean(said.verdict || said.cells);
    const li = document.createElement("li");
    li.dataset.seq = event.seq;
    li.className = said.cls + (evidence ? " has-evidence" : "");
    li.innerHTML = `<div class="head"><span class="mark">${said.mark}</span><span>${said.head}</span><span class="when">#${event.seq} ${Companion.when(event)}</span></div>` +
      `<div class="msg">${said.msg}${said.verdict ? Companion.ruleChips(Companion.rulings(said.verdict)) : ""}</div>`;
    if (evidence) li.onclick = () => (held && held.seq === event.seq ? release() : hold(event.seq));
    const atTop = feed.scrollTop < AT_TOP_PX;
    feed.prepend(li);
    if (atTop) feed.scrollTop = 0;   // a reader at the top sees the newest; one further down keeps their place
    // A live event brings the state after it: the island a held verdict is drawn on.
    items.set(event.seq, { event, said, li, state: message && message.state });
    document.getElementById("feed-empty").classList.add("hidden");
    if (event.type === "game") latest = null;   // an old game's verdict is not drawn on the new island
    else if (!evidence) return;
    else latest = event.seq;
    if (held) held.newer += 1;
    render();
  });
  document.getElementById("back-to-live").onclick = release;
  Companion.on("state", draw);
  Companion.connect({ history: true });
})();
