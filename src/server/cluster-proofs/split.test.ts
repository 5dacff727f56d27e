// Three `felt serve --cluster --split-tables` child processes on the
// machine's NATS and PostgreSQL. Every table lives in a table partition of its own, so one
// event's tables and its director run on different processes and talk in data (director →
// table orders, table → director hand results over the bus). One tournament is placed so
// that its three tables are owned by three different processes; its players play through
// all three. Mid-play the owner of one of its tables (not the director's) is killed with
// SIGKILL in the middle of that table's hand, and later the director's owner: the hand
// finishes once with its deck, no table waits more than the issue's 6 s, every stream is
// whole, every hand is recorded once, and chips and money are exact; the director's owner
// dies during the tournament's break, and no level is skipped or played twice. Then each
// member is restarted with SIGTERM in turn while a tournament plays: no client sees an error.
// Last, one act is sent through the two members that do not own its table: it acts once.
// (SIGSTOP of a table partition's owner: kill.test.ts, split tables.)
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { tableKey, tournamentKey } from "../../cluster/ownership.ts";
import type { EventStore, Ledger } from "../../store/index.ts";
import { unwrap } from "../../lib/result.ts";
import { remoteSimulate } from "../../clients/remote-sim.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE } from "../../../testkit/server/harness.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { until } from "../../../testkit/cluster/nats.ts";
import {
  Driver,
  gaps,
  playThroughRollingRestart,
  startThreeRun,
  type Three,
  tournamentWith,
  type Member,
  type ThreeRun,
} from "../../../testkit/cluster/three.ts";
import { directorEvents, levelsOnceAndOneSeatOrPlace, moneyExact, progress, stallsAround, streamsWhole } from "../../../testkit/cluster/proofs.ts";

let run: ThreeRun | undefined;
let three: Three;
let store: EventStore;
let ledger: Ledger;

beforeAll(async () => {
  run = await startThreeRun("split");
  ({ three, store, ledger } = run);
}, 120_000);

afterAll(async () => {
  await run?.close();
});

const PLAYERS = 21; // three tables of 7 (9-max)
const spread = (i: number) => i % 3;

/** A create command id whose tournament's three tables are owned by three different members, the director by one of them. */
function spreadCommand(): { commandId: string; director: Member; tables: Member[] } {
  for (let i = 0; i < 20_000; i++) {
    const c = cmd();
    const id = `T${c}`;
    const owners = [1, 2, 3].map((n) => three.ownerOfKey(tableKey(`${id}-t${n}`)));
    const director = three.ownerOfKey(tournamentKey(id));
    if (director === undefined || owners.some((o) => o === undefined)) continue;
    if (new Set(owners.map((o) => o!.name)).size === 3) return { commandId: c, director, tables: owners as Member[] };
  }
  throw new Error("no command id spreads the tables");
}

async function must200(s: { tournamentId: string; directorToken: string }, via: Member): Promise<void> {
  const r = await api(via.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, s.directorToken);
  expect(r.status).toBe(200);
}

