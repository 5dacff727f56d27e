// Checks a hand's configuration once, so the hot path can trust it.
import { fail, ok, type Result } from "../lib/result.ts";
import type { HandConfig, NormalizedConfig } from "./types.ts";
import { ENGINE_ERRORS } from "./error-catalogue.ts";

const isChips = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;

/** No cards exposed: shared, since nothing writes a configuration's arrays. */
const NONE: readonly number[] = Object.freeze([]);

function badConfig(message: string, details: Record<string, unknown> = {}) {
  return fail(ENGINE_ERRORS.badConfig, message, details);
}

/** R-BET-4 / R-BLIND-3: the big blind of a blinds array in PHH order (heads-up [BB, SB]):
 *  the largest blind that is not a straddle. A straddle sits at p3 or later and is larger
 *  than the blind just before it, which is larger than the one before that (SB < BB <
 *  straddle, then each re-straddle); two big blinds or two small blinds in a row (R-BTN-3)
 *  are therefore never taken for a straddle. */
export function bigBlindOf(blinds: readonly number[]): number {
  let bb = 0;
  for (let i = 0; i < blinds.length; i++) {
    const b = blinds[i]!;
    const straddle = i >= 2 && b > blinds[i - 1]! && blinds[i - 1]! > blinds[i - 2]! && blinds[i - 2]! > 0;
    if (straddle) break; // everything after the first straddle belongs to the straddles
    if (b > bb) bb = b;
  }
  return bb;
}

export function normalizeConfig(config: HandConfig): Result<NormalizedConfig> {
  const n = config.stacks.length;
  // R-DEAL-1: up to 23 players, the most a 52-card deck serves.
  if (n < 2 || n > 23) return badConfig(`a hand needs 2 to 23 players, not ${n}`, { players: n });
  if (config.variant !== "NT" && config.variant !== "PT" && config.variant !== "FT") {
    return badConfig(`unknown variant '${String(config.variant)}'`);
  }
  const given = config.antes;
  if (config.blinds.length !== n || (given !== undefined && given.length !== n)) {
    return badConfig(`blinds and antes need one entry for each of the ${n} players`);
  }
  // Most hands have no live posts: then nothing to make or check.
  const posts = config.posts;
  if (posts !== undefined && posts.length !== n) return badConfig(`posts need one entry for each of the ${n} players`);
  // One pass checks every player and makes the packed copies (the caller's arrays may be
  // holey, `new Array(n)`; the state's arrays copied from these are read on every action).
  const startStacks: number[] = [];
  const blinds: number[] = [];
  const antes: number[] = [];
  let maxBlind = 0;
  let firstPreflop = 0;
  let sameAntes = true;
  let anteCount = 0;
  for (let i = 0; i < n; i++) {
    const stack = config.stacks[i];
    const blind = config.blinds[i];
    const ante = given === undefined ? 0 : given[i];
    if (posts !== undefined && !isChips(posts[i])) return badConfig("posts must be whole numbers of chips, 0 or more", { player: i });
    if (!isChips(stack) || !isChips(blind) || !isChips(ante)) {
      return badConfig("stacks, blinds and antes must be whole numbers of chips, 0 or more", { player: i });
    }
    // A player without chips is not dealt in (R-BET-1): the table layer leaves them out.
    if (stack === 0) return badConfig(`p${i + 1} has no chips and cannot be dealt in`, { player: i });
    // R-BET-2 / R-BLIND-3: the first to act pre-flop sits after the last (largest) blind
    // or straddle; with [BB, SB] heads-up that is p2, the button (R-HU-2).
    if (blind > 0 && blind >= maxBlind) {
      maxBlind = blind;
      firstPreflop = (i + 1) % n;
    }
    if (i > 0 && ante !== antes[0]) sameAntes = false;
    if (ante > 0) anteCount++;
    startStacks.push(stack);
    // What each player posts: the blind plus any live post (a post is paid like a blind).
    blinds.push(posts === undefined ? blind : blind + posts[i]!);
    antes.push(ante);
  }
  const bigBlind = bigBlindOf(config.blinds);
  const minBet = config.minBet ?? (config.variant === "FT" ? (config.smallBet ?? bigBlind) : bigBlind);
  const forcedBets = config.forcedBets ?? "rulebook";
  if (forcedBets !== "rulebook" && forcedBets !== "pokerkit") {
    return badConfig(`unknown forced-bet convention '${String(forcedBets)}'`);
  }
  const smallBet = config.smallBet ?? minBet;
  const bigBet = config.bigBet ?? 2 * smallBet;
  if (!isChips(minBet) || minBet <= 0) return badConfig("the minimum bet must be a positive whole number");
  if (!isChips(smallBet) || !isChips(bigBet) || smallBet <= 0 || bigBet <= 0) {
    return badConfig("small and big bet must be positive whole numbers");
  }
  const unit = config.chipUnit ?? 1;
  if (!isChips(unit) || unit <= 0) return badConfig("the chip unit must be a positive whole number");
  const oddChip = config.oddChip ?? "left-of-button";
  if (oddChip !== "left-of-button" && oddChip !== "carry" && oddChip !== "draw") {
    return badConfig(`unknown odd-chip policy '${String(oddChip)}'`);
  }
  const deck = config.deck ?? null;
  if (deck !== null) {
    // Distinct cards 0..51, checked with a 52-bit mask in two words.
    let lo = 0;
    let hi = 0;
    for (let k = 0; k < deck.length; k++) {
      const c = deck[k]!;
      if (!Number.isInteger(c) || c < 0 || c > 51) return badConfig("the deck must hold distinct cards 0..51");
      const bit = 1 << (c & 31);
      if (c < 32) {
        if (lo & bit) return badConfig("the deck must hold distinct cards 0..51");
        lo |= bit;
      } else {
        if (hi & bit) return badConfig("the deck must hold distinct cards 0..51");
        hi |= bit;
      }
    }
    if (deck.length < 2 * n + 5) return badConfig(`the deck has ${deck.length} cards, too few for ${n} players`);
  }
  if (oddChip === "draw" && deck === null && (config.drawCards?.length ?? 0) < n) {
    return badConfig("odd-chip draw needs the engine's deck or drawCards (one per possible winner)");
  }
  const rake = config.rake ?? null;
  if (rake !== null && (!(rake.percent >= 0 && rake.percent <= 100) || (rake.cap !== undefined && !isChips(rake.cap)))) {
    return badConfig("rake percent must be 0..100 and its cap whole chips");
  }
  return ok({
    variant: config.variant,
    n,
    startStacks,
    blinds,
    antes,
    deadAntes: config.antePots === undefined ? !sameAntes : config.antePots === "dead",
    minBet,
    forcedBets,
    bigBlindAnte: anteCount === 1 && n > 1,
    topBlind: maxBlind,
    smallBet,
    bigBet,
    unit,
    oddChip,
    drawCards: config.drawCards ?? null,
    rake,
    oneCardKills: config.oneCardKills ?? false,
    unknownShows: config.unknownShows ?? false,
    deck,
    exposed: config.exposed ?? NONE,
    autoShowdown: config.autoShowdown ?? false,
    firstPreflop,
    source: config,
  });
}
