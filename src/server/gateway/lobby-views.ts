// Lobby and tournament screens built from a running tournament (wire shapes of src/protocol).
// Whether a player may register, unregister, re-enter, rebuy or take the add-on is asked of
// the director itself: its `decide` is pure, so a dry run with the player's command gives
// exactly the answer the command would get (STYLE: one verb, three faces).
import { DECKS_OPEN_DEFAULT } from "../../protocol/index.ts";
import type { DenyReason, LobbyTournament, Permission, TournamentSettings, TournamentStatus, TournamentView } from "../../protocol/index.ts";
import {
  awaitingRebuy,
  chipsInPlay,
  chipsIssuedInPlay,
  decide,
  finalPlacements,
  houseRulesOf,
  prizesFixedEvent,
  lateRegistrationEndsMs,
  nextBreak,
  playedMs,
  rebuyGraceEndsMs,
  type TournamentEvent,
} from "../../tournament/director/index.ts";
import { removableChips } from "../../tournament/index.ts";
import { reEntryEndMs } from "../../tournament/money/index.ts";
import { clockAt, endOfLevelMs, playedBlinds, type Level, type Structure } from "../../tournament/structure/index.ts";
import { playerAccount, type Ledger } from "../../store/index.ts";
import { currentEntry } from "../tournaments/tournament-entries.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";

export function statusOf(t: TournamentRuntime): TournamentStatus {
  const s = t.dir.status;
  if (s === "running") return t.paused ? "paused" : t.dir.onBreak ? "break" : "running";
  return s;
}

const no = (reason: DenyReason): Permission => ({ allowed: false, reason });
const NO_TICKETS: ReadonlySet<string> = new Set();

/** The tournaments a player holds at least one satellite ticket to (R-TRN-8). */
export async function ticketsOf(ledger: Ledger, userId: string): Promise<Set<string>> {
  const rows = await ledger.balances({ prefix: playerAccount(userId) });
  return new Set(
    rows.filter((r) => r.account === playerAccount(userId) && r.asset.startsWith("ticket:") && r.balance >= 1).map((r) => r.asset.slice("ticket:".length)),
  );
}

/** A dry run draws seats with this; nothing it draws is kept. */
const DRY_RNG = { nextUint32: () => 0 };

/** Director refusal codes and the lobby's reasons for them. */
const REASONS: Readonly<Record<string, DenyReason>> = {
  "tournament/already-registered": "already-registered",
  "tournament/not-registered": "not-registered",
  "tournament/no-seat": "tournament-full",
  "tournament/registration-closed": "late-registration-over",
  "tournament/re-entry-not-offered": "re-entry-not-offered",
  "tournament/re-entry-not-busted": "still-playing",
  "tournament/re-entry-closed": "re-entry-closed",
  "tournament/re-entry-limit": "re-entry-closed",
  "tournament/rebuy-not-offered": "rebuy-not-offered",
  "tournament/rebuy-at-final-table": "final-table",
  "tournament/rebuy-closed": "rebuy-period-over",
  "tournament/rebuy-limit": "rebuy-limit-reached",
  "tournament/rebuy-stack-too-big": "stack-too-large",
  "tournament/add-on-not-offered": "add-on-not-offered",
  "tournament/add-on-closed": "add-on-not-open",
  "tournament/add-on-taken": "add-on-taken",
  "tournament/add-on-eliminated": "busted",
  "tournament/no-entry": "busted",
  "tournament/rebuy-grace-over": "busted",
};

type Cmd = Parameters<typeof decide>[1];

/** The events the command would make now, or the reason it would be refused. */
export function dryRun(t: TournamentRuntime, cmd: Cmd, fallback: DenyReason): { events: TournamentEvent[] } | { reason: DenyReason } {
  const d = decide(t.dir, cmd, DRY_RNG);
  if (d.ok) return { events: d.value };
  const st = t.dir.status;
  if (st === "finished" || st === "cancelled") return { reason: "tournament-over" };
  return { reason: REASONS[d.error.code] ?? fallback };
}

const costOf = (events: readonly TournamentEvent[]): number => {
  let cost = 0;
  for (const e of events) if ("payment" in e) cost += e.payment.toPool + e.payment.fee;
  return cost;
};

