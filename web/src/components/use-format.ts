import { useTranslation } from "react-i18next";
import * as f from "../logic/format.ts";
import type { Blinds } from "../../../src/protocol/index.ts";

/** The formatters bound to the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return {
    lng,
    chips: (n: number) => f.formatChips(n, lng),
    money: (n: number) => f.formatMoney(n, lng),
    blinds: (b: Blinds) => f.formatBlinds(b, lng),
    time: (ms: number) => f.formatTime(ms, lng),
    dateTime: (ms: number) => f.formatDateTime(ms, lng),
    duration: f.formatDuration,
    place: (p: number) => f.formatPlace(p, lng),
    percent: (x: number) => f.formatPercent(x, lng),
  };
}
