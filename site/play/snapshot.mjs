// Pyodide started once at build time, its memory written as a snapshot (starpress.site.play):
// a Play page starts from it instead of starting CPython again (several times faster).
//
//   node snapshot.mjs PYODIDE_FOLDER OUTPUT
//
// The same interpreter as a page's: Pyodide's defaults, with a fixed hash seed and fixed
// randomness so that the same Pyodide makes the same bytes (the site is reproducible).
import nodeCrypto from "node:crypto";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

// The randomness CPython takes at start (its `random` module's state) would make every
// snapshot different: here it comes from a fixed generator, and the page reseeds `random`
// when it starts from the snapshot (play.js).
let state = 0x9e3779b9;
function fixed(array) {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return array;
}
Object.defineProperty(globalThis, "crypto", {
  value: { getRandomValues: fixed, subtle: nodeCrypto.webcrypto.subtle }, configurable: true,
});
nodeCrypto.randomFillSync = fixed;
Math.random = () => fixed(new Uint32Array(1))[0] / 2 ** 32;
// and a clock that stands still (the files CPython makes at start carry its time)
Date.now = () => 0;
performance.now = () => 0;

const [folder, output] = process.argv.slice(2);
const index = pathToFileURL(folder.endsWith("/") ? folder : `${folder}/`).href;
const { loadPyodide } = await import(new URL("pyodide.mjs", index).href);
const pyodide = await loadPyodide({
  indexURL: folder.endsWith("/") ? folder : `${folder}/`,
  env: { PYTHONHASHSEED: "0" },
  _makeSnapshot: true,
});
writeFileSync(output, pyodide.makeMemorySnapshot());