function actionsFor(t: TournamentRuntime, userId: string | null, balance: number | null, now: number, ticket: boolean): LobbyTournament["actions"] {
  if (userId === null) {
    const s = no("sign-in-required");
    return { register: s, unregister: s, reEnter: s, rebuy: s, addOn: s };
  }
  const st = t.dir.status;
  const c = t.dir.config!;
  const full = t.meta.maxEntries !== null && t.dir.entries.size >= t.meta.maxEntries;
  const registered = t.dir.players.has(userId);
  const buy = (cmd: Cmd, fallback: DenyReason, newEntry: boolean): Permission => {
    const r = dryRun(t, cmd, fallback);
    if ("reason" in r) return no(r.reason);
    if (newEntry && full) return no("tournament-full");
    const cost = costOf(r.events);
    return balance !== null && balance < cost ? no("insufficient-funds") : { allowed: true, cost };
  };
  const entry = currentEntry(t, userId);
  const before = st === "announced" || st === "registering";
  let register: Permission;
  if (registered) register = no("already-registered");
  else if (st === "announced") register = no("not-open-yet");
  else if (st === "running" && c.lateRegistration === undefined) register = no("registration-closed");
  else {
    register = buy({ type: "register", at: now, player: userId }, st === "running" ? "late-registration-over" : "registration-closed", true);
    // R-TRN-8: a satellite's ticket to this tournament pays the entry (tournament-entries.ts).
    if (ticket && (register.allowed || register.reason === "insufficient-funds")) register = { allowed: true, cost: 0 };
  }
  const unregister = !registered
    ? no("not-registered")
    : st !== "registering"
      ? no(st === "finished" || st === "cancelled" ? "tournament-over" : "tournament-started")
      : buy({ type: "unregister", at: now, player: userId }, "tournament-started", false);
  const live = t.meta.kind === "live"; // re-entries, rebuys and add-ons at the desk (tournament-entries.ts)
  // Offered in a live room but taken at the desk (the floor's buttons follow "offered").
  const desk = no("at-the-desk");
  const reEnter =
    c.money.reEntry === undefined
      ? no("re-entry-not-offered")
      : live
        ? desk
        : !registered
          ? no("not-registered")
          : before
            ? no("still-playing")
            : buy({ type: "re-enter", at: now, player: userId }, "re-entry-closed", true);
  const rebuy =
    c.money.rebuy === undefined
      ? no("rebuy-not-offered")
      : live
        ? desk
        : !registered
          ? no("not-registered")
          : before
            ? no("not-open-yet")
            : buy({ type: "rebuy", at: now, entry }, "rebuy-period-over", false);
  const addOn =
    c.money.addOn === undefined
      ? no("add-on-not-offered")
      : live
        ? desk
        : !registered
          ? no("not-registered")
          : before
            ? no("add-on-not-open")
            : buy({ type: "add-on", at: now, entry }, "add-on-not-open", false);
  // Unregistering pays back; it costs nothing.
  return { register, unregister: unregister.allowed ? { allowed: true, cost: 0 } : unregister, reEnter, rebuy, addOn };
}

/** Played ms of the tournament at `now` (the clock stands still while paused). */
export const played = (t: TournamentRuntime, now: number) => playedMs(t.dir, t.pausedAt ?? now);

/** The level (1-based) during which `ms` of play falls: the last level that began before it. */
export function levelAt(structure: Structure, ms: number): number {
  let n = 0;
  let at = 0;
  for (const item of structure.items) {
    if (at >= ms) break;
    if (item.kind === "level") n++;
    at += item.minutes * 60_000;
  }
  return Math.max(1, n);
}

/** When late registration closes: an instant (the scheduled start before the start) and the level. */
export function lateRegistration(t: TournamentRuntime, now: number): { endsAt: number | null; endsLevel: number | null } {
  const c = t.dir.config!;
  // Without late registration a re-entry window is still a way in (R-TRN-3).
  const ends = lateRegistrationEndsMs(t.dir) ?? (c.money.reEntry === undefined ? null : reEntryEndMs(c.structure, c.money.reEntry, c.reEntryCloses));
  // Infinity: past the schedule's end, the window closes with the field (no instant to show).
  if (ends === null || ends === Infinity) return { endsAt: null, endsLevel: null };
  const level = levelAt(c.structure, ends);
  const startedAt = t.dir.startedAt;
  let endsAt = startedAt === null ? t.meta.startsAt + ends : now + Math.max(0, ends - played(t, now));
  // Entries closed early by the director: it is over now.
  if (t.dir.prizes !== null && t.dir.status === "running") endsAt = Math.min(endsAt, t.dir.now);
  return { endsAt: Math.round(endsAt), endsLevel: level };
}

/** R-TRN-4: when a busted entry's time to rebuy ends (null: it is not waiting to rebuy). Paused, the instant moves on with the pause. */
function rebuyUntil(t: TournamentRuntime, entryId: string, now: number): number | null {
  const at = t.pausedAt ?? now;
  if (!awaitingRebuy(t.dir, entryId, at)) return null;
  return Math.round(now + Math.max(0, rebuyGraceEndsMs(t.dir, entryId)! - playedMs(t.dir, at)));
}

