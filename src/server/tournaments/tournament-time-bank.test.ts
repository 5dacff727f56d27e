// R-TRN-9, Felt online: the time bank is the entry's for the whole tournament. A player who
// spends part of it at one table and is then moved (here the table breaks for the final
// table) sits down at the next with exactly what they had left, not a full bank; across a
// restart too, and the table's view shows that bank when they are to act.
import { afterAll, describe, expect, it } from "vitest";
import { legalActions } from "../../engine/index.ts";
import type { PlayerAction } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import type { TableSession } from "../tables/table-session.ts";
import { startTestServer, stopTestServer, withServerOnFile } from "../../../testkit/server/entries-fixture.ts";
import { setupTournament, startTournament, type Setup } from "../../../testkit/server/harness.ts";

const ACTION = 5_000;
const BANK = 30_000;
/** What each player lets run past their action time once, at their first table. */
const SPENT = 7_000;
const SETTINGS = { tableSize: 3, actionSeconds: ACTION / 1000, timeBankSeconds: BANK / 1000 };

let memory: FeltServer | undefined;
afterAll(() => stopTestServer(memory));

/** Drives one tournament's tables on a manual clock, acting for the players through their tables. */
function driver(server: () => FeltServer, clock: ManualClock, s: Setup) {
  const rt = () => server().tournaments.get(s.tournamentId)!;
  const sessions = (): TableSession[] => [...rt().tables.values()];
  let serial = 0;
  /** Timers due now fire, the tables' and the tournament's queues drain, a few rounds. */
  const pump = async () => {
    for (let i = 0; i < 8; i++) {
      clock.advance(0);
      await new Promise((r) => setImmediate(r));
      await Promise.all(sessions().map((x) => x.idle()));
      await rt().enqueue(async () => {});
    }
  };
  /** The player to act at `x` and what they may do (null: no hand, or nobody to act). */
  const turn = (x: TableSession) => {
    const hand = x.state.hand;
    const legal = hand === null ? null : legalActions(hand.state);
    if (hand === null || legal === null) return null;
    const seat = hand.order[legal.actor]!;
    return { hand, legal, seat, playerId: x.state.seats.get(seat)!.playerId };
  };
  const act = async (x: TableSession, pick: (legal: NonNullable<ReturnType<typeof turn>>["legal"]) => PlayerAction) => {
    const t = turn(x)!;
    const r = await x.act(t.playerId, { handId: t.hand.handId, version: x.state.version, commandId: `tb-${serial++}`, action: pick(t.legal) });
    expect(r.ok).toBe(true);
  };
  /** Where each player in the tournament sits now: table session and seat. */
  const seats = () => {
    const out = new Map<string, { table: TableSession; bankMs: number }>();
    for (const x of sessions()) for (const seat of x.state.seats.values()) out.set(seat.playerId, { table: x, bankMs: seat.bankMs });
    return out;
  };
  return { rt, sessions, pump, turn, act, seats };
}

/**
 * Every table plays its first hand slowly: the first to act, then the other, each lets the
 * action time and SPENT of their bank run before acting (call, then raise; the first folds).
 */
async function spendAtFirstTables(d: ReturnType<typeof driver>, clock: ManualClock) {
  for (let i = 0; i < 50 && d.sessions().some((x) => d.turn(x) === null); i++) await d.pump();
  expect(d.sessions()).toHaveLength(2);
  clock.advance(ACTION + SPENT);
  for (const x of d.sessions()) await d.act(x, (l) => (l.call > 0 ? { kind: "call" } : { kind: "check" }));
  clock.advance(ACTION + SPENT);
  for (const x of d.sessions()) await d.act(x, (l) => ({ kind: "raise", to: l.minRaiseTo! }));
  for (const x of d.sessions()) await d.act(x, () => ({ kind: "fold" }));
  await d.pump();
  for (const [, at] of d.seats()) expect(at.bankMs).toBe(BANK - SPENT);
}

/**
 * Acting at once (no bank spent): all-in at the first table, folding at the other, until a
 * player is out there and the three left are drawn to the final table.
 */
