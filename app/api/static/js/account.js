// The player's own pages (`#account`, `#devices`), and signing in from a new browser
// (`#signin`). A guest claims a login and a password (`PUT /v1/players/me/credentials`); a
// login signs in on another device with a token of its own (`POST /v1/sessions`, a device
// name); every device's token is listed and can be revoked (`GET` / `DELETE
// /v1/players/me/tokens…`), this browser's own to sign out.
//
// The pages share one screen and its nav (`PAGES`): a profile (`#profile`, `#profile=<id>`,
// js/profile.js) and a game's leaderboard (`#leaderboard=<variant>`, js/leaderboard.js) are
// entries there too, each page element drawn by its own module.

import { api, ApiError } from "./api.js";
import { language, t } from "./i18n.js";
import { LeaderboardPage } from "./leaderboard.js";
import { ProfilePage } from "./profile.js";
import { $, button, el } from "./ui.js";

/** The pages of the account screen, in the nav's order: the hash that opens each, its
 * title's key, the element it shows. */
export const PAGES = [
  { page: "account", label: "account_link", element: "account-page" },
  { page: "devices", label: "devices_link", element: "devices-page" },
  { page: "profile", label: "profile_link", element: "profile-page" },
  { page: "leaderboard", label: "leaderboard_link", element: "leaderboard-page" },
];

/** The game a leaderboard opens on when the address names none. */
const FIRST_GAME = "kozel24";

/** Problem codes of the account requests, with the text each shows (`account_error_<code>`). */
const CODES = new Set(["login_taken", "invalid_login", "weak_password", "bad_credentials", "validation_error"]);

/** What went wrong, in the page's language: a known problem's own text, else its detail. */
export function accountError(error) {
  if (error instanceof ApiError && CODES.has(error.code)) return t(`account_error_${error.code}`);
  if (error instanceof ApiError && error.status === 422) return t("account_error_validation_error");
  return t("error", { detail: error.message });
}

/** A name for this browser's token, as the form suggests it ("Browser · Linux x86_64"). */
function deviceName() {
  const platform = navigator.userAgentData?.platform || navigator.platform || "";
  return [t("device_browser"), platform].filter(Boolean).join(" · ").slice(0, 60);
}

const FIELDS = {
  signup: [
    { name: "login", type: "text", label: "login", hint: "login_hint", complete: "username" },
    { name: "password", type: "password", label: "password", hint: "password_hint", complete: "new-password" },
  ],
  signin: [
    { name: "login", type: "text", label: "login", complete: "username" },
    { name: "password", type: "password", label: "password", complete: "current-password" },
    { name: "device", type: "text", label: "device", hint: "device_hint", complete: "off" },
  ],
};

/** Fill a sign-up or sign-in form (its `data-form`) with its fields, an error line and its
 * button; `submit(values)` is called with the fields' values and shows what it throws. */
export function fillForm(form, submit) {
  const kind = form.dataset.form;
  const kept = Object.fromEntries(new FormData(form));
  form.replaceChildren();
  for (const field of FIELDS[kind]) {
    const id = `${form.id}-${field.name}`;
    const input = el("input", { attrs: { id, name: field.name, type: field.type, autocomplete: field.complete, required: "" } });
    input.value = kept[field.name] ?? (field.name === "device" ? deviceName() : "");
    const label = el("label", { attrs: { for: id } }, el("span", { text: t(field.label) }), input);
    if (field.hint) label.append(el("span", { cls: "muted", text: t(field.hint) }));
    form.append(label);
  }
  const error = el("p", { cls: "form-error", attrs: { role: "alert" } });
  error.hidden = true;
  const go = el("button", { cls: "primary", text: t(`${kind}_go`), attrs: { type: "submit" } });
  go.id = `${form.id}-submit`;
  form.append(error, go);
  form.onsubmit = async (event) => {
    event.preventDefault();
    go.disabled = true;
    error.hidden = true;
    try {
      await submit(Object.fromEntries(new FormData(form)));
    } catch (failure) {
      error.textContent = accountError(failure);
      error.dataset.code = failure?.code ?? "";
      error.hidden = false;
    } finally {
      go.disabled = false;
    }
  };
}

