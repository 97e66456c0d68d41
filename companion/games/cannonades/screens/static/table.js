// Cannonades' Table: every fleet as the rules show it (face down or up), the deck, the discard pile,
// the verdicts; on a tablet paired to a seat, its hand and its moves (the server's `legal` list).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const esc = Companion.esc;
  const LOG_ROWS = 40;
  let picked = null;        // a card of the hand, or one of this seat's face-up ships (for boarding)
  const seen = new Set();

  const act = (command) => Companion.post("/api/cannonades/act", command)
    .then((reply) => { picked = null; if (reply.message) Companion.toast(reply.message); })
    .catch(() => {});

  function fleetHTML(s, owner) {
    const p = s.players[owner], mine = owner === s.seat;
    const ships = p.ships.map((ship) => {
      const pick = mine && ship.face === "up" && s.legal.some((c) => c.type === "board" && c.ship === ship.id);
      const label = `<span class="cn-ship-id">${esc(ship.id)}</span>`;
      if (!ship.card) return `<div class="cn-ship" data-ship="${esc(ship.id)}" data-face="down">${Cannonades.backHTML("face down")}${label}</div>`;
      const extra = (ship.face === "down" ? "cn-secret" : "cn-up") + (pick ? " cn-pickable" : "") + (picked === ship.id ? " cn-picked" : "");
      return `<div class="cn-ship" data-ship="${esc(ship.id)}" data-face="${ship.face}">${Cannonades.cardHTML(ship.card, extra)}${label}` +
        `${ship.face === "down" ? '<span class="cn-note">face down: only you see it</span>' : ""}</div>`;
    }).join("") || '<p class="muted">no ships</p>';
    const turn = owner === s.turn && !s.over ? " to-play" : "";
    const hand = p.out ? "<b>out</b>" : `${p.hand} card${p.hand === 1 ? "" : "s"} in hand`;
    return `<section class="card cn-fleet${turn}${p.out ? " cn-out" : ""}" data-seat="${esc(owner)}">` +
      `<div class="row cn-fleet-head"><h2>${Cannonades.who(owner)}${mine ? " (you)" : ""}</h2>` +
      `<span class="cn-hand-size muted">${hand}${p.first_turn && !p.out ? " · first turn: no shots" : ""}</span></div>` +
      `<div class="cn-cards">${ships}</div></section>`;
  }

  function waiting(s) {
    if (s.over) return "";
    const d = s.decision, name = Cannonades.who(d.seat);
    if (s.cards === "physical" && d.kind === "act") {
      return `${name}'s ${s.final_turn ? "final " : ""}turn: ${s.actions_left} action${s.actions_left === 1 ? "" : "s"} left. Play the cards on the table; the camera counts them.`;
    }
    switch (d.kind) {
      case "reveal": return "The final turns are over: turn every ship face up for the tiebreak.";
      case "redeal": return `${name}: keep the opening hand or redeal it.`;
      case "grin": return `${name} chooses the grin's effect for ${esc(d.ship)} (${esc(d.hit)}) against ${Cannonades.who(d.against)}.`;
      case "discard": return `${name} discards ${d.count} (${esc(d.why)}).`;
      case "salvage": return `${name} may take a cannonade back from the discard pile.`;
      default: return `${name}: add a ship, shoot, draw by discarding, board, or end the turn.`;
    }
  }

  // The moves of the picked card or ship, or the decision's choices, as buttons.
  function moveButtons(s) {
    const legal = s.legal, buttons = [];
    const button = (text, command, cls) => buttons.push({ text, command, cls });
    const kind = s.decision.kind;
    if (kind === "redeal" || kind === "grin" || kind === "salvage") {
      for (const c of legal) {
        if (c.type === "keep") button("Keep this hand", c, "good");
        else if (c.type === "redeal") button("Redeal", c);
        else if (c.type === "grin") button(c.effect === "none" ? "No effect" : `Grin: ${c.effect}${c.target ? " " + c.target : ""}`, c);
        else if (c.type === "salvage") button(c.card ? `Take back ${c.card}` : "Take none", c);
      }
      return buttons;
    }
    if (kind === "discard") {
      if (picked) for (const c of legal.filter((c) => c.card === picked)) button(`Discard ${c.card}`, c, "bad");
      return buttons;
    }
    if (!picked) return buttons;
    for (const c of legal) {
      if (c.type === "add" && c.card === picked) button(`Add ${c.card} face down`, c, "good");
      if (c.type === "shoot" && c.card === picked) button(`Shoot ${c.target}`, c, "bad");
      if (c.type === "draw" && c.card === picked) button(`Discard ${c.card} and draw`, c);
      if (c.type === "board" && c.ship === picked) button(`Board ${c.target} with ${c.ship}`, c, "bad");
    }
    return buttons;
  }

  function prompt(s) {
    if (s.to_move !== s.seat) return s.over ? "" : `Waiting for ${esc(s.to_move)}.`;
    const kind = s.decision.kind;
    if (kind === "discard") return `Discard ${s.decision.count} card${s.decision.count === 1 ? "" : "s"} (${esc(s.decision.why)}): tap one.`;
    if (kind === "act") return picked ? `What does ${esc(picked)} do?` : `Tap a card of your hand${s.legal.some((c) => c.type === "board") ? " or a damaged ship" : ""}. ${s.actions_left} action${s.actions_left === 1 ? "" : "s"} left.`;
    return waiting(s);
  }

  function drawMine(s) {
    $("cn-mine").classList.remove("hidden");
    const mine = s.to_move === s.seat;
    $("cn-mine-title").textContent = `Your hand (${s.seat})`;
    $("cn-limit").textContent = `hand limit ${s.hand_limit}`;
    const playable = new Set(s.legal.map((c) => c.card).filter(Boolean));
    $("cn-hand").innerHTML = s.hand.map((card) =>
      Cannonades.cardHTML(card, (playable.has(card.id) ? "cn-pickable" : "") + (picked === card.id ? " cn-picked" : ""))).join("") ||
      '<p class="muted">no cards</p>';
    $("cn-prompt").innerHTML = prompt(s);
    const moves = $("cn-moves");
    moves.innerHTML = "";
    for (const b of mine ? moveButtons(s) : []) {
      const el = document.createElement("button");
      el.textContent = b.text;
      if (b.cls) el.className = b.cls;
      el.dataset.move = JSON.stringify(b.command);
      el.onclick = () => act(b.command);
      moves.appendChild(el);
    }
    $("cn-undo").disabled = !s.can_undo;
    $("cn-end").disabled = !s.legal.some((c) => c.type === "end");
  }

  function drawEnd(s) {
    $("cn-end-card").classList.toggle("hidden", !s.over);
    if (!s.over) return;
    $("cn-result").innerHTML = `${s.winners.map(Cannonades.who).join(" and ")} ${s.winners.length > 1 ? "share the win" : "wins"}: ${esc(s.why)} <span class="rule">${esc(s.rule)}</span>`;
    const rows = s.standings || [];
    $("cn-standings").innerHTML = rows.length ? "<tr><th>seat</th><th>ships</th><th>icons</th><th>same way</th><th>hand</th></tr>" +
      rows.map((r) => `<tr><td>${Cannonades.who(r.seat)}</td><td>${r.ships}</td><td>${r.icons}</td><td>${r.same_way}</td><td>${r.hand}</td></tr>`).join("") : "";
    $("cn-again").classList.remove("hidden");
  }

  // A table of physical cards: the players tell what the camera cannot see.
  function drawPhysical(s) {
    const physical = s.cards === "physical";
    $("cn-physical").classList.toggle("hidden", !physical || s.over);
    if (!physical || s.over) return;
    const d = s.decision, buttons = [];
    if (d.kind === "grin") {
      $("cn-physical-prompt").innerHTML = `${Cannonades.who(d.seat)}: turn up one of ${Cannonades.who(d.against)}'s face-down ships, ` +
        `or have them discard a card, on the table; or say here that you drew a card.`;
      buttons.push(["Drew a card", { type: "table-tell", what: "draw" }], ["No effect", { type: "table-tell", what: "none" }, "bad"]);
    } else {
      $("cn-physical-prompt").innerHTML = s.question ? `The camera asks: ${esc(s.question.message)}` : "";
      if (s.question) buttons.push(["Dismiss the question", { dismiss: true }]);
      if (d.kind === "act") buttons.push(["End turn", { type: "table-end" }, "primary"]);
      if (s.shootout && d.kind === "act") buttons.push(["Took a cannonade back", { type: "table-tell", what: "salvage" }]);
    }
    $("cn-physical-moves").innerHTML = "";
    for (const [text, command, cls] of buttons) {
      const el = document.createElement("button");
      el.textContent = text;
      if (cls) el.className = cls;
      el.onclick = () => Companion.post(command.dismiss ? "/api/cannonades/dismiss" : "/api/cannonades/table", command.dismiss ? {} : command)
        .then((reply) => { if (reply.message) Companion.toast(reply.message); }).catch(() => {});
      $("cn-physical-moves").appendChild(el);
    }
  }

  function draw(s) {
    const none = !s || !s.game;
    $("cn-no-game").classList.toggle("hidden", !none);
    if (none) { $("cn-fleets").innerHTML = ""; return; }
    // The seats' colours and badges come with the page: a game begun since (by the camera, or another
    // screen) loads the page again, once for those seats.
    const seats = s.seats.join(",");
    if (s.seats.some((seat) => !Companion.looks[seat]) && sessionStorage.getItem("cn-looks-for") !== seats) {
      sessionStorage.setItem("cn-looks-for", seats);
      location.reload();
      return;
    }
    if (picked && !s.legal.some((c) => c.card === picked || c.ship === picked)) picked = null;
    $("cn-fleets").innerHTML = s.seats.map((seat) => fleetHTML(s, seat)).join("");
    $("cn-waiting").innerHTML = waiting(s);
    $("cn-deck").innerHTML = `<span>${s.pile}</span>`;
    const top = s.discard[s.discard.length - 1];
    $("cn-discard-top").innerHTML = top ? Cannonades.cardHTML(top) : '<div class="cn-empty">empty</div>';
    $("cn-discard-count").textContent = `discard (${s.discard.length})`;
    if (s.seat) drawMine(s);
    drawPhysical(s);
    drawEnd(s);
  }

  Companion.on("state", draw);
  Companion.on("event", (event) => {
    if (seen.has(event.seq)) return;
    seen.add(event.seq);
    const said = Cannonades.describe(event);
    if (!said) return;
    const li = document.createElement("li");
    li.className = said.cls;
    li.dataset.seq = event.seq;
    li.innerHTML = `<span class="cn-mark">${event.seq} ${said.mark}</span> <b>${said.head}</b><br>${said.msg}`;
    $("cn-log").prepend(li);
    while ($("cn-log").children.length > LOG_ROWS) $("cn-log").lastChild.remove();
  });

  document.addEventListener("click", (e) => {
    const card = e.target.closest(".cn-pickable");
    if (!card) return;
    const id = card.dataset.card;
    const ship = card.closest(".cn-ship");
    const key = ship && ship.closest(`[data-seat="${CSS.escape(Companion.state.seat || "")}"]`) ? ship.dataset.ship : id;
    picked = picked === key ? null : key;
    draw(Companion.state);
  });
  $("cn-undo").onclick = () => act({ type: "undo" });
  $("cn-end").onclick = () => act({ type: "end" });
  $("cn-start").onclick = () => Companion.post("/api/cannonades/game", { seats: $("cn-seats").value.trim().split(/[\s,]+/) }).catch(() => {});
  $("cn-again").onclick = () => Companion.post("/api/cannonades/game", {}).catch(() => {});
  Companion.connect({ history: true });
})();
