import { useTranslation } from "react-i18next";
import type { AddOnRule, EventSettings, PayoutStructure, RebuyRule, ReEntryRule, Structure, WindowEnd } from "../../../../src/protocol/index.ts";
import { useFormat } from "../../components/use-format.ts";
import { countItems, poolFor } from "../../logic/create-settings.ts";

// The create form's money side (R-TRN-2..6): buy-in, fee, guarantee, the re-entry,
// rebuy and add-on windows and prices, late registration and the payout table, each starting
// from the preset's. Every input carries data-field for the browser test.

const whole = (v: string) => Math.max(0, Math.floor(Number(v) || 0));

function Num({ field, label, value, onChange, min = 0 }: { field: string; label: string; value: number; onChange: (n: number) => void; min?: number }) {
  return (
    <label>
      {label}
      <input type="number" min={min} data-field={field} value={value} onChange={(e) => onChange(Math.max(min, whole(e.target.value)))} />
    </label>
  );
}

/** "End of level n" or "end of break n". */
function WindowInput({ field, value, onChange }: { field: string; value: WindowEnd; onChange: (w: WindowEnd) => void }) {
  const { t } = useTranslation();
  const byBreak = "endOfBreak" in value;
  const n = byBreak ? value.endOfBreak : value.endOfLevel;
  const set = (b: boolean, k: number) => onChange(b ? { endOfBreak: Math.max(1, k) } : { endOfLevel: Math.max(1, k) });
  return (
    <span className="window-end" style={{ display: "inline-flex", gap: "0.25rem", alignItems: "end" }}>
      <label>
        {t("createForm.until")}
        <select data-field={`${field}-until-kind`} value={byBreak ? "break" : "level"} onChange={(e) => set(e.target.value === "break", n)}>
          <option value="level">{t("createForm.endOfLevel")}</option>
          <option value="break">{t("createForm.endOfBreak")}</option>
        </select>
      </label>
      <input
        type="number"
        min={1}
        max={100}
        style={{ width: "4.5rem" }}
        aria-label={t("createForm.untilNumber")}
        data-field={`${field}-until`}
        value={n}
        onChange={(e) => set(byBreak, whole(e.target.value))}
      />
    </span>
  );
}

