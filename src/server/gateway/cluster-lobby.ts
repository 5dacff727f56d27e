// The lobby across processes: scatter-gather to the owners, with the public lines in a KV bucket beside it.
// Why the owners: a lobby line is built for the one who asks (their entry, their permissions, which the
// director's `decide` answers by a dry run against the live tournament state, their balance
// and satellite tickets, lobby-views.ts), so a KV could hold only the public half and every
// request would still need the owners; a KV would also publish every change of every
// tournament to every gateway whether anyone looks or not. Instead the gateway asks every
// member twice (`<prefix>.all.lobby-keys`, then `.all.lobby-lines`):
//   1. each member answers the sort keys (finished or not, start, id) of the first
//      page·pageSize of its tournaments in lobby order (route-kit.ts lobbyOrder), with
//      per-partition counts and the partitions it serves; the gateway stops waiting as soon
//      as every tournament partition is covered, merges in the same order and cuts the page;
//   2. the owners build the lines of that page only (as the single process builds only the
//      page), so a deep page costs sort keys, not thousands of dry runs.
// Paging and order are exactly the single process's. In a handover moment two members may
// both claim a partition: the higher epoch counts.
//
// Beside it, the lobby bucket (src/cluster/lobby.ts): each owner puts the public half of its
// tournaments' lines (the line for nobody: no entry, no permissions) under `<prefix>_lobby`
// when it changes (`LobbyPublisher`: a sweep SWEEP_MS after a change, puts coalesced), deletes the
// line of a tournament gone from its memory or finished more than KEEP_FINISHED_MS ago, and
// every process keeps every line in a local map through a watch, without asking anyone.
// The lobby reads it where the owners cannot answer: a partition nobody serves (a failover
// in progress) lists its tournaments' last public lines after GATHER_MS instead of leaving
// them out. The owners stay the source for everything else, so a process lists a tournament
// the moment its owner has it (the map follows a few hundred ms later) and a signed-in
// viewer gets their own line.
import { ok, type Result } from "../../lib/result.ts";
import { LOBBY_PAGE_SIZE, type LobbyQuery, type LobbyTournament } from "../../protocol/index.ts";
import type { Bus } from "../../cluster/bus.ts";
import type { LobbyBoard } from "../../cluster/lobby.ts";
import { allPartitions, partitionKey, TOURNAMENT_PARTITIONS } from "../../cluster/partition.ts";
import type { Ownership } from "../../cluster/ownership.ts";
import type { ServerPort, TournamentsPort } from "../server-port.ts";
import { balanceOf, lobbyOrder } from "./route-kit.ts";
import { fundingOf } from "./play-money.ts";
import type { RouteInput } from "./owner-requests.ts";
import { lobbyTournament, ticketsOf } from "./lobby-views.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";

export const GATHER_MS = 3_000;
export const SWEEP_MS = 250;
/** The sweep with nothing changed: finished tournaments' lines expiring, and anything a change did not announce. */
export const QUIET_SWEEP_MS = 5_000;
export const KEEP_FINISHED_MS = 24 * 3_600_000;

/** The public half of a tournament's lobby line: what the lobby bucket holds. */
export const publicLine = (t: TournamentRuntime): LobbyTournament => lobbyTournament(t, null, null);

/**
 * The owner's side of the lobby bucket: puts the public line of every tournament it serves
 * when it changed since its last put (the line is computed at the director's own time, so
 * it changes with the tournament, not with the wall clock), removes the lines of tournaments
 * it no longer holds in a partition it serves, or that finished long ago.
 *
 * It sweeps SWEEP_MS after a tournament here changes, comes or goes, or a partition is gained
 * or lost (changes in that time go together), and otherwise every QUIET_SWEEP_MS: a member
 * with nothing going on is not woken four times a second (that cost an idle member a quarter
 * of its CPU).
 */
export class LobbyPublisher {
  private readonly last = new Map<string, string>();
  /** The epoch and stream version each tournament's line was last built at. */
  private readonly seen = new Map<string, string>();
  private readonly timer: ReturnType<typeof setInterval>;
  /** The sweep a change asked for, until it runs. */
  private soon: ReturnType<typeof setTimeout> | null = null;
  private readonly unlisten: () => void;

