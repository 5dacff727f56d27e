import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { checkPhh, readPhh, replayPhh, writePhh, writePhhs } from "./phh.ts";

// The shared hands beside the repository (../shared, or FELT_SHARED), when they are there;
// the project's own sample (testdata/phh) always runs.
const shared = join(process.env["FELT_SHARED"] ?? join(import.meta.dirname, "../../../../shared"), "phh");

const oneHand = `variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.5, 0]
min_bet = 0.5
starting_stacks = [50, 50.75, 20]
actions = ['d dh p1 AsKs', 'd dh p2 ????', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 1.5', 'p2 f']
finishing_stacks = [50.5, 50.25, 20]
players = ['Ann', 'Bob', 'Cy']
event = 'test'
`;

describe("PHH", () => {
  it("reads a hand with decimal amounts and replays it in cents to the chip", () => {
    const [hand] = unwrap(readPhh(oneHand));
    expect(hand).toMatchObject({ variant: "NT", blindsOrStraddles: [0.25, 0.5, 0], players: ["Ann", "Bob", "Cy"], extra: { event: "test" } });
    const r = unwrap(replayPhh(hand!));
    expect(r.scale).toBe(100);
    expect(r.finishingStacks).toEqual([5050, 5025, 2000]);
    expect(r.events).toContainEqual({ type: "return", player: 0, amount: 100 });
    expect(checkPhh(hand!)).toBeNull();
  });

  it("writes back what it read, one hand or many (.phhs tables [1], [2])", () => {
    const [hand] = unwrap(readPhh(oneHand));
    expect(unwrap(readPhh(writePhh(hand!)))).toEqual([hand]);
    const many = writePhhs([hand!, hand!]);
    expect(many).toContain("[1]");
    expect(unwrap(readPhh(many))).toEqual([hand, hand]);
  });

  it("says which action was refused and why", () => {
    const [hand] = unwrap(readPhh(oneHand.replace("'p1 cbr 1.5'", "'p1 cbr 0.75'")));
    expect(checkPhh(hand!)).toMatch(/p1 cbr 75 refused: .*at least 100/);
    const [short] = unwrap(readPhh(oneHand.replace("finishing_stacks = [50.5, 50.25, 20]", "finishing_stacks = [50, 50.75, 20]")));
    expect(checkPhh(short!)).toMatch(/finishing stacks differ: p1 50.5 \(expected 50\)/);
  });

  it("R-HU-1: heads-up blinds are listed [button, other] in PHH: p2 posts the small blind", () => {
    const [hand] = unwrap(
      readPhh(`variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [424, 473]
actions = ['d dh p1 3h9c', 'd dh p2 KdJc', 'p2 f']
finishing_stacks = [425, 472]
`),
    );
    expect(checkPhh(hand!)).toBeNull();
  });

  it("R-BLIND-2/4, R-POT: replays the project's sample hands (testdata/phh) to their finishing stacks", () => {
    const dir = join(import.meta.dirname, "../../../testdata/phh");
    const files = readdirSync(dir).filter((f) => /\.phhs?$/.test(f));
    expect(files.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const f of files) {
      for (const h of unwrap(readPhh(readFileSync(join(dir, f), "utf8"), f))) {
        expect(h.finishingStacks).toBeDefined();
        const why = checkPhh(h);
        if (why !== null) failures.push(`${f}: ${why}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("R-BET-3: pokerkit's check by the only player left to act, facing no bet, replays as no action", () => {
    // p3 is all-in for less than the big blind, p1 folds: pokerkit records 'p2 cc'.
    const text = readFileSync(join(import.meta.dirname, "../../../testdata/phh/pokerkit-idle-check.phh"), "utf8");
    const [hand] = unwrap(readPhh(text));
    expect(hand!.actions).toContain("p2 cc");
    expect(checkPhh(hand!)).toBeNull();
    // A second such check is not a no-op: it is refused.
    const twice = { ...hand!, actions: hand!.actions.flatMap((a) => (a === "p2 cc" ? [a, a] : [a])) };
    expect(checkPhh(twice)).not.toBeNull();
  });

  it("R-BLIND-4: a PHH hand replays in pokerkit's convention (the call is what the short blind posted)", () => {
    const [hand] = unwrap(
      readPhh(`variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [5000, 60, 5000]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 160']
`),
    );
    // 'p3 cbr 160' is accepted (a raise of 100 over the 60 posted); the hand then waits for p1.
    const r = replayPhh(hand!);
    expect(r.ok ? "finished" : r.error.code).toBe("phh/unfinished");
  });

  it("replays every shared PHH hand to its finishing stacks", () => {
    if (!existsSync(shared)) {
      console.warn(`skipped: ${shared} is absent`);
      return;
    }
    const files: string[] = [];
    for (const dir of ["real", "pokerkit"]) {
      const d = join(shared, dir);
      if (existsSync(d)) for (const f of readdirSync(d)) if (/\.phhs?$/.test(f)) files.push(join(d, f));
    }
    expect(files.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const f of files) {
      const hands = readPhh(readFileSync(f, "utf8"), f);
      if (!hands.ok) {
        failures.push(`${f}: ${hands.error.message}`);
        continue;
      }
      for (const h of hands.value) {
        const why = checkPhh(h);
        if (why !== null) failures.push(`${f}: ${why}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
