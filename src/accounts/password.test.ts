import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword } from "./password.ts";

const FAST = { N: 1024, r: 8, p: 1 };

describe("scrypt password hashing", () => {
  it("the default parameters are memory-hard: N=2^15, r=8, p=1 (32 MiB per hash)", async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 32768, r: 8, p: 1 });
    expect(128 * DEFAULT_SCRYPT.N * DEFAULT_SCRYPT.r).toBe(32 * 1024 * 1024);
    const h = await hashPassword("correct horse battery");
    expect(h).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("correct horse battery", h)).toBe(true);
    // Memory-hard, shown by memory rather than by a stopwatch (no test times
    // things): the same derivation with a byte less than 32 MiB allowed is refused.
    const salt = Buffer.alloc(16);
    const { N, r, p } = DEFAULT_SCRYPT;
    expect(() => scryptSync("x", salt, 32, { N, r, p, maxmem: 128 * N * r - 1 })).toThrow(/memory/i);
    expect(scryptSync("x", salt, 32, { N, r, p, maxmem: 128 * N * r + 1024 * 1024 })).toHaveLength(32);
  });
  it("verifies the right password only; salts differ per hash", async () => {
    const a = await hashPassword("hunter2hunter2", FAST);
    const b = await hashPassword("hunter2hunter2", FAST);
    expect(a).not.toBe(b);
    expect(await verifyPassword("hunter2hunter2", a)).toBe(true);
    expect(await verifyPassword("hunter2hunter3", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });
  it("NFC-normalises: the same accented password typed two ways verifies", async () => {
    const h = await hashPassword("caf\u00e9-au-lait", FAST);
    expect(await verifyPassword("cafe\u0301-au-lait", h)).toBe(true);
  });
  it("refuses malformed or tampered stored hashes", async () => {
    const h = await hashPassword("hunter2hunter2", FAST);
    const parts = h.split("$");
    const flipped = [...parts.slice(0, 5), (parts[5]?.[0] === "A" ? "B" : "A") + parts[5]?.slice(1)].join("$");
    expect(await verifyPassword("hunter2hunter2", flipped)).toBe(false);
    expect(await verifyPassword("hunter2hunter2", "plain")).toBe(false);
    expect(await verifyPassword("hunter2hunter2", "scrypt$x$8$1$aa$bb")).toBe(false);
  });
  it("flags hashes made with other parameters for rehashing", async () => {
    const h = await hashPassword("hunter2hunter2", FAST);
    expect(needsRehash(h)).toBe(true);
    expect(needsRehash(h, FAST)).toBe(false);
  });
});
