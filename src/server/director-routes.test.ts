// The director's prediction, colour-up and deal routes over real HTTP (R-TRN-1, R-CHIP-1..4).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeltServer } from "./felt-server.ts";
import { api, DIRECTOR, FAST_STRUCTURE, must } from "./testing/harness.ts";

let server: FeltServer;
let token: string;

beforeAll(async () => {
  server = await FeltServer.start({ db: ":memory:", port: 0, handPauseMs: 0, actionMs: 30, timeBankMs: 0, tableSize: 6, scrypt: { N: 1024, r: 8, p: 1 }, directors: [DIRECTOR], validateOutgoing: true, webDist: null, log: () => {} });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
}, 60_000);
afterAll(async () => server.close());

interface Prediction {
  points: { minute: number; playersLeft: number; bigBlind: number }[];
  predictedEndMinute: number;
}

describe("POST /director/predict", () => {
  it("R-TRN-1: a curve from the full field down, blinds of the structure, an end minute, in under 2 s", async () => {
    const t0 = performance.now();
    const p = await must<Prediction>(api(server.url, "POST", "/api/v1/director/predict", { structure: FAST_STRUCTURE, players: 40 }, token));
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(p.points[0]).toEqual({ minute: 0, playersLeft: 40, bigBlind: 10 });
    const bbs = new Set(FAST_STRUCTURE.levels.map((l) => l.bb));
    for (const x of p.points) expect(bbs.has(x.bigBlind)).toBe(true);
    for (let i = 1; i < p.points.length; i++) {
      expect(p.points[i]!.minute).toBeGreaterThanOrEqual(p.points[i - 1]!.minute);
      expect(p.points[i]!.playersLeft).toBeLessThanOrEqual(p.points[i - 1]!.playersLeft);
    }
    // The curve is the run that ended at the predicted minute: it stops there, nobody left but the winner.
    expect(p.predictedEndMinute).toBeGreaterThan(0);
    expect(p.points.at(-1)!.minute).toBeLessThanOrEqual(p.predictedEndMinute);
    expect(p.points.at(-1)!.playersLeft).toBeLessThanOrEqual(2);
    const again = await must<Prediction>(api(server.url, "POST", "/api/v1/director/predict", { structure: FAST_STRUCTURE, players: 40 }, token));
    expect(again).toEqual(p);
  });

  it("R-TRN-1: a big field is answered quickly too, its curve starting at the whole field", async () => {
    const t0 = performance.now();
    const p = await must<Prediction>(api(server.url, "POST", "/api/v1/director/predict", { structure: FAST_STRUCTURE, players: 5000 }, token));
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(p.points[0]!.playersLeft).toBe(5000);
  });

  it("a structure the simulator cannot play is refused", async () => {
    const bad = { startingStack: 1000, levels: [{ kind: "level", sb: 20, bb: 10, ante: 0, minutes: 1, colourUp: null }] };
    const r = await api<{ error: { code: string } }>(server.url, "POST", "/api/v1/director/predict", { structure: bad, players: 10 }, token);
    expect(r.status).toBe(400);
  });
});
