// What @elizaos/core 1.7.2 needs to even load in workerd: its module body generates random ids
// (crypto.randomUUID), which workerd forbids at global scope. Imported before elizaOS, this
// swaps in deterministic stand-ins while modules evaluate; the Worker's own module body (which
// runs after every import) calls restoreGlobals() to put the real ones back before any request.
// Only for the benchmark: it records what an elizaOS user would have to do.
const realRandomUUID = crypto.randomUUID.bind(crypto);
const realGetRandomValues = crypto.getRandomValues.bind(crypto);
let counter = 0;

const stand = crypto as unknown as {
  randomUUID: () => string;
  getRandomValues: (array: ArrayBufferView) => ArrayBufferView;
};
stand.randomUUID = () => `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, "0")}`;
stand.getRandomValues = (array) => array;

export function restoreGlobals(): void {
  stand.randomUUID = realRandomUUID;
  stand.getRandomValues = realGetRandomValues;
}
