/** Saves text as a file through a temporary link: the browser's own download, no server involved. */
export function downloadText(text: string, filename: string, type = 'application/x-go-sgf'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on a later task: Chromium reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
