// The site's navigation. A minimal stand-in on the machinery branch (i34a): the content branch
// (i34b) owns this file and replaces it.
import type { DefaultTheme } from "vitepress";

const page = (text: string, link: string): DefaultTheme.SidebarItem => ({ text, link });

export const nav: DefaultTheme.NavItem[] = [
  { text: "Getting started", link: "/getting-started/node" },
  { text: "Guides", link: "/guides/bots" },
  { text: "Reference", link: "/reference/configuration" },
  { text: "Contributing", link: "/contributing/architecture" },
];

export const sidebar: DefaultTheme.Sidebar = [
  {
    text: "Getting started",
    items: [
      page("Node", "/getting-started/node"),
      page("Cloudflare Workers", "/getting-started/cloudflare-workers"),
      page("AWS Lambda", "/getting-started/aws-lambda"),
      page("Vercel", "/getting-started/vercel"),
    ],
  },
  {
    text: "Guides",
    items: [
      page("Telegram and Discord bots", "/guides/bots"),
      page("Tasks and cron", "/guides/tasks-and-cron"),
      page("Memory search", "/guides/memory-search"),
      page("Bringing an elizaOS agent", "/guides/elizaos-agent"),
      page("Characters and plugins", "/guides/characters-and-plugins"),
      page("Agents in code", "/guides/agents-in-code"),
      page("Writing a plugin", "/guides/writing-a-plugin"),
      page("Observing runs", "/guides/observing-runs"),
      page("Streaming", "/guides/streaming"),
      page("Clients", "/guides/clients"),
      page("Going to production", "/guides/production"),
      page("Web chat and CLI", "/guides/web-chat-and-cli"),
    ],
  },
  {
    text: "Reference",
    items: [
      page("Configuration", "/reference/configuration"),
      page("HTTP API", "/reference/http-api"),
      page("CLI", "/reference/cli"),
      page("Storage", "/reference/storage"),
      page("elizaOS compatibility", "/reference/elizaos-compatibility"),
      page("Performance", "/reference/performance"),
    ],
  },
  {
    text: "Contributing",
    items: [
      page("Architecture", "/contributing/architecture"),
      page("Testing", "/contributing/testing"),
      page("Benches", "/contributing/benches"),
      page("Extending", "/contributing/extending"),
    ],
  },
];
