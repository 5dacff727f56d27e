// `felt verify HISTORY...`: provably fair check of hand histories written by `felt serve`.
import { readFileSync } from "node:fs";
import { verifyHistory } from "../../server/index.ts";
import type { Command } from "../command.ts";

const usage = `Usage: felt verify HISTORY... [--table-seed HEX]

Checks hand histories from a Felt server against the deck commitment published before
each deal (README: "Provably fair decks"). A HISTORY is the PHH of
GET /api/v1/hands/HAND/texts or the JSON of GET /api/v1/hands/HAND. Every card in it
(your hole cards, the board, cards shown) must be opened at the deck position it was
dealt from, under the hand's Merkle root. With the table's seed (in the history, or
given with --table-seed) the whole deck is re-derived, must give the root, and the hand
must replay with it. Exit 0 when every hand checks out, 1 otherwise.

What you can check after the event depends on the room's choice, the tournament's
settings.decksOpen (shown on its page):
  players    (the default) every card you saw: your own, the board and the cards shown,
             each by its opening; no table seed is given to anyone, so nobody, you
             included, can rebuild a card that was folded or mucked.
  auditor    the same for you; the account the room named as auditor may fetch every
             table's seed (GET /api/v1/tournaments/ID/decks) and check every whole deck;
             it may pass you a seed for --table-seed.
  public     the same, and N days after the tournament is over every table's seed is
             everyone's (in your histories and at GET /api/v1/tournaments/ID/decks):
             then anyone re-derives every deck, folded cards included.`;

export const command: Command = {
  summary: "check a hand history against its deck commitment (provably fair)",
  usage,
  async run(args) {
    if (args.length === 0 || args.includes("--help")) {
      console.log(usage);
      return args.length === 0 ? 2 : 0;
    }
    const at = args.indexOf("--table-seed");
    const tableSeed = at < 0 ? undefined : args[at + 1];
    if (at >= 0 && (tableSeed === undefined || !/^[0-9a-f]{64}$/.test(tableSeed))) {
      console.error("felt verify: --table-seed takes the table's seed, 64 lowercase hex digits");
      return 2;
    }
    const files = at < 0 ? args : args.filter((_, i) => i !== at && i !== at + 1);
    let failed = 0;
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch (e) {
        console.error(`felt verify: cannot read ${file}: ${(e as Error).message}`);
        return 2;
      }
      const r = verifyHistory(text, file, tableSeed);
      if (!r.ok) {
        failed++;
        console.log(`FAIL ${r.error.message}`);
        continue;
      }
      for (const h of r.value) {
        const whole = h.deckChecked
          ? "; the table seed re-derives the whole deck"
          : "; no table seed here: folded and unseen cards stay closed (the whole deck opens only as the room chose, see --help)";
        console.log(`ok   ${h.name}: ${h.cardsChecked} cards opened against the commitment${whole}`);
      }
    }
    return failed === 0 ? 0 : 1;
  },
};
