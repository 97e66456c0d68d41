// Pieces: the teaching wizard. Its status is polled while the screen is open; the picture is its own MJPEG.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let learned = -1, running = false, saved = null;

  function show(s) {
    running = s.running;
    saved = s.saved;
    $("teach-start").textContent = s.running ? "Pause" : "Start";
    $("teach-save").disabled = s.learned === 0;
    $("teach-bar").setAttribute("aria-valuenow", s.learned);
    $("teach-bar").firstElementChild.style.width = `${(s.progress * 100).toFixed(1)}%`;
    $("teach-count").textContent = `${s.learned} of ${s.total} squares learned` +
      (s.running ? " · learning…" : s.learned === s.total ? " · every square: Save" : "");
    $("teach-sheet").textContent = s.sheet;
    $("teach-squares").innerHTML = s.squares.map((q) =>
      `<li class="${q.state.replace(" ", "-")}" data-label="${Companion.esc(q.label)}"><b>${Companion.esc(q.label)}</b>` +
      `<span>${Companion.esc(q.caption)}</span><em>${Companion.esc(q.why)}</em></li>`).join("");
    $("teach-heights").textContent = s.heights;
    $("teach-saved").textContent = s.saved ? `Saved ${s.saved.learned} looks to ${s.saved.path} at ${s.saved.at}: ${s.saved.use}.` : "";
    if (s.learned !== learned) { learned = s.learned; $("teach-card").src = `/api/pieces/learned.png?n=${learned}&t=${Date.now()}`; }
  }
  async function refresh() {
    try { show(await Companion.get("/api/pieces")); } catch (e) { /* the toast said why */ }
  }
  async function act(action) {
    try { show(await Companion.post(`/api/pieces/${action}`)); } catch (e) { /* the toast said why */ }
  }
  $("teach-start").onclick = () => act(running ? "stop" : "start");
  $("teach-reset").onclick = () => act("reset");
  $("teach-save").onclick = async () => { await act("save"); if (saved) Companion.toast(`Saved: ${saved.use}.`); };
  const video = $("teach-video");
  video.onerror = () => setTimeout(() => { video.src = "/api/pieces/live.mjpg?t=" + Date.now(); }, 2000);
  refresh();
  setInterval(refresh, 1000);
  Companion.connect();
})();
