// The command ids a stream actor remembers: each id with the version its command left and
// who sent it, oldest first, the oldest forgotten past a limit. A table remembers a thousand
// ids and a server holds a thousand tables: held as strings in maps, a million ids were
// 114 MB and a million strings for every major collection to walk, all evening. Here an id's
// characters sit in one byte array (one fixed-width row per id, widened when a longer id
// comes), the versions and senders in typed arrays, and the look-up is an open-addressing
// index of row numbers: nothing per id that the collector sees. An id that is not Latin-1 or
// longer than MAX_WIDTH is kept as a string beside its row, and is just as exact.

/** The longest id kept in the byte rows; longer ones keep their string (still exact). */
const MAX_WIDTH = 64;
const FIRST_ROWS = 16;

/** FNV-1a over the id's UTF-16 code units. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Whether every code unit fits a byte (Latin-1), so the bytes are the id. */
function fitsBytes(id: string): boolean {
  if (id.length > MAX_WIDTH) return false;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) > 0xff) return false;
  return true;
}

export class CommandMemory {
  /** Rows form a ring: `head` is the oldest's, the next id goes `size` rows after it. */
  private rows = FIRST_ROWS;
  private head = 0;
  private count = 0;
  private width = 16;
  private bytes = new Uint8Array(FIRST_ROWS * 16);
  /** By row: the id's length in bytes, or -1 when the id is kept in `long`. */
  private lengths = new Int32Array(FIRST_ROWS);
  private hashes = new Int32Array(FIRST_ROWS);
  private versions = new Float64Array(FIRST_ROWS);
  /** By row: the sender's index in `names`, or -1 for none. */
  private senders = new Int32Array(FIRST_ROWS);
  private long = new Map<number, string>();
  /** Row + 1 by hash (linear probing, 0 empty); twice the rows, so probes stay short. */
  private index = new Int32Array(FIRST_ROWS * 2);
  /** One string per sender, shared by its ids, with how many rows name it. */
  private readonly names: (string | null)[] = [];
  private readonly uses: number[] = [];
  private readonly nameAt = new Map<string, number>();
  private readonly freeNames: number[] = [];

  /** `limit`: how many ids are kept (Infinity: all). */
  constructor(private readonly limit: number) {}

  get size(): number {
    return this.count;
  }

  has(id: string): boolean {
    return this.rowOf(id, hashOf(id)) >= 0;
  }

  /** The version the command with this id left, if remembered. */
  version(id: string): number | undefined {
    const row = this.rowOf(id, hashOf(id));
    return row < 0 ? undefined : this.versions[row];
  }

  /** Who sent the command with this id, if remembered with a sender. */
  sender(id: string): string | undefined {
    const row = this.rowOf(id, hashOf(id));
    if (row < 0) return undefined;
    const n = this.senders[row]!;
    return n < 0 ? undefined : (this.names[n] ?? undefined);
  }

  /**
   * Remembers `id` at `version` from `sender` (null: none). An id already remembered keeps its
   * place in the order and takes the new version and sender; a new one past the limit makes
   * the oldest forgotten.
   */
  remember(id: string, version: number, sender: string | null): void {
    const h = hashOf(id);
    const found = this.rowOf(id, h);
    if (found >= 0) {
      this.versions[found] = version;
      this.setSender(found, sender);
      return;
    }
    if (this.limit < 1) return;
    if (this.count >= this.limit) this.forgetOldest();
    if (this.count === this.rows) this.relayout(this.rows * 2, this.width);
    const inBytes = fitsBytes(id);
    if (inBytes && id.length > this.width) this.widen(id.length);
    const row = (this.head + this.count) & (this.rows - 1);
    this.count++;
    this.hashes[row] = h;
    this.versions[row] = version;
    this.senders[row] = -1;
    this.setSender(row, sender);
    if (inBytes) {
      const base = row * this.width;
      for (let i = 0; i < id.length; i++) this.bytes[base + i] = id.charCodeAt(i);
      this.lengths[row] = id.length;
    } else {
      this.lengths[row] = -1;
      this.long.set(row, id);
    }
    this.place(row, h);
  }

  /** Every remembered id, oldest first: [id, version] or [id, version, sender]. */
  entries(): (readonly [string, number] | readonly [string, number, string])[] {
    const out: (readonly [string, number] | readonly [string, number, string])[] = [];
    for (let k = 0; k < this.count; k++) {
      const row = (this.head + k) & (this.rows - 1);
      const id = this.idAt(row);
      const n = this.senders[row]!;
      const name = n < 0 ? null : this.names[n]!;
      out.push(name === null ? [id, this.versions[row]!] : [id, this.versions[row]!, name]);
    }
    return out;
  }

