// Failed sign-ins are limited per name and per address with a backoff
// (the 301st wrong password is refused, and so is the right one until the backoff has
// passed), sign-ups per address with a token bucket on the server's clock (the 6th in a
// burst is refused and makes nothing, other addresses are not held up), scrypt floods are bounded (503 + Retry-After, the lobby answers meanwhile), and
// sign-out ends sessions on the server; expired sessions are purged on the server's clock.
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
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

/** A sign-up from loopback address `from` (127.0.0.0/8 all reach the server on Linux). */
function signUpFrom(base: string, from: string, name: string, password = "signup-password-1") {
  const url = new URL("/api/v1/auth/sign-up", base);
  const body = JSON.stringify({ name, password });
  return new Promise<{ status: number; retryAfter: string | null; body: { token?: string; error?: { code: string } } }>((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", localAddress: from, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          const h = res.headers["retry-after"];
          resolve({ status: res.statusCode ?? 0, retryAfter: typeof h === "string" ? h : null, body: JSON.parse(text) as never });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("sign-up limits", () => {
  it("the 6th sign-up from one address is refused 429 with Retry-After and makes nothing; other addresses go on; the window refills", async () => {
    const { base, clock, server } = await start();
    const exists = async (name: string) => (await server.svc.accounts.userByName(name)).ok;
    for (let i = 0; i < 5; i++) expect((await signUpFrom(base, "127.0.0.1", `one-${i}`)).status).toBe(200);
    const sixth = await signUpFrom(base, "127.0.0.1", "one-5");
    expect(sixth.status).toBe(429);
    expect(sixth.body.error?.code).toBe("auth/too-many-sign-ups");
    expect(sixth.body.token).toBeUndefined();
    // 5 per 10 minutes: the next one is two minutes away
    expect(sixth.retryAfter).toBe("120");
    expect(await exists("one-5")).toBe(false);
    expect(await exists("one-4")).toBe(true);

    // another address is not held up by this one
    for (let i = 0; i < 5; i++) expect((await signUpFrom(base, "127.0.0.2", `two-${i}`)).status).toBe(200);

    // a flood at once from a third address: exactly the burst gets through
    const flood = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpFrom(base, "127.0.0.3", `flood-${i}`)));
    expect(flood.filter((r) => r.status === 200)).toHaveLength(5);
    expect(flood.filter((r) => r.status === 429 && r.body.error?.code === "auth/too-many-sign-ups")).toHaveLength(15);
    expect((await server.svc.accounts.users("player")).filter((u) => u.name.startsWith("flood-"))).toHaveLength(5);

    // the refill, on the server's clock: one every two minutes, the whole burst after ten
    clock.advance(119_000);
    expect((await signUpFrom(base, "127.0.0.1", "one-5")).status).toBe(429);
    clock.advance(1_000);
    expect((await signUpFrom(base, "127.0.0.1", "one-5")).status).toBe(200);
    expect((await signUpFrom(base, "127.0.0.1", "one-6")).status).toBe(429);
    clock.advance(10 * 60_000);
    for (let i = 6; i < 11; i++) expect((await signUpFrom(base, "127.0.0.1", `one-${i}`)).status).toBe(200);
    expect((await signUpFrom(base, "127.0.0.1", "one-11")).status).toBe(429);
    expect(await exists("one-11")).toBe(false);
  });

  it("a refused name or password says why (a stable reason, the bounds of a length), and makes nothing", async () => {
    const { base, server } = await start();
    type Refused = { error: { code: string; cause: string; details: Record<string, unknown> } };
    const refused = async (name: string, password: string) => (await api<Refused>(base, "POST", "/api/v1/auth/sign-up", { name, password })).body.error;
    expect(await refused("Александра", "signup-password-1")).toMatchObject({
      code: "protocol/invalid-message",
      cause: "accounts/bad-name",
      details: { reason: "characters" },
    });
    expect(await refused("ab", "signup-password-1")).toMatchObject({ cause: "accounts/bad-name", details: { reason: "length", min: 3, max: 20 } });
    expect(await refused("Support", "signup-password-1")).toMatchObject({ cause: "accounts/bad-name", details: { reason: "reserved" } });
    expect(await refused("Bodil", "password1")).toMatchObject({ cause: "accounts/bad-password", details: { reason: "common" } });
    expect(await refused("Bodil", "bodil")).toBeDefined(); // under the protocol's 8: refused before the rules
    expect(await refused("Bodilsson", "BODILSSON")).toMatchObject({ cause: "accounts/bad-password", details: { reason: "the-name" } });
    expect(await server.svc.accounts.users("player")).toEqual([]);
  });

  it("a sign-up that makes no account (a taken name, a bad password) does not count", async () => {
    const { base } = await start();
    expect((await signUpFrom(base, "127.0.0.4", "Taken")).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signUpFrom(base, "127.0.0.4", "taken")).body.error?.code).toBe("auth/name-taken");
    for (let i = 0; i < 10; i++) expect((await signUpFrom(base, "127.0.0.4", `short-${i}`, "x")).status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await signUpFrom(base, "127.0.0.4", `fresh-${i}`)).status).toBe(200);
    expect((await signUpFrom(base, "127.0.0.4", "fresh-4")).status).toBe(429);
  });

  it("the limit is a setting: 2 per minute refuses the 3rd; 0 (--sign-ups-per-address 0) is no limit", async () => {
    const two = await start({ signUpLimits: { perAddress: 2, windowMs: 60_000 } });
    for (let i = 0; i < 2; i++) expect((await signUpFrom(two.base, "127.0.0.1", `pair-${i}`)).status).toBe(200);
    const third = await signUpFrom(two.base, "127.0.0.1", "pair-2");
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe("30");
    const none = await start({ signUpLimits: { perAddress: 0 } });
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => signUpFrom(none.base, "127.0.0.1", `many-${i}`)));
    expect(many.map((r) => r.status)).toEqual(Array.from({ length: 40 }, () => 200));
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
