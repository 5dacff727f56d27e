import { useTranslation } from "react-i18next";
import {
  FORMAT_KINDS,
  settingsForFormat,
  type EventSettings,
  type TournamentFormat,
  type TournamentFormatKind,
  type TournamentSettingsInput,
} from "../../../../src/protocol/index.ts";

// The create form's format (R-TRN-3..11): a heads-up bracket or a shootout draws its tables
// once, so choosing one drops the windows it cannot take and a bracket seats two.

/** The house rules a format sets: a heads-up match seats two; leaving heads-up gives the table size back to the room. */
export function houseForFormat(house: TournamentSettingsInput, kind: TournamentFormatKind | undefined): TournamentSettingsInput {
  if (kind === "heads-up") return { ...house, tableSize: 2, finalTableSize: 2 };
  if (house.tableSize !== 2) return house;
  const { tableSize: _t, finalTableSize: _f, ...rest } = house;
  return rest;
}

export function FormatSelect({
  format,
  tableSize,
  settings,
  house,
  onChange,
}: {
  format: TournamentFormat | null;
  tableSize: number;
  settings: EventSettings;
  house: TournamentSettingsInput;
  onChange: (format: TournamentFormat, settings: EventSettings, house: TournamentSettingsInput) => void;
}) {
  const { t } = useTranslation();
  const kind = format?.kind ?? "freezeout";
  const choose = (k: TournamentFormatKind) => {
    const f: TournamentFormat = k === "shootout" ? { kind: "shootout" } : k === "speed" ? { kind: "speed" } : { kind: k };
    onChange(f, settingsForFormat(settings, k), houseForFormat(house, k));
  };
  return (
    <div className="row create-format">
      <label>
        {t("live.format.label")}
        <select data-field="format" value={kind} onChange={(e) => choose(e.target.value as TournamentFormatKind)}>
          {FORMAT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`tournament.terms.formats.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {format?.kind === "shootout" && (
        <label>
          {t("live.format.finalTable")}
          <select
            data-field="shootout-final-table"
            value={format.finalTable ?? tableSize}
            onChange={(e) => onChange({ kind: "shootout", finalTable: Number(e.target.value) }, settings, house)}
          >
            {Array.from({ length: Math.max(1, tableSize - 1) }, (_, i) => i + 2).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {(kind === "heads-up" || kind === "shootout") && <p className="hint">{t(`live.format.hint.${kind}`)}</p>}
    </div>
  );
}
