// The event part of the plugin matrix: every handler in a plugin's `events`, called with the
// payload elizaOS emits for that event, built from the seeded scene. One payload carries the
// fields of every elizaOS payload type (MessagePayload, WorldPayload, EntityPayload,
// RunEventPayload, ActionEventPayload, EvaluatorEventPayload, InvokePayload, ...), so an event
// name we do not know still gets what its handler may read. Web-standard.
import {
  ChannelType,
  type Content,
  type Entity,
  type IAgentRuntime,
  type Memory,
  type Plugin,
  type Room,
  type UUID,
} from "@elizaos/core";
import { attempt, type MatrixItem, recorder } from "./elizaos-matrix-item.ts";
import type { Scene } from "./elizaos-scene.ts";

type EventHandler = (payload: unknown) => Promise<unknown> | unknown;

/** Handlers per event name, in the plugin's order; empty when it has no events. */
export function eventHandlers(plugin: Plugin): [string, EventHandler][] {
  const events = (plugin.events ?? {}) as Record<string, EventHandler[] | undefined>;
  return Object.entries(events).flatMap(([name, handlers]) =>
    (handlers ?? []).map((handler): [string, EventHandler] => [name, handler]),
  );
}

async function payloadFor(
  runtime: IAgentRuntime,
  scene: Scene,
  event: string,
  sent: Content[],
): Promise<Record<string, unknown>> {
  const uuid = () => crypto.randomUUID() as UUID;
  const world = await runtime.getWorld(scene.worldId);
  const rooms = (
    await Promise.all([runtime.getRoom(scene.groupRoomId), runtime.getRoom(scene.dmRoomId)])
  ).filter((room): room is Room => room !== null);
  const entities = (
    await Promise.all([runtime.getEntityById(scene.aliceId), runtime.getEntityById(scene.bobId)])
  ).filter((entity): entity is Entity => entity !== null);
  // A fresh message each time: some handlers store it (REACTION_RECEIVED).
  const message: Memory = {
    ...scene.groupMessage,
    id: uuid(),
    content: { ...scene.groupMessage.content, text: `An event ${event} is about this message.` },
    createdAt: Date.now(),
  };
  const now = Date.now();
  // ControlMessagePayload's message is a UI command, not a Memory.
  const control = {
    type: "control",
    payload: { action: "enable_input" },
    roomId: scene.groupRoomId,
  };
  return {
    runtime,
    source: "test",
    // MessagePayload
    message: event === "CONTROL_MESSAGE" ? control : message,
    callback: recorder(sent),
    onComplete: () => {},
    // WorldPayload
    world,
    rooms,
    entities,
    // EntityPayload
    entityId: scene.bobId,
    worldId: scene.worldId,
    roomId: scene.groupRoomId,
    metadata: {
      type: ChannelType.GROUP,
      originalId: "bob-1",
      username: "bob",
      displayName: "Bob",
    },
    // RunEventPayload
    runId: uuid(),
    messageId: scene.groupMessage.id,
    startTime: now - 10,
    endTime: now,
    duration: 10,
    status: "completed",
    // ActionEventPayload
    content: { text: "Acting on it.", actions: ["REPLY"], source: "test" },
    // EvaluatorEventPayload
    evaluatorId: uuid(),
    evaluatorName: "REFLECTION",
    completed: true,
    // InvokePayload
    userId: scene.aliceId,
  };
}

export async function walkEvents(
  runtime: IAgentRuntime,
  plugin: Plugin,
  scene: Scene,
): Promise<MatrixItem[]> {
  const items: MatrixItem[] = [];
  const handlers = eventHandlers(plugin);
  const seen = new Map<string, number>();
  for (const [event, handler] of handlers) {
    const ordinal = (seen.get(event) ?? 0) + 1;
    seen.set(event, ordinal);
    const several = handlers.filter(([name]) => name === event).length > 1;
    const name = several ? `${event} #${ordinal}` : event;
    items.push(
      await attempt(plugin.name, "event", name, async () => {
        const sent: Content[] = [];
        await handler(await payloadFor(runtime, scene, event, sent));
        return `callbacks: ${sent.length}`;
      }),
    );
  }
  return items;
}