async function playToTheFinalTable(d: ReturnType<typeof driver>, s: Setup) {
  for (let i = 0; i < 200; i++) {
    await d.pump();
    const alive = [...d.rt().dir.entries.values()].filter((e) => e.alive);
    const seated = d.seats();
    if (alive.length === 3 && d.rt().dir.tables.size === 1 && alive.every((e) => seated.has(e.player))) return;
    for (const x of d.sessions()) {
      if (d.turn(x) === null) continue;
      if (x.state.config.tableNumber !== 1) await d.act(x, (l) => (l.canCheck ? { kind: "check" } : { kind: "fold" }));
      else await d.act(x, (l) => (l.canRaise ? { kind: "raise", to: l.maxRaiseTo! } : l.call > 0 ? { kind: "call" } : { kind: "check" }));
    }
  }
  const alive = [...d.rt().dir.entries.values()].filter((e) => e.alive).map((e) => `${e.player}@${e.table}/${e.seat}:${e.stack}`);
  const tables = d
    .sessions()
    .map(
      (x) =>
        `t${x.state.config.tableNumber} h${x.state.handNumber} ${x.state.hand === null ? "idle" : "in hand"} permit ${JSON.stringify(x.state.permit)} seats ${[...x.state.seats.values()].map((z) => `${z.playerId}:${z.stack}`).join(",")}`,
    );
  throw new Error(
    `no final table for ${s.tournamentId}: ${d.rt().dir.status} alive ${alive.join(" ")}; director tables ${[...d.rt().dir.tables.keys()]}; recorded ${[...d.rt().recorded]}; ${tables.join("; ")}`,
  );
}

/** Everyone at the final table has exactly the bank they left their first table with; the actor's view shows it. */
async function expectBanksCarried(d: ReturnType<typeof driver>, before: ReadonlyMap<string, number>) {
  const after = d.seats();
  const alive = [...d.rt().dir.entries.values()].filter((e) => e.alive);
  // Someone changed tables (the broken table's players), and nobody got a bank back.
  expect(alive.some((e) => after.get(e.player)!.table.state.config.tableNumber !== before.get(e.player))).toBe(true);
  for (const e of alive) expect(after.get(e.player)!.bankMs, `${e.player}'s bank at the final table`).toBe(BANK - SPENT);
  for (let i = 0; i < 50 && d.sessions().every((x) => d.turn(x) === null); i++) await d.pump();
  const final = d.sessions().find((x) => d.turn(x) !== null)!;
  const t = d.turn(final)!;
  expect(final.viewFor(t.playerId).clock).toMatchObject({ timeBankMs: BANK - SPENT, actionMs: ACTION });
}

const tablesOf = (d: ReturnType<typeof driver>) => new Map([...d.seats()].map(([p, at]) => [p, at.table.state.config.tableNumber]));

describe("R-TRN-9 online: the time bank is the entry's for the whole tournament", () => {
  it("a player who spent part of their bank at one table has exactly the rest at the next after their table breaks", async () => {
    const clock = new ManualClock(Date.now());
    ({ server: memory } = await startTestServer(clock));
    const server = memory;
    const s = await setupTournament(server.url, 4, { settings: SETTINGS });
    await startTournament(server.url, s);
    const d = driver(() => server, clock, s);
    await spendAtFirstTables(d, clock);
    const before = tablesOf(d);
    await playToTheFinalTable(d, s);
    await expectBanksCarried(d, before);
  }, 120_000);

  it("the bank left survives a restart before the move and one after it", async () => {
    const clock = new ManualClock(Date.now());
    await withServerOnFile(clock, async (r) => {
      const s = await setupTournament(r.server.url, 4, { settings: SETTINGS });
      await startTournament(r.server.url, s);
      const d = driver(() => r.server, clock, s);
      await spendAtFirstTables(d, clock);
      const before = tablesOf(d);
      await r.restart();
      await d.pump();
      for (const [, at] of d.seats()) expect(at.bankMs).toBe(BANK - SPENT);
      await playToTheFinalTable(d, s);
      await r.restart();
      await d.pump();
      await expectBanksCarried(d, before);
    });
  }, 180_000);
});
