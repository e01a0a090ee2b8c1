// starpress: the site's service worker, for the Play pages offline (written by the site
// build from site/play/sw.js: BUILD and SHARED are filled in then).
//
// What every Play page shares (Pyodide, the bots' code, the page script) is stored when the
// worker installs and served from the store; every other file of the site (a page, its
// theme, a game's data) comes from the network when there is one, and is stored for the
// time there is none. A new build has a new BUILD, so a new store, and the old one goes.
const BUILD = "__BUILD__";
const SHARED = __SHARED__;
const STORE = `starpress-${BUILD}`;
const SCOPE = new URL("./", self.location).href;
const shared = new Set(SHARED.map((path) => new URL(path, self.location).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STORE)
      .then((store) => store.addAll([...shared].map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith("starpress-") && key !== STORE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  event.respondWith(shared.has(url.href) ? fromStore(request, url) : fromNetwork(request));
});

// A page asks to keep what it was loaded with (itself, its theme, its data): fetched before
// this worker controlled it, they are not stored yet. It is told when they are.
self.addEventListener("message", (event) => {
  const asked = (event.data && Array.isArray(event.data.keep)) ? event.data.keep : [];
  const urls = asked.filter((url) => typeof url === "string" && url.startsWith(SCOPE));
  event.waitUntil(caches.open(STORE)
    .then((store) => Promise.all(urls.map((url) => store.match(url)
      .then((kept) => kept || store.add(url).catch(() => undefined)))))
    .then(() => event.source && event.source.postMessage({ kept: urls.length })));
});

async function fromStore(request, url) {
  const store = await caches.open(STORE);
  return (await store.match(url.href)) || fetch(request);
}

async function fromNetwork(request) {
  const store = await caches.open(STORE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await store.put(request, response.clone());
    return response;
  } catch (offline) {
    const kept = await store.match(request, { ignoreSearch: true });
    if (kept) return kept;
    throw offline;
  }
}
