/* The balance test's verdict in the page's language: the same sentences as the balance
   lab's own (pnp/simulate/verdict.py, promo_in_words), made here from the answer's
   numbers with the words of data/pages/strings.<lang>.json ("bv_…"). A test holds the
   English made here to the library's, word for word, so the two cannot drift apart. */
"use strict";

const balanceWords = (() => {
  const T = STRINGS.t;

  /* A number as the language writes it, rounded as Python's format rounds (half to even). */
  function fixed(value, digits) {
    return Number(value).toLocaleString(STRINGS.lang, {
      minimumFractionDigits: digits, maximumFractionDigits: digits, roundingMode: "halfEven" });
  }
  const whole = (n) => Number(n).toLocaleString(STRINGS.lang);
  const general = (x) => Number(Number(x).toPrecision(6)).toLocaleString(STRINGS.lang, { maximumFractionDigits: 6 });

  function amount(value, unit, digits) {
    return T(`bv_${unit}_${value >= 0 ? "more" : "less"}`, { n: fixed(Math.abs(value), digits) });
  }

  function pWords(test) {
    const p = test.p_adjusted;
    const shown = p === null || p === undefined ? "-" : p < 0.001 ? `< ${fixed(0.001, 3)}` : fixed(p, 3);
    return T(test.significant ? "bv_p_clear" : "bv_p_unclear", { p: shown });
  }

  function joined(items, key) {
    return items.reduce((first, second) => T(key, { first, second }));
  }

  /* A games count as a reader wants it: whole hundreds up to 1,000, else two figures. */
  function approx(games) {
    if (games <= 1000) return whole(Math.max(100, Math.ceil(games / 100) * 100));
    const unit = 10 ** (String(games).length - 2);
    return whole(Math.floor((games + Math.floor(unit / 2)) / unit) * unit);
  }

  /* The difference these games see 4 times in 5, the one that matters, and the games
     that one would take (pnp/simulate/powerwords.py, sizes). */
  function sizes(test, kind) {
    const mde = test ? test.minimum_detectable_effect : null;
    if (!mde || mde.effect === null || mde.effect === undefined) return null;
    const scale = kind === "vp" ? 1 : 100, digits = kind === "vp" ? 2 : 1;
    const size = `bv_size_${kind}`, need = approx(mde.games_for_target);
    return [T(size, { n: fixed(scale * mde.effect, digits) }), T(size, { n: general(scale * mde.target) }),
            T(mde.design === "sequential" ? "bv_need_max_games" : "bv_need_games", { n: need }),
            mde.effect <= mde.target];
  }

  function power(promo, games) {
    const found = [sizes(promo.vp_per_copy, "vp"), sizes(promo.scorer_win_rate, "rate")].filter(Boolean);
    if (!found.length) return null;
    const said = { games: whole(games), sizes: joined(found.map((f) => f[0]), "bv_or") };
    if (promo.significant) return T("bv_power", said);
    const vp = found[0];
    if (promo.vp_per_copy.minimum_detectable_effect && !vp[3]) {
      return T("bv_power_unclear_need", { ...said, target: vp[1], need: vp[2] });
    }
    return T("bv_power_unclear", said);
  }

  function vpLine(vp) {
    const said = { promo: fixed(vp.promo, 2), base: fixed(vp.base, 2) };
    if (vp.difference === null || vp.difference === undefined) return T("bv_vp_few", said);
    return T("bv_vp", { ...said, difference: amount(vp.difference, "vp", 2), low: amount(vp.low, "vp", 2),
                        high: amount(vp.high, "vp", 2), p: pWords(vp) });
  }

  function winsLine(wins) {
    if (wins.difference === null || wins.difference === undefined) return T("bv_wins_few");
    return T("bv_wins", { difference: amount(100 * wins.difference, "pp", 1), low: amount(100 * wins.low, "points", 1),
                          high: amount(100 * wins.high, "points", 1), p: pWords(wins) });
  }

  function headline(verdict, name, base) {
    const key = { stronger: "bv_stronger", weaker: "bv_weaker" }[verdict] || "bv_unclear";
    return T(key, { name, base });
  }

  /* {verdict, headline, power, lines} from the balance answer (tasks.balance). */
  return function words(answer) {
    const promo = answer.comparison, name = answer.titles.promo;
    const bots = answer.bots;
    const lines = [bots.length === 1
      ? T("bv_games_same", { games: whole(answer.games), bot: bots[0] })
      : T("bv_games_mixed", { games: whole(answer.games), bots: joined(bots, "bv_and") })];
    if (answer.blank) lines.push(T("bv_blank", { name }));
    if (promo.replaces === null) return { verdict: "added", headline: T("bv_added", { name }), power: null, lines };
    const c = answer.correction;
    lines.push(vpLine(promo.vp_per_copy), winsLine(promo.scorer_win_rate),
               T("bv_correction", { method: c.method, family: c.family, alpha: general(c.alpha) }));
    return { verdict: promo.verdict, headline: headline(promo.verdict, name, answer.titles.base),
             power: power(promo, answer.games), lines };
  };
})();
