import { describe, expect, it } from "vitest";
import { setupI18n } from "../i18n/index.ts";
import { errorMessage } from "./error-text.tsx";

// The console showed "Check the entries." where the server said "100 chips are
// still needed; the next to go is 100". The server's cause and figures are said in the
// user's language; a refusal without a known cause still shows what the server said.

function say(lng: string, error: { code: string; message: string } & Record<string, unknown>): string {
  const i18n = setupI18n({ lng, strict: false });
  return errorMessage(i18n.t, i18n, error);
}

const stillNeeded = {
  code: "director/invalid",
  message: "100 chips are still needed; the next to go is 100",
  cause: "chips/still-needed",
  remove: 100,
  next: 100,
};

describe("errorMessage", () => {
  it("R-CHIP-1: a colour-up refused says which chip and the next to go, in each language", () => {
    expect(say("en", stillNeeded)).toBe("The 100 chips are still needed by the blinds; the next chip to go is 100.");
    expect(say("cs", stillNeeded)).toBe("Žetony 100 jsou pro blindy ještě potřeba; další na řadě je 100.");
    expect(say("sv", { ...stillNeeded, remove: 1000, next: 500 })).toBe("1\u00a0000-markerna behövs fortfarande till blindarna; nästa valör att gå är 500.");
  });

  it("a deal refused before entries close says when they close (the level and the time)", () => {
    const text = say("en", {
      code: "director/invalid",
      message: "the prizes are not fixed yet",
      cause: "tournament/no-deal",
      reason: "prizes-not-fixed",
      closesLevel: 8,
      closesAt: Date.UTC(2026, 0, 1, 20, 15),
    });
    expect(text).toMatch(
      /^No deal yet: entries can still come, so the prizes are not fixed\. They are fixed when entries close, at the end of level 8 \(.+\)\.$/,
    );
  });

  it("without a known cause the generic words keep the server's message, rule ids left out", () => {
    expect(say("en", { code: "director/invalid", message: "a freeroll has no buy-in and no fee (R-TRN-7)" })).toBe(
      "Check the entries. (a freeroll has no buy-in and no fee)",
    );
    expect(say("en", { code: "auth/forbidden", message: "directors only" })).toBe("Only directors may do that.");
  });

  it("a sign-up refused says what a name or a password may be, not that the message was not valid", () => {
    // What the server answers to "Александра" (the wire code is generic; the cause and reason say why).
    const cyrillic = { code: "protocol/invalid-message", message: "name may hold only letters a-z", cause: "accounts/bad-name", reason: "characters" };
    expect(say("en", cyrillic)).toBe("A name holds only Latin letters (a–z), digits, _ - and ., and starts with a letter.");
    expect(say("ru", cyrillic)).toBe("Имя может содержать только латинские буквы (a–z), цифры, _ - и . и должно начинаться с буквы.");
    const short = {
      code: "protocol/invalid-message",
      message: "name must be 3 to 20 characters",
      cause: "accounts/bad-name",
      reason: "length",
      min: 3,
      max: 20,
    };
    expect(say("sv", short)).toBe("Ett namn har 3 till 20 tecken.");
    const common = { code: "protocol/invalid-message", message: "password is too common", cause: "accounts/bad-password", reason: "common" };
    expect(say("cs", common)).toBe("Toto heslo je příliš běžné; zvolte takové, které se těžko uhodne.");
  });
});
