// Saving text as a file from the renderer: a blob link clicked, which both shells (Electron and
// browser mode) turn into a download, so no store needs a platform file dialog.

/** Saves text as a file through the browser's download (a blob link), in both shells. */
export function downloadText(filename: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
