// What the plugin matrix must find in plugin-bootstrap and plugin-starter 1.7.2, so a walk
// that silently skips items fails. Kept apart from the plugins themselves: the D1 leg asserts
// on Node without importing them (they run in workerd there).
export const EXPECTED_ITEMS = {
  bootstrap: { actions: 13, providers: 16, evaluators: 1, events: 16, services: 2 },
  "plugin-starter": { actions: 1, providers: 1, evaluators: 0, events: 4, services: 1 },
} as const;
