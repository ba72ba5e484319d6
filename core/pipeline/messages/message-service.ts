// elizaOS's message pipeline: save → should-respond → compose state → plan (<response> XML)
// → actions → evaluators, with RUN_STARTED / RUN_ENDED around it. Everything about one
// message lives in this call's locals, so concurrent messages on one runtime never mix.

import {
  EventType,
  type Memory,
  MemoryTable,
  randomUuid,
  StorageError,
  type StorageOp,
  type UUID,
} from "../../kernel/index.ts";
import {
  type ActionResult,
  embedWithinBudget,
  type IAgentRuntime,
  isPreEvaluator,
  runInScope,
  runPreEvaluators,
} from "../../runtime/index.ts";
import { processAttachments } from "../media/index.ts";
import { cannedReply } from "./canned-replies.ts";
import { planResponse } from "./plan-response.ts";
import { dropPrefetched, keepPrefetched, prefetchReads } from "./prefetch.ts";
import { announceReceived } from "./received.ts";
import { embedLaterOp, replySender } from "./reply-sender.ts";
import type { RunControl } from "./run-control.ts";
import { assertRepliesStored, failRun, finishRun } from "./run-end.ts";
import { noteLatest, raceRunTimeout, runTimeoutMs } from "./run-guard.ts";
import { shouldRespond } from "./should-respond.ts";
import { notify, timed } from "./turn-observer.ts";
import { trackTurnUsage } from "./turn-usage.ts";

export { isBeingReceived } from "./received.ts";
export type { TurnObserver } from "./turn-observer.ts";

import type {
  HandleMessageOptions,
  HandleMessageResult,
  MessageCallback,
  MessageService,
} from "./service-types.ts";

export type {
  HandleMessageOptions,
  HandleMessageResult,
  MessageCallback,
  MessageService,
} from "./service-types.ts";

export const messageService: MessageService = {
  handleMessage(runtime, incoming, callback, options = {}) {
    const message: Memory & { id: UUID } = {
      ...incoming,
      id: incoming.id ?? randomUuid(),
      agentId: runtime.agentId,
      createdAt: incoming.createdAt ?? runtime.stamp(),
    };
    const runId = runtime.newRunId();
    const startedAt = runtime.now();
    const record = runtime.runs.start({
      runId,
      kind: "message",
      startedAt,
      messageId: message.id,
      roomId: message.roomId,
      entityId: message.entityId,
      source: message.content.source,
    });
    const observer = options.observer;
    const unsubscribe = observer?.event && record.subscribe((event) => observer.event?.(event));
    notify(() => observer?.started?.({ runId, messageId: message.id }));
    record.log.debug("message received", {
      messageId: message.id,
      entityId: message.entityId,
      source: message.content.source,
      chars: message.content.text?.length ?? 0,
    });
    const run: RunControl = { runId, startedAt, over: false, responses: [], record };
    const turn = runInScope(runId, () =>
      pipeline.handleMessage(runtime, message, callback, options, run),
    ).then((r) => (run.replaced && !r.didRespond ? { ...r, reason: "replaced" } : r));
    const ended = raceRunTimeout(
      runtime,
      message,
      run,
      runTimeoutMs(runtime, options.timeoutMs),
      turn,
    );
    return ended.finally(() => {
      dropPrefetched(runtime, message.id);
      unsubscribe?.();
    });
  },
};

type Pipeline = {
  handleMessage(
    runtime: IAgentRuntime,
    message: Memory & { id: UUID },
    callback: MessageCallback | undefined,
    options: HandleMessageOptions,
    run: RunControl,
  ): Promise<HandleMessageResult>;
};

