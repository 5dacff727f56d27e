import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt demo",
  async run() {
    console.error("felt demo: not implemented yet");
    return 2;
  },
};
