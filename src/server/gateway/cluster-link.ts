// A FeltServer in a cluster: the glue between the gateway (HTTP, WebSocket) and
// the bus. Any process answers any client:
// - a route or a table command for a tournament this process does not serve is forwarded to
//   the owner of the tournament's partition, which runs the SAME handler (http-routes.ts
//   runRoute, table-commands.ts runTableCommand) and answers its Result;
// - a client watching a remote table or tournament gets the owner's frames through a
//   Follower (gapless, resynced on a gap or a new epoch); the owner's side is cluster-feeds.ts;
// - the lobby gathers lines from every member (cluster-lobby.ts); every process keeps every
//   tournament's public lobby line in a local map, from the lobby bucket (`board`).
// - a session that ends here (signed out) ends on every member: its sockets there close too;
// - while NATS is away (connection.ts) every call that needs it is answered
//   `server/unavailable` at once, and the outage is one pair of log lines (outage.ts).
// Without a cluster (`server.cluster === null`) none of this runs: the single process
// dispatches every call locally, as before, with no per-action NATS work.
// It reaches the server through the narrow ports it uses (`ClusterServer`): what a forwarded
// route's handler gets, the tables held here, the database's outage log and the money
// check's answer; never the server itself.
import type { NatsConnection } from "nats";
import { err, fail, ok, type FeltError, type Result } from "../../lib/result.ts";
import type { LobbyTournament, MoneyCheck } from "../../protocol/index.ts";
import { BUS_ERRORS, Bus, type Backoff } from "../../cluster/bus.ts";
import { DEFAULT_PING_MS, Follower } from "../../cluster/follower.ts";
import { PingBatch } from "../../cluster/ping-batch.ts";
import { allPartitions, partitionKey } from "../../cluster/partition.ts";
import type { Ownership } from "../../cluster/ownership.ts";
import type { ClusterPort, ServerPort } from "../server-port.ts";
import { isStorageOutage, OutageLog, RETRY_AFTER_S } from "./outage.ts";
import { watchConnection } from "../../cluster/connection.ts";
import { runRoute, type RouteServer } from "./http-routes.ts";
import type { OwnerRequest, RouteInput, TournamentFacts, WatchAsk } from "./owner-requests.ts";

export type { OwnerRequest, TournamentFacts } from "./owner-requests.ts";
import { runTableCommand } from "./table-commands.ts";
import { deckFactsOf } from "../tables/decks-open.ts";
import { Feeds } from "./cluster-feeds.ts";
import { answerLobbyKeys, answerLobbyLines, gatherLobby, LobbyPublisher, type KeysAsk, type LinesAsk } from "./cluster-lobby.ts";
import { LobbyBoard } from "../../cluster/lobby.ts";
import { answerMoneyCheck, gatherMoneyCheck } from "./cluster-money.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import { SERVER_ERRORS } from "../../protocol/error-catalogue.ts";

/** How long a member waits before opening the lobby bucket again after a refusal. */
const BOARD_RETRY_MS = 1_000;

export interface ClusterOptions {
  /** Subject prefix shared by the cluster's processes (default "felt"). */
  readonly prefix?: string;
  readonly backoff?: Backoff;
  /** Followers' ping period (ms; 0 = never, tests). */
  readonly pingMs?: number;
  /** How long the owner keeps a watch nobody renews (default WATCH_TTL_MS; tests without pings set it long). */
  readonly watchTtlMs?: number;
  /** The NATS connection closed for good (not by close()): nothing brings it back. */
  readonly onClosed?: (reason: string) => void;
}

/**
 * What the cluster link reaches of the server: the ports a forwarded route's handler gets
 * (runRoute, and `cluster`, which attach sets), the tables held here (a forwarded table
 * command, a director's order, a feed), the database's outage log (a forwarded call that met
 * it) and this process's part of the money check.
 */
export type ClusterServer = RouteServer & Pick<ServerPort, "tables" | "tableHost" | "outage" | "moneyChecked">;

/** Told to every member when a session ends: the stored hash of its token (never the token), or null for every session of the user. */
interface SessionEnded {
  readonly userId: string;
  readonly tokenHash: string | null;
}

