// Lobby and tournament screens built from a running tournament (wire shapes of src/protocol).
import type { LobbyTournament, Permission, TournamentStatus, TournamentView } from "../protocol/index.ts";
import { chipsInPlay } from "../tournament/director/index.ts";
import { clockAt, endOfLevelMs, playedBlinds, type Level, type Structure } from "../tournament/structure/index.ts";
import type { TournamentRuntime } from "./tournament-runtime.ts";

export function statusOf(t: TournamentRuntime): TournamentStatus {
  const s = t.dir.status;
  if (s === "running") return t.paused ? "paused" : t.dir.onBreak ? "break" : "running";
  return s;
}

const no = (reason: Extract<Permission, { allowed: false }>["reason"]): Permission => ({ allowed: false, reason });

export function lobbyTournament(t: TournamentRuntime, userId: string | null, balance: number | null): LobbyTournament {
  const c = t.dir.config!;
  const cost = c.money.buyIn + c.money.fee;
  const entry = userId === null ? undefined : t.dir.entries.get(userId);
  const placement = entry === undefined ? undefined : t.dir.placements?.find((p) => p.entry === entry.id);
  const status = statusOf(t);
  let register: Permission;
  if (userId === null) register = no("sign-in-required");
  else if (entry !== undefined) register = no("already-registered");
  else if (status === "announced") register = no("not-open-yet");
  else if (status === "finished" || status === "cancelled") register = no("tournament-over");
  else if (status !== "registering") register = no("registration-closed");
  else if (t.meta.maxEntries !== null && t.dir.entries.size >= t.meta.maxEntries) register = no("tournament-full");
  else if (balance !== null && balance < cost) register = no("insufficient-funds");
  else register = { allowed: true, cost };
  const firstLevel = c.structure.items.find((i) => i.kind === "level");
  const pool = t.dir.prizes?.pool ?? t.dir.payments.reduce((a, p) => a + p.toPool, 0);
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
    lateRegistrationEndsAt: null,
    lateRegistrationEndsLevel: null,
    levelMinutes: Math.min(240, Math.max(1, firstLevel?.minutes ?? 1)),
    actionClockMs: t.meta.actionMs,
    mine:
      entry === undefined
        ? null
        : {
            entryId: entry.id,
            state: t.dir.status === "registering" ? "registered" : entry.alive ? "playing" : "busted",
            tableId: entry.table > 0 ? `${t.id}-t${entry.table}` : null,
            seat: entry.seat > 0 ? entry.seat : null,
            stack: entry.stack,
            rebuys: entry.rebuys,
            addOn: entry.addOns > 0,
            place: placement?.places[0] ?? null,
          },
    actions: {
      register,
      unregister: entry === undefined ? no("not-registered") : no("tournament-started"),
      reEnter: no("re-entry-not-offered"),
      rebuy: no("rebuy-not-offered"),
      addOn: no("add-on-not-offered"),
    },
  };
}

function levelView(structure: Structure, n: number) {
  let seen = 0;
  for (const item of structure.items) {
    if (item.kind !== "level") continue;
    if (++seen === n) {
      const b = playedBlinds(item as Level);
      return { number: n, blinds: { sb: b.sb, bb: b.bb, ante: b.ante }, durationMs: item.minutes * 60_000 };
    }
  }
  return null;
}

export function tournamentView(t: TournamentRuntime, now: number): TournamentView {
  const c = t.dir.config!;
  const started = t.dir.startedAt;
  const clock = started === null ? null : clockAt(c.structure, (t.pausedAt ?? now) - started);
  const levelNumber = clock?.levelNumber ?? 1;
  const end = started === null ? null : endOfLevelMs(c.structure, levelNumber);
  const timeLeft = clock?.remainingMs ?? 0;
  const alive = [...t.dir.entries.values()].filter((e) => e.alive);
  const total = started === null ? 0 : chipsInPlay(t.dir);
  return {
    tournamentId: t.id,
    name: t.meta.name,
    status: statusOf(t),
    version: t.version,
    level: levelView(c.structure, levelNumber),
    endsAt: started === null || t.paused || end === null ? null : started + end,
    timeLeftMs: Math.max(0, timeLeft),
    onBreak: t.dir.onBreak,
    nextLevel: levelView(c.structure, levelNumber + 1),
    nextBreak: null,
    playersLeft: t.dir.status === "registering" ? t.dir.entries.size : t.dir.alive,
    entries: t.dir.entries.size,
    rebuys: [...t.dir.entries.values()].reduce((a, e) => a + e.rebuys, 0),
    addOns: [...t.dir.entries.values()].reduce((a, e) => a + e.addOns, 0),
    averageStack: alive.length === 0 ? 0 : Math.round(total / alive.length),
    totalChips: total,
    prizePool: t.dir.prizes?.pool ?? t.dir.payments.reduce((a, p) => a + p.toPool, 0),
    payouts: (t.dir.prizes?.prizes ?? []).slice(0, 1000).map((amount, i) => ({ place: i + 1, amount })),
    chips: t.dir.chips.slice(0, 12),
    serverTime: now,
  };
}
