// The public Kozel API (openapi/openapi.json), with the retries a flaky connection needs.
//
// A request that fails on the network, or gets 429 / 502 / 503 / 504, is sent again after a
// pause (429 and 503: the server's Retry-After; otherwise a backoff of 0.5 s doubling to 10 s).
// Posts that act carry a move_id (table creation an Idempotency-Key), so a retry of a request
// that did reach the server changes nothing.

const PLAYER_KEY = "kozel.player";
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const MAX_BACKOFF_MS = 10_000;

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code ?? null;
    this.problem = problem;
  }
}

/** Who this browser plays as: {id, name, token}, or null. */
export function savedPlayer() {
  try {
    const player = JSON.parse(localStorage.getItem(PLAYER_KEY) || "null");
    return player && typeof player.token === "string" ? player : null;
  } catch {
    return null;
  }
}

function savePlayer(player) {
  localStorage.setItem(PLAYER_KEY, JSON.stringify(player));
}

export function forgetPlayer() {
  localStorage.removeItem(PLAYER_KEY);
}

/** A random id for move_id and Idempotency-Key (crypto.randomUUID needs a secure context). */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The connection state for the banner: {state: "ok" | "offline" | "limited", retryInS}.
export const connection = new EventTarget();
function report(state, retryInS = 0) {
  connection.dispatchEvent(new CustomEvent("change", { detail: { state, retryInS } }));
}

