// The steps since a table's current hand began (or its last one, until the next begins),
// kept for a subscriber who missed some of them: it gets them with its whole view on
// subscribe (ws-messages.ts: TableLog), so its hand log has no hole where it was away.
// The events are the ones each record produced (full information); each subscriber gets
// them as it may see them, as its steps did. Part of the table's state (TableState.log),
// so a snapshot keeps it: a restart at any moment, the pause after a hand included, keeps
// the hand's log.
import { byteLength, MAX_FRAME_BYTES, TABLE_LOG_EVENTS, type TableEvent, type TableLog } from "../../protocol/index.ts";
import { eventForSeat } from "./table-wire.ts";

interface Step {
  readonly version: number;
  readonly events: readonly TableEvent[];
}

/** A log as a snapshot holds it (JSON). */
export interface HandStepsData {
  readonly from: number;
  readonly steps: readonly Step[];
}

export class HandSteps {
  /** The version before the step that started the hand; -1: no hand began at this table (or the log outgrew its limit). */
  private from = -1;
  private steps: Step[] = [];
  private events = 0;

  /** The log a snapshot kept (absent in older snapshots: none until the next hand begins). */
  static restore(data: HandStepsData | undefined): HandSteps {
    const h = new HandSteps();
    if (data === undefined || !Number.isInteger(data.from) || !Array.isArray(data.steps)) return h;
    h.from = data.from;
    h.steps = [...data.steps];
    h.events = h.steps.reduce((n, st) => n + st.events.length, 0);
    return h;
  }

  toJSON(): HandStepsData {
    return { from: this.from, steps: this.steps };
  }

  /** A stored record (or step): the table was at `before`, is at `version` now, and it produced `events`. */
  record(before: number, version: number, events: readonly TableEvent[]): void {
    if (events.some((e) => e.kind === "hand-start")) {
      this.from = before;
      this.steps = [];
      this.events = 0;
    }
    if (this.from < 0 || events.length === 0) return;
    this.events += events.length;
    if (this.events > TABLE_LOG_EVENTS) {
      // Longer than a log may be (a long wait between hands with many seat changes): none
      // until the next hand begins; a returning client marks its hole as before.
      this.from = -1;
      this.steps = [];
      return;
    }
    this.steps.push({ version, events });
  }

  /** Whether any steps are kept (a hand began since this session took the table). */
  get kept(): boolean {
    return this.from >= 0;
  }

  /** The log as `seat` (null: a spectator) may see it, with or without the deck openings; null: none kept. */
  forSeat(seat: number | null, openings: boolean): TableLog | null {
    if (this.from < 0) return null;
    return {
      from: this.from,
      steps: this.steps.map((s) => ({ version: s.version, events: s.events.map((e) => (openings ? eventForSeat(e, seat) : bare(eventForSeat(e, seat)))) })),
    };
  }

  /**
   * The log that fits beside a view whose `table-view` frame is `frame` (text) within one
   * frame: with the openings, else without them, else none (the client marks a hole).
   */
  fitting(seat: number | null, frame: string): TableLog | null {
    const room = MAX_FRAME_BYTES - byteLength(frame) - ',"log":'.length;
    for (const openings of [true, false]) {
      const log = this.forSeat(seat, openings);
      if (log === null) return null;
      if (byteLength(JSON.stringify(log)) <= room) return log;
    }
    return null;
  }
}

/** The event without its deck openings (the hand's history has them). */
function bare(e: TableEvent): TableEvent {
  if (!("openings" in e) || e.openings === undefined) return e;
  const { openings: _, ...rest } = e;
  return rest as TableEvent;
}

/** A `table-view` frame (text) with `log` added, one frame still. */
export function withLog(frame: string, log: TableLog | null): string {
  return log === null ? frame : `${frame.slice(0, -1)},"log":${JSON.stringify(log)}}`;
}
