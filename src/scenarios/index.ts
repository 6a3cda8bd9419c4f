// Scenarios: QA's signed cases as YAML/JSON files (resources/scenario.schema.json), run against a
// connector by `ctb run` and the app, reported as pretty text, JSON or JUnit.

export { parseScenario, readCollection, scenarioFiles, ScenarioFileError } from './read.ts';
export { checkVariables, runCollection, toFaults } from './run.ts';
export type { RunOptions, RunTarget } from './run.ts';
export { parseVar, readEnvFile, VariableError } from './variables.ts';
export { formatPretty, formatJunit } from './report.ts';
export type * from './types.ts';
