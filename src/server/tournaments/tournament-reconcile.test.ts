// The money check at start: a server coming up compares every tournament's
// entries, refunds and prizes with its ledger postings, logs each difference and shows it
// to the director (GET /director/ledger `moneyCheck`). A sound database has none; one
// changed behind Felt's back (a player charged with no entry, a refund posted twice) is
// reported, player by player, and the pool against the prize pool.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import type { LedgerCheckResponse, LobbyTournament } from "../../protocol/index.ts";
import { openStorage, postings } from "../../store/index.ts";
import { FeltServer } from "../felt-server.ts";
import { playerFactory, TEST_SERVER } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must } from "../../../testkit/server/harness.ts";

const dir = mkdtempSync(join(tmpdir(), "felt-reconcile-"));
const path = join(dir, "felt.sqlite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(lines: string[]): Promise<{ server: FeltServer; director: string }> {
  const server = await FeltServer.start({ ...TEST_SERVER, db: `sqlite:${path}`, log: (m) => lines.push(m) });
  const director = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
  return { server, director };
}

describe("the money check at start", () => {
  it("finds nothing in a sound database, then reports a charge with no entry and a second refund, player by player, loudly", async () => {
    const lines: string[] = [];
    let { server, director } = await start(lines);
    const body = {
      commandId: cmd(),
      presetId: "seed",
      name: "checked",
      kind: "online",
      startsAt: Date.now() + 3_600_000,
      buyIn: 1000,
      fee: 100,
      structure: FAST_STRUCTURE,
    };
    const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
    const { player } = playerFactory(
      () => server.url,
      () => director,
      "rc",
    );
    const [ann, bob, cy] = [await player(5000), await player(5000), await player(5000)];
    for (const p of [ann!, bob!, cy!]) await must(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
    await must(api(server.url, "POST", `/api/v1/tournaments/${id}/unregister`, { commandId: cmd() }, bob!.token));
    await server.close();

    // A restart of the sound database: checked, nothing found.
    ({ server, director } = await start(lines));
    const sound = await must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
    expect(sound.moneyCheck).toMatchObject({ tournaments: 1, differences: [] });
    expect(lines.filter((l) => l.includes("MONEY"))).toEqual([]);
    await server.close();

    // Behind Felt's back: Ann charged a second buy-in with no entry, Bob refunded twice.
    const s = await openStorage({ kind: "sqlite", path });
    unwrap(await s.ledger.post(unwrap(postings.buyIn({ key: "tampered-1", asset: "EUR", player: ann!.id, tournament: id, amount: 1000, fee: 100 }))));
    unwrap(await s.ledger.post(unwrap(postings.refund({ key: "tampered-2", asset: "EUR", player: bob!.id, tournament: id, amount: 1000, fee: 100 }))));
    await s.store.close();
    await s.ledger.close();

    ({ server, director } = await start(lines));
    const check = await must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
    // The pool is right (Ann's extra 1,000 in, Bob's extra 1,000 out): only the players' lines differ.
    const want = [
      { tournament: id, player: ann!.id, what: "entries", stream: 1100, ledger: 2200 },
      { tournament: id, player: bob!.id, what: "refunds", stream: 1100, ledger: 2200 },
    ].sort((a, b) => (a.player < b.player ? -1 : 1));
    expect(check.moneyCheck?.differences).toEqual(want);
    const money = lines.filter((l) => l.includes("MONEY"));
    expect(money.some((l) => l.includes(`MONEY MISMATCH tournament ${id}: player ${ann!.name}'s entries: the tournament says 1100, the ledger 2200`))).toBe(
      true,
    );
    expect(money.some((l) => l.includes(`player ${bob!.name}'s refunds: the tournament says 1100, the ledger 2200`))).toBe(true);
    expect(money.some((l) => l.startsWith("MONEY CHECK: 2 difference(s)"))).toBe(true);
    await server.close();
  });

  it("reports a pool that does not hold the prize pool (money moved out of it behind Felt's back)", async () => {
    const lines: string[] = [];
    const s = await openStorage({ kind: "sqlite", path });
    const pools = (await s.ledger.balances({ prefix: "pool:" })).filter((b) => b.balance > 0);
    const pool = pools[0]!;
    unwrap(
      await s.ledger.post({
        key: "tampered-3",
        kind: "adjustment",
        legs: [
          { account: pool.account, asset: "EUR", amount: -500 },
          { account: "house:fees", asset: "EUR", amount: 500 },
        ],
      }),
    );
    await s.store.close();
    await s.ledger.close();
    const { server, director } = await start(lines);
    const check = await must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
    const id = pool.account.slice("pool:".length);
    expect(check.moneyCheck?.differences.filter((d) => d.what === "pool")).toEqual([
      { tournament: id, player: null, what: "pool", stream: pool.balance, ledger: pool.balance - 500 },
    ]);
    expect(
      lines.some((l) => l.includes(`MONEY MISMATCH tournament ${id}: its pool: the tournament says ${pool.balance}, the ledger ${pool.balance - 500}`)),
    ).toBe(true);
    await server.close();
  });
});
