import type { Messages } from "../types.ts";

// A hand's full name at a showdown: the ranks that decide it and its kickers. `one.*` names
// a single card's rank, `many.*` a group of them (a pair of Kings, Aces full of Kings).
export const handsEn = {
  one: { "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight", "9": "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace" },
  many: { "2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes", "7": "Sevens", "8": "Eights", "9": "Nines", T: "Tens", J: "Jacks", Q: "Queens", K: "Kings", A: "Aces" },
  join: "-",
  name: {
    "high-card": "{{a}} high", pair: "Pair of {{A}}", "two-pair": "Two pair, {{A}} and {{B}}", "three-of-a-kind": "Three of a kind, {{A}}",
    straight: "Straight, {{a}} high", flush: "Flush, {{list}}", "full-house": "{{A}} full of {{B}}", "four-of-a-kind": "Four of a kind, {{A}}",
    "straight-flush": "Straight flush, {{a}} high", "royal-flush": "Royal flush",
  },
  kicker: ", {{k}} kicker", kickers: ", {{k}} kickers",
} satisfies Messages;
