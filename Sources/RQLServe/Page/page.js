"use strict";

// The page of `rql serve`: one notebook's prose and cells, edited in place
// and run through the JSON API under /api/ (docs/serve.md). Everything the
// page knows is in `state`; the DOM is rendered from it, one section per
// segment, and every event is handled by delegation on the document.

const state = {
  path: "",         // the notebook's path in the served folder; "" for the new notebook
  version: null,    // the file's version as loaded or saved; sent back with save
  segments: [],     // text segments and cells, each with page-only fields (see fromServer)
  selected: -1,     // index of the selected segment
  dirty: false,     // anything changed since the notebook was loaded or saved
  loaded: false,
  error: null,      // {line, message} when the file does not parse (then #raw holds its text)
  notebooks: [],    // every notebook the server offers
  current: null,    // the one it was started on
  folder: false,    // folder mode: a list of notebooks to choose from
  pending: 0,       // requests to /api/run and /api/runall in flight
  editing: null,    // the text segment whose prose editor is open
  presenter: false,
};

const $ = (selector, root = document) => root.querySelector(selector);

// MARK: The server

/** One call to the API: GET without a body, POST with one. Throws an Error
 *  with `status` and `data` (the server's JSON) for a 4xx or 5xx. */
async function api(path, body) {
  const options = {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
  };
  if (body !== undefined) options.body = JSON.stringify(body);
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    throw Object.assign(new Error("rql serve is not answering (was it stopped?)"), { status: 0, data: {} });
  }
  let data = {};
  try {
    data = await response.json();
  } catch {
    data = {};
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    throw Object.assign(new Error(message), { status: response.status, data: data || {} });
  }
  return data;
}

const query = (path, params) => `${path}?${new URLSearchParams(params)}`;

// MARK: Segments

/** A segment as the server sends it, with the fields only the page uses. */
function fromServer(segment) {
  if (segment.kind === "text") {
    // `original` lets an edit that ends where it began send the lines back untouched.
    return {
      kind: "text", lines: segment.lines, markdown: segment.markdown, html: segment.html, edited: false,
      original: { markdown: segment.markdown, html: segment.html },
    };
  }
  return {
    kind: "cell", source: segment.source, output: segment.output,
    html: segment.html, htmlFor: segment.source, outputHTML: segment.outputHTML,
    exercise: segment.exercise, diff: null, failed: false, running: 0,
    revealed: false, answer: "", grade: null,
  };
}

/** A segment as the server takes it back: unedited text exactly as received. */
function toServer(segment) {
  if (segment.kind === "cell") return { kind: "cell", source: segment.source, output: segment.output };
  return segment.edited ? { kind: "text", markdown: segment.markdown } : { kind: "text", lines: segment.lines };
}

const newCell = () => fromServer({ kind: "cell", source: "", output: null, html: "", outputHTML: "", exercise: null });
const newProse = () => ({ kind: "text", lines: [], markdown: "", html: "", edited: true, original: null });
const isEmptyCell = (segment) => segment.kind === "cell" && segment.source.trim() === "";

/** A text segment with nothing to show: no prose, no directives. */
function isBlank(segment) {
  if (segment.kind !== "text" || segment.html.trim() !== "") return false;
  return segment.edited ? segment.markdown.trim() === "" : segment.lines.every((line) => line.trim() === "");
}

/** The segments a request carries: the page's, without empty code cells
 *  (which would only add blank lines to the file). */
function sendable() {
  return state.segments.filter((segment) => !isEmptyCell(segment));
}

function notebookName() {
  return state.path || "untitled";
}

// MARK: DOM helpers

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== false && value !== null && value !== undefined) node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== ""));
  return node;
}

const button = (kind, label, title) => el("button", { type: "button", class: kind, title }, label);

const sectionAt = (index) => $(`#segments > section.segment[data-index="${index}"]`);
const sectionOf = (segment) => {
  const index = state.segments.indexOf(segment);
  return index < 0 ? null : sectionAt(index);
};
const segmentOf = (node) => {
  const section = node.closest("#segments > section.segment");
  return section ? state.segments[Number(section.dataset.index)] : null;
};
const isTyping = (node) => Boolean(node.closest && node.closest("textarea, input, select, [contenteditable]"));

