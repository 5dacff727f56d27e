export type { ReEntryCloses, AddOnRule, MoneyConfig, Payment, RebuyRule, ReEntryRule, WindowEnd } from "./types.ts";
export {
  DEFAULT_RE_ENTRY_UNTIL,
  buyInPayment,
  canAddOn,
  canReEntry,
  canRebuy,
  checkAddOn,
  checkReEntry,
  checkRebuy,
  reEntryEndMs,
  windowEndMs,
  type EntryContext,
} from "./windows.ts";
export { decideStart, defaultStartRule, refunds, type StartDecision, type StartRule } from "./start.ts";
export { prizePool, type PrizePool } from "./pool.ts";
export { checkPayoutOptions, fixedTotal, payoutTable, placesPaid, type PayoutOptions } from "./payouts.ts";
export { satellitePayout, type SatellitePayout, type SatellitePrize } from "./satellite.ts";
export { icmDeal, icmEquities } from "./icm.ts";
export { roundToUnit } from "./rounding.ts";
