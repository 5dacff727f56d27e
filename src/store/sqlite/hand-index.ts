// The hand index on SQLite: its own connection to the file with synchronous=NORMAL (commits
// write the WAL, no fsync: a process crash loses nothing, a power cut at most the last rows
// of derived data), and rows recorded in one turn of the event loop go in one transaction,
// so hands ending on many tables at once cost one small commit, not one each.
import type { Database as Db } from "better-sqlite3";
import { decodeHoleCards, encodeHoleCards, HAND_LIST_MAX, type HandCursor, type HandIndex, type HandIndexEntry } from "../hand-index.ts";
import { migrateSqlite, openSqlite, type SqliteMigration } from "./db.ts";

export const HAND_INDEX_MIGRATIONS: readonly SqliteMigration[] = [
  {
    id: "hands/001-index",
    sql: `
      CREATE TABLE hand_index (
        player_id TEXT NOT NULL,
        hand_id TEXT NOT NULL,
        table_id TEXT NOT NULL,
        tournament_id TEXT,
        hand_number INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        net INTEGER NOT NULL,
        PRIMARY KEY (player_id, hand_id)
      ) WITHOUT ROWID;
      CREATE INDEX hand_index_newest ON hand_index (player_id, started_at DESC, hand_id DESC);`,
  },
  // The player's own hole cards ("12 40"); NULL for rows from before (backfilled).
  { id: "hands/002-cards", sql: "ALTER TABLE hand_index ADD COLUMN cards TEXT" },
];

interface Row {
  player_id: string;
  hand_id: string;
  table_id: string;
  tournament_id: string | null;
  hand_number: number;
  started_at: number;
  seat: number;
  net: number;
  cards: string | null;
}

const fromRow = (r: Row): HandIndexEntry => ({
  playerId: r.player_id,
  handId: r.hand_id,
  tableId: r.table_id,
  tournamentId: r.tournament_id,
  handNumber: r.hand_number,
  startedAt: r.started_at,
  seat: r.seat,
  net: r.net,
  cards: decodeHoleCards(r.cards),
});

export const HAND_PAGE_SQL = `SELECT * FROM hand_index WHERE player_id = ? AND (started_at < ? OR (started_at = ? AND hand_id < ?))
       ORDER BY started_at DESC, hand_id DESC LIMIT ?`;

export function openSqliteHandIndex(path: string): HandIndex {
  const db = openSqlite(path, "normal");
  migrateSqlite(db, HAND_INDEX_MIGRATIONS);
  return new SqliteHandIndex(db);
}

class SqliteHandIndex implements HandIndex {
  private readonly insert;
  private readonly first;
  private readonly after;
  private readonly one;
  private pending: { entries: readonly HandIndexEntry[]; resolve: () => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      `INSERT INTO hand_index (player_id, hand_id, table_id, tournament_id, hand_number, started_at, seat, net, cards)
       VALUES (@playerId, @handId, @tableId, @tournamentId, @handNumber, @startedAt, @seat, @net, @cards)
       ON CONFLICT (player_id, hand_id) DO UPDATE SET cards = excluded.cards WHERE hand_index.cards IS NULL`,
    );
    this.first = db.prepare<[string, number], Row>("SELECT * FROM hand_index WHERE player_id = ? ORDER BY started_at DESC, hand_id DESC LIMIT ?");
    this.after = db.prepare<[string, number, number, string, number], Row>(HAND_PAGE_SQL);
    this.one = db.prepare<[string, string], Row>("SELECT * FROM hand_index WHERE player_id = ? AND hand_id = ?");
  }

  record(entries: readonly HandIndexEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pending.push({ entries, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending.splice(0);
    if (batch.length === 0 || !this.db.open) return;
    try {
      this.db.transaction(() => {
        for (const b of batch) for (const e of b.entries) this.insert.run({ ...e, cards: encodeHoleCards(e.cards) });
      })();
    } catch (e) {
      for (const b of batch) b.reject(e);
      return;
    }
    for (const b of batch) b.resolve();
  }

  async list(playerId: string, options: { readonly limit: number; readonly before?: HandCursor }): Promise<HandIndexEntry[]> {
    const limit = Math.max(0, Math.min(HAND_LIST_MAX, Math.floor(options.limit)));
    const b = options.before;
    const rows = b === undefined ? this.first.all(playerId, limit) : this.after.all(playerId, b.startedAt, b.startedAt, b.handId, limit);
    return rows.map(fromRow);
  }

  async get(playerId: string, handId: string): Promise<HandIndexEntry | null> {
    const r = this.one.get(playerId, handId);
    return r === undefined ? null : fromRow(r);
  }

  async isEmpty(): Promise<boolean> {
    return this.db.prepare("SELECT 1 FROM hand_index LIMIT 1").get() === undefined;
  }

  async lacksCards(): Promise<boolean> {
    return this.db.prepare("SELECT 1 FROM hand_index WHERE cards IS NULL LIMIT 1").get() !== undefined;
  }

  async close(): Promise<void> {
    this.flush();
    if (this.db.open) this.db.close();
  }
}
