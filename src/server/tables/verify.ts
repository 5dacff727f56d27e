// `felt verify`: a hand history written by this server (PHH with the extra keys `seed` and
// `seed_commitment`) is checked against its commitment: SHA-256(seed) must equal the
// commitment published before the deal, and every card in the history (own hole cards,
// cards shown, the board) must be the card the seed's deck puts there.
import { fail, ok, type Result } from "../../lib/result.ts";
import { parseCard, type Card } from "../../cards/index.ts";
import { apply, legalActions, openHand, type HandState } from "../../engine/index.ts";
import { phhConfig, readPhh } from "../../engine/history/phh.ts";
import type { PhhHand } from "../../engine/history/phh-types.ts";
import { deckFromSeed, seedCommitment, SEED_RE } from "./fair.ts";

export interface VerifiedHand {
  readonly name: string;
  readonly cardsChecked: number;
}

function cardsOf(text: string): (Card | null)[] {
  const out: (Card | null)[] = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    const c = text.slice(i, i + 2);
    const p = parseCard(c);
    out.push(c === "??" || !p.ok ? null : p.value);
  }
  return out;
}

export function verifyHand(h: PhhHand, name: string): Result<VerifiedHand> {
  const bad = (m: string, d: Record<string, unknown> = {}) => fail("verify/mismatch", `${name}: ${m}`, d);
  const seed = h.extra?.["seed"];
  const commitment = h.extra?.["seed_commitment"];
  if (typeof commitment !== "string") return fail("verify/no-commitment", `${name}: no seed_commitment`);
  if (typeof seed !== "string" || !SEED_RE.test(seed)) return fail("verify/no-seed", `${name}: the seed is not in the history (hand not over?)`);
  if (seedCommitment(seed) !== commitment) return bad("SHA-256(seed) is not the published commitment");
  const opened = openHand({ ...phhConfig(h, 1), deck: deckFromSeed(seed), autoShowdown: true });
  if (!opened.ok) return bad(`the hand does not open: ${opened.error.message}`);
  let s: HandState = opened.value.state;
  let checked = 0;
  let boardAt = 0;
  for (const line of h.actions) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === "d" && parts[1] === "dh") {
      const p = Number(parts[2]!.slice(1)) - 1;
      const got = cardsOf(parts[3] ?? "");
      for (let k = 0; k < got.length; k++) {
        if (got[k] === null) continue;
        if (s.hole[2 * p + k] !== got[k]) return bad(`${line}: the deck dealt a different card to p${p + 1}`);
        checked++;
      }
    } else if (parts[0] === "d" && parts[1] === "db") {
      for (const c of cardsOf(parts[2] ?? "")) {
        if (c !== null && s.board[boardAt] !== c) return bad(`${line}: the deck put a different card on the board`);
        boardAt++;
        checked++;
      }
    } else if (/^p\d+$/.test(parts[0] ?? "")) {
      const p = Number(parts[0]!.slice(1)) - 1;
      if (parts[1] === "sm") {
        const got = cardsOf(parts[2] ?? "");
        for (let k = 0; k < got.length; k++) {
          if (got[k] !== null && s.hole[2 * p + k] !== got[k]) return bad(`${line}: p${p + 1} showed cards the deck did not deal them`);
          checked++;
        }
        continue;
      }
      const l = legalActions(s);
      const to = Number(parts[2]);
      const action =
        parts[1] === "f" ? { type: "fold" as const, player: p }
        : parts[1] === "cc" ? (l?.canCheck ? { type: "check" as const, player: p } : { type: "call" as const, player: p })
        : s.currentBet === 0 ? { type: "bet" as const, player: p, to }
        : { type: "raise" as const, player: p, to };
      const r = apply(s, action);
      if (!r.ok) return bad(`${line}: ${r.error.message}`);
      s = r.value.state;
    }
  }
  if (h.finishingStacks !== undefined && s.result !== null && s.result.stacks.some((x, i) => x !== h.finishingStacks![i])) {
    return bad("the finishing stacks differ from a replay with this deck");
  }
  return ok({ name, cardsChecked: checked });
}

export function verifyHistory(text: string, fileName: string): Result<VerifiedHand[]> {
  const hands = readPhh(text, fileName);
  if (!hands.ok) return hands;
  const out: VerifiedHand[] = [];
  for (const [i, h] of hands.value.entries()) {
    const r = verifyHand(h, hands.value.length > 1 ? `${fileName}#${i + 1}` : fileName);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}