// The server's clock from the Date headers of its answers. A Date is whole seconds, and an
// answer may have waited (a busy server, the network) since it was written, so each gives
// only a lower bound of the offset; the highest of the recent ones is the closest, and half a
// second more the likeliest.
const OFFSET_SAMPLES = 20;
const offsets = [];
let clockOffsetMs = 0;
/** The server's clock, so that move clocks count down correctly. */
export function serverNow() {
  return Date.now() + clockOffsetMs;
}
function noteDate(response) {
  const date = Date.parse(response.headers.get("date") || "");
  if (Number.isNaN(date)) return;
  offsets.push(date - Date.now());
  if (offsets.length > OFFSET_SAMPLES) offsets.shift();
  clockOffsetMs = Math.max(...offsets) + 500;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function request(method, path, { body, headers = {}, timeoutMs = 15_000 } = {}) {
  const player = savedPlayer();
  const sent = { ...headers };
  if (player) sent.Authorization = `Bearer ${player.token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  let backoff = 500;
  for (;;) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let response;
    let data = null;
    try {
      response = await fetch(path, {
        method,
        headers: sent,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: abort.signal,
        cache: "no-store",
      });
      if (response.status !== 204 && response.status !== 304) {
        const text = await response.text();
        data = text ? JSON.parse(text) : null;
      }
    } catch {
      // The network failed (or the server vanished mid-answer): the same request again.
      clearTimeout(timer);
      report("offline", Math.round(backoff / 1000));
      await sleep(backoff * (0.8 + Math.random() * 0.4));
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      continue;
    }
    clearTimeout(timer);
    noteDate(response);
    if (RETRY_STATUSES.has(response.status)) {
      const after = Number(response.headers.get("retry-after"));
      const waitMs = after > 0 ? after * 1000 : backoff;
      report(response.status === 429 ? "limited" : "offline", Math.ceil(waitMs / 1000));
      await sleep(waitMs);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      continue;
    }
    report("ok");
    if (response.status === 401 && player && data?.code === "unauthorized") {
      // This browser's token was revoked (signed out from another device): it plays no more.
      forgetPlayer();
      connection.dispatchEvent(new CustomEvent("signedout"));
    }
    if (!response.ok && response.status !== 304) throw new ApiError(response.status, data);
    return { status: response.status, body: data };
  }
}

const LONG_POLL_S = 25;

export const api = {
  async register(name) {
    const { body } = await request("POST", "/v1/players", { body: { name } });
    savePlayer(body);
    return body;
  },
  async me() {
    return (await request("GET", "/v1/players/me")).body;
  },
  /** Claim a login and a password for the caller (a guest): its account from now on. */
  async claim(login, password) {
    return (await request("PUT", "/v1/players/me/credentials", { body: { login, password } })).body;
  },
  /** Sign in with a login: a new token for this device, kept as this browser's player. */
  async signIn(login, password, device) {
    const body = { login, password, ...(device ? { device } : {}) };
    const { body: session } = await request("POST", "/v1/sessions", { body });
    savePlayer({ ...session.player, token: session.token });
    return session.player;
  },
  /** The caller's tokens, one per device ({id, device, created_at, last_used_at, current}). */
  async tokens() {
    return (await request("GET", "/v1/players/me/tokens")).body;
  },
  async revokeToken(tokenId) {
    await request("DELETE", `/v1/players/me/tokens/${encodeURIComponent(tokenId)}`);
  },
  /** This browser plays as nobody (its token revoked, or to be). */
  forget() {
    forgetPlayer();
  },
  /** A player's public profile: name, ratings and record per variant. */
  async profile(playerId) {
    return (await request("GET", `/v1/players/${encodeURIComponent(playerId)}`)).body;
  },
  /** A page of a player's finished games, newest first: {items, next_cursor}. */
  async playerGames(playerId, { variant = null, cursor = null, limit = 10 } = {}) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (variant) query.set("variant", variant);
    if (cursor) query.set("cursor", cursor);
    return (await request("GET", `/v1/players/${encodeURIComponent(playerId)}/games?${query}`)).body;
  },
  /** A page of a game's leaderboard, people or bots: {items, next_cursor}. */
  async leaderboard(variant, { bots = false, cursor = null, limit = 20 } = {}) {
    const query = new URLSearchParams({ bots: String(bots), limit: String(limit) });
    if (cursor) query.set("cursor", cursor);
    return (await request("GET", `/v1/games/${encodeURIComponent(variant)}/leaderboard?${query}`)).body;
  },
  /** The catalogue of games (GET /v1/games): variant, title, seats, options schema, bots. */
  async games() {
    return (await request("GET", "/v1/games")).body;
  },
  async waitingTables() {
    return (await request("GET", "/v1/tables?status=waiting&limit=20")).body.items;
  },
  /** The live tables, the most recently moved first (GET /v1/tables?status=playing). */
  async liveTables() {
    return (await request("GET", "/v1/tables?status=playing&limit=10")).body.items;
  },
  /** Ask for a rematch of a finished table: {status: "asked" | "created", table_id}. */
  async rematch(tableId) {
    return (await request("POST", `/v1/tables/${encodeURIComponent(tableId)}/rematch`)).body;
  },
  /** A finished table after `version` events, every hand face up. */
  async replay(tableId, version) {
    return (await request("GET", `/v1/tables/${encodeURIComponent(tableId)}/replay/${version}`)).body;
  },
  async table(tableId) {
    return (await request("GET", `/v1/tables/${encodeURIComponent(tableId)}`)).body;
  },
  async createTable(spec) {
    const headers = { "Idempotency-Key": newId() };
    return (await request("POST", "/v1/tables", { body: spec, headers })).body;
  },
  async takeSeat(tableId, seat, bot = null) {
    const path = `/v1/tables/${encodeURIComponent(tableId)}/seats/${seat}`;
    return (await request("PUT", path, bot ? { body: { bot } } : {})).body;
  },
  async leaveSeat(tableId, seat) {
    return (await request("DELETE", `/v1/tables/${encodeURIComponent(tableId)}/seats/${seat}`))
      .body;
  },
  /** The view now, or (with sinceVersion) the next one: null when nothing changed. */
  async state(tableId, sinceVersion = null) {
    let path = `/v1/tables/${encodeURIComponent(tableId)}/state`;
    let timeoutMs = 15_000;
    if (sinceVersion !== null) {
      path += `?since_version=${sinceVersion}&wait=${LONG_POLL_S}`;
      timeoutMs = (LONG_POLL_S + 15) * 1000;
    }
    const { status, body } = await request("GET", path, { timeoutMs });
    return status === 304 ? null : body;
  },
  /** Post one of the view's legal actions (or a message / resignation) for `version`. */
  async act(tableId, endpoint, body) {
    const path = `/v1/tables/${encodeURIComponent(tableId)}/${endpoint}`;
    return (await request("POST", path, { body: { ...body, move_id: newId() } })).body;
  },
  /** Seek a game (POST /v1/seeks): {variant, seats?, rated, bots_after_s}. */
  async seek(spec) {
    return (await request("POST", "/v1/seeks", { body: spec })).body;
  },
  /** The seek; with `wait`, once it is no longer waiting (or after `wait` seconds). */
  async getSeek(seekId, wait = 0) {
    const path = `/v1/seeks/${encodeURIComponent(seekId)}?wait=${wait}`;
    return (await request("GET", path, { timeoutMs: (wait + 15) * 1000 })).body;
  },
  async cancelSeek(seekId) {
    return (await request("DELETE", `/v1/seeks/${encodeURIComponent(seekId)}`)).body;
  },
};
