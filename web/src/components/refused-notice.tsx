import { useTranslation } from "react-i18next";
import { useLive, useServices } from "../context.tsx";
import { errorMessage } from "./error-text.tsx";

/**
 * An act the player made just before the connection dropped that did not count: the hand
 * went on without it, or the server refused it once the connection was back. Said at the
 * table it was made at until the next act or the player's OK.
 */
export function RefusedNotice({ tableId }: { tableId: string }) {
  const { t, i18n } = useTranslation();
  const { live } = useServices();
  const refused = useLive().refused;
  if (refused === null || refused.tableId !== tableId) return null;
  const action = t(`connection.act.${refused.action}`);
  return (
    <div className="banner refused" role="alert" data-testid="act-refused">
      <span>
        {refused.code === null
          ? t("connection.refused", { action })
          : t("connection.refusedBy", { action, reason: errorMessage(t, i18n, { code: refused.code, message: refused.code }) })}
      </span>{" "}
      <button className="link" onClick={() => live.dismissRefused()}>
        {t("connection.dismiss")}
      </button>
    </div>
  );
}
