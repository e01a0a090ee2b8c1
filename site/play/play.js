// A bot's Play page (starpress): runs the bot's Python (starpress.automa.web.page) in Pyodide and shows it.
//
// An ES module, like pyodide.mjs; `import.meta.url` finds the shared files beside it. Every
// text the page shows is set with textContent (a DOM text node: never parsed as HTML), and
// every link is one the site's build wrote into the page's data. The game is kept in the
// browser's storage after each change, as the command line's save file.

const root = document.querySelector(".sp-play");
if (root) {
  start(root).catch((error) => failed(root, error));
}

function element(tag, attributes = {}, text = "") {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text) made.textContent = text;
  return made;
}

function failed(root, error) {
  const text = JSON.parse(root.dataset.text || "{}");
  const status = root.querySelector(".sp-play-status") || root.appendChild(element("p"));
  status.className = "sp-play-status sp-play-error";
  status.textContent = `${text.failed || "Error:"} ${error && error.message ? error.message : error}`;
  root.dataset.state = "error";
}

// The service worker keeps the site's files for offline play. On a first visit the page
// waits until it has stored Pyodide, so the 13 MB come down once, not twice.
async function worker(url) {
  if (!("serviceWorker" in navigator)) return;
  if (navigator.serviceWorker.controller) {
    navigator.serviceWorker.getRegistration().then((r) => r && r.update()).catch(() => {});
    return;
  }
  const claimed = new Promise((done) =>
    navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
  let registration;
  try {
    registration = await navigator.serviceWorker.register(url);
  } catch (error) {
    console.warn("starpress: no offline play (service worker refused)", error);
    return;
  }
  // A browser that refuses workers without an error (a setting, an automation tool) gives
  // no registration; a worker whose install failed turns redundant: neither is waited for.
  if (!registration) return;
  const installing = registration.installing || registration.waiting;
  const failedInstall = new Promise((done) => {
    if (installing) installing.addEventListener("statechange", () => installing.state === "redundant" && done());
  });
  await Promise.race([
    navigator.serviceWorker.ready, failedInstall, new Promise((r) => setTimeout(r, 60000)),
  ]);
  if (!navigator.serviceWorker.controller) {
    await Promise.race([claimed, new Promise((r) => setTimeout(r, 1000))]);
  }
}

// What this page was loaded with, kept by the worker for the next time there is no network.
function keepForOffline(root) {
  const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!controller) return;
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
  const urls = [location.href.split("#")[0], ...loaded].filter((url) => url.startsWith(location.origin));
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && "kept" in event.data) root.dataset.offline = "ready";
  });
  controller.postMessage({ keep: urls });
}

async function fetched(url, kind) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return kind === "text" ? response.text() : response.arrayBuffer();
}

// Pyodide's memory once started, made at build time (starpress.site.play): starting from it
// skips most of CPython's start. None (start CPython here) when it is missing or the browser
// cannot unzip it.
async function memory(url) {
  if (!("DecompressionStream" in globalThis)) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    return await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  } catch (error) {
    console.warn("starpress: starting Pyodide without its snapshot", error);
    return null;
  }
}

