import { describe, expect, it } from "vitest";
import type { LegalActions, TableEvent } from "../../../src/protocol/index.ts";
import { formatBlinds, formatChips, formatDuration, formatPlace, formatTime, fromLocalInput, toLocalInput } from "./format.ts";
import { aggressiveAction, clampRaise, raisePresets, typedAmount } from "./raise-presets.ts";
import { blindErrorRuling } from "./blind-error.ts";
import { cardLabel, parseCardText } from "./cards.ts";
import { toCsv } from "./csv.ts";
import { replayFrames } from "./replay.ts";
import { accountLabel } from "./accounts.ts";
import { setupI18n } from "../i18n/index.ts";

const legal = (over: Partial<LegalActions>): LegalActions => ({
  canFold: true,
  canCheck: false,
  call: 5,
  currentBet: 5,
  isBet: false,
  minRaiseTo: 10,
  maxRaiseTo: 1000,
  potRaiseTo: 25,
  ...over,
});

describe("formatters (local formats via Intl)", () => {
  it("group digits the way each language does", () => {
    expect(formatChips(12345, "en")).toBe("12,345");
    expect(formatChips(12345, "cs")).toBe("12\u00a0345");
    expect(formatChips(12345, "sv")).toBe("12\u00a0345");
    expect(formatChips(12345, "ru")).toBe("12\u00a0345");
    expect(formatChips(12345, "ro")).toBe("12.345");
  });

  it("blinds show the ante only when there is one", () => {
    expect(formatBlinds({ sb: 100, bb: 200, ante: 0 }, "en")).toBe("100 / 200");
    expect(formatBlinds({ sb: 1000, bb: 2000, ante: 200 }, "en")).toBe("1,000 / 2,000 (200)");
  });

  it("countdowns round up to the second and never go negative", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(-5000)).toBe("0:00");
    expect(formatDuration(59_001)).toBe("1:00");
    expect(formatDuration(20 * 60_000)).toBe("20:00");
    expect(formatDuration(3_600_000 + 61_000)).toBe("1:01:01");
  });

  it("times follow the language's clock: 24-hour in Czech, 12-hour in English", () => {
    const t = Date.UTC(2026, 10, 27, 19, 5);
    expect(formatTime(t, "cs", "UTC")).toBe("19:05");
    expect(formatTime(t, "en", "UTC")).toMatch(/^07:05\s?PM$/);
  });

  it("places read as ordinals", () => {
    expect(formatPlace(1, "en")).toBe("1st");
    expect(formatPlace(22, "en")).toBe("22nd");
    expect(formatPlace(13, "en")).toBe("13th");
    expect(formatPlace(3, "cs")).toBe("3.");
  });
});

