// The web chat's Markdown (targets/node/web/chat-markdown.js): what models write renders as
// structure, and nothing a reply says ever becomes HTML or a script link.
import { describe, expect, it } from "vitest";
import "../../targets/node/web/chat-markdown.js";

type Node = { text?: string; tag?: string; href?: string; children?: Node[] };
const { parseMarkdown } = (
  globalThis as unknown as { elizaEdgeMarkdown: { parseMarkdown(text: string): Node[] } }
).elizaEdgeMarkdown;

const t = (text: string): Node => ({ text });
const el = (tag: string, ...children: Node[]): Node => ({ tag, children });

describe("web chat Markdown", () => {
  it("renders emphasis, code and links inside a paragraph", () => {
    expect(
      parseMarkdown("**Bold**, *it*, _also_ and `x < y` at [docs](https://example.com/a)"),
    ).toEqual([
      el(
        "p",
        el("strong", t("Bold")),
        t(", "),
        el("em", t("it")),
        t(", "),
        el("em", t("also")),
        t(" and "),
        el("code", t("x < y")),
        t(" at "),
        { tag: "a", href: "https://example.com/a", children: [t("docs")] },
      ),
    ]);
  });

  it("keeps markup and script links as visible text", () => {
    const text = "<img src=x onerror=alert(1)> [click](javascript:alert(1)) [x](data:text/html,hi)";
    const [paragraph, ...rest] = parseMarkdown(text);
    expect(rest).toEqual([]);
    // Text nodes only: no element at all, and every character still shown.
    expect(paragraph?.children?.every((node) => node.tag === undefined)).toBe(true);
    expect(paragraph?.children?.map((node) => node.text).join("")).toBe(text);
  });

  it("leaves snake_case and lone asterisks alone", () => {
    expect(parseMarkdown("call get_user_name with 2 * 3")).toEqual([
      el("p", t("call get_user_name with 2 * 3")),
    ]);
  });

  it("splits paragraphs, keeps line breaks, and builds lists and code blocks", () => {
    const text = "One\ntwo\n\n- a\n- **b**\n\n1. first\n2) second\n\n```js\nconst x = `<b>`;\n```";
    expect(parseMarkdown(text)).toEqual([
      el("p", t("One"), { tag: "br" }, t("two")),
      el("ul", el("li", t("a")), el("li", el("strong", t("b")))),
      el("ol", el("li", t("first")), el("li", t("second"))),
      el("pre", el("code", t("const x = `<b>`;"))),
    ]);
  });
});
