// Props of the one code editor of the app (shared/style.md anchor 9).
// Apart from the editor module, so a screen can type its props without pulling Monaco into its chunk.

export interface EditorProblem {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

export interface CodeEditorProps {
  /** Stable id of the document: it names the Monaco model, so two editors never share one. */
  modelId: string;
  value: string;
  onChange?: (value: string) => void;
  /** JSON Schema for validation and completion (a tool's input_schema, the definition schema). */
  schema?: Record<string, unknown> | null;
  readOnly?: boolean;
  /** Default json. A yaml document's schema drives completion only (its checks come from the engine's parser). */
  language?: 'json' | 'yaml';
  /** CSS height; fixed so the page does not jump when Monaco arrives. */
  height: string;
  onSubmit?: () => void;
  onProblems?: (problems: EditorProblem[]) => void;
  ariaLabel: string;
  testId: string;
}
