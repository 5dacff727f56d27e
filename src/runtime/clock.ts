// Time is an input to the runtime: `now` stamps decisions, `after` arms timers. Tests use a
// ManualClock that moves only when told.
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  after(ms: number, fn: () => void): TimerHandle;
}

/** A system timer's handle: a class, so arming one makes no function (every action arms one). */
class SystemTimer implements TimerHandle {
  constructor(private readonly t: ReturnType<typeof setTimeout>) {}
  cancel(): void {
    clearTimeout(this.t);
  }
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return new SystemTimer(t);
  },
};

export class ManualClock implements Clock {
  private t: number;
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  after(ms: number, fn: () => void): TimerHandle {
    const timer = { at: this.t + Math.max(0, ms), fn, id: this.seq++ };
    this.timers.push(timer);
    return { cancel: () => (this.timers = this.timers.filter((x) => x !== timer)) };
  }

  /** Moves time forward, firing every timer due by then in time order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.t = end;
  }
}
