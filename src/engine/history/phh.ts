// PHH (pokerkit's Poker Hand History, TOML): read `.phh` (one hand) and `.phhs` (tables
// [1], [2], ...), write them back, and replay a hand through the engine.
import { parse, stringify } from "smol-toml";
import { fail, ok, type Result } from "../../lib/result.ts";
import { openHand } from "../hand.ts";
import type { HandConfig, HandEvent, HandState } from "../types.ts";
import { driveActions, finishShowdown, parsePhhAction, type PhhAction } from "./phh-actions.ts";
import type { PhhHand, PhhVariant } from "./phh-types.ts";

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

const numList = (x: unknown): number[] | null =>
  Array.isArray(x) && x.every((v) => typeof v === "number" && Number.isFinite(v) && v >= 0) ? (x as number[]) : null;

function handOf(t: Record<string, unknown>, where: string): Result<PhhHand> {
  const bad = (m: string) => fail("phh/bad-hand", `${where}: ${m}`);
  const variant = t["variant"];
  // PT is our code for pot-limit hold'em, added to PHH's list.
  if (variant !== "NT" && variant !== "PT" && variant !== "FT") return bad(`variant '${String(variant)}' is not NT, PT or FT`);
  const stacks = numList(t["starting_stacks"]);
  if (stacks === null) return bad("starting_stacks missing or not numbers");
  const n = stacks.length;
  const antes = t["antes"] === undefined ? new Array<number>(n).fill(0) : numList(t["antes"]);
  const blinds = numList(t["blinds_or_straddles"]);
  if (antes === null || blinds === null) return bad("antes or blinds_or_straddles not numbers");
  const actions = t["actions"];
  if (!Array.isArray(actions) || !actions.every((a) => typeof a === "string")) return bad("actions missing");
  const finishing = t["finishing_stacks"] === undefined ? undefined : numList(t["finishing_stacks"]);
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

/** Reads a `.phh` (one hand) or `.phhs` (tables [1], [2], ...) text. */
export function readPhh(text: string, name = "hand"): Result<PhhHand[]> {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (e) {
    return fail("phh/bad-toml", `${name}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
  }
  if ("variant" in doc) {
    const h = handOf(doc, name);
    return h.ok ? ok([h.value]) : h;
  }
  const hands: PhhHand[] = [];
  const keys = Object.keys(doc).sort((a, b) => Number(a) - Number(b));
  for (const k of keys) {
    const t = doc[k];
    if (typeof t !== "object" || t === null || Array.isArray(t)) continue;
    const h = handOf(t as Record<string, unknown>, `${name}[${k}]`);
    if (!h.ok) return h;
    hands.push(h.value);
  }
  if (hands.length === 0) return fail("phh/bad-hand", `${name}: no hand found`);
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

export const writePhh = (hand: PhhHand): string => stringify(tableOf(hand)) + "\n";

export function writePhhs(hands: readonly PhhHand[]): string {
  const doc: Record<string, unknown> = {};
  hands.forEach((h, i) => (doc[String(i + 1)] = tableOf(h)));
  return stringify(doc) + "\n";
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
  let blinds = h.blindsOrStraddles.map(s);
  let antes = h.antes.map(s);
  // PHH lists heads-up blinds and antes [button, other]; the engine takes [p1, p2].
  if (n === 2) {
    blinds = blinds.reverse();
    antes = antes.reverse();
  }
  return {
    variant: h.variant,
    stacks: h.startingStacks.map(s),
    blinds,
    antes,
    antePots: h.anteTrimmingStatus ? "layered" : "dead",
    // R-BLIND-2/4: a history is replayed as recorded, in pokerkit's convention (antes before
    // blinds; the call pre-flop is what was posted).
    forcedBets: "pokerkit",
    ...(h.minBet !== undefined ? { minBet: s(h.minBet) } : {}),
    ...(h.smallBet !== undefined ? { smallBet: s(h.smallBet) } : {}),
    ...(h.bigBet !== undefined ? { bigBet: s(h.bigBet) } : {}),
  };
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
    return fail("phh/unfinished", `the actions end before the hand does (waiting: ${state.phase})`, { phase: state.phase });
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
    if (want[i] !== got[i]) diffs.push(`p${i + 1} ${got[i]! / r.value.scale} (expected ${want[i]! / r.value.scale})`);
  }
  return diffs.length === 0 ? null : `finishing stacks differ: ${diffs.join(", ")}`;
}
