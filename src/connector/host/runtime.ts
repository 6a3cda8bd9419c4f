// One generation of a running connector: the SDK connector built from a definition, its behaviour
// engine (sequence counters) and script workers. A reload builds a new generation under the same socket.

import { nowSeconds } from '../../protocol/index.ts';
import { ConnectorConfigError, createConnector } from '../index.ts';
import type { Connector } from '../index.ts';
import { BehaviourEngine } from './behaviours.ts';
import type { BuiltinTool } from './behaviours.ts';
import { acceptedSecrets } from './definition.ts';
import type { ConnectorDefinition } from './definition.ts';
import { invalidDefinition } from './errors.ts';
import { ScriptRunner } from './script-runner.ts';
import type { ServerTarget } from './server.ts';

export interface Runtime extends ServerTarget {
  definition: ConnectorDefinition;
  connector: Connector;
  scripts: ScriptRunner;
  dispose(): Promise<void>;
}

export function buildRuntime(
  definition: ConnectorDefinition,
  builtin: BuiltinTool | null,
  now: () => number = nowSeconds,
): Runtime {
  const scripts = new ScriptRunner();
  const engine = new BehaviourEngine(scripts, builtin);
  let connector: Connector;
  try {
    connector = createConnector({
      signingSecret: acceptedSecrets(definition),
      protocolVersion: definition.protocolVersion,
      maxTimestampSkewSeconds: definition.maxTimestampSkewSeconds,
      endpointPath: definition.endpointPath,
      maxBodyBytes: definition.maxBodyBytes,
      now,
    });
    if (definition.metadata) connector.metadata(definition.metadata);
    definition.tools.forEach((tool, i) => {
      const at = `/tools/${i}/behaviour`;
      connector.tool(
        tool.name,
        { description: tool.description, auth: tool.auth, chat: tool.chat, input_schema: tool.input_schema },
        (parameters, ctx) => engine.run(tool.behaviour, at, parameters, ctx),
      );
    });
  } catch (err) {
    // Validation runs first, so this only catches rules the SDK adds later: still a definition problem.
    if (err instanceof ConnectorConfigError)
      throw invalidDefinition([{ path: '', message: err.message }], 'The SDK refused the definition');
    throw err;
  }
  return {
    definition,
    connector,
    scripts,
    maxBodyBytes: definition.maxBodyBytes,
    now,
    handle: (req) => connector.handle(req),
    dispose: () => scripts.stopAll(),
  };
}
