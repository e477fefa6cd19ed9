/* The phone app's service worker (`sw.js` is this file after the lines `site.py` writes:
   VERSION, FILES and CHECKER_IN_BROWSER). On install it keeps every file of the app in
   the phone's cache; from then on the app's files come from that cache, so the app opens,
   reloads and checks records with no connection at all. A changed app is a new VERSION:
   the browser installs it beside the old one and the next page load uses it. */
"use strict";

const CACHE = `pnp-app-${VERSION}`;
const SCOPE = new URL(self.registration.scope);
const KEPT = new Set(FILES.map((name) => new URL(name, SCOPE).pathname));

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(FILES.map((name) => new Request(new URL(name, SCOPE), { cache: "reload" }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("pnp-app-") && n !== CACHE)
      .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

/* The app's own files from the cache (a page asked for with a query string too: the
   access token of `pnp serve` rides on the first address); anything else, such as the
   server's API or the studio, from the network as usual. */
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin || !KEPT.has(url.pathname)) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(url.pathname, { ignoreSearch: true });
    return kept || fetch(request);
  }));
});

self.addEventListener("message", (event) => {
  if (event.data === "version") event.source.postMessage({ version: VERSION, checker: CHECKER_IN_BROWSER });
});
