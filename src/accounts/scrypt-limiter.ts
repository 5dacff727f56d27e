// A bound on password hashing. node's scrypt runs on libuv's thread pool (4
// threads by default), which the server also needs for other work (the fsync of SQLite's
// WAL, file reads): at most `concurrent` hashes run at once, at most `queued` wait, and
// beyond that a sign-in or sign-up is refused at once with `accounts/busy` (HTTP 503 with
// Retry-After) instead of piling up, so an unauthenticated flood costs the server a bounded
// amount of work and the lobby and tables keep their threads.
import { fail, ok, type Result } from "../lib/result.ts";
import { ACCOUNT_ERRORS } from "./errors.ts";

export interface ScryptLimits {
  readonly concurrent: number;
  readonly queued: number;
}

export const DEFAULT_SCRYPT_LIMITS: ScryptLimits = { concurrent: 2, queued: 64 };

export class ScryptLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: ScryptLimits) {}

  /** Runs `fn` when a slot is free; refused with `accounts/busy` when the queue is full. */
  async run<T>(fn: () => Promise<T>): Promise<Result<T>> {
    if (this.running >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.queued)
        return fail(ACCOUNT_ERRORS.busy, "too many sign-ins at once; try again in a moment", { retryAfterMs: 1_000 });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return ok(await fn());
    } finally {
      const next = this.waiting.shift();
      if (next !== undefined)
        next(); // the slot passes straight to the next in line
      else this.running -= 1;
    }
  }
}
