import type { Provider } from "../../../runtime/index.ts";

export const timeProvider: Provider = {
  name: "TIME",
  description: "The current date and time (UTC)",
  position: -50,
  async get(runtime) {
    const now = new Date(runtime.now());
    return {
      text: `The current date and time is ${now.toUTCString()}.`,
      values: { time: now.toISOString() },
    };
  },
};
