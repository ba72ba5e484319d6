// plugin-bootstrap's TaskService polls getTasks({tags: ["queue"]}) every second and runs what
// it finds in-process, outside the task leases. eliza-edge runs the same tasks from
// runDueTasks() on the cron tick, so the runtime keeps that service from starting (one info
// line) and answers getService("task") with its own TaskService (core/pipeline/tasks/task-service.ts). Without that, every queued
// task (a reminder, an inbox message) would run twice on Node.
import { describe, expect, it, vi } from "vitest";
import { type Plugin, type ServiceClass, TaskService } from "../../core/index.ts";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import { type Backend, backends, runtimeOn } from "./runtime-elizaos-backends.ts";

const packageName: string = "@elizaos/plugin-bootstrap";
const bootstrap = ((await import(packageName)) as { bootstrapPlugin: Plugin }).bootstrapPlugin;
const bootstrapTaskService = (bootstrap.services ?? []).find(
  (s) => s.serviceType === "task",
) as ServiceClass;
const [memory] = backends as [Backend];

/** An initialized runtime with a queued one-shot task whose worker counts its runs. */
async function withQueuedTask(plugins: Plugin[]) {
  const runs: string[] = [];
  const runtime = await runtimeOn(memory, { plugins });
  await runtime.initialize();
  runtime.registerTaskWorker({
    name: "COUNT_ME",
    execute: async (_runtime, _options, task) => {
      runs.push(String(task.id));
    },
  });
  await runtime.createTask({ name: "COUNT_ME", description: "counted", tags: ["queue"] });
  return { runtime, runs };
}

describe("elizaOS's TaskService under eliza-edge", () => {
  it("is never started: getService('task') is eliza-edge's TaskService, announced in one info line", async () => {
    const start = vi.spyOn(bootstrapTaskService, "start");
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      const { runtime } = await withQueuedTask([
        { ...bootstrap, services: [bootstrapTaskService] },
      ]);
      expect(start).not.toHaveBeenCalled();
      const service = runtime.getService("task");
      expect(service).toBeInstanceOf(TaskService);
      expect(service).not.toBeInstanceOf(bootstrapTaskService as unknown as typeof TaskService);
      expect(service?.capabilityDescription).toMatch(/runDueTasks/);
      expect(runtime.getServicesByType("task")).toHaveLength(1);
      const lines = info.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => line.includes("task service) not started"))).toHaveLength(1);
      await runtime.stop();
    } finally {
      start.mockRestore();
      info.mockRestore();
    }
  });

  it(
    "the control: started, bootstrap's TaskService runs the queued task from its own timer",
    async () => {
      const { runtime, runs } = await withQueuedTask([]);
      const service = await bootstrapTaskService.start(runtime);
      try {
        await eventually("TaskService to run the queued task", () => runs.length === 1);
      } finally {
        await service.stop?.();
      }
    },
    GUARDED_TEST_MS,
  );
});
