import { describe, expect, it } from "vitest";
import { checkName, checkPassword } from "./rules.ts";

describe("name rules", () => {
  it.each(["Ann", "bob_the-2nd", "a.b.c", "Z12345678901234567890".slice(0, 20)])("accepts %s", (n) => {
    expect(checkName(n).ok).toBe(true);
  });
  it.each([
    ["ab", "too short"],
    ["a".repeat(21), "too long"],
    ["1ann", "starts with a digit"],
    ["_ann", "starts with an underscore"],
    ["ann smith", "space"],
    ["раul", "Cyrillic look-alike"],
    ["Admin", "reserved, any case"],
    ["ann@x", "symbol"],
  ])("refuses %s (%s) with accounts/bad-name", (n) => {
    const r = checkName(n);
    expect(!r.ok && r.error.code).toBe("accounts/bad-name");
  });
  it("refuses a non-string", () => {
    expect(checkName(42).ok).toBe(false);
  });
});

describe("password rules", () => {
  it("accepts a long passphrase and any characters", () => {
    expect(checkPassword("correct horse battery staple", "ann").ok).toBe(true);
    expect(checkPassword("ünïcødé🂡pass", "ann").ok).toBe(true);
  });
  it.each([
    ["short12", "under 8"],
    ["x".repeat(129), "over 128"],
    ["aaaaaaaaaa", "one repeated character"],
    ["Password", "common, any case"],
    ["AnnSmith1", "the name"],
  ])("refuses %s (%s) with accounts/bad-password", (p) => {
    const r = checkPassword(p, "annsmith1");
    expect(!r.ok && r.error.code).toBe("accounts/bad-password");
  });
  it("counts characters, not UTF-16 units: 4 emoji are too short", () => {
    expect(checkPassword("🂡🂢🂣🂤", "ann").ok).toBe(false);
    expect(checkPassword("🂡🂢🂣🂤🂥🂦🂧🂨", "ann").ok).toBe(true);
  });
});
