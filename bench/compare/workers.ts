// (d) of the comparison: a minimal agent Worker on each framework, bundled as a deploy would
// bundle it (esbuild, minified; elizaOS with --conditions=browser, the build it ships for
// browsers), its gzip size, and whether real workerd (Miniflare) starts it and answers.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { Miniflare } from "miniflare";

export interface WorkerRun {
  label: string;
  bytes: number;
  gzipBytes: number;
  /** workerd loaded the script and its fetch handler ran. */
  starts: boolean;
  /** ...and it answered a message with the scripted reply. */
  answers: boolean;
  /** The reply, or what workerd said instead. */
  detail: string;
}

type Entry = { file: string } | { contents: string; resolveDir: string };

export async function bundleWorker(entry: Entry, conditions: string[]): Promise<string> {
  const result = await build({
    ...("file" in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: "ts" } }),
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    conditions,
    mainFields: ["browser", "module", "main"],
    target: "es2022",
    minify: true,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** Starts the bundle in workerd and sends one message; never throws. */
export async function tryInWorkerd(
  code: string,
  compatibilityFlags: string[] = [],
): Promise<Pick<WorkerRun, "starts" | "answers" | "detail">> {
  let mf: Miniflare | undefined;
  let stderr = "";
  try {
    mf = new Miniflare({
      // An explicit module list: Miniflare then leaves the imports to workerd instead of
      // refusing elizaOS's non-literal `import()` calls up front, as a deploy would.
      modules: [{ type: "ESModule", path: "worker.mjs", contents: code }],
      compatibilityDate: "2025-09-01",
      compatibilityFlags,
      // workerd says why a script did not start on its stderr; keep it for the table.
      handleRuntimeStdio(stdout: NodeJS.ReadableStream, err: NodeJS.ReadableStream) {
        stdout.resume();
        err.on("data", (chunk: Buffer) => {
          stderr += chunk;
        });
      },
    });
    const res = await mf.dispatchFetch("http://worker.test/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Hello there!" }),
    });
    const body = await res.text();
    const reply = res.ok ? (JSON.parse(body) as { reply?: string }).reply : undefined;
    return reply
      ? { starts: true, answers: true, detail: `answered "${reply}"` }
      : { starts: true, answers: false, detail: `HTTP ${res.status}: ${firstLine(body)}` };
  } catch (error) {
    const uncaught = /Uncaught [^\n]*/.exec(stderr)?.[0];
    return {
      starts: false,
      answers: false,
      detail: firstLine(uncaught ?? String((error as Error).message)),
    };
  } finally {
    await mf?.dispose().catch(() => {});
  }
}

export async function measureWorker(
  label: string,
  entry: Entry,
  conditions: string[],
  compatibilityFlags: string[] = [],
): Promise<WorkerRun> {
  const code = await bundleWorker(entry, conditions);
  const bytes = Buffer.byteLength(code);
  const gzipBytes = gzipSync(code, { level: 9 }).byteLength;
  return { label, bytes, gzipBytes, ...(await tryInWorkerd(code, compatibilityFlags)) };
}

function firstLine(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
