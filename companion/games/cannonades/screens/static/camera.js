// Cannonades' Camera screen: the live view and its status, and the camera's open question to the players.
"use strict";
(() => {
  Companion.on("state", (state) => {
    document.getElementById("question").classList.toggle("hidden", !state.question);
    if (state.question) document.getElementById("question-text").textContent = state.question.message;
  });
  document.getElementById("dismiss").onclick = () => Companion.post("/api/cannonades/dismiss").catch(() => {});
  Companion.watchCamera();
  Companion.connect();
})();
