// Cluster mode, stage 1: kill -9 of the member that owns a tournament, in the
// middle of a hand. Member "a" is a real `felt serve --cluster` child process; member "b"
// runs in the test. The players' bots are connected to b only: b forwards their commands to
// a and relays a's frames (the routing of src/server/gateway/cluster-link.ts). a is killed
// with SIGKILL while a hand is being played; b takes the partition once a's lease expires,
// raises the fence, loads the tournament and its tables from the store and resumes them, and
// the same bots finish the tournament. Every acknowledged action is stored once at the
// version acknowledged, no hand is dealt twice, chips and money come out exact. No timed
// assertions: the bounds are hang guards. With split tables (stage 2) the SIGSTOP test is
// run once more with b holding the director and a the table's partition.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { LobbyTournament } from "../../protocol/index.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must, pgSchema, playToTheEnd, type Setup } from "../../../testkit/server/harness.ts";
import { freePort, killChild, startServeChild, type ServeChild } from "../../../testkit/server/serve-child.ts";
import { dropClusterBuckets, until } from "../../../testkit/cluster/nats.ts";
import { FeltServer } from "../felt-server.ts";
import type { TableLayout } from "../../cluster/members.ts";
import { memberArgs, memberOptions, storageOf, storedOnce } from "../../../testkit/cluster/members.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

/**
 * Member a as a `felt serve --cluster` child, member b in the test, and a 6-player tournament
 * a owns, created and started through b. Split tables (stage 2): the tournament's director
 * is b's and its one table's partition is a's.
 */
