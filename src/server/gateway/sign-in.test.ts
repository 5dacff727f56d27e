// Failed sign-ins are limited per name and per address with a backoff
// (the 301st wrong password is refused, and so is the right one until the backoff has
// passed), scrypt floods are bounded (503 + Retry-After, the lobby answers meanwhile), and
// sign-out ends sessions on the server; expired sessions are purged on the server's clock.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { FeltServer, SESSION_PURGE_MS } from "../felt-server.ts";
import { ManualClock } from "../clock.ts";
import { api, must } from "../../../testkit/server/harness.ts";

const FAST = { N: 1024, r: 8, p: 1 };
const servers: FeltServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(extra: Parameters<typeof FeltServer.start>[0] = {}) {
  const clock = new ManualClock();
  const server = await FeltServer.start({ db: ":memory:", port: 0, scrypt: FAST, webDist: null, clock, log: () => {}, ...extra });
  servers.push(server);
  return { server, clock, base: server.url };
}

async function signIn(base: string, name: string, password: string) {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as { token?: string; error?: { code: string; details?: Record<string, unknown> } },
  };
}

describe("sign-in limits", () => {
  it("the 301st wrong password is refused, the right one too until the backoff has passed", async () => {
    const { base, clock } = await start();
    await must(api(base, "POST", "/api/v1/auth/sign-up", { name: "Ann", password: "ann-password-1" }));
    const codes = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const r = await signIn(base, "Ann", `wrong-password-${i}`);
      codes.set(r.body.error!.code, (codes.get(r.body.error!.code) ?? 0) + 1);
    }
    expect(codes.get("auth/bad-credentials")).toBe(5);
    expect(codes.get("auth/too-many-attempts")).toBe(295);
    const right = await signIn(base, "Ann", "ann-password-1");
    expect(right.status).toBe(429);
    expect(right.body.error?.code).toBe("auth/too-many-attempts");
    const wait = Number(right.retryAfter);
    expect(wait).toBeGreaterThanOrEqual(1);
    clock.advance(wait * 1000 - 1000);
    expect((await signIn(base, "Ann", "ann-password-1")).status).toBe(429);
    clock.advance(1000);
    const ok = await signIn(base, "Ann", "ann-password-1");
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeDefined();
  });

  it("each failure past the free ones doubles the wait; a success clears the name's count", async () => {
    const { base, clock } = await start({ signInLimits: { perName: 2, perAddress: 1000, baseMs: 1000, maxMs: 8000, forgetMs: 3_600_000, maxEntries: 100 } });
    await must(api(base, "POST", "/api/v1/auth/sign-up", { name: "Bodil", password: "bo-password-1" }));
    const waits: number[] = [];
    for (let i = 0; i < 2; i++) expect((await signIn(base, "Bodil", "wrong-password")).status).toBe(401);
    for (let i = 0; i < 6; i++) {
      const r = await signIn(base, "Bodil", "wrong-password");
      expect(r.status).toBe(429);
      waits.push(Number(r.retryAfter));
      clock.advance(Number(r.retryAfter) * 1000);
      expect((await signIn(base, "Bodil", "wrong-password")).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
    clock.advance(8000);
    expect((await signIn(base, "Bodil", "bo-password-1")).status).toBe(200);
    expect((await signIn(base, "Bodil", "wrong-password")).status).toBe(401);
    expect((await signIn(base, "Bodil", "wrong-password")).status).toBe(401);
    expect((await signIn(base, "Bodil", "bo-password-1")).status).toBe(429);
  });

  it("one address failing on many names is refused for any name", async () => {
    const { base } = await start({ signInLimits: { perName: 100, perAddress: 4, baseMs: 60_000, maxMs: 60_000, forgetMs: 3_600_000, maxEntries: 100 } });
    await must(api(base, "POST", "/api/v1/auth/sign-up", { name: "Cyril", password: "cy-password-1" }));
    for (let i = 0; i < 4; i++) expect((await signIn(base, `nobody-${i}`, "some-password")).status).toBe(401);
    const r = await signIn(base, "Cyril", "cy-password-1");
    expect(r.status).toBe(429);
    expect(r.retryAfter).toBe("60");
  });

  it("a flood of sign-ins is bounded: the excess is answered 503 with Retry-After and the lobby still answers", async () => {
    const { base } = await start({ scryptLimits: { concurrent: 1, queued: 2 } });
    const flood = Array.from({ length: 30 }, (_, i) => signIn(base, `flood-${i}`, "flood-password"));
    const lobby = await api(base, "GET", "/api/v1/lobby");
    const answers = await Promise.all(flood);
    expect(lobby.status).toBe(200);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(b.body.error?.code).toBe("server/unavailable");
      expect(Number(b.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(3);
    expect(busy.length + answers.filter((a) => a.status === 401).length).toBe(30);
  });
});

describe("sign-out", () => {
  it("sign-out ends this session on the server; sign-out-everywhere ends every other", async () => {
    const { base } = await start();
    await must(api(base, "POST", "/api/v1/auth/sign-up", { name: "Dag", password: "dag-password-1" }));
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push((await signIn(base, "Dag", "dag-password-1")).body.token!);
    const me = (t: string) => api(base, "GET", "/api/v1/me", undefined, t).then((r) => r.status);
    expect(await Promise.all(tokens.map(me))).toEqual([200, 200, 200]);
    expect(await must(api(base, "POST", "/api/v1/auth/sign-out", {}, tokens[0]))).toEqual({ signedOut: 1 });
    expect(await Promise.all(tokens.map(me))).toEqual([401, 200, 200]);
    expect(await must(api(base, "POST", "/api/v1/auth/sign-out-everywhere", {}, tokens[1]))).toEqual({ signedOut: 3 });
    expect(await Promise.all(tokens.map(me))).toEqual([401, 401, 401]);
    expect((await api(base, "POST", "/api/v1/auth/sign-out", {})).status).toBe(401);
  });

  it("expired sessions are purged from the database on the server's clock", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-purge-"));
    dirs.push(dir);
    const file = join(dir, "felt.sqlite");
    const { base, clock } = await start({ db: `sqlite:${file}`, sessionTtlMs: SESSION_PURGE_MS / 2 });
    await must(api(base, "POST", "/api/v1/auth/sign-up", { name: "Eir", password: "eir-password-1" }));
    const count = () => {
      const db = new Database(file, { readonly: true });
      const n = (db.prepare("SELECT count(*) AS n FROM sessions").get() as { n: number }).n;
      db.close();
      return n;
    };
    expect(count()).toBe(1);
    clock.advance(SESSION_PURGE_MS);
    for (let i = 0; i < 20 && count() > 0; i++) await new Promise((r) => setImmediate(r));
    expect(count()).toBe(0);
  });
});
