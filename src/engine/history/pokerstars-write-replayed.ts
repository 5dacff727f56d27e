// PokerStars text written with the engine's own results: the hand is replayed (R-POT
// awards, uncalled returns, rake) and the writer prints what the engine decided.
import { formatCards } from "../../cards/index.ts";
import { fail, type Result } from "../../lib/result.ts";
import type { PhhHand } from "./phh-types.ts";
import { replayPhh } from "./phh.ts";
import { pokerStarsResults, writePokerStars, type PokerStarsWriteOptions } from "./pokerstars-write.ts";
import { HISTORY_ERRORS } from "../error-catalogue.ts";

/**
 * Replays the hand through the engine and writes it with the engine's awards, returns and
 * rake; showdown hands the actions leave to the dealer are printed as the engine showed them.
 */
export function writePokerStarsReplayed(hand: PhhHand, opts: Omit<PokerStarsWriteOptions, "results" | "rake">): Result<string> {
  const replayed = replayPhh(hand);
  if (!replayed.ok) return replayed;
  if (replayed.value.scale !== 1) {
    return fail(HISTORY_ERRORS.pokerstarsCannotWrite, "amounts must be whole units: scale the hand first (see ConvertedHand.scale)", {});
  }
  const n = hand.startingStacks.length;
  const { rake, ...results } = pokerStarsResults(replayed.value.events, n);
  const named = new Set(hand.actions.flatMap((a) => (/^p\d+ sm\b/.test(a) ? [a.split(" ")[0]] : [])));
  const dealerShows = replayed.value.events.flatMap((e) => {
    if ((e.type !== "show" && e.type !== "muck") || named.has(`p${e.player + 1}`)) return [];
    return [e.type === "show" ? `p${e.player + 1} sm ${formatCards(e.cards)}` : `p${e.player + 1} sm`];
  });
  return writePokerStars({ ...hand, actions: [...hand.actions, ...dealerShows] }, { ...opts, results, rake });
}
