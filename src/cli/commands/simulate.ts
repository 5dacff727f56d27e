// felt simulate: plays whole tournaments with bots (logic in src/sim). This file only reads
// arguments and files, draws the progress bar and prints.
import { readFileSync, writeFileSync } from "node:fs";
import { chartSvg, FORMATS, simulate, summarizeRuns, type SimResult } from "../../sim/index.ts";
import { STRUCTURE_PRESETS, validateStructure, type Structure } from "../../tournament/structure/index.ts";
import type { Command } from "../command.ts";
import { remoteSimulate, type RemoteSimResult } from "../../clients/remote-sim.ts";
import { DIRECTOR_FLAG_REFUSED, directorSecrets } from "../director-secret.ts";
import { TournamentSettingsInput } from "../../protocol/index.ts";
import type { SimSettings } from "../../sim/simulate.ts";
import { SIM_ERRORS } from "../../sim/error-catalogue.ts";
import { STRUCTURE_ERRORS } from "../../tournament/error-catalogue.ts";

/** --settings FILE with the one-setting flags over it, checked by the create request's own schema. */
function readSettings(o: Record<string, string | true>): { sim: SimSettings; minPlayers: number | null } | string {
  let raw: Record<string, unknown> = {};
  if (typeof o["settings"] === "string") {
    try {
      raw = JSON.parse(readFileSync(o["settings"], "utf8")) as Record<string, unknown>;
    } catch (e) {
      return `cannot read ${o["settings"]}: ${(e as Error).message}`;
    }
  }
  const flag = (k: string, to: string, num: boolean) => {
    const v = o[k];
    if (typeof v === "string") raw = { ...raw, [to]: num ? Number(v) : v };
  };
  flag("table-size", "tableSize", true);
  flag("final-table-size", "finalTableSize", true);
  flag("button", "buttonRule", false);
  flag("colour-up", "colourUp", false);
  flag("mixed-by", "mixedBy", false);
  flag("play-down-to", "playDownTo", true);
  flag("table-merge", "tableMerge", false);
  flag("button-draw", "buttonDraw", false);
  flag("balancing", "balancing", false);
  const parsed = TournamentSettingsInput.safeParse(raw);
  if (!parsed.success) return `settings: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; ")}`;
  const s = parsed.data;
  const sim: SimSettings = {
    ...(s.tableSize !== undefined ? { tableSize: s.tableSize } : {}),
    ...(s.finalTableSize !== undefined ? { finalTableSize: s.finalTableSize } : {}),
    ...(s.spareSeats !== undefined ? { spareSeats: s.spareSeats } : {}),
    ...(s.buttonRule !== undefined ? { buttonRule: s.buttonRule } : {}),
    ...(s.colourUp !== undefined ? { colourUp: s.colourUp } : {}),
    ...(s.handForHand !== undefined ? { handForHand: s.handForHand } : {}),
    ...(s.oddChip !== undefined ? { oddChip: s.oddChip } : {}),
    ...(s.oneCardKills !== undefined ? { oneCardKills: s.oneCardKills } : {}),
    ...(s.mixedBy !== undefined ? { mixedBy: s.mixedBy } : {}),
    ...(s.reEntryCloses !== undefined ? { reEntryCloses: s.reEntryCloses } : {}),
    ...(s.addOnAt !== undefined ? { addOnAt: s.addOnAt } : {}),
    ...(s.playDownTo !== undefined ? { playDownTo: s.playDownTo } : {}),
    ...(s.tableMerge !== undefined ? { tableMerge: s.tableMerge } : {}),
    ...(s.buttonDraw !== undefined ? { buttonDraw: s.buttonDraw } : {}),
    ...(s.balancing !== undefined ? { balancing: s.balancing } : {}),
  };
  // R-TRN-6: every simulated entrant is there at the start, so the rule decides only whether it runs.
  return { sim, minPlayers: s.startRule?.minPlayers ?? null };
}