describe("cluster mode, split tables (stage 2): one event's tables on three processes", () => {
  it("the 64 tournament and 256 table partitions spread over the three members", async () => {
    const t0 = Date.now();
    await until(
      () => (three.counts().reduce((a, b) => a + b, 0) === 320 && three.counts().every((n) => n >= 106) ? true : undefined),
      "320 partitions spread",
      120_000,
    );
    progress(`split (3): partitions ${three.counts().join("/")} after ${Date.now() - t0} ms; ${three.acquisitions().length} lease acquisitions while settling`);
    // Settled for good: nothing changes hands in six renewal periods.
    const before = three.acquisitions().length;
    await new Promise((r) => setTimeout(r, 6_000));
    expect(three.acquisitions().length).toBe(before);
  });

  it("kill -9 of a table's owner mid-hand, then of the director's owner: the hand finishes once with its deck, no table waits over 6 s, streams whole, every hand recorded once, chips and money exact", async () => {
    await until(
      () => (three.counts().reduce((a, b) => a + b, 0) === 320 && three.counts().every((n) => n >= 106) ? true : undefined),
      "320 partitions spread",
      120_000,
    );
    const placed = spreadCommand();
    // A break after the first level: the director's owner is killed during it.
    const withBreak = {
      ...FAST_STRUCTURE,
      levels: [FAST_STRUCTURE.levels[0]!, { kind: "break" as const, sb: 5, bb: 10, ante: 0, minutes: 1, colourUp: null }, ...FAST_STRUCTURE.levels.slice(1)],
    };
    const s = await tournamentWith(three, placed.commandId, PLAYERS, withBreak, (i) => three.members[spread(i)]!);
    await must200(s, three.members[0]!);
    const d = new Driver(three, s, spread);
    onTestFinished(async () => {
      d.close();
      await three.startStopped();
    });
    // No all-ins until both kills are over, then many (it ends). The check-calling bots call
    // any all-in, so one could bust a whole table: at 0.002 the tournament once ended before
    // its break, and the director's owner was never killed.
    d.setAllIn(0);
    // The victim: a table's owner that is not the director's.
    const n = placed.tables.findIndex((m) => m !== placed.director) + 1;
    const victim = placed.tables[n - 1]!;
    const table = `table:${s.tournamentId}-t${n}`;
    let phase: "table" | "restart" | "director" | "done" = "table";
    let midHand: string | null = null;
    let before: Map<string, string[]> | null = null;
    let tableKilledAt = 0;
    let directorKilledAt = 0;
    const tick = async (): Promise<void> => {
      if (phase === "table") {
        // The players see all three tables first: the stalls are measured from what they saw
        // before the kill (on a loaded machine the first hand was once in play before any
        // bot had found its table, and there was nothing to measure).
        const shown = new Set(d.arrivals.map((x) => (x.m.type === "table-step" ? x.m.tableId : x.m.type === "table-view" ? x.m.view.tableId : null)));
        if (![1, 2, 3].every((k) => shown.has(`${s.tournamentId}-t${k}`))) return;
        const st = (await store.listStreams({ prefix: table })).find((x) => x.stream === table);
        if (st === undefined) return;
        const last = (await store.read(table, st.version))[0];
        const hands = (await store.read(table)).filter((e) => e.type === "hand-started");
        if ((last?.type !== "hand-started" && last?.type !== "acted") || hands.length < 1) return;
        midHand = `${table}#${(hands.at(-1)!.data as { handNumber: number }).handNumber}`;
        before = (await streamsWhole(store, s.tournamentId)).hands;
        tableKilledAt = Date.now();
        progress(`split: SIGKILL ${victim.name} (owner of table ${n}, not of the director: ${placed.director.name}) during ${midHand}`);
        await three.stop(victim, "SIGKILL");
        phase = "restart";
      } else if (phase === "restart" && Date.now() - tableKilledAt > 31_000) {
        // Back after the window the kill's stalls are measured in (the hand-back to the
        // restarted member is the rolling restart's business, below).
        await three.restart(victim);
        phase = "director";
      } else if (phase === "director") {
        const events = await directorEvents(store, s.tournamentId);
        if (events.some((e) => e.type === "finished")) return void (phase = "done");
        if (!events.some((e) => e.type === "break-started")) return;
        directorKilledAt = Date.now();
        progress(`split: SIGKILL ${placed.director.name} (the director's owner) during the break`);
        await three.stop(placed.director, "SIGKILL");
        phase = "done";
        d.setAllIn(0.05);
      }
    };
    const final = await d.play({ timeoutMs: 500_000, onTick: tick });
    expect(final.status).toBe("finished");
    expect(tableKilledAt).toBeGreaterThan(0);
    expect(directorKilledAt).toBeGreaterThan(0);
    d.close();
    const after = await streamsWhole(store, s.tournamentId);
    expect(after.problems).toEqual([]);
    // The hand in play when its table's owner died finished once, with the deck it was dealt with.
    expect(after.hands.get(midHand!)).toEqual(before!.get(midHand!));
    for (const [h, c] of before!) expect({ h, c: after.hands.get(h) }).toEqual({ h, c });
    for (const [h, c] of after.hands) expect({ h, n: c.length }).toEqual({ h, n: 1 });
    // Every hand recorded once by the director.
    const recorded = (await store.read(`tournament:${s.tournamentId}`)).filter((e) => e.type === "hand-recorded").map((e) => JSON.stringify(e.data));
    expect(recorded.length).toBeGreaterThan(PLAYERS);
    expect(new Set(recorded).size).toBe(recorded.length);
    // The table owner's kill: no table waits over the issue's 6 s (the director's owner dies
    // during the break, when every table waits for the break anyway: checked below by the
    // break ending on time).
    const stalls = stallsAround(d.arrivals, tableKilledAt);
    progress(`split: kill -9 of the table owner: longest wait for a table's next version: ${[...stalls].map(([t, ms]) => `${t} ${ms} ms`).join(", ")}`);
    for (const [t, ms] of stalls) if (ms > 6_000) await explainStall(t, tableKilledAt);
    expect(stalls.size).toBeGreaterThan(0);
    expect([...stalls].filter(([, ms]) => ms > 6_000)).toEqual([]); // the issue's figure
    async function explainStall(tableId: string, at: number): Promise<void> {
      const seen = new Map<number, number>();
      for (const x of d.arrivals) {
        const t = x.m.type === "table-step" ? x.m.tableId : x.m.type === "table-view" ? x.m.view.tableId : null;
        const v = x.m.type === "table-step" ? x.m.version : x.m.type === "table-view" ? x.m.view.version : -1;
        if (t === tableId && !seen.has(v)) seen.set(v, x.at - at);
      }
      const vs = [...seen].sort((a, b) => a[0] - b[0]).filter(([, ms]) => ms > -2_000 && ms < 30_000);
      const records = await store.read(`table:${tableId}`);
      progress(`split: stall at ${tableId}: ${vs.map(([v, ms]) => `v${v}@${ms}:${records[v - 1]?.type ?? "?"}`).join(" ")}`);
    }
    const g = gaps(d.bots);
    progress(`split: ${g.steps} steps, ${g.resyncs} resyncs, ${g.gaps.length} gaps`);
    expect(g.gaps).toEqual([]);
    await moneyExact(store, ledger, s.tournamentId, s.players, PLAYERS);
    const events = await directorEvents(store, s.tournamentId);
    // Killed during the break: the next level had not started yet.
    const breakAt = events.findIndex((e) => e.type === "break-started");
    const nextLevel = events.findIndex((e, k) => k > breakAt && e.type === "level-started");
    expect(nextLevel).toBeGreaterThan(breakAt);
    const breakStarted = (events[breakAt] as { at: number }).at;
    const levelStarted = (events[nextLevel] as { at: number }).at;
    expect(levelStarted).toBeGreaterThan(directorKilledAt);
    // The new owner ended the break on time: the next level began within the issue's 6 s of the break's end.
    progress(
      `split: the director's owner killed ${directorKilledAt - breakStarted} ms into the 60 s break; the next level began ${levelStarted - breakStarted - 60_000} ms after the break's end`,
    );
    if (levelStarted - breakStarted - 60_000 >= 6_000) {
      const key = tournamentKey(s.tournamentId);
      progress(
        `split: the break ended late; what the members said about ${key} and ${s.tournamentId} (ms from the break's start):\n${three.linesAbout([key, s.tournamentId], breakStarted).join("\n")}\n${three.restarts().join("\n")}`,
      );
    }
    expect(levelStarted - breakStarted - 60_000).toBeLessThan(6_000);
    levelsOnceAndOneSeatOrPlace(events);
  }, 600_000);

  it("rolling restart with SIGTERM, each of the three in turn while one event plays on all three: no client sees an error frame, no HTTP call fails", async () => {
    await until(() => (three.counts().every((n) => n >= 106) ? true : undefined), "every member serves its share", 120_000);
    const placed = spreadCommand();
    const s = await tournamentWith(three, placed.commandId, PLAYERS, FAST_STRUCTURE, (i) => three.members[spread(i)]!);
    await must200(s, three.members[0]!);
    const d = new Driver(three, s, spread);
    d.setAllIn(0.002);
    const { final, exits } = await playThroughRollingRestart(three, d, { share: 106, actsPerStep: 20 });
    expect(exits).toEqual([0, 0, 0]);
    expect(final.status).toBe("finished");
    d.close();
    progress(
      `split: rolling restart: ${d.httpCalls} HTTP calls, ${d.httpFailures.length} failed; ${d.bots.length} bot connections, error frames: ${JSON.stringify(d.errors())}`,
    );
    expect(d.httpFailures).toEqual([]);
    if (d.errors().length > 0) progress(`split: rolling restart: error frames:\n${(await d.errorFrames(store)).join("\n")}\n${three.restarts().join("\n")}`);
    expect(d.errors()).toEqual([]);
    const g = gaps(d.bots);
    progress(`split: rolling restart: ${g.steps} steps, ${g.resyncs} resyncs, ${g.gaps.length} gaps`);
    expect(g.gaps).toEqual([]);
    expect((await streamsWhole(store, s.tournamentId)).problems).toEqual([]);
    await moneyExact(store, ledger, s.tournamentId, s.players, PLAYERS);
  }, 600_000);

  it("the same table action through two gateways, neither of them the table's owner, acts once: one is acknowledged, the other answered duplicate at the same version; the stream holds it once", async () => {
    await until(
      () => (three.counts().reduce((a, b) => a + b, 0) === 320 && three.counts().every((n) => n >= 106) ? true : undefined),
      "320 partitions spread",
      120_000,
    );
    const placed = spreadCommand();
    const s = await tournamentWith(three, placed.commandId, PLAYERS, FAST_STRUCTURE, (i) => three.members[spread(i)]!);
    await must200(s, three.members[0]!);
    const tableId = `${s.tournamentId}-t1`;
    const [g1, g2] = three.members.filter((m) => m !== placed.tables[0]);
    // Every player watches table 1 through g1, and nobody acts on their own.
    const watchers = s.players.map((p) => Object.assign(new Bot(g1!.url, p.name, p.token, { keepFrames: true }), { passive: true }));
    const twins: Bot[] = [];
    onTestFinished(() => {
      for (const b of [...watchers, ...twins]) b.close();
    });
    for (const b of watchers) b.watch(tableId);
    await Promise.all(watchers.map((b) => b.connect()));
    const toAct = (b: Bot) => {
      const v = b.views.get(tableId);
      return v !== undefined && v.handId !== null && v.legal !== null && v.actor !== null && v.actor === v.mySeat ? v : undefined;
    };
    const actor = await until(() => watchers.find((b) => toAct(b) !== undefined), "a player to act at table 1", 60_000);
    const v = toAct(actor)!;
    const p = s.players[watchers.indexOf(actor)]!;
    const twin = Object.assign(new Bot(g2!.url, p.name, p.token, { keepFrames: true }), { passive: true });
    twins.push(twin);
    await twin.connect();
    const m = {
      type: "act" as const,
      tableId,
      handId: v.handId!,
      version: v.version,
      commandId: cmd(),
      action: v.legal!.canCheck ? { kind: "check" as const } : { kind: "call" as const },
    };
    actor.send(m);
    twin.send(m);
    const acks = await until(
      () => {
        const both = [actor, twin].map((b) => b.frames.find((f) => f.type === "ack" && f.commandId === m.commandId));
        return both.every((f) => f !== undefined) ? (both as Extract<(typeof both)[number], { type: "ack" }>[]) : undefined;
      },
      "both gateways answer",
      30_000,
    );
    progress(
      `split: one act through ${g1!.name} and ${g2!.name} (table owned by ${placed.tables[0]!.name}): ${JSON.stringify(acks.map((a) => ({ version: a.version, duplicate: a.duplicate })))}`,
    );
    expect(acks.map((a) => a.duplicate).sort()).toEqual([false, true]);
    expect(acks[0]!.version).toBe(acks[1]!.version);
    const stored = (await store.read(`table:${tableId}`)).filter((e) => e.meta["commandId"] === m.commandId);
    expect(stored.map((e) => e.version)).toEqual([acks[0]!.version]);
  });
  it("felt simulate --server URL1,URL2,URL3: the bots sign up, register and play through all three processes; the tournament finishes with its chips conserved, prizes paid and no error frame", async () => {
    const r = await remoteSimulate({
      server: three.members.map((m) => m.url),
      players: 12,
      director: DIRECTOR,
      seed: 16,
      allInChance: 0.2,
      timeoutMs: 300_000,
      pollMs: 150,
    });
    expect(r.ok).toBe(true);
    const sim = unwrap(r);
    progress(
      `split: felt simulate over three processes: bots ${sim.botsPerServer.join(" / ")}, ${sim.hands} hands, ${sim.actions} actions, ${sim.serverErrors} error frames`,
    );
    expect(sim.botsPerServer).toEqual([4, 4, 4]);
    expect(sim.entries).toBe(12);
    expect(sim.chipsConserved).toBe(true);
    expect(sim.serverErrors).toBe(0);
    expect(sim.placements.filter((p) => p.prize > 0).length).toBe(sim.placesPaid);
    expect(sim.placements.reduce((a, p) => a + p.prize, 0)).toBe(sim.prizePool);
  });
});
