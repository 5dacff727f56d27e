// What bench/pace.ts measured, read from the run's SQLite file after it: every
// hand in the measured window with the players dealt in, its play time (hand-started → its
// last action) and the gap before it (the table's previous hand's end → this start), and
// where each gap went. A gap is cut into consecutive spans along the path a table takes
// between hands; the part of it within the pause between hands counts as the pause, only
// what lies beyond the pause is a wait:
//   queue     the previous hand's end → its settle starts in the tournament's one queue
//             (other tables' settles ahead of it);
//   record    its settle starts → the hand's record is stored;
//   settle    → the director's `dealing` that names the table (the table-settle itself);
//   player    the same span when the table waited for a player owed to it (R-TBL-2: the
//             short table waits for the giver's current hand);
//   break, hand-for-hand, final table   the same span when it waited for those;
//   seats     `dealing` → the table's last seat change (moves in and out, stacks);
//   deal      → the hand started (the pause's timer, the deal's own append).
// Hands are counted in the window by their end (as the director records them); table-time is the tables alive × time
// (a finished tournament's table is no longer alive).
//
// Run: npx tsx bench/pace-measure.ts DIR [--lone DIR]   (DIRs kept by bench/pace.ts --keep)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

export const SPANS = ["play", "pause", "queue", "record", "settle", "player", "break", "hand-for-hand", "final table", "seats", "deal"] as const;
export type Span = (typeof SPANS)[number];

export interface HandRow {
  readonly tournament: string;
  readonly table: number;
  readonly hand: number;
  readonly players: number;
  readonly start: number;
  readonly play: number;
  /** Actions in it, and how many of them the action clock made (a bot too late). */
  readonly actions: number;
  readonly timeouts: number;
  /** The gap before it (null: the table's first hand). */
  readonly gap: number | null;
  /** Why the gap lasted beyond the pause (its longest wait), or "pause" (at most 50 ms beyond it). */
  readonly cause: Span;
  readonly spans: Partial<Record<Span, number>>;
}

export interface Measured {
  readonly hands: HandRow[];
  /** Table-hours alive in the window. */
  readonly tableHours: number;
  /** Hands recorded by the director in the window (what bench/pace.ts counts). */
  readonly recorded: number;
  /** Tables alive at the window's start and end. */
  readonly tables: [number, number];
  /** Tables that waited for a player (R-TBL-2): from the end of the giver's hand to the short table's release (ms). */
  readonly lateAfterGiver: number[];
}

interface Row {
  readonly version: number;
  readonly type: string;
  readonly data: string;
  readonly recorded_at: number;
}

interface TableHandRec {
  hand: number;
  players: number;
  start: number;
  end: number;
  actions: number;
  timeouts: number;
  /** The last seat change before it (recorded time), between the previous hand and this one. */
  seatsBefore: number | null;
}

/** One tournament's hands from its table streams and its director's stream. */
export function measureTournament(path: string, id: string, from: number, to: number, pauseMs: number): Measured {
  const sq = new Database(path, { readonly: true });
  try {
    const tStream = sq.prepare("SELECT version, type, data, recorded_at FROM events WHERE stream = ? ORDER BY version").all(`tournament:${id}`) as Row[];
    const streams = sq.prepare("SELECT stream FROM streams WHERE substr(stream, 1, length(?)) = ?").all(`table:${id}-t`, `table:${id}-t`) as {
      stream: string;
    }[];
    const tables = new Map<number, TableHandRec[]>();
    for (const { stream } of streams) {
      const n = Number(stream.slice(`table:${id}-t`.length));
      const hands: TableHandRec[] = [];
      let seats: number | null = null;
      for (const r of sq.prepare("SELECT version, type, data, recorded_at FROM events WHERE stream = ? ORDER BY version").iterate(stream) as Iterable<Row>) {
        if (r.type === "hand-started") {
          const d = JSON.parse(r.data) as { handNumber: number; at: number; positions: { order: unknown[] } };
          hands.push({ hand: d.handNumber, players: d.positions.order.length, start: d.at, end: d.at, actions: 0, timeouts: 0, seatsBefore: seats });
          seats = null;
        } else if (r.type === "acted") {
          const h = hands[hands.length - 1];
          const d = JSON.parse(r.data) as { at: number; timeout: boolean };
          if (h !== undefined) {
            h.end = Math.max(h.end, d.at);
            h.actions++;
            if (d.timeout) h.timeouts++;
          }
        } else if (r.type === "seated" || r.type === "unseated" || r.type === "stack-set") seats = r.recorded_at;
      }
      tables.set(n, hands);
    }
    return fromStreams(id, tStream, tables, from, to, pauseMs);
  } finally {
    sq.close();
  }
}

