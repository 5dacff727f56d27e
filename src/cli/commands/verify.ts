// `felt verify HISTORY...`: provably fair check of hand histories written by `felt serve`.
import { readFileSync } from "node:fs";
import { verifyHistory } from "../../server/index.ts";
import type { Command } from "../command.ts";

const usage = `Usage: felt verify HISTORY...

Checks hand histories from a Felt server against the deck commitment published before
each deal (README: "Provably fair decks"). A HISTORY is the PHH of
GET /api/v1/hands/HAND/texts or the JSON of GET /api/v1/hands/HAND. Every card in it
(your hole cards, the board, cards shown) must be opened at the deck position it was
dealt from, under the hand's Merkle root. Once the tournament is over the history also
holds the table seed: then the whole deck is re-derived, must give the root, and the hand
must replay with it. Exit 0 when every hand checks out, 1 otherwise.`;

export const command: Command = {
  summary: "check a hand history against its deck commitment (provably fair)",
  usage,
  async run(args) {
    if (args.length === 0 || args.includes("--help")) {
      console.log(usage);
      return args.length === 0 ? 2 : 0;
    }
    let failed = 0;
    for (const file of args) {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch (e) {
        console.error(`felt verify: cannot read ${file}: ${(e as Error).message}`);
        return 2;
      }
      const r = verifyHistory(text, file);
      if (!r.ok) {
        failed++;
        console.log(`FAIL ${r.error.message}`);
        continue;
      }
      for (const h of r.value) {
        const whole = h.deckChecked ? "; the revealed table seed re-derives the whole deck" : "; the whole deck can be checked once the tournament is over";
        console.log(`ok   ${h.name}: ${h.cardsChecked} cards opened against the commitment${whole}`);
      }
    }
    return failed === 0 ? 0 : 1;
  },
};
