import type { LobbyTournament, Permission, Structure, TournamentView, Variant, Level, DenyReason } from "../../../../src/protocol/index.ts";
import { payoutTable } from "./mock-data.ts";

// The mock server's tournament: entries, a clock derived from the start time and pauses.

export interface MEntry {
  entryId: string;
  userId: string;
  name: string;
  stack: number;
  state: "registered" | "playing" | "busted";
  tableNumber: number | null;
  seat: number | null;
  rebuys: number;
  addOn: boolean;
  place: number | null;
  bustedAt: number | null;
  /** R-TRN-4: busted at 0 chips, the seat kept until this instant to rebuy (absent or null otherwise). */
  rebuyUntil?: number | null;
}

export interface MTournament {
  id: string;
  name: string;
  kind: "online" | "live";
  variant: Variant;
  status: LobbyTournament["status"];
  startsAt: number;
  buyIn: number;
  fee: number;
  guarantee: number;
  maxEntries: number | null;
  structure: Structure;
  reEntry: boolean;
  rebuy: boolean;
  addOn: boolean;
  lateRegLevels: number;
  startedAt: number | null;
  pausedAt: number | null;
  pausedMs: number;
  entries: MEntry[];
  chips: number[];
  version: number;
  /** Tables that have raced off each chip (R-CHIP-3); the chip leaves play once all have. */
  raced?: Record<number, number[]>;
  /** An accepted deal: the amount each player left took. */
  deal?: Record<string, number>;
}

export interface ClockState {
  levelIndex: number; // index into structure.levels
  levelNumber: number; // 1-based among playing levels
  leftMs: number;
  endsAt: number | null;
}

export function clockOf(t: MTournament, now: number): ClockState | null {
  if (t.startedAt === null) return null;
  const elapsed = (t.pausedAt ?? now) - t.startedAt - t.pausedMs;
  let at = 0;
  let levelNumber = 0;
  for (let i = 0; i < t.structure.levels.length; i++) {
    const l = t.structure.levels[i]!;
    if (l.kind === "level") levelNumber += 1;
    const end = at + l.minutes * 60_000;
    if (elapsed < end || i === t.structure.levels.length - 1) {
      const leftMs = Math.max(0, end - elapsed);
      return { levelIndex: i, levelNumber: Math.max(1, levelNumber), leftMs, endsAt: t.pausedAt === null ? now + leftMs : null };
    }
    at = end;
  }
  return null;
}

const levelAt = (t: MTournament, index: number, number: number): Level | null => {
  const l = t.structure.levels[index];
  return l && l.kind === "level" ? { number, blinds: { sb: l.sb, bb: l.bb, ante: l.ante }, durationMs: l.minutes * 60_000 } : null;
};

export function counts(t: MTournament) {
  const entries = t.entries.length;
  const playersLeft = t.entries.filter((e) => e.state !== "busted").length;
  const rebuys = t.entries.reduce((a, e) => a + e.rebuys, 0);
  const addOns = t.entries.filter((e) => e.addOn).length;
  const prizePool = Math.max(t.guarantee, (entries + rebuys + addOns) * t.buyIn);
  const totalChips = t.entries.reduce((a, e) => a + e.stack, 0);
  return { entries, playersLeft, rebuys, addOns, prizePool, totalChips };
}

export function tournamentView(t: MTournament, now: number): TournamentView {
  const c = counts(t);
  const clock = clockOf(t, now);
  let level: Level | null = null;
  let nextLevel: Level | null = null;
  let nextBreak: TournamentView["nextBreak"] = null;
  let onBreak = false;
  if (clock) {
    const cur = t.structure.levels[clock.levelIndex]!;
    onBreak = cur.kind === "break";
    // On a break the clock shows the level just played; the next level is the one after.
    let lastLevelIdx = clock.levelIndex;
    while (lastLevelIdx > 0 && t.structure.levels[lastLevelIdx]!.kind !== "level") lastLevelIdx--;
    level = levelAt(t, lastLevelIdx, clock.levelNumber);
    let n = clock.levelNumber;
    let minutesAhead = clock.leftMs / 60_000;
    for (let i = clock.levelIndex + 1; i < t.structure.levels.length; i++) {
      const l = t.structure.levels[i]!;
      if (l.kind === "level") {
        n += 1;
        nextLevel ??= levelAt(t, i, n);
      } else if (nextBreak === null) {
        nextBreak = { at: Math.round(now + minutesAhead * 60_000), durationMs: l.minutes * 60_000 };
      }
      if (nextLevel && nextBreak) break;
      minutesAhead += l.minutes;
    }
  }
  return {
    tournamentId: t.id,
    name: t.name,
    status: t.status,
    version: t.version,
    level,
    endsAt: clock?.endsAt ?? null,
    timeLeftMs: clock?.leftMs ?? 0,
    onBreak,
    nextLevel,
    nextBreak,
    lateRegistrationEndsAt: lateRegistrationOf(t).endsAt,
    lateRegistrationEndsLevel: lateRegistrationOf(t).endsLevel,
    playersLeft: c.playersLeft,
    entries: c.entries,
    rebuys: c.rebuys,
    addOns: c.addOns,
    averageStack: c.playersLeft > 0 ? Math.round(c.totalChips / c.playersLeft) : 0,
    totalChips: c.totalChips,
    prizePool: c.prizePool,
    payouts: payoutTable(c.prizePool, Math.max(c.entries, 2)),
    payoutsFixed: true,
    chips: t.chips,
    serverTime: now,
  };
}

