// vitest globalSetup: one DynamoDB Local per run, started only when a DynamoDB test file is
// part of the run, its endpoint handed to tests with provide/inject. DYNAMODB_TEST_ENDPOINT
// points the tests at a server that is already running instead.
import type { TestProject } from "vitest/node";
import { type DynamoDbLocal, startDynamoDbLocal } from "./dynamodb-local.ts";

declare module "vitest" {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

let local: DynamoDbLocal | undefined;

export async function setup(project: TestProject): Promise<void> {
  const given = process.env.DYNAMODB_TEST_ENDPOINT;
  if (given) {
    project.provide("dynamodbEndpoint", given);
    return;
  }
  // The run's CLI file filters (vitest keeps them on the instance once the run starts).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  if (!testFiles.some((file) => /dynamodb/i.test(file))) return;
  local = await startDynamoDbLocal();
  project.provide("dynamodbEndpoint", local.endpoint);
}

export async function teardown(): Promise<void> {
  await local?.stop();
  local = undefined;
}
