import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt bench",
  async run() {
    console.error("felt bench: not implemented yet");
    return 2;
  },
};
