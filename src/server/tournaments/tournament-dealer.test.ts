// The dealer's entries in a table's chat come from the server. When a player goes
// out the table's chat says so, with the place the tournament gives them (R-PLACE), after
// the results of the hand that put them out; the entries are stored in the chat's stream.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatLine, DealerNote, LobbyResponse, LobbyTournament } from "../../protocol/index.ts";
import type { FeltServer } from "../felt-server.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { startTestServer, stopTestServer, JumpClock, playerFactory } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, FAST_STRUCTURE, must, eventually } from "../../../testkit/server/harness.ts";
import { chatStreamOf } from "../tables/table-chat-log.ts";
import { tableIdOf } from "./tournament-runtime.ts";

const clock = new JumpClock();
let server: FeltServer;
let director: string;

beforeAll(async () => {
  ({ server, director } = await startTestServer(clock));
}, 60_000);
afterAll(() => stopTestServer(server, clock));

const { player } = playerFactory(
  () => server.url,
  () => director,
  "dl",
);

describe("the dealer's entries in the table chat", () => {
  it("R-PLACE: each player out is named with their place, after the hand's results, in the chat's stream", async () => {
    const body = {
      commandId: cmd(),
      presetId: "seed",
      name: "dealer notes",
      kind: "online",
      settings: { start: "manual" },
      startsAt: clock.now(),
      buyIn: 1000,
      fee: 0,
      structure: FAST_STRUCTURE,
    };
    const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
    const ps = await Promise.all([5000, 5000, 5000].map(player));
    for (const p of ps) await must(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
    await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
    const bots = ps.map((p, i) => new Bot(server.url, p.name, p.token, { seed: i + 3, allInChance: 1 }));
    try {
      await Promise.all(bots.map((b) => b.connect()));
      for (const b of bots) b.watch(tableIdOf(id, 1));
      await eventually(() => server.tournaments.get(id)?.dir.status === "finished");
    } finally {
      bots.forEach((b) => b.close());
    }
    const t = server.tournaments.get(id)!;
    for (const s of t.tables.values()) await s.idle();
    const lobby = (await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby"))).tournaments.find((x) => x.id === id)!;
    expect(lobby.status).toBe("finished");
    const records = await server.svc.store.read(chatStreamOf(tableIdOf(id, 1)));
    const notes = records.flatMap((r) => {
      const line = r.data as ChatLine;
      return r.type === "chat-line" && "dealer" in line ? [line.dealer] : [];
    });
    const outs = notes.filter((n): n is Extract<DealerNote, { kind: "bust" }> => n.kind === "bust");
    // Two of three go out; each named once with the place the tournament gave them.
    const placeOf = (name: string) => {
      const p = ps.find((x) => x.name === name)!;
      return t.dir.placements?.find((x) => x.player === p.id)?.places[0] ?? null;
    };
    expect(outs.map((n) => n.place).sort()).toEqual([2, 3]);
    for (const n of outs) expect(n.place).toBe(placeOf(n.name));
    // The results of the hand come before the entry that says who it put out.
    const firstOut = notes.findIndex((n) => n.kind === "bust");
    expect(notes.slice(0, firstOut).some((n) => n.kind === "win")).toBe(true);
    // Every hand's chips are accounted for in its entries: each win names a positive amount.
    for (const n of notes) if (n.kind === "win") expect(n.amount).toBeGreaterThan(0);
  }, 120_000);

  it("R-DEAL-6: the dealer shows the first-button draw by the event's rule, card by card, before the first hand", async () => {
    const body = {
      commandId: cmd(),
      presetId: "seed",
      name: "button draw",
      kind: "online",
      settings: { start: "manual", buttonDraw: "first-jack" },
      startsAt: clock.now(),
      buyIn: 1000,
      fee: 0,
      structure: FAST_STRUCTURE,
    };
    const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
    const ps = await Promise.all([5000, 5000, 5000].map(player));
    for (const p of ps) await must(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
    await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
    const t = server.tournaments.get(id)!;
    const table = t.dir.tables.get(1)!;
    const notes = async () => {
      for (const s of t.tables.values()) await s.idle();
      const records = await server.svc.store.read(chatStreamOf(tableIdOf(id, 1)));
      return records.flatMap((r) => {
        const line = r.data as ChatLine;
        return r.type === "chat-line" && "dealer" in line ? [line.dealer] : [];
      });
    };
    await eventually(async () => (await notes()).length > 0);
    const first = (await notes())[0]!;
    expect(first.kind).toBe("button-draw");
    if (first.kind !== "button-draw") return;
    expect(first.cards).toEqual(table.firstDraw);
    // Dealt round the table until the first jack (rank 9 of 0..12): its seat has the button.
    expect(first.cards.at(-1)!.card >> 2).toBe(9);
    expect(first.button).toBe(first.cards.at(-1)!.seat);
    expect(first.button).toBe(table.firstButton);
  }, 60_000);
});
