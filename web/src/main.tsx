import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { setupI18n } from "./i18n/index.ts";
import { App } from "./app.tsx";
import { makeServices, ServicesProvider } from "./context.tsx";
import { applySavedSettings } from "./components/settings.tsx";
import "./styles.css";

const params = new URLSearchParams(location.search);
const i18n = setupI18n({ lng: params.get("lang"), strict: params.has("checkKeys") });
const services = makeServices();
applySavedSettings();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ServicesProvider value={services}>
        <App />
      </ServicesProvider>
    </I18nextProvider>
  </StrictMode>,
);
