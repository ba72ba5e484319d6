// Autonomy: the agent takes its own steps on scheduler ticks (ENABLE_AUTONOMY).
import type { Plugin } from "../../runtime/index.ts";
import { AutonomyService, autonomyWorker } from "./service.ts";

export { stepsTakenToday, takeDailyStep, utcDay } from "./budget.ts";
export {
  AUTONOMY_SERVICE_TYPE,
  AUTONOMY_TASK_NAME,
  AUTONOMY_TASK_TAGS,
  type AutonomyRunReport,
  AutonomyService,
  type AutonomyStatus,
  autonomyTaskId,
  autonomyWorker,
  ensureAutonomyTask,
  runAutonomy,
} from "./service.ts";
export { type AutonomySettings, readAutonomySettings } from "./settings.ts";
export { AUTONOMY_SOURCE, type AutonomyPlace, autonomyPlace, runAutonomousStep } from "./step.ts";

export const autonomyPlugin: Plugin = {
  name: "autonomy",
  description: "Autonomous steps on ticks when ENABLE_AUTONOMY is on",
  services: [AutonomyService],
  taskWorkers: [autonomyWorker],
};
