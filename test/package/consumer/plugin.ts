// A consumer's own plugin: answers every model call with one fixed reply, so a test can tell
// its agent ran this plugin (and not the package's offline ELIZA fallback).
import type { Plugin } from "eliza-edge";

export const AHOY = "Ahoy from the consumer's plugin";

const reply = async (): Promise<string> =>
  `<response><thought>greet</thought><actions>REPLY</actions><providers></providers><text>${AHOY}</text></response>`;

export const ahoyPlugin: Plugin = {
  name: "ahoy",
  description: "A scripted model for the packed-package test",
  priority: 100,
  models: { TEXT_SMALL: reply, TEXT_LARGE: reply },
};