/** A textarea as tall as its text. */
function autosize(textarea) {
  textarea.style.height = "auto";
  textarea.style.height = `${textarea.scrollHeight + textarea.offsetHeight - textarea.clientHeight}px`;
}

// MARK: Status, title, buttons

function say(text, kind = "info") {
  const status = $("#status");
  status.textContent = text;
  status.className = kind;
}

const showError = (error) => say(error.message, "error");

function setDirty(dirty) {
  state.dirty = dirty;
  document.title = `${dirty ? "• " : ""}${notebookName()} — rql`;
  $("#save").classList.toggle("dirty", dirty);
}

const markDirty = () => { if (!state.dirty) setDirty(true); };

function updateButtons() {
  const notebook = state.loaded && !state.error;
  for (const id of ["run-all", "add-code", "add-prose", "presenter"]) $(`#${id}`).disabled = !notebook;
  for (const id of ["save", "save-as"]) $(`#${id}`).disabled = !state.loaded;
  $("#stop").disabled = state.pending === 0;
  const name = $("#name");
  name.textContent = notebookName();
  name.title = state.path ? `${state.path} in the served folder` : "a new notebook, not saved yet";
}

/** A button that acts on its second click within a few seconds: the page's
 *  way to confirm a discarding action without a dialog. */
const armed = { key: null, until: 0 };
function secondClick(key) {
  const now = Date.now();
  if (armed.key === key && now < armed.until) {
    armed.key = null;
    return true;
  }
  armed.key = key;
  armed.until = now + 5000;
  return false;
}

// MARK: Rendering

function renderAll() {
  $("#segments").replaceChildren(...state.segments.map(renderSegment));
  updatePosition();
}

function renderSegment(segment, index) {
  const section = el("section", {
    class: `segment ${segment.kind === "cell" ? "cell" : "text"}`,
    "data-index": String(index),
    tabindex: "-1",
  });
  if (index === state.selected) section.classList.add("selected");
  if (segment.kind === "cell") renderCell(segment, section);
  else renderText(segment, section);
  return section;
}

function renderText(segment, section) {
  section.classList.toggle("blank", isBlank(segment));
  section.append(
    el("div", { class: "toolbar" },
      button("edit", "Edit", "Edit the prose (double-click or Enter; Escape ends)"),
      button("up", "Up", "Move up"),
      button("down", "Down", "Move down"),
      button("delete", "Delete", "Delete this prose")),
    proseView(segment));
}

/** The prose as HTML; directives alone, small; or a hint when empty. */
function proseView(segment) {
  if (segment.html.trim() !== "") {
    const prose = el("div", { class: "prose" });
    prose.innerHTML = segment.html;
    return prose;
  }
  const text = segment.edited ? asComments(segment.markdown) : segment.lines.join("\n");
  if (text.trim() !== "") return el("div", { class: "directives" }, text);
  return el("div", { class: "prose empty" }, "Empty: double-click to write prose");
}

/** Markdown as the file's `-- ` lines. */
const asComments = (markdown) => markdown.split("\n").map((line) => (line ? `-- ${line}` : "--")).join("\n");

/** Markdown without its directive lines (`@sample …`), which are not prose. */
const withoutDirectives = (markdown) => markdown.split("\n").filter((line) => !/^\s*@/.test(line)).join("\n");

function renderCell(segment, section) {
  const exercise = segment.exercise;
  section.classList.toggle("running", segment.running > 0);
  section.classList.toggle("failed", segment.failed);
  section.classList.toggle("exercise", Boolean(exercise));
  section.classList.toggle("revealed", segment.revealed);
  const run = button("run", "Run", "Run (Ctrl-Enter; Shift-Enter runs and moves on)");
  run.hidden = Boolean(exercise) && !segment.revealed;
  section.append(el("div", { class: "toolbar" },
    run,
    button("up", "Up", "Move up"),
    button("down", "Down", "Move down"),
    button("delete", "Delete", "Delete this cell")));
  if (exercise) section.append(exerciseView(segment));
  const output = el("div", { class: "output" });
  output.innerHTML = segment.outputHTML || "";
  const reference = el("div", { class: "reference" }, codeEditor(segment), output, diffView(segment.diff));
  reference.hidden = Boolean(exercise) && !segment.revealed;
  section.append(reference);
}

