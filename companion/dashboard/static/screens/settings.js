// Settings: camera, calibration and hardware status, kept fresh from the live status messages.
"use strict";
(() => {
  const CLASS = { ok: "state-ok", running: "state-ok", connected: "state-ok", missing: "state-warn", stale: "state-warn",
    waiting: "state-warn", "no reader": "state-warn", none: "state-warn", lost: "state-bad", unavailable: "state-warn", "gave up": "state-bad" };
  function show(part, status) {
    if (!status) return;
    const state = document.getElementById(`${part}-state`);
    state.textContent = status.state;
    state.className = "sentence " + (CLASS[status.state] || "");
    document.getElementById(`${part}-message`).textContent = status.message || "";
  }
  async function refresh() {
    const all = await Companion.get("/api/settings");
    for (const part of ["camera", "calibration", "hardware"]) show(part, all[part]);
  }
  Companion.on("status", (status) => { show("camera", status.camera); show("hardware", status.hardware); });
  refresh();
  Companion.connect();
})();
