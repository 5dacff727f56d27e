import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { onSoundSetting, setSoundOn, soundOn } from "../logic/sound.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";

// The player's settings: a four-colour deck, the felt's colour, sounds (and the
// language beside it in the header), remembered in localStorage.

const KEY = "felt.settings";
export const FELTS = ["green", "blue", "red", "grey"] as const;
type Felt = (typeof FELTS)[number];
interface Settings {
  readonly fourColour: boolean;
  readonly felt: Felt;
}

function load(): Settings {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>;
    return { fourColour: s.fourColour === true, felt: FELTS.includes(s.felt as Felt) ? (s.felt as Felt) : "green" };
  } catch {
    return { fourColour: false, felt: "green" };
  }
}

function apply(s: Settings): void {
  const root = document.documentElement;
  root.classList.toggle("four-colour", s.fourColour);
  root.dataset["felt"] = s.felt;
}

/** Applies the remembered settings at start (before the first table is drawn). */
export function applySavedSettings(): void {
  apply(load());
}

export function SettingsMenu() {
  const { t } = useTranslation();
  const [s, setS] = useState(load);
  const [sound, setSound] = useState(soundOn);
  useEffect(() => onSoundSetting(() => setSound(soundOn())), []);
  useEffect(() => {
    apply(s);
    try {
      localStorage.setItem(KEY, JSON.stringify(s));
    } catch {
      // not remembered
    }
  }, [s]);
  return (
    <details className="settings" data-testid="settings">
      {/* On a phone the header is one line: a gear for the word, and the language in here. */}
      <summary aria-label={t("settings.title")}>
        <span className="gear" aria-hidden="true">
          ⚙
        </span>
        <span className="label">{t("settings.title")}</span>
      </summary>
      <div className="settings-body">
        <div className="settings-lang">
          <LanguageSwitcher />
        </div>
        <label>
          <input type="checkbox" checked={s.fourColour} onChange={(e) => setS({ ...s, fourColour: e.target.checked })} /> {t("settings.fourColour")}
        </label>
        <label>
          {t("settings.felt")}{" "}
          <select value={s.felt} onChange={(e) => setS({ ...s, felt: e.target.value as Felt })}>
            {FELTS.map((f) => (
              <option key={f} value={f}>
                {t(`settings.felts.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={sound}
            onChange={(e) => {
              setSoundOn(e.target.checked);
              setSound(e.target.checked);
            }}
          />{" "}
          {t("settings.sounds")}
        </label>
      </div>
    </details>
  );
}
