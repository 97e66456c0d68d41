// Black Cannon's Cannon screen: the board's mirror, the shot owed and its targets; tap a ship (or a
// target's button) to aim the servo cannon at its square's centre (arming and firing are cannon_panel.js).
"use strict";
(() => {
  const svg = document.getElementById("sea");
  const BC = BlackCannon, esc = BC.esc;
  // A ship named by the Play screen's "aim the servo cannon" link: offered, never aimed at by loading a page.
  const suggested = new URLSearchParams(location.search).get("ship");
  let board = null;

  async function draw() {
    const state = Companion.state;
    const none = !state || !state.game;
    document.getElementById("no-game").classList.toggle("hidden", !none);
    svg.classList.toggle("hidden", none);
    if (none) return;
    if (!board) board = await Companion.get("/api/bc/board");
    const owed = state.shots[0];
    const tap = (square) => { const fleet = BC.fleetAt(state, square); if (fleet) CannonPanel.aim({ ship: fleet }); };
    BC.draw(svg, board, state, { tap, targets: owed ? owed.targets : [], shooter: owed ? owed.shooter : null, aimed: CannonPanel.target() });
    const said = document.getElementById("shot-owed"), list = document.getElementById("targets");
    if (!owed) {
      said.textContent = "No shot is owed now: tap any ship to aim at it.";
      list.innerHTML = "";
      return;
    }
    const from = state.ships[owed.shooter].square;
    said.innerHTML = `${BC.badge(owed.shooter, 22)} ${esc(BC.title(owed.shooter))} fires ` +
      (owed.cause === "battle" ? `across edge ${esc(owed.edge)}.` : `from the Black Cannon square ${esc(from)}: stand the cannon there.`) +
      " Aim at one of:";
    list.innerHTML = owed.targets.map((t) => `<li data-target="${t}"${t === suggested ? ' class="suggested"' : ""}><span>${BC.badge(t, 22)} ` +
      `<b>${esc(BC.title(t))}</b>'s ${state.ships[t].kind} on ${state.ships[t].square}</span><button data-aim="${t}">Aim at ${esc(BC.title(t))}</button></li>`).join("");
    for (const button of list.querySelectorAll("button[data-aim]")) button.onclick = () => CannonPanel.aim({ ship: button.dataset.aim });
  }

  CannonPanel.start(draw);
  if (suggested) {
    const out = document.getElementById("aim-result");
    out.innerHTML = `From the Play screen: <button id="aim-suggested">Aim at ${esc(BC.title(suggested))}</button>`;
    document.getElementById("aim-suggested").onclick = () => CannonPanel.aim({ ship: suggested });
  }
})();
