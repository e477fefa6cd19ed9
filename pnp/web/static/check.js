/* check-<game>.html: a form for exactly what the game's record holds. Every keystroke is
   kept in this browser; a moment later the record goes to the checker (the Python checker
   in this browser, or the server under `pnp serve`), which answers with the verdict (or
   with each problem at its JSON path, shown beside its field). */
"use strict";

(() => {
  const { el, childPath } = pnp;
  const T = STRINGS.t;
  const config = JSON.parse(document.getElementById("config").textContent);
  const game = config.game;
  const saved = pnp.store(`pnp.check.${game}`);
  const form = document.getElementById("form");
  const verdictBox = document.getElementById("verdict");
  const statusLine = document.getElementById("status");
  const orphanBox = document.getElementById("record-problems");
  let model = saved.load() || blank();
  let nextId = 1 + Math.max(0, ...model.players.map((p) => p.id));

  /* ---- the model: players carry stable ids, so renaming or removing one never moves
     another's entries ---- */
  function blank() {
    const [low, high] = config.players;
    const last = pnp.lastNames.load();
    const carried = Array.isArray(last) && last.every((n) => typeof n === "string") ? last : [];
    const count = carried.length >= low && carried.length <= high ? carried.length : low;
    const players = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: carried[i] || "" }));
    const base = { version: 1, players, claimed: {}, rules: {}, touched: [], showAll: false };
    if (game === "majority") return { ...base, rounds: [newMajorityRound(players)], useFinal: false, final: {} };
    if (game === "majority2") return { ...base, start: 1, areas: {}, coins: {} };
    if (game === "majority-rules") return { ...base, rounds: [{ gold: "", dice: {}, claimed: {} }] };
    return { ...base, mode: "stacks", stacks: [[]], moves: [], deck: "" };
  }
  function newMajorityRound(players) { return { variant: "", turns: [{}] }; }
  const names = () => model.players.map((p) => p.name);
  /* The names as the record holds them: a name is what was typed less the spaces at its
     ends (a phone keyboard adds one after a word; the checker refuses them, rightly, in a
     file). `typed` keeps the field's text as it is, caret and all. */
  function setName(p, text) {
    p.typed = text;
    p.name = text.trim();
  }
  const nameOf = (id) => (model.players.find((p) => p.id === id) || {}).name;

  /* A typed number as JSON: whole numbers become numbers, anything else stays text so the
     server can say what is wrong with it, beside the field. */
  function num(text) {
    const t = String(text ?? "");
    return /^-?\d+$/.test(t.trim()) && t.trim() === t ? Number(t) : t;
  }
  const filled = (text) => text !== undefined && text !== null && String(text) !== "";

  function perPlayer(values, convert = num, keep = filled) {
    const out = {};
    for (const p of model.players) if (keep(values[p.id])) out[p.name] = convert(values[p.id]);
    return out;
  }

  function toRecord() {
    const record = { game, players: names() };
    if (game === "majority") {
      const rounds = enteredRounds();
      if (rounds.length) {
        record.rounds = rounds.map((r) => {
          const round = r.variant ? { variant: r.variant } : {};
          round.turns = r.turns.map((t) => perPlayer(t, String));
          return round;
        });
      }
      if (model.useFinal || !rounds.length) {
        record.final = {};
        for (const p of model.players) {
          const f = model.final[p.id] || {};
          record.final[p.name] = { ones: num(f.ones ?? ""), fives: num(f.fives ?? "") };
        }
      }
    } else if (game === "majority2") {
      record.start_player = nameOf(model.start) ?? names()[0];
      record.score_areas = {};
      record.coins = {};
      for (const p of model.players) {
        record.score_areas[p.name] = (model.areas[p.id] || []).map((c) =>
          c.disc ? { card: c.card, disc: c.disc } : c.card);
        record.coins[p.name] = num(model.coins[p.id] ?? "");
      }
    } else if (game === "majority-rules") {
      record.rounds = model.rounds.map((r) => {
        const round = { gold: num(r.gold), dice: {} };
        for (const p of model.players) round.dice[p.name] = String(r.dice[p.id] ?? "");
        const claims = perPlayer(r.claimed || {});
        if (Object.keys(claims).length) round.claimed = claims;
        return round;
      });
    } else if (model.mode === "moves") {
      record.moves = model.moves.map((m) => ({ player: nameOf(m.player) ?? "", value: d20(m.value),
                                               stack: m.stack === "new" ? "new" : num(m.stack) }));
    } else {
      record.stacks = model.stacks.map((s) => s.map((c) => ({ player: nameOf(c.player) ?? "", value: d20(c.value) })));
    }
    if (game === "d20-stacks" && model.deck.trim()) {
      record.deck = model.deck.split(/[,\s]+/).filter(Boolean).map(d20);
    }
    const claims = perPlayer(model.claimed);
    if (Object.keys(claims).length) record.claimed = claims;
    const rules = {};
    for (const [name, spec] of Object.entries(config.rules)) {
      const value = model.rules[name];
      if (value === undefined || value === "" || value === spec.default) continue;
      rules[name] = spec.type === "integer" ? num(value) : value;
    }
    if (Object.keys(rules).length) record.rules = rules;
    return record;
  }
  function d20(value) { return value === "-" ? "-" : num(value); }

  /* The Majority's rounds as far as they are entered: a turn at the end with no vote yet
     (the form always offers the next one) is not part of the game yet, nor is a last round
     with no vote at all. Without this the record broke a rule (missing votes) as soon as
     the names were typed. */
  function enteredRounds() {
    const voted = (t) => model.players.some((p) => filled(t[p.id]));
    const rounds = model.rounds.map((r) => {
      let end = r.turns.length;
      while (end > 0 && !voted(r.turns[end - 1])) end--;
      return { ...r, turns: r.turns.slice(0, end) };
    });
    while (rounds.length && !rounds[rounds.length - 1].turns.length) rounds.pop();
    return rounds;
  }

  /* A record file back into the form (what the form cannot show is reported). */
  function fromRecord(record) {
    if (!record || typeof record !== "object" || Array.isArray(record)) throw new Error("not a game record (a JSON object)");
    if (record.game && record.game !== game) throw new Error(`this is a ${record.game} record; open check-${record.game}.html`);
    if ("rounds" in record && game === "majority2") throw new Error("this is a play-by-play log: open it in the Majority 2 log page");
    const list = Array.isArray(record.players) ? record.players.map(String) : [];
    const players = list.map((name, i) => ({ id: i + 1, name }));
    const idOf = (name) => (players.find((p) => p.name === name) || {}).id;
    const byId = (values, convert = String) => {
      const out = {};
      for (const [name, value] of Object.entries(values || {})) if (idOf(name)) out[idOf(name)] = convert(value);
      return out;
    };
    const m = { ...blank(), players, claimed: byId(record.claimed), rules: { ...(record.rules || {}) } };
    for (const [k, v] of Object.entries(m.rules)) m.rules[k] = typeof v === "boolean" ? v : String(v);
    if (game === "majority") {
      m.rounds = (record.rounds || []).map((r) => ({ variant: String(r.variant || "").toLowerCase(),
        turns: (r.turns || []).map((t) => byId(t, (v) => String(v).toLowerCase() === "score" ? "Score" : String(v).toUpperCase())) }));
      m.useFinal = Boolean(record.final);
      m.final = {};
      for (const [name, f] of Object.entries(record.final || {})) {
        if (idOf(name)) m.final[idOf(name)] = { ones: String(f.ones ?? ""), fives: String(f.fives ?? "") };
      }
    } else if (game === "majority2") {
      m.start = idOf(record.start_player) || 1;
      m.areas = byId(record.score_areas, (cards) => (cards || []).map((c) =>
        typeof c === "string" ? { card: c, disc: "" } : { card: String(c.card), disc: c.disc || "" }));
      m.coins = byId(record.coins);
    } else if (game === "majority-rules") {
      m.rounds = (record.rounds || []).map((r) => ({ gold: String(r.gold ?? ""),
        dice: byId(r.dice, (d) => (Array.isArray(d) ? d.join("") : String(d))), claimed: byId(r.claimed) }));
    } else {
      const card = (c) => {
        if (typeof c === "string") { const [who, value] = c.split(":"); return { player: idOf(who), value: value ?? "" }; }
        return { player: idOf(c.player), value: String(c.value ?? "") };
      };
      m.mode = record.moves ? "moves" : "stacks";
      m.stacks = (record.stacks || [[]]).map((s) => s.map(card));
      m.moves = (record.moves || []).map((mv) => ({ ...card(mv), stack: String(mv.stack) }));
      m.deck = (record.deck || []).join(", ");
    }
    return m;
  }

  /* ---- the form ---- */
  /* A problem is shown beside a field once the person has touched it (typed in it, picked
     in it) or has asked to see everything (the banner's button, or a loaded record); a
     fresh form shows none. The touched fields are kept with the entry, so a reload shows
     what it showed; a text field holding a value counts as touched (a renamed player moves
     the paths of that player's fields). */
  model.touched ||= [];
  const touchedPaths = () => new Set(model.touched);
  const isText = (field) => field.tagName === "INPUT" && field.type !== "checkbox";
  const typedIn = (field) => isText(field) && field.value !== "";
  function touchedField(field, paths) {
    return paths.has(field.dataset.path) || typedIn(field) ||
      [...field.querySelectorAll("[data-path]")].some((f) => paths.has(f.dataset.path) || typedIn(f));
  }
  function shownFor() {
    const paths = touchedPaths();
    return (field) => model.showAll || touchedField(field, paths);
  }
  function touch(e) {
    const path = e.target.dataset && e.target.dataset.path;
    if (path && !model.touched.includes(path)) model.touched.push(path);
  }
  form.addEventListener("input", touch, true);
  form.addEventListener("change", touch, true);

  function changed(rebuild = false) {
    saved.save(model);
    if (rebuild) render();
    /* The verdict shown is the entry's before this change until the new answer comes: say
       so at once, not only when the check starts after the pause (a reader — or a test —
       took the old verdict for the new one). */
    if (statusLine.textContent !== STRINGS.startingChecker) statusLine.textContent = STRINGS.checking;
    schedule();
  }

  function textInput(path, get, set, extra = {}) {
    return el("input", { value: get() ?? "", "data-path": path, autocomplete: "off",
                         oninput: (e) => { set(e.target.value); changed(); }, ...extra });
  }
  function numberInput(path, get, set, extra = {}) {
    return textInput(path, get, set, { class: "num", inputmode: "numeric", ...extra });
  }
  function select(path, options, get, set, extra = {}) {
    const { rebuild, ...attrs } = extra;
    const node = el("select", { "data-path": path, onchange: (e) => { set(e.target.value); changed(rebuild); }, ...attrs },
      options.map(([value, label]) => el("option", { value, text: label })));
    node.value = get() ?? "";
    return node;
  }
  const playerOptions = (blankLabel) => [...(blankLabel ? [["", blankLabel]] : []),
    ...model.players.map((p) => [String(p.id), p.name || T("no_name")])];
  /* ✕ removes at once and offers to undo it for a while (the whole entry as it was);
     `kind` (player, round, turn, card, move, stack) and `n` name what it removes. */
  const removeButton = (kind, n, onclick) => {
    const label = T(`remove_${kind}`, { n });
    return el("button", { type: "button", class: "small remove", "aria-label": label, title: label,
      onclick: () => {
        const before = JSON.stringify(model);
        onclick();
        pnp.undoable(T(`removed_${kind}`, { n }), () => {
          model = JSON.parse(before);
          changed(true);
        }, true);
      } }, "✕");
  };

  function playersPanel() {
    const [low, high] = config.players;
    const rows = model.players.map((p, i) => el("div", { class: "row" },
      el("span", { class: "small", text: `${i + 1}.` }),
      /* a new name is shown everywhere once the focus has left for the next field */
      textInput(childPath("$.players", i), () => p.typed ?? p.name, (v) => { setName(p, v); },
                { class: "grow", placeholder: T("player_n", { n: i + 1 }), "aria-label": T("player_n", { n: i + 1 }),
                  onchange: () => setTimeout(render), enterkeyhint: "next" }),
      model.players.length > low ? removeButton("player", i + 1, () => {
        model.players.splice(i, 1); changed(true); }) : null));
    return el("section", { class: "panel" }, el("h2", { text: T("players") }),
      el("p", { class: "hint", text: game === "majority2" ? T("players_two") : T("players_order") }),
      el("div", { "data-path": "$.players" }, rows),
      model.players.length < high ? el("button", { type: "button", class: "small", onclick: () => {
        model.players.push({ id: nextId++, name: "" }); changed(true); } }, T("add_player")) : null);
  }

  function claimsPanel() {
    return el("section", { class: "panel" }, el("h2", { text: T("claims") }),
      el("p", { class: "hint", text: T("claims_hint") }),
      el("div", { "data-path": "$.claimed" }, model.players.map((p) => el("label", { class: "field" },
        el("span", { text: p.name || T("no_name") }),
        numberInput(childPath("$.claimed", p.name), () => model.claimed[p.id], (v) => { model.claimed[p.id] = v; },
                    { "data-claim": p.name }) ))));
  }

  function rulesPanel() {
    const entries = Object.entries(config.rules);
    if (!entries.length) return null;
    const fields = entries.map(([name, spec]) => {
      const path = childPath("$.rules", name);
      const get = () => model.rules[name] ?? spec.default;
      const set = (v) => { model.rules[name] = v; };
      let input;
      if (spec.enum) input = select(path, spec.enum.map((v) => [v, v]), get, set);
      else if (spec.type === "boolean") {
        input = el("input", { type: "checkbox", "data-path": path, checked: get() === true,
                              onchange: (e) => { set(e.target.checked); changed(); } });
      } else input = numberInput(path, () => String(get()), set);
      return el("label", { class: "field" }, el("span", {}, el("code", { text: name }), " — ", spec.description || ""), input);
    });
    return el("details", { class: "panel" }, el("summary", { text: T("rule_options") }), fields);
  }

  /* The Majority: rounds of turns, each player's vote; point cards held. */
  function majorityPanels() {
    const votes = [["", "—"], ...config.votes.map((v) => [v, v])];
    const rounds = model.rounds.map((r, ri) => el("section", { class: "panel" },
      el("div", { class: "row head" }, el("h3", { class: "grow", text: T("round_n", { n: ri + 1 }) }),
         select(childPath(childPath("$.rounds", ri), "variant"), [["", T("variant_none")], ["green", "green"], ["red", "red"]],
                () => r.variant, (v) => { r.variant = v; }, { "aria-label": STRINGS.roundVariant(ri + 1) }),
         removeButton("round", ri + 1, () => { model.rounds.splice(ri, 1); changed(true); })),
      el("div", { "data-path": childPath(childPath("$.rounds", ri), "turns") },
        r.turns.map((t, ti) => {
          const path = childPath(childPath(childPath("$.rounds", ri), "turns"), ti);
          return el("div", { class: "turn", "data-path": path },
            el("div", { class: "row" }, el("strong", { class: "grow", text: T("turn_n", { n: ti + 1 }) }),
               removeButton("turn", ti + 1, () => { r.turns.splice(ti, 1); changed(true); })),
            el("div", { class: "row" }, model.players.map((p) => el("label", { class: "vote" },
              el("span", { class: "small", text: `${p.name || "?"} ` }),
              select(childPath(path, p.name), votes, () => t[p.id], (v) => { t[p.id] = v; },
                     { "aria-label": STRINGS.vote(p.name || "?") })))));
        })),
      el("button", { type: "button", class: "small", onclick: () => { r.turns.push({}); changed(true); } }, T("add_turn"))));
    const final = el("section", { class: "panel" }, el("h2", { text: T("held") }),
      el("label", { class: "row" }, el("input", { type: "checkbox", checked: model.useFinal || !model.rounds.length,
        "data-path": "$.final", onchange: (e) => { model.useFinal = e.target.checked; changed(true); } }),
        " ", T("count_held")),
      (model.useFinal || !model.rounds.length) ? model.players.map((p) => {
        const f = (model.final[p.id] ||= {});
        return el("div", { class: "row" }, el("span", { class: "grow", text: p.name || "?" }),
          "1s ", numberInput(childPath(childPath("$.final", p.name), "ones"), () => f.ones, (v) => { f.ones = v; },
                             { "aria-label": STRINGS.heldOnes(p.name || "?") }),
          "5s ", numberInput(childPath(childPath("$.final", p.name), "fives"), () => f.fives, (v) => { f.fives = v; },
                             { "aria-label": STRINGS.heldFives(p.name || "?") }));
      }) : null);
    return [el("h2", { text: T("rounds") }), ...rounds,
      el("div", { class: "actions" }, el("button", { type: "button", onclick: () => {
        model.rounds.push(newMajorityRound(model.players)); changed(true); } }, T("add_round"))), final];
  }

  /* The Majority 2: each score area card by card, with discs; coins; the start player. */
  function majority2Panels() {
    const cardOptions = [["", T("choose_card")], ...config.cards.map((c) => [c.id, c.title])];
    const discs = [["", T("no_disc")], ...config.discs.map((d) => [d, T("disc", { colour: d })])];
    const start = el("section", { class: "panel" }, el("h2", { text: T("start_player") }),
      select("$.start_player", playerOptions(), () => String(model.start), (v) => { model.start = Number(v); },
             { "aria-label": STRINGS.startPlayer }));
    const areas = model.players.map((p) => {
      const cards = (model.areas[p.id] ||= []);
      const areaPath = childPath("$.score_areas", p.name);
      return el("section", { class: "panel", "data-area": p.name },
        el("h2", { text: T("score_area", { name: p.name || "?" }) }),
        el("div", { "data-path": areaPath }, cards.map((c, ci) => el("div", { class: "row" },
          select(childPath(areaPath, ci), cardOptions, () => c.card, (v) => { c.card = v; }, { class: "grow card", "aria-label": T("card_n", { n: ci + 1 }) }),
          select(childPath(childPath(areaPath, ci), "disc"), discs, () => c.disc, (v) => { c.disc = v; }, { "aria-label": T("disc_n", { n: ci + 1 }) }),
          removeButton("card", ci + 1, () => { cards.splice(ci, 1); changed(true); })))),
        el("button", { type: "button", class: "small", onclick: () => { cards.push({ card: "", disc: "" }); changed(true); } }, T("add_card")),
        el("label", { class: "field" }, el("span", { text: T("coins") }),
          numberInput(childPath("$.coins", p.name), () => model.coins[p.id], (v) => { model.coins[p.id] = v; })));
    });
    return [start, ...areas];
  }

  /* Majority Rules!: each round's gold die and every player's eight dice. */
  function majorityRulesPanels() {
    const rounds = model.rounds.map((r, ri) => {
      const path = childPath("$.rounds", ri);
      r.claimed ||= {};
      return el("section", { class: "panel" },
        el("div", { class: "row head" }, el("h3", { class: "grow", text: T("round_n", { n: ri + 1 }) }),
           removeButton("round", ri + 1, () => { model.rounds.splice(ri, 1); changed(true); })),
        el("label", { class: "field" }, el("span", { text: T("gold_die") }),
          numberInput(childPath(path, "gold"), () => r.gold, (v) => { r.gold = v; }, { maxlength: 1 })),
        model.players.map((p) => el("div", { class: "row" },
          el("span", { class: "grow", text: T("eight_dice", { name: p.name || "?" }) }),
          textInput(childPath(childPath(path, "dice"), p.name), () => r.dice[p.id], (v) => { r.dice[p.id] = v; },
                    { class: "dice", inputmode: "numeric", maxlength: 8, placeholder: "33555442", "aria-label": T("dice_of", { name: p.name }) }),
          el("span", { class: "small", text: T("written_down") }),
          numberInput(childPath(childPath(path, "claimed"), p.name), () => r.claimed[p.id], (v) => { r.claimed[p.id] = v; },
                      { placeholder: "—", "aria-label": T("round_claim", { name: p.name }) }))));
    });
    return [el("h2", { text: T("rounds") }), ...rounds, el("div", { class: "actions" }, el("button", {
      type: "button", onclick: () => { model.rounds.push({ gold: "", dice: {}, claimed: {} }); changed(true); } }, T("add_round")))];
  }

  /* D20 Stacks: the final stacks card by card (bottom to top), or the whole game's moves. */
  function d20Panels() {
    const mode = el("section", { class: "panel" }, el("h2", { text: T("record_kind") }),
      select("$", [["stacks", T("final_stacks")], ["moves", T("every_move")]], () => model.mode,
             (v) => { model.mode = v; }, { rebuild: true, "aria-label": T("record_kind_label") }));
    const deck = el("details", { class: "panel" }, el("summary", { text: T("custom_deck") }),
      el("label", { class: "field" }, el("span", { text: T("deck_values") }),
        textInput("$.deck", () => model.deck, (v) => { model.deck = v; }, { class: "grow" })));
    const values = (path, get, set, label) => textInput(path, get, set,
      { class: "num", inputmode: "numeric", placeholder: "0–20", "aria-label": label });
    if (model.mode === "moves") {
      const stackOptions = () => [["new", T("new_stack")], ...Array.from({ length: 30 }, (_, i) => [String(i + 1), T("on_stack", { n: i + 1 })])];
      const moves = model.moves.map((m, mi) => {
        const path = childPath("$.moves", mi);
        return el("div", { class: "row", "data-path": path }, el("span", { class: "small", text: `${mi + 1}.` }),
          select(childPath(path, "player"), playerOptions(T("who")), () => String(m.player ?? ""), (v) => { m.player = Number(v); },
                 { "aria-label": STRINGS.movePlayer(mi + 1) }),
          values(childPath(path, "value"), () => m.value, (v) => { m.value = v; }, T("move_value", { n: mi + 1 })),
          select(childPath(path, "stack"), stackOptions(), () => m.stack, (v) => { m.stack = v; },
                 { "aria-label": STRINGS.moveStack(mi + 1) }),
          removeButton("move", mi + 1, () => { model.moves.splice(mi, 1); changed(true); }));
      });
      return [mode, el("section", { class: "panel" }, el("h2", { text: T("moves") }), el("div", { "data-path": "$.moves" }, moves),
        el("button", { type: "button", class: "small", onclick: () => {
          const last = model.moves[model.moves.length - 1];
          const order = model.players.map((p) => p.id);
          const player = last ? order[(order.indexOf(last.player) + 1) % order.length] : order[0];
          model.moves.push({ player, value: "", stack: "new" }); changed(true); } }, T("add_move"))), deck];
    }
    const stacks = model.stacks.map((s, si) => {
      const path = childPath("$.stacks", si);
      return el("section", { class: "panel" },
        el("div", { class: "row" }, el("h3", { class: "grow", text: T("stack_n", { n: si + 1 }) }),
           removeButton("stack", si + 1, () => { model.stacks.splice(si, 1); changed(true); })),
        el("div", { "data-path": path }, s.map((c, ci) => el("div", { class: "row" },
          el("span", { class: "small", text: `${ci + 1}.` }),
          select(childPath(childPath(path, ci), "player"), playerOptions(T("who")), () => String(c.player ?? ""), (v) => { c.player = Number(v); },
                 { "data-path": childPath(path, ci), "aria-label": STRINGS.cardPlayer(si + 1, ci + 1) }),
          values(childPath(childPath(path, ci), "value"), () => c.value, (v) => { c.value = v; }, T("card_value", { stack: si + 1, card: ci + 1 })),
          removeButton("card", ci + 1, () => { s.splice(ci, 1); changed(true); })))),
        el("button", { type: "button", class: "small", onclick: () => {
          /* players take turns, whatever stack they play on: the next card is the turn of
             the player after the last one, counting every card on the table */
          const order = model.players.map((p) => p.id);
          const played = model.stacks.reduce((sum, stack) => sum + stack.length, 0);
          s.push({ player: order[played % order.length], value: "" });
          changed(true); } }, T("add_card")));
    });
    return [mode, el("h2", { text: T("stacks") }), ...stacks, el("div", { class: "actions" }, el("button", {
      type: "button", onclick: () => { model.stacks.push([]); changed(true); } }, T("add_stack"))), deck];
  }

  const GAME_PANELS = { majority: majorityPanels, majority2: majority2Panels,
                        "majority-rules": majorityRulesPanels, "d20-stacks": d20Panels };

  /* The form drawn again from the model. The field the person is in keeps the focus and
     the caret, so a re-draw never swallows what they type next. */
  function render() {
    const active = form.contains(document.activeElement) ? document.activeElement : null;
    const path = active && active.dataset.path;
    const caret = active && isText(active) ? [active.selectionStart, active.selectionEnd] : null;
    form.replaceChildren(playersPanel(), ...GAME_PANELS[game](), claimsPanel(), rulesPanel() || "");
    const again = path && form.querySelector(`[data-path="${CSS.escape(path)}"]`);
    if (again) {
      again.focus();
      if (caret && isText(again)) again.setSelectionRange(...caret);
    }
    if (lastProblems) showProblems();
  }

  /* ---- checking: a moment after the last change, the newest answer wins ---- */
  let timer = null;
  let asked = 0;
  let lastProblems = null;
  function schedule(delay = 350) {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
  }
  async function check() {
    const mine = ++asked;
    if (statusLine.textContent !== STRINGS.startingChecker) statusLine.textContent = STRINGS.checking;
    const answer = await pnp.api("form", toRecord(), game);
    if (mine !== asked) return;
    if (answer.status === 200 && answer.data.verdict) {
      statusLine.textContent = "";
      const view = answer.data.verdict;
      pnp.renderVerdict(verdictBox, view);
      lastProblems = view.violations.map((v) => ({ path: v.path, message: v.message, kind: "violation" }));
      lastView = view;
      incomplete = false;
    } else if (answer.status === 200 && answer.data.refused) {
      statusLine.textContent = "";
      lastProblems = answer.data.refused.problems.map((p) => ({ path: p.path || "$", message: STRINGS.plain(p) }));
      lastView = null;
      incomplete = true;
    } else if (answer.status === 0) {
      /* nothing could check it: what is shown belongs to an older entry */
      pnp.showErrors(form, [], orphanBox);
      lastProblems = null;
      statusLine.textContent = window.PNP_SERVER ? STRINGS.serverGone : STRINGS.checkerFailed(answer.error);
      if (window.PNP_SERVER) schedule(4000);
      return;
    } else {
      statusLine.textContent = (answer.data && answer.data.error) || STRINGS.serverAnswered(answer.status);
      return;
    }
    keepBox.hidden = !lastView;
    showProblems();
  }

  /* A field changed: its old error no longer says anything about it (the next answer
     tells); it goes at once, also when no checker can answer. */
  function clearStale(event) {
    const path = event.target.dataset && event.target.dataset.path;
    if (!path) return;
    for (const note of form.querySelectorAll(".field-error")) {
      if (note.dataset.for === path || note.previousElementSibling === event.target) note.remove();
    }
    event.target.classList.remove("has-error");
  }
  form.addEventListener("input", clearStale, true);
  form.addEventListener("change", clearStale, true);

  /* ---- keeping a checked game on this phone ---- */
  let lastView = null;
  const keepBox = document.getElementById("keep-actions");
  let keptId = null;
  document.getElementById("keep").addEventListener("click", () => {
    if (!lastView) return;
    const again = keptId !== null && pnp.kept.get(keptId);
    keptId = keptId || `${game}-${Date.now()}`;
    pnp.kept.put({ id: keptId, game, title: config.title, page: `check-${game}.html`, saved: new Date().toISOString(),
                   record: toRecord(), report: lastView.report });
    pnp.lastNames.save(names());
    statusLine.textContent = again ? STRINGS.keptAgain : STRINGS.kept;
  });

  /* The problems the person may see now beside their fields (problems that belong to no
     field wait until something is touched); a record that cannot be judged yet says how
     many things are left and offers to show the ones not shown. */
  let incomplete = false;
  function showProblems() {
    const shown = shownFor();
    const started = model.showAll || model.touched.length > 0;
    const hidden = pnp.showErrors(form, lastProblems, started ? orphanBox : null, shown);
    if (!started) orphanBox.replaceChildren();
    if (incomplete) incompleteBanner(lastProblems.length, started ? hidden : lastProblems.length);
  }
  function incompleteBanner(count, hidden) {
    const things = T("incomplete", { n: count });
    verdictBox.replaceChildren(el("div", { class: "banner input", "data-ok": "input" },
      hidden ? `${things}. ` : `${things} ${T("shown_beside")}.`,
      hidden ? el("button", { type: "button", class: "small", id: "show-all", onclick: () => {
        model.showAll = true; saved.save(model); showProblems(); } }, T("show_them")) : null));
  }
  window.addEventListener("online", () => schedule(0));

  /* ---- the tools: download, load, start again ---- */
  document.getElementById("download").addEventListener("click", () => pnp.download(`${game}-record.json`, toRecord()));
  document.getElementById("load").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    try {
      model = fromRecord(await pnp.readJsonFile(file));
      model.showAll = true;
      nextId = 1 + Math.max(0, ...model.players.map((p) => p.id));
      statusLine.textContent = STRINGS.loaded(file.name);
      changed(true);
    } catch (err) {
      statusLine.textContent = STRINGS.cannotLoad(file.name, err.message);
    }
  });
  document.getElementById("clear").addEventListener("click", () => {
    if (!confirm(STRINGS.newRecord)) return;
    if (names().some(Boolean)) pnp.lastNames.save(names());
    model = blank();
    nextId = 1 + model.players.length;
    lastProblems = null;
    lastView = null;
    keptId = null;
    changed(true);
  });

  /* history.html opens a kept game here: check-<game>.html#open=<id> */
  function openKept() {
    const match = location.hash.match(/^#open=(.+)$/);
    const entry = match && pnp.kept.get(decodeURIComponent(match[1]));
    if (!entry || entry.game !== game) return;
    try {
      model = fromRecord(entry.record);
      model.showAll = true;
      nextId = 1 + Math.max(0, ...model.players.map((p) => p.id));
      keptId = entry.id;
      saved.save(model);
    } catch (err) { statusLine.textContent = STRINGS.cannotLoad(entry.title, err.message); }
    history.replaceState(null, "", location.pathname + location.search);
  }

  pnp.keepAwake(document.getElementById("awake"));
  pnp.checkerStatus(statusLine);
  openKept();
  render();
  schedule(0);
})();
