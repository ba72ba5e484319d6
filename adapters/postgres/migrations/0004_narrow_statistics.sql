-- No query filters or sorts on these wide columns, so ANALYZE need not sample them: on
-- PGlite, which has no autovacuum, the storage runs ANALYZE itself (statistics.ts), and
-- leaving them out makes it about three times cheaper. No plan changes.
ALTER TABLE "memories" ALTER COLUMN "content" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "embedding" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "metadata" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "logs" ALTER COLUMN "body" SET STATISTICS 0;
