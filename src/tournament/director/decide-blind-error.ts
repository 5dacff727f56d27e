// R-BTN-5 (seed 002, q. 2) as the floor rules it: the player due the big blind posted the
// small blind and the next player posted the big blind. The director rebuilds the hand as it
// should have been from its own seat map (the button and small blind before the skipped big
// blind), rules with correctBlindError and records the ruling, so it is in the tournament's
// log for good. A table the server deals then deals the ruled hands (the hand played back
// without a small blind at the error's level, then the button to the wrong big blind); a live
// room's tables are dealt by people, so there the record is the floor's note of what to do.
import { fail, ok, type Result } from "../../lib/result.ts";
import { correctBlindError, handFromPositions, nextTaken } from "../index.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";
import { levelFor, type TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";

export function decideBlindError(
  s: TournamentState,
  at: number,
  table: number,
  skipped: number,
  wrong: number,
  activeActions: number,
  inPlay: boolean,
): Result<TournamentEvent[]> {
  if (s.status !== "running" || s.config === null) return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  const t = s.tables.get(table);
  if (t === undefined) return fail(TOURNAMENT_ERRORS.noTable, `no table ${table}`, { table });
  const size = t.seats.length;
  const seated = t.seats.flatMap((id, i) => (id == null ? [] : [{ seat: i + 1, player: id }]));
  const taken = new Set(seated.map((x) => x.seat));
  if (!taken.has(skipped) || !taken.has(wrong))
    return fail(TOURNAMENT_ERRORS.badSeat, `seats ${skipped} and ${wrong} must both be taken at table ${table}`, { table });
  if (nextTaken(skipped, taken, size) !== wrong)
    return fail(TOURNAMENT_ERRORS.unknownBlindError, "the wrong big blind is the player after the skipped one", { table });
  // The hand as it should have been: the small blind and the button are the players before the skipped big blind.
  const before = (seat: number) => [...taken].sort((x, y) => ((seat - x + size) % size) - ((seat - y + size) % size)).find((x) => x !== seat)!;
  const sb = before(skipped);
  const button = seated.length === 2 ? sb : before(sb);
  const expected = handFromPositions(s.config.buttonRule ?? "dead", size, seated, { button, sb: [sb], bb: [skipped] });
  if (!expected.ok) return expected;
  const r = correctBlindError(expected.value, { button, sb: [skipped], bb: [wrong] }, activeActions, seated);
  if (!r.ok) return r;
  const level = levelFor(s, t, at).level;
  const [n1, n2] = r.value.next;
  const { previousLevel: p1, ...h1 } = n1;
  const { previousLevel: _p2, ...h2 } = n2;
  return ok([
    {
      type: "blind-ruled",
      at,
      table,
      from: t.hands + (inPlay ? 1 : 0),
      skipped: t.seats[skipped - 1]!,
      wrong: t.seats[wrong - 1]!,
      outcome: r.value.action,
      current: { button: r.value.current.button, sb: r.value.current.sb, bb: r.value.current.bb },
      // The replayed hand is played at the error hand's level, whatever the clock says then.
      next: [p1 ? { ...h1, level } : h1, h2],
    },
  ]);
}
