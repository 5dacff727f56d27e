// The money check across processes. Each process checks the
// tournaments it loads against the ledger (at start, and in cluster mode whenever it gains a
// partition), so in a cluster every member knows only its own partitions' results. GET
// /director/ledger on any member asks every member (`<prefix>.all.money-check`) for its
// checked tournaments in the tournament partitions it serves, stops waiting once every
// partition is covered (or after GATHER_MS), and merges: one entry per tournament (a
// tournament answered by two members in a hand-over moment counts once), the earliest check
// time, and how many partitions answered.
import type { Bus } from "../../cluster/bus.ts";
import type { Ownership } from "../../cluster/ownership.ts";
import { allPartitions, partitionKey, TOURNAMENT_PARTITIONS } from "../../cluster/partition.ts";
import type { MoneyCheck, MoneyDifference } from "../../protocol/index.ts";
import type { ServerPort } from "../server-port.ts";
import { GATHER_MS } from "./cluster-lobby.ts";

export interface MoneyPart {
  readonly member: string;
  /** The tournament partitions this member serves now. */
  readonly keys: readonly string[];
  /** When its check last ran (null: not yet). */
  readonly at: number | null;
  /** Its checked tournaments in those partitions, each with its differences (empty: sound). */
  readonly tournaments: readonly (readonly [string, readonly MoneyDifference[]])[];
}

/** A member's answer: what it checked of the partitions it serves. */
export function answerMoneyCheck(server: Pick<ServerPort, "moneyChecked">, ownership: Ownership): MoneyPart {
  const keys = allPartitions("tournament")
    .map(partitionKey)
    .filter((k) => ownership.serving(k) !== undefined);
  const served = new Set(keys);
  const checked = server.moneyChecked();
  return {
    member: ownership.member,
    keys,
    at: checked.at ?? null,
    tournaments: checked.tournaments.filter(([id]) => served.has(ownership.keyOf(id))),
  };
}

/** Every member's parts merged into one check (undefined while no member has checked yet). */
export function mergeMoneyChecks(parts: readonly MoneyPart[]): MoneyCheck | undefined {
  const byTournament = new Map<string, readonly MoneyDifference[]>();
  const keys = new Set<string>();
  let at: number | undefined;
  for (const p of parts) {
    for (const k of p.keys) keys.add(k);
    if (p.at === null) continue;
    at = at === undefined ? p.at : Math.min(at, p.at);
    for (const [id, diffs] of p.tournaments) byTournament.set(id, diffs);
  }
  if (at === undefined) return undefined;
  const differences = [...byTournament.values()].flat().slice(0, 10_000);
  return { at, tournaments: byTournament.size, differences, partitions: { answered: keys.size, of: TOURNAMENT_PARTITIONS } };
}

/** The cluster's money check, gathered from every member. */
export async function gatherMoneyCheck(bus: Bus, maxMs: number = GATHER_MS): Promise<MoneyCheck | undefined> {
  const covered = (parts: readonly unknown[]) => new Set((parts as MoneyPart[]).flatMap((p) => p.keys)).size >= TOURNAMENT_PARTITIONS;
  const parts = (await bus.gather("money-check", {}, covered, maxMs)) as MoneyPart[];
  return mergeMoneyChecks(parts);
}
