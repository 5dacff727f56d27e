// An engine-free check that a converted hand adds up: the PHH actions, replayed through
// the chip ledger, must account for every chip the PokerStars text says was collected
// and returned. It catches conversion mistakes without judging the rules (the engine
// replay does that).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { ConvertedHand, PhhHand } from "./phh-types.ts";
import { betOrRaiseTo, checkOrCall, fold, inHand, nextStreet, openLedger, perPlayer, type Ledger } from "./pokerstars-ledger.ts";
import { HISTORY_ERRORS } from "../error-catalogue.ts";

/** Replays the betting of a PHH hand into a ledger (chips only, no turn order). */
export function chipLedger(hand: PhhHand): Result<Ledger> {
  const n = hand.startingStacks.length;
  const l = openLedger(hand.startingStacks, perPlayer(hand.antes, n), perPlayer(hand.blindsOrStraddles, n));
  for (const [k, action] of hand.actions.entries()) {
    const bad = (why: string) => fail(HISTORY_ERRORS.pokerstarsInconsistent, `action ${k + 1} "${action}": ${why}`, { action: k });
    const parts = action.split(" ");
    if (parts[0] === "d") {
      if (parts[1] === "db") nextStreet(l);
      continue;
    }
    const p = Number(/^p(\d+)$/.exec(parts[0] ?? "")?.[1]) - 1;
    if (!(p >= 0 && p < n)) return bad("no such player");
    if (parts[1] === "sm") continue;
    if (l.folded[p]) return bad("the player has folded");
    if (parts[1] === "f") fold(l, p);
    else if (parts[1] === "cc") checkOrCall(l, p);
    else if (parts[1] === "cbr") {
      const done = betOrRaiseTo(l, p, Number(parts[2]));
      if (!done.ok) return bad(done.error.message);
    } else return bad("unknown action");
  }
  return ok(l);
}

/**
 * Checks chips are conserved (paid = collected + returned + rake), each uncalled bet is
 * the excess over the next-largest bet, and nobody wins more than their pots hold
 * (R-POT-1). Returns the finishing stacks.
 */
export function checkConverted(h: ConvertedHand): Result<number[]> {
  const ledger = chipLedger(h.hand);
  if (!ledger.ok) return ledger;
  const l = ledger.value;
  const n = l.paid.length;
  const { collected, returned } = h.expected;
  const rake = typeof h.hand.extra?.["rake"] === "number" ? (h.hand.extra["rake"] as number) : 0;
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const wrong = (why: string) => fail(HISTORY_ERRORS.pokerstarsInconsistent, `${h.name}: ${why}`, {});
  if (sum(l.paid) !== sum(collected) + sum(returned) + rake) {
    return wrong(`paid ${sum(l.paid)} but collected ${sum(collected)} + returned ${sum(returned)} + rake ${rake}`);
  }
  const live = l.paid.map((p, i) => p - l.antes[i]!);
  for (let i = 0; i < n; i++) {
    const others = Math.max(0, ...live.filter((_, j) => j !== i));
    const uncalled = Math.max(0, live[i]! - others);
    if (returned[i] !== uncalled) return wrong(`p${i + 1} gets ${returned[i]} back but ${uncalled} was uncalled`);
  }
  const kept = l.paid.map((p, i) => p - returned[i]!);
  const deadMoney = sum(l.antes);
  const winners = inHand(l);
  for (let i = 0; i < n; i++) {
    if (collected[i] === 0) continue;
    if (!winners.includes(i)) return wrong(`p${i + 1} folded but collects ${collected[i]}`);
    const reach = sum(kept.map((k) => Math.min(k, kept[i]!))) + deadMoney;
    if (collected[i]! > reach) return wrong(`p${i + 1} collects ${collected[i]} but can win at most ${reach}`);
  }
  const finishing = h.hand.startingStacks.map((s, i) => s - l.paid[i]! + collected[i]! + returned[i]!);
  if (finishing.some((s) => s < 0)) return wrong("a stack ends below zero");
  return ok(finishing);
}
