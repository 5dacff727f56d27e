// The named money movements of a tournament system, each built as a balanced transaction.
// Pure: they only build the legs; Ledger.post checks and applies them. Zero-amount parts
// (a freeroll's fee) are left out rather than posted as empty legs.
import { fail, ok, type Result } from "../lib/result.ts";
import { amountUnsafe, LEDGER_ERRORS, type Leg, type PostingKind, type TransactionInput } from "./ledger.ts";
import {
  EXTERNAL_CASH,
  EXTERNAL_PLAY_MONEY,
  HOUSE_FEES,
  ORGANISER_FUNDING,
  escrowAccount,
  playerAccount,
  poolAccount,
  ticketAsset,
  ticketIssuer,
} from "./ledger-accounts.ts";

interface Base {
  /** Idempotency key; the caller derives it from the cause (e.g. the event or command id). */
  readonly key: string;
  /** Currency code; amounts are integers in its smallest unit. */
  readonly asset: string;
  readonly memo?: Readonly<Record<string, unknown>>;
}

export type Built = Result<TransactionInput>;

/**
 * `amounts` are the caller's inputs, which must be positive integers (fees and the like may
 * be 0 and are then left out). A negative "deposit" would be a withdrawal in disguise.
 */
function tx(base: Base, kind: PostingKind, amounts: Record<string, number>, legs: Leg[], memo: Record<string, unknown> = {}): Built {
  for (const [name, value] of Object.entries(amounts)) {
    const zeroOk = name === "fee";
    if (Number.isInteger(value) && !Number.isSafeInteger(value))
      return amountUnsafe(base.key, `${kind}: ${name} ${value} is not a safe integer`, { [name]: value });
    if (!Number.isSafeInteger(value) || value < 0 || (value === 0 && !zeroOk)) {
      return fail(LEDGER_ERRORS.badPosting, `${kind}: ${name} must be a ${zeroOk ? "non-negative" : "positive"} integer, got ${value}`, {
        key: base.key,
        [name]: value,
      });
    }
  }
  return ok({ key: base.key, kind, legs: legs.filter((l) => l.amount !== 0), memo: { ...base.memo, ...memo } });
}

/** Money a director received from a player (cash, transfer) credited to the player's balance. */
export function deposit(p: Base & { player: string; amount: number; director: string }): Built {
  return tx(
    p,
    "deposit",
    { amount: p.amount },
    [
      { account: EXTERNAL_CASH, asset: p.asset, amount: -p.amount },
      { account: playerAccount(p.player), asset: p.asset, amount: p.amount },
    ],
    { director: p.director },
  );
}

/** A play-money room's chips for a player: at sign-up ("welcome") or the daily top-up. */
export function playMoney(p: Base & { player: string; amount: number; reason: "welcome" | "top-up" }): Built {
  return tx(
    p,
    "deposit",
    { amount: p.amount },
    [
      { account: EXTERNAL_PLAY_MONEY, asset: p.asset, amount: -p.amount },
      { account: playerAccount(p.player), asset: p.asset, amount: p.amount },
    ],
    { playMoney: p.reason },
  );
}

/** Money paid back out to a player by a director. */
export function withdrawal(p: Base & { player: string; amount: number; director: string }): Built {
  return tx(
    p,
    "withdrawal",
    { amount: p.amount },
    [
      { account: playerAccount(p.player), asset: p.asset, amount: -p.amount },
      { account: EXTERNAL_CASH, asset: p.asset, amount: p.amount },
    ],
    { director: p.director },
  );
}

type EntryKind = "buy-in" | "rebuy" | "add-on";
interface Entry extends Base {
  readonly player: string;
  readonly tournament: string;
  /** The part that goes to the prize pool. */
  readonly amount: number;
  /** The part the house keeps. */
  readonly fee: number;
}

function entry(kind: EntryKind, p: Entry): Built {
  return tx(
    p,
    kind,
    { amount: p.amount, fee: p.fee },
    [
      { account: playerAccount(p.player), asset: p.asset, amount: -(p.amount + p.fee) },
      { account: poolAccount(p.tournament), asset: p.asset, amount: p.amount },
      { account: HOUSE_FEES, asset: p.asset, amount: p.fee },
    ],
    { tournament: p.tournament },
  );
}

