// kind "colorup" (R-CHIP): one table's chip-up or chip race with a given deck.
import { parseCard } from "../cards/index.ts";
import { colourUp } from "../tournament/index.ts";
import { arr, num, obj, sameJson, str, strs } from "./read.ts";
import type { CaseRunner } from "./types.ts";

export const runColorupCase: CaseRunner = (raw) => {
  const method = raw["method"] ?? "race";
  if (method !== "race" && method !== "up") throw new Error("method must be race or up");
  const players = arr(raw["players"], "players").map((p, i) => {
    const o = obj(p, `players[${i}]`);
    return { id: str(o["id"], "id"), seat: num(o["seat"], "seat"), stack: num(o["stack"], "stack"), small: num(o["small"], "small") };
  });
  const deck = strs(raw["deck"] ?? [], "deck").map((c) => {
    const card = parseCard(c);
    if (!card.ok) throw new Error(card.error.message);
    return card.value;
  });
  const expect = obj(raw["expect"], "expect");
  const expected = { stacks: obj(expect["stacks"], "expect.stacks"), winners: strs(expect["winners"] ?? [], "expect.winners") };
  const tableSize = Math.max(10, ...players.map((p) => p.seat), num(raw["button"], "button"));
  const result = colourUp({
    method,
    remove: num(raw["remove"], "remove"),
    next: num(raw["next"], "next"),
    button: num(raw["button"], "button"),
    tableSize,
    players,
    deck,
  });
  if (!result.ok) return { pass: false, expected, why: result.error.message };
  const got = { stacks: result.value.stacks, winners: result.value.winners };
  if (sameJson(got, expected)) return { pass: true, got, expected };
  return { pass: false, got, expected, why: `got ${JSON.stringify(got)}` };
};
