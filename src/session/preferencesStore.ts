import { memoryStore, type Store } from 'react-admin';
import { isKeptPreference, keptValue } from '../../domain/preferences';
import { del, get, put } from '../providers/http';

/** How long the store waits for a burst of changes (a page size, then its first page) to end. */
export const SAVE_DELAY_MS = 300;

const REMOVED = Symbol('removed');
const path = (key: string) => `me/preferences/${encodeURIComponent(key)}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface PreferencesStore extends Store {
  /** Whether this user's kept preferences are what the tab holds. */
  loadedFor: (userId: string) => boolean;
  /** Replaces what the tab holds with this signed-in user's kept preferences (once per sign-in). */
  load: (userId: string) => Promise<void>;
  /** Sends what changed now instead of after the delay. */
  flush: () => Promise<void>;
}

/**
 * react-admin's store in the tab's memory (SPEC §9: local storage holds the session only), whose
 * preferences (domain/preferences: theme, language, page sizes, columns, Live, saved filters) are
 * also kept on the server for the signed-in user, so that they survive a reload and follow the user
 * to another browser (issue 31, item 10). A failed save is tried again with the next change.
 */
export const preferencesStore = (): PreferencesStore => {
  const inner = memoryStore();
  /** What the server holds, as far as this tab knows. */
  let kept: Record<string, unknown> = {};
  const pending = new Map<string, unknown>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let owner: string | null = null;
  let loading: Promise<void> = Promise.resolve();
  let ready = false;

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const changes = [...pending];
    pending.clear();
    await Promise.all(
      changes.map(async ([key, value]) => {
        const { error } = value === REMOVED ? await del(path(key)) : await put(path(key), { value });
        if (error) return;
        if (value === REMOVED) delete kept[key];
        else kept[key] = value;
      }),
    );
  };
  const schedule = (key: string, value: unknown) => {
    // Before a user's preferences are in (the sign-in page), nothing is anyone's to keep.
    if (!ready) return;
    if (value === REMOVED ? !(key in kept) : same(kept[key], value)) pending.delete(key);
    else pending.set(key, value);
    clearTimeout(timer);
    if (pending.size > 0) timer = setTimeout(() => void flush(), SAVE_DELAY_MS);
  };

  return {
    ...inner,
    setItem: (key, value) => {
      inner.setItem(key, value);
      if (!isKeptPreference(key)) return;
      const toKeep = keptValue(key, value);
      schedule(key, toKeep === undefined ? REMOVED : toKeep);
    },
    removeItem: (key) => {
      inner.removeItem(key);
      if (isKeptPreference(key)) schedule(key, REMOVED);
    },
    removeItems: (prefix) => {
      inner.removeItems(prefix);
      Object.keys(kept)
        .filter((key) => key.startsWith(prefix))
        .forEach((key) => schedule(key, REMOVED));
    },
    reset: () => {
      clearTimeout(timer);
      pending.clear();
      kept = {};
      owner = null;
      ready = false;
      inner.reset();
    },
    loadedFor: (userId) => ready && owner === userId,
    load: (userId) => {
      if (owner === userId) return loading;
      // Another user's choices never carry over to this one, not even in memory.
      if (owner !== null) {
        clearTimeout(timer);
        pending.clear();
        inner.reset();
      }
      owner = userId;
      ready = false;
      kept = {};
      clearTimeout(timer);
      pending.clear();
      loading = (async () => {
        const { data, error } = await get<{ data: Record<string, unknown> }>('me/preferences');
        if (owner !== userId) return;
        ready = true;
        if (error || !data) return;
        kept = { ...data.data };
        for (const [key, value] of Object.entries(kept)) {
          // A list's parameters keep their page size only: the rest of what the tab holds stays
          // (react-admin reads stored parameters only when they carry a filter, even an empty one).
          const merged = key.endsWith('.listParams')
            ? { filter: {}, ...inner.getItem(key), ...(value as object) }
            : value;
          inner.setItem(key, merged);
        }
      })();
      return loading;
    },
    flush,
  };
};

/** The dashboard's one store (App.tsx). */
export const preferences = preferencesStore();