/** Buy-in and its fee in one transaction: both are paid or neither is. */
export const buyIn = (p: Entry) => entry("buy-in", p);
export const rebuy = (p: Entry) => entry("rebuy", p);
export const addOn = (p: Entry) => entry("add-on", p);

/** A fee on its own (e.g. a late-registration or dealer fee). */
export function fee(p: Base & { player: string; amount: number; tournament?: string }): Built {
  return tx(
    p,
    "fee",
    { amount: p.amount },
    [
      { account: playerAccount(p.player), asset: p.asset, amount: -p.amount },
      { account: HOUSE_FEES, asset: p.asset, amount: p.amount },
    ],
    p.tournament === undefined ? {} : { tournament: p.tournament },
  );
}

export function prize(p: Base & { tournament: string; player: string; amount: number; place?: number }): Built {
  return tx(
    p,
    "prize",
    { amount: p.amount },
    [
      { account: poolAccount(p.tournament), asset: p.asset, amount: -p.amount },
      { account: playerAccount(p.player), asset: p.asset, amount: p.amount },
    ],
    p.place === undefined ? { tournament: p.tournament } : { tournament: p.tournament, place: p.place },
  );
}

/** Undoes an entry (unregistration, cancelled tournament): the pool part and the fee back. */
export function refund(p: Entry): Built {
  return tx(
    p,
    "refund",
    { amount: p.amount, fee: p.fee },
    [
      { account: poolAccount(p.tournament), asset: p.asset, amount: -p.amount },
      { account: HOUSE_FEES, asset: p.asset, amount: -p.fee },
      { account: playerAccount(p.player), asset: p.asset, amount: p.amount + p.fee },
    ],
    { tournament: p.tournament },
  );
}

/** The organiser funds a prize pool (a freerolls's prizes, an added-money event). */
export function organiserFunding(p: Base & { tournament: string; amount: number }): Built {
  return tx(
    p,
    "organiser-funding",
    { amount: p.amount },
    [
      { account: ORGANISER_FUNDING, asset: p.asset, amount: -p.amount },
      { account: poolAccount(p.tournament), asset: p.asset, amount: p.amount },
    ],
    { tournament: p.tournament },
  );
}

/** The organiser tops a pool up to its guarantee. */
export function overlay(p: Base & { tournament: string; amount: number; guarantee?: number }): Built {
  return tx(
    p,
    "overlay",
    { amount: p.amount },
    [
      { account: ORGANISER_FUNDING, asset: p.asset, amount: -p.amount },
      { account: poolAccount(p.tournament), asset: p.asset, amount: p.amount },
    ],
    p.guarantee === undefined ? { tournament: p.tournament } : { tournament: p.tournament, guarantee: p.guarantee },
  );
}

/**
 * A satellite seat: the player receives one ticket (its own asset) to `target`; the seat's
 * value moves from the satellite's pool (or the organiser, for a free ticket) into the
 * target's escrow, where it waits until the ticket is used.
 */
export function ticketIssue(p: Base & { target: string; player: string; value: number; satellite?: string }): Built {
  const from = p.satellite === undefined ? ORGANISER_FUNDING : poolAccount(p.satellite);
  return tx(
    p,
    "ticket-issue",
    { value: p.value },
    [
      { account: ticketIssuer(p.target), asset: ticketAsset(p.target), amount: -1 },
      { account: playerAccount(p.player), asset: ticketAsset(p.target), amount: 1 },
      { account: from, asset: p.asset, amount: -p.value },
      { account: escrowAccount(p.target), asset: p.asset, amount: p.value },
    ],
    p.satellite === undefined ? { target: p.target } : { target: p.target, satellite: p.satellite },
  );
}

/** Entering `target` with a ticket: the ticket goes back, its escrowed value pays the entry. */
export function ticketUse(p: Base & { target: string; player: string; amount: number; fee: number }): Built {
  return tx(
    p,
    "ticket-use",
    { amount: p.amount, fee: p.fee },
    [
      { account: playerAccount(p.player), asset: ticketAsset(p.target), amount: -1 },
      { account: ticketIssuer(p.target), asset: ticketAsset(p.target), amount: 1 },
      { account: escrowAccount(p.target), asset: p.asset, amount: -(p.amount + p.fee) },
      { account: poolAccount(p.target), asset: p.asset, amount: p.amount },
      { account: HOUSE_FEES, asset: p.asset, amount: p.fee },
    ],
    { tournament: p.target },
  );
}
