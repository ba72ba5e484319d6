import type { Action } from "../../../runtime/index.ts";
import { parseReminder } from "../parse-reminder.ts";
import { describeLocalTime } from "../time-zone.ts";
import { rememberTimeZone } from "../user-time-zone.ts";

/** "my time zone is Europe/Berlin": later reminder times of this user are read there. */
export const setTimeZoneAction: Action = {
  name: "SET_TIME_ZONE",
  similes: ["SET_TIMEZONE", "MY_TIME_ZONE"],
  description:
    "Remembers the user's IANA time zone for reminder times, e.g. 'my time zone is Europe/Berlin'.",
  validate: async (_runtime, message) =>
    (await parseReminder(message.content.text ?? ""))?.kind === "timezone",
  async handler(runtime, message, _state, _options, callback) {
    const intent = await parseReminder(message.content.text ?? "");
    if (intent?.kind !== "timezone") return { success: false, error: "no time zone found" };
    if (!intent.zone) {
      await callback?.({
        text: `I don't know the time zone "${intent.given}". Use an IANA name such as Europe/Berlin, America/New_York or Asia/Tokyo.`,
        actions: ["SET_TIME_ZONE"],
      });
      return { success: false, error: "unknown time zone" };
    }
    await rememberTimeZone(runtime, message.entityId, intent.zone);
    const now = runtime.now();
    await callback?.({
      text: `OK, your time zone is ${intent.zone}: it is ${describeLocalTime(now, intent.zone, now).replace(/^today at /, "")} there now. I'll read reminder times in it.`,
      actions: ["SET_TIME_ZONE"],
    });
    return { success: true, values: { timeZone: intent.zone } };
  },
};
