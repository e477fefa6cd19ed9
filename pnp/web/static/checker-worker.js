/* The checker in the browser: a Web Worker that starts Pyodide (CPython compiled to
   WebAssembly, from the app's runtime/ folder), unpacks the checker bundle (the package's
   own Python modules, data and schemas: checker.zip) and answers the page's calls with
   `pnp.web.inbrowser.answer`, exactly as the server's API would. It runs aside, so the
   page stays responsive while Python starts. */
"use strict";

importScripts("../runtime/pyodide.js");

const started = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("../runtime/", self.location).href });
  const bundle = await fetch(new URL("../checker.zip", self.location));
  if (!bundle.ok) throw new Error(`checker.zip: ${bundle.status}`);
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip", { extractDir: "/pnp-app" });
  pyodide.runPython([
    "import os, sys",
    "os.environ['PNP_CACHE_DIR'] = 'off'",
    "sys.path.insert(0, '/pnp-app')",
    "from pnp.web.inbrowser import answer, warm",
    "warm()",
  ].join("\n"));
  /* the error-wording half (jsonschema) right after, before the first record that needs it */
  setTimeout(() => pyodide.runPython("from pnp.web.inbrowser import warm_errors; warm_errors()"), 0);
  return pyodide.globals.get("answer");
})();

self.onmessage = async (event) => {
  const { id, call, text, game } = event.data;
  try {
    const answer = await started;
    self.postMessage({ id, answer: answer(call, text, game ?? null) });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message || err) });
  }
};