function codeEditor(segment) {
  const code = el("code");
  paintCode(code, segment);
  const source = el("textarea", {
    class: "source", spellcheck: "false", autocomplete: "off", autocapitalize: "off", rows: "1",
    "aria-label": "Cell source", title: "Shift-Enter runs and moves on, Ctrl-Enter runs, Escape leaves",
  });
  source.value = segment.source;
  return el("div", { class: "editor" }, el("pre", { class: "highlight", "aria-hidden": "true" }, code), source);
}

/** The highlighted source under the textarea: the server's HTML when it is
 *  for the current text, else the plain text (so both keep the same lines). */
function paintCode(code, segment) {
  if (segment.htmlFor === segment.source) code.innerHTML = segment.html;
  else code.textContent = segment.source;
  // A pre drops a last empty line that a textarea shows.
  if (segment.source === "" || segment.source.endsWith("\n")) code.append(" ");
}

function exerciseView(segment) {
  const answer = el("textarea", {
    class: "answer", spellcheck: "false", rows: "3", "aria-label": `Your answer to ${segment.exercise.name}`,
    placeholder: "Your answer: SQL or the DSL", title: "Shift-Enter or Ctrl-Enter checks",
  });
  answer.value = segment.answer;
  return el("div", { class: "exercise" },
    el("p", { class: "exercise-name" }, `Exercise ${segment.exercise.name}`),
    answer,
    el("div", { class: "exercise-buttons" },
      button("check", "Check", "Grade your answer (Shift-Enter)"),
      button("reveal", segment.revealed ? "Hide the answer" : "Show the answer", "Show the reference answer and its output")),
    gradeView(segment.grade));
}

function gradeView(grade) {
  if (!grade) return null;
  const view = el("div", { class: `grade ${grade.right ? "right" : "wrong"}`, role: "status" });
  view.innerHTML = grade.html;
  return view;
}

/** The line diff between the recorded and the fresh output, built as text. */
function diffView(diff) {
  if (diff === null || diff === undefined) return null;
  const pre = el("pre", { class: "diff" });
  for (const line of diff.replace(/\n$/, "").split("\n")) {
    const kind = line.startsWith("-") ? "removed" : line.startsWith("+") ? "added" : "same";
    pre.append(el("span", { class: kind }, line), "\n");
  }
  return el("div", { class: "changed" }, el("h4", {}, "output changed since it was recorded"), pre);
}

/** A cell's output and diff, after a run. */
function refreshOutput(segment) {
  const section = sectionOf(segment);
  if (!section) return;
  section.classList.toggle("failed", segment.failed);
  $("div.output", section).innerHTML = segment.outputHTML || "";
  const old = $("div.changed", section);
  if (old) old.remove();
  const diff = diffView(segment.diff);
  if (diff) $("div.output", section).after(diff);
}

// MARK: Selection and presenter view

function select(index, { scroll = false } = {}) {
  state.selected = index;
  for (const section of document.querySelectorAll("#segments > section.segment")) {
    section.classList.toggle("selected", Number(section.dataset.index) === index);
  }
  updatePosition();
  if (scroll && sectionAt(index)) sectionAt(index).scrollIntoView({ block: "nearest" });
}

/** The segments the presenter view steps through: not the blank ones. */
const slides = () => state.segments.map((segment, index) => index).filter((index) => !isBlank(state.segments[index]));

function updatePosition() {
  const position = $("#position");
  position.hidden = !state.presenter;
  const all = slides();
  position.textContent = `${all.indexOf(state.selected) + 1} / ${all.length}`;
}

function togglePresenter(on = !state.presenter) {
  if (on && (!state.loaded || state.error)) return;
  state.presenter = on;
  document.body.classList.toggle("presenter", on);
  $("#presenter").setAttribute("aria-pressed", String(on));
  $("#presenter").textContent = on ? "Leave presenter" : "Present";
  if (on && !slides().includes(state.selected)) select(slides()[0] ?? -1);
  updatePosition();
  if (sectionAt(state.selected)) sectionAt(state.selected).scrollIntoView({ block: on ? "start" : "center" });
  if (on) window.scrollTo(0, 0);
}

function step(delta) {
  const all = slides();
  if (all.length === 0) return;
  const at = all.indexOf(state.selected);
  const next = at < 0 ? all[0] : all[Math.max(0, Math.min(all.length - 1, at + delta))];
  if (document.activeElement && isTyping(document.activeElement)) document.activeElement.blur();
  select(next);
  window.scrollTo(0, 0);
}