describe("raise presets from legal actions", () => {
  it("R-BET-6: pot is the pot-limit maximum; pot 10, opponent bets 5 → raise to 25", () => {
    // pot before the round 10 + bet 5 + call 5 = 20 → to 5 + 20 = 25.
    const p = raisePresets(legal({}));
    expect(p.find((x) => x.id === "pot")?.to).toBe(25);
    // half pot raises by half of the 20: to 15.
    expect(p.find((x) => x.id === "half-pot")?.to).toBe(15);
    expect(p.find((x) => x.id === "min")?.to).toBe(10);
    expect(p.find((x) => x.id === "all-in")?.to).toBe(1000);
  });

  it("presets are clamped into [min, max] and duplicates dropped (short stack)", () => {
    const p = raisePresets(legal({ maxRaiseTo: 20 }));
    expect(p).toEqual([
      { id: "min", to: 10 },
      { id: "half-pot", to: 15 },
      { id: "pot", to: 20 },
    ]);
  });

  it("R-BET-6: in pot-limit the pot button is the all-in cap", () => {
    const p = raisePresets(legal({ maxRaiseTo: 25 }));
    expect(p.map((x) => x.id)).toEqual(["min", "half-pot", "pot"]);
  });

  it("R-BET-8: no presets when the betting is not reopened", () => {
    expect(raisePresets(legal({ minRaiseTo: null, maxRaiseTo: null, potRaiseTo: null }))).toEqual([]);
    expect(aggressiveAction(legal({ minRaiseTo: null, maxRaiseTo: null }), 100)).toBeNull();
  });

  it("R-BET-7: fixed limit offers the one legal amount", () => {
    expect(raisePresets(legal({ minRaiseTo: 20, maxRaiseTo: 20, potRaiseTo: 20 }))).toEqual([{ id: "min", to: 20 }]);
  });

  it("R-BET-4: a first bet is a bet, later ones raises; amounts are clamped", () => {
    expect(aggressiveAction(legal({ isBet: true, currentBet: 0, call: null }), 3)).toEqual({ kind: "bet", to: 10 });
    expect(aggressiveAction(legal({}), 5000)).toEqual({ kind: "raise", to: 1000 });
    expect(clampRaise(12.4, legal({}))).toBe(12);
  });

  it("with a smallest chip in play every amount offered or sent is whole chips of it, or the minimum or the all-in", () => {
    // Chips of 100: the pot's half (150 + 275 = 425) goes out as 400; the all-in stays 1,030.
    const l = legal({ chipUnit: 100, currentBet: 150, call: 150, minRaiseTo: 300, maxRaiseTo: 1030, potRaiseTo: 700 });
    expect(raisePresets(l)).toEqual([
      { id: "min", to: 300 },
      { id: "half-pot", to: 400 },
      { id: "pot", to: 700 },
      { id: "all-in", to: 1030 },
    ]);
    expect(aggressiveAction(l, 1234)).toEqual({ kind: "raise", to: 1030 });
    expect(aggressiveAction(l, 667)).toEqual({ kind: "raise", to: 700 });
    expect(aggressiveAction(l, 1030)).toEqual({ kind: "raise", to: 1030 });
    expect(typedAmount("649", l)).toEqual({ shown: "649", sends: 600, belowMin: false });
    expect(typedAmount("1020", l).sends).toBe(1000);
    expect(typedAmount("1060", l).sends).toBe(1030);
  });
});

describe("R-BTN-5 blind-error wizard", () => {
  const facts = { skippedBigBlindSeat: 4, wrongBigBlindSeat: 5, handBlinds: { sb: 100, bb: 200, ante: 0 } };
  it("R-BTN-5: fewer than two active actions → correct the blinds now", () => {
    expect(blindErrorRuling({ ...facts, activeActions: 0 }).outcome).toBe("correct-now");
    expect(blindErrorRuling({ ...facts, activeActions: 1 }).outcome).toBe("correct-now");
  });
  it("R-BTN-5: two or more (a check counts) → the hand stands, then go back one hand", () => {
    expect(blindErrorRuling({ ...facts, activeActions: 2 })).toEqual({
      outcome: "continue-then-go-back",
      nextHand: { bigBlindSeat: 4, smallBlind: null, blinds: { sb: 100, bb: 200, ante: 0 } },
      followingHandButton: 5,
    });
  });
});

/** Heads-up, Ann (the button, small blind) raises to 300 over Bo's big blind: the start the replay tests share. */
const ANN_RAISES: TableEvent[] = [
  {
    kind: "hand-start",
    handNumber: 1,
    at: 0,
    blinds: { sb: 50, bb: 100, ante: 0 },
    button: 1,
    smallBlind: 1,
    bigBlind: 2,
    seats: [
      { seat: 1, name: "Ann", stack: 1000 },
      { seat: 2, name: "Bo", stack: 1000 },
    ],
    commitment: "0".repeat(64),
  },
  { kind: "post", seat: 1, blind: "small", amount: 50, allIn: false },
  { kind: "post", seat: 2, blind: "big", amount: 100, allIn: false },
  { kind: "action", seat: 1, action: "raise", amount: 250, to: 300, allIn: false, timeout: false },
];

