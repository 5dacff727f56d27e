// What a director's order tells its online table (tournament-orders.ts).
import { describe, expect, it } from "vitest";
import { handSetup } from "../../tournament/director/hand-setup.ts";
import { startedDirector, tickAll } from "../../../testkit/tournament/director.ts";
import { permitFor } from "./tournament-orders.ts";

describe("a table's permit", () => {
  it("R-POT-4: carries the smallest chip in play, so the hand splits its pots in it; after a colour-up, the next chip", () => {
    // The seed preset's chips: 5, 25, 100, 500; the 5s leave once no blind or ante needs them.
    const d = startedDirector({}, 6);
    const must = (cmd: Parameters<typeof d.run>[0]) => {
      const r = d.run(cmd);
      if (!r.ok) throw new Error(r.error.message);
    };
    must({ type: "table-settle", at: 0, table: null });
    const t = [...d.state.tables.values()][0]!;
    expect(t.inHand).toBe(true);
    expect(permitFor(d.state, t, 0, 0, true)?.chipUnit).toBe(5);
    // The hand ends with nothing won or lost; later the clock takes the 5s out of play.
    const setup = handSetup(d.state, t, 0)!;
    const stacks = setup.config.stacks;
    must({ type: "hand", at: 1, outcome: { table: t.id, hand: setup.hand, entries: setup.entries, startStacks: stacks, stacks } });
    must({ type: "table-settle", at: 1, table: t.id });
    expect(t.inHand).toBe(true);
    const hand2 = handSetup(d.state, t, 1)!;
    must({ type: "hand", at: 2, outcome: { table: t.id, hand: hand2.hand, entries: hand2.entries, startStacks: stacks, stacks } });
    let at = 2;
    while (d.state.chips[0] === 5 && at < 10 * 3_600_000) tickAll(d, (at += 60_000));
    expect(d.state.chips[0]).toBe(25);
    must({ type: "table-settle", at, table: t.id });
    expect(permitFor(d.state, t, 2, at, true)?.chipUnit).toBe(25);
  });
});
