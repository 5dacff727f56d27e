// The money check at start: every tournament's entries, rebuys, add-ons, refunds
// and prizes as its stream records them, per player, against the ledger's postings for
// that tournament, and its pool against the prize pool the stream implies. Events and postings
// commit together, so a difference means something outside Felt changed the
// database, or a stream written before then was split by a crash: it is reported loudly
// (a log line each, and the director's ledger check, GET /director/ledger `moneyCheck`),
// never "fixed" by guessing which side is right.
//
// The ledger side is every posting that touches the tournament's pool or escrow. Postings
// that touch neither (an entry that is all fee, a refund of a fee alone) are not seen.
import type { MoneyDifference } from "../../protocol/index.ts";
import { escrowAccount, playerAccount, poolAccount, ticketAsset, type Leg, type PostedTransaction } from "../../store/index.ts";
import { evolve, initialState, type TournamentEvent } from "../../tournament/director/index.ts";
import { tournamentStream, type TournamentRuntime } from "./tournament-runtime.ts";

type What = MoneyDifference["what"];
const WHATS: readonly What[] = ["entries", "rebuys", "add-ons", "refunds", "prizes"];

class Tally {
  readonly byPlayer = new Map<string, Record<What, number>>();
  add(player: string, what: What, amount: number): void {
    const row = this.byPlayer.get(player) ?? { entries: 0, rebuys: 0, "add-ons": 0, refunds: 0, prizes: 0, pool: 0 };
    row[what] += amount;
    this.byPlayer.set(player, row);
  }
  get(player: string, what: What): number {
    return this.byPlayer.get(player)?.[what] ?? 0;
  }
}

/** What the tournament's stream says each player paid and got, and what its pool should hold. */
async function fromStream(t: TournamentRuntime): Promise<{ tally: Tally; pool: number }> {
  const tally = new Tally();
  const dir = initialState();
  for (const e of await t.svc.store.read(tournamentStream(t.id))) {
    if (e.type !== "director") continue;
    const ev = e.data as TournamentEvent;
    switch (ev.type) {
      case "registered":
      case "late-registered":
      case "re-entered":
        tally.add(ev.payment.player, "entries", ev.payment.toPool + ev.payment.fee);
        break;
      case "rebought":
        tally.add(ev.payment.player, "rebuys", ev.payment.toPool + ev.payment.fee);
        break;
      case "added-on":
        tally.add(ev.payment.player, "add-ons", ev.payment.toPool + ev.payment.fee);
        break;
      case "unregistered":
        tally.add(ev.player, "refunds", ev.refund);
        break;
      case "reversed":
        // A live rebuy or add-on undone at the desk: its money goes back (http-live.ts).
        tally.add(ev.payment.player, "refunds", ev.payment.toPool + ev.payment.fee);
        break;
      case "cancelled":
        for (const r of ev.refunds) tally.add(r.player, "refunds", r.amount);
        break;
      case "finished":
        for (const p of ev.placements) if (p.prize > 0) tally.add(p.player, "prizes", p.prize);
        break;
      default:
        break;
    }
    evolve(dir, ev);
  }
  // The prize pool: what the payments still in put in (an unregistration takes its player's
  // out), less the refunds of a cancellation; at the end plus the organiser's money, less the prizes.
  let pool = dir.payments.reduce((a, p) => a + p.toPool, 0);
  if (dir.status === "cancelled") {
    const refunded = new Set((dir.refunds ?? []).map((r) => r.player));
    pool -= dir.payments.filter((p) => refunded.has(p.player)).reduce((a, p) => a + p.toPool, 0);
  }
  if (dir.status === "finished") {
    const fixed = t.kept.find((e) => e.type === "prizes-fixed");
    pool += fixed?.type === "prizes-fixed" ? fixed.overlay : 0;
    pool -= (dir.placements ?? []).reduce((a, p) => a + p.prize, 0);
  }
  return { tally, pool };
}

