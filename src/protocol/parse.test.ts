import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_FRAME_BYTES } from "./version.ts";
import { byteLength, exceedsFrame } from "./parse.ts";

const utf8 = new TextEncoder();

describe("a frame's length in bytes", () => {
  it("is what TextEncoder writes, for any text (pairs, lone surrogates, every plane)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(byteLength(text)).toBe(utf8.encode(text).length);
      }),
      { numRuns: 2000 },
    );
    for (const text of ["", "a", "é", "€", "😀", "\ud83d", "\ude00", "a\ud83d", "\ud83d\ud83d\ude00", "Šťastný Иван Öberg Ţară"])
      expect(byteLength(text)).toBe(utf8.encode(text).length);
  });

  it("decides whether a text is over the frame limit, at the limit's edge in each width", () => {
    for (const [unit, width] of [
      ["a", 1],
      ["é", 2],
      ["中", 3],
      ["😀", 4],
    ] as const) {
      const at = unit.repeat(Math.floor(MAX_FRAME_BYTES / width));
      const over = at + unit;
      expect(exceedsFrame(at)).toBe(utf8.encode(at).length > MAX_FRAME_BYTES);
      expect(exceedsFrame(over)).toBe(true);
    }
  });
});
