// @ts-check
// AWS Lambda behind an HTTP API, with DynamoDB, deployed by Serverless Framework v3 (v4 needs
// a login even to package). `npm start` runs the same agent locally on Node.
import { SERVER_SCRIPTS } from "../build-scripts.mjs";
import { settingsFor } from "../settings.mjs";
import { PGLITE } from "../versions.mjs";

/** @param {import("../../answers.mjs").Answers & { slug: string }} answers */
export function lambdaTarget(answers) {
  // Optional settings too (OPENAI_BASE_URL, model names): an empty value counts as unset.
  const environment = settingsFor(answers)
    .map((s) => `    ${s.name}: \${env:${s.name}, ""}`)
    .join("\n");
  return {
    files: {
      "src/lambda.ts": `// The Lambda handler: API Gateway HTTP events serve the agent's API and webhooks, the
// EventBridge schedule runs due tasks. Storage is the DynamoDB table named by DYNAMODB_TABLE.
import { createLambdaHandler } from "eliza-edge/targets/lambda";
import { agent } from "./agent";

export const handler = createLambdaHandler(agent);
`,
      "serverless.yml": serverlessYml(answers.slug, environment),
    },
    scripts: {
      // The bundles are eliza-edge's own build: a Lambda split so a cold start loads only what
      // every invocation needs (`eliza-edge build --help`).
      build: "eliza-edge build lambda && eliza-edge build server",
      ...SERVER_SCRIPTS,
      invoke: "eliza-edge build lambda && eliza-edge invoke",
      "dynamodb:local": "eliza-edge dynamodb:local",
      "dynamodb:create-table": "eliza-edge dynamodb:create-table",
      deploy: "eliza-edge build lambda && npx --yes serverless@3.40.0 deploy",
      package: "eliza-edge build lambda && npx --yes serverless@3.40.0 package",
    },
    // DynamoDB and the async self-invoke in the function; PGlite for `npm start`.
    dependencies: ["@aws-sdk/client-dynamodb", "@aws-sdk/client-lambda", ...PGLITE],
    devDependencies: ["esbuild"],
  };
}

/**
 * @param {string} slug
 * @param {string} environment the env lines for the function
 */
function serverlessYml(slug, environment) {
  return `# AWS Lambda deploy descriptor for Serverless Framework v3 (the scripts run serverless@3.40.0;
# v4 downloads its engine and requires a login even to package). With AWS credentials set:
#   npm run deploy             # builds dist/lambda/index.js, deploys to stage "dev"
#   npm run deploy -- --stage prod
# Settings come from .env (useDotenv) or the deploying shell.
service: ${slug}
frameworkVersion: "3"
configValidationMode: error
useDotenv: true

provider:
  name: aws
  # The function runs on nodejs22.x (resources.extensions below). v3's schema predates it and
  # configValidationMode: error refuses it here, so this names the newest runtime v3 knows.
  runtime: nodejs20.x
  architecture: arm64
  stage: \${opt:stage, 'dev'}
  region: \${opt:region, 'us-east-1'}
  memorySize: 1024
  logRetentionInDays: 14
  environment:
    DYNAMODB_TABLE: \${self:custom.table}
    # Webhook turns (Telegram, Discord) continue in an async invocation of this function.
    LAMBDA_SELF_INVOKE: "true"
    LOG_LEVEL: info
${environment}
  iam:
    role:
      statements:
        # The calls eliza-edge's DynamoDB storage makes, on this table and its indexes only.
        - Effect: Allow
          Action:
            - dynamodb:GetItem
            - dynamodb:PutItem
            - dynamodb:UpdateItem
            - dynamodb:DeleteItem
            - dynamodb:ConditionCheckItem
            - dynamodb:Query
            - dynamodb:BatchGetItem
            - dynamodb:BatchWriteItem
          Resource:
            - !GetAtt AgentTable.Arn
            - !Join ["/", [!GetAtt AgentTable.Arn, "index/*"]]
        # The async self-invoke, on this function only.
        - Effect: Allow
          Action: lambda:InvokeFunction
          Resource: !Join
            - ":"
            - - arn:aws:lambda
              - !Ref AWS::Region
              - !Ref AWS::AccountId
              - function:\${self:service}-\${sls:stage}-api

custom:
  table: \${self:service}-\${sls:stage}

package:
  individually: false
  patterns:
    - "!**"
    - dist/lambda/**

functions:
  api:
    handler: dist/lambda/index.handler
    # API Gateway cuts HTTP at 30 s; background turns may run longer.
    timeout: 60
    events:
      - httpApi: "*"
      # One task tick a minute (reminders, recurring tasks, recovery).
      - schedule:
          rate: rate(1 minute)

resources:
  extensions:
    ApiLambdaFunction:
      Properties:
        Runtime: nodejs22.x
  Resources:
    # The table eliza-edge's DynamoDB storage expects: keys, four GSIs, TTL on "ttl".
    AgentTable:
      Type: AWS::DynamoDB::Table
      Properties:
        TableName: \${self:custom.table}
        BillingMode: PAY_PER_REQUEST
        AttributeDefinitions:
${["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk", "gsi4pk", "gsi4sk"].map((a) => `          - { AttributeName: ${a}, AttributeType: S }`).join("\n")}
        KeySchema:
          - { AttributeName: pk, KeyType: HASH }
          - { AttributeName: sk, KeyType: RANGE }
        GlobalSecondaryIndexes:
${[1, 2, 3, 4]
  .map(
    (i) => `          - IndexName: gsi${i}
            KeySchema:
              - { AttributeName: gsi${i}pk, KeyType: HASH }
              - { AttributeName: gsi${i}sk, KeyType: RANGE }
            Projection: { ProjectionType: ALL }`,
  )
  .join("\n")}
        TimeToLiveSpecification:
          AttributeName: ttl
          Enabled: true
        PointInTimeRecoverySpecification:
          PointInTimeRecoveryEnabled: true
`;
}
