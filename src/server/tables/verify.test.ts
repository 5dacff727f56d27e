import { describe, expect, it } from "vitest";
import { phhText, pokerStarsText } from "./history.ts";
import { verifyHistory } from "./verify.ts";
import type { HandRun } from "./table-state.ts";
import { eventForSeat } from "./table-wire.ts";
import { playHands } from "../../../testkit/server/table-hands.ts";

const recordOf = (h: HandRun, seat: number, tableSeed?: string) =>
  JSON.stringify({
    handId: h.handId,
    tableId: "v1",
    tournamentId: null,
    handNumber: h.handNumber,
    startedAt: h.startedAt,
    events: h.wire.map((e) => eventForSeat(e, seat)),
    ...(tableSeed ? { tableSeed } : {}),
  });

describe("provably fair histories", () => {
  it("R-DEAL-2: felt verify checks each player's own cards, the board and shown cards against the commitment; tampering is caught", async () => {
    const hands = await playHands(5);
    expect(hands.length).toBe(5);
    let cards = 0;
    for (const h of hands) {
      for (const seat of h.order) {
        const text = phhText(h, seat, "Table 1");
        const r = verifyHistory(text, "hand.phh");
        expect(r.ok, JSON.stringify(r)).toBe(true);
        if (r.ok) {
          cards += r.value[0]!.cardsChecked;
          expect(r.value[0]!.deckChecked).toBe(false);
        }
        // only the player's own hole cards are in their history (others' are ??), and no table seed
        const dealt = text.match(/d dh p\d+ [^"]+/g)!;
        expect(dealt.filter((x) => !x.endsWith("????"))).toHaveLength(1);
        expect(text).not.toContain(h.tableSeed!);
        expect(text).not.toMatch(/^seed = /m);
        // the JSON record the browser checks gives the same answer
        const json = verifyHistory(recordOf(h, seat), "hand.json");
        expect(json.ok, JSON.stringify(json)).toBe(true);
        if (json.ok && r.ok) expect(json.value[0]!.cardsChecked).toBe(r.value[0]!.cardsChecked);
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
    expect(verifyHistory(text.replace(`d dh p1 ${own}`, `d dh p1 ${other}`), "x")).toMatchObject({ ok: false, error: { code: "fair/card-mismatch" } });
    const salt = /openings = \[\s*"\d+ \d+ ([0-9a-f]{64})/.exec(text)![1]!;
    const flipped = (x: string) => x.slice(0, -1) + (x.endsWith("0") ? "1" : "0");
    expect(verifyHistory(text.replace(salt, flipped(salt)), "x")).toMatchObject({ ok: false, error: { code: "fair/bad-opening" } });
    expect(verifyHistory(text.replace(/openings = \[[^\]]*\]/, "openings = []"), "x")).toMatchObject({ ok: false, error: { code: "fair/unopened-card" } });
  });

  it("R-DEAL-2: once the tournament is over the table seed re-derives every deck, its commitment and the whole hand", async () => {
    const hands = await playHands(4);
    for (const h of hands) {
      const seat = h.order[1]!;
      const text = phhText(h, seat, "Table 1", true);
      const r = verifyHistory(text, "hand.phh");
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (r.ok) expect(r.value[0]!.deckChecked).toBe(true);
      const json = verifyHistory(recordOf(h, seat, h.tableSeed!), "hand.json");
      expect(json).toMatchObject({ ok: true, value: [{ deckChecked: true }] });
      const seed = h.tableSeed!;
      const flip = seed.slice(0, -1) + (seed.endsWith("0") ? "1" : "0");
      expect(verifyHistory(text.replace(seed, flip), "x")).toMatchObject({ ok: false, error: { code: "fair/seed-mismatch" } });
      // Entropy other than what was published cannot give the committed root.
      const prev = /entropy_previous = "([0-9a-f]{64}|-)"/.exec(text)![1]!;
      const other = prev === "-" ? "ab".repeat(32) : "-";
      expect(verifyHistory(text.replace(`entropy_previous = "${prev}"`, `entropy_previous = "${other}"`), "x")).toMatchObject({
        ok: false,
        error: { code: "fair/root-mismatch" },
      });
    }
  });

  it("a table seed given apart (an auditor's, or made public after the event) re-derives the deck of a history that lacks it; another seed is refused", async () => {
    const [h] = await playHands(1);
    const seat = h!.order[2]!;
    const text = phhText(h!, seat, "Table 1");
    expect(text).not.toContain("table_seed");
    expect(verifyHistory(text, "hand.phh", h!.tableSeed!)).toMatchObject({ ok: true, value: [{ deckChecked: true }] });
    expect(verifyHistory(recordOf(h!, seat), "hand.json", h!.tableSeed!)).toMatchObject({ ok: true, value: [{ deckChecked: true }] });
    expect(verifyHistory(text, "hand.phh", "ab".repeat(32))).toMatchObject({ ok: false, error: { code: "fair/seed-mismatch" } });
  });
});
