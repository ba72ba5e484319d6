// The docs site's navigation: the top bar (`nav`) and the sidebar, one group per part of the
// site. docs/.vitepress/config.ts imports both. A page not listed here is still built and
// linkable, but only these are in the sidebar.
import type { DefaultTheme } from "vitepress";

export const nav: DefaultTheme.NavItem[] = [
  { text: "Getting started", link: "/getting-started/overview" },
  { text: "Guides", link: "/guides/bots" },
  { text: "Reference", link: "/reference/configuration" },
  { text: "Contributing", link: "/contributing/architecture" },
  { text: "Changelog", link: "https://github.com/eliza-edge/eliza-edge/blob/main/CHANGELOG.md" },
];

export const sidebar: DefaultTheme.Sidebar = [
  {
    text: "Getting started",
    items: [
      { text: "Overview", link: "/getting-started/overview" },
      { text: "Cloudflare Workers", link: "/getting-started/cloudflare-workers" },
      { text: "AWS Lambda", link: "/getting-started/aws-lambda" },
      { text: "Vercel", link: "/getting-started/vercel" },
      { text: "Node", link: "/getting-started/node" },
    ],
  },
  {
    text: "Guides",
    items: [
      { text: "Telegram and Discord bots", link: "/guides/bots" },
      { text: "Reminders, tasks and cron", link: "/guides/tasks-and-cron" },
      { text: "Knowledge and memory search", link: "/guides/memory-search" },
      { text: "Settings and models", link: "/guides/settings-and-models" },
      { text: "Characters and the pipeline", link: "/guides/characters-and-plugins" },
      { text: "Bringing an elizaOS agent", link: "/guides/elizaos-agent" },
      { text: "Agents defined in code", link: "/guides/agents-in-code" },
      { text: "Writing a plugin", link: "/guides/writing-a-plugin" },
      { text: "Use it in your project", link: "/guides/use-in-your-project" },
      { text: "Web chat and command line", link: "/guides/web-chat-and-cli" },
      { text: "Observing runs", link: "/guides/observing-runs" },
      { text: "Streaming", link: "/guides/streaming" },
      { text: "Clients and protocols", link: "/guides/clients" },
      { text: "Going to production", link: "/guides/production" },
    ],
  },
  {
    text: "Reference",
    items: [
      { text: "Configuration", link: "/reference/configuration" },
      { text: "HTTP API", link: "/reference/http-api" },
      { text: "CLI", link: "/reference/cli" },
      { text: "Storage", link: "/reference/storage" },
      { text: "elizaOS compatibility", link: "/reference/elizaos-compatibility" },
      { text: "Performance", link: "/reference/performance" },
    ],
  },
  {
    text: "Contributing",
    items: [
      { text: "Architecture and layout", link: "/contributing/architecture" },
      { text: "Running the tests", link: "/contributing/testing" },
      { text: "Benches", link: "/contributing/benches" },
      { text: "Extending eliza-edge", link: "/contributing/extending" },
    ],
  },
];
