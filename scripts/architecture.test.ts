// The architecture as a test: dependencies point one way, and the pure core
// (cards, engine, tournament, bots, protocol) touches no Node API, no clock and no
// ambient randomness, so every hand and tournament replays from its seed and log.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { cruise } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const src = join(root, "src");

/** Which src folders each folder may import from (besides itself). */
const allowed: Record<string, readonly string[]> = {
  lib: [],
  cards: ["lib"],
  engine: ["lib", "cards"],
  tournament: ["lib", "cards", "engine"],
  bots: ["lib", "cards", "engine", "tournament"],
  protocol: ["lib", "cards", "engine", "tournament"],
  conformance: ["lib", "cards", "engine", "tournament"],
  sim: ["lib", "cards", "engine", "tournament", "bots"],
  store: ["lib", "cards", "engine", "tournament"],
  accounts: ["lib", "store"],
  runtime: ["lib", "cards", "engine", "tournament", "bots", "store", "accounts", "protocol"],
  /** Cluster mode: partitions, leases on NATS JetStream, fencing; between runtime and server. */
  cluster: ["lib", "cards", "engine", "tournament", "bots", "store", "accounts", "runtime", "protocol"],
  /** Programs that play a running server over the wire, as any client would. */
  clients: ["lib", "cards", "engine", "tournament", "bots", "protocol", "sim"],
  server: ["lib", "cards", "engine", "tournament", "bots", "store", "accounts", "runtime", "cluster", "protocol", "sim"],
  cli: ["lib", "cards", "engine", "tournament", "bots", "store", "accounts", "runtime", "cluster", "server", "protocol", "conformance", "sim", "clients"],
};
const pure = new Set(["lib", "cards", "engine", "tournament", "bots", "protocol", "sim"]);
/** Packages the pure core may use: pure JavaScript, no I/O. */
const pureDeps = new Set(["@noble/hashes", "smol-toml", "zod"]);
const impure = [/\bDate\.now\b/, /\bMath\.random\b/, /\bnew Date\(\s*\)/, /\bperformance\.now\b/, /\bprocess\./, /\brequire\(/];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const importRe = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function imports(text: string): string[] {
  return [...text.matchAll(importRe)].map((m) => m[1] ?? m[2] ?? "");
}

const sources = files(src).map((path) => ({
  path,
  rel: relative(src, path),
  folder: relative(src, path).split("/")[0]!,
  text: readFileSync(path, "utf8"),
}));

describe("architecture", () => {
  it("every src folder has a declared place in the layering", () => {
    const unknown = [...new Set(sources.map((s) => s.folder))].filter((f) => !(f in allowed) && !f.endsWith(".ts"));
    expect(unknown).toEqual([]);
  });

  it("imports between src folders point one way only", () => {
    const bad: string[] = [];
    for (const s of sources) {
      const may = allowed[s.folder];
      if (may === undefined) continue;
      for (const spec of imports(s.text)) {
        if (!spec.startsWith(".")) continue;
        const target = relative(src, join(s.path, "..", spec)).split("/")[0]!;
        if (target !== s.folder && !target.startsWith("..") && !may.includes(target)) bad.push(`${s.rel} imports ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("the pure core uses no Node API, clock or ambient randomness", () => {
    const bad: string[] = [];
    for (const s of sources.filter((x) => pure.has(x.folder))) {
      for (const spec of imports(s.text)) {
        if (spec.startsWith(".")) continue;
        const pkg = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
        if (!pureDeps.has(pkg)) bad.push(`${s.rel} imports ${spec}`);
      }
      const code = s.text.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
      for (const re of impure) if (re.test(code)) bad.push(`${s.rel} uses ${re.source}`);
    }
    expect(bad).toEqual([]);
  });

  it("no test harness in src: what only tests use lives in testkit/", () => {
    const bad: string[] = [];
    for (const s of sources) {
      if (/(^|\/)(testing|fixtures)(\/|\.)|test-helpers|\.test-data\./.test(s.rel)) bad.push(`${s.rel} is test harness`);
      for (const spec of imports(s.text)) if (spec.includes("testkit/")) bad.push(`${s.rel} imports ${spec}`);
    }
    expect(bad).toEqual([]);
  });

  it("every error code a function fails with is named from its layer's catalogue, not spelled out", () => {
    const bad: string[] = [];
    for (const s of sources) for (const m of s.text.matchAll(/\bfail\(\s*"([a-z]+\/[a-z0-9-]+)"/g)) bad.push(`${s.rel}: ${m[1]}`);
    expect(bad).toEqual([]);
  });

  // A circle, type imports included, means two modules cannot be understood (or replaced)
  // one without the other: the handler that needs the whole server, the command that
  // needs the CLI's entry point.
  it("no import circles anywhere in src, testkit or the web app", async () => {
    const result = await cruise(["src", "testkit", "web/src"], {
      baseDir: root,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: join(root, "tsconfig.json") },
      exclude: { path: "node_modules" },
      doNotFollow: { path: "node_modules" },
      validate: true,
      ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true } }] },
    });
    const output = result.output;
    if (typeof output === "string") throw new Error(output);
    const circles = output.summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(" → "));
    expect(circles).toEqual([]);
  }, 120_000);
});