/** Puts the keyboard in a segment: a cell's source (or its answer box), or a prose editor. */
function enterSegment(index) {
  const segment = state.segments[index];
  const section = sectionAt(index);
  if (!segment || !section) return;
  select(index, { scroll: true });
  if (segment.kind === "text") {
    startEditing(segment);
    return;
  }
  const box = $(segment.exercise && !segment.revealed ? "textarea.answer" : "textarea.source", section);
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
}

// MARK: Editing prose

function startEditing(segment) {
  if (state.editing === segment) return;
  finishEditing();
  const section = sectionOf(segment);
  if (!section) return;
  state.editing = segment;
  const editor = el("textarea", { class: "prose-editor", "aria-label": "Prose, in Markdown", title: "Escape ends editing" });
  editor.value = segment.markdown;
  $(".prose, .directives", section).replaceWith(editor);
  section.classList.remove("blank");
  section.classList.add("editing");
  autosize(editor);
  editor.focus();
}

/** Closes the open prose editor and asks the server for its new HTML. */
function finishEditing() {
  const segment = state.editing;
  if (!segment) return;
  state.editing = null;
  if (!segment.edited) segment.html = segment.original.html;
  else if (segment.htmlFor !== segment.markdown) renderProse(segment);
  const section = sectionOf(segment);
  const editor = section && $("textarea.prose-editor", section);
  if (!editor) return;
  if (pointer.down) holdHeight(section);
  editor.replaceWith(proseView(segment));
  section.classList.remove("editing");
  section.classList.toggle("blank", isBlank(segment));
  updatePosition();
}

async function renderProse(segment) {
  const markdown = segment.markdown;
  try {
    const { html } = await api("/api/prose", { markdown: withoutDirectives(markdown) });
    if (segment.markdown !== markdown) return;
    segment.html = html;
    segment.htmlFor = markdown;
    const section = sectionOf(segment);
    if (state.editing !== segment && section) {
      $(".prose, .directives", section).replaceWith(proseView(segment));
      section.classList.toggle("blank", isBlank(segment));
      updatePosition();
    }
  } catch (error) {
    showError(error);
  }
}

// Ending an edit with a click changes the section's height between the
// mouse going down and up, which would move the button being clicked: the
// section keeps its height until the click is over.
const pointer = { down: false, held: [] };
function holdHeight(section) {
  section.style.height = `${section.offsetHeight}px`;
  section.style.overflow = "hidden";
  pointer.held.push(section);
  setTimeout(releaseHeights, 1000);
}
function releaseHeights() {
  for (const section of pointer.held) {
    section.style.height = "";
    section.style.overflow = "";
  }
  pointer.held = [];
}

// MARK: Editing cells

function onSourceInput(segment, textarea) {
  segment.source = textarea.value;
  paintCode($("pre.highlight code", sectionOf(segment)), segment);
  markDirty();
  clearTimeout(segment.highlightTimer);
  segment.highlightTimer = setTimeout(() => highlight(segment), 80);
}

async function highlight(segment) {
  const source = segment.source;
  const ticket = (segment.highlightTicket || 0) + 1;
  segment.highlightTicket = ticket;
  try {
    const { html } = await api("/api/highlight", { source });
    if (ticket !== segment.highlightTicket || source !== segment.source) return;
    segment.html = html;
    segment.htmlFor = source;
    const section = sectionOf(segment);
    if (section) paintCode($("pre.highlight code", section), segment);
  } catch (error) {
    showError(error);
  }
}

// MARK: Structure

function insertSegment(segment) {
  finishEditing();
  const at = state.selected >= 0 && state.selected < state.segments.length ? state.selected + 1 : state.segments.length;
  state.segments.splice(at, 0, segment);
  state.selected = at;
  markDirty();
  renderAll();
  return at;
}

function addCode() {
  if (!state.loaded || state.error) return;
  enterSegment(insertSegment(newCell()));
}

function addProse() {
  if (!state.loaded || state.error) return;
  enterSegment(insertSegment(newProse()));
}

