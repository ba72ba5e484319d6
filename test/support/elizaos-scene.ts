// A small elizaOS world for published plugins to act on, written through IAgentRuntime the way
// a connector would: a server (world) owned by Alice with roles and onboarding settings, a
// group room where Alice and Bob talk with the agent, a DM between Alice and the agent, a
// pending choice task, a fact, a component and a relationship. Web-standard (runs in workerd).
import {
  ChannelType,
  createUniqueUuid,
  type IAgentRuntime,
  type Memory,
  Role,
  type UUID,
} from "@elizaos/core";

export interface Scene {
  serverId: UUID;
  worldId: UUID;
  groupRoomId: UUID;
  dmRoomId: UUID;
  aliceId: UUID;
  bobId: UUID;
  taskId: UUID;
  /** Alice's latest message in the group room: asks for several bootstrap actions at once. */
  groupMessage: Memory;
  /** Alice's latest DM: gives a value for the world's onboarding setting. */
  dmMessage: Memory;
}

const uuid = () => crypto.randomUUID() as UUID;

export const GROUP_REQUEST =
  "Eliza, please follow this room and join in, make Bob an admin, pick the first plan, " +
  "draw a lighthouse, and send a message to #general on test.";
export const DM_REQUEST = "Set the site name to Edge Docs.";

export async function seedScene(runtime: IAgentRuntime): Promise<Scene> {
  const serverId = uuid();
  const worldId = createUniqueUuid(runtime, serverId);
  const groupRoomId = uuid();
  const dmRoomId = uuid();
  const aliceId = uuid();
  const bobId = uuid();
  const source = "test";

  const connect = (entityId: UUID, roomId: UUID, name: string, type: ChannelType) =>
    runtime.ensureConnection({
      entityId,
      roomId,
      worldId,
      messageServerId: serverId,
      worldName: "Edge Guild",
      userName: name.toLowerCase(),
      name,
      source,
      channelId: type === ChannelType.DM ? `dm-${name.toLowerCase()}` : "general",
      type,
    });
  await connect(aliceId, groupRoomId, "Alice", ChannelType.GROUP);
  await connect(bobId, groupRoomId, "Bob", ChannelType.GROUP);
  await connect(aliceId, dmRoomId, "Alice", ChannelType.DM);

  const world = await runtime.getWorld(worldId);
  if (!world) throw new Error(`ensureConnection created no world ${worldId}`);
  await runtime.updateWorld({
    ...world,
    metadata: {
      ...world.metadata,
      ownership: { ownerId: aliceId },
      roles: { [aliceId]: Role.OWNER, [bobId]: Role.NONE },
      settings: {
        SITE_NAME: {
          name: "Site name",
          description: "The name the agent uses for this server's site",
          usageDescription: "Say the site name",
          value: null,
          required: true,
          public: true,
        },
      },
    },
  });

  const say = async (entityId: UUID, roomId: UUID, text: string, channelType: ChannelType) => {
    const memory: Memory = {
      id: uuid(),
      entityId,
      agentId: runtime.agentId,
      roomId,
      worldId,
      content: { text, source, channelType },
      createdAt: Date.now(),
    };
    await runtime.createMemory(memory, "messages");
    return memory;
  };
  // More than a quarter of the conversation length, so the reflection evaluator has work.
  const lines: [UUID, string][] = [
    [aliceId, "Hi everyone, this is the Edge Guild."],
    [bobId, "Hello Alice! Nice to meet you."],
    [runtime.agentId, "Welcome both of you."],
    [aliceId, "Bob helps me run the servers."],
    [bobId, "I mostly look after the Workers deployments."],
    [runtime.agentId, "That sounds like a lot of work."],
    [aliceId, "We like lighthouses, by the way."],
    [bobId, "Alice has a photo collection of them."],
    [aliceId, "Which plan should we pick for the launch?"],
    [bobId, "Either is fine with me."],
  ];
  for (const [entityId, text] of lines) await say(entityId, groupRoomId, text, ChannelType.GROUP);
  const groupMessage = await say(aliceId, groupRoomId, GROUP_REQUEST, ChannelType.GROUP);
  await say(aliceId, dmRoomId, "Hi Eliza, I am setting up the server.", ChannelType.DM);
  const dmMessage = await say(aliceId, dmRoomId, DM_REQUEST, ChannelType.DM);

  const taskId = await runtime.createTask({
    name: "Pick a launch plan",
    description: "Choose how the launch goes",
    roomId: groupRoomId,
    worldId,
    tags: ["AWAITING_CHOICE"],
    metadata: {
      options: [
        { name: "PLAN_A", description: "Launch on Monday" },
        { name: "PLAN_B", description: "Launch on Friday" },
      ],
    },
  });
  await runtime.createMemory(
    {
      id: uuid(),
      entityId: aliceId,
      agentId: runtime.agentId,
      roomId: groupRoomId,
      worldId,
      content: { text: "Alice collects photos of lighthouses" },
      createdAt: Date.now(),
    },
    "facts",
    true,
  );
  await runtime.createComponent({
    id: uuid(),
    entityId: bobId,
    agentId: runtime.agentId,
    roomId: groupRoomId,
    worldId,
    sourceEntityId: runtime.agentId,
    type: source,
    createdAt: Date.now(),
    data: { username: "bob", displayName: "Bob" },
  });
  await runtime.createRelationship({
    sourceEntityId: aliceId,
    targetEntityId: bobId,
    tags: ["group_interaction"],
    metadata: { interactions: 3 },
  });

  return {
    serverId,
    worldId,
    groupRoomId,
    dmRoomId,
    aliceId,
    bobId,
    taskId,
    groupMessage,
    dmMessage,
  };
}
