// A database outage as the gateway sees it: a storage error (the database cannot
// be reached, refused the connection, went away mid-query, is locked, full or read-only) is
// answered 503 `server/unavailable` with Retry-After, not 500, and logged once when the
// outage begins and once when it ends, never a stack trace per request. A cluster member's
// NATS outage is logged by the same OutageLog (what = "NATS"), from the connection's status.
import { ErrorCode } from "nats";

export const RETRY_AFTER_S = 5;

const NATS_AWAY: ReadonlySet<unknown> = new Set([ErrorCode.ConnectionClosed, ErrorCode.ConnectionDraining, ErrorCode.ConnectionRefused, ErrorCode.Disconnect]);

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH"]);

/** True for an error meaning "the database is unavailable now", not "this request is wrong". */
export function isStorageOutage(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const code = (e as { code?: unknown }).code;
  const message = String((e as { message?: unknown }).message ?? "");
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return true;
    // PostgreSQL SQLSTATE classes 08 (connection), 53 (resources), 57P (shutdown / cannot connect now).
    if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code)) return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|PROTOCOL|NOTADB|CORRUPT)/.test(code)) return true;
  }
  return /Connection terminated|connection timeout|Query read timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
    message,
  );
}

/** True for an error of a NATS connection that is away (closed, draining, disconnected): the cluster is unavailable now. */
export function isNatsOutage(e: unknown): boolean {
  return NATS_AWAY.has((e as { code?: unknown } | null)?.code);
}

/** One outage of something the server needs (the database, NATS): one line when it begins, one when it ends. */
export class OutageLog {
  private since: number | null = null;
  private count = 0;

  constructor(
    private readonly log: (message: string) => void,
    private readonly now: () => number,
    /** What is out, as the log lines name it. */
    private readonly what = "database",
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** A failure (a storage error; NATS gone): the first of an outage is logged (one line), the rest only counted. */
  failed(e: unknown, request = true): void {
    if (request) this.count += 1;
    if (this.since !== null) return;
    this.since = this.now();
    const code = (e as { code?: unknown } | null)?.code;
    const what = `${typeof code === "string" ? `${code}: ` : ""}${String((e as { message?: unknown } | null)?.message ?? e)
      .split("\n")[0]!
      .slice(0, 200)}`;
    this.log(`${this.what} unavailable (${what}); answering 503 until it is back`);
  }

  /** It answered again (a request that reached storage and succeeded; NATS reconnected): an outage in progress is over. */
  succeeded(): void {
    if (this.since === null) return;
    this.log(`${this.what} available again after ${Math.round((this.now() - this.since) / 1000)} s (${this.count} requests answered 503)`);
    this.since = null;
    this.count = 0;
  }
}
