// When a tournament starts, or is called off, before anybody presses anything. An online
// event starts at its scheduled time by itself (settings.start "scheduled"); a live one when
// the floor starts it ("manual"). R-TRN-6: a start rule (a minimum of players by a deadline)
// cancels the event at the deadline, everyone refunded, when the minimum is not there; until
// then a scheduled event past its time waits for its minimum, trying again as players register.
//
// One timer per tournament for both, armed at the nearer of the two instants still to come:
// at creation, after a restart and when the floor moves the start; a time already past fires
// at once. Each outcome's command id is fixed, so a restart between the timer and its record
// starts or cancels once.
import { decideStart } from "../../tournament/money/index.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import type { TimerHandle } from "../clock.ts";
import type { TournamentPort } from "./tournament-port.ts";

export const SCHEDULED_START_COMMAND = "scheduled-start";
export const SCHEDULED_CANCEL_COMMAND = "scheduled-start-cancel";
export const DEADLINE_COMMAND = "r-trn-6-deadline";

export class StartClock {
  private timer: TimerHandle | null = null;

  constructor(private readonly t: TournamentPort) {}

  /** Whether this event starts by itself: the setting, else (streams written before it) by hand. */
  get automatic(): boolean {
    return this.t.meta.start === "scheduled";
  }

  private beforeStart(): boolean {
    const t = this.t;
    return !t.closed && (t.dir.status === "registering" || t.dir.status === "announced");
  }

  /** Arms for the nearer of the start and the deadline still to come after `after` (a time already past fires at once). */
  arm(after = Number.NEGATIVE_INFINITY): void {
    this.close();
    if (!this.beforeStart()) return;
    const t = this.t;
    const due = [this.automatic ? t.meta.startsAt : null, t.dir.config?.start?.deadline ?? null].filter((x): x is number => x !== null && x > after);
    if (due.length === 0) return;
    this.timer = t.svc.clock.after(Math.max(0, Math.min(...due) - t.now()), () => void this.fire());
  }

  /** A player registered: an event past its time that waits for its minimum may start now. */
  registered(): void {
    if (this.automatic && this.beforeStart() && this.t.now() >= this.t.meta.startsAt) void this.tryStart();
  }

  async fire(): Promise<void> {
    this.timer = null;
    const t = this.t;
    if (!this.beforeStart()) return;
    const rule = t.dir.config?.start;
    if (rule !== undefined && t.now() >= rule.deadline) {
      const d = decideStart(rule, t.now(), t.dir.players.size);
      if (d.kind === "cancel") {
        const r = await t.cancel(`only ${d.present} of ${d.needed} players registered by the deadline (R-TRN-6)`, DEADLINE_COMMAND);
        if (!r.ok) t.svc.log(`tournament ${t.id}: the R-TRN-6 deadline could not cancel it`, r.error);
        return;
      }
    }
    if (this.automatic && t.now() >= t.meta.startsAt) await this.tryStart();
    // Still before the start (waiting for a minimum, or a deadline to come): the next instant.
    this.arm(t.now());
  }

  private async tryStart(): Promise<void> {
    const t = this.t;
    const r = await t.start(SCHEDULED_START_COMMAND);
    if (r.ok) return;
    const cause = String(r.error["cause"] ?? "");
    // R-TRN-6: below its minimum before the deadline: waits (a registration tries again).
    if (cause === TOURNAMENT_ERRORS.notYet) return;
    if (cause === TOURNAMENT_ERRORS.tooFewPlayers) {
      const c = await t.cancel("fewer than two players registered at the scheduled start", SCHEDULED_CANCEL_COMMAND);
      if (!c.ok) t.svc.log(`tournament ${t.id}: the scheduled start could not cancel it`, c.error);
      return;
    }
    if (t.dir.status === "registering") t.svc.log(`tournament ${t.id}: the scheduled start failed`, r.error);
  }

  close(): void {
    this.timer?.cancel();
    this.timer = null;
  }
}