/** `tickets`: the tournaments the player holds a satellite's ticket to (ticketsOf). */
export function lobbyTournament(
  t: TournamentRuntime,
  userId: string | null,
  balance: number | null,
  now: number = t.dir.now,
  tickets: ReadonlySet<string> = NO_TICKETS,
): LobbyTournament {
  const c = t.dir.config!;
  const entryId = userId === null ? "" : currentEntry(t, userId);
  const entry = entryId === "" ? undefined : t.dir.entries.get(entryId);
  // A busted entry learns its place at once, not only at the finish.
  const placed = entry === undefined ? null : (t.dir.placements ?? (entry.alive || t.dir.eliminations.length === 0 ? null : finalPlacements(t.dir, [], [])));
  const placement = entry === undefined ? undefined : placed?.find((p) => p.entry === entry.id);
  const status = statusOf(t);
  const firstLevel = c.structure.items.find((i) => i.kind === "level");
  const pool = t.dir.prizes?.pool ?? t.dir.payments.reduce((a, p) => a + p.toPool, 0);
  const late = lateRegistration(t, now);
  return {
    id: t.id,
    name: t.meta.name,
    kind: t.meta.kind,
    variant: "no-limit",
    status,
    startsAt: t.meta.startsAt,
    buyIn: c.money.buyIn,
    fee: c.money.fee,
    startingStack: c.structure.startingStack,
    entries: t.dir.entries.size,
    playersLeft: t.dir.status === "registering" ? t.dir.entries.size : t.dir.alive,
    maxEntries: t.meta.maxEntries,
    prizePool: Math.max(pool, t.meta.guarantee),
    guarantee: t.meta.guarantee,
    lateRegistrationEndsAt: late.endsAt,
    lateRegistrationEndsLevel: late.endsLevel,
    levelMinutes: Math.min(240, Math.max(1, firstLevel?.minutes ?? 1)),
    actionClockMs: t.meta.actionMs,
    mine:
      entry === undefined
        ? null
        : {
            entryId: entry.id,
            state: t.dir.status === "registering" ? "registered" : entry.alive ? "playing" : "busted",
            // A live room's tables are real ones: there is no online table to open.
            tableId: entry.table > 0 && t.meta.kind === "online" ? `${t.id}-t${entry.table}` : null,
            seat: entry.seat > 0 ? entry.seat : null,
            stack: entry.stack + (entry.behind ?? 0),
            rebuys: entry.rebuys,
            addOn: entry.addOns > 0,
            place: placement?.places[0] ?? null,
            prize: placement === undefined || t.dir.prizes === null ? null : placement.prize,
            rebuyUntil: rebuyUntil(t, entry.id, now),
          },
    actions: actionsFor(t, userId, balance, now, tickets.has(t.id)),
  };
}

function levelView(structure: Structure, n: number) {
  let seen = 0;
  for (const item of structure.items) {
    if (item.kind !== "level") continue;
    if (++seen === n) {
      const b = playedBlinds(item as Level);
      const bigBlindAnte = b.ante > 0 && (item as Level).bigBlindAnte === true;
      return { number: n, blinds: { sb: b.sb, bb: b.bb, ante: b.ante }, durationMs: item.minutes * 60_000, ...(bigBlindAnte ? { bigBlindAnte } : {}) };
    }
  }
  return null;
}

/** The next break to come (on a break: the one after it). */
function breakAhead(t: TournamentRuntime, now: number, timeLeftMs: number): { at: number; durationMs: number } | null {
  if (t.dir.startedAt === null) return null;
  const at = t.pausedAt ?? now;
  const b = t.dir.onBreak ? nextBreak(t.dir, at + timeLeftMs + 1) : nextBreak(t.dir, at);
  if (b === null) return null;
  const from = t.dir.onBreak ? now + timeLeftMs + 1 : now;
  return { at: Math.round(from + b.inMs), durationMs: b.lengthMs };
}

/**
 * R-TRN-4/5: the payouts from the start. Fixed once no more entries can come; before that,
 * provisional: what the pool paid in so far (with the guarantee) pays the field so far.
 */
export function payoutsOf(t: TournamentRuntime): { pool: number; prizes: readonly number[]; fixed: boolean } {
  const d = t.dir;
  if (d.prizes !== null) return { pool: d.prizes.pool, prizes: d.prizes.prizes, fixed: true };
  const paid = d.payments.reduce((a, p) => a + p.toPool, 0);
  if (d.config === null || d.status === "cancelled" || d.entries.size === 0) return { pool: paid, prizes: [], fixed: false };
  const p = prizesFixedEvent(d, d.now);
  return { pool: p.pool, prizes: p.prizes, fixed: false };
}