interface Director {
  readonly version: number;
  readonly at: number;
  readonly recorded: number;
  readonly e: { type: string; at: number; [k: string]: unknown };
}

function fromStreams(id: string, rows: readonly Row[], tables: ReadonlyMap<number, TableHandRec[]>, from: number, to: number, pauseMs: number): Measured {
  // The director's stream, walked once: table-time, and per recorded hand where its settle went.
  const dir: Director[] = [];
  const recordedAt = new Map<string, { started: number; stored: number; index: number }>();
  let alive = 0;
  let at = from;
  let tableMs = 0;
  let recorded = 0;
  const step = (t: number) => {
    const a = Math.max(at, from);
    const b = Math.min(t, to);
    if (b > a) tableMs += (b - a) * alive;
    at = Math.max(at, t);
  };
  let lastPlayed: Director | null = null;
  /** The hand whose record came last before each director event (table, hand number). */
  const after: ([number, number] | null)[] = [];
  let lastRec: [number, number] | null = null;
  let first = -1;
  let last = 0;
  for (const r of rows) {
    if (r.type === "hand-recorded") {
      const d = JSON.parse(r.data) as { table: number; handNumber: number };
      if (lastPlayed !== null) recordedAt.set(`${d.table}:${d.handNumber}`, { started: lastPlayed.at, stored: r.recorded_at, index: dir.length });
      lastRec = [d.table, d.handNumber];
      continue;
    }
    if (r.type !== "director") continue;
    const e = JSON.parse(r.data) as Director["e"];
    const x = { version: r.version, at: e.at, recorded: r.recorded_at, e };
    dir.push(x);
    after.push(lastRec);
    step(e.at);
    if (e.type === "started") alive = (e["tables"] as unknown[]).length;
    else if (e.type === "table-broken") alive--;
    else if (e.type === "finished") alive = 0;
    else if (e.type === "hand-played") {
      lastPlayed = x;
      if (e.at >= from && e.at <= to) recorded++;
    }
    if (e.at <= from) first = alive;
    if (e.at <= to) last = alive;
  }
  step(to);
  // The director's state along its stream, for the causes: who is owed a player, break, hand-for-hand.
  const owes = new Map<number, number[]>();
  const stateAt: { waiting: Set<number>; onBreak: boolean; h4h: boolean; final: boolean }[] = [];
  let onBreak = false;
  let h4h = false;
  for (const x of dir) {
    const e = x.e;
    if (e.type === "owed") for (const [g, list] of e["owes"] as [number, number[]][]) owes.set(g, list);
    else if (e.type === "table-broken") owes.delete(e["table"] as number);
    else if (e.type === "break-started") onBreak = true;
    else if (e.type === "level-started") onBreak = false;
    else if (e.type === "hand-for-hand") h4h = e["on"] as boolean;
    const waiting = new Set<number>();
    for (const l of owes.values()) for (const t of l) waiting.add(t);
    stateAt.push({ waiting, onBreak, h4h, final: e.type === "final-table" });
  }
  const hands: HandRow[] = [];
  const lateAfterGiver: number[] = [];
  for (const [n, list] of tables) {
    list.forEach((h, i) => {
      // The hands the director recorded, in the window: those that ended in it (a hand still in play has no record).
      if (h.end < from || h.end > to || !recordedAt.has(`${n}:${h.hand}`)) return;
      const prev = list[i - 1];
      const spans: Partial<Record<Span, number>> = { play: h.end - h.start };
      const row = {
        tournament: id,
        table: n,
        hand: h.hand,
        players: h.players,
        start: h.start,
        play: h.end - h.start,
        actions: h.actions,
        timeouts: h.timeouts,
      };
      if (prev === undefined) return void hands.push({ ...row, gap: null, cause: "pause", spans });
      const E = prev.end;
      const S = h.start;
      const rec = recordedAt.get(`${n}:${prev.hand}`);
      // Consecutive marks along the gap; each span is cut at the pause's end.
      const marks: [Span, number][] = [];
      let cause: Span = "settle";
      if (rec !== undefined) {
        marks.push(["queue", rec.started], ["record", rec.stored]);
        // The first `dealing` after the record that names this table.
        let j = rec.index;
        let released: Director | null = null;
        for (; j < dir.length; j++) {
          const d = dir[j]!;
          const st = stateAt[j]!;
          if (st.onBreak || d.e.type === "break-started") cause = "break";
          else if (st.h4h && cause === "settle") cause = "hand-for-hand";
          else if (st.final && cause !== "break") cause = "final table";
          else if (st.waiting.has(n) && cause === "settle") cause = "player";
          if (d.e.type === "dealing" && (d.e["tables"] === "all" || (d.e["tables"] as number[]).includes(n))) {
            released = d;
            break;
          }
          if (d.recorded > S) break;
        }
        marks.push([cause, released?.recorded ?? S]);
        // A table that waited for a player: how long after the giver's hand ended it was released.
        const giver = released === null ? null : after[j];
        const g = giver == null ? undefined : tables.get(giver[0])?.find((x) => x.hand === giver[1]);
        if (cause === "player" && released !== null && g !== undefined && giver![0] !== n) lateAfterGiver.push(released.recorded - g.end);
      }
      if (h.seatsBefore !== null) marks.push(["seats", h.seatsBefore]);
      marks.push(["deal", S]);
      const pauseEnd = E + pauseMs;
      let t = E;
      spans.pause = Math.min(S, pauseEnd) - E;
      // A gap within 50 ms of the pause counts as the pause alone.
      let longest: [Span, number] = ["pause", 50];
      for (const [span, until] of marks) {
        const end = Math.min(Math.max(until, t), S);
        const beyond = Math.max(0, end - Math.max(t, pauseEnd));
        if (beyond > 0) {
          spans[span] = (spans[span] ?? 0) + beyond;
          if (beyond > longest[1]) longest = [span, beyond];
        }
        t = end;
      }
      hands.push({ ...row, gap: S - E, cause: longest[0], spans });
    });
  }
  return { hands, tableHours: tableMs / 3_600_000, recorded, tables: [first, last], lateAfterGiver };
}

