/* Shared by the pages: building elements, the browser's storage, the screen wake lock,
   the checker (in this browser, or the server under `pnp serve`), files in and out,
   errors beside fields, the verdict panel, undo, the games kept and the service worker.
   Nothing here knows a game's rules: the Python checker judges, the page shows. */
"use strict";

const pnp = (() => {
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "text") node.textContent = value;
      else if (key === "value") node.value = value;
      else if (key === "checked") node.checked = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /* The JSON path of `key` under `parent`, written as the server writes it. */
  function childPath(parent, key) {
    if (typeof key === "number") return `${parent}[${key}]`;
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return `${parent}.${key}`;
    return `${parent}[${JSON.stringify(key)}]`;
  }

  function parentPath(path) {
    if (path === "$") return null;
    const match = path.match(/^(.*?)(\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/);
    return match ? (match[1] || "$") : "$";
  }

  /* One entry kept in localStorage under `key`: every change is written at once, so a
     reload, a locked phone or a closed tab finds it again. */
  function store(key) {
    return {
      load() {
        try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
      },
      save(value) {
        try { localStorage.setItem(key, JSON.stringify(value)); return true; } catch (e) { return false; }
      },
      clear() { try { localStorage.removeItem(key); } catch (e) { /* nothing kept */ } },
    };
  }

  /* Keep the screen on while a game is being entered (Screen Wake Lock where the browser
     has it; the lock is dropped when the page is hidden, so it is asked for again). */
  function keepAwake(indicator) {
    let lock = null;
    async function ask() {
      if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
      try {
        lock = await navigator.wakeLock.request("screen");
        if (indicator) indicator.hidden = false;
        lock.addEventListener("release", () => { lock = null; if (indicator) indicator.hidden = true; });
      } catch (e) { lock = null; }
    }
    document.addEventListener("visibilitychange", ask);
    document.addEventListener("pointerdown", ask, { once: true });
    ask();
  }

  /* POST JSON; resolves to {status, data} (status 0: the server could not be reached). */
  async function post(url, value) {
    try {
      const answer = await fetch(url, {
        method: "POST", headers: { "Content-Type": "application/json", "Accept": "application/json" },
        body: typeof value === "string" ? value : JSON.stringify(value), credentials: "same-origin",
      });
      let data = null;
      try { data = await answer.json(); } catch (e) { data = { error: `answer ${answer.status}` }; }
      return { status: answer.status, data };
    } catch (e) {
      return { status: 0, data: null };
    }
  }

  function download(name, value) {
    const blob = new Blob([JSON.stringify(value, null, 2) + "\n"], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  /* The JSON in a file the person picked; rejects with a sentence saying what is wrong. */
  function readJsonFile(file) {
    return new Promise((resolve, reject) => {
      if (file.size > 1024 * 1024) { reject(new Error(`${file.name} is larger than 1 MB`)); return; }
      const reader = new FileReader();
      reader.onerror = () => reject(new Error(`${file.name} cannot be read`));
      reader.onload = () => {
        try { resolve(JSON.parse(String(reader.result).replace(/^\ufeff/, ""))); }
        catch (e) { reject(new Error(`${file.name} is not JSON: ${e.message}`)); }
      };
      reader.readAsText(file);
    });
  }

  /* Show each message beside the field whose data-path is its JSON path (or the nearest
     field above it); messages with no field go to `fallback`. A field `shown` refuses
     keeps its messages back: the count of those is returned. */
  function showErrors(root, items, fallback, shown = () => true) {
    for (const old of root.querySelectorAll(".field-error")) old.remove();
    for (const bad of root.querySelectorAll(".has-error")) bad.classList.remove("has-error");
    const fields = new Map();
    for (const field of root.querySelectorAll("[data-path]")) {
      if (!fields.has(field.dataset.path)) fields.set(field.dataset.path, field);
    }
    const orphans = [];
    let held = 0;
    for (const item of items) {
      let path = item.path || "$";
      let field = fields.get(path);
      while (!field && path) { path = parentPath(path); field = path ? fields.get(path) : null; }
      if (!field) { orphans.push(item); continue; }
      if (!shown(field)) { held++; continue; }
      field.classList.add("has-error");
      const note = el("div", { class: `field-error ${item.kind || ""}`, role: "alert",
                               "data-for": item.path || "$" },
                      item.path && item.path !== path ? el("code", { text: item.path }) : null,
                      item.path && item.path !== path ? " " : null, item.message);
      const anchor = field.closest(".row, label.field") || field;
      anchor.after(note);
    }
    if (fallback) {
      fallback.replaceChildren(...orphans.map((item) => el("div", { class: `field-error ${item.kind || ""}` },
        item.path ? el("code", { text: item.path }) : null, item.path ? " " : null, item.message)));
    }
    return held;
  }

  function signed(n) { return n > 0 ? `+${n}` : String(n); }

  /* The verdict panel from the server's view of a report. */
  function renderVerdict(box, view) {
    const report = view.report;
    const count = report.violations.length;
    const T = STRINGS.t;
    const banner = report.ok
      ? el("div", { class: "banner ok", "data-ok": "true" }, T("verdict_ok"))
      : el("div", { class: "banner bad", "data-ok": "false" }, T("verdict_bad", { n: count }));
    const players = view.players.map((p) => el("section", { class: "panel player", "data-player": p.name },
      el("div", { class: "player-total" }, el("h3", { text: p.name }),
         el("span", { class: "total", "data-total": p.total, text: String(p.total) })),
      p.claimed === null ? el("div", { class: "claim", text: T("no_total") })
        : p.difference === 0 ? el("div", { class: "claim right", text: T("claim_right", { claimed: p.claimed }) })
        : el("div", { class: "claim wrong", "data-wrong-claim": p.name,
                      text: T("claim_wrong", { claimed: p.claimed, difference: signed(p.difference) }) }),
      el("ol", { class: "derivation" }, p.lines.length ? p.lines.map((line) =>
        el("li", {}, `${line.text} = `, el("span", { class: "pts", text: String(line.points) })))
        : el("li", { text: T("nothing_scored") })),
    ));
    let winner;
    if (!report.finished) winner = el("p", { class: "winner", text: T("no_winner") });
    else {
      const label = view.winners.length > 1 ? "winners" : "winner";
      winner = el("p", { class: "winner" }, el("strong", { text: T(label, { names: view.winners.join(", ") }) }),
        view.tie_break ? [` — ${view.tie_break.text} `,
          el("a", { class: "ruling", href: view.tie_break.ruling, target: "_blank", text: `(${T("ruling")})` })] : null);
    }
    const problems = count ? el("section", { class: "panel" }, el("h3", { text: T("problems_heading") }),
      el("ul", { class: "violations" }, view.violations.map((v) => el("li", { "data-where": v.where },
        el("div", { class: "where" }, v.in_words ? `${v.in_words} · ` : "", el("code", { text: v.where })),
        v.message, " ", el("a", { class: "ruling", href: v.ruling, target: "_blank", text: T("ruling") }))))) : null;
    const rules = el("p", { class: "small" }, T("rules_in_force"),
      view.rules.length ? view.rules.map((r, i) => [i ? ", " : "",
        el("a", { href: r.ruling, target: "_blank", text: `${r.name} = ${JSON.stringify(r.value)}` })])
        : T("none"));
    box.replaceChildren(banner, winner, ...players, problems || "", rules,
      el("script", { type: "application/json", class: "report-json", text: JSON.stringify(report) }));
  }


  /* A value as JSON text the way Python writes it: NaN and ±Infinity as the literals
     Python's json module writes (JSON.stringify would turn them into null), so the checker
     sees what a file holding the same value would hold. */
  function toJson(value) {
    const marks = { NaN: "NaN", Infinity: "Infinity", "-Infinity": "-Infinity" };
    const text = JSON.stringify(value, (key, v) =>
      typeof v === "number" && !Number.isFinite(v) ? `\u0000${String(v)}\u0000` : v);
    if (text === undefined) return "null";
    return text.replace(/"\\u0000(NaN|Infinity|-Infinity)\\u0000"/g, (m, name) => marks[name]);
  }

  /* The checker in this browser: Python (Pyodide) in a Web Worker, started on first use.
     Each call resolves to {status, data} as the server's API answers (200 or 422), or
     {status: 0, error} when the checker cannot run. */
  const checker = (() => {
    let worker = null;
    let next = 1;
    const waiting = new Map();
    let state = "idle";  // idle, starting, ready, failed
    const listeners = [];
    function setState(value) { state = value; for (const f of listeners) f(value); }
    function fail(message) {
      setState("failed");
      for (const resolve of waiting.values()) resolve({ status: 0, error: message });
      waiting.clear();
      if (worker) worker.terminate();
      worker = null;
    }
    function start() {
      if (worker) return;
      setState("starting");
      worker = new Worker("static/checker-worker.js");
      worker.onmessage = (event) => {
        const { id, answer, error } = event.data;
        const resolve = waiting.get(id);
        waiting.delete(id);
        if (!resolve) return;
        if (error !== undefined) { resolve({ status: 0, error }); return; }
        setState("ready");
        resolve(JSON.parse(answer));
      };
      worker.onerror = (event) => { event.preventDefault(); fail(event.message || "the worker stopped"); };
    }
    function call(name, text, game) {
      start();
      return new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id, call: name, text, game: game || null });
      });
    }
    return { call, start, get state() { return state; }, onState: (f) => listeners.push(f) };
  })();

  const API_PATHS = { check: "api/check", verdict: "api/verdict", form: "api/form", log: "api/log/majority2",
                      "log-open": "api/log/majority2/open" };

  /* One of the app's calls: under `pnp serve` (window.PNP_SERVER) the server answers while
     it can be reached; otherwise, and whenever it cannot, the checker in this browser.
     Resolves to {status, data} (status 0: neither could answer). */
  async function api(name, value, game) {
    const text = typeof value === "string" ? value : toJson(value);
    if (window.PNP_SERVER && navigator.onLine !== false) {
      const query = game ? `?game=${encodeURIComponent(game)}` : "";
      const answer = await post(API_PATHS[name] + query, text);
      if (answer.status !== 0) return answer;
    }
    return checker.call(name, text, game);
  }

  /* The scripting contract: the report `pnp check --json` prints for `record` (an object,
     or JSON text as a file would hold it), from the checker in this browser, online or
     offline. A record that cannot be checked resolves to what POST /api/check answers:
     {error, status: 422, problems: [{path, line, message}]}. */
  window.pnpCheck = async (record) => {
    const text = typeof record === "string" ? record : toJson(record);
    const answer = await checker.call("check", text, null);
    if (answer.status === 0) throw new Error(answer.error);
    return answer.data;
  };

  /* A status line that says what the checker is doing while it starts. */
  function checkerStatus(line) {
    checker.onState((state) => {
      if (state === "starting") line.textContent = STRINGS.startingChecker;
      else if (state === "ready" && line.textContent === STRINGS.startingChecker) line.textContent = "";
    });
  }

  /* "✕ removed. Undo" for a few seconds after something is removed: `restore` puts it back
     (`sentence`: `what` is already the whole sentence). */
  let toast = null;
  function undoable(what, restore, sentence = false) {
    if (toast) toast.remove();
    const note = el("div", { class: "toast", role: "status" }, el("span", { text: sentence ? what : STRINGS.removed(what) }),
      el("button", { type: "button", class: "undo", onclick: () => { note.remove(); restore(); } }, STRINGS.undo));
    document.body.append(note);
    toast = note;
    setTimeout(() => { if (toast === note) note.remove(); }, 10000);
  }

  /* The games kept on this phone: a list in localStorage, newest last. */
  const kept = (() => {
    const box = store("pnp.history");
    const all = () => { const list = box.load(); return Array.isArray(list) ? list : []; };
    return {
      all,
      get: (id) => all().find((g) => g.id === id) || null,
      put(entry) {
        const list = all().filter((g) => g.id !== entry.id);
        list.push(entry);
        return box.save(list);
      },
      remove(id) { box.save(all().filter((g) => g.id !== id)); },
      restore(list) { box.save(list); },
    };
  })();

  /* Player names carried from one game's form to the next. */
  const lastNames = store("pnp.players");

  /* The service worker keeps the app on the phone (not where the page is opened from a
     file or where the browser has none). Only the phone app's pages (they link its
     manifest) register it: the studio's pages live under /studio/, where "sw.js" is no
     file, and the studio needs its server anyway. */
  function registerWorker() {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
    if (!document.querySelector('link[rel="manifest"]')) return;
    navigator.serviceWorker.register("sw.js").catch(() => { /* the app still works online */ });
  }
  function offlineNote() {
    const line = document.getElementById("offline");
    if (!line) return;
    const show = () => { line.textContent = navigator.onLine === false ? STRINGS.offlineNow : ""; };
    window.addEventListener("online", show);
    window.addEventListener("offline", show);
    show();
  }
  /* The Load and Open buttons open their hidden file inputs (a label could not be
     reached with Tab). */
  function loadButton() {
    for (const [id, target] of [["load-button", "load"], ["open-button", "open"]]) {
      const button = document.getElementById(id);
      const input = document.getElementById(target);
      if (button && input) button.addEventListener("click", () => input.click());
    }
  }
  registerWorker();
  offlineNote();
  loadButton();
  const studio = document.getElementById("studio-tile");
  if (studio && window.PNP_SERVER) studio.hidden = false;

  return { el, childPath, parentPath, store, keepAwake, post, download, readJsonFile, showErrors,
           renderVerdict, toJson, checker, api, checkerStatus, undoable, kept, lastNames };
})();
