CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"character" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"room_id" uuid,
	"world_id" uuid,
	"source_entity_id" uuid,
	"type" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"names" text[] NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"room_id" uuid,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "memories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"agent_id" uuid,
	"room_id" uuid NOT NULL,
	"world_id" uuid,
	"content" jsonb NOT NULL,
	"embedding" vector,
	"unique" boolean DEFAULT false NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "memories_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"user_state" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source_entity_id" uuid NOT NULL,
	"target_entity_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"tags" text[] NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid,
	"name" text,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"channel_id" text,
	"server_id" text,
	"world_id" uuid,
	"metadata" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"agent_id" uuid,
	"room_id" uuid,
	"world_id" uuid,
	"entity_id" uuid,
	"tags" text[] NOT NULL,
	"metadata" jsonb,
	"due_at" timestamp (3) with time zone,
	"lease_owner" text,
	"lease_expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worlds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text,
	"server_id" text,
	"metadata" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "components_entity_type_idx" ON "components" USING btree ("entity_id","type");--> statement-breakpoint
CREATE INDEX "entities_agent_idx" ON "entities" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "logs_entity_created_idx" ON "logs" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "memories_type_room_created_idx" ON "memories" USING btree ("type","room_id","created_at");--> statement-breakpoint
CREATE INDEX "memories_room_idx" ON "memories" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_entity_room_idx" ON "participants" USING btree ("entity_id","room_id");--> statement-breakpoint
CREATE INDEX "participants_room_idx" ON "participants" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relationships_source_target_idx" ON "relationships" USING btree ("source_entity_id","target_entity_id");--> statement-breakpoint
CREATE INDEX "relationships_target_idx" ON "relationships" USING btree ("target_entity_id");--> statement-breakpoint
CREATE INDEX "rooms_world_idx" ON "rooms" USING btree ("world_id");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_at") WHERE "tasks"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_room_idx" ON "tasks" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "tasks_name_idx" ON "tasks" USING hash ("name");