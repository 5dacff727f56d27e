import { useTranslation } from "react-i18next";
import type { TFunction, i18n as I18n } from "i18next";
import { ERROR_CODES, type ChipsErrorCode, type TournamentErrorCode } from "../../../src/protocol/index.ts";
import { formatChips, formatTime } from "../logic/format.ts";

const KNOWN = new Set<string>([...ERROR_CODES, "client/network", "client/http"]);

/** Causes the console says in the user's language, with the server's figures. */
export const TRANSLATED_CAUSES = [
  "chips/still-needed",
  "chips/not-in-play",
  "chips/already-raced",
  "tournament/no-deal",
  "tournament/bad-undo",
  "tournament/entries-closed",
  "tournament/registration-closed",
  "tournament/re-entry-closed",
  "tournament/re-entry-not-busted",
  "tournament/re-entry-limit",
  "tournament/re-entry-not-offered",
  "tournament/rebuy-closed",
  "tournament/rebuy-limit",
  "tournament/rebuy-not-offered",
  "tournament/rebuy-stack-too-big",
  "tournament/rebuy-at-final-table",
  "tournament/add-on-closed",
  "tournament/add-on-taken",
  "tournament/add-on-not-offered",
  "tournament/add-on-eliminated",
  "tournament/entry-busted",
  "tournament/not-running",
  "tournament/no-entry",
] as const satisfies readonly (TournamentErrorCode | ChipsErrorCode)[];
/** The reasons a deal is refused (tournament/no-deal), each said on its own. */
export const NO_DEAL_REASONS = ["format", "prizes-not-fixed", "settle-first", "final-table"] as const;
/** The reasons an undo is refused (tournament/bad-undo). */
export const UNDO_REASONS = ["fixed", "not-out", "re-entered", "over", "none", "out", "stack", "already", "kind", "nothing", "bought"] as const;

/** Figures shown as amounts (grouped digits); the rest (tables, levels, counts) as they are. */
const AMOUNTS = new Set(["remove", "next", "total", "sum", "min", "max"]);

const keyOf = (cause: string) => `live.causes.${cause.replace("/", ".")}`;

/**
 * The words for an error: the server's cause (a rule-level code riding under a generic wire
 * code) translated with its figures when the console knows it; else the wire code's text,
 * with the server's own message beside a generic one so nothing it said is lost.
 */
export function errorMessage(t: TFunction, i18n: I18n, error: { code: string; message: string } & Record<string, unknown>): string {
  const cause = typeof error["cause"] === "string" ? error["cause"] : null;
  const lng = i18n.language;
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(error))
    if (k !== "code" && k !== "message" && k !== "cause") values[k] = typeof v === "number" && AMOUNTS.has(k) ? formatChips(v, lng) : v;
  if (typeof error["closesAt"] === "number") values["closesAt"] = formatTime(error["closesAt"], lng);
  if (cause !== null) {
    const reason = typeof error["reason"] === "string" ? error["reason"] : null;
    const keys = [...(reason !== null ? [`${keyOf(cause)}.${reason}`] : []), keyOf(cause)];
    for (const k of keys) {
      const variant = `${k}${typeof error["closesWithPlayers"] === "number" ? "_players" : typeof error["closesLevel"] === "number" ? "_level" : ""}`;
      if (variant !== k && i18n.exists(variant)) return t(variant, values);
      if (i18n.exists(k) && typeof i18n.t(k, { returnObjects: true }) === "string") return t(k, values);
    }
  }
  // Rule ids are for the code and the rulebook, not the screen.
  const said = error.message.replace(/ ?\((R-[A-Z]+-\d+[,/ ]*)+\)/g, "").replace(/\bR-[A-Z]+-\d+:? ?/g, "");
  if (!KNOWN.has(error.code)) return said;
  const generic = t(`errors.${error.code.replace("/", ".")}`);
  // A generic refusal without a known cause still shows what the server said.
  return error.code === "director/invalid" || error.code === "tournament/bad-state" || error.code === "tournament/not-allowed"
    ? `${generic} (${said})`
    : generic;
}

/** Errors are shown by their stable code and cause, translated; unknown codes show the message. */
export function ErrorText({ error }: { error: ({ code: string; message: string } & Record<string, unknown>) | null }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  return (
    <p className="error" role="alert" data-code={error.code} data-cause={typeof error["cause"] === "string" ? error["cause"] : undefined}>
      {errorMessage(t, i18n, error)}
    </p>
  );
}
