// Registration at scale: register commands that arrive together are decided one
// by one by the director and stored in ONE transaction with all their postings
// (tournament-registrations.ts over EventStore.appendGroups). Counted in store calls, not
// time: many registrations cost a handful of commits; a refusal refuses its own command
// only; a repeated command id acts once; the ledger and the entrants always agree, also
// after the stream is loaded again.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { openStorage, playerAccount, poolAccount, postings, type EventStore, type Storage } from "../../store/index.ts";
import type { TournamentConfig } from "../../tournament/director/index.ts";
import { structurePreset } from "../../tournament/structure/index.ts";
import { ManualClock } from "../clock.ts";
import { cryptoRandom, type Services } from "../services.ts";
import { localTableLinks } from "../tables/local-tables.ts";
import { entryCommand } from "./tournament-entries.ts";
import { TournamentRuntime, type TournamentMeta } from "./tournament-runtime.ts";

const EUR = "EUR";
const BUY_IN = 1000;
const FEE = 100;

interface Counted {
  readonly svc: Services;
  /** Store calls that write (each one transaction). */
  readonly writes: { append: number; appendWithPostings: number; appendGroups: number };
  readonly storage: Storage;
}

const open: Storage[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    await s.store.close();
    await s.ledger.close();
  }
});

async function services(): Promise<Counted> {
  const storage = await openStorage({ kind: "sqlite", path: ":memory:" });
  open.push(storage);
  const writes = { append: 0, appendWithPostings: 0, appendGroups: 0 };
  const inner = storage.store;
  const store: EventStore = {
    ...inner,
    read: (...a) => inner.read(...a),
    streamVersion: (...a) => inner.streamVersion(...a),
    listStreams: (...a) => inner.listStreams(...a),
    readAll: (...a) => inner.readAll(...a),
    saveSnapshot: (...a) => inner.saveSnapshot(...a),
    loadSnapshot: (...a) => inner.loadSnapshot(...a),
    close: () => inner.close(),
    append: (...a) => (writes.append++, inner.append(...a)),
    appendWithPostings: (...a) => (writes.appendWithPostings++, inner.appendWithPostings(...a)),
    appendGroups: (...a) => (writes.appendGroups++, inner.appendGroups(...a)),
  };
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 18, 0));
  const svc = {
    store,
    ledger: storage.ledger,
    clock,
    asset: EUR,
    handPauseMs: 0,
    rng: cryptoRandom(),
    log: () => {},
    tableLinks: localTableLinks,
  } as unknown as Services;
  return { svc, writes, storage };
}

let made = 0;
async function tournament(svc: Services, maxEntries: number | null = null): Promise<TournamentRuntime> {
  const id = `Treg${made++}`;
  const now = svc.clock.now();
  const structure = unwrap(structurePreset("seed"));
  const meta: TournamentMeta = {
    id,
    name: "registrations",
    kind: "online",
    presetId: "seed",
    startsAt: now + 3_600_000,
    actionMs: 3000,
    timeBankMs: 0,
    maxEntries,
    guarantee: 0,
    createdAt: now,
  };
  const config: TournamentConfig = {
    id,
    name: "registrations",
    format: { kind: "freezeout" },
    structure,
    money: { buyIn: BUY_IN, fee: FEE, guarantee: 0 },
    tableSize: 9,
  };
  return unwrap(await TournamentRuntime.create(svc, meta, config, `create-${id}`));
}

const fund = async (svc: Services, player: string, amount: number) =>
  unwrap(await svc.ledger.post(unwrap(postings.deposit({ key: `dep-${player}-${amount}-${made}`, asset: EUR, player, amount, director: "d" }))));
const register = (t: TournamentRuntime, player: string, commandId: string) => entryCommand(t, t.svc, { id: player, name: player }, "register", commandId);

/** The ledger and the entrants agree: the pool holds what the director says was paid, each entrant paid once, nobody else paid, every asset sums to 0. */
async function agree(t: TournamentRuntime, funded: ReadonlyMap<string, number>): Promise<void> {
  const { ledger } = t.svc;
  expect(await ledger.balance(poolAccount(t.id), EUR)).toBe(t.dir.payments.reduce((a, p) => a + p.toPool, 0));
  expect(t.dir.payments.length).toBe(t.dir.entries.size);
  for (const [player, deposit] of funded) {
    const entered = t.dir.players.has(player);
    expect(await ledger.balance(playerAccount(player), EUR), player).toBe(deposit - (entered ? BUY_IN + FEE : 0));
  }
  expect(await ledger.totals()).toEqual({ EUR: 0 });
  // Loaded again from the store (what a restart sees): the same entrants.
  const again = unwrap(await TournamentRuntime.load(t.svc, t.id))!;
  expect([...again.dir.players.keys()].sort()).toEqual([...t.dir.players.keys()].sort());
  expect(again.version).toBe(t.version);
}

