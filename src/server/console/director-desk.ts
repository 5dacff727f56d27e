// A live room's desk at the end of the evening: the prizes won and the refunds of floor
// records undone are owed to players' accounts (the ledger moved them there); the cashier
// pays each out in cash (a withdrawal from the player's account, keyed by the item, so it is
// paid once whatever the command ids) or leaves it credited to the account, and records who
// and when ("paid-out", stored with its withdrawal in one transaction). The totals say what
// came in per method (cash at the desk, accounts), what went out (cash, credit), what is
// still owed and whether the books of the evening balance.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { DeskItem, DeskResponse, PayOutRequest } from "../../protocol/index.ts";
import { EXTERNAL_CASH, poolAccount, postings, type TransactionInput } from "../../store/index.ts";
import type { Services } from "../services.ts";
import { playerNumberOf, type TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

interface Due {
  readonly item: string;
  readonly kind: "prize" | "refund";
  readonly entry: string;
  readonly player: string;
  readonly place: number | null;
  readonly amount: number;
}

/** What the desk owes: each placed entry's cash prize once the places are final, each reversal's refund. */
function dues(t: TournamentRuntime): Due[] {
  const out: Due[] = [];
  const format = t.dir.config?.format;
  for (const p of t.dir.placements ?? []) {
    // A satellite's seat is a ticket, not money (tournament-money.ts prizePostings).
    const seat = format?.kind === "satellite" && p.seat === true && p.prize >= format.seatValue ? format.seatValue : 0;
    const cash = p.prize - seat;
    if (cash > 0) out.push({ item: `prize:${p.entry}`, kind: "prize", entry: p.entry, player: p.player, place: p.places[0] ?? null, amount: cash });
  }
  for (const row of t.live.log.values()) {
    if (row.refund === undefined || row.refund.amount <= 0) continue;
    out.push({
      item: `refund:${row.id}`,
      kind: "refund",
      entry: row.entries[0]?.entry ?? "",
      player: row.refund.player,
      place: null,
      amount: row.refund.amount,
    });
  }
  return out;
}

/** The cash the desk took for this tournament's entries (tournament-money.ts cashEntries) and paid out (payOut), as the ledger has it. */
async function cashMoved(svc: Services, tournament: string): Promise<{ in: number; out: number }> {
  const sum = { in: 0, out: 0 };
  let afterId = 0;
  for (;;) {
    const page = await svc.ledger.history(EXTERNAL_CASH, { afterId, limit: 1000 });
    for (const tx of page) {
      if (tx.memo["tournament"] !== tournament || tx.memo["desk"] !== true) continue;
      const cash = tx.legs.filter((l) => l.account === EXTERNAL_CASH && l.asset === svc.asset).reduce((a, l) => a + l.amount, 0);
      if (tx.kind === "deposit") sum.in -= cash;
      else if (tx.kind === "withdrawal") sum.out += cash;
    }
    if (page.length < 1000) return sum;
    afterId = page.at(-1)!.id;
  }
}

export async function deskOf(t: TournamentRuntime, svc: Services): Promise<DeskResponse> {
  const owedList = dues(t);
  const items: DeskItem[] = owedList.map((d) => {
    const paid = t.live.paidOut.get(d.item);
    return {
      item: d.item,
      kind: d.kind,
      entryId: d.entry,
      name: t.names.get(d.player) ?? "player",
      ...playerNumberOf(t, d.player),
      place: d.place,
      amount: d.amount,
      paid: paid === undefined ? null : { method: paid.method, at: paid.at, by: paid.byName },
    };
  });
  const cash = await cashMoved(svc, t.id);
  const cashIn = cash.in;
  const refunds = owedList.filter((d) => d.kind === "refund").reduce((a, d) => a + d.amount, 0);
  // Entries paid in: the payments still standing and those reversed since (their refunds).
  const paidIn = t.dir.payments.reduce((a, p) => a + p.toPool + p.fee, 0) + refunds;
  const fees = t.dir.payments.reduce((a, p) => a + p.fee, 0);
  const poolIn = t.dir.payments.reduce((a, p) => a + p.toPool, 0);
  const overlay = t.dir.prizes === null ? 0 : Math.max(0, t.dir.prizes.pool - poolIn);
  let cashOut = 0;
  let credited = 0;
  let owed = 0;
  for (const x of items) {
    if (x.paid === null) owed += x.amount;
    else if (x.paid.method === "cash") cashOut += x.amount;
    else credited += x.amount;
  }
  const accountIn = Math.max(0, paidIn - cashIn);
  // At the end every prize and refund is paid and the pool is empty: what came in went out,
  // and the cash the desk recorded paying is the cash the ledger moved.
  const over = t.dir.status === "finished" && (await svc.ledger.balance(poolAccount(t.id), svc.asset)) === 0 && cash.out === cashOut;
  return {
    items,
    totals: {
      cashIn,
      accountIn,
      cashOut,
      credited,
      owed,
      fees,
      overlay,
      drawer: cashIn - cashOut,
      balanced: over && owed === 0 && cashIn + accountIn + overlay === cashOut + credited + fees,
    },
  };
}

/**
 * One desk item paid, once: a second payment of it (another command) is refused and says
 * how it was paid; the same command again answers the desk as it stands. Cash comes out of
 * the player's account (where the prize or refund went), so a balance spent since is refused
 * by the ledger and nothing is recorded.
 */
export async function payOut(t: TournamentRuntime, svc: Services, b: PayOutRequest, by: { id: string; name: string }): Promise<Result<DeskResponse>> {
  if (!t.isLive) return fail(DIRECTOR_ERRORS.invalid, "the desk pays out a live room's tournament; online prizes stay on the players' accounts");
  const r = await t.enqueue(async (): Promise<Result<void>> => {
    if (t.hasCommand(b.commandId)) return ok(undefined);
    const due = dues(t).find((d) => d.item === b.item);
    if (due === undefined) return fail(DIRECTOR_ERRORS.notFound, `nothing to pay for ${b.item}`);
    const paid = t.live.paidOut.get(b.item);
    if (paid !== undefined)
      return fail(TOURNAMENT_ERRORS.notAllowed, `${b.item} was paid already (${paid.method}, by ${paid.byName})`, {
        reason: "already-paid",
        method: paid.method,
        at: paid.at,
        by: paid.byName,
      });
    const at = svc.clock.now();
    const txs: TransactionInput[] = [];
    if (b.method === "cash") {
      const tx = postings.withdrawal({
        key: `desk:${t.id}:${b.item}`,
        asset: svc.asset,
        player: due.player,
        amount: due.amount,
        director: by.id,
        memo: { tournament: t.id, desk: true, item: b.item },
      });
      if (!tx.ok) return tx;
      txs.push(tx.value);
    }
    const data = { item: b.item, method: b.method, amount: due.amount, player: due.player, by: by.id, byName: by.name, at };
    return t.append([{ type: "paid-out", data }], b.commandId, t.id, txs);
  });
  return r.ok ? ok(await deskOf(t, svc)) : r;
}