function permissions(t: MTournament, userId: string | null, balance: number, now: number): LobbyTournament["actions"] {
  const deny = (reason: DenyReason): Permission => ({ allowed: false, reason });
  const allow = (cost: number): Permission => ({ allowed: true, cost });
  if (userId === null) {
    const d = deny("sign-in-required");
    return { register: d, unregister: d, reEnter: d, rebuy: d, addOn: d };
  }
  const mine = t.entries.filter((e) => e.userId === userId);
  const live = mine.find((e) => e.state !== "busted");
  const clock = clockOf(t, now);
  const levelNo = clock?.levelNumber ?? 0;
  const over = t.status === "finished" || t.status === "cancelled";
  const lateOpen = !over && (t.startedAt === null || levelNo <= t.lateRegLevels);
  const cost = t.buyIn + t.fee;
  const funds = (p: Permission): Permission => (p.allowed && balance < p.cost ? deny("insufficient-funds") : p);
  const register = over ? deny("tournament-over") : t.status === "announced" ? deny("not-open-yet") : live || mine.length > 0 ? deny("already-registered") : !lateOpen ? deny("late-registration-over") : funds(allow(cost));
  const unregister = !live ? deny("not-registered") : t.startedAt !== null ? deny("tournament-started") : allow(0);
  const reEnter = !t.reEntry ? deny("re-entry-not-offered") : mine.length === 0 ? deny("not-registered") : live ? deny("still-playing") : !lateOpen ? deny("re-entry-closed") : funds(allow(cost));
  const rebuy = !t.rebuy ? deny("rebuy-not-offered") : !live ? deny("not-registered") : levelNo > 6 ? deny("rebuy-period-over") : live.stack > t.structure.startingStack ? deny("stack-too-large") : funds(allow(t.buyIn));
  const addOn = !t.addOn ? deny("add-on-not-offered") : !live ? deny("not-registered") : live.addOn ? deny("add-on-taken") : !(clock && t.structure.levels[clock.levelIndex]?.kind === "break") ? deny("add-on-not-open") : funds(allow(t.buyIn));
  return { register, unregister, reEnter, rebuy, addOn };
}

/** R-TRN-4: the entry busted and may still rebuy until its `rebuyUntil`. */
export function awaitingRebuy(e: MEntry, now: number): boolean {
  return e.state === "playing" && e.rebuyUntil != null && e.rebuyUntil > now;
}

/** The entry is out: the next place down (the players left), and the end when one is left. */
export function bustOut(t: MTournament, e: MEntry, now: number): void {
  const left = t.entries.filter((x) => x.state !== "busted").length;
  Object.assign(e, { state: "busted", place: left, bustedAt: now, stack: 0, tableNumber: null, seat: null, rebuyUntil: null });
  const alive = t.entries.filter((x) => x.state !== "busted");
  if (alive.length === 1) {
    Object.assign(alive[0]!, { place: 1 });
    t.status = "finished";
  }
}

/** The grace is over for entries that neither rebought nor declined: they are out. True when any went. */
export function settleRebuyGrace(t: MTournament, now: number): boolean {
  const over = t.entries.filter((e) => e.state === "playing" && e.rebuyUntil != null && e.rebuyUntil <= now);
  for (const e of over) bustOut(t, e, now);
  return over.length > 0;
}

/** When late registration closes (the lobby entry and the tournament view say the same). */
export function lateRegistrationOf(t: MTournament): { endsAt: number | null; endsLevel: number | null } {
  if (t.lateRegLevels <= 0) return { endsAt: null, endsLevel: null };
  const endsAt = t.startsAt + t.structure.levels.slice(0, t.lateRegLevels + 1).reduce((a, l) => a + l.minutes * 60_000, 0);
  return { endsAt, endsLevel: t.lateRegLevels };
}

export function lobbyEntry(t: MTournament, userId: string | null, balance: number, now: number): LobbyTournament {
  const c = counts(t);
  const mine = [...t.entries].reverse().find((e) => e.userId === userId) ?? null;
  const late = lateRegistrationOf(t);
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    variant: t.variant,
    status: t.status,
    startsAt: t.startsAt,
    buyIn: t.buyIn,
    fee: t.fee,
    startingStack: t.structure.startingStack,
    entries: c.entries,
    playersLeft: c.playersLeft,
    maxEntries: t.maxEntries,
    prizePool: c.prizePool,
    guarantee: t.guarantee,
    lateRegistrationEndsAt: late.endsAt,
    lateRegistrationEndsLevel: late.endsLevel,
    levelMinutes: t.structure.levels[0]?.minutes ?? 20,
    actionClockMs: t.kind === "online" ? 15_000 : null,
    mine: mine && {
      entryId: mine.entryId,
      state: mine.state,
      tableId: mine.tableNumber !== null && t.kind === "online" ? `${t.id}-t${mine.tableNumber}` : null,
      seat: mine.seat,
      stack: mine.stack,
      rebuys: mine.rebuys,
      addOn: mine.addOn,
      place: mine.place,
      rebuyUntil: awaitingRebuy(mine, now) ? mine.rebuyUntil! : null,
    },
    actions: permissions(t, userId, balance, now),
  };
}
