import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ERROR_CODES,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  applyTablePatch,
  encodeClientMessage,
  encodeServerMessage,
  parseClientMessage,
  parseServerMessage,
  type ClientMessage,
} from "./index.ts";
import { serverMessages, tableView } from "../../testkit/protocol/fixtures.ts";

const TOKEN = "tok_0123456789abcdef";

const clientMessages: ClientMessage[] = [
  { type: "hello", v: PROTOCOL_VERSION, token: TOKEN },
  { type: "subscribe", channel: { kind: "table", tableId: "t1" } },
  { type: "subscribe", channel: { kind: "tournament", tournamentId: "trn1" } },
  { type: "unsubscribe", channel: { kind: "table", tableId: "t1" } },
  { type: "act", tableId: "t1", handId: "h42", version: 17, commandId: "cmd-00000001", action: { kind: "fold" } },
  { type: "act", tableId: "t1", handId: "h42", version: 17, commandId: "cmd-00000002", action: { kind: "check" } },
  { type: "act", tableId: "t1", handId: "h42", version: 17, commandId: "cmd-00000003", action: { kind: "call" } },
  { type: "act", tableId: "t1", handId: "h42", version: 17, commandId: "cmd-00000004", action: { kind: "bet", to: 400 } },
  { type: "act", tableId: "t1", handId: "h42", version: 17, commandId: "cmd-00000005", action: { kind: "raise", to: 2475 } },
  { type: "sit-out", tableId: "t1", commandId: "cmd-00000006" },
  { type: "sit-in", tableId: "t1", commandId: "cmd-00000007" },
  { type: "contribute", tableId: "t1", commandId: "cmd-00000008", value: "9c".repeat(32) },
  { type: "ping", nonce: 1 },
];

function codeOf(frame: unknown, side: "client" | "server" = "client"): string {
  const r = side === "client" ? parseClientMessage(frame) : parseServerMessage(frame);
  return r.ok ? "ok" : r.error.code;
}

