// Black Cannon's Play screen: enter the roll, tap a highlighted square to try a move (its verdict and
// path shown, nothing logged), confirm it; the shot owed: choose a target, aim, say how it fell; undo.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const BC = BlackCannon, esc = BC.esc;
  const svg = $("sea");
  let board = null, boardKey = null;
  let dice = [null, null];   // the faces picked for the roll
  let fleet = null;          // the mover's fleet whose legal squares are shown
  let trying = null;         // {fleet, to, reply, seq}: a move tried out, not yet logged
  let shot = { target: null, sunk: null, chest: null, seq: null };

  const boardLine = (state) => (state.board.split("\n").find((l) => l.startsWith("board:")) || "default");
  async function ensureBoard(state) {
    const key = boardLine(state);
    if (board && key === boardKey) return;
    board = await Companion.get("/api/bc/board");
    boardKey = key;
  }

  // How many dice each of the mover's fleets rolls: a galleon, or any ship in its home port, both (BC-6).
  const diceWanted = (state, f) => (state.ships[f].kind === "galleon" || board.ports[f] === state.ships[f].square ? 2 : 1);

  let toldAt = -1;           // the event a verdict on the card answers (this tablet's own request)
  function showVerdict(text, legal, reply) {
    toldAt = reply && reply.event ? reply.event.seq : (Companion.state ? Companion.state.seq : 0);
    $("verdict").innerHTML = BC.withRules(text);
    $("verdict").className = "verdict " + (legal ? "good" : "bad");
  }

  // --- the panels ---------------------------------------------------------------------

  function scores(state) {
    $("scores").innerHTML = Object.entries(state.scores).map(([player, n]) => {
      const fleets = BC.fleetsOf(state, player);
      const cls = "score" + (!state.over && state.player === player ? " to-play" : "") + (state.winner === player ? " winner" : "");
      const ships = fleets.map((f) => `${BC.badge(f, 26)}<span class="muted">${state.ships[f].kind} ${state.ships[f].square}${state.carrying.includes(f) ? " ▣" : ""}</span>`).join(" ");
      return `<div class="${cls}" data-player="${esc(player)}"><div class="who"><b>${esc(BC.cap(player))}</b><span>${ships}</span></div>` +
        `<span class="total" title="chests home" data-home="${n.home}">${n.home}</span></div>`;
    }).join("");
  }

  function rollPanel(state) {
    const wanted = new Set(BC.fleetsOf(state, state.player).map((f) => diceWanted(state, f)));
    const second = wanted.has(2), onlyOne = !wanted.has(2), eitherWay = wanted.size === 2;
    if (onlyOne) dice[1] = null;
    const faces = (i) => [1, 2, 3, 4, 5, 6].map((n) => `<button class="die${dice[i] === n ? " on" : ""}" data-face="${n}" aria-pressed="${dice[i] === n}">${"⚀⚁⚂⚃⚄⚅"[n - 1]}<small>${n}</small></button>`).join("");
    $("die-1").innerHTML = `<span class="die-name">Die 1</span>${faces(0)}`;
    $("die-2").innerHTML = `<span class="die-name">Die 2</span>${faces(1)}` + (eitherWay ? `<button class="die none${dice[1] === null ? " on" : ""}" data-face="0">none</button>` : "");
    $("die-2").classList.toggle("hidden", !second);
    for (const [i, row] of [[0, $("die-1")], [1, $("die-2")]]) {
      for (const b of row.querySelectorAll("button")) b.onclick = () => { dice[i] = Number(b.dataset.face) || null; rollPanel(Companion.state); };
    }
    const count = dice.filter((d) => d !== null).length;
    $("roll").disabled = dice[0] === null || !(wanted.has(count));
  }

  function movePanel(state) {
    const mine = Object.keys(state.legal);
    if (!fleet || !mine.includes(fleet)) fleet = mine.find((f) => state.legal[f].length) || mine[0];
    $("fleets").innerHTML = mine.length > 1 ? mine.map((f) => `<button class="fleet${f === fleet ? " on" : ""}" data-fleet="${f}">${BC.badge(f, 22)} ${esc(BC.title(f))} (${state.legal[f].length})</button>`).join("") : "";
    for (const b of $("fleets").querySelectorAll("button")) b.onclick = () => { fleet = b.dataset.fleet; trying = null; render(Companion.state); };
    const stuck = state.legal[fleet] && !state.legal[fleet].length;
    $("stay").classList.toggle("hidden", !stuck);
    $("trial").classList.toggle("hidden", !trying);
    $("chest-choice").classList.toggle("hidden", !(trying && trying.reply.chest_here));
    if (trying) {
      const r = trying.reply;
      $("trial").innerHTML = `<b>${esc(BC.title(r.fleet))} to ${esc(r.to)}:</b> ${BC.withRules(r.message)}` +
        (r.black_cannon ? " <b>A Black Cannon square: a shot follows.</b>" : "") + (r.home ? " <b>It brings its chest home.</b>" : "");
    }
    $("confirm").disabled = !trying;
    $("cancel").disabled = !trying;
  }

  function shotPanel(state) {
    const owed = state.shots[0];
    if (shot.seq !== state.seq) shot = { target: null, sunk: null, chest: null, seq: state.seq };
    const where = owed.cause === "battle" ? `across edge ${esc(owed.edge)} (sea battle${state.shots.length > 1 ? `, then ${esc(BC.title(state.shots[1].shooter))} fires back` : ""})`
      : `from the Black Cannon on ${esc(state.ships[owed.shooter].square)}`;
    $("shot-what").innerHTML = `${BC.badge(owed.shooter, 24)} <b>${esc(BC.title(owed.shooter))}</b> fires ${where}. Choose the target:`;
    $("targets").innerHTML = owed.targets.map((t) => `<button class="target${shot.target === t ? " on" : ""}" data-target="${t}">${BC.badge(t, 22)} ${esc(BC.title(t))}'s ${state.ships[t].kind} on ${state.ships[t].square}</button>`).join("");
    for (const b of $("targets").querySelectorAll("button")) b.onclick = () => { shot = { ...shot, target: b.dataset.target, sunk: null, chest: null }; render(Companion.state); };
    const hasCannon = [...document.querySelectorAll("nav.tabs a")].some((a) => a.getAttribute("href") === "/cannon");
    $("aim-link").classList.toggle("hidden", !(shot.target && hasCannon));
    if (shot.target) $("aim-link").innerHTML = `<a href="/cannon?ship=${encodeURIComponent(shot.target)}">Aim the servo cannon at ${esc(BC.title(shot.target))} →</a> then say how the shot fell:`;
    $("outcomes").classList.toggle("hidden", !shot.target);
    $("sunk").classList.toggle("on", shot.sunk === true);
    $("standing").classList.toggle("on", shot.sunk === false);
    // A sunk frigate carrying a chest loses it: the shooter says where it goes (onto its own ship, or a treasure square).
    const loses = shot.target && shot.sunk && state.ships[shot.target].kind === "frigate" && state.carrying.includes(shot.target);
    $("chest-fate").classList.toggle("hidden", !loses);
    if (loses) {
      const shooter = state.ships[owed.shooter], canTake = shooter.kind !== "raft" && !state.carrying.includes(owed.shooter);
      const places = (canTake ? ["ship"] : []).concat(board.treasure);
      $("chest-fate-text").textContent = `${BC.title(shot.target)}'s frigate loses its chest: where does ${BC.title(owed.shooter)} put it?`;
      $("chest-places").innerHTML = places.map((p) => `<button class="place${shot.chest === p ? " on" : ""}" data-place="${p}">${p === "ship" ? `onto ${esc(BC.title(owed.shooter))}'s ship` : `on ${p}`}</button>`).join("");
      for (const b of $("chest-places").querySelectorAll("button")) b.onclick = () => { shot.chest = b.dataset.place; render(Companion.state); };
    }
    $("record-shot").disabled = !(shot.target && shot.sunk !== null && (!loses || shot.chest));
  }

  function prompt(state) {
    const who = BC.cap(state.player);
    if (state.over) return state.why;
    if (state.phase === "roll") return `${who}: roll the dice and enter them.`;
    if (state.phase === "move") {
      const r = `${who} rolled ${state.roll.join(" and ")}.`;
      if (state.legal[fleet] && !state.legal[fleet].length) return `${r} ${BC.title(fleet)} has no move at all: it stays put.`;
      return trying ? `${r} Check the ship on the table, then confirm.` : `${r} Tap a ringed square to sail ${BC.title(fleet)} there.`;
    }
    return `${BC.title(state.shots[0].shooter)} must fire: the shot is compulsory.`;
  }

  function render(state) {
    const none = !state.game;
    $("no-game").classList.toggle("hidden", !none);
    svg.classList.toggle("hidden", none);
    $("question").classList.toggle("hidden", !state.question);
    if (state.question) $("question-text").textContent = state.question.message;
    if (none) { $("prompt").textContent = "Start a game from the rulebook's setup."; $("new-game").classList.remove("hidden"); return; }
    if (trying && (state.phase !== "move" || trying.seq !== state.seq)) trying = null;
    if (state.phase !== "roll") dice = [null, null];
    ensureBoard(state).then(() => {
      const live = !state.over;
      $("roll-panel").classList.toggle("hidden", !(live && state.phase === "roll"));
      $("move-panel").classList.toggle("hidden", !(live && state.phase === "move"));
      $("shot-panel").classList.toggle("hidden", !(live && state.phase === "shot"));
      if (live && state.phase === "roll") rollPanel(state);
      if (live && state.phase === "move") movePanel(state);
      if (live && state.phase === "shot") shotPanel(state);
      $("prompt").textContent = prompt(state);
      $("undo").disabled = !state.can_undo;
      $("new-game").classList.toggle("hidden", live);
      scores(state);
      draw(state);
      const last = state.last_move;
      if (state.seq > toldAt && last) {   // a page opened mid-game, or another tablet's move: what happened last
        $("verdict").textContent = last.path.length ? `Last move: ${BC.title(last.fleet)} sailed from ${last.from} over ${last.path.join(" → ")}.`
          : `Last move: ${BC.title(last.fleet)} could not move and stayed on ${last.from}.`;
        $("verdict").className = "verdict muted";
      }
    });
  }

  function draw(state) {
    const marks = { tap };
    if (state.phase === "move" && !state.over) {
      marks.legal = state.legal[fleet] || [];
      marks.fleet = fleet;
      if (trying) Object.assign(marks, { pending: trying.to, path: trying.reply.path, from: state.ships[trying.fleet].square });
    } else if (state.phase === "shot" && !state.over) {
      Object.assign(marks, { targets: state.shots[0].targets, shooter: state.shots[0].shooter, aimed: shot.target });
    } else if (state.last_move && state.last_move.path.length) {
      Object.assign(marks, { path: state.last_move.path, from: state.last_move.from, pathTone: "done" });
    }
    BC.draw(svg, board, state, marks);
    svg.dataset.mode = trying ? "trying" : state.phase;
    $("board-caption").textContent = state.phase === "move" && !state.over
      ? `Ringed in ${BC.title(fleet)}'s colour: where it may sail for ${state.roll.join("+")}. ✕ treasure (chests left), ● Black Cannon, lettered lines: the edges where ships do battle.`
      : "✕ treasure squares with the chests left on them, ● Black Cannon squares, lettered lines: the edges where facing ships do battle; a ▣ on a ship is a chest aboard.";
  }

  // --- what a tap does ----------------------------------------------------------------

  async function tap(square) {
    const state = Companion.state;
    if (!state || state.over) return;
    const here = BC.fleetAt(state, square);
    if (state.phase === "shot") {
      if (state.shots[0].targets.includes(here)) { shot = { ...shot, target: here, sunk: null, chest: null }; render(state); }
      return;
    }
    if (state.phase !== "move") { Companion.toast("Enter the roll first.", true); return; }
    if (here && here !== fleet && state.legal[here]) { fleet = here; trying = null; render(state); return; }
    try {
      const reply = await Companion.post("/api/bc/check", { fleet, to: square });
      trying = { fleet, to: square, reply, seq: state.seq };
      $("take-chest").checked = true;
    } catch (e) {   // refused: the reason goes on the verdict card too, with the squares that decide it
      trying = null;
      const data = e.data || {};
      showVerdict(data.error || e.message, false);
    }
    render(Companion.state);
  }

  $("roll").onclick = async () => {
    const sent = dice.filter((d) => d !== null);
    try { const r = await Companion.post("/api/bc/roll", { dice: sent }); showVerdict(r.message, true, r); } catch (e) { showVerdict(e.message, false); }
  };
  $("confirm").onclick = async () => {
    if (!trying) return;
    const body = { fleet: trying.fleet, to: trying.to };
    if (trying.reply.chest_here) body.take_chest = $("take-chest").checked;
    try { const r = await Companion.post("/api/bc/move", body); trying = null; showVerdict(r.message, true, r); } catch (e) { showVerdict(e.message, false); }
  };
  $("cancel").onclick = () => { trying = null; render(Companion.state); };
  $("stay").onclick = async () => {
    const state = Companion.state;
    try { const r = await Companion.post("/api/bc/move", { fleet, to: state.ships[fleet].square }); showVerdict(r.message, true, r); } catch (e) { showVerdict(e.message, false); }
  };
  $("sunk").onclick = () => { shot.sunk = true; render(Companion.state); };
  $("standing").onclick = () => { shot.sunk = false; shot.chest = null; render(Companion.state); };
  $("record-shot").onclick = async () => {
    try {
      const r = await Companion.post("/api/bc/shot", { target: shot.target, sunk: shot.sunk, chest: shot.sunk ? shot.chest : null });
      showVerdict(r.message, true, r);
    } catch (e) { showVerdict(e.message, false); }
  };
  $("miss").onclick = async () => {
    try { const r = await Companion.post("/api/bc/shot", { target: null, sunk: false }); showVerdict(r.message, true, r); } catch (e) { showVerdict(e.message, false); }
  };
  $("undo").onclick = async () => {
    trying = null;
    try { const r = await Companion.post("/api/bc/undo"); showVerdict(r.message, true, r); } catch (e) { showVerdict(e.message, false); }
  };
  $("new-game").onclick = () => Companion.post("/api/bc/game").catch(() => {});
  $("dismiss").onclick = () => Companion.post("/api/bc/dismiss").catch(() => {});
  Companion.on("state", render);
  Companion.connect();
})();
