-- What the planner knows of memories and logs.
-- The search (search.ts) filters on vector_dims(embedding) = <pinned width>, the HNSW index's
-- predicate. Without statistics of that expression the planner takes 0.5% of rows to match
-- (nearly all do), underestimates every filtered search by 200 times, and walks the HNSW
-- graph for an agent's few hundred knowledge rows, where reading them by index and sorting
-- is faster and exact.
CREATE STATISTICS IF NOT EXISTS "memories_embedding_width" ON (vector_dims("embedding")) FROM "memories";--> statement-breakpoint
-- No query filters or sorts on these wide columns, so ANALYZE need not sample them: on
-- PGlite, which has no autovacuum, the storage runs ANALYZE itself (statistics.ts), and
-- leaving them out makes it about three times cheaper. No plan changes.
ALTER TABLE "memories" ALTER COLUMN "content" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "embedding" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "metadata" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "logs" ALTER COLUMN "body" SET STATISTICS 0;