async function start(root) {
  const since = performance.now();
  const marks = {};
  const mark = (name) => { marks[name] = Math.round(performance.now() - since); };
  const text = JSON.parse(root.dataset.text);
  const status = root.appendChild(element("p", { class: "sp-play-status", role: "status" }, text.loading));
  const shared = new URL(root.dataset.shared, document.baseURI);
  await worker(new URL(root.dataset.worker, document.baseURI).href);
  mark("worker");
  const [{ loadPyodide }, snapshot] = await Promise.all([
    import(new URL("pyodide/pyodide.mjs", shared).href),
    memory(new URL("pyodide/snapshot.bin.gz", shared).href),
  ]);
  const options = { indexURL: new URL("pyodide/", shared).href };
  if (snapshot) options._loadSnapshot = snapshot;
  root.dataset.snapshot = snapshot ? "used" : "none";
  const [pyodide, code, data] = await Promise.all([
    loadPyodide(options),
    fetched(new URL("starpress.zip", shared).href, "bytes"),
    fetched(new URL(root.dataset.data, document.baseURI).href, "text"),
  ]);
  mark("pyodide");
  pyodide.unpackArchive(code, "zip", { extractDir: "/starpress" });
  // `random` was seeded when the snapshot was made, the same for every page: seeded again
  pyodide.runPython("import sys\nsys.path.insert(0, '/starpress')\n"
    + "if 'random' in sys.modules:\n    sys.modules['random'].seed()");
  const web = pyodide.pyimport("starpress.automa.web.page");
  mark("imported");
  const page = web.Page(data);
  mark("data");
  const call = (name, ...args) => JSON.parse(page.call(name, JSON.stringify(args)));
  status.remove();
  new Game(root, text, JSON.parse(data), call).open();
  mark("ready");
  root.dataset.timings = JSON.stringify(marks);  // milliseconds since the script ran, for the benchmark
  keepForOffline(root);
}

class Game {
  constructor(root, text, data, call) {
    this.root = root;
    this.text = text;
    this.data = data;
    this.call = call;
    this.key = root.dataset.storage;
    this.parts = [];
    this.typed = "";  // what was typed before a part was tapped
    this.build();
  }

  build() {
    const { text, data } = this;
    const form = element("form", { class: "sp-play-new" });
    form.appendChild(element("h2", {}, text.new));
    const settings = form.appendChild(element("div", { class: "sp-play-settings" }));
    this.selects = {};
    for (const parameter of data.parameters) {
      if (parameter.values.length < 2) continue;
      const label = settings.appendChild(element("label", {}, text[parameter.name] || parameter.name));
      const select = label.appendChild(element("select", { name: parameter.name }));
      for (const value of parameter.values) {
        const option = select.appendChild(element("option", { value }, parameter.labels[value] || value));
        if (value === parameter.default) option.selected = true;
      }
      this.selects[parameter.name] = select;
    }
    const seed = settings.appendChild(element("label", {}, text.seed));
    this.seed = seed.appendChild(element("input", { name: "seed", inputmode: "numeric", autocomplete: "off" }));
    form.appendChild(element("button", { type: "submit", class: "md-button md-button--primary" }, text.start));
    form.appendChild(this.loader());  // or go on with a game saved by the command line
    form.addEventListener("submit", (event) => { event.preventDefault(); this.begin(); });
    this.newForm = form;

    const game = element("div", { class: "sp-play-game", hidden: "" });
    const tool = (where, name, act) => {
      const button = where.appendChild(element("button", { type: "button", class: "md-button", "data-action": name }, text[name]));
      button.addEventListener("click", act);
      return button;
    };
    const tools = game.appendChild(element("div", { class: "sp-play-tools" }));
    tools.appendChild(this.loader());
    tool(tools, "new", () => { this.newForm.hidden = false; this.newForm.scrollIntoView(); });
    this.steps = game.appendChild(element("ol", { class: "sp-play-steps" }));
    // what is always in reach at the bottom of the screen: the notes, the question (or the
    // end of the game), undo, status and the log
    const dock = game.appendChild(element("div", { class: "sp-play-dock" }));
    this.notes = dock.appendChild(element("div", { class: "sp-play-notes", role: "alert" }));
    const question = dock.appendChild(element("form", { class: "sp-play-question" }));
    this.prompt = question.appendChild(element("p", { class: "sp-play-prompt", id: "sp-play-prompt" }));
    this.choices = question.appendChild(element("div", { class: "sp-play-choices" }));
    // an answer of several parts: the parts chosen so far (a tap takes one back), then sent
    this.composed = question.appendChild(element("div", { class: "sp-play-composed", "aria-live": "polite" }));
    this.pad = question.appendChild(element("div", { class: "sp-play-pad" }));
    const row = question.appendChild(element("div", { class: "sp-play-answer" }));
    this.input = row.appendChild(element("input", {
      name: "answer", list: "sp-play-words", autocomplete: "off", "aria-labelledby": "sp-play-prompt",
      placeholder: text.typed,
    }));
    this.input.addEventListener("input", () => this.compose(null));  // typed: what is sent
    this.words = row.appendChild(element("datalist", { id: "sp-play-words" }));
    this.send = row.appendChild(element("button", { type: "submit", class: "md-button md-button--primary" }, text.answer));
    question.addEventListener("submit", (event) => {
      event.preventDefault();
      const fields = [...this.pad.querySelectorAll("input")];
      const typed = fields.length ? fields.map((field) => field.value.trim()).join(" ") : this.input.value;
      this.input.value = "";
      this.answer(typed);
    });
    this.question = question;
    this.over = dock.appendChild(element("p", { class: "sp-play-over", hidden: "" }, text.over));
    const always = dock.appendChild(element("div", { class: "sp-play-tools" }));
    tool(always, "undo", () => this.show(this.call("undo")));
    tool(always, "status", () => this.show(this.call("status")));
    tool(always, "download", () => this.download());  // the save file, as the command line writes it
    this.game = game;
    this.root.append(form, game);
  }

