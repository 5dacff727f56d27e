import { describe, expect, it } from "vitest";
import { openSqliteEventStore } from "../../store/index.ts";
import { unwrap } from "../../lib/result.ts";
import { ManualClock } from "../clock.ts";
import { TableSession } from "./table-session.ts";
import { phhText, pokerStarsText } from "./history.ts";
import { verifyHistory } from "./verify.ts";
import type { HandRun } from "./table-state.ts";

async function playHands(count: number): Promise<HandRun[]> {
  const store = await openSqliteEventStore(":memory:");
  const clock = new ManualClock();
  const hands: HandRun[] = [];
  const s = unwrap(
    await TableSession.open(
      { tableId: "v1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 1000, timeBankMs: 0, buttonRule: "dead" },
      { store, clock, handPauseMs: 0, hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 1 }), canDeal: () => hands.length < count, handEnded: async (_, h) => void (h && hands.push(h)) } },
    ),
  );
  for (const [seat, id] of [[1, "a"], [2, "b"], [4, "c"], [6, "d"]] as const) unwrap(await s.seat(seat, id, `player-${id}`, 500));
  s.dealSoon(0);
  let n = 0;
  while (hands.length < count && n++ < 5000) {
    const hand = s.state.hand;
    if (hand !== null && hand.state.actor >= 0) {
      const seat = hand.order[hand.state.actor]!;
      const user = s.state.seats.get(seat)!.playerId;
      // everyone calls: many hands reach a showdown, so shown cards are checked too
      const act = await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `cmd-${n}-xxxx`, action: { kind: "call" } });
      if (!act.ok) await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `chk-${n}-xxxx`, action: { kind: "check" } });
    }
    clock.advance(1);
    await s.idle();
  }
  s.close();
  return hands;
}

describe("provably fair histories", () => {
  it("felt verify: every card of a player's PHH matches the committed deck; tampering is caught", async () => {
    const hands = await playHands(5);
    expect(hands.length).toBe(5);
    let cards = 0;
    for (const h of hands) {
      for (const seat of h.order) {
        const text = phhText(h, seat, "Table 1");
        const r = verifyHistory(text, "hand.phh");
        expect(r.ok, JSON.stringify(r)).toBe(true);
        if (r.ok) cards += r.value[0]!.cardsChecked;
        // only the player's own hole cards are in their history (others' are ??)
        const dealt = text.match(/d dh p\d+ [^"]+/g)!;
        expect(dealt.filter((x) => !x.endsWith("????"))).toHaveLength(1);
      }
      const ps = pokerStarsText(h, h.order[0]!, "Table 1", h.engine);
      expect(ps.ok).toBe(true);
      if (ps.ok) expect(ps.value).toContain("Dealt to");
    }
    expect(cards).toBeGreaterThan(40);
    const h = hands[0]!;
    const text = phhText(h, h.order[0]!, "Table 1");
    const own = /d dh p1 (\w\w)/.exec(text)![1]!;
    const other = own === "2c" ? "3c" : "2c";
    expect(verifyHistory(text.replace(`d dh p1 ${own}`, `d dh p1 ${other}`), "x").ok).toBe(false);
    const seedLine = /seed = "([0-9a-f]+)"/.exec(text)![1]!;
    const flipped = seedLine.slice(0, -1) + (seedLine.endsWith("0") ? "1" : "0");
    expect(verifyHistory(text.replace(seedLine, flipped), "x")).toMatchObject({ ok: false });
  });
});
