// Cannonball Colony's Cannon screen: tap a cell of the island to aim at it (the rest is cannon_panel.js).
"use strict";
(() => {
  const svg = document.getElementById("board");
  CannonPanel.start(() => {
    const target = CannonPanel.target();
    Board.draw(svg, Companion.state, { looks: Companion.looks, selected: target ? [target] : [], onTap: (cell) => CannonPanel.aim({ cell }) });
  });
})();
