// Text a connector or a caller controls, made safe for a terminal: escape sequences, carriage
// returns and bidirectional overrides become visible \u escapes instead of acting on the screen.

const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Keeps tabs and line breaks; a lone ESC, CR, BEL, C1 control or bidi override is spelled out. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
