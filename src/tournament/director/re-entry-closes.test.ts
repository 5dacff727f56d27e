// R-TRN-3: "re-entry until the 2nd break" read both ways: the window closes when the named
// break ends (the default) or when it starts, for the re-entry itself, for when the field
// closes, and for the tables kept open for new entries.
import { describe, expect, it } from "vitest";
import { endOfBreakMs, startOfBreakMs, STRUCTURE_PRESETS } from "../structure/index.ts";
import { checkConfig, lastEntryMs, type Director, type TournamentConfig } from "./index.ts";
import { handSetup } from "./hand-setup.ts";
import { refused, seedConfig, startedDirector, tickAll } from "../../../testkit/tournament/director.ts";

const structure = STRUCTURE_PRESETS["seed"]!;
const breakStarts = startOfBreakMs(structure, 1)!;
const breakEnds = endOfBreakMs(structure, 1)!;

function withABust(over: Partial<TournamentConfig>): { d: Director; loser: string } {
  const d = startedDirector({ format: { kind: "re-entry" }, money: { buyIn: 100, fee: 10, reEntry: { until: { endOfBreak: 1 } } }, ...over }, 4);
  const setup = handSetup(d.state, d.state.tables.get(1)!, 0)!;
  const start = setup.config.stacks;
  const stacks = start.map((x, i) => (i === 0 ? 0 : i === 1 ? x + start[0]! : x));
  d.run({ type: "hand", at: 0, outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: start, stacks } });
  return { d, loser: setup.entries[0]! };
}

describe("R-TRN-3: re-entry closing at a named break", () => {
  it("the first break lies where the test expects it", () => {
    expect(breakStarts).toBeGreaterThan(0);
    expect(breakEnds).toBeGreaterThan(breakStarts);
  });

  it("R-TRN-3 by default (break-end): a busted player re-enters during the break", () => {
    const { d, loser } = withABust({});
    tickAll(d, breakStarts + 60_000);
    expect(d.state.onBreak).toBe(true);
    expect(lastEntryMs(d.state)).toBe(breakEnds);
    const r = d.run({ type: "re-enter", at: breakStarts + 60_000, player: loser });
    expect(r.ok).toBe(true);
  });

  it("R-TRN-3 break-start: the window closed when the break began; the field closes then", () => {
    const { d, loser } = withABust({ reEntryCloses: "break-start" });
    expect(lastEntryMs(d.state)).toBe(breakStarts);
    expect(d.run({ type: "re-enter", at: breakStarts - 60_000, player: loser }).ok).toBe(true);
    const again = withABust({ reEntryCloses: "break-start" });
    tickAll(again.d, breakStarts + 60_000);
    expect(refused(again.d, { type: "re-enter", at: breakStarts + 60_000, player: again.loser })).toBe("tournament/re-entry-closed");
  });

  it("R-TRN-3: closing at a break's start needs a window that ends at a break, and a known value; the refusal names the field", () => {
    const minutes = checkConfig(
      seedConfig({ format: { kind: "re-entry" }, money: { buyIn: 100, fee: 10, reEntry: { until: { minutes: 60 } } }, reEntryCloses: "break-start" }),
    );
    expect(minutes.ok ? null : minutes.error).toMatchObject({ code: "tournament/bad-config", field: "reEntryCloses" });
    const odd = checkConfig(seedConfig({ reEntryCloses: "lunch" as "break-start" }));
    expect(odd.ok ? null : odd.error).toMatchObject({ field: "reEntryCloses" });
  });
});
