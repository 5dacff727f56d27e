import { useTranslation } from "react-i18next";
import type { TFunction, i18n as I18n } from "i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import type { Hint } from "../../logic/create-settings.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";

// The create route's refusals in the user's language with the server's figures:
// its own causes (create/…), a payout table's (tournament/bad-payout, by reason) and the
// chip-up points' (structure/colour-up-…); anything else as the console says errors.

/** Causes said here, each a key under createForm.causes (bad-payout by its reason). */
export const CREATE_CAUSES = [
  "create/window-past-end",
  "create/re-entry-and-rebuy",
  "create/format-conflict",
  "create/format-needs",
  "create/payout-precision",
  "create/preset-name-taken",
  "create/too-many-presets",
  "create/unknown-base",
  "structure/bad-colour-up",
  "structure/colour-up-too-early",
  "structure/colour-up-order",
] as const;
export const PAYOUT_REASONS = ["sum", "increasing", "not-positive", "places", "both", "over-guarantee"] as const;
/** The window a create/window-past-end names. */
export const WINDOW_FIELDS = ["reEntry", "rebuy", "lateRegistration", "addOn"] as const;
/** The other parts a create/format-conflict names (a window is said as above). */
export const FORMAT_FIELDS = ["tableSize", "finalTableSize", "finalTable", "actionSeconds", "freeroll", "satelliteTarget"] as const;

export function CreateErrorText({ error }: { error: FeltError | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!error) return null;
  const cause = typeof error["cause"] === "string" ? error["cause"] : null;
  const n = (k: string) => (typeof error[k] === "number" ? (error[k] as number) : 0);
  let text: string | null = null;
  if (cause === "tournament/bad-payout" && (PAYOUT_REASONS as readonly string[]).includes(String(error["reason"]))) {
    text = t(`createForm.causes.bad-payout.${String(error["reason"])}`, {
      sum: n("sum"),
      place: n("place"),
      places: n("places"),
      total: fmt.money(n("total")),
    });
  } else if (cause !== null && (CREATE_CAUSES as readonly string[]).includes(cause)) {
    const named = String(error["field"]);
    const field = (WINDOW_FIELDS as readonly string[]).includes(named)
      ? t(`createForm.window.${named}`)
      : (FORMAT_FIELDS as readonly string[]).includes(named)
        ? t(`createForm.formatField.${named}`)
        : "";
    const variant = cause === "create/window-past-end" ? (typeof error["break"] === "number" ? "_break" : "_level") : "";
    text = t(`createForm.causes.${cause.replace("/", ".")}${variant}`, {
      field,
      level: n("level"),
      levels: n("levels"),
      break: n("break"),
      breaks: n("breaks"),
      place: n("place"),
      chip: fmt.chips(n("chip")),
      amount: fmt.chips(n("amount")),
      item: n("index") + 1,
      name: String(error["name"] ?? ""),
      max: n("max"),
      format: typeof error["format"] === "string" ? t(`tournament.terms.formats.${error["format"]}`) : "",
    });
  }
  if (text === null) return <ErrorText error={error} />;
  return (
    <p className="error" role="alert" data-code={error.code} data-cause={cause ?? undefined}>
      {text}
    </p>
  );
}

/** A form hint or an import problem in words: the window named, amounts grouped. */
export function hintText(t: TFunction, i18n: I18n, fmt: ReturnType<typeof useFormat>, h: Hint): string {
  const v: Record<string, string | number> = { ...(h.values ?? {}) };
  if (typeof v["field"] === "string") v["field"] = t(`createForm.window.${v["field"]}`);
  if (typeof v["total"] === "number") v["total"] = fmt.money(v["total"]);
  const own = `createForm.import.${h.key}`;
  return t(i18n.exists(own) ? own : `createForm.hint.${h.key}`, v);
}
