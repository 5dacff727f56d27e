// PHH (pokerkit's Poker Hand History, TOML): read `.phh` (one hand) and `.phhs` (tables
// [1], [2], ...), write them back, and replay a hand through the engine.
import { parse, stringify } from "smol-toml";
import { fail, ok, type Result } from "../../lib/result.ts";
import { openHand } from "../hand.ts";
import type { HandConfig, HandEvent, HandState } from "../types.ts";
import { driveActions, finishShowdown, parsePhhAction, type PhhAction } from "./phh-actions.ts";
import type { PhhHand, PhhVariant } from "./phh-types.ts";
import { PHH_ERRORS } from "../error-catalogue.ts";

const KNOWN = new Set([
  "variant",
  "ante_trimming_status",
  "antes",
  "blinds_or_straddles",
  "min_bet",
  "small_bet",
  "big_bet",
  "starting_stacks",
  "actions",
  "finishing_stacks",
  "players",
]);

/** Numbers of a PHH array: whole or decimal, never negative unless `negative` (pokerkit's
 *  posts in blinds_or_straddles), never infinite unless `unknown` (the standard's `inf`
 *  stack, a stack the history does not know). */
const numList = (x: unknown, opts: { negative?: boolean; unknown?: boolean } = {}): number[] | null =>
  Array.isArray(x) &&
  x.every(
    (v) =>
      typeof v === "number" &&
      !Number.isNaN(v) &&
      (opts.unknown === true ? v === Infinity || Number.isFinite(v) : Number.isFinite(v)) &&
      (opts.negative === true || v >= 0),
  )
    ? (x as number[])
    : null;

/** PHH variant codes Felt does not play (hold'em only: NT, FT and our PT), named for a person. */
const OTHER_VARIANTS: Readonly<Record<string, string>> = {
  NS: "short-deck",
  PO: "Omaha",
  FO: "Omaha",
  "FO/8": "Omaha hi-lo",
  "PO/8": "Omaha hi-lo",
  F7S: "stud",
  "F7S/8": "stud hi-lo",
  FR: "razz",
  N2L1D: "2-7 draw",
  F2L3D: "2-7 draw",
  FB: "badugi",
};

/** The name of a variant Felt skips ("stud", "Omaha"), or null for a hold'em variant it plays. */
export function skippedVariant(variant: unknown): string | null {
  if (variant === "NT" || variant === "PT" || variant === "FT") return null;
  return OTHER_VARIANTS[String(variant)] ?? `variant ${String(variant)}`;
}

function handOf(t: Record<string, unknown>, where: string): Result<PhhHand> {
  const bad = (m: string) => fail(PHH_ERRORS.badHand, `${where}: ${m}`);
  const variant = t["variant"];
  // PT is our code for pot-limit hold'em, added to PHH's list.
  if (variant !== "NT" && variant !== "PT" && variant !== "FT") return bad(`variant '${String(variant)}' is not NT, PT or FT`);
  const stacks = numList(t["starting_stacks"], { unknown: true });
  if (stacks === null || stacks.some((x) => x <= 0)) return bad("starting_stacks missing or not positive numbers");
  const n = stacks.length;
  const antes = t["antes"] === undefined ? new Array<number>(n).fill(0) : numList(t["antes"]);
  const blinds = numList(t["blinds_or_straddles"], { negative: true });
  if (antes === null || blinds === null) return bad("antes or blinds_or_straddles not numbers");
  if (antes.length !== n || blinds.length !== n) return bad(`antes and blinds_or_straddles need one entry for each of the ${n} players`);
  const actions = t["actions"];
  if (!Array.isArray(actions) || !actions.every((a) => typeof a === "string")) return bad("actions missing");
  const finishing = t["finishing_stacks"] === undefined ? undefined : numList(t["finishing_stacks"], { unknown: true });
  if (finishing === null) return bad("finishing_stacks not numbers");
  const players = t["players"];
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t)) if (!KNOWN.has(k)) extra[k] = v;
  const num = (k: string): number | undefined => (typeof t[k] === "number" ? (t[k] as number) : undefined);
  const minBet = num("min_bet");
  const smallBet = num("small_bet");
  const bigBet = num("big_bet");
  return ok({
    variant: variant as PhhVariant,
    anteTrimmingStatus: t["ante_trimming_status"] !== false,
    antes,
    blindsOrStraddles: blinds,
    ...(minBet !== undefined ? { minBet } : {}),
    ...(smallBet !== undefined ? { smallBet } : {}),
    ...(bigBet !== undefined ? { bigBet } : {}),
    startingStacks: stacks,
    actions: actions as string[],
    ...(finishing !== undefined ? { finishingStacks: finishing } : {}),
    ...(Array.isArray(players) ? { players: players.map(String) } : {}),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  });
}

/** One hand of a `.phh` or `.phhs` file: read, skipped (a variant Felt does not play), or unreadable. */
export type PhhItem = { readonly name: string; readonly line: number } & (
  | { readonly kind: "hand"; readonly hand: PhhHand }
  | { readonly kind: "skipped"; readonly variant: string }
  | { readonly kind: "bad"; readonly code: "phh/bad-toml" | "phh/bad-hand"; readonly error: string }
);

