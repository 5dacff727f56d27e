// When a finished tournament's whole decks may leave the server (the room's
// `settings.decksOpen`). A table's seed re-derives every card it dealt, folded and mucked
// ones too, so handing it to everyone who played there would undo R-DEAL-1 and R-POT-5
// after the event. Each player always keeps the openings of the cards they saw (their
// own, the board, cards shown), which verify without the seed; the seed itself goes to
// nobody (the default), to the account the room named as its auditor once the tournament
// is over, or to anyone `afterDays` days after it is over. While it runs, to nobody.
import { DECKS_OPEN_DEFAULT, type TableSeed } from "../../protocol/index.ts";
import type { DeckFacts } from "../gateway/owner-requests.ts";
import type { EventStore } from "../../store/index.ts";
import type { ClusterPort, TournamentsPort } from "../server-port.ts";
import type { Services } from "../services.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { tableSeedCommitment } from "./fair.ts";
import { streamOf } from "./table-session.ts";

const DAY_MS = 86_400_000;

export function deckFactsOf(t: TournamentRuntime): DeckFacts {
  const over = t.dir.status === "finished" || t.dir.status === "cancelled";
  return { decksOpen: t.meta.decksOpen ?? DECKS_OPEN_DEFAULT, auditorId: t.meta.auditorId ?? null, endedAt: over ? t.dir.now : null };
}

/** When the seeds become everyone's (public after N days, once over), else null. */
export function publicFrom(f: DeckFacts): number | null {
  return f.decksOpen.to === "public" && f.endedAt !== null ? f.endedAt + f.decksOpen.afterDays * DAY_MS : null;
}

/** True when `userId` (null: signed out) may have the tournament's table seeds at `now`. */
export function seedsOpenTo(f: DeckFacts, userId: string | null, now: number): boolean {
  if (f.endedAt === null) return false;
  if (f.decksOpen.to === "auditor") return userId !== null && userId === f.auditorId;
  const from = publicFrom(f);
  return from !== null && now >= from;
}

/** Why the seeds are not `userId`'s now, for the refusal's message. */
export function whyClosed(f: DeckFacts): string {
  if (f.decksOpen.to === "players") return "this tournament's decks stay closed: each player verifies the cards they saw in their own hand histories";
  if (f.decksOpen.to === "auditor") return "this tournament's decks open to its auditor only, once it is over";
  const from = publicFrom(f);
  return from === null
    ? `this tournament's decks open to everyone ${f.decksOpen.afterDays} days after it is over`
    : `this tournament's decks open to everyone at ${new Date(from).toISOString()}`;
}

/** Where a tournament's deck facts are found: among those served here, else (cluster mode) from its owner. */
export interface DeckFactsPorts {
  readonly tournaments: Pick<TournamentsPort, "get">;
  readonly cluster: Pick<ClusterPort, "facts"> | null;
}

/** The deck facts of a tournament here or, in cluster mode, from its owner; null when unknown. */
export async function deckFacts(ports: DeckFactsPorts, tournamentId: string | null): Promise<DeckFacts | null> {
  if (tournamentId === null) return null;
  const local = ports.tournaments.get(tournamentId);
  if (local !== undefined) return deckFactsOf(local);
  if (ports.cluster === null) return null;
  const r = await ports.cluster.facts(tournamentId);
  return r.ok ? (r.value.decks ?? null) : null;
}

/** May `userId` have this tournament's table seeds now (the hand routes add it to the history then)? */
export async function seedOpenTo(
  ports: DeckFactsPorts & { readonly svc: Pick<Services, "clock"> },
  tournamentId: string | null,
  userId: string | null,
): Promise<boolean> {
  const f = await deckFacts(ports, tournamentId);
  return f !== null && seedsOpenTo(f, userId, ports.svc.clock.now());
}

const PAGE = 200;

/** Every table of the tournament that dealt a hand, with its seed (read from the table streams). */
export async function tableSeeds(store: EventStore, tournamentId: string): Promise<TableSeed[]> {
  const out: TableSeed[] = [];
  const prefix = streamOf(`${tournamentId}-t`);
  for (const s of await store.listStreams({ type: "table", prefix })) {
    const tableId = s.stream.slice("table:".length);
    if (!/^\d+$/.test(tableId.slice(tournamentId.length + 2))) continue; // another tournament's id that starts with this one
    for (let from = 1; from <= s.version; from += PAGE) {
      const events = await store.read(s.stream, from, PAGE);
      const seed = events.find((e) => e.type === "hand-started" && typeof (e.data as { tableSeed?: unknown }).tableSeed === "string");
      if (seed !== undefined) {
        const tableSeed = (seed.data as { tableSeed: string }).tableSeed;
        out.push({ tableId, seedCommitment: tableSeedCommitment(tableSeed), tableSeed });
        break;
      }
      if (events.length < PAGE) break;
    }
  }
  return out.sort((a, b) => a.tableId.localeCompare(b.tableId, "en", { numeric: true }));
}