  constructor(
    private readonly server: Pick<ServerPort, "svc" | "served">,
    private readonly ownership: Ownership,
    private readonly board: LobbyBoard<LobbyTournament>,
    private readonly keepFinishedMs = KEEP_FINISHED_MS,
    private readonly sweepMs = SWEEP_MS,
    quietSweepMs = QUIET_SWEEP_MS,
  ) {
    // A partition gained or lost: put its lines again (another owner may have written since).
    const forget = () => {
      this.last.clear();
      this.seen.clear();
      this.changed();
    };
    const offServing = ownership.onServing(forget);
    const offStopped = ownership.onStopped(forget);
    const offChange = server.served.onAnyChange(() => this.changed());
    this.unlisten = () => {
      offServing();
      offStopped();
      offChange();
    };
    this.timer = setInterval(() => this.sweep(), quietSweepMs);
    this.timer.unref?.();
  }

  /** Something the lines depend on changed: sweep shortly, once for all the changes until then. */
  private changed(): void {
    if (this.soon !== null) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.sweep();
    }, this.sweepMs);
    this.soon.unref?.();
  }

  sweep(): void {
    try {
      this.sweep1();
    } catch (e) {
      // A timer callback must never throw (it would end the process): log and try next time.
      this.server.svc.log("cluster: lobby lines not published", e);
    }
  }

  private sweep1(): void {
    const now = this.server.svc.clock.now();
    const epochOf = (id: string) => this.ownership.serving(this.ownership.keyOf(id));
    for (const t of this.server.served.list()) {
      const epoch = epochOf(t.id);
      if (epoch === undefined) continue;
      if (over(t) && now - t.dir.now > this.keepFinishedMs) {
        if (this.board.get(t.id) !== undefined && this.last.get(t.id) !== "") this.board.remove(t.id);
        this.last.set(t.id, "");
        continue;
      }
      // The line is a function of the tournament's stream (computed at the director's own
      // time): unchanged at the same version and epoch, so a quiet tournament costs a lookup,
      // not a line built and serialised four times a second.
      const at = `${epoch}:${t.version}`;
      if (this.seen.get(t.id) === at) continue;
      this.seen.set(t.id, at);
      const line = publicLine(t);
      const json = `${epoch}:${JSON.stringify(line)}`;
      if (this.last.get(t.id) === json) continue;
      this.last.set(t.id, json);
      this.board.put(t.id, epoch, line);
    }
    for (const e of this.board.entries()) {
      if (this.server.served.get(e.id) === undefined && epochOf(e.id) !== undefined && this.last.get(e.id) !== "") {
        this.last.set(e.id, "");
        this.seen.delete(e.id);
        this.board.remove(e.id);
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    if (this.soon !== null) clearTimeout(this.soon);
    this.soon = null;
    this.unlisten();
  }
}

/** Phase 1: the sort keys of a member's first `limit` tournaments in lobby order. */
export interface KeysAsk {
  readonly limit: number;
}

/** [id, over (finished or cancelled), startsAt] */
type SortKey = readonly [string, boolean, number];

export interface KeysPart {
  readonly member: string;
  /** Partitions this member serves, with their epochs. */
  readonly keys: readonly (readonly [string, number])[];
  /** Tournaments per partition key. */
  readonly counts: Readonly<Record<string, number>>;
  readonly items: readonly SortKey[];
}

/** Phase 2: the lines of the page's tournaments, for the one who asks. */
export interface LinesAsk {
  readonly ids: readonly string[];
  readonly userId: string | null;
  readonly balance: number | null;
  readonly tickets: readonly string[];
  readonly now: number;
}

const over = (t: TournamentRuntime) => t.dir.status === "finished" || t.dir.status === "cancelled";

/** A member's phase-1 answer: its own tournaments only. */
export async function answerLobbyKeys(tournaments: Pick<TournamentsPort, "list">, ownership: Ownership, ask: KeysAsk): Promise<KeysPart> {
  const keys = new Map<string, number>();
  const counts: Record<string, number> = {};
  for (const p of allPartitions("tournament")) {
    const key = partitionKey(p);
    const epoch = ownership.serving(key);
    if (epoch !== undefined) keys.set(key, epoch);
  }
  const mine = tournaments.list().filter((t) => {
    const key = ownership.keyOf(t.id);
    if (!keys.has(key)) return false;
    counts[key] = (counts[key] ?? 0) + 1;
    return true;
  });
  const items = mine
    .sort(lobbyOrder)
    .slice(0, ask.limit)
    .map((t): SortKey => [t.id, over(t), t.meta.startsAt]);
  return { member: ownership.member, keys: [...keys], counts, items };
}

/** A member's phase-2 answer: the lines of the asked tournaments it serves. */
export async function answerLobbyLines(tournaments: Pick<TournamentsPort, "get">, ownership: Ownership, ask: LinesAsk): Promise<{ lines: LobbyTournament[] }> {
  const tickets = new Set(ask.tickets);
  const lines: LobbyTournament[] = [];
  for (const id of ask.ids) {
    const t = tournaments.get(id);
    if (t !== undefined && ownership.serving(ownership.keyOf(id)) !== undefined) lines.push(lobbyTournament(t, ask.userId, ask.balance, ask.now, tickets));
  }
  return { lines };
}

/** The same comparison as lobbyOrder, on sort keys. */
function keyOrder(a: SortKey, b: SortKey): number {
  if (a[1] !== b[1]) return a[1] ? 1 : -1;
  const d = a[1] ? b[2] - a[2] : a[2] - b[2];
  return d !== 0 ? d : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** GET lobby in a cluster: the same answer the single process gives, from every member's part. */
export async function gatherLobby(
  server: Pick<ServerPort, "svc" | "options">,
  bus: Bus,
  input: RouteInput,
  board: LobbyBoard<LobbyTournament> | null = null,
): Promise<Result<unknown>> {
  const user = input.user;
  const balance = user === null ? null : await balanceOf(server.svc, user.id);
  const tickets = user === null ? [] : [...(await ticketsOf(server.svc.ledger, user.id))];
  const now = server.svc.clock.now();
  const q = input.query as LobbyQuery;
  const pageSize = Math.min(LOBBY_PAGE_SIZE.max, Number(q.pageSize ?? LOBBY_PAGE_SIZE.default));
  const page = Number(q.page ?? 1);
  const covered = (parts: readonly unknown[]) => new Set((parts as KeysPart[]).flatMap((p) => p.keys.map(([k]) => k))).size >= TOURNAMENT_PARTITIONS;
  const parts = (await bus.gather("lobby-keys", { limit: page * pageSize } satisfies KeysAsk, covered, GATHER_MS)) as KeysPart[];
  // Each partition counts once: from the member with the highest epoch for it.
  const best = new Map<string, { member: string; epoch: number }>();
  for (const p of parts) for (const [k, e] of p.keys) if ((best.get(k)?.epoch ?? -Infinity) < e) best.set(k, { member: p.member, epoch: e });
  const keyOf = bus.ownership.keyOf;
  let total = 0;
  const items: SortKey[] = [];
  for (const p of parts) {
    for (const [k, n] of Object.entries(p.counts)) if (best.get(k)?.member === p.member) total += n;
    for (const i of p.items) if (best.get(keyOf(i[0]))?.member === p.member) items.push(i);
  }
  // Partitions nobody answered for: their tournaments' last public lines from the bucket.
  const fromBoard = new Map<string, LobbyTournament>();
  for (const e of board?.entries() ?? []) {
    if (best.has(keyOf(e.id))) continue;
    fromBoard.set(e.id, e.line);
    items.push([e.id, e.line.status === "finished" || e.line.status === "cancelled", e.line.startsAt]);
    total++;
  }
  const ids = items
    .sort(keyOrder)
    .slice((page - 1) * pageSize, page * pageSize)
    .map((i) => i[0]);
  let tournaments: LobbyTournament[] = [];
  const asked = ids.filter((id) => !fromBoard.has(id));
  if (asked.length > 0) {
    const want = new Set(asked);
    const all = (got: readonly unknown[]) =>
      (got as { lines: LobbyTournament[] }[]).reduce((n, g) => n + g.lines.filter((l) => want.has(l.id)).length, 0) >= want.size;
    const got = (await bus.gather("lobby-lines", { ids: asked, userId: user?.id ?? null, balance, tickets, now } satisfies LinesAsk, all, GATHER_MS)) as {
      lines: LobbyTournament[];
    }[];
    const byId = new Map<string, LobbyTournament>();
    for (const g of got) for (const l of g.lines) byId.set(l.id, l);
    tournaments = ids.flatMap((id) => byId.get(id) ?? fromBoard.get(id) ?? []);
  } else tournaments = ids.flatMap((id) => fromBoard.get(id) ?? []);
  const pages = Math.ceil(total / pageSize);
  const funding = user === null || balance === null ? null : await fundingOf(server, user.id, balance);
  return ok({ serverTime: now, balance, funding, tournaments, page: { page, pageSize, total, pages } });
}
