// R-TRN-1: the structure designer's end-time prediction. Small fields are the
// simulator's own median; big fields are a sample of tables standing for the field, checked
// against full simulations of the real field.
import { describe, expect, it } from "vitest";
import type { PredictRequest } from "../../protocol/index.ts";
import { fieldStyles, percentile, PREDICT_HANDS, sampledRuns, sampleRun, sampleSize, sampleStyles, simulate } from "../../sim/index.ts";
import { structurePreset, type Structure } from "../../tournament/structure/index.ts";
import { predict, predictMethod, predictUncached, PREDICT_FULL_MAX } from "./director-predict.ts";
import { seededRandom } from "../../tournament/index.ts";
import { toWireStructure } from "./presets.ts";

const seedPreset = (): Structure => {
  const p = structurePreset("seed");
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const request = (players: number, structure: Structure = seedPreset()): PredictRequest => ({ players, structure: toWireStructure(structure) });
const endOf = (players: number): number => {
  const r = predict(request(players));
  if (!r.ok) throw new Error(r.error.message);
  return r.value.predictedEndMinute;
};

// Full simulations of the real field under the `seed` preset (freezeout, 30 hands an hour),
// the median end minute of seeds 1..K as summarizeRuns reports it (`felt simulate --players N
// --runs K`), measured once: a 10,000-player run takes 5–20 s, too long for a unit test.
// Re-measure them if the bots, the engine or the director change how a tournament plays.
// The tolerance is how far the prediction may be from that median. At 10,000 players the
// last three players hold 70–100 big blinds each under the last level: heads-up can take
// minutes or hours (the real runs spread 756–1,298), hence 15% there.
// Measured with the bot mix of 15% random, 60% tight-aggressive, 25% calling stations
// (src/sim styleOf); predict gave 546, 668 and 884 minutes.
const SIMULATED: readonly { players: number; seeds: number; medianEnd: number; tolerance: number }[] = [
  { players: 500, seeds: 7, medianEnd: 550, tolerance: 0.1 }, // 504 506 506 550 560 578 582
  { players: 2000, seeds: 9, medianEnd: 638, tolerance: 0.1 }, // 606 634 634 638 638 650 674 698 726
  { players: 10000, seeds: 16, medianEnd: 900, tolerance: 0.15 }, // 756 770 776 820 846 868 880 900 904 924 946 964 966 1068 1136 1298
];

describe("R-TRN-1 predicted end", () => {
  it("R-TRN-1: a small field is simulated whole: the end is the simulator's median of seeds 1..3", () => {
    expect(predictMethod(60)).toBe("simulated");
    const ends = [1, 2, 3].map((seed) => {
      const r = simulate({ players: 60, structure: seedPreset(), seed });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.durationMinutes;
    });
    expect(endOf(60)).toBe(
      percentile(
        ends.sort((a, b) => a - b),
        50,
      ),
    );
  });

  it.each(SIMULATED)(
    "R-TRN-1: $players players end within $tolerance of full simulations' median ($medianEnd min, $seeds seeds)",
    ({ players, medianEnd, tolerance }) => {
      expect(predictMethod(players)).toBe("sampled");
      const end = endOf(players);
      expect(Math.abs(end - medianEnd) / medianEnd).toBeLessThanOrEqual(tolerance);
    },
  );

  it("R-TRN-1: a bigger field lasts longer, by hours, where scaling a small field's curve did not", () => {
    const [small, mid, big] = [endOf(60), endOf(2000), endOf(10000)];
    // The old answer for 10,000 players was the 60-player end; the field needs about log N more rounds.
    expect(mid).toBeGreaterThan(small + 3 * 20);
    expect(big).toBeGreaterThan(mid + 3 * 20);
  });

  it("R-TRN-1: a sampled curve starts at the whole field, never rises, and ends with the winner at the predicted minute", () => {
    const r = predict(request(10000));
    if (!r.ok) throw new Error(r.error.message);
    const { points, predictedEndMinute } = r.value;
    expect(points[0]).toEqual({ minute: 0, playersLeft: 10000, bigBlind: 20 });
    for (let i = 1; i < points.length; i++) {
      expect(points[i]!.minute).toBeGreaterThanOrEqual(points[i - 1]!.minute);
      expect(points[i]!.playersLeft).toBeLessThanOrEqual(points[i - 1]!.playersLeft);
    }
    expect(points.at(-1)).toEqual({ minute: predictedEndMinute, playersLeft: 1, bigBlind: 50000 });
    expect(points.length).toBeLessThanOrEqual(2000);
  });

  it("the same request gets the same answer (fixed seeds), from the cache the second time", () => {
    const a = predict(request(10000));
    const b = predictUncached(request(10000));
    expect(b).toEqual(a);
    const c = predict(request(10000));
    if (!a.ok || !c.ok) throw new Error("predict failed");
    expect(c.value).toBe(a.value); // the very same answer: the cache's
  });

  it("a structure the simulator cannot play is refused, for a big field too", () => {
    for (const players of [10, 5000]) {
      const bad = { startingStack: 1000, levels: [{ kind: "level" as const, sb: 20, bb: 10, ante: 0, minutes: 1, colourUp: null }] };
      const r = predict({ players, structure: bad });
      expect(r.ok ? "ok" : r.error.code).toBe("director/invalid");
    }
  });

  it("R-TRN-1: a valid structure gets an answer, small field or big, even where the simulator fails (the sampled runs play it)", () => {
    // casino-1900 at 60 players: the simulator fails at a colour-up (tournament/bad-stack) today.
    for (const [name, players] of [
      ["casino-1900", 60],
      ["turbo", 400],
    ] as const) {
      const p = structurePreset(name);
      if (!p.ok) throw new Error(p.error.message);
      const r = predictUncached(request(players, p.value));
      expect(r.ok ? r.value.predictedEndMinute : r.error.message).toBeGreaterThan(0);
      if (r.ok) expect(r.value.points[0]!.playersLeft).toBe(players);
    }
  });

  it("R-TBL-3: the sample seats as many players a table as the field's tables hold", () => {
    // 10,000 players: 1,000 full tables; 9,991: 1,000 tables of 9.991; 61: 7 tables of 8.7.
    expect(sampleSize(6, 10000)).toBe(60);
    expect(sampleSize(6, 9991)).toBe(60);
    expect(sampleSize(6, 991)).toBe(59); // 100 tables of 9.91
    expect(sampleSize(6, 61)).toBe(52);
  });

  it("the sample has the field's mix of bot styles (the simulator's names p1..pN)", () => {
    const field = fieldStyles(2000);
    const sample = sampleStyles(2000, 60, seededRandom(1));
    expect(sample.length).toBe(60);
    for (const [style, n] of field) {
      const k = sample.filter((s) => s === style).length;
      expect(Math.abs(k - (60 * n) / 2000)).toBeLessThan(1);
    }
  });

  it("a field that fits in the sample is played whole, to one winner, its counts whole numbers", () => {
    const r = sampleRun({ structure: seedPreset(), players: 40, seed: 2, seats: 60 });
    expect(r.curve[0]!.playersLeft).toBe(40);
    expect(r.curve.at(-1)!.playersLeft).toBe(1);
    for (const p of r.curve) expect(Number.isInteger(p.playersLeft)).toBe(true);
    expect(r.endMinutes).toBe(Math.round(r.curve.at(-1)!.minutes));
  });

  it(`fields up to ${PREDICT_FULL_MAX} are simulated, bigger ones sampled, and sampling stays cheap`, () => {
    expect(predictMethod(PREDICT_FULL_MAX)).toBe("simulated");
    expect(predictMethod(PREDICT_FULL_MAX + 1)).toBe("sampled");
    // The work of one sampled run hardly grows with the field: about log N rounds of six tables.
    const r = sampleRun({ structure: seedPreset(), players: 10000, seed: 1, seats: 60 });
    expect(r.hands).toBeLessThan(3000);
  });

  it("R-TRN-1: a structure that leaves deep stacks at its last level plays fewer end games, within the budget", () => {
    // Blinds stop at 640/1,280 after 8 minutes: 10,000 players' chips are thousands of big blinds.
    const deep: Structure = {
      ...seedPreset(),
      startingStack: 1000,
      items: [10, 20, 40, 80, 160, 320, 640, 1280].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 1 })),
    };
    const shallow = sampledRuns(seedPreset(), 10000);
    const long = sampledRuns(deep, 10000);
    expect(shallow.runs.length).toBeGreaterThanOrEqual(16);
    expect(long.runs.length).toBeLessThan(shallow.runs.length);
    expect(long.runs.length).toBeGreaterThan(0);
    for (const r of [...shallow.runs, ...long.runs]) expect(r.finished).toBe(true);
    // One fork more than the budget at most: each is started only while it is expected to fit.
    expect(shallow.hands).toBeLessThan(PREDICT_HANDS * 1.2);
    expect(long.hands).toBeLessThan(PREDICT_HANDS * 1.5);
  });
});
