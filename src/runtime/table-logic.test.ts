import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { seededRandom, shuffledDeck } from "../tournament/index.ts";
import { tableLogic, type TableCommand, type TableState } from "./table-logic.ts";

const now = { now: 1, version: 0 };
function run(commands: TableCommand[]): TableState {
  let t = tableLogic.initial();
  for (const c of commands) {
    for (const r of unwrap(tableLogic.decide(t, c, now))) t = unwrap(tableLogic.evolve(t, r, { version: 0 })).state;
  }
  return t;
}
const open: TableCommand = { type: "open", config: { tableId: "x", size: 6, buttonRule: "dead" } };

describe("table logic: decide refuses with typed errors", () => {
  it("seats: bad seat, taken seat, a player seated twice, leaving an empty seat", () => {
    const t = run([open, { type: "sit", seat: 1, player: "a", stack: 100 }]);
    const code = (c: TableCommand) => {
      const r = tableLogic.decide(t, c, now);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code({ type: "sit", seat: 7, player: "b", stack: 100 })).toBe("table/bad-seat");
    expect(code({ type: "sit", seat: 2, player: "b", stack: 0 })).toBe("table/bad-seat");
    expect(code({ type: "sit", seat: 1, player: "b", stack: 100 })).toBe("table/seat-taken");
    expect(code({ type: "sit", seat: 2, player: "a", stack: 100 })).toBe("table/already-seated");
    expect(code({ type: "leave", seat: 3 })).toBe("table/not-seated");
    expect(code({ type: "start-hand", deck: shuffledDeck(seededRandom(1)), level: { sb: 1, bb: 2, ante: 0 } })).toBe("table/too-few-players");
    expect(tableLogic.decide(tableLogic.initial(), { type: "sit", seat: 1, player: "a", stack: 1 }, now)).toMatchObject({
      ok: false,
      error: { code: "table/not-open" },
    });
  });

  it("a hand: a bad deck is refused; a seat in the hand cannot leave; a second hand cannot start", () => {
    const t = run([open, { type: "sit", seat: 1, player: "a", stack: 100 }, { type: "sit", seat: 4, player: "b", stack: 100 }]);
    const deck = shuffledDeck(seededRandom(2));
    const bad = tableLogic.decide(t, { type: "start-hand", deck: [...deck.slice(1), deck[1]!], level: { sb: 1, bb: 2, ante: 0 } }, now);
    expect(!bad.ok && bad.error.code).toBe("table/bad-deck");
    const h = run([open, { type: "sit", seat: 1, player: "a", stack: 100 }, { type: "sit", seat: 4, player: "b", stack: 100 }, { type: "start-hand", deck, level: { sb: 1, bb: 2, ante: 0 } }]);
    expect([...(h.hand?.seats ?? [])].sort()).toEqual([1, 4]);
    const leave = tableLogic.decide(h, { type: "leave", seat: 1 }, now);
    expect(!leave.ok && leave.error.code).toBe("table/hand-running");
    const again = tableLogic.decide(h, { type: "start-hand", deck, level: { sb: 1, bb: 2, ante: 0 } }, now);
    expect(!again.ok && again.error.code).toBe("table/hand-running");
    expect(tableLogic.snapshot!(h)).toBeNull();
    expect(tableLogic.snapshot!(t)).toEqual(t);
  });
});
