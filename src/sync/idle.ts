/**
 * Resolves when the page is next idle, at most timeoutMs from now; on the next turn where there is no idle callback
 * (Node). Work that can wait for it (opening the document, packing logs ahead) leaves the page's renders and its
 * WebRTC handshakes to go first.
 */
export const whenIdle = (timeoutMs: number): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });

/**
 * Runs `run` once the page has drawn its next frame (in a task after that frame's animation callbacks), or after one
 * task where no frame will come soon (a hidden page, Node); at most fallbackMs from now. Returns a cancel. Work that
 * follows what the page just rendered (writing a move's change) then no longer holds back the frame that shows it.
 */
export function afterNextFrame(run: () => void, fallbackMs = 100): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  if (
    typeof requestAnimationFrame !== 'function' ||
    typeof document === 'undefined' ||
    document.visibilityState !== 'visible'
  ) {
    task = setTimeout(run, 0);
    return () => clearTimeout(task);
  }
  // Whichever comes first, the task after the frame or the fallback, cancels the other.
  const go = () => {
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    task = setTimeout(go, 0);
  });
  const fallback = setTimeout(go, fallbackMs);
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  };
  return cancel;
}