interface Run {
  readonly ids: string[];
  readonly alongside?: string[];
  readonly from: number;
  readonly to: number;
  readonly scale: number;
  readonly players: number;
  readonly tournaments: number;
  readonly loadavg: number;
}

/** A run kept by bench/pace.ts --keep: its field, or the lone tables that ran alongside it (--alongside). */
export function measureRun(dir: string, which: "field" | "alongside" = "field"): { run: Run; m: Measured } {
  const run = JSON.parse(readFileSync(join(dir, "run.json"), "utf8")) as Run;
  const pause = Math.round(2_000 * run.scale);
  return { run, m: measureAll(join(dir, "pace.sqlite"), which === "field" ? run.ids : (run.alongside ?? []), run.from, run.to, pause) };
}

/** Several tournaments measured as one. */
export function measureAll(path: string, ids: readonly string[], from: number, to: number, pauseMs: number): Measured {
  const all = ids.map((id) => measureTournament(path, id, from, to, pauseMs));
  return {
    hands: all.flatMap((x) => x.hands),
    tableHours: sum(all.map((x) => x.tableHours)),
    recorded: sum(all.map((x) => x.recorded)),
    tables: [sum(all.map((x) => x.tables[0])), sum(all.map((x) => x.tables[1]))],
    lateAfterGiver: all.flatMap((x) => x.lateAfterGiver),
  };
}

