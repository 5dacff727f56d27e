// Cluster mode, stage 1, against the machine's NATS and PostgreSQL: two
// FeltServers in one test process, members "a" and "b", sharing one schema and one set of
// buckets (a prefix of their own). A tournament is created and played on the owner of its
// partition; the owner is then frozen as far as the cluster can tell (its lease renewals
// stop, nothing is released) while its tables go on writing with the old epoch, as a
// process waking from a pause does before it notices. The other member takes the partition
// within the TTL, raises the fence, loads and resumes the tournament, and its bots finish
// it there. The frozen ex-owner's writes are refused (`store/fenced`) and it stops; every
// acknowledged action is stored once at the version acknowledged; chips and money come out
// exact. No timed assertions: the bounds are hang guards.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { LobbyTournament } from "../../protocol/index.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { api, cmd, myTournament, pgSchema, playToTheEnd, setupTournament, startTournament, type Setup } from "../../../testkit/server/harness.ts";
import { dropClusterBuckets, until } from "../../../testkit/cluster/nats.ts";
import { FeltServer } from "../felt-server.ts";
import { memberOptions, storageOf } from "../../../testkit/cluster/members.ts";
import { ManualClock } from "../clock.ts";
import { TableSession } from "../tables/table-session.ts";
import { fullReplay } from "../../../testkit/server/table-replay.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

async function member(db: string, name: string, prefix: string, logs: string[]): Promise<FeltServer> {
  const s = await FeltServer.start(memberOptions(db, name, prefix, logs, "with-director"));
  cleanups.push(() => s.close());
  return s;
}

/** A tournament whose partition `owner` serves: its id comes from the command id, so one is picked that lands there. */
async function setupOn(owner: FeltServer, n: number): Promise<Setup> {
  let commandId = cmd();
  while (owner.ownership.serving(owner.ownership.keyOf(`T${commandId}`)) === undefined) commandId = cmd();
  const s = await setupTournament(owner.url, n, { commandId, prefix: `c${randomBytes(4).toString("hex")}` });
  await startTournament(owner.url, s);
  return s;
}

