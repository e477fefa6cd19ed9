/* history.html: the games kept on this phone (localStorage), newest first. Each can be
   opened in its page again or deleted (with undo); all of them can be exported as JSON
   (the records and their reports) or CSV (one row per player), or handed to the phone's
   share sheet where the browser has one. */
"use strict";

(() => {
  const { el } = pnp;
  const list = document.getElementById("games");
  const statusLine = document.getElementById("status");

  function summary(entry) {
    const report = entry.report || {};
    const players = (report.players || []).map((p) => `${p.name} ${p.total}`).join(" · ");
    const winners = report.finished ? (report.winners.length > 1 ? STRINGS.winners : STRINGS.winner)(report.winners.join(", "))
      : STRINGS.noWinner;
    const verdict = report.ok ? STRINGS.okShort : STRINGS.notOkShort((report.violations || []).length);
    return { players, winners, verdict };
  }

  function when(iso) {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(STRINGS.lang, { dateStyle: "medium", timeStyle: "short" });
  }

  function render() {
    const games = pnp.kept.all().slice().reverse();
    if (!games.length) {
      list.replaceChildren(el("li", { class: "small", text: STRINGS.nothingKept }));
      return;
    }
    list.replaceChildren(...games.map((entry) => {
      const s = summary(entry);
      return el("li", { class: "panel kept-game", "data-kept": entry.id },
        el("div", { class: "row" }, el("strong", { class: "grow", text: entry.title }),
           el("span", { class: `small ${entry.report && entry.report.ok ? "ok" : "bad"}`, text: s.verdict })),
        el("div", { class: "small", text: when(entry.saved) }),
        el("div", { text: s.players }),
        el("div", { class: "small", text: s.winners }),
        el("div", { class: "actions" },
          el("a", { class: "button", href: `${entry.page}#open=${encodeURIComponent(entry.id)}`, text: STRINGS.open }),
          el("button", { type: "button", class: "remove", onclick: () => remove(entry) }, STRINGS.delete)));
    }));
  }

  function remove(entry) {
    const before = pnp.kept.all();
    pnp.kept.remove(entry.id);
    render();
    pnp.undoable(entry.title, () => { pnp.kept.restore(before); render(); });
  }

  function exportJson() {
    return JSON.stringify(pnp.kept.all().map(({ id, game, title, saved, record, report }) =>
      ({ id, game, title, saved, record, report })), null, 2) + "\n";
  }

  /* One row per player of every game: a spreadsheet adds them up. */
  function exportCsv() {
    const cell = (v) => {
      const text = v === null || v === undefined ? "" : String(v);
      const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;  // no formula runs in a spreadsheet
      return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const rows = [["saved", "game", "player", "total", "claimed", "winner", "finished", "ok", "problems"]];
    for (const entry of pnp.kept.all()) {
      const report = entry.report || {};
      for (const p of report.players || []) {
        rows.push([entry.saved, entry.game, p.name, p.total, p.claimed, (report.winners || []).includes(p.name) ? "yes" : "no",
                   report.finished ? "yes" : "no", report.ok ? "yes" : "no", (report.violations || []).length]);
      }
    }
    return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
  }

  function downloadText(name, text, type) {
    const link = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
    document.body.append(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  const stamp = () => new Date().toISOString().slice(0, 10);
  document.getElementById("export-json").addEventListener("click", () =>
    downloadText(`majority-games-${stamp()}.json`, exportJson(), "application/json"));
  document.getElementById("export-csv").addEventListener("click", () =>
    downloadText(`majority-games-${stamp()}.csv`, exportCsv(), "text/csv"));

  /* The system share sheet where the browser has one: the games as a JSON file where files
     can be shared, else as a few lines of text (who played, the totals, the winner).
     A browser with no share sheet downloads the export instead and says so. */
  function shareText() {
    return pnp.kept.all().map((entry) => {
      const s = summary(entry);
      return `${entry.title}, ${when(entry.saved)}: ${s.players} — ${s.winners} (${s.verdict})`;
    }).join("\n");
  }
  async function share() {
    const text = exportJson();
    const file = new File([text], `majority-games-${stamp()}.json`, { type: "application/json" });
    const withFile = { title: STRINGS.shareTitle, files: [file] };
    const asText = { title: STRINGS.shareTitle, text: shareText() };
    const data = navigator.canShare && navigator.canShare(withFile) ? withFile : asText;
    if (navigator.share) {
      try {
        await navigator.share(data);
        statusLine.textContent = "";
        return;
      } catch (err) {
        if (err && err.name === "AbortError") return;  // the person closed the share sheet
      }
    }
    downloadText(file.name, text, "application/json");
    statusLine.textContent = STRINGS.shareFailed;
  }
  document.getElementById("share").addEventListener("click", share);

  window.pnpHistory = { exportJson, exportCsv };
  render();
})();
