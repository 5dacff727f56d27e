import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../src/lib/result.ts";
import { ErrorText } from "../components/error-text.tsx";
import { useServices } from "../context.tsx";
import { href } from "../router.ts";

export function SignIn() {
  const { t } = useTranslation();
  const { client, live } = useServices();
  const [mode, setMode] = useState<"signIn" | "signUp">("signIn");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<FeltError | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const r = await client.call(mode, { name, password });
    if (!r.ok) return setError(r.error);
    client.setToken(r.value.token);
    live.disconnect();
    live.connect();
    location.hash = href("lobby");
  }

  return (
    <form className="panel narrow" onSubmit={(e) => void submit(e)}>
      <h1>{mode === "signIn" ? t("auth.signInTitle") : t("auth.signUpTitle")}</h1>
      <label>
        {t("auth.name")}
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="username"
          required
          minLength={2}
          maxLength={24}
          aria-describedby={mode === "signUp" ? "name-hint" : undefined}
        />
      </label>
      {mode === "signUp" && (
        <p className="hint" id="name-hint">
          {t("auth.nameHint")}
        </p>
      )}
      <label>
        {t("auth.password")}
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete={mode === "signIn" ? "current-password" : "new-password"}
          required
          minLength={8}
        />
      </label>
      {mode === "signUp" && <p className="hint">{t("auth.passwordHint")}</p>}
      <ErrorText error={error} />
      <button type="submit" className="primary">
        {mode === "signIn" ? t("auth.signIn") : t("auth.signUp")}
      </button>
      <button type="button" className="link" onClick={() => setMode(mode === "signIn" ? "signUp" : "signIn")}>
        {mode === "signIn" ? t("auth.needAccount") : t("auth.haveAccount")}
      </button>
    </form>
  );
}