/** The ledger's postings for the tournament, per player, in the same categories. */
async function fromLedger(t: TournamentRuntime): Promise<Tally> {
  const { ledger, asset } = t.svc;
  const tally = new Tally();
  const seen = new Set<number>();
  const txs: PostedTransaction[] = [];
  for (const account of [poolAccount(t.id), escrowAccount(t.id)]) {
    for (const tx of await ledger.history(account, { limit: 1_000_000 })) if (!seen.has(tx.id) && seen.add(tx.id)) txs.push(tx);
  }
  const money = (legs: readonly Leg[], account: string) => legs.find((l) => l.account === account && l.asset === asset)?.amount ?? 0;
  /** The player whose money (or, for tickets, ticket) the posting moves. */
  const playerIn = (legs: readonly Leg[], ticketOf: string | null): string | null => {
    const leg = legs.find((l) => l.account.startsWith("player:") && (ticketOf === null ? l.asset === asset : l.asset === ticketAsset(ticketOf)));
    return leg === undefined ? null : leg.account.slice(playerAccount("").length);
  };
  for (const tx of txs) {
    const memo = tx.memo;
    const ours = memo["tournament"] === t.id;
    switch (tx.kind) {
      case "buy-in":
      case "rebuy":
      case "add-on": {
        const p = playerIn(tx.legs, null);
        if (ours && p !== null) tally.add(p, tx.kind === "buy-in" ? "entries" : tx.kind === "rebuy" ? "rebuys" : "add-ons", -money(tx.legs, playerAccount(p)));
        break;
      }
      case "ticket-use": {
        const p = playerIn(tx.legs, t.id);
        if (ours && p !== null) tally.add(p, "entries", -money(tx.legs, escrowAccount(t.id)));
        break;
      }
      case "refund": {
        // A cancelled tournament's tickets redeemed for money are not a refund of an entry.
        if (!ours || memo["tickets"] !== undefined) break;
        const byTicket = memo["ticket"] === true;
        const p = playerIn(tx.legs, byTicket ? t.id : null);
        if (p !== null) tally.add(p, "refunds", byTicket ? money(tx.legs, escrowAccount(t.id)) : money(tx.legs, playerAccount(p)));
        break;
      }
      case "prize": {
        const p = playerIn(tx.legs, null);
        if (ours && p !== null) tally.add(p, "prizes", money(tx.legs, playerAccount(p)));
        break;
      }
      case "ticket-issue": {
        // R-TRN-8: a satellite's seat is a prize paid as a ticket (its value leaves the pool).
        if (memo["satellite"] !== t.id) break;
        const target = String(memo["target"] ?? "");
        const p = playerIn(tx.legs, target);
        if (p !== null) tally.add(p, "prizes", -money(tx.legs, poolAccount(t.id)));
        break;
      }
      default:
        break;
    }
  }
  return tally;
}

/** Every difference between the tournament's stream and its ledger postings (none in a sound database). */
export async function reconcileTournament(t: TournamentRuntime): Promise<MoneyDifference[]> {
  const [stream, ledger] = await Promise.all([fromStream(t), fromLedger(t)]);
  const out: MoneyDifference[] = [];
  const players = [...new Set([...stream.tally.byPlayer.keys(), ...ledger.byPlayer.keys()])].sort();
  for (const player of players) {
    for (const what of WHATS) {
      const s = stream.tally.get(player, what);
      const l = ledger.get(player, what);
      if (s !== l) out.push({ tournament: t.id, player, what, stream: s, ledger: l });
    }
  }
  const pool = await t.svc.ledger.balance(poolAccount(t.id), t.svc.asset);
  if (pool !== stream.pool) out.push({ tournament: t.id, player: null, what: "pool", stream: stream.pool, ledger: pool });
  return out;
}

/** A difference as one log line. */
export function describeDifference(d: MoneyDifference, name?: string): string {
  const who = d.player === null ? "its pool" : `player ${name ?? d.player}'s ${d.what}`;
  return `MONEY MISMATCH tournament ${d.tournament}: ${who}: the tournament says ${d.stream}, the ledger ${d.ledger}`;
}
