// How a player gets money to play with. A play-money room (`--play-money N`) gives each new
// account N chips and, once a day (UTC), a top-up back to N; any other room credits players
// at its desk (the director's deposit), and the lobby says so instead of a greyed-out
// Register with no word on what to do.
import { fail, ok, type Result } from "../../lib/result.ts";
import { ACCOUNT_ERRORS, type Funding } from "../../protocol/index.ts";
import { LEDGER_ERRORS, postings } from "../../store/index.ts";
import type { ServerOptions } from "../server-options.ts";
import type { Services } from "../services.ts";
import { balanceOf } from "./route-kit.ts";

/** What play money needs: the ledger, the clock and the log, and the room's amount. */
interface Port {
  readonly svc: Pick<Services, "ledger" | "asset" | "clock" | "log">;
  readonly options: Pick<ServerOptions, "playMoney">;
}

const DAY_MS = 86_400_000;
const dayOf = (now: number) => Math.floor(now / DAY_MS);
/** One key per player and day: the ledger itself makes the top-up once a day, on every process. */
const topUpKey = (player: string, day: number) => `play-money:top-up:${player}:${day}`;

function amountOf(port: Port): number | null {
  const n = port.options.playMoney;
  return n === undefined || n <= 0 ? null : n;
}

/** The player's way to money, as the lobby shows it. */
export async function fundingOf(port: Port, player: string, balance: number): Promise<Funding> {
  const amount = amountOf(port);
  if (amount === null) return { kind: "desk" };
  const now = port.svc.clock.now();
  const taken = await port.svc.ledger.transaction(topUpKey(player, dayOf(now)));
  if (taken !== null) return { kind: "play-money", amount, topUp: "used", nextTopUpAt: (dayOf(now) + 1) * DAY_MS };
  return { kind: "play-money", amount, topUp: balance < amount ? "now" : "not-needed", nextTopUpAt: null };
}

/** A new account's chips in a play-money room; a failure leaves the day's top-up to take. */
export async function welcome(port: Port, player: string): Promise<void> {
  const amount = amountOf(port);
  if (amount === null) return;
  const tx = postings.playMoney({ key: `play-money:welcome:${player}`, asset: port.svc.asset, player, amount, reason: "welcome" });
  if (!tx.ok) return port.svc.log(`play money for ${player} not given: ${tx.error.message}`);
  const r = await port.svc.ledger.post(tx.value);
  if (!r.ok) port.svc.log(`play money for ${player} not given: ${r.error.code}`);
}

/** The daily top-up back to the room's amount; a repeat of the same command id answers as the first did. */
export async function topUp(port: Port, player: string, commandId: string): Promise<Result<{ balance: number; funding: Funding }>> {
  const amount = amountOf(port);
  if (amount === null) return fail(ACCOUNT_ERRORS.noTopUp, "this room credits players at its desk", { reason: "desk" });
  const now = port.svc.clock.now();
  const key = topUpKey(player, dayOf(now));
  const answer = async () => {
    const balance = await balanceOf(port.svc, player);
    return ok({ balance, funding: await fundingOf(port, player, balance) });
  };
  const used = () => fail(ACCOUNT_ERRORS.noTopUp, "today's top-up has been taken", { reason: "used", retryAt: (dayOf(now) + 1) * DAY_MS });
  const taken = await port.svc.ledger.transaction(key);
  if (taken !== null) return taken.memo["commandId"] === commandId ? answer() : used();
  const balance = await balanceOf(port.svc, player);
  if (balance >= amount) return fail(ACCOUNT_ERRORS.noTopUp, "the balance is already at the play-money amount", { reason: "not-needed" });
  const tx = postings.playMoney({ key, asset: port.svc.asset, player, amount: amount - balance, reason: "top-up", memo: { commandId } });
  if (!tx.ok) return tx;
  const r = await port.svc.ledger.post(tx.value);
  // Two top-ups at once: the first one's key wins, the other is today's second.
  if (!r.ok && r.error.code === LEDGER_ERRORS.idempotencyMismatch) return used();
  if (!r.ok) return r;
  if (r.value.replayed && r.value.memo["commandId"] !== commandId) return used();
  return answer();
}
