// Storage: the event store (streams, snapshots, catch-up) and the money ledger, each on
// SQLite or PostgreSQL behind one interface.
export type {
  AppendResult,
  AppendGroup,
  AppendGroupsResult,
  AppendWithPostingsResult,
  GroupAppended,
  EventStore,
  ExpectedVersion,
  GlobalCursor,
  NewEvent,
  Snapshot,
  StoredEvent,
  StreamInfo,
} from "./event-store.ts";
export { streamType, STREAM_ID } from "./event-store.ts";
export { STORE_ERRORS } from "./errors.ts";
export type {
  BalanceRow,
  Leg,
  Ledger,
  PostedTransaction,
  PostingKind,
  PostResult,
  TransactionInput,
} from "./ledger.ts";
export { LEDGER_ERRORS, MAX_AMOUNT, POSTING_KINDS, checkTransaction } from "./ledger.ts";
export * from "./ledger-accounts.ts";
export * as postings from "./ledger-postings.ts";
export type { Built } from "./ledger-postings.ts";
export {
  HAND_LIST_MAX,
  decodeHandCursor,
  encodeHandCursor,
  decodeHoleCards,
  encodeHoleCards,
  type HandCursor,
  type HandIndex,
  type HandIndexEntry,
} from "./hand-index.ts";
export {
  parseDbUrl,
  poolOptions,
  openEventStore,
  openLedger,
  openHandIndex,
  openStorage,
  type Storage,
  type StorageTarget,
  type OpenOptions,
} from "./target.ts";
export { openSqliteEventStore } from "./sqlite/event-store.ts";
export { openSqliteLedger } from "./sqlite/ledger.ts";
export { openPostgresEventStore } from "./postgres/event-store.ts";
export { openPostgresLedger } from "./postgres/ledger.ts";
// For other folders keeping their own tables on the same backends (accounts).
export { checkSqlitePath } from "./sqlite/path-check.ts";
export { openSqlite, migrateSqlite, type Durability, type SqliteMigration } from "./sqlite/db.ts";
export { pgPool, migratePostgres, inTransaction, type PgMigration, type PgOptions } from "./postgres/db.ts";
export { fenced, notServing, type FenceResolver, type Fences } from "./fence.ts";
export { FENCE_MIGRATIONS } from "./postgres/migrations.ts";
