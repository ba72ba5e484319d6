DROP INDEX `tasks_name_idx`;--> statement-breakpoint
CREATE INDEX `tasks_name_created_idx` ON `tasks` (`name`,`created_at`);--> statement-breakpoint
CREATE INDEX `tasks_room_created_idx` ON `tasks` (`room_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `tasks_entity_created_idx` ON `tasks` (`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `logs_entity_type_created_idx` ON `logs` (`entity_id`,`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `logs_room_created_idx` ON `logs` (`room_id`,`created_at`);