// Who may try to sign in or sign up now.
//
// Failed sign-ins, counted per name and per address. After `free` failures in a
// row, every further attempt for that name (or from that address) is refused without
// checking the password (so no scrypt is spent on it) until a backoff has passed that
// doubles with each failure: base · 2^(failures − free), at most `maxMs`. A refused attempt
// is not counted (waiting out the backoff is enough), a success clears the name's count,
// and counts are forgotten `forgetMs` after the last failure. Time is the injected `now`.
// The table of counts is bounded: past `maxEntries` the entry failed longest ago goes.
//
// Sign-ups, a token bucket per address (lib/token-bucket.ts): `perAddress` accounts at once,
// then the bucket refills so that `perAddress` more may be made per `windowMs`; an idle
// window restores the whole burst. A sign-up takes its token before anything is checked (so
// a flood of concurrent ones cannot all pass) and gives it back when no account came of it
// (a taken name, a bad password): only accounts made count. The table of buckets is bounded
// like the counts: past `maxEntries` the address that signed up longest ago goes.
import { TokenBucket } from "../lib/token-bucket.ts";
import { nameKey } from "./rules.ts";

export interface SignInLimits {
  /** Failures allowed before backoff starts, per name. */
  readonly perName: number;
  /** Failures allowed before backoff starts, per address (a shared address may sign in many people). */
  readonly perAddress: number;
  readonly baseMs: number;
  readonly maxMs: number;
  readonly forgetMs: number;
  readonly maxEntries: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perName: 5,
  perAddress: 20,
  baseMs: 1_000,
  maxMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
  maxEntries: 100_000,
};

export interface SignUpLimits {
  /** Accounts one address may make at once, and again per `windowMs` (0: no limit). */
  readonly perAddress: number;
  readonly windowMs: number;
}

// A household, a club night or a café shares an address: a few people may sign up at once.
// A script making accounts does not get far: one more every two minutes.
export const DEFAULT_SIGN_UP_LIMITS: SignUpLimits = { perAddress: 5, windowMs: 10 * 60_000 };

interface Count {
  failures: number;
  last: number;
}

export class AuthGuard {
  private readonly names = new Map<string, Count>();
  private readonly addresses = new Map<string, Count>();
  private readonly signUps = new Map<string, TokenBucket>();

  constructor(
    private readonly limits: SignInLimits,
    private readonly now: () => number,
    private readonly signUpLimits: SignUpLimits = DEFAULT_SIGN_UP_LIMITS,
  ) {}

  /**
   * Takes a sign-up from `address`: 0, or the milliseconds to wait before one may be made
   * (nothing taken). Hand the token back with `signUpUndone` when no account came of it.
   */
  signUp(address: string | null): number {
    const { perAddress, windowMs } = this.signUpLimits;
    if (address === null || perAddress <= 0) return 0;
    const t = this.now();
    let bucket = this.signUps.get(address);
    this.signUps.delete(address); // re-inserted last: the map's order is the order of last sign-up
    bucket ??= new TokenBucket({ burst: perAddress, perSecond: perAddress / (windowMs / 1000) }, t);
    const wait = bucket.takeOrWait(t);
    this.signUps.set(address, bucket);
    while (this.signUps.size > this.limits.maxEntries) {
      const oldest = this.signUps.keys().next().value;
      if (oldest === undefined) break;
      this.signUps.delete(oldest);
    }
    return wait;
  }

  signUpUndone(address: string | null): void {
    if (address !== null) this.signUps.get(address)?.giveBack();
  }

  /** Milliseconds to wait before this name may try again from this address (0: go ahead). */
  wait(name: string, address: string | null): number {
    const t = this.now();
    const byName = this.waitOf(this.names, nameKey(name), this.limits.perName, t);
    const byAddress = address === null ? 0 : this.waitOf(this.addresses, address, this.limits.perAddress, t);
    return Math.max(byName, byAddress);
  }

  failed(name: string, address: string | null): void {
    const t = this.now();
    this.bump(this.names, nameKey(name), t);
    if (address !== null) this.bump(this.addresses, address, t);
  }

  succeeded(name: string): void {
    this.names.delete(nameKey(name));
  }

  private waitOf(map: Map<string, Count>, key: string, free: number, t: number): number {
    const c = map.get(key);
    if (c === undefined) return 0;
    if (t - c.last >= this.limits.forgetMs) {
      map.delete(key);
      return 0;
    }
    if (c.failures < free) return 0;
    const backoff = Math.min(this.limits.maxMs, this.limits.baseMs * 2 ** Math.min(40, c.failures - free));
    return Math.max(0, c.last + backoff - t);
  }

  private bump(map: Map<string, Count>, key: string, t: number): void {
    const c = map.get(key);
    const fresh = c === undefined || t - c.last >= this.limits.forgetMs;
    map.delete(key); // re-inserted last: the map's order is the order of last failure
    map.set(key, { failures: fresh ? 1 : c.failures + 1, last: t });
    while (map.size > this.limits.maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest === undefined) break;
      map.delete(oldest);
    }
  }
}
