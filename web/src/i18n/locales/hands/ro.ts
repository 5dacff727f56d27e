import type { Messages } from "../types.ts";

export const handsRo = {
  one: { "2": "doi", "3": "trei", "4": "patru", "5": "cinci", "6": "șase", "7": "șapte", "8": "opt", "9": "nouă", T: "zece", J: "valet", Q: "damă", K: "rege", A: "as" },
  many: { "2": "doiari", "3": "treiari", "4": "patrari", "5": "cincari", "6": "șesari", "7": "șeptari", "8": "optari", "9": "nouari", T: "zeciuri", J: "valeți", Q: "dame", K: "regi", A: "ași" },
  join: ", ",
  name: {
    "high-card": "Carte mare {{a}}", pair: "Pereche de {{A}}", "two-pair": "Două perechi, {{A}} și {{B}}", "three-of-a-kind": "Trei de un fel: {{A}}",
    straight: "Chintă până la {{a}}", flush: "Culoare: {{list}}", "full-house": "Full house: {{A}} și {{B}}", "four-of-a-kind": "Careu de {{A}}",
    "straight-flush": "Chintă de culoare până la {{a}}", "royal-flush": "Chintă roială",
  },
  kicker: ", kicker {{k}}", kickers: ", kickeri {{k}}",
} satisfies Messages;
