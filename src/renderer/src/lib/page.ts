// The page globals store actions touch (address bar, session history, clipboard, a download link),
// typed by the parts used, so the stores type-check and run without a DOM too (their unit tests).

interface PageGlobals {
  location?: { hash: string };
  history?: { pushState(data: unknown, unused: string, url?: string): void };
  navigator?: { clipboard?: { writeText(text: string): Promise<void> } };
  document?: {
    createElement(tag: 'a'): { href: string; download: string; click(): void; remove(): void };
    body: { appendChild(node: never): unknown };
  };
}

const page = globalThis as unknown as PageGlobals;

/** The address bar's hash, or null outside a page. */
export function currentHash(): string | null {
  return page.location ? page.location.hash : null;
}

/** Makes `hash` the address bar's, as a new entry of the tab's history (Back returns). */
export function pushHash(hash: string): void {
  if (page.location && page.location.hash !== hash) page.history?.pushState(null, '', hash);
}

/** Rejects where there is no clipboard or no permission (plain http page, headless, Node). */
export async function copyText(text: string): Promise<void> {
  if (!page.navigator?.clipboard) throw new Error('no clipboard');
  await page.navigator.clipboard.writeText(text);
}

/** Saves text as a file through the browser's download (a blob link), in both shells. */
export function downloadText(filename: string, mime: string, text: string): void {
  if (!page.document) return;
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = page.document.createElement('a');
  a.href = url;
  a.download = filename;
  page.document.body.appendChild(a as never);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
