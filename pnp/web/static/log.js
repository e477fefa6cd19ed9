/* log-majority2.html: the game is its setup and its list of actions, kept in this browser
   at every step. Each step hands the whole game to the checker (the Python engine in this
   browser, or the server under `pnp serve`), which replays it through the engine and
   answers with the legal choices, both tables and the round history. Undo drops the last
   answer the table gave (and the automatic steps after it). */
"use strict";

(() => {
  const { el } = pnp;
  const T = STRINGS.t;
  const config = JSON.parse(document.getElementById("config").textContent);
  const saved = pnp.store("pnp.log.majority2");
  const $ = (id) => document.getElementById(id);
  let game = saved.load() || fresh();
  let last = null;      // the server's latest answer
  let stopped = false;  // "End the log here" pressed
  let busy = false;

  function fresh() {
    const last = pnp.lastNames.load();
    const players = Array.isArray(last) && last.length === 2 && last.every((n) => typeof n === "string") ? last : ["", ""];
    return { version: 1, started: false, players: [...players], promos: [], rules: {}, actions: [],
             asked: [], claimed: {} };
  }
  function request(extra = {}) {
    const limit = game.roundLimit ? { round_limit: game.roundLimit } : {};
    return { players: game.players, start_player: game.start || game.players[0], promos: game.promos,
             rules: game.rules, actions: game.actions, ...limit, ...extra };
  }
  function save() { saved.save(game); }

  /* ---- setup ---- */
  function showSetup() {
    $("setup").hidden = false;
    $("game").hidden = true;
    $("p1").value = game.players[0];
    $("p2").value = game.players[1];
    $("free-play-rule").checked = Boolean(game.rules.free_play_ignores_requirements);
    const counts = {};
    for (const id of game.promos) counts[id] = (counts[id] || 0) + 1;
    $("promos").replaceChildren(...config.promos.map((p) => el("label", { class: "row" },
      el("span", { class: "grow", text: p.title }),
      (() => {
        const node = el("select", { "data-promo": p.id, "aria-label": p.title },
          Array.from({ length: p.quantity + 1 }, (_, n) => el("option", { value: String(n), text: n ? `×${n}` : T("promo_none") })));
        node.value = String(counts[p.id] || 0);
        return node;
      })())));
  }
  function readSetup() {
    game.players = [$("p1").value.trim(), $("p2").value.trim()];
    game.start = game.players[0];
    game.rules = $("free-play-rule").checked ? { free_play_ignores_requirements: true } : {};
    game.promos = [];
    for (const node of document.querySelectorAll("[data-promo]")) {
      for (let n = 0; n < Number(node.value); n++) game.promos.push(node.dataset.promo);
    }
    save();
  }
  for (const id of ["p1", "p2", "free-play-rule"]) $(id).addEventListener("input", readSetup);
  $("promos").addEventListener("change", readSetup);
  $("start").addEventListener("click", async () => {
    readSetup();
    game.actions = [];
    game.asked = [];
    const answer = await send();
    if (answer) { game.started = true; save(); }
  });

  /* ---- playing ---- */
  async function send(extra = {}) {
    if (busy) return null;
    busy = true;
    $("status").textContent = "…";
    const answer = await pnp.api("log", request(extra));
    busy = false;
    if (answer.status === 200) {
      $("status").textContent = "";
      last = answer.data;
      game.actions = last.actions;
      game.asked = last.asked;
      save();
      render();
      return last;
    }
    if (answer.status === 0) {
      $("status").textContent = window.PNP_SERVER ? STRINGS.serverGone : STRINGS.checkerFailed(answer.error);
      if (window.PNP_SERVER) setTimeout(() => send(extra), 4000);
      return null;
    }
    const problems = (answer.data && answer.data.problems) || [];
    $("status").textContent = (answer.data && answer.data.error) || STRINGS.serverAnswered(answer.status);
    pnp.showErrors($("setup").hidden ? $("game") : $("setup"), problems, $("setup-problems"));
    if (!game.started) showSetup();
    return null;
  }

  function choose(action) {
    if (busy) return;
    game.actions = [...game.actions, action];
    game.asked = [...game.asked, true];
    save();
    send();
  }

  function undo() {
    let cut = game.asked.lastIndexOf(true);
    if (cut < 0) return;
    game.actions = game.actions.slice(0, cut);
    game.asked = game.asked.slice(0, cut);
    stopped = false;
    $("verdict").replaceChildren();
    save();
    send();
  }
  $("undo").addEventListener("click", undo);
  $("stop").addEventListener("click", () => { stopped = true; render(); });
  $("resume").addEventListener("click", () => { stopped = false; $("verdict").replaceChildren(); render(); });
  $("check").addEventListener("click", async () => {
    const claimed = {};
    for (const input of document.querySelectorAll("[data-claim]")) {
      if (/^-?\d+$/.test(input.value.trim())) claimed[input.dataset.claim] = Number(input.value.trim());
    }
    game.claimed = claimed;
    save();
    const answer = await send({ claimed, finish: true });
    if (answer && answer.verdict) {
      pnp.renderVerdict($("verdict"), answer.verdict);
      $("keep").hidden = false;
      $("verdict").scrollIntoView({ behavior: "smooth", block: "start" });
    }
  });

  function render() {
    $("setup").hidden = true;
    $("game").hidden = false;
    const view = last.view;
    const ending = last.over || stopped;
    $("asking").hidden = false;
    $("question").textContent = last.over ? T("log_over") : stopped ? T("log_ends_here") : last.question;
    $("choices").replaceChildren(...(ending ? [] : last.options.map((option) =>
      el("button", { type: "button", class: option.pass ? "pass" : "", onclick: () => choose(option.action),
                     "data-choice": option.label, text: option.label }))));
    $("undo").disabled = !game.asked.includes(true);
    $("stop").hidden = ending;
    $("finish").hidden = !ending;
    $("resume").hidden = !stopped || last.over;
    if (ending) {
      $("end-text").textContent = last.over ? T("log_ended", { why: endedBy(view.end), round: view.round })
        : T("log_unfinished", { round: view.round });
      const claims = $("claims");
      if (!claims.children.length || claims.dataset.for !== view.seats.map((s) => s.name).join("|")) {
        claims.dataset.for = view.seats.map((s) => s.name).join("|");
        claims.replaceChildren(...view.seats.map((seat) => el("label", { class: "field" },
          el("span", { text: T("log_claim", { name: seat.name }) }),
          el("input", { class: "num", inputmode: "numeric", "data-claim": seat.name,
                        value: game.claimed[seat.name] ?? "" }))));
      }
    }
    $("tables").replaceChildren(...view.seats.map((seat) => seatPanel(seat, view)));
    renderHistory();
  }

  /* Why the engine ended the game, in words (a simulation's log may stop at its limit). */
  function endedBy(end) {
    if (end === "stalled") return T("end_stalled");
    if (end === "round-limit") return T("end_limit", { n: game.roundLimit });
    return T("end_factions");
  }

  function chip(card) {
    return el("span", { class: `chip f-${card.colour || "none"}`, title: card.id },
      card.disc ? el("span", { class: `disc d-${card.disc}`, title: T("disc", { colour: card.disc }) }) : null, card.title);
  }

  function seatPanel(seat, view) {
    const active = seat.name === view.active;
    return el("section", { class: `panel seat${active ? " active" : ""}`, "data-seat": seat.name },
      el("h3", {}, el("span", {}, seat.name, seat.start ? " ★" : "", active ? ` — ${T("playing")}` : ""),
         el("span", { class: "small", text: T("points_short", { n: view.scores[seat.name] }) })),
      el("p", { class: "small", text: T("seat_coins", { up: seat.coins_up, down: seat.coins_down, n: seat.score_area.length }) }),
      el("div", { class: "chips", "aria-label": T("score_area_label") }, seat.score_area.length ? seat.score_area.map(chip)
        : el("span", { class: "small", text: T("score_area_empty") })),
      el("div", { class: "columns" }, seat.columns.map((column, i) => el("div", { class: "column" },
        el("div", { class: "label", text: T("column_n", { n: i + 1 }) }), column.map(chip)))),
      el("details", {}, el("summary", { class: "small", text: T("hand_reserve", { hand: seat.hand.length, reserve: seat.reserve.length }) }),
        el("div", { class: "chips" }, T("hand"), seat.hand.map(chip)),
        el("div", { class: "chips" }, T("reserve"), seat.reserve.map(chip))));
  }

  function renderHistory() {
    const rounds = new Map();
    last.steps.forEach(([round, text], i) => {
      if (!rounds.has(round)) rounds.set(round, []);
      rounds.get(round).push(el("li", { class: last.asked[i] ? "" : "small" }, text));
    });
    if (!rounds.size) {
      $("history").replaceChildren(el("p", { class: "small", text: T("history_empty") }));
      return;
    }
    const newest = Math.max(...rounds.keys());
    $("history").replaceChildren(...[...rounds.entries()].reverse().map(([round, items]) =>
      el("details", { class: "panel", open: round === newest },
        el("summary", { text: round === 0 ? T("setup_deal") : T("round_n", { n: round }) }),
        el("ol", { class: "history" }, items))));
  }

  /* ---- files ---- */
  $("download").addEventListener("click", () => {
    if (!last) return;
    const log = { ...last.log };
    if (Object.keys(game.claimed).length) log.claimed = game.claimed;
    pnp.download("majority2-log.json", log);
  });
  $("load").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    let value;
    try { value = await pnp.readJsonFile(file); } catch (err) { $("status").textContent = err.message; return; }
    const answer = await pnp.api("log-open", value);
    if (answer.status !== 200) {
      const problems = (answer.data && answer.data.problems) || [];
      $("status").textContent = `Cannot open ${file.name}: ${(answer.data && answer.data.error) || answer.status} ` +
        problems.map((p) => `${p.path || ""} ${p.message}`).join("; ");
      return;
    }
    const setup = answer.data.setup;
    const start = setup.start_player;
    game = { ...fresh(), started: true, players: setup.players, start,
             promos: setup.promos, rules: setup.rules, claimed: setup.claimed, actions: answer.data.actions,
             asked: answer.data.actions.map(() => true), roundLimit: setup.round_limit || null };
    stopped = false;
    $("verdict").replaceChildren();
    save();
    await send();
    const problems = answer.data.problems;
    const limit = game.roundLimit ? ` A simulation's log: the game stops at its round limit (${game.roundLimit} rounds).` : "";
    $("status").textContent = `Opened ${file.name}` + (problems.length
      ? `, up to its first illegal entry: ${problems[0].path}: ${problems[0].message}.` : ".") + limit;
  });
  $("clear").addEventListener("click", () => {
    if (game.started && !confirm(T("new_log"))) return;
    if (game.players.some(Boolean)) pnp.lastNames.save(game.players);
    game = fresh();
    last = null;
    stopped = false;
    $("verdict").replaceChildren();
    save();
    showSetup();
  });

  /* Keep the checked game on this phone (history.html lists it). */
  $("keep").addEventListener("click", () => {
    if (!last || !last.verdict) return;
    game.keptId = game.keptId || `majority2-log-${Date.now()}`;
    const log = { ...last.log };
    if (Object.keys(game.claimed).length) log.claimed = game.claimed;
    pnp.kept.put({ id: game.keptId, game: "majority2", title: "The Majority 2, play by play", page: "log-majority2.html",
                   saved: new Date().toISOString(), record: log, report: last.verdict.report });
    pnp.lastNames.save(game.players);
    save();
    $("status").textContent = STRINGS.kept;
  });

  /* history.html opens a kept log here: log-majority2.html#open=<id> */
  async function openKept() {
    const match = location.hash.match(/^#open=(.+)$/);
    const entry = match && pnp.kept.get(decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search);
    if (!entry) return false;
    const answer = await pnp.api("log-open", entry.record);
    if (answer.status !== 200) return false;
    const setup = answer.data.setup;
    game = { ...fresh(), started: true, players: setup.players, start: setup.start_player, promos: setup.promos,
             rules: setup.rules, claimed: setup.claimed, actions: answer.data.actions,
             asked: answer.data.actions.map(() => true), roundLimit: setup.round_limit || null, keptId: entry.id };
    save();
    await send();
    return true;
  }

  pnp.keepAwake($("awake"));
  pnp.checkerStatus($("status"));
  openKept().then((opened) => { if (!opened) { if (game.started) send(); else showSetup(); } });
})();
