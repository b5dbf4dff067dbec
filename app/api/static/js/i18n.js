// Russian and English texts. The language comes from localStorage, else navigator.language.
// Texts are plain strings put in with textContent; "{name}" marks a parameter. A text that
// counts something has a form per plural category of its language (Intl.PluralRules: in
// Russian "one" for 1, 21, 31…, "few" for 2–4, 22–24…, "many" for 0, 5–20, 25…), read with
// `plural(key, n)`.

import { GAME_TEXTS } from "./i18n_games.js";

const TEXTS = {
  ru: {
    app_name: "Козёл",
    register_title: "Как вас зовут?",
    register_hint: "Имя видят другие игроки. Вход запоминается в этом браузере.",
    your_name: "Имя",
    register_go: "Играть",
    new_table: "Новый стол",
    seat_left: "Слева (соперник)",
    seat_partner: "Напротив (партнёр)",
    seat_right: "Справа (соперник)",
    friend: "Друг (место свободно)",
    bot_random: "Бот: случайный",
    bot_heuristic: "Бот: опытный",
    bot_strong: "Бот: сильный",
    move_clock: "Время на ход",
    opt_eggs: "Яйца (60:60 удваивает следующую запись)",
    opt_messages: "Сообщения за столом",
    create_table: "Создать стол",
    open_tables: "Открытые столы",
    live_tables: "Идёт игра — посмотреть",
    no_live_tables: "Сейчас никто не играет.",
    watch: "Смотреть",
    again: "Ещё раз",
    again_waiting: "Ждём остальных: {names}",
    replay: "Повтор",
    replay_prev_deal: "« Раздача",
    replay_back: "◀ Назад",
    replay_forward: "Вперёд ▶",
    replay_next_deal: "Раздача »",
    replay_deal: "Раздача",
    replay_where: "Раздача {deal} · шаг {step} из {last}",
    replay_before: "До первой раздачи · шаг {step} из {last}",
    check_verified: "Колода следует из зерна: проверено",
    check_failed: "Колода не следует из зерна: проверка не прошла",
    replay_scores: "Счёт: {scores}",
    replay_hand_empty: "карт нет",
    replay_stock: "В колоде: {n}",
    replay_last_trick: "Последняя взятка:",
    refresh: "Обновить",
    no_open_tables: "Свободных столов нет — создайте свой.",
    my_tables: "Мои столы",
    open: "Открыть",
    take_seat: "Сесть на место {n}",
    seat_n: "Место {n}",
    free_seat: "свободно",
    status_waiting: "ждёт игроков",
    status_playing: "идёт игра",
    status_finished: "окончена",
    waiting_title: "Ждём игроков",
    share_hint: "Отправьте другу ссылку — она предложит ему свободное место:",
    copy: "Копировать",
    copied: "Скопировано",
    seat_bot_here: "Посадить бота на место {n}",
    leave_seat: "Встать из-за стола",
    you: "вы",
    partner: "партнёр",
    bot: "бот",
    bot_named: "Бот {n}",
    bot_level_random: "случайный",
    bot_level_heuristic: "опытный",
    bot_level_strong: "сильный",
    dealer: "сдаёт",
    cutter: "снимает",
    led: "заход",
    we: "Мы",
    they: "Они",
    team_n: "Команда {n}",
    written: "Записано",
    to_twelve: "до 12",
    eggs_multiplier: "Яйца: следующая запись ×{n}",
    eggs_played: "Яйца уже были",
    deal_n: "Сдача {n}",
    this_deal: "В этой сдаче",
    points: "очки",
    tricks: "взятки",
    messages: "Сообщения",
    send: "Отправить",
    messages_first_deal: "В первой сдаче сообщения запрещены: играют «вслепую».",
    messages_off: "Сообщения за этим столом отключены.",
    messages_spectator: "Писать могут только игроки за столом.",
    to_lobby: "В лобби",
    resign: "Сдаться",
    resign_sure: "Ваша команда сдаётся?",
    resign_sure_solo: "Сдаться? Игра будет проиграна.",
    yes: "Да",
    no: "Нет",
    look_at_table: "Посмотреть на стол",
    your_move: "Ваш ход — выберите карту",
    your_decision: "Ваше решение",
    to_move: "Ходит {name}",
    cutting: "{name} снимает колоду",
    you_cut: "Вы снимаете колоду",
    deciding: "Игроки решают: обмен козыря, нет дам…",
    waiting_players: "Ждём, пока все сядут за стол",
    spectating: "Вы смотрите игру",
    seconds_left: "{s} с",
    prompt_cut: "Снимите колоду: сколько карт переложить вниз?",
    cut_go: "Снять",
    prompt_exchange: "У вас один козырь ({card}). Поменять его с партнёром?",
    prompt_exchange_plain: "У вас один козырь. Поменять его с партнёром?",
    exchange: "Поменять",
    keep: "Оставить",
    prompt_give: "Партнёр меняет козырь: выберите карту, которую отдадите ему.",
    prompt_claim: "У вашей команды нет ни одной дамы. Объявить? Сдача тогда не играется.",
    claim: "Объявить «нет дам»",
    play_on: "Играть дальше",
    trick_taken_by: "Взятку взял(а) {name}: {points}",
    points_n: { one: "{n} очко", few: "{n} очка", many: "{n} очков", other: "{n} очка" },
    last_trick: "Прошлая взятка",
    summary_title: "Итог сдачи {n}",
    summary_points: "Очки: {we} — {they}",
    reason_points: "{team}: меньше очков — записано {amount}.",
    reason_points_low: "{team}: меньше 30 очков — записано {amount}.",
    reason_eggs: "60:60 — «яйца»! Ничего не записано, следующая запись удвоится.",
    reason_tie: "60:60 — ничего не записано.",
    reason_sweep: "{winner}: все шесть взяток, их запись стёрта. {team}: записано {amount}.",
    reason_first_deal_sweep: "Все взятки первой сдачи. {team}: записано {amount} — «слепые»!",
    reason_queen_caught: "Поймана дама треф: {name} положил(а) 6♣ на Д♣. {team}: записано {amount}.",
    reason_no_queens: "У команды не было дам — объявил(а) {name}: сдача не игралась, ничего не записано.",
    exchange_done: "Обмен: {from} → {to}",
    exchange_mine: "Обмен с партнёром: отдано {gave}, получено {got}",
    game_over: "Игра окончена",
    you_won: "Вы победили!",
    you_lost: "Вы остаётесь козлами!",
    loser_us: "Мы с партнёром остаёмся козлами",
    loser_them: "Козлами остаются соперники",
    loser_team: "Козлами остаются {team}",
    team_pair: "{first} и {second}",
    title_goats: "козлы",
    title_tailed: "хвостатые",
    title_with_eggs: "с яйцами",
    title_dry: "сухие",
    title_blind: "слепые",
    final_written: "Записано: {we} — {they}",
    end_resigned: "Команда сдалась.",
    end_written: "Набрано 12 или больше.",
    conn_lost: "Нет связи с сервером — повтор через {s} с…",
    conn_limited: "Слишком много запросов — ждём {s} с…",
    error: "Ошибка: {detail}",
    stale: "Стол изменился — показано новое состояние.",
    not_found: "Стол не найден.",
    card_ranks: { A: "Т", 10: "10", K: "К", Q: "Д", J: "В", 9: "9", 8: "8", 7: "7", 6: "6" },
    rank_names: { A: "туз", 10: "десятка", K: "король", Q: "дама", J: "валет", 9: "девятка", 8: "восьмёрка", 7: "семёрка", 6: "шестёрка" },
    suit_names: { C: "треф", S: "пик", H: "червей", D: "бубен" },
    trump: "козырь",
    cards_n: { one: "{n} карта", few: "{n} карты", many: "{n} карт", other: "{n} карты" },
    players_n: { one: "{n} игрок", few: "{n} игрока", many: "{n} игроков", other: "{n} игрока" },
    rules_link: "Правила игры",
  },
  en: {
    app_name: "Kozel",
    register_title: "What is your name?",
    register_hint: "Other players see it. This browser remembers you.",
    your_name: "Name",
    register_go: "Play",
    new_table: "New table",
    seat_left: "Left (opponent)",
    seat_partner: "Across (partner)",
    seat_right: "Right (opponent)",
    friend: "A friend (seat left free)",
    bot_random: "Bot: random",
    bot_heuristic: "Bot: heuristic",
    bot_strong: "Bot: strong",
    move_clock: "Move clock",
    opt_eggs: "Eggs (60:60 doubles the next write)",
    opt_messages: "Table messages",
    create_table: "Create the table",
    open_tables: "Open tables",
    live_tables: "Live tables to watch",
    no_live_tables: "Nobody is playing now.",
    watch: "Watch",
    again: "Again",
    again_waiting: "Waiting for the others: {names}",
    replay: "Replay",
    replay_prev_deal: "« Deal",
    replay_back: "◀ Back",
    replay_forward: "Forward ▶",
    replay_next_deal: "Deal »",
    replay_deal: "Deal",
    replay_where: "Deal {deal} · step {step} of {last}",
    replay_before: "Before the first deal · step {step} of {last}",
    check_verified: "The deck follows from the seed: verified",
    check_failed: "The deck does not follow from the seed: the check failed",
    replay_scores: "Score: {scores}",
    replay_hand_empty: "no cards",
    replay_stock: "In the stock: {n}",
    replay_last_trick: "The last trick:",
    refresh: "Refresh",
    no_open_tables: "No open tables — create one.",
    my_tables: "My tables",
    open: "Open",
    take_seat: "Take seat {n}",
    seat_n: "Seat {n}",
    free_seat: "free",
    status_waiting: "waiting for players",
    status_playing: "playing",
    status_finished: "finished",
    waiting_title: "Waiting for players",
    share_hint: "Send a friend this link — it offers them a free seat:",
    copy: "Copy",
    copied: "Copied",
    seat_bot_here: "Seat a bot in seat {n}",
    leave_seat: "Leave the table",
    you: "you",
    partner: "partner",
    bot: "bot",
    bot_named: "Bot {n}",
    bot_level_random: "random",
    bot_level_heuristic: "heuristic",
    bot_level_strong: "strong",
    dealer: "deals",
    cutter: "cuts",
    led: "led",
    we: "We",
    they: "They",
    team_n: "Team {n}",
    written: "Written",
    to_twelve: "to 12",
    eggs_multiplier: "Eggs: the next write ×{n}",
    eggs_played: "Eggs were played",
    deal_n: "Deal {n}",
    this_deal: "This deal",
    points: "points",
    tricks: "tricks",
    messages: "Messages",
    send: "Send",
    messages_first_deal: "No messages in the first deal: the blind are being played.",
    messages_off: "Messages are turned off at this table.",
    messages_spectator: "Only the players at the table can write.",
    to_lobby: "Lobby",
    resign: "Resign",
    resign_sure: "Your team resigns?",
    resign_sure_solo: "Resign? You lose the game.",
    yes: "Yes",
    no: "No",
    look_at_table: "Look at the table",
    your_move: "Your move — pick a card",
    your_decision: "Your decision",
    to_move: "{name} to move",
    cutting: "{name} is cutting the deck",
    you_cut: "You cut the deck",
    deciding: "The players decide: lone trumps, no queens…",
    waiting_players: "Waiting for every seat to be taken",
    spectating: "You are watching",
    seconds_left: "{s} s",
    prompt_cut: "Cut the deck: how many cards go under?",
    cut_go: "Cut",
    prompt_exchange: "You hold a lone trump ({card}). Exchange it with your partner?",
    prompt_exchange_plain: "You hold a lone trump. Exchange it with your partner?",
    exchange: "Exchange",
    keep: "Keep",
    prompt_give: "Your partner exchanges a lone trump: pick the card you give them.",
    prompt_claim: "Your team holds no queen. Claim it? The deal is then void.",
    claim: "Claim “no queens”",
    play_on: "Play on",
    trick_taken_by: "{name} took the trick: {points}",
    points_n: { one: "{n} point", other: "{n} points" },
    last_trick: "Last trick",
    summary_title: "Deal {n} is over",
    summary_points: "Points: {we} — {they}",
    reason_points: "{team}: fewer points — {amount} written.",
    reason_points_low: "{team}: under 30 points — {amount} written.",
    reason_eggs: "60:60 — eggs! Nothing written; the next write is doubled.",
    reason_tie: "60:60 — nothing written.",
    reason_sweep: "{winner}: all six tricks, their written is wiped out. {team}: {amount} written.",
    reason_first_deal_sweep: "Every trick of the first deal. {team}: {amount} written — blind!",
    reason_queen_caught: "The queen of clubs was caught: {name} played 6♣ on Q♣. {team}: {amount} written.",
    reason_no_queens: "A team held no queen — {name} claimed it: the deal was void, nothing written.",
    exchange_done: "Exchange: {from} → {to}",
    exchange_mine: "Exchange with your partner: gave {gave}, got {got}",
    game_over: "Game over",
    you_won: "You won!",
    you_lost: "You remain goats!",
    loser_us: "My partner and I remain goats",
    loser_them: "Our opponents remain goats",
    loser_team: "{team} remain goats",
    team_pair: "{first} & {second}",
    title_goats: "goats",
    title_tailed: "tailed",
    title_with_eggs: "with eggs",
    title_dry: "dry",
    title_blind: "blind",
    final_written: "Written: {we} — {they}",
    end_resigned: "A team resigned.",
    end_written: "12 or more written.",
    conn_lost: "No connection to the server — retrying in {s} s…",
    conn_limited: "Too many requests — waiting {s} s…",
    error: "Error: {detail}",
    stale: "The table moved on — showing its new state.",
    not_found: "No such table.",
    card_ranks: { A: "A", 10: "10", K: "K", Q: "Q", J: "J", 9: "9", 8: "8", 7: "7", 6: "6" },
    rank_names: { A: "ace", 10: "ten", K: "king", Q: "queen", J: "jack", 9: "nine", 8: "eight", 7: "seven", 6: "six" },
    suit_names: { C: "clubs", S: "spades", H: "hearts", D: "diamonds" },
    trump: "trump",
    cards_n: { one: "{n} card", other: "{n} cards" },
    players_n: { one: "{n} player", other: "{n} players" },
    rules_link: "The rules",
  },
};

