// A tournament's money in the ledger: entries paid from a player's balance or as cash at
// the desk (a live room's walk-ins, rebuys and add-ons), and what the end of a tournament
// moves (prizes, the organiser's fund, the overlay, satellite tickets; R-TRN-6 refunds when
// it is cancelled). Nothing here posts on its own: each function builds the postings, and
// TournamentRuntime.append commits them in ONE database transaction with the events they
// pay for (EventStore.appendWithPostings), so a crash can never leave one without
// the other. Every key is derived from what caused the posting (the command, the
// tournament, the entry), so posting it again is a replay, never a second payment.
import { fail, ok, type Result } from "../../lib/result.ts";
import { escrowAccount, postings, ticketAsset, ticketIssuer, type Ledger, type TransactionInput } from "../../store/index.ts";
import type { TournamentEvent } from "../../tournament/director/index.ts";
import { enteredByTicket, postingFor, refundTx, ticketReturnTx } from "./tournament-entries.ts";
import type { TournamentPort } from "./tournament-port.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

const NEW_ENTRY = new Set<TournamentEvent["type"]>(["registered", "late-registered", "re-entered"]);

/**
 * Cash paid at the desk for what the events buy (a walk-in's buy-in or late registration,
 * a re-entry, a rebuy, an add-on): the cash is deposited to the player's account by the
 * director who took it (`cash:` + the entry's key), then the entry is posted as an online
 * player's is (tournament-entries.ts: pool and fee, keys derived from the command). Runs in
 * the tournament's queue before anything is stored; the postings commit with the events.
 */
export async function cashEntries(
  t: TournamentPort,
  events: readonly TournamentEvent[],
  cashBy: string,
  commandId: string,
): Promise<Result<TransactionInput[]>> {
  const { asset } = t.svc;
  const max = t.meta.maxEntries;
  if (max !== null && events.some((e) => NEW_ENTRY.has(e.type)) && t.dir.entries.size >= max)
    return fail(TOURNAMENT_ERRORS.notAllowed, "the tournament is full", { maxEntries: max });
  const out: TransactionInput[] = [];
  for (const [i, e] of events.entries()) {
    if (e.type === "unregistered") continue;
    const tx = postingFor(t, asset, e, `${commandId}${i === 0 ? "" : `.${i}`}`);
    if (tx === null) continue;
    if (!tx.ok) return tx;
    const payer = tx.value.legs.find((l) => l.account.startsWith("player:") && l.asset === asset && l.amount < 0);
    if (payer !== undefined) {
      const player = payer.account.slice("player:".length);
      const cash = postings.deposit({
        key: `cash:${tx.value.key}`,
        asset,
        player,
        amount: -payer.amount,
        director: cashBy,
        memo: { tournament: t.id, desk: true },
      });
      if (!cash.ok) return cash;
      out.push(cash.value);
    }
    out.push(tx.value);
  }
  return ok(out);
}

/** Balances as they will be after the postings built so far (the ledger's plus their legs). */
class Pending {
  private readonly delta = new Map<string, number>();
  constructor(private readonly ledger: Ledger) {}
  add(tx: TransactionInput): void {
    for (const l of tx.legs) this.delta.set(`${l.account}\u0000${l.asset}`, (this.delta.get(`${l.account}\u0000${l.asset}`) ?? 0) + l.amount);
  }
  async balance(account: string, asset: string): Promise<number> {
    return (await this.ledger.balance(account, asset)) + (this.delta.get(`${account}\u0000${asset}`) ?? 0);
  }
  /** Accounts starting with `prefix` that hold `asset` now or after the pending postings. */
  async holders(prefix: string, asset: string): Promise<string[]> {
    const rows = (await this.ledger.balances({ prefix, asset })).map((r) => r.account);
    const pending = [...this.delta.keys()]
      .map((k) => k.split("\u0000") as [string, string])
      .filter(([a, x]) => a.startsWith(prefix) && x === asset)
      .map(([a]) => a);
    return [...new Set([...rows, ...pending])].sort();
  }
}

