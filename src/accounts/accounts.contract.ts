// One suite for the Accounts service over every AccountStore backend.
import { afterEach, describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import type { AccountStore } from "./account-store.ts";
import { Accounts, hashToken } from "./accounts.ts";

export interface AccountStoreFixture {
  open(): Promise<AccountStore>;
  destroy(): Promise<void>;
}

const FAST = { N: 1024, r: 8, p: 1 };
const HOUR = 3_600_000;

export function describeAccountsContract(name: string, factory: () => Promise<AccountStoreFixture>): void {
  describe(`Accounts contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });
    async function fresh() {
      const fixture = await factory();
      cleanups.push(() => fixture.destroy());
      const store = await fixture.open();
      cleanups.push(() => store.close());
      const clock = { t: 1_000_000 };
      const accounts = new Accounts({ store, now: () => clock.t, sessionTtlMs: HOUR, scrypt: FAST });
      return { accounts, store, clock, fixture };
    }

    it("sign-up makes a signed-in player; the token authenticates until it expires", async () => {
      const { accounts, clock } = await fresh();
      const s = unwrap(await accounts.signUp("Ann", "correct horse"));
      expect(s.user).toMatchObject({ name: "Ann", role: "player", createdAt: 1_000_000 });
      expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(s.token, "base64url")).toHaveLength(32);
      expect(s.expiresAt).toBe(1_000_000 + HOUR);
      expect(unwrap(await accounts.authenticate(s.token))).toEqual(s.user);
      clock.t += HOUR - 1;
      expect((await accounts.authenticate(s.token)).ok).toBe(true);
      clock.t += 1;
      const expired = await accounts.authenticate(s.token);
      expect(!expired.ok && expired.error.code).toBe("accounts/session-expired");
      const gone = await accounts.authenticate(s.token);
      expect(!gone.ok && gone.error.code).toBe("accounts/bad-session");
    });

    it("only the token's hash is stored, and the password only as an scrypt hash", async () => {
      const { accounts, store } = await fresh();
      const s = unwrap(await accounts.signUp("Ann", "correct horse"));
      expect(await store.sessionByHash(hashToken(s.token))).toMatchObject({ userId: s.user.id });
      expect(await store.sessionByHash(s.token)).toBeNull();
      const rec = await store.userById(s.user.id);
      expect(rec?.passwordHash).toMatch(/^scrypt\$/);
      expect(rec?.passwordHash).not.toContain("correct horse");
      expect(JSON.stringify(s)).not.toContain("scrypt");
    });

    it("accounts/name-taken ignoring case, also when two sign-ups race", async () => {
      const { accounts } = await fresh();
      unwrap(await accounts.signUp("Ann", "correct horse"));
      const again = await accounts.signUp("aNN", "another password");
      expect(!again.ok && again.error.code).toBe("accounts/name-taken");
      const race = await Promise.all([accounts.signUp("Bob", "first password"), accounts.signUp("bob", "second password")]);
      expect(race.filter((r) => r.ok)).toHaveLength(1);
      expect(race.filter((r) => !r.ok && r.error.code === "accounts/name-taken")).toHaveLength(1);
      expect((await accounts.users()).map((u) => u.name.toLowerCase()).sort()).toEqual(["ann", "bob"]);
    });

    it("bad names and passwords are refused before anything is stored", async () => {
      const { accounts } = await fresh();
      const n = await accounts.signUp("x", "correct horse");
      expect(!n.ok && n.error.code).toBe("accounts/bad-name");
      const p = await accounts.signUp("Carol", "short");
      expect(!p.ok && p.error.code).toBe("accounts/bad-password");
      expect(await accounts.users()).toEqual([]);
    });

    it("sign-in: right password opens a new session; wrong password or unknown name is accounts/bad-credentials", async () => {
      const { accounts } = await fresh();
      const up = unwrap(await accounts.signUp("Ann", "correct horse"));
      const s = unwrap(await accounts.signIn("ann", "correct horse"));
      expect(s.user.id).toBe(up.user.id);
      expect(s.token).not.toBe(up.token);
      for (const [n, p] of [
        ["Ann", "wrong horse!"],
        ["Nobody", "correct horse"],
        ["Ann", ""],
      ] as const) {
        const r = await accounts.signIn(n, p);
        expect(!r.ok && r.error).toEqual({ code: "accounts/bad-credentials", message: "wrong name or password" });
      }
    });

    it("sign-out ends that session only; malformed tokens are accounts/bad-session", async () => {
      const { accounts } = await fresh();
      const a = unwrap(await accounts.signUp("Ann", "correct horse"));
      const b = unwrap(await accounts.signIn("Ann", "correct horse"));
      await accounts.signOut(a.token);
      expect((await accounts.authenticate(a.token)).ok).toBe(false);
      expect((await accounts.authenticate(b.token)).ok).toBe(true);
      for (const t of ["", "x", `${"a".repeat(43)}=`, "' OR 1=1 --"]) {
        const r = await accounts.authenticate(t);
        expect(!r.ok && r.error.code).toBe("accounts/bad-session");
      }
    });

    it("roles: only a director promotes; the promoted user's sessions end", async () => {
      const { accounts } = await fresh();
      const dir = unwrap(await accounts.createUser("Dora", "director password", "director"));
      const ann = unwrap(await accounts.signUp("Ann", "correct horse"));
      const denied = await accounts.setRole(ann.user, ann.user.id, "director");
      expect(!denied.ok && denied.error.code).toBe("accounts/forbidden");
      expect(unwrap(await accounts.setRole(dir, ann.user.id, "director")).role).toBe("director");
      expect((await accounts.authenticate(ann.token)).ok).toBe(false);
      expect((await accounts.users("director")).map((u) => u.name).sort()).toEqual(["Ann", "Dora"]);
      const self = await accounts.setRole(dir, dir.id, "player");
      expect(!self.ok && self.error.code).toBe("accounts/forbidden");
      const ghost = await accounts.setRole(dir, "u_missing", "player");
      expect(!ghost.ok && ghost.error.code).toBe("accounts/unknown-user");
    });

    it("changing the password ends every session; the old password stops working", async () => {
      const { accounts } = await fresh();
      const s = unwrap(await accounts.signUp("Ann", "correct horse"));
      const wrong = await accounts.changePassword(s.user.id, "not it at all", "brand new horse");
      expect(!wrong.ok && wrong.error.code).toBe("accounts/bad-credentials");
      unwrap(await accounts.changePassword(s.user.id, "correct horse", "brand new horse"));
      expect((await accounts.authenticate(s.token)).ok).toBe(false);
      expect((await accounts.signIn("Ann", "correct horse")).ok).toBe(false);
      expect((await accounts.signIn("Ann", "brand new horse")).ok).toBe(true);
    });

    it("expired sessions are purged by the injected clock; users survive a reopen", async () => {
      const { accounts, clock, fixture } = await fresh();
      unwrap(await accounts.signUp("Ann", "correct horse"));
      clock.t += HOUR / 2;
      const later = unwrap(await accounts.signIn("Ann", "correct horse"));
      clock.t += HOUR / 2;
      expect(await accounts.purgeExpiredSessions()).toBe(1);
      expect((await accounts.authenticate(later.token)).ok).toBe(true);
      const store2 = await fixture.open();
      cleanups.push(() => store2.close());
      const again = new Accounts({ store: store2, now: () => clock.t, scrypt: FAST });
      expect((await again.signIn("ANN", "correct horse")).ok).toBe(true);
      expect((await again.authenticate(later.token)).ok).toBe(true);
    });

    it("player numbers: one each from 1001, unique also when sign-ups race, kept across a reopen", async () => {
      const { accounts, clock, fixture } = await fresh();
      const ann = unwrap(await accounts.signUp("Ann", "correct horse"));
      expect(ann.user.number).toBe(1001);
      const dir = unwrap(await accounts.createUser("Dora", "director password", "director"));
      expect(dir.number).toBe(1002);
      const taken = await accounts.signUp("ann", "another password");
      expect(!taken.ok && taken.error.code).toBe("accounts/name-taken");
      const race = await Promise.all(["Cid", "Dan", "Eve", "Fay", "Gus"].map((n) => accounts.signUp(n, "correct horse")));
      const numbers = race.map((r) => unwrap(r).user.number);
      expect([...numbers].sort()).toEqual([1003, 1004, 1005, 1006, 1007]);
      expect(unwrap(await accounts.authenticate(ann.token)).number).toBe(1001);
      const store2 = await fixture.open();
      cleanups.push(() => store2.close());
      const again = new Accounts({ store: store2, now: () => clock.t, scrypt: FAST });
      expect(unwrap(await again.userByName("ANN")).number).toBe(1001);
      expect(unwrap(await again.userByNumber(1002)).name).toBe("Dora");
      expect(unwrap(await again.createUser("Hal", "correct horse", "player")).number).toBe(1008);
    });

    it("the desk finds players by number and by shown or account name, ignoring case and accents", async () => {
      const { accounts } = await fresh();
      const j1 = unwrap(await accounts.createUser("John.Smith", "correct horse", "player", "John  Smith"));
      const j2 = unwrap(await accounts.createUser("John.Smith-2", "correct horse", "player", "John Smith"));
      const bodil = unwrap(await accounts.createUser("Bodil.As", "correct horse", "player", "Bodil Ås"));
      unwrap(await accounts.signUp("Ann", "correct horse"));
      expect(j1.displayName).toBe("John Smith");
      expect(j1.number).not.toBe(j2.number);
      expect((await accounts.findPlayers("john smith")).map((u) => u.number)).toEqual([j1.number, j2.number]);
      expect((await accounts.findPlayers("smith")).map((u) => u.id)).toEqual([j1.id, j2.id]);
      expect((await accounts.findPlayers("bodil as")).map((u) => u.id)).toEqual([bodil.id]);
      expect((await accounts.findPlayers("BODIL.AS")).map((u) => u.id)).toEqual([bodil.id]);
      expect((await accounts.findPlayers("ann")).map((u) => u.displayName)).toEqual(["Ann"]);
      for (const q of [String(j2.number), `#${j2.number}`, `P-${j2.number}`]) expect((await accounts.findPlayers(q)).map((u) => u.id)).toEqual([j2.id]);
      expect(await accounts.findPlayers("#99999")).toEqual([]);
      expect(await accounts.findPlayers("%")).toEqual([]);
      expect(await accounts.findPlayers("_")).toEqual([]);
      expect(await accounts.findPlayers("   ")).toEqual([]);
      const nobody = await accounts.userByNumber(99999);
      expect(!nobody.ok && nobody.error.code).toBe("accounts/unknown-user");
    });
  });
}
