// Monaco, bundled locally for offline use: the editor core, the contributions a JSON editor needs
// and the JSON language with its worker. Importing 'monaco-editor' whole would bundle every language.

import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// The editor-core contributions (find, folding, suggest, hover...), no languages. The JSON mode
// imports this same set when it loads; loading it first registers every service before the editor
// is created (a late registration fails with "depends on UNKNOWN service").
import 'monaco-editor/internal/common/workers';
import 'monaco-editor/languages/features/json/jsonMode';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { loader } from '@monaco-editor/react';

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// @monaco-editor/react would fetch Monaco from a CDN; hand it this bundle instead.
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] });

/** Model URI -> JSON Schema. jsonDefaults is global to Monaco, so every open editor's schema is merged. */
const schemas = new Map<string, unknown>();

function publish(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'error',
    schemas: [...schemas].map(([modelUri, schema], i) => ({
      uri: `inmemory://ctb-schema/${i}/${encodeURIComponent(modelUri)}`,
      fileMatch: [modelUri],
      schema: schema as never,
    })),
  });
}

export function setModelSchema(modelUri: string, schema: unknown | null): void {
  if (schema) schemas.set(modelUri, schema);
  else schemas.delete(modelUri);
  publish();
}

export { monaco };
