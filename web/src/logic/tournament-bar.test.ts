import { describe, expect, it } from "vitest";
import { isOver, levelTimeLeft, moneyStep, onLastLevel } from "./tournament-bar.ts";

const payouts = [500, 300, 200].map((amount, i) => ({ place: i + 1, amount }));

describe("the tournament bar's figures", () => {
  it("before the money: how many busts to go; in it: the least prize now and after the next bust", () => {
    expect(moneyStep({ payouts, playersLeft: 7 })).toEqual({ kind: "bubble", toGo: 4 });
    expect(moneyStep({ payouts, playersLeft: 3 })).toEqual({ kind: "jump", now: 200, next: 300 });
    expect(moneyStep({ payouts, playersLeft: 2 })).toEqual({ kind: "jump", now: 300, next: 500 });
    expect(moneyStep({ payouts, playersLeft: 1 })).toEqual({ kind: "none" });
    expect(moneyStep({ payouts: [], playersLeft: 9 })).toEqual({ kind: "none" });
  });

  it("the level's time runs with the server clock, and stands still while paused", () => {
    expect(levelTimeLeft({ endsAt: 10_000, timeLeftMs: 0 }, 4_000)).toBe(6_000);
    expect(levelTimeLeft({ endsAt: 10_000, timeLeftMs: 0 }, 12_000)).toBe(0);
    expect(levelTimeLeft({ endsAt: null, timeLeftMs: 90_000 }, 12_000)).toBe(90_000);
  });

  it("the structure's last level has no end: no clock to count down, unlike a level that ends or one paused", () => {
    const level = { number: 3, blinds: { sb: 50, bb: 100, ante: 0 }, durationMs: 600_000 };
    const last = { level, nextLevel: null, onBreak: false, endsAt: null, timeLeftMs: 0 };
    expect(onLastLevel(last)).toBe(true);
    expect(onLastLevel({ ...last, nextLevel: { ...level, number: 4 } })).toBe(false);
    expect(onLastLevel({ ...last, endsAt: 10_000 })).toBe(false);
    expect(onLastLevel({ ...last, timeLeftMs: 90_000 })).toBe(false); // paused with time left
    expect(onLastLevel({ ...last, onBreak: true })).toBe(false);
    expect(onLastLevel({ ...last, level: null })).toBe(false);
  });

  it("a finished or cancelled event has no level clock to count down", () => {
    expect(isOver({ status: "finished" })).toBe(true);
    expect(isOver({ status: "cancelled" })).toBe(true);
    expect(isOver({ status: "running" })).toBe(false);
    expect(isOver({ status: "paused" })).toBe(false);
  });
});
