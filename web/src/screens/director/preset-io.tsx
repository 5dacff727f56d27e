import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventSettings, PresetFile, Structure, TournamentFormat, TournamentSettingsInput } from "../../../../src/protocol/index.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { newCommandId } from "../../api/client.ts";
import { useServices } from "../../context.tsx";
import { presetFile, readPresetFile, type Hint } from "../../logic/create-settings.ts";
import { useFormat } from "../../components/use-format.ts";
import { CreateErrorText, hintText } from "./create-errors.tsx";

// The designer's structure and the form's settings saved as a preset (stored by the
// server, offered next time), exported as a JSON file, and imported from one (checked first:
// a file that is not a Felt preset, or has a field out of place, is refused with the reason).

export function PresetTools({
  basedOn,
  structure,
  settings,
  house,
  format,
  defaultName,
  onSaved,
  onImport,
}: {
  basedOn: string;
  structure: Structure;
  settings: EventSettings;
  /** The house rules chosen (table size, button, ...): saved and exported with the preset. */
  house: TournamentSettingsInput;
  /** The format chosen (null: the one `basedOn` runs as): saved and exported with the preset. */
  format: TournamentFormat | null;
  defaultName: string;
  onSaved: (id: string) => void;
  onImport: (file: PresetFile) => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<FeltError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [problems, setProblems] = useState<Hint[]>([]);
  const [imported, setImported] = useState<string | null>(null);
  const file = () => presetFile(name.trim() || defaultName, description, basedOn, structure, settings, house, format);

  async function save() {
    const f = file();
    const r = await client.call("savePreset", { commandId: newCommandId(), preset: f });
    setError(r.ok ? null : r.error);
    setSaved(r.ok ? f.name : null);
    if (r.ok) {
      const mine = r.value.presets.find((p) => p.custom === true && p.name === f.name);
      if (mine) onSaved(mine.id);
    }
  }

  function exportJson() {
    const f = file();
    const blob = new Blob([`${JSON.stringify(f, null, 2)}\n`], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${f.name.replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "") || "preset"}.felt-preset.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }

  async function importJson(f: File | undefined) {
    setImported(null);
    if (!f) return;
    const read = readPresetFile(await f.text());
    if (!read.ok) {
      setProblems(read.problems);
      return;
    }
    setProblems(read.hints);
    setName(read.file.name);
    setDescription(read.file.description);
    setImported(read.file.name);
    onImport(read.file);
  }

  return (
    <div className="panel preset-tools">
      <h2>{t("createForm.presetTitle")}</h2>
      <div className="row">
        <label>
          {t("createForm.presetName")}
          <input data-field="preset-name" value={name} placeholder={defaultName} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t("createForm.presetDescription")}
          <input data-field="preset-description" value={description} maxLength={400} onChange={(e) => setDescription(e.target.value)} />
        </label>
      </div>
      <div className="row">
        <button type="button" data-action="save-preset" onClick={() => void save()}>
          {t("createForm.savePreset")}
        </button>
        <button type="button" data-action="export-json" onClick={exportJson}>
          {t("createForm.exportJson")}
        </button>
        <label className="button">
          {t("createForm.importJson")}
          <input
            type="file"
            accept="application/json,.json"
            data-field="import-json"
            style={{ display: "none" }}
            onChange={(e) => {
              void importJson(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      {saved && (
        <p className="ok" data-testid="preset-saved">
          {t("createForm.presetSaved", { name: saved })}
        </p>
      )}
      {imported && (
        <p className="ok" data-testid="preset-imported">
          {t("createForm.imported", { name: imported })}
        </p>
      )}
      <CreateErrorText error={error} />
      {problems.length > 0 && (
        <ul className="error import-problems" role="alert">
          {problems.map((p, i) => (
            <li key={i}>{hintText(t, i18n, fmt, p)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
