// No password on the command line (`ps` shows it to every local user):
// the director comes from FELT_DIRECTOR or --director-file, the old --director is refused
// with a message saying so; a SQLite path that cannot hold a database is refused at start.
// The limits' flags are checked and reach the server's options.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkSqlitePath } from "../../store/index.ts";
import { directorSecrets } from "../director-secret.ts";
import { command as serve, parseServeArgs } from "./serve.ts";
import { command as simulate } from "./simulate.ts";

const dir = mkdtempSync(join(tmpdir(), "felt-serve-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function capture(run: () => Promise<number>) {
  const err: string[] = [];
  const error = console.error;
  console.error = (...parts: unknown[]) => void err.push(parts.join(" "));
  try {
    return { code: await run(), err: err.join("\n") };
  } finally {
    console.error = error;
  }
}

describe("the director's password stays off the command line", () => {
  it("felt serve --director NAME:PASSWORD is refused with a message naming the safe ways", async () => {
    for (const args of [["--director", "floor:secret-pass"], ["--director=floor:secret-pass"]]) {
      const r = await capture(() => serve.run(args));
      expect(r.code).toBe(2);
      expect(r.err).toContain("visible to every local user in `ps`");
      expect(r.err).toContain("FELT_DIRECTOR");
      expect(r.err).toContain("--director-file");
    }
  });

  it("felt simulate --server --director NAME:PASSWORD is refused the same way", async () => {
    const r = await capture(() => simulate.run(["--server", "http://127.0.0.1:1", "--director", "floor:secret-pass"]));
    expect(r.code).toBe(2);
    expect(r.err).toContain("visible to every local user in `ps`");
  });

  it("the director comes from FELT_DIRECTOR or the first line of --director-file", () => {
    const file = join(dir, "director");
    writeFileSync(file, "floor:secret pass:with colon\nignored\n", { mode: 0o600 });
    expect(directorSecrets({}, undefined)).toEqual({ ok: true, value: [] });
    expect(directorSecrets({ FELT_DIRECTOR: "floor:secret-pass" }, undefined)).toEqual({ ok: true, value: [{ name: "floor", password: "secret-pass" }] });
    expect(directorSecrets({}, file)).toEqual({ ok: true, value: [{ name: "floor", password: "secret pass:with colon" }] });
    expect(directorSecrets({ FELT_DIRECTOR: "nocolon" }, undefined).ok).toBe(false);
    expect(directorSecrets({ FELT_DIRECTOR: "floor:" }, undefined).ok).toBe(false);
    const missing = directorSecrets({}, join(dir, "missing"));
    expect(missing.ok).toBe(false);
  });

  it("felt serve --ws-per-address takes a whole number ≥ 1", async () => {
    const r = await capture(() => serve.run(["--ws-per-address", "0"]));
    expect(r.code).toBe(2);
    expect(r.err).toContain("--ws-per-address must be a whole number");
  });

  it("felt serve --sign-ups-per-address N reaches the server (0: no limit); --bench and --demo lift it unless given", () => {
    const limit = (args: string[]) => {
      const o = parseServeArgs(args);
      if (typeof o === "string") throw new Error(o);
      return o.signUpLimits;
    };
    expect(limit([])).toBeUndefined();
    expect(limit(["--sign-ups-per-address", "3"])).toEqual({ perAddress: 3 });
    expect(limit(["--sign-ups-per-address", "0"])).toEqual({ perAddress: 0 });
    expect(limit(["--bench"])).toEqual({ perAddress: 0 });
    expect(limit(["--demo"])).toEqual({ perAddress: 0 });
    expect(limit(["--demo", "--sign-ups-per-address", "2"])).toEqual({ perAddress: 2 });
    for (const bad of ["-1", "1.5", "many"]) expect(parseServeArgs(["--sign-ups-per-address", bad])).toBe("--sign-ups-per-address must be a whole number ≥ 0");
  });

  it("felt serve --cluster needs a PostgreSQL --db; its flags go only with --cluster", async () => {
    for (const args of [["--cluster"], ["--cluster", "--db", "sqlite:/tmp/x.sqlite"], ["--cluster", "--nats", "nats://127.0.0.1:4222"]]) {
      const r = await capture(() => serve.run(args));
      expect(r.code).toBe(2);
      expect(r.err).toContain("--cluster needs --db postgres://");
    }
    for (const flag of [["--nats", "nats://127.0.0.1:4222"], ["--tables-with-director"], ["--split-tables"], ["--public-url", "http://10.0.0.2:8080"]]) {
      const alone = await capture(() => serve.run(flag));
      expect(alone.code).toBe(2);
      expect(alone.err).toContain("go with --cluster");
    }
  });

  it("felt serve --cluster --public-url takes an http(s) origin and refuses anything a client could not open /ws/v1 at", () => {
    const pg = ["--cluster", "--db", "postgres://127.0.0.1:5432/test"];
    const url = (v: string) => {
      const r = parseServeArgs([...pg, "--public-url", v]);
      return typeof r === "string" ? r : r.cluster?.publicUrl;
    };
    expect(url("http://10.0.0.2:8080")).toBe("http://10.0.0.2:8080");
    expect(url("https://m2.felt.example/")).toBe("https://m2.felt.example");
    for (const bad of [
      "m2.felt.example",
      "ftp://m2.felt.example",
      "https://m2.felt.example/room",
      "https://m2.felt.example?x=1",
      "https://u:p@m2.felt.example",
      "javascript:alert(1)",
    ])
      expect(url(bad), bad).toContain("--public-url must be an http:// or https:// address");
    const none = parseServeArgs(pg);
    expect(typeof none === "string" ? none : none.cluster).toMatchObject({ nats: expect.any(String) });
    expect(typeof none === "string" ? none : none.cluster?.publicUrl).toBeUndefined();
  });

  it("felt serve --director-file with an unreadable file stops with a clear message", async () => {
    const r = await capture(() => serve.run(["--director-file", join(dir, "missing")]));
    expect(r.code).toBe(2);
    expect(r.err).toContain("cannot read --director-file");
  });
});

describe("a SQLite path that cannot hold a database is refused", () => {
  it("/proc, /sys, /dev and a directory are refused with the reason; a fresh path in a new directory is fine", () => {
    for (const p of ["/proc/felt.sqlite", "/proc/self/felt.sqlite", "/sys/felt.sqlite", "/dev/null", "/dev/shm/../null"]) {
      const r = checkSqlitePath(p);
      expect(r.ok, p).toBe(false);
      if (!r.ok) expect(r.error.message).toContain("cannot hold a database");
    }
    expect(checkSqlitePath(dir)).toMatchObject({ ok: false, error: { message: expect.stringContaining("is a directory") } });
    expect(checkSqlitePath(join(dir, "new", "felt.sqlite")).ok).toBe(true);
    expect(checkSqlitePath(":memory:").ok).toBe(true);
  });

  it("felt serve --db sqlite:/proc/... exits with the error instead of hanging", async () => {
    const r = await capture(() => serve.run(["--db", "sqlite:/proc/felt/felt.sqlite", "--port", "0"]));
    expect(r.code).toBe(1);
    expect(r.err).toContain("cannot hold a database");
  });
});