export class ClusterLink implements ClusterPort {
  readonly feeds: Feeds;
  /** The followers' pings, one request per partition each period. */
  private readonly pings: PingBatch<WatchAsk>;
  /** Full states asked of owners (a follower's start and every resync): tests, stats. */
  fullSyncs = 0;
  private watchers = 0;
  /** Every tournament's public lobby line (src/cluster/lobby.ts), once the bucket is open. */
  board: LobbyBoard<LobbyTournament> | null = null;
  /** Settles when `board` is open or the link closed (meanwhile the lobby works without it, asking each member). */
  boardReady: Promise<void> = Promise.resolve();
  private publisher: LobbyPublisher | null = null;
  private closed = false;
  private unlisten: () => void = () => {};
  /** Gateways' listeners for a partition this process stopped serving (ws-gateway.ts rehomes its clients). */
  private readonly moved = new Set<(key: string) => void>();
  /** NATS is connected (the connection's status, connection.ts). */
  available = true;
  /** One NATS outage, one pair of log lines (the database's mechanism, outage.ts). */
  readonly natsOutage: OutageLog;

  private constructor(
    private readonly server: ClusterServer,
    readonly bus: Bus,
    readonly ownership: Ownership,
    options: ClusterOptions,
  ) {
    this.feeds = new Feeds(server, bus, ownership, options.watchTtlMs);
    this.pings = new PingBatch(
      (key, watches) => bus.request(key, { kind: "watch-many", watches } satisfies OwnerRequest),
      options.pingMs ?? DEFAULT_PING_MS,
      ownership.ownerOf,
    );
    this.natsOutage = new OutageLog(
      (m) => server.svc.log(m),
      () => server.svc.clock.now(),
      "NATS",
    );
  }

  /** Joins the server to the cluster: answers for what `ownership` serves, forwards the rest. */
  static attach(server: ClusterServer, nc: NatsConnection, ownership: Ownership, options: ClusterOptions = {}): ClusterLink {
    const bus = new Bus(nc, options.prefix ?? "felt", ownership, options.backoff);
    const link = new ClusterLink(server, bus, ownership, options);
    bus.serve(
      (_key, body) => link.answer(body as OwnerRequest),
      [...allPartitions("tournament"), ...allPartitions("table")].map((p) => partitionKey(p)),
    );
    const offStopped = ownership.onStopped((key) => {
      for (const l of [...link.moved]) l(key);
    });
    // A new owner says so at once: gateways following the partition's feeds ask it now
    // (a fresh view from the new epoch) instead of at their next ping.
    const offServing = ownership.onServing((key, epoch) => bus.announceOwner(key, epoch));
    const unwatch = watchConnection(nc, {
      down: (why) => {
        link.available = false;
        link.natsOutage.failed(new Error(why), false);
      },
      up: () => {
        link.available = true;
        link.natsOutage.succeeded();
      },
      closed: (why) => {
        link.available = false;
        options.onClosed?.(why);
      },
    });
    link.unlisten = () => {
      offStopped();
      offServing();
      unwatch();
    };
    bus.answerAll("session-ended", async (body) => {
      const b = body as SessionEnded;
      if (typeof b?.userId === "string") server.connections.endSession(b.userId, typeof b.tokenHash === "string" ? b.tokenHash : null);
      return null;
    });
    bus.answerAll("lobby-keys", (body) => answerLobbyKeys(server.served, ownership, body as KeysAsk));
    bus.answerAll("lobby-lines", (body) => answerLobbyLines(server.served, ownership, body as LinesAsk));
    bus.answerAll("money-check", async () => answerMoneyCheck(server, ownership));
    link.boardReady = link.openBoard(nc, options.prefix ?? "felt");
    server.cluster = link;
    return link;
  }

