// An online event starts at its scheduled time by itself (settings.start "scheduled"); a
// live one when the floor starts it ("manual"). One timer per tournament, armed at creation,
// after a restart and when the floor moves the start; a time already past fires at once.
// The start's command id is fixed, so a restart between the timer and its record starts once.
// Too few players at the time: without a start rule (R-TRN-6) the event is cancelled and
// everyone refunded, as online rooms do; with one, it waits for its minimum until the
// deadline (tournament-deadline.ts cancels it then), trying again as players register.
import type { TimerHandle } from "../clock.ts";
import type { TournamentPort } from "./tournament-port.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

export const SCHEDULED_START_COMMAND = "scheduled-start";
export const SCHEDULED_CANCEL_COMMAND = "scheduled-start-cancel";

export class ScheduledStart {
  private timer: TimerHandle | null = null;

  constructor(private readonly t: TournamentPort) {}

  /** Whether this event starts by itself: the setting, else (streams written before it) by hand. */
  get automatic(): boolean {
    return this.t.meta.start === "scheduled";
  }

  private waiting(): boolean {
    const t = this.t;
    return this.automatic && !t.closed && (t.dir.status === "registering" || t.dir.status === "announced");
  }

  arm(): void {
    this.close();
    if (!this.waiting()) return;
    const t = this.t;
    this.timer = t.svc.clock.after(Math.max(0, t.meta.startsAt - t.now()), () => {
      this.timer = null;
      void this.fire();
    });
  }

  /** A player registered: an event past its time that waits for its minimum may start now. */
  registered(): void {
    if (this.timer === null && this.waiting() && this.t.now() >= this.t.meta.startsAt) void this.fire();
  }

  async fire(): Promise<void> {
    const t = this.t;
    if (!this.waiting() || t.now() < t.meta.startsAt) return this.arm();
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
