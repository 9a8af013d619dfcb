/** The room path a dropped link points to, if it is a link to a room of this app; else null. */
export function roomPathOfDroppedLink(text: string, origin: string): string | null {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '' && !line.startsWith('#'));
  if (!first) return null;
  let url: URL;
  try {
    url = new URL(first.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return /^\/[0-9a-z]{1,64}(\/[a-z]*)?\/?$/.test(url.pathname)
    ? `${url.pathname}${url.search}${url.hash}`
    : null;
}

/**
 * Keeps native drags from outside the page (files, links, text, HTML) from navigating the browser away:
 * a dropped link to a room of this app opens that room, anything else is ignored quietly.
 * Drags that start inside the page (tile drag-and-drop) use pointer events and are untouched.
 */
export function guardExternalDrops(target: Window, openRoom: (path: string) => void): () => void {
  const isExternal = (e: DragEvent) => !!e.dataTransfer && e.dataTransfer.types.length > 0;
  const onDragOver = (e: DragEvent) => {
    if (!isExternal(e) || e.defaultPrevented) return;
    e.preventDefault();
    if (e.dataTransfer)
      e.dataTransfer.dropEffect = e.dataTransfer.types.includes('text/uri-list') ? 'link' : 'none';
  };
  const onDrop = (e: DragEvent) => {
    if (!isExternal(e) || e.defaultPrevented) return;
    e.preventDefault();
    const data = e.dataTransfer;
    const text = data?.getData('text/uri-list') || data?.getData('text/plain') || '';
    const path = roomPathOfDroppedLink(text, target.location.origin);
    if (path) openRoom(path);
  };
  target.addEventListener('dragover', onDragOver);
  target.addEventListener('drop', onDrop);
  return () => {
    target.removeEventListener('dragover', onDragOver);
    target.removeEventListener('drop', onDrop);
  };
}
