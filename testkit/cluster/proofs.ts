// What the cluster proofs check after a tournament, shared by the three-process
// tests (three.test.ts: stage 1; split.test.ts: tables in partitions of their own): every
// table stream whole, every hand dealt once with one deck, chips and money exact, and how
// long each table waited for its next version around a kill.
import { appendFileSync } from "node:fs";
import { expect } from "vitest";
import { evolve, initialState, chipsInPlay, type TournamentEvent } from "../../src/tournament/director/index.ts";
import type { EventStore, Ledger } from "../../src/store/index.ts";
import type { Arrival } from "./three.ts";

/** Printed, and appended to FELT_PROGRESS (a file) for whoever watches a long run. */
export function progress(m: string): void {
  console.log(m);
  const file = process.env["FELT_PROGRESS"];
  if (file !== undefined) appendFileSync(file, `${new Date().toISOString()} ${m}\n`);
}

export async function directorEvents(store: EventStore, id: string): Promise<TournamentEvent[]> {
  return (await store.read(`tournament:${id}`)).filter((e) => e.type === "director").map((e) => e.data as TournamentEvent);
}

/** Every table stream of a tournament: versions 1..N with no gap, every command id stored once. */
export async function streamsWhole(store: EventStore, id: string): Promise<{ problems: string[]; hands: Map<string, string[]> }> {
  const problems: string[] = [];
  const hands = new Map<string, string[]>(); // "<table>#<hand>" → commitments
  for (const st of await store.listStreams({ prefix: `table:${id}-` })) {
    const events = await store.read(st.stream);
    events.forEach((e, k) => void (e.version !== k + 1 && problems.push(`${st.stream}: version ${e.version} at ${k + 1}`)));
    const seen = new Set<string>();
    for (const e of events) {
      const c = e.meta["commandId"];
      if (typeof c === "string") {
        if (seen.has(c)) problems.push(`${st.stream}: command ${c} twice`);
        seen.add(c);
      }
      if (e.type === "hand-started") {
        const d = e.data as { handNumber: number; commitment?: string; events?: { commitment?: string }[] };
        const key = `${st.stream}#${d.handNumber}`;
        hands.set(key, [...(hands.get(key) ?? []), JSON.stringify(e.data).match(/"commitment":"([0-9a-f]+)"/)?.[1] ?? "?"]);
      }
    }
  }
  return { problems, hands };
}

/** Money and chips: chips in play = chips bought after every settle; the ledger balances; balances = deposits − buy-ins + prizes. */
export async function moneyExact(store: EventStore, ledger: Ledger, id: string, players: { id: string }[], entries: number): Promise<void> {
  const events = await directorEvents(store, id);
  const s = initialState();
  const bad: string[] = [];
  let settles = 0;
  for (const ev of events) {
    evolve(s, ev);
    if (ev.type === "hand-played") {
      settles++;
      if (chipsInPlay(s) !== entries * 1000) bad.push(`after settle ${settles}: ${chipsInPlay(s)} chips`);
    }
  }
  expect(bad).toEqual([]);
  expect(settles).toBeGreaterThan(0);
  for (const v of Object.values(await ledger.totals())) expect(v).toBe(0);
  expect(await ledger.balance(`pool:${id}`, "EUR")).toBe(0);
  const placements = s.placements ?? [];
  const diffs: string[] = [];
  for (const p of players) {
    const prize = placements.filter((x) => s.entries.get(x.entry)?.player === p.id).reduce((a, x) => a + x.prize, 0);
    const want = 5000 - 1100 + prize;
    const have = await ledger.balance(`player:${p.id}`, "EUR");
    if (have !== want) diffs.push(`${p.id}: ${have} ≠ ${want}`);
  }
  expect(diffs).toEqual([]);
}

/**
 * Stalls: per table, when each new version first reached any client; the longest wait
 * between two consecutive ones from just before `killedAt` until 30 s after (frames the
 * owner published just before it died still arrive after the kill).
 */
export function stallsAround(arrivals: readonly Arrival[], killedAt: number): Map<string, number> {
  const stalls = new Map<string, number>();
  const firstSeen = new Map<string, Map<number, number>>();
  for (const x of arrivals) {
    const t = x.m.type === "table-step" ? x.m.tableId : x.m.type === "table-view" ? x.m.view.tableId : null;
    const v = x.m.type === "table-step" ? x.m.version : x.m.type === "table-view" ? x.m.view.version : -1;
    if (t === null) continue;
    const seen = firstSeen.get(t) ?? new Map<number, number>();
    firstSeen.set(t, seen);
    if (!seen.has(v)) seen.set(v, x.at);
  }
  for (const [t, seen] of firstSeen) {
    const times = [...seen].sort(([a], [b]) => a - b).map(([, at]) => at);
    let worst = -1;
    for (let k = 1; k < times.length; k++) {
      if (times[k]! < killedAt || times[k - 1]! > killedAt + 30_000) continue;
      worst = Math.max(worst, times[k]! - times[k - 1]!);
    }
    if (worst >= 0 && times.some((x) => x <= killedAt)) stalls.set(t, worst);
  }
  return stalls;
}

/** A director's events after a take-over: each level and break started once, in order; every entry in exactly one seat or one place after every event; everyone placed at the end. */
export function levelsOnceAndOneSeatOrPlace(events: readonly TournamentEvent[]): void {
  const items = events.filter((e) => e.type === "level-started" || e.type === "break-started").map((e) => (e as { itemIndex: number }).itemIndex);
  expect(items).toEqual(items.map((_, k) => k)); // in order, each once
  const s = initialState();
  const bad: string[] = [];
  const placed = new Map<string, number>(); // entry → how many places it was given
  for (const ev of events) {
    evolve(s, ev);
    if (ev.type === "eliminated") for (const g of ev.groups) for (const e of g) placed.set(e, (placed.get(e) ?? 0) + 1);
    const seated = new Map<string, number>();
    for (const t of s.tables.values()) for (const e of t.seats) if (e !== null) seated.set(e, (seated.get(e) ?? 0) + 1);
    for (const e of s.entries.values()) {
      const where = { seats: seated.get(e.id) ?? 0, places: placed.get(e.id) ?? 0 };
      if (s.tables.size === 0 && s.status !== "finished") continue; // registered, not seated yet
      const one = e.alive ? where.seats === 1 && where.places === 0 : where.seats === 0 && where.places === 1;
      // The winner is placed by "finished", not "eliminated".
      if (!one && !(s.status === "finished" && e.alive)) bad.push(`${ev.type}: ${e.id} ${JSON.stringify(where)}`);
    }
  }
  expect(bad).toEqual([]);
  expect((s.placements ?? []).map((p) => p.entry).sort()).toEqual([...s.entries.keys()].sort());
}
