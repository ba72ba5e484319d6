-- Every table the shared SQL storage writes has created_at, as on Postgres; rows written
-- before this migration read 0 there.
ALTER TABLE `cache` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `entities` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `rooms` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `worlds` ADD `created_at` integer DEFAULT 0 NOT NULL;