/** Sign in with a login: this browser plays as that account from now on. */
export async function signIn({ login, password, device }) {
  await api.signIn(login.trim(), password, device.trim() || null);
}

/** The account screen on one of its pages; `params` are the address's (`profile=<id>`,
 * `leaderboard=<variant>&bots=true`). `done()` re-routes once this browser plays as someone
 * else (signed in, or out). */
export class AccountScreen {
  constructor(page, player, { done, params = new URLSearchParams() }) {
    this.page = page;
    this.player = player;
    this.done = done;
    this.me = null;
    this.tokens = null;
    this.view = null; // the page drawn by its own module
    if (page === "profile") this.view = new ProfilePage(params.get("profile") || player.id);
    if (page === "leaderboard") {
      this.view = new LeaderboardPage(params.get("leaderboard") || FIRST_GAME, params.get("bots") === "true");
    }
  }

  async start() {
    this.render();
    if (this.view) {
      await this.view.load();
      this.render();
      return;
    }
    if (this.page === "devices") this.tokens = await api.tokens();
    this.me = await api.me();
    this.render();
  }

  stop() {}

  render() {
    this.renderNav();
    for (const { page, element } of PAGES) $(element).hidden = page !== this.page;
    if (this.view) this.view.render();
    else if (this.page === "account") this.renderAccount();
    else this.renderDevices();
  }

  renderNav() {
    const nav = $("account-nav");
    nav.replaceChildren();
    for (const { page, label } of PAGES) {
      const link = el("a", { cls: "tab", text: t(label), attrs: { href: `#${page}` }, data: { page } });
      if (page === this.page && !(page === "profile" && this.view.playerId !== this.player.id)) {
        link.setAttribute("aria-current", "page");
      }
      nav.append(link);
    }
    nav.append(el("a", { cls: "tab", text: t("to_lobby"), attrs: { href: "#" }, data: { page: "lobby" } }));
  }

  renderAccount() {
    const me = this.me;
    $("account-name").textContent = t("account_name", { name: me?.name ?? this.player.name });
    const guest = me !== null && !me.login;
    $("account-login").textContent = me === null ? "" : guest ? t("account_guest") : t("account_login", { login: me.login });
    $("account-me").dataset.login = me?.login ?? "";
    $("signout").hidden = me === null || guest; // a guest signed out is lost for good
    $("signout").onclick = () => this.signOut();
    $("signup-panel").hidden = !guest;
    $("signin-other-hint").textContent = t(guest ? "signin_other_hint_guest" : "signin_other_hint");
    fillForm($("signup-form"), async ({ login, password }) => {
      this.me = await api.claim(login.trim(), password);
      this.render();
    });
    fillForm($("signin-form"), async (values) => {
      await signIn(values);
      this.done();
    });
  }

  renderDevices() {
    const list = $("devices");
    list.replaceChildren();
    const format = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" });
    const when = (iso) => (iso ? format.format(new Date(iso)) : "—");
    for (const token of this.tokens ?? []) {
      const item = el("li", { cls: token.current ? "device current" : "device", data: { token: token.id } });
      item.append(
        el("span", { cls: "device-name", text: token.device || t("device_unnamed") }),
        el("span", { cls: "muted", text: t("device_since", { at: when(token.created_at) }) }),
        el("span", { cls: "muted", text: t("device_used", { at: when(token.last_used_at) }) }),
      );
      if (token.current) item.append(el("span", { cls: "device-this", text: t("device_this") }));
      const label = token.current ? "signout" : "signout_device";
      item.append(button(t(label), () => this.revoke(token), { cls: "small danger", data: { revoke: token.id } }));
      list.append(item);
    }
  }

  /** Revoke one device's token: this browser's own signs it out. */
  async revoke(token) {
    await api.revokeToken(token.id);
    if (token.current) {
      api.forget();
      this.done();
      return;
    }
    this.tokens = await api.tokens();
    this.render();
  }

  async signOut() {
    const tokens = await api.tokens();
    const mine = tokens.find((token) => token.current);
    if (mine) await this.revoke(mine);
  }
}
