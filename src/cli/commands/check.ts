import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt check",
  async run() {
    console.error("felt check: not implemented yet");
    return 2;
  },
};
