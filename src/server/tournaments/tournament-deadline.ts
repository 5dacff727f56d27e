// R-TRN-6 over HTTP: a tournament created with a start rule (minimum players by a deadline)
// that still has too few players at the deadline is cancelled then, by the server, and
// everyone refunded (TournamentRuntime.cancel posts the refunds). One timer per tournament,
// armed at creation and again after a restart; a deadline already past fires at once. The
// cancellation's command id is fixed, so a restart between it and its refunds cancels once.
import { decideStart } from "../../tournament/money/index.ts";
import type { TimerHandle } from "../clock.ts";
import type { TournamentPort } from "./tournament-port.ts";

export const DEADLINE_COMMAND = "r-trn-6-deadline";

export class StartDeadline {
  private timer: TimerHandle | null = null;

  constructor(private readonly t: TournamentPort) {}

  arm(): void {
    this.close();
    const t = this.t;
    const rule = t.dir.config?.start;
    if (rule === undefined || t.closed || (t.dir.status !== "registering" && t.dir.status !== "announced")) return;
    this.timer = t.svc.clock.after(Math.max(0, rule.deadline - t.now()), () => {
      this.timer = null;
      void this.fire();
    });
  }

  /** At the deadline: cancelled when the minimum is not reached; otherwise the director starts it when ready. */
  async fire(): Promise<void> {
    const t = this.t;
    const rule = t.dir.config?.start;
    if (rule === undefined || t.closed || (t.dir.status !== "registering" && t.dir.status !== "announced")) return;
    const d = decideStart(rule, Math.max(t.now(), rule.deadline), t.dir.players.size);
    if (d.kind !== "cancel") return;
    const r = await t.cancel(`only ${d.present} of ${d.needed} players registered by the deadline (R-TRN-6)`, DEADLINE_COMMAND);
    if (!r.ok) t.svc.log(`tournament ${t.id}: the R-TRN-6 deadline could not cancel it`, r.error);
  }

  close(): void {
    this.timer?.cancel();
    this.timer = null;
  }
}
