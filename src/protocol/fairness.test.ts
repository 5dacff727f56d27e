import { describe, expect, it } from "vitest";
import { boardPosition, commitDeck, holePosition, tableSeedCommitment } from "../cards/index.ts";
import { apply, legalActions, openHand, type HandState } from "../engine/index.ts";
import { unwrap } from "../lib/result.ts";
import { verifyHandFairness } from "./fairness.ts";
import type { TableEvent } from "./table-events.ts";

const SEED = "5a".repeat(32);
const ENTROPY = { previous: null, contributions: [{ seat: 2, value: "77".repeat(32) }] };

function checkDown(s: HandState): HandState {
  let st = s;
  for (let l = legalActions(st); l !== null; l = legalActions(st))
    st = unwrap(apply(st, l.canCheck ? { type: "check", player: l.actor } : { type: "call", player: l.actor })).state;
  return st;
}

/** A heads-up hand seat 1 (p1) saw: own cards, the board, seat 2 showing; openings as the server sends them. */
function record(opts: { tableSeed?: string; tamper?: (events: TableEvent[]) => void } = {}) {
  const d = commitDeck(SEED, 4, ENTROPY);
  const st = checkDown(unwrap(openHand({ variant: "NT", stacks: [100, 100], blinds: [2, 1], deck: d.deck.slice(), autoShowdown: true })).state);
  const open = (ps: number[]) =>
    ps.map((p) => {
      const o = d.open(p);
      return { ...o, path: [...o.path] };
    });
  const start: TableEvent = {
    kind: "hand-start",
    handNumber: 4,
    at: 0,
    blinds: { sb: 1, bb: 2, ante: 0 },
    button: 2,
    smallBlind: 2,
    bigBlind: 1,
    seats: [
      { seat: 1, name: "Ann", stack: 100 },
      { seat: 2, name: "Bo", stack: 100 },
    ],
    commitment: d.root,
    seedCommitment: tableSeedCommitment(SEED),
    entropy: { previous: null, contributions: [...ENTROPY.contributions] },
  };
  const events: TableEvent[] = [
    start,
    { kind: "hole-cards", seat: 1, cards: [st.hole[0]!, st.hole[1]!], openings: open([holePosition(2, 0, 0), holePosition(2, 0, 1)]) },
    { kind: "hole-cards", seat: 2, cards: null },
    { kind: "board", street: "flop", cards: st.board.slice(0, 3), openings: open([0, 1, 2].map((b) => boardPosition(2, b))) },
    { kind: "board", street: "turn", cards: [st.board[3]!], openings: open([boardPosition(2, 3)]) },
    { kind: "board", street: "river", cards: [st.board[4]!], openings: open([boardPosition(2, 4)]) },
    { kind: "show", seat: 2, cards: [st.hole[2]!, st.hole[3]!], hand: null, openings: open([holePosition(2, 1, 0), holePosition(2, 1, 1)]) },
  ];
  opts.tamper?.(events);
  return { handId: "t-h4", tableId: "t", tournamentId: null, handNumber: 4, startedAt: 0, events, ...(opts.tableSeed ? { tableSeed: opts.tableSeed } : {}) };
}

describe("verifyHandFairness", () => {
  it("R-DEAL-3, R-DEAL-4: the positions the openings name are the ones the engine deals from, 2 to 10 players", () => {
    const d = commitDeck(SEED, 1, ENTROPY);
    for (let n = 2; n <= 10; n++) {
      const st = checkDown(
        unwrap(
          openHand({
            variant: "NT",
            stacks: Array(n).fill(100),
            blinds: n === 2 ? [2, 1] : [1, 2, ...Array(n - 2).fill(0)],
            deck: d.deck.slice(),
            autoShowdown: true,
          }),
        ).state,
      );
      for (let p = 0; p < n; p++) for (const k of [0, 1] as const) expect(st.hole[2 * p + k]).toBe(d.deck[holePosition(n, p, k)]);
      for (let b = 0; b < 5; b++) expect(st.board[b]).toBe(d.deck[boardPosition(n, b)]);
    }
  });

  it("R-DEAL-2: a player's record checks: own cards, board, shown cards", () => {
    expect(verifyHandFairness(record())).toMatchObject({ ok: true, value: { ownCards: 2, boardCards: 5, shownCards: 2, deckChecked: false, deck: null } });
    // once the tournament is over the record carries the table seed: the whole deck checks
    expect(verifyHandFairness(record({ tableSeed: SEED }))).toMatchObject({ ok: true, value: { deckChecked: true, deck: commitDeck(SEED, 4, ENTROPY).deck } });
  });

  it("R-DEAL-2: a card not opened, a swapped card or a wrong table seed is caught", () => {
    const noOpening = record({
      tamper: (es) => {
        const b = es[3];
        if (b?.kind === "board") delete b.openings;
      },
    });
    expect(verifyHandFairness(noOpening)).toMatchObject({ ok: false, error: { code: "fair/unopened-card" } });
    const swapped = record({
      tamper: (es) => {
        const b = es[4];
        if (b?.kind === "board") b.cards = [(b.cards[0]! + 1) % 52];
      },
    });
    expect(verifyHandFairness(swapped)).toMatchObject({ ok: false, error: { code: "fair/card-mismatch" } });
    expect(verifyHandFairness(record({ tableSeed: "00".repeat(32) }))).toMatchObject({ ok: false, error: { code: "fair/seed-mismatch" } });
    expect(verifyHandFairness({ events: [] })).toMatchObject({ ok: false, error: { code: "fair/bad-history" } });
    const legacy = record({
      tamper: (es) => {
        const s = es[0];
        if (s?.kind === "hand-start") {
          delete s.seedCommitment;
          delete s.entropy;
        }
      },
    });
    expect(verifyHandFairness(legacy)).toMatchObject({ ok: false, error: { code: "fair/legacy-hand" } });
  });
});
