// `felt rank CARDS...`: the best five of 5 to 7 cards and the hand's name (R-POT-2).
import { bestFive, describeHand, formatCards, parseCards } from "../../cards/index.ts";
import type { Command } from "../command.ts";

const usage = `Usage: felt rank CARDS...

Prints the best five of 5 to 7 cards and the hand's name. Cards are rank then suit
(ranks 2-9 T J Q K A, suits c d h s), separate or run together:
  felt rank As Ks Qs Js Ts 2d 3c
  felt rank AsKsQsJsTs2d3c`;

export const command: Command = {
  summary: "name the best five-card hand in 5 to 7 cards",
  usage,
  async run(args) {
    const parsed = parseCards(args.join(""));
    if (!parsed.ok) {
      console.error(`felt rank: ${parsed.error.message}`);
      return 2;
    }
    const cards = parsed.value;
    if (cards.length < 5 || cards.length > 7) {
      console.error(`felt rank: give 5 to 7 cards, not ${cards.length}\n\n${usage}`);
      return 2;
    }
    const repeated = cards.find((card, i) => cards.indexOf(card) !== i);
    if (repeated !== undefined) {
      console.error(`felt rank: ${formatCards([repeated])} appears twice`);
      return 2;
    }
    console.log(`${formatCards(bestFive(cards), " ")}  ${describeHand(cards)}`);
    return 0;
  },
};
