// A tournament's money in the ledger: entries paid from a player's balance or as cash at
// the desk (a live room's walk-ins, rebuys and add-ons), and the prizes at the end. Every
// posting's key is derived from what caused it, so a repeated command posts once.
import { fail, ok, type Result } from "../../lib/result.ts";
import { escrowAccount, postings, ticketAsset, ticketIssuer } from "../../store/index.ts";
import type { TournamentEvent } from "../../tournament/director/index.ts";
import { enteredByTicket, postingFor, refundTx, ticketReturnTx } from "./tournament-entries.ts";
import type { TournamentRuntime } from "./tournament-runtime.ts";

const NEW_ENTRY = new Set<TournamentEvent["type"]>(["registered", "late-registered", "re-entered"]);

/**
 * Cash paid at the desk for what the events buy (a walk-in's buy-in or late registration,
 * a re-entry, a rebuy, an add-on): the cash is deposited to the player's account by the
 * director who took it (`cash:` + the entry's key), then the entry is posted as an online
 * player's is (tournament-entries.ts: pool and fee, keys derived from the command, so a
 * repeat pays once). Runs in the tournament's queue before anything is stored: a refusal
 * (the tournament is full, a bad posting) changes nothing.
 */
export async function cashEntries(t: TournamentRuntime, events: readonly TournamentEvent[], cashBy: string, commandId: string): Promise<Result<void>> {
  const { ledger, asset } = t.svc;
  const max = t.meta.maxEntries;
  if (max !== null && events.some((e) => NEW_ENTRY.has(e.type)) && t.dir.entries.size >= max) return fail("tournament/not-allowed", "the tournament is full", { maxEntries: max });
  for (const [i, e] of events.entries()) {
    if (e.type === "unregistered") continue;
    const tx = postingFor(t, asset, e, `${commandId}${i === 0 ? "" : `.${i}`}`);
    if (tx === null) continue;
    if (!tx.ok) return tx;
    const payer = tx.value.legs.find((l) => l.account.startsWith("player:") && l.asset === asset && l.amount < 0);
    if (payer !== undefined) {
      const player = payer.account.slice("player:".length);
      const cash = postings.deposit({ key: `cash:${tx.value.key}`, asset, player, amount: -payer.amount, director: cashBy, memo: { tournament: t.id, desk: true } });
      if (!cash.ok) return cash;
      const paid = await ledger.post(cash.value);
      if (!paid.ok) return paid;
    }
    const paid = await ledger.post(tx.value);
    if (!paid.ok) return paid;
  }
  return ok(undefined);
}

/**
 * At the end: the organiser's money first (a freeroll's prize fund, R-TRN-7, then the
 * overlay if the guarantee needed one), then each placed entry's prize. A satellite's seat
 * (R-TRN-8) is paid as a ticket to its target (the seat's value moves from the pool into
 * the target's escrow) and any cash beyond the seat's value as a prize. Every key is the
 * tournament's or the entry's, so paying again after a restart pays nothing twice.
 */
export async function payPrizes(t: TournamentRuntime): Promise<void> {
  const { ledger, asset } = t.svc;
  const post = async (what: string, tx: ReturnType<typeof postings.prize>) => {
    const r = tx.ok ? await ledger.post(tx.value) : tx;
    if (!r.ok) t.svc.log(`tournament ${t.id}: ${what} not posted: ${r.error.message}`);
  };
  const fixed = t.kept.find((e) => e.type === "prizes-fixed");
  const funded = t.dir.config?.money.organiserPrizes ?? 0;
  if (fixed?.type === "prizes-fixed" && funded > 0) await post("the organiser's prize fund", postings.organiserFunding({ key: `organiser-funding:${t.id}`, asset, tournament: t.id, amount: funded }));
  // prizes-fixed's overlay counts the organiser's prizes too (money/pool.ts); the rest tops up the guarantee.
  const overlay = fixed?.type === "prizes-fixed" ? fixed.overlay - funded : 0;
  if (overlay > 0) await post("the overlay", postings.overlay({ key: `overlay:${t.id}`, asset, tournament: t.id, amount: overlay }));
  const format = t.dir.config?.format;
  const target = format?.kind === "satellite" ? format.target : undefined;
  for (const p of t.dir.placements ?? []) {
    if (p.prize <= 0) continue;
    let cash = p.prize;
    if (format?.kind === "satellite" && target !== undefined && p.seat === true && p.prize >= format.seatValue) {
      cash -= format.seatValue;
      const memo = { place: p.places[0]!, entry: p.entry };
      await post(`the ticket for ${p.entry}`, postings.ticketIssue({ key: `ticket:${t.id}:${p.entry}`, asset, target, player: p.player, value: format.seatValue, satellite: t.id, memo }));
    }
    if (cash > 0) await post(`the prize for ${p.entry}`, postings.prize({ key: `prize:${t.id}:${p.entry}`, asset, tournament: t.id, player: p.player, amount: cash, place: p.places[0]! }));
  }
}

