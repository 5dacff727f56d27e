// Ledger account and asset names. An account id is "<kind>:<name>"; an asset is a currency
// code (amounts in its smallest unit, e.g. cents) or "ticket:<tournament>" for satellite seats.
//
// Source accounts stand for the world outside the ledger (cash a director collected, an
// organiser's own money, a tournament's unissued tickets): they may go negative, and their
// negative balance says how much came in from outside. Every other account never does.

export type AccountKind = "player" | "pool" | "house" | "escrow" | "external" | "organiser" | "tickets";

const SOURCE_KINDS: ReadonlySet<string> = new Set(["external", "organiser", "tickets"]);

export const ACCOUNT_ID = /^(player|pool|house|escrow|external|organiser|tickets):[A-Za-z0-9_.:-]{1,120}$/;
export const ASSET = /^([A-Z][A-Z0-9]{2,9}|ticket:[A-Za-z0-9_.:-]{1,120})$/;

export const playerAccount = (playerId: string) => `player:${playerId}`;
/** A tournament's prize pool: buy-ins, rebuys, add-ons, funding and overlay in; prizes out. */
export const poolAccount = (tournamentId: string) => `pool:${tournamentId}`;
/** Money held for issued-but-unused tickets to a tournament. */
export const escrowAccount = (tournamentId: string) => `escrow:${tournamentId}`;
/** Entry fees: the house's revenue. */
export const HOUSE_FEES = "house:fees";
/** Cash and transfers received or paid out by directors. */
export const EXTERNAL_CASH = "external:cash";
/** Where a play-money room's chips come from (sign-up and daily top-ups): worth nothing outside. */
export const EXTERNAL_PLAY_MONEY = "external:play-money";
/** The organiser's own money: freeroll prize funds and guarantee overlays. */
export const ORGANISER_FUNDING = "organiser:funding";
/** Where a tournament's tickets come from and go back to when used. */
export const ticketIssuer = (tournamentId: string) => `tickets:${tournamentId}`;
export const ticketAsset = (tournamentId: string) => `ticket:${tournamentId}`;

export function accountKind(account: string): AccountKind {
  return account.slice(0, account.indexOf(":")) as AccountKind;
}

export function mayGoNegative(account: string): boolean {
  return SOURCE_KINDS.has(accountKind(account));
}

/** SQL condition (same text for SQLite and PostgreSQL) used as a CHECK constraint. */
export const NON_NEGATIVE_CHECK = "balance >= 0 OR account LIKE 'external:%' OR account LIKE 'organiser:%' OR account LIKE 'tickets:%'";
