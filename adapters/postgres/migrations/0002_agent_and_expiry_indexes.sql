CREATE INDEX "cache_expires_idx" ON "cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "claims_expires_idx" ON "claims" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "memories_type_agent_created_idx" ON "memories" USING btree ("type","agent_id","created_at");