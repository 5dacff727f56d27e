// A player's entries over HTTP: register (late registration while running, when the
// tournament has it), unregister, re-enter (R-TRN-3), rebuy (R-TRN-4; after a bust, within
// the director's rebuy grace), decline the rebuy (no route yet: the grace ends it anyway)
// and add-on (R-TRN-5).
// Each is one director command through TournamentRuntime.command: decide, then the money
// its event moves is built and committed with the events in ONE database transaction
// (a crash can never leave a payment without its entry, or a refund without its
// unregistration), then the tables are reconciled. A purchase the player cannot pay
// (`ledger/insufficient-funds`) changes nothing; the key is derived from the command, so a
// repeated command pays once.
import { fail, ok, type Result } from "../../lib/result.ts";
import { escrowAccount, HOUSE_FEES, playerAccount, poolAccount, postings, ticketAsset, ticketIssuer, type TransactionInput } from "../../store/index.ts";
import type { TournamentCommand, TournamentEvent } from "../../tournament/director/index.ts";
import type { Payment } from "../../tournament/money/index.ts";
import type { Services } from "../services.ts";
import { entrantRecord, type TournamentPort } from "./tournament-port.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

export type EntryVerb = "register" | "unregister" | "reEnter" | "rebuy" | "addOn" | "declineRebuy";
export interface EntryPlayer {
  readonly id: string;
  readonly name: string;
  /** The player number, kept in the entrant record. */
  readonly number?: number;
}
type Money = Pick<Services, "ledger" | "asset">;

/** The player's newest entry (a re-entry is `player#n`); "" when they have none. */
export function currentEntry(t: TournamentPort, player: string): string {
  return t.dir.players.get(player)?.entries.at(-1) ?? "";
}

function commandFor(t: TournamentPort, verb: EntryVerb, player: string, at: number): TournamentCommand {
  switch (verb) {
    case "register":
      return { type: "register", at, player };
    case "unregister":
      return { type: "unregister", at, player };
    case "reEnter":
      return { type: "re-enter", at, player };
    case "rebuy":
      return { type: "rebuy", at, entry: currentEntry(t, player) };
    case "addOn":
      return { type: "add-on", at, entry: currentEntry(t, player) };
    case "declineRebuy":
      return { type: "decline-rebuy", at, entry: currentEntry(t, player) };
  }
}

/** Director refusals that are this player's business (the rules say no), not a tournament in the wrong state. */
const NOT_ALLOWED = new Set([
  "tournament/already-registered",
  "tournament/not-registered",
  "tournament/no-entry",
  "tournament/no-seat",
  "tournament/re-entry-not-offered",
  "tournament/re-entry-not-busted",
  "tournament/re-entry-closed",
  "tournament/re-entry-limit",
  "tournament/rebuy-not-offered",
  "tournament/rebuy-at-final-table",
  "tournament/rebuy-closed",
  "tournament/rebuy-limit",
  "tournament/rebuy-stack-too-big",
  "tournament/rebuy-grace-over",
  "tournament/not-awaiting-rebuy",
  "tournament/add-on-not-offered",
  "tournament/add-on-closed",
  "tournament/add-on-taken",
  "tournament/add-on-eliminated",
  "tournament/registration-closed", // late registration is over
]);

/** Purchases a live room takes at the desk only. */
export const DESK_ONLY: ReadonlySet<EntryVerb> = new Set(["reEnter", "rebuy", "addOn", "declineRebuy"]);

/** A new entry (registration, late registration, re-entry) counts against `maxEntries`. */
const NEW_ENTRY = new Set<TournamentEvent["type"]>(["registered", "late-registered", "re-entered"]);

/**
 * A player's command id as the tournament stores it: scoped to its sender, so an id another
 * player already used (guessed, or a client's clash) is a new command of mine, never their
 * answer replayed to me as a silent success.
 */
export const playerCommandId = (player: string, commandId: string): string => `${player}/${commandId}`;

/**
 * Runs one of the player's entry commands. Acts once per commandId and player (`duplicate`
 * on a repeat); a refusal is a typed error and changes neither the tournament nor the ledger.
 * A registration before the start joins the tournament's next batch
 * (tournament-registrations.ts): decided alone, stored with others in one transaction.
 */
export async function entryCommand(
  t: TournamentPort,
  money: Money,
  player: EntryPlayer,
  verb: EntryVerb,
  sent: string,
): Promise<Result<{ duplicate: boolean; ticket: boolean }>> {
  const commandId = playerCommandId(player.id, sent);
  // A live room's chips are handed over at the desk: the floor records those purchases.
  if (t.meta.kind === "live" && DESK_ONLY.has(verb))
    return fail(TOURNAMENT_ERRORS.notAllowed, "in a live room, re-entries, rebuys and add-ons are made at the desk");
  const alone = () => entryCommandAlone(t, money, player, verb, commandId);
  if (verb !== "register" || t.dir.status !== "registering") return refusal(await alone());
  return refusal(await t.registrations.submit({ player, commandId, pay: (events) => entryPostings(t, money, events, commandId), alone }));
}

