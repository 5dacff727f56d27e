import { describe, expect, it, vi } from "vitest";
import { PROTOCOL_VERSION, applyTablePatch, type ServerMessage, type TableEvent, type TableView } from "../../../src/protocol/index.ts";
import { handStart, tableView, tournamentView } from "../../../testkit/protocol/fixtures.ts";
import { FeltClient } from "./client.ts";
import { keptEvents, LiveSession, PING_MS, SILENT_MS, TABLE_RETRY_MS } from "./live.ts";
import type { SocketHandlers, Transport } from "./transport.ts";
import type { LogStore } from "../logic/kept-log.ts";

// The browser's WebSocket client speaks protocol v2: it starts a table from the whole view
// and folds each `table-step` (events and a view patch) into it.

function scripted(store: LogStore | null = null) {
  const sent: unknown[] = [];
  /** Each socket's handlers, in the order they were opened; `push` and `drop` use the last. */
  const sockets: SocketHandlers[] = [];
  let opened = 0;
  /** Where each socket was opened (undefined: the page's origin), and which were closed by the client. */
  const ats: (string | undefined)[] = [];
  const closed: number[] = [];
  const transport: Transport = {
    kind: "test",
    request: async () => ({ status: 500, body: null }),
    openSocket: (h, at) => {
      sockets.push(h);
      const n = opened++;
      ats.push(at);
      queueMicrotask(() => h.onOpen());
      return { send: (text) => sent.push(JSON.parse(text)), close: () => void closed.push(n) };
    },
  };
  const client = new FeltClient(transport, null);
  client.setToken("tok_0123456789abcdef");
  const live = new LiveSession(client, store);
  return {
    live,
    sent,
    push: (m: ServerMessage, socket = sockets.length - 1) => sockets[socket]!.onFrame(JSON.stringify(m)),
    drop: (socket = sockets.length - 1) => sockets[socket]!.onClose(),
    opened: () => opened,
    ats,
    closed,
  };
}

const welcome: ServerMessage = { type: "welcome", v: PROTOCOL_VERSION, user: { id: "u1", name: "Bodil", role: "player" }, serverTime: Date.now() };

/** Under fake timers: a session following table t1, connected and welcomed; `sentOf(type)` lists what it sent of a type. */
async function welcomedOnFakeTimers() {
  const s = scripted();
  s.live.watch({ kind: "table", tableId: "t1" });
  s.live.connect();
  await vi.advanceTimersByTimeAsync(0);
  s.push(welcome);
  const sentOf = (type: string) => s.sent.filter((m) => (m as { type: string }).type === type);
  return { ...s, sentOf };
}

