// Shared by every screen: the live connection (SSE), the header, posting changes, and verdict helpers.
"use strict";

const Companion = (() => {
  const meta = (name) => (document.querySelector(`meta[name="${name}"]`) || {}).content;
  const looks = JSON.parse(meta("looks") || "{}");
  const handlers = { state: [], event: [], status: [] };
  const headers = {};   // a game other than Cannonball Colony draws its own header: headers[game](state, banner, phase)
  let state = null, status = {};

  const on = (kind, fn) => handlers[kind].push(fn);

  function connect(options) {
    // Screens with a feed ask for the whole log once; after that the browser's own
    // Last-Event-ID header resumes from the last event it saw.
    const url = options && options.history ? "/events?last_id=0" : "/events";
    const source = new EventSource(url);
    const conn = document.getElementById("conn");
    source.onopen = () => { conn.textContent = "live"; conn.className = "conn live"; };
    source.onerror = () => { conn.textContent = "reconnecting…"; conn.className = "conn down"; };
    source.addEventListener("game", (e) => {
      const message = JSON.parse(e.data);
      handlers.event.forEach((fn) => fn(message.event, message));
      if (message.state) setState(message.state);
    });
    source.addEventListener("state", (e) => setState(JSON.parse(e.data)));
    source.addEventListener("status", (e) => {
      status = JSON.parse(e.data);
      showBot(status.bot);
      handlers.status.forEach((fn) => fn(status));
    });
    return source;
  }

  function setState(next) {
    state = next;
    header(next);
    handlers.state.forEach((fn) => fn(next));
  }

  function header(s) {
    const banner = document.getElementById("turn-banner"), phase = document.getElementById("phase");
    if (s && headers[s.game]) { headers[s.game](s, banner, phase); return; }
    if (!s || !s.game) { banner.textContent = "No game yet"; phase.textContent = ""; return; }
    const look = looks[s.player];
    if (s.phase === "over" && s.result) {
      banner.innerHTML = `Game over: ${s.result.winners.map((w) => Board.badgeSVG(looks[w], 28) + " " + looks[w].title).join(" and ")}`;
    } else {
      banner.innerHTML = `${Board.badgeSVG(look, 32)}<span>${look.title} to play</span>`;
    }
    phase.textContent = `${s.phase} · turn ${s.history.length + 1}` + (s.supply != null ? ` · ${s.supply} roads left` : "");
  }

  async function send(method, url, body) {
    const response = await fetch(url, {
      method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": meta("csrf-token") },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = {};
    try { data = await response.json(); } catch (e) { data = { error: `${response.status} ${response.statusText}` }; }
    if (!response.ok) { toast(data.error || `Refused (${response.status})`, true); throw Object.assign(new Error(data.error), { data }); }
    return data;
  }
  const post = (url, body) => send("POST", url, body || {});
  async function get(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    const data = await response.json();
    if (!response.ok) { toast(data.error || `Refused (${response.status})`, true); throw Object.assign(new Error(data.error), { data }); }
    return data;
  }

  let toastTimer = null;
  function toast(message, bad) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.className = "show" + (bad ? " bad" : "");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.className = ""; }, bad ? 6000 : 3500);
  }

  // --- computer seats (companion/bots.py): what the bot said, and the Players screen's choice ----

  const BOT_NEWS = { thinking: "is thinking…", waiting: "says", placed: "placed", played: "played", wrong: "is still waiting",
    refused: "was refused", error: "failed" };
  function showBot(bot) {
    const box = document.getElementById("bot-say");
    if (!box) return;
    if (!bot || !bot.seat || !BOT_NEWS[bot.state]) { box.hidden = true; return; }
    const who = looks[bot.seat] ? looks[bot.seat].title : bot.seat;
    const said = bot.state === "thinking" ? "" : esc(bot.sentence || "");
    const why = ["wrong", "refused", "error"].includes(bot.state) ? `<br><span class="bot-why">${esc(bot.message || "")}</span>` : "";
    box.innerHTML = `<strong>Computer (${esc(who)}, ${esc(bot.level || "")}) ${BOT_NEWS[bot.state]}</strong> <span class="bot-sentence">${said}</span>${why}`;
    box.className = "notice bot-say" + (["wrong", "refused", "error"].includes(bot.state) ? " bad" : "");
    box.dataset.state = bot.state;
    box.hidden = false;
  }

  // A seat chooser for any game's Players screen: <section id="computer-seats"> filled from /api/bots.
  async function computerSeats(box) {
    const response = await fetch("/api/bots", { credentials: "same-origin" });
    if (!response.ok) { box.hidden = true; return; }   // no computer seats on this server
    const offer = await response.json();
    const name = (seat) => (looks[seat] ? looks[seat].title : seat);
    box.innerHTML = "<h2>Computer players</h2>" + offer.seats.map((seat) => `<label class="bot-seat">${esc(name(seat))}
      <select data-seat="${esc(seat)}"><option value="">a person</option>${offer.levels.map((level) =>
        `<option value="${esc(level)}"${offer.computer[seat] === level ? " selected" : ""}>the computer: ${esc(level)}</option>`).join("")}
      </select></label>`).join("");
    box.querySelectorAll("select").forEach((select) => select.addEventListener("change", async () => {
      await post("/api/bots", { seat: select.dataset.seat, level: select.value || null });
      toast(`${name(select.dataset.seat)}: ${select.value ? "the computer (" + select.value + ")" : "a person"}`);
    }));
  }

  // --- verdicts ---------------------------------------------------------------------------

  const esc = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

  // Ruling ids (CC-6, CC-P4, ...) decide verdicts; they appear in the reasons and in the notes.
  function rulings(verdict) {
    const ids = new Set();
    for (const r of verdict.reasons || []) if (/^CC-/.test(r.rule)) ids.add(r.rule);
    for (const m of (verdict.note || "").matchAll(/\((CC-[A-Z0-9]+)\)/g)) ids.add(m[1]);
    return [...ids];
  }

  // A verdict's evidence as marks for Board.draw: a fort path, a line of fire, or cells to look at.
  function marks(verdict) {
    const reasons = verdict.reasons || [];
    const main = reasons.find((r) => r.rule === "CC-6") || reasons.find((r) => r.rule === "CC-7" && r.cells.length >= 2);
    if (main && main.rule === "CC-6") return { path: main.cells, ends: [main.cells[0], main.cells[main.cells.length - 1]], tone: "bad" };
    if (main) return { line: true, path: main.cells.slice(1, -1), ends: [main.cells[0], main.cells[main.cells.length - 1]], tone: "bad" };
    if (reasons.length) return { highlight: reasons.flatMap((r) => r.cells), tone: "bad" };
    const ev = verdict.evidence || [];
    if (ev.length >= 2) return { line: true, path: ev.slice(1, -1), ends: [ev[0], ev[ev.length - 1]], tone: "good" };
    return { highlight: ev, tone: "good" };
  }

  // One event of the log, in words: what happened, whether it stood, and why. A game's script may
  // say its own events first (describeWith: a function returning null for the ones it leaves).
  const describers = [];
  const describeWith = (fn) => describers.push(fn);
  function describe(event) {
    for (const fn of describers) { const said = fn(event); if (said) return said; }
    const who = event.player && looks[event.player] ? looks[event.player] : null;
    const verdict = event.verdict || { reasons: [], note: "" };
    const name = who ? `${Board.badgeSVG(who, 24)} ${who.title}` : "";
    const seen = event.source === "camera" ? " (camera)" : "";
    switch (event.type) {
      case "move": return { cls: "legal", mark: "✓", head: `${name}: ${esc(event.move)}${seen}`, msg: esc(verdict.note || "Legal."), verdict };
      case "proposal": return { cls: "refused", mark: "✗", head: `${name}: ${esc(event.move)} refused${seen}`,
        msg: verdict.reasons.map((r) => esc(r.message)).join(" "), verdict };
      case "confirm": return { cls: "legal", mark: "✔", head: `${name} confirmed the turn`, msg: esc(event.moves.join(", ") || "pass"), verdict };
      case "undo": return { cls: "legal", mark: "↶", head: `${name} undid the turn's build`, msg: esc(verdict.note), verdict };
      case "game": return { cls: "", mark: "★", head: "New game", msg: "A game was started" + (event.source === "camera" ? " from the camera." : ".") };
      case "correction": return { cls: "question", mark: "✎", head: "Correction", msg: esc(event.note || "The island was corrected by hand.") };
      case "question": return { cls: "question", mark: "?", head: "The camera asks", msg: esc(event.message), cells: event.cells };
      case "bot": return { cls: "", mark: "⚙", head: `Computer (${esc(looks[event.seat] ? looks[event.seat].title : event.seat)}, ${esc(event.level)})`,
        msg: esc(event.sentence), cells: event.places };
      case "dismissal": return { cls: "", mark: "–", head: "Question dismissed", msg: "" };
      default: return { cls: "", mark: "·", head: esc(event.type), msg: esc(event.message || "") };
    }
  }

  const ruleChips = (ids) => ids.map((id) => `<span class="rule" title="ruling ${id}">${id}</span>`).join("");
  const when = (event) => (event.at ? new Date(event.at).toLocaleTimeString() : "");

  const setHeader = (game, fn) => { headers[game] = fn; };

  // A .fit card ends at the screen's bottom (style.css), so it needs its own top on the page, which
  // whatever sits above it decides (the header, a notice, a question box): measured again whenever
  // any of those changes size.
  function fitToScreen() {
    for (const box of document.querySelectorAll(".fit")) {
      box.style.setProperty("--fit-top", `${Math.round(box.getBoundingClientRect().top + window.scrollY)}px`);
    }
  }
  document.addEventListener("DOMContentLoaded", () => {
    if (!document.querySelector(".fit")) return;
    const watch = new ResizeObserver(fitToScreen);
    for (const part of [...document.body.children, ...document.querySelector("main").children]) watch.observe(part);
    window.addEventListener("resize", fitToScreen);
    fitToScreen();
  });

  // The Table screens' live view: the camera's status under it, and an MJPEG stream that broke
  // (server restart) reopened, so the picture comes back by itself.
  function watchCamera() {
    on("status", (s) => {
      const camera = s.camera || {};
      const caption = document.getElementById("camera-status");
      caption.textContent = `Camera: ${camera.message || camera.state || "unknown"}` + (camera.tracking ? ` · ${camera.tracking}` : "");
      caption.className = ["lost", "gave up"].includes(camera.state) ? "state-bad" : "muted";
    });
    const video = document.getElementById("video");
    video.onerror = () => setTimeout(() => { video.src = "/video.mjpg?t=" + Date.now(); }, 2000);
  }

  return { on, connect, setHeader, describeWith, watchCamera, computerSeats, post, get, toast, looks, marks, rulings, describe, ruleChips, esc, when,
    get state() { return state; }, get status() { return status; } };
})();
