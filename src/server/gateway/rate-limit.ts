// A token bucket per connection: `burst` messages at once, refilled at `perSecond`.
import type { RateLimit } from "../../lib/token-bucket.ts";

export { TokenBucket, type RateLimit } from "../../lib/token-bucket.ts";

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 20, burst: 40 };
