// Small DOM helpers. Text always goes in with textContent: names and messages are user text.

export function $(id) {
  return document.getElementById(id);
}

/** <tag class=…>text</tag> with optional attributes / dataset entries. */
export function el(tag, { cls = "", text = null, data = {}, attrs = {} } = {}, ...children) {
  const element = document.createElement(tag);
  if (cls) element.className = cls;
  if (text !== null) element.textContent = text;
  for (const [key, value] of Object.entries(data)) element.dataset[key] = String(value);
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, String(value));
  element.append(...children);
  return element;
}

export function button(text, onClick, { cls = "", id = "", data = {} } = {}) {
  const element = el("button", { cls, text, data, attrs: { type: "button" } });
  if (id) element.id = id;
  element.addEventListener("click", onClick);
  return element;
}

let noticeTimer = null;
/** A short message at the top of the page. */
export function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    box.hidden = true;
  }, 5000);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const RECENT_KEY = "kozel.tables";

/** The tables this browser sat at, newest first. */
export function recentTables() {
  try {
    const ids = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function rememberTable(id) {
  const ids = [id, ...recentTables().filter((other) => other !== id)].slice(0, 8);
  localStorage.setItem(RECENT_KEY, JSON.stringify(ids));
}

export function forgetTable(id) {
  localStorage.setItem(RECENT_KEY, JSON.stringify(recentTables().filter((o) => o !== id)));
}
