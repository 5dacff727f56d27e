import { describe, expect, it } from "vitest";
import { setupI18n } from "../i18n/index.ts";
import { denyReasonKey, lateRegLine } from "./lobby-lines.ts";

const line = (status: Parameters<typeof lateRegLine>[0]["status"], endsAt: number | null, now: number) =>
  lateRegLine({ status, lateRegistrationEndsAt: endsAt, lateRegistrationEndsLevel: endsAt === null ? null : 6 }, now);

describe("the lobby's late registration line", () => {
  it("counts down only while the tournament's clock runs", () => {
    expect(line("running", 10_000, 4_000)).toEqual({ kind: "until", at: 10_000, level: 6, left: 6_000 });
    expect(line("break", 10_000, 4_000)).toMatchObject({ kind: "until", left: 6_000 });
    // Before the start the time is an estimate; paused, the end moves with the pause.
    expect(line("registering", 10_000, 4_000)).toMatchObject({ kind: "until", left: null });
    expect(line("paused", 10_000, 4_000)).toMatchObject({ kind: "until", left: null });
  });

  it("a finished or cancelled event shows no countdown, even with an end still ahead", () => {
    expect(line("finished", 10_000, 4_000)).toEqual({ kind: "closed", at: 10_000 });
    expect(line("cancelled", 10_000, 4_000)).toEqual({ kind: "closed", at: 10_000 });
    expect(line("running", 10_000, 10_000)).toEqual({ kind: "closed", at: 10_000 });
    expect(line("finished", null, 4_000)).toEqual({ kind: "none" });
  });
});

describe("a greyed button says why, truthfully for that button", () => {
  const i18n = setupI18n({ lng: "en", strict: true });
  const say = (action: Parameters<typeof denyReasonKey>[0], reason: Parameters<typeof denyReasonKey>[1]) => i18n.t(denyReasonKey(action, reason));

  it("a rebuy before the start waits for the start, not for registration (which is open)", () => {
    expect(say("rebuy", "not-open-yet")).toBe("Once the tournament starts");
    expect(say("register", "not-open-yet")).toBe("Registration is not open yet");
  });

  it("an add-on not open says so without naming a break it may not be offered at", () => {
    expect(say("addOn", "add-on-not-open")).toBe("The add-on is not open now");
  });

  it("every other reason reads as the server gave it", () => {
    expect(say("rebuy", "stack-too-large")).toBe("Your stack is too big to rebuy");
    expect(say("rebuy", "rebuy-limit-reached")).toBe("Rebuy limit reached");
    expect(say("rebuy", "insufficient-funds")).toBe("Not enough money in your balance");
  });
});
