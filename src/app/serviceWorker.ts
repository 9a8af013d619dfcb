/**
 * Registers the service worker that keeps the built app for a start without network (/sw.js, made by vite-plugin-pwa
 * in vite.config.ts), once this page has loaded and then has a quiet moment: its precaching (the other games' code,
 * Automerge's wasm) never competes with the room's start, and what the page loaded already comes from the HTTP cache.
 * Nothing in the dev server, nor where the browser has no service workers.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('The app will not start offline: no service worker', error));
  const whenQuiet = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenQuiet();
  else window.addEventListener('load', whenQuiet, { once: true });
}
