// R-TRN-1's end-time prediction on a worker thread: the same answer as in
// process, for the whole-field simulation and the sampled big field, and the same typed
// refusal; a stopped worker answers with a typed error and a new request starts a new one.
import { afterAll, describe, expect, it } from "vitest";
import type { PredictRequest } from "../../protocol/index.ts";
import { structurePreset } from "../../tournament/structure/index.ts";
import { predictUncached } from "./director-predict.ts";
import { PredictWorker } from "./director-predict-worker.ts";
import { toWireStructure } from "./presets.ts";

const wire = (name: string) => {
  const p = structurePreset(name);
  if (!p.ok) throw new Error(p.error.message);
  return toWireStructure(p.value);
};

describe("the prediction worker thread", () => {
  const worker = new PredictWorker();
  afterAll(() => worker.close());

  it("R-TRN-1: answers exactly as the in-process prediction, simulated (small field) and sampled (big field)", async () => {
    for (const req of [
      { players: 40, structure: wire("seed") },
      { players: 400, structure: wire("turbo") },
    ] satisfies PredictRequest[]) {
      const there = await worker.predict(req);
      expect(there.ok).toBe(true);
      expect(there).toEqual(predictUncached(req));
    }
  });

  it("refuses a structure the simulator cannot play with the same typed error (director/invalid)", async () => {
    const bad: PredictRequest = {
      players: 10,
      structure: { startingStack: 1000, levels: [{ kind: "level", sb: 20, bb: 10, ante: 0, minutes: 1, colourUp: null }] },
    };
    const there = await worker.predict(bad);
    expect(there.ok ? "ok" : there.error.code).toBe("director/invalid");
    expect(there).toEqual(predictUncached(bad));
  });

  it("a request in flight when the worker stops gets server/internal; the next request starts a new worker", async () => {
    const req: PredictRequest = { players: 30, structure: wire("turbo") };
    const inFlight = worker.predict(req);
    await worker.close();
    const r = await inFlight;
    expect(r.ok ? "ok" : r.error.code).toBe("server/internal");
    expect(await worker.predict(req)).toEqual(predictUncached(req));
  });
});
