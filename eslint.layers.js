// The layer line as lint enforces it: which folder may import which (README "Layers", docs/architecture.md).
// One table read by eslint-plugin-boundaries, so a wrong-way import fails `npm run lint` with both layers named.

/** Folders, most specific first: the first pattern a file falls under names its layer. */
export const LAYERS = [
  { type: 'sdk', pattern: 'packages/sdk', partialMatch: false },
  { type: 'protocol', pattern: 'src/protocol', partialMatch: false },
  { type: 'client', pattern: 'src/client', partialMatch: false },
  { type: 'store', pattern: 'src/store', partialMatch: false },
  { type: 'host', pattern: 'src/connector/host', partialMatch: false },
  { type: 'connector', pattern: 'src/connector', partialMatch: false },
  { type: 'platform', pattern: 'src/platform', partialMatch: false },
  { type: 'graders', pattern: 'src/conformance', partialMatch: false },
  { type: 'graders', pattern: 'src/load', partialMatch: false },
  { type: 'graders', pattern: 'src/scenarios', partialMatch: false },
  { type: 'engine', pattern: 'src/engine', partialMatch: false },
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
  { type: 'bridge', pattern: 'src/bridge', partialMatch: false },
  { type: 'main', pattern: 'src/main', partialMatch: false },
  { type: 'preload', pattern: 'src/preload', partialMatch: false },
  { type: 'cli', pattern: 'src/cli', partialMatch: false },
  { type: 'renderer', pattern: 'src/renderer', partialMatch: false },
];

const core = ['sdk', 'protocol', 'client', 'store', 'connector', 'host', 'platform', 'graders'];

/**
 * What each layer may import besides itself (values and types alike), and what it may import for
 * types only (the bridge maps core shapes to the contract's DTOs without calling the core).
 */
export const MAY_IMPORT = {
  sdk: { values: [] },
  protocol: { values: ['sdk'] },
  client: { values: ['sdk', 'protocol'] },
  store: { values: ['sdk', 'protocol'] },
  connector: { values: ['sdk', 'protocol', 'store'] },
  host: { values: ['sdk', 'protocol', 'client', 'store', 'connector'] },
  platform: { values: ['sdk', 'protocol', 'client', 'store'] },
  graders: { values: ['sdk', 'protocol', 'client', 'connector', 'shared'] },
  engine: { values: [...core, 'shared'] },
  shared: { values: [] },
  bridge: { values: ['engine', 'shared', 'protocol'], types: core },
  main: { values: ['engine', 'bridge', 'shared'] },
  preload: { values: ['shared'] },
  cli: {
    values: ['engine', 'bridge', 'shared', 'sdk', 'protocol', 'client', 'connector', 'graders'],
    types: core,
  },
  renderer: { values: ['shared'] },
};

export function layerPolicies() {
  return Object.entries(MAY_IMPORT).map(([from, { values, types = [] }]) => ({
    from: { element: { type: from } },
    allow: [
      { to: { element: { types: { anyOf: [from, ...values] } } } },
      ...(types.length
        ? [{ to: { element: { types: { anyOf: types } } }, dependency: { kind: 'type' } }]
        : []),
    ],
  }));
}
