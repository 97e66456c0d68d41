// Cannonades on every page: the header (whose turn, actions left, the deck), cards drawn as HTML,
// and the log's events in words (the Record screen and the Table's verdicts share them).
"use strict";

const Cannonades = (() => {
  const esc = Companion.esc;
  const looks = () => Companion.looks;
  const GRIN = { 1: "Vendetta", 2: "Revenge" };

  function who(seat) {
    const look = looks()[seat];
    return look ? `${Board.badgeSVG(look, 22)} ${esc(look.title)}` : esc(seat || "");
  }

  // One card face up: its clans, its grins, the way it sails. data-card carries its id for the tests.
  function cardHTML(card, extra) {
    const clans = card.icons.map((c) => `<span class="cn-clan cn-${esc(c)}">${esc(c)}</span>`).join("");
    const grins = card.grins ? `<span class="cn-grin" title="${GRIN[card.grins]}">${"☺".repeat(card.grins)}</span>` : "";
    const sails = card.sails ? `<span class="cn-sails">${card.sails === "left" ? "←" : "→"}</span>` : "";
    return `<div class="cn-card cn-${card.kind} ${extra || ""}" data-card="${esc(card.id)}">` +
      `<span class="cn-id">${esc(card.id)}</span><span class="cn-kind">${card.kind === "ship" ? "ship" : "cannonade"}</span>` +
      `<span class="cn-clans">${clans}</span><span class="cn-marks">${grins}${sails}</span></div>`;
  }

  const backHTML = (label) => `<div class="cn-back">${label ? `<span>${esc(label)}</span>` : ""}</div>`;

  function header(s, banner, phase) {
    if (s.over) {
      banner.innerHTML = `Game over: ${s.winners.map(who).join(" and ")} ${s.winners.length > 1 ? "share it" : "wins"}`;
      phase.textContent = s.why;
      return;
    }
    const waiting = s.to_move && s.to_move !== s.turn ? ` · waiting for ${looks()[s.to_move] ? looks()[s.to_move].title : s.to_move}` : "";
    banner.innerHTML = `${who(s.turn)}<span>${s.final_turn ? "final turn" : "to play"} · ${s.actions_left} action${s.actions_left === 1 ? "" : "s"} left</span>`;
    phase.textContent = `deck ${s.pile} · discard ${s.discard.length} · hand limit ${s.hand_limit}` +
      (s.shootout ? " · final shootout" : "") + waiting;
  }

  // One effect of an event, in words, as this seat was sent it (a card it may not know is not there).
  function sentence(e) {
    const w = who(e.seat);
    switch (e.what) {
      case "draw": return `${w} draws ${e.count}${e.cards ? ": " + e.cards.map(esc).join(", ") : ""}.`;
      case "add": return `${w} adds ${esc(e.ship)} face down${e.card ? ` (${esc(e.card)})` : ""}.`;
      case "undo": return `${w} takes ${esc(e.ship)} back into hand.`;
      case "sunk": case "damaged": case "stands": {
        const verb = { sunk: "is sunk", damaged: "is damaged (turned face up)", stands: "stays afloat, damaged" }[e.what];
        const due = e.due && e.due.length ? ` Its grin is due: ${e.due.join(" and ")} (${GRIN[e.grins]}).` : "";
        return `<b>${who(e.by)} hits ${esc(e.ship)}${e.weapon ? " with " + esc(e.weapon) : " by a grin"}: ${esc(e.card)} ${verb}.</b>${due}`;
      }
      case "discard": return `${w} discards ${e.card ? esc(e.card) : "a card"} (${esc(e.why)}).`;
      case "grin": return `${w}'s grin on ${esc(e.ship)}: ${esc(e.effect)}${e.target ? " " + esc(e.target) : ""} against ${who(e.against)}.`;
      case "board": return `${w} boards ${esc(e.target)} with ${esc(e.ship)} (${esc(e.card)}).`;
      case "out": return `<b>${w} has no ship left and is out.</b>`;
      case "take": return `${w} takes a random card from ${who(e.source)}'s hand${e.card ? ": " + esc(e.card) : ""}.`;
      case "shootout": return `<b>${who(e.trigger)} drew the deck's last card: the final shootout begins.</b>`;
      case "salvage": return e.card ? `${w} takes ${esc(e.card)} back from the discard pile.` : "";
      case "redeal": return `${w} shows ${(e.cards || []).map(esc).join(", ")} and redeals.`;
      case "end": return `<b>The game is over: ${esc(e.why)}.</b>`;
      case "end-turn": return `${w} ends the turn.`;
      case "turn": return `${w}'s ${e.final ? "final " : ""}turn.`;
      default: return "";
    }
  }

  const RULE = { sunk: "rules:actions", damaged: "rules:actions", stands: "rules:actions", grin: "rules:captains-grin",
    out: "rules:elimination", shootout: "rules:end-of-game", redeal: "rules:setup" };

  const TITLES = { add: "adds a ship", shoot: "shoots", draw: "draws by discarding", board: "boards", end: "ends the turn",
    undo: "undoes", keep: "keeps the hand", redeal: "redeals", grin: "chooses the grin's effect", discard: "discards",
    salvage: "salvages" };

  const TABLE_TITLES = { seen: "The camera sees the table", "table-end": "End turn", "table-tell": "The table says" };

  // An event of a physical table: the verdicts its still table or telling brought, each with its rule.
  function describeTable(event) {
    if (!event.verdicts.length) return null;
    const asked = event.verdicts.some((v) => v.question);
    return { cls: asked ? "question" : "legal", mark: event.type === "seen" ? "◉" : "✓", head: TABLE_TITLES[event.type],
      msg: event.verdicts.map((v) => `${esc(v.sentence)} <span class="rule">${esc(v.rule)}</span>`).join(" "),
      verdict: { reasons: [] } };
  }

  function describe(event) {
    if (event.type === "table-game") {
      return { cls: "", mark: "★", head: "New game, physical cards", msg: `${(event.seats || []).map(who).join(", ")}.` };
    }
    if (TABLE_TITLES[event.type] && Array.isArray(event.verdicts)) return describeTable(event);
    if (event.type === "game") {
      return { cls: "", mark: "★", head: "New game", msg: `${(event.seats || []).map(who).join(", ")}; ${esc(event.variant)} rules.` };
    }
    if (!TITLES[event.type] || !("effects" in event)) return null;
    const said = event.effects.map(sentence).filter(Boolean);
    const rules = [...new Set(event.effects.map((e) => (e.what === "end" ? e.rule : RULE[e.what])).filter(Boolean))];
    const target = event.target ? ` at ${esc(event.target)}` : "";
    return { cls: "legal", mark: event.type === "shoot" ? "✹" : "✓", head: `${who(event.seat)} ${TITLES[event.type]}${target}`,
      msg: said.join(" ") + rules.map((r) => ` <span class="rule">${esc(r)}</span>`).join(""), verdict: { reasons: [] } };
  }

  Companion.setHeader("cannonades", header);
  Companion.describeWith(describe);
  return { cardHTML, backHTML, who, describe, sentence };
})();
