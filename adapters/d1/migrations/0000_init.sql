CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`character` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cache` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer
);
--> statement-breakpoint
CREATE INDEX `cache_expires_idx` ON `cache` (`expires_at`);--> statement-breakpoint
CREATE TABLE `claims` (
	`key` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `claims_expires_idx` ON `claims` (`expires_at`);--> statement-breakpoint
CREATE TABLE `components` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`room_id` text NOT NULL,
	`world_id` text NOT NULL,
	`source_entity_id` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `components_entity_type_idx` ON `components` (`entity_id`,`type`);--> statement-breakpoint
CREATE TABLE `entities` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`names` text NOT NULL,
	`metadata` text
);
--> statement-breakpoint
CREATE INDEX `entities_agent_idx` ON `entities` (`agent_id`);--> statement-breakpoint
CREATE TABLE `logs` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_id` text NOT NULL,
	`room_id` text,
	`type` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `logs_entity_created_idx` ON `logs` (`entity_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `memories` (
	`id` text PRIMARY KEY NOT NULL,
	`table_name` text NOT NULL,
	`entity_id` text NOT NULL,
	`agent_id` text,
	`room_id` text NOT NULL,
	`world_id` text,
	`content` text NOT NULL,
	`embedding` text,
	`unique` integer DEFAULT false NOT NULL,
	`metadata` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `memories_room_table_created_idx` ON `memories` (`room_id`,`table_name`,`created_at`);--> statement-breakpoint
CREATE INDEX `memories_table_created_idx` ON `memories` (`table_name`,`created_at`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `participants` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_id` text NOT NULL,
	`room_id` text NOT NULL,
	`user_state` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participants_entity_room_idx` ON `participants` (`entity_id`,`room_id`);--> statement-breakpoint
CREATE INDEX `participants_room_idx` ON `participants` (`room_id`);--> statement-breakpoint
CREATE TABLE `relationships` (
	`id` text PRIMARY KEY NOT NULL,
	`source_entity_id` text NOT NULL,
	`target_entity_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`tags` text NOT NULL,
	`metadata` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `relationships_pair_idx` ON `relationships` (`source_entity_id`,`target_entity_id`);--> statement-breakpoint
CREATE INDEX `relationships_target_idx` ON `relationships` (`target_entity_id`);--> statement-breakpoint
CREATE TABLE `rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text,
	`name` text,
	`source` text NOT NULL,
	`type` text NOT NULL,
	`channel_id` text,
	`server_id` text,
	`world_id` text,
	`metadata` text
);
--> statement-breakpoint
CREATE INDEX `rooms_world_idx` ON `rooms` (`world_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`agent_id` text,
	`room_id` text,
	`world_id` text,
	`entity_id` text,
	`tags` text NOT NULL,
	`metadata` text,
	`due_at` integer,
	`lease_owner` text,
	`lease_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tasks_due_idx` ON `tasks` (`due_at`);--> statement-breakpoint
CREATE INDEX `tasks_name_idx` ON `tasks` (`name`);--> statement-breakpoint
CREATE TABLE `worlds` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`name` text,
	`server_id` text,
	`metadata` text
);