for (const lang of Object.keys(TEXTS)) {
  TEXTS[lang] = { ...GAME_TEXTS[lang], ...TEXTS[lang] };
}

const KEY = "kozel.lang";
const listeners = [];

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved && saved in TEXTS) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
}

let lang = initial();

export function language() {
  return lang;
}

export function setLanguage(next) {
  if (!(next in TEXTS)) return;
  lang = next;
  localStorage.setItem(KEY, next);
  applyStatic();
  for (const listener of listeners) listener(lang);
}

export function onLanguage(listener) {
  listeners.push(listener);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** The text for `key` with its {parameters} filled in. */
export function t(key, params = {}) {
  const text = TEXTS[lang][key] ?? TEXTS.en[key] ?? key;
  if (typeof text !== "string") return text;
  return fill(text, params);
}

/** The text for `key` in the plural form that `n` takes ("12 очков", "1 point"), with {n}
 * and the other {parameters} filled in. */
export function plural(key, n, params = {}) {
  const forms = TEXTS[lang][key] ?? TEXTS.en[key];
  const form = forms[new Intl.PluralRules(lang).select(n)] ?? forms.other;
  return fill(form, { ...params, n });
}

/** "Бот 2: 8": a name and its figure (a score, a count), never run together. */
export function nameAndFigure(name, figure) {
  return t("name_figure", { name, figure });
}

/** Fill every element marked data-i18n, and mark the active language button. */
export function applyStatic() {
  document.documentElement.lang = lang;
  document.title = t("app_name");
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const button of document.querySelectorAll("button[data-lang]")) {
    button.classList.toggle("active", button.dataset.lang === lang);
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
}
