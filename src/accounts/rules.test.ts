import { describe, expect, it } from "vitest";
import { checkName, checkPassword } from "./rules.ts";

describe("name rules", () => {
  it.each(["Ann", "bob_the-2nd", "a.b.c", "Z12345678901234567890".slice(0, 20)])("accepts %s", (n) => {
    expect(checkName(n).ok).toBe(true);
  });
  it.each([
    ["ab", "length"],
    ["a".repeat(21), "length"],
    ["1ann", "characters"],
    ["_ann", "characters"],
    ["ann smith", "characters"],
    ["раul", "characters"], // a Cyrillic look-alike of "paul"
    ["Александра", "characters"],
    ["Admin", "reserved"],
    ["ann@x", "characters"],
  ])("refuses %s with accounts/bad-name, saying why (%s)", (n, reason) => {
    const r = checkName(n);
    expect(!r.ok && r.error.code).toBe("accounts/bad-name");
    expect(!r.ok && r.error["reason"]).toBe(reason);
  });
  it("a length refused names the bounds; a non-string is refused", () => {
    const r = checkName("ab");
    expect(!r.ok && [r.error["min"], r.error["max"]]).toEqual([3, 20]);
    const n = checkName(42);
    expect(!n.ok && n.error["reason"]).toBe("text");
  });
});

describe("password rules", () => {
  it("accepts a long passphrase and any characters", () => {
    expect(checkPassword("correct horse battery staple", "ann").ok).toBe(true);
    expect(checkPassword("ünïcødé🂡pass", "ann").ok).toBe(true);
  });
  it.each([
    ["short12", "short"],
    ["x".repeat(129), "long"],
    ["aaaaaaaaaa", "repeated"],
    ["Password", "common"], // any case
    ["AnnSmith1", "the-name"],
  ])("refuses %s with accounts/bad-password, saying why (%s)", (p, reason) => {
    const r = checkPassword(p, "annsmith1");
    expect(!r.ok && r.error.code).toBe("accounts/bad-password");
    expect(!r.ok && r.error["reason"]).toBe(reason);
  });
  it("counts characters, not UTF-16 units: 4 emoji are too short", () => {
    expect(checkPassword("🂡🂢🂣🂤", "ann").ok).toBe(false);
    expect(checkPassword("🂡🂢🂣🂤🂥🂦🂧🂨", "ann").ok).toBe(true);
  });
});