const TABLE_HEADER = /^\s*\[\s*([^\]\s]+)\s*\]\s*(#.*)?$/;

function itemOf(text: string, name: string, line: number): PhhItem {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (e) {
    return { name, line, kind: "bad", code: "phh/bad-toml", error: `${name}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` };
  }
  const skipped = skippedVariant(doc["variant"]);
  if (skipped !== null && doc["variant"] !== undefined) return { name, line, kind: "skipped", variant: skipped };
  const h = handOf(doc, name);
  return h.ok ? { name, line, kind: "hand", hand: h.value } : { name, line, kind: "bad", code: "phh/bad-hand", error: h.error.message };
}

/**
 * Reads PHH text line by line: a `.phhs` file is a list of tables ([1], [2], ...), each hand
 * read on its own, so one bad hand fails alone and a file of any length is read in memory
 * that does not grow with it (one hand at a time). A file without table headers is one hand.
 */
export class PhhSplitter {
  private lines: string[] = [];
  private key: string | null = null;
  private start = 1;
  private lineNo = 0;
  private seen = false;

  constructor(private readonly name: string) {}

  /** Takes the next line; returns the hand it closes, if any. */
  push(text: string): PhhItem | null {
    this.lineNo++;
    const header = TABLE_HEADER.exec(text);
    if (header === null) {
      this.lines.push(text);
      return null;
    }
    const closed = this.flush();
    this.key = header[1]!;
    this.start = this.lineNo;
    return closed;
  }

  /** The last hand, once every line was pushed. */
  end(): PhhItem | null {
    const closed = this.flush();
    if (!this.seen) {
      this.seen = true;
      return { name: this.name, line: 1, kind: "bad", code: "phh/bad-hand", error: `${this.name}: no hand found` };
    }
    return closed;
  }

  private flush(): PhhItem | null {
    const body = this.lines.join("\n");
    this.lines = [];
    if (body.trim() === "" || (this.key === null && !/^\s*variant\s*=/m.test(body))) return null;
    this.seen = true;
    const name = this.key === null ? this.name : `${this.name}[${this.key}]`;
    return itemOf(body, name, this.key === null ? 1 : this.start);
  }
}

/** Every hand of a PHH text, in order. */
export function phhItems(text: string, name = "hand"): PhhItem[] {
  const split = new PhhSplitter(name);
  const out: PhhItem[] = [];
  for (const line of text.split(/\r?\n/)) {
    const item = split.push(line);
    if (item !== null) out.push(item);
  }
  const last = split.end();
  if (last !== null) out.push(last);
  return out;
}

/** Reads a `.phh` (one hand) or `.phhs` (tables [1], [2], ...) text: every hand, or the first problem. */
export function readPhh(text: string, name = "hand"): Result<PhhHand[]> {
  const hands: PhhHand[] = [];
  for (const item of phhItems(text, name)) {
    if (item.kind === "bad") return fail(item.code, item.error);
    if (item.kind === "skipped") return fail(PHH_ERRORS.badHand, `${item.name}: variant ${item.variant} is not hold'em`);
    hands.push(item.hand);
  }
  return ok(hands);
}

function tableOf(h: PhhHand): Record<string, unknown> {
  return {
    variant: h.variant,
    ante_trimming_status: h.anteTrimmingStatus,
    antes: [...h.antes],
    blinds_or_straddles: [...h.blindsOrStraddles],
    ...(h.minBet !== undefined ? { min_bet: h.minBet } : {}),
    ...(h.smallBet !== undefined ? { small_bet: h.smallBet } : {}),
    ...(h.bigBet !== undefined ? { big_bet: h.bigBet } : {}),
    starting_stacks: [...h.startingStacks],
    actions: [...h.actions],
    ...(h.extra ?? {}),
    ...(h.players !== undefined ? { players: [...h.players] } : {}),
    ...(h.finishingStacks !== undefined ? { finishing_stacks: [...h.finishingStacks] } : {}),
  };
}

export const writePhh = (hand: PhhHand): string => `${stringify(tableOf(hand))}\n`;

export function writePhhs(hands: readonly PhhHand[]): string {
  const doc: Record<string, unknown> = {};
  hands.forEach((h, i) => (doc[String(i + 1)] = tableOf(h)));
  return `${stringify(doc)}\n`;
}

const decimalsOf = (x: number): number => {
  const s = String(x);
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** The power of ten that makes every amount of the hand a whole number of chips. */
export function phhScale(h: PhhHand): number {
  let d = 0;
  const see = (x: number | undefined) => {
    if (x !== undefined) d = Math.max(d, decimalsOf(x));
  };
  for (const arr of [h.antes, h.blindsOrStraddles, h.startingStacks, h.finishingStacks ?? []]) arr.forEach(see);
  see(h.minBet);
  see(h.smallBet);
  see(h.bigBet);
  for (const a of h.actions) {
    const m = /\bcbr\s+([\d.]+)/.exec(a);
    if (m) {
      const dot = m[1]!.indexOf(".");
      if (dot >= 0) d = Math.max(d, m[1]!.length - dot - 1);
    }
  }
  return 10 ** d;
}

/** The engine configuration of a PHH hand, amounts multiplied by `scale`. */
export function phhConfig(h: PhhHand, scale = phhScale(h)): HandConfig {
  const s = (x: number) => Math.round(x * scale);
  const n = h.startingStacks.length;
  // pokerkit's negative entries are posts: live bets by players out of the blinds' positions.
  let blinds = h.blindsOrStraddles.map((x) => s(Math.max(0, x)));
  let posts = h.blindsOrStraddles.map((x) => s(Math.max(0, -x)));
  let antes = h.antes.map(s);
  // PHH lists heads-up blinds and antes [button, other]; the engine takes [p1, p2].
  if (n === 2) {
    blinds = blinds.reverse();
    posts = posts.reverse();
    antes = antes.reverse();
  }
  return {
    variant: h.variant,
    stacks: h.startingStacks.map((x) => (x === Infinity ? unknownStack(h, scale) : s(x))),
    blinds,
    ...(posts.some((x) => x > 0) ? { posts } : {}),
    antes,
    antePots: h.anteTrimmingStatus ? "layered" : "dead",
    // R-BLIND-2/4: a history is replayed as recorded, in pokerkit's convention (antes before
    // blinds; the call pre-flop is what was posted).
    forcedBets: "pokerkit",
    // The standard lets a cash-game history show cards it does not know (`sm ????`).
    unknownShows: true,
    ...(h.minBet !== undefined ? { minBet: s(h.minBet) } : {}),
    ...(h.smallBet !== undefined ? { smallBet: s(h.smallBet) } : {}),
    ...(h.bigBet !== undefined ? { bigBet: s(h.bigBet) } : {}),
    // Felt's own fields (the standard's user-defined `_` keys): the table's R-POT-4 and R-POT-6 choices.
    ...(h.extra?.["_odd_chip"] === "draw" || h.extra?.["_odd_chip"] === "carry" ? { oddChip: h.extra["_odd_chip"] } : {}),
    ...(h.extra?.["_one_card_kills"] === true ? { oneCardKills: true } : {}),
    ...(typeof h.extra?.["_chip_unit"] === "number" ? { chipUnit: s(h.extra["_chip_unit"]) } : {}),
  };
}

/** A stack the history does not know (`inf`): more than every chip the hand could move, so it never runs out. */
function unknownStack(h: PhhHand, scale: number): number {
  let most = 0;
  for (const arr of [h.startingStacks, h.antes, h.blindsOrStraddles]) for (const x of arr) if (Number.isFinite(x)) most += Math.abs(x);
  for (const a of h.actions) {
    const m = /\bcbr\s+([\d.]+)/.exec(a);
    if (m) most += Number(m[1]);
  }
  return Math.round((most + 1) * scale) * 1000;
}

export interface PhhReplay {
  readonly state: HandState;
  readonly events: readonly HandEvent[];
  /** In units of 1/scale of the file's amounts. */
  readonly finishingStacks: readonly number[];
  readonly scale: number;
  readonly config: HandConfig;
}

/** Drives the engine with the hand's actions; the hand must end. */
export function replayPhh(hand: PhhHand): Result<PhhReplay> {
  const scale = phhScale(hand);
  const config = phhConfig(hand, scale);
  const opened = openHand(config);
  if (!opened.ok) return opened;
  const actions: PhhAction[] = [];
  for (const text of hand.actions) {
    const a = parsePhhAction(text, scale);
    if (!a.ok) return a;
    actions.push(a.value);
  }
  const driven = driveActions(opened.value.state, actions, opened.value.events, { impliedFolds: true, idleChecks: true });
  if (!driven.ok) return driven;
  let state = driven.value.state;
  const events = [...driven.value.events];
  if (state.phase === "showdown") {
    const done = finishShowdown(state, events, []);
    if (!done.ok) return done;
    state = done.value;
  }
  if (state.phase !== "done") {
    return fail(PHH_ERRORS.unfinished, `the actions end before the hand does (waiting: ${state.phase})`, { phase: state.phase });
  }
  return ok({ state, events, finishingStacks: state.result?.stacks ?? state.stacks, scale, config });
}

/** Replays and compares with finishing_stacks: null when they match, else what differs. */
export function checkPhh(hand: PhhHand): string | null {
  const r = replayPhh(hand);
  if (!r.ok) return r.error.message;
  if (hand.finishingStacks === undefined) return null;
  const want = hand.finishingStacks.map((x) => Math.round(x * r.value.scale));
  const got = r.value.finishingStacks;
  const diffs: string[] = [];
  for (let i = 0; i < want.length; i++) {
    // An unknown stack (`inf`) before or after the hand has nothing to check against.
    if (hand.startingStacks[i] === Infinity || hand.finishingStacks[i] === Infinity) continue;
    if (want[i] !== got[i]) diffs.push(`p${i + 1} ${got[i]! / r.value.scale} (expected ${want[i]! / r.value.scale})`);
  }
  return diffs.length === 0 ? null : `finishing stacks differ: ${diffs.join(", ")}`;
}
