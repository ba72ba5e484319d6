// The part of Handlebars elizaOS prompt templates use, without `new Function` (which Workers
// forbid, so Handlebars' compiler cannot run there): {{path.to.value}} and {{{same}}}
// (never HTML-escaped: elizaOS upgrades every {{x}} to {{{x}}}), {{#if}}, {{#unless}},
// {{#each}} (arrays and objects, with {{this}}, {{@index}}, {{@key}}, {{@first}}, {{@last}}),
// {{#with}}, {{else}}, {{../parent}}, {{@root.x}}, and {{! comments }}.
//
// The template is scanned once with indexOf; values are inserted, never rescanned, so text
// inside a value (a user's message saying "{{secret}}") stays literal.

type Node =
  | { kind: "text"; text: string }
  | { kind: "value"; path: string }
  | { kind: "block"; helper: string; path: string; body: Node[]; inverse: Node[] };

interface Frame {
  value: unknown;
  data: Record<string, unknown>;
}

const BLOCK_HELPERS = new Set(["if", "unless", "each", "with"]);

/** Parses `template` into nodes. Malformed tags are kept as literal text, never thrown. */
function parse(template: string): Node[] {
  const root: Node[] = [];
  const stack: Array<{ node: Extract<Node, { kind: "block" }>; inElse: boolean }> = [];
  const out = (): Node[] => {
    const top = stack[stack.length - 1];
    if (!top) return root;
    return top.inElse ? top.node.inverse : top.node.body;
  };
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf("{{", at);
    if (open === -1) break;
    const triple = template.startsWith("{{{", open);
    const isLongComment = template.startsWith("{{!--", open);
    const closeSeq = triple ? "}}}" : isLongComment ? "--}}" : "}}";
    const close = template.indexOf(closeSeq, open + (triple ? 3 : 2));
    if (close === -1) {
      out().push({ kind: "text", text: template.slice(at) });
      at = template.length;
      break;
    }
    const inner = template.slice(open + (triple ? 3 : 2), close).trim();
    const end = close + closeSeq.length;
    const structural = !triple && /^[#/!>]|^else$|^\^$/.test(inner);
    // A structural tag alone on its line takes the line with it, as in Handlebars.
    const standalone = structural ? standaloneLine(template, at, open, end) : undefined;
    const textEnd = standalone ? standalone.lineStart : open;
    if (textEnd > at) out().push({ kind: "text", text: template.slice(at, textEnd) });
    at = standalone ? standalone.next : end;
    if (inner.startsWith("!") || inner.startsWith(">")) continue;
    if (inner.startsWith("#")) {
      const [helper = "", path = ""] = inner.slice(1).trim().split(/\s+/, 2);
      if (!BLOCK_HELPERS.has(helper)) continue;
      const node = { kind: "block" as const, helper, path, body: [], inverse: [] };
      out().push(node);
      stack.push({ node, inElse: false });
    } else if (inner.startsWith("/")) {
      if (stack.length > 0) stack.pop();
    } else if (inner === "else" || inner === "^") {
      const top = stack[stack.length - 1];
      if (top) top.inElse = true;
    } else {
      out().push({ kind: "value", path: inner });
    }
  }
  if (at < template.length) out().push({ kind: "text", text: template.slice(at) });
  return root;
}

const BLANK = /^[ \t]*$/;

/**
 * Where the line of the tag at [open, end) starts and where the text after it resumes, when
 * nothing but spaces shares the line with it; undefined otherwise. Only the text since `at`
 * (the end of the previous tag) and the spaces after the tag are looked at.
 */
function standaloneLine(
  template: string,
  at: number,
  open: number,
  end: number,
): { lineStart: number; next: number } | undefined {
  const before = template.slice(at, open);
  const newline = before.lastIndexOf("\n");
  let lineStart: number;
  if (newline !== -1) lineStart = at + newline + 1;
  else if (at === 0 || template[at - 1] === "\n") lineStart = at;
  else return undefined;
  if (!BLANK.test(template.slice(lineStart, open))) return undefined;
  let next = end;
  while (template[next] === " " || template[next] === "\t" || template[next] === "\r") next++;
  if (next === template.length) return { lineStart, next };
  if (template[next] !== "\n") return undefined;
  return { lineStart, next: next + 1 };
}

function lookup(frames: Frame[], path: string): unknown {
  let depth = frames.length - 1;
  let rest = path;
  while (rest.startsWith("../")) {
    depth = Math.max(0, depth - 1);
    rest = rest.slice(3);
  }
  const frame = frames[depth];
  if (!frame) return undefined;
  if (rest.startsWith("@root")) {
    rest = rest.slice(5).replace(/^\./, "");
    return walk(frames[0]?.value, rest);
  }
  if (rest.startsWith("@")) return frame.data[rest.slice(1)];
  if (rest === "this" || rest === ".") return frame.value;
  if (rest.startsWith("this.")) rest = rest.slice(5);
  else if (rest.startsWith("./")) rest = rest.slice(2);
  // Helpers with arguments ({{lookup a b}}) are not supported: they render empty.
  if (/\s/.test(rest)) return undefined;
  return walk(frame.value, rest);
}

function walk(value: unknown, path: string): unknown {
  if (path === "") return value;
  let current = value;
  for (const key of path.split(".")) {
    if (current === null || current === undefined) return undefined;
    if (typeof current !== "object" && typeof current !== "function") return undefined;
    // Handlebars refuses prototype members such as constructor/__proto__.
    if (!Object.hasOwn(current as object, key) && key !== "length") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Handlebars' notion of empty: falsy or an empty array. */
function isEmpty(value: unknown): boolean {
  return !value || (Array.isArray(value) && value.length === 0);
}

function show(value: unknown): string {
  if (value === null || value === undefined || typeof value === "function") return "";
  return String(value);
}

function render(nodes: Node[], frames: Frame[]): string {
  let text = "";
  for (const node of nodes) {
    if (node.kind === "text") text += node.text;
    else if (node.kind === "value") text += show(lookup(frames, node.path));
    else text += renderBlock(node, frames);
  }
  return text;
}

function renderBlock(node: Extract<Node, { kind: "block" }>, frames: Frame[]): string {
  const value = lookup(frames, node.path);
  const here = frames[frames.length - 1]?.data ?? {};
  switch (node.helper) {
    case "if":
      return render(isEmpty(value) ? node.inverse : node.body, frames);
    case "unless":
      return render(isEmpty(value) ? node.body : node.inverse, frames);
    case "with":
      return isEmpty(value)
        ? render(node.inverse, frames)
        : render(node.body, [...frames, { value, data: here }]);
    default: {
      const entries: Array<[string | number, unknown]> = Array.isArray(value)
        ? value.map((v, i) => [i, v])
        : value !== null && typeof value === "object"
          ? Object.entries(value)
          : [];
      if (entries.length === 0) return render(node.inverse, frames);
      let text = "";
      entries.forEach(([key, item], i) => {
        const data = {
          ...here,
          index: i,
          key,
          first: i === 0,
          last: i === entries.length - 1,
        };
        text += render(node.body, [...frames, { value: item, data }]);
      });
      return text;
    }
  }
}

const cache = new Map<string, Node[]>();
const CACHE_LIMIT = 200;

/** Renders a Handlebars-subset template against `context`. */
export function renderTemplate(template: string, context: unknown): string {
  let nodes = cache.get(template);
  if (!nodes) {
    nodes = parse(template);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(template, nodes);
  }
  return render(nodes, [{ value: context, data: {} }]);
}
