// State of the Local connectors screen: the connectors the testbench runs, the definition being
// edited (as text, so a half-typed edit survives), its save problems, and each one's live log.

import type { ApiError, HostRequestEventDto, LocalConnectorDto } from '../../../../shared/index.ts';
import type { Problem } from '../../lib/json-input.ts';

export interface LocalState {
  items: LocalConnectorDto[];
  loaded: boolean;
  listError: ApiError | null;
  schema: Record<string, unknown> | null;
  selectedId: string | null;
  /** Editor text; `dirty` when it differs from what was loaded or saved. */
  draft: string;
  dirty: boolean;
  saving: boolean;
  saveError: ApiError | null;
  /** Inline problems: from parsing the text before saving, or the engine's failing paths. */
  problems: Problem[];
  savedAt: number | null;
  /** `${op}:${id}` -> in flight, op in start|stop|delete. */
  busy: Record<string, boolean>;
  opError: { id: string; op: string; error: ApiError } | null;
  /** Per connector, newest first, capped. */
  log: Record<string, HostRequestEventDto[]>;
}

export const LOG_CAP = 200;

export const NEW_DEFINITION = {
  name: 'My connector',
  signingSecret: '',
  tools: [
    {
      name: 'echo',
      description: 'Answers the parameters it was given.',
      input_schema: { type: 'object', properties: { text: { type: 'string' } } },
      behaviour: { type: 'static', output: { echo: '{{parameters.text}}' } },
    },
  ],
};

export const initialLocalState: LocalState = {
  items: [],
  loaded: false,
  listError: null,
  schema: null,
  selectedId: null,
  draft: '',
  dirty: false,
  saving: false,
  saveError: null,
  problems: [],
  savedAt: null,
  busy: {},
  opError: null,
  log: {},
};
