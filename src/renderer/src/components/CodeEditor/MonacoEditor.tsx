// The lazily loaded half of CodeEditor: the Monaco instance itself, themed after the system
// colour scheme, with its schema registered for validation and completion.

import { useEffect, useRef } from 'react';
import Editor from '@monaco-editor/react';
import type { OnMount } from '@monaco-editor/react';
import { monaco, setModelSchema } from './monaco.ts';
import type { CodeEditorProps } from './types.ts';
import { useColorScheme } from '../../lib/use-color-scheme.ts';

export default function MonacoEditor(props: CodeEditorProps) {
  const { modelId, value, onChange, schema, readOnly, height, onSubmit, onProblems, ariaLabel } = props;
  const language = props.language ?? 'json';
  const uri = `inmemory://ctb/${modelId}.${language}`;
  const submitRef = useRef(onSubmit);
  useEffect(() => {
    submitRef.current = onSubmit;
  }, [onSubmit]);
  const scheme = useColorScheme();

  useEffect(() => {
    setModelSchema(uri, schema ?? null);
    return () => setModelSchema(uri, null);
  }, [uri, schema]);

  const onMount: OnMount = (editor) => {
    // Ctrl/Cmd+Enter sends from inside the editor too (Monaco would insert a line otherwise).
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => submitRef.current?.());
    editor.getContainerDomNode().setAttribute('data-editor-ready', 'true');
  };

  return (
    <Editor
      path={uri}
      language={language}
      value={value}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      height={height}
      onChange={(v) => onChange?.(v ?? '')}
      onMount={onMount}
      onValidate={(markers) =>
        onProblems?.(
          markers.map((m) => ({
            line: m.startLineNumber,
            column: m.startColumn,
            message: m.message,
            severity: m.severity >= 8 ? 'error' : 'warning',
          })),
        )
      }
      options={{
        readOnly,
        minimap: { enabled: false },
        fontSize: 13,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        tabSize: 2,
        ariaLabel,
        fixedOverflowWidgets: true,
        renderLineHighlight: readOnly ? 'none' : 'line',
        lineNumbersMinChars: 3,
      }}
    />
  );
}