describe("protocol v1 client → server", () => {
  it.each(clientMessages.map((m) => [m.type, m] as const))("%s round-trips", (_type, message) => {
    const encoded = encodeClientMessage(message);
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    const parsed = parseClientMessage(encoded.value);
    expect(parsed).toEqual({ ok: true, value: message });
  });

  it("a contribution is 32 bytes as 64 lowercase hex digits", () => {
    expect(codeOf(JSON.stringify({ type: "contribute", tableId: "t1", commandId: "cmd-00000009", value: "9C".repeat(32) }))).toBe("protocol/invalid-message");
    expect(codeOf(JSON.stringify({ type: "contribute", tableId: "t1", commandId: "cmd-00000009", value: "9c" }))).toBe("protocol/invalid-message");
  });

  it("refuses text that is not JSON with protocol/bad-json", () => {
    expect(codeOf("{type:")).toBe("protocol/bad-json");
    expect(codeOf("")).toBe("protocol/bad-json");
  });

  it("refuses binary or non-string frames", () => {
    expect(codeOf(new Uint8Array([1, 2]))).toBe("protocol/invalid-message");
    expect(codeOf(42)).toBe("protocol/invalid-message");
  });

  it("refuses frames over 16 KiB, counted in UTF-8 bytes, before parsing them", () => {
    const pad = (n: number, ch: string) => JSON.stringify({ type: "ping", nonce: 1, x: ch.repeat(n) });
    expect(MAX_FRAME_BYTES).toBe(16_384);
    expect(codeOf(pad(20_000, "a"))).toBe("protocol/frame-too-large");
    // 6,000 "ř" are 12,000 bytes: under; 9,000 are 18,000 bytes: over, though only 9,000 UTF-16 units.
    expect(codeOf(pad(6000, "ř"))).toBe("protocol/invalid-message");
    expect(codeOf(pad(9000, "ř"))).toBe("protocol/frame-too-large");
  });

  it("refuses unknown message types and unknown fields (strict)", () => {
    expect(codeOf(JSON.stringify({ type: "shove" }))).toBe("protocol/invalid-message");
    expect(codeOf(JSON.stringify({ type: "ping", nonce: 1, admin: true }))).toBe("protocol/invalid-message");
    expect(codeOf(JSON.stringify({ ...clientMessages[4], extra: 1 }))).toBe("protocol/invalid-message");
  });

  it("R-BET-3: an act must name a known action with an integer, non-negative total", () => {
    const act = (action: unknown) => JSON.stringify({ type: "act", tableId: "t1", handId: "h1", version: 3, commandId: "cmd-00000009", action });
    expect(codeOf(act({ kind: "raise", to: 300 }))).toBe("ok");
    expect(codeOf(act({ kind: "raise" }))).toBe("protocol/invalid-message");
    expect(codeOf(act({ kind: "raise", to: 12.5 }))).toBe("protocol/invalid-message");
    expect(codeOf(act({ kind: "bet", to: -1 }))).toBe("protocol/invalid-message");
    expect(codeOf(act({ kind: "muck" }))).toBe("protocol/invalid-message");
    expect(codeOf(act({ kind: "fold", to: 5 }))).toBe("protocol/invalid-message");
  });

  it("an act without its state version or command id is refused (stale/replay protection)", () => {
    const { version: _v, ...noVersion } = clientMessages[4] as Extract<ClientMessage, { type: "act" }>;
    const { commandId: _c, ...noCommand } = clientMessages[4] as Extract<ClientMessage, { type: "act" }>;
    expect(codeOf(JSON.stringify(noVersion))).toBe("protocol/invalid-message");
    expect(codeOf(JSON.stringify(noCommand))).toBe("protocol/invalid-message");
    expect(codeOf(JSON.stringify({ ...clientMessages[4], commandId: "short" }))).toBe("protocol/invalid-message");
  });

  it("hello needs a token; the version is carried as given so the server can answer version-unsupported", () => {
    expect(codeOf(JSON.stringify({ type: "hello", v: 1 }))).toBe("protocol/invalid-message");
    expect(codeOf(JSON.stringify({ type: "hello", v: 2, token: TOKEN }))).toBe("ok");
  });

  it("encode refuses an invalid message instead of sending it", () => {
    const bad = { type: "act", tableId: "t1", handId: "h1", version: -1, commandId: "cmd-00000001", action: { kind: "fold" } };
    const r = encodeClientMessage(bad as ClientMessage);
    expect(r.ok).toBe(false);
  });

  it("no input makes the parsers throw; each gives a typed error or a message (fuzz)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (frame) => {
          for (const r of [parseClientMessage(frame), parseServerMessage(frame)]) {
            if (!r.ok) expect(ERROR_CODES).toContain(r.error.code);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("protocol v1 server → client", () => {
  it.each(serverMessages.map((m, i) => [`${i} ${m.type}${m.type === "event" ? `/${m.event.kind}` : ""}`, m] as const))("%s round-trips", (_name, message) => {
    const encoded = encodeServerMessage(message);
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    expect(parseServerMessage(encoded.value)).toEqual({ ok: true, value: message });
  });

  it("a full 10-seat table view fits in one frame", () => {
    const seats = Array.from({ length: 10 }, (_, i) => ({
      ...tableView.seats[0]!,
      seat: i + 1,
      player: { id: `user-${i}-xxxxxxxxxxxxxxxx`, name: `Player_${i}_with_long` },
    }));
    const view = { ...tableView, seats, recentHands: Array(10).fill(tableView.recentHands[0]) };
    const r = encodeServerMessage({ type: "table-view", view });
    expect(r.ok).toBe(true);
  });

  it("error codes are stable strings from the published list", () => {
    const bad = { type: "error", commandId: null, error: { code: "oops", message: "x" } };
    expect(codeOf(JSON.stringify(bad), "server")).toBe("protocol/invalid-message");
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+\/[a-z-]+$/);
  });

  it("a card outside 0..51 or a third hole card is refused", () => {
    const withCards = (cards: unknown) =>
      JSON.stringify({ type: "table-view", view: { ...tableView, seats: [{ ...tableView.seats[0], cards }, tableView.seats[1]] } });
    expect(codeOf(withCards([51, 47]), "server")).toBe("ok");
    expect(codeOf(withCards([52, 47]), "server")).toBe("protocol/invalid-message");
    expect(codeOf(withCards([1, 2, 3]), "server")).toBe("protocol/invalid-message");
  });

  it("a hand-start commitment must be a SHA-256 hex digest", () => {
    const m = serverMessages.find((x) => x.type === "event" && x.event.kind === "hand-start")!;
    const broken = JSON.parse(JSON.stringify(m)) as { event: { commitment: string } };
    broken.event.commitment = "xyz";
    expect(codeOf(JSON.stringify(broken), "server")).toBe("protocol/invalid-message");
  });
});

describe("protocol v2: table steps", () => {
  const step = {
    type: "table-step" as const,
    tableId: "t1",
    handId: "h42",
    version: 18,
    events: [{ kind: "action" as const, seat: 1, action: "call" as const, amount: 400, to: 400, allIn: false, timeout: false }],
    patch: { version: 18, actor: 2, legal: null, seats: [{ ...tableView.seats[0]!, stack: 9400, bet: 400 }] },
  };

  it("a step round-trips and folds into the view it was made against", () => {
    const encoded = encodeServerMessage(step);
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    const parsed = parseServerMessage(encoded.value);
    expect(parsed).toEqual({ ok: true, value: step });
    const next = applyTablePatch(tableView, step.patch);
    expect(next).toEqual({ ...tableView, version: 18, actor: 2, legal: null, seats: [step.patch.seats[0], tableView.seats[1], tableView.seats[2]] });
    expect(tableView.version).toBe(17); // the input is unchanged
  });

  it("an empty patch changes nothing; a patch cannot rename the table or carry a bad seat", () => {
    expect(applyTablePatch(tableView, {})).toEqual(tableView);
    const renamed = JSON.stringify({ ...step, patch: { tableId: "t9" } });
    const r = parseServerMessage(renamed);
    // the patch schema has no tableId: it is dropped, never applied
    expect(r.ok && r.value.type === "table-step" && "tableId" in r.value.patch).toBe(false);
    const bad = JSON.stringify({ ...step, patch: { seats: [{ ...tableView.seats[0], cards: [1, 2, 3] }] } });
    expect(codeOf(bad, "server")).toBe("protocol/invalid-message");
  });

  it("v3 is the current version and v1 and v2 are still accepted", () => {
    expect(PROTOCOL_VERSION).toBe(3);
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual([1, 2, 3]);
  });

  it("a table's home is an http(s) address: anything else is refused, so a client never connects to it", () => {
    const home = (url: unknown) => codeOf(JSON.stringify({ type: "table-home", tableId: "t1", url }), "server");
    expect(home("http://127.0.0.1:8082")).toBe("ok");
    expect(home("https://m2.felt.example")).toBe("ok");
    for (const bad of ["javascript:alert(1)", "ftp://m2.felt.example", "m2.felt.example", "", 42, `https://${"a".repeat(2100)}.example`])
      expect(home(bad)).toBe("protocol/invalid-message");
  });

  it("applying patches field by field equals the final view (property)", () => {
    const fields = fc.record(
      {
        version: fc.integer({ min: 0, max: 1000 }),
        actor: fc.constantFrom(null, 1, 2),
        board: fc.constantFrom([], [0, 13, 26], [0, 13, 26, 39]),
        seats: fc.subarray(tableView.seats).map((ss) => ss.map((x) => ({ ...x, stack: x.stack + 1 }))),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(fields, { maxLength: 6 }), (patches) => {
        let v = tableView;
        for (const p of patches) {
          const wire = parseServerMessage(JSON.stringify({ ...step, patch: p }));
          expect(wire.ok).toBe(true);
          if (wire.ok && wire.value.type === "table-step") v = applyTablePatch(v, wire.value.patch);
        }
        // last writer wins, field by field and seat by seat
        const want: Record<string, unknown> = { ...tableView };
        const seats = new Map(tableView.seats.map((x) => [x.seat, x]));
        for (const p of patches) {
          const { seats: ps, ...rest } = p;
          Object.assign(want, rest);
          for (const x of ps ?? []) seats.set(x.seat, x);
        }
        expect(v).toEqual({ ...want, seats: [...seats.values()] });
      }),
      { numRuns: 200 },
    );
  });
});
