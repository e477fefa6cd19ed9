/* The words the app's scripts show a person, in one place (the pages' own words are in
   their templates): to translate the app, translate this table and the templates.
   A function takes the values the sentence needs. */
"use strict";

const STRINGS = {
  checking: "Checking…",
  startingChecker: "Starting the checker on this phone (once, a few seconds)…",
  checkerFailed: (why) => `The checker on this phone could not start (${why}). Your entry is kept; reload to try again.`,
  serverGone: "The server cannot be reached. Your entry is kept in this browser; checking again shortly…",
  serverAnswered: (status) => `The server answered ${status}.`,
  offlineReady: "Works offline: everything this app needs is kept on this phone.",
  offlineNow: "No connection: checking on this phone.",
  removed: (what) => `${what} removed.`,
  undo: "Undo",
  keep: "Keep this game",
  kept: "Kept in “Games kept” on this phone.",
  keptAgain: "Updated in “Games kept”.",
  nothingKept: "No game kept yet: a checked game has a “Keep this game” button.",
  open: "Open",
  delete: "Delete",
  deleted: (what) => `${what} deleted.`,
  shareTitle: "Majority games: games kept",
  shareFailed: "This browser has no share sheet: the games were downloaded as a file instead (send it as you like).",
  winner: (names) => `Winner: ${names}`,
  winners: (names) => `Winners: ${names}`,
  noWinner: "unfinished",
  okShort: "OK",
  notOkShort: (count) => `${count} problem${count === 1 ? "" : "s"}`,
  loaded: (name) => `Loaded ${name}.`,
  cannotLoad: (name, why) => `Cannot load ${name}: ${why}`,
  newRecord: "Start a new record? What is entered now will be gone (keep or save it first).",
  vote: (name) => `${name}'s vote`,
  roundVariant: (n) => `Round ${n}: variant`,
  startPlayer: "Start player",
  heldOnes: (name) => `${name}: 1-point cards held`,
  heldFives: (name) => `${name}: 5-point cards held`,
  movePlayer: (n) => `Move ${n}: who played`,
  moveStack: (n) => `Move ${n}: on which stack`,
  cardPlayer: (stack, card) => `Stack ${stack}, card ${card}: who played it`,
  /* A problem the checker found in an entry not complete yet, in players' words (the
     checker's own words, for files, are kept for the rest: they name what is expected). */
  plain(problem) {
    const message = problem.message || "";
    const path = problem.path || "$";
    let m;
    if (/has non-unique elements$/.test(message) && path === "$.players") return "Two players have the same name: give each a different one.";
    if (/^"" is not valid here: a non-empty name/.test(message)) return /\.player$/.test(path) ? "Choose who played this card." : "Type a name here.";
    if (/^'' should be non-empty$/.test(message)) return /score_areas/.test(path) ? "Choose a card here (or remove the line)." : "Fill this in.";
    if ((m = message.match(/^expected a whole number, not "(.*)"$/))) return m[1] === "" ? "Type a number here." : `“${m[1]}” is not a whole number.`;
    if ((m = message.match(/^(-?[\d.]+) is less than the minimum of (-?[\d.]+)$/))) return `${m[1]} is too small: at least ${m[2]}.`;
    if ((m = message.match(/^(-?[\d.]+) is greater than the maximum of (-?[\d.]+)$/))) return `${m[1]} is too big: at most ${m[2]}.`;
    if (/^"" is not valid here: a vote/.test(message)) return "Choose this player's vote.";
    if (/^"" is not valid here: a string of exactly 8 digits/.test(message)) return "Type the 8 dice, e.g. 33555442.";
    if ((m = message.match(/^"(.*)" is not valid here: a string of exactly 8 digits/))) return `“${m[1]}”: type exactly 8 dice, each 1 to 6.`;
    if (/^"" is not valid here: a D20 value/.test(message)) return "Type the card's value (0–20, or - for the dash).";
    if ((m = message.match(/^"(.*)" is not valid here: a D20 value/))) return `“${m[1]}” is not a D20 value: 0 to 20, or - for the dash.`;
    if ((m = message.match(/^'(.*)' is missing$/))) return `Missing: ${m[1].replace(/_/g, " ")}.`;
    if (/^an empty list is not allowed here$/.test(message) && /^\$\.stacks\[\d+\]$/.test(path)) return "This stack has no card yet: add its cards, or remove it.";
    return message;
  },
};
