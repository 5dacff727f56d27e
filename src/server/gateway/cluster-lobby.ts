// The lobby across processes (issue 16): scatter-gather, not lines in a KV bucket.
// Why: a lobby line is built for the one who asks (their entry, their permissions, which the
// director's `decide` answers by a dry run against the live tournament state, their balance
// and satellite tickets, lobby-views.ts), so a KV could hold only the public half and every
// request would still need the owners; a KV would also publish every change of every
// tournament to every gateway whether anyone looks or not. Instead the gateway asks every
// member once (`<prefix>.all.lobby`); each answers the first page·pageSize of its own
// tournaments in lobby order (exactly today's order, http-routes.ts lobbyOrder) with
// per-partition counts and the partitions it serves; the gateway stops waiting as soon as
// every tournament partition is covered, merges in the same order and cuts the page, so
// paging is exactly the single process's. In a handover moment two members may both claim
// a partition: the higher epoch counts. A partition nobody serves (a failover in progress)
// is left out after GATHER_MS rather than failing the whole lobby.
import { ok, type Result } from "../../lib/result.ts";
import { LOBBY_PAGE_SIZE, type LobbyQuery, type LobbyTournament } from "../../protocol/index.ts";
import type { Bus } from "../../cluster/bus.ts";
import { TOURNAMENT_PARTITIONS } from "../../cluster/partition.ts";
import type { Ownership } from "../../cluster/ownership.ts";
import type { FeltServer } from "../felt-server.ts";
import { balanceOf, lobbyOrder, type RouteInput } from "./http-routes.ts";
import { lobbyTournament, ticketsOf } from "./lobby-views.ts";

export const GATHER_MS = 3_000;

export interface LobbyAsk {
  readonly userId: string | null;
  readonly balance: number | null;
  readonly tickets: readonly string[];
  readonly now: number;
  /** Lines wanted from each member: the first page·pageSize in lobby order. */
  readonly limit: number;
}

export interface LobbyPart {
  readonly member: string;
  /** Partitions this member serves, with their epochs. */
  readonly keys: readonly (readonly [string, number])[];
  /** Tournaments per partition key. */
  readonly counts: Readonly<Record<string, number>>;
  readonly lines: readonly LobbyTournament[];
}

/** A member's answer: its own tournaments only. */
export async function answerLobby(server: FeltServer, ownership: Ownership, ask: LobbyAsk): Promise<LobbyPart> {
  const keys = new Map<string, number>();
  const counts: Record<string, number> = {};
  const mine = [...server.tournaments.values()].filter((t) => {
    const key = ownership.keyOf(t.id);
    const epoch = ownership.serving(key);
    if (epoch === undefined) return false;
    keys.set(key, epoch);
    counts[key] = (counts[key] ?? 0) + 1;
    return true;
  });
  // Partitions served with no tournament in them count as covered too.
  for (let i = 0; i < TOURNAMENT_PARTITIONS; i++) {
    const key = `tournament.${String(i).padStart(2, "0")}`;
    const epoch = ownership.serving(key);
    if (epoch !== undefined) keys.set(key, epoch);
  }
  const tickets = new Set(ask.tickets);
  const lines = mine.sort(lobbyOrder).slice(0, ask.limit).map((t) => lobbyTournament(t, ask.userId, ask.balance, ask.now, tickets));
  return { member: ownership.member, keys: [...keys], counts, lines };
}

/** The same comparison as lobbyOrder, on lines. */
function lineOrder(a: LobbyTournament, b: LobbyTournament): number {
  const over = (t: LobbyTournament) => t.status === "finished" || t.status === "cancelled";
  if (over(a) !== over(b)) return over(a) ? 1 : -1;
  const d = over(a) ? b.startsAt - a.startsAt : a.startsAt - b.startsAt;
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** GET lobby in a cluster: the same answer the single process gives, from every member's part. */
export async function gatherLobby(server: FeltServer, bus: Bus, input: RouteInput): Promise<Result<unknown>> {
  const user = input.user;
  const balance = user === null ? null : await balanceOf(server, user.id);
  const tickets = user === null ? [] : [...(await ticketsOf(server.svc.ledger, user.id))];
  const now = server.svc.clock.now();
  const q = input.query as LobbyQuery;
  const pageSize = Math.min(LOBBY_PAGE_SIZE.max, Number(q.pageSize ?? LOBBY_PAGE_SIZE.default));
  const page = Number(q.page ?? 1);
  const ask: LobbyAsk = { userId: user?.id ?? null, balance, tickets, now, limit: page * pageSize };
  const covered = (parts: readonly unknown[]) => new Set((parts as LobbyPart[]).flatMap((p) => p.keys.map(([k]) => k))).size >= TOURNAMENT_PARTITIONS;
  const parts = (await bus.gather("lobby", ask, covered, GATHER_MS)) as LobbyPart[];
  // Each partition counts once: from the member with the highest epoch for it.
  const best = new Map<string, { member: string; epoch: number }>();
  for (const p of parts) for (const [k, e] of p.keys) if ((best.get(k)?.epoch ?? -Infinity) < e) best.set(k, { member: p.member, epoch: e });
  const keyOf = bus.ownership.keyOf;
  let total = 0;
  const lines: LobbyTournament[] = [];
  for (const p of parts) {
    for (const [k, n] of Object.entries(p.counts)) if (best.get(k)?.member === p.member) total += n;
    for (const l of p.lines) if (best.get(keyOf(l.id))?.member === p.member) lines.push(l);
  }
  lines.sort(lineOrder);
  const pages = Math.ceil(total / pageSize);
  return ok({ serverTime: now, balance, tournaments: lines.slice((page - 1) * pageSize, page * pageSize), page: { page, pageSize, total, pages } });
}