function moveSegment(segment, delta) {
  finishEditing();
  const from = state.segments.indexOf(segment);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= state.segments.length) return;
  [state.segments[from], state.segments[to]] = [state.segments[to], state.segments[from]];
  state.selected = to;
  markDirty();
  renderAll();
  sectionAt(to).scrollIntoView({ block: "nearest" });
  $(delta < 0 ? "button.up" : "button.down", sectionAt(to)).focus();
}

function deleteSegment(segment) {
  finishEditing();
  const index = state.segments.indexOf(segment);
  if (index < 0) return;
  state.segments.splice(index, 1);
  state.selected = Math.min(index, state.segments.length - 1);
  markDirty();
  renderAll();
  say(segment.kind === "cell" ? "deleted a cell" : "deleted prose");
}

// MARK: Running

function setRunning(segments, on) {
  state.pending += on ? 1 : -1;
  for (const segment of segments) {
    segment.running += on ? 1 : -1;
    const section = sectionOf(segment);
    if (section) section.classList.toggle("running", segment.running > 0);
  }
  $("#stop").disabled = state.pending === 0;
}

const milliseconds = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));

function applyRun(segment, result) {
  if (JSON.stringify(result.output) !== JSON.stringify(segment.output)) markDirty();
  segment.output = result.output;
  segment.outputHTML = result.html;
  segment.diff = result.diff;
  segment.failed = Boolean(result.failed);
  refreshOutput(segment);
}

async function runCell(segment) {
  if (isEmptyCell(segment)) {
    say("nothing to run: the cell is empty");
    return;
  }
  const segments = sendable();
  const index = segments.indexOf(segment);
  if (index < 0) return;
  setRunning([segment], true);
  say("running…");
  try {
    const result = await api("/api/run", { path: state.path, segments: segments.map(toServer), segment: index });
    applyRun(segment, result);
    const time = `${milliseconds(Number(result.milliseconds) || 0)} ms`;
    say(result.failed ? `failed after ${time}` : `ran in ${time}`, result.failed ? "error" : "info");
  } catch (error) {
    showError(error);
  } finally {
    setRunning([segment], false);
  }
}

/** Shift-Enter: run, then on to the next cell (a new one after the last).
 *  In the presenter view the cell stays on screen with its output, and the
 *  keyboard leaves the editor, so that → goes on. */
function runAndAdvance(segment) {
  runCell(segment);
  const index = state.segments.indexOf(segment);
  if (state.presenter) {
    sectionOf(segment).focus({ preventScroll: true });
    return;
  }
  let next = state.segments.findIndex((other, at) => at > index && other.kind === "cell");
  if (next < 0) {
    state.segments.push(newCell());
    renderAll();
    next = state.segments.length - 1;
  }
  enterSegment(next);
}

async function runAll() {
  if (!state.loaded || state.error) return;
  const segments = sendable();
  const cells = segments.filter((segment) => segment.kind === "cell");
  setRunning(cells, true);
  say("running every cell…");
  const start = performance.now();
  try {
    const { cells: results } = await api("/api/runall", { path: state.path, segments: segments.map(toServer) });
    let failed = 0;
    let changed = 0;
    for (const result of results) {
      const segment = segments[result.segment];
      if (!segment || segment.kind !== "cell") continue;
      applyRun(segment, result);
      if (result.failed) failed += 1;
      if (result.diff !== null && result.diff !== undefined) changed += 1;
    }
    let text = `ran ${results.length} cell${results.length === 1 ? "" : "s"} in ${milliseconds(performance.now() - start)} ms`;
    if (failed) text += `, ${failed} failed`;
    if (changed) text += `, ${changed} changed`;
    say(text, failed ? "error" : "info");
  } catch (error) {
    showError(error);
  } finally {
    setRunning(cells, false);
  }
}

async function stop() {
  try {
    await api("/api/stop", { path: state.path });
    say("stopping…");
  } catch (error) {
    showError(error);
  }
}

