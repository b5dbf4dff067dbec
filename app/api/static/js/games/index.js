// Each game's own panel module (js/games/<variant>.js), by variant. A game without one is
// drawn from the envelope alone.

import bura from "./bura.js";
import kozel24 from "./kozel24.js";
import kozel32 from "./kozel32.js";
import kozel4 from "./kozel4.js";
import kozly from "./kozly.js";
import sixtySix from "./sixty_six.js";

const GAMES = { kozel24, kozel32, kozel4, bura, kozly, sixty_six: sixtySix };

export function gameFor(variant) {
  return GAMES[variant ?? "kozel24"] ?? {};
}
