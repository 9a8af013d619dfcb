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
