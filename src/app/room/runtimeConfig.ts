import { isRuntimeConfig, type RuntimeConfig } from '../../../protocol/signaling.ts';

/** Five public STUN servers, used when the server's /config.json cannot be read. */
export const DEFAULT_ICE_SERVERS: RuntimeConfig['iceServers'] = [
  { urls: 'stun:stun.l.google.com:19302' },
  { urls: 'stun:stun1.l.google.com:19302' },
  { urls: 'stun:stun2.l.google.com:19302' },
  { urls: 'stun:stun3.l.google.com:19302' },
  { urls: 'stun:stun4.l.google.com:19302' },
];

let loading: Promise<RuntimeConfig> | null = null;

/** The deployment's runtime config (ICE servers), fetched once from the server; the defaults when it cannot be read. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/config.json')
    .then((response) =>
      response.ok ? (response.json() as Promise<unknown>) : Promise.reject(new Error(response.statusText)),
    )
    .then((config) => (isRuntimeConfig(config) ? config : { iceServers: DEFAULT_ICE_SERVERS }))
    .catch((error: unknown) => {
      console.error('Could not read /config.json; using the default STUN servers', error);
      return { iceServers: DEFAULT_ICE_SERVERS };
    });
  return loading;
}