/** Mean time a hand at k players takes at a table (its play and the gap before it), over hands that had a gap. */
export interface BySize {
  hands: number;
  /** Means per hand (ms; actions). */
  play: number;
  gap: number;
  actions: number;
  timeouts: number;
}

export function cycleByPlayers(m: Measured): Map<number, BySize> {
  const by = new Map<number, BySize>();
  for (const h of m.hands) {
    if (h.gap === null) continue;
    const x = by.get(h.players) ?? { hands: 0, play: 0, gap: 0, actions: 0, timeouts: 0 };
    x.hands++;
    x.play += h.play;
    x.gap += h.gap;
    x.actions += h.actions;
    x.timeouts += h.timeouts;
    by.set(h.players, x);
  }
  for (const x of by.values()) {
    x.play /= x.hands;
    x.gap /= x.hands;
    x.actions /= x.hands;
    x.timeouts /= x.hands;
  }
  return by;
}

const sum = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0);
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const sec = (ms: number) => (ms / 1000).toFixed(2);

/**
 * The share of a lone table's pace at the same table sizes: the lone tables' mean time for a
 * hand at k players (play and the gap before it), summed over this run's hands, per hour of
 * this run's table-time, divided by the same sum over the lone tables' own hands per hour of
 * theirs. Both are counted the same way (hands recorded in the window over table-time in it),
 * so the window's edges weigh the same on both; a run of the lone tables compared with
 * itself is 100%.
 */
export function bySize(m: Measured, lone: Measured, ref = cycleByPlayers(lone)): number {
  const at = lookup(ref);
  const want = (x: Measured) => sum(x.hands.map((h) => at(h.players)));
  return want(m) / m.tableHours / (want(lone) / lone.tableHours);
}

/** The lone tables' mean time for a hand at k players; a size they played fewer than 5 hands at is drawn between its neighbours (or the nearest). */
function lookup(ref: ReadonlyMap<number, BySize>): (k: number) => number {
  const known = [...ref]
    .filter(([, y]) => y.hands >= 5)
    .map(([k, y]) => [k, y.play + y.gap] as const)
    .sort((a, b) => a[0] - b[0]);
  return (k) => {
    const lo = known.filter(([j]) => j <= k).at(-1);
    const hi = known.find(([j]) => j >= k);
    if (lo === undefined || hi === undefined) return (lo ?? hi ?? [0, NaN])[1];
    return lo[0] === hi[0] ? lo[1] : lo[1] + ((hi[1] - lo[1]) * (k - lo[0])) / (hi[0] - lo[0]);
  };
}

/**
 * Another standardisation, less noisy where the lone tables played few hands at a size: this
 * run's own hands (the bots' actions in each) at the lone tables' mean time per action and
 * their mean gap between hands, over the time this run's hands took. It compares what Felt
 * adds per action and between hands, and leaves out how many actions the bots made.
 */
export function byAction(m: Measured, lone: Measured): number {
  const acts = (x: Measured) => sum(x.hands.filter((h) => h.gap !== null).map((h) => h.actions));
  const play = (x: Measured) => sum(x.hands.filter((h) => h.gap !== null).map((h) => h.play));
  const gaps = (x: Measured) => x.hands.filter((h) => h.gap !== null).map((h) => h.gap!);
  const perAction = play(lone) / acts(lone);
  const gap = sum(gaps(lone)) / gaps(lone).length;
  const mine = m.hands.filter((h) => h.gap !== null);
  return (perAction * acts(m) + gap * mine.length) / (play(m) + sum(gaps(m)));
}

