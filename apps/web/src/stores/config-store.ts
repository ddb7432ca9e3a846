import { create } from 'zustand';

/** Server configuration the client shows (docs/product.md §D1). */
export interface ClientConfig {
  readonly supportEmail: string;
  readonly poweredByUrl: string;
}

const DEFAULTS: ClientConfig = { supportEmail: 'support@palace.local', poweredByUrl: '/api/docs' };

export const useConfig = create<ClientConfig & { load(): Promise<void> }>()((set) => ({
  ...DEFAULTS,
  async load() {
    try {
      const response = await fetch('/api/config');
      if (response.ok) set((await response.json()) as ClientConfig);
    } catch {
      // Keep the defaults.
    }
  },
}));
