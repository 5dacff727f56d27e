// A live room's tournament (config.live): real cards at real tables, so the server deals
// nothing. It keeps the level clock (a timer at each level or break boundary ticks the
// director and stores the events), settles after every floor record (eliminations and
// places, hand-for-hand, balancing, broken tables, the final table, the end and its
// prizes), and turns the director's moves into instructions for the floor.
//
// Instructions: the director's seat map changes at once (a moved player is dealt in at the
// new seat from the next hand, and later balancing counts them there); the instruction
// stays listed until the floor confirms it was carried out. Play never waits for a
// confirmation: a real table cannot be held up by a console, so busts, counts and moves are
// taken at once. An instruction not yet carried out follows the player: a second move
// replaces it (from where they still physically sit), a bust removes it.
import type { ColourUpResult, FloorLogRow, Instruction } from "../../protocol/index.ts";
import { chipsIssuedInPlay, untilNextItemMs, type TournamentEvent } from "../../tournament/director/index.ts";
import type { TimerHandle } from "../clock.ts";
import { payPrizes } from "./tournament-money.ts";
import { clockTimerMs, playerNumberOf, type Rec, type TournamentPort } from "./tournament-port.ts";

interface Place {
  readonly tableNumber: number;
  readonly seat: number;
}

interface Pending {
  readonly id: string;
  kind: Instruction["kind"];
  readonly entry: string;
  /** Where the player physically sits (the director's seat before the first move not yet done). */
  readonly from: Place;
  readonly to: Place;
  /** The table the director moved them from in this move. */
  readonly fromTable: number;
}

/** A floor record as kept: the entries with their figures (a count's, or a bust's chips before it) and seats. */
export interface LogRow {
  readonly id: string;
  readonly at: number;
  readonly kind: FloorLogRow["kind"];
  readonly entries: readonly {
    readonly entry: string;
    readonly player: string;
    readonly stack: number | null;
    readonly before: number;
    readonly table: number;
    readonly seat: number;
  }[];
  undoes: string | null;
  undone: { at: number; reason: string } | null;
  readonly blindError?: FloorLogRow["blindError"];
  /** A reversal's money back to the player (pool part and fee), which the desk pays out. */
  refund?: { readonly player: string; readonly amount: number };
}

/** A desk payout as recorded. */
export type PaidOut = Extract<Rec, { type: "paid-out" }>["data"];

const LOG_KEPT = 2000;

export class LiveFloor {
  /** The floor's records in order, by id. */
  readonly log = new Map<string, LogRow>();
  /** The log row an undo in this append puts right (its record comes before its events). */
  private undoing: string | null = null;
  /** Instructions not yet carried out, oldest first. */
  readonly pending = new Map<string, Pending>();
  readonly confirmed = new Set<string>();
  /** Chip races applied: the answer per commandId. */
  readonly races = new Map<string, ColourUpResult>();
  /** Per removed chip: what it went into and the tables that raced it off. */
  readonly raced = new Map<number, { into: number; tables: Set<number> }>();
  /** The desk's payouts by item (director-desk.ts). */
  readonly paidOut = new Map<string, PaidOut>();
  /** When the floor last counted each entry's chips. */
  readonly countedAt = new Map<string, number>();
  private lastMoved: string[] = [];
  private timer: TimerHandle | null = null;

  constructor(private readonly t: TournamentPort) {}

  /** The instructions the floor still has to carry out. */
  list(): Instruction[] {
    const t = this.t;
    return [...this.pending.values()].slice(0, 1000).map((p) => {
      const e = t.dir.entries.get(p.entry);
      const number = e === undefined ? {} : playerNumberOf(t, e.player);
      return { id: p.id, kind: p.kind, entryId: p.entry, name: (e && t.names.get(e.player)) ?? "player", ...number, from: p.from, to: p.to };
    });
  }

  /** A new append: moves of an earlier one are not relabelled by this one's broken tables. */
  newBatch(): void {
    this.lastMoved = [];
    this.undoing = null;
  }

  /** The floor log as the wire shows it, oldest first. */
  logRows(): FloorLogRow[] {
    const name = (player: string) => this.t.names.get(player) ?? "player";
    return [...this.log.values()].map((r) => ({
      id: r.id,
      at: r.at,
      kind: r.kind,
      entries: r.entries.map((e) => ({ entryId: e.entry, name: name(e.player), ...playerNumberOf(this.t, e.player), stack: e.stack })),
      undoes: r.undoes,
      undone: r.undone,
      ...(r.blindError === undefined ? {} : { blindError: r.blindError }),
    }));
  }