  /**
   * The cluster's lobby bucket, opened again until it is: two members creating it at the same
   * moment, or a JetStream busy at boot, refuse one of them once, and a member whose board never
   * opened would show an empty cluster lobby for as long as it runs.
   */
  private async openBoard(nc: NatsConnection, prefix: string): Promise<void> {
    const ownership = this.ownership;
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        const board = await LobbyBoard.open<LobbyTournament>(nc, {
          prefix,
          mayWrite: (id, epoch) => ownership.serving(ownership.keyOf(id)) === epoch,
          log: (m, e) => this.server.svc.log(m, e),
        });
        if (this.closed) return void board.close();
        this.board = board;
        this.publisher = new LobbyPublisher(this.server, ownership, board);
        return;
      } catch (e: unknown) {
        this.server.svc.log(`cluster: the lobby bucket could not be opened (attempt ${attempt}); trying again`, e);
        await new Promise<void>((done) => void this.server.svc.clock.after(BOARD_RETRY_MS, done));
      }
    }
  }

  /** This process answers for the tournament (and its tables) now. */
  serves(tournamentId: string): boolean {
    return this.ownership.serving(this.ownership.keyOf(tournamentId)) !== undefined;
  }

  forward(tournamentId: string, request: OwnerRequest): Promise<Result<unknown>> {
    if (!this.available) return Promise.resolve(err(this.unavailable()));
    return this.bus.request(this.ownership.keyOf(tournamentId), request);
  }

  /** The answer while NATS is away (counted in the outage's closing line). */
  unavailable(): FeltError {
    this.natsOutage.failed(new Error("NATS is away"));
    return { code: BUS_ERRORS.unavailable, message: "the cluster's message bus (NATS) is unavailable; try again shortly", retryAfterMs: RETRY_AFTER_S * 1000 };
  }

  /** A session ended here: its sockets on every other member close too (on this one they already have). */
  endSession(userId: string, tokenHash: string | null): void {
    if (!this.bus.tellAll("session-ended", { userId, tokenHash } satisfies SessionEnded))
      this.server.svc.log(`cluster: a signed-out session's sockets on other members were not told to close (NATS is closed)`);
  }

  /** This process answers for the table now (its tournament's partition; split tables: its own). */
  servesTable(tableId: string): boolean {
    return this.ownership.serving(this.ownership.keyOfTable(tableId)) !== undefined;
  }

  forwardTable(tableId: string, request: OwnerRequest): Promise<Result<unknown>> {
    if (!this.available) return Promise.resolve(err(this.unavailable()));
    return this.bus.request(this.ownership.keyOfTable(tableId), request);
  }

  /** Facts of a tournament another process owns, or the owner's refusal (tournament/not-found). */
  facts(tournamentId: string): Promise<Result<TournamentFacts>> {
    return this.forward(tournamentId, { kind: "facts", tournamentId }) as Promise<Result<TournamentFacts>>;
  }

  async tournamentStatus(tournamentId: string): Promise<string | undefined> {
    const r = await this.facts(tournamentId);
    return r.ok ? r.value.status : undefined;
  }

  lobby(input: RouteInput): Promise<Result<unknown>> {
    if (!this.available) return Promise.resolve(err(this.unavailable()));
    return gatherLobby(this.server, this.bus, input, this.board);
  }

  /** The money check of every tournament in the cluster, each from its owner (cluster-money.ts). */
  moneyCheck(): Promise<MoneyCheck | undefined> {
    return gatherMoneyCheck(this.bus);
  }

  /** A remote table's frames for this user (seated: their own audience; else the spectators'); `owner` hears each new owner's announcement. */
  followTable(
    tableId: string,
    userId: string | null,
    v: number,
    deliver: (frames: string) => void,
    refused: (e: FeltError) => void,
    owner?: (member: string) => void,
  ): Follower {
    const watcher = this.watcherId();
    return this.follower(
      this.ownership.keyOfTable(tableId),
      watcher,
      deliver,
      refused,
      (full) => ({ kind: "watch-table", tableId, userId, v, watcher, full }),
      owner,
    );
  }

  followTournament(tournamentId: string, deliver: (frames: string) => void, refused: (e: FeltError) => void): Follower {
    const watcher = this.watcherId();
    return this.follower(this.ownership.keyOf(tournamentId), watcher, deliver, refused, (full) => ({ kind: "watch-tournament", tournamentId, watcher, full }));
  }

  /** Renews every followed feed now, one request per partition: what each ping period does (tests). */
  pingFollowers(): Promise<void> {
    return this.pings.tick();
  }

  onMoved(listener: (key: string) => void): void {
    this.moved.add(listener);
  }

  offMoved(listener: (key: string) => void): void {
    this.moved.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.publisher?.close();
    void this.board?.close().catch(() => {});
    this.unlisten();
    this.moved.clear();
    this.bus.close();
    this.feeds.close();
    this.pings.close();
  }

  private watcherId(): string {
    return `${this.ownership.member}:${++this.watchers}`;
  }

  /** A feed of the partition `key`'s owner (a tournament's, or a table's). */
  private follower(
    key: string,
    watcher: string,
    deliver: (frames: string) => void,
    refused: (e: FeltError) => void,
    ask: (full: boolean) => WatchAsk,
    owner?: (member: string) => void,
  ): Follower {
    let subject: string | null = null;
    const offWake = this.bus.onOwnerAnnounced(key, (member) => {
      void f.ping();
      owner?.(member);
    });
    const offPing = this.pings.add(key, {
      due: () => f.pingDue(),
      sent: () => f.pingSent(),
      ask: () => ask(false),
      answered: (r) => {
        if (r?.ok) subject = r.value.subject;
        void f.pingAnswered(r);
      },
    });
    const f: Follower = new Follower({
      bus: this.bus,
      sync: async (full) => {
        if (full) this.fullSyncs++;
        const r = (await this.bus.request(key, ask(full))) as Result<{ subject: string; seq: number; epoch: number; frames?: string }>;
        if (r.ok) subject = r.value.subject;
        return r;
      },
      deliver,
      refused,
      // Pinged with the partition's other followers (this.pings).
      onClose: () => {
        offWake();
        offPing();
        if (subject !== null) void this.bus.request(key, { kind: "unwatch", subject, watcher });
      },
    });
    void f.start().catch((e: unknown) => this.server.svc.log("cluster: following a remote feed failed", e));
    return f;
  }

  /**
   * One watch of a batch. The batch comes on one partition's subject with the watches of every
   * partition the sender thinks this member holds (ping-batch.ts); a watch of a partition not
   * served here is refused on its own, and the sender asks its partition again.
   */
  private async watchOne(w: WatchAsk): Promise<Result<unknown>> {
    const key = w.kind === "watch-table" ? this.ownership.keyOfTable(w.tableId) : this.ownership.keyOf(w.tournamentId);
    if (this.ownership.serving(key) === undefined) return fail(BUS_ERRORS.notOwner, `${this.ownership.member} does not serve ${key}`);
    return w.kind === "watch-table" ? this.feeds.watchTable(w) : this.feeds.watchTournament(w);
  }

  /** The owner's side: the same handlers a local call runs. */
  private async answer(r: OwnerRequest): Promise<Result<unknown>> {
    try {
      switch (r.kind) {
        case "route":
          return await runRoute(this.server, r.name, r.input);
        case "table":
          return await runTableCommand(this.server.tables, r.sender, r.message);
        case "watch-table":
          return this.feeds.watchTable(r);
        case "watch-tournament":
          return this.feeds.watchTournament(r);
        case "watch-many":
          return ok(await Promise.all(r.watches.map((w) => this.watchOne(w))));
        case "unwatch":
          return this.feeds.unwatch(r.subject, r.watcher);
        case "table-order": {
          const host = this.server.tableHost;
          if (host === null || !this.servesTable(r.config.tableId)) return fail(BUS_ERRORS.notOwner, `table ${r.config.tableId} is not served here`);
          return await host.order(r.config, r.order);
        }
        case "table-say": {
          const host = this.server.tableHost;
          if (host === null || !this.servesTable(r.tableId)) return fail(BUS_ERRORS.notOwner, `table ${r.tableId} is not served here`);
          return await host.say(r.tableId, r.notes);
        }
        case "hand-result": {
          const t = this.server.served.get(r.tournamentId);
          if (t === undefined || !this.serves(r.tournamentId)) return fail(BUS_ERRORS.notOwner, `tournament ${r.tournamentId} is not served here`);
          await t.takeHandResult(r.table, r.result);
          return ok(undefined);
        }
        case "facts": {
          const t = this.server.served.get(r.tournamentId);
          if (t === undefined) return fail(TOURNAMENT_ERRORS.notFound, `no tournament ${r.tournamentId}`);
          const money = t.dir.config?.money;
          return ok({ status: t.dir.status, buyIn: money?.buyIn ?? 0, fee: money?.fee ?? 0, decks: deckFactsOf(t) } satisfies TournamentFacts);
        }
      }
    } catch (e) {
      if (isStorageOutage(e)) {
        this.server.outage.failed(e);
        return fail(BUS_ERRORS.unavailable, "the database is unavailable; try again shortly");
      }
      this.server.svc.log(`cluster: a forwarded ${r.kind} failed`, e);
      return fail(SERVER_ERRORS.internal, "internal error");
    }
  }
}