export function tournamentView(t: TournamentRuntime, now: number): TournamentView {
  const c = t.dir.config!;
  const started = t.dir.startedAt;
  const clock = started === null ? null : clockAt(c.structure, played(t, now));
  const levelNumber = clock?.levelNumber ?? 1;
  const end = started === null ? null : endOfLevelMs(c.structure, levelNumber);
  const timeLeft = Math.max(0, clock?.remainingMs ?? 0);
  const alive = [...t.dir.entries.values()].filter((e) => e.alive);
  // A live room's busts pass chips on unseen: what was issued is in play.
  const total = started === null ? 0 : t.isLive ? chipsIssuedInPlay(t.dir) : chipsInPlay(t.dir);
  const payouts = payoutsOf(t);
  const late = lateRegistration(t, now);
  return {
    tournamentId: t.id,
    name: t.meta.name,
    status: statusOf(t),
    version: t.version,
    level: levelView(c.structure, levelNumber),
    endsAt: started === null || t.paused || end === null ? null : now + timeLeft,
    timeLeftMs: timeLeft,
    onBreak: t.dir.onBreak,
    nextLevel: levelView(c.structure, levelNumber + 1),
    nextBreak: breakAhead(t, now, timeLeft),
    lateRegistrationEndsAt: late.endsAt,
    lateRegistrationEndsLevel: late.endsLevel,
    playersLeft: t.dir.status === "registering" ? t.dir.entries.size : t.dir.alive,
    entries: t.dir.entries.size,
    rebuys: [...t.dir.entries.values()].reduce((a, e) => a + e.rebuys, 0),
    addOns: [...t.dir.entries.values()].reduce((a, e) => a + e.addOns, 0),
    averageStack: alive.length === 0 ? 0 : Math.round(total / alive.length),
    totalChips: total,
    prizePool: payouts.pool,
    payouts: payouts.prizes.slice(0, 1000).map((amount, i) => ({ place: i + 1, amount })),
    payoutsFixed: payouts.fixed,
    chips: t.dir.chips.slice(0, 12),
    settings: tournamentSettings(t),
    startsAt: t.meta.startsAt,
    reEntries: [...t.dir.players.values()].reduce((a, p) => a + Math.max(0, p.entries.length - 1), 0),
    colourUpDue: colourUpDue(t),
    ...(t.dir.placements !== null ? { finish: finishOf(t) } : {}),
    serverTime: now,
  };
}

/** The last `tournament-view` frame made of each tournament, and the version and moment it shows. */
const frames = new WeakMap<TournamentRuntime, { readonly version: number; readonly at: number; readonly text: string }>();

/**
 * The `tournament-view` frame of `t` at `now`, as JSON text. The view is the same for every
 * watcher (it holds no one's own data), so the watchers pushed in one moment share one view
 * and one serialisation, not one each: building it walks every entry of the field.
 */
export function tournamentViewFrame(t: TournamentRuntime, now: number): string {
  const known = frames.get(t);
  if (known !== undefined && known.version === t.version && known.at === now) return known.text;
  const text = JSON.stringify({ type: "tournament-view", view: tournamentView(t, now) });
  frames.set(t, { version: t.version, at: now, text });
  return text;
}

/** R-CHIP-1, in a break: the chips in play that no coming level needs leave now. */
function colourUpDue(t: TournamentRuntime): number[] {
  const c = t.dir.config!;
  if (t.dir.status !== "running" || !t.dir.onBreak) return [];
  const amounts = c.structure.items
    .slice(t.dir.itemIndex)
    .flatMap((i) => (i.kind === "level" ? [i.sb, i.bb, i.ante, ...(i.limit ? [i.limit.sb, i.limit.bb, i.limit.ante] : [])] : []));
  return removableChips(t.dir.chips, amounts).slice(0, 12);
}

/** The finish as the room's TV shows it: the paid places (the winner always), and the deal if one ended it. */
function finishOf(t: TournamentRuntime): NonNullable<TournamentView["finish"]> {
  const results = (t.dir.placements ?? [])
    .map((p) => ({ place: p.places[0] ?? 1, name: t.names.get(p.player) ?? "player", prize: p.prize }))
    .filter((r) => r.prize > 0 || r.place === 1)
    .sort((a, b) => a.place - b.place)
    .slice(0, 1000);
  return { results, deal: t.dir.deal?.method ?? null };
}

/** The house rules a tournament plays under, every one filled in (its view and its public page). */
export function tournamentSettings(t: TournamentRuntime): TournamentSettings {
  return {
    ...houseRulesOf(t.dir.config!),
    actionSeconds: Math.round(t.meta.actionMs / 1000),
    timeBankSeconds: Math.round(t.meta.timeBankMs / 1000),
    start: t.meta.start ?? "manual",
    decksOpen: t.meta.decksOpen ?? DECKS_OPEN_DEFAULT,
  };
}
