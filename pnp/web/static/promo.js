/* The promo card designer: a form for the cards of one promo file, a preview drawn by the
   server's card renderer a moment after each change, a balance test, and the file and its
   PDF to download. The file lives in this browser (local storage); what the form offers
   comes from the server's setup (the schema's bounds and effects, the base cards). */
"use strict";

(() => {
  const el = pnp.el;
  const T = studio.T;
  /* The words of `key`, or `fallback` where the studio has none (an effect, parameter or
     choice added to the schema after the words were written). */
  const Tor = (key, fallback, values) => (T(key, values) === key ? fallback : T(key, values));
  const number_ = (n) => n.toLocaleString(STRINGS.lang);
  const cfg = studio.config();
  const saved = pnp.store("pnp.studio.promo");
  const jobs = pnp.store("pnp.studio.promo.balance");
  const factions = Object.fromEntries(cfg.factions.map((f) => [f.id, f]));
  const effectSpecs = Object.fromEntries(cfg.effects.map((e) => [e.do, e]));
  const vpSpecs = Object.fromEntries(cfg.vp_rules.map((r) => [r.rule, r]));
  const $ = (id) => document.getElementById(id);
  const form = $("card-form");
  const preview = $("preview");
  const previewStatus = $("preview-status");
  const lastGood = new Map();  // card uid -> the last preview that could be drawn
  let state = null;
  let sequence = 0;

  /* --- the file as this page keeps it (numbers as typed, so a wrong one can be shown) */

  function uid() { return Math.random().toString(36).slice(2, 10); }
  function text(value) { return value === undefined || value === null ? "" : String(value); }

  function fromJson(card, picture) {
    card = card && typeof card === "object" ? card : {};
    const vp = card.vp && typeof card.vp === "object" ? card.vp : { rule: "fixed", points: 0 };
    return {
      uid: uid(), id: text(card.id), faction: text(card.faction || "witches"),
      rank: text(card.rank || "secretary"), title: text(card.title), cost: text(card.cost),
      requires_formed: text(card.requires_formed ?? 0), quantity: text(card.quantity ?? 1),
      vp: Object.fromEntries(Object.entries(vp).map(([k, v]) => [k, text(v)])),
      abilities: Array.isArray(card.abilities) ? card.abilities.map(text) : [],
      effects: Array.isArray(card.effects) ? card.effects.map((e) => fromEffect(e)) : [],
      free_play: card.free_play !== false, note: text(card.note), picture: picture || null,
    };
  }

  function fromEffect(effect) {
    const found = { do: text(effect && effect.do) };
    for (const [key, value] of Object.entries(effect || {})) {
      if (key === "do" || key === "_") continue;
      const spec = (effectSpecs[found.do] || { params: [] }).params.find((p) => p.name === key);
      found[key] = spec && spec.kind === "word" ? true : text(value);
    }
    return found;
  }

  function fromBase(faction, rank) {
    const base = cfg.base[`${faction}-${rank}`];
    const name = (factions[faction] || { name: faction }).name;
    const card = fromJson(base || { faction, rank, cost: 0, vp: { rule: "fixed", points: 1 },
                                     abilities: [], free_play: true });
    card.id = `my-${faction}-${rank}`;
    card.title = T("promo_my_title", { title: base ? base.title : `${name} ${rank[0].toUpperCase()}${rank.slice(1)}` });
    card.quantity = "1";
    return card;
  }

  function fresh() {
    return { filename: "my-promos.json", name: "", cards: [fromBase("witches", "secretary")], selected: 0 };
  }

  function number(value) {
    const typed = String(value).trim();
    return /^-?\d+$/.test(typed) && typed.length < 16 ? Number(typed) : typed;
  }

  function artName(card, index) {
    const stem = card.id.trim().replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+/, "") || `card-${index + 1}`;
    return `art/${stem}${card.picture.suffix}`;
  }

  /* The promo file (schema majority2-cards) and the pictures its cards name. */
  function compose() {
    const pictures = {};
    const cards = state.cards.map((c, i) => {
      const faction = factions[c.faction];
      const card = { id: c.id.trim(), faction: c.faction,
                     colour: faction ? faction.colour : null, rank: c.rank };
      if (c.title.trim()) card.title = c.title;
      card.cost = number(c.cost);
      card.requires_formed = number(c.requires_formed);
      card.quantity = number(c.quantity);
      card.vp = { rule: c.vp.rule };
      for (const p of (vpSpecs[c.vp.rule] || { params: [] }).params) card.vp[p.name] = number(text(c.vp[p.name]));
      card.abilities = c.abilities.slice();
      if (c.effects.length || !c.abilities.length) card.effects = c.effects.map(composeEffect);
      card.free_play = !!c.free_play;
      if (c.note.trim()) card.note = c.note;
      if (c.picture) {
        card.art = artName(c, i);
        pictures[card.art] = c.picture.id;
      }
      return card;
    });
    const document = { $schema: "majority2-cards.schema.json", set: "promo" };
    if (state.name.trim()) document.name = state.name;
    document.cards = cards;
    return { document, pictures };
  }

  function composeEffect(effect) {
    const out = { do: effect.do };
    for (const p of (effectSpecs[effect.do] || { params: [] }).params) {
      const value = effect[p.name];
      if (p.kind === "word") { if (value) out[p.name] = p.word; continue; }
      if (value === undefined || value === "") continue;
      out[p.name] = p.kind === "choice" || value === p.word ? value : number(value);
    }
    return out;
  }

  function save() { saved.save(state); }

  /* --- the form for the selected card -------------------------------------------------- */

  function selected() { return state.cards[state.selected]; }
  function path(suffix) { return `$.cards[${state.selected}]${suffix}`; }

  function changed(rebuild) {
    save();
    if (rebuild) render();
    scheduleCheck();
  }

  /* ✕ takes effect at once and can be undone for a while (the whole file as it was), as
     on the phone app's forms. */
  function removing(what, act) {
    const before = structuredClone(state);
    act();
    changed(true);
    pnp.undoable(what, () => { state = before; changed(true); });
  }

  function field(label, input, hint) {
    return el("label", { class: "field" }, el("span", { text: label }), input,
              hint ? el("small", { class: "hint", text: hint }) : null);
  }

  /* Fields side by side; each in a cell of its own, so a problem shown under a field
     stays in that field's column. */
  function grid(kind, ...fields) {
    return el("div", { class: kind }, fields.flat().map((f) => el("div", { class: "cell" }, f)));
  }

  function textInput(value, dataPath, onchange, attrs) {
    return el("input", { value, "data-path": dataPath, ...(attrs || {}),
                         oninput: (e) => { onchange(e.target.value); changed(false); } });
  }

  function numberInput(value, dataPath, bounds, onchange) {
    return textInput(value, dataPath, onchange, { inputmode: "numeric", class: "num",
                                                 title: `${bounds[0]}–${bounds[1]}` });
  }

  function select(options, value, dataPath, onchange) {
    return el("select", { "data-path": dataPath, onchange: (e) => onchange(e.target.value) },
      options.map(([v, label]) => el("option", { value: v, selected: v === value, text: label })));
  }

  function render() {
    const card = selected();
    const b = cfg.bounds;
    const ranks = card.faction === cfg.independent ? ["ghost"] : cfg.ranks.filter((r) => r !== "ghost");
    form.replaceChildren(
      el("h2", { class: "card-heading", "data-path": path("") }, T("promo_card_n", { n: state.selected + 1 })),
      grid("grid2",
        field(T("promo_faction"), select(cfg.factions.map((f) => [f.id, f.name]), card.faction, path(".faction"), (v) => {
          suggestNames(card, () => { card.faction = v; if (v === cfg.independent) card.rank = "ghost";
                                     else if (card.rank === "ghost") card.rank = "secretary"; });
          changed(true);
        })),
        field(T("promo_rank"), select(ranks.map((r) => [r, r[0].toUpperCase() + r.slice(1)]), card.rank, path(".rank"), (v) => {
          suggestNames(card, () => { card.rank = v; });
          changed(true);
        }))),
      el("div", { class: "row" }, el("button", { type: "button", class: "small", id: "use-base",
        disabled: !cfg.base[`${card.faction}-${card.rank}`],
        onclick: () => { useBase(card); changed(true); } }, T("promo_use_base"))),
      field(T("promo_card_title"), textInput(card.title, path(".title"), (v) => { card.title = v; updatePicker(); })),
      field(T("promo_card_id"), textInput(card.id, path(".id"), (v) => { card.id = v; updatePicker(); },
                                                         { autocapitalize: "off", spellcheck: "false" })),
      grid("grid3",
        field(T("promo_cost"), numberInput(card.cost, path(".cost"), b.cost, (v) => { card.cost = v; }), T("promo_cost_hint", { min: b.cost[0], max: b.cost[1] })),
        field(T("promo_needs_formed"), numberInput(card.requires_formed, path(".requires_formed"), b.requires_formed,
                                          (v) => { card.requires_formed = v; }), T("promo_needs_formed_hint", { min: b.requires_formed[0], max: b.requires_formed[1] })),
        field(T("promo_copies"), numberInput(card.quantity, path(".quantity"), b.quantity, (v) => { card.quantity = v; }),
              T("promo_copies_hint"))),
      vpFields(card),
      abilityFields(card),
      effectFields(card),
      el("label", { class: "row" }, el("input", { type: "checkbox", checked: card.free_play, "data-path": path(".free_play"),
        onchange: (e) => { card.free_play = e.target.checked; changed(false); } }),
        T("promo_free_play")),
      pictureField(card),
      field(T("promo_note"), textInput(card.note, path(".note"), (v) => { card.note = v; })),
    );
    updatePicker();
    showPreview();
  }

  /* A title and id still as suggested follow the faction and rank. */
  function suggestNames(card, change) {
    const before = fromBase(card.faction, card.rank);
    const followTitle = card.title === before.title, followId = card.id === before.id;
    change();
    const after = fromBase(card.faction, card.rank);
    if (followTitle) card.title = after.title;
    if (followId) card.id = after.id;
  }

  function useBase(card) {
    const base = fromBase(card.faction, card.rank);
    for (const key of ["cost", "requires_formed", "vp", "abilities", "effects", "free_play"]) card[key] = base[key];
  }

  /* A parameter's or a choice's name in the page's language (the file keeps its own). */
  function paramName(name) { return Tor(`param_${name}`, name.replaceAll("_", " ")); }
  function choiceName(value) { return Tor(`choice_${value}`, value.replaceAll("_", " ")); }

  function vpFields(card) {
    const spec = vpSpecs[card.vp.rule] || cfg.vp_rules[0];
    return el("fieldset", { class: "group" }, el("legend", { text: T("promo_vp") }),
      field(T("promo_vp_rule"), select(cfg.vp_rules.map((r) => [r.rule, Tor(`promo_vp_${r.rule.replace("-", "_")}`, r.rule)]),
        card.vp.rule, path(".vp"), (v) => {
          const next = { rule: v };
          for (const p of vpSpecs[v].params) next[p.name] = text(card.vp[p.name] ?? card.vp.points ?? card.vp.base ?? p.min);
          card.vp = next; changed(true);
        })),
      grid("grid3", spec.params.map((p) => field(paramName(p.name),
        numberInput(text(card.vp[p.name]), path(`.vp.${p.name}`), [p.min, p.max], (v) => { card.vp[p.name] = v; }),
        `${p.min}–${p.max}`))));
  }

  function abilityFields(card) {
    return el("fieldset", { class: "group" }, el("legend", { text: T("promo_abilities") }),
      card.abilities.map((a, k) => el("div", { class: "row" },
        el("textarea", { class: "grow", rows: 2, "data-path": path(`.abilities[${k}]`), value: a,
                         oninput: (e) => {
                           const had = card.abilities.some((x) => x.trim());
                           card.abilities[k] = e.target.value;
                           const has = card.abilities.some((x) => x.trim());
                           changed(false);
                           if (had !== has) refreshEffects(card);
                         } }),
        el("button", { type: "button", class: "small remove", title: T("promo_remove_ability_title"), "aria-label": T("promo_remove_ability", { n: k + 1 }),
                       onclick: () => removing(T("promo_ability_n", { n: k + 1 }), () => card.abilities.splice(k, 1)) }, "✕"))),
      card.abilities.length < cfg.max_abilities ? el("button", { type: "button", class: "small",
        onclick: () => { card.abilities.push(""); changed(true); } }, T("promo_add_ability")) : null);
  }

  function effectFields(card) {
    return el("fieldset", { class: "group effects" }, el("legend", { text: T("promo_effects") }),
      el("p", { class: "hint", text: T("promo_effects_hint") }),
      card.abilities.some((a) => a.trim()) && !card.effects.length
        ? el("p", { class: "form-warning", id: "blank-warning", text: T("promo_blank_warning") })
        : null,
      card.effects.map((effect, k) => effectRow(card, effect, k)),
      card.effects.length < cfg.max_effects ? el("button", { type: "button", class: "small", id: "add-effect",
        onclick: () => { card.effects.push(defaultEffect(cfg.effects[0].do)); changed(true); } }, T("promo_add_effect")) : null);
  }

  /* Only the effects group is redrawn, so the text being typed keeps its focus. */
  function refreshEffects(card) {
    const group = form.querySelector("fieldset.effects");
    if (group) group.replaceWith(effectFields(card));
  }

  function defaultEffect(name) {
    const effect = { do: name };
    for (const p of effectSpecs[name].params) {
      if (p.kind === "number" || p.kind === "number-or-word") effect[p.name] = p.required ? String(p.min) : "";
      else if (p.kind === "choice") effect[p.name] = p.required ? p.choices[0] : "";
      else effect[p.name] = false;
    }
    return effect;
  }

  function effectRow(card, effect, k) {
    const spec = effectSpecs[effect.do] || { params: [], description: T("promo_unknown_effect") };
    const at = path(`.effects[${k}]`);
    const params = spec.params.map((p) => {
      const set = (v) => { effect[p.name] = v; changed(false); };
      const label = p.required ? paramName(p.name) : T("promo_optional", { label: paramName(p.name) });
      if (p.kind === "word") {
        return el("label", { class: "row small" }, el("input", { type: "checkbox", checked: !!effect[p.name],
          "data-path": `${at}.${p.name}`, onchange: (e) => set(e.target.checked) }), choiceName(p.word));
      }
      if (p.kind === "choice") {
        const options = (p.required ? [] : [["", T("promo_no_choice")]]).concat(p.choices.map((c) => [c, choiceName(c)]));
        return field(label, select(options, text(effect[p.name]), `${at}.${p.name}`, set));
      }
      if (p.kind === "number-or-word") {
        const options = [];
        for (let n = p.min; n <= p.max; n++) options.push([String(n), String(n)]);
        options.push([p.word, choiceName(p.word)]);
        return field(label, select(options, text(effect[p.name]), `${at}.${p.name}`, set));
      }
      return field(label, textInput(text(effect[p.name]), `${at}.${p.name}`, (v) => { effect[p.name] = v; },
                                    { inputmode: "numeric", class: "num" }), `${p.min}–${p.max}`);
    });
    return el("div", { class: "effect", "data-effect": k },
      el("div", { class: "row" },
        el("span", { class: "step", text: `${k + 1}.` }),
        select(cfg.effects.map((e) => [e.do, Tor(`effect_${e.do}`, e.do.replaceAll("_", " "))]), effect.do, at, (v) => {
          card.effects[k] = defaultEffect(v); changed(true);
        }),
        el("button", { type: "button", class: "small", title: T("promo_move_up"), "aria-label": T("promo_move_up"), disabled: k === 0,
                       onclick: () => { card.effects.splice(k - 1, 0, card.effects.splice(k, 1)[0]); changed(true); } }, "↑"),
        el("button", { type: "button", class: "small remove", title: T("promo_remove_effect_title"), "aria-label": T("promo_remove_effect", { n: k + 1 }),
                       onclick: () => removing(T("promo_effect_n", { n: k + 1 }), () => card.effects.splice(k, 1)) }, "✕")),
      el("p", { class: "hint", text: Tor(`effect_${effect.do}_does`, spec.description.replace(/`/g, "")) }),
      params.length ? el("div", { class: "params" }, params) : null);
  }

  function pictureField(card) {
    const input = el("input", { type: "file", accept: ".png,.jpg,.jpeg,.webp,.tif,.tiff,image/*", id: "picture",
                                "data-path": path(".art"), onchange: (e) => addPicture(card, e.target) });
    const about = card.picture ? el("div", { class: "row small" },
      `${card.picture.name} (${card.picture.width} × ${card.picture.height} px)`,
      el("button", { type: "button", class: "small remove", onclick: () => removing(T("promo_the_picture"), () => { card.picture = null; }) }, T("promo_remove_picture")))
      : null;
    const warning = card.picture && card.picture.warning ? el("p", { class: "field-error violation",
      text: studio.said({ message: card.picture.warning, key: card.picture.warning_key, values: card.picture.warning_values }) }) : null;
    return el("fieldset", { class: "group" }, el("legend", { text: T("promo_picture") }),
      field(T("promo_picture_field"), input), about, warning);
  }

  async function addPicture(card, input) {
    const file = input.files[0];
    if (!file) return;
    const data = new FormData();
    data.append("image", file, file.name);
    setStatus(T("promo_checking_picture"));
    const answer = await studio.postForm("/api/studio/art", data);
    input.value = "";
    if (answer.status !== 200) {
      pnp.showErrors(form, (answer.data.problems || [{ message: studio.said(answer.data, "error") }]).map((p) =>
        ({ path: path(".art"), message: studio.said(p) })), null);
      setStatus(T("promo_picture_not_added"));
      return;
    }
    const suffix = answer.data.id.slice(answer.data.id.lastIndexOf("."));
    card.picture = { id: answer.data.id, name: answer.data.name, suffix, width: answer.data.width,
                     height: answer.data.height, warning: answer.data.warning,
                     warning_key: answer.data.warning_key, warning_values: answer.data.warning_values };
    changed(true);
  }

  /* --- the cards of the file -------------------------------------------------------- */

  function updatePicker() {
    const picker = $("card-select");
    picker.replaceChildren(...state.cards.map((c, i) => el("option", { value: i, selected: i === state.selected,
      text: `${i + 1}. ${c.title.trim() || c.id || T("promo_untitled")}` })));
    $("remove-card").disabled = state.cards.length < 2;
  }

  function choose(index) {
    state.selected = Math.max(0, Math.min(index, state.cards.length - 1));
    save(); render(); check();
  }

  $("card-select").addEventListener("change", (e) => choose(Number(e.target.value)));
  $("add-card").addEventListener("click", () => { state.cards.push(fromBase("dragons", "senior")); choose(state.cards.length - 1); });
  $("copy-card").addEventListener("click", () => {
    const copy = JSON.parse(JSON.stringify(selected()));
    copy.uid = uid(); copy.id = `${copy.id}-copy`;
    state.cards.splice(state.selected + 1, 0, copy);
    choose(state.selected + 1);
  });
  $("remove-card").addEventListener("click", () => {
    if (state.cards.length < 2 || !confirm(T("promo_remove_card_confirm", { n: state.selected + 1 }))) return;
    state.cards.splice(state.selected, 1);
    choose(state.selected);
  });

  /* --- checking and the preview ------------------------------------------------------ */

  function setStatus(message, kind) {
    previewStatus.textContent = message;
    previewStatus.dataset.kind = kind || "";
  }

  function showPreview() {
    const good = lastGood.get(selected().uid);
    if (good) preview.src = good;
    else preview.removeAttribute("src");
  }

  /* An edit is checked at once, with no pause after typing: the preview follows each
     keystroke. While a check is out, further edits wait for its answer and then go as one
     request with the latest card, so the server holds at most one check of this page. */
  let checking = false, pending = false;
  async function scheduleCheck() {
    if (checking) { pending = true; return; }
    checking = true;
    try { await check(); } finally { checking = false; }
    if (pending) { pending = false; scheduleCheck(); }
  }

  async function check() {
    const mine = ++sequence;
    setStatus(T("checking"), "busy");
    const { document, pictures } = compose();
    const answer = await pnp.post("/api/studio/promo/check", { document, pictures, card: state.selected });
    if (mine !== sequence) return;
    if (answer.status !== 200) {
      setStatus(answer.status === 0 ? T("promo_unreachable")
        : studio.said(answer.data, "error") || T("server_answered", { status: answer.status }), "bad");
      return;
    }
    showProblems(answer.data.problems);
    const card = selected();
    if (answer.data.preview) {
      lastGood.set(card.uid, answer.data.preview);
      preview.src = answer.data.preview;
      preview.dataset.version = String(Number(preview.dataset.version || 0) + 1);
      setStatus(T("promo_up_to_date", { ms: number_(answer.data.ms) }), "ok");
    } else {
      showPreview();
      setStatus(lastGood.has(card.uid) ? T("promo_not_redrawn") : T("promo_cannot_draw"), "stale");
    }
  }

  /* Problems of this card beside their fields; the other cards' and the file's above. */
  function showProblems(problems) {
    const mine = `$.cards[${state.selected}]`;
    const here = problems.filter((p) => p.path && (p.path === mine || p.path.startsWith(mine + ".") || p.path.startsWith(mine + "[")));
    const rest = problems.filter((p) => !here.includes(p));
    pnp.showErrors(form, here.map((p) => ({ ...p, message: studio.said(p) })), null);
    const box = $("file-problems");
    box.replaceChildren(...rest.map((p) => {
      const card = p.path && p.path.match(/^\$\.cards\[(\d+)\]/);
      return el("div", { class: "field-error" }, card
        ? el("button", { type: "button", class: "link", onclick: () => choose(Number(card[1])) }, T("promo_card_n", { n: Number(card[1]) + 1 }))
        : (p.path && p.path !== "$" ? el("code", { text: p.path }) : null), card || (p.path && p.path !== "$") ? ": " : "", studio.said(p));
    }));
  }

  /* --- balance ----------------------------------------------------------------------- */

  const games = $("games");
  games.replaceChildren(...cfg.balance_games.map((n) => el("option", { value: n, text: T("promo_n_games", { n, count: number_(n) }), selected: n === cfg.balance_default })));

  async function startBalance() {
    const { document } = compose();
    $("balance-verdict").replaceChildren();
    balanceStatus(T("promo_starting"));
    const answer = await pnp.post("/api/studio/balance", { document, card: state.selected, games: Number(games.value) });
    if (answer.status === 0) {
      balanceStatus(T("promo_balance_unreachable"));
      return;
    }
    if (answer.status !== 202) {
      balanceStatus("");
      studio.showProblems($("balance-verdict"), answer.data || { error: T("server_answered", { status: answer.status }) });
      return;
    }
    jobs.save({ job: answer.data.job });
    follow(answer.data.job);
  }

  function balanceStatus(message) { $("balance-status").textContent = message; }

  async function follow(job) {
    const bar = $("balance-progress");
    bar.hidden = false; $("balance-cancel").hidden = false; $("balance-start").disabled = true;
    for (;;) {
      let view;
      try {
        const answer = await fetch(`/api/studio/balance/${encodeURIComponent(job)}`, {
          credentials: "same-origin", headers: { "Accept": "application/json" } });
        view = await answer.json();
        if (!answer.ok) { finish(); studio.showProblems($("balance-verdict"), view); jobs.clear(); return; }
      } catch (e) {
        balanceStatus(T("promo_retrying"));
        await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      bar.max = view.games; bar.value = view.played;
      if (view.state === "waiting") balanceStatus(T("promo_waiting"));
      if (view.state === "running") balanceStatus(T("promo_playing", { played: number_(view.played), games: number_(view.games) }));
      if (view.state === "done") { finish(); showVerdict(view); jobs.clear(); return; }
      if (view.state === "failed" || view.state === "cancelled") {
        finish(); jobs.clear();
        if (view.state === "cancelled") { balanceStatus(T("promo_stopped")); return; }
        studio.showProblems($("balance-verdict"), { error: view.error, error_key: view.error_key, problems: view.problems });
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  function finish() {
    $("balance-progress").hidden = true; $("balance-cancel").hidden = true; $("balance-start").disabled = false;
    balanceStatus("");
  }

  /* The verdict in the page's language where the answer holds its numbers (it does since
     the pages speak several languages), else the server's English words. */
  function showVerdict(view) {
    const words = view.answer.titles ? balanceWords(view.answer) : view.answer.words;
    $("balance-verdict").replaceChildren(el("div", { class: `verdict-box v-${words.verdict.replaceAll(" ", "-")}`,
      "data-verdict": words.verdict },
      el("p", { class: "headline", text: words.headline }),
      words.power ? el("p", { class: "power", id: "balance-power", text: words.power }) : null,
      el("ul", {}, words.lines.map((line) => el("li", { text: line })))));
  }

  $("balance-start").addEventListener("click", startBalance);
  $("balance-cancel").addEventListener("click", async () => {
    const job = (jobs.load() || {}).job;
    if (job) await fetch(`/api/studio/balance/${encodeURIComponent(job)}`, { method: "DELETE", credentials: "same-origin" });
  });

  /* --- files in and out -------------------------------------------------------------- */

  const paper = $("pdf-paper");
  paper.replaceChildren(...["a4", "letter", "a3", "legal"].map((p) => el("option", { value: p, text: p.toUpperCase() === "LETTER" ? "Letter" : p === "legal" ? "Legal" : p.toUpperCase() })));

  async function downloadFile(url, extra, making) {
    const status = $("download-status");
    status.textContent = T(making);
    $("download-problems").replaceChildren();
    const { document, pictures } = compose();
    const answer = await studio.fetchFile(url, { document, pictures, ...extra });
    if (answer.ok) {
      studio.saveBlob(answer.blob, answer.name);
      status.textContent = T("studio_downloaded", { name: answer.name, size: studio.sizeText(answer.blob.size) });
    } else {
      status.textContent = "";
      studio.showProblems($("download-problems"), answer.data);
    }
  }

  $("download-file").addEventListener("click", () => downloadFile("/api/studio/promo/file", { filename: state.filename }, "promo_making_file"));
  $("download-pdf").addEventListener("click", () => downloadFile("/api/studio/promo/pdf", { paper: paper.value }, "promo_making_pdf"));
  $("filename").addEventListener("input", (e) => { state.filename = e.target.value; save(); });
  $("set-name").addEventListener("input", (e) => { state.name = e.target.value; changed(false); });

  $("open").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    const data = new FormData();
    data.append("file", file, file.name);
    setStatus(T("promo_opening", { name: file.name }), "busy");
    const answer = await studio.postForm("/api/studio/promo/open", data);
    if (answer.status !== 200) {
      studio.showProblems($("file-problems"), answer.data);
      setStatus(T("promo_not_opened", { name: file.name }), "bad");
      return;
    }
    const doc = answer.data.document;
    const pictures = Object.fromEntries(answer.data.pictures.map((p) => [p.card, {
      id: p.id, name: p.name, suffix: p.id.slice(p.id.lastIndexOf(".")), width: p.width, height: p.height }]));
    const cards = Array.isArray(doc.cards) && doc.cards.length ? doc.cards : [{}];
    state = { filename: file.name.replace(/\.zip$/i, ".json"), name: text(doc.name),
              cards: cards.map((c, i) => fromJson(c, pictures[i])), selected: 0 };
    lastGood.clear();
    save(); render(); syncFileFields(); await check();
    const notes = answer.data.notes.map((n) => el("div", { class: "field-error violation", text: studio.said(typeof n === "string" ? { message: n } : n) }));
    if (notes.length) $("file-problems").prepend(...notes);
  });

  $("new").addEventListener("click", () => {
    if (!confirm(T("promo_new_confirm"))) return;
    state = fresh(); lastGood.clear(); save(); render(); syncFileFields(); check();
  });

  function syncFileFields() {
    $("filename").value = state.filename;
    $("set-name").value = state.name;
  }

  /* --- start ------------------------------------------------------------------------- */

  state = saved.load();
  if (!state || !Array.isArray(state.cards) || !state.cards.length) state = fresh();
  state.selected = Math.min(state.selected || 0, state.cards.length - 1);
  for (const card of state.cards) card.uid = card.uid || uid();
  syncFileFields();
  render();
  check();
  const running = jobs.load();
  if (running && running.job) follow(running.job);
})();
