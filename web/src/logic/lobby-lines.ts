import type { DenyReason, LobbyActionName, LobbyTournament } from "../../../src/protocol/index.ts";

// What a lobby line says about time and about a greyed button: no countdown where no clock
// runs, and a reason that is true of the button it stands under.

export type LateRegLine =
  | { readonly kind: "none" }
  | { readonly kind: "closed"; readonly at: number }
  /** Open until `at`; `left` counts down only while the tournament's clock runs (else null). */
  | { readonly kind: "until"; readonly at: number; readonly level: number | null; readonly left: number | null };

export function lateRegLine(tr: Pick<LobbyTournament, "lateRegistrationEndsAt" | "lateRegistrationEndsLevel" | "status">, now: number): LateRegLine {
  const at = tr.lateRegistrationEndsAt;
  if (at === null) return { kind: "none" };
  if (at <= now || tr.status === "finished" || tr.status === "cancelled") return { kind: "closed", at };
  // Before the start the instant is an estimate, and while paused it moves with the pause.
  const ticking = tr.status === "running" || tr.status === "break";
  return { kind: "until", at, level: tr.lateRegistrationEndsLevel, left: ticking ? at - now : null };
}

/**
 * The key of the words under a greyed button. The server's reasons are shared by the five
 * buttons; a few read true of registration only, so the others say what holds for them.
 */
export function denyReasonKey(action: LobbyActionName, reason: DenyReason): string {
  if (reason === "not-open-yet" && action !== "register") return "lobby.why.startsFirst";
  if (reason === "add-on-not-open") return "lobby.why.addOnNotNow";
  return `reasons.${reason}`;
}
