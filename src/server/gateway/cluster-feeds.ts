// The owner's side of fan-out across processes. For a table another process's
// client watches, the owner keeps ONE subscriber per audience (a seated player, or all
// spectators; per protocol version) in the table's ordinary fan-out (view-fanout.ts), so
// each step is built once per audience, as for a local socket, and published once on
// `view.<tableId>.<audience>` with the audience's sequence and the partition's epoch.
// Gateways forward the frames as they are (src/cluster/follower.ts keeps them gapless).
// A seated audience counts as that player connected (the seat's "connected" dot), as a
// local socket would. Tournament views go the same way on `tview.<tournamentId>`.
// Watches are renewed by the followers' pings; one not renewed for WATCH_TTL_MS (a gateway
// died) is dropped, and an audience nobody watches leaves the table.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { Bus } from "../../cluster/bus.ts";
import type { SyncAnswer } from "../../cluster/follower.ts";
import type { Ownership } from "../../cluster/ownership.ts";
import type { ServerPort } from "../server-port.ts";
import type { Subscriber, TableSession } from "../tables/table-session.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { tournamentViewFrame } from "./lobby-views.ts";
import type { WatchTable, WatchTournament } from "./owner-requests.ts";
import { TABLE_ERRORS } from "../../protocol/error-catalogue.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

export type { WatchTable, WatchTournament } from "./owner-requests.ts";

export const WATCH_TTL_MS = 15_000;
const SWEEP_MS = 5_000;

interface Feed {
  readonly subject: string;
  readonly key: string;
  seq: number;
  /** watcher id → when it last asked (Date.now()). */
  readonly watchers: Map<string, number>;
  /** Stops feeding (leaves the table or the tournament's watchers). */
  drop(): void;
}

interface TableFeed extends Feed {
  readonly kind: "table";
  readonly session: TableSession;
  readonly sub: Subscriber;
  pending: string[];
  /** While the subscriber is being started: its start frames are the first answer, not published. */
  capture: string[] | null;
}

interface TournamentFeed extends Feed {
  readonly kind: "tournament";
  readonly t: TournamentRuntime;
}

