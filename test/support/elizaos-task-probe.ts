// A plugin written against elizaOS's documented task API, as a plugin author writes it: it
// registers a TaskWorker in init, creates `queue` tasks with runtime.createTask, and steers
// them through runtime.getService(ServiceType.TASK) (pauseTask, resumeTask, getTaskStatus,
// executeTaskById, runDueTasks: the serverless host's tick). The probe returns plain JSON,
// so the same code runs in the Node target, the Lambda handler and inside workerd.
import { type IAgentRuntime, type Plugin, ServiceType, type UUID } from "@elizaos/core";

/** elizaOS's TaskService methods (packages/core/src/services/task.ts), as a plugin sees them. */
interface DocumentedTaskService {
  runDueTasks(): Promise<unknown>;
  executeTaskById(taskId: UUID): Promise<unknown>;
  pauseTask(taskId: UUID): Promise<void>;
  resumeTask(taskId: UUID, runImmediately?: boolean): Promise<void>;
  getTaskStatus(taskId: UUID): Promise<{
    task: unknown;
    paused: boolean;
    executing: boolean;
    nextRunAt?: number | null;
    lastError?: string | null;
  }>;
  markDirty(): void;
}

export interface TaskProbe {
  /** Labels the worker saw, sorted. */
  runs: string[];
  serviceFound: boolean;
  oneShotDeletedAfterRun: boolean;
  repeatKept: boolean;
  pausedStatus: { paused: boolean; nextRunAt: number | null | undefined };
  ranWhilePaused: boolean;
  resumedStatus: { paused: boolean };
  missingStatus: unknown;
}

const WORKER = "EDGE_TASK_PROBE";

function taskProbePlugin(runs: string[]): Plugin {
  return {
    name: "edge-task-probe",
    description: "Creates queue tasks and steers them through the task service",
    init: async (_config, runtime) => {
      runtime.registerTaskWorker({
        name: WORKER,
        validate: async () => true,
        execute: async (_runtime, options) => {
          runs.push(String(options.label));
        },
      });
    },
  };
}

export async function probeTaskService(runtime: IAgentRuntime): Promise<TaskProbe> {
  const runs: string[] = [];
  await runtime.registerPlugin(taskProbePlugin(runs));
  const service = runtime.getService(ServiceType.TASK) as unknown as DocumentedTaskService | null;
  if (!service) throw new Error("runtime.getService(ServiceType.TASK) is null");
  const oneShot = await runtime.createTask({
    name: WORKER,
    description: "runs once",
    tags: ["queue"],
    metadata: { label: "once" },
  });
  const repeat = await runtime.createTask({
    name: WORKER,
    description: "repeats hourly",
    tags: ["queue", "repeat"],
    metadata: { label: "hourly", updateInterval: 60 * 60_000, updatedAt: 0 },
  });
  service.markDirty();
  await service.runDueTasks(); // the one-shot, and the overdue repeat task
  const oneShotDeletedAfterRun = (await runtime.getTask(oneShot)) === null;
  const repeatKept = (await runtime.getTask(repeat)) !== null;

  await service.pauseTask(repeat);
  const paused = await service.getTaskStatus(repeat);
  const before = runs.length;
  await runtime.updateTask(repeat, {
    metadata: { ...(await runtime.getTask(repeat))?.metadata, updatedAt: 0 },
  });
  await service.runDueTasks();
  const ranWhilePaused = runs.length > before;
  await service.resumeTask(repeat, true);
  const resumed = await service.getTaskStatus(repeat);
  await runtime.deleteTask(repeat);
  return {
    runs: [...runs].sort(), // one tick runs its due tasks concurrently
    serviceFound: true,
    oneShotDeletedAfterRun,
    repeatKept,
    pausedStatus: { paused: paused.paused, nextRunAt: paused.nextRunAt },
    ranWhilePaused,
    resumedStatus: { paused: resumed.paused },
    missingStatus: await service.getTaskStatus(repeat),
  };
}
