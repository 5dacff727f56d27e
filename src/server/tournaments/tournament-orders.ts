// What a tournament's director tells one of its online tables (table-order.ts):
// the seating it wants there (alive entries, their stacks, their names) and, when the
// director has named the table to deal and its clock runs, the permit for the next hand
// with the blinds of the level in force (R-TRN-1) and of the next few levels, so the hand
// started after the pause between hands takes the level then in force. Built from the
// director's state alone: a director loaded after a failover builds the same order.
import {
  handSetup,
  isPaused,
  levelFor,
  levelInGame,
  mixedByOrbit,
  ruledHand,
  seatedLive,
  type TableState,
  type TournamentState,
} from "../../tournament/director/index.ts";
import { playedBlinds, type Level } from "../../tournament/structure/index.ts";
import { orderId, type BlindsFrom, type OrderSeat, type Permit, type TableOrder } from "../tables/table-order.ts";
import type { Blinds } from "../tables/table-state.ts";

/** Level changes a permit carries beyond the one in force (a table normally deals within seconds). */
const AHEAD = 4;

function blindsOf(level: Level): Blinds {
  const b = playedBlinds(level);
  return {
    sb: b.sb,
    bb: b.bb,
    ante: b.ante,
    ...(level.bigBlindAnte ? { bigBlindAnte: true } : {}),
    // R-BET-9: a limit level of mixed hold'em is dealt as fixed limit (playedBlinds gives its limit blinds).
    ...(level.game === "limit" ? { limit: true as const } : {}),
  } as Blinds;
}

/** The blinds of the level in force at table `table` at `now` (R-TRN-1), from the director's state alone. */
export function blindsNow(dir: TournamentState, table: TableState, now: number): Blinds {
  return blindsOf(levelFor(dir, table, now).level);
}

/** The permit for table `n`'s next hand, or null when it may not deal now. */
export function permitFor(dir: TournamentState, table: TableState, recorded: number, now: number, running: boolean): Permit | null {
  if (!running || dir.status !== "running" || isPaused(dir) || dir.onBreak || !table.inHand) return null;
  const setup = handSetup(dir, table, now);
  if (setup === null) return null;
  const blinds: BlindsFrom[] = [{ from: 0, blinds: blindsOf(setup.level) }];
  // R-BET-9 by orbit: the next hand's game is the table's orbit's, whichever level it starts in.
  const game = dir.config !== null && mixedByOrbit(dir.config.structure) ? (setup.level.game ?? "no-limit") : null;
  let at = now;
  for (let i = 0; i < AHEAD; i++) {
    const c = levelFor(dir, table, at);
    if (c.remainingMs === null) break;
    at += Math.max(1, c.remainingMs);
    const level = levelFor(dir, table, at).level;
    blinds.push({ from: at, blinds: blindsOf(game === null ? level : levelInGame(level, game)) });
  }
  // R-POT-4: the hand splits its pots in the smallest chip in play, so every stack stays one
  // the next colour-up can exchange.
  const unit = setup.config.chipUnit ?? 1;
  const chips = unit === 1 ? {} : { chipUnit: unit };
  // R-BTN-5: a ruled hand is dealt where the ruling put the button and blinds (the table knows players, not entries).
  const ruled = ruledHand(table, seatedLive(dir, table));
  if (ruled === null) return { handNumber: recorded + 1, blinds, ...chips };
  const { level: _level, ...hand } = ruled;
  const player = (p: { seat: number; player: string }) => ({ seat: p.seat, player: dir.entries.get(p.player)?.player ?? p.player });
  const positions = { ...hand, order: hand.order.map(player), ...(hand.waiting === undefined ? {} : { waiting: hand.waiting.map(player) }) };
  return { handNumber: recorded + 1, blinds, positions, ...chips };
}

export interface OrderInput {
  readonly dir: TournamentState;
  readonly names: ReadonlyMap<string, string>;
  readonly tableId: string;
  /** The director's table; null: it was broken (everyone leaves, no permit). */
  readonly table: TableState | null;
  /** The table's last hand the director recorded. */
  readonly recorded: number;
  /** R-TRN-9: each entry's time bank left (absent: the whole bank); a player seated at the table brings it. */
  readonly banks?: ReadonlyMap<string, number>;
  /** The director's stream version: the order's id. */
  readonly version: number;
  readonly now: number;
  /** False once the tournament stopped here (closed): no permit. */
  readonly running: boolean;
}

export function orderFor(x: OrderInput): TableOrder {
  const seats: OrderSeat[] = [];
  x.table?.seats.forEach((id, i) => {
    const e = id == null ? undefined : x.dir.entries.get(id);
    if (id == null || e === undefined || !e.alive) return;
    const bankMs = x.banks?.get(id);
    seats.push({ seat: i + 1, playerId: e.player, name: x.names.get(e.player) ?? "player", stack: e.stack, ...(bankMs === undefined ? {} : { bankMs }) });
  });
  return {
    id: orderId(x.tableId, x.version),
    afterHand: x.recorded,
    seats,
    permit: x.table === null ? null : permitFor(x.dir, x.table, x.recorded, x.now, x.running),
  };
}
