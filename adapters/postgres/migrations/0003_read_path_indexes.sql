DROP INDEX "memories_type_room_created_idx";--> statement-breakpoint
DROP INDEX "memories_room_idx";--> statement-breakpoint
DROP INDEX "tasks_due_idx";--> statement-breakpoint
DROP INDEX "logs_entity_created_idx";--> statement-breakpoint
DROP INDEX "memories_type_agent_created_idx";--> statement-breakpoint
CREATE INDEX "logs_entity_type_created_idx" ON "logs" USING btree ("entity_id","type","created_at","seq");--> statement-breakpoint
CREATE INDEX "memories_room_type_agent_created_idx" ON "memories" USING btree ("room_id","type","agent_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "tasks_agent_due_idx" ON "tasks" USING btree ("agent_id","due_at","id") WHERE "tasks"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "logs_entity_created_idx" ON "logs" USING btree ("entity_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "memories_type_agent_created_idx" ON "memories" USING btree ("type","agent_id","created_at","seq");