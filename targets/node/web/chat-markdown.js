// The web chat's Markdown: the part of it models write in chat replies (paragraphs, line
// breaks, **bold**, *italic*, `code`, fenced code blocks, bullet and numbered lists, links),
// turned into DOM nodes. Safe by construction: text only ever becomes text nodes, never HTML,
// and a link is kept only when it is http(s) or mailto. Plain script, no build step; loaded by
// chat.html, and by its unit test through `parseMarkdown`, which builds a plain tree.

(() => {
  const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

  /** Inline text -> nodes: {text} | {tag: "strong"|"em"|"code"|"a", href?, children}. */
  function inline(text) {
    const nodes = [];
    // Order matters: code first (nothing inside it is Markdown), then links, bold, italic.
    const pattern =
      /`([^`\n]+)`|\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|(?<![\w])_([^_\n]+)_(?![\w])/g;
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index > last) nodes.push({ text: text.slice(last, match.index) });
      const [whole, code, label, href, bold, bold2, em, em2] = match;
      if (code !== undefined) nodes.push({ tag: "code", children: [{ text: code }] });
      else if (label !== undefined) {
        nodes.push(
          SAFE_LINK.test(href) ? { tag: "a", href, children: inline(label) } : { text: whole }, // javascript: and friends stay visible as text, never a link
        );
      } else if (bold !== undefined || bold2 !== undefined) {
        nodes.push({ tag: "strong", children: inline(bold ?? bold2) });
      } else nodes.push({ tag: "em", children: inline(em ?? em2) });
      last = match.index + whole.length;
    }
    if (last < text.length) nodes.push({ text: text.slice(last) });
    return nodes;
  }

  /** A paragraph's lines, joined by line breaks. */
  function lines(block) {
    return block.flatMap((line, i) => [...(i > 0 ? [{ tag: "br" }] : []), ...inline(line)]);
  }

  /** Text -> blocks: p, pre (code), ul, ol; each with inline children. */
  function parseMarkdown(text) {
    const blocks = [];
    const all = String(text).replace(/\r\n?/g, "\n").split("\n");
    let paragraph = [];
    let list;
    const flush = () => {
      if (paragraph.length) blocks.push({ tag: "p", children: lines(paragraph) });
      paragraph = [];
      list = undefined;
    };
    for (let i = 0; i < all.length; i++) {
      const line = all[i];
      const fence = /^\s*```/.exec(line);
      if (fence) {
        flush();
        const code = [];
        while (++i < all.length && !/^\s*```\s*$/.test(all[i])) code.push(all[i]);
        blocks.push({
          tag: "pre",
          children: [{ tag: "code", children: [{ text: code.join("\n") }] }],
        });
        continue;
      }
      const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
      if (item) {
        if (paragraph.length) flush();
        const tag = item[1] ? "ul" : "ol";
        if (!list || list.tag !== tag) {
          list = { tag, children: [] };
          blocks.push(list);
        }
        list.children.push({ tag: "li", children: inline(item[3]) });
        continue;
      }
      if (line.trim() === "") {
        flush();
        continue;
      }
      list = undefined;
      paragraph.push(line);
    }
    flush();
    return blocks;
  }

  /** The tree as DOM nodes of `doc`: elements and text nodes only. */
  function build(nodes, doc) {
    const fragment = doc.createDocumentFragment();
    for (const node of nodes) {
      if (node.tag === undefined) {
        fragment.append(doc.createTextNode(node.text));
        continue;
      }
      const el = doc.createElement(node.tag);
      if (node.tag === "a") {
        el.href = node.href;
        el.target = "_blank";
        el.rel = "noopener noreferrer";
      }
      if (node.children) el.append(build(node.children, doc));
      fragment.append(el);
    }
    return fragment;
  }

  /** Replaces `el`'s content with `text` rendered as Markdown. */
  function renderMarkdown(el, text) {
    el.replaceChildren(build(parseMarkdown(text), el.ownerDocument));
  }

  globalThis.elizaEdgeMarkdown = { parseMarkdown, renderMarkdown };
})();