  private logged(ev: TournamentEvent, version: number): void {
    const kind: LogRow["kind"] | null =
      ev.type === "busted"
        ? "bust"
        : ev.type === "counted"
          ? "count"
          : ev.type === "rebought"
            ? "rebuy"
            : ev.type === "added-on"
              ? "add-on"
              : ev.type === "re-entered"
                ? "re-entry"
                : ev.type === "reinstated"
                  ? "reinstated"
                  : ev.type === "reversed"
                    ? "reversed"
                    : ev.type === "blind-ruled"
                      ? "blind-error"
                      : null;
    if (kind === null) return;
    const d = this.t.dir;
    const row = (entry: string, stack: number | null) => {
      const e = d.entries.get(entry);
      return {
        entry,
        player: e?.player ?? (ev.type === "re-entered" ? ev.payment.player : ""),
        stack,
        before: e?.stack ?? 0,
        table: e?.table ?? 0,
        seat: e?.seat ?? 0,
      };
    };
    const entries =
      ev.type === "busted"
        ? ev.entries.map((id) => ({ ...row(id, null), stack: d.entries.get(id)?.stack ?? null }))
        : ev.type === "counted"
          ? ev.stacks.map(([id, n]) => row(id, n))
          : ev.type === "re-entered"
            ? [{ ...row(ev.entry, ev.payment.chips), player: ev.payment.player, table: ev.table, seat: ev.seat }]
            : ev.type === "reinstated"
              ? [{ ...row(ev.entry, ev.stack), table: ev.table, seat: ev.seat }]
              : ev.type === "rebought" || ev.type === "added-on" || ev.type === "reversed"
                ? [row(ev.entry, ev.payment.chips)]
                : ev.type === "blind-ruled"
                  ? [row(ev.skipped, null), row(ev.wrong, null)]
                  : [];
    const id = `f${version}`;
    const blindError =
      ev.type === "blind-ruled"
        ? { blindError: { tableNumber: ev.table, outcome: ev.outcome === "continue" ? ("continue-then-go-back" as const) : ("correct-now" as const) } }
        : {};
    const refund = ev.type === "reversed" ? { refund: { player: ev.payment.player, amount: ev.payment.toPool + ev.payment.fee } } : {};
    this.log.set(id, { id, at: ev.at, kind, entries, undoes: this.undoing, undone: null, ...blindError, ...refund });
    if (this.log.size > LOG_KEPT) this.log.delete(this.log.keys().next().value!);
  }

  /** Reads a director event before it is applied (the seats it changes are still as they were). */
  foldBefore(ev: TournamentEvent, version: number): void {
    this.logged(ev, version);
    if (ev.type === "counted") for (const [id] of ev.stacks) this.countedAt.set(id, ev.at);
    switch (ev.type) {
      case "moved":
        this.lastMoved = [];
        ev.moves.forEach((m, k) => {
          const e = this.t.dir.entries.get(m.entry);
          if (e === undefined) return;
          const prior = [...this.pending.values()].find((p) => p.entry === m.entry);
          const from = prior?.from ?? { tableNumber: e.table, seat: e.seat };
          if (prior !== undefined) this.pending.delete(prior.id);
          if (from.tableNumber === m.to && from.seat === m.seat) return;
          const id = `m${version}-${k + 1}`;
          this.pending.set(id, { id, kind: "balance", entry: m.entry, from, to: { tableNumber: m.to, seat: m.seat }, fromTable: m.from });
          this.lastMoved.push(id);
        });
        break;
      case "table-broken":
        // R-TBL-3: the moves that emptied a table break it.
        for (const id of this.lastMoved) {
          const p = this.pending.get(id);
          if (p !== undefined && p.fromTable === ev.table && p.kind === "balance") p.kind = "break-table";
        }
        break;
      case "final-table":
        for (const id of this.lastMoved) {
          const p = this.pending.get(id);
          if (p !== undefined && p.to.tableNumber === ev.table) p.kind = "final-table";
        }
        break;
      case "eliminated": {
        const gone = new Set(ev.groups.flat());
        for (const p of [...this.pending.values()]) if (gone.has(p.entry)) this.pending.delete(p.id);
        this.lastMoved = [];
        break;
      }
      default:
        this.lastMoved = [];
        break;
    }
  }