/** The table's "Show more": the next rows of a long result the server holds. */
async function showMore(more) {
  const tbody = more.closest("div.result")?.querySelector("tbody");
  if (!tbody || more.disabled) return;
  more.disabled = true;
  try {
    const page = await api(query("/api/rows", { path: state.path, result: more.dataset.result, offset: more.dataset.offset }));
    tbody.insertAdjacentHTML("beforeend", page.html);
    if (page.next === null || page.next === undefined) {
      more.remove();
    } else {
      more.dataset.offset = String(page.next);
      more.textContent = more.textContent.replace(/\(\d+ of/, `(${tbody.rows.length} of`);
      more.disabled = false;
    }
    const segment = segmentOf(tbody);
    const output = tbody.closest("div.output");
    if (segment && output) segment.outputHTML = output.innerHTML;
  } catch (error) {
    more.disabled = false;
    showError(error);
  }
}

// MARK: Exercises

async function check(segment) {
  const section = sectionOf(segment);
  const answer = $("textarea.answer", section).value;
  if (answer.trim() === "") {
    say("write an answer first");
    return;
  }
  const checkButton = $("button.check", section);
  checkButton.disabled = true;
  say(`checking ${segment.exercise.name}…`);
  try {
    const grade = await api("/api/grade", {
      path: state.path, segments: sendable().map(toServer), exercise: segment.exercise.name, answer,
    });
    segment.grade = grade;
    const now = sectionOf(segment);
    if (now) {
      const old = $("div.grade", now);
      if (old) old.remove();
      $("div.exercise", now).append(gradeView(grade));
    }
    say(`${segment.exercise.name}: ${grade.right ? "right" : "wrong"}`, grade.right ? "info" : "error");
  } catch (error) {
    showError(error);
  } finally {
    checkButton.disabled = false;
  }
}

function toggleReveal(segment) {
  segment.revealed = !segment.revealed;
  const section = sectionOf(segment);
  section.classList.toggle("revealed", segment.revealed);
  $("div.reference", section).hidden = !segment.revealed;
  $("button.run", section).hidden = !segment.revealed;
  $("button.reveal", section).textContent = segment.revealed ? "Hide the answer" : "Show the answer";
}

// MARK: Loading and saving

function showView(view, { keepSelection = false } = {}) {
  state.path = view.path;
  state.version = view.version;
  state.error = view.error || null;
  state.loaded = true;
  state.editing = null;
  state.segments = state.error ? [] : view.segments.map(fromServer);
  state.selected = keepSelection ? Math.min(state.selected, state.segments.length - 1) : -1;
  const raw = $("#raw");
  raw.hidden = !state.error;
  raw.value = state.error ? view.text || "" : "";
  const banner = $("#parse-error");
  banner.hidden = !state.error;
  banner.textContent = state.error ? `line ${state.error.line}: ${state.error.message}` : "";
  if (state.error && state.presenter) togglePresenter(false);
  setDirty(false);
  renderAll();
  if (state.error) autosize(raw);
  if (state.presenter && !slides().includes(state.selected)) select(slides()[0] ?? -1);
  updateButtons();
  renderList();
}

async function openNotebook(path, { push = false } = {}) {
  try {
    const view = await api(query("/api/notebook", { path }));
    if (push) history.pushState({ nb: path }, "", addressOf(path));
    hideConflict();
    closeSaveAs();
    showView(view);
    window.scrollTo(0, 0);
    say(view.error ? `${notebookName()} does not parse: fix it below and save` : `opened ${notebookName()}`,
      view.error ? "error" : "info");
  } catch (error) {
    showError(error);
  }
}

async function save(saveAs) {
  if (!state.loaded) return;
  if (!saveAs && state.path === "") {
    openSaveAs();
    return;
  }
  const body = { path: state.path, version: state.version };
  if (state.error) body.text = $("#raw").value;
  else body.segments = sendable().map(toServer);
  if (saveAs) body.saveAs = saveAs;
  const before = state.path;
  say(`saving ${saveAs || notebookName()}…`);
  try {
    const view = await api("/api/save", body);
    hideConflict();
    closeSaveAs();
    showView(view, { keepSelection: true });
    say(`saved ${view.path}`);
    if (view.path !== before) {
      history.replaceState({ nb: view.path }, "", addressOf(view.path));
      loadList().catch(showError);
    }
  } catch (error) {
    if (error.status === 409 && error.data.changed) {
      showConflict();
      say(`not saved: ${notebookName()} changed on disk`, "error");
    } else {
      showError(error);
    }
  }
}

function showConflict() {
  $("#conflict").hidden = false;
  $("#reload").textContent = "Reload";
}

function hideConflict() {
  $("#conflict").hidden = true;
}

function reload() {
  if (state.dirty && !secondClick("reload")) {
    const reloadButton = $("#reload");
    reloadButton.textContent = "Click again to discard your edits";
    setTimeout(() => { reloadButton.textContent = "Reload"; }, 5000);
    return;
  }
  openNotebook(state.path);
}

function openSaveAs() {
  if (!state.loaded) return;
  const form = $("#save-as-form");
  const input = $("#save-as-name");
  form.hidden = false;
  input.value = state.path ? state.path.replace(/\.rql$/, "-copy.rql") : "untitled.rql";
  input.focus();
  input.setSelectionRange(0, input.value.length - ".rql".length);
}

function closeSaveAs() {
  $("#save-as-form").hidden = true;
}

function submitSaveAs() {
  let name = $("#save-as-name").value.trim();
  if (name === "") {
    say("a name is needed to save as", "error");
    return;
  }
  if (!name.endsWith(".rql")) name += ".rql";
  save(name);
}

// MARK: Folder mode

async function loadList() {
  const list = await api("/api/notebooks");
  state.notebooks = list.notebooks || [];
  state.current = list.current ?? null;
  state.folder = state.notebooks.length > 1 || (state.current === null && state.notebooks.length > 0);
  renderList();
}

function renderList() {
  $("#notebooks").hidden = !state.folder;
  document.body.classList.toggle("folder", state.folder);
  $("#notebooks ul").replaceChildren(...state.notebooks.map((path) => {
    const link = el("a", { href: addressOf(path), "data-path": path }, path);
    if (path === state.path) link.setAttribute("aria-current", "page");
    return el("li", {}, link);
  }));
}

function addressOf(path) {
  return path ? `${location.pathname}?${new URLSearchParams({ nb: path })}` : location.pathname;
}

/** The notebook the address names, else the server's current one, else
 *  the first of the folder's, else the new notebook. */
function pathFromAddress() {
  const nb = new URLSearchParams(location.search).get("nb");
  if (nb !== null) return nb;
  return state.current ?? state.notebooks[0] ?? "";
}

function chooseNotebook(path) {
  if (path === state.path && state.loaded) return;
  if (state.dirty && !secondClick(`open ${path}`)) {
    say(`unsaved changes: save first, or click ${path} again to discard them`, "error");
    return;
  }
  openNotebook(path, { push: true });
}

function onPopState() {
  const path = pathFromAddress();
  if (path === state.path) return;
  if (state.dirty && !secondClick("back")) {
    history.pushState({ nb: state.path }, "", addressOf(state.path));
    say("unsaved changes: save first, or go back again to discard them", "error");
    return;
  }
  openNotebook(path);
}

// MARK: Events

function onClick(event) {
  const target = event.target;
  const more = target.closest("button.more");
  if (more) {
    showMore(more);
    return;
  }
  const link = target.closest("#notebooks a[data-path]");
  if (link) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    chooseNotebook(link.dataset.path);
    return;
  }
  const section = target.closest("#segments > section.segment");
  if (section) onSegmentClick(target, section);
}