describe("LiveSession, protocol v2", () => {
  it("says hello with v3 (v2 and the table's home), starts from the whole view and folds steps into it", async () => {
    const { live, sent, push } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent[0]).toMatchObject({ type: "hello", v: 3 });
    push(welcome);
    expect(sent.at(-1)).toEqual({ type: "subscribe", channel: { kind: "table", tableId: "t1" } });
    push({ type: "table-view", view: tableView });
    const patch = { version: 18, actor: 2, legal: null, seats: [{ ...tableView.seats[0]!, stack: 9400, bet: 400 }] };
    const event = { kind: "action" as const, seat: 1, action: "call" as const, amount: 400, to: 400, allIn: false, timeout: false };
    push({ type: "table-step", tableId: "t1", handId: "h42", version: 18, events: [event], patch });
    const want: TableView = applyTablePatch(tableView, patch);
    expect(live.getState().tables.get("t1")).toEqual(want);
    expect(live.getState().events.get("t1")).toEqual([event]);
    // a step with no events only moves the view
    push({ type: "table-step", tableId: "t1", handId: "h42", version: 18, events: [], patch: { seats: [{ ...tableView.seats[1]!, connected: false }] } });
    expect(live.getState().tables.get("t1")!.seats[1]!.connected).toBe(false);
    expect(live.getState().events.get("t1")).toHaveLength(1);
    expect(live.getState().lastError).toBeNull();
  });

  it("when a hand starts at its seat it contributes 32 random bytes for the next deck", async () => {
    const { live, sent, push } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-view", view: { ...tableView, mySeat: 1 } });
    const before = sent.length;
    const start = {
      kind: "hand-start" as const,
      handNumber: 2,
      at: 0,
      blinds: { sb: 50, bb: 100, ante: 0 },
      button: 1,
      smallBlind: 1,
      bigBlind: 2,
      seats: [
        { seat: 1, name: "Ann", stack: 1000 },
        { seat: 2, name: "Bo", stack: 1000 },
      ],
      commitment: "0".repeat(64),
    };
    push({ type: "table-step", tableId: "t1", handId: "h43", version: 19, events: [start], patch: { version: 19 } });
    expect(sent.slice(before)).toEqual([{ type: "contribute", tableId: "t1", commandId: expect.any(String), value: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    push({ type: "table-view", view: { ...tableView, mySeat: null } });
    push({ type: "table-step", tableId: "t1", handId: "h44", version: 20, events: [start], patch: { version: 20 } });
    expect(sent.slice(before)).toHaveLength(1); // a spectator does not contribute
  });

  it("a step for a table it holds no view of asks for the whole view again", async () => {
    const { live, sent, push } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    const before = sent.length;
    push({ type: "table-step", tableId: "t1", handId: null, version: 3, events: [], patch: { version: 3 } });
    expect(live.getState().tables.has("t1")).toBe(false);
    expect(sent.slice(before)).toEqual([{ type: "subscribe", channel: { kind: "table", tableId: "t1" } }]);
  });

  it("a table not there yet (just opened by a start or a move) is asked for again, until its view comes", async () => {
    vi.useFakeTimers();
    try {
      const { live, push, sentOf } = await welcomedOnFakeTimers();
      const subscribes = () => sentOf("subscribe").length;
      const first = subscribes();
      push({ type: "error", commandId: null, error: { code: "table/not-found", message: "no table t1" } });
      await vi.advanceTimersByTimeAsync(TABLE_RETRY_MS);
      expect(subscribes()).toBe(first + 1);
      push({ type: "table-view", view: { ...tableView, tableId: "t1" } });
      push({ type: "error", commandId: null, error: { code: "table/not-found", message: "no table t2" } });
      await vi.advanceTimersByTimeAsync(TABLE_RETRY_MS);
      expect(subscribes()).toBe(first + 1);
      live.disconnect();
    } finally {
      vi.useRealTimers();
    }
  });

  it("an act whose connection dropped before its answer goes again with its own command id once the fresh view still waits for it; never a second act on one view", async () => {
    const { live, sent, push, drop, opened } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-view", view: tableView }); // v17, this player (seat 1) to act
    live.act("t1", { kind: "call" });
    live.act("t1", { kind: "fold" }); // a second click on the same view: nothing
    const acts = () => sent.filter((m) => (m as { type: string }).type === "act") as { commandId: string; version: number; action: unknown }[];
    expect(acts()).toHaveLength(1);
    const first = acts()[0]!;
    expect(first).toMatchObject({ version: 17, action: { kind: "call" } });
    // The server stops before answering; the client reconnects and is shown v17 again.
    drop();
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    expect(opened()).toBe(2);
    push(welcome);
    push({ type: "table-view", view: tableView });
    expect(acts()).toHaveLength(2);
    expect(acts()[1]).toEqual(first); // the same command: the server acts once
    // The same view again on this connection (a resync): not sent a third time.
    push({ type: "table-view", view: tableView });
    expect(acts()).toHaveLength(2);
    push({ type: "ack", commandId: first.commandId, version: 18, duplicate: true });
    live.disconnect();
  });

  it("a cluster names the member running the table where the player sits (table-home): a socket there takes over at its welcome, make before break, and resends an act left unanswered; lost there, it comes back through the page's origin", async () => {
    const { live, sent, push, drop, ats, closed } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    // The hint may come before the view: nothing moves until the view shows the seat.
    push({ type: "table-home", tableId: "t1", url: "http://10.0.0.2:8080" });
    expect(ats).toEqual([undefined]);
    push({ type: "table-view", view: tableView }, 0); // seat 1, to act
    expect(ats).toEqual([undefined, "http://10.0.0.2:8080"]);
    // The old socket plays on while the new one says hello: the act goes at once.
    expect(closed).toEqual([]);
    live.act("t1", { kind: "call" });
    const acts = () => sent.filter((m) => (m as { type: string }).type === "act") as { commandId: string; version: number; action: unknown }[];
    expect(acts()).toEqual([expect.objectContaining({ version: 17, action: { kind: "call" } })]);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.at(-1)).toMatchObject({ type: "hello", v: 3 });
    push(welcome, 1);
    expect(sent.at(-1)).toEqual({ type: "subscribe", channel: { kind: "table", tableId: "t1" } });
    expect(live.getState().connected).toBe(true);
    // The old socket stays until the table's view comes on the new one (the seat is followed there).
    expect(closed).toEqual([]);
    push({ type: "table-view", view: tableView }, 1);
    expect(closed).toEqual([0]);
    // The act still unanswered goes again on the new socket, with its own command id.
    expect(acts()).toHaveLength(2);
    expect(acts()[1]).toEqual(acts()[0]);
    // What the old socket still delivers is not this session's any more.
    push({ type: "table-view", view: { ...tableView, version: 30 } }, 0);
    expect(live.getState().tables.get("t1")?.version).toBe(17);
    // Named again by the home itself (or another member at once): no second move.
    push({ type: "table-home", tableId: "t1", url: "http://10.0.0.2:8080" }, 1);
    expect(ats).toHaveLength(2);
    // The home goes away: the next connection is through the page's origin.
    drop(1);
    await vi.waitFor(() => expect(ats).toEqual([undefined, "http://10.0.0.2:8080", undefined]), { timeout: 3000 });
    live.disconnect();
  });

  it("a player at two tables goes to their home only when both are run by the same member: two members, it stays where it is", async () => {
    const at = async (homes: [string, string]) => {
      const { live, push, ats } = scripted();
      live.watch({ kind: "table", tableId: "t1" });
      live.watch({ kind: "table", tableId: "t2" });
      live.connect();
      await new Promise((r) => setTimeout(r, 0));
      push(welcome);
      push({ type: "table-home", tableId: "t1", url: homes[0] });
      push({ type: "table-home", tableId: "t2", url: homes[1] });
      push({ type: "table-view", view: tableView });
      push({ type: "table-view", view: { ...tableView, tableId: "t2" } });
      live.disconnect();
      return ats;
    };
    expect(await at(["http://10.0.0.2:8080", "http://10.0.0.3:8080"])).toEqual([undefined]);
    expect(await at(["http://10.0.0.2:8080", "http://10.0.0.2:8080"])).toEqual([undefined, "http://10.0.0.2:8080"]);
  });

  it("a home that closes before its welcome (down, or refusing the page's origin), or answers anything but a welcome, is not tried again: the player plays on where they are", async () => {
    for (const failure of ["closed", "refused"] as const) {
      const { live, push, drop, ats, closed } = scripted();
      live.watch({ kind: "table", tableId: "t1" });
      live.connect();
      await new Promise((r) => setTimeout(r, 0));
      push(welcome);
      push({ type: "table-home", tableId: "t1", url: "http://10.0.0.2:8080" });
      push({ type: "table-view", view: tableView });
      expect(ats).toEqual([undefined, "http://10.0.0.2:8080"]);
      await new Promise((r) => setTimeout(r, 0));
      if (failure === "closed") drop(1);
      else push({ type: "error", commandId: null, error: { code: "auth/invalid-token", message: "unknown token" } }, 1);
      // The first socket never closed, and nothing reconnects.
      expect(closed.includes(0)).toBe(false);
      expect(live.getState().connected).toBe(true);
      push({ type: "table-view", view: { ...tableView, version: 18 } }, 0);
      expect(live.getState().tables.get("t1")?.version).toBe(18);
      await new Promise((r) => setTimeout(r, 2100)); // past the gap between moves
      push({ type: "table-home", tableId: "t1", url: "http://10.0.0.2:8080" }, 0);
      push({ type: "table-view", view: { ...tableView, version: 19 } }, 0);
      expect(ats).toHaveLength(2);
      live.disconnect();
    }
  });

  it("a spectator is not moved to a table's home: only a player seated there", async () => {
    const { live, push, ats } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-home", tableId: "t1", url: "http://10.0.0.2:8080" });
    push({ type: "table-view", view: { ...tableView, mySeat: null, legal: null } });
    expect(ats).toEqual([undefined]);
    live.disconnect();
  });

  it("an unanswered act is forgotten once the table moved on (a fresh view at another version), and the next act is a new one", async () => {
    const { live, sent, push, drop } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-view", view: tableView });
    live.act("t1", { kind: "call" });
    drop();
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    // The first act was applied meanwhile, and the next street waits for this player again.
    push({ type: "table-view", view: { ...tableView, version: 19 } });
    const acts = () => sent.filter((m) => (m as { type: string }).type === "act") as { commandId: string; version: number }[];
    expect(acts()).toHaveLength(1);
    live.act("t1", { kind: "fold" });
    expect(acts()).toHaveLength(2);
    expect(acts()[1]!.version).toBe(19);
    expect(acts()[1]!.commandId).not.toBe(acts()[0]!.commandId);
    // An acknowledged act is never sent again, whatever view comes after a reconnect.
    push({ type: "ack", commandId: acts()[1]!.commandId, version: 20, duplicate: false });
    drop();
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-view", view: { ...tableView, version: 19 } });
    expect(acts()).toHaveLength(2);
    live.disconnect();
  });

  it("says when the connection is down (from when) and which table's act is still on its way", async () => {
    const { live, sent, push, drop } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    expect(live.getState().offlineSince).toBeNull(); // not yet connected is not "lost"
    push(welcome);
    push({ type: "table-view", view: tableView });
    live.act("t1", { kind: "call" });
    expect(live.getState().sendingAt).toBe("t1");
    const before = Date.now();
    drop();
    const since = live.getState().offlineSince;
    expect(since).not.toBeNull();
    expect(since!).toBeGreaterThanOrEqual(before);
    expect(live.getState().sendingAt).toBe("t1"); // still unanswered across the drop
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    expect(live.getState().offlineSince).toBeNull();
    const act = sent.find((m) => (m as { type: string }).type === "act") as { commandId: string };
    push({ type: "ack", commandId: act.commandId, version: 18, duplicate: false });
    expect(live.getState().sendingAt).toBeNull();
    live.disconnect();
  });

  it("a connection that goes silent (a network gone without a close) is counted lost, said so, and made again; one that answers its pings stays", async () => {
    vi.useFakeTimers();
    try {
      const { live, sent, push, opened, sentOf } = await welcomedOnFakeTimers();
      const pings = () => sentOf("ping") as { nonce: number }[];
      // Answered: the server's pongs keep it up, however long.
      for (let i = 0; i < 5; i++) {
        await vi.advanceTimersByTimeAsync(PING_MS);
        const last = pings().at(-1)!;
        push({ type: "pong", nonce: last.nonce, serverTime: Date.now() });
      }
      expect(pings().length).toBe(5);
      expect(live.getState().offlineSince).toBeNull();
      expect(opened()).toBe(1);
      // Then nothing more arrives: no close event, only silence.
      const before = Date.now();
      await vi.advanceTimersByTimeAsync(SILENT_MS + PING_MS);
      expect(live.getState().connected).toBe(false);
      expect(live.getState().offlineSince).toBeGreaterThanOrEqual(before);
      // Made again (after the backoff); its welcome ends the outage.
      await vi.advanceTimersByTimeAsync(1000);
      expect(opened()).toBe(2);
      push(welcome);
      expect(live.getState().offlineSince).toBeNull();
      expect(sent.filter((m) => (m as { type: string }).type === "subscribe").length).toBe(2);
      live.disconnect();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a client that hears the server (a table in play) sends no pings; silent for PING_MS, it pings, and again each PING_MS of silence", async () => {
    vi.useFakeTimers();
    try {
      const { live, push, sentOf } = await welcomedOnFakeTimers();
      const pings = () => sentOf("ping").length;
      // A frame every 2 s for a minute: the steps show the connection is alive.
      for (let i = 0; i < 30; i++) {
        await vi.advanceTimersByTimeAsync(2000);
        push({ type: "pong", nonce: 0, serverTime: Date.now() });
      }
      expect(pings()).toBe(0);
      // Quiet: a ping once PING_MS have passed without a frame, not before.
      await vi.advanceTimersByTimeAsync(PING_MS - 1000);
      expect(pings()).toBe(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(pings()).toBe(1);
      // Its pong answers it: the next ping waits for PING_MS of silence again.
      push({ type: "pong", nonce: 0, serverTime: Date.now() });
      await vi.advanceTimersByTimeAsync(PING_MS - 1000);
      expect(pings()).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(pings()).toBe(2);
      // Unanswered: pinged again after PING_MS, and lost at SILENT_MS.
      await vi.advanceTimersByTimeAsync(PING_MS);
      expect(pings()).toBe(3);
      expect(live.getState().connected).toBe(true);
      await vi.advanceTimersByTimeAsync(SILENT_MS - 2 * PING_MS);
      expect(live.getState().connected).toBe(false);
      live.disconnect();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the hand log keeps the start of the first hand it holds lines of, so those lines name its players", () => {
    const start = (handNumber: number) =>
      ({ kind: "hand-start", handId: `h${handNumber}`, handNumber, seats: [{ seat: 8, name: "pia_phone" }] }) as unknown as TableEvent;
    const call = { kind: "action", seat: 8, action: "call", amount: 100, to: 100, allIn: false, timeout: false } as TableEvent;
    const log = [start(1), ...Array.from({ length: 40 }, () => call), start(2), ...Array.from({ length: 40 }, () => call)];
    const kept = keptEvents(log);
    expect(kept).toHaveLength(61);
    expect(kept[0]).toBe(log[0]); // hand 1's start, though its first lines were cut
    expect(kept.slice(1)).toEqual(log.slice(-60));
    expect(keptEvents(log.slice(0, 50))).toHaveLength(50);
    expect(keptEvents([...log, ...Array.from({ length: 19 }, () => call)]).at(0)).toBe(log[41]); // cut at hand 2's start
  });

  it("a reload keeps the earlier hands' actions: the log comes back from the tab's storage, the chat in its place among them", async () => {
    const memory = new Map<string, string>();
    const store: LogStore = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
    const call = { kind: "action" as const, seat: 1, action: "call" as const, amount: 400, to: 400, allIn: false, timeout: false };
    const said = { id: 1, at: 0, from: { id: "u2", name: "Jiří", director: false }, text: "nice hand" };
    const before = scripted(store);
    before.live.watch({ kind: "table", tableId: "t1" });
    before.live.connect();
    await new Promise((r) => setTimeout(r, 0));
    before.push(welcome);
    before.push({ type: "table-view", view: tableView });
    before.push({ type: "table-step", tableId: "t1", handId: "h42", version: 18, events: [call], patch: { version: 18 } });
    before.push({ type: "chat", tableId: "t1", lines: [said] });
    before.push({ type: "table-step", tableId: "t1", handId: "h42", version: 19, events: [call, call], patch: { version: 19 } });
    before.live.disconnect();

    // The page reloads: a new session, the same tab's storage; the server sends the view and its chat, no old events.
    const after = scripted(store);
    after.live.watch({ kind: "table", tableId: "t1" });
    expect(after.live.getState().events.get("t1")).toEqual([call, call, call]);
    expect(after.live.eventsBefore("t1")).toBe(0);
    after.live.connect();
    await new Promise((r) => setTimeout(r, 0));
    after.push(welcome);
    after.push({ type: "table-view", view: { ...tableView, version: 19 } });
    after.push({ type: "chat", tableId: "t1", lines: [said] });
    // The line said after the first call stays after it, not after the last.
    expect(after.live.getState().chats.get("t1")?.lines).toEqual([{ ...said, after: 1 }]);
    after.push({ type: "table-step", tableId: "t1", handId: "h42", version: 20, events: [call], patch: { version: 20 } });
    expect(after.live.getState().events.get("t1")).toHaveLength(4);
    after.live.disconnect();

    // Without storage (or nothing kept) the log starts empty, as before.
    const fresh = scripted(null);
    fresh.live.watch({ kind: "table", tableId: "t1" });
    expect(fresh.live.getState().events.get("t1")).toBeUndefined();
  });

  it("steps played while the tab was not subscribed leave a hole the log marks, kept across a reload; a return with nothing missed marks none", async () => {
    const said = { id: 7, at: 0, from: { id: "u2", name: "Jiří", director: false }, text: "gl" };
    const memory = new Map<string, string>();
    const store: LogStore = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
    const call = { kind: "action" as const, seat: 1, action: "call" as const, amount: 400, to: 400, allIn: false, timeout: false };
    const one = scripted(store);
    let stop = one.live.watch({ kind: "table", tableId: "t1" });
    one.live.connect();
    await new Promise((r) => setTimeout(r, 0));
    one.push(welcome);
    // The first view of a table: nothing before it to miss.
    one.push({ type: "table-view", view: { ...tableView, version: 17 } });
    one.push({ type: "table-step", tableId: "t1", handId: "h42", version: 18, events: [call], patch: { version: 18 } });
    expect(one.live.getState().gaps.get("t1") ?? []).toEqual([]);
    // Off to another screen and back with nothing played meanwhile: no hole.
    stop();
    stop = one.live.watch({ kind: "table", tableId: "t1" });
    one.push({ type: "table-view", view: { ...tableView, version: 18 } });
    expect(one.live.getState().gaps.get("t1") ?? []).toEqual([]);
    // Away while two steps were played: the hole after the one event received.
    stop();
    stop = one.live.watch({ kind: "table", tableId: "t1" });
    one.push({ type: "table-view", view: { ...tableView, version: 20 } });
    expect(one.live.getState().gaps.get("t1")).toEqual([{ after: 1, chat: 0 }]);
    one.push({ type: "chat", tableId: "t1", lines: [said] });
    one.push({ type: "table-step", tableId: "t1", handId: "h42", version: 21, events: [call], patch: { version: 21 } });
    expect(one.live.getState().gaps.get("t1")).toEqual([{ after: 1, chat: 0 }]);
    one.live.disconnect();

    // A reload: the hole comes back with the log, and so does the version, so a step missed
    // during the reload is a second hole.
    const two = scripted(store);
    two.live.watch({ kind: "table", tableId: "t1" });
    expect(two.live.getState().gaps.get("t1")).toEqual([{ after: 1, chat: 0 }]);
    two.live.connect();
    await new Promise((r) => setTimeout(r, 0));
    two.push(welcome);
    two.push({ type: "table-view", view: { ...tableView, version: 22 } });
    // The second hole comes after the chat line held before it.
    expect(two.live.getState().gaps.get("t1")).toEqual([
      { after: 1, chat: 0 },
      { after: 2, chat: 7 },
    ]);
    two.live.disconnect();
  });

  it("the hand's steps sent with the view fill the log where the tab was away: no hole inside the hand, one before it when earlier steps were missed", async () => {
    const call = { kind: "action" as const, seat: 1, action: "call" as const, amount: 400, to: 400, allIn: false, timeout: false };
    const fold = { kind: "action" as const, seat: 2, action: "fold" as const, amount: 0, to: 0, allIn: false, timeout: false };
    const start: TableEvent = { ...handStart, handNumber: 5, at: 0 };
    const log = {
      from: 17,
      steps: [
        { version: 18, events: [start] },
        { version: 19, events: [call] },
        { version: 21, events: [fold] },
      ],
    };
    const { live, sent, push } = scripted(null);
    // A first view mid-hand shows the hand so far.
    let stop = live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-view", view: { ...tableView, version: 19 }, log: { from: 17, steps: log.steps.slice(0, 2) } });
    expect(live.getState().events.get("t1")).toEqual([start, call]);
    expect(live.getState().gaps.get("t1") ?? []).toEqual([]);
    // The table's recent chat comes next: the button drawn before the hand goes before its
    // lines, a word said during it after them.
    const draw = { id: 1, at: 0, dealer: { kind: "button-draw" as const, button: 1, cards: [{ round: 1, seat: 1, card: 48 }] } };
    const said = { id: 2, at: 10, from: { id: "u2", name: "Jiří", director: false }, text: "gl" };
    push({ type: "chat", tableId: "t1", lines: [draw, said] });
    expect(live.getState().chats.get("t1")?.lines).toEqual([
      { ...draw, after: 0 },
      { ...said, after: 2 },
    ]);
    // The hand began while the tab watched: its player adds randomness for the next deck.
    expect(sent.filter((m) => (m as { type: string }).type === "contribute")).toHaveLength(1);
    // Away during steps 20 and 21, back: the missed fold comes from the log, and no hole.
    stop();
    stop = live.watch({ kind: "table", tableId: "t1" });
    push({ type: "table-view", view: { ...tableView, version: 21 }, log });
    expect(live.getState().events.get("t1")).toEqual([start, call, fold]);
    expect(live.getState().gaps.get("t1") ?? []).toEqual([]);
    expect(sent.filter((m) => (m as { type: string }).type === "contribute")).toHaveLength(1);
    // Away from before the next hand began: a hole for what came before it, then that hand whole.
    stop();
    stop = live.watch({ kind: "table", tableId: "t1" });
    const next = { ...start, handNumber: 6, at: 100 };
    push({
      type: "table-view",
      view: { ...tableView, version: 30 },
      log: {
        from: 27,
        steps: [
          { version: 28, events: [next] },
          { version: 30, events: [call] },
        ],
      },
    });
    expect(live.getState().events.get("t1")).toEqual([start, call, fold, next, call]);
    expect(live.getState().gaps.get("t1")).toEqual([{ after: 3, chat: 2 }]);
    // The dealer's result of the hand missed goes after the hole, before the next hand's lines.
    const won = {
      id: 3,
      at: 50,
      dealer: { kind: "win" as const, handId: "h5", handNumber: 5, potIndex: 0, seat: 1, name: "Bodil", amount: 800, category: null },
    };
    const late = { ...said, id: 4, at: 150 };
    push({ type: "chat", tableId: "t1", lines: [draw, said, won, late] });
    expect(live.getState().chats.get("t1")?.lines.slice(2)).toEqual([
      { ...won, after: 3 },
      { ...late, after: 5 },
    ]);
    // Back with no steps sent (none kept, or too long for a frame): a hole, as without them.
    stop();
    live.watch({ kind: "table", tableId: "t1" });
    push({ type: "table-view", view: { ...tableView, version: 33 } });
    expect(live.getState().events.get("t1")).toHaveLength(5);
    expect(live.getState().gaps.get("t1")).toEqual([
      { after: 3, chat: 2 },
      { after: 5, chat: 4 },
    ]);
  });

  it("an act sent before the drop that did not count is said: the hand went on without it, or the server refused it after the reconnect", async () => {
    const { live, sent, push, drop } = scripted();
    live.watch({ kind: "table", tableId: "t1" });
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-view", view: tableView });
    live.act("t1", { kind: "call" });
    drop();
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    expect(live.getState().refused).toBeNull();
    // The clock folded for the player meanwhile: the table is at another version.
    push({ type: "table-view", view: { ...tableView, version: 19, actor: 2, legal: null } });
    expect(live.getState().refused).toEqual({ tableId: "t1", action: "call", code: null });
    live.dismissRefused();
    expect(live.getState().refused).toBeNull();

    // Resent after the reconnect and refused by the server: said with the server's code.
    push({ type: "table-view", view: { ...tableView, version: 21 } });
    live.act("t1", { kind: "fold" });
    drop();
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    push({ type: "table-view", view: { ...tableView, version: 21 } });
    const resent = sent.filter((m) => (m as { type: string }).type === "act").at(-1) as { commandId: string };
    push({ type: "error", commandId: resent.commandId, error: { code: "table/stale-version", message: "the table moved on" } });
    expect(live.getState().refused).toEqual({ tableId: "t1", action: "fold", code: "table/stale-version" });
    // The next act clears it; a refusal of an act made on this connection is no reconnect's doing.
    live.act("t1", { kind: "check" });
    expect(live.getState().refused).toBeNull();
    const next = sent.filter((m) => (m as { type: string }).type === "act").at(-1) as { commandId: string };
    push({ type: "error", commandId: next.commandId, error: { code: "table/stale-version", message: "the table moved on" } });
    expect(live.getState().refused).toBeNull();
    live.disconnect();
  });

  it("reads the clock as the server's: the offset from the welcome, then from each pong and tournament view", async () => {
    const { live, push } = scripted();
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    const now = vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    try {
      // This machine's clock is a minute and a half behind the server's.
      push({ ...welcome, serverTime: 1_090_000 });
      expect(live.getState().clockOffsetMs).toBe(90_000);
      push({ type: "pong", nonce: 1, serverTime: 1_089_000 });
      expect(live.getState().clockOffsetMs).toBe(89_000);
      push({ type: "tournament-view", view: { ...tournamentView, serverTime: 995_000 } });
      expect(live.getState().clockOffsetMs).toBe(-5_000);
    } finally {
      now.mockRestore();
      live.disconnect();
    }
  });

  it("a channel two screens watch stays subscribed until both stop", async () => {
    const { live, sent, push } = scripted();
    live.connect();
    await new Promise((r) => setTimeout(r, 0));
    push(welcome);
    const channel = { kind: "tournament", tournamentId: "tr1" } as const;
    const a = live.watch(channel);
    const b = live.watch(channel);
    const subs = () => sent.filter((m) => (m as { type: string }).type === "subscribe").length;
    const unsubs = () => sent.filter((m) => (m as { type: string }).type === "unsubscribe").length;
    expect(subs()).toBe(1);
    a();
    a(); // a second stop of the same watch changes nothing
    expect(unsubs()).toBe(0);
    b();
    expect(unsubs()).toBe(1);
    live.disconnect();
  });
});
