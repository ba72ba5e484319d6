// What both legs (PGlite on Node, D1 in workerd) assert about the published plugins, so the
// two prove the same things. Every failure message names the plugin item it is about.

import type { IAgentRuntime } from "@elizaos/core";
import { describe, expect, it } from "vitest";
import { type MessageProbe, probeMessage } from "../support/elizaos-message-probe.ts";
import { parityGaps } from "../support/elizaos-parity.ts";
import { EXPECTED_ITEMS } from "../support/elizaos-plugin-counts.ts";
import {
  coverage,
  expectedCoverage,
  failures,
  type MatrixReport,
  runPluginMatrix,
} from "../support/elizaos-plugin-matrix.ts";
import { ELIZA_PLUGINS } from "../support/elizaos-plugins.ts";
import { SCRIPTED_REPLY } from "../support/elizaos-scripted-model.ts";
import { probeTaskService, type TaskProbe } from "../support/elizaos-task-probe.ts";

export type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * The walk covered every item of every plugin it was given, and the two named plugins hold
 * what their 1.7.2 releases hold (so a plugin that failed to load its items shows up).
 */
export function expectMatrixCovers(report: MatrixReport): void {
  const counts = coverage(report);
  for (const { name, ...held } of report.plugins) {
    expect(counts[name] ?? {}, `matrix items of ${name}`).toEqual(expectedCoverage(held));
  }
  for (const [name, expected] of Object.entries(EXPECTED_ITEMS)) {
    const held = report.plugins.find((plugin) => plugin.name === name);
    expect(held, `${name} is walked`).toEqual({ name, ...expected });
  }
}

/** One line per item that failed; the list is the assertion, so all failures show at once. */
export function expectMatrixAllOk(report: MatrixReport): void {
  expect(
    failures(report),
    `${report.failing} of ${report.items.length} plugin items failed`,
  ).toEqual([]);
}

/** The answers elizaOS 1.7.2's own runtime gives in the same scene (elizaos-parity.ts). */
export function expectElizaosParity(report: MatrixReport): void {
  expect(parityGaps(report), "plugin items answering differently from elizaOS 1.7.2").toEqual([]);
}

export function expectAnsweredThroughReply(probe: MessageProbe): void {
  expect(probe.didRespond, "handleMessage says it responded").toBe(true);
  expect(probe.sent, "callback got bootstrap's REPLY text").toEqual([SCRIPTED_REPLY]);
  expect(probe.storedIncoming, "the user's message is stored").toBe(true);
  expect(probe.storedReplies, "the reply is stored in the room").toContain(SCRIPTED_REPLY);
}

/**
 * elizaOS's message service leaves storing the reply to the connector's callback (the probe's
 * callback stores it, as elizaOS connectors do); elizaOS itself adds only the action's result
 * ("Generated reply: ..."). So the reply text is in the room once.
 */
export function expectReplyStoredOnce(probe: MessageProbe): void {
  expect(
    probe.storedReplies.filter((text) => text === SCRIPTED_REPLY),
    `agent messages in the room: ${JSON.stringify(probe.storedReplies)}`,
  ).toHaveLength(1);
}

export async function expectApiMessageAnswered(fetch: Fetch, token: string): Promise<void> {
  const response = await fetch("/api/messages", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ text: "Hello from the API", userId: "api-e2e" }),
  });
  const body = (await response.json()) as { replies?: { text?: string }[] };
  expect(response.status, `POST /api/messages: ${JSON.stringify(body)}`).toBe(200);
  expect(body.replies?.map((reply) => reply.text)).toEqual([SCRIPTED_REPLY]);
}