describe("cluster mode: two members, one frozen", () => {
  it("the frozen owner's partition is taken over, the tournament finishes on the survivor, the ex-owner's writes are refused (store/fenced), nothing doubles, chips and ledger exact", async () => {
    const schema = await pgSchema();
    cleanups.push(() => schema.drop());
    const prefix = `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    cleanups.push(() => dropClusterBuckets(prefix));
    const logsA: string[] = [];
    const logsB: string[] = [];
    const a = await member(schema.url, "a", prefix, logsA);
    const b = await member(schema.url, "b", prefix, logsB);
    await until(
      () => (a.host!.servingKeys().length + b.host!.servingKeys().length === 64 && a.host!.servingKeys().length === 32 ? true : undefined),
      "32 partitions each",
      120_000,
    );
    expect(a.ownership.member).toBe("a");

    // Created and played on its owner, a; b does not have it (it serves only its own partitions).
    const s = await setupOn(a, 6);
    const key = a.ownership.keyOf(s.tournamentId);
    const epochA = a.ownership.serving(key)!;
    expect(b.ownership.serving(key)).toBeUndefined();
    expect(b.tournaments.has(s.tournamentId)).toBe(false);
    // A tournament created through b whose partition a serves is created on a (the routing sends it there), not on b.
    let elsewhere = cmd();
    while (a.ownership.serving(a.ownership.keyOf(`T${elsewhere}`)) === undefined) elsewhere = cmd();
    const routed = await api<{ tournament: LobbyTournament }>(
      b.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: elsewhere, presetId: "seed", name: "x", kind: "online", settings: { start: "manual" }, startsAt: Date.now() },
      s.directorToken,
    );
    expect(routed.status).toBe(200);
    expect(a.tournaments.has(`T${elsewhere}`)).toBe(true);
    expect(b.tournaments.has(`T${elsewhere}`)).toBe(false);

    const t = a.tournaments.get(s.tournamentId)!;
    const early = s.players.map((p, i) => new Bot(a.url, p.name, p.token, { seed: i + 1, allInChance: 0 }));
    await Promise.all(early.map((x) => x.connect()));
    // Until a few hands were recorded on a.
    await until(
      async () => {
        for (const [i, x] of early.entries()) {
          const mine = await myTournament(a.url, s.players[i]!.token, s.tournamentId);
          if (mine?.mine?.tableId) x.watch(mine.mine.tableId);
        }
        return t.recorded.size > 0 && [...t.recorded.values()].reduce((x, y) => x + y, 0) >= 3 ? true : undefined;
      },
      "three hands on a",
      120_000,
    );

    // a freezes: no renewals, nothing released; its tables keep writing with epoch `epochA`.
    await a.host!.freezeForTests({ keepWriting: true });
    await until(() => (b.ownership.serving(key) !== undefined ? true : undefined), "b serves the partition", 120_000);
    const epochB = b.ownership.serving(key)!;
    expect(epochB).toBeGreaterThan(epochA);
    expect(b.tournaments.has(s.tournamentId)).toBe(true);
    // The ex-owner's next write is refused by the fence; it stops (its tables and the tournament).
    await until(() => (t.fenced ? true : undefined), "a's tournament fenced off", 120_000);
    expect(t.closed).toBe(true);
    // Refused by the fence in PostgreSQL (its epoch below b's), not merely by a's own lease bookkeeping.
    const fencedLine = new RegExp(`stopped: epoch ${epochA} is below the fence ${epochB} of ${key.replace(".", "\\.")}`);
    expect(logsA.filter((m) => fencedLine.test(m))).not.toEqual([]);
    for (const x of early) x.close();

    // The players reconnect to b (routing between members is not in this stage) and finish there.
    const late = s.players.map((p, i) => new Bot(b.url, p.name, p.token, { seed: 100 + i, allInChance: 0.05 }));
    const { final } = await playToTheEnd(() => b.url, s, {}, { bots: late, timeoutMs: 400_000 });
    expect(final.status).toBe("finished");
    for (const x of late) x.close();
    await b.close();

    // Every acknowledged action (on a before the fence, on b after) is stored once, at the version acknowledged.
    const { store, ledger } = await storageOf(schema.url, cleanups);
    const acked = new Map<string, number>();
    for (const x of [...early, ...late]) for (const [c, v] of x.acked) acked.set(c, v);
    expect(acked.size).toBeGreaterThan(10);
    const stored = new Map<string, number[]>();
    const tables = (await store.listStreams({ type: "table" })).filter((x) => x.stream.startsWith(`table:${s.tournamentId}-`));
    for (const st of tables) {
      for (const e of await store.read(st.stream)) {
        const c = e.meta["commandId"];
        if (typeof c === "string") stored.set(c, [...(stored.get(c) ?? []), e.version]);
      }
      // Loaded from its snapshot, each table equals its full replay: nothing half-written.
      const quiet = { blinds: () => ({ sb: 0, bb: 0, ante: 0 }), canDeal: () => false, handEnded: async () => {} };
      const tableId = st.stream.slice("table:".length);
      const loaded = await TableSession.load(tableId, { store, clock: new ManualClock(), handPauseMs: 0, hooks: quiet });
      expect(loaded.ok && loaded.value?.state).toEqual(await fullReplay(store, tableId));
    }
    expect([...stored].filter(([, vs]) => vs.length !== 1)).toEqual([]);
    expect([...acked].filter(([c, v]) => stored.get(c)?.[0] !== v)).toEqual([]);
    // Each table's hand is recorded by the director once.
    const events = await store.read(`tournament:${s.tournamentId}`);
    const recorded = events.filter((e) => e.type === "hand-recorded").map((e) => JSON.stringify(e.data));
    expect(new Set(recorded).size).toBe(recorded.length);
    // Chips: the prizes are the pool; money: every asset sums to zero, the pool is paid out.
    const finished = events.map((e) => e.data as { type?: string; placements?: { prize: number }[] }).find((d) => d.type === "finished");
    expect(finished!.placements!.reduce((x, p) => x + p.prize, 0)).toBe(6000);
    for (const v of Object.values(await ledger.totals())) expect(v).toBe(0);
    expect(await ledger.balance(`pool:${s.tournamentId}`, "EUR")).toBe(0);
    expect(await ledger.balance("house:fees", "EUR")).toBe(600);
  }, 600_000);
});
