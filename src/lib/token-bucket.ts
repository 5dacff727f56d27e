// A token bucket: `burst` at once, refilled at `perSecond`, on the caller's clock (`now`
// in milliseconds, so tests move time by hand). The one rate mechanism of the server: a
// WebSocket's messages (gateway/rate-limit.ts) and the sign-ups from one address
// (accounts/auth-guard.ts) are each a bucket.
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

// Refills are fractions (5 per 600 s is 1/120 a second): a bucket refilled for exactly the
// wait it announced must not come up a rounding error short of its token.
const EPSILON = 1e-9;

export class TokenBucket {
  private tokens: number;
  private at: number;
  constructor(
    private readonly limit: RateLimit,
    now: number,
  ) {
    this.tokens = limit.burst;
    this.at = now;
  }

  take(now: number): boolean {
    return this.takeOrWait(now) === 0;
  }

  /** Takes a token and answers 0, or answers the milliseconds until there is one (taking nothing). */
  takeOrWait(now: number): number {
    this.refill(now);
    if (this.tokens < 1 - EPSILON) return Math.max(1, Math.ceil(((1 - this.tokens) / this.limit.perSecond) * 1000));
    this.tokens = Math.max(0, this.tokens - 1);
    return 0;
  }

  /** Returns a token taken for something that then did not happen. */
  giveBack(): void {
    this.tokens = Math.min(this.limit.burst, this.tokens + 1);
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.limit.burst, this.tokens + (Math.max(0, now - this.at) / 1000) * this.limit.perSecond);
    this.at = Math.max(this.at, now);
  }
}
