import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../i18n/index.ts";

export function LanguageSwitcher() {
  const { i18n, t } = useTranslation();
  return (
    <label className="lang">
      <span className="sr-only">{t("nav.language")}</span>
      <select value={i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value)} aria-label={t("nav.language")}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
