import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

// `vite build web` → web/dist, served by `felt serve` at "/". The app imports the shared
// wire protocol from ../src/protocol, so the dev server may read the repo root.
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "./",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { host: "127.0.0.1", fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] } },
  preview: { host: "127.0.0.1" },
});
