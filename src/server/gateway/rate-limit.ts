// A token bucket per connection: `burst` messages at once, refilled at `perSecond`.
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 20, burst: 40 };

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
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.at) / 1000) * this.limit.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