  private idAt(row: number): string {
    const length = this.lengths[row]!;
    if (length < 0) return this.long.get(row)!;
    const base = row * this.width;
    return String.fromCharCode(...this.bytes.subarray(base, base + length));
  }

  private matches(row: number, id: string): boolean {
    const length = this.lengths[row]!;
    if (length < 0) return this.long.get(row) === id;
    if (length !== id.length) return false;
    const base = row * this.width;
    for (let i = 0; i < length; i++) if (this.bytes[base + i] !== id.charCodeAt(i)) return false;
    return true;
  }

  private rowOf(id: string, h: number): number {
    const mask = this.index.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const at = this.index[i]!;
      if (at === 0) return -1;
      const row = at - 1;
      if (this.hashes[row] === h && this.matches(row, id)) return row;
    }
  }

  private place(row: number, h: number): void {
    const mask = this.index.length - 1;
    let i = h & mask;
    while (this.index[i] !== 0) i = (i + 1) & mask;
    this.index[i] = row + 1;
  }

  private forgetOldest(): void {
    const row = this.head;
    this.unplace(row);
    this.setSender(row, null);
    if (this.lengths[row]! < 0) this.long.delete(row);
    this.head = (this.head + 1) & (this.rows - 1);
    this.count--;
  }

  /** Takes `row` out of the index, moving back the entries after it that probed past it. */
  private unplace(row: number): void {
    const { index } = this;
    const mask = index.length - 1;
    let i = this.hashes[row]! & mask;
    while (index[i] !== row + 1) i = (i + 1) & mask;
    for (let j = (i + 1) & mask; index[j] !== 0; j = (j + 1) & mask) {
      const home = this.hashes[index[j]! - 1]! & mask;
      // The entry at j may fill the hole at i unless its home lies cyclically in (i, j].
      if (((j - home) & mask) >= ((j - i) & mask)) {
        index[i] = index[j]!;
        i = j;
      }
    }
    index[i] = 0;
  }

  private setSender(row: number, sender: string | null): void {
    const old = this.senders[row]!;
    if (old >= 0 && this.names[old] === sender) return;
    if (old >= 0 && --this.uses[old]! === 0) {
      this.nameAt.delete(this.names[old]!);
      this.names[old] = null;
      this.freeNames.push(old);
    }
    if (sender === null) {
      this.senders[row] = -1;
      return;
    }
    let n = this.nameAt.get(sender);
    if (n === undefined) {
      n = this.freeNames.pop() ?? this.names.length;
      this.names[n] = sender;
      this.uses[n] = 0;
      this.nameAt.set(sender, n);
    }
    this.uses[n]!++;
    this.senders[row] = n;
  }

  /** Lays the rows out again, oldest first from row 0, `rows` of `width` bytes. */
  private relayout(rows: number, width: number): void {
    const bytes = new Uint8Array(rows * width);
    const lengths = new Int32Array(rows);
    const hashes = new Int32Array(rows);
    const versions = new Float64Array(rows);
    const senders = new Int32Array(rows);
    const long = new Map<number, string>();
    for (let k = 0; k < this.count; k++) {
      const row = (this.head + k) & (this.rows - 1);
      const length = this.lengths[row]!;
      if (length >= 0) bytes.set(this.bytes.subarray(row * this.width, row * this.width + length), k * width);
      else long.set(k, this.long.get(row)!);
      lengths[k] = length;
      hashes[k] = this.hashes[row]!;
      versions[k] = this.versions[row]!;
      senders[k] = this.senders[row]!;
    }
    this.bytes = bytes;
    this.lengths = lengths;
    this.hashes = hashes;
    this.versions = versions;
    this.senders = senders;
    this.long = long;
    this.rows = rows;
    this.width = width;
    this.head = 0;
    this.index = new Int32Array(rows * 2);
    for (let k = 0; k < this.count; k++) this.place(k, hashes[k]!);
  }

  /** To the next multiple of 8 bytes that holds `length` (a UUID's 36 take 40, not 64). */
  private widen(length: number): void {
    this.relayout(this.rows, Math.min(MAX_WIDTH, Math.ceil(length / 8) * 8));
  }
}