/** The director's refusals that are the player's business, as `tournament/not-allowed`. */
function refusal<T>(r: Result<T>): Result<T> {
  if (r.ok) return r;
  const cause = r.error["cause"];
  if (r.error.code === TOURNAMENT_ERRORS.badState && typeof cause === "string" && NOT_ALLOWED.has(cause))
    return fail(TOURNAMENT_ERRORS.notAllowed, r.error.message, { cause });
  return r;
}

/** One command through TournamentRuntime.command: decided, then stored with its money in its own transaction. */
export async function entryCommandAlone(
  t: TournamentPort,
  money: Money,
  player: EntryPlayer,
  verb: EntryVerb,
  commandId: string,
): Promise<Result<{ duplicate: boolean; ticket: boolean }>> {
  /** The entry (or the refund) was paid with a satellite's ticket, not money. */
  let ticket = false;
  const r = await t.command((at) => commandFor(t, verb, player.id, at), commandId, {
    ...(verb === "register" ? { records: [entrantRecord(player)] } : {}),
    // Runs in the tournament's queue, before anything is stored: the cap is checked race-free.
    // The postings commit with the events in one transaction (TournamentRuntime.append).
    pay: async (events) => {
      const max = t.meta.maxEntries;
      if (max !== null && events.some((e) => NEW_ENTRY.has(e.type)) && t.dir.entries.size >= max)
        return fail(TOURNAMENT_ERRORS.notAllowed, "the tournament is full", { maxEntries: max });
      const p = await entryPostings(t, money, events, commandId);
      if (!p.ok) return p;
      ticket = p.value.ticket;
      return ok(p.value.txs);
    },
  });
  return r.ok ? ok({ duplicate: r.value.duplicate, ticket }) : r;
}

/** The postings an entry command's events need; `ticket` when a satellite's ticket pays (R-TRN-8). */
async function entryPostings(
  t: TournamentPort,
  money: Money,
  events: readonly TournamentEvent[],
  commandId: string,
): Promise<Result<{ txs: TransactionInput[]; ticket: boolean }>> {
  // An entry command moves money once (one payment or one refund); the loop is for form.
  let ticket = false;
  const out: TransactionInput[] = [];
  for (const [i, e] of events.entries()) {
    const id = `${commandId}${i === 0 ? "" : `.${i}`}`;
    // R-TRN-8: a satellite's ticket pays the entry (and comes back on unregistration).
    const byTicket = await ticketPosting(t, money, e, id);
    if (byTicket !== null) ticket = true;
    const tx = byTicket ?? postingFor(t, money.asset, e, id);
    if (tx === null) continue;
    if (!tx.ok) return tx;
    out.push(tx.value);
  }
  return ok({ txs: out, ticket });
}

type Built = Result<TransactionInput>;

/** The ledger transaction an event's money needs (null: it moves none). State is still before the event. */
export function postingFor(t: TournamentPort, asset: string, e: TournamentEvent, commandId: string): Built | null {
  switch (e.type) {
    case "registered":
    case "late-registered":
      return purchase(t, asset, e.payment, "buy-in", commandId, e.type === "late-registered" ? { entry: e.entry, late: true } : { entry: e.payment.player });
    case "re-entered":
      // The ledger has no re-entry kind: a re-entry is a new buy-in (memo says which).
      return purchase(t, asset, e.payment, "buy-in", commandId, { entry: e.entry, reEntry: true });
    case "rebought":
      return purchase(t, asset, e.payment, "rebuy", commandId, { entry: e.entry });
    case "added-on":
      return purchase(t, asset, e.payment, "add-on", commandId, { entry: e.entry });
    case "unregistered":
      return refund(t, asset, e.player, e.refund, commandId);
    default:
      return null;
  }
}

const keyOf = (kind: string, t: TournamentPort, player: string, commandId: string) => `${kind}:${t.id}:${player}:${commandId}`;

function purchase(
  t: TournamentPort,
  asset: string,
  p: Payment,
  kind: "buy-in" | "rebuy" | "add-on",
  commandId: string,
  memo: Record<string, unknown>,
): Built | null {
  if (p.toPool + p.fee <= 0) return null; // a freeroll (R-TRN-7): a zero balance may enter
  const key = keyOf(kind, t, p.player, commandId);
  const base = { key, asset, player: p.player, memo: { ...memo, payment: p.kind } };
  // The ledger takes a pool part of at least 1; a fee-only entry is a fee.
  if (p.toPool === 0) return postings.fee({ ...base, amount: p.fee, tournament: t.id });
  const args = { ...base, tournament: t.id, amount: p.toPool, fee: p.fee };
  return kind === "rebuy" ? postings.rebuy(args) : kind === "add-on" ? postings.addOn(args) : postings.buyIn(args);
}

