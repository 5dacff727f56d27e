import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

// `vite build web` → web/dist, served by `felt serve` at "/". The app imports the shared
// wire protocol from ../src/protocol, so the dev server may read the repo root.
const root = fileURLToPath(new URL(".", import.meta.url));
// Development runs against a real server (there is no fake one): start `felt serve --demo`
// (port 8080) and `npm run dev:web`; the API and the WebSocket are proxied to FELT_URL.
const felt = process.env["FELT_URL"] ?? "http://127.0.0.1:8080";

export default defineConfig({
  root,
  base: "./",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    host: "127.0.0.1",
    port: 5173,
    fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
    proxy: { "/api": { target: felt }, "/ws": { target: felt, ws: true } },
  },
  preview: { host: "127.0.0.1" },
});
