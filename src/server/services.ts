// What the server's parts share: storage, money, accounts, time, randomness, logging.
import { randomBytes } from "node:crypto";
import type { Accounts } from "../accounts/index.ts";
import type { EventStore, HandIndex, Ledger } from "../store/index.ts";
import type { RandomSource } from "../tournament/index.ts";
import type { Clock } from "./clock.ts";
import type { TableLinks } from "./tables/table-link.ts";

export interface Services {
  readonly store: EventStore;
  readonly ledger: Ledger;
  /** Finished hands per player (GET /hands). */
  readonly hands: HandIndex;
  readonly accounts: Accounts;
  readonly clock: Clock;
  /** Currency of buy-ins and prizes (ledger asset). */
  readonly asset: string;
  /** Pause between hands. */
  readonly handPauseMs: number;
  /** Seed source for decks (tests may fix it; live play uses the OS CSPRNG). */
  readonly newSeed?: () => string;
  /** Draws (seating, first button) for the director. */
  readonly rng: RandomSource;
  readonly log: (message: string, error?: unknown) => void;
  /**
   * How an online tournament's director reaches its tables (tables/table-link.ts), chosen
   * once by the wiring: in the tournament's own process (local-tables.ts) or each with its
   * table partition's owner anywhere in the cluster (split tables, gateway/cluster-tables.ts).
   */
  readonly tableLinks: TableLinks;
}

/** The OS CSPRNG as a RandomSource, buffered. */
export function cryptoRandom(): RandomSource {
  let buf = randomBytes(0);
  let at = 0;
  return {
    nextUint32() {
      if (at + 4 > buf.length) {
        buf = randomBytes(1024);
        at = 0;
      }
      const v = buf.readUInt32BE(at);
      at += 4;
      return v;
    },
  };
}