describe("cards, CSV and the replayer", () => {
  it("card codes print and parse as src/cards numbers them", () => {
    expect(cardLabel(51)).toBe("A♠");
    expect(cardLabel(0)).toBe("2♣");
    expect(parseCardText("As")).toBe(51);
    expect(parseCardText("10h")).toBe(8 * 4 + 2);
    expect(parseCardText("2c")).toBe(0);
    expect(parseCardText("1x")).toBeNull();
  });
  it("CSV quotes what needs quoting", () => {
    expect(
      toCsv([
        ["place", "name"],
        [1, 'Bo "Big" Ek, Jr'],
      ]),
    ).toBe('place,name\r\n1,"Bo ""Big"" Ek, Jr"\r\n');
  });
  it("replaying a hand tracks stacks, bets, pots and the board", () => {
    const ev: TableEvent[] = [
      ...ANN_RAISES,
      { kind: "action", seat: 2, action: "call", amount: 200, to: 300, allIn: false, timeout: false },
      { kind: "pots", pots: [{ amount: 600, eligibleSeats: [1, 2] }] },
      { kind: "board", street: "flop", cards: [1, 2, 3] },
      { kind: "action", seat: 2, action: "fold", amount: 0, to: 0, allIn: false, timeout: false },
      { kind: "win", seat: 1, potIndex: 0, amount: 600, category: null },
      {
        kind: "hand-end",
        stacks: [
          { seat: 1, stack: 1300 },
          { seat: 2, stack: 700 },
        ],
      },
    ];
    const f = replayFrames(ev);
    expect(f).toHaveLength(ev.length);
    expect(f[4]!.seats.map((s) => [s.stack, s.bet])).toEqual([
      [700, 300],
      [700, 300],
    ]);
    expect(f[5]!.pots[0]!.amount).toBe(600);
    expect(f[5]!.seats.every((s) => s.bet === 0)).toBe(true);
    expect(f[6]!.board).toEqual([1, 2, 3]);
    expect(f[7]!.seats[1]!.folded).toBe(true);
    expect(f[9]!.seats.map((s) => s.stack)).toEqual([1300, 700]);
  });

  it("R-POT-1: an uncalled raise comes back to the raiser's stack in the replay, and the log line says so", () => {
    const ev: TableEvent[] = [
      ...ANN_RAISES,
      { kind: "action", seat: 2, action: "fold", amount: 0, to: 100, allIn: false, timeout: false },
      { kind: "return", seat: 1, amount: 200 },
      { kind: "pots", pots: [{ amount: 200, eligibleSeats: [1] }] },
    ];
    const f = replayFrames(ev);
    expect(f[4]!.seats[0]).toMatchObject({ stack: 700, bet: 300 });
    expect(f[5]!.seats[0]).toMatchObject({ stack: 900, bet: 100 });
    const i18n = setupI18n({ lng: "en", strict: true });
    expect(i18n.t("log.returned", { name: "pia_phone", amount: formatChips(4500, "en") })).toBe("Uncalled 4,500 returned to pia_phone");
  });
});

describe("ledger account labels", () => {
  const t = (k: string, v: Record<string, string>) => `${k}(${v["name"]})`;
  it("a player account reads as the name the ledger gives it, else its id; tournaments by name", () => {
    expect(accountLabel("player:u-17", t, new Map(), "Bodil")).toBe("cashier.accountKind.player(Bodil)");
    expect(accountLabel("player:u-17", t)).toBe("cashier.accountKind.player(u-17)");
    expect(accountLabel("pool:T1", t, new Map([["T1", "Friday"]]))).toBe("cashier.accountKind.pool(Friday)");
    expect(accountLabel("weird", t)).toBe("weird");
  });
});

describe("datetime-local fields", () => {
  it("an instant to the minute goes out and comes back unchanged; an empty field is no instant", () => {
    const at = Date.UTC(2026, 11, 3, 19, 0);
    expect(toLocalInput(at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(fromLocalInput(toLocalInput(at))).toBe(at);
    expect(fromLocalInput("")).toBeNull();
  });
});
