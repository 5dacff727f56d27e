import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCards } from "./card.ts";
import { boardPosition, commitDeck, entropyText, holePosition, tableSeedCommitment, verifyOpening, type HandEntropy } from "./fair-deck.ts";
import { deckFromSeed } from "./shuffle.ts";

// The README's reference vector: the all-zero table seed, hand 1, no entropy.
const ZERO = "00".repeat(32);
const NONE: HandEntropy = { previous: null, contributions: [] };
const SOME: HandEntropy = {
  previous: "11".repeat(32),
  contributions: [
    { seat: 2, value: "22".repeat(32) },
    { seat: 5, value: "55".repeat(32) },
  ],
};

/** The README's procedure, re-implemented from its text alone (a second implementation). */
function rederiveRoot(tableSeed: string, hand: number, e: HandEntropy): { root: string; deck: number[] } {
  const s = hmac(sha256, hexToBytes(tableSeed), utf8ToBytes(`felt/hand/${hand}`));
  let text = `felt-deck-v1\nprevious ${e.previous ?? "-"}\n`;
  for (const c of e.contributions) text += `seat ${c.seat} ${c.value}\n`;
  const deck = deckFromSeed(hmac(sha256, s, utf8ToBytes(text)));
  let level: Uint8Array[] = deck.map((card, i) => sha256(new Uint8Array([0, i, card, ...hmac(sha256, s, utf8ToBytes(`felt/salt/${i}`))])));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha256(new Uint8Array([1, ...level[i]!, ...level[i + 1]!])) : level[i]!);
    level = next;
  }
  return { root: bytesToHex(level[0]!), deck };
}

const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex);

describe("committed decks (R-DEAL-2)", () => {
  it("R-DEAL-2: the reference vector of the README (all-zero table seed, hand 1, no entropy)", () => {
    const d = commitDeck(ZERO, 1, NONE);
    expect(tableSeedCommitment(ZERO)).toBe("66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    expect(d.root).toBe("1aefc3b3ec2eab3aa65d05c364aeb8efbaec309740890071a0c7dfd574a5f1cd");
    expect(formatCards(d.deck.slice(0, 10), " ")).toBe("9s 2c 2d 9h Qh Qc 3s Ac Jh 8d");
    const first = d.open(0);
    expect(first.card).toBe(31); // 9s
    expect(first.salt).toBe("23893526074565f6d977e2f30312a7fb3182dfffc781d59666ae3af65e8bed09");
    expect(first.path[0]).toBe("2704c5af659672b66da6215f9c05859ae0e29375c7d09922df9cc628a109c596");
    expect(first.path).toHaveLength(6);
    expect(commitDeck(ZERO, 2, SOME).root).toBe("542cbca94d82d03381a4343c1b83cd8966b5be544a9ed121a995fc0ccf9f312a");
  });

  it("R-DEAL-2: anyone re-derives the root from the documented procedure once the table seed is out", () => {
    fc.assert(
      fc.property(
        hex32,
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(hex32, { nil: null }),
        fc.array(hex32, { maxLength: 10 }),
        (seed, hand, previous, values) => {
          const e: HandEntropy = { previous, contributions: values.map((value, i) => ({ seat: i + 1, value })) };
          const d = commitDeck(seed, hand, e);
          const again = rederiveRoot(seed, hand, e);
          expect(d.root).toBe(again.root);
          expect(d.deck).toEqual(again.deck);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("R-DEAL-1: every position opens against the root, and only to the card committed there", () => {
    fc.assert(
      fc.property(hex32, fc.integer({ min: 0, max: 51 }), fc.integer({ min: 1, max: 51 }), (seed, pos, delta) => {
        const d = commitDeck(seed, 7, SOME);
        const o = d.open(pos);
        expect(verifyOpening(d.root, o)).toBe(true);
        expect(verifyOpening(d.root, { ...o, card: (o.card + delta) % 52 })).toBe(false);
        expect(verifyOpening(d.root, { ...o, position: (pos + delta) % 52 })).toBe(false);
        const salt = (o.salt[0] === "0" ? "1" : "0") + o.salt.slice(1);
        expect(verifyOpening(d.root, { ...o, salt })).toBe(false);
        expect(verifyOpening(d.root, { ...o, path: o.path.slice(1) })).toBe(false);
        expect(verifyOpening(commitDeck(seed, 8, SOME).root, o)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it("an opening reads, copies, clones and writes out as a plain one: the same four fields, in order", () => {
    const o = commitDeck(ZERO, 1, NONE).open(0);
    const plain = {
      position: 0,
      card: 31,
      salt: "23893526074565f6d977e2f30312a7fb3182dfffc781d59666ae3af65e8bed09",
      path: o.path.slice(),
    };
    expect(plain.path[0]).toBe("2704c5af659672b66da6215f9c05859ae0e29375c7d09922df9cc628a109c596");
    expect(Object.keys(o)).toEqual(["position", "card", "salt", "path"]);
    expect(JSON.stringify(o)).toBe(JSON.stringify(plain));
    expect(JSON.stringify({ ...o })).toBe(JSON.stringify(plain));
    expect(structuredClone(o)).toEqual(plain);
    expect(o).toEqual(plain);
  });

  it("the server cannot choose the deck alone: each contribution and the previous hand change it", () => {
    const base = commitDeck(ZERO, 3, SOME);
    const other = commitDeck(ZERO, 3, { ...SOME, contributions: [{ seat: 2, value: "23".repeat(32) }, SOME.contributions[1]!] });
    const noPrevious = commitDeck(ZERO, 3, { ...SOME, previous: null });
    expect(other.root).not.toBe(base.root);
    expect(noPrevious.root).not.toBe(base.root);
    expect(other.deck).not.toEqual(base.deck);
  });

  it("refuses entropy that is not canonical (one per seat, in seat order, 64 hex digits)", () => {
    const v = "ab".repeat(32);
    expect(() =>
      entropyText({
        previous: null,
        contributions: [
          { seat: 3, value: v },
          { seat: 2, value: v },
        ],
      }),
    ).toThrow(RangeError);
    expect(() =>
      entropyText({
        previous: null,
        contributions: [
          { seat: 3, value: v },
          { seat: 3, value: v },
        ],
      }),
    ).toThrow(RangeError);
    expect(() => entropyText({ previous: null, contributions: [{ seat: 3, value: "AB".repeat(32) }] })).toThrow(RangeError);
    expect(() => commitDeck("00", 1, NONE)).toThrow(RangeError);
  });

  it("R-DEAL-3, R-DEAL-4: hole cards two rounds from p1, a burn before each street", () => {
    expect([0, 1, 2].map((p) => [holePosition(3, p, 0), holePosition(3, p, 1)])).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
    expect([0, 1, 2, 3, 4].map((b) => boardPosition(3, b))).toEqual([7, 8, 9, 11, 13]);
    expect([0, 1, 2, 3, 4].map((b) => boardPosition(23, b))).toEqual([47, 48, 49, 50, 51]);
  });
});
