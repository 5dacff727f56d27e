import { describe, expect, it } from "vitest";
import { tableView } from "../../../testkit/protocol/fixtures.ts";
import type { TableView } from "../../../src/protocol/index.ts";
import { cardsText } from "./cards.ts";
import { soundsFor, tablesToAct, timeLeftMs } from "./turns.ts";
import { typedAmount } from "./raise-presets.ts";

// Which table waits for the player, and which sounds a change of view plays.

const waiting: TableView = { ...tableView, actor: 2, legal: null };
const myTurn: TableView = tableView; // actor 1 = mySeat 1, with legal actions

describe("turns and sounds", () => {
  it("the tables to act are those whose actor is the player with legal actions, the earliest deadline first", () => {
    const late = { ...myTurn, tableId: "t2", clock: { ...myTurn.clock!, deadline: myTurn.clock!.deadline + 5000 } };
    expect(tablesToAct([late, waiting, myTurn]).map((v) => v.tableId)).toEqual(["t1", "t2"]);
    expect(tablesToAct([waiting])).toEqual([]);
    expect(timeLeftMs(myTurn, myTurn.clock!.deadline - 2000)).toBe(2000 + myTurn.clock!.timeBankMs);
  });

  it("a new hand dealt to the player sounds 'deal', the player's turn 'turn' once, a finished hand 'chips'; a spectator hears nothing", () => {
    expect(soundsFor(undefined, { ...waiting })).toEqual(["deal"]);
    expect(soundsFor(waiting, myTurn)).toEqual(["turn"]);
    expect(soundsFor(myTurn, { ...myTurn, version: myTurn.version + 1 })).toEqual([]);
    const done: TableView = {
      ...waiting,
      handId: null,
      lastHand: { handId: "h42", handNumber: 42, board: [], shown: [], pots: [], stacks: [], myCards: null },
    };
    expect(soundsFor(waiting, done)).toEqual(["chips"]);
    expect(soundsFor(done, { ...done, version: 99 })).toEqual([]);
    expect(soundsFor(undefined, { ...myTurn, mySeat: null })).toEqual([]);
  });

  it("cards are written as hand histories write them: 7h 2d Jc", () => {
    // rank*4+suit: 7h = 5*4+2, 2d = 0*4+1, Jc = 9*4+0
    expect(cardsText([22, 1, 36])).toBe("7h 2d Jc");
  });
});

describe("the amount box", () => {
  const legal = tableView.legal!; // min 800, max 9800
  it("R-BET-4, R-BET-5: never shows more than the maximum; below the minimum the button sends the minimum; only digits", () => {
    expect(typedAmount("12000", legal)).toEqual({ shown: "9800", sends: 9800, belowMin: false });
    expect(typedAmount("1,500", legal)).toEqual({ shown: "1500", sends: 1500, belowMin: false });
    expect(typedAmount("5", legal)).toEqual({ shown: "5", sends: 800, belowMin: true });
    expect(typedAmount("", legal)).toEqual({ shown: "", sends: 800, belowMin: true });
    expect(typedAmount("007", legal)).toEqual({ shown: "7", sends: 800, belowMin: true });
    expect(typedAmount("abc", legal).shown).toBe("");
  });
});
