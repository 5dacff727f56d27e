import { bytesToHex } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hexOf } from "./hex.ts";

describe("hexOf", () => {
  it("writes the bytes as @noble/hashes does: two lowercase digits a byte", () => {
    expect(hexOf(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe("00010f10abff");
    expect(hexOf(new Uint8Array())).toBe("");
    fc.assert(fc.property(fc.uint8Array({ maxLength: 96 }), (bytes) => hexOf(bytes) === bytesToHex(bytes)));
  });
});