function onSegmentClick(target, section) {
  const index = Number(section.dataset.index);
  const segment = state.segments[index];
  if (state.selected !== index) select(index);
  const control = target.closest("button");
  if (!control || !section.contains(control)) return;
  if (control.matches(".run")) runCell(segment);
  else if (control.matches(".up")) moveSegment(segment, -1);
  else if (control.matches(".down")) moveSegment(segment, 1);
  else if (control.matches(".delete")) deleteSegment(segment);
  else if (control.matches(".edit")) startEditing(segment);
  else if (control.matches(".check")) check(segment);
  else if (control.matches(".reveal")) toggleReveal(segment);
}

function onDoubleClick(event) {
  const view = event.target.closest("#segments .prose, #segments .directives");
  if (view) startEditing(segmentOf(view));
}

function onInput(event) {
  const target = event.target;
  if (target.matches("textarea.source")) {
    onSourceInput(segmentOf(target), target);
  } else if (target.matches("textarea.prose-editor")) {
    const segment = segmentOf(target);
    segment.markdown = target.value;
    segment.edited = segment.original === null || target.value !== segment.original.markdown;
    autosize(target);
    markDirty();
  } else if (target.matches("textarea.answer")) {
    segmentOf(target).answer = target.value;
    autosize(target);
  } else if (target.id === "raw") {
    autosize(target);
    markDirty();
  }
}