/** Unregistration: everything the buy-in took goes back, the pool part from the pool and the fee from the house. */
function refund(t: TournamentPort, asset: string, player: string, amount: number, commandId: string): Built | null {
  if (amount <= 0) return null;
  const paid = t.dir.payments.findLast((p) => p.player === player && p.kind === "buy-in");
  const pool = Math.min(amount, paid?.toPool ?? amount);
  return refundTx(t, asset, player, pool, amount - pool, keyOf("refund", t, player, commandId), { unregistered: true });
}

/** A refund of `pool` from the tournament's pool and `fee` from the house to the player (null: nothing to give back). */
export function refundTx(
  t: TournamentPort,
  asset: string,
  player: string,
  pool: number,
  fee: number,
  key: string,
  memo: Record<string, unknown>,
): Built | null {
  if (pool + fee <= 0) return null;
  if (pool > 0) return postings.refund({ key, asset, player, tournament: t.id, amount: pool, fee, memo });
  return ok({
    key,
    kind: "refund",
    legs: [
      { account: HOUSE_FEES, asset, amount: -fee },
      { account: playerAccount(player), asset, amount: fee },
    ],
    memo: { tournament: t.id, ...memo },
  });
}

/**
 * R-TRN-8: a registration paid with a satellite's ticket to this tournament, when the player
 * holds one: the ticket goes back to its issuer and its escrowed value pays the pool part
 * and the fee (ledger-postings.ts ticketUse). An unregistration of an entry a ticket paid
 * gives the ticket back rather than money. Null: money pays as usual. A repeat of the same
 * command finds its own posting by key (the ticket is spent by then) and answers the same.
 */
async function ticketPosting(t: TournamentPort, money: Money, e: TournamentEvent, commandId: string): Promise<Built | null> {
  const { ledger, asset } = money;
  if (e.type === "registered" || e.type === "late-registered") {
    const p = e.payment;
    if (p.toPool <= 0) return null;
    const key = keyOf("ticket-use", t, p.player, commandId);
    const held = (await ledger.transaction(key)) !== null || (await ledger.balance(playerAccount(p.player), ticketAsset(t.id))) >= 1;
    return held
      ? postings.ticketUse({
          key,
          asset,
          target: t.id,
          player: p.player,
          amount: p.toPool,
          fee: p.fee,
          memo: { entry: e.type === "registered" ? p.player : e.entry },
        })
      : null;
  }
  if (e.type !== "unregistered" || e.refund <= 0) return null;
  const key = keyOf("ticket-return", t, e.player, commandId);
  if ((await ledger.transaction(key)) === null && !(await enteredByTicket(ledger, t.id, e.player))) return null;
  const paid = t.dir.payments.findLast((x) => x.player === e.player && x.kind === "buy-in");
  const pool = Math.min(e.refund, paid?.toPool ?? e.refund);
  return ok(ticketReturnTx(t.id, asset, e.player, pool, e.refund - pool, key, { unregistered: true }));
}

/** R-TRN-8: whether the player's entry to `tournament` was paid with a ticket not yet given back. */
export async function enteredByTicket(ledger: Money["ledger"], tournament: string, player: string): Promise<boolean> {
  const history = await ledger.history(ticketIssuer(tournament), { limit: 100_000 });
  const leg = (x: { legs: readonly { account: string; asset: string; amount: number }[] }) =>
    x.legs.find((l) => l.account === playerAccount(player) && l.asset === ticketAsset(tournament))?.amount ?? 0;
  const used = history.filter((x) => x.kind === "ticket-use").reduce((n, x) => n - leg(x), 0);
  const returned = history.filter((x) => x.kind === "refund").reduce((n, x) => n + leg(x), 0);
  return used > returned;
}

/** An entry a ticket paid, undone: the pool part and the fee back into escrow, the ticket back to the player. */
export function ticketReturnTx(
  tournament: string,
  asset: string,
  player: string,
  pool: number,
  fee: number,
  key: string,
  memo: Record<string, unknown>,
): TransactionInput {
  return {
    key,
    kind: "refund",
    legs: [
      { account: poolAccount(tournament), asset, amount: -pool },
      { account: HOUSE_FEES, asset, amount: -fee },
      { account: escrowAccount(tournament), asset, amount: pool + fee },
      { account: ticketIssuer(tournament), asset: ticketAsset(tournament), amount: -1 },
      { account: playerAccount(player), asset: ticketAsset(tournament), amount: 1 },
    ].filter((l) => l.amount !== 0),
    memo: { tournament, ticket: true, ...memo },
  };
}
