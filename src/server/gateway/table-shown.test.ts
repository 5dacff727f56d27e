// Over a real WebSocket: a player dealt in before their table is on their screen has no clock
// running; it starts, action time then bank, when their client subscribes to the table, and
// the clock in the view they get is the one the server keeps.
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, WS_PATH, type ServerMessage, type TableView } from "../../protocol/index.ts";
import { FeltServer } from "../felt-server.ts";
import { ManualClock } from "../clock.ts";
import { DIRECTOR, eventually, setupTournament, startTournament } from "../../../testkit/server/harness.ts";

let server: FeltServer;
const clock = new ManualClock(Date.now());
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    handPauseMs: 0,
    clock,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    webDist: null,
    log: () => {},
  });
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await server.close();
});

describe("the clock waits for the table to be shown", () => {
  it("a tournament's first actor gets their whole clock from the moment their client subscribes to the table", async () => {
    const s = await setupTournament(server.url, 2);
    await startTournament(server.url, s);
    const tableId = `${s.tournamentId}-t1`;
    await eventually(() => {
      clock.advance(0);
      return server.table(tableId)?.state.hand != null;
    });
    const session = server.table(tableId)!;
    const { actionMs, timeBankMs } = session.state.config;
    expect(actionMs + timeBankMs).toBeGreaterThan(2_000);
    const hand = session.state.hand!;
    const seat = hand.order[hand.state.actor]!;
    const actor = s.players.find((p) => p.id === session.state.seats.get(seat)!.playerId)!;
    const version = session.state.version;
    // Nobody has the table on screen: most of the wait goes by, and the turn is still theirs.
    const late = actionMs + timeBankMs - 1_000;
    clock.advance(late);
    await session.idle();
    expect(session.state.version).toBe(version);

    const ws = new WebSocket(server.url.replace(/^http/, "ws") + WS_PATH);
    sockets.push(ws);
    const got: ServerMessage[] = [];
    ws.on("message", (d) => got.push(JSON.parse(d.toString()) as ServerMessage));
    await new Promise((r) => ws.on("open", r));
    ws.send(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, token: actor.token }));
    await eventually(() => got.some((m) => m.type === "welcome"));
    ws.send(JSON.stringify({ type: "subscribe", channel: { kind: "table", tableId } }));
    await eventually(() => got.some((m) => m.type === "table-view"));
    const view = (got.find((m) => m.type === "table-view") as { view: TableView }).view;
    expect(view.clock).toEqual({ deadline: hand.turnSince + late + actionMs, timeBankMs, actionMs });

    // Where the clock from the deal would have run out, it runs on; it ends a whole clock after the subscribe.
    clock.advance(actionMs + timeBankMs - 1);
    await session.idle();
    expect(session.state.version).toBe(version);
    clock.advance(1);
    await eventually(() => session.state.version > version);
    expect(session.state.seats.get(seat)!.sittingOut).toBe(true);
  });
});
