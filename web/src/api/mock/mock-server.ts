import {
  PROTOCOL_VERSION,
  ROUTES,
  SUPPORTED_PROTOCOL_VERSIONS,
  type RouteName,
  encodeServerMessage,
  parseClientMessage,
  type ErrorCode,
  type ServerMessage,
  type TableEvent,
  type UserInfo,
} from "../../../../src/protocol/index.ts";
import type { HttpAnswer, SocketHandlers, SocketLike, Transport } from "../transport.ts";
import { NAMES, PRESETS, deepstack, turbo } from "./mock-data.ts";
import { predict, structureRefusal } from "./mock-director.ts";
import { answer, error, floorRoute } from "./mock-floor.ts";
import { MockTable } from "./mock-table.ts";
import { awaitingRebuy, bustOut, clockOf, lobbyEntry, settleRebuyGrace, tournamentView, type MEntry, type MTournament } from "./mock-tournament.ts";

// An in-browser fake server for development and screenshots: the same routes, bodies and
// frames as the real one (validated by src/protocol on the way out), with invented
// state. Select it with `?mock=1`. Nothing here is used when talking to a real server.

interface MUser extends UserInfo {
  password: string;
  balance: number;
}

type Body = Record<string, unknown>;

export class MockServer {
  private readonly users = new Map<string, MUser>();
  private readonly tokens = new Map<string, string>();
  private readonly tournaments: MTournament[] = [];
  private readonly tables = new Map<string, MockTable>();
  private readonly deposits = new Map<string, number>();
  private readonly sockets = new Set<{ h: SocketHandlers; user: MUser | null; subs: Set<string> }>();
  private seed = 20261127;
  private timer: ReturnType<typeof setInterval> | null = null;
  readonly heroToken = "mock-token-bodil-000000";

  constructor(private readonly now: () => number = () => Date.now()) {
    const bodil: MUser = { id: "u-bodil", name: "Bodil", role: "director", password: "bodil-password", balance: 25_000 };
    this.users.set(bodil.name, bodil);
    this.tokens.set(this.heroToken, bodil.name);
    this.seedTournaments();
  }

