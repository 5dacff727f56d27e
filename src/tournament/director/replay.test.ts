import { describe, expect, it } from "vitest";
import { engineHandPlayer } from "../../sim/hand-player.ts";
import { simConfig } from "../../sim/formats.ts";
import { replay, runTournament, snapshot } from "./index.ts";
import { names } from "../../../testkit/tournament/director.ts";

// "Every change is an event; the state is the fold of its events": for every format, a
// finished tournament's events, folded from scratch, give exactly the same state.
describe("replaying a finished tournament reproduces it exactly, every format", () => {
  for (const format of ["freezeout", "re-entry", "rebuy", "shootout", "heads-up", "satellite", "freeroll", "speed"]) {
    it(format, () => {
      const sc = simConfig(format, 36);
      if (!sc.ok) throw new Error(sc.error.message);
      const r = runTournament({
        config: sc.value.config,
        players: names(36),
        playHand: engineHandPlayer({ timeoutRate: sc.value.timeoutRate }),
        policy: sc.value.policy,
        seed: 41,
        keepEvents: true,
      });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.state.status).toBe("finished");
      expect(snapshot(replay(r.value.events))).toEqual(snapshot(r.value.state));
    });
  }
});
