// Where the player sits, tournament by tournament, as the lobby tells it: a table that
// appears is a tournament that has just seated the player (it started, or a late entry was
// drawn in); a table that changes is a move.
import type { LobbyTournament } from "../../../src/protocol/index.ts";

/** Tournament id → the player's table in it (null: registered, not seated yet). */
export type Seating = ReadonlyMap<string, string | null>;

export interface SeatChange {
  readonly tournamentId: string;
  readonly name: string;
  readonly tableId: string;
  readonly kind: "seated" | "moved";
}

export function seatingOf(tournaments: readonly LobbyTournament[]): Seating {
  return new Map(tournaments.flatMap((tr) => (tr.mine && tr.mine.state !== "busted" ? [[tr.id, tr.mine.tableId] as const] : [])));
}

const toStart = (tr: LobbyTournament) => tr.status === "registering" || tr.status === "announced";
const started = (tr: LobbyTournament) => tr.status === "running" || tr.status === "break" || tr.status === "paused";

/** The tournaments not started yet at this look (a registration made elsewhere may seat the player at their start). */
export function notStarted(tournaments: readonly LobbyTournament[]): ReadonlySet<string> {
  return new Set(tournaments.filter(toStart).map((tr) => tr.id));
}

/**
 * What changed between two looks at the lobby; nothing on the first look (before is null).
 * A tournament the player was not in at the last look and that had not started then, now
 * seating them, is a start too: they registered on another screen or device meanwhile.
 */
export function seatChanges(before: Seating | null, tournaments: readonly LobbyTournament[], beforeStart: ReadonlySet<string> = new Set()): SeatChange[] {
  if (before === null) return [];
  const changes: SeatChange[] = [];
  for (const tr of tournaments) {
    const table = tr.mine && tr.mine.state !== "busted" ? tr.mine.tableId : null;
    if (table === null) continue;
    if (!before.has(tr.id)) {
      if (beforeStart.has(tr.id)) changes.push({ tournamentId: tr.id, name: tr.name, tableId: table, kind: "seated" });
      continue;
    }
    const was = before.get(tr.id) ?? null;
    if (was === table) continue;
    changes.push({ tournamentId: tr.id, name: tr.name, tableId: table, kind: was === null ? "seated" : "moved" });
  }
  return changes;
}

/**
 * What the lobby is asked again on: the status of each tournament the player is in (a start
 * seats them) and whether each of their tables still seats them (a move or a break). Cheaper
 * than polling: one lobby call per change, not one per player every few seconds.
 */
export function seatWatchKey(
  seating: Seating,
  statusOf: (tournamentId: string) => string | undefined,
  seatedAt: (tableId: string) => boolean | undefined,
): string {
  return [...seating].map(([id, table]) => `${id}:${statusOf(id) ?? "?"}:${table === null ? "-" : String(seatedAt(table) ?? "?")}`).join("|");
}

/**
 * The tables the lobby last placed the player at, in tournaments they still play, where the
 * table's own view no longer seats them: a move or a broken table the lobby answer predates.
 */
export function tablesLeft(tournaments: readonly LobbyTournament[], seatedAt: (tableId: string) => boolean | undefined): string[] {
  return tournaments.flatMap((tr) =>
    tr.mine?.state === "playing" && tr.mine.tableId !== null && seatedAt(tr.mine.tableId) === false ? [tr.mine.tableId] : [],
  );
}

/**
 * Where a change of seats takes the player: a start that seats them goes to their table (one)
 * or their tables side by side (several), also from the table screen of an event that started
 * a moment before; a move stays where they are (the tables screen puts it in the old tile).
 */
export function seatDestination(
  change: SeatChange,
  screen: string,
  tables: readonly string[],
): { screen: "table"; tableId: string } | { screen: "tables" } | null {
  if (change.kind !== "seated" || screen === "tables") return null;
  if (tables.length > 1) return { screen: "tables" };
  return screen === "table" ? null : { screen: "table", tableId: change.tableId };
}

/** Looks again while a started event has not seated the player: 1, 2, 4, 8 and 16 s apart, then the slow fallback. */
export const UNSEATED_LOOKS = 5;
/** How long after an event's scheduled start the lobby is asked, should its push be missed. */
export const AFTER_START_MS = 1500;
const DAY_MS = 86_400_000;

const waits = (tr: LobbyTournament) => tr.kind === "online" && tr.mine !== null && tr.mine.state !== "busted";

/**
 * Whether this lobby answer shows an online event the player is in that has started without
 * seating them yet. A live room's events seat players at real tables (no table id to wait for).
 */
export function waitingForSeat(tournaments: readonly LobbyTournament[]): boolean {
  return tournaments.some((tr) => waits(tr) && started(tr) && tr.mine?.tableId === null);
}

/**
 * When to ask the lobby again besides the pushes (ms from now), or null. Pushes tell a start,
 * but a push can be lost (a reconnect at that moment) or come before the lobby answer that
 * shows the seat, and then only the slow fallback would take the player to their table:
 * - an event started without seating them yet: soon, then less often (`looks`: how many such
 *   looks were taken in a row);
 * - an event they wait in: a moment after its scheduled start (a start already past while
 *   still registering waits on the director, whose push says when). `startsAt` gives the
 *   newest scheduled start known (the pushed view's: the floor may have moved it since the
 *   lobby's answer).
 */
export function nextLookMs(
  tournaments: readonly LobbyTournament[],
  serverNow: number,
  looks: number,
  startsAt: (tournament: LobbyTournament) => number = (tr) => tr.startsAt,
): number | null {
  const delays: number[] = [];
  if (looks < UNSEATED_LOOKS && waitingForSeat(tournaments)) delays.push(1000 * 2 ** looks);
  for (const tr of tournaments) {
    const untilStart = startsAt(tr) - serverNow;
    if (waits(tr) && toStart(tr) && untilStart > 0 && untilStart < DAY_MS) delays.push(untilStart + AFTER_START_MS);
  }
  return delays.length === 0 ? null : Math.min(...delays);
}
