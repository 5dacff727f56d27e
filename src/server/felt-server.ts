// The server as one object: storage opened, tournaments resumed, HTTP and WebSocket up.
// Cluster mode (`cluster` option): the process joins a cluster through NATS and
// serves only the tournaments of the partitions it owns (src/cluster/host.ts): it loads and
// resumes a partition's tournaments when it gains it and closes them when it loses it;
// every write to their streams is fenced by the partition's epoch in PostgreSQL.
// Where a tournament's tables live is chosen here once (`Services.tableLinks`): in the
// tournament's process, or with their own table partitions' owners (split tables).
import { TournamentWatchers } from "./tournament-watchers.ts";
import type { Result } from "../lib/result.ts";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { Accounts, DEFAULT_SIGN_UP_LIMITS, openAccountStore } from "../accounts/index.ts";
import { checkSqlitePath, openHandIndex, openStorage, parseDbUrl } from "../store/index.ts";
import { MAX_FRAME_BYTES } from "../protocol/index.ts";
import { systemClock, type TimerHandle } from "./clock.ts";
import { cryptoRandom, type Services } from "./services.ts";
import { TournamentRuntime } from "./tournaments/tournament-runtime.ts";
import { describeDifference, reconcileTournament } from "./tournaments/tournament-reconcile.ts";
import type { MoneyCheck, MoneyDifference } from "../protocol/index.ts";
import type { TableSession } from "./tables/table-session.ts";
import { TableHost } from "./tables/table-host.ts";
import { localTableLinks } from "./tables/local-tables.ts";
import { ClusterTables } from "./gateway/cluster-tables.ts";
import { clientError, frameworkError, MAX_URL_BYTES, registerHttpRoutes } from "./gateway/http-routes.ts";
import { ConnectionCounts, registerWebSocket } from "./gateway/ws-gateway.ts";
import { registerOpenApi } from "./gateway/openapi.ts";
import { registerProbes } from "./gateway/probes.ts";
import { backfillHandIndex } from "./tables/history.ts";
import { isStorageOutage, OutageLog } from "./gateway/outage.ts";
import { ClusterLink } from "./gateway/cluster-link.ts";
import { PredictWorker } from "./console/director-predict-worker.ts";
import { connectNats, everything, memberName, PartitionHost, type Ownership, type PartitionServer } from "../cluster/index.ts";
import { hostname } from "node:os";
import type { ServerOptions } from "./server-options.ts";
import type { ServerPort, TableFinder, TournamentsPort } from "./server-port.ts";

export type { ServerOptions } from "./server-options.ts";

/** The pause between hands when neither the tournament nor the server names one (long enough to read a showdown). */
export const DEFAULT_HAND_PAUSE_MS = 4000;

/** How often expired sessions are deleted. */
export const SESSION_PURGE_MS = 60 * 60_000;

export class FeltServer implements PartitionServer, ServerPort {
  /** The tournaments this process serves (in cluster mode: those of the partitions it owns). */
  readonly tournaments = new Map<string, TournamentRuntime>();
  /** Listeners to every change of the tournaments here (the lobby bucket's publisher). */
  private readonly anyChange = new Set<() => void>();
  /** Tournaments being created now, by id (a repeated create waits for the first). */
  private readonly creating = new Map<string, Promise<Result<TournamentRuntime>>>();
  /** The tournaments as the gateway reaches them: through this port, never the maps above. */
  readonly served: TournamentsPort = {
    get: (id) => this.tournaments.get(id),
    list: () => [...this.tournaments.values()],
    create: (id, make) => {
      const under = this.creating.get(id);
      if (under !== undefined) return under;
      const made = make().then((r) => {
        if (r.ok) this.adopt(r.value);
        return r;
      });
      this.creating.set(id, made);
      void made.finally(() => this.creating.delete(id));
      return made;
    },
    watch: (id, push) => this.watchers.watch(id, push),
    unwatch: (id, push) => this.watchers.unwatch(id, push),
    onAnyChange: (listener) => {
      this.anyChange.add(listener);
      return () => this.anyChange.delete(listener);
    },
  };
  /** The tables as the gateway finds them. */
  readonly tables: TableFinder = { table: (id) => this.table(id) };
  /** The WebSocket connections, per address and account (limits, and sign-out closing them). */
  readonly connections = new ConnectionCounts();
  /** Split tables (stage 2): the tables of the table partitions this process owns; null otherwise. */
  tableHost: TableHost | null = null;
  /** Cluster mode: routing, fan-out and the lobby across processes; null when alone. */
  cluster: ClusterLink | null = null;
  url = "";
  /** The director's end-time predictions run on a worker thread, off the tables' event loop. */
  readonly predictor = new PredictWorker();
  /** When the money check last ran here (at start; in cluster mode also on gaining a partition). */
  private checkedAt: number | undefined;
  private closeAccounts: () => Promise<void> = async () => {};
  private readonly differences = new Map<string, readonly MoneyDifference[]>();