const USAGE = `felt simulate [--players N] [--preset NAME | --structure FILE] [--format FORMAT] [--seed S] [--runs K] [--hands-per-hour H] [--json] [--chart FILE.svg]

Plays a whole tournament with bots (the real hand engine at every table) and prints a summary.
  --players N        entrants (default 100)
  --preset NAME      structure preset: ${Object.keys(STRUCTURE_PRESETS).join(", ")}
  --structure FILE   a structure as JSON ({name, startingStack, chips, items:[{kind:"level",sb,bb,ante,minutes}|{kind:"break",minutes}]})
  --format FORMAT    ${FORMATS.join(", ")} (default freezeout)
  --seed S           random seed (default 1); same arguments and seed give the same output
  --runs K           K runs (seeds S..S+K-1): median and 10th/90th percentile of the end time
  --hands-per-hour H hands per table per hour (default 30 live, 60 speed and heads-up)
  --json             last line: one JSON object (hands, levels, chipsConserved, placements, ...)
  --chart FILE.svg   players left and average stack (big blinds) against time
  --settings FILE    the tournament's settings as JSON, as the server's create request takes them
                     ({"tableSize":10,"finalTableSize":9,"buttonRule":"moving","colourUp":"up",...});
                     the action clock, time bank and start are the server's and not simulated;
                     a start rule ({"startRule":{"minPlayers":5,"deadlineMinutes":15}}) with
                     fewer players cancels the event (R-TRN-6)
  --table-size N, --final-table-size N, --button dead|moving, --colour-up race|up,
  --mixed-by level|orbit, --play-down-to N, --table-merge fill|redraw,
  --button-draw suit|redraw|first-jack
  --balancing seed|tda
                     one setting each, over the file's

felt simulate --server URL[,URL...] [--director-file PATH] [--players N] [--preset NAME] [--seed S] [--json]
  Plays a real tournament on a running server: N bots sign up, the director funds and
  registers them, starts it, and they play over the WebSocket protocol to the end.
  Several URLs (the processes of a cluster): the bots are spread over them in turn. The
  director's NAME:PASSWORD comes from FELT_DIRECTOR or the file --director-file names
  (never the command line, where \`ps\` shows it). The bots all sign up from this
  machine: a server limiting sign-ups per address (5 by default) must allow them
  (felt serve --sign-ups-per-address 0).
  Default structure: 1-minute levels that double (a preset uses its real level times).`;

function parse(args: readonly string[]): Record<string, string | true> | string {
  const out: Record<string, string | true> = {};
  const flags = new Set(["json"]);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("--")) return `unexpected argument '${a}'`;
    const key = a.slice(2);
    if (flags.has(key)) out[key] = true;
    else {
      const v = args[++i];
      if (v === undefined) return `--${key} needs a value`;
      out[key] = v;
    }
  }
  return out;
}

const fmt = (n: number): string => n.toLocaleString("en-US");
const hm = (min: number): string => `${Math.floor(min / 60)}h${String(Math.round(min % 60)).padStart(2, "0")}`;

function summary(r: SimResult): string {
  const lines = [
    `felt simulate: ${fmt(r.players)} players, ${r.format}, structure ${r.structure}, seed ${r.seed}`,
    `entries ${fmt(r.entries)} · hands ${fmt(r.hands)} · levels reached ${r.levels} · duration ${hm(r.durationMinutes)} at ${r.handsPerHour} hands/hour per table`,
    `house: ${r.settings.tableSize} seats, final table ${r.settings.finalTableSize}, ${r.settings.buttonRule} button, ${r.settings.colourUp === "up" ? "chip-up" : "chip race"}${r.settings.handForHand ? ", hand-for-hand at the bubble" : ""}`,
    `prize pool ${fmt(r.prizePool)}${r.overlay > 0 ? ` (overlay ${fmt(r.overlay)})` : ""} · ${fmt(r.placesPaid)} paid · chips ${r.chipsConserved ? "conserved" : "NOT conserved"} (${r.conservationChecks} checks, colour-up rounding ${r.colourUpRounding >= 0 ? "+" : ""}${fmt(r.colourUpRounding)})`,
    `bot actions ${fmt(r.actions)}${r.timeouts > 0 ? ` · clock timeouts ${fmt(r.timeouts)}` : ""}${r.refusedBotActions > 0 ? ` · refused ${r.refusedBotActions}` : ""}`,
    "top places:",
  ];
  for (const p of r.placements.slice(0, 10)) {
    lines.push(`  ${p.places.join("/").padStart(5)}  ${p.entry.padEnd(12)} ${fmt(p.prize).padStart(12)}${p.seat ? "  (seat)" : ""}`);
  }
  return lines.join("\n");
}

