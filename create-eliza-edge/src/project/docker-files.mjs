// @ts-check
// A Node project's Dockerfile and .dockerignore. The container runs `node` itself, not
// `npm start`: npm would rebuild at every start and stand between the container's stop signal
// and node, which closes the server and the database only when the signal reaches it.
import { SERVER_START } from "./build-scripts.mjs";

export const DOCKERFILE = `# The agent in a container: built in the first stage, run by node itself in the second.
#   docker build -t my-agent .
#   docker run -p 3000:3000 -v agent-data:/data --env-file .env my-agent
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
WORKDIR /app
# Listen beyond the container; API_TOKEN (required off loopback) comes from --env-file.
ENV HOST=0.0.0.0 PORT=3000 PGLITE_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The embedded database lives in a volume. One process per PGLITE_DIR: run one replica, or set
# DATABASE_URL (Postgres) to run more.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
CMD [${SERVER_START.split(" ")
  .map((word) => JSON.stringify(word))
  .join(", ")}]
`;

export const DOCKERIGNORE = `node_modules
dist
.git
.env
.eliza-edge
`;
