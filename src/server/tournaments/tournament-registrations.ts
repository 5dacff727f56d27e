// Registration at scale: register commands to one tournament that arrive while
// a batch is being written wait, and are then decided one by one by the director (each its
// own check: the rules, the tournament's capacity, its command id) and stored together,
// each with the postings paying for it, in ONE transaction (EventStore.appendGroups). The
// ledger checks each one's money inside that transaction: a refusal (insufficient funds, a
// key reused) leaves out that command alone. A crash loses the whole batch or nothing, never
// an entry without its money or money without its entry. 250,000 entries then cost a few
// thousand commits, not 250,000 fsyncs one after another.
// Only registration before the start is batched: those decisions do not depend on each
// other beyond the player and the capacity, which are checked here. A late registration
// (seated by a draw against the tables as they are) takes the one-command path.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { TransactionInput } from "../../store/index.ts";
import { decide } from "../../tournament/director/index.ts";
import { entrantRecord, type Registered, type Registration, type TournamentPort } from "./tournament-port.ts";
import { RUNTIME_ERRORS } from "../../runtime/actor.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

export type { Registered, Registration } from "./tournament-port.ts";

interface Waiting extends Registration {
  readonly resolve: (r: Result<Registered>) => void;
}

/** At most this many commands per transaction (a batch's statements stay small). */
const MAX_BATCH = 1_000;

export class Registrations {
  private waiting: Waiting[] = [];
  private scheduled = false;
  /** Batches stored, and the commands they carried (tests count store calls, not time). */
  batches = 0;
  batched = 0;

  constructor(private readonly t: TournamentPort) {}

  submit(r: Registration): Promise<Result<Registered>> {
    return new Promise((resolve) => {
      this.waiting.push({ ...r, resolve });
      this.schedule();
    });
  }

  /** One drain in the tournament's queue: what waits when it runs goes in one batch. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    void this.t.enqueue(() => this.drain());
  }

  private async drain(): Promise<void> {
    this.scheduled = false;
    const taken = this.waiting.splice(0, MAX_BATCH);
    const t = this.t;
    const groups: Array<{
      item: Waiting;
      recs: Parameters<TournamentPort["appendGroups"]>[0][number]["recs"];
      paid: readonly TransactionInput[];
      ticket: boolean;
    }> = [];
    /** A second command of a player (or the same id twice, or one past the cap) waits for the next batch: decided against this one's outcome. */
    const later: Waiting[] = [];
    const players = new Set<string>();
    const ids = new Set<string>();
    const max = t.meta.maxEntries;
    for (const item of taken) {
      if (t.hasCommand(item.commandId)) {
        item.resolve(ok({ duplicate: true, ticket: false }));
        continue;
      }
      if (players.has(item.player.id) || ids.has(item.commandId)) {
        later.push(item);
        continue;
      }
      if (t.dir.status !== "registering") {
        // Started (or cancelled) since it was sent: the one-command path decides it, after this batch.
        void item.alone().then(item.resolve, () => item.resolve(fail(RUNTIME_ERRORS.storeFailed, "the registration could not be stored; try again")));
        continue;
      }
      const d = decide(t.dir, { type: "register", at: t.now(), player: item.player.id }, t.svc.rng);
      if (!d.ok) {
        const { code, message, ...details } = d.error;
        item.resolve(fail(TOURNAMENT_ERRORS.badState, message, { ...details, cause: code }));
        continue;
      }
      if (max !== null && t.dir.entries.size + groups.length >= max) {
        // Full only if the ones before it in this batch land: the ledger may still refuse one. Decided after them.
        if (groups.length > 0) later.push(item);
        else item.resolve(fail(TOURNAMENT_ERRORS.notAllowed, "the tournament is full", { maxEntries: max }));
        continue;
      }
      const paid = await item.pay(d.value);
      if (!paid.ok) {
        item.resolve(paid);
        continue;
      }
      players.add(item.player.id);
      ids.add(item.commandId);
      const recs = [entrantRecord(item.player), ...d.value.map((e) => ({ type: "director" as const, data: e }))];
      groups.push({ item, recs, paid: paid.value.txs, ticket: paid.value.ticket });
    }
    if (later.length > 0 || this.waiting.length > 0) {
      this.waiting.unshift(...later);
      this.schedule();
    }
    if (groups.length === 0) return;
    let stored: Awaited<ReturnType<TournamentPort["appendGroups"]>>;
    try {
      stored = await t.appendGroups(groups.map((g) => ({ recs: g.recs, commandId: g.item.commandId, paid: g.paid })));
    } catch (e) {
      t.svc.log(`tournament ${t.id}: a registration batch failed; each is tried alone`, e);
      for (const g of groups)
        void g.item.alone().then(g.item.resolve, () => g.item.resolve(fail(RUNTIME_ERRORS.storeFailed, "the registration could not be stored; try again")));
      return;
    }
    this.batches++;
    if (!stored.ok) {
      for (const g of groups) g.item.resolve(stored);
      return;
    }
    this.batched += groups.length;
    stored.value.forEach((a, i) => {
      const g = groups[i]!;
      g.item.resolve(a.ok ? ok({ duplicate: false, ticket: g.ticket }) : a);
    });
    t.startClock.registered();
  }
}
