// A game's options as form controls, made from the options JSON Schema of GET /v1/games:
// a boolean is a checkbox, an enum a select, an integer a number field with its bounds, an
// array of an enum a group of checkboxes, a nullable boolean a select (default/yes/no).
// Every control starts at the schema's default.

import { t } from "./i18n.js";
import { el } from "./ui.js";

/** The option's name in the page's language (js/i18n.js), else its description. */
function optionLabel(variant, name, schema) {
  for (const key of [`opt_${variant}_${name}`, `opt_${name}`]) {
    const text = t(key);
    if (text !== key) return text;
  }
  return schema.description ?? name;
}

function valueLabel(variant, name, value) {
  for (const key of [`optval_${variant}_${name}_${value}`, `optval_${name}_${value}`, `optval_${value}`]) {
    const text = t(key);
    if (text !== key) return text;
  }
  return String(value);
}

const nullableBoolean = (schema) => schema.anyOf?.some((s) => s.type === "boolean")
  && schema.anyOf.some((s) => s.type === "null");

function control(variant, name, schema) {
  const id = `opt-${name}`;
  const data = { option: name };
  const title = schema.description ?? "";
  const text = optionLabel(variant, name, schema);
  if (schema.type === "boolean") {
    const box = el("input", { data: { ...data, kind: "boolean" }, attrs: { type: "checkbox", id } });
    box.checked = schema.default === true;
    return el("label", { cls: "check", attrs: { title } }, box, el("span", { text }));
  }
  if (schema.enum || nullableBoolean(schema)) {
    const values = schema.enum ?? [null, true, false];
    const select = el("select", { data: { ...data, kind: "enum" }, attrs: { id } });
    values.forEach((value, n) => {
      const shown = value === null ? t("optval_default") : valueLabel(variant, name, value);
      select.append(el("option", { text: shown, attrs: { value: String(n) } }));
    });
    select.value = String(Math.max(0, values.indexOf(schema.default ?? null)));
    select.choices = values;
    return el("label", { attrs: { title } }, el("span", { text }), select);
  }
  if (schema.type === "integer") {
    const attrs = { type: "number", id, step: 1 };
    if (schema.minimum !== undefined) attrs.min = schema.minimum;
    if (schema.maximum !== undefined) attrs.max = schema.maximum;
    const input = el("input", { data: { ...data, kind: "integer" }, attrs });
    input.value = String(schema.default ?? schema.minimum ?? 0);
    return el("label", { attrs: { title } }, el("span", { text }), input);
  }
  if (schema.type === "array" && schema.items?.enum) {
    const group = el("fieldset", { cls: "option-set", data: { ...data, kind: "set" }, attrs: { id, title } },
      el("legend", { text }));
    for (const value of schema.items.enum) {
      const box = el("input", { data: { value }, attrs: { type: "checkbox" } });
      box.checked = (schema.default ?? []).includes(value);
      group.append(el("label", { cls: "check" }, box, el("span", { text: valueLabel(variant, name, value) })));
    }
    return group;
  }
  return null; // a kind of option this page does not know: the server's default stands
}

/** Fill `box` with the controls of `game`'s options (keeping its legend). */
export function renderOptions(box, game) {
  const legend = box.querySelector("legend");
  box.replaceChildren(...(legend ? [legend] : []));
  const properties = game?.options?.properties ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    const made = control(game.variant, name, schema);
    if (made) box.append(made);
  }
  box.hidden = box.querySelectorAll("[data-option]").length === 0;
}

/** The options object the controls in `box` stand for. */
export function readOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const kind = input.dataset.kind;
    if (kind === "boolean") options[name] = input.checked;
    else if (kind === "enum") options[name] = input.choices[Number(input.value)];
    else if (kind === "integer" && input.value !== "") options[name] = Number(input.value);
    else if (kind === "set") {
      options[name] = [...input.querySelectorAll("input:checked")].map((box) => box.dataset.value);
    }
  }
  return options;
}
