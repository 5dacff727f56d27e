// The seam between who owns what (the partition host: leases, fences, loading) and what
// uses ownership (routing commands to the owner, fanning frames out, the lobby across
// processes). First stage: a tournament and its tables are owned together by the
// owner of the tournament's partition (src/cluster/partition.ts `tournamentPartition`), so
// the director and its tables keep talking in-process and a failover is the restart path
// the crash tests already prove, fenced.
//
// A single `felt serve` (no --cluster) owns everything: `everything()` below.
import { partitionKey, tablePartition, tournamentPartition } from "./partition.ts";

export interface Ownership {
  /** This process's name in the cluster ("local" when alone). */
  readonly member: string;
  /** The partition key ("tournament.05") a tournament and its tables belong to. */
  keyOf(tournamentId: string): string;
  /**
   * The partition key a table belongs to: stage 1 its tournament's (`tableKeyWithTournament`);
   * with tables in partitions of their own (stage 2) the table's ("table.017", `tableKey`).
   */
  keyOfTable(tableId: string): string;
  /** The epoch this process serves the partition with, or undefined when it does not serve it now. */
  serving(key: string): number | undefined;
  /**
   * The member holding the partition as this process last saw the leases, or undefined when
   * none is known. A hint for batching requests per member (ping-batch.ts), never for
   * correctness: the owner itself decides, with `serving`.
   */
  ownerOf(key: string): string | undefined;
  /**
   * The public address a member announced (`felt serve --public-url`), as this process last
   * saw it; undefined when it announced none or is not live. A hint for clients (a table's
   * home, ws-messages.ts), never for routing between members, which goes over NATS.
   */
  addressOf(member: string): string | undefined;
  /**
   * Called after this process has raised the partition's fence and loaded and resumed its
   * tournaments: from now on it answers for them. Returns the unsubscribe function.
   */
  onServing(listener: (key: string, epoch: number) => void): () => void;
  /** Called when this process stops answering for the partition (lease lost or released). */
  onStopped(listener: (key: string) => void): () => void;
}

/**
 * Where a client may reach `member` at first hand: its announced public address, when it is
 * another member than this one and announced one.
 */
export function homeAt(ownership: Ownership, member: string | undefined): string | undefined {
  return member === undefined || member === ownership.member ? undefined : ownership.addressOf(member);
}

export const tournamentKey = (tournamentId: string): string => partitionKey(tournamentPartition(tournamentId));

/** The tournament a table id belongs to (`<tournamentId>-t<n>`), or null. */
export const tournamentOfTableId = (tableId: string): string | null => /^(.+)-t(\d+)$/.exec(tableId)?.[1] ?? null;

/** Stage 1: a table is owned with its tournament (a table id of no tournament: by its own id's tournament partition). */
export const tableKeyWithTournament = (tableId: string): string => tournamentKey(tournamentOfTableId(tableId) ?? tableId);

/** Stage 2: a table's own partition ("table.017"). */
export const tableKey = (tableId: string): string => partitionKey(tablePartition(tableId));

/** One process, every partition, epoch 0 (no fences): the default single-process server. */
export function everything(member = "local"): Ownership {
  return {
    member,
    keyOf: tournamentKey,
    keyOfTable: tableKeyWithTournament,
    serving: () => 0,
    ownerOf: () => member,
    addressOf: () => undefined,
    onServing: () => () => {},
    onStopped: () => () => {},
  };
}
