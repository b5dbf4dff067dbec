// The replay of a finished table (#replay=<id>): step forward and back through every version
// of its log, jump to a deal, every hand face up, and the deal's shuffle check as the server
// tells it (GET …/replay/{version}). The page draws what each answer says: which cards are
// trumps, in what order a hand lies and whether the deck follows from the seed are the API's.

import { api } from "./api.js";
import { cardElement, setTrumps } from "./cards.js";
import { catalogueEntry, gameTitle } from "./catalogue.js";
import { t } from "./i18n.js";
import { seatName, sideName } from "./seats.js";
import { $, el, notice } from "./ui.js";

export class ReplayScreen {
  constructor(tableId, { toLobby }) {
    this.id = tableId;
    this.toLobby = toLobby;
    this.view = null;
    this.summary = null;
    this.entry = null;
    this.listeners = new AbortController();
    this.loading = null;
  }

  async start() {
    const on = (id, type, handler) => $(id).addEventListener(type, handler, { signal: this.listeners.signal });
    on("replay-back", "click", () => this.go(this.view.version - 1));
    on("replay-forward", "click", () => this.go(this.view.version + 1));
    on("replay-prev-deal", "click", () => this.go(this.dealStart(-1)));
    on("replay-next-deal", "click", () => this.go(this.dealStart(+1)));
    on("replay-deal", "change", () => this.go(this.firstOf(Number($("replay-deal").value))));
    on("replay-step", "change", () => this.go(Number($("replay-step").value)));
    on("replay-lobby", "click", () => this.toLobby());
    this.summary = await api.table(this.id);
    this.entry = await catalogueEntry(this.summary.variant);
    const first = await api.replay(this.id, 1);
    await this.go(first.deals[0]?.first_version ?? 1);
  }

  stop() {
    this.listeners.abort();
    document.title = t("app_name");
  }

  firstOf(dealNo) {
    return this.view.deals.find((d) => d.deal_no === dealNo)?.first_version ?? 1;
  }

  /** The first version of the deal before (-1) or after (+1) the one on view; going back
   * from inside a deal goes to its own start first. */
  dealStart(direction) {
    const { deals, deal_no: current, version } = this.view;
    const index = deals.findIndex((d) => d.deal_no === current);
    if (direction < 0 && index >= 0 && deals[index].first_version < version) return deals[index].first_version;
    const other = deals[index + direction];
    return other ? other.first_version : version;
  }

  async go(version) {
    const last = this.view?.last_version ?? Infinity;
    const wanted = Math.max(1, Math.min(version, last));
    if (this.view && wanted === this.view.version) return;
    try {
      this.loading = wanted;
      const view = await api.replay(this.id, wanted);
      if (this.loading !== wanted) return; // a later step was asked meanwhile
      this.view = view;
      this.render();
    } catch (error) {
      notice(t("error", { detail: error.message }));
    }
  }

  render() {
    const view = this.view;
    if (!view) return;
    setTrumps(view);
    document.body.dataset.version = view.version;
    const screen = $("screen-replay");
    screen.dataset.version = view.version;
    screen.dataset.deal = view.deal_no;
    screen.dataset.variant = view.variant;
    const title = this.entry ? gameTitle(this.entry) : view.variant;
    $("replay-game").textContent = title;
    document.title = `${t("replay")} · ${title} — ${t("app_name")}`;
    const params = { deal: view.deal_no, step: view.version, last: view.last_version };
    $("replay-where").textContent = t(view.deal_no ? "replay_where" : "replay_before", params);
    const slider = $("replay-step");
    slider.max = view.last_version;
    slider.value = view.version;
    $("replay-back").disabled = view.version <= 1;
    $("replay-forward").disabled = view.version >= view.last_version;
    this.renderDeals();
    const check = view.shuffle_check;
    const line = $("replay-check");
    line.hidden = !check;
    line.dataset.verified = check ? String(check.verified) : "";
    if (check) line.textContent = `${t("replay_deal")} ${check.deal_no}: ${t(check.verified ? "check_verified" : "check_failed")}`;
    const scores = (view.scores ?? []).map((score, side) => `${sideName(view, this.summary, side)} ${score}`);
    $("replay-scores").textContent = t("replay_scores", { scores: scores.join(" · ") });
    this.renderSeats();
    const stock = $("replay-stock");
    stock.hidden = !view.stock;
    if (view.stock) {
      const trump = view.stock.trump_card;
      stock.replaceChildren(el("span", { text: t("replay_stock", { n: view.stock.size }) }),
        ...(trump ? [cardElement(trump)] : []));
    }
    const lastPlays = view.last_trick?.plays ?? [];
    const last = $("replay-last");
    last.hidden = lastPlays.length === 0;
    last.replaceChildren(el("span", { text: t("replay_last_trick") }),
      ...lastPlays.flatMap((play) => (play.cards ?? []).map((code) => cardElement(code))));
    $("replay-result").textContent = view.status === "finished" ? t("game_over") : "";
  }

  renderDeals() {
    const select = $("replay-deal");
    const deals = this.view.deals;
    if (select.options.length !== deals.length) {
      select.replaceChildren(...deals.map((d) => el("option", { text: String(d.deal_no), attrs: { value: d.deal_no } })));
    }
    if (this.view.deal_no) select.value = String(this.view.deal_no);
  }

  /** Every seat: its name, its hand face up, and what it put in the trick on the table. */
  renderSeats() {
    const view = this.view;
    const plays = new Map((view.trick?.plays ?? []).map((play) => [play.seat, play]));
    const rows = (view.hands.length ? view.hands : view.hand_sizes.map(() => [])).map((hand, seat) => {
      const cards = hand.length
        ? el("span", { cls: "replay-hand" }, ...hand.map((code) => cardElement(code)))
        : el("span", { cls: "muted", text: t("replay_hand_empty") });
      const play = plays.get(seat);
      const played = el("span", { cls: "replay-play" }, ...(play?.cards ?? []).map((code) => cardElement(code)));
      const row = el("li", { data: { seat, dealer: String(view.dealer === seat), acting: String(view.to_act.includes(seat)) } },
        el("strong", { text: seatName(this.summary, seat) }), cards, played);
      row.querySelector(".replay-hand")?.setAttribute("data-hand", hand.join(" "));
      return row;
    });
    $("replay-seats").replaceChildren(...rows);
  }
}