  private constructor(
    readonly app: FastifyInstance,
    readonly svc: Services,
    readonly options: ServerOptions,
    readonly outage: OutageLog,
    /** Who serves what: everything here alone; in cluster mode the partition host. */
    readonly ownership: Ownership,
    /** Cluster mode: the partition host (ownership) and its NATS connection. */
    readonly host: PartitionHost | null,
  ) {
    this.watchers = new TournamentWatchers(svc.clock);
  }

  /** Who watches each tournament here, and when their views are pushed. */
  private readonly watchers: TournamentWatchers;

  static async start(options: ServerOptions = {}): Promise<FeltServer> {
    const target = parseDbUrl(options.db ?? "sqlite:./data/felt.sqlite");
    if (!target.ok) throw new Error(target.error.message);
    if (target.value.kind === "sqlite") {
      const usable = checkSqlitePath(target.value.path);
      if (!usable.ok) throw new Error(usable.error.message);
    }
    const clock = options.clock ?? systemClock;
    const now = () => clock.now();
    const durability = options.eventDurability === undefined ? {} : { eventDurability: options.eventDurability };
    const rawLog = options.log ?? ((m: string, e?: unknown) => console.error(`felt: ${m}`, e ?? ""));
    const c = options.cluster;
    if (c !== undefined && target.value.kind !== "postgres")
      throw new Error("cluster mode needs a PostgreSQL database (--db postgres://...): SQLite is single-process");
    const split = c !== undefined && (c.layout ?? "split") === "split";
    const host =
      c === undefined
        ? null
        : new PartitionHost({
            nc: await connectNats(c.nats),
            member: c.member ?? memberName(`${hostname()}-${process.pid}`),
            ...(c.prefix ? { prefix: c.prefix } : {}),
            ...(split ? { kinds: ["tournament", "table"] as const } : {}),
            ...(c.publicUrl !== undefined ? { publicUrl: c.publicUrl } : {}),
            log: rawLog,
          });
    if (host !== null) {
      // Before it serves anything: a cluster runs its tables on one layout.
      const agreed = await host.checkLayout();
      if (!agreed.ok) {
        await host.nc.close();
        throw new Error(agreed.error.message);
      }
    }
    // One database for both: a tournament's events and the money they move commit together.
    const { store, ledger, fences } = await openStorage(target.value, { now, ...durability, ...(host ? { fence: host.resolver } : {}) });
    const hands = await openHandIndex(target.value);
    const accountStore = await openAccountStore(target.value);
    const accounts = new Accounts({
      store: accountStore,
      now,
      ...(options.scrypt ? { scrypt: options.scrypt } : {}),
      ...(options.signInLimits ? { signInLimits: options.signInLimits } : {}),
      signUpLimits: { ...DEFAULT_SIGN_UP_LIMITS, ...options.signUpLimits },
      ...(options.scryptLimits ? { scryptLimits: options.scryptLimits } : {}),
      ...(options.sessionTtlMs !== undefined ? { sessionTtlMs: options.sessionTtlMs } : {}),
    });
    // A database outage is one line when it starts and one when it ends (outage.ts), not a
    // stack trace from every table and request that met it.
    const outage = new OutageLog((m) => rawLog(m), now);
    const log = (m: string, e?: unknown) => (isStorageOutage(e) ? outage.failed(e) : rawLog(m, e));
    // The one choice of where a director's tables live (tables/table-link.ts). Split tables:
    // through the cluster, one link for every tournament (made once the server exists, before
    // any tournament asks for it); otherwise each tournament keeps its own in this process.
    let cluster: ClusterTables | null = null;
    const svc: Services = {
      tableLinks: split ? () => cluster! : localTableLinks,
      store,
      ledger,
      hands,
      accounts,
      clock,
      asset: options.asset ?? "EUR",
      handPauseMs: options.handPauseMs ?? DEFAULT_HAND_PAUSE_MS,
      rng: cryptoRandom(),
      log,
      ...(options.newSeed ? { newSeed: options.newSeed } : {}),
    };
    for (const d of options.directors ?? []) {
      const existing = await accounts.userByName(d.name);
      if (!existing.ok) {
        const made = await accounts.createUser(d.name, d.password, "director");
        // Cluster members starting together on one database race to create the director:
        // the one that loses finds the account the other made.
        if (!made.ok && !(await accounts.userByName(d.name)).ok) throw new Error(`cannot create director ${d.name}: ${made.error.message}`);
      }
    }
    const app = Fastify({
      logger: false,
      bodyLimit: MAX_FRAME_BYTES,
      clientErrorHandler: clientError,
      routerOptions: { maxParamLength: MAX_URL_BYTES },
      frameworkErrors: frameworkError,
    });
    const server = new FeltServer(app, svc, options, outage, host ?? everything(), host);
    server.closeAccounts = () => accountStore.close();
    if (split) {
      const link = new ClusterTables(server);
      cluster = link;
      server.tableHost = new TableHost(svc, (id, result, session) => link.deliverResult(id, result, session));
    }
    registerOpenApi(app);
    registerProbes(app, server);
    registerHttpRoutes(app, server);
    registerWebSocket(app, server);
    const web = options.webDist === undefined ? resolve("web/dist") : options.webDist;
    if (web !== null && existsSync(web)) await app.register(fastifyStatic, { root: resolve(web), prefix: "/" });
    // Alone: every tournament. In a cluster: those of the partitions it gains, once it listens.
    if (host === null) await server.loadTournaments(() => true);
    const indexed = await backfillHandIndex(store, hands);
    if (indexed > 0) log(`hand index: ${indexed} rows of hands played before it existed`);
    server.purgeSessions();
    server.url = await app.listen({ host: options.host ?? "127.0.0.1", port: options.port ?? 8080 });
    if (host !== null) {
      // Routing, fan-out and the lobby across members (cluster-link.ts) over the host's ownership.
      ClusterLink.attach(server, host.nc, host, {
        ...(c?.prefix ? { prefix: c.prefix } : {}),
        // It reconnects for as long as it runs (connectNats): a close not of its own making is one it cannot recover from.
        onClosed: (why) => {
          if (server.closing) return;
          rawLog(`NATS connection closed for good (${why}); this process cannot serve the cluster any more and stops`);
          options.onFatal?.(why);
        },
      });
      try {
        await host.start(fences!, server);
      } catch (e) {
        // Refused (a member on the other table layout started at the same moment): nothing served.
        await server.close().catch(() => {});
        throw e;
      }
      return server;
    }
    for (const t of server.tournaments.values()) t.resume();
    await server.checkMoney([...server.tournaments.values()]);
    return server;
  }

