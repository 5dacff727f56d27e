// The public tournament page: the structure, the payouts, every entry with its
// chips or its place and prize, and the tables. Places and prizes are the director's
// results (provisional while entries can still come, R-PLACE-1).
import type { TournamentFormat, TournamentPage, TournamentTerms } from "../../protocol/index.ts";
import { mixedByOrbit, type Format } from "../../tournament/director/index.ts";
import { playedBlinds, type Level } from "../../tournament/structure/index.ts";
import { resultsOf } from "../console/director-deal.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { lobbyTournament, payoutsOf, tournamentSettings } from "./lobby-views.ts";

/** The price, the format and its windows, as the director's config holds them. */
function termsOf(t: TournamentRuntime, lateRegistrationEndsAt: number | null): TournamentTerms {
  const c = t.dir.config!;
  const m = c.money;
  return {
    kind: t.meta.kind,
    startsAt: t.meta.startsAt,
    buyIn: m.buyIn,
    fee: m.fee,
    format: c.format.kind,
    ...formatDetail(c.format),
    lateRegistration: c.lateRegistration ?? null,
    lateRegistrationEndsAt,
    reEntry: m.reEntry ?? null,
    rebuy: m.rebuy ?? null,
    addOn: m.addOn ?? null,
  };
}

/** The format with its options as the director runs it (speed's clock, a shootout's final table). */
function formatDetail(f: Format): { formatDetail?: TournamentFormat } {
  switch (f.kind) {
    case "speed":
      return { formatDetail: f.actionSeconds === undefined ? { kind: "speed" } : { kind: "speed", actionSeconds: f.actionSeconds } };
    case "shootout":
      return { formatDetail: f.finalTable === undefined ? { kind: "shootout" } : { kind: "shootout", finalTable: f.finalTable } };
    case "satellite":
    case "freeroll":
      return {};
    default:
      return { formatDetail: { kind: f.kind } };
  }
}

export function tournamentPage(t: TournamentRuntime, now: number): TournamentPage {
  const d = t.dir;
  const c = d.config!;
  const lobby = lobbyTournament(t, null, null, now);
  let level = 0;
  // R-BET-9 by orbit: every level is played both ways, the orbit saying which; no level is "the limit one".
  const byOrbit = mixedByOrbit(c.structure);
  const structure = c.structure.items.slice(0, 200).map((item) => {
    if (item.kind !== "level")
      return {
        kind: "break" as const,
        level: null,
        sb: 0,
        bb: 0,
        ante: 0,
        bigBlindAnte: false,
        minutes: Math.max(1, item.minutes),
        ...(item.colourUp === undefined ? {} : { colourUp: item.colourUp }),
      };
    const l = item as Level;
    const b = byOrbit ? l : playedBlinds(l);
    return {
      kind: "level" as const,
      level: ++level,
      sb: b.sb,
      bb: b.bb,
      ante: b.ante,
      bigBlindAnte: (item as Level).bigBlindAnte === true,
      minutes: Math.max(1, item.minutes),
      ...(!byOrbit && l.game === "limit" ? { limit: true } : {}),
      ...(byOrbit && l.limit !== undefined ? { limitBlinds: { sb: l.limit.sb, bb: l.limit.bb, ante: l.limit.ante } } : {}),
    };
  });
  const results = d.status === "registering" || d.status === "cancelled" ? null : resultsOf(t, now);
  const online = t.meta.kind === "online";
  const tableOf = (entryId: string) => {
    const e = d.entries.get(entryId);
    const n = e !== undefined && e.alive && e.table > 0 ? e.table : null;
    return { tableId: n !== null && online ? `${t.id}-t${n}` : null, tableNumber: n };
  };
  const still = results?.stillIn ?? [...d.entries.values()].map((e) => ({ entryId: e.id, name: t.names.get(e.player) ?? "player", stack: e.stack }));
  const entrants = [
    ...still.map((e) => ({ entryId: e.entryId, name: e.name, stack: e.stack, ...tableOf(e.entryId), place: null, prize: null })),
    ...(results?.results ?? []).map((r) => ({
      entryId: r.entryId,
      name: r.name,
      stack: null,
      tableId: null,
      tableNumber: null,
      place: r.place,
      prize: r.prize,
    })),
  ]
    .sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || (b.stack ?? 0) - (a.stack ?? 0))
    .slice(0, 20_000);
  // A finished tournament has no tables in play (its winner's last seat is not a table to watch).
  const tables = [...(d.status === "finished" ? [] : d.tables.values())]
    .filter((x) => x.count > 0)
    .sort((a, b) => a.id - b.id)
    .slice(0, 2000)
    .map((x) => ({ tableId: online ? `${t.id}-t${x.id}` : null, number: x.id, players: x.count }));
  const payouts = payoutsOf(t);
  return {
    tournamentId: t.id,
    name: t.meta.name,
    status: lobby.status,
    startingStack: c.structure.startingStack,
    structure,
    settings: tournamentSettings(t),
    terms: termsOf(t, lobby.lateRegistrationEndsAt),
    prizePool: lobby.prizePool,
    guarantee: lobby.guarantee,
    payouts: payouts.prizes.slice(0, 1000).map((amount, i) => ({ place: i + 1, amount })),
    payoutsFixed: payouts.fixed,
    entrants,
    tables,
  };
}