/**
 * What the end of a tournament moves, for events about to be stored (the runtime's state
 * is still before them): with `finished`, the organiser's money first (a freeroll's prize
 * fund, R-TRN-7, then the overlay the guarantee needs), then each placed entry's prize
 * (a deal's amounts are its placements' prizes); a satellite's seat (R-TRN-8) is a ticket to
 * its target (the seat's value moves from the pool into the target's escrow) and any cash
 * beyond it a prize. With `cancelled` (R-TRN-6), every player gets back all they paid and
 * the tickets to it are redeemed. Postings already in the ledger are left out.
 */
export async function endPostings(t: TournamentPort, events: readonly TournamentEvent[]): Promise<TransactionInput[]> {
  const finished = events.find((e) => e.type === "finished");
  const cancelled = events.find((e) => e.type === "cancelled");
  if (finished?.type === "finished") {
    const fixed = events.find((e) => e.type === "prizes-fixed") ?? t.kept.find((e) => e.type === "prizes-fixed");
    return prizePostings(t, fixed?.type === "prizes-fixed" ? fixed.overlay : null, finished.placements);
  }
  if (cancelled?.type === "cancelled") return cancelPostings(t, cancelled.refunds);
  return [];
}

type Placements = Extract<TournamentEvent, { type: "finished" }>["placements"];

async function prizePostings(t: TournamentPort, fixedOverlay: number | null, placements: Placements): Promise<TransactionInput[]> {
  const { ledger, asset } = t.svc;
  const out: TransactionInput[] = [];
  const add = async (what: string, tx: ReturnType<typeof postings.prize>) => {
    if (!tx.ok) return void t.svc.log(`tournament ${t.id}: MONEY ${what} cannot be built: ${tx.error.message}`);
    if ((await ledger.transaction(tx.value.key)) === null) out.push(tx.value);
  };
  const funded = t.dir.config?.money.organiserPrizes ?? 0;
  if (fixedOverlay !== null && funded > 0)
    await add("the organiser's prize fund", postings.organiserFunding({ key: `organiser-funding:${t.id}`, asset, tournament: t.id, amount: funded }));
  // prizes-fixed's overlay counts the organiser's prizes too (money/pool.ts); the rest tops up the guarantee.
  const overlay = fixedOverlay === null ? 0 : fixedOverlay - funded;
  if (overlay > 0) await add("the overlay", postings.overlay({ key: `overlay:${t.id}`, asset, tournament: t.id, amount: overlay }));
  const format = t.dir.config?.format;
  const target = format?.kind === "satellite" ? format.target : undefined;
  for (const p of placements) {
    if (p.prize <= 0) continue;
    let cash = p.prize;
    if (format?.kind === "satellite" && target !== undefined && p.seat === true && p.prize >= format.seatValue) {
      cash -= format.seatValue;
      const memo = { place: p.places[0]!, entry: p.entry };
      await add(
        `the ticket for ${p.entry}`,
        postings.ticketIssue({ key: `ticket:${t.id}:${p.entry}`, asset, target, player: p.player, value: format.seatValue, satellite: t.id, memo }),
      );
    }
    if (cash > 0)
      await add(
        `the prize for ${p.entry}`,
        postings.prize({ key: `prize:${t.id}:${p.entry}`, asset, tournament: t.id, player: p.player, amount: cash, place: p.places[0]! }),
      );
  }
  return out;
}

/**
 * R-TRN-6: every player gets back all they paid: the pool parts from the pool, the fees
 * from the house (`cancel-refund:T:player`: a tournament is cancelled once). An entry a
 * satellite's ticket paid gives the ticket back (R-TRN-8), and then every ticket to the
 * cancelled tournament is redeemed for its value from the escrow. A refund that does not
 * match the payments is not posted (and the start's check reports it).
 */
