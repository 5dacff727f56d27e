import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt verify",
  async run() {
    console.error("felt verify: not implemented yet");
    return 2;
  },
};
