// A consumer's own plugin, written as for elizaOS (`@elizaos/core`, which every build here
// aliases to eliza-edge/elizaos): answers every model call with one fixed reply, so a test can
// tell its agent ran this plugin (and not the package's offline ELIZA fallback).
import { ModelType, type Plugin } from "@elizaos/core";

export const AHOY = "Ahoy from the consumer's plugin";

const reply = async (): Promise<string> =>
  `<response><thought>greet</thought><actions>REPLY</actions><providers></providers><text>${AHOY}</text></response>`;

export const ahoyPlugin: Plugin = {
  name: "ahoy",
  description: "A scripted model for the packed-package test",
  priority: 100,
  models: { [ModelType.TEXT_SMALL]: reply, [ModelType.TEXT_LARGE]: reply },
};
