import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  settingsWithDefaults,
  structureAdvice,
  type EventSettings,
  type Preset,
  type PresetFile,
  type PredictResponse,
  type Structure,
  type TournamentFormat,
  type TournamentSettingsInput,
} from "../../../../src/protocol/index.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { useFormat } from "../../components/use-format.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { ChipSetInput, StructureTable } from "./structure-designer.tsx";
import { chipUpTooEarly, decksOpenFor, settingsFromPreset, settingsHints } from "../../logic/create-settings.ts";
import { href } from "../../router.ts";
import { MoneyForm } from "./create-money.tsx";
import { CreateErrorText, hintText } from "./create-errors.tsx";
import { PresetTools } from "./preset-io.tsx";
import { fromLocalInput, toLocalInput } from "../../logic/format.ts";
import { FormatSelect, houseForFormat } from "./create-format.tsx";

/** The core's structure check behind a director/invalid answer (structure/not-payable, ...), if any. */
const STRUCTURE_CAUSES = new Set([
  "bad-chips",
  "not-payable",
  "bad-starting-stack",
  "bad-level",
  "blinds-decrease",
  "missing-limit-blinds",
  "starts-with-break",
  "no-levels",
  "bad-duration",
]);
function structureCause(e: FeltError | null): string | null {
  const cause = e?.["cause"];
  if (typeof cause !== "string" || !cause.startsWith("structure/")) return null;
  const code = cause.slice("structure/".length);
  return STRUCTURE_CAUSES.has(code) ? code : null;
}

