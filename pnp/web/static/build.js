/* The kit builder: `pnp build`'s options as a form, sent with the optional uploads; the
   answer is the kit (or a zip) to save, or every problem beside its field. The options
   (not the files) are kept in this browser. */
"use strict";

(() => {
  const el = pnp.el;
  const cfg = studio.config();
  const saved = pnp.store("pnp.studio.build");
  const $ = (id) => document.getElementById(id);
  const form = $("kit");
  const kept = saved.load() || {};

  function radio(name, value, label, checked) {
    return el("label", { class: "row" }, el("input", { type: "radio", name, value, checked }), label);
  }
  function box(name, label, checked) {
    return el("label", { class: "row" }, el("input", { type: "checkbox", name, checked }), label);
  }
  function group(legend, field, ...children) {
    return el("fieldset", { class: "group", "data-path": field }, el("legend", { text: legend }), ...children);
  }

  const languages = [...new Set(cfg.games.flatMap((g) => g.languages))];
  const backsWords = { "duplex-long": "double-sided, flip on the long edge",
                       "duplex-short": "double-sided, flip on the short edge",
                       "fold": "single-sided, fold each card pair", "none": "fronts only" };
  form.replaceChildren(
    group("Games", "games", el("div", { class: "choices-row" }, cfg.games.map((g) =>
      el("label", { class: "row" }, el("input", { type: "checkbox", name: "games", value: g.id,
        checked: (kept.games || ["majority2"]).includes(g.id) }), g.title)))),
    group("Paper and printing", "paper",
      el("label", { class: "field" }, el("span", { text: "Paper" }),
        el("select", { name: "paper", "data-path": "paper" }, cfg.papers.map((p) =>
          el("option", { value: p, text: p, selected: p === (kept.paper || "a4") })))),
      el("label", { class: "field" }, el("span", { text: "Printer profile (pnp printer save)" }),
        el("select", { name: "printer", "data-path": "printer" },
          el("option", { value: "", text: "none" }),
          cfg.printers.map((p) => el("option", { value: p.name, selected: p.name === kept.printer,
            text: `${p.name} (${p.backs}, backs shifted ${p.offset_x} / ${p.offset_y} mm)` })))),
      el("div", { "data-path": "backs" }, cfg.backs.map((b) => radio("backs", b, backsWords[b] || b,
        b === (kept.backs || "duplex-long"))))),
    group("Cutting", "bleed",
      el("label", { class: "field" }, el("span", { text: "Bleed (mm, 0–10; 3 is a print shop's usual)" }),
        el("input", { name: "bleed", inputmode: "decimal", class: "num", value: kept.bleed ?? "0", "data-path": "bleed" })),
      box("crop_marks", "Crop marks and cut lines", kept.crop_marks ?? true),
      box("ink_saver", "Ink saver (outlines instead of large fills)", !!kept.ink_saver)),
    group("Language", "lang",
      el("label", { class: "field" }, el("span", { text: "Kit language (--lang)" }),
        el("select", { name: "lang", "data-path": "lang" },
          el("option", { value: "", text: "English" }),
          languages.filter((l) => l !== "en").map((l) => el("option", { value: l, text: `${l}: ${cfg.games.filter((g) =>
            g.languages.includes(l)).map((g) => g.title).join(", ")}`, selected: l === kept.lang })),
          el("option", { value: "all", text: "all: every language each game has", selected: kept.lang === "all" })))),
    group("Your files (optional)", "uploads",
      el("label", { class: "field" }, el("span", { text: `Word list for The Majority (.txt, .csv or .json; up to ${cfg.limits.words} MB)` }),
        el("input", { type: "file", name: "words", accept: ".txt,.csv,.json", "data-path": "words" })),
      el("label", { class: "field" }, el("span", { text: `Promo file for The Majority 2 (.json; up to ${cfg.limits.promos} MB)` }),
        el("input", { type: "file", name: "promos", accept: ".json", "data-path": "promos" })),
      el("label", { class: "field" }, el("span", { text: `Art folder as a .zip (pictures named by card; up to ${cfg.limits.art} MB)` }),
        el("input", { type: "file", name: "art", accept: ".zip", "data-path": "art" }))),
    group("What to download", "output",
      radio("output", "kit", "kit.pdf: the whole game packed in one file (a zip of them for several games)", (kept.output || "kit") === "kit"),
      radio("output", "zip", "every file pnp build writes (a zip)", kept.output === "zip")),
  );

  function printerChosen() {
    const chosen = form.elements.printer.value;
    for (const input of form.querySelectorAll("input[name=backs]")) input.disabled = !!chosen;
    const profile = cfg.printers.find((p) => p.name === chosen);
    if (profile) for (const input of form.querySelectorAll("input[name=backs]")) input.checked = input.value === profile.backs;
  }
  form.elements.printer.addEventListener("change", printerChosen);
  printerChosen();

  function remember() {
    const data = new FormData(form);
    saved.save({ games: data.getAll("games"), paper: data.get("paper"), printer: data.get("printer"),
                 backs: data.get("backs"), bleed: data.get("bleed"), crop_marks: !!data.get("crop_marks"),
                 ink_saver: !!data.get("ink_saver"), lang: data.get("lang"), output: data.get("output") });
  }
  form.addEventListener("change", remember);
  form.addEventListener("input", remember);

  $("build").addEventListener("click", async () => {
    const data = new FormData(form);
    if (data.get("printer")) data.delete("backs");
    for (const name of ["words", "promos", "art"]) {
      const file = data.get(name);
      if (file && !file.name) data.delete(name);
    }
    const status = $("build-status"), bar = $("build-progress");
    status.textContent = "Building… (a whole kit takes a little while)";
    bar.hidden = false;
    $("build").disabled = true;
    $("build-result").replaceChildren();
    $("build-problems").replaceChildren();
    pnp.showErrors(form, [], null);
    const started = performance.now();
    const answer = await studio.fetchFile("/api/studio/build", data);
    bar.hidden = true;
    $("build").disabled = false;
    if (!answer.ok) {
      status.textContent = "";
      studio.showProblems($("build-problems"), answer.data);
      pnp.showErrors(form, ((answer.data && answer.data.problems) || []).filter((p) => p.field)
        .map((p) => ({ path: p.field, message: `${studio.where(p) ? studio.where(p) + ": " : ""}${p.message}` })), null);
      return;
    }
    studio.saveBlob(answer.blob, answer.name);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    status.textContent = "";
    let warnings = [];
    try {
      const raw = answer.headers.get("X-Pnp-Warnings") || "";
      warnings = raw ? JSON.parse(new TextDecoder().decode(Uint8Array.from(
        atob(raw.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)))) : [];
    } catch (e) { warnings = []; }
    $("build-result").replaceChildren(el("div", { class: "banner ok", "data-file": answer.name },
      `Built ${answer.name} (${studio.sizeText(answer.blob.size)}) in ${seconds} s.`),
      warnings.length ? el("ul", { class: "problems" }, warnings.map((w) => el("li", { class: "field-error violation" },
        studio.where(w) ? el("code", { text: studio.where(w) }) : null, studio.where(w) ? " " : null, w.message))) : "");
  });
})();
