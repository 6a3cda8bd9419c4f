// CodeEditor: Monaco wrapped once, loaded lazily so the first screen does not carry it. Until it
// arrives a read-only placeholder of the same size shows the text, so nothing jumps.

import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './types.ts';

export type { CodeEditorProps, EditorProblem } from './types.ts';

const MonacoEditor = lazy(() => import('./MonacoEditor.tsx'));

export function CodeEditor(props: CodeEditorProps) {
  return (
    <div className="code-editor" data-testid={props.testId} style={{ height: props.height }}>
      <Suspense
        fallback={
          <pre className="code-editor__placeholder" aria-busy="true">
            {props.value}
          </pre>
        }
      >
        <MonacoEditor {...props} />
      </Suspense>
    </div>
  );
}