function remoteSummary(r: RemoteSimResult): string {
  const lines = [
    `felt simulate: ${fmt(r.players)} players on ${r.server}${r.botsPerServer.length > 1 ? ` (${r.botsPerServer.join(" / ")} bots)` : ""}, tournament ${r.tournamentId}, structure ${r.structure}, seed ${r.seed}`,
    `entries ${fmt(r.entries)} · hands ${fmt(r.hands)} · levels reached ${r.levels} · duration ${Math.round(r.durationMinutes * 60)} s of real time`,
    `prize pool ${fmt(r.prizePool)} · ${fmt(r.placesPaid)} paid · chips ${r.chipsConserved ? "conserved" : "NOT conserved"} (${fmt(r.totalChips)} in play)`,
    `bot actions ${fmt(r.actions)}${r.refusedBotActions > 0 ? ` · refused ${r.refusedBotActions}` : ""}`,
    "top places:",
  ];
  for (const p of r.placements.slice(0, 10)) lines.push(`  ${p.places.join("/").padStart(5)}  ${p.player.padEnd(16)} ${fmt(p.prize).padStart(12)}`);
  return lines.join("\n");
}

/** --server: a real tournament on a running server (logic in src/clients/remote-sim.ts). */
async function runRemote(o: Record<string, string | true>): Promise<number> {
  const servers =
    typeof o["server"] === "string"
      ? o["server"]
          .split(",")
          .map((u) => u.trim())
          .filter((u) => u !== "")
      : [];
  const secrets = directorSecrets(process.env, typeof o["director-file"] === "string" ? o["director-file"] : undefined);
  if (!secrets.ok) {
    console.error(`felt simulate: ${secrets.error.message}`);
    return 2;
  }
  const director = secrets.value.at(-1);
  const players = Number(o["players"] ?? 100);
  const seed = Number(o["seed"] ?? 1);
  if (
    servers.length === 0 ||
    !servers.every((u) => /^https?:\/\//.test(u)) ||
    director === undefined ||
    !Number.isSafeInteger(players) ||
    players < 2 ||
    !Number.isSafeInteger(seed) ||
    seed < 0
  ) {
    console.error(
      `felt simulate: --server needs http(s) URLs (comma-separated), a director (FELT_DIRECTOR=NAME:PASSWORD or --director-file PATH), --players (≥ 2) and --seed whole numbers\n\n${USAGE}`,
    );
    return 2;
  }
  for (const k of ["structure", "format", "runs", "chart", "hands-per-hour"]) {
    if (o[k] !== undefined) {
      console.error(`felt simulate: --${k} is not available with --server`);
      return 2;
    }
  }
  const tty = process.stderr.isTTY === true;
  const r = await remoteSimulate({
    server: servers,
    players,
    seed,
    director,
    ...(typeof o["preset"] === "string" ? { presetId: o["preset"] } : {}),
    ...(tty
      ? {
          onProgress: (p: { playersLeft: number; level: number; hands: number }) =>
            process.stderr.write(`\r${fmt(p.playersLeft)} left · level ${p.level} · ${fmt(p.hands)} hands   `),
        }
      : {}),
  });
  if (tty) process.stderr.write("\r\x1b[K");
  if (!r.ok) {
    console.error(`felt simulate: ${r.error.code}: ${r.error.message}`);
    return 1;
  }
  const text = o["json"] === true ? JSON.stringify(r.value) : remoteSummary(r.value);
  await new Promise<void>((done) => process.stdout.write(`${text}\n`, () => done()));
  return r.value.chipsConserved ? 0 : 1;
}

export const command: Command = {
  summary: "play whole tournaments with bots: duration, placements, end-time percentiles",
  usage: USAGE,
  async run(args) {
    if (args.some((a) => a === "--director" || a.startsWith("--director="))) {
      console.error(`felt simulate: ${DIRECTOR_FLAG_REFUSED}`);
      return 2;
    }
    const o = parse(args);
    if (typeof o === "string") {
      console.error(`felt simulate: ${o}\n\n${USAGE}`);
      return 2;
    }
    if (o["server"] !== undefined) return runRemote(o);
    const num = (k: string, d: number): number | null => {
      const v = o[k];
      if (v === undefined) return d;
      const n = Number(v);
      return typeof v === "string" && Number.isSafeInteger(n) && n >= 0 ? n : null;
    };
    const players = num("players", 100);
    const seed = num("seed", 1);
    const runs = num("runs", 1);
    const hph = num("hands-per-hour", 0);
    if (players === null || players < 2 || seed === null || runs === null || runs < 1 || hph === null) {
      console.error("felt simulate: --players (≥ 2), --seed, --runs (≥ 1) and --hands-per-hour take whole numbers");
      return 2;
    }
    let structure: Structure | undefined;
    if (typeof o["structure"] === "string") {
      try {
        const parsed = validateStructure(JSON.parse(readFileSync(o["structure"], "utf8")) as Structure);
        if (!parsed.ok) {
          console.error(`felt simulate: ${parsed.error.code}: ${parsed.error.message}`);
          return 2;
        }
        structure = parsed.value;
      } catch (e) {
        console.error(`felt simulate: cannot read ${o["structure"]}: ${(e as Error).message}`);
        return 2;
      }
    }
    const read = readSettings(o);
    if (typeof read === "string") {
      console.error(`felt simulate: ${read}`);
      return 2;
    }
    if (read.minPlayers !== null && players < read.minPlayers) {
      console.log(`felt simulate: cancelled: ${fmt(players)} players, the start rule needs ${fmt(read.minPlayers)} (R-TRN-6); everyone is refunded`);
      if (o["json"] === true) console.log(JSON.stringify({ cancelled: true, players, minPlayers: read.minPlayers }));
      return 0;
    }
    const settings = read.sim;
    const tty = process.stderr.isTTY === true;
    const t0 = performance.now();
    let lastDraw = 0;
    const results: SimResult[] = [];
    for (let k = 0; k < runs; k++) {
      const r = simulate({
        players,
        seed: seed + k,
        ...(typeof o["format"] === "string" ? { format: o["format"] } : {}),
        ...(typeof o["preset"] === "string" ? { preset: o["preset"] } : {}),
        ...(structure !== undefined ? { structure } : {}),
        ...(hph !== null && hph > 0 ? { handsPerHour: hph } : {}),
        settings,
        chart: k === 0 && typeof o["chart"] === "string",
        onProgress: tty
          ? (p) => {
              const now = performance.now();
              if (now - lastDraw < 100) return;
              lastDraw = now;
              const done = 1 - (p.playersLeft - 1) / Math.max(1, p.entries - 1);
              const bar = "#".repeat(Math.round(done * 30)).padEnd(30, ".");
              process.stderr.write(
                `\r${runs > 1 ? `run ${k + 1}/${runs} ` : ""}[${bar}] ${fmt(p.playersLeft)} left · level ${p.level} · ${fmt(p.hands)} hands · ${hm(p.minutes)}   `,
              );
            }
          : undefined,
      } as Parameters<typeof simulate>[0]);
      if (!r.ok) {
        if (tty) process.stderr.write("\n");
        console.error(`felt simulate: ${r.error.code}: ${r.error.message}`);
        // A bad name is a usage error; anything else went wrong while playing.
        return r.error.code === SIM_ERRORS.unknownFormat || r.error.code === STRUCTURE_ERRORS.unknownPreset ? 2 : 1;
      }
      results.push(r.value);
    }
    if (tty) process.stderr.write("\r\x1b[K");
    const first = results[0]!;
    if (typeof o["chart"] === "string") {
      writeFileSync(o["chart"], chartSvg(first.chart ?? [], `${first.structure} ${first.format}: ${fmt(first.players)} players, seed ${first.seed}`));
    }
    const wall = (performance.now() - t0) / 1000;
    const rssMB = process.resourceUsage().maxRSS / 1024;
    const runsSummary = runs > 1 ? summarizeRuns(results) : null;
    let text: string;
    if (o["json"] === true) {
      const { chart: _chart, ...rest } = first;
      text = JSON.stringify(runsSummary !== null ? { ...rest, runs: runsSummary } : rest);
    } else {
      text = summary(first);
      if (runsSummary !== null) {
        const e = runsSummary.endMinutes;
        text += `\nend time over ${runs} runs: median ${hm(e.median)}, 10th percentile ${hm(e.p10)}, 90th percentile ${hm(e.p90)}`;
      }
    }
    // Wait for a large result to drain before writing to stderr, so the two never interleave.
    await new Promise<void>((done) => process.stdout.write(`${text}\n`, () => done()));
    // Wall time and memory vary from machine to machine: on stderr, so stdout stays byte-for-byte deterministic.
    console.error(`wall ${wall.toFixed(1)} s, peak memory ${Math.round(rssMB)} MB`);
    return 0;
  },
};