async function twoMembers(layout: TableLayout) {
  const splitTables = layout === "split";
  const schema = await pgSchema();
  cleanups.push(() => schema.drop());
  const prefix = `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  cleanups.push(() => dropClusterBuckets(prefix));
  const a: ServeChild = await startServeChild(schema.url, await freePort(), memberArgs("a", prefix, layout));
  cleanups.push(() => killChild(a));
  const logs: string[] = [];
  const b = await FeltServer.start(memberOptions(schema.url, "b", prefix, logs, layout));
  cleanups.push(() => b.close());
  const half = splitTables ? 32 + 128 : 32;
  await until(() => (b.host!.servingKeys().length === half ? true : undefined), "b serves its half", 120_000);

  // A tournament in a partition a serves, created and played through b.
  const d = await must<{ token: string }>(api(b.url, "POST", "/api/v1/auth/sign-in", DIRECTOR));
  let commandId = cmd();
  const placed = (c: string) =>
    splitTables
      ? b.ownership.serving(b.ownership.keyOf(`T${c}`)) !== undefined && b.ownership.serving(b.ownership.keyOfTable(`T${c}-t1`)) === undefined
      : b.ownership.serving(b.ownership.keyOf(`T${c}`)) === undefined;
  while (!placed(commandId)) commandId = cmd();
  const body = {
    commandId,
    presetId: "seed",
    name: "Kill test",
    kind: "online",
    startsAt: Date.now(),
    buyIn: 1000,
    fee: 100,
    structure: FAST_STRUCTURE,
    settings: { tableSize: 9, start: "manual" },
  };
  const id = (await must<{ tournament: LobbyTournament }>(api(b.url, "POST", "/api/v1/director/tournaments", body, d.token))).tournament.id;
  expect(b.tournaments.has(id)).toBe(splitTables);
  const players: Setup["players"] = [];
  for (let i = 0; i < 6; i++) {
    const name = `k${randomBytes(4).toString("hex")}-${i}`;
    const s = await must<{ token: string; user: { id: string } }>(api(b.url, "POST", "/api/v1/auth/sign-up", { name, password: "bot-password-1" }));
    await must(api(b.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 5000 }, d.token));
    await must(api(b.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, s.token));
    players.push({ name, token: s.token, id: s.user.id });
  }
  await must(api(b.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, d.token));
  const s: Setup = { tournamentId: id, directorToken: d.token, players };
  return { a, b, s, schema, logs };
}

describe("cluster mode: the owner killed or stopped", () => {
  it("kill -9 mid-hand: the survivor takes the partition, resumes the hand in play and the tournament finishes; nothing lost or doubled, chips and ledger exact", async () => {
    const { a, b, s, schema } = await twoMembers("with-director");
    const id = s.tournamentId;
    const players = s.players;
    const { store, ledger } = await storageOf(schema.url, cleanups);
    const key = b.ownership.keyOf(id);
    let killedAt: { table: string; hand: number } | null = null;
    let killedWhen = 0;
    let takeoverMs = -1;
    b.ownership.onServing((k) => {
      if (k === key && killedWhen > 0) takeoverMs = Date.now() - killedWhen;
    });
    const bots = players.map((p, i) => new Bot(b.url, p.name, p.token, { seed: i + 1, allInChance: 0 }));
    const { final } = await playToTheEnd(
      () => b.url,
      s,
      {},
      {
        bots,
        timeoutMs: 500_000,
        onTick: async () => {
          if (killedAt !== null) return;
          const recorded = (await store.read(`tournament:${id}`)).filter((e) => e.type === "hand-recorded").length;
          if (recorded < 3) return;
          // Mid-hand: a table whose last record is its hand's start or an action in it.
          for (const st of await store.listStreams({ prefix: `table:${id}-` })) {
            const last = (await store.read(st.stream, st.version))[0];
            const started = (await store.read(st.stream)).filter((e) => e.type === "hand-started").at(-1);
            if (last === undefined || started === undefined || (last.type !== "hand-started" && last.type !== "acted")) continue;
            killedAt = { table: st.stream, hand: (started.data as { handNumber: number }).handNumber };
            killedWhen = Date.now();
            await killChild(a, "SIGKILL");
            for (const x of bots) x.allInChance = 0.05;
            return;
          }
        },
      },
    );
    expect(killedAt).not.toBeNull();
    expect(final.status).toBe("finished");
    expect(b.ownership.serving(key)).toBeDefined();
    expect(takeoverMs).toBeGreaterThanOrEqual(0);
    console.log(`cluster: kill -9 take-over of ${key} (fence raised, tournament loaded and resumed): ${takeoverMs} ms after the kill (lease TTL 3,000 ms)`);
    for (const x of bots) x.close();

    // The hand in play when a died was played to its end once, with the deck it was dealt with.
    const hands = (await store.read(killedAt!.table)).filter((e) => e.type === "hand-started").map((e) => e.data as { handNumber: number; tableSeed?: string });
    expect(hands.filter((h) => h.handNumber === killedAt!.hand)).toHaveLength(1);
    // Nothing doubles, nothing acknowledged is lost.
    expect(await storedOnce(store, id, bots)).toEqual({ handsTwice: [], storedTwice: [], notAsAcked: [] });
    const events = await store.read(`tournament:${id}`);
    const recorded = events.filter((e) => e.type === "hand-recorded").map((e) => JSON.stringify(e.data));
    expect(new Set(recorded).size).toBe(recorded.length);
    const finished = events.map((e) => e.data as { type?: string; placements?: { prize: number }[] }).find((x) => x.type === "finished");
    expect(finished!.placements!.reduce((x, p) => x + p.prize, 0)).toBe(6000);
    for (const v of Object.values(await ledger.totals())) expect(v).toBe(0);
    expect(await ledger.balance(`pool:${id}`, "EUR")).toBe(0);
    expect(await ledger.balance("house:fees", "EUR")).toBe(600);
  }, 600_000);

  it("SIGSTOP past the lease, then SIGCONT: the survivor finishes the tournament; the woken ex-owner stops serving and writes nothing ( proof)", async () => {
    const { a, b, s, schema } = await twoMembers("with-director");
    const key = b.ownership.keyOf(s.tournamentId);
    const bots = s.players.map((p, i) => new Bot(b.url, p.name, p.token, { seed: i + 1, allInChance: 0 }));
    let phase: "playing" | "stopped" | "woken" = "playing";
    const { final } = await playToTheEnd(
      () => b.url,
      s,
      {},
      {
        bots,
        timeoutMs: 500_000,
        onTick: async () => {
          if (phase === "playing" && bots.some((x) => x.acked.size >= 5)) {
            a.child.kill("SIGSTOP");
            phase = "stopped";
          } else if (phase === "stopped" && b.ownership.serving(key) !== undefined) {
            a.child.kill("SIGCONT");
            phase = "woken";
            for (const x of bots) x.allInChance = 0.05;
          }
        },
      },
    );
    expect(phase).toBe("woken");
    expect(final.status).toBe("finished");
    // The woken process found its lease stale or taken and stopped serving the partition.
    await until(() => (new RegExp(`a stops serving ${key.replace(".", "\\.")}: lease lost`).test(a.output()) ? true : undefined), "a stops serving", 120_000);
    for (const x of bots) x.close();
    const { store, ledger } = await storageOf(schema.url, cleanups);
    expect(await storedOnce(store, s.tournamentId, bots)).toEqual({ handsTwice: [], storedTwice: [], notAsAcked: [] });
    for (const v of Object.values(await ledger.totals())) expect(v).toBe(0);
    expect(await ledger.balance(`pool:${s.tournamentId}`, "EUR")).toBe(0);
  }, 600_000);

  it("split tables (stage 2): SIGSTOP of the owner of a table's partition past its lease, then SIGCONT: the director (on the survivor) and the table's new owner finish the tournament; the woken ex-owner stops serving the table and writes nothing ( proof)", async () => {
    const { a, b, s, schema } = await twoMembers("split");
    const tableId = `${s.tournamentId}-t1`;
    const key = b.ownership.keyOfTable(tableId);
    expect(b.ownership.serving(b.ownership.keyOf(s.tournamentId))).toBeDefined();
    const bots = s.players.map((p, i) => new Bot(b.url, p.name, p.token, { seed: i + 1, allInChance: 0 }));
    let phase: "playing" | "stopped" | "woken" = "playing";
    let stoppedWhen = 0;
    let takeoverMs = -1;
    const { final } = await playToTheEnd(
      () => b.url,
      s,
      {},
      {
        bots,
        timeoutMs: 500_000,
        onTick: async () => {
          if (phase === "playing" && bots.some((x) => x.acked.size >= 5)) {
            expect(b.tableHost?.sessions.has(tableId)).toBe(false);
            a.child.kill("SIGSTOP");
            stoppedWhen = Date.now();
            phase = "stopped";
          } else if (phase === "stopped" && b.ownership.serving(key) !== undefined) {
            takeoverMs = Date.now() - stoppedWhen;
            a.child.kill("SIGCONT");
            phase = "woken";
            for (const x of bots) x.allInChance = 0.05;
          }
        },
      },
    );
    expect(phase).toBe("woken");
    expect(final.status).toBe("finished");
    console.log(`cluster (split): SIGSTOP of ${key}'s owner: served by the survivor ${takeoverMs} ms later (lease TTL 3,000 ms)`);
    // The woken process found the table partition's lease stale or taken and stopped serving it.
    await until(() => (new RegExp(`a stops serving ${key.replace(".", "\\.")}: lease lost`).test(a.output()) ? true : undefined), "a stops serving", 120_000);
    for (const x of bots) x.close();
    const { store, ledger } = await storageOf(schema.url, cleanups);
    expect(await storedOnce(store, s.tournamentId, bots)).toEqual({ handsTwice: [], storedTwice: [], notAsAcked: [] });
    const recorded = (await store.read(`tournament:${s.tournamentId}`)).filter((e) => e.type === "hand-recorded").map((e) => JSON.stringify(e.data));
    expect(new Set(recorded).size).toBe(recorded.length);
    for (const v of Object.values(await ledger.totals())) expect(v).toBe(0);
    expect(await ledger.balance(`pool:${s.tournamentId}`, "EUR")).toBe(0);
  }, 600_000);

  it("SIGTERM: the owner closes and releases its partitions at once; the other takes over (without waiting for the TTL) and the tournament finishes", async () => {
    const { a, b, s } = await twoMembers("with-director");
    const key = b.ownership.keyOf(s.tournamentId);
    const bots = s.players.map((p, i) => new Bot(b.url, p.name, p.token, { seed: i + 1, allInChance: 0 }));
    let stoppedAt = 0;
    let handOverMs = -1;
    b.ownership.onServing((k) => {
      if (k === key && stoppedAt > 0) handOverMs = Date.now() - stoppedAt;
    });
    const { final } = await playToTheEnd(
      () => b.url,
      s,
      {},
      {
        bots,
        timeoutMs: 500_000,
        onTick: async () => {
          if (stoppedAt > 0 || !bots.some((x) => x.acked.size >= 5)) return;
          stoppedAt = Date.now();
          await killChild(a, "SIGTERM");
          expect(a.child.exitCode).toBe(0);
          expect(a.output()).toContain(`hands ${key} over`);
          for (const x of bots) x.allInChance = 0.05;
        },
      },
    );
    expect(final.status).toBe("finished");
    expect(handOverMs).toBeGreaterThanOrEqual(0);
    console.log(`cluster: SIGTERM hand-over of ${key}: ${handOverMs} ms after the signal (lease TTL 3,000 ms)`);
    for (const x of bots) x.close();
  }, 600_000);
});
