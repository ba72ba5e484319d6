// The consumer's agent in code: its entries pass it as `character`, no CHARACTER_JSON needed.
import type { Character } from "eliza-edge";

export const character: Character = { name: "Ada", bio: ["Counts things for the consumer."] };
