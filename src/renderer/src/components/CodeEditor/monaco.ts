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
// YAML colouring (a small lazily loaded tokenizer); completion comes from yaml-completion.ts.
import 'monaco-editor/languages/definitions/yaml/register';
import { yamlSpot, yamlSuggestions } from './yaml-completion.ts';

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
    schemas: [...schemas]
      .filter(([modelUri]) => modelUri.endsWith('.json'))
      .map(([modelUri, schema], i) => ({
        uri: `inmemory://ctb-schema/${i}/${encodeURIComponent(modelUri)}`,
        fileMatch: [modelUri],
        schema: schema as never,
      })),
  });
}

export function setModelSchema(modelUri: string, schema: unknown | null): void {
  // Keyed as Monaco prints the model's URI, so the YAML provider finds it from the model.
  const key = monaco.Uri.parse(modelUri).toString();
  if (schema) schemas.set(key, schema);
  else schemas.delete(key);
  publish();
}

// The JSON Schema of a YAML model drives its completion: property names and enum/boolean values.
monaco.languages.registerCompletionItemProvider('yaml', {
  triggerCharacters: [' ', ':', '{', ','],
  provideCompletionItems(model, position) {
    const schema = schemas.get(model.uri.toString()) as Record<string, unknown> | undefined;
    if (!schema) return { suggestions: [] };
    const spot = yamlSpot(model.getValue(), position.lineNumber, position.column);
    if (!spot) return { suggestions: [] };
    const word = model.getWordUntilPosition(position);
    // Keys hold '-' (tamper-body): replace what was typed of the key, not only the last word part.
    const range = new monaco.Range(
      position.lineNumber,
      position.column - spot.typed.length,
      position.lineNumber,
      Math.max(position.column, word.endColumn),
    );
    return {
      suggestions: yamlSuggestions(schema, spot).map((s) => ({
        label: s.label,
        kind:
          s.kind === 'property'
            ? monaco.languages.CompletionItemKind.Property
            : monaco.languages.CompletionItemKind.Value,
        insertText: s.insertText,
        detail: s.detail,
        documentation: s.documentation,
        range,
      })),
    };
  },
});

export { monaco };