export function report(name: string, m: Measured, lone?: Measured): string {
  const out: string[] = [];
  const withGap = m.hands.filter((h) => h.gap !== null);
  const total = withGap.reduce((a, h) => a + h.play + h.gap!, 0);
  out.push(
    `${name}: ${m.hands.length} hands ended in the window (${m.recorded} recorded in it) on ${m.tables[0]} → ${m.tables[1]} tables, ${m.tableHours.toFixed(3)} table-hours: ${(m.recorded / m.tableHours).toFixed(0)} per table-hour`,
  );
  out.push(`where a table's time went (hands with a gap before them, ${withGap.length}; ${sec(total / Math.max(1, withGap.length))} s a hand):`);
  for (const s of SPANS) {
    const v = withGap.reduce((a, h) => a + (h.spans[s] ?? 0), 0);
    if (v === 0) continue;
    const share = v / total;
    out.push(`  ${s.padEnd(14)} ${sec(v / withGap.length).padStart(6)} s ${pct(share).padStart(4)} ${"#".repeat(Math.round(share * 50))}`);
  }
  const causes = new Map<Span, number>();
  for (const h of withGap) causes.set(h.cause, (causes.get(h.cause) ?? 0) + 1);
  const late = [...m.lateAfterGiver].sort((a, b) => a - b);
  if (late.length > 0)
    out.push(
      `a short table waiting for a player is released ${sec(sum(late) / late.length)} s on average after the giver's hand ends (median ${sec(late[late.length >> 1]!)}, max ${sec(late[late.length - 1]!)}; ${late.length} waits)`,
    );
  out.push(
    `gaps by their longest wait beyond the pause: ${[...causes]
      .sort((a, b) => b[1] - a[1])
      .map(([c, k]) => `${c} ${k}`)
      .join(", ")}`,
  );
  const mine = cycleByPlayers(m);
  const ref = lone === undefined ? null : cycleByPlayers(lone);
  const cols = (x: BySize | undefined) =>
    x === undefined
      ? "      - |      - |      - |       - |      -"
      : `${String(x.hands).padStart(6)} | ${sec(x.play).padStart(6)} | ${sec(x.gap).padStart(6)} | ${x.actions.toFixed(1).padStart(7)} | ${sec(x.play / Math.max(1, x.actions)).padStart(6)}`;
  out.push(`players |  hands | play s |  gap s | actions | s/act${ref === null ? "" : " | lone: hands | play s |  gap s | actions | s/act"}`);
  for (const k of [...mine.keys(), ...(ref?.keys() ?? [])].filter((k, i, a) => a.indexOf(k) === i).sort((a, b) => b - a)) {
    out.push(`${String(k).padStart(7)} | ${cols(mine.get(k))}${ref === null ? "" : `       | ${cols(ref.get(k))}`}`);
  }
  const acts = sum(withGap.map((h) => h.actions));
  out.push(
    `actions: ${acts}, ${sec(sum(withGap.map((h) => h.play)) / Math.max(1, acts))} s each on average (the bots think ${sec(1000 * 0.25 * 2.6)} s on average at × 0.25), ${sum(withGap.map((h) => h.timeouts))} by the action clock`,
  );
  if (lone !== undefined && ref !== null) {
    const raw = m.recorded / m.tableHours / (lone.recorded / lone.tableHours);
    out.push(
      `share of a lone table: raw ${pct(raw)}; by table size ${pct(bySize(m, lone, ref))} (the lone tables' rate at this run's table sizes); by action ${pct(byAction(m, lone))} (this run's hands at the lone tables' time per action and gap)`,
    );
  }
  return out.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dir = args[0]!;
  const li = args.indexOf("--lone");
  const { run, m } = measureRun(dir);
  const along = (run.alongside ?? []).length > 0 ? measureRun(dir, "alongside").m : undefined;
  const lone = li >= 0 ? measureRun(args[li + 1]!).m : along;
  console.log(report(`${run.tournaments} × ${run.players} players (load average ${run.loadavg.toFixed(1)} at the end)`, m, lone));
  if (along !== undefined) console.log(report(`${along.tables[0]} lone tables alongside`, along));
}
