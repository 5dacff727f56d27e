// kind "placements" (R-PLACE): places and prizes of the players busted in one hand.
import { placeBusts } from "../tournament/index.ts";
import { arr, num, obj, sameJson, str } from "./read.ts";
import type { CaseRunner } from "./types.ts";

export const runPlacementsCase: CaseRunner = (raw) => {
  const prizes: Record<number, number> = {};
  for (const [place, amount] of Object.entries(obj(raw["prizes"] ?? {}, "prizes"))) prizes[Number(place)] = num(amount, `prizes.${place}`);
  const busts = arr(raw["busted"], "busted").map((b, i) => {
    const o = obj(b, `busted[${i}]`);
    return { id: str(o["id"], "id"), startStack: num(o["startStack"], "startStack") };
  });
  const expected = obj(raw["expect"], "expect");
  const result = placeBusts(num(raw["left"], "left"), busts, prizes);
  if (!result.ok) return { pass: false, expected, why: result.error.message };
  const got = Object.fromEntries(result.value.map((a) => [a.id, { places: [...a.places].sort((x, y) => x - y), prize: a.prize }]));
  const want = Object.fromEntries(
    Object.entries(expected).map(([id, e]) => {
      const o = obj(e, id);
      return [
        id,
        {
          places: arr(o["places"], "places")
            .map((p) => num(p, "place"))
            .sort((x, y) => x - y),
          prize: num(o["prize"], "prize"),
        },
      ];
    }),
  );
  if (sameJson(got, want)) return { pass: true, got, expected };
  return { pass: false, got, expected, why: `got ${JSON.stringify(got)}` };
};
