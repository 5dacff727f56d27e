// kind "hand" (docs/conformance.md): a hand in PHH fields, its actions, and what must hold after.
import { orderedDeck } from "../cards/index.ts";
import { computePots, createHand, legalActions, type HandConfig, type HandState } from "../engine/index.ts";
import { driveActions, finishShowdown, parsePhhAction, toAction, type PhhAction } from "../engine/history/phh-actions.ts";
import { apply } from "../engine/index.ts";
import type { CaseOutcome, CaseRunner } from "./types.ts";

const nums = (x: unknown): number[] | null => (Array.isArray(x) && x.every((v) => typeof v === "number") ? (x as number[]) : null);
const pl = (i: number): string => `p${i + 1}`;

function configOf(raw: Record<string, unknown>): HandConfig | string {
  const stacks = nums(raw["stacks"]);
  if (stacks === null) return "stacks missing";
  const n = stacks.length;
  let blinds = nums(raw["blinds"]) ?? new Array<number>(n).fill(0);
  let antes = nums(raw["antes"]) ?? new Array<number>(n).fill(0);
  // As in PHH, heads-up blinds and antes are listed [button, other]: reversed.
  if (n === 2) {
    blinds = [...blinds].reverse();
    antes = [...antes].reverse();
  }
  const variant = raw["variant"];
  if (variant !== "NT" && variant !== "PT" && variant !== "FT") return `unknown variant ${String(variant)}`;
  const oddChip = raw["oddChip"];
  return {
    variant,
    stacks,
    blinds,
    antes,
    ...(typeof raw["smallBet"] === "number" ? { smallBet: raw["smallBet"] } : {}),
    ...(typeof raw["bigBet"] === "number" ? { bigBet: raw["bigBet"] } : {}),
    ...(oddChip === "left-of-button" || oddChip === "carry" || oddChip === "draw" ? { oddChip } : {}),
    // A case cannot give the card draw for an odd chip: the dealer draws from a fresh deck.
    ...(oddChip === "draw" ? { drawCards: orderedDeck() } : {}),
  };
}

export const runHandCase: CaseRunner = (raw): CaseOutcome => {
  const config = configOf(raw);
  if (typeof config === "string") return { pass: false, why: config };
  const created = createHand(config);
  if (!created.ok) return { pass: false, why: created.error.message };
  const actions: PhhAction[] = [];
  for (const text of (raw["actions"] as unknown[] | undefined) ?? []) {
    const a = parsePhhAction(String(text));
    if (!a.ok) return { pass: false, why: a.error.message };
    actions.push(a.value);
  }
  const driven = driveActions(created.value, actions);
  if (!driven.ok) return { pass: false, why: driven.error.message };
  let state: HandState = driven.value.state;
  const expect = (raw["expect"] ?? {}) as Record<string, unknown>;
  const got: Record<string, unknown> = {};
  const wrong: string[] = [];

  if (expect["next"] !== undefined) {
    const legal = legalActions(state);
    const next = legal === null ? null : { ...legal, actor: pl(legal.actor) };
    got["next"] = next;
    const want = expect["next"] as Record<string, unknown>;
    for (const [k, v] of Object.entries(want)) {
      if (next === null || (next as Record<string, unknown>)[k] !== v) wrong.push(`next.${k}`);
    }
  }
  if (expect["illegal"] !== undefined) {
    const refused: string[] = [];
    for (const text of expect["illegal"] as unknown[]) {
      const a = parsePhhAction(String(text));
      if (!a.ok) return { pass: false, why: a.error.message };
      const before = JSON.stringify(state);
      const r = apply(state, toAction(state, a.value));
      if (JSON.stringify(state) !== before) wrong.push(`'${String(text)}' changed the state`);
      if (r.ok) wrong.push(`'${String(text)}' was accepted`);
      else refused.push(`${String(text)}: ${r.error.code}`);
    }
    got["illegal"] = refused;
  }
  const needsEnd = expect["stacks"] !== undefined || expect["showOrder"] !== undefined || expect["pots"] !== undefined;
  const order = [...driven.value.showOrder];
  if (needsEnd && state.phase === "showdown") {
    const done = finishShowdown(state, [], order);
    if (!done.ok) return { pass: false, why: done.error.message };
    state = done.value;
  }
  if (expect["showOrder"] !== undefined) {
    got["showOrder"] = order.map(pl);
    if (JSON.stringify(got["showOrder"]) !== JSON.stringify(expect["showOrder"])) wrong.push("showOrder");
  }
  if (expect["stacks"] !== undefined) {
    got["stacks"] = state.result?.stacks ?? state.stacks;
    if (state.phase !== "done") wrong.push(`hand not over (${state.phase})`);
    if (JSON.stringify(got["stacks"]) !== JSON.stringify(expect["stacks"])) wrong.push("stacks");
  }
  if (expect["pots"] !== undefined) {
    const pots = computePots(state);
    got["pots"] = pots.map((p) => ({ amount: p.amount, eligible: p.eligible.map(pl) }));
    if (JSON.stringify(got["pots"]) !== JSON.stringify(expect["pots"])) wrong.push("pots");
  }
  const expected = expect;
  if (wrong.length > 0) {
    return { pass: false, got, expected, why: `${wrong.join(", ")} differ: got ${JSON.stringify(got)}` };
  }
  return { pass: true, got, expected };
};