  random = (): number => {
    // mulberry32: a seeded generator so the mock looks the same on every load.
    let t = (this.seed += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  private seedTournaments(): void {
    const now = this.now();
    const entry = (i: number, name: string, userId: string, stack: number, table: number | null, seat: number | null): MEntry => ({
      entryId: `e${i}`, userId, name, stack, state: "playing", tableNumber: table, seat, rebuys: 0, addOn: false, place: null, bustedAt: null,
    });
    const base = { variant: "no-limit" as const, guarantee: 0, maxEntries: null, reEntry: false, rebuy: false, addOn: false, lateRegLevels: 4, pausedAt: null, pausedMs: 0, chips: [25, 100, 500, 1000, 5000], version: 1 };
    // A live room's Friday deepstack in level 4: 30 entries, 23 left on 3 tables.
    const friday: MTournament = {
      ...base, id: "friday", name: "Friday Deepstack", kind: "live", status: "running", startsAt: now - 67 * 60_000,
      buyIn: 1000, fee: 100, guarantee: 25_000, structure: deepstack, reEntry: true, startedAt: now - 67 * 60_000,
      entries: NAMES.map((n, i) => entry(i, n, `u-${i}`, 0, null, null)),
    };
    friday.entries.forEach((e, i) => {
      if (i >= 23) Object.assign(e, { state: "busted", place: 53 - i, bustedAt: now - (30 - i) * 120_000 });
      else Object.assign(e, { stack: 8000 + Math.round(this.random() * 400) * 25, tableNumber: (i % 3) + 1, seat: Math.floor(i / 3) + 1 });
    });
    // Chips are conserved: 30 entries × 10,000 are spread over the 23 still in.
    const s = friday.entries.reduce((a, e) => a + e.stack, 0);
    const short = 30 * deepstack.startingStack - s;
    const units = short / 25;
    friday.entries.slice(0, 23).forEach((e, i) => (e.stack += (Math.floor(units / 23) + (i < units % 23 ? 1 : 0)) * 25));
    // An online rebuy game where Bodil plays two tables... well, one table each in two games.
    const online = (id: string, name: string, structure = turbo, extra: Partial<MTournament> = {}): MTournament => ({
      ...base, id, name, kind: "online", status: "running", startsAt: now - 8 * 60_000, buyIn: 300, fee: 30,
      structure, startedAt: now - 8 * 60_000, entries: [], ...extra,
    });
    const rebuyGame = online("sunday", "Sunday Rebuy", deepstack, { rebuy: true, addOn: true });
    const turboGame = online("nightly", "Nightly Turbo 6'");
    const upcoming: MTournament = { ...online("turbo50", "Turbo 50"), status: "registering", startsAt: now + 42 * 60_000, startedAt: null, buyIn: 50, fee: 5, maxEntries: 180 };
    const done: MTournament = { ...online("freeroll", "Morning Freeroll"), status: "finished", startsAt: now - 5 * 3_600_000, buyIn: 0, fee: 0, guarantee: 500 };
    for (let i = 0; i < 12; i++) upcoming.entries.push({ ...entry(100 + i, NAMES[(i + 5) % 30]!, `u-${i + 5}`, 5000, null, null), state: "registered" });
    // Bodil busted in a rebuy game a moment ago: the seat is kept while the rebuy is offered (R-TRN-4).
    const busted = online("monday", "Monday Rebuy", turbo, { rebuy: true, buyIn: 100, fee: 10 });
    busted.entries = ["Bodil", ...NAMES.slice(14, 18)].map((n, i) => ({
      ...entry(300 + i, n, i === 0 ? "u-bodil" : `u-m${i}`, i === 0 ? 0 : busted.structure.startingStack + (i === 1 ? busted.structure.startingStack : 0), null, null),
      ...(i === 0 ? { rebuyUntil: now + 2 * 60_000 } : {}),
    }));
    this.tournaments.push(friday, rebuyGame, turboGame, busted, upcoming, done);
    for (const [k, game] of [rebuyGame, turboGame].entries()) {
      const names = ["Bodil", ...NAMES.slice(1 + k * 6, 7 + k * 6)];
      const players = names.map((name, i) => ({ id: i === 0 ? "u-bodil" : `bot-${k}-${i}`, name, stack: game.structure.startingStack + Math.round((this.random() - 0.5) * 40) * 50 }));
      game.entries = players.map((p, i) => ({ ...entry(200 + k * 10 + i, p.name, p.id, p.stack, 1, i + 1) }));
      const tableId = `${game.id}-t1`;
      const clock = clockOf(game, now)!;
      const l = game.structure.levels[clock.levelIndex]!;
      const table = new MockTable(tableId, game.id, 1, players, { sb: l.sb || 100, bb: l.bb || 200, ante: l.ante }, this.random, (tid, hid, version, event) => this.broadcastEvent(tid, hid, version, event));
      this.tables.set(tableId, table);
      // One hand already played (everyone on autopilot), so the history and replayer have something.
      table.startHand(now - 60_000);
      for (let guard = 0; table.actor !== null && guard < 200; guard++) table.act(table.actor, table.botAction(table.actor), now - 30_000);
      table.startHand(now);
    }
  }

  private userOf(token: string | null): MUser | null {
    const name = token ? this.tokens.get(token) : undefined;
    return name ? (this.users.get(name) ?? null) : null;
  }

  private tournament(id: string | undefined): MTournament | undefined {
    return this.tournaments.find((t) => t.id === id);
  }

  // ---------- HTTP ----------

  request(method: "GET" | "POST", target: string, body: unknown, token: string | null): HttpAnswer {
    const [path = "", search = ""] = target.split("?");
    const query = Object.fromEntries(new URLSearchParams(search));
    for (const [name, route] of Object.entries(ROUTES) as [RouteName, (typeof ROUTES)[RouteName]][]) {
      if (route.method !== method) continue;
      const re = new RegExp(`^${route.path.replace(/:([a-z]+)/g, "(?<$1>[^/]+)")}$`);
      const m = re.exec(path);
      if (!m) continue;
      const params = Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      const user = this.userOf(token);
      if (route.auth !== "none" && !user) return error(401, "auth/required", "sign in first");
      if (route.auth === "director" && user?.role !== "director") return error(403, "auth/forbidden", "directors only");
      return this.handle(name, params, (body ?? {}) as Body, user, query, token);
    }
    return error(404, "director/not-found", `no route ${method} ${path}`);
  }

  private handle(name: RouteName, p: Record<string, string>, body: Body, user: MUser | null, query: Record<string, string>, token: string | null = null): HttpAnswer {
    const now = this.now();
    const t = this.tournament(p["id"]);
    const needT = () => error(404, "tournament/not-found", "no such tournament");
    switch (name) {
      case "signUp": {
        const n = String(body["name"]);
        if (this.users.has(n)) return error(409, "auth/name-taken", "name taken");
        const u: MUser = { id: `u-${this.users.size + 100}`, name: n, role: "player", password: String(body["password"]), balance: 10_000 };
        this.users.set(n, u);
        return this.signIn(u);
      }
      case "signIn": {
        const u = this.users.get(String(body["name"]));
        if (!u || u.password !== body["password"]) return error(401, "auth/bad-credentials", "wrong name or password");
        return this.signIn(u);
      }
      case "signOut":
      case "signOutEverywhere": {
        let n = 0;
        for (const [tok, who] of [...this.tokens]) {
          if (who === user!.name && (name === "signOutEverywhere" || tok === token)) {
            this.tokens.delete(tok);
            n += 1;
          }
        }
        return answer(200, { signedOut: n });
      }
      case "me":
        return answer(200, { user: this.publicUser(user!), balance: user!.balance });
      case "lobby": {
        // Paged like the server: open tournaments first (soonest start first), then finished ones (latest first).
        const over = (x: MTournament) => x.status === "finished" || x.status === "cancelled";
        const sorted = [...this.tournaments].sort((a, b) => Number(over(a)) - Number(over(b)) || (over(a) ? b.startsAt - a.startsAt : a.startsAt - b.startsAt));
        const pageSize = Math.min(500, Number(query["pageSize"] ?? 500) || 500);
        const pages = Math.ceil(sorted.length / pageSize);
        const page = Math.max(1, Number(query["page"] ?? 1) || 1);
        return answer(200, {
          serverTime: now,
          balance: user?.balance ?? null,
          tournaments: sorted.slice((page - 1) * pageSize, page * pageSize).map((x) => lobbyEntry(x, user?.id ?? null, user?.balance ?? 0, now)),
          page: { page, pageSize, total: sorted.length, pages },
        });
      }
      case "tournament":
        return t ? answer(200, tournamentView(t, now)) : needT();
      case "register":
      case "unregister":
      case "reEnter":
      case "rebuy":
      case "addOn":
      case "declineRebuy":
        return t ? this.entryCommand(name, t, user!) : needT();
      case "cancel": {
        // R-TRN-6: only before the start; every player gets back all they paid.
        if (!t) return needT();
        if (t.status !== "registering" && t.status !== "announced") return error(409, "tournament/bad-state", `a ${t.status} tournament cannot be cancelled`);
        for (const e of t.entries) {
          const u = [...this.users.values()].find((x) => x.id === e.userId);
          if (u) u.balance += t.buyIn + t.fee;
        }
        t.status = "cancelled";
        this.touch(t);
        return answer(200, { tournament: lobbyEntry(t, user!.id, user!.balance, now) });
      }
      case "hands":
        return answer(200, { hands: this.handList(user!) });
      case "hand": {
        const rec = this.handRecords.get(p["id"] ?? "");
        return rec ? answer(200, rec) : error(404, "table/not-found", "no such hand");
      }
      case "presets":
        return answer(200, { presets: PRESETS });
      case "predict": {
        const structure = body["structure"] as typeof deepstack;
        return structureRefusal(structure) ?? answer(200, predict(structure, Number(body["players"])));
      }
      case "create": {
        const preset = PRESETS.find((x) => x.id === body["presetId"]);
        if (!preset) return error(404, "director/not-found", "no such preset");
        // As the server: an R-TRN-6 start rule's deadline is not before the start (the mock keeps no rule).
        const rule = body["startRule"] as { deadline: number } | undefined;
        if (rule !== undefined && rule.deadline < Number(body["startsAt"])) return error(400, "director/invalid", "the start rule's deadline is before the start");
        // As the server: the designer's structure with its own chip set, else the preset's (R-CHIP-1).
        const sent = body["structure"] as typeof deepstack | undefined;
        const chips = sent?.chips ?? preset.structure.chips;
        const structure = sent === undefined ? preset.structure : chips === undefined ? sent : { ...sent, chips };
        const refused = structureRefusal(structure);
        if (refused) return refused;
        const nt: MTournament = {
          id: `t${this.tournaments.length + 1}`, name: String(body["name"]), kind: body["kind"] as "live", variant: preset.variant,
          status: "registering", startsAt: Number(body["startsAt"]), buyIn: (body["buyIn"] as number) ?? preset.buyIn,
          fee: (body["fee"] as number) ?? preset.fee, guarantee: (body["guarantee"] as number) ?? 0, maxEntries: (body["maxEntries"] as number) ?? null,
          structure, reEntry: preset.reEntry, rebuy: preset.rebuy, addOn: preset.addOn,
          lateRegLevels: 4, startedAt: null, pausedAt: null, pausedMs: 0, entries: [], chips: [...(structure.chips ?? [25, 100, 500, 1000, 5000])], version: 1,
        };
        this.tournaments.push(nt);
        return answer(200, { tournament: lobbyEntry(nt, user!.id, user!.balance, now) });
      }
      case "pause":
      case "resume": {
        if (!t) return needT();
        if (name === "pause" && t.pausedAt === null && t.startedAt !== null) Object.assign(t, { pausedAt: now, status: "paused" });
        else if (name === "resume" && t.pausedAt !== null) Object.assign(t, { pausedMs: t.pausedMs + now - t.pausedAt, pausedAt: null, status: "running" });
        else return error(409, "tournament/bad-state", `cannot ${name} now`);
        this.touch(t);
        return answer(200, { tournament: lobbyEntry(t, user!.id, user!.balance, now) });
      }
      case "start":
      case "seating":
      case "move":
      case "instructions":
      case "confirmInstruction":
      case "walkIn":
      case "liveRecord":
      case "colourUpPlan":
      case "colourUp":
      case "blindError":
      case "deal":
      case "results": {
        if (!t) return needT();
        // As the server: a walk-in gets a guest account of their own; a regular registers with theirs.
        if (name === "walkIn" && this.users.has(String(body["name"]))) return error(409, "auth/name-taken", "that name has an account");
        const r = floorRoute(name, t, p, body, now, this.random);
        if (r.changed) this.touch(t);
        return r.answer === "lobby" ? answer(200, { tournament: lobbyEntry(t, user!.id, user!.balance, now), ...r.extra }) : r.answer;
      }
      case "deposit": {
        const u = this.users.get(String(body["name"]));
        if (!u) return error(404, "director/not-found", `no player ${String(body["name"])}`);
        const key = String(body["commandId"]);
        if (!this.deposits.has(key)) {
          this.deposits.set(key, Number(body["amount"]));
          u.balance += Number(body["amount"]);
        }
        return answer(200, { player: u.id, balance: u.balance });
      }
      case "ledger": {
        // Every player's balance, against the desk's cash account: the books balance.
        const balances = [...this.users.values()].map((u) => ({ account: `player:${u.id}`, asset: "EUR", balance: u.balance, name: u.name }));
        const desk = -balances.reduce((a, b) => a + b.balance, 0);
        return answer(200, { totals: { EUR: 0 }, balances: [...balances, { account: "external:cash", asset: "EUR", balance: desk }] });
      }
      default:
        return error(404, "director/not-found", `the mock has no ${name}`);
    }
  }

  private signIn(u: MUser): HttpAnswer {
    const token = `mock-token-${u.id}-${Math.floor(this.random() * 1e9)}`;
    this.tokens.set(token, u.name);
    return answer(200, { token, user: this.publicUser(u) });
  }

  private publicUser(u: MUser): UserInfo {
    return { id: u.id, name: u.name, role: u.role };
  }

  private entryCommand(name: "register" | "unregister" | "reEnter" | "rebuy" | "addOn" | "declineRebuy", t: MTournament, u: MUser): HttpAnswer {
    const now = this.now();
    settleRebuyGrace(t, now);
    if (name === "declineRebuy") {
      // R-TRN-4: only a busted player still waiting to rebuy may decline; then they are out.
      const waiting = t.entries.find((e) => e.userId === u.id && awaitingRebuy(e, now));
      if (!waiting) return error(409, "tournament/not-allowed", "not waiting to rebuy");
      bustOut(t, waiting, now);
      this.touch(t);
      return answer(200, { tournament: lobbyEntry(t, u.id, u.balance, now), balance: u.balance });
    }
    const perm = lobbyEntry(t, u.id, u.balance, now).actions[name];
    if (!perm.allowed) {
      return error(409, perm.reason === "insufficient-funds" ? "ledger/insufficient-funds" : "tournament/not-allowed", perm.reason);
    }
    u.balance -= perm.cost;
    const live = t.entries.find((e) => e.userId === u.id && e.state !== "busted");
    if (name === "register" || name === "reEnter") {
      t.entries.push({ entryId: `e${t.entries.length + 500}`, userId: u.id, name: u.name, stack: t.structure.startingStack, state: t.startedAt ? "playing" : "registered", tableNumber: null, seat: null, rebuys: 0, addOn: false, place: null, bustedAt: null });
    } else if (name === "unregister" && live) {
      t.entries = t.entries.filter((e) => e !== live);
      u.balance += t.buyIn + t.fee;
    } else if (name === "rebuy" && live) {
      live.rebuys += 1;
      live.stack += t.structure.startingStack;
      live.rebuyUntil = null;
    } else if (name === "addOn" && live) {
      live.addOn = true;
      live.stack += t.structure.startingStack / 2;
    }
    this.touch(t);
    return answer(200, { tournament: lobbyEntry(t, u.id, u.balance, now), balance: u.balance });
  }

  // ---------- hand histories (recorded from the mock tables' events) ----------

  private readonly handRecords = new Map<string, { handId: string; tableId: string; tournamentId: string; handNumber: number; startedAt: number; events: TableEvent[] }>();

  private handList(u: MUser) {
    return [...this.handRecords.values()]
      .filter((h) => h.events.some((e) => e.kind === "hand-end"))
      .reverse()
      .slice(0, 50)
      .map((h) => {
        const seat = (this.tables.get(h.tableId)?.seats.find((s) => s.id === u.id)?.seat) ?? 0;
        const start = h.events[0]?.kind === "hand-start" ? (h.events[0].seats.find((s) => s.seat === seat)?.stack ?? 0) : 0;
        const end = h.events.find((e) => e.kind === "hand-end");
        const after = end?.kind === "hand-end" ? (end.stacks.find((s) => s.seat === seat)?.stack ?? 0) : 0;
        return { handId: h.handId, tableId: h.tableId, tournamentId: h.tournamentId, handNumber: h.handNumber, startedAt: h.startedAt, net: after - start };
      });
  }

  // ---------- WebSocket ----------

  private broadcastEvent(tableId: string, handId: string | null, version: number, event: TableEvent): void {
    const table = this.tables.get(tableId);
    if (handId) {
      if (event.kind === "hand-start") this.handRecords.set(handId, { handId, tableId, tournamentId: table?.tournamentId ?? "", handNumber: event.handNumber, startedAt: event.at, events: [] });
      // Histories hold only what the hero saw (the table emits others' hole cards face down).
      this.handRecords.get(handId)?.events.push(event);
    }
    for (const sock of this.sockets) {
      if (!sock.subs.has(`table:${tableId}`)) continue;
      this.push(sock, { type: "event", tableId, handId, version, event });
    }
  }

  private touch(t: MTournament): void {
    t.version += 1;
    for (const sock of this.sockets) if (sock.subs.has(`tournament:${t.id}`)) this.push(sock, { type: "tournament-view", view: tournamentView(t, this.now()) });
  }

  private push(sock: { h: SocketHandlers }, m: ServerMessage): void {
    const frame = encodeServerMessage(m);
    if (!frame.ok) throw new Error(`mock server produced an invalid frame: ${frame.error.message}`);
    const text = frame.value;
    queueMicrotask(() => sock.h.onFrame(text));
  }

  private sendTableViews(tableId: string): void {
    const table = this.tables.get(tableId);
    if (!table) return;
    for (const sock of this.sockets) {
      if (!sock.subs.has(`table:${tableId}`)) continue;
      const seat = table.seats.find((s) => s.id === sock.user?.id)?.seat ?? null;
      this.push(sock, { type: "table-view", view: table.viewFor(seat, this.now()) });
    }
  }

  connect(h: SocketHandlers): SocketLike {
    const sock = { h, user: null as MUser | null, subs: new Set<string>() };
    this.sockets.add(sock);
    this.ensureTimer();
    queueMicrotask(() => h.onOpen());
    const fail = (code: ErrorCode, message: string, commandId: string | null = null) =>
      this.push(sock, { type: "error", commandId, error: { code, message } });
    return {
      send: (text) => {
        const parsed = parseClientMessage(text);
        if (!parsed.ok) return fail(parsed.error.code as ErrorCode, parsed.error.message);
        const m = parsed.value;
        if (m.type !== "hello" && !sock.user) return fail("protocol/hello-required", "say hello first");
        switch (m.type) {
          case "hello": {
            if (!SUPPORTED_PROTOCOL_VERSIONS.includes(m.v)) return fail("protocol/version-unsupported", `server speaks v${PROTOCOL_VERSION}`);
            const u = this.userOf(m.token);
            if (!u) return fail("auth/invalid-token", "unknown token");
            sock.user = u;
            return this.push(sock, { type: "welcome", v: PROTOCOL_VERSION, user: this.publicUser(u), serverTime: this.now() });
          }
          case "subscribe":
          case "unsubscribe": {
            const key = m.channel.kind === "table" ? `table:${m.channel.tableId}` : `tournament:${m.channel.tournamentId}`;
            if (m.type === "unsubscribe") return void sock.subs.delete(key);
            if (m.channel.kind === "table") {
              if (!this.tables.has(m.channel.tableId)) return fail("table/not-found", "no such table");
              sock.subs.add(key);
              return this.sendTableViews(m.channel.tableId);
            }
            const t = this.tournament(m.channel.tournamentId);
            if (!t) return fail("tournament/not-found", "no such tournament");
            sock.subs.add(key);
            return this.push(sock, { type: "tournament-view", view: tournamentView(t, this.now()) });
          }
          case "act": {
            const table = this.tables.get(m.tableId);
            if (!table) return fail("table/not-found", "no such table", m.commandId);
            if (m.version !== table.version || m.handId !== table.handId) return fail("table/stale-version", "the table moved on", m.commandId);
            const seat = table.seats.find((s) => s.id === sock.user!.id)?.seat;
            if (!seat) return fail("table/not-seated", "not at this table", m.commandId);
            const code = table.act(seat, m.action, this.now());
            if (code) return fail(code as ErrorCode, "refused", m.commandId);
            this.push(sock, { type: "ack", commandId: m.commandId, version: table.version, duplicate: false });
            return this.sendTableViews(m.tableId);
          }
          case "sit-out":
          case "sit-in":
            return this.push(sock, { type: "ack", commandId: m.commandId, version: 0, duplicate: false });
          case "ping":
            return this.push(sock, { type: "pong", nonce: m.nonce, serverTime: this.now() });
        }
      },
      close: () => {
        this.sockets.delete(sock);
        queueMicrotask(() => h.onClose());
      },
    };
  }

  private nextBotAt = new Map<string, number>();
  private readonly lastLevel = new Map<string, number>();
  private ticks = 0;

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** Bots act after a short think; the hero's clock folds or checks at its deadline. */
  tick(): void {
    const now = this.now();
    // Like the real server: a new level or break is pushed to everyone watching at once.
    this.ticks += 1;
    for (const t of this.tournaments) {
      if (settleRebuyGrace(t, now)) this.touch(t);
      const level = clockOf(t, now)?.levelIndex ?? -1;
      if (this.lastLevel.get(t.id) !== level || this.ticks % 20 === 0) {
        this.lastLevel.set(t.id, level);
        this.touch(t);
      }
    }
    for (const [id, table] of this.tables) {
      if (table.actor === null) {
        const at = this.nextBotAt.get(id) ?? now + 2500;
        this.nextBotAt.set(id, at);
        if (now >= at) {
          this.nextBotAt.delete(id);
          table.startHand(now);
          this.sendTableViews(id);
        }
        continue;
      }
      const actor = table.seats[table.actor - 1]!;
      const isHero = actor.id === "u-bodil";
      const at = this.nextBotAt.get(id) ?? now + (isHero ? 0 : 900);
      this.nextBotAt.set(id, at);
      if (isHero) {
        if (now > table.deadline + 30_000) {
          const legal = table.legalFor(actor.seat)!;
          table.act(actor.seat, legal.canCheck ? { kind: "check" } : { kind: "fold" }, now);
          this.sendTableViews(id);
        }
        this.nextBotAt.delete(id);
        continue;
      }
      if (now >= at) {
        this.nextBotAt.delete(id);
        table.act(actor.seat, table.botAction(actor.seat), now);
        this.sendTableViews(id);
      }
    }
  }
}

/** A mock clock running `speed` times faster than real time (to see level changes). */
export function fastClock(speed: number): () => number {
  const t0 = Date.now();
  return () => Math.round(t0 + (Date.now() - t0) * speed);
}

export function mockTransport(server = new MockServer()): Transport & { server: MockServer } {
  return {
    kind: "mock",
    server,
    request: async (method, path, body, token) => structuredClone(server.request(method, path, body, token)),
    openSocket: (h) => server.connect(h),
  };
}