/** Create from a preset, with the structure designer (R-TRN-1 guidance and predicted end). */
export function CreateTournament({ onCreated }: { onCreated: () => void }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const presets = useQuery("presets", undefined);
  const [presetId, setPresetId] = useState<string | null>(null);
  const preset = presets.data?.presets.find((p) => p.id === presetId) ?? presets.data?.presets[0] ?? null;
  const [name, setName] = useState("");
  const [kind, setKind] = useState<"live" | "online">("live");
  const [startsAt, setStartsAt] = useState(() => {
    const d = new Date();
    d.setHours(19, 0, 0, 0);
    return d.getTime() < Date.now() ? d.getTime() + 86_400_000 : d.getTime();
  });
  const [structure, setStructure] = useState<Structure | null>(null);
  // The money side, starting from the preset's (buy-in, fee, guarantee, windows, payouts).
  const [settings, setSettings] = useState<EventSettings | null>(null);
  // The house rules the room chooses (R-TBL-1 table size, R-BTN-2/3 button, R-CHIP-2/3 colour-up).
  // Only what the floor (or the preset) chose; the rest are the defaults, shown filled in (`rules`).
  const [house, setHouse] = useState<TournamentSettingsInput>({});
  // The format (R-TRN-3..11): the preset's, or the one chosen; null: a preset that names none.
  const [format, setFormat] = useState<TournamentFormat | null>(null);
  // R-TRN-6's figures kept while the rule is switched off and on again (a preset's, else 5 by 15 minutes).
  const [lastRule, setLastRule] = useState({ minPlayers: 5, deadlineMinutes: 15 });
  const [players, setPlayers] = useState(30);
  const [prediction, setPrediction] = useState<PredictResponse | null>(null);
  const [predictError, setPredictError] = useState<FeltError | null>(null);
  const [error, setError] = useState<FeltError | null>(null);
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);

  // Preset names and descriptions in the user's language (the server's are English,
  // for the API); a preset the room saved goes by its own name.
  const presetName = (p: Preset) => (p.custom !== true && i18n.exists(`live.presets.${p.id}.name`) ? t(`live.presets.${p.id}.name`) : p.name);
  /** Choosing a preset starts the form over from it. */
  function apply(p: Preset) {
    setPresetId(p.id);
    setStructure(p.structure);
    setSettings(settingsFromPreset(p));
    setHouse(houseForFormat(p.house ?? {}, p.format?.kind));
    if (p.house?.startRule) setLastRule(p.house.startRule);
    setFormat(p.format ?? null);
    setName(presetName(p));
  }
  useEffect(() => {
    if (preset && structure === null) apply(preset);
  }, [preset]);
  /** An imported file: its structure and settings over the preset it was built on. */
  function applyFile(f: PresetFile) {
    if (presets.data?.presets.some((p) => p.id === f.basedOn)) setPresetId(f.basedOn);
    setStructure(f.structure);
    setSettings(f.settings);
    setHouse(houseForFormat(f.house ?? {}, f.format?.kind));
    setFormat(f.format ?? null);
    setName(f.name);
  }

  useEffect(() => {
    if (!structure) return;
    void client.call("predict", { structure, players }).then((r) => {
      setPrediction(r.ok ? r.value : null);
      setPredictError(r.ok ? null : r.error);
    });
  }, [client, structure, players]);

  const presetDescription = (p: Preset) =>
    p.custom === true
      ? p.description
      : i18n.exists(`live.presets.${p.id}.plan`)
        ? t("live.presets.summary", {
            chips: fmt.chips(p.structure.startingStack),
            levels: p.structure.levels.filter((l) => l.kind === "level").length,
            plan: t(`live.presets.${p.id}.plan`),
          })
        : p.description.replace(/ ?\(R-[A-Z]+-[0-9/]+\)/g, "");
  if (!preset || !structure || !settings) return <p>{t("common.loading")}</p>;
  const g = structureAdvice(structure);
  const cause = structureCause(error) ?? structureCause(predictError);
  const hints = settingsHints(settings, structure);
  const early = chipUpTooEarly(structure);

  // Every house rule filled in as the server will (a final table or spare seats beyond a smaller table follow it down).
  const defaults = settingsWithDefaults(house, {
    speed: format === null ? preset.id === "speed" : format.kind === "speed",
    live: kind === "live",
    mixedBy: structure.mixedBy,
  });
  // R-BET-9: the switch matters only to a structure that names limit blinds.
  const mixed = structure.levels.some((l) => l.game === "limit" || l.limit !== undefined);
  const rules = {
    ...defaults,
    finalTableSize: Math.min(defaults.finalTableSize, defaults.tableSize),
    spareSeats: Math.min(defaults.spareSeats, defaults.tableSize - 1),
    playDownTo: Math.min(defaults.playDownTo, Math.floor(Math.min(defaults.finalTableSize, defaults.tableSize) / 2)),
  };
  // What is sent: the floor's choices and the two table figures that follow the table size.
  const houseRules: TournamentSettingsInput = {
    ...house,
    tableSize: rules.tableSize,
    finalTableSize: rules.finalTableSize,
    spareSeats: rules.spareSeats,
    playDownTo: rules.playDownTo,
    start: rules.start,
    // R-TRN-6 always said, so a preset's rule switched off in the form stays off.
    startRule: rules.startRule,
    // R-TRN-3: the reading of a break window is sent only while the re-entry window ends at a break.
    ...(settings.reEntry !== null && "endOfBreak" in settings.reEntry.until ? {} : { reEntryCloses: "break-end" as const }),
    // R-TRN-5: an add-on by players left only while the event has an add-on.
    ...(settings.addOn !== null ? {} : { addOnAt: "break" as const }),
  };
  function setRule(r: { minPlayers: number; deadlineMinutes: number }) {
    setLastRule(r);
    setHouse({ ...house, startRule: r });
  }
  async function create() {
    if (!preset || !structure || !settings) return;
    // Everything the form shows is sent: the whole structure (chip set, antes, limit levels,
    // chip-up points) and every money setting, so the tournament is what the director sees.
    const r = await client.call("create", {
      commandId: newCommandId(),
      presetId: preset.id,
      name,
      kind,
      startsAt,
      structure,
      ...settings,
      settings: houseRules,
      // A shootout's final table follows the table size down.
      ...(format === null
        ? {}
        : {
            format:
              format.kind === "shootout" && (format.finalTable ?? 0) > rules.tableSize ? { kind: "shootout" as const, finalTable: rules.tableSize } : format,
          }),
    });
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setCreated({ id: r.value.tournament.id, name: r.value.tournament.name });
      onCreated();
    }
  }

  return (
    <div className="create">
      <div className="cols">
        <div className="panel">
          <h2>{t("create.title")}</h2>
          <label>
            {t("create.preset")}
            <select
              data-field="preset"
              value={preset.id}
              onChange={(e) => {
                const p = presets.data?.presets.find((x) => x.id === e.target.value);
                if (p) apply(p);
              }}
            >
              {presets.data?.presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {presetName(p)}
                </option>
              ))}
            </select>
          </label>
          <p className="hint">{presetDescription(preset)}</p>
          <label>
            {t("create.name")}
            <input data-field="name" value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t("create.kind")}
            <select value={kind} onChange={(e) => setKind(e.target.value as "live" | "online")}>
              <option value="live">{t("kind.live")}</option>
              <option value="online">{t("kind.online")}</option>
            </select>
          </label>
          <label>
            {t("create.startsAt")}
            <input
              type="datetime-local"
              value={toLocalInput(startsAt)}
              onChange={(e) => {
                const ms = fromLocalInput(e.target.value);
                if (ms !== null) setStartsAt(ms);
              }}
            />
          </label>
          <label>
            {t("create.startingStack")}
            <input
              type="number"
              min={1}
              data-field="starting-stack"
              value={structure.startingStack}
              onChange={(e) => setStructure({ ...structure, startingStack: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
            />
          </label>
          <ChipSetInput structure={structure} onChange={setStructure} />
          <FormatSelect
            format={format}
            tableSize={rules.tableSize}
            settings={settings}
            house={house}
            onChange={(f, s, h) => {
              setFormat(f);
              setSettings(s);
              setHouse(h);
            }}
          />
          <div className="row house-rules">
            <label>
              {t("create.tableSize")}
              <select data-field="table-size" value={rules.tableSize} onChange={(e) => setHouse({ ...house, tableSize: Number(e.target.value) })}>
                {[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("create.finalTableSize")}
              <select
                data-field="final-table-size"
                value={rules.finalTableSize}
                onChange={(e) => setHouse({ ...house, finalTableSize: Number(e.target.value) })}
              >
                {Array.from({ length: rules.tableSize - 1 }, (_, i) => i + 2).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("create.spareSeats")}
              <select data-field="spare-seats" value={rules.spareSeats} onChange={(e) => setHouse({ ...house, spareSeats: Number(e.target.value) })}>
                {[0, 1, 2, 3]
                  .filter((n) => n < rules.tableSize)
                  .map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
              </select>
            </label>
            <label>
              {t("create.buttonRule")}
              <select
                data-field="button-rule"
                value={rules.buttonRule}
                onChange={(e) => setHouse({ ...house, buttonRule: e.target.value as "dead" | "moving" })}
              >
                <option value="dead">{t("create.button.dead")}</option>
                <option value="moving">{t("create.button.moving")}</option>
              </select>
            </label>
            <label>
              {t("create.buttonDraw")}
              <select
                data-field="button-draw"
                value={rules.buttonDraw}
                onChange={(e) => setHouse({ ...house, buttonDraw: e.target.value as "suit" | "redraw" | "first-jack" })}
              >
                <option value="suit">{t("create.buttonDraws.suit")}</option>
                <option value="redraw">{t("create.buttonDraws.redraw")}</option>
                <option value="first-jack">{t("create.buttonDraws.first-jack")}</option>
              </select>
            </label>
            <label>
              {t("create.colourUp")}
              <select data-field="colour-up" value={rules.colourUp} onChange={(e) => setHouse({ ...house, colourUp: e.target.value as "race" | "up" })}>
                <option value="race">{t("create.colour.race")}</option>
                <option value="up">{t("create.colour.up")}</option>
              </select>
            </label>
            <label>
              {t("create.start")}
              <select data-field="start" value={rules.start} onChange={(e) => setHouse({ ...house, start: e.target.value as "scheduled" | "manual" })}>
                <option value="scheduled">{t("create.starts.scheduled")}</option>
                <option value="manual">{t("create.starts.manual")}</option>
              </select>
            </label>
            <label>
              {t("create.actionSeconds")}
              <input
                type="number"
                data-field="action-seconds"
                min={5}
                max={600}
                value={rules.actionSeconds}
                onChange={(e) => setHouse({ ...house, actionSeconds: Math.min(600, Math.max(5, Math.floor(Number(e.target.value) || 5))) })}
              />
            </label>
            <label>
              {t("create.timeBankSeconds")}
              <input
                type="number"
                data-field="time-bank"
                min={0}
                max={3600}
                value={rules.timeBankSeconds}
                onChange={(e) => setHouse({ ...house, timeBankSeconds: Math.min(3600, Math.max(0, Math.floor(Number(e.target.value) || 0))) })}
              />
            </label>
            <label>
              {t("create.oddChip")}
              <select
                data-field="odd-chip"
                value={rules.oddChip}
                onChange={(e) => setHouse({ ...house, oddChip: e.target.value as "left-of-button" | "draw" })}
              >
                <option value="left-of-button">{t("create.odd.leftOfButton")}</option>
                <option value="draw">{t("create.odd.draw")}</option>
              </select>
            </label>
            <label className="check">
              <input
                type="checkbox"
                data-field="one-card-kills"
                checked={rules.oneCardKills}
                onChange={(e) => setHouse({ ...house, oneCardKills: e.target.checked })}
              />
              {t("create.oneCardKills")}
            </label>
            <label>
              {t("create.decksOpen")}
              <select
                data-field="decks-open"
                value={rules.decksOpen.to}
                onChange={(e) => setHouse({ ...house, decksOpen: decksOpenFor(e.target.value, rules.decksOpen) })}
              >
                <option value="players">{t("create.decks.players")}</option>
                <option value="auditor">{t("create.decks.auditor")}</option>
                <option value="public">{t("create.decks.public")}</option>
              </select>
            </label>
            {rules.decksOpen.to === "auditor" && (
              <label>
                {t("create.deckAuditor")}
                <input
                  data-field="deck-auditor"
                  value={rules.decksOpen.auditor}
                  maxLength={24}
                  onChange={(e) => setHouse({ ...house, decksOpen: { to: "auditor", auditor: e.target.value } })}
                />
              </label>
            )}
            {rules.decksOpen.to === "public" && (
              <label>
                {t("create.deckDays")}
                <input
                  type="number"
                  data-field="deck-days"
                  min={0}
                  max={3650}
                  value={rules.decksOpen.afterDays}
                  onChange={(e) =>
                    setHouse({ ...house, decksOpen: { to: "public", afterDays: Math.min(3650, Math.max(0, Math.floor(Number(e.target.value) || 0))) } })
                  }
                />
              </label>
            )}
            <label>
              {t("create.playDownTo")}
              <select data-field="play-down-to" value={rules.playDownTo} onChange={(e) => setHouse({ ...house, playDownTo: Number(e.target.value) })}>
                <option value={0}>{t("create.playDownOff")}</option>
                {Array.from({ length: Math.min(5, Math.floor(rules.finalTableSize / 2)) }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("create.tableMerge")}
              <select
                data-field="table-merge"
                value={rules.tableMerge}
                onChange={(e) => setHouse({ ...house, tableMerge: e.target.value as "fill" | "redraw" })}
              >
                <option value="fill">{t("create.merge.fill")}</option>
                <option value="redraw">{t("create.merge.redraw")}</option>
              </select>
            </label>
            <label>
              {t("create.balancing")}
              <select data-field="balancing" value={rules.balancing} onChange={(e) => setHouse({ ...house, balancing: e.target.value as "seed" | "tda" })}>
                <option value="seed">{t("create.balance.seed")}</option>
                <option value="tda">{t("create.balance.tda")}</option>
              </select>
            </label>
            {settings.reEntry !== null && "endOfBreak" in settings.reEntry.until && (
              <label>
                {t("create.reEntryCloses")}
                <select
                  data-field="re-entry-closes"
                  value={rules.reEntryCloses}
                  onChange={(e) => setHouse({ ...house, reEntryCloses: e.target.value as "break-start" | "break-end" })}
                >
                  <option value="break-end">{t("create.reEntryClose.breakEnd")}</option>
                  <option value="break-start">{t("create.reEntryClose.breakStart")}</option>
                </select>
              </label>
            )}
            {settings.addOn !== null && (
              <label>
                {t("create.addOnAt")}
                <select
                  data-field="add-on-at"
                  value={rules.addOnAt === "break" ? "break" : "players-left"}
                  onChange={(e) =>
                    setHouse({ ...house, addOnAt: e.target.value === "break" ? "break" : { playersLeft: Math.max(2, Math.round(players / 3)) } })
                  }
                >
                  <option value="break">{t("create.addOnWhen.break")}</option>
                  <option value="players-left">{t("create.addOnWhen.playersLeft")}</option>
                </select>
              </label>
            )}
            {settings.addOn !== null && rules.addOnAt !== "break" && (
              <label>
                {t("create.addOnPlayersLeft")}
                <input
                  type="number"
                  min={2}
                  max={10000}
                  data-field="add-on-players-left"
                  value={rules.addOnAt.playersLeft}
                  onChange={(e) => setHouse({ ...house, addOnAt: { playersLeft: Math.max(2, Math.floor(Number(e.target.value) || 2)) } })}
                />
              </label>
            )}
            {mixed && (
              <label>
                {t("create.mixedBy")}
                <select data-field="mixed-by" value={rules.mixedBy} onChange={(e) => setHouse({ ...house, mixedBy: e.target.value as "level" | "orbit" })}>
                  <option value="level">{t("create.mixed.level")}</option>
                  <option value="orbit">{t("create.mixed.orbit")}</option>
                </select>
              </label>
            )}
          </div>
          <MoneyForm settings={settings} structure={structure} players={players} onChange={setSettings} />
          <label className="check">
            <input
              type="checkbox"
              data-field="start-rule"
              checked={rules.startRule !== null}
              onChange={(e) => setHouse({ ...house, startRule: e.target.checked ? lastRule : null })}
            />
            {t("create.startRule")}
          </label>
          {rules.startRule !== null && (
            <div className="row start-rule">
              <label>
                {t("create.minPlayers")}
                <input
                  type="number"
                  data-field="min-players"
                  min={2}
                  max={10000}
                  value={rules.startRule.minPlayers}
                  onChange={(e) => setRule({ ...rules.startRule!, minPlayers: Math.min(10000, Math.max(2, Math.floor(Number(e.target.value) || 2))) })}
                />
              </label>
              <label>
                {t("create.deadlineMinutes")}
                <input
                  type="number"
                  data-field="deadline-minutes"
                  min={0}
                  max={1440}
                  value={rules.startRule.deadlineMinutes}
                  onChange={(e) => setRule({ ...rules.startRule!, deadlineMinutes: Math.min(1440, Math.max(0, Math.floor(Number(e.target.value) || 0))) })}
                />
              </label>
              <p className="hint" data-testid="start-rule-hint">
                {t("create.startRuleHint", {
                  time: fmt.time(startsAt + rules.startRule.deadlineMinutes * 60_000),
                  players: fmt.chips(rules.startRule.minPlayers),
                })}
              </p>
            </div>
          )}
          {(hints.length > 0 || early) && (
            <ul className="hint warn create-hints" data-testid="create-hints">
              {hints.map((h, i) => (
                <li key={i}>{hintText(t, i18n, fmt, h)}</li>
              ))}
              {early && <li>{t("createForm.hint.chipUpEarly", { item: early.item, chip: fmt.chips(early.chip), amount: fmt.chips(early.amount) })}</li>}
            </ul>
          )}
          <CreateErrorText error={error} />
          {cause && (
            <p className="error structure-cause" data-cause={cause}>
              {t(`create.structureError.${cause}`)}
            </p>
          )}
          {created && (
            <p className="ok" data-testid="created">
              {t("create.created", { name: created.name })}{" "}
              <a href={href("tournament", created.id)} data-action="open-created">
                {t("createForm.openPage")}
              </a>
            </p>
          )}
          <button className="primary" data-action="create" onClick={() => void create()}>
            {t("create.submit")}
          </button>
        </div>
        <div className="panel guidance">
          <h2>{t("create.guidanceTitle")}</h2>
          <p className={`verdict ${g.verdict}`}>
            {t("create.ratio", { ratio: fmt.chips(g.startingBigBlinds), bb: fmt.chips(g.firstBigBlind) })} — {t(`create.verdict.${g.verdict}`)}
          </p>
          <p className="hint">{t("create.guidanceRule")}</p>
          <p>
            {g.endLevel !== null && g.minutesToStackBlind !== null
              ? t("create.plannedEnd", { level: g.endLevel, duration: fmt.duration(g.minutesToStackBlind * 60_000) })
              : t("create.noPlannedEnd")}
          </p>
          <label>
            {t("create.expectedPlayers")}
            <input type="number" min={2} max={10000} value={players} onChange={(e) => setPlayers(Math.max(2, Number(e.target.value)))} />
          </label>
          {prediction && <PredictionChart prediction={prediction} players={players} plannedEndMinute={g.minutesToStackBlind} />}
          {prediction && (
            <p>
              {t("create.predictedEnd", {
                duration: fmt.duration(prediction.predictedEndMinute * 60_000),
                time: fmt.time(startsAt + prediction.predictedEndMinute * 60_000),
              })}
            </p>
          )}
        </div>
      </div>
      <div className="panel">
        <h2>{t("create.structure")}</h2>
        <StructureTable structure={structure} onChange={setStructure} />
      </div>
      <PresetTools
        basedOn={preset.custom === true ? (preset.basedOn ?? preset.id) : preset.id}
        structure={structure}
        settings={settings}
        house={house}
        format={format}
        defaultName={name}
        onSaved={(id) => {
          presets.reload();
          setPresetId(id);
        }}
        onImport={applyFile}
      />
    </div>
  );
}

function PredictionChart({ prediction, players, plannedEndMinute }: { prediction: PredictResponse; players: number; plannedEndMinute: number | null }) {
  const { t } = useTranslation();
  const W = 420;
  const H = 180;
  const maxMin = Math.max(1, ...prediction.points.map((p) => p.minute));
  const x = (m: number) => 30 + ((W - 40) * m) / maxMin;
  const y = (n: number) => H - 20 - ((H - 30) * n) / players;
  const path = prediction.points.map((p, i) => `${i ? "L" : "M"}${x(p.minute).toFixed(1)},${y(p.playersLeft).toFixed(1)}`).join(" ");
  return (
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("create.chartLabel")}>
      <line x1={30} y1={H - 20} x2={W - 10} y2={H - 20} stroke="currentColor" opacity={0.4} />
      <line x1={30} y1={10} x2={30} y2={H - 20} stroke="currentColor" opacity={0.4} />
      <text x={32} y={16} fontSize={10} fill="currentColor">
        {players}
      </text>
      <text x={W - 60} y={H - 6} fontSize={10} fill="currentColor">
        {t("create.minutesShort", { n: maxMin })}
      </text>
      <path d={path} fill="none" stroke="#f5c542" strokeWidth={2} />
      <line x1={x(prediction.predictedEndMinute)} x2={x(prediction.predictedEndMinute)} y1={10} y2={H - 20} stroke="#e66" strokeDasharray="4 3" />
      {plannedEndMinute !== null && plannedEndMinute <= maxMin && (
        <line x1={x(plannedEndMinute)} x2={x(plannedEndMinute)} y1={10} y2={H - 20} stroke="#6c6" strokeDasharray="2 4" />
      )}
    </svg>
  );
}