  private async loadTournaments(wanted: (id: string) => boolean): Promise<TournamentRuntime[]> {
    const loaded: TournamentRuntime[] = [];
    for (const s of await this.svc.store.listStreams({ type: "tournament" })) {
      const id = s.stream.slice("tournament:".length);
      if (!wanted(id) || this.tournaments.has(id)) continue;
      const t = await TournamentRuntime.load(this.svc, id);
      if (!t.ok) {
        this.svc.log(`cannot load ${s.stream}: ${t.error.message}`);
        continue;
      }
      if (t.value !== null) this.adopt(t.value);
      if (t.value !== null) loaded.push(t.value);
    }
    return loaded;
  }

  /** Cluster mode: the partition's fence is raised; its tournaments are loaded, resumed and checked against the ledger. */
  async adoptPartition(key: string): Promise<void> {
    if (this.tableHost !== null && key.startsWith("table.")) return void (await this.tableHost.loadWhere((id) => this.ownership.keyOfTable(id) === key));
    const loaded = await this.loadTournaments((id) => this.ownership.keyOf(id) === key);
    for (const t of loaded) t.resume();
    await this.checkMoney(loaded);
  }

  /** Cluster mode: the partition is lost or handed over: its tournaments and tables close here. */
  async dropPartition(key: string): Promise<void> {
    if (this.tableHost !== null && key.startsWith("table.")) return this.tableHost.dropWhere((id) => this.ownership.keyOfTable(id) === key);
    const gone = [...this.tournaments.values()].filter((t) => this.ownership.keyOf(t.id) === key);
    for (const t of gone) {
      t.close();
      this.tournaments.delete(t.id);
      this.differences.delete(t.id);
    }
    if (gone.length > 0) this.changedAny();
    for (const t of gone) for (const s of t.tables.values()) await s.idle();
  }