function onFocusIn(event) {
  const section = event.target.closest("#segments > section.segment");
  if (section && Number(section.dataset.index) !== state.selected) select(Number(section.dataset.index));
}

function onFocusOut(event) {
  const target = event.target;
  if (target.matches("textarea.prose-editor") && state.editing === segmentOf(target)) finishEditing();
}

function onKeyDown(event) {
  const target = event.target;
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && (event.key || "").toLowerCase() === "s") {
    event.preventDefault();
    if (event.shiftKey) openSaveAs();
    else if (target.id === "save-as-name") submitSaveAs();
    else save();
    return;
  }
  if (event.isComposing) return;
  if (target.matches("textarea.source")) cellKey(event, segmentOf(target));
  else if (target.matches("textarea.answer")) answerKey(event, segmentOf(target));
  else if (target.matches("textarea.prose-editor")) proseKey(event, segmentOf(target));
  else if (target.id === "save-as-name" && event.key === "Escape") closeSaveAs();
  else if (!isTyping(target)) pageKey(event);
}

function cellKey(event, segment) {
  if (event.key === "Enter" && event.shiftKey && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
    runAndAdvance(segment);
  } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    runCell(segment);
  } else if (event.key === "Escape") {
    event.preventDefault();
    sectionOf(segment).focus({ preventScroll: true });
  }
}

function answerKey(event, segment) {
  if (event.key === "Enter" && (event.shiftKey || event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    check(segment);
  } else if (event.key === "Escape") {
    event.preventDefault();
    sectionOf(segment).focus({ preventScroll: true });
  }
}

function proseKey(event, segment) {
  const leave = event.key === "Escape" || (event.key === "Enter" && (event.shiftKey || event.ctrlKey || event.metaKey));
  if (!leave) return;
  event.preventDefault();
  const index = state.segments.indexOf(segment);
  sectionOf(segment).focus({ preventScroll: true }); // ends the editing (focusout)
  finishEditing();
  if (event.key === "Enter" && event.shiftKey && index + 1 < state.segments.length) {
    if (state.presenter) step(1);
    else if (state.segments[index + 1].kind === "cell") enterSegment(index + 1);
    else {
      select(index + 1, { scroll: true });
      sectionAt(index + 1).focus({ preventScroll: true });
    }
  }
}

function pageKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape" && state.presenter) {
    event.preventDefault();
    togglePresenter(false);
  } else if (state.presenter && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
    event.preventDefault();
    step(event.key === "ArrowRight" ? 1 : -1);
  } else if (event.key === "Enter" && !event.target.closest("button, a, summary") && state.selected >= 0) {
    event.preventDefault();
    enterSegment(state.selected);
  }
}

function onBeforeUnload(event) {
  if (!state.dirty) return;
  event.preventDefault();
  event.returnValue = "";
}

function bind() {
  document.addEventListener("click", onClick);
  document.addEventListener("dblclick", onDoubleClick);
  document.addEventListener("input", onInput);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("pointerdown", () => { pointer.down = true; }, true);
  const up = () => setTimeout(() => { pointer.down = false; releaseHeights(); }, 0);
  document.addEventListener("pointerup", up, true);
  document.addEventListener("pointercancel", up, true);
  window.addEventListener("beforeunload", onBeforeUnload);
  window.addEventListener("popstate", onPopState);
  $("#run-all").addEventListener("click", runAll);
  $("#stop").addEventListener("click", stop);
  $("#add-code").addEventListener("click", addCode);
  $("#add-prose").addEventListener("click", addProse);
  $("#save").addEventListener("click", () => save());
  $("#save-as").addEventListener("click", openSaveAs);
  $("#presenter").addEventListener("click", () => togglePresenter());
  $("#reload").addEventListener("click", reload);
  $("#conflict-save-as").addEventListener("click", openSaveAs);
  $("#save-as-cancel").addEventListener("click", closeSaveAs);
  $("#save-as-form").addEventListener("submit", (event) => {
    event.preventDefault();
    submitSaveAs();
  });
}

async function start() {
  bind();
  updateButtons();
  try {
    await loadList();
  } catch (error) {
    showError(error);
  }
  await openNotebook(pathFromAddress());
}

start();
