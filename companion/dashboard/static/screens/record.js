// Game record: every event of the log as it is committed.
"use strict";
(() => {
  const rows = document.getElementById("rows"), seen = new Set();
  Companion.on("event", (event) => {
    if (seen.has(event.seq)) return;
    seen.add(event.seq);
    const said = Companion.describe(event);
    const actor = event.player || event.seat;   // games name the one who acted either way
    const who = actor && Companion.looks[actor] ? Companion.looks[actor].title : event.source || "";
    const tr = document.createElement("tr");
    tr.innerHTML = `<td>${event.seq}</td><td>${Companion.when(event)}</td><td>${Companion.esc(event.type)}</td><td>${Companion.esc(who)}</td>` +
      `<td>${said.mark} ${said.msg}${said.verdict ? Companion.ruleChips(Companion.rulings(said.verdict)) : ""}</td>`;
    rows.prepend(tr);
    document.getElementById("count").textContent = `${seen.size} events`;
  });
  Companion.connect({ history: true });
})();
