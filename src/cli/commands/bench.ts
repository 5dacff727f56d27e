// `felt bench evaluator|engine [--json]`: thin glue; the benchmarks live in bench/.
import type { Command } from "../command.ts";

interface Bench {
  run(args: readonly string[]): Promise<number>;
}

const usage = `Usage: felt bench TARGET [--json] [options]

Targets:
  evaluator   Felt's hand evaluator against phe, poker-evaluator and pokersolver on the
              same 1,000,000 random 7-card hands (--hands N, --seed S, --repeat R)
  engine      Felt's hand engine against poker-ts on random complete hands
              (--hands N, --seed S, --passes P)

--json      print the results as JSON on the last line`;

const targets: Record<string, () => Promise<Bench>> = {
  evaluator: () => import("../../../bench/evaluator.ts"),
  engine: () => import("../../../bench/engine.ts") as Promise<Bench>,
};

export const command: Command = {
  summary: "benchmark the hand evaluator or the hand engine against npm libraries",
  usage,
  async run(args) {
    const [target, ...rest] = args;
    const load = target === undefined ? undefined : targets[target];
    if (load === undefined) {
      console.error(target === undefined ? "felt bench: which benchmark?" : `felt bench: unknown target '${target}'`);
      console.error(usage);
      return 2;
    }
    let bench: Bench;
    try {
      bench = await load();
    } catch (error) {
      console.error(`felt bench: the ${target} benchmark could not be loaded: ${(error as Error).message}`);
      return 1;
    }
    if (typeof bench.run !== "function") {
      console.error(`felt bench: bench/${target}.ts does not export run(args)`);
      return 1;
    }
    try {
      return await bench.run(rest);
    } catch (error) {
      // A bad option (bench/args.ts): said with the usage, as any bad command line.
      if (!(error instanceof RangeError)) throw error;
      console.error(`felt bench: ${error.message}`);
      console.error(usage);
      return 2;
    }
  },
};
