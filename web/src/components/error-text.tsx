import { useTranslation } from "react-i18next";
import { ERROR_CODES } from "../../../src/protocol/index.ts";

const KNOWN = new Set<string>([...ERROR_CODES, "client/network", "client/http"]);

/** Errors are shown by their stable code, translated; unknown codes show the message. */
export function ErrorText({ error }: { error: { code: string; message: string } | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  const text = KNOWN.has(error.code) ? t(`errors.${error.code.replace("/", ".")}`) : error.message;
  return (
    <p className="error" role="alert" data-code={error.code}>
      {text}
    </p>
  );
}
