/* The kit builder: `pnp build`'s options as a form, sent with the optional uploads; the
   answer is the kit (or a zip) to save, or every problem beside its field. The options
   (not the files) are kept in this browser. */
"use strict";

(() => {
  const el = pnp.el;
  const T = studio.T;
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
  const backsWords = (b) => { const key = `build_backs_${b.replace("-", "_")}`; return T(key) === key ? b : T(key); };
  const names = window.PNP_LANGUAGES || {};
  form.replaceChildren(
    group(T("build_games"), "games", el("div", { class: "choices-row" }, cfg.games.map((g) =>
      el("label", { class: "row" }, el("input", { type: "checkbox", name: "games", value: g.id,
        checked: (kept.games || ["majority2"]).includes(g.id) }), g.title)))),
    group(T("build_paper_group"), "paper",
      el("label", { class: "field" }, el("span", { text: T("studio_paper") }),
        el("select", { name: "paper", "data-path": "paper" }, cfg.papers.map((p) =>
          el("option", { value: p, text: p, selected: p === (kept.paper || "a4") })))),
      el("label", { class: "field" }, el("span", { text: T("build_printer") }),
        el("select", { name: "printer", "data-path": "printer" },
          el("option", { value: "", text: T("build_printer_none") }),
          cfg.printers.map((p) => el("option", { value: p.name, selected: p.name === kept.printer,
            text: T("build_printer_option", { name: p.name, backs: backsWords(p.backs), x: p.offset_x, y: p.offset_y }) })))),
      el("div", { "data-path": "backs" }, cfg.backs.map((b) => radio("backs", b, backsWords(b),
        b === (kept.backs || "duplex-long"))))),
    group(T("build_cutting"), "bleed",
      el("label", { class: "field" }, el("span", { text: T("build_bleed") }),
        el("input", { name: "bleed", inputmode: "decimal", class: "num", value: kept.bleed ?? "0", "data-path": "bleed" })),
      box("crop_marks", T("build_crop_marks"), kept.crop_marks ?? true),
      box("ink_saver", T("build_ink_saver"), !!kept.ink_saver)),
    group(T("build_language"), "lang",
      el("label", { class: "field" }, el("span", { text: T("build_kit_language") }),
        el("select", { name: "lang", "data-path": "lang" },
          el("option", { value: "", text: names.en || "English" }),
          languages.filter((l) => l !== "en").map((l) => el("option", { value: l, text: `${names[l] || l}: ${cfg.games.filter((g) =>
            g.languages.includes(l)).map((g) => g.title).join(", ")}`, selected: l === kept.lang })),
          el("option", { value: "all", text: T("build_all_languages"), selected: kept.lang === "all" })))),
    group(T("build_uploads"), "uploads",
      el("label", { class: "field" }, el("span", { text: T("build_words_file", { mb: cfg.limits.words }) }),
        el("input", { type: "file", name: "words", accept: ".txt,.csv,.json", "data-path": "words" })),
      el("label", { class: "field" }, el("span", { text: T("build_promos_file", { mb: cfg.limits.promos }) }),
        el("input", { type: "file", name: "promos", accept: ".json", "data-path": "promos" })),
      el("label", { class: "field" }, el("span", { text: T("build_art_file", { mb: cfg.limits.art }) }),
        el("input", { type: "file", name: "art", accept: ".zip", "data-path": "art" }))),
    group(T("build_output"), "output",
      radio("output", "kit", T("build_output_kit"), (kept.output || "kit") === "kit"),
      radio("output", "zip", T("build_output_zip"), kept.output === "zip")),
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
    status.textContent = T("build_building");
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
        .map((p) => ({ path: p.field, message: `${studio.where(p) ? studio.where(p) + ": " : ""}${studio.said(p)}` })), null);
      return;
    }
    studio.saveBlob(answer.blob, answer.name);
    const seconds = ((performance.now() - started) / 1000).toLocaleString(STRINGS.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    status.textContent = "";
    let warnings = [];
    try {
      const raw = answer.headers.get("X-Pnp-Warnings") || "";
      warnings = raw ? JSON.parse(new TextDecoder().decode(Uint8Array.from(
        atob(raw.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)))) : [];
    } catch (e) { warnings = []; }
    $("build-result").replaceChildren(el("div", { class: "banner ok", "data-file": answer.name },
      T("build_built", { name: answer.name, size: studio.sizeText(answer.blob.size), seconds })),
      warnings.length ? el("ul", { class: "problems" }, warnings.map((w) => el("li", { class: "field-error violation" },
        studio.where(w) ? el("code", { text: studio.where(w) }) : null, studio.where(w) ? " " : null, studio.said(w)))) : "");
  });
})();
