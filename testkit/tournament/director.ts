// Shared by the director's tests: a fast fake hand (conserves chips, sometimes busts a
// player) and small configs.
import { randomInt, seededRandom, type RandomSource } from "../../src/tournament/index.ts";
import type { HandSetup } from "../../src/tournament/director/hand-setup.ts";
import { Director, type HandPlayer } from "../../src/tournament/director/run.ts";
import { snapshot } from "../../src/tournament/director/state.ts";
import type { TournamentCommand, TournamentConfig } from "../../src/tournament/director/types.ts";
import { STRUCTURE_PRESETS } from "../../src/tournament/structure/index.ts";

/** Two random players: 1 time in 4 one takes the other's whole stack, else the big blind changes hands. */
export const fakeHand: HandPlayer = (setup: HandSetup, rng: RandomSource) => {
  const stacks = [...setup.config.stacks];
  const n = stacks.length;
  const a = randomInt(rng, n);
  const b = (a + 1 + randomInt(rng, n - 1)) % n;
  const amount = randomInt(rng, 4) === 0 ? stacks[b]! : Math.min(stacks[b]!, Math.max(...setup.config.blinds));
  stacks[b]! -= amount;
  stacks[a]! += amount;
  return stacks;
};

export const seedConfig = (over: Partial<TournamentConfig> = {}): TournamentConfig => ({
  id: "t1",
  name: "test",
  format: { kind: "freezeout" },
  structure: STRUCTURE_PRESETS["seed"]!,
  money: { buyIn: 100, fee: 10 },
  ...over,
});

export const names = (n: number, prefix = "p"): string[] => Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(3, "0")}`);

/** A director past the start: announced, `n` players registered at 0, started at 0 (seed `seed`). */
export function startedDirector(over: Partial<TournamentConfig> = {}, n = 6, seed = 1): Director {
  const d = new Director(seededRandom(seed), true);
  const must = (cmd: TournamentCommand) => {
    const r = d.run(cmd);
    if (!r.ok) throw new Error(`${cmd.type}: ${r.error.code} ${r.error.message}`);
  };
  must({ type: "announce", at: 0, config: seedConfig(over) });
  must({ type: "open-registration", at: 0 });
  for (const p of names(n)) must({ type: "register", at: 0, player: p });
  must({ type: "start", at: 0 });
  return d;
}

/** Ticks until the clock has nothing more to change. */
export function tickAll(d: Director, at: number): void {
  for (let i = 0; i < 100; i++) {
    const r = d.run({ type: "tick", at });
    if (!r.ok) throw new Error(r.error.message);
    if (r.value.length === 0) return;
  }
}

/** The refusal code of a command, checking that it changed nothing. */
export function refused(d: Director, cmd: TournamentCommand): string {
  const before = JSON.stringify(snapshot(d.state));
  const events = d.events.length;
  const r = d.run(cmd);
  if (r.ok) return "ok";
  if (JSON.stringify(snapshot(d.state)) !== before || d.events.length !== events) return `${r.error.code} (and changed the state)`;
  return r.error.code;
}
