// How `felt serve` is configured: the database, the address, the clocks, the limits and,
// in cluster mode, NATS and the table layout (docs/configuration.md).
import type { ScryptLimits, ScryptParams, SignInLimits, SignUpLimits } from "../accounts/index.ts";
import type { TableLayout } from "../cluster/index.ts";
import type { Durability } from "../store/index.ts";
import type { Clock } from "./clock.ts";
import type { WsLimits } from "./gateway/connections.ts";
import type { RateLimit } from "./gateway/rate-limit.ts";

export interface ServerOptions {
  /** `sqlite:PATH`, a path, or `postgres://...` (default sqlite:./data/felt.sqlite). */
  readonly db?: string;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly clock?: Clock;
  /** Browser origins allowed besides the server's own. */
  readonly allowedOrigins?: readonly string[];
  /** Pause between hands for tournaments that do not name their own (default 4 s). */
  readonly handPauseMs?: number;
  /** Overrides every tournament's action clock (tests, benchmarks). */
  readonly actionMs?: number;
  readonly timeBankMs?: number;
  readonly tableSize?: number;
  readonly asset?: string;
  /** A play-money room: each new account gets this many chips, and a daily top-up back to it (absent: the desk credits players). */
  readonly playMoney?: number;
  /** Built web app to serve at `/` (default ./web/dist when it exists). */
  readonly webDist?: string | null;
  readonly scrypt?: ScryptParams;
  /** Failed sign-ins before backoff (default DEFAULT_SIGN_IN_LIMITS). */
  readonly signInLimits?: SignInLimits;
  /**
   * Accounts one address may make per window (default DEFAULT_SIGN_UP_LIMITS: 5 per 10 min);
   * perAddress 0: no limit (`--sign-ups-per-address 0`: the demo, benchmarks, test kits).
   */
  readonly signUpLimits?: Partial<SignUpLimits>;
  /** Password hashes at once and waiting (default DEFAULT_SCRYPT_LIMITS). */
  readonly scryptLimits?: ScryptLimits;
  readonly sessionTtlMs?: number;
  readonly rateLimit?: RateLimit;
  /** WebSocket connections per account and per address, and the time allowed before hello. */
  readonly wsLimits?: Partial<WsLimits>;
  /** Validate every outgoing frame against the protocol (tests). */
  readonly validateOutgoing?: boolean;
  /** Directors created at start when missing: name and password. */
  readonly directors?: readonly { readonly name: string; readonly password: string }[];
  readonly eventDurability?: Durability;
  readonly newSeed?: () => string;
  readonly log?: (message: string, error?: unknown) => void;
  /**
   * The server cannot go on and should be restarted (cluster mode: its NATS connection
   * closed for good). `felt serve` stops and exits 1, so a supervisor starts it again.
   */
  readonly onFatal?: (reason: string) => void;
  /**
   * Cluster mode (needs a postgres:// db): NATS URL, this process's member name
   * (default host-pid) and the prefix of the cluster's buckets (default "felt").
   */
  readonly cluster?: {
    readonly nats: string;
    readonly member?: string;
    readonly prefix?: string;
    /**
     * Where tables live (cluster/members.ts): "split" (the default; stage 2) in partitions of
     * their own, so one event's tables spread over the cluster and the director talks to them
     * in data (gateway/cluster-tables.ts); "with-director" (stage 1, `--tables-with-director`)
     * in their tournament's partition. A member refuses to join live members on the other one.
     */
    readonly layout?: TableLayout;
    /** Where clients reach this member itself, past the balancer (`--public-url`): announced to the cluster, sent to v3 clients as their table's home. */
    readonly publicUrl?: string;
  };
}
