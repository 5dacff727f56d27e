// Who is connected, per client address and per signed-in account: the WebSocket limits
// count them, and signing out closes that session's sockets. Apart from the gateway so the
// server's port can name it without importing the gateway.

/** A socket as the counts see it: whose session it signed in with, and closing it. */
export interface Closable {
  /** The session is the one whose token hashes to `tokenHash` (accounts' hashToken: what a sign-out on another member can name). */
  signedInWith(tokenHash: string): boolean;
  /** Closes it with a typed frame; false when it was already closing. */
  end(): boolean;
}

/** Connections per signed-in account and per client address, and how long a socket may stay silent before `hello`. */
export interface WsLimits {
  readonly perAccount: number;
  readonly perAddress: number;
  readonly helloTimeoutMs: number;
}

export const DEFAULT_WS_LIMITS: WsLimits = { perAccount: 16, perAddress: 64, helloTimeoutMs: 5_000 };

/** Who is connected: counts per address and per account, for the limits and for sign-out. */
export class ConnectionCounts {
  private readonly byAddress = new Map<string, number>();
  private readonly byAccount = new Map<string, Set<Closable>>();
  address(ip: string): number {
    return this.byAddress.get(ip) ?? 0;
  }
  addAddress(ip: string, d: 1 | -1): void {
    const n = (this.byAddress.get(ip) ?? 0) + d;
    if (n <= 0) this.byAddress.delete(ip);
    else this.byAddress.set(ip, n);
  }
  account(id: string): Set<Closable> {
    let set = this.byAccount.get(id);
    if (set === undefined) this.byAccount.set(id, (set = new Set()));
    return set;
  }
  dropAccount(id: string, c: Closable): void {
    const set = this.byAccount.get(id);
    set?.delete(c);
    if (set?.size === 0) this.byAccount.delete(id);
  }
  /**
   * A session ended (signed out, or every session of the user): its sockets close at once
   * with a typed frame, so nothing more is acted on for a token that no longer works.
   * `tokenHash` null: every socket of the user.
   */
  endSession(userId: string, tokenHash: string | null): number {
    let n = 0;
    for (const c of [...(this.byAccount.get(userId) ?? [])]) if (tokenHash === null || c.signedInWith(tokenHash)) n += c.end() ? 1 : 0;
    return n;
  }
}
