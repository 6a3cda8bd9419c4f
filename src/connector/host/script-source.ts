// How a script behaviour's function body becomes code: one wrapper shared by the save-time syntax
// check and the worker, so a line number means the same line of the author's source in both.

import vm from 'node:vm';

export const SCRIPT_FILENAME = 'tool-script.js';

/**
 * The body runs as an async function of (parameters, context), so `await` and `return` work as
 * the author expects; the source starts on the wrapper's second line (lineOffset -1 fixes numbers).
 */
export function wrapScript(source: string): string {
  return `(async function (parameters, context) {\n${source}\n})`;
}

export interface ScriptSyntaxProblem {
  message: string;
  line: number | null;
}

const AsyncFunction = (async () => {}).constructor as FunctionConstructor;

/**
 * Compiles without running; null when the source is a valid function body. The Function
 * constructor parses the body on its own, so a source that closes the wrapper early (`}); ...`)
 * is refused; vm.Script then only serves to find the line.
 */
export function checkScriptSyntax(source: string): ScriptSyntaxProblem | null {
  try {
    new AsyncFunction('parameters', 'context', source);
    return null;
  } catch (err) {
    const e = err as Error;
    try {
      new vm.Script(wrapScript(source), { filename: SCRIPT_FILENAME, lineOffset: -1 });
      return { message: `${e.name}: ${e.message}`, line: null };
    } catch (located) {
      return { message: `${e.name}: ${e.message}`, line: lineOf((located as Error).stack ?? '') };
    }
  }
}

/** First `tool-script.js:LINE` of a stack: the author's line, thanks to lineOffset. */
export function lineOf(stack: string): number | null {
  const m = new RegExp(`${SCRIPT_FILENAME.replace('.', '\\.')}:(\\d+)`).exec(stack);
  return m ? Number(m[1]) : null;
}

export function describeSyntaxProblem(p: ScriptSyntaxProblem): string {
  return p.line === null ? p.message : `${p.message} (line ${p.line})`;
}