const pipeline: Pipeline = {
  async handleMessage(runtime, message, callback, options, run) {
    const { runId, startedAt, responses } = run;
    const turn = trackTurnUsage(run);
    const base = { runId, messageId: message.id, roomId: message.roomId };
    if (message.entityId !== runtime.agentId) noteLatest(runtime, message);
    const send = replySender(runtime, message, callback, options, run, base);

    await announceReceived(runtime, message, send, base);
    await runtime.emitEvent(EventType.RUN_STARTED, {
      ...base,
      entityId: message.entityId,
      startTime: startedAt,
      status: "started",
      source: message.content.source,
    });

    // "pre" evaluators gate the message before anything is stored (a stored, retried message
    // passed them already, its content as they left it).
    if (!options.alreadySaved && runtime.evaluators.some(isPreEvaluator)) {
      const gate = await runPreEvaluators(runtime, message);
      if (gate.blocked) {
        run.record.log.debug(`blocked by a pre evaluator: ${gate.reason}`);
        return await finishRun(runtime, run, base, startedAt, message, {
          runId,
          messageId: message.id,
          didRespond: false,
          blocked: true,
          responses,
          actionResults: [],
          reason: gate.reason,
        });
      }
      message.content = gate.content;
    }

    // Photos, voice notes, documents: read into words before the message is stored.
    if (!options.alreadySaved && message.content.attachments?.length) {
      message.content = {
        ...message.content,
        attachments: await processAttachments(runtime, message),
      };
    }

    const save: StorageOp[] = [];
    if (!options.alreadySaved) {
      const embedded = await embedWithinBudget(runtime, message.content.text);
      if (embedded && "embedding" in embedded) message.embedding = embedded.embedding;
      // elizaOS stores a message as type "message"; plugins filter their reads on it.
      message.metadata = { type: "message", ...message.metadata };
      save.push({ op: "createMemory", memory: message, tableName: MemoryTable.MESSAGES });
      if (embedded && "deferred" in embedded) save.push(embedLaterOp(runtime, message.id));
    }
    // The default providers' reads go with the write: one round trip for both.
    const prefetch = prefetchReads(runtime, message);
    try {
      const answers = options.connection
        ? await runtime.ensureConnectionAndRead(options.connection, save, prefetch.reads)
        : save.length || prefetch.reads.length
          ? await runtime.storage.batch(save, prefetch.reads)
          : [];
      keepPrefetched(runtime, message.id, prefetch, answers);
    } catch (error) {
      // Another run of the same message (a concurrent tick, a resumed API request) stored it
      // first, with its conversation rows: carry on as a retry. Its replies are sent once.
      const raced =
        error instanceof StorageError &&
        error.code === "CONFLICT" &&
        save.length > 0 &&
        (await runtime.storage.getMemoryById(message.id)) !== null;
      if (!raced) throw error;
    }

    const result = (
      didRespond: boolean,
      reason: string,
      actionResults: ActionResult[] = [],
    ): HandleMessageResult => ({
      runId,
      messageId: message.id,
      didRespond,
      blocked: false,
      responses,
      actionResults,
      reason,
      ...(run.usage ? { usage: run.usage } : {}),
    });

    try {
      if (message.entityId === runtime.agentId) {
        return await finishRun(
          runtime,
          run,
          base,
          startedAt,
          message,
          result(false, "own message"),
        );
      }
      // /start, /help, and attachments no model could read: answered without a model call.
      const canned = cannedReply(runtime, message);
      if (canned) {
        await send({ text: canned.text, actions: [canned.action] });
        const replied = responses.length > 0;
        return await finishRun(
          runtime,
          run,
          base,
          startedAt,
          message,
          result(replied, canned.reason),
        );
      }
      run.record.phase = "should_respond";
      const decision = await shouldRespond(runtime, message, turn);
      run.record.respondDecision(decision);
      if (!decision.respond) {
        // Staying quiet costs no state unless an evaluator wants to see every message.
        if (runtime.evaluators.some((e) => e.alwaysRun && !isPreEvaluator(e))) {
          const state = await runtime.composeState(message);
          run.record.phase = "evaluators";
          await runtime.evaluate(message, state, false, send, [], { runId });
          assertRepliesStored(run);
        }
        return await finishRun(
          runtime,
          run,
          base,
          startedAt,
          message,
          result(false, decision.reason),
        );
      }

      let state = await timed(runtime, run, "state composed", () => runtime.composeState(message));
      run.record.phase = "plan";
      const plan = await planResponse(runtime, message, state, options.retries ?? 1, turn, {
        onText:
          options.observer?.text && ((delta) => notify(() => options.observer?.text?.(delta))),
      });
      run.record.log.debug(`planned ${plan.content.actions?.join(", ") || "nothing"}`, {
        providers: plan.providers,
      });
      if (plan.providers.length) {
        state = await timed(runtime, run, "state composed with the planned providers", () =>
          runtime.composeState(message, plan.providers),
        );
      }

      const planned: Memory = {
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId: message.roomId,
        content: plan.content,
      };
      const actionResults = await runtime.runActions(message, [planned], state, send, {
        runId,
        mode: runtime.getSettingString("ACTION_MODE") === "single" ? "single" : "multiple",
      });
      assertRepliesStored(run);
      run.record.phase = "evaluators";
      await runtime.evaluate(message, state, responses.length > 0, send, responses, { runId });
      assertRepliesStored(run);
      const reason = responses.length ? "replied" : `planned ${plan.content.actions?.join(",")}`;
      return await finishRun(
        runtime,
        run,
        base,
        startedAt,
        message,
        result(responses.length > 0, reason, actionResults),
      );
    } catch (error) {
      await failRun(runtime, run, base, startedAt, message, error);
      throw error;
    }
  },
};
