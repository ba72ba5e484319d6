// @ts-check
// Writes the generated files. The directory must be new or empty: a scaffolder that mixes its
// files into an existing project would overwrite someone's work.
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** The target directory cannot take a new project: printed as is, exit code 1. */
export class ProjectDirError extends Error {}

/** @param {string} dir */
export async function checkProjectDir(dir) {
  let info;
  try {
    info = await stat(dir);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return;
    throw error;
  }
  if (!info.isDirectory()) throw new ProjectDirError(`${dir} exists and is not a directory`);
  const entries = await readdir(dir);
  if (entries.length > 0) {
    const shown = entries.slice(0, 5).join(", ") + (entries.length > 5 ? ", ..." : "");
    throw new ProjectDirError(
      `${dir} is not empty (${shown}); choose a new directory name or empty this one`,
    );
  }
}

/**
 * @param {string} dir
 * @param {Record<string, string>} files relative path -> content
 */
export async function writeProject(dir, files) {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    // "wx": never overwrite, even if something appeared since the check.
    await writeFile(file, content, { flag: "wx" });
  }
}
