// A conformance case (docs/conformance.md) and what running it found.
export interface CaseOutcome {
  readonly pass: boolean;
  /** What Felt computed (compared with `expected`). */
  readonly got?: unknown;
  readonly expected?: unknown;
  /** One line saying what differed, for `FAIL id: ...`. */
  readonly why?: string;
}

/** Runs one case of a kind. `raw` is the parsed JSON object; validate what you read. */
export type CaseRunner = (raw: Record<string, unknown>) => CaseOutcome;
