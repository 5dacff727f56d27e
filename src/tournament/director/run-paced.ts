// Runs a tournament with every table at its own pace: each table's hand takes
// its own (simulated) time, drawn per hand; when it ends the director settles that table
// alone (`table-settle`) and the tables it names deal their next hand at once. Breaks stop
// each table at its next hand; they deal again when the break is over (a settle with no table). The clock is
// simulated, so the predicted end reflects independent tables (no table waits for the
// slowest one, except hand-for-hand at the bubble and the final-table draw).
import { fail, ok, type Result } from "../../lib/result.ts";
import { uniformFloats } from "../../cards/index.ts";
import { seededRandom, type RandomSource } from "../index.ts";
import { handSetup, type HandSetup } from "./hand-setup.ts";
import { DenseIndexedSet } from "./indexed-set.ts";
import { awaitingRebuy } from "./rebuy-grace.ts";
import { Director, type RunOptions, type RunResult } from "./run.ts";
import { levelFor } from "./state.ts";
import type { TournamentCommand, TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

export interface PacedOptions extends RunOptions {
  /** The length of one hand (ms) at a table; default: 3600 / handsPerHour seconds × a uniform draw in [0.5, 1.5). */
  readonly handMs?: (setup: HandSetup, rng: RandomSource) => number;
  /** Called after every settle. */
  readonly onSettle?: (s: Director["state"], now: number) => void;
}

/** A hand in play: what its report needs. */
interface Running {
  readonly end: number;
  readonly table: number;
  readonly hand: HandSetup["hand"];
  readonly entries: readonly string[];
  readonly startStacks: readonly number[];
  readonly stacks: readonly number[];
}

/**
 * A binary min-heap of hands in play by end time (then by when they were dealt). A field has
 * thousands of hands in play, each alive until every other table has played about a hand:
 * kept as objects, each outlived the young generation and was copied into the old one, where
 * it died (at 253,692 players the heap then grew to four times what was alive before the
 * collector ran). So a hand's numbers and names are copied into slots of a few long-lived
 * arrays, reused as hands end, and made into a `Running` again only when it is taken out.
 * The keys sit in arrays by heap position, so the comparisons read two small arrays.
 */
class Hands {
  /** By heap position: the slot, the end time and the deal sequence. */
  private readonly slotAt: number[] = [];
  private readonly ends: number[] = [];
  private readonly seqs: number[] = [];
  /** By slot. */
  private readonly tables: number[] = [];
  private readonly handOf: (HandSetup["hand"] | null)[] = [];
  private readonly counts: number[] = [];
  /** By slot × width + seat index: the entries, their stacks at the start and at the end. */
  private names: (string | null)[] = [];
  private starts: number[] = [];
  private finals: number[] = [];
  private width = 10;
  private readonly free: number[] = [];
  private seq = 0;

  get size(): number {
    return this.slotAt.length;
  }
  /** The end time of the next hand to end, or undefined. */
  nextEnd(): number | undefined {
    return this.ends[0];
  }
  private less(i: number, j: number): boolean {
    const x = this.ends[i]!;
    const y = this.ends[j]!;
    return x < y || (x === y && this.seqs[i]! < this.seqs[j]!);
  }
  private swap(i: number, j: number): void {
    const t = this.slotAt[i]!;
    this.slotAt[i] = this.slotAt[j]!;
    this.slotAt[j] = t;
    const e = this.ends[i]!;
    this.ends[i] = this.ends[j]!;
    this.ends[j] = e;
    const q = this.seqs[i]!;
    this.seqs[i] = this.seqs[j]!;
    this.seqs[j] = q;
  }
  /** Widens every slot (a table larger than any seen so far). */
  private widen(n: number): void {
    const w = this.width;
    const names: (string | null)[] = [];
    const starts: number[] = [];
    const finals: number[] = [];
    for (let slot = 0; slot < this.tables.length; slot++) {
      for (let i = 0; i < n; i++) {
        names.push(i < w ? this.names[slot * w + i]! : null);
        starts.push(i < w ? this.starts[slot * w + i]! : 0);
        finals.push(i < w ? this.finals[slot * w + i]! : 0);
      }
    }
    this.names = names;
    this.starts = starts;
    this.finals = finals;
    this.width = n;
  }
  push(end: number, table: number, hand: HandSetup["hand"], entries: readonly string[], startStacks: readonly number[], stacks: readonly number[]): void {
    const n = entries.length;
    if (n > this.width) this.widen(n);
    const w = this.width;
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.tables.length;
      this.tables.push(0);
      this.handOf.push(null);
      this.counts.push(0);
      for (let i = 0; i < w; i++) {
        this.names.push(null);
        this.starts.push(0);
        this.finals.push(0);
      }
    }
    this.tables[slot] = table;
    this.handOf[slot] = hand;
    this.counts[slot] = n;
    const base = slot * w;
    for (let i = 0; i < n; i++) {
      this.names[base + i] = entries[i]!;
      this.starts[base + i] = startStacks[i]!;
      this.finals[base + i] = stacks[i]!;
    }
    this.slotAt.push(slot);
    this.ends.push(end);
    this.seqs.push(this.seq++);
    for (let i = this.slotAt.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  pop(): Running | undefined {
    if (this.slotAt.length === 0) return undefined;
    const slot = this.slotAt[0]!;
    const end = this.ends[0]!;
    const last = this.slotAt.pop()!;
    const lastEnd = this.ends.pop()!;
    const lastSeq = this.seqs.pop()!;
    if (this.slotAt.length > 0) {
      this.slotAt[0] = last;
      this.ends[0] = lastEnd;
      this.seqs[0] = lastSeq;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.slotAt.length && this.less(l, m)) m = l;
        if (r < this.slotAt.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    const n = this.counts[slot]!;
    const base = slot * this.width;
    const entries: string[] = new Array(n);
    const startStacks: number[] = new Array(n);
    const stacks: number[] = new Array(n);
    for (let i = 0; i < n; i++) {
      entries[i] = this.names[base + i]!;
      startStacks[i] = this.starts[base + i]!;
      stacks[i] = this.finals[base + i]!;
      this.names[base + i] = null;
    }
    const hand = this.handOf[slot]!;
    this.handOf[slot] = null;
    this.free.push(slot);
    return { end, table: this.tables[slot]!, hand, entries, startStacks, stacks };
  }
}

export function runPacedTournament(o: PacedOptions): Result<RunResult> {
  const drawRng = seededRandom(o.seed * 2 + 1);
  const handRng = seededRandom(o.seed * 2 + 2);
  const policyRng = seededRandom(o.seed * 2 + 3);
  const timeRng = uniformFloats(seededRandom(o.seed * 2 + 4));
  const d = new Director(drawRng, o.keepEvents ?? false, o.onEvent);
  const s = d.state;
  let now = o.startAt ?? o.config.start?.scheduledAt ?? 0;
  const mean = 3_600_000 / (o.handsPerHour ?? 30);
  const handMs = o.handMs ?? (() => Math.max(1, Math.round(mean * (0.5 + timeRng()))));
  for (const cmd of [
    { type: "announce", at: now, config: o.config },
    { type: "open-registration", at: now },
    ...o.players.map((player) => ({ type: "register", at: now, player })),
    { type: "start", at: now },
  ] as TournamentCommand[]) {
    const r = d.run(cmd);
    if (!r.ok) return r;
  }
  const hands = new Hands();
  // Table ids are small whole numbers: an array-backed set, read and changed for every hand.
  const playing = new DenseIndexedSet();
  const askedAddOn = new Set<string>();
  const deal = (table: number): void => {
    const t = s.tables.get(table);
    if (t === undefined || !t.inHand || playing.has(table)) return;
    const setup = handSetup(s, t, now);
    if (setup === null) return;
    const stacks = o.playHand(setup, handRng);
    playing.add(table);
    hands.push(now + handMs(setup, handRng), table, setup.hand, setup.entries, setup.config.stacks, stacks);
  };
  const dealt = (events: readonly TournamentEvent[]): void => {
    for (const e of events) {
      if (e.type !== "dealing") continue;
      if (e.tables === "all") for (const t of s.tables.values()) deal(t.id);
      else for (const n of e.tables) deal(n);
    }
  };
  const tick = (): Result<void> => {
    for (let i = 0; i < 100; i++) {
      const t = d.run({ type: "tick", at: now });
      if (!t.ok) return t;
      if (t.value.length === 0) break;
    }
    return ok(undefined);
  };
  const first = d.run({ type: "table-settle", at: now, table: null });
  if (!first.ok) return first;
  dealt(first.value);
  let settles = 0;
  const max = (o.maxRounds ?? 1_000_000) * Math.max(1, s.tables.size);
  while (s.status === "running") {
    if (++settles > max) return fail(TOURNAMENT_ERRORS.tooLong, `no winner after ${max} settles`);
    const nextEnd = hands.nextEnd();
    if (s.onBreak) {
      // R-TRN-5: the add-on is taken during its break; tables deal again when it is over.
      const t0 = s.tables.values().next().value;
      const left = t0 !== undefined ? (levelFor(s, t0, now).remainingMs ?? mean) : mean;
      if (nextEnd === undefined || nextEnd >= now + left) {
        if (o.policy?.addOn !== undefined) {
          for (const e of [...s.entries.values()])
            if (e.alive && !playing.has(e.table) && o.policy.addOn(e.id, policyRng)) d.run({ type: "add-on", at: now, entry: e.id });
        }
        now += Math.max(1, left);
        const t = tick();
        if (!t.ok) return t;
        if (!s.onBreak) {
          const go = d.run({ type: "table-settle", at: now, table: null });
          if (!go.ok) return go;
          dealt(go.value);
        }
        continue;
      }
    }
    const h = hands.pop();
    if (h === undefined) return fail(TOURNAMENT_ERRORS.stuck, "no table is playing and nothing changed", { alive: s.alive, tables: s.tables.size });
    now = Math.max(now, h.end);
    playing.delete(h.table);
    const r = d.run({
      type: "hand",
      at: now,
      outcome: { table: h.table, hand: h.hand, entries: h.entries, startStacks: h.startStacks, stacks: h.stacks },
    });
    if (!r.ok) return r;
    const t = tick();
    if (!t.ok) return t;
    // R-TRN-4: each busted player rebuys or declines at once (the grace is for people online).
    for (const id of [...s.busted]) {
      if (s.entries.get(id)?.table !== h.table) continue;
      if (o.policy?.rebuy !== undefined && o.policy.rebuy(id, policyRng) && d.run({ type: "rebuy", at: now, entry: id }).ok) continue;
      if (awaitingRebuy(s, id, now)) d.run({ type: "decline-rebuy", at: now, entry: id });
    }
    const settled = d.run({ type: "table-settle", at: now, table: h.table });
    if (!settled.ok) return settled;
    const reEntered: TournamentEvent[] = [];
    if (o.policy?.reEnter !== undefined && s.status === "running") {
      for (const ev of settled.value) {
        if (ev.type !== "eliminated") continue;
        for (const id of ev.groups.flat()) {
          const player = s.entries.get(id)!.player;
          if (o.policy.reEnter(player, policyRng)) {
            const re = d.run({ type: "re-enter", at: now, player });
            if (re.ok) reEntered.push(...re.value);
          }
        }
      }
    }
    // R-TRN-5 by players left: each player still in is asked once, as their table's hand ends, while it is open.
    if (o.policy?.addOn !== undefined && s.addOnOpenedAt !== undefined && s.status === "running") {
      for (const id of s.tables.get(h.table)?.seats ?? []) {
        const e = id == null ? undefined : s.entries.get(id);
        if (e === undefined || !e.alive || e.addOns > 0 || askedAddOn.has(e.id)) continue;
        askedAddOn.add(e.id);
        if (o.policy.addOn(e.id, policyRng)) d.run({ type: "add-on", at: now, entry: e.id });
      }
    }
    dealt(settled.value);
    // A re-entry may seat someone at a table waiting for players: settle it to deal.
    for (const e of reEntered) {
      if (e.type !== "re-entered" || playing.has(e.table) || s.tables.get(e.table)?.inHand !== false) continue;
      const again = d.run({ type: "table-settle", at: now, table: e.table });
      if (again.ok) dealt(again.value);
    }
    o.onSettle?.(s, now);
    if (s.status === "running" && hands.size === 0 && !s.onBreak) {
      // Nothing dealing: settle with no table (the start, a finished hand-for-hand round).
      const nudge = d.run({ type: "table-settle", at: now, table: null });
      if (!nudge.ok) return nudge;
      dealt(nudge.value);
      if (hands.size === 0 && !s.onBreak && s.status === "running") {
        return fail(TOURNAMENT_ERRORS.stuck, "no table could deal a hand and nothing changed", { alive: s.alive, tables: s.tables.size });
      }
    }
  }
  return ok({ state: s, events: d.events, rounds: settles, endedAt: now });
}
