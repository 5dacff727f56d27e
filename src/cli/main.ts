// The `felt` command line: one file per command under ./commands, loaded on demand so
// that `felt rank` does not pay for the server's imports.
import type { Command } from "./command.ts";

const commands: Record<string, () => Promise<{ command: Command }>> = {
  rank: () => import("./commands/rank.ts"),
  check: () => import("./commands/check.ts"),
  replay: () => import("./commands/replay.ts"),
  bench: () => import("./commands/bench.ts"),
  simulate: () => import("./commands/simulate.ts"),
  serve: () => import("./commands/serve.ts"),
  verify: () => import("./commands/verify.ts"),
};

async function help(): Promise<string> {
  const lines = ["felt: Texas Hold'em tournaments", "", "Usage: felt COMMAND [ARGS]", "", "Commands:"];
  for (const [name, load] of Object.entries(commands)) {
    const { command } = await load();
    lines.push(`  ${name.padEnd(10)} ${command.summary}`);
  }
  lines.push("", "felt COMMAND --help shows a command's usage.");
  return lines.join("\n");
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(await help());
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (load === undefined) {
    console.error(`felt: unknown command '${name}'\n`);
    console.error(await help());
    return 2;
  }
  const { command } = await load();
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(command.usage);
    return 0;
  }
  return command.run(rest);
}
