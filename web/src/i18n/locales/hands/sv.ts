import type { Messages } from "../types.ts";

export const handsSv = {
  one: { "2": "tvåa", "3": "trea", "4": "fyra", "5": "femma", "6": "sexa", "7": "sjua", "8": "åtta", "9": "nia", T: "tia", J: "knekt", Q: "dam", K: "kung", A: "ess" },
  many: { "2": "tvåor", "3": "treor", "4": "fyror", "5": "femmor", "6": "sexor", "7": "sjuor", "8": "åttor", "9": "nior", T: "tior", J: "knektar", Q: "damer", K: "kungar", A: "ess" },
  join: "-",
  name: {
    "high-card": "Högt kort, {{a}}", pair: "Par i {{A}}", "two-pair": "Två par, {{A}} och {{B}}", "three-of-a-kind": "Triss i {{A}}",
    straight: "Stege, {{a}} högst", flush: "Färg, {{list}}", "full-house": "Kåk, {{A}} över {{B}}", "four-of-a-kind": "Fyrtal i {{A}}",
    "straight-flush": "Färgstege, {{a}} högst", "royal-flush": "Royal straight flush",
  },
  kicker: ", {{k}} som kicker", kickers: ", {{k}} som kickers",
} satisfies Messages;
