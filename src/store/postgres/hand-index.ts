// The hand index on PostgreSQL: rows recorded in one turn of the event loop go in one
// multi-row INSERT (one commit), keyset pages on (player_id, started_at, hand_id).
import type pg from "pg";
import { decodeHoleCards, encodeHoleCards, HAND_LIST_MAX, type HandCursor, type HandIndex, type HandIndexEntry } from "../hand-index.ts";
import { migratePostgres, pgPool, type PgMigration, type PgOptions } from "./db.ts";

export const HAND_INDEX_MIGRATIONS: readonly PgMigration[] = [
  {
    id: "hands/001-index",
    sql: `
      CREATE TABLE hand_index (
        player_id TEXT NOT NULL,
        hand_id TEXT COLLATE "C" NOT NULL,
        table_id TEXT NOT NULL,
        tournament_id TEXT,
        hand_number INTEGER NOT NULL,
        started_at BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        net BIGINT NOT NULL,
        PRIMARY KEY (player_id, hand_id)
      );
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
  started_at: string;
  seat: number;
  net: string;
  cards: string | null;
}

const fromRow = (r: Row): HandIndexEntry => ({
  playerId: r.player_id,
  handId: r.hand_id,
  tableId: r.table_id,
  tournamentId: r.tournament_id,
  handNumber: r.hand_number,
  startedAt: Number(r.started_at),
  seat: r.seat,
  net: Number(r.net),
  cards: decodeHoleCards(r.cards),
});

export async function openPostgresHandIndex(url: string, options: PgOptions = {}): Promise<HandIndex> {
  // Written once per hand end and read by a player's history: two connections at most, whatever the others get.
  const { pool } = pgPool(url, { ...options, maxConnections: Math.min(2, options.maxConnections ?? 2) });
  try {
    await migratePostgres(pool, options.schema ?? "felt", HAND_INDEX_MIGRATIONS);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return new PgHandIndex(pool);
}

class PgHandIndex implements HandIndex {
  private pending: { entries: readonly HandIndexEntry[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private closed = false;

  constructor(private readonly pool: pg.Pool) {}

  record(entries: readonly HandIndexEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pending.push({ entries, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0);
    const rows = batch.flatMap((b) => b.entries);
    if (rows.length === 0) return;
    try {
      // One named statement whatever the batch's size (a list of VALUES was a new text, parsed
      // and planned, for every count of rows), its columns as arrays.
      await this.pool.query({
        name: "felt-hand-index-add",
        text: `INSERT INTO hand_index (player_id, hand_id, table_id, tournament_id, hand_number, started_at, seat, net, cards)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::int[], $8::bigint[], $9::text[])
         ON CONFLICT (player_id, hand_id) DO UPDATE SET cards = excluded.cards WHERE hand_index.cards IS NULL`,
        values: [
          rows.map((e) => e.playerId),
          rows.map((e) => e.handId),
          rows.map((e) => e.tableId),
          rows.map((e) => e.tournamentId),
          rows.map((e) => e.handNumber),
          rows.map((e) => e.startedAt),
          rows.map((e) => e.seat),
          rows.map((e) => e.net),
          rows.map((e) => encodeHoleCards(e.cards)),
        ],
      });
    } catch (e) {
      for (const b of batch) b.reject(e);
      return;
    }
    for (const b of batch) b.resolve();
  }

  async list(playerId: string, options: { readonly limit: number; readonly before?: HandCursor }): Promise<HandIndexEntry[]> {
    const limit = Math.max(0, Math.min(HAND_LIST_MAX, Math.floor(options.limit)));
    const b = options.before;
    const r =
      b === undefined
        ? await this.pool.query<Row>("SELECT * FROM hand_index WHERE player_id = $1 ORDER BY started_at DESC, hand_id DESC LIMIT $2", [playerId, limit])
        : await this.pool.query<Row>(
            `SELECT * FROM hand_index WHERE player_id = $1 AND (started_at, hand_id) < ($2, $3)
             ORDER BY started_at DESC, hand_id DESC LIMIT $4`,
            [playerId, b.startedAt, b.handId, limit],
          );
    return r.rows.map(fromRow);
  }

  async get(playerId: string, handId: string): Promise<HandIndexEntry | null> {
    const r = await this.pool.query<Row>("SELECT * FROM hand_index WHERE player_id = $1 AND hand_id = $2", [playerId, handId]);
    const row = r.rows[0];
    return row === undefined ? null : fromRow(row);
  }

  async isEmpty(): Promise<boolean> {
    return (await this.pool.query("SELECT 1 FROM hand_index LIMIT 1")).rowCount === 0;
  }

  async lacksCards(): Promise<boolean> {
    return ((await this.pool.query("SELECT 1 FROM hand_index WHERE cards IS NULL LIMIT 1")).rowCount ?? 0) > 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flush().catch(() => undefined);
    await this.pool.end();
  }
}
