// The seam between who owns what (the partition host: leases, fences, loading) and what
// uses ownership (routing commands to the owner, fanning frames out, the lobby across
// processes). Issue 16, first stage: a tournament and its tables are owned together by the
// owner of the tournament's partition (src/cluster/partition.ts `tournamentPartition`), so
// the director and its tables keep talking in-process and a failover is the restart path
// the crash tests already prove, fenced.
//
// A single `felt serve` (no --cluster) owns everything: `everything()` below.
import { partitionKey, tournamentPartition } from "./partition.ts";

export interface Ownership {
  /** This process's name in the cluster ("local" when alone). */
  readonly member: string;
  /** The partition key ("tournament.05") a tournament and its tables belong to. */
  keyOf(tournamentId: string): string;
  /** The epoch this process serves the partition with, or undefined when it does not serve it now. */
  serving(key: string): number | undefined;
  /**
   * Called after this process has raised the partition's fence and loaded and resumed its
   * tournaments: from now on it answers for them. Returns the unsubscribe function.
   */
  onServing(listener: (key: string, epoch: number) => void): () => void;
  /** Called when this process stops answering for the partition (lease lost or released). */
  onStopped(listener: (key: string) => void): () => void;
}

export const tournamentKey = (tournamentId: string): string => partitionKey(tournamentPartition(tournamentId));

/** One process, every partition, epoch 0 (no fences): the default single-process server. */
export function everything(member = "local"): Ownership {
  return {
    member,
    keyOf: tournamentKey,
    serving: () => 0,
    onServing: () => () => {},
    onStopped: () => () => {},
  };
}