export class Feeds {
  /** Subjects whose next frame is held back on purpose (tests: a frame lost in transit). */
  readonly loseNext = new Set<string>();
  private readonly feeds = new Map<string, TableFeed | TournamentFeed>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly server: Pick<ServerPort, "tables" | "tableHost" | "served" | "svc">,
    private readonly bus: Bus,
    private readonly ownership: Ownership,
    /** A watch not renewed for this long is dropped (followers ping every 3 s by default). */
    private readonly watchTtlMs: number = WATCH_TTL_MS,
  ) {
    this.timer = setInterval(() => this.sweep(Date.now()), SWEEP_MS);
    this.timer.unref();
  }

  async watchTable(w: WatchTable): Promise<Result<SyncAnswer>> {
    let session = this.server.tables.table(w.tableId);
    // Split tables: a table of this process's partition opens on its director's first order,
    // which may still be on its way (table-host.ts, OPEN_WAIT_MS).
    if (session === undefined && this.server.tableHost !== null) session = await this.server.tableHost.whenOpen(w.tableId);
    if (session === undefined) return fail(TABLE_ERRORS.notFound, `no table ${w.tableId}`);
    const seated = w.userId !== null && session.seatOf(w.userId) !== null;
    const subject = `view.${w.tableId}.${seated ? w.userId : "spectators"}-v${w.v >= 2 ? 2 : 1}`;
    let feed = this.feeds.get(subject);
    if (feed !== undefined && (feed.kind !== "table" || feed.session !== session)) {
      // The table was reloaded (another epoch here): start the audience again.
      feed.drop();
      this.feeds.delete(subject);
      feed = undefined;
    }
    let frames: string[] | undefined;
    if (feed === undefined) {
      const made = this.tableFeed(subject, session, seated ? w.userId : null, w.v);
      feed = made.feed;
      frames = made.start;
    } else if (w.full) {
      this.flush(feed as TableFeed);
      frames = session.framesFor((feed as TableFeed).sub);
    }
    feed.watchers.set(w.watcher, Date.now());
    return ok(this.answer(feed, w.full ? frames : undefined));
  }

  watchTournament(w: WatchTournament): Result<SyncAnswer> {
    const t = this.server.served.get(w.tournamentId);
    if (t === undefined) return fail(TOURNAMENT_ERRORS.notFound, `no tournament ${w.tournamentId}`);
    const subject = `tview.${w.tournamentId}`;
    let feed = this.feeds.get(subject);
    if (feed !== undefined && (feed.kind !== "tournament" || feed.t !== t)) {
      feed.drop();
      this.feeds.delete(subject);
      feed = undefined;
    }
    if (feed === undefined) feed = this.tournamentFeed(subject, t);
    feed.watchers.set(w.watcher, Date.now());
    return ok(this.answer(feed, w.full ? [this.tournamentFrame(t)] : undefined));
  }

  unwatch(subject: string, watcher: string): Result<null> {
    const feed = this.feeds.get(subject);
    if (feed === undefined) return ok(null);
    feed.watchers.delete(watcher);
    if (feed.watchers.size === 0) this.remove(feed);
    return ok(null);
  }

  /** Audiences fed now (tests, stats). */
  get size(): number {
    return this.feeds.size;
  }

  close(): void {
    clearInterval(this.timer);
    for (const f of this.feeds.values()) f.drop();
    this.feeds.clear();
  }

  sweep(now: number): void {
    for (const feed of [...this.feeds.values()]) {
      for (const [w, at] of feed.watchers) if (now - at > this.watchTtlMs) feed.watchers.delete(w);
      if (feed.watchers.size === 0 || this.ownership.serving(feed.key) === undefined) this.remove(feed);
    }
  }

  private remove(feed: Feed): void {
    feed.drop();
    if (this.feeds.get(feed.subject) === feed) this.feeds.delete(feed.subject);
  }

  private answer(feed: Feed, frames: string[] | undefined): SyncAnswer {
    return {
      subject: feed.subject,
      seq: feed.seq,
      epoch: this.ownership.serving(feed.key) ?? -1,
      ...(frames === undefined ? {} : { frames: frames.join("\n") }),
    };
  }

  private tableFeed(subject: string, session: TableSession, userId: string | null, v: number): { feed: TableFeed; start: string[] } {
    const push = (text: string) => {
      if (feed.capture !== null) return void feed.capture.push(text);
      feed.pending.push(text);
      // One published message per step: everything the step sent this audience, at the end of the turn.
      if (feed.pending.length === 1) queueMicrotask(() => this.flush(feed));
    };
    const sub: Subscriber = { userId, send: (m) => push(JSON.stringify(m)), ...(v >= 2 ? { sendStep: push } : {}) };
    const feed: TableFeed = {
      kind: "table",
      subject,
      key: this.ownership.keyOfTable(session.id),
      seq: 0,
      watchers: new Map(),
      session,
      sub,
      pending: [],
      capture: [],
      drop: () => session.unsubscribe(sub),
    };
    this.feeds.set(subject, feed);
    session.subscribe(sub);
    const start = feed.capture ?? [];
    feed.capture = null;
    return { feed, start };
  }

  private tournamentFeed(subject: string, t: TournamentRuntime): TournamentFeed {
    const feed: TournamentFeed = {
      kind: "tournament",
      subject,
      key: this.ownership.keyOf(t.id),
      seq: 0,
      watchers: new Map(),
      t,
      drop: () => this.server.served.unwatch(t.id, push),
    };
    const push = () => this.publish(feed, this.tournamentFrame(t));
    this.server.served.watch(t.id, push);
    this.feeds.set(subject, feed);
    return feed;
  }

  private tournamentFrame(t: TournamentRuntime): string {
    return tournamentViewFrame(t, this.server.svc.clock.now());
  }

  private flush(feed: TableFeed): void {
    if (feed.pending.length === 0) return;
    const data = feed.pending.join("\n");
    feed.pending = [];
    this.publish(feed, data);
  }

  private publish(feed: Feed, data: string): void {
    const epoch = this.ownership.serving(feed.key);
    if (epoch === undefined) return; // no longer ours: the new owner's epoch makes every follower resync
    feed.seq++;
    if (this.loseNext.delete(feed.subject)) return;
    this.bus.publishFrame(feed.subject, feed.seq, epoch, data);
  }
}
