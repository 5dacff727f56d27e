import type { Messages } from "../types.ts";

export const handsCs = {
  one: { "2": "dvojka", "3": "trojka", "4": "čtyřka", "5": "pětka", "6": "šestka", "7": "sedmička", "8": "osmička", "9": "devítka", T: "desítka", J: "kluk", Q: "dáma", K: "král", A: "eso" },
  many: { "2": "dvojky", "3": "trojky", "4": "čtyřky", "5": "pětky", "6": "šestky", "7": "sedmičky", "8": "osmičky", "9": "devítky", T: "desítky", J: "kluci", Q: "dámy", K: "králové", A: "esa" },
  join: ", ",
  name: {
    "high-card": "Nejvyšší karta {{a}}", pair: "Pár: {{A}}", "two-pair": "Dva páry: {{A}} a {{B}}", "three-of-a-kind": "Trojice: {{A}}",
    straight: "Postupka, nejvyšší {{a}}", flush: "Barva: {{list}}", "full-house": "Full house: {{A}} a {{B}}", "four-of-a-kind": "Poker: {{A}}",
    "straight-flush": "Postupka v barvě, nejvyšší {{a}}", "royal-flush": "Královská postupka",
  },
  kicker: ", kicker {{k}}", kickers: ", kickery {{k}}",
} satisfies Messages;
