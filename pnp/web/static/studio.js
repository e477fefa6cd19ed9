/* The studio pages' shared pieces: calls that answer JSON or a file, downloads, a pause
   after typing, and problems shown as a list. Built on common.js (pnp.el, pnp.post); every
   word from strings.js (STRINGS.t), a server's answer in the page's language where it
   says which sentence it is (`key`, `values`). */
"use strict";

const studio = (() => {
  const el = pnp.el;
  const T = STRINGS.t;
  const unreachable = () => ({ error: T("studio_unreachable") });
  const answered = (status) => ({ error: T("server_answered", { status }) });

  /* Wait `ms` after the last call before running `fn` (a check after each change). */
  function debounce(fn, ms) {
    let timer = null;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  /* POST JSON or a FormData; a file comes back as {ok, blob, name, headers}, anything
     else as {ok: false, status, data} (status 0: no answer from the server). */
  async function fetchFile(url, body) {
    const form = body instanceof FormData;
    let answer;
    try {
      answer = await fetch(url, {
        method: "POST", credentials: "same-origin", body: form ? body : JSON.stringify(body),
        headers: form ? { "Accept": "application/json" }
          : { "Content-Type": "application/json", "Accept": "application/json" },
      });
    } catch (e) {
      return { ok: false, status: 0, data: unreachable() };
    }
    if (answer.ok) {
      return { ok: true, blob: await answer.blob(), name: fileName(answer), headers: answer.headers };
    }
    let data;
    try { data = await answer.json(); } catch (e) { data = answered(answer.status); }
    return { ok: false, status: answer.status, data };
  }

  /* POST a FormData, JSON back: {status, data}. */
  async function postForm(url, form) {
    try {
      const answer = await fetch(url, { method: "POST", body: form, credentials: "same-origin",
                                        headers: { "Accept": "application/json" } });
      let data = null;
      try { data = await answer.json(); } catch (e) { data = answered(answer.status); }
      return { status: answer.status, data };
    } catch (e) {
      return { status: 0, data: unreachable() };
    }
  }

  function fileName(answer) {
    const header = answer.headers.get("Content-Disposition") || "";
    const star = header.match(/filename\*=utf-8''([^;]+)/i);
    if (star) return decodeURIComponent(star[1]);
    const plain = header.match(/filename="?([^";]+)"?/i);
    return plain ? plain[1] : "download";
  }

  function saveBlob(blob, name) {
    const link = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 2000);
  }

  function sizeText(bytes) {
    return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  }

  /* A problem as a person reads it: "file:line: message" without the parts it lacks. */
  function where(problem) {
    const parts = [];
    if (problem.file) parts.push(problem.line ? `${problem.file}:${problem.line}` : problem.file);
    else if (problem.line) parts.push(T("studio_line", { n: problem.line }));
    return parts.join("");
  }

  /* The answer's sentence and every problem, in `box`. */
  function showProblems(box, data) {
    if (!data) { box.replaceChildren(); return; }
    const items = (data.problems || []).map((p) => el("li", { "data-field": p.field || "" },
      where(p) ? el("code", { text: where(p) }) : null, where(p) ? " " : null, said(p)));
    box.replaceChildren(el("div", { class: "banner bad", role: "alert" }, said(data, "error") || T("studio_went_wrong")),
                        items.length ? el("ul", { class: "problems" }, items) : "");
  }

  /* What the library says about a word list or a promo file, by its shape, and the words
     that say it in the page's language (the values are the message's own parts). */
  const LIBRARY = [
    [/^'(.*)' duplicates '(.*)' \(line (\d+)\)$/, "lib_duplicate", (m) => ({ word: m[1], first: m[2], where: T("studio_line", { n: m[3] }) })],
    [/^'(.*)' contains a control character$/, "lib_control", (m) => ({ word: m[1] })],
    [/^'(.*)' looks garbled by a wrong text encoding; did you mean '(.*)'\?$/, "lib_garbled", (m) => ({ word: m[1], fixed: m[2] })],
    [/^'(.*)': a soft hyphen \(U\+00AD\) must stand between two letters/, "lib_soft_hyphen", (m) => ({ word: m[1] })],
    [/^(?:word card \d+ \(.*\): )?'(.*)' does not fit the '[\w-]+' box/, "lib_no_fit", (m) => ({ word: m[1] })],
    [/^(?:word card \d+ \(.*\): )?'(.*)' has character\(s\) the \w+ face \(.*\) lacks: (.*?)(; use --font.*)?$/, "lib_no_glyph", (m) => ({ word: m[1], chars: m[2] })],
    [/^odd number of words \((\d+)\): the card of '(.*)' gets a blank back$/, "lib_odd", (m) => ({ n: m[1], word: m[2] })],
    [/^empty word$|^empty 'word' cell$/, "lib_empty", () => ({})],
    [/^no words found$/, "lib_no_words", () => ({})],
    [/^card (\d+): its picture '(.*)' was not in the upload/, "lib_picture_missing", (m) => ({ n: m[1], art: m[2] })],
    [/^not an image \(PNG, JPEG, WebP or TIFF expected\)$/, "lib_not_image", () => ({})],
    [/^a picture must be a \.png/, "lib_picture_suffix", () => ({})],
    [/^image (?:of \d+ × \d+ px )?is over the (\d+) megapixel limit/, "lib_megapixels", (m) => ({ mp: m[1] })],
    [/^image data is truncated or corrupt|^cannot read image: /, "lib_corrupt_image", () => ({})],
    [/^'(.*)' unpacks to (\d+) times its packed size: refused as a zip bomb$/, "lib_zip_bomb", (m) => ({ name: m[1], n: m[2] })],
    [/^'(.*)' unpacks to more than its stated size: refused as a zip bomb$/, "lib_zip_bomb_stated", (m) => ({ name: m[1] })],
    [/^'(.*)' climbs out of the folder/, "lib_zip_climbs", (m) => ({ name: m[1] })],
    [/^'(.*)' is an absolute path or uses backslashes/, "lib_zip_absolute", (m) => ({ name: m[1] })],
    [/^'(.*)' is a symbolic link; only files and folders are unpacked$/, "lib_zip_link", (m) => ({ name: m[1] })],
    [/^not a readable zip file/, "lib_zip_unreadable", () => ({})],
    [/^(\d+) entries: at most (\d+)$/, "lib_zip_entries", (m) => ({ n: m[1], max: m[2] })],
    [/^unpacks to (\d+) MB: at most (\d+) MB$/, "lib_zip_size", (m) => ({ mb: m[1], max: m[2] })],
    [/^(\d+) DPI as printed on (.*): below (\d+) DPI it prints soft; aim for (\d+) DPI at print size$/, "lib_soft_print",
      (m) => ({ dpi: m[1], cards: m[2], below: m[3], good: m[4] })],
    [/^matches no card in this build; did you mean '(.*)'\?/, "lib_art_unmatched_near", (m) => ({ near: m[1] })],
    [/^matches no card in this build \(names are/, "lib_art_unmatched", () => ({ back: "back" })],
    [/^'(.*)' is a card here, but its layout has no image box for art/, "lib_art_no_box", (m) => ({ name: m[1] })],
    [/^not an image pnp reads/, "lib_art_ignored", () => ({})],
    [/^CSV needs a header row with a 'word' column$/, "lib_csv_header", () => ({ column: "word" })],
    [/: '(.*)' does not fit the '([\w-]+)' box/, "lib_box_no_fit", (m) => ({ text: m[1], box: m[2] })],
    [/^"(.*)" is not valid here: A lower-case identifier with dashes/, "lib_bad_id", (m) => ({ value: m[1], example: "demons-secretary" })],
    [/^(\d+) copies cannot replace the (\d+) copies of (.*)$/, "lib_too_many_copies", (m) => ({ n: m[1], base: m[2], card: m[3] })],
    [/^only independent cards have the rank 'ghost'$/, "lib_ghost_rank", () => ({ rank: "ghost" })],
    [/^a promo replaces a base card of the same faction and rank; there is no (.*)$/, "lib_no_base", (m) => ({ card: m[1] })],
    [/^id '(.*)' is already used$/, "lib_id_used", (m) => ({ id: m[1] })],
  ];

  /* A sentence of the server's (`what`: its field, "message" or "error") in the page's
     language: the words of its `key` with its `values` where the server names them, else
     the words of a library message's shape, a checker's message in players' words
     (STRINGS.plain), or as the server said it. */
  function said(answer, what = "message") {
    if (!answer) return "";
    const key = what === "error" ? answer.error_key : answer.key;
    const values = (what === "error" ? answer.error_values : answer.values) || {};
    if (key && T(key, values) !== key) return T(key, values);
    const text = answer[what] || "";
    if (what !== "message") return text;
    for (const [shape, words, parts] of LIBRARY) {
      const m = text.match(shape);
      if (m) return T(words, parts(m));
    }
    return STRINGS.plain({ message: text, path: answer.path || "" });
  }

  function config() {
    return JSON.parse(document.getElementById("config").textContent);
  }

  return { el, T, debounce, fetchFile, postForm, saveBlob, sizeText, where, said, showProblems, config };
})();
