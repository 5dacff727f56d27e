import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./locales/en.ts";
import { cs } from "./locales/cs.ts";
import { ru } from "./locales/ru.ts";
import { sv } from "./locales/sv.ts";
import { ro } from "./locales/ro.ts";
import { liveEn } from "./locales/live/en.ts";
import { liveCs } from "./locales/live/cs.ts";
import { liveRu } from "./locales/live/ru.ts";
import { liveSv } from "./locales/live/sv.ts";
import { liveRo } from "./locales/live/ro.ts";
import { createEn } from "./locales/create/en.ts";
import { handsEn } from "./locales/hands/en.ts";
import { createCs } from "./locales/create/cs.ts";
import { handsCs } from "./locales/hands/cs.ts";
import { createRu } from "./locales/create/ru.ts";
import { handsRu } from "./locales/hands/ru.ts";
import { createSv } from "./locales/create/sv.ts";
import { handsSv } from "./locales/hands/sv.ts";
import { createRo } from "./locales/create/ro.ts";
import { handsRo } from "./locales/hands/ro.ts";

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "cs", name: "Čeština" },
  { code: "ru", name: "Русский" },
  { code: "sv", name: "Svenska" },
  { code: "ro", name: "Română" },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]["code"];

// The live room's strings sit in their own files (locales/live/), one tree under `live`; the
// create form's and structure designer's in locales/create/, under `createForm`.
export const RESOURCES = {
  en: { ...en, live: liveEn, createForm: createEn, handFull: handsEn },
  cs: { ...cs, live: liveCs, createForm: createCs, handFull: handsCs },
  ru: { ...ru, live: liveRu, createForm: createRu, handFull: handsRu },
  sv: { ...sv, live: liveSv, createForm: createSv, handFull: handsSv },
  ro: { ...ro, live: liveRo, createForm: createRo, handFull: handsRo },
} as const;

const STORAGE_KEY = "felt.lang";

declare global {
  interface Window {
    /** Keys a strict (?checkKeys) page asked for and did not find; the e2e test reads it. */
    __feltMissingKeys?: string[];
  }
}

function pickLanguage(requested: string | null): LanguageCode {
  const known = (c: string | null | undefined): c is LanguageCode => LANGUAGES.some((l) => l.code === c);
  if (known(requested)) return requested;
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (known(stored)) return stored;
  const nav = globalThis.navigator?.language?.slice(0, 2);
  return known(nav) ? nav : "en";
}

/**
 * In strict mode (the e2e test's ?checkKeys) there is no fallback language, so a key
 * missing in Czech is reported instead of quietly shown in English.
 */
export function setupI18n(opts: { lng: string | null; strict: boolean }): I18n {
  const instance = i18next.createInstance();
  const missing: string[] = [];
  if (typeof window !== "undefined") window.__feltMissingKeys = missing;
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(RESOURCES).map(([k, v]) => [k, { translation: v }])),
    lng: pickLanguage(opts.lng),
    fallbackLng: opts.strict ? false : "en",
    interpolation: { escapeValue: false },
    saveMissing: opts.strict,
    missingKeyHandler: (lngs, _ns, key) => missing.push(`${lngs.join(",")}:${key}`),
    returnNull: false,
  });
  instance.on("languageChanged", (lng) => {
    globalThis.localStorage?.setItem(STORAGE_KEY, lng);
    if (typeof document !== "undefined") document.documentElement.lang = lng;
  });
  if (typeof document !== "undefined") document.documentElement.lang = instance.language;
  return instance;
}
