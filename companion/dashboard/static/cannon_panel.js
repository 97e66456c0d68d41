// The Cannon screen's shared half, for every game: live board status, Arm with a confirmation,
// Fire within the window, Disarm, and the aim request. Each game's script draws its own picture
// of what can be aimed at and calls aim() with {cell} or {ship}.
"use strict";

const CannonPanel = (() => {
  const $ = (id) => document.getElementById(id);
  const deg = (v) => (v == null ? "–" : `${Number(v).toFixed(1)}°`);
  let hw = null, leftAt = 0, confirmToken = null, confirmTimer = null;
  let redraw = () => {};

  const attached = () => hw && (hw.state === "connected" || hw.state === "reconnecting");
  const armLeft = () => (hw && hw.armed ? Math.max(0, hw.arm_left_s - (Date.now() - leftAt) / 1000) : 0);
  // What a target is called: a cell ("F3") or a ship ("ben/sloop"), as the game aims.
  const targetName = (t) => (t ? t.cell || t.ship || null : null);

  function armState() {
    const box = $("arm-state"), left = armLeft();
    if (!attached()) { box.textContent = "No cannon attached"; box.className = "arm-state off"; }
    else if (hw.state !== "connected") { box.textContent = "Board not connected: safe"; box.className = "arm-state off"; }
    else if (hw.armed && left > 0) { box.textContent = `ARMED: ${left.toFixed(1)} s to fire`; box.className = "arm-state armed"; }
    else if (hw.failsafe && hw.failsafe.active) { box.textContent = "Failsafe: cannon made safe"; box.className = "arm-state fault"; }
    else { box.textContent = "Safe: not armed"; box.className = "arm-state safe"; }
    const live = attached() && hw.state === "connected";
    // No Arm and no Fire before an aim: the panel says instead what to do, or why aiming is unavailable.
    const needsAim = live && !hw.target ? hw.needs_aim || "Aim the cannon first." : null;
    $("needs-aim").textContent = needsAim || "";
    $("needs-aim").classList.toggle("hidden", !needsAim);
    for (const id of ["arm", "fire"]) $(id).classList.toggle("hidden", Boolean(needsAim));
    $("disarm").parentElement.classList.toggle("hidden", Boolean(needsAim) && !hw.armed);   // a Disarm alone, with nothing armed
    $("arm").disabled = !live || Boolean(needsAim) || (hw.armed && left > 0) || confirmToken !== null;
    $("fire").disabled = !live || Boolean(needsAim) || !(hw.armed && left > 0);
    $("disarm").disabled = !live || !hw.armed;
  }

  function show(status) {
    if (!status) return;
    // A button's reply can be overtaken by the live stream's newer reading: never step back to it,
    // or "moving" would stay on screen after "on target" (the desk sends only changes).
    if (hw && hw.polled_at && status.polled_at && status.polled_at < hw.polled_at) return;
    hw = status;
    leftAt = Date.now();
    $("f-connection").textContent = status.message || status.state || "–";
    const hello = status.hello;
    $("f-hello").textContent = hello ? `firmware ${hello.firmware}, protocol ${hello.protocol}, board ${hello.board_id}` : "no HELLO yet";
    const aim = status.aim;
    $("f-aim").textContent = aim ? `pan ${deg(aim.pan)}, tilt ${deg(aim.tilt)}` + (aim.on_target ? " · on target" : ` · moving to ${deg(aim.pan_target)}, ${deg(aim.tilt_target)}`) : "–";
    const t = status.target, name = targetName(t);
    $("f-target").textContent = t ? (name ? `${name}: pan ${deg(t.pan)}, tilt ${deg(t.tilt)}, ${t.range_mm} mm away` : `pan ${deg(t.pan)}, tilt ${deg(t.tilt)}`)
      : `none yet: tap a ${status.aims_at || "cell"}`;
    const fs = status.failsafe || {};
    $("f-failsafe").textContent = fs.active ? `TRIPPED (${fs.count} so far)` : (fs.count ? `ok (tripped ${fs.count} times)` : "ok");
    $("f-failsafe").className = fs.active ? "state-bad" : "";
    const g = status.garbled || {};
    $("f-garbled").textContent = g.from_board == null ? "–" : `${g.from_board} from the board, ${g.at_board == null ? "–" : g.at_board} at the board`;
    const cannon = status.cannon || {};
    $("f-aiming").textContent = cannon.aiming ? cannon.aiming.message : "–";
    const leds = status.leds;
    $("f-leds").textContent = leds ? (leds.problem || `${leds.lit} of ${leds.count} lit · ${leds.frames} frame${leds.frames === 1 ? "" : "s"} sent`) : "–";
    $("f-shows").textContent = (leds && leds.shows) || "–";
    $("f-ledmap").textContent = leds ? leds.mapping : "–";
    const located = $("located");
    located.textContent = cannon.message || status.message || "";
    located.className = cannon.located ? "located" : "not-located";
    const notice = $("notice");
    if (status.notice) {
      notice.textContent = `${new Date(status.notice.at).toLocaleTimeString()}: ${status.notice.text}`;
      notice.className = `notice-line ${status.notice.tone}`;
    } else notice.className = "notice-line hidden";
    armState();
    redraw();
  }

  // Aims at {cell: "F3"} or {ship: "ben/sloop"}; the answer (or the refusal's reason) shows under the picture.
  async function aim(body) {
    const out = $("aim-result");
    try {
      const reply = await Companion.post("/api/cannon/aim", body);
      const t = reply.target;
      out.textContent = `Aiming at ${targetName(t)}: pan ${deg(t.pan)}, tilt ${deg(t.tilt)}.`;
      out.className = "good";
      Companion.toast(out.textContent);   // and an earlier refusal's message goes
      show(reply.status);
    } catch (error) {
      out.textContent = error.message;
      out.className = "bad";
    }
  }

  function closeConfirm() {
    confirmToken = null;
    clearTimeout(confirmTimer);
    $("confirm-box").classList.add("hidden");
    armState();
  }

  // `draw` paints the game's picture again (a new state, a new target); returns aim() for its taps.
  function start(draw) {
    redraw = draw;
    $("arm").onclick = async () => {
      const reply = await Companion.post("/api/cannon/arm/request");
      confirmToken = reply.confirm;
      $("confirm-question").textContent = reply.question;
      $("confirm-box").classList.remove("hidden");
      $("confirm-arm").focus();
      confirmTimer = setTimeout(closeConfirm, reply.expires_s * 1000);   // the server forgets the token then too
      armState();
    };
    $("cancel-arm").onclick = closeConfirm;
    $("confirm-arm").onclick = async () => {
      const token = confirmToken;
      closeConfirm();
      const reply = await Companion.post("/api/cannon/arm", { confirm: token });
      Companion.toast(`Armed for ${reply.window_s} s.`);
      show(reply.status);
    };
    $("fire").onclick = async () => { const reply = await Companion.post("/api/cannon/fire"); Companion.toast("Fired."); show(reply.status); };
    $("disarm").onclick = async () => { const reply = await Companion.post("/api/cannon/disarm"); Companion.toast("Disarmed."); show(reply.status); };

    Companion.on("state", () => redraw());
    // Status messages carry the camera's news too; the cannon's part is redrawn only when it is new,
    // or the countdown would restart from an old reading.
    Companion.on("status", (all) => { if (all.hardware && (!hw || all.hardware.polled_at !== hw.polled_at)) show(all.hardware); });
    Companion.get("/api/cannon").then(show);
    setInterval(armState, 100);   // the arming countdown runs here between status messages
    Companion.connect();
  }

  return { start, aim, target: () => targetName(hw && hw.target) };
})();
