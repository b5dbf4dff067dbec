// The page's start: the language, who plays here, and which screen to show.
//   no saved player          -> register a name, or (#signin) sign in with a login
//   #table=<id> in the address -> that table (a shared link offers a free seat)
//   #account, #devices       -> the player's own pages (js/account.js)
//   #profile[=<id>]          -> a profile (js/profile.js)
//   #leaderboard[=<variant>] -> a game's leaderboard (js/leaderboard.js)
//   #replay=<id>               -> a finished table's replay (with or without a name)
//   a seek saved ("Play now") -> its waiting screen (js/seek.js)
//   otherwise                -> the lobby

import { AccountScreen, fillForm, PAGES, signIn } from "./account.js";
import { api, ApiError, connection, forgetPlayer, savedPlayer } from "./api.js";
import { applyStatic, onLanguage, setLanguage, t } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { ReplayScreen } from "./replay.js";
import { SeekScreen, savedSeek } from "./seek.js";
import { TableScreen } from "./table.js";
import { $, notice } from "./ui.js";

const SCREENS = ["register", "signin", "lobby", "table", "account", "replay", "seek"];
let current = null;
let lastConnection = { state: "ok", retryInS: 0 };

function show(name) {
  for (const screen of SCREENS) $(`screen-${screen}`).hidden = screen !== name;
  document.body.dataset.screen = name;
}

function idInAddress(key) {
  const match = new RegExp(`(?:^#|&)${key}=([0-9a-f-]{36})(?:&|$)`).exec(location.hash);
  return match ? match[1] : null;
}

/** To the lobby (or, for nobody, the first screen): the address's hash cleared, or routed
 * again where it is clear already. */
function home() {
  if (location.hash && location.hash !== "#") location.hash = "";
  else route();
}

/** The account screen's page the address names (`#devices`), if any. */
function accountPageInAddress() {
  const page = location.hash.slice(1).split("=")[0];
  return PAGES.some((entry) => entry.page === page) ? page : null;
}

function route() {
  current?.stop();
  current = null;
  const player = savedPlayer();
  $("me-name").textContent = player ? player.name : "";
  $("account-link").hidden = !player;
  const replayId = idInAddress("replay");
  if (replayId) { // a replay is public: no name needed to watch it
    show("replay");
    current = new ReplayScreen(replayId, { toLobby: () => { location.hash = ""; } });
    current.start()?.catch?.((error) => notice(t("error", { detail: error.message })));
    return;
  }
  if (!player) {
    if (location.hash === "#signin") {
      show("signin");
      fillSignIn();
      return;
    }
    show("register");
    $("register-name").focus();
    return;
  }
  const tableId = idInAddress("table");
  const page = location.hash === "#signin" ? "account" : accountPageInAddress();
  if (page) {
    show("account");
    const params = new URLSearchParams(location.hash.slice(1));
    current = new AccountScreen(page, player, { done: () => home(), params });
  } else if (tableId) {
    show("table");
    current = new TableScreen(tableId, player, {
      toLobby: () => { location.hash = ""; },
      openTable: (id) => { location.hash = `table=${id}`; },
      openReplay: (id) => { location.hash = `replay=${id}`; },
    });
  } else if (savedSeek(player.id)) {
    show("seek");
    current = new SeekScreen(player, { openTable: (id) => { location.hash = `table=${id}`; }, toLobby: () => home() });
  } else {
    show("lobby");
    current = new Lobby(player, {
      openTable: (id) => { location.hash = `table=${id}`; },
      openReplay: (id) => { location.hash = `replay=${id}`; },
      seeking: () => route(),
    });
  }
  current.start()?.catch?.((error) => {
    if (!(error instanceof ApiError && error.status === 401)) notice(t("error", { detail: error.message }));
  });
}

/** The sign-in form of a browser that plays as nobody yet. */
function fillSignIn() {
  fillForm($("signin-first-form"), async (values) => {
    await signIn(values);
    home();
  });
}

function showConnection() {
  const banner = $("conn");
  const { state, retryInS } = lastConnection;
  banner.hidden = state === "ok";
  banner.dataset.state = state;
  if (state === "offline") banner.textContent = t("conn_lost", { s: retryInS });
  if (state === "limited") banner.textContent = t("conn_limited", { s: retryInS });
}

async function boot() {
  applyStatic();
  for (const button of document.querySelectorAll("button[data-lang]")) {
    button.addEventListener("click", () => setLanguage(button.dataset.lang));
  }
  onLanguage(() => {
    showConnection();
    current?.fillChoices?.();
    current?.render?.();
    if (!$("screen-signin").hidden) fillSignIn();
    if (current?.refresh) current.refresh();
  });
  // Signed out from another device: this browser plays as nobody now.
  connection.addEventListener("signedout", () => {
    route();
    notice(t("signed_out"));
  });
  connection.addEventListener("change", (event) => {
    lastConnection = event.detail;
    showConnection();
  });
  $("register-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("register-name").value.trim();
    if (!name) return;
    $("register-submit").disabled = true;
    try {
      await api.register(name);
      route();
    } catch (error) {
      notice(t("error", { detail: error.message }));
    } finally {
      $("register-submit").disabled = false;
    }
  });
  window.addEventListener("hashchange", route);
  if (savedPlayer()) {
    try {
      await api.me();
    } catch (error) {
      // The server does not know this token (a new database): register again.
      if (error instanceof ApiError && error.status === 401) forgetPlayer();
    }
  }
  route();
}

boot();
