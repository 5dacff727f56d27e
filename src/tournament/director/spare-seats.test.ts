// R-TBL-3 while new entries may come: a table breaks only when the others keep a seat free
// each (the room's `spareSeats`, default 1), so the next re-entry sits down instead of
// opening a table and moving six players onto it. Once entries close the tables break as
// soon as the players fit.
import { describe, expect, it } from "vitest";
import { handSetup } from "./hand-setup.ts";
import type { Director } from "./run.ts";
import { startedDirector } from "../../../testkit/tournament/director.ts";
import type { TournamentCommand, TournamentEvent } from "./types.ts";

function must(d: Director, cmd: TournamentCommand): readonly TournamentEvent[] {
  const r = d.run(cmd);
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** At `table` the first player dealt in loses every chip to the second; then the director settles. */
function bustOne(d: Director, table: number, at: number): { player: string; events: readonly TournamentEvent[] } {
  const setup = handSetup(d.state, d.state.tables.get(table)!, at)!;
  const stacks = [...setup.config.stacks];
  stacks[1]! += stacks[0]!;
  stacks[0] = 0;
  must(d, { type: "hand", at, outcome: { table, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } });
  return { player: setup.entries[0]!, events: must(d, { type: "settle", at }) };
}

const reEntry = (spareSeats?: number) =>
  startedDirector(
    {
      tableSize: 10,
      format: { kind: "re-entry" },
      money: { buyIn: 100, fee: 10, reEntry: { until: { endOfLevel: 2 } } },
      ...(spareSeats === undefined ? {} : { spareSeats }),
    },
    21,
  );
const counts = (d: Director) => [...d.state.tables.values()].map((t) => t.count).sort((a, b) => a - b);
const MIN = 60_000;

describe("R-TBL-3: no churn while entries are open", () => {
  it("21 on three tables, one busts: the three tables stay (7/7/6); the re-entry sits at the short one; nobody moves", () => {
    const d = reEntry();
    expect(counts(d)).toEqual([7, 7, 7]);
    const { player, events } = bustOne(d, 1, MIN);
    expect(events.some((e) => e.type === "table-broken")).toBe(false);
    expect(counts(d)).toEqual([6, 7, 7]);
    const back = must(d, { type: "re-enter", at: MIN, player: player.split("#")[0]! });
    expect(back.find((e) => e.type === "re-entered")).toMatchObject({ table: 1 });
    const after = must(d, { type: "settle", at: MIN });
    expect(after.some((e) => e.type === "moved")).toBe(false);
    expect(d.state.tables.size).toBe(3);
  });

  it("spareSeats 0 (break as soon as they fit): the table breaks to 10/10 and the re-entry opens a new table", () => {
    const d = reEntry(0);
    const { player, events } = bustOne(d, 1, MIN);
    expect(events.some((e) => e.type === "table-broken")).toBe(true);
    expect(counts(d)).toEqual([10, 10]);
    const back = must(d, { type: "re-enter", at: MIN, player: player.split("#")[0]! });
    const seat = back.find((e) => e.type === "re-entered");
    expect(seat?.type === "re-entered" && d.state.tables.has(seat.table) && d.state.tables.get(seat.table)!.count).toBe(1);
  });

  it("once re-entry has closed, the tables break as soon as the players fit", () => {
    const d = reEntry();
    bustOne(d, 1, MIN);
    expect(d.state.tables.size).toBe(3);
    // Level 2 ends at 40 minutes of the seed structure's play at most; an hour on, entries are closed.
    const events = bustOne(d, 2, 3 * 60 * MIN).events;
    expect(events.some((e) => e.type === "table-broken")).toBe(true);
    expect(d.state.tables.size).toBe(2);
  });
});
