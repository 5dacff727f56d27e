// Which partition a table or a tournament belongs to. Ownership moves between
// processes a partition at a time, never a table at a time: 256 table partitions, 64
// tournament partitions. The hash is FNV-1a (32 bit) over the id's UTF-8 bytes, then
// MurmurHash3's finaliser (FNV-1a alone leaves sequential ids like t1, t2, ... unevenly
// spread in its low bits: the spread test caught it): stable across processes, Node
// versions and restarts, so every process agrees without talking.
// Changing it (or the counts) would move every table: these numbers are part of the
// stored state of a running cluster.

export const TABLE_PARTITIONS = 256;
export const TOURNAMENT_PARTITIONS = 64;

export type PartitionKind = "table" | "tournament";

export interface Partition {
  readonly kind: PartitionKind;
  readonly index: number;
}

const utf8 = new TextEncoder();

/** FNV-1a over the text's UTF-8 bytes, 32 bit, as an unsigned integer. */
export function fnv1a32(text: string): number {
  // Ids are ASCII, whose UTF-8 bytes are their char codes: hashed as they are, without
  // encoding a copy (every routed command and fed frame asks for its partition).
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return fnv1a32Bytes(utf8.encode(text));
    h ^= c;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function fnv1a32Bytes(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const byte of bytes) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** FNV-1a mixed by MurmurHash3's fmix32, as an unsigned integer. */
export function partitionHash(id: string): number {
  let h = fnv1a32(id);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function tablePartition(tableId: string): Partition {
  return { kind: "table", index: partitionHash(tableId) % TABLE_PARTITIONS };
}

export function tournamentPartition(tournamentId: string): Partition {
  return { kind: "tournament", index: partitionHash(tournamentId) % TOURNAMENT_PARTITIONS };
}

/** Every partition of one kind, in index order. */
export function allPartitions(kind: PartitionKind): Partition[] {
  const n = kind === "table" ? TABLE_PARTITIONS : TOURNAMENT_PARTITIONS;
  return Array.from({ length: n }, (_, index) => ({ kind, index }));
}

/**
 * The partition's name: its lease key in the KV bucket and its fence scope in the event
 * store ("table.017", "tournament.05"). KV keys allow only [-/_=.a-zA-Z0-9].
 */
export function partitionKey(p: Partition): string {
  const width = p.kind === "table" ? 3 : 2;
  return `${p.kind}.${String(p.index).padStart(width, "0")}`;
}