/** A window's on/off switch. */
function Toggle({ field, label, on, onChange }: { field: string; label: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" data-field={field} checked={on} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function MoneyForm({
  settings: x,
  structure,
  players,
  onChange,
}: {
  settings: EventSettings;
  structure: Structure;
  players: number;
  onChange: (x: EventSettings) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const set = (change: Partial<EventSettings>) => onChange({ ...x, ...change });
  const { levels, breaks } = countItems(structure);
  const early: WindowEnd = breaks >= 2 ? { endOfBreak: 2 } : { endOfLevel: Math.min(levels, 6) };
  const reEntry = (r: Partial<ReEntryRule>) => set({ reEntry: { ...x.reEntry!, ...r } });
  const rebuy = (r: Partial<RebuyRule>) => set({ rebuy: { ...x.rebuy!, ...r } });
  const addOn = (r: Partial<AddOnRule>) => set({ addOn: { ...x.addOn!, ...r } });
  return (
    <div className="money-form">
      <div className="row">
        <Num field="buy-in" label={t("createForm.buyIn")} value={x.buyIn} onChange={(buyIn) => set({ buyIn })} />
        <Num field="fee" label={t("createForm.fee")} value={x.fee} onChange={(fee) => set({ fee })} />
        <Num field="guarantee" label={t("createForm.guarantee")} value={x.guarantee} onChange={(guarantee) => set({ guarantee })} />
      </div>
      <p className="hint" data-testid="pool-preview">
        {t("createForm.poolPreview", { players: fmt.chips(players), pool: fmt.money(poolFor(x, players)) })}
      </p>

      <fieldset>
        <Toggle field="re-entry" label={t("createForm.reEntry")} on={x.reEntry !== null} onChange={(on) => set({ reEntry: on ? { until: early } : null })} />
        {x.reEntry && (
          <div className="row">
            <WindowInput field="re-entry" value={x.reEntry.until} onChange={(until) => reEntry({ until })} />
            <label>
              {t("createForm.maxPerPlayer")}
              <input
                type="number"
                min={1}
                placeholder={t("createForm.unlimited")}
                data-field="re-entry-max"
                value={x.reEntry.max ?? ""}
                onChange={(e) => {
                  const n = whole(e.target.value);
                  const { max: _m, ...rest } = x.reEntry!;
                  set({ reEntry: n > 0 ? { ...rest, max: n } : rest });
                }}
              />
            </label>
          </div>
        )}
      </fieldset>

      <fieldset>
        <Toggle
          field="rebuy"
          label={t("createForm.rebuy")}
          on={x.rebuy !== null}
          onChange={(on) =>
            set({
              rebuy: on
                ? {
                    cost: x.buyIn,
                    fee: x.fee,
                    chips: structure.startingStack,
                    max: 3,
                    until: { endOfLevel: Math.max(1, Math.min(levels, 6)) },
                    stackAtMost: structure.startingStack,
                  }
                : null,
            })
          }
        />
        {x.rebuy && (
          <div className="row">
            <Num field="rebuy-cost" label={t("createForm.price")} value={x.rebuy.cost} onChange={(cost) => rebuy({ cost })} />
            <Num field="rebuy-fee" label={t("createForm.fee")} value={x.rebuy.fee} onChange={(fee) => rebuy({ fee })} />
            <Num field="rebuy-chips" label={t("createForm.chips")} min={1} value={x.rebuy.chips} onChange={(chips) => rebuy({ chips })} />
            <label>
              {t("createForm.maxPerPlayer")}
              <input
                type="number"
                min={1}
                placeholder={t("createForm.unlimited")}
                data-field="rebuy-max"
                value={x.rebuy.max ?? ""}
                onChange={(e) => {
                  const n = whole(e.target.value);
                  const { max: _m, ...rest } = x.rebuy!;
                  set({ rebuy: n > 0 ? { ...rest, max: n } : rest });
                }}
              />
            </label>
            <Num field="rebuy-stack" label={t("createForm.stackAtMost")} value={x.rebuy.stackAtMost ?? 0} onChange={(stackAtMost) => rebuy({ stackAtMost })} />
            <WindowInput field="rebuy" value={x.rebuy.until} onChange={(until) => rebuy({ until })} />
          </div>
        )}
      </fieldset>

      <fieldset>
        <Toggle
          field="add-on"
          label={t("createForm.addOn")}
          on={x.addOn !== null}
          onChange={(on) =>
            set({
              addOn: on
                ? { atBreak: 1, cost: Math.round(x.buyIn / 2), fee: Math.round(x.fee / 2), chips: Math.max(1, Math.round(structure.startingStack / 2)) }
                : null,
            })
          }
        />
        {x.addOn && (
          <div className="row">
            <Num field="add-on-break" label={t("createForm.atBreak")} min={1} value={x.addOn.atBreak} onChange={(atBreak) => addOn({ atBreak })} />
            <Num field="add-on-cost" label={t("createForm.price")} value={x.addOn.cost} onChange={(cost) => addOn({ cost })} />
            <Num field="add-on-fee" label={t("createForm.fee")} value={x.addOn.fee} onChange={(fee) => addOn({ fee })} />
            <Num field="add-on-chips" label={t("createForm.chips")} min={1} value={x.addOn.chips} onChange={(chips) => addOn({ chips })} />
          </div>
        )}
      </fieldset>

      <fieldset>
        <Toggle
          field="late"
          label={t("createForm.late")}
          on={x.lateRegistration !== null}
          onChange={(on) => set({ lateRegistration: on ? { until: x.reEntry?.until ?? early } : null })}
        />
        {x.lateRegistration && <WindowInput field="late" value={x.lateRegistration.until} onChange={(until) => set({ lateRegistration: { until } })} />}
      </fieldset>

      <PayoutEditor payout={x.payout} onChange={(payout) => set({ payout })} />
    </div>
  );
}

const STARTS: Record<"percent" | "fixed", PayoutStructure> = {
  percent: { kind: "percent", percents: [50, 30, 20] },
  fixed: { kind: "fixed", amounts: [5000, 3000, 2000] },
};

/** The payout table: the standard curve, percents of the pool, or fixed amounts. */
export function PayoutEditor({ payout, onChange }: { payout: PayoutStructure | null; onChange: (p: PayoutStructure | null) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const kind = payout?.kind ?? "standard";
  const values = payout === null ? [] : payout.kind === "percent" ? payout.percents : payout.amounts;
  const put = (vs: number[]) => onChange(payout?.kind === "fixed" ? { kind: "fixed", amounts: vs } : { kind: "percent", percents: vs });
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <fieldset className="payout-editor">
      <label>
        {t("createForm.payouts")}
        <select
          data-field="payout-kind"
          value={kind}
          onChange={(e) => onChange(e.target.value === "standard" ? null : STARTS[e.target.value as "percent" | "fixed"])}
        >
          <option value="standard">{t("createForm.payoutStandard")}</option>
          <option value="percent">{t("createForm.payoutPercent")}</option>
          <option value="fixed">{t("createForm.payoutFixed")}</option>
        </select>
      </label>
      {payout === null ? (
        <p className="hint">{t("createForm.payoutStandardHint")}</p>
      ) : (
        <>
          <table className="grid payout-table">
            <thead>
              <tr>
                <th>{t("createForm.place")}</th>
                <th>{payout.kind === "percent" ? t("createForm.percentOfPool") : t("createForm.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {values.map((v, i) => (
                <tr key={i}>
                  <td>{fmt.place(i + 1)}</td>
                  <td>
                    <input
                      type="number"
                      min={0}
                      step={payout.kind === "percent" ? 0.01 : 1}
                      data-field={`payout-${i + 1}`}
                      aria-label={t("createForm.payoutAt", { place: i + 1 })}
                      value={v}
                      onChange={(e) => put(values.map((x, j) => (j === i ? Math.max(0, Number(e.target.value) || 0) : x)))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="row">
            <button type="button" data-action="payout-add" onClick={() => put([...values, values.at(-1) ?? 1])}>
              {t("createForm.addPlace")}
            </button>
            <button type="button" data-action="payout-remove" disabled={values.length <= 1} onClick={() => put(values.slice(0, -1))}>
              {t("createForm.removePlace")}
            </button>
            <span data-testid="payout-total">
              {payout.kind === "percent"
                ? t("createForm.totalPercent", { total: Math.round(total * 100) / 100 })
                : t("createForm.totalFixed", { total: fmt.money(total) })}
            </span>
          </div>
          {payout.kind === "fixed" && <p className="hint">{t("createForm.fixedHint")}</p>}
        </>
      )}
    </fieldset>
  );
}
