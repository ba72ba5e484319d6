// Which of elizaOS's own tests are not part of the kept set, and which fail on eliza-edge and
// why. Keys are the test's describe path and name joined by " > ".
export interface FileExpectations {
  /** Tests elizaOS 1.7.2 itself fails (or that time the machine): not run against eliza-edge. */
  notKept: Record<string, string>;
  /** Tests that fail on eliza-edge, each with its serverless reason (README lists them). */
  failsOnEdge: Record<string, string>;
}

const EXPECTATIONS: Record<string, FileExpectations> = {
  "entities.test.ts": {
    notKept: {
      "entities > findEntityByName > should find entity by exact name match":
        "fails on elizaOS 1.7.2 too (its spy on a module export cannot reach the library's internal calls)",
      "entities > findEntityByName > should handle EXACT_MATCH with entity components filtering":
        "fails on elizaOS 1.7.2 too (its spy on a module export cannot reach the library's internal calls)",
      "entities > findEntityByName > should find entity by username in components":
        "fails on elizaOS 1.7.2 too (its spy on a module export cannot reach the library's internal calls)",
      "entities > findEntityByName > should find entity by handle in components":
        "fails on elizaOS 1.7.2 too (its spy on a module export cannot reach the library's internal calls)",
      "entities > createUniqueUuid > should create UUID from combined string for different IDs":
        "fails on elizaOS 1.7.2 too (its spy on a module export cannot reach the library's internal calls)",
      "entities > createUniqueUuid > should handle UUID type as base user ID":
        "fails on elizaOS 1.7.2 too (its spy on a module export cannot reach the library's internal calls)",
      "entities > getEntityDetails > should retrieve and format entity details for a room":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
    },
    failsOnEdge: {},
  },
  "prompts.test.ts": {
    notKept: {
      "Prompts > Template Structure > messageHandlerTemplate should contain required placeholders and structure":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
    },
    failsOnEdge: {},
  },
  "runtime.test.ts": {
    notKept: {
      "AgentRuntime (Non-Instrumented Baseline) > Initialization > should call adapter.init and core setup methods for an existing agent":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Initialization > should create a new agent if one does not exist":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Initialization > should skip adapter.init when adapter is already ready (idempotent initialize)":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Action Processing > should find and execute the correct action handler":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Action Processing > should mark legacy void/undefined returns as completed, not failed":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Action Processing > should mark legacy boolean true returns as completed":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Action Processing > should mark legacy boolean false returns as completed (not failed)":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Parallel-Safe Prompt Tracking (AsyncLocalStorage) > getCurrentActionContext should return undefined when not in action context":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "AgentRuntime (Non-Instrumented Baseline) > Parallel-Safe Prompt Tracking (AsyncLocalStorage) > should collect prompts during action execution via AsyncLocalStorage":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Parallel-Safe Prompt Tracking (AsyncLocalStorage) > should isolate prompts between parallel action executions":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Parallel-Safe Prompt Tracking (AsyncLocalStorage) > should handle multiple useModel calls within same action":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
      "AgentRuntime (Non-Instrumented Baseline) > Parallel-Safe Prompt Tracking (AsyncLocalStorage) > should not collect TEXT_EMBEDDING prompts":
        "fails on elizaOS 1.7.2 too (written after 1.7.2)",
    },
    failsOnEdge: {},
  },
  "settings.test.ts": {
    notKept: {},
    failsOnEdge: {
      "settings utilities > getSalt > should return salt from environment variable":
        "core reads no process.env (a Worker has none): SECRET_SALT comes from the agent's settings, which include the target's env and bindings, and setEnv",
      "settings utilities > Character settings merge with complex objects > should handle complex character settings without corrupting them during .env merge":
        "no .env file is read at run time on serverless (loadEnvFile refuses): settings come from the target's env, createAgent({ env }) or the character",
    },
  },
  "utils.test.ts": {
    notKept: {
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should extract text content from complete XML":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should handle streaming chunks before <text> tag":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should handle <text> tag split across chunks":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should handle </text> tag split across chunks":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should return empty string after done":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should handle empty text content":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should reset properly":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should handle large content before <text> tag without memory issues":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should stream content incrementally for long text":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should handle special characters in text content":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > XmlTextStreamExtractor > should handle newlines in text content":
        "fails on elizaOS 1.7.2 too (written after 1.7.2: the export does not exist there)",
      "Utils Comprehensive Tests > parseKeyValueXml > should handle malicious input without ReDoS (unclosed response tag)":
        "wall-clock: asserts a call takes under 100 ms of real time, which this project's tests may not depend on",
    },
    failsOnEdge: {},
  },
};

export function expectationsFor(file: string): FileExpectations {
  return EXPECTATIONS[file] ?? { notKept: {}, failsOnEdge: {} };
}
