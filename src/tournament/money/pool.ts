// The prize pool (R-TRN-6, R-TRN-7): what entries put in, or the guarantee when that is
// more (the difference, the overlay, is the organiser's), plus any organiser-funded prizes.
import type { MoneyConfig, Payment } from "./types.ts";

export interface PrizePool {
  /** Sum of the pool parts of every payment. */
  readonly collected: number;
  /** Sum of the fees. */
  readonly fees: number;
  /** What the organiser adds: overlay plus organiser-funded prizes. */
  readonly overlay: number;
  readonly pool: number;
}

export function prizePool(config: MoneyConfig, payments: readonly Payment[]): PrizePool {
  let collected = 0;
  let fees = 0;
  for (const p of payments) {
    collected += p.toPool;
    fees += p.fee;
  }
  const guaranteed = Math.max(config.guarantee ?? 0, collected);
  const extra = config.organiserPrizes ?? 0;
  return { collected, fees, overlay: guaranteed - collected + extra, pool: guaranteed + extra };
}