export async function expectStarterRoutes(fetch: Fetch, token: string): Promise<void> {
  const authorized = await fetch("/helloworld", { headers: { authorization: `Bearer ${token}` } });
  const text = await authorized.text();
  expect(authorized.status, `plugin-starter route GET /helloworld: ${text}`).toBe(200);
  expect(JSON.parse(text)).toEqual({ message: "Hello World!" });

  const time = await fetch("/api/time", { headers: { authorization: `Bearer ${token}` } });
  expect(time.status, "plugin-starter route GET /api/time").toBe(200);
  expect(await time.json()).toMatchObject({ timestamp: expect.any(String) });

  const anonymous = await fetch("/helloworld");
  expect(anonymous.status, "plugin-starter route GET /helloworld without the API token").toBe(401);
  const wrong = await fetch("/helloworld", { headers: { authorization: "Bearer not-it" } });
  expect(wrong.status, "plugin-starter route GET /helloworld with a wrong token").toBe(401);
}

/** One target's way in: how to run the message probe and the matrix, and its HTTP surface. */
export interface PluginLeg {
  /** "in the Node target on PGlite" ... */
  where: string;
  /** "through the Worker" ... */
  apiVia: string;
  /** The probe's result and the templates the scripted model was asked with. */
  probe(): Promise<{ probe: MessageProbe; templates: string[] }>;
  matrix(): Promise<MatrixReport>;
  /** A plugin written against elizaOS's documented TaskService API, run on this target. */
  tasks(): Promise<TaskProbe>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  token: string;
}

/** The tests every leg runs, so each target proves the same things about the plugins. */
export function describePluginLeg(leg: PluginLeg): void {
  describe(`published elizaOS plugins ${leg.where}`, () => {
    it("answers a message through runtime.messageService with bootstrap's REPLY action and evaluator", async () => {
      const { probe, templates } = await leg.probe();
      expectAnsweredThroughReply(probe);
      // bootstrap's REPLY action and reflection evaluator each asked the model with their prompt.
      expect(templates).toEqual(expect.arrayContaining(["messageHandler", "reply", "reflection"]));
    });

    it("stores the reply once when the connector's callback stores it, as in elizaOS", async () => {
      expectReplyStoredOnce((await leg.probe()).probe);
    });

    it(`answers POST /api/messages ${leg.apiVia}`, async () => {
      await expectApiMessageAnswered(leg.fetch, leg.token);
    });

    it("serves plugin-starter's routes behind the API token", async () => {
      await expectStarterRoutes(leg.fetch, leg.token);
    });

    it("runs a plugin written against elizaOS's TaskService API unchanged", async () => {
      expect(await leg.tasks()).toEqual({
        runs: ["hourly", "hourly", "once"],
        serviceFound: true,
        oneShotDeletedAfterRun: true,
        repeatKept: true,
        pausedStatus: { paused: true, nextRunAt: null },
        ranWhilePaused: false,
        resumedStatus: { paused: false },
        missingStatus: { task: null, paused: false, executing: false },
      });
    });

    // After the HTTP tests: the walk stops the plugins' services at its end.
    it("runs every action, provider, evaluator, event handler and service of both plugins", async () => {
      const walked = await leg.matrix();
      expectMatrixCovers(walked);
      expectMatrixAllOk(walked);
    });

    it("answers in the seeded scene as elizaOS 1.7.2's own runtime does", async () => {
      expectElizaosParity(await leg.matrix());
    });
  });
}

/** A leg whose runtime lives in this process: the probe and the walk run once, on first use. */
export interface InProcessLeg extends Omit<PluginLeg, "probe" | "matrix" | "tasks"> {
  /** The target's runtime, available once the file's beforeAll has run. */
  runtime(): unknown;
  /** The scripted model's calls so far. */
  modelCalls(): { template: string }[];
}

export function describeInProcessLeg(leg: InProcessLeg): void {
  let probe: Promise<MessageProbe> | undefined;
  let report: Promise<MatrixReport> | undefined;
  const eliza = () => leg.runtime() as IAgentRuntime;
  describePluginLeg({
    ...leg,
    probe: async () => {
      probe ??= probeMessage(eliza());
      return { probe: await probe, templates: leg.modelCalls().map((call) => call.template) };
    },
    matrix: () => {
      report ??= runPluginMatrix(eliza(), ELIZA_PLUGINS);
      return report;
    },
    tasks: () => probeTaskService(eliza()),
  });
}
