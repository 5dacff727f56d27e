import { z } from "zod";
import { Chips, Money } from "./primitives.ts";

// The money side of a new tournament as the director's create form edits it, each
// part starting from the chosen preset's. The server checks the whole again (create/… and
// tournament/… causes under director/invalid) and nothing is created when it refuses.

/** A point in the structure that closes a window: the end of its n-th level or n-th break (1-based). */
export const WindowEnd = z.union([z.strictObject({ endOfLevel: z.int().min(1).max(100) }), z.strictObject({ endOfBreak: z.int().min(1).max(100) })]);
export type WindowEnd = z.infer<typeof WindowEnd>;

/** R-TRN-3: a busted player may enter again, until `until`; `max` re-entries per player (absent: unlimited). */
export const ReEntryRule = z.strictObject({ until: WindowEnd, max: z.int().min(1).max(100).optional() });
export type ReEntryRule = z.infer<typeof ReEntryRule>;

/** R-TRN-4: a rebuy's price, fee and chips (may differ from the buy-in), until `until`, while the stack is at most `stackAtMost` (0: busted only). */
export const RebuyRule = z.strictObject({
  cost: Money,
  fee: Money,
  chips: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  max: z.int().min(1).max(100).optional(),
  until: WindowEnd,
  stackAtMost: Chips.optional(),
});
export type RebuyRule = z.infer<typeof RebuyRule>;

/** R-TRN-5: once per remaining player, during the `atBreak`-th break. */
export const AddOnRule = z.strictObject({ atBreak: z.int().min(1).max(100), cost: Money, fee: Money, chips: z.int().min(1).max(Number.MAX_SAFE_INTEGER) });
export type AddOnRule = z.infer<typeof AddOnRule>;

/** Late registration: new entries are taken after the start until `until`. */
export const LateRegistration = z.strictObject({ until: WindowEnd });
export type LateRegistration = z.infer<typeof LateRegistration>;

/**
 * The room's own payout table, place 1 first, non-increasing: percents of the prize pool (at
 * most two decimals, adding up to exactly 100), or fixed amounts (guaranteed: the guarantee
 * is at least their sum, and a larger pool is shared in their proportions). A field smaller
 * than the table pays its entries only.
 */
export const PayoutStructure = z.union([
  z.strictObject({ kind: z.literal("percent"), percents: z.array(z.number().min(0).max(100)).min(1).max(100) }),
  z.strictObject({ kind: z.literal("fixed"), amounts: z.array(Money).min(1).max(100) }),
]);
export type PayoutStructure = z.infer<typeof PayoutStructure>;

/**
 * A preset's money and windows as the create form starts from them. null: not offered (a
 * payout of null: the standard curve, about 15% of the field paid).
 */
export const EventSettings = z.strictObject({
  buyIn: Money,
  fee: Money,
  /** R-TRN-6: the least prize pool when the tournament runs; 0 for none. */
  guarantee: Money,
  reEntry: ReEntryRule.nullable(),
  rebuy: RebuyRule.nullable(),
  addOn: AddOnRule.nullable(),
  lateRegistration: LateRegistration.nullable(),
  payout: PayoutStructure.nullable(),
});
export type EventSettings = z.infer<typeof EventSettings>;
