/* The words the app shows a person, in the person's language: the phone's own language
   by default, or the one picked on the page (kept on the phone). The words come from
   data/pages/strings.<lang>.json (its "app" part, written into app-words.js); a word a
   language lacks is shown in English. The pages mark their words with data-t (a key;
   data-t-values: the values it needs) and data-t-attr ("aria-label=key,title=key"); the
   scripts ask STRINGS.t(key, values). What the Python checker says (each derivation line,
   each rule broken, the log page's questions) stays in its own words, English. The
   studio's pages (pnp serve) work the same way, with their own words added
   (/studio/words.js: the "app" and "studio" parts). */
"use strict";

const STRINGS = (() => {
  const all = window.PNP_WORDS || {};
  const languages = window.PNP_LANGUAGES || {};
  const english = all.en || {};

  function pick() {
    let chosen = null;
    try { chosen = localStorage.getItem("pnp.lang"); } catch (e) { chosen = null; }
    if (chosen && all[chosen]) return chosen;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (all[base]) return base;
    }
    return "en";
  }
  const lang = pick();
  const words = all[lang] || {};
  const plural = (() => { try { return new Intl.PluralRules(lang); } catch (e) { return null; } })();

  /* The text of `key` with its {values} filled in; a {one, other} pair is counted by n. */
  function t(key, values = {}) {
    let text = key in words ? words[key] : english[key];
    if (text === undefined) return key;
    if (typeof text === "object") {
      const form = plural ? plural.select(Number(values.n)) : (Number(values.n) === 1 ? "one" : "other");
      text = text[form] ?? text.other;
    }
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  /* The page's own words, and the language switch in its bar. */
  function translatePage() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-t]")) {
      let values = {};
      try { values = JSON.parse(node.dataset.tValues || "{}"); } catch (e) { values = {}; }
      node.textContent = t(node.dataset.t, values);
    }
    const heading = document.querySelector("h1[data-t], h1 > [data-t]");  // a page named by its heading
    if (heading) document.title = `${heading.textContent} · pnp`;
    for (const node of document.querySelectorAll("[data-t-attr]")) {
      for (const pair of node.dataset.tAttr.split(",")) {
        const [attr, key] = pair.split("=");
        node.setAttribute(attr.trim(), t(key.trim()));
      }
    }
    const pickLang = document.getElementById("app-lang");
    if (!pickLang) return;
    pickLang.replaceChildren(...Object.entries(languages).map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = name;
      option.lang = code;
      return option;
    }));
    pickLang.value = lang;
    (pickLang.closest(".lang-switch") || pickLang).hidden = Object.keys(languages).length < 2;
    pickLang.addEventListener("change", () => {
      try { localStorage.setItem("pnp.lang", pickLang.value); } catch (e) { /* this visit only */ }
      location.reload();  // everything entered is kept in the browser: nothing is lost
    });
  }
  translatePage();

  /* A problem the checker found in an entry not complete yet, in players' words (the
     checker's own words, for files, are kept for the rest: they name what is expected). */
  function plain(problem) {
    const message = problem.message || "";
    const path = problem.path || "$";
    let m;
    if (/has non-unique elements$/.test(message) && path === "$.players") return t("plain_same_name");
    if (/^"" is not valid here: a non-empty name/.test(message)) return /\.player$/.test(path) ? t("plain_who_played") : t("plain_type_name");
    if (/^'' should be non-empty$/.test(message)) return /score_areas/.test(path) ? t("plain_choose_card") : t("plain_fill_in");
    if ((m = message.match(/^expected a whole number, not "(.*)"$/))) return m[1] === "" ? t("plain_type_number") : t("plain_not_whole", { value: m[1] });
    if ((m = message.match(/^(-?[\d.]+) is less than the minimum of (-?[\d.]+)$/))) return t("plain_too_small", { value: m[1], limit: m[2] });
    if ((m = message.match(/^(-?[\d.]+) is greater than the maximum of (-?[\d.]+)$/))) return t("plain_too_big", { value: m[1], limit: m[2] });
    if (/^"" is not valid here: a vote/.test(message)) return t("plain_choose_vote");
    if (/^"" is not valid here: a string of exactly 8 digits/.test(message)) return t("plain_type_dice");
    if ((m = message.match(/^"(.*)" is not valid here: a string of exactly 8 digits/))) return t("plain_bad_dice", { value: m[1] });
    if (/^"" is not valid here: a D20 value/.test(message)) return t("plain_type_d20");
    if ((m = message.match(/^"(.*)" is not valid here: a D20 value/))) return t("plain_bad_d20", { value: m[1] });
    if ((m = message.match(/^'(.*)' is missing$/))) return t("plain_missing", { what: m[1].replace(/_/g, " ") });
    if (/^an empty list is not allowed here$/.test(message) && /^\$\.stacks\[\d+\]$/.test(path)) return t("plain_empty_stack");
    return message;
  }

  return {
    lang, t, plain,
    checking: t("checking"),
    startingChecker: t("starting_checker"),
    checkerFailed: (why) => t("checker_failed", { why }),
    serverGone: t("server_gone"),
    serverAnswered: (status) => t("server_answered", { status }),
    offlineNow: t("offline_now"),
    removed: (what) => t("removed", { what }),
    undo: t("undo"),
    keep: t("keep"),
    kept: t("kept"),
    keptAgain: t("kept_again"),
    nothingKept: t("nothing_kept"),
    open: t("open"),
    delete: t("delete"),
    shareTitle: t("share_title"),
    shareFailed: t("share_failed"),
    winner: (names) => t("winner", { names }),
    winners: (names) => t("winners", { names }),
    noWinner: t("unfinished"),
    okShort: t("ok_short"),
    notOkShort: (n) => t("problems", { n }),
    loaded: (name) => t("loaded", { name }),
    cannotLoad: (name, why) => t("cannot_load", { name, why }),
    newRecord: t("new_record"),
    vote: (name) => t("vote", { name }),
    roundVariant: (n) => t("round_variant", { n }),
    startPlayer: t("start_player"),
    heldOnes: (name) => t("held_ones", { name }),
    heldFives: (name) => t("held_fives", { name }),
    movePlayer: (n) => t("move_player", { n }),
    moveStack: (n) => t("move_stack", { n }),
    cardPlayer: (stack, card) => t("card_player", { stack, card }),
  };
})();
