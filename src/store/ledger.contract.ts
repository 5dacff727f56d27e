// The one contract every Ledger backend passes (ledger.sqlite.test.ts, ledger.postgres.test.ts).
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import type { Ledger, TransactionInput } from "./ledger.ts";
import { HOUSE_FEES, mayGoNegative, ORGANISER_FUNDING, ticketAsset } from "./ledger-accounts.ts";
import * as post from "./ledger-postings.ts";

export interface LedgerFixture {
  open(options?: { now?: () => number }): Promise<Ledger>;
  destroy(): Promise<void>;
}

const EUR = "EUR";

export function describeLedgerContract(name: string, factory: () => Promise<LedgerFixture>, options: { propertyRuns: number }): void {
  describe(`Ledger contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });
    async function fresh(): Promise<{ ledger: Ledger; fixture: LedgerFixture }> {
      const fixture = await factory();
      cleanups.push(() => fixture.destroy());
      const ledger = await fixture.open({ now: () => 1_000 });
      cleanups.push(() => ledger.close());
      return { ledger, fixture };
    }
    const must = async (ledger: Ledger, built: post.Built) => unwrap(await ledger.post(unwrap(built)));

    it("a director's deposit credits the player; a buy-in splits into pool and fee", async () => {
      const { ledger } = await fresh();
      await must(ledger, post.deposit({ key: "d1", asset: EUR, player: "p1", amount: 10_000, director: "dir" }));
      const r = await must(ledger, post.buyIn({ key: "b1", asset: EUR, player: "p1", tournament: "t1", amount: 5_000, fee: 500 }));
      expect(r).toMatchObject({ key: "b1", kind: "buy-in", replayed: false, at: 1_000, memo: { tournament: "t1" } });
      expect(await ledger.balance("player:p1", EUR)).toBe(4_500);
      expect(await ledger.balance("pool:t1", EUR)).toBe(5_000);
      expect(await ledger.balance(HOUSE_FEES, EUR)).toBe(500);
      expect(await ledger.balance("external:cash", EUR)).toBe(-10_000);
      expect(await ledger.totals()).toEqual({ EUR: 0 });
      const history = await ledger.history("player:p1");
      expect(history.map((t) => t.kind)).toEqual(["deposit", "buy-in"]);
      expect(history[0]?.memo).toEqual({ director: "dir" });
      expect(await ledger.balances({ prefix: "player:" })).toEqual([{ account: "player:p1", asset: EUR, balance: 4_500 }]);
    });

    it("ledger/amount-unsafe: a deposit that would push a balance past 2^53 − 1 is refused and writes nothing", async () => {
      const { ledger } = await fresh();
      const max = Number.MAX_SAFE_INTEGER;
      await must(ledger, post.deposit({ key: "d1", asset: EUR, player: "p1", amount: max - 10, director: "dir" }));
      // The player's balance would pass 2^53 − 1 (and external:cash below −(2^53 − 1)).
      const over = await ledger.post(unwrap(post.deposit({ key: "d2", asset: EUR, player: "p1", amount: 11, director: "dir" })));
      expect(!over.ok && over.error).toMatchObject({ code: "ledger/amount-unsafe", key: "d2" });
      // A second player's deposit is refused as well: the money that came in (external:cash) is bounded too.
      const other = await ledger.post(unwrap(post.deposit({ key: "d3", asset: EUR, player: "p2", amount: 11, director: "dir" })));
      expect(!other.ok && other.error.code).toBe("ledger/amount-unsafe");
      expect(await ledger.transaction("d2")).toBeNull();
      expect(await ledger.transaction("d3")).toBeNull();
      expect(await ledger.balance("player:p1", EUR)).toBe(max - 10);
      expect(await ledger.balance("player:p2", EUR)).toBe(0);
      // Up to the limit exactly is fine, and every total stays exact.
      await must(ledger, post.deposit({ key: "d4", asset: EUR, player: "p1", amount: 10, director: "dir" }));
      expect(await ledger.balance("player:p1", EUR)).toBe(max);
      expect(await ledger.totals()).toEqual({ EUR: 0 });
      // An amount that is not a safe integer itself never reaches the database.
      const huge = await ledger.post({
        key: "d5",
        kind: "deposit",
        legs: [
          { account: "external:cash", asset: EUR, amount: -(2 ** 60) },
          { account: "player:p3", asset: EUR, amount: 2 ** 60 },
        ],
      });
      expect(!huge.ok && huge.error.code).toBe("ledger/amount-unsafe");
      expect(!post.deposit({ key: "d6", asset: EUR, player: "p3", amount: 2 ** 60, director: "dir" }).ok).toBe(true);
    });

    it("ledger/insufficient-funds: a buy-in without funds is refused and writes nothing", async () => {
      const { ledger } = await fresh();
      await must(ledger, post.deposit({ key: "d1", asset: EUR, player: "p1", amount: 1_000, director: "dir" }));
      const r = await ledger.post(unwrap(post.buyIn({ key: "b1", asset: EUR, player: "p1", tournament: "t1", amount: 1_000, fee: 100 })));
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error).toMatchObject({ code: "ledger/insufficient-funds", account: "player:p1", balance: 1_000, needed: 1_100 });
      }
      const nobody = await ledger.post(unwrap(post.buyIn({ key: "b2", asset: EUR, player: "ghost", tournament: "t1", amount: 1, fee: 0 })));
      expect(!nobody.ok && nobody.error.code).toBe("ledger/insufficient-funds");
      expect(await ledger.balance("player:p1", EUR)).toBe(1_000);
      expect(await ledger.balance("pool:t1", EUR)).toBe(0);
      expect(await ledger.balance(HOUSE_FEES, EUR)).toBe(0);
      expect(await ledger.transaction("b1")).toBeNull();
      expect(await ledger.history("player:p1")).toHaveLength(1);
      // Once funded, the same key goes through: a refusal does not burn the key.
      await must(ledger, post.deposit({ key: "d2", asset: EUR, player: "p1", amount: 100, director: "dir" }));
      expect((await ledger.post(unwrap(post.buyIn({ key: "b1", asset: EUR, player: "p1", tournament: "t1", amount: 1_000, fee: 100 })))).ok).toBe(true);
    });

    it("the same idempotency key acts once; reused for something else it is refused", async () => {
      const { ledger } = await fresh();
      const dep = unwrap(post.deposit({ key: "d1", asset: EUR, player: "p1", amount: 700, director: "dir" }));
      const first = unwrap(await ledger.post(dep));
      const second = unwrap(await ledger.post(dep));
      expect(second).toEqual({ ...first, replayed: true });
      expect(await ledger.balance("player:p1", EUR)).toBe(700);
      const other = await ledger.post(unwrap(post.deposit({ key: "d1", asset: EUR, player: "p1", amount: 701, director: "dir" })));
      expect(!other.ok && other.error.code).toBe("ledger/idempotency-mismatch");
      expect(await ledger.balance("player:p1", EUR)).toBe(700);
    });

    it("refuses unbalanced and malformed transactions with typed errors", async () => {
      const { ledger } = await fresh();
      const base = { key: "x", kind: "adjustment" } as const;
      const cases: Array<[TransactionInput, string]> = [
        [
          {
            ...base,
            legs: [
              { account: "external:cash", asset: EUR, amount: -5 },
              { account: "player:a", asset: EUR, amount: 4 },
            ],
          },
          "ledger/unbalanced",
        ],
        [
          {
            ...base,
            legs: [
              { account: "external:cash", asset: EUR, amount: -5 },
              { account: "player:a", asset: "USD", amount: 5 },
            ],
          },
          "ledger/unbalanced",
        ],
        [{ ...base, legs: [{ account: "external:cash", asset: EUR, amount: -5 }] }, "ledger/bad-posting"],
        [
          {
            ...base,
            legs: [
              { account: "bank:x", asset: EUR, amount: -5 },
              { account: "player:a", asset: EUR, amount: 5 },
            ],
          },
          "ledger/bad-posting",
        ],
        [
          {
            ...base,
            legs: [
              { account: "external:cash", asset: EUR, amount: -0.5 },
              { account: "player:a", asset: EUR, amount: 0.5 },
            ],
          },
          "ledger/bad-posting",
        ],
        [
          {
            ...base,
            legs: [
              { account: "external:cash", asset: EUR, amount: 0 },
              { account: "player:a", asset: EUR, amount: 0 },
            ],
          },
          "ledger/bad-posting",
        ],
        [
          {
            ...base,
            legs: [
              { account: "external:cash", asset: "eur", amount: -1 },
              { account: "player:a", asset: "eur", amount: 1 },
            ],
          },
          "ledger/bad-posting",
        ],
        [
          {
            ...base,
            key: "",
            legs: [
              { account: "external:cash", asset: EUR, amount: -1 },
              { account: "player:a", asset: EUR, amount: 1 },
            ],
          },
          "ledger/bad-posting",
        ],
        [
          {
            ...base,
            legs: [
              { account: "player:a", asset: EUR, amount: 1 },
              { account: "player:a", asset: EUR, amount: -1 },
            ],
          },
          "ledger/bad-posting",
        ],
      ];
      for (const [tx, code] of cases) {
        const r = await ledger.post(tx);
        expect(!r.ok && r.error.code, JSON.stringify(tx)).toBe(code);
      }
      expect(post.deposit({ key: "d", asset: EUR, player: "p", amount: -5, director: "d" }).ok).toBe(false);
      expect(post.buyIn({ key: "b", asset: EUR, player: "p", tournament: "t", amount: 10, fee: -1 }).ok).toBe(false);
      expect(await ledger.balances()).toEqual([]);
    });

    it("a tournament's money from buy-ins to prizes: the pool pays out exactly, totals stay 0", async () => {
      const { ledger } = await fresh();
      for (const p of ["a", "b", "c"]) {
        await must(ledger, post.deposit({ key: `d-${p}`, asset: EUR, player: p, amount: 5_000, director: "dir" }));
        await must(ledger, post.buyIn({ key: `b-${p}`, asset: EUR, player: p, tournament: "t", amount: 1_000, fee: 100 }));
      }
      await must(ledger, post.rebuy({ key: "r-a", asset: EUR, player: "a", tournament: "t", amount: 1_000, fee: 0 }));
      await must(ledger, post.addOn({ key: "ad-b", asset: EUR, player: "b", tournament: "t", amount: 1_000, fee: 50 }));
      await must(ledger, post.overlay({ key: "ov", asset: EUR, tournament: "t", amount: 5_000, guarantee: 10_000 }));
      expect(await ledger.balance("pool:t", EUR)).toBe(10_000);
      await must(ledger, post.prize({ key: "p1", asset: EUR, tournament: "t", player: "c", amount: 7_000, place: 1 }));
      const tooMuch = await ledger.post(unwrap(post.prize({ key: "p2", asset: EUR, tournament: "t", player: "a", amount: 3_001, place: 2 })));
      expect(!tooMuch.ok && tooMuch.error).toMatchObject({ code: "ledger/insufficient-funds", account: "pool:t" });
      await must(ledger, post.prize({ key: "p2", asset: EUR, tournament: "t", player: "a", amount: 3_000, place: 2 }));
      expect(await ledger.balance("pool:t", EUR)).toBe(0);
      expect(await ledger.balance(HOUSE_FEES, EUR)).toBe(350);
      expect(await ledger.balance(ORGANISER_FUNDING, EUR)).toBe(-5_000);
      expect(await ledger.balance("player:c", EUR)).toBe(5_000 - 1_100 + 7_000);
      expect(await ledger.totals()).toEqual({ EUR: 0 });
    });

    it("freeroll funding and refunds: an unregistered player gets buy-in and fee back", async () => {
      const { ledger } = await fresh();
      await must(ledger, post.organiserFunding({ key: "f", asset: EUR, tournament: "free", amount: 2_000 }));
      await must(ledger, post.prize({ key: "fp", asset: EUR, tournament: "free", player: "z", amount: 2_000 }));
      await must(ledger, post.deposit({ key: "d", asset: EUR, player: "y", amount: 1_100, director: "dir" }));
      await must(ledger, post.buyIn({ key: "b", asset: EUR, player: "y", tournament: "t", amount: 1_000, fee: 100 }));
      await must(ledger, post.refund({ key: "rf", asset: EUR, player: "y", tournament: "t", amount: 1_000, fee: 100 }));
      expect(await ledger.balance("player:y", EUR)).toBe(1_100);
      expect(await ledger.balance("player:z", EUR)).toBe(2_000);
      expect(await ledger.balance("pool:t", EUR)).toBe(0);
      const again = await ledger.post(unwrap(post.refund({ key: "rf2", asset: EUR, player: "y", tournament: "t", amount: 1_000, fee: 100 })));
      expect(!again.ok && again.error.code).toBe("ledger/insufficient-funds");
    });

    it("satellite seats are tickets, their own asset: issued from the satellite's pool, used once", async () => {
      const { ledger } = await fresh();
      for (const p of ["a", "b", "c", "d"]) {
        await must(ledger, post.deposit({ key: `d-${p}`, asset: EUR, player: p, amount: 550, director: "dir" }));
        await must(ledger, post.buyIn({ key: `b-${p}`, asset: EUR, player: p, tournament: "sat", amount: 500, fee: 50 }));
      }
      await must(ledger, post.ticketIssue({ key: "ti", asset: EUR, target: "main", player: "a", value: 1_000, satellite: "sat" }));
      await must(ledger, post.ticketIssue({ key: "ti2", asset: EUR, target: "main", player: "c", value: 1_000, satellite: "sat" }));
      expect(await ledger.balance("player:a", ticketAsset("main"))).toBe(1);
      expect(await ledger.balance("pool:sat", EUR)).toBe(0);
      expect(await ledger.balance("escrow:main", EUR)).toBe(2_000);
      await must(ledger, post.ticketUse({ key: "tu", asset: EUR, target: "main", player: "a", amount: 900, fee: 100 }));
      expect(await ledger.balance("player:a", ticketAsset("main"))).toBe(0);
      expect(await ledger.balance("pool:main", EUR)).toBe(900);
      const twice = await ledger.post(unwrap(post.ticketUse({ key: "tu2", asset: EUR, target: "main", player: "a", amount: 900, fee: 100 })));
      expect(!twice.ok && twice.error).toMatchObject({ code: "ledger/insufficient-funds", account: "player:a", asset: ticketAsset("main") });
      const stranger = await ledger.post(unwrap(post.ticketUse({ key: "tu3", asset: EUR, target: "main", player: "b", amount: 900, fee: 100 })));
      expect(!stranger.ok && stranger.error.code).toBe("ledger/insufficient-funds");
      expect(await ledger.totals()).toEqual({ EUR: 0, [ticketAsset("main")]: 0 });
    });

    it("concurrent buy-ins never overdraw; a key posted concurrently lands once", async () => {
      const { ledger } = await fresh();
      await must(ledger, post.deposit({ key: "d", asset: EUR, player: "p", amount: 5_000, director: "dir" }));
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          ledger.post(unwrap(post.buyIn({ key: `b${i}`, asset: EUR, player: "p", tournament: `t${i % 3}`, amount: 900, fee: 100 }))),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results.filter((r) => !r.ok && r.error.code === "ledger/insufficient-funds")).toHaveLength(7);
      expect(await ledger.balance("player:p", EUR)).toBe(0);
      const same = unwrap(post.deposit({ key: "same", asset: EUR, player: "q", amount: 10, director: "dir" }));
      const many = await Promise.all(Array.from({ length: 8 }, () => ledger.post(same)));
      expect(many.every((r) => r.ok)).toBe(true);
      expect(many.filter((r) => r.ok && !r.value.replayed)).toHaveLength(1);
      expect(await ledger.balance("player:q", EUR)).toBe(10);
      expect(await ledger.totals()).toEqual({ EUR: 0 });
    });

    it("postings survive close and reopen; reopening reruns no migration", async () => {
      const { ledger, fixture } = await fresh();
      await must(ledger, post.deposit({ key: "d", asset: EUR, player: "p", amount: 42, director: "dir" }));
      await ledger.close();
      const again = await fixture.open();
      cleanups.push(() => again.close());
      expect(await again.balance("player:p", EUR)).toBe(42);
      expect((await again.transaction("d"))?.legs).toEqual([
        { account: "external:cash", asset: EUR, amount: -42 },
        { account: "player:p", asset: EUR, amount: 42 },
      ]);
    });

    it("property: random postings balance, never overdraw, conserve totals and match a model", async () => {
      const players = ["p0", "p1", "p2"];
      const tournaments = ["t0", "t1"];
      const op = fc.oneof(
        fc.record({ k: fc.constant("deposit" as const), p: fc.constantFrom(...players), n: fc.integer({ min: 1, max: 3_000 }) }),
        fc.record({
          k: fc.constantFrom("buyIn" as const, "rebuy" as const, "addOn" as const, "refund" as const),
          p: fc.constantFrom(...players),
          t: fc.constantFrom(...tournaments),
          n: fc.integer({ min: 1, max: 2_000 }),
          f: fc.integer({ min: 0, max: 200 }),
        }),
        fc.record({
          k: fc.constant("prize" as const),
          p: fc.constantFrom(...players),
          t: fc.constantFrom(...tournaments),
          n: fc.integer({ min: 1, max: 4_000 }),
        }),
        fc.record({ k: fc.constant("overlay" as const), t: fc.constantFrom(...tournaments), n: fc.integer({ min: 1, max: 1_000 }) }),
        fc.record({
          k: fc.constant("ticketIssue" as const),
          p: fc.constantFrom(...players),
          t: fc.constantFrom(...tournaments),
          n: fc.integer({ min: 1, max: 1_500 }),
        }),
        fc.record({
          k: fc.constant("ticketUse" as const),
          p: fc.constantFrom(...players),
          t: fc.constantFrom(...tournaments),
          n: fc.integer({ min: 1, max: 1_500 }),
          f: fc.integer({ min: 0, max: 100 }),
        }),
        fc.record({ k: fc.constant("replay" as const), i: fc.nat() }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
          const fixture = await factory();
          const ledger = await fixture.open();
          try {
            const model = new Map<string, number>();
            const posted: TransactionInput[] = [];
            for (const [i, o] of ops.entries()) {
              const key = `k${i}`;
              let built: post.Built;
              switch (o.k) {
                case "deposit":
                  built = post.deposit({ key, asset: EUR, player: o.p, amount: o.n, director: "d" });
                  break;
                case "buyIn":
                case "rebuy":
                case "addOn":
                case "refund":
                  built = post[o.k]({ key, asset: EUR, player: o.p, tournament: o.t, amount: o.n, fee: o.f });
                  break;
                case "prize":
                  built = post.prize({ key, asset: EUR, tournament: o.t, player: o.p, amount: o.n });
                  break;
                case "overlay":
                  built = post.overlay({ key, asset: EUR, tournament: o.t, amount: o.n });
                  break;
                case "ticketIssue":
                  built = post.ticketIssue({ key, asset: EUR, target: o.t, player: o.p, value: o.n, satellite: o.t === "t0" ? "t1" : "t0" });
                  break;
                case "ticketUse":
                  built = post.ticketUse({ key, asset: EUR, target: o.t, player: o.p, amount: o.n, fee: o.f });
                  break;
                case "replay": {
                  const earlier = posted[o.i % Math.max(1, posted.length)];
                  if (earlier === undefined) continue;
                  const r = await ledger.post(earlier);
                  expect(r.ok && r.value.replayed).toBe(true);
                  continue;
                }
              }
              const tx = unwrap(built);
              const wouldOverdraw = tx.legs.some((l) => !mayGoNegative(l.account) && (model.get(`${l.account}|${l.asset}`) ?? 0) + l.amount < 0);
              const r = await ledger.post(tx);
              if (wouldOverdraw) {
                expect(!r.ok && r.error.code).toBe("ledger/insufficient-funds");
              } else {
                expect(r.ok).toBe(true);
                posted.push(tx);
                for (const l of tx.legs) model.set(`${l.account}|${l.asset}`, (model.get(`${l.account}|${l.asset}`) ?? 0) + l.amount);
              }
            }
            for (const b of await ledger.balances()) {
              expect(b.balance).toBe(model.get(`${b.account}|${b.asset}`));
              if (!mayGoNegative(b.account)) expect(b.balance).toBeGreaterThanOrEqual(0);
            }
            for (const total of Object.values(await ledger.totals())) expect(total).toBe(0);
            for (const tx of posted) {
              const stored = await ledger.transaction(tx.key);
              const sums = new Map<string, number>();
              for (const l of stored?.legs ?? []) sums.set(l.asset, (sums.get(l.asset) ?? 0) + l.amount);
              expect([...sums.values()].every((s) => s === 0)).toBe(true);
              expect(stored?.legs).toHaveLength(tx.legs.length);
            }
          } finally {
            await ledger.close();
            await fixture.destroy();
          }
        }),
        { numRuns: options.propertyRuns },
      );
    });
  });
}