  private purgeTimer: TimerHandle | null = null;

  /** Expired sessions are deleted now and every SESSION_PURGE_MS after, on the server's clock. */
  private purgeSessions(): void {
    this.svc.accounts.purgeExpiredSessions().then(
      () => undefined,
      (e: unknown) => this.svc.log("purging expired sessions failed", e),
    );
    this.purgeTimer = this.svc.clock.after(SESSION_PURGE_MS, () => this.purgeSessions());
  }

  /**
   * Every tournament's entries, rebuys, add-ons, refunds and prizes against its
   * ledger postings, each in its tournament's queue (after what the restart resumed), so
   * the two sides are read between commands. Every difference is logged.
   */
  private async checkMoney(tournaments: readonly TournamentRuntime[]): Promise<void> {
    const at = this.svc.clock.now();
    let found = 0;
    for (const t of tournaments) {
      const diffs = await t.enqueue(() => reconcileTournament(t));
      for (const d of diffs) this.svc.log(describeDifference(d, d.player === null ? undefined : t.names.get(d.player)));
      this.differences.set(t.id, diffs);
      found += diffs.length;
    }
    if (found > 0)
      this.svc.log(`MONEY CHECK: ${found} difference(s) between ${tournaments.length} tournaments and the ledger; see GET /api/v1/director/ledger`);
    this.checkedAt = at;
  }

  /**
   * The money check of the tournaments this process holds (GET /director/ledger `moneyCheck`;
   * in cluster mode every member's is merged, cluster-money.ts); undefined until it has run.
   */
  get moneyCheck(): MoneyCheck | undefined {
    if (this.checkedAt === undefined) return undefined;
    const differences = [...this.differences.values()].flat();
    return { at: this.checkedAt, tournaments: this.differences.size, differences: differences.slice(0, 10_000) };
  }

  /** Each checked tournament's differences (empty: sound) and when the check last ran. */
  moneyChecked(): { at: number | undefined; tournaments: [string, readonly MoneyDifference[]][] } {
    return { at: this.checkedAt, tournaments: [...this.differences] };
  }

  adopt(t: TournamentRuntime): void {
    this.tournaments.set(t.id, t);
    t.onChange = () => {
      this.watchers.changed(t);
      this.changedAny();
    };
    this.changedAny();
  }

  private changedAny(): void {
    for (const l of this.anyChange) l();
  }

  table(tableId: string): TableSession | undefined {
    const here = this.tableHost?.sessions.get(tableId);
    if (here !== undefined) return here;
    const m = /^(.+)-t(\d+)$/.exec(tableId);
    if (m === null) return undefined;
    return this.tournaments.get(m[1]!)?.tables.get(Number(m[2]));
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** close() has begun: partitions are being handed over and sockets are about to close. */
  closing = false;

  async close(): Promise<void> {
    this.closing = true;
    // Cluster mode: every partition closed here and handed over at once.
    await this.host?.stop();
    this.purgeTimer?.cancel();
    this.watchers.close();
    this.cluster?.close();
    for (const t of this.tournaments.values()) t.close();
    this.tableHost?.close();
    await this.app.close();
    await this.tableHost?.idle();
    for (const t of this.tournaments.values()) for (const s of t.tables.values()) await s.idle();
    await this.svc.store.close();
    await this.svc.ledger.close();
    await this.svc.hands.close();
    await this.closeAccounts();
    await this.predictor.close();
    await this.host?.nc.close();
  }
}
