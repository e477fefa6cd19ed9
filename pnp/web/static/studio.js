/* The studio pages' shared pieces: calls that answer JSON or a file, downloads, a pause
   after typing, and problems shown as a list. Built on common.js (pnp.el, pnp.post). */
"use strict";

const studio = (() => {
  const el = pnp.el;

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
      return { ok: false, status: 0, data: { error: "The server cannot be reached." } };
    }
    if (answer.ok) {
      return { ok: true, blob: await answer.blob(), name: fileName(answer), headers: answer.headers };
    }
    let data;
    try { data = await answer.json(); } catch (e) { data = { error: `The server answered ${answer.status}.` }; }
    return { ok: false, status: answer.status, data };
  }

  /* POST a FormData, JSON back: {status, data}. */
  async function postForm(url, form) {
    try {
      const answer = await fetch(url, { method: "POST", body: form, credentials: "same-origin",
                                        headers: { "Accept": "application/json" } });
      let data = null;
      try { data = await answer.json(); } catch (e) { data = { error: `The server answered ${answer.status}.` }; }
      return { status: answer.status, data };
    } catch (e) {
      return { status: 0, data: { error: "The server cannot be reached." } };
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
    else if (problem.line) parts.push(`line ${problem.line}`);
    return parts.join("");
  }

  /* The answer's sentence and every problem, in `box`. */
  function showProblems(box, data) {
    if (!data) { box.replaceChildren(); return; }
    const items = (data.problems || []).map((p) => el("li", { "data-field": p.field || "" },
      where(p) ? el("code", { text: where(p) }) : null, where(p) ? " " : null, p.message));
    box.replaceChildren(el("div", { class: "banner bad", role: "alert" }, data.error || "Something went wrong."),
                        items.length ? el("ul", { class: "problems" }, items) : "");
  }

  function config() {
    return JSON.parse(document.getElementById("config").textContent);
  }

  return { el, debounce, fetchFile, postForm, saveBlob, sizeText, where, showProblems, config };
})();