async function cancelPostings(t: TournamentPort, refunds: readonly { readonly player: string; readonly amount: number }[]): Promise<TransactionInput[]> {
  const { ledger, asset } = t.svc;
  const pending = new Pending(ledger);
  const out: TransactionInput[] = [];
  const push = (tx: TransactionInput) => {
    out.push(tx);
    pending.add(tx);
  };
  for (const r of refunds) {
    const paid = t.dir.payments.filter((p) => p.player === r.player);
    const pool = paid.reduce((a, p) => a + p.toPool, 0);
    const fee = paid.reduce((a, p) => a + p.fee, 0);
    if (pool + fee !== r.amount) {
      t.svc.log(`tournament ${t.id}: MONEY the refund of ${r.player} (${r.amount}) does not match the payments (${pool} + ${fee}); not posted`);
      continue;
    }
    const key = `cancel-refund:${t.id}:${r.player}`;
    if ((await ledger.transaction(key)) !== null) continue;
    if (await enteredByTicket(ledger, t.id, r.player)) {
      push(ticketReturnTx(t.id, asset, r.player, pool, fee, key, { cancelled: true }));
      continue;
    }
    const tx = refundTx(t, asset, r.player, pool, fee, key, { cancelled: true });
    if (tx === null) continue;
    if (!tx.ok) t.svc.log(`tournament ${t.id}: MONEY the refund of ${r.player} cannot be built: ${tx.error.message}`);
    else push(tx.value);
  }
  // R-TRN-6 with R-TRN-8: the tickets to a cancelled tournament can no longer be used, so each
  // holder gets their value in money from the escrow (value per ticket: what the escrow holds
  // over the tickets out; all seats of one target are worth the same). Keyed by the player,
  // and a redeemed ticket is gone, so running again pays nothing twice.
  const ticket = ticketAsset(t.id);
  const out_ = -(await pending.balance(ticketIssuer(t.id), ticket));
  if (out_ <= 0) return out;
  const escrow = await pending.balance(escrowAccount(t.id), asset);
  if (escrow % out_ !== 0) {
    t.svc.log(`tournament ${t.id}: MONEY the escrow (${escrow}) does not split over ${out_} tickets; not redeemed`);
    return out;
  }
  const value = escrow / out_;
  for (const account of await pending.holders("player:", ticket)) {
    const n = await pending.balance(account, ticket);
    if (n <= 0) continue;
    push({
      key: `ticket-redeem:${t.id}:${account.slice("player:".length)}`,
      kind: "refund",
      legs: [
        { account, asset: ticket, amount: -n },
        { account: ticketIssuer(t.id), asset: ticket, amount: n },
        ...(value > 0
          ? [
              { account: escrowAccount(t.id), asset, amount: -n * value },
              { account, asset, amount: n * value },
            ]
          : []),
      ],
      memo: { tournament: t.id, cancelled: true, ticket: true, tickets: n },
    });
  }
  return out;
}

/**
 * After a restart, for a tournament that ended before its end's postings were committed
 * with it (a stream written before events and postings were one append): posts what is missing. Keys make this once;
 * with streams written since, everything is there already and nothing is posted.
 */
export async function payPrizes(t: TournamentPort): Promise<void> {
  const fixed = t.kept.find((e) => e.type === "prizes-fixed");
  const finished = t.kept.find((e) => e.type === "finished");
  if (finished?.type !== "finished") return;
  await postAll(t, await prizePostings(t, fixed?.type === "prizes-fixed" ? fixed.overlay : null, finished.placements));
}

/** R-TRN-6 after a restart: the refunds of a cancelled tournament that are not yet posted (see payPrizes). */
export async function refundCancelled(t: TournamentPort): Promise<void> {
  if (t.dir.status !== "cancelled") return;
  await postAll(t, await cancelPostings(t, t.dir.refunds ?? []));
}

async function postAll(t: TournamentPort, txs: readonly TransactionInput[]): Promise<void> {
  for (const tx of txs) {
    const r = await t.svc.ledger.post(tx);
    if (!r.ok) t.svc.log(`tournament ${t.id}: MONEY ${tx.kind} ${tx.key} not posted: ${r.error.message}`);
    else if (!r.value.replayed) t.svc.log(`tournament ${t.id}: ${tx.kind} ${tx.key} was missing from the ledger; posted now`);
  }
}