  loader() {
    const load = element("label", { class: "md-button sp-play-load" }, this.text.load);
    const file = load.appendChild(element("input", { type: "file", accept: ".jsonl,.json,.txt,text/plain" }));
    file.addEventListener("change", () => this.upload(file));
    return load;
  }

  refuse(line) {  // where it is seen: the game's notes, or above the new game's settings
    if (!this.game.hidden) return this.note([line]);
    this.newForm.querySelector(".sp-play-error")?.remove();
    this.newForm.prepend(element("p", { class: "sp-play-error", role: "alert" }, line));
  }

  open() {
    const saved = localStorage.getItem(this.key);
    if (saved) {
      const view = this.call("load", saved);
      if (!view.error) {
        this.newForm.hidden = true;
        this.show(view);
        this.root.dataset.state = "ready";
        return;
      }
      localStorage.removeItem(this.key);  // made with other content: said, then let go
      this.refuse(view.error);
    }
    this.root.dataset.state = "ready";
  }

  begin() {
    const params = {};
    for (const [name, select] of Object.entries(this.selects)) params[name] = select.value;
    const typed = this.seed.value.trim();
    // a seed short enough to read aloud (1 to 999999), as the command line draws one
    const seed = /^\d{1,15}$/.test(typed) ? Number(typed) : 1 + crypto.getRandomValues(new Uint32Array(1))[0] % 999999;
    const view = this.call("start", seed, params);
    if (view.error) return this.refuse(view.error);
    this.newForm.hidden = true;
    this.show(view);
  }

  answer(typed) {
    this.show(this.call("answer", typed));
  }

