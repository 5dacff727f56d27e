// `felt verify HISTORY...`: provably fair check of hand histories written by `felt serve`.
import { readFileSync } from "node:fs";
import { verifyHistory } from "../../server/index.ts";
import type { Command } from "../main.ts";

const usage = `Usage: felt verify HISTORY.phh...

Checks hand histories from a Felt server (PHH with the extra keys seed and
seed_commitment; GET /api/v1/hands/HAND/texts gives yours): SHA-256 of the seed must
be the commitment published before the deal, and every card in the history must be the
card the seed's deck deals there. Exit 0 when every hand checks out, 1 otherwise.`;

export const command: Command = {
  summary: "check a hand history against its published deck commitment (provably fair)",
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
      for (const h of r.value) console.log(`ok   ${h.name}: ${h.cardsChecked} cards match the committed deck`);
    }
    return failed === 0 ? 0 : 1;
  },
};