/**
 * R-TRN-6: a cancelled tournament (the start rule not met by the deadline, or the director's
 * cancel) gives every player back all they paid: the pool parts from the pool, the fees from
 * the house. The `cancelled` event's refunds say how much; the key is the player's
 * (`cancel-refund:T:player`: a tournament is cancelled once), so posting again after a
 * restart pays nothing twice. A refund that does not match the payments is not posted.
 */
export async function refundCancelled(t: TournamentRuntime): Promise<void> {
  const { ledger, asset } = t.svc;
  if (t.dir.status !== "cancelled") return;
  for (const r of t.dir.refunds ?? []) {
    const paid = t.dir.payments.filter((p) => p.player === r.player);
    const pool = paid.reduce((a, p) => a + p.toPool, 0);
    const fee = paid.reduce((a, p) => a + p.fee, 0);
    if (pool + fee !== r.amount) {
      t.svc.log(`tournament ${t.id}: the refund of ${r.player} (${r.amount}) does not match the payments (${pool} + ${fee}); not posted`);
      continue;
    }
    const key = `cancel-refund:${t.id}:${r.player}`;
    // R-TRN-8: an entry a satellite's ticket paid gives the ticket back (redeemed below).
    if ((await ledger.transaction(key)) === null && (await enteredByTicket(ledger, t.id, r.player))) {
      const back = await ledger.post(ticketReturnTx(t.id, asset, r.player, pool, fee, key, { cancelled: true }));
      if (!back.ok) t.svc.log(`tournament ${t.id}: the ticket of ${r.player} not given back: ${back.error.message}`);
      continue;
    }
    const tx = refundTx(t, asset, r.player, pool, fee, key, { cancelled: true });
    if (tx === null) continue;
    const posted = tx.ok ? await ledger.post(tx.value) : tx;
    if (!posted.ok) t.svc.log(`tournament ${t.id}: refund for ${r.player} not posted: ${posted.error.message}`);
  }
  await redeemTickets(t);
}

/**
 * R-TRN-6 with R-TRN-8: the tickets to a cancelled tournament can no longer be used, so each
 * holder gets their value in money from the escrow (value per ticket: what the escrow holds
 * over the tickets out; all seats of one target are worth the same). Keyed by the player, and
 * a redeemed ticket is gone, so running again pays nothing twice.
 */
async function redeemTickets(t: TournamentRuntime): Promise<void> {
  const { ledger, asset } = t.svc;
  const ticket = ticketAsset(t.id);
  const out = -(await ledger.balance(ticketIssuer(t.id), ticket));
  if (out <= 0) return;
  const escrow = await ledger.balance(escrowAccount(t.id), asset);
  if (escrow % out !== 0) return void t.svc.log(`tournament ${t.id}: the escrow (${escrow}) does not split over ${out} tickets; not redeemed`);
  const value = escrow / out;
  for (const row of await ledger.balances({ prefix: "player:", asset: ticket })) {
    if (row.balance <= 0) continue;
    const n = row.balance;
    const r = await ledger.post({
      key: `ticket-redeem:${t.id}:${row.account.slice("player:".length)}`,
      kind: "refund",
      legs: [
        { account: row.account, asset: ticket, amount: -n },
        { account: ticketIssuer(t.id), asset: ticket, amount: n },
        ...(value > 0 ? [{ account: escrowAccount(t.id), asset, amount: -n * value }, { account: row.account, asset, amount: n * value }] : []),
      ],
      memo: { tournament: t.id, cancelled: true, ticket: true, tickets: n },
    });
    if (!r.ok) t.svc.log(`tournament ${t.id}: the tickets of ${row.account} not redeemed: ${r.error.message}`);
  }
}