describe("registration at scale", () => {
  it("R-TRN-2 300 concurrent registrations are decided one by one and commit in a couple of transactions, not 300", async () => {
    const { svc, writes } = await services();
    const t = await tournament(svc);
    const before = { ...writes };
    const players = Array.from({ length: 300 }, (_, i) => `p${i}`);
    for (const p of players) await fund(svc, p, 5_000);
    // One arrives alone (its batch is written at once), 299 arrive while it is being written.
    const first = register(t, "p0", "c-p0");
    await Promise.resolve();
    const rest = players.slice(1).map((p) => register(t, p, `c-${p}`));
    const answers = await Promise.all([first, ...rest]);
    expect(answers.every((a) => a.ok && !a.value.duplicate)).toBe(true);
    expect(t.dir.entries.size).toBe(300);
    const commits = writes.appendGroups - before.appendGroups + writes.appendWithPostings - before.appendWithPostings + writes.append - before.append;
    expect(commits).toBeLessThanOrEqual(2);
    expect(t.registrations.batched).toBe(300);
    await agree(t, new Map(players.map((p) => [p, 5_000])));
  });

  it("a refusal in a batch refuses its own command only: one who cannot pay (ledger/insufficient-funds), one already registered, one past the cap", async () => {
    const { svc, writes } = await services();
    const t = await tournament(svc, 4);
    for (const p of ["a", "b", "c", "d", "e"]) await fund(svc, p, 5_000);
    await fund(svc, "poor", 500);
    unwrap(await register(t, "a", "c-a0"));
    const calls = writes.appendGroups;
    const [poor, a, b, c, d, e] = await Promise.all([
      register(t, "poor", "c-poor"),
      register(t, "a", "c-a1"),
      register(t, "b", "c-b"),
      register(t, "c", "c-c"),
      register(t, "d", "c-d"),
      register(t, "e", "c-e"),
    ]);
    // poor, b, c fill the places up to the cap while the batch is decided; d and e wait for its
    // outcome (poor's refusal frees the place d then takes, in the next batch); e is refused alone.
    expect(writes.appendGroups - calls).toBe(2);
    expect(!poor.ok && poor.error.code).toBe("ledger/insufficient-funds");
    expect(!a.ok && a.error.code).toBe("tournament/not-allowed");
    expect(!a.ok && a.error["cause"]).toBe("tournament/already-registered");
    expect([b, c, d].every((x) => x.ok)).toBe(true);
    // The cap is counted over what landed: a, b, c, d make 4; e is one too many.
    expect(!e.ok && e.error.code).toBe("tournament/not-allowed");
    expect([...t.dir.players.keys()].sort()).toEqual(["a", "b", "c", "d"]);
    expect(await svc.ledger.balance(playerAccount("poor"), EUR)).toBe(500);
    await agree(
      t,
      new Map([
        ["a", 5_000],
        ["b", 5_000],
        ["c", 5_000],
        ["d", 5_000],
        ["e", 5_000],
        ["poor", 500],
      ]),
    );
  });

  it("a repeated command id acts once, in one batch or across batches; a second id of the same player is refused after the first is decided", async () => {
    const { svc } = await services();
    const t = await tournament(svc);
    await fund(svc, "x", 5_000);
    await fund(svc, "y", 5_000);
    const answers = await Promise.all([
      register(t, "x", "same"),
      register(t, "x", "same"),
      register(t, "x", "other"),
      register(t, "y", "cy"),
      register(t, "x", "same"),
    ]);
    expect(answers.map((a) => (a.ok ? a.value.duplicate : a.error.code))).toEqual([false, true, "tournament/not-allowed", false, true]);
    const again = await register(t, "x", "same");
    expect(again.ok && again.value.duplicate).toBe(true);
    expect(t.dir.entries.size).toBe(2);
    expect((await svc.ledger.history(playerAccount("x"))).filter((x) => x.kind === "buy-in")).toHaveLength(1);
    await agree(
      t,
      new Map([
        ["x", 5_000],
        ["y", 5_000],
      ]),
    );
  });

  it("property: over random waves of registrations (poor players, repeated ids, repeated players, unregistrations between waves, a cap), the ledger and the entrants agree", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          cap: fc.option(fc.integer({ min: 1, max: 25 }), { nil: null }),
          poor: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
          waves: fc.array(
            fc.record({
              regs: fc.array(fc.record({ player: fc.integer({ min: 0, max: 19 }), id: fc.integer({ min: 0, max: 40 }) }), { maxLength: 15 }),
              leave: fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 3 }),
            }),
            { minLength: 1, maxLength: 4 },
          ),
        }),
        async ({ cap, poor, waves }) => {
          const { svc, storage } = await services();
          const t = await tournament(svc, cap);
          const funded = new Map<string, number>();
          for (const [i, isPoor] of poor.entries()) {
            const amount = isPoor ? BUY_IN : 50 * (BUY_IN + FEE);
            funded.set(`p${i}`, amount);
            await fund(svc, `p${i}`, amount);
          }
          let w = 0;
          for (const wave of waves) {
            // A command id names one player's one command: id k of player p is "p-k".
            await Promise.all(wave.regs.map((r) => register(t, `p${r.player}`, `w${w}-p${r.player}-${r.id}`)));
            for (const p of wave.leave) await entryCommand(t, t.svc, { id: `p${p}`, name: `p${p}` }, "unregister", `u${w}-${p}`);
            w++;
          }
          // An unregistration refunds everything (R-TRN-6 style full refund before the start): each entrant is charged once.
          if (cap !== null) expect(t.dir.entries.size).toBeLessThanOrEqual(cap);
          await agree(t, funded);
          await storage.store.close();
          await storage.ledger.close();
          open.splice(open.indexOf(storage), 1);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
