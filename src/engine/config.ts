// Checks a hand's configuration once, so the hot path can trust it.
import { fail, ok, type Result } from "../lib/result.ts";
import { filled } from "./state.ts";
import type { HandConfig, NormalizedConfig } from "./types.ts";
import { ENGINE_ERRORS } from "./error-catalogue.ts";

const isChips = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;

/** A packed copy: the caller's array may be holey (`new Array(n)`), and the state's arrays
 *  copied from these are read on every action. */
function packed(a: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) out.push(a[i]!);
  return out;
}

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
  const antes = config.antes ?? filled(n, 0);
  if (config.blinds.length !== n || antes.length !== n) {
    return badConfig(`blinds and antes need one entry for each of the ${n} players`);
  }
  // Most hands have no live posts: then nothing to make or check.
  const posts = config.posts;
  if (posts !== undefined && posts.length !== n) return badConfig(`posts need one entry for each of the ${n} players`);
  for (let i = 0; i < n; i++) {
    if (posts !== undefined && !isChips(posts[i])) return badConfig("posts must be whole numbers of chips, 0 or more", { player: i });
    if (!isChips(config.stacks[i]) || !isChips(config.blinds[i]) || !isChips(antes[i])) {
      return badConfig("stacks, blinds and antes must be whole numbers of chips, 0 or more", { player: i });
    }
    // A player without chips is not dealt in (R-BET-1): the table layer leaves them out.
    if (config.stacks[i] === 0) return badConfig(`p${i + 1} has no chips and cannot be dealt in`, { player: i });
  }
  let maxBlind = 0;
  let firstPreflop = 0;
  for (let i = 0; i < n; i++) {
    const b = config.blinds[i]!;
    // R-BET-2 / R-BLIND-3: the first to act pre-flop sits after the last (largest) blind
    // or straddle; with [BB, SB] heads-up that is p2, the button (R-HU-2).
    if (b > 0 && b >= maxBlind) {
      maxBlind = b;
      firstPreflop = (i + 1) % n;
    }
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
  let sameAntes = true;
  let anteCount = 0;
  for (let i = 0; i < n; i++) {
    if (antes[i] !== antes[0]) sameAntes = false;
    if (antes[i]! > 0) anteCount++;
  }
  return ok({
    variant: config.variant,
    n,
    startStacks: packed(config.stacks),
    // What each player posts: the blind plus any live post (a post is paid like a blind).
    blinds: posts === undefined ? packed(config.blinds) : config.blinds.map((b, i) => b + posts[i]!),
    antes: packed(antes),
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
    exposed: config.exposed ?? [],
    autoShowdown: config.autoShowdown ?? false,
    firstPreflop,
    source: config,
  });
}
