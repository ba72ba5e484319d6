// The agent's tasks over HTTP: what is scheduled, when it runs next, how it last failed; and
// pause, resume and delete (README "Observing your agent"). Behind API_TOKEN.
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import {
  createUniqueUuid,
  lazySchema,
  type Task,
  type UUID,
  validateUuid,
} from "../../kernel/index.ts";
import {
  type IAgentRuntime,
  isRepeating,
  pauseTask,
  resumeTask,
  taskStatusOf,
} from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { ApiError } from "../errors.ts";
import { queryInput } from "../typed-input.ts";

/** One task as the API shows it. */
export interface TaskView {
  id: UUID;
  name: string;
  description: string | null;
  roomId: UUID | null;
  tags: string[];
  /** running (a tick holds it), paused, scheduled (due at nextRunAt) or idle (not due). */
  status: "running" | "paused" | "scheduled" | "idle";
  nextRunAt: number | null;
  lastRunAt: number | null;
  lastError: string | null;
  failures: number;
  repeat: boolean;
  cron: string | null;
  createdAt: number | null;
}

export const tasksQuery = lazySchema(() =>
  z.object({
    roomId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    roomUuid: z.optional(z.uuid()),
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
  }),
);

export type TasksQuery = { roomId?: string; roomUuid?: string; name?: string; limit?: string };

export const taskRoutes = new Hono<AppEnv>()
  .get("/tasks", queryInput<TasksQuery>(), async (c) => {
    const query = tasksQuery().safeParse(c.req.query());
    if (!query.success) {
      throw new ApiError(400, "invalid_query", "limit must be 1-500, roomUuid a UUID");
    }
    const { roomId, roomUuid, name, limit } = query.data;
    const agent = await c.get("options").getAgent(c);
    const room = roomUuid
      ? (roomUuid as UUID)
      : roomId
        ? createUniqueUuid(agent, roomId)
        : undefined;
    const all = (await agent.storage.getTasks(room ? { roomId: room } : {}))
      .filter((t) => ownTask(agent, t) && (name === undefined || t.name === name))
      .map((t) => taskView(agent, t as Task & { id: UUID }))
      // Soonest first; tasks with no next run after them, newest first.
      .sort(
        (a, b) =>
          (a.nextRunAt ?? Number.MAX_SAFE_INTEGER) - (b.nextRunAt ?? Number.MAX_SAFE_INTEGER) ||
          (b.createdAt ?? 0) - (a.createdAt ?? 0),
      );
    return c.json({ tasks: all.slice(0, limit), total: all.length });
  })
  .post("/tasks/:id/pause", async (c) => {
    const { agent, id } = await ownTaskOf(c);
    await pauseTask(agent, id);
    return c.json({ task: await viewOf(agent, id) });
  })
  .post("/tasks/:id/resume", async (c) => {
    const { agent, id } = await ownTaskOf(c);
    await resumeTask(agent, id);
    return c.json({ task: await viewOf(agent, id) });
  })
  .delete("/tasks/:id", async (c) => {
    const { agent, id } = await ownTaskOf(c);
    await agent.storage.deleteTask(id);
    return c.json({ deleted: true, id });
  });

function ownTask(agent: IAgentRuntime, task: Task): boolean {
  return task.id !== undefined && (task.agentId === undefined || task.agentId === agent.agentId);
}

/** The task the path names, this agent's; 400 for a bad id, 404 for an unknown one. */
async function ownTaskOf(c: Context<AppEnv>): Promise<{ agent: IAgentRuntime; id: UUID }> {
  const id = validateUuid(c.req.param("id"));
  if (!id) throw new ApiError(400, "invalid_id", "task id must be a UUID");
  const agent = await c.get("options").getAgent(c);
  const task = await agent.storage.getTask(id);
  if (!task || !ownTask(agent, { ...task, id })) {
    throw new ApiError(404, "not_found", `No task ${id}`);
  }
  return { agent, id };
}

async function viewOf(agent: IAgentRuntime, id: UUID): Promise<TaskView | null> {
  const task = await agent.storage.getTask(id);
  return task ? taskView(agent, { ...task, id }) : null;
}

export function taskView(agent: IAgentRuntime, task: Task & { id: UUID }): TaskView {
  const status = taskStatusOf(task, agent.now());
  const meta = (task.metadata ?? {}) as { cron?: unknown };
  return {
    id: task.id,
    name: task.name,
    description: task.description ?? null,
    roomId: task.roomId ?? null,
    tags: task.tags,
    status: status.running
      ? "running"
      : status.paused
        ? "paused"
        : status.nextRunAt !== null
          ? "scheduled"
          : "idle",
    nextRunAt: status.nextRunAt,
    lastRunAt: status.lastRunAt,
    lastError: status.lastError,
    failures: status.failures,
    repeat: isRepeating(task),
    cron: typeof meta.cron === "string" ? meta.cron : null,
    createdAt: task.createdAt ?? null,
  };
}
