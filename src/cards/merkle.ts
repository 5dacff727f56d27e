// A Merkle tree over SHA-256 (one commitment to every deck position, each
// position opened on its own). Leaves are already hashed by the caller. A parent is
// SHA-256(0x01 || left || right); when a level has an odd number of nodes its last node is
// carried up unchanged (no duplication, so no two trees share a root by padding). The
// 0x01 prefix keeps inner nodes apart from leaves, which the caller prefixes with 0x00.
import { sha256 } from "@noble/hashes/sha2.js";

const node = new Uint8Array(65);

function parent(left: Uint8Array, right: Uint8Array): Uint8Array {
  node[0] = 1;
  node.set(left, 1);
  node.set(right, 33);
  return sha256(node);
}

/** Node `i` of a level (32 bytes a node; a view, not a copy). */
export const nodeAt = (level: Uint8Array, i: number): Uint8Array => level.subarray(32 * i, 32 * i + 32);
const nodesIn = (level: Uint8Array): number => level.length / 32;

/**
 * Every level of the tree, leaves first, the root's level (one node) last. Each level is one
 * buffer of 32 bytes a node: a server keeps a deck's tree for a whole hand at every table,
 * and as one object a node it was a tenth of the objects its collector walked.
 */
export function merkleLevels(leaves: readonly Uint8Array[]): Uint8Array[] {
  if (leaves.length === 0) throw new RangeError("a Merkle tree needs at least one leaf");
  let level = new Uint8Array(32 * leaves.length);
  for (const [i, leaf] of leaves.entries()) {
    if (leaf.length !== 32) throw new RangeError("a Merkle leaf is 32 bytes");
    level.set(leaf, 32 * i);
  }
  const out = [level];
  while (nodesIn(level) > 1) {
    const n = nodesIn(level);
    const next = new Uint8Array(32 * Math.ceil(n / 2));
    // Nodes i and i + 1 make node i / 2 of the next level.
    for (let i = 0; i + 1 < n; i += 2) next.set(parent(nodeAt(level, i), nodeAt(level, i + 1)), 32 * (i / 2));
    if (n % 2 === 1) next.set(nodeAt(level, n - 1), 32 * ((n - 1) / 2));
    out.push(next);
    level = next;
  }
  return out;
}

export function merkleRoot(leaves: readonly Uint8Array[]): Uint8Array {
  return merkleLevels(leaves).at(-1)!;
}

/**
 * The sibling hashes from leaf `index` up to the root (levels where the node is carried add
 * none), from the tree's levels (merkleLevels), so many paths cost one tree.
 */
export function merklePath(levels: readonly Uint8Array[], index: number): Uint8Array[] {
  if (!Number.isInteger(index) || index < 0 || index >= nodesIn(levels[0] ?? new Uint8Array(0))) throw new RangeError(`no leaf ${index}`);
  const path: Uint8Array[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i ^ 1;
    if (sibling < nodesIn(level)) path.push(nodeAt(level, sibling));
    i >>= 1;
  }
  return path;
}

/**
 * The root that `leaf` at `index` of a `count`-leaf tree and its `path` lead to, or null
 * when the path has the wrong length for that position.
 */
export function rootFromPath(leaf: Uint8Array, index: number, count: number, path: readonly Uint8Array[]): Uint8Array | null {
  if (!Number.isInteger(index) || index < 0 || index >= count) return null;
  let node = leaf;
  let used = 0;
  for (let i = index, size = count; size > 1; i >>= 1, size = Math.ceil(size / 2)) {
    const sibling = i ^ 1;
    if (sibling >= size) continue; // carried up unchanged
    const other = path[used++];
    if (other === undefined || other.length !== 32) return null;
    node = i % 2 === 0 ? parent(node, other) : parent(other, node);
  }
  return used === path.length ? node : null;
}
