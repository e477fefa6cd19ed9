/* The word list editor: the list is checked a moment after each change and every problem
   is shown beside its line; any line's card is previewed; the cleaned list and its word
   cards come from the server, which checks and builds as `pnp build --words` does. The
   text lives in this browser (local storage). */
"use strict";

(() => {
  const el = pnp.el;
  const cfg = studio.config();
  const saved = pnp.store("pnp.studio.words");
  const $ = (id) => document.getElementById(id);
  const text = $("text"), format = $("format"), lang = $("lang"), lines = $("lines");
  let report = null;
  let sequence = 0;
  let chosenCard = 1;

  const NAMES = { en: "English", it: "Italiano", fr: "Français", de: "Deutsch", es: "Español" };
  lang.replaceChildren(...cfg.languages.map((l) => el("option", { value: l, text: NAMES[l] ? `${NAMES[l]} (${l})` : l })));
  $("paper").replaceChildren(...cfg.papers.map((p) => el("option", { value: p, text: p, selected: p === "a4" })));

  function body(extra) {
    return { text: text.value, format: format.value, lang: lang.value, ...(extra || {}) };
  }

  function save() { saved.save({ text: text.value, format: format.value, lang: lang.value }); }

  const scheduleCheck = studio.debounce(check, 350);

  async function check() {
    const mine = ++sequence;
    $("summary").textContent = "Checking…";
    const answer = await pnp.post("/api/studio/words/check", body());
    if (mine !== sequence) return;
    if (answer.status !== 200) {
      report = null;
      lines.replaceChildren();
      $("summary").textContent = answer.status === 0 ? "The server cannot be reached; your list is kept in this browser." : "";
      if (answer.status !== 0) studio.showProblems($("file-problems"), answer.data);
      return;
    }
    report = answer.data;
    $("file-problems").replaceChildren();
    showLines();
    if (report.words.length) preview(Math.min(chosenCard, report.cards));
  }

  /* Each line holding a word, with its card and every problem of that line under it. */
  function showLines() {
    const byLine = new Map();
    const unplaced = [];
    const line = (n) => {
      if (!byLine.has(n)) byLine.set(n, { words: [], problems: [], warnings: [] });
      return byLine.get(n);
    };
    for (const w of report.words) line(w.line || 0).words.push(w);
    for (const p of report.problems) (p.line ? line(p.line).problems : unplaced).push(p);
    for (const p of report.warnings) (p.line ? line(p.line).warnings : unplaced).push({ ...p, warning: true });
    const items = [...byLine.entries()].sort((a, b) => a[0] - b[0]).map(([n, entry]) => el("li", {
      "data-line": n, "data-card": entry.words.length ? entry.words[0].card : "",
      class: entry.problems.length ? "bad" : entry.warnings.length ? "warn" : "",
      onclick: () => { if (entry.words.length) { preview(entry.words[0].card); choose(n); } } },
      el("span", { class: "num", text: n || "" }),
      el("span", { class: "word" }, entry.words.map((w, i) => [i ? " · " : "", w.text,
        el("span", { class: "where", text: `card ${w.card} ${w.side}` })])),
      entry.problems.map((p) => el("span", { class: "msg", role: "note", text: p.message })),
      entry.warnings.map((p) => el("span", { class: "msg warn", text: p.message }))));
    lines.replaceChildren(...items);
    lines.classList.toggle("only-problems", $("only-problems").checked && report.problems.length + report.warnings.length > 0);
    const count = report.problems.length;
    $("summary").textContent = `${report.cards} card${report.cards === 1 ? "" : "s"} (${report.words.length} word${report.words.length === 1 ? "" : "s"}) · `
      + (count ? `${count} problem${count === 1 ? "" : "s"}` : "no problems")
      + (report.warnings.length ? ` · ${report.warnings.length} warning${report.warnings.length === 1 ? "" : "s"}` : "");
    $("file-problems").replaceChildren(...unplaced.map((p) => el("div", { class: p.warning ? "field-error violation" : "field-error", text: p.message })));
    $("left-out").textContent = report.left_out.length
      ? `Left out of the cleaned list (cannot fit a card): ${report.left_out.map((w) => `${w.text} (line ${w.line})`).join(", ")}`
      : `The cleaned list holds ${report.cleaned.length} word${report.cleaned.length === 1 ? "" : "s"}.`;
  }

  function choose(lineNumber) {
    for (const item of lines.querySelectorAll("li.chosen")) item.classList.remove("chosen");
    const item = lines.querySelector(`li[data-line="${lineNumber}"]`);
    if (item) item.classList.add("chosen");
  }

  let previewing = 0;
  async function preview(card) {
    chosenCard = card;
    const mine = ++previewing;
    const answer = await pnp.post("/api/studio/words/card", body({ card }));
    if (mine !== previewing) return;
    if (answer.status !== 200) {
      $("card-title").textContent = `Card ${card} cannot be drawn`;
      $("front").removeAttribute("src"); $("back").removeAttribute("src");
      return;
    }
    $("card-title").textContent = `Card ${card} of ${report ? report.cards : "?"}`;
    $("front").src = answer.data.front;
    $("back").src = answer.data.back;
  }

  text.addEventListener("input", () => { save(); scheduleCheck(); });
  for (const control of [format, lang]) control.addEventListener("change", () => { save(); check(); });
  $("only-problems").addEventListener("change", () => { if (report) showLines(); });

  $("use-cleaned").addEventListener("click", () => {
    if (!report) return;
    text.value = report.cleaned.join("\n") + "\n";
    format.value = "txt";
    save(); check();
  });

  function cleanedText() { return report ? report.cleaned.join("\n") + "\n" : ""; }

  $("download-list").addEventListener("click", () => {
    if (!report) return;
    studio.saveBlob(new Blob([cleanedText()], { type: "text/plain;charset=utf-8" }), "words-cleaned.txt");
    $("download-status").textContent = `Downloaded words-cleaned.txt (${report.cleaned.length} words).`;
  });

  $("download-pdf").addEventListener("click", async () => {
    if (!report) return;
    $("download-status").textContent = "Building the word cards…";
    $("download-problems").replaceChildren();
    const answer = await studio.fetchFile("/api/studio/words/pdf",
      { text: cleanedText(), format: "txt", lang: lang.value, paper: $("paper").value });
    if (answer.ok) {
      studio.saveBlob(answer.blob, answer.name);
      $("download-status").textContent = `Downloaded ${answer.name} (${studio.sizeText(answer.blob.size)}).`;
    } else {
      $("download-status").textContent = "";
      studio.showProblems($("download-problems"), answer.data);
    }
  });

  $("open").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    const data = new FormData();
    data.append("file", file, file.name);
    const answer = await studio.postForm("/api/studio/words/open", data);
    if (answer.status !== 200) { studio.showProblems($("file-problems"), answer.data); return; }
    text.value = answer.data.text;
    format.value = answer.data.format;
    save(); check();
  });

  $("new").addEventListener("click", () => {
    if (text.value && !confirm("Clear the list? (Download it first to keep it.)")) return;
    text.value = ""; save(); check();
  });

  const kept = saved.load();
  if (kept) {
    text.value = kept.text || "";
    if (kept.format) format.value = kept.format;
    if (kept.lang && cfg.languages.includes(kept.lang)) lang.value = kept.lang;
  }
  if (text.value.trim()) check();
  else $("summary").textContent = "Paste or open a list to check it.";
})();