  show(view) {
    if (view.error) return this.note([view.error]);
    this.game.hidden = false;
    if (view.reset) this.steps.replaceChildren();
    for (const step of view.steps) {
      const item = this.steps.appendChild(element("li", { class: "sp-play-step" }));
      item.appendChild(element("span", { class: "sp-play-text" }, step.text));
      for (const rule of step.rules) {
        const link = element(rule.href ? "a" : "span", { class: "sp-play-rule" }, rule.title || rule.id);
        if (rule.href) link.setAttribute("href", rule.href);
        item.append(" ", link);
      }
    }
    this.note(view.notes);
    const question = view.question;
    this.question.hidden = !question;
    this.over.hidden = !view.over;
    this.choices.replaceChildren();
    this.words.replaceChildren();
    this.pad.replaceChildren();
    this.parts = [];
    this.typed = "";
    this.composed.replaceChildren();
    if (question) {
      this.prompt.textContent = question.prompt;
      // when the first question was shown (ms since the page was opened), for the benchmark
      this.root.dataset.asked ||= String(Math.round(performance.now()));
      this.choices.toggleAttribute("data-compose", question.compose);
      // the question's choices, as its data gives them (automa.engine.answers): a numbered
      // choice shows its number, its hint is beside it, not in it; a single choice answers
      // when tapped, the parts of a longer answer are gathered, then sent
      for (const choice of question.buttons) {
        const option = this.choices.appendChild(element("span", { class: "sp-play-option" }));
        const label = /^\d+$/.test(choice.key) && choice.key !== choice.label ? `${choice.key} · ${choice.label}` : choice.label;
        const button = option.appendChild(element("button", {
          type: "button", class: "md-button sp-play-choice", "data-answer": choice.answer,
        }, label));
        if (choice.hint) option.appendChild(element("span", { class: "sp-play-hint" }, choice.hint));
        // the empty answer ("nobody", "nothing") is whole: it answers at once, composed or not
        const whole = !question.compose || choice.answer === "";
        button.addEventListener("click", () => whole ? this.answer(choice.answer) : this.compose(choice));
      }
      // a score pad: a field per line of the game's scoring, sent together
      for (const [index, line] of question.pad.entries()) {
        const field = this.pad.appendChild(element("label", { class: "sp-play-line" }, line.label));
        field.appendChild(element("input", {
          name: `line-${index}`, inputmode: "numeric", autocomplete: "off",
          placeholder: `${line.low}–${line.high}`,
        }));
      }
      this.input.closest(".sp-play-answer").classList.toggle("sp-play-padded", question.pad.length > 0);
      this.input.hidden = question.pad.length > 0;
      this.send.textContent = question.compose ? this.text.send || this.text.answer : this.text.answer;
      for (const word of question.words) this.words.appendChild(element("option", { value: word }));
      this.input.setAttribute("inputmode", question.number ? "numeric" : "text");
    }
    const last = this.steps.lastElementChild;
    if (last && view.steps.length) last.scrollIntoView({ block: "nearest" });
    this.root.dataset.answers = String(view.answers);
    this.root.dataset.over = String(view.over);
    localStorage.setItem(this.key, this.call("save"));
  }

  compose(choice) {  // a part added (null: the answer was typed, its parts let go)
    if (choice) {
      // what was typed before the first tap stays first (a number no button gives: "2", then tapped parts)
      if (!this.parts.length) this.typed = this.input.value.trim();
      this.parts.push(choice);
      this.input.value = [this.typed, ...this.parts.map((part) => part.answer)].filter(Boolean).join(" ");
    } else if (this.parts.length) {
      this.parts = [];
    }
    this.composed.replaceChildren(...this.parts.map((part, index) => {
      const chip = element("button", { type: "button", class: "md-button sp-play-part", "data-answer": part.answer }, part.label);
      chip.addEventListener("click", () => {  // taken back
        const kept = this.parts.filter((_, at) => at !== index);
        const typed = this.typed;
        this.parts = [];
        this.input.value = typed;
        this.composed.replaceChildren();
        for (const part of kept) this.compose(part);
      });
      return chip;
    }));
  }

  note(lines) {
    this.notes.replaceChildren(...lines.map((line) => element("p", {}, line)));
  }

  download() {
    const log = this.call("save");
    const seed = JSON.parse(log.split("\n")[0]).seed;
    const link = element("a", { download: `${this.data.game}-${seed}.jsonl` });
    link.href = URL.createObjectURL(new Blob([log], { type: "application/jsonl" }));
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  async upload(input) {
    const chosen = input.files && input.files[0];
    input.value = "";
    if (!chosen) return;
    if (chosen.size > 64 * 1024 * 1024) return this.refuse(`${chosen.name}: ${this.text.too_big}`);
    const view = this.call("load", await chosen.text());
    if (view.error) return this.refuse(`${chosen.name}: ${view.error}`);
    this.newForm.querySelector(".sp-play-error")?.remove();
    this.newForm.hidden = true;
    this.show(view);
  }
}
