/* The word list editor: the list is checked a moment after each change and every problem
   is shown beside its line; any line's card is previewed; the cleaned list and its word
   cards come from the server, which checks and builds as `pnp build --words` does. The
   text lives in this browser (local storage). */
"use strict";

(() => {
  const el = pnp.el;
  const T = studio.T;
  const cfg = studio.config();
  const saved = pnp.store("pnp.studio.words");
  const $ = (id) => document.getElementById(id);
  const text = $("text"), format = $("format"), lang = $("lang"), lines = $("lines");
  let report = null;
  let sequence = 0;
  let chosenCard = 1;

  const NAMES = window.PNP_LANGUAGES || {};
  lang.replaceChildren(...cfg.languages.map((l) => el("option", { value: l, text: NAMES[l] ? `${NAMES[l]} (${l})` : l })));
  $("paper").replaceChildren(...cfg.papers.map((p) => el("option", { value: p, text: p, selected: p === "a4" })));

  function body(extra) {
    return { text: text.value, format: format.value, lang: lang.value, ...(extra || {}) };
  }

  function save() { saved.save({ text: text.value, format: format.value, lang: lang.value }); }

  const scheduleCheck = studio.debounce(check, 350);

  async function check() {
    const mine = ++sequence;
    $("summary").textContent = T("checking");
    const answer = await pnp.post("/api/studio/words/check", body());
    if (mine !== sequence) return;
    if (answer.status !== 200) {
      report = null;
      lines.replaceChildren();
      $("summary").textContent = answer.status === 0 ? T("words_unreachable") : "";
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
        el("span", { class: "where", text: T(w.side === "back" ? "words_card_back" : "words_card_front", { card: w.card }) })])),
      [...new Set(entry.problems.map((p) => studio.said(p)))].map((text) => el("span", { class: "msg", role: "note", text })),
      [...new Set(entry.warnings.map((p) => studio.said(p)))].map((text) => el("span", { class: "msg warn", text }))));
    lines.replaceChildren(...items);
    lines.classList.toggle("only-problems", $("only-problems").checked && report.problems.length + report.warnings.length > 0);
    const count = report.problems.length;
    $("summary").textContent = `${T("words_cards", { n: report.cards })} (${T("words_words", { n: report.words.length })}) · `
      + (count ? T("words_problems", { n: count }) : T("words_no_problems"))
      + (report.warnings.length ? ` · ${T("words_warnings", { n: report.warnings.length })}` : "");
    $("file-problems").replaceChildren(...unplaced.map((p) => el("div", { class: p.warning ? "field-error violation" : "field-error", text: studio.said(p) })));
    $("left-out").textContent = report.left_out.length
      ? T("words_left_out", { words: report.left_out.map((w) => T("words_left_out_word", { word: w.text, line: w.line })).join(", ") })
      : T("words_cleaned_holds", { n: report.cleaned.length });
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
      $("card-title").textContent = T("words_card_undrawable", { card });
      $("front").removeAttribute("src"); $("back").removeAttribute("src");
      return;
    }
    $("card-title").textContent = T("words_card_of", { card, cards: report ? report.cards : "?" });
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
    $("download-status").textContent = T("words_downloaded_list", { name: "words-cleaned.txt", n: report.cleaned.length });
  });

  $("download-pdf").addEventListener("click", async () => {
    if (!report) return;
    $("download-status").textContent = T("words_building_pdf");
    $("download-problems").replaceChildren();
    const answer = await studio.fetchFile("/api/studio/words/pdf",
      { text: cleanedText(), format: "txt", lang: lang.value, paper: $("paper").value });
    if (answer.ok) {
      studio.saveBlob(answer.blob, answer.name);
      $("download-status").textContent = T("studio_downloaded", { name: answer.name, size: studio.sizeText(answer.blob.size) });
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
    if (text.value && !confirm(T("words_clear_confirm"))) return;
    text.value = ""; save(); check();
  });

  const kept = saved.load();
  if (kept) {
    text.value = kept.text || "";
    if (kept.format) format.value = kept.format;
    if (kept.lang && cfg.languages.includes(kept.lang)) lang.value = kept.lang;
  }
  if (text.value.trim()) check();
  else $("summary").textContent = T("words_start");
})();
