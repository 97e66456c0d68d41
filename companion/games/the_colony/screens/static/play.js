// The Colony's Play screen: tap a log to try a sowing, choose the ways as the eggs reach a choice,
// confirm it; then move an ant or not; undo; the last sowing drawn egg by egg.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const svg = $("logs");
  const STEP_MS = 320;   // one egg dropped every so often when a sowing is drawn
  let layout = null, layoutKey = null;
  let trying = null;     // {space, via, reply}: a sowing tried out, not yet logged
  let antFrom = null;    // the mover's ant picked to step
  let anim = { key: null, shown: 0, timer: null };

  const layoutLine = (state) => (state.board.split("\n").find((l) => l.startsWith("layout:")) || "default");

  async function ensureLayout(state) {
    const key = layoutLine(state);
    if (layout && key === layoutKey) return;
    layout = await Companion.get("/api/colony/layout");
    layoutKey = key;
  }

  // --- what to draw ---------------------------------------------------------------------

  function trialMarks(state) {
    const r = trying.reply;
    const marks = { eggs: r.eggs, ants: r.ants, path: r.path, start: trying.space, selected: trying.space,
      relays: Colony.relaysOf(state.eggs, trying.space, r.path) };
    if (r.done) marks.end = r.path[r.path.length - 1];
    else marks.options = r.options;
    return marks;
  }

  function lastSowingMarks(state) {
    const last = state.last_sowing;
    if (!last) return {};
    const all = last.path.length, shown = anim.timer ? anim.shown : all;
    const frames = Colony.replay(last.eggs_before, last.space, last.path);
    const marks = { path: last.path.slice(0, shown), start: last.space, relays: shown ? frames[shown - 1].relays : [] };
    if (anim.timer) {   // the counts as the eggs fall, and no new ant before the last egg
      marks.eggs = shown ? frames[shown - 1].eggs : { ...last.eggs_before, [last.space]: 0 };
      marks.ants = Object.fromEntries(Object.entries(state.ants).filter(([s]) => s !== last.ant_placed));
    }
    if (shown === all) marks.end = last.path[all - 1];
    return marks;
  }

  function antMarks(state) {
    const from = [...new Set(state.ant_moves.map((m) => m[0]))];
    const options = antFrom ? state.ant_moves.filter((m) => m[0] === antFrom).map((m) => m[1]) : [];
    return { from, options, selected: antFrom };
  }

  function draw() {
    const state = Companion.state;
    if (!layout || !state || !state.game) return;
    let marks;
    if (trying) marks = trialMarks(state);
    else {
      marks = lastSowingMarks(state);
      if (state.phase === "sow" && !state.over) marks.legal = state.legal;
      if (state.phase === "move-ant" && !state.over) Object.assign(marks, antMarks(state));
    }
    marks.tap = tap;
    Colony.draw(svg, layout, state, marks);
    svg.dataset.stepsShown = String((marks.path || []).length);
    svg.dataset.animating = String(Boolean(anim.timer));
    svg.dataset.mode = trying ? "trying" : state.phase;
  }

  // --- the panels ---------------------------------------------------------------------

  function scores(state) {
    $("scores").innerHTML = Object.keys(state.scores).map((colour) => {
      const under = Object.entries(state.ants).filter(([, c]) => c === colour).reduce((n, [s]) => n + state.eggs[s], 0);
      const onBoard = Object.values(state.ants).filter((c) => c === colour).length;
      const cls = "score" + (!state.over && state.player === colour ? " to-play" : "") + (state.winners.includes(colour) ? " winner" : "");
      return `<div class="${cls}" data-colour="${colour}">${Colony.badge(colour, 34)}` +
        `<div class="who"><b>${Colony.title(colour)}</b><span class="muted">${state.scores[colour] - under} collected + ${under} under ants · ${6 - onBoard} ants in hand</span></div>` +
        `<span class="total" data-total="${state.scores[colour]}">${state.scores[colour]}</span></div>`;
    }).join("");
  }

  function prompt(state) {
    const p = $("prompt"), who = Colony.title(state.player);
    $("choice").classList.add("hidden");
    $("trial").classList.add("hidden");
    if (state.over) { p.innerHTML = Companion.esc(state.why); return; }
    if (trying) {
      const r = trying.reply;
      $("trial").classList.remove("hidden");
      $("trial").innerHTML = `<b>From ${Companion.esc(trying.space)}:</b> ${Companion.esc(r.path.join(" → ") || "…")}` +
        (r.done ? `<br>${Colony.stepsHtml(r.steps)}` : "");
      if (r.done) { p.textContent = `${who}: check the eggs on the table, then confirm.`; return; }
      p.textContent = `${who}: the eggs leaving ${r.choice_at} may go two ways. Which way?`;
      $("choice").classList.remove("hidden");
      $("options").innerHTML = r.options.map((o) => `<button class="primary way" data-way="${o}">to ${o}${o === layout.spaces.find((s) => s.kind === "centre").id ? " (centre)" : ""}</button>`).join("");
      for (const b of $("options").querySelectorAll("button")) b.onclick = () => choose(b.dataset.way);
      return;
    }
    if (state.phase === "move-ant") {
      const must = state.ants_mandatory;
      p.textContent = antFrom ? `Tap a highlighted space next to ${antFrom} for the ant, or the ant again to keep it.`
        : must ? `${who} must move an ant: tap one of yours, then where it goes.`
          : `${who} may move an ant one space (tap it, then where it goes), or not. Once anyone moves one, everyone must.`;
      return;
    }
    p.textContent = `${who}: tap a highlighted log to sow its eggs.`;
  }

  function buttons(state) {
    const live = state.game && !state.over;
    $("confirm").disabled = !(trying && trying.reply.done);
    $("cancel").disabled = !trying;
    $("ant-actions").classList.toggle("hidden", !(live && state.phase === "move-ant"));
    $("sow-actions").classList.toggle("hidden", !(live && state.phase === "sow"));
    $("pass").disabled = state.ants_mandatory;
    $("pass").title = state.ants_mandatory ? "Ant moves are mandatory now that someone has moved one" : "";
    $("undo").disabled = !state.undo;
    $("undo").textContent = state.undo ? `Undo ${state.undo}` : "Undo";
    $("new-game").classList.toggle("hidden", live);
  }

  function lastCard(state) {
    const last = state.last_sowing;
    $("replay").disabled = !last;
    if (!last) { $("path").innerHTML = ""; $("ended").textContent = "Nothing sown yet."; $("last-title").textContent = "Last sowing"; return; }
    $("last-title").innerHTML = `Last sowing: ${Colony.badge(last.player, 24)} from ${Companion.esc(last.space)}`;
    const shown = anim.timer ? anim.shown : last.path.length;
    const frames = Colony.replay(last.eggs_before, last.space, last.path);
    const relayAt = (i) => frames[i].relays.length > (i ? frames[i - 1].relays.length : 0);
    $("path").innerHTML = last.path.map((s, i) => {
      const cls = [i < shown ? "shown" : "", relayAt(i) ? "relay" : "", i === last.path.length - 1 ? "end" : ""];
      return `<li class="${cls.filter(Boolean).join(" ")}" data-step="${i + 1}">${Companion.esc(s)}</li>`;
    }).join("");
    $("ended").innerHTML = shown === last.path.length ? Colony.stepsHtml(last.steps) : `Egg ${shown} of ${last.path.length}…`;
    $("ended").className = "ended";
  }

  function render(state) {
    const none = !state.game;
    $("no-game").classList.toggle("hidden", !none);
    svg.classList.toggle("hidden", none);
    $("question").classList.toggle("hidden", !state.question);
    if (state.question) $("question-text").textContent = state.question.message;
    if (none) { $("prompt").textContent = "Start a game from the rulebook's setup."; $("new-game").classList.remove("hidden"); return; }
    if (trying && (state.phase !== "sow" || state.over || trying.player !== state.player || trying.seq !== state.seq)) trying = null;
    if (antFrom && state.phase !== "move-ant") antFrom = null;
    ensureLayout(state).then(() => {
      const last = state.last_sowing, key = last ? JSON.stringify([last.player, last.space, last.path, last.eggs_before]) : null;
      // A new sowing is drawn egg by egg; a page opened on a game, or an undo, shows it whole.
      if (!first && key !== anim.key && lastEvent === "sowing") animate(key);
      else if (key !== anim.key) { clearInterval(anim.timer); anim = { key, shown: 0, timer: null }; }
      first = false;
      scores(state); prompt(state); buttons(state); lastCard(state); draw();
      $("board-caption").textContent = captionOf(state);
    });
  }
  let first = true, lastEvent = null;
  Companion.on("event", (event) => { lastEvent = event.type; });

  function captionOf(state) {
    const inHand = (c) => 6 - Object.values(state.ants).filter((x) => x === c).length;
    if (state.over) return "The game is over: the scores are the collected eggs plus the eggs under each colour's ants.";
    if (trying && !trying.reply.done) return "Highlighted: the ways the eggs may go. Numbers are eggs on each log.";
    if (trying) return "The sowing tried out: +N eggs dropped on a log, ↻ a relay picked up there, the ringed log where it ended.";
    if (state.phase === "move-ant") return `Ringed: your ants that may step (${inHand(state.player)} in hand).`;
    return "Ringed in the mover's colour: the logs that may be sown. Eggs follow the arrows; a log with a dotted inner ring lets the player choose the way.";
  }

  function animate(key) {
    clearInterval(anim.timer);
    const last = Companion.state.last_sowing;
    anim = { key, shown: 0, timer: null };
    if (!last) return;
    anim.timer = setInterval(() => {
      anim.shown += 1;
      if (anim.shown >= last.path.length) { clearInterval(anim.timer); anim.timer = null; }
      lastCard(Companion.state); draw();
    }, STEP_MS);
    lastCard(Companion.state); draw();
  }

  // --- what a tap does ----------------------------------------------------------------

  async function tryOut(space, via) {
    const state = Companion.state;
    try {
      const reply = await Companion.post("/api/colony/try", { space, via });
      trying = { space, via, reply, player: state.player, seq: state.seq };
    } catch (e) { return; }   // the reason is shown in the toast
    render(Companion.state);
  }

  function choose(way) { tryOut(trying.space, [...trying.via, way]); }

  async function tap(space) {
    const state = Companion.state;
    if (!state || state.over) return;
    if (trying && !trying.reply.done && trying.reply.options.includes(space)) return choose(space);
    if (state.phase === "sow") return tryOut(space, []);
    if (state.phase !== "move-ant") return;
    const movers = new Set(state.ant_moves.map((m) => m[0]));
    if (antFrom === space) antFrom = null;
    else if (movers.has(space)) antFrom = space;
    else if (antFrom) {
      try { await Companion.post("/api/colony/ant", { from: antFrom, to: space }); antFrom = null; } catch (e) { /* toast says why */ }
      return;
    } else {
      Companion.toast(state.ants[space] === state.player ? `The ant on ${space} has nowhere to step.` : `Tap one of ${Colony.title(state.player)}'s ants first.`, true);
    }
    render(state);
  }

  $("confirm").onclick = async () => {
    if (!trying || !trying.reply.done) return;
    const { space, via } = trying;
    try { await Companion.post("/api/colony/sow", { space, via }); trying = null; } catch (e) { /* toast */ }
  };
  $("cancel").onclick = () => { trying = null; render(Companion.state); };
  $("pass").onclick = () => Companion.post("/api/colony/pass").catch(() => {});
  $("undo").onclick = async () => {
    trying = null; antFrom = null;
    try { const r = await Companion.post("/api/colony/undo"); Companion.toast(r.message); } catch (e) { /* toast */ }
  };
  $("new-game").onclick = () => Companion.post("/api/colony/game").catch(() => {});
  $("replay").onclick = () => { if (Companion.state.last_sowing) animate(anim.key); };
  $("dismiss").onclick = () => Companion.post("/api/colony/dismiss").catch(() => {});
  Companion.on("state", render);
  Companion.connect();
})();