  foldRecord(x: Extract<Rec, { type: "instruction-confirmed" | "colour-up-raced" | "floor-undone" | "paid-out" }>): void {
    if (x.type === "paid-out") {
      this.paidOut.set(x.data.item, x.data);
      return;
    }
    if (x.type === "floor-undone") {
      const row = this.log.get(x.data.id);
      if (row !== undefined) row.undone = { at: x.data.at, reason: x.data.reason };
      this.undoing = x.data.id;
      return;
    }
    if (x.type === "instruction-confirmed") {
      this.pending.delete(x.data.id);
      this.confirmed.add(x.data.id);
      return;
    }
    const { commandId, table, result } = x.data;
    this.races.set(commandId, result);
    const r = this.raced.get(result.remove) ?? { into: result.into, tables: new Set<number>() };
    r.tables.add(table);
    this.raced.set(result.remove, r);
  }

  // ---- the clock and settling ----

  /** The director catches up with the clock: level changes and breaks up to now. */
  async tick(): Promise<void> {
    const t = this.t;
    for (let i = 0; i < 50; i++) {
      const r = await t.run({ type: "tick", at: t.now() });
      if (!r.ok || r.value === 0) break;
    }
  }

  /** After a floor record or at a clock boundary: tick, settle, pay prizes at the end, re-arm the clock. */
  async settle(): Promise<void> {
    const t = this.t;
    if (t.closed || t.dir.status !== "running") return this.disarm();
    await this.tick();
    const s = await t.run({ type: "settle", at: t.now() });
    if (!s.ok) t.svc.log(`tournament ${t.id}: settle refused: ${s.error.message}`);
    if ((t.dir.status as string) === "finished") {
      this.disarm();
      await payPrizes(t);
      return;
    }
    this.armClock();
  }

  /** A timer at the end of the current level or break (none while paused). */
  armClock(): void {
    this.disarm();
    const t = this.t;
    if (t.dir.config === null || !t.isLive || t.closed || t.dir.status !== "running" || t.paused) return;
    const left = untilNextItemMs(t.dir, t.now());
    if (left === null) return;
    this.timer = t.svc.clock.after(clockTimerMs(left), () => void t.enqueue(() => this.settle()));
  }

  close(): void {
    this.disarm();
  }

  private disarm(): void {
    this.timer?.cancel();
    this.timer = null;
  }
}

export interface StackFigure {
  readonly stack: number;
  /** When the floor counted it (null: an estimate). */
  readonly countedAt: number | null;
}

/**
 * Each entry still in, with its chips. Online the server sees every hand, so the
 * stacks are exact. A live room's busts pass chips on unseen: an entry the floor counted
 * keeps its count (and when it was taken); the chips nobody counted (chips in play less the
 * counts) are shared among the others in proportion to what they were issued.
 */
export function stacksOf(t: TournamentPort): Map<string, StackFigure> {
  const out = new Map<string, StackFigure>();
  const alive = [...t.dir.entries.values()].filter((e) => e.alive);
  if (!t.isLive) {
    for (const e of alive) out.set(e.id, { stack: e.stack, countedAt: t.dir.now });
    return out;
  }
  const counted = alive.filter((e) => t.live.countedAt.has(e.id));
  const rest = alive.filter((e) => !t.live.countedAt.has(e.id));
  for (const e of counted) out.set(e.id, { stack: e.stack, countedAt: t.live.countedAt.get(e.id)! });
  const left = Math.max(0, chipsIssuedInPlay(t.dir) - counted.reduce((a, e) => a + e.stack, 0));
  const weight = rest.reduce((a, e) => a + Math.max(0, e.stack), 0);
  let given = 0;
  const shares = rest.map((e) => {
    const share = weight > 0 ? Math.floor((left * Math.max(0, e.stack)) / weight) : Math.floor(left / rest.length);
    given += share;
    return share;
  });
  // The odd chips of the rounding go to the first uncounted entries, one each.
  rest.forEach((e, i) => out.set(e.id, { stack: shares[i]! + (i < left - given ? 1 : 0), countedAt: null }));
  return out;
}